package erfworld

import (
	"slices"
	"testing"

	"empires/shared/game"
)

// The battle report tells the whole battle. The playtest read "a side
// listed with 2 units rolls 8 dice" as a broken rule: the city's Infantry
// were missing ("When attacked, the City provides a number of Infantry
// Units equal to twice its level"), and so were the Warlord's points ("A
// Warlord may increase the score of a d6 roll by 1 for each of its
// levels"). Here a level 3 city with a garrison of 2 Infantry meets an
// army of 1 Siege ("Each Siege unit in an Attack lowers the level of any
// City defence by 1"), 1 Cavalry ("2d6 for each Cavalry unit") and a
// level 2 Warlord.
func TestBattleReportCityAndWarlord(t *testing.T) {
	r := cbRules(t, nil)
	s := cbState(t, r, cbOpen)
	U := func(i, c, f, si int32) game.Units { return cbUnits(t, r, i, c, f, si) }
	inf, cav, sie := kind(t, r.D, "infantry"), kind(t, r.D, "cavalry"), kind(t, r.D, "siege")
	// The defender's dice: 4 for the city's Infantry, then 2 for the
	// garrison's; the attacker's: the Cavalry's 2, then the Siege's.
	b := cbBattle(t, r, s, []cbArmy{{units: U(2, 0, 0, 0)}}, []cbArmy{{units: U(0, 1, 0, 1), chars: []string{"W2"}}}, 3,
		[]int{1, 1, 1, 1, 1, 1, 3, 5, 1})
	r.Battle(s, b)
	def, att := &b.Report.Sides[0], &b.Report.Sides[1]

	if def.CityLevel != 3 || def.CityDefence != 2 || def.CityLowered != 1 || !cbEqualUnits(def.CityUnits, U(4, 0, 0, 0)) {
		t.Errorf("defender's city: level %d, defence %d, lowered %d, units %v; want 3, 2 (one Siege), 1, 4 Infantry",
			def.CityLevel, def.CityDefence, def.CityLowered, def.CityUnits)
	}
	if att.CityLevel != 0 || att.CityUnits != nil {
		t.Errorf("attacker's city: level %d, units %v; want none", att.CityLevel, att.CityUnits)
	}
	wantDice := func(side string, have []game.DieReport, want []game.DieReport) {
		t.Helper()
		if !slices.Equal(have, want) {
			t.Errorf("%s's dice:\nhave %+v\nwant %+v", side, have, want)
		}
	}
	d := func(k UnitKind, city bool, roll, score, hits int32) game.DieReport {
		return game.DieReport{Round: 1, Unit: game.UnitKind(k), City: city, Roll: roll, Score: score, Hits: hits}
	}
	wantDice("defender", def.Dice, []game.DieReport{
		d(inf, true, 1, 1, 0), d(inf, true, 1, 1, 0), d(inf, true, 1, 1, 0), d(inf, true, 1, 1, 0),
		d(inf, false, 1, 1, 0), d(inf, false, 1, 1, 0)})
	// Two points: the 3 into a 4 (a hit) and the 5 into a 6 ("A Warlord
	// can turn a 5 into a 6, creating a critical hit").
	wantDice("attacker", att.Dice, []game.DieReport{d(cav, false, 3, 4, 1), d(cav, false, 5, 6, 2), d(sie, false, 1, 1, 0)})
	if att.Points != 2 || att.PointsSpent != 2 || att.Hits != 3 || def.Hits != 0 {
		t.Errorf("attacker: %d points, %d spent, %d hits; defender %d hits; want 2, 2, 3 and 0", att.Points, att.PointsSpent, att.Hits, def.Hits)
	}
	// Three hits: one of the city's Infantry falls ("Each Infantry unit in
	// Combat can take 2 hits"), the city's stand in front.
	if def.Fallen != 1 || def.Healed != 0 || !cbEqualUnits(def.CityLosses, U(1, 0, 0, 0)) || !cbEqualUnits(b.Sides[0].Losses[0], nil) {
		t.Errorf("defender: fallen %d, healed %d, city losses %v, army losses %v; want 1, 0, 1 Infantry of the city, none",
			def.Fallen, def.Healed, def.CityLosses, b.Sides[0].Losses[0])
	}
	if b.Winner != 1 || b.Report.Reason != game.ReasonFewerLosses || b.Report.ReasonText != "the attacker lost fewer units (0 against 1): the defender retreats" {
		t.Errorf("winner %d, reason %q: %q", b.Winner, b.Report.Reason, b.Report.ReasonText)
	}
	if len(att.Characters) != 1 {
		t.Fatalf("attacker's characters: %+v", att.Characters)
	}
	w := att.Characters[0]
	if w.Kind != CharWarlord || w.Name != "Warlord" || w.Level != 2 || w.LevelAfter != 3 || w.Effect != game.EffectApplied || w.Lost ||
		w.Army != b.Sides[1].Armies[0] {
		t.Errorf("the Warlord: %+v; want level 2, then 3 for the victory, its points applied", w)
	}
}

// The report names each character's part: "Casualties in Combat where the
// Heal-A-Mancer is present are reduced by half (rounded down)", "the
// effects of all enemy A-Mancers are ignored if a Cancel-A-Mancer is
// present", "in a victorious Combat where the Croak-A-Mancer is present,
// one half (round down) of the opposing casualties are 'uncroaked'", and
// on autopilot "No Characters may perform any actions".
func TestBattleReportCharacters(t *testing.T) {
	base := cbRules(t, nil)
	U := func(i, c, f, s int32) game.Units { return cbUnits(t, base, i, c, f, s) }
	type want struct {
		name   string
		effect game.Effect
		lost   bool
	}
	tests := []struct {
		rule     string
		idle     game.PlayerID
		def, att []cbArmy
		rolls    []int
		fallen   [2]int32
		healed   [2]int32
		chars    [2][]want
	}{
		{rule: "Heal-A-Mancer: 3 casualties become 1; a Look-A-Mancer has no part in combat",
			def: []cbArmy{{units: U(0, 0, 0, 3), chars: []string{"heal", "look"}}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{1, 1, 1, 4, 4, 4}, fallen: [2]int32{3, 0}, healed: [2]int32{2, 0},
			chars: [2][]want{{{"Heal-A-Mancer", game.EffectApplied, false}, {"Look-A-Mancer", game.EffectNone, false}}, nil}},
		{rule: "Only one Heal-A-Mancer per combat: the second is unused",
			def: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"heal", "heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 2)}},
			rolls: []int{1, 1, 4, 4}, fallen: [2]int32{2, 0}, healed: [2]int32{1, 0},
			chars: [2][]want{{{"Heal-A-Mancer", game.EffectApplied, false}, {"Heal-A-Mancer", game.EffectUnused, false}}, nil}},
		{rule: "Cancel-A-Mancer: the enemy's Heal-A-Mancer is cancelled, the side falls with its characters",
			def: []cbArmy{{units: U(0, 0, 0, 4), chars: []string{"heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 2), chars: []string{"cancel"}}},
			rolls: []int{1, 1, 1, 1, 6, 6}, fallen: [2]int32{4, 0},
			chars: [2][]want{{{"Heal-A-Mancer", game.EffectCancelled, true}}, {{"Cancel-A-Mancer", game.EffectApplied, false}}}},
		{rule: "Croak-A-Mancer: it uncroaks in a victory; the Warlord had no die worth raising",
			def: []cbArmy{{units: U(0, 0, 1, 2)}}, att: []cbArmy{{units: U(2, 0, 0, 0), chars: []string{"W1", "croak"}}},
			rolls: []int{1, 1, 1, 6, 6}, fallen: [2]int32{3, 0},
			chars: [2][]want{nil, {{"Warlord", game.EffectUnused, false}, {"Croak-A-Mancer", game.EffectApplied, false}}}},
		{rule: "Croak-A-Mancer: only in a victorious Combat",
			def: []cbArmy{{units: U(0, 0, 0, 3)}}, att: []cbArmy{{units: U(0, 0, 0, 1), chars: []string{"croak"}}},
			rolls: []int{4, 1, 1, 4}, fallen: [2]int32{1, 1},
			chars: [2][]want{nil, {{"Croak-A-Mancer", game.EffectUnused, true}}}},
		{rule: "No Characters may perform any actions: the side on autopilot has idle characters, who fall with its units",
			idle: 1,
			def:  []cbArmy{{units: U(0, 0, 0, 3), chars: []string{"W3", "heal"}}}, att: []cbArmy{{units: U(0, 0, 0, 3)}},
			rolls: []int{1, 1, 1, 4, 4, 4}, fallen: [2]int32{3, 0},
			chars: [2][]want{{{"Warlord", game.EffectIdle, true}, {"Heal-A-Mancer", game.EffectIdle, true}}, nil}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := cbRules(t, nil)
			s := cbState(t, r, cbOpen)
			if tt.idle != 0 {
				setStock(s.Player(tt.idle), StockMissed, 1)
			}
			b := cbBattle(t, r, s, tt.def, tt.att, 0, tt.rolls)
			r.Battle(s, b)
			for i := range b.Sides {
				rep := &b.Report.Sides[i]
				if rep.Fallen != tt.fallen[i] || rep.Healed != tt.healed[i] {
					t.Errorf("side %d: fallen %d, healed %d; want %d and %d", i, rep.Fallen, rep.Healed, tt.fallen[i], tt.healed[i])
				}
				if len(rep.Characters) != len(tt.chars[i]) {
					t.Fatalf("side %d: characters %+v, want %d", i, rep.Characters, len(tt.chars[i]))
				}
				for k, w := range tt.chars[i] {
					c := rep.Characters[k]
					if c.Name != w.name || c.Effect != w.effect || c.Lost != w.lost || c.Text == "" {
						t.Errorf("side %d character %d: %+v; want %s, effect %d, lost %v, and a text", i, k, c, w.name, w.effect, w.lost)
					}
				}
			}
		})
	}
}

// The rule that decided who retreats is in the report: "The Side which
// loses the most units must retreat to a neighbouring hex", a side left
// with no units cannot hold the field (CHOICE), and on equal losses
// combat.tie_retreats says who retreats.
func TestBattleReportReason(t *testing.T) {
	base := cbRules(t, nil)
	U := func(i, c, f, s int32) game.Units { return cbUnits(t, base, i, c, f, s) }
	tests := []struct {
		rule   string
		tie    string
		def    []cbArmy
		att    []cbArmy
		rolls  []int
		reason string
		text   string
	}{
		{"The Side which loses the most units must retreat", "attacker",
			[]cbArmy{{units: U(0, 0, 0, 3)}}, []cbArmy{{units: U(0, 0, 0, 3)}}, []int{4, 1, 1, 4, 4, 1},
			game.ReasonFewerLosses, "the attacker lost fewer units (1 against 2): the defender retreats"},
		{"a side left with no units cannot win, though it lost fewer", "attacker",
			[]cbArmy{{units: U(0, 0, 0, 1)}}, []cbArmy{{units: U(0, 0, 0, 3)}}, []int{6, 4, 1, 1},
			game.ReasonLastStanding, "only the attacker has units left: the defender retreats"},
		{"equal losses: the attacker retreats", "attacker",
			[]cbArmy{{units: U(0, 0, 0, 1)}}, []cbArmy{{units: U(1, 0, 0, 0)}}, []int{4, 1},
			game.ReasonTieAttackerRetreats, "equal losses (0 each): the attacker retreats"},
		{"tie_retreats = defender", "defender",
			[]cbArmy{{units: U(0, 0, 0, 2)}}, []cbArmy{{units: U(0, 0, 0, 2)}}, []int{4, 1, 5, 1},
			game.ReasonTieDefenderRetreats, "equal losses (1 each): the defender retreats"},
		{"tie_retreats = none", "none",
			[]cbArmy{{units: U(0, 0, 0, 2)}}, []cbArmy{{units: U(0, 0, 0, 2)}}, []int{4, 1, 5, 1},
			game.ReasonTieDraw, "equal losses (1 each): nobody retreats"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			r := cbRules(t, func(d *Ruleset) { d.Combat.TieRetreats = tt.tie })
			s := cbState(t, r, cbOpen)
			b := cbBattle(t, r, s, tt.def, tt.att, 0, tt.rolls)
			r.Battle(s, b)
			if b.Report.Reason != tt.reason || b.Report.ReasonText != tt.text {
				t.Errorf("reason %q: %q; want %q: %q", b.Report.Reason, b.Report.ReasonText, tt.reason, tt.text)
			}
		})
	}
}
