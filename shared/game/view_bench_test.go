package game_test

import (
	"math/rand/v2"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// Package-level sinks keep the compiler from optimising benchmarks away.
var (
	sinkView  *game.View
	sinkDelta *game.Delta
	sinkSum   uint64
)

// viewBigGame returns the benchmarks' game: a 128x128 map, 16 players with
// 8 cities each, 4,000 armies of 1-3 unit kinds placed around each
// player's home (so neighbours meet at the borders), and six turns played
// in which every army moved one hex, so memories hold remembered enemies.
func viewBigGame() (*game.State, *gametest.Rules, *rand.Rand) {
	rs := gametest.New()
	rng := rand.New(rand.NewPCG(42, 43))
	id := func(name string) rulesfile.TerrainID {
		t, _ := rs.Terrain().Lookup(name)
		return t
	}
	m := hexmap.New(128, 128, id("open"))
	for i := range m.Terrain {
		switch r := rng.IntN(100); {
		case r < 12:
			m.Terrain[i] = id("woods")
		case r < 18:
			m.Terrain[i] = id("mountains")
		case r < 26:
			m.Terrain[i] = id("water")
		}
	}
	const players = 16
	s := game.New(game.Setup{Ruleset: rs.ID(), Seed: 42, Map: m, Players: players})
	near := func(p int, spread int) hex.Hex {
		cx, cy := 16+32*(p%4), 16+32*(p/4)
		col := min(max(cx+rng.IntN(2*spread+1)-spread, 0), 127)
		row := min(max(cy+rng.IntN(2*spread+1)-spread, 0), 127)
		return gametest.At(col, row)
	}
	for p := range players {
		for range 8 {
			s.AddCity(game.City{Owner: game.PlayerID(p + 1), Hex: near(p, 14), Level: int32(1 + rng.IntN(3))})
		}
	}
	for k := range 4000 {
		p := k % players
		u := make(game.Units, 1+rng.IntN(3))
		for i := range u {
			u[i] = int32(1 + rng.IntN(20))
		}
		s.AddArmy(game.Army{Owner: game.PlayerID(p + 1), Hex: near(p, 22), Units: u})
	}
	game.RecordVision(s, rs)
	for range 6 {
		viewMoveAll(s, rs, rng)
	}
	return s, rs, rng
}

// viewMoveAll plays a turn of one step in which every army moves to a
// random neighbouring hex on the map.
func viewMoveAll(s *game.State, rs game.Ruleset, rng *rand.Rand) {
	game.BeginTurnVision(s)
	s.Turn++
	r := s.Map.Rect()
	for i := range s.Armies {
		a := &s.Armies[i]
		for range 6 {
			if n := a.Hex.Neighbor(hex.Direction(rng.IntN(6))); r.Contains(n) {
				a.Hex = n
				break
			}
		}
	}
	game.RecordVision(s, rs)
}

// BenchmarkViews builds the views of all 16 players of the big game.
func BenchmarkViews(b *testing.B) {
	s, _, _ := viewBigGame()
	b.ReportAllocs()
	for b.Loop() {
		for p := range s.Players {
			sinkView = game.NewView(s, s.Players[p].ID)
		}
	}
	var n int
	for p := range s.Players {
		data, err := game.EncodeView(game.NewView(s, s.Players[p].ID))
		if err != nil {
			b.Fatal(err)
		}
		n += len(data)
	}
	b.ReportMetric(float64(n)/float64(len(s.Players)), "view-bytes")
}

// BenchmarkViewsAndDeltas builds the views of all 16 players after a turn
// in which every army moved one hex, and their deltas from the views of
// the turn before; it reports the mean sizes of a full view and a delta on
// the wire.
func BenchmarkViewsAndDeltas(b *testing.B) {
	s, rs, rng := viewBigGame()
	prev := make([]*game.View, len(s.Players))
	for p := range prev {
		prev[p] = game.NewView(s, game.PlayerID(p+1))
	}
	viewMoveAll(s, rs, rng)
	viewBytes, deltaBytes := wireSizes(b, s, prev)
	b.ReportAllocs()
	for b.Loop() {
		for p := range prev {
			v := game.NewView(s, game.PlayerID(p+1))
			sinkDelta = game.Diff(prev[p], v)
		}
	}
	reportSizes(b, viewBytes, deltaBytes, len(prev))
}

// BenchmarkRecordVision records the vision of all 16 players of the big
// game once, as movement does after every step.
func BenchmarkRecordVision(b *testing.B) {
	s, rs, _ := viewBigGame()
	b.ReportAllocs()
	for b.Loop() {
		game.RecordVision(s, rs)
	}
}

// BenchmarkViewWire measures, for all 16 players of the big game, what the
// server and client do with a view besides building it: checksum, encode,
// decode, and apply a delta.
func BenchmarkViewWire(b *testing.B) {
	s, rs, rng := viewBigGame()
	prev := make([]*game.View, len(s.Players))
	for p := range prev {
		prev[p] = game.NewView(s, game.PlayerID(p+1))
	}
	viewMoveAll(s, rs, rng)
	next := make([]*game.View, len(s.Players))
	deltas := make([]*game.Delta, len(s.Players))
	encoded := make([][]byte, len(s.Players))
	for p := range next {
		next[p] = game.NewView(s, game.PlayerID(p+1))
		deltas[p] = game.Diff(prev[p], next[p])
		encoded[p], _ = game.EncodeView(next[p])
	}
	b.Run("checksum", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range next {
				sinkSum += v.Checksum()
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range next {
				if _, err := game.EncodeView(v); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range encoded {
				v, err := game.DecodeView(data)
				if err != nil {
					b.Fatal(err)
				}
				sinkView = v
			}
		}
	})
	b.Run("encode-delta", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range deltas {
				if _, err := game.EncodeDelta(d); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("apply", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for p, d := range deltas {
				v, err := game.Apply(prev[p], d)
				if err != nil {
					b.Fatal(err)
				}
				sinkView = v
			}
		}
	})
}
