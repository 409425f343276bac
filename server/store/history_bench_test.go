package store

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// benchGames is how many long Duel games each run of BenchmarkHistory
// plays into one store: about 180 steps each, most of them actions.
const benchGames = 25

// BenchmarkHistory plays benchGames long games of Duel (LongDeck: four
// seats, 20 rounds, the normal AI's actions, chosen before the timer
// starts) into one new store, each step saved as the server saves it, and
// reports per step (an action, or an offering of every seat):
//
//   - bytes/action: what the store's file grew by (its log folded in,
//     less a new store's size);
//   - cpu-µs/action: the process's CPU time, user and system (the game
//     played, the state encoded, the store's SQL), where the system says
//     (unix);
//   - µs/action: the time it took, each step waiting for its commit and
//     sync as a match waits.
//
// Its cases: "snapshots", a state saved whole only where SnapshotDue says
// (the server's way); "save-every-step", the game encoded and saved whole
// after every step, as schema version 1 did; "play-only", the games
// played with nothing saved, the cost the others add to.
func BenchmarkHistory(b *testing.B) {
	rs := duelRules(b)
	games := make([]*duelGame, benchGames)
	actions := 0
	for i := range games {
		games[i] = playDuel(b, rs, uint64(i+1))
		actions += len(games[i].steps)
	}
	tests := []struct {
		name string
		save bool // into a store
		due  func(seq uint32, over bool) bool
	}{
		{"snapshots", true, SnapshotDue},
		{"save-every-step", true, func(uint32, bool) bool { return true }},
		{"play-only", false, nil},
	}
	for _, tt := range tests {
		b.Run(tt.name, func(b *testing.B) {
			var bytes int64
			var cpu, wall int64
			for range b.N {
				b.StopTimer()
				var s *Store
				var empty int64
				if tt.save {
					s, empty = newBenchStore(b)
				}
				cpu0 := cpuTime()
				b.StartTimer()
				start := time.Now()
				for i, d := range games {
					playInto(b, rs, s, protocol.GameID(i+1), d, tt.due)
				}
				wall += time.Since(start).Nanoseconds()
				cpu += int64(cpuTime() - cpu0)
				b.StopTimer()
				if s != nil {
					bytes += closedSize(b, s) - empty
				}
				b.StartTimer()
			}
			n := float64(b.N * actions)
			b.ReportMetric(float64(bytes)/n, "bytes/action")
			b.ReportMetric(float64(cpu)/n/1e3, "cpu-µs/action")
			b.ReportMetric(float64(wall)/n/1e3, "µs/action")
			b.ReportMetric(float64(actions), "actions")
		})
	}
}

// newBenchStore opens a new store in a new directory and returns it with
// the size of a new store's file.
func newBenchStore(b *testing.B) (*Store, int64) {
	b.Helper()
	dir := b.TempDir()
	s, err := Open(filepath.Join(dir, FileName))
	if err != nil {
		b.Fatal(err)
	}
	empty, err := Open(filepath.Join(dir, "empty.db"))
	if err != nil {
		b.Fatal(err)
	}
	return s, closedSize(b, empty)
}

// closedSize closes s and returns the size of its file, the log folded
// in.
func closedSize(b *testing.B, s *Store) int64 {
	b.Helper()
	path := s.Path()
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		b.Fatalf("%s: the log is still there after Close", path)
	}
	return fi.Size()
}

// playInto plays d's steps again as game id, each saved into s (if not
// nil) as the server saves it: the start whole, then every step, with the
// state after it encoded and saved whole where due says.
func playInto(b *testing.B, rs ruleset.Ruleset, s *Store, id protocol.GameID, d *duelGame, due func(uint32, bool) bool) {
	g, err := rs.New(d.set.Config(nil))
	if err != nil {
		b.Fatal(err)
	}
	if s != nil {
		if err := s.SaveGame(id, d.set, nil); err != nil {
			b.Fatal(err)
		}
		if err := s.SaveState(id, stateOf(b, g)); err != nil {
			b.Fatal(err)
		}
	}
	for _, st := range d.steps {
		out, err := play(g, st.orders)
		if err != nil {
			b.Fatal(fmt.Errorf("%s, step %d: %w", id, st.seq, err))
		}
		if s == nil {
			continue
		}
		over, winner := g.Over()
		after := State{Seq: g.Step().Seq, Over: over, Winner: winner}
		if due(after.Seq, over) {
			if after.Save, err = g.Save(); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.SaveTurn(id, st.seq, st.orders, after, out.Count()); err != nil {
			b.Fatal(err)
		}
	}
}
