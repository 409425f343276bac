// Package erfworldtest builds erfworld games for tests and benchmarks.
package erfworldtest

import (
	"math/rand/v2"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// Crowded returns a 16-player game on a generated 128x128 map with a
// garrison of 20 Infantry in every city, armies armies in all (the others of
// five Infantry spread over the land) and rich treasuries, vision recorded:
// a game whose turns have movement, battles and fog to compute.
func Crowded(rs *erfworld.Rules, armies int) (*game.State, error) {
	s, err := rs.NewGame(3, 128, 128, 16, nil)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(3, 4))
	r := s.Map.Rect()
	for p := range s.Players {
		s.Players[p].Treasury = 1 << 40
	}
	for _, c := range s.Cities {
		s.AddArmy(game.Army{Owner: c.Owner, Hex: c.Hex, Units: game.Units{20}})
	}
	for len(s.Armies) < armies {
		i := rng.IntN(r.Len())
		h := r.HexAt(i)
		tr := rs.D.Terrain[s.Map.Terrain[i]]
		if !tr.Army || tr.Naval || tr.City || s.CityAt(h) != nil {
			continue
		}
		s.AddArmy(game.Army{Owner: game.PlayerID(1 + len(s.Armies)%16), Hex: h, Units: game.Units{5}})
	}
	game.RecordVision(s, rs)
	return s, nil
}

// Grow gives player p orders that grow and spread its forces in an
// erfworld game: a Warlord in each Capital, every unit a city may form,
// the Capital's garrison handed to a Warlord there, armies exploring in
// random directions, and an upgrade when the money allows. Only orders
// valid on their own are kept.
func Grow(rng *rand.Rand, s *game.State, r *erfworld.Rules, p game.PlayerID) []game.Order {
	var orders []game.Order
	warlords := 0
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == p && LedByWarlord(a) {
			warlords++
		}
	}
	for _, c := range s.Cities {
		if c.Owner != p {
			continue
		}
		if c.Capital && warlords < 4 {
			orders = append(orders, game.Order{Kind: erfworld.OrderWarlord, City: c.ID})
		}
		orders = append(orders, game.Order{Kind: erfworld.OrderForm, City: c.ID, Unit: game.UnitKind(rng.IntN(2)),
			Count: int32(r.D.UnitsFormable(int(c.Level)))})
		if rng.IntN(3) == 0 {
			orders = append(orders, game.Order{Kind: erfworld.OrderUpgrade, City: c.ID})
		}
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p || a.Naval {
			continue
		}
		if !LedByWarlord(a) {
			// A garrison hands its units to a Warlord on its hex.
			for j := range s.Armies {
				if b := &s.Armies[j]; b.Owner == p && b.Hex == a.Hex && LedByWarlord(b) && a.Units.Total() > 1 {
					orders = append(orders, game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: b.ID,
						Units: a.Units.Sub(game.Units{1})})
					break
				}
			}
			continue
		}
		orders = append(orders, game.Order{Kind: game.OrderExplore, Army: a.ID, Dir: hex.Direction(rng.IntN(6))})
	}
	var valid []game.Order
	for i := range orders {
		orders[i].Turn = s.Turn
		if game.ValidateOrder(s, r, p, &orders[i]) == nil {
			valid = append(valid, orders[i])
		}
	}
	return valid
}

// LedByWarlord reports whether a Warlord leads army a.
func LedByWarlord(a *game.Army) bool {
	for _, c := range a.Characters {
		if c.Kind == erfworld.CharWarlord {
			return true
		}
	}
	return false
}
