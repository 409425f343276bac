package game_test

import (
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
)

// hookRules is the test ruleset with a battle given by a function, to try
// what the engine does with each field a ruleset's Battle fills.
type hookRules struct {
	*gametest.Rules
	battle func(s *game.State, b *game.Battle)
}

func (r *hookRules) Battle(s *game.State, b *game.Battle) { r.battle(s, b) }

// battleEvent returns the first EventBattle of ev.
func battleEvent(t *testing.T, ev *game.Events) *game.BattleReport {
	t.Helper()
	for _, e := range ev.List {
		if e.Kind == game.EventBattle {
			return e.Battle
		}
	}
	t.Fatal("no battle")
	return nil
}

// Fleets without units or characters: "an army the battle left with no
// units and no characters is destroyed", but one that came in with none
// is not destroyed for that; Side.Destroyed destroys an army outright,
// and its cargo goes down with it.
func TestBattleEmptyFleetsAndDestroyed(t *testing.T) {
	const sea = `
~ ~ ~ ~ ~
 ~ ~ ~ ~ ~
`
	for _, tc := range []struct {
		name     string
		sink     bool // the battle lists the defender's fleet in Destroyed
		wantDef  bool // the defender's fleet is still there
		wantCrew bool // the army it carries is still there
	}{
		{name: "drawn battle keeps both empty fleets", sink: false, wantDef: true, wantCrew: true},
		{name: "a destroyed fleet goes down with its cargo", sink: true, wantDef: false, wantCrew: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := &hookRules{Rules: gametest.New()}
			s := gametest.Game(rs.Rules, sea, 2, 1)
			def := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Naval: true})
			crew := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 0), Units: game.Units{3}, Carrier: def})
			att := s.AddArmy(game.Army{Owner: 2, Hex: gametest.At(3, 0), Naval: true})
			rs.battle = func(s *game.State, b *game.Battle) {
				b.Winner = -1
				if tc.sink {
					b.Winner = 1
					b.Sides[0].Destroyed = []game.ArmyID{def}
				}
			}
			mvRun(t, s, rs, mvAttackPath(att, "2,0 1,0"))
			if got := s.Army(def) != nil; got != tc.wantDef {
				t.Errorf("defending fleet there: got %v, want %v", got, tc.wantDef)
			}
			if got := s.Army(crew) != nil; got != tc.wantCrew {
				t.Errorf("carried army there: got %v, want %v", got, tc.wantCrew)
			}
			if s.Army(att) == nil {
				t.Errorf("attacking fleet destroyed")
			}
		})
	}
}

// Side.Gains are added after the losses and do not reduce the losses the
// report shows; negative counts are ignored.
func TestBattleGains(t *testing.T) {
	rs := &hookRules{Rules: gametest.New()}
	s := gametest.Game(rs.Rules, `
. . . . .
 . . . . .
`, 2, 1)
	def := gametest.Army(s, 1, 1, 0, 2)
	att := gametest.Army(s, 2, 3, 0, 5)
	rs.battle = func(s *game.State, b *game.Battle) {
		b.Winner = 1
		b.Sides[0].Losses = []game.Units{{2}}
		b.Sides[1].Losses = []game.Units{{1}}
		b.Sides[1].Gains = []game.Units{{1, -3}}
	}
	ev := mvRun(t, s, rs, mvAttackPath(att, "2,0 1,0"))
	if s.Army(def) != nil {
		t.Errorf("the defender lost all its units and is still there")
	}
	if got, want := s.Army(att).Units, (game.Units{5}); !equalUnits(got, want) {
		t.Errorf("attacker units: got %v, want %v (5 - 1 lost + 1 gained)", got, want)
	}
	rep := battleEvent(t, ev)
	if got, want := rep.Sides[1].Losses, (game.Units{1}); !equalUnits(got, want) {
		t.Errorf("attacker's reported losses: got %v, want %v", got, want)
	}
}

func equalUnits(a, b game.Units) bool {
	for k := range max(len(a), len(b)) {
		if a.Get(game.UnitKind(k)) != b.Get(game.UnitKind(k)) {
			return false
		}
	}
	return true
}

// The battle report carries what the ruleset's Battle put in Battle.Report
// (its details and the reason), with the engine's own fields set over it:
// the sides' players, roles, armies, units going in, losses, rolls, who won
// and the units uncroaked (Side.Gains), and the city on the hex.
func TestBattleReportFromRuleset(t *testing.T) {
	rs := &hookRules{Rules: gametest.New()}
	s := gametest.Game(rs.Rules, `
. . . . .
 . . . . .
`, 2, 1)
	city := s.AddCity(game.City{Owner: 1, Hex: gametest.At(1, 0), Level: 2})
	def := gametest.Army(s, 1, 1, 0, 2)
	att := gametest.Army(s, 2, 3, 0, 5)
	rs.battle = func(s *game.State, b *game.Battle) {
		b.Winner = 1
		b.Sides[0].Losses = []game.Units{{1}}
		b.Sides[1].Gains = []game.Units{{1}}
		b.Sides[0].Rolls = []int{2}
		b.Sides[1].Rolls = []int{5, 6}
		b.Report.Reason, b.Report.ReasonText = game.ReasonFewerLosses, "the attacker lost fewer units"
		b.Report.Sides[0].CityLevel, b.Report.Sides[0].CityUnits = 2, game.Units{4}
		b.Report.Sides[1].Hits = 3
		b.Report.Sides[1].Dice = []game.DieReport{{Round: 1, Roll: 5, Score: 5, Hits: 1}, {Round: 1, Roll: 6, Score: 6, Hits: 2}}
		// The engine's own fields are the engine's, whatever Battle says.
		b.Report.Sides[0].Won, b.Report.Sides[1].Losses, b.Report.Winner = true, game.Units{9}, 9
	}
	ev := mvRun(t, s, rs, mvAttackPath(att, "2,0 1,0"))
	rep := battleEvent(t, ev)
	if rep.City != city || rep.Reason != game.ReasonFewerLosses || rep.ReasonText == "" {
		t.Errorf("city %d, reason %q %q; want %d and the ruleset's reason", rep.City, rep.Reason, rep.ReasonText, city)
	}
	d, a := rep.Sides[0], rep.Sides[1]
	if d.Won || !a.Won || rep.Winner != 2 {
		t.Errorf("won: defender %v, attacker %v, winner %d; want the attacker, player 2", d.Won, a.Won, rep.Winner)
	}
	if !equalUnits(d.Before, game.Units{2}) || !equalUnits(d.Losses, game.Units{1}) || !equalUnits(a.Losses, nil) {
		t.Errorf("before %v, losses %v and %v; want 2, 1 and none", d.Before, d.Losses, a.Losses)
	}
	if !equalUnits(a.Uncroaked, game.Units{1}) || d.Uncroaked != nil {
		t.Errorf("uncroaked: attacker %v, defender %v; want 1 and none", a.Uncroaked, d.Uncroaked)
	}
	if d.CityLevel != 2 || !equalUnits(d.CityUnits, game.Units{4}) || a.Hits != 3 || len(a.Dice) != 2 || len(a.Rolls) != 2 {
		t.Errorf("the ruleset's details were lost: %+v / %+v", d, a)
	}
	if len(d.Armies) != 1 || d.Armies[0] != def || d.Player != 1 || d.Role != game.Defender {
		t.Errorf("defender side %+v", d)
	}
}
