package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/server/host"
	"empires/server/store"
	"empires/shared/bot"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// waitLimit only keeps a broken test from hanging.
const waitLimit = 2 * time.Minute

// TestBackupWhilePlaying plays a game of two bots on a server saving to a
// data directory, takes backups while it plays (one while a bot waits in
// the middle of the game, others in a loop all along), and checks that
// every backup opens as an Empires database and each of its games replays
// step by step to the states it saved.
func TestBackupWhilePlaying(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	data, backups := t.TempDir(), t.TempDir()
	cfg := host.DefaultConfig()
	cfg.DataDir = data
	cfg.Rulesets, cfg.Builtin = reg, reg
	cfg.Logger = slog.New(slog.DiscardHandler)
	r, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := r.Stop(); err != nil {
			t.Errorf("stop: %v", err)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()

	var mu sync.Mutex
	var taken []string
	n := 0
	// backup takes a backup and returns its path.
	backup := func() (string, error) {
		mu.Lock()
		n++
		dst := filepath.Join(backups, fmt.Sprintf("b%03d.db", n))
		mu.Unlock()
		var out, errs strings.Builder
		if code := realMain(ctx, []string{"-data", data, "-out", dst}, time.Now, &out, &errs); code != 0 {
			return "", fmt.Errorf("backup exit %d: %s", code, errs.String())
		}
		if have := strings.TrimSpace(out.String()); have != dst {
			return "", fmt.Errorf("backup printed %q, want %q", have, dst)
		}
		mu.Lock()
		taken = append(taken, dst)
		mu.Unlock()
		return dst, nil
	}

	const midTurn, lastTurn = 4, 10
	var midErr error
	var midPath string
	set := protocol.Settings{Name: "backup", Width: 24, Height: 24, Seed: 5, Seats: 2}
	opts := []bot.Options{
		{URL: r.URL(), Name: "Ann", Level: "normal", Create: &set, LastTurn: lastTurn, Hooks: bot.Hooks{
			// In the middle of the game the bot waits for a backup: the
			// game cannot end before it is taken.
			Ready: func(turn protocol.Turn, _ time.Time) {
				if turn == midTurn {
					midPath, midErr = backup()
				}
			},
		}},
		{URL: r.URL(), Name: "Bob", Level: "normal", LastTurn: lastTurn, ListInterval: 20 * time.Millisecond},
	}
	stop := make(chan struct{})
	var loopErr error
	var loop sync.WaitGroup
	loop.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, loopErr = backup(); loopErr != nil {
				return
			}
		}
	})
	var wg sync.WaitGroup
	results := make([]bot.Result, len(opts))
	errs := make([]error, len(opts))
	for i, o := range opts {
		b, err := bot.New(o)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { results[i], errs[i] = b.Run(ctx) })
	}
	wg.Wait()
	close(stop)
	loop.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("bot %s: %v", opts[i].Name, err)
		}
	}
	if loopErr != nil {
		t.Fatalf("a backup while the game ran: %v", loopErr)
	}
	if midPath == "" || midErr != nil {
		t.Fatalf("the backup in the middle of the game: %q, %v", midPath, midErr)
	}
	final, err := backup()
	if err != nil {
		t.Fatalf("the backup after the game: %v", err)
	}
	for _, path := range taken {
		replayAll(t, path, reg)
	}
	mid, ok := replayAll(t, midPath, reg)
	end, _ := replayAll(t, final, reg)
	if !ok || mid.Last <= mid.First || mid.Last >= end.Last {
		t.Errorf("the middle backup holds steps %d to %d, the last %d: want some steps, not all", mid.First, mid.Last, end.Last)
	}
	t.Logf("%d backups; the middle one at step %d of %d", len(taken), mid.Last, end.Last)
}

// replayAll opens the backup at path and replays its game, if it has
// one yet (a backup taken before the game started has none, or no state
// of it), and returns it.
func replayAll(t *testing.T, path string, reg *ruleset.Registry) (store.Game, bool) {
	t.Helper()
	dir := t.TempDir() // Open turns the copy into WAL mode: keep the backup as taken
	copyFile(t, path, filepath.Join(dir, store.FileName))
	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer s.Close()
	games, err := s.Games()
	if err != nil || len(games) > 1 {
		t.Fatalf("%s: games %v, %v; want the one game or none", path, games, err)
	}
	if len(games) == 0 {
		return store.Game{}, false
	}
	g := games[0]
	if _, err := s.Snapshot(g.ID, g.First); errors.Is(err, store.ErrNoGame) && g.First == 0 && g.Last == 0 {
		// The server saves a new game, then its first state: the backup
		// fell between the two, as a crash there would.
		return store.Game{}, false
	}
	rs, ok := reg.Get(g.Settings.Ruleset)
	if !ok {
		t.Fatalf("%s: ruleset %q", path, g.Settings.Ruleset)
	}
	steps := 0
	if err := store.Replay(s, g.ID, rs, func(store.Step) error { steps++; return nil }); err != nil {
		t.Fatalf("%s: replay: %v", path, err)
	}
	if steps != g.Turns() {
		t.Errorf("%s: replayed %d steps, the game saved %d", path, steps, g.Turns())
	}
	return g, true
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBadFlags(t *testing.T) {
	data := t.TempDir()
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "give -data DIR"},
		{[]string{"-data", data}, 2, "give -out FILE or -dir BACKUPS"},
		{[]string{"-data", data, "-out", "a", "-dir", "b"}, 2, "give -out FILE or -dir BACKUPS"},
		{[]string{"-data", data, "-dir", "b", "-keep", "-1"}, 2, "-keep -1"},
		{[]string{"-data", data, "x"}, 2, `unexpected argument "x"`},
		{[]string{"-data", data, "-out", filepath.Join(data, "b.db")}, 1, "empires.db: no such file"},
	}
	for _, tt := range tests {
		var errs strings.Builder
		code := realMain(context.Background(), tt.args, time.Now, io.Discard, &errs)
		if code != tt.code || !strings.Contains(errs.String(), tt.want) {
			t.Errorf("%q: exit %d, %q; want %d and %q", tt.args, code, errs.String(), tt.code, tt.want)
		}
	}
}

// TestRefusals checks that a backup refuses to overwrite a file and to
// copy a database of another program, and leaves nothing behind.
func TestRefusals(t *testing.T) {
	data, out := t.TempDir(), t.TempDir()
	s, err := store.OpenDir(data)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	exists := filepath.Join(out, "exists.db")
	if err := os.WriteFile(exists, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs strings.Builder
	if code := realMain(context.Background(), []string{"-data", data, "-out", exists}, time.Now, io.Discard, &errs); code != 1 ||
		!strings.Contains(errs.String(), "exists already") {
		t.Errorf("over a file: exit %d, %q", code, errs.String())
	}
	if b, _ := os.ReadFile(exists); string(b) != "keep me" {
		t.Errorf("the file was changed: %q", b)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, store.FileName), []byte("not a database at all, just text"), 0o644); err != nil {
		t.Fatal(err)
	}
	errs.Reset()
	dst := filepath.Join(out, "other.db")
	if code := realMain(context.Background(), []string{"-data", other, "-out", dst}, time.Now, io.Discard, &errs); code != 1 ||
		!strings.Contains(errs.String(), "not an Empires database") {
		t.Errorf("another file: exit %d, %q", code, errs.String())
	}
	left, _ := os.ReadDir(out)
	if len(left) != 1 {
		t.Errorf("left in the output directory: %v, want only exists.db", left)
	}
}

// TestDirKeeps checks -dir: each backup named by its time, the oldest
// deleted beyond -keep, other files left alone.
func TestDirKeeps(t *testing.T) {
	data, dir := t.TempDir(), t.TempDir()
	s, err := store.OpenDir(data)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	other := filepath.Join(dir, "empires-notes.db")
	if err := os.WriteFile(other, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 12, 1, 3, 0, 0, 0, time.UTC)
	for i := range 4 {
		now := func() time.Time { return start.Add(time.Duration(i) * time.Hour) }
		var errs strings.Builder
		if code := realMain(context.Background(), []string{"-data", data, "-dir", dir, "-keep", "2"}, now, io.Discard, &errs); code != 0 {
			t.Fatalf("backup %d: exit %d, %s", i, code, errs.String())
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, e := range entries {
		have = append(have, e.Name())
	}
	want := []string{"empires-20261201T050000Z.db", "empires-20261201T060000Z.db", "empires-notes.db"}
	if !slices.Equal(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
}
