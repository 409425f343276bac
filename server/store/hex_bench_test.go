package store

import (
	"path/filepath"
	"testing"

	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// hexGame is a game of erfworld played by its AIs, recorded for
// BenchmarkHexTurn: the state it started from, the orders of each of its
// turns and their events, and the game after them.
type hexGame struct {
	start  []byte
	turns  [][]ruleset.Submission
	events []int
	game   ruleset.Game
}

// playHex plays a game of erfworld of seats AIs (the normal level) on a
// map of side by side cells for turns turns.
func playHex(tb testing.TB, seats, side, turns int) *hexGame {
	tb.Helper()
	reg, err := registry.Default()
	if err != nil {
		tb.Fatal(err)
	}
	rs, ok := reg.Get("erfworld")
	if !ok {
		tb.Fatal("the registry has no erfworld")
	}
	g, err := rs.New(ruleset.Config{Seed: 1, Seats: seats,
		Options: ruleset.Options{ruleset.KeyWidth: side, ruleset.KeyHeight: side}})
	if err != nil {
		tb.Fatal(err)
	}
	ais := make([]ruleset.AI, seats+1)
	for s := 1; s <= seats; s++ {
		if ais[s], err = rs.NewAI(rs.Info().DefaultLevel, uint64(1+s)); err != nil {
			tb.Fatal(err)
		}
	}
	h := &hexGame{start: stateOf(tb, g).Save, game: g}
	for range turns {
		step := g.Step()
		var subs []ruleset.Submission
		for _, seat := range step.Actors {
			orders, err := ais[seat].Act(g.View(seat, false), step, seat)
			if err != nil {
				tb.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			tb.Fatalf("turn %d: %v", step.Turn, err)
		}
		h.turns = append(h.turns, subs)
		h.events = append(h.events, out.Count())
	}
	return h
}

// BenchmarkHexTurn saves the turns of a large hex game (erfworld, 16 AIs,
// 128x128) into a new store one after the other, as a match saves them:
// each turn's orders (those of the recorded game's SnapshotEvery turns,
// over and over), and the game encoded (Game.Save) and saved whole where
// SnapshotDue says. It reports per turn:
//
//   - cpu-µs/turn: the process's CPU time, user and system (the
//     encoding, the store's committer, SQLite, the sync of its log);
//   - commit-cpu-µs/turn: the committer's alone (CommitCPU);
//   - bytes/turn: what the store's file grew by (its log folded in).
//
// The game is played before the timer starts; b.N of 64 or more counts
// a snapshot every 64 turns as the server takes them.
func BenchmarkHexTurn(b *testing.B) {
	h := playHex(b, 16, 128, SnapshotEvery)
	dir := b.TempDir()
	s, err := Open(filepath.Join(dir, FileName))
	if err != nil {
		b.Fatal(err)
	}
	empty, err := Open(filepath.Join(dir, "empty.db"))
	if err != nil {
		b.Fatal(err)
	}
	emptySize := closedSize(b, empty)
	const id = protocol.GameID(1)
	if err := s.SaveGame(id, testSettings(), testSeats()); err != nil {
		b.Fatal(err)
	}
	if err := s.SaveState(id, State{Seq: 1, Save: h.start}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := range b.N {
		seq := uint32(i + 1)
		after := State{Seq: seq + 1}
		if SnapshotDue(after.Seq, false) {
			if after.Save, err = h.game.Save(); err != nil {
				b.Fatal(err)
			}
		}
		k := i % len(h.turns)
		if err := s.SaveTurn(id, seq, h.turns[k], after, h.events[k]); err != nil {
			b.Fatal(err)
		}
	}
	cpu := cpuTime() - cpu0
	b.StopTimer()
	commit := s.CommitCPU()
	size := closedSize(b, s)
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/turn")
	b.ReportMetric(float64(commit.Microseconds())/float64(b.N), "commit-cpu-µs/turn")
	b.ReportMetric(float64(size-emptySize)/float64(b.N), "bytes/turn")
}
