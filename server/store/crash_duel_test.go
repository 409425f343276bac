package store_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"empires/internal/skip"
	"empires/server/host"
	"empires/server/internal/logbuf"
	"empires/server/store"
	"empires/shared/bot"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// freeAddr returns a loopback address no one listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// snapshotSteps returns the steps of game id whose states the database at
// path holds whole.
func snapshotSteps(t *testing.T, path string, id protocol.GameID) []uint32 {
	t.Helper()
	db, err := sql.Open("sqlite", path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT turn FROM turns WHERE game = ? ORDER BY turn", int64(id))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []uint32
	for rows.Next() {
		var seq uint32
		if err := rows.Scan(&seq); err != nil {
			t.Fatal(err)
		}
		out = append(out, seq)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCrashInteractive plays a long game of Duel (four headless bots at
// the table of a server in a child process: about 170 steps, most of them
// single actions), kills the server (SIGKILL) past its second state saved
// whole, and checks what the crash left: every step a bot had been told
// of is on disk, and only the start and a state every SnapshotEvery steps
// are kept whole. A server started again on the same directory and
// address resumes the game from its last state saved whole and the
// actions after it; the bots reconnect with their seat tokens and play it
// to its end without a view out of step; the whole game then replays
// from its order log.
func TestCrashInteractive(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	const killAt = 2*store.SnapshotEvery + 10
	dir, addr := t.TempDir(), freeAddr(t)
	cfg, err := serverConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	first := startChild(t, dir, addr)

	var mu sync.Mutex
	seen := uint32(0) // the last step any bot was told of
	kill := make(chan struct{})
	var once sync.Once
	hook := func(v ruleset.View) {
		seq := v.(*duel.View).Table.Seq
		mu.Lock()
		seen = max(seen, seq)
		mu.Unlock()
		if seq >= killAt {
			once.Do(func() { close(kill) })
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*waitLimit)
	defer cancel()
	names := []string{"Anna", "Bert", "Cleo", "Dora"}
	set := protocol.Settings{Name: "long duel", Ruleset: duel.ID, Seats: len(names), Seed: 5,
		Options: []protocol.Option{{Key: duel.KeyRounds, Value: duel.MaxRounds}}}
	results := make([]bot.Result, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		opts := bot.Options{URL: "ws://" + addr + "/ws", Name: name, Rulesets: cfg.Rulesets,
			RulesCache: filepath.Join(t.TempDir(), name), Hooks: bot.Hooks{View: hook}}
		if i == 0 {
			opts.Create = &set
		}
		b, err := bot.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = b.Run(ctx)
		}()
	}
	select {
	case <-kill:
	case <-ctx.Done():
		t.Fatalf("the game did not reach step %d", killAt)
	}
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cmd.Wait()

	path := filepath.Join(dir, store.FileName)
	mu.Lock()
	told := seen
	mu.Unlock()
	s, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if g.Last < told || g.Over {
		t.Fatalf("after the crash the game is at step %d (over: %v); the bots had been told of step %d", g.Last, g.Over, told)
	}
	if have, want := snapshotSteps(t, path, 1), []uint32{0, store.SnapshotEvery, 2 * store.SnapshotEvery}; !slices.Equal(have, want) {
		t.Fatalf("after %d steps the states of steps %v are saved whole, want %v", g.Last, have, want)
	}

	logs := &logbuf.Buffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	second, err := host.Start(cfg, addr)
	if err != nil {
		t.Fatalf("restart on the same data directory: %v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("the second server's logs:\n%s", logs.String())
		}
	})
	wg.Wait()
	if err := second.Stop(); err != nil {
		t.Fatal(err)
	}
	for i, r := range results {
		switch {
		case errs[i] != nil:
			t.Fatalf("%s: %v", names[i], errs[i])
		case !r.Over:
			t.Errorf("%s: the game is not over (turn %d)", names[i], r.Turn)
		case r.Reconnects < 1:
			t.Errorf("%s: never reconnected, yet the server was killed", names[i])
		case len(r.Rejections) > 0:
			t.Errorf("%s: the server refused %v", names[i], r.Rejections)
		case r.Mismatches > 0:
			t.Errorf("%s: %d views out of step with the server's", names[i], r.Mismatches)
		case r.Winner != results[0].Winner || r.Game != 1:
			t.Errorf("%s: game %d won by %d; %s saw game 1 won by %d", names[i], r.Game, r.Winner, names[0], results[0].Winner)
		}
	}

	s, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	end, err := s.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Over || protocol.SeatOf(end.Winner) != results[0].Winner {
		t.Fatalf("the saved game: over %v, won by %d; the bots saw seat %d win", end.Over, end.Winner, results[0].Winner)
	}
	want := []uint32{0, store.SnapshotEvery, 2 * store.SnapshotEvery, g.Last, end.Last}
	if have := snapshotSteps(t, path, 1); !slices.Equal(have, want) {
		t.Errorf("states saved whole at steps %v, want the start, every %d steps, the resume and the end: %v",
			have, store.SnapshotEvery, want)
	}
	rs, _ := cfg.Rulesets.Get(duel.ID)
	steps := 0
	if err := store.Replay(s, 1, rs, func(store.Step) error { steps++; return nil }); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if steps != int(end.Last-end.First) || steps <= killAt {
		t.Fatalf("replayed %d steps, want the whole game's %d (more than %d)", steps, end.Last-end.First, killAt)
	}
	t.Logf("%d steps, resumed at step %d after a SIGKILL, won by seat %d", steps, g.Last, results[0].Winner)
}
