// Package erfworldtest builds erfworld games for tests and benchmarks.
package erfworldtest

import (
	"math/rand/v2"

	"empires/shared/game"
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
