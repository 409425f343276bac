package ai

import (
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// TestNormalCastersAndFleets plays Normal against Easy and expects Normal to
// pop Econ-A-Mancers, a Heal-A-Mancer with a Warlord's army, and Fleets
// within a few dozen turns, each order accepted by game.ValidateOrders on
// the real state (play checks that) and carried out by game.Resolve: the
// Caster appears among the Characters of the army named (or of the
// Capital's garrison), the Fleet as a naval army on its hex, and no
// economic order of Normal is skipped. Easy gives neither order.
func TestNormalCastersAndFleets(t *testing.T) {
	rs := newRules(t)
	const seed, size, turns = 500, 32, 25
	levels := []Level{Normal, Easy}
	const normal = game.PlayerID(1)
	type step struct {
		s      *game.State
		orders []game.Order
	}
	var last step
	check := func(s *game.State) {
		for _, o := range last.orders {
			switch o.Kind {
			case erfworld.OrderCaster:
				h := last.s.City(o.City).Hex
				if !hasCaster(s, normal, o.Army, h, erfworld.CasterKind(o.Unit)) {
					t.Errorf("turn %d: no %s with army %d on %s after %v", last.s.Turn,
						rs.D.Caster.Name(erfworld.CasterKind(o.Unit)), o.Army, h, o)
				}
			case erfworld.OrderFleet:
				if !hasFleet(s, normal, o.Hex) {
					t.Errorf("turn %d: no fleet on %s after %v", last.s.Turn, o.Hex, o)
				}
			}
		}
	}
	got := map[erfworld.CasterKind]int{}
	fleets, healerLed := 0, false
	end := play(t, rs, seed, size, levels, turns, func(s *game.State, p game.PlayerID, orders []game.Order) {
		if p != normal {
			for _, o := range orders {
				if o.Kind == erfworld.OrderCaster || o.Kind == erfworld.OrderFleet {
					t.Errorf("turn %d: easy gave %v", s.Turn, o)
				}
			}
			return
		}
		if last.s != nil {
			check(s)
		}
		last = step{s: s.Clone(), orders: orders}
		for _, o := range orders {
			switch o.Kind {
			case erfworld.OrderCaster:
				got[erfworld.CasterKind(o.Unit)]++
				if a := s.Army(o.Army); a != nil {
					_, healerLed = warlordOf(a)
				}
			case erfworld.OrderFleet:
				fleets++
			}
		}
		// Replay the turn on a copy to see no economic order skipped.
		cp := s.Clone()
		ev := game.Resolve(cp, rs, []game.PlayerOrders{{Player: normal, Orders: orders}})
		for _, e := range ev.List {
			if e.Kind == game.EventOrderSkipped && e.Player == normal && e.City != 0 {
				t.Errorf("turn %d: normal's order skipped: %s", s.Turn, e.Text)
			}
		}
	})
	check(end)
	if got[erfworld.CasterEcon] == 0 || got[erfworld.CasterHeal] == 0 || !healerLed {
		t.Errorf("normal popped casters %v in %d turns (healer with a Warlord: %v), want Econ- and Heal-A-Mancers",
			got, turns, healerLed)
	}
	if fleets == 0 || fleets > normalStyle.maxFleets {
		t.Errorf("normal built %d fleets in %d turns, want 1 to %d", fleets, turns, normalStyle.maxFleets)
	}
}

// hasCaster reports whether player p has a Caster of kind k in army id,
// or in its garrison on h when id is 0.
func hasCaster(s *game.State, p game.PlayerID, id game.ArmyID, h hex.Hex, k erfworld.CasterKind) bool {
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p || (id != 0 && a.ID != id) || (id == 0 && a.Hex != h) {
			continue
		}
		for _, c := range a.Characters {
			if ck, ok := erfworld.CasterOf(c); ok && ck == k {
				return true
			}
		}
	}
	return false
}

// hasFleet reports whether player p has a fleet on h.
func hasFleet(s *game.State, p game.PlayerID, h hex.Hex) bool {
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p && a.Naval && a.Hex == h {
			return true
		}
	}
	return false
}
