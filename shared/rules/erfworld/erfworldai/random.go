package erfworldai

import (
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// random gives random orders of every kind: it builds candidates for each
// city and army (an army's random walk a Move or an Attack), keeps about
// half of them, and leaves the rest to the final validation.
func (w *world) random() []game.Order {
	var cand []game.Order
	d := w.rs.D
	for _, c := range w.cities {
		cand = append(cand,
			game.Order{Kind: erfworld.OrderForm, City: c.ID, Unit: game.UnitKind(w.rng.IntN(len(d.Units))),
				Count: int32(1 + w.rng.IntN(max(1, d.UnitsFormable(int(c.Level)))))},
			game.Order{Kind: erfworld.OrderUpgrade, City: c.ID},
			game.Order{Kind: erfworld.OrderWarlord, City: c.ID, Level: int32(w.rng.IntN(3))},
			game.Order{Kind: erfworld.OrderTradeGood, City: c.ID},
			game.Order{Kind: erfworld.OrderCaster, City: c.ID, Unit: game.UnitKind(w.rng.IntN(int(erfworld.NumCasterKinds)))},
		)
		n := c.Hex.Neighbors()
		cand = append(cand, game.Order{Kind: erfworld.OrderFleet, City: c.ID, Hex: n[w.rng.IntN(len(n))]})
	}
	if pl := w.s.Player(w.me); pl != nil && len(pl.Stock) > erfworld.StockTradeGoods && pl.Stock[erfworld.StockTradeGoods] > 0 {
		cand = append(cand, game.Order{Kind: erfworld.OrderCash, Count: 1 + int32(w.rng.IntN(int(pl.Stock[erfworld.StockTradeGoods])))})
	}
	for _, a := range w.armies {
		dir := hex.Direction(w.rng.IntN(hex.NumDirections))
		// A walk is a Move or an Attack: a Move stops before an enemy city,
		// an Attack goes in and fights its Infantry.
		walk := game.OrderMove
		if w.rng.IntN(2) == 0 {
			walk = game.OrderAttack
		}
		cand = append(cand,
			game.Order{Kind: game.OrderExplore, Army: a.ID, Dir: dir},
			game.Order{Kind: walk, Army: a.ID, Path: w.randomWalk(a.Hex, 1+w.rng.IntN(3))},
			game.Order{Kind: game.OrderStance, Army: a.ID, Stance: game.StanceKind(w.rng.IntN(3)), Dir: dir},
			game.Order{Kind: erfworld.OrderBuildCity, Army: a.ID, Hex: a.Hex},
			game.Order{Kind: erfworld.OrderScout, Army: a.ID, Dir: dir},
		)
		if len(w.enemies) > 0 {
			e := w.enemies[w.rng.IntN(len(w.enemies))]
			cand = append(cand, game.Order{Kind: game.OrderAttack, Army: a.ID, Target: e.ID})
		}
		for _, b := range w.armies {
			if b != a && b.Hex == a.Hex && a.Units.Total() > 0 {
				u := make(game.Units, len(a.Units))
				for k, n := range a.Units {
					u[k] = int32(w.rng.IntN(int(n) + 1))
				}
				cand = append(cand, game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: b.ID, Units: u})
				break
			}
		}
	}
	var out []game.Order
	for _, o := range cand {
		if w.rng.IntN(2) == 0 {
			continue
		}
		o.Turn = w.turn
		if game.ValidateOrder(w.s, w.rs, w.me, &o) == nil {
			out = append(out, o)
		}
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
		i := w.rect.Index(next)
		if i < 0 || !w.passable(i) {
			break
		}
		path = append(path, next)
		h = next
	}
	return path
}
