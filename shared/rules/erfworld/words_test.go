package erfworld_test

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// TestWriteBattle plays games of AIs, modded rules among them (no ties, a
// Cancel-A-Mancer that cancels another, two Heal-A-Mancers a battle), and
// checks that WriteBattle writes every battle report's words from the rest
// of the report as the battle wrote them: the reason (step 8, "The Side
// which loses the most units must retreat"), each character's name and
// what it did (Warlord points, the Casters' effects, a player on autopilot:
// "No Characters may perform any actions"), so that the compact form of
// events need not carry them.
func TestWriteBattle(t *testing.T) {
	base, err := erfworld.Open("")
	if err != nil {
		t.Fatal(err)
	}
	modded := *base
	d := *base.D
	d.Combat.TieRetreats = "none"
	d.Caster.Cancel.CancelsCancel = true
	d.Caster.Heal.MaxPerCombat = 2
	modded.D = &d
	seen := map[string]int{} // the words seen, by kind, and each text
	for k, r := range []*erfworld.Rules{base, &modded} {
		for seed := uint64(1); seed <= 3; seed++ {
			levels := []ruleset.Level{ruleset.Normal, ruleset.Easy, ruleset.Random, ruleset.Normal}
			s, err := r.NewGame(seed+uint64(10*k), 24, 24, len(levels), nil)
			if err != nil {
				t.Fatal(err)
			}
			players := make([]*erfworldai.Player, len(levels))
			for i, l := range levels {
				players[i] = erfworldai.New(r, l, seed)
			}
			for range 80 {
				if s.Over {
					break
				}
				var all []game.PlayerOrders
				for i, pl := range players {
					id := game.PlayerID(i + 1)
					// Player 4 sends no orders on every third turn: the
					// autopilot's idle characters.
					if s.Player(id).Alive && !(id == 4 && s.Turn%3 == 0) {
						all = append(all, game.PlayerOrders{Player: id, Orders: pl.Orders(game.NewView(s, id))})
					}
				}
				for _, e := range game.Resolve(s, r, all).List {
					if e.Battle != nil {
						checkWords(t, r, e.Turn, e.Battle, seen)
					}
				}
			}
		}
	}
	t.Logf("words seen: %d reasons, %d Warlords', %d Casters'; %d texts", seen["reason"], seen["Warlord"], seen["Caster"], len(seen)-3)
	for _, kind := range []string{"reason", "Warlord", "Caster"} {
		if seen[kind] == 0 {
			t.Errorf("no %s words seen: the test exercises too little (%v)", kind, seen)
		}
	}
}

// checkWords checks that r writes the words of report rep as its battle
// did, and counts them in seen.
func checkWords(t *testing.T, r *erfworld.Rules, turn game.Turn, rep *game.BattleReport, seen map[string]int) {
	t.Helper()
	have := *rep
	have.ReasonText = ""
	for i := range have.Sides {
		have.Sides[i].Characters = slices.Clone(have.Sides[i].Characters)
		for k := range have.Sides[i].Characters {
			have.Sides[i].Characters[k].Name, have.Sides[i].Characters[k].Text = "", ""
		}
	}
	r.WriteBattle(&have)
	if have.ReasonText != rep.ReasonText {
		t.Errorf("turn %d, battle at %s: reason %q, the battle wrote %q", turn, rep.Hex, have.ReasonText, rep.ReasonText)
	}
	if rep.ReasonText != "" {
		seen["reason"]++
	}
	for i := range rep.Sides {
		for k, want := range rep.Sides[i].Characters {
			c := have.Sides[i].Characters[k]
			if c.Name != want.Name || c.Text != want.Text {
				t.Errorf("turn %d, battle at %s, character %d: %q: %q, the battle wrote %q: %q", turn, rep.Hex, c.ID, c.Name, c.Text, want.Name, want.Text)
			}
			if want.Kind == erfworld.CharWarlord {
				seen["Warlord"]++
			} else {
				seen["Caster"]++
			}
			seen[want.Text]++
		}
	}
}

// TestWriteBattleWords writes the words of reports built by hand, one for
// each rule the words tell, with the document's numbers (a Warlord point
// a level, one Heal-A-Mancer a combat): these words are what clients of
// this protocol version write, so a change here is a change of the
// protocol (docs/protocol.md, section 10.8).
func TestWriteBattleWords(t *testing.T) {
	r, err := erfworld.Open("")
	if err != nil {
		t.Fatal(err)
	}
	caster := func(k erfworld.CasterKind, e game.Effect) game.CharacterReport {
		return game.CharacterReport{Kind: erfworld.CharCaster + uint8(k), Effect: e}
	}
	warlord := func(level int32, e game.Effect) game.CharacterReport {
		return game.CharacterReport{Kind: erfworld.CharWarlord, Level: level, LevelAfter: level, Effect: e}
	}
	die := []game.DieReport{{Round: 1, Roll: 4, Score: 4, Hits: 1}}
	// land returns a land battle: side 0, the attacker, lost lost[0] of
	// its four units, side 1, the defender, lost[1] of its two; side won
	// won (-1: none); chars are side 0's characters.
	land := func(reason string, won int, lost [2]int32, chars ...game.CharacterReport) *game.BattleReport {
		b := &game.BattleReport{Reason: reason}
		for i, n := range [2]int32{4, 2} {
			s := &b.Sides[i]
			s.Role = game.Defender
			if i == 0 {
				s.Role = game.Attacker
			}
			s.Before, s.Losses, s.Fallen, s.Won, s.Dice = game.Units{n}, game.Units{lost[i]}, lost[i], won == i, die
		}
		b.Sides[0].Characters = chars
		return b
	}
	with := func(b *game.BattleReport, f func(b *game.BattleReport)) *game.BattleReport { f(b); return b }
	tests := []struct {
		name       string
		have       *game.BattleReport
		wantReason string
		wantChars  []string // side 0's characters: name, text, name, text...
	}{
		{"no fight", &game.BattleReport{Reason: game.ReasonNoFight}, "an army on land and a fleet do not fight: nobody retreats", nil},
		{"last standing", land(game.ReasonLastStanding, 1, [2]int32{4, 1}), "only the defender has units left: the attacker retreats", nil},
		{"fewer losses", land(game.ReasonFewerLosses, 0, [2]int32{1, 2}), "the attacker lost fewer units (1 against 2): the defender retreats", nil},
		{"a tie, the attacker retreats", land(game.ReasonTieAttackerRetreats, 1, [2]int32{1, 1}), "equal losses (1 each): the attacker retreats", nil},
		{"a tie, a draw", land(game.ReasonTieDraw, -1, [2]int32{1, 1}), "equal losses (1 each): nobody retreats", nil},
		{"healed casualties count once", with(land(game.ReasonFewerLosses, 0, [2]int32{1, 2}), func(b *game.BattleReport) { b.Sides[0].Fallen, b.Sides[0].Healed = 2, 1 }),
			"the attacker lost fewer units (1 against 2): the defender retreats", nil},
		{"a Warlord who raised dice", with(land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, warlord(3, game.EffectApplied)), func(b *game.BattleReport) {
			b.Sides[0].Points, b.Sides[0].PointsSpent = 4, 2
		}), "the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Warlord", "level 3: 3 points; the side spent 2 of its 4"}},
		{"a Warlord with nothing to raise", land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, warlord(1, game.EffectUnused)), "the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Warlord", "level 1: 1 point; no die was worth raising"}},
		{"on autopilot", land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, warlord(2, game.EffectIdle), caster(erfworld.CasterHeal, game.EffectIdle)),
			"the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Warlord", "did nothing: its player is on autopilot (No Characters may perform any actions)",
				"Heal-A-Mancer", "did nothing: its player is on autopilot (No Characters may perform any actions)"}},
		{"Casters of no effect in combat", land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, caster(erfworld.CasterLook, game.EffectNone), caster(erfworld.CasterEcon, game.EffectNone)),
			"the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Look-A-Mancer", "no effect in combat", "Econ-A-Mancer", "no effect in combat"}},
		{"Cancel-A-Mancers", land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, caster(erfworld.CasterCancel, game.EffectApplied), caster(erfworld.CasterCancel, game.EffectCancelled), caster(erfworld.CasterCancel, game.EffectUnused)),
			"the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Cancel-A-Mancer", "the enemy's A-Mancers are ignored", "Cancel-A-Mancer", "the Cancel-A-Mancers on both sides cancel each other", "Cancel-A-Mancer", "the enemy has no A-Mancer to cancel"}},
		{"Heal-A-Mancers: one a combat", with(land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, caster(erfworld.CasterHeal, game.EffectApplied), caster(erfworld.CasterHeal, game.EffectUnused)), func(b *game.BattleReport) {
			b.Sides[0].Fallen, b.Sides[0].Healed = 3, 2
		}), "the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Heal-A-Mancer", "healed 2 casualties of 3", "Heal-A-Mancer", "only one Heal-A-Mancer per combat"}},
		{"a Heal-A-Mancer with nothing to heal, one cancelled", land(game.ReasonFewerLosses, 0, [2]int32{0, 2}, caster(erfworld.CasterHeal, game.EffectUnused), caster(erfworld.CasterCroak, game.EffectCancelled)),
			"the attacker lost fewer units (0 against 2): the defender retreats",
			[]string{"Heal-A-Mancer", "no casualty to heal", "Croak-A-Mancer", "cancelled by the enemy's Cancel-A-Mancer"}},
		{"Croak-A-Mancers that raised the dead", with(land(game.ReasonFewerLosses, 0, [2]int32{1, 2}, caster(erfworld.CasterCroak, game.EffectApplied), caster(erfworld.CasterCroak, game.EffectUnused)), func(b *game.BattleReport) {
			b.Sides[0].Uncroaked = game.Units{1, 1}
		}), "the attacker lost fewer units (1 against 2): the defender retreats",
			[]string{"Croak-A-Mancer", "uncroaked 1 Infantry, 1 Cavalry", "Croak-A-Mancer", "another Croak-A-Mancer raised the dead"}},
		{"a Croak-A-Mancer of the loser", land(game.ReasonFewerLosses, 1, [2]int32{2, 1}, caster(erfworld.CasterCroak, game.EffectUnused)),
			"the defender lost fewer units (1 against 2): the attacker retreats",
			[]string{"Croak-A-Mancer", "not a victorious combat"}},
		{"a Croak-A-Mancer whose side fell", land(game.ReasonTieDefenderRetreats, 0, [2]int32{4, 2}, caster(erfworld.CasterCroak, game.EffectUnused)),
			"equal losses (4 each): the defender retreats",
			[]string{"Croak-A-Mancer", "its side fell"}},
		{"a Croak-A-Mancer with nobody to raise", land(game.ReasonLastStanding, 0, [2]int32{0, 0}, caster(erfworld.CasterCroak, game.EffectUnused)),
			"only the attacker has units left: the defender retreats",
			[]string{"Croak-A-Mancer", "no enemy casualty to raise"}},
		{"a fleet battle", &game.BattleReport{Reason: game.ReasonFewerLosses, Sides: [2]game.SideReport{
			{Role: game.Attacker, Rolls: []int{5}, Fallen: 0, Won: true, Characters: []game.CharacterReport{warlord(2, game.EffectNone)}},
			{Role: game.Defender, Rolls: []int{2}, Fallen: 1},
		}}, "the attacker lost fewer units (0 against 1): the defender retreats", []string{"Warlord", "no effect in a fleet battle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.WriteBattle(tt.have)
			if tt.have.ReasonText != tt.wantReason {
				t.Errorf("reason:\nhave %q\nwant %q", tt.have.ReasonText, tt.wantReason)
			}
			var have []string
			for _, c := range tt.have.Sides[0].Characters {
				have = append(have, c.Name, c.Text)
			}
			if !slices.Equal(have, tt.wantChars) {
				t.Errorf("characters:\nhave %q\nwant %q", have, tt.wantChars)
			}
		})
	}
}
