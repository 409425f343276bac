package gametest

import (
	"math/rand/v2"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// RandomGame returns a game of the test ruleset on a random w x h map
// (mostly Open, with Woods, Mountains and Water scattered), for players
// players with two cities each, armies armies of 1-8 units spread over
// walkable hexes and two structures a player (of random players, nobody's
// included), vision recorded. The same seed gives the same game.
func RandomGame(seed uint64, w, h, players, armies int) (*game.State, *Rules) {
	rs := New()
	rng := rand.New(rand.NewPCG(seed, 99))
	id := func(name string) rulesfile.TerrainID {
		t, _ := rs.Terrain().Lookup(name)
		return t
	}
	m := hexmap.New(w, h, id("open"))
	for i := range m.Terrain {
		switch r := rng.IntN(100); {
		case r < 10:
			m.Terrain[i] = id("woods")
		case r < 16:
			m.Terrain[i] = id("mountains")
		case r < 26:
			m.Terrain[i] = id("water")
		}
	}
	s := game.New(game.Setup{Ruleset: rs.ID(), Seed: seed, Map: m, Players: players})
	rect := m.Rect()
	walkable := func() hex.Hex {
		for {
			h := rect.HexAt(rng.IntN(rect.Len()))
			if t, _ := m.At(h); rs.Terrain()[t].Army {
				return h
			}
		}
	}
	for p := 1; p <= players; p++ {
		for range 2 {
			s.AddCity(game.City{Owner: game.PlayerID(p), Hex: walkable(), Level: int32(1 + rng.IntN(3))})
		}
	}
	for k := range armies {
		s.AddArmy(game.Army{Owner: game.PlayerID(1 + k%players), Hex: walkable(), Units: game.Units{int32(1 + rng.IntN(8))}})
	}
	for range 2 * players {
		s.AddStructure(game.Structure{Kind: game.StructureKind(rng.IntN(3)), Owner: game.PlayerID(rng.IntN(players + 1)), Hex: walkable()})
	}
	game.RecordVision(s, rs)
	return s, rs
}

// MoveOrders gives about percent % of the armies of s a valid OrderMove of
// two or three random walkable hexes, drawing from rng.
func MoveOrders(s *game.State, rs *Rules, rng *rand.Rand, percent int) []game.PlayerOrders {
	byPlayer := make([][]game.Order, len(s.Players))
	for i := range s.Armies {
		a := &s.Armies[i]
		if rng.IntN(100) >= percent {
			continue
		}
		o := game.Order{Turn: s.Turn, Kind: game.OrderMove, Army: a.ID}
		at := a.Hex
		for range 2 + rng.IntN(2) {
			for range 6 {
				next := at.Neighbor(hex.Direction(rng.IntN(6)))
				if _, ok := rs.StepCost(s, a, at, next); ok {
					o.Path = append(o.Path, next)
					at = next
					break
				}
			}
		}
		if len(o.Path) > 0 && game.ValidateOrder(s, rs, a.Owner, &o) == nil {
			byPlayer[a.Owner-1] = append(byPlayer[a.Owner-1], o)
		}
	}
	var orders []game.PlayerOrders
	for p, list := range byPlayer {
		orders = append(orders, game.PlayerOrders{Player: game.PlayerID(p + 1), Orders: list})
	}
	return orders
}
