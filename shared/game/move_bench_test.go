package game_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
)

// mvBenchGame is a 128x128 open map with 16 players and 4,000 armies of 3 to
// 10 units on distinct hexes, about 80% of them ordered to move 2 or 3
// steps along a random path.
func mvBenchGame() (*game.State, *gametest.Rules, []game.PlayerOrders) {
	const size, players, armies = 128, 16, 4000
	rng := rand.New(rand.NewPCG(7, 11))
	rs := gametest.New()
	rs.Move = 3
	var b strings.Builder
	for r := range size {
		if r%2 == 1 {
			b.WriteByte(' ')
		}
		b.WriteString(strings.TrimSuffix(strings.Repeat(". ", size), " "))
		b.WriteByte('\n')
	}
	s := gametest.Game(rs, b.String(), players, 7)
	r := s.Map.Rect()
	taken := make([]bool, r.Len())
	for len(s.Armies) < armies {
		i := rng.IntN(r.Len())
		if taken[i] {
			continue
		}
		taken[i] = true
		h := r.HexAt(i)
		o := h.Offset()
		gametest.Army(s, game.PlayerID(1+rng.IntN(players)), o.Col, o.Row, int32(3+rng.IntN(8)))
	}
	orders := make([]game.PlayerOrders, players)
	for i := range orders {
		orders[i].Player = game.PlayerID(i + 1)
	}
	for _, a := range s.Armies {
		if rng.IntN(5) == 0 {
			continue
		}
		var path []hex.Hex
		at := a.Hex
		for len(path) < 2+rng.IntN(2) {
			n := at.Neighbor(hex.Direction(rng.IntN(hex.NumDirections)))
			if r.Contains(n) {
				path = append(path, n)
				at = n
			}
		}
		orders[a.Owner-1].Orders = append(orders[a.Owner-1].Orders,
			game.Order{Turn: s.Turn, Kind: game.OrderMove, Army: a.ID, Path: path})
	}
	return s, rs, orders
}

// BenchmarkMove resolves the movement of mvBenchGame, on a fresh clone each
// time (the clone is not timed).
func BenchmarkMove(b *testing.B) {
	s, rs, orders := mvBenchGame()
	b.ReportAllocs()
	var battles, moves int
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c := s.Clone()
		ev := &game.Events{}
		b.StartTimer()
		game.Move(c, rs, orders, ev)
		b.StopTimer()
		battles, moves = 0, 0
		for _, e := range ev.List {
			switch e.Kind {
			case game.EventBattle:
				battles++
			case game.EventMove:
				moves++
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(battles), "battles/op")
	b.ReportMetric(float64(moves), "moves/op")
}
