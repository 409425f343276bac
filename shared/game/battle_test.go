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
