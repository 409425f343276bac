package game_test

import (
	"math/rand/v2"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
)

// bigTurn returns the benchmark's game: a 128x128 map, 16 players, about
// 4,000 armies five turns into the game (it starts with 5,200; battles
// take their toll), so the players' memories hold what a game in progress
// holds, and orders moving about 80% of the armies two or three hexes.
func bigTurn(b *testing.B) (*game.State, *gametest.Rules, []game.PlayerOrders) {
	b.Helper()
	s, rs := randomGame(1, 128, 128, 16, 5200)
	rs.Move = 3
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		game.Resolve(s, rs, moveOrders(s, rs, rng, 80))
	}
	return s, rs, moveOrders(s, rs, rng, 80)
}

// moveOrders is gametest.MoveOrders.
func moveOrders(s *game.State, rs *gametest.Rules, rng *rand.Rand, percent int) []game.PlayerOrders {
	return gametest.MoveOrders(s, rs, rng, percent)
}

// BenchmarkTurn measures one turn on the big game: resolving it, and
// building every player's view with its delta from the turn before.
func BenchmarkTurn(b *testing.B) {
	s0, rs, orders := bigTurn(b)
	b.Run("resolve", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			b.StopTimer()
			s := s0.Clone()
			b.StartTimer()
			game.Resolve(s, rs, orders)
		}
	})
	b.Run("views+deltas", func(b *testing.B) {
		prev := make([]*game.View, len(s0.Players))
		for p := range prev {
			prev[p] = game.NewView(s0, game.PlayerID(p+1))
		}
		s := s0.Clone()
		game.Resolve(s, rs, orders)
		viewBytes, deltaBytes := wireSizes(b, s, prev)
		b.ReportAllocs()
		for b.Loop() {
			for p := range prev {
				v := game.NewView(s, game.PlayerID(p+1))
				game.Diff(prev[p], v)
			}
		}
		b.ReportMetric(float64(len(s.Armies)), "armies")
		reportSizes(b, viewBytes, deltaBytes, len(prev))
	})
}

// BenchmarkTypicalDelta measures the delta of a typical mid-game turn: 16
// players on a 128x128 map with 1,200 armies, ten turns in, 30% of the
// armies moving (the rest hold cities and fronts). It reports the average
// full view and delta sizes per player and their ratio.
func BenchmarkTypicalDelta(b *testing.B) {
	s, rs := randomGame(1, 128, 128, 16, 1200)
	rs.Move = 3
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		game.Resolve(s, rs, moveOrders(s, rs, rng, 30))
	}
	prev := make([]*game.View, len(s.Players))
	for p := range prev {
		prev[p] = game.NewView(s, game.PlayerID(p+1))
	}
	game.Resolve(s, rs, moveOrders(s, rs, rng, 30))
	var viewBytes, deltaBytes int
	b.ReportAllocs()
	for b.Loop() {
		viewBytes, deltaBytes = wireSizes(b, s, prev)
	}
	reportSizes(b, viewBytes, deltaBytes, len(prev))
}

// wireSizes builds every player's view of s and its delta from prev (the
// views of the turn before), encodes both, and returns the total bytes of
// the views and of the deltas.
func wireSizes(b *testing.B, s *game.State, prev []*game.View) (viewBytes, deltaBytes int) {
	b.Helper()
	for p := range prev {
		v := game.NewView(s, game.PlayerID(p+1))
		vb, err := game.EncodeView(v)
		if err != nil {
			b.Fatal(err)
		}
		db, err := game.EncodeDelta(game.Diff(prev[p], v))
		if err != nil {
			b.Fatal(err)
		}
		viewBytes += len(vb)
		deltaBytes += len(db)
	}
	return viewBytes, deltaBytes
}

// reportSizes reports the mean view and delta sizes per player and their
// ratio.
func reportSizes(b *testing.B, viewBytes, deltaBytes, players int) {
	b.ReportMetric(float64(viewBytes)/float64(players), "view-bytes")
	b.ReportMetric(float64(deltaBytes)/float64(players), "delta-bytes")
	b.ReportMetric(100*float64(deltaBytes)/float64(viewBytes), "delta-%")
}
