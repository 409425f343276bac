package erfworldai

import (
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// unitsNamed returns the units of the named kinds and counts, e.g.
// unitsNamed(rs, "infantry", 9, "siege", 2).
func unitsNamed(t *testing.T, rs *erfworld.Rules, kindsAndCounts ...any) game.Units {
	t.Helper()
	var u game.Units
	for i := 0; i+1 < len(kindsAndCounts); i += 2 {
		k, ok := rs.D.UnitKind(kindsAndCounts[i].(string))
		if !ok {
			t.Fatalf("no unit kind %q", kindsAndCounts[i])
		}
		u = u.Add(unitsOf(k, int32(kindsAndCounts[i+1].(int))))
	}
	return u
}

// builderScene is player 1 with a Capital on (2,3), with no garrison, and
// a level 1 city on (8,3); player 2's Capital on (14,5) is out of sight.
func builderScene(t *testing.T) *scene {
	sc := newScene(t, newRules(t), 2, openRows...)
	sc.city(1, at(2, 3), true, 0)
	sc.city(1, at(8, 3), false, 1)
	sc.city(2, at(14, 5), true, 0)
	for i := range sc.s.Players {
		sc.s.Players[i].Treasury = 100
	}
	return sc
}

// ordersOf returns the orders player 1's level l gives on the scene as it
// is, through Player.Orders (which keeps the orders game.ValidateOrders
// accepts on the view's state), and fails unless the server accepts them
// on the real state.
func ordersOf(sc *scene, l ruleset.Level) []game.Order {
	sc.t.Helper()
	game.RecordVision(sc.s, sc.rs)
	orders := New(sc.rs, l, 1).Orders(game.NewView(sc.s, 1))
	sc.valid(1, orders)
	return orders
}

// TestBuilderTakesEscort puts a Warlord with no units in a city whose
// garrison holds one Infantry and one Siege: the builder takes one unit
// along ("A Warlord that is not leading an Army (ie, they have no units
// assigned to them)" founds no city), and the transfer reaches the server
// (it was dropped when the plan took the unit out of the view's state and
// then checked its own order against it). A Warlord with no units outside
// a city, on the hex of a stray army, takes the strays, not an escort that
// would leave the rest without a Warlord outside a city.
func TestBuilderTakesEscort(t *testing.T) {
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		sc := builderScene(t)
		g := sc.army(1, at(8, 3), unitsNamed(t, sc.rs, "infantry", 1, "siege", 1), false)
		b := sc.army(1, at(8, 3), nil, true)
		transferred := game.Units(nil)
		for _, o := range ordersOf(sc, l) {
			if o.Kind == erfworld.OrderTransfer && o.Army == g && o.Target == b {
				transferred = transferred.Add(o.Units)
			}
		}
		if transferred.Total() != 1 {
			t.Errorf("%s: the builder in the city took %v from its garrison, want one unit", l, transferred)
		}

		sc = builderScene(t)
		stray := sc.army(1, at(5, 1), sc.infantry(2), false)
		b = sc.army(1, at(5, 1), nil, true)
		transferred = nil
		for _, o := range ordersOf(sc, l) {
			if o.Kind == erfworld.OrderTransfer && o.Army == stray && o.Target == b {
				transferred = transferred.Add(o.Units)
			}
		}
		if transferred.Total() != 2 {
			t.Errorf("%s: the builder outside a city took %v from the strays on its hex, want all 2", l, transferred)
		}
	}
}

// TestLoneBuilderFetchesEscort puts a Warlord with no units and none to
// take on its hex two hexes from a city whose garrison has units, five
// from the Capital: it walks to that city for an escort instead of to a
// free site where it could found no city.
func TestLoneBuilderFetchesEscort(t *testing.T) {
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		sc := builderScene(t)
		sc.army(1, at(8, 3), sc.infantry(2), false)
		b := sc.army(1, at(7, 1), nil, true)
		var path []hex.Hex
		for _, o := range ordersOf(sc, l) {
			if o.Army == b && o.Kind == game.OrderMove {
				path = o.Path
			}
			if o.Kind == erfworld.OrderBuildCity {
				t.Errorf("%s: %v by a Warlord with no units", l, o)
			}
		}
		if len(path) == 0 || path[len(path)-1] != at(8, 3) {
			t.Errorf("%s: the builder with no units moves along %v, want to the city on %v", l, path, at(8, 3))
		}
	}
}

// TestTakesCityWithAttack puts a strong army next to an enemy city with no
// army: a Move "stops before an enemy city", so the plan goes in with an
// Attack order, which fights the city's own Infantry and takes it
// (game.Resolve).
func TestTakesCityWithAttack(t *testing.T) {
	for _, l := range []ruleset.Level{ruleset.Easy, ruleset.Normal} {
		sc := builderScene(t)
		city := sc.city(2, at(11, 4), false, 1)
		a := sc.army(1, at(10, 4), sc.infantry(20), true)
		orders := ordersOf(sc, l)
		var kind game.OrderKind
		for _, o := range orders {
			if o.Army == a && o.IsMove() && len(o.Path) > 0 && o.Path[len(o.Path)-1] == at(11, 4) {
				kind = o.Kind
			}
		}
		if kind != game.OrderAttack {
			t.Fatalf("%s: order kind %d into the enemy city, want an Attack (%d); orders %v", l, kind, game.OrderAttack, orders)
		}
		game.Resolve(sc.s, sc.rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}})
		if owner := sc.s.City(city).Owner; owner != 1 {
			t.Errorf("%s: after the Attack the city belongs to player %d, want 1", l, owner)
		}
	}
}

// TestSiegeLowersCityDefence checks that Normal counts Siege against an
// enemy city's own Infantry ("Each Siege unit in an Attack lowers the
// level of any City defence by 1"): 9 Infantry stay away from an empty
// level 4 city (8 Infantry), 9 Infantry and 2 Siege (the city down to 4
// Infantry) attack it.
func TestSiegeLowersCityDefence(t *testing.T) {
	for _, tt := range []struct {
		siege   int
		attacks bool
	}{{0, false}, {2, true}} {
		sc := builderScene(t)
		enemy := sc.city(2, at(11, 4), false, 4)
		a := sc.army(1, at(10, 4), unitsNamed(t, sc.rs, "infantry", 9, "siege", tt.siege), true)
		p := sc.planner(1, normalStyle)
		army := p.s.Army(a)
		target, ok := p.cityTarget(army, army.Units, army.Units, p.armyPower(army, army.Units))
		if attacks := ok && target.ID == enemy; attacks != tt.attacks {
			t.Errorf("9 Infantry and %d Siege next to an empty level 4 city: attacks it %v, want %v", tt.siege, attacks, tt.attacks)
		}
	}
}

// guardScene is casterScene's player 1 (its main army of 12 Infantry in
// the Capital on (2,3)) with an army of player 2, a Warlord and infantry
// Infantry, on (3,3), next to the Capital.
func guardScene(t *testing.T, infantry int32) (*scene, game.ArmyID, game.ArmyID) {
	sc, main := casterScene(t, newRules(t), 2)
	e := sc.army(2, at(3, 3), sc.infantry(infantry), true)
	return sc, main, e
}

// TestGuardIgnoresBuilders: an enemy Warlord with a builder's escort (one
// unit) next to the Capital is no threat to it (the city's own Infantry
// keeps it out) and Normal's main army does not leave the Capital after
// it; NormalV1 counts it and chases it. An enemy army of 6 Infantry is a
// threat to both, and the main army attacks it.
func TestGuardIgnoresBuilders(t *testing.T) {
	for _, tt := range []struct {
		infantry int32
		st       style
		name     string
		threat   bool
	}{
		{1, normalStyle, "normal", false},
		{1, normalV1Style, "normal-v1", true},
		{6, normalStyle, "normal", true},
		{6, normalV1Style, "normal-v1", true},
	} {
		sc, main, e := guardScene(t, tt.infantry)
		p := sc.planner(1, tt.st)
		if threat := p.threat > 0; threat != tt.threat {
			t.Errorf("%s, %d Infantry next to the Capital: threat %v, want %v", tt.name, tt.infantry, threat, tt.threat)
		}
		p.moveArmies()
		chased := false
		for _, o := range p.orders {
			if o.Army == main && o.Kind == game.OrderAttack && o.Target == e {
				chased = true
			}
		}
		if chased != tt.threat {
			t.Errorf("%s, %d Infantry next to the Capital: main army attacks it %v, want %v (orders %v)", tt.name, tt.infantry, chased, tt.threat, p.orders)
		}
	}
}

// TestGuardRemembersThreat: an enemy army of 10 Infantry seen last turn
// four hexes from the Capital, out of sight now (its last hex unseen), is
// still a threat to Normal: its main army, out in the field next to an
// enemy city it could take, goes home instead. NormalV1 forgets it and
// attacks the city.
func TestGuardRemembersThreat(t *testing.T) {
	for _, tt := range []struct {
		st   style
		name string
		home bool
	}{{normalStyle, "normal", true}, {normalV1Style, "normal-v1", false}} {
		sc := newScene(t, newRules(t), 2, openRows...)
		sc.city(1, at(2, 3), true, 0)
		sc.city(2, at(14, 3), true, 0)
		sc.city(2, at(11, 3), false, 1)
		main := sc.army(1, at(10, 3), sc.infantry(20), true)
		lookout := sc.army(1, at(5, 2), sc.infantry(1), true)
		e := sc.army(2, at(5, 1), sc.infantry(10), true)
		game.RecordVision(sc.s, sc.rs) // turn 1: the lookout sees the enemy
		sc.s.Army(lookout).Hex = at(2, 3)
		sc.s.Army(e).Hex = at(6, 0)
		sc.s.Turn++
		p := sc.planner(1, tt.st) // turn 2: a sighting, out of sight
		seen := false
		for _, a := range p.enemies {
			seen = seen || (a.ID == e && a.Remembered && a.Hex == at(5, 1))
		}
		if !seen {
			t.Fatalf("%s: the view remembers no sighting of army %d on %v: %v", tt.name, e, at(5, 1), p.enemies)
		}
		p.moveArmies()
		var path []hex.Hex
		for _, o := range p.orders {
			if o.Army == main && o.IsMove() {
				path = o.Path
			}
		}
		if len(path) == 0 {
			t.Fatalf("%s: no move for the main army (orders %v)", tt.name, p.orders)
		}
		end := path[len(path)-1]
		home := hex.Distance(end, at(2, 3)) < hex.Distance(at(10, 3), at(2, 3))
		if home != tt.home {
			t.Errorf("%s: the main army moves along %v, toward the Capital %v, want %v", tt.name, path, home, tt.home)
		}
	}
}

// TestRetakeCapital: a player that has lost its Capital is out of the
// game unless it holds one again at the end of its next turn ("they have
// one turn to retake it"). Normal's army of 8 Infantry next to the enemy
// Capital, defended by 20 Infantry and its own, attacks it all the same;
// NormalV1, which waits for the odds, does not.
func TestRetakeCapital(t *testing.T) {
	for _, tt := range []struct {
		st      style
		name    string
		attacks bool
	}{{normalStyle, "normal", true}, {normalV1Style, "normal-v1", false}} {
		sc := newScene(t, newRules(t), 2, openRows...)
		sc.city(1, at(2, 3), false, 1)
		sc.city(2, at(8, 3), true, 0)
		sc.army(2, at(8, 3), sc.infantry(20), false)
		a := sc.army(1, at(7, 3), sc.infantry(8), true)
		p := sc.planner(1, tt.st)
		p.moveArmies()
		attacks := false
		for _, o := range p.orders {
			if o.Army == a && o.Kind == game.OrderAttack && len(o.Path) > 0 && o.Path[len(o.Path)-1] == at(8, 3) {
				attacks = true
			}
		}
		if attacks != tt.attacks {
			t.Errorf("%s without a Capital: attacks the enemy Capital %v, want %v (orders %v)", tt.name, attacks, tt.attacks, p.orders)
		}
		sc.valid(1, p.orders)
	}
}

// TestRecallBuilder: with no Warlord leading units and 30 units in the
// Capital's garrison, Normal's builder (a Warlord with its escort), four
// hexes out, comes home to lead them; NormalV1's goes on building.
func TestRecallBuilder(t *testing.T) {
	for _, tt := range []struct {
		st   style
		name string
		home bool
	}{{normalStyle, "normal", true}, {normalV1Style, "normal-v1", false}} {
		sc := builderScene(t)
		sc.army(1, at(2, 3), sc.infantry(30), false)
		b := sc.army(1, at(6, 3), sc.infantry(1), true)
		p := sc.planner(1, tt.st)
		p.moveArmies()
		var path []hex.Hex
		for _, o := range p.orders {
			if o.Army == b && o.IsMove() {
				path = o.Path
			}
		}
		home := len(path) > 0 && hex.Distance(path[len(path)-1], at(2, 3)) < hex.Distance(at(6, 3), at(2, 3))
		if home != tt.home {
			t.Errorf("%s: the builder moves along %v, toward the Capital %v, want %v", tt.name, path, home, tt.home)
		}
		sc.valid(1, p.orders)
	}
}

// TestFlankPastPin puts two of player 1's armies, each strong enough
// alone, next to an enemy city whose lone Warlord attacks one of them:
// armies stepping across one edge from both sides fight there, and
// "every army that fought, winner or loser, moves no more this turn", so
// the Warlord would stop both each turn. Normal sends the second army
// round by another neighbour of the city, which it takes the same turn
// (game.Resolve); NormalV1's armies both stop on the edge.
func TestFlankPastPin(t *testing.T) {
	for _, tt := range []struct {
		l     ruleset.Level
		takes bool
	}{{ruleset.Normal, true}, {NormalV1, false}} {
		sc := builderScene(t)
		city := sc.city(2, at(11, 4), false, 1)
		sc.army(2, at(11, 4), sc.infantry(2), false)
		pin := sc.army(2, at(11, 4), nil, true)
		a := sc.army(1, at(10, 4), sc.infantry(20), true)
		sc.army(1, at(10, 4), sc.infantry(20), true)
		orders := ordersOf(sc, tt.l)
		enemy := []game.Order{{Turn: sc.s.Turn, Kind: game.OrderAttack, Army: pin, Target: a}}
		game.Resolve(sc.s, sc.rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2, Orders: enemy}})
		if takes := sc.s.City(city).Owner == 1; takes != tt.takes {
			t.Errorf("%s: takes the city past the Warlord sent out of it %v, want %v (orders %v)", tt.l, takes, tt.takes, orders)
		}
	}
}

// TestStackAttacksTogether puts two of player 1's leaders on one hex next
// to an enemy city that neither can take alone (1.3 times its army and its
// own Infantry) and both can together: Normal's go in together and take it
// (game.Resolve); NormalV1's, each weighing itself alone, stay out.
func TestStackAttacksTogether(t *testing.T) {
	for _, tt := range []struct {
		l     ruleset.Level
		takes bool
	}{{ruleset.Normal, true}, {NormalV1, false}} {
		sc := builderScene(t)
		city := sc.city(2, at(11, 4), false, 2)
		sc.army(2, at(11, 4), sc.infantry(6), false)
		a := sc.army(1, at(10, 4), sc.infantry(8), true)
		b := sc.army(1, at(10, 4), sc.infantry(8), true)
		orders := ordersOf(sc, tt.l)
		in := 0
		for _, o := range orders {
			if (o.Army == a || o.Army == b) && o.Kind == game.OrderAttack && len(o.Path) == 1 && o.Path[0] == at(11, 4) {
				in++
			}
		}
		if want := map[bool]int{true: 2, false: 0}[tt.takes]; in != want {
			t.Errorf("%s: %d of the two leaders attack the city, want %d (orders %v)", tt.l, in, want, orders)
		}
		game.Resolve(sc.s, sc.rs, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}})
		if takes := sc.s.City(city).Owner == 1; takes != tt.takes {
			t.Errorf("%s: takes the city %v, want %v", tt.l, takes, tt.takes)
		}
	}
}

// TestRetakeLostCity: an enemy city three hexes from the Capital (a city
// the player lost; the view shows it as the enemy's) is attacked (an
// Attack order whose move ends nearer to it) by the
// nearest leader strong enough alone, the 12 Infantry waiting in the
// Capital, not by the 2 Infantry next to it (which sees it); Normal without retakeLost
// keeps its 12 Infantry home until it has 20 (style.minAttack).
func TestRetakeLostCity(t *testing.T) {
	without := normalStyle
	without.retakeLost = false
	for _, tt := range []struct {
		name    string
		st      style
		retakes bool
	}{{"normal", normalStyle, true}, {"hard", hardStyle, true}, {"normal without retakeLost", without, false}} {
		sc := newScene(t, newRules(t), 2, openRows...)
		sc.city(1, at(2, 3), true, 0)
		sc.army(1, at(2, 3), sc.infantry(10), false)
		lost := at(5, 3)
		sc.city(2, lost, false, 1)
		sc.city(2, at(14, 3), true, 0)
		strong := sc.army(1, at(2, 3), sc.infantry(12), true)
		weak := sc.army(1, at(4, 3), sc.infantry(2), true)
		p := sc.planner(1, tt.st)
		p.moveArmies()
		attacked := map[game.ArmyID]bool{}
		for _, o := range p.orders {
			// An attack toward the city: its move ends nearer to it.
			from := sc.s.Army(o.Army).Hex
			if o.Kind == game.OrderAttack && len(o.Path) > 0 && hex.Distance(o.Path[len(o.Path)-1], lost) < hex.Distance(from, lost) {
				attacked[o.Army] = true
			}
		}
		if attacked[strong] != tt.retakes || attacked[weak] {
			t.Errorf("%s: the 12 Infantry attack the lost city %v (want %v), the 2 Infantry %v (want false); orders %v",
				tt.name, attacked[strong], tt.retakes, attacked[weak], p.orders)
		}
		sc.valid(1, p.orders)
	}
}
