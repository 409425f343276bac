package erfpiresai

import (
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfpires"
)

// random returns candidate orders of every kind in a random order, kind
// by kind: the kinds shuffled, each kind's candidates shuffled, so the
// first valid one is of a kind picked at random among those that have a
// valid order (the many economic orders do not crowd out the moves).
func (w *world) random() []game.Order {
	byKind := map[game.OrderKind][]game.Order{}
	var kinds []game.OrderKind
	add := func(o game.Order) {
		if byKind[o.Kind] == nil {
			kinds = append(kinds, o.Kind)
		}
		byKind[o.Kind] = append(byKind[o.Kind], o)
	}
	add(game.Order{Kind: erfpires.OrderTax})
	for _, p := range w.v.Players {
		if p.ID != w.me {
			add(game.Order{Kind: erfpires.OrderTrade, Player: p.ID})
			add(game.Order{Kind: erfpires.OrderTribute, Player: p.ID})
		}
	}
	for _, c := range w.cities {
		u := make(game.Units, len(w.d.Units))
		u[w.rng.IntN(len(u))] = int32(1 + w.rng.IntN(2))
		add(game.Order{Kind: erfpires.OrderRecruit, City: c.ID, Units: u})
		for _, h := range c.Hex.Neighbors() {
			add(game.Order{Kind: erfpires.OrderBuild, Unit: game.UnitKind(w.rng.IntN(len(w.d.Structures))), Hex: h})
		}
	}
	for _, a := range w.armies {
		add(game.Order{Kind: erfpires.OrderBuildCity, Hex: a.Hex, Army: a.ID})
		add(game.Order{Kind: erfpires.OrderBuild, Unit: game.UnitKind(w.rng.IntN(len(w.d.Structures))), Hex: a.Hex})
		walk := w.randomWalk(a.Hex, 1+w.rng.IntN(w.d.Army.Move))
		if len(walk) > 0 {
			add(game.Order{Kind: game.OrderMove, Army: a.ID, Path: walk})
			add(game.Order{Kind: game.OrderAttack, Army: a.ID, Path: walk})
		}
		for _, e := range w.enemyArmies {
			if !e.Remembered && hex.Distance(a.Hex, e.Hex) <= w.d.Army.Move {
				add(game.Order{Kind: game.OrderAttack, Army: a.ID, Target: e.ID})
			}
		}
	}
	w.rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	var out []game.Order
	for _, k := range kinds {
		list := byKind[k]
		w.rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		out = append(out, list...)
	}
	return out
}

// randomWalk returns a walk of up to n steps from h over hexes an army may
// enter as far as the player knows.
func (w *world) randomWalk(h hex.Hex, n int) []hex.Hex {
	var path []hex.Hex
	for range n {
		nb := h.Neighbors()
		next := nb[w.rng.IntN(len(nb))]
		if !w.rect.Contains(next) || !w.passable(next) {
			break
		}
		path = append(path, next)
		h = next
	}
	return path
}
