package erfworldai

import (
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
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
	levels := []ruleset.Level{ruleset.Normal, ruleset.Easy}
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

// openRows is an open plain for the scenes of the Caster tests.
var openRows = []string{
	`. . . . . . . . . . . . . . . .`,
	` . . . . . . . . . . . . . . . .`,
	`. . . . . . . . . . . . . . . .`,
	` . . . . . . . . . . . . . . . .`,
	`. . . . . . . . . . . . . . . .`,
	` . . . . . . . . . . . . . . . .`,
	`. . . . . . . . . . . . . . . .`,
}

// casterScene is player 1 with a Capital on (2,3), a main army of 12
// Infantry in it, the Casters of held in its garrison, and a lookout army
// on (10,3) that sees player 2's Capital on (11,3); players 3 and up have a
// Capital each, unseen. Every player has 100 Schmuckers.
func casterScene(t *testing.T, rs *erfworld.Rules, players int, held ...erfworld.CasterKind) (*scene, game.ArmyID) {
	sc := newScene(t, rs, players, openRows...)
	sc.city(1, at(2, 3), true, 0)
	sc.city(2, at(11, 3), true, 0)
	for p := 3; p <= players; p++ {
		sc.city(game.PlayerID(p), at(2+4*(p-3), 6), true, 0)
	}
	main := sc.army(1, at(2, 3), sc.infantry(12), true)
	sc.army(1, at(2, 3), sc.infantry(4), false, held...)
	sc.army(1, at(10, 3), sc.infantry(2), true)
	for i := range sc.s.Players {
		sc.s.Players[i].Treasury = 100
	}
	return sc, main
}

// casterOrders returns the OrderCaster of player 1's popCaster on sc.
func casterOrders(sc *scene) []game.Order {
	p := sc.planner(1, normalStyle)
	p.popCaster()
	var out []game.Order
	for _, o := range p.orders {
		if o.Kind == erfworld.OrderCaster {
			out = append(out, o)
		}
	}
	sc.valid(1, p.orders)
	return out
}

// TestNormalPopsExtraCasters checks when Normal pops a Look-, Fool-, Dirt-
// or Cancel-A-Mancer: each when it pays, in a place the Econ-A-Mancers
// and the Heal-A-Mancer leave free ("Each Empire may have up to THREE
// Casters"; the scenes use a ruleset with four), never a Heal-A-Mancer
// beside a Croak-A-Mancer ("A side may not have a Croak-A-Mancer AND a
// Heal-O-Mancer"). Each order is one the server accepts.
func TestNormalPopsExtraCasters(t *testing.T) {
	econ, heal := erfworld.CasterEcon, erfworld.CasterHeal
	core := []erfworld.CasterKind{econ, econ, heal}
	tests := []struct {
		name       string
		maxCasters int
		players    int
		held       []erfworld.CasterKind
		setup      func(sc *scene, main game.ArmyID)
		want       erfworld.CasterKind
		withMain   bool // the Caster joins the main army
		none       bool
	}{
		{name: "nothing pays: no Caster", maxCasters: 4, players: 2, held: core, none: true},
		{name: "Cancel-A-Mancer with the main army against an enemy army with a Caster", maxCasters: 4, players: 2, held: core,
			setup: func(sc *scene, _ game.ArmyID) {
				sc.army(2, at(10, 3).Neighbor(hex.Direction(5)), sc.infantry(6), true, erfworld.CasterHeal)
			}, want: erfworld.CasterCancel, withMain: true},
		{name: "no Cancel-A-Mancer against a Warlord alone", maxCasters: 4, players: 2, held: core,
			setup: func(sc *scene, _ game.ArmyID) {
				sc.army(2, at(10, 3).Neighbor(hex.Direction(5)), sc.infantry(6), true)
			}, none: true},
		{name: "no Cancel-A-Mancer against a city's Casters", maxCasters: 4, players: 2, held: core,
			setup: func(sc *scene, _ game.ArmyID) {
				sc.army(2, at(11, 3), sc.infantry(6), false, erfworld.CasterEcon, erfworld.CasterEcon)
			}, none: true},
		{name: "Look-A-Mancer with several rivals", maxCasters: 4, players: 3, held: core, want: erfworld.CasterLook},
		{name: "Dirt-A-Mancer when the upgrades save more than its upkeep", maxCasters: 4, players: 2, held: core,
			setup: func(sc *scene, _ game.ArmyID) {
				for col := 4; col <= 14; col += 2 {
					sc.city(1, at(col, 0), false, 1)
				}
			}, want: erfworld.CasterDirt},
		{name: "Fool-A-Mancer when leading with two Capitals", maxCasters: 4, players: 2, held: core,
			setup: func(sc *scene, _ game.ArmyID) { sc.city(1, at(6, 6), true, 0) }, want: erfworld.CasterFool},
		{name: "no extra when the three places are taken", maxCasters: 3, players: 3, held: core,
			setup: func(sc *scene, _ game.ArmyID) { sc.city(1, at(6, 0), true, 0) }, none: true},
		{name: "the extras wait for the Heal-A-Mancer's place", maxCasters: 3, players: 3, held: []erfworld.CasterKind{econ, econ},
			setup: func(sc *scene, main game.ArmyID) {
				sc.city(1, at(6, 0), true, 0)
				sc.s.Army(main).Units = sc.infantry(2) // no main army: the Heal-A-Mancer waits
			}, none: true},
		{name: "the Heal-A-Mancer once an enemy is known and the income is strong", maxCasters: 3, players: 2,
			held: []erfworld.CasterKind{econ, econ}, setup: func(sc *scene, _ game.ArmyID) { sc.city(1, at(6, 0), true, 0) },
			want: heal, withMain: true},
		{name: "no Heal-A-Mancer while no enemy is known", maxCasters: 3, players: 2,
			held: []erfworld.CasterKind{econ, econ}, setup: func(sc *scene, _ game.ArmyID) {
				sc.city(1, at(6, 0), true, 0)
				sc.s.RemoveArmies(func(a *game.Army) bool { return a.Hex == at(10, 3) })
			}, none: true},
		{name: "no Heal-A-Mancer beside a Croak-A-Mancer", maxCasters: 4, players: 2,
			held: []erfworld.CasterKind{erfworld.CasterCroak, econ, econ}, none: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, main := casterScene(t, rulesWith(t, tt.maxCasters), tt.players, tt.held...)
			if tt.setup != nil {
				tt.setup(sc, main)
			}
			have := casterOrders(sc)
			if tt.none {
				if len(have) > 0 {
					t.Errorf("popped %v, want none", have)
				}
				return
			}
			if len(have) != 1 || erfworld.CasterKind(have[0].Unit) != tt.want {
				t.Fatalf("popped %v, want one %s", have, sc.rs.D.Caster.Name(tt.want))
			}
			if to := have[0].Army; (to == main) != tt.withMain || (!tt.withMain && to != 0) {
				t.Errorf("the %s joins army %d; main army %d, with it: %v", sc.rs.D.Caster.Name(tt.want), to, main, tt.withMain)
			}
		})
	}
}

// TestLookTarget checks whom the Look-A-Mancer looks at: a rival whose
// cities are all unknown, else the rival whose army stands nearest the
// Capital, else the strongest known.
func TestLookTarget(t *testing.T) {
	tests := []struct {
		name  string
		setup func(sc *scene)
		want  game.PlayerID
	}{
		{name: "the rival never seen", want: 3},
		{name: "the rival whose army is near", setup: func(sc *scene) {
			sc.army(1, at(3, 6), sc.infantry(2), true) // sees player 3's Capital on (2,6)
			sc.army(3, at(3, 3), sc.infantry(2), true) // next to player 1's Capital
		}, want: 3},
		{name: "the strongest", setup: func(sc *scene) {
			sc.army(1, at(3, 6), sc.infantry(2), true)
			sc.city(2, at(12, 2), false, 1)
			sc.army(1, at(11, 1), sc.infantry(2), true) // sees player 2's second city
		}, want: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, _ := casterScene(t, newRules(t), 3, erfworld.CasterLook)
			if tt.setup != nil {
				tt.setup(sc)
			}
			p := sc.planner(1, normalStyle)
			p.look()
			if len(p.orders) != 1 || p.orders[0].Kind != erfworld.OrderLook || p.orders[0].Player != tt.want {
				t.Fatalf("orders %v, want a Look at player %d", p.orders, tt.want)
			}
			sc.valid(1, p.orders)
		})
	}
}

// TestDirtHalvesPlannedUpgrades gives Normal's player a Dirt-A-Mancer and
// expects it to plan its upgrades at half their cost ("the Upgrade cost of
// any City is HALVED if a Dirt-A-Mancer is present"): more upgrades than
// the same money buys without one, and none that the turn would skip
// (erfworld.Foresee runs the turn's first steps on the real state).
func TestDirtHalvesPlannedUpgrades(t *testing.T) {
	upgrades := func(held ...erfworld.CasterKind) int {
		sc, _ := casterScene(t, newRules(t), 2, held...)
		for col := 4; col <= 14; col += 2 {
			sc.city(1, at(col, 0), false, 1)
		}
		sc.s.Players[0].Treasury = 20
		p := sc.planner(1, normalStyle)
		p.upgrade()
		sc.valid(1, p.orders)
		for i, why := range sc.rs.Foresee(sc.s, 1, p.orders) {
			if why != "" {
				t.Errorf("%v skipped: %s", p.orders[i], why)
			}
		}
		return len(p.orders)
	}
	with, without := upgrades(erfworld.CasterDirt), upgrades()
	if with <= without || without == 0 {
		t.Errorf("upgrades planned: %d with a Dirt-A-Mancer, %d without; want more with", with, without)
	}
}

// TestEmptyCityDefended checks that Normal counts an enemy city with no
// army in it as defended by its own Infantry, twice its level ("When
// attacked, the City provides a number of Infantry Units equal to twice
// its level"), before it attacks: an army short of 1.3 times that stays
// away, a stronger one goes.
func TestEmptyCityDefended(t *testing.T) {
	for _, tt := range []struct {
		infantry int32
		attacks  bool
	}{{10, false}, {12, true}} {
		sc, _ := casterScene(t, newRules(t), 2)
		enemy := sc.city(2, at(8, 3), false, 4)
		a := sc.army(1, at(7, 3), sc.infantry(tt.infantry), true)
		p := sc.planner(1, normalStyle)
		army := p.s.Army(a)
		target, ok := p.cityTarget(army, army.Units, army.Units, p.armyPower(army, army.Units))
		if attacks := ok && target.ID == enemy; attacks != tt.attacks {
			t.Errorf("%d Infantry next to an empty level 4 city: attacks it %v, want %v", tt.infantry, attacks, tt.attacks)
		}
	}
}

// TestDefenceCountsCityInfantry puts an enemy army in its own city near
// Normal's Capital: Normal's army at home, strong enough for the army but
// not for the army and the city's Infantry ("When attacked, the City
// provides a number of Infantry Units equal to twice its level"), must
// not attack it; one strong enough for both does.
func TestDefenceCountsCityInfantry(t *testing.T) {
	for _, tt := range []struct {
		infantry int32
		attacks  bool
	}{{8, false}, {20, true}} {
		sc, _ := casterScene(t, newRules(t), 2)
		sc.city(2, at(5, 3), false, 4)
		enemy := sc.army(2, at(5, 3), sc.infantry(4), true)
		sc.army(1, at(4, 3), sc.infantry(1), true) // sees the enemy city
		main := sc.army(1, at(2, 2), sc.infantry(tt.infantry), true)
		p := sc.planner(1, normalStyle)
		if p.threat == 0 {
			t.Fatal("no threat seen near the Capital")
		}
		p.moveArmies()
		attacks := false
		for _, o := range p.orders {
			// At the army, or at its city (retakeLost: the city is in
			// the player's own land).
			toCity := len(o.Path) > 0 && hex.Distance(o.Path[len(o.Path)-1], at(5, 3)) < hex.Distance(at(2, 2), at(5, 3))
			if o.Army == main && o.Kind == game.OrderAttack && (o.Target == enemy || toCity) {
				attacks = true
			}
		}
		if attacks != tt.attacks {
			t.Errorf("%d Infantry against 4 in a level 4 city: attacks %v, want %v (orders %v)", tt.infantry, attacks, tt.attacks, p.orders)
		}
	}
}
