package erfworldai

import (
	"slices"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// TestHeadGathersCasters: "Casualties in Combat where the Heal-A-Mancer
// is present are reduced by half" and "the effects of all enemy A-Mancers
// are ignored if a Cancel-A-Mancer is present", so Hard hands the Heal-
// and Cancel-A-Mancers waiting in the Capital's garrison to its head, the
// leader with the most units there, and keeps the Econ-A-Mancer home;
// Normal leaves them where they are. The server accepts the transfers.
func TestHeadGathersCasters(t *testing.T) {
	for _, tt := range []struct {
		l    ruleset.Level
		want []erfworld.CasterKind
	}{
		{ruleset.Hard, []erfworld.CasterKind{erfworld.CasterHeal, erfworld.CasterCancel}},
		{ruleset.Normal, nil},
	} {
		sc := builderScene(t)
		g := sc.army(1, at(2, 3), sc.infantry(4), false, erfworld.CasterEcon, erfworld.CasterHeal, erfworld.CasterCancel)
		head := sc.army(1, at(2, 3), sc.infantry(30), true)
		sc.army(1, at(2, 3), sc.infantry(5), true)
		var have []erfworld.CasterKind
		for _, o := range ordersOf(sc, tt.l) {
			if o.Kind != erfworld.OrderTransfer || o.Army != g || o.Count == 0 {
				continue
			}
			i := slices.IndexFunc(sc.s.Army(g).Characters, func(c game.Character) bool { return c.ID == game.CharacterID(o.Count) })
			k, _ := erfworld.CasterOf(sc.s.Army(g).Characters[i])
			if o.Target != head {
				t.Errorf("%s: the %s goes to %s, want the head %s", tt.l, sc.rs.D.Caster.Name(k), o.Target, head)
			}
			have = append(have, k)
		}
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: the Casters handed over are %v, want %v", tt.l, have, tt.want)
		}
	}
}

// TestStackMovesAsOne: Hard's leader on its head's hex gives the head's
// order (the head, with the most units, attacks the enemy city next to
// it), and a leader elsewhere within joinRadius walks toward the head
// rather than going its own way.
func TestStackMovesAsOne(t *testing.T) {
	sc := builderScene(t)
	sc.city(2, at(4, 3), false, 1)
	head := sc.army(1, at(3, 3), sc.infantry(30), true)
	mate := sc.army(1, at(3, 3), sc.infantry(5), true)
	far := sc.army(1, at(9, 5), sc.infantry(5), true)
	orders := ordersOf(sc, ruleset.Hard)
	order := func(a game.ArmyID) game.Order {
		for _, o := range orders {
			if o.Army == a && (o.Kind == game.OrderMove || o.Kind == game.OrderAttack) {
				return o
			}
		}
		t.Fatalf("army %s has no move or attack in %v", a, orders)
		return game.Order{}
	}
	h, m, f := order(head), order(mate), order(far)
	if h.Kind != game.OrderAttack || !slices.Equal(h.Path, []hex.Hex{at(4, 3)}) {
		t.Errorf("the head's order is %v, want an attack on the city on (4,3)", h)
	}
	if m.Kind != h.Kind || !slices.Equal(m.Path, h.Path) {
		t.Errorf("the mate's order is %v, want the head's %v", m, h)
	}
	if end := f.Path[len(f.Path)-1]; f.Kind != game.OrderMove || hex.Distance(end, at(3, 3)) >= hex.Distance(at(9, 5), at(3, 3)) {
		t.Errorf("the far leader's order is %v, want a move toward the head on (3,3)", f)
	}
}
