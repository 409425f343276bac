package bot

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/host"
	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
)

// The whole game: its table, map and bounds. The seed is one whose game
// ends well within the limit: between Normal AIs about half the games on
// such a map stall with two players left holding each other off.
const (
	wholeGameSeats   = 3
	wholeGameSide    = 20
	wholeGameSeed    = 6
	wholeGameLevel   = "normal"
	wholeGameTurns   = 400 // the turn limit: a game still on after it fails the test
	wholeGameTimeout = 3 * time.Minute
)

// loadBuild returns the build's rulesets, loaded once for all tests (they
// are never changed after).
var loadBuild = sync.OnceValues(registry.Default)

// build returns the build's rulesets.
func build(t *testing.T) *ruleset.Registry {
	t.Helper()
	reg, err := loadBuild()
	if err != nil {
		t.Fatalf("load the rulesets: %v", err)
	}
	return reg
}

// rules returns the engine's rules of the build's erfworld.
func rules(t *testing.T) *erfworld.Rules {
	t.Helper()
	rs, ok := build(t).Get("erfworld")
	if !ok {
		t.Fatal("no erfworld in the build")
	}
	return rs.(*hexgame.Ruleset).Rules().(*erfworld.Rules)
}

// startServer starts a server of the build's rulesets on a free loopback
// port for the test.
func startServer(t *testing.T) *host.Running {
	t.Helper()
	cfg := host.DefaultConfig()
	cfg.Rulesets, cfg.Builtin = build(t), build(t)
	srv, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatalf("start the server: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Errorf("stop the server: %v", err)
		}
	})
	return srv
}

// waitForGame returns the ID of the first game on the server at url,
// asking for the list until one shows up.
func waitForGame(ctx context.Context, t *testing.T, url string) protocol.GameID {
	t.Helper()
	c, err := conn.Dial(ctx, conn.Options{URL: url, Name: "Watcher"})
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	defer func() {
		c.Close()
		<-c.Done()
	}()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := c.Send(&protocol.ListGames{}); err != nil {
			t.Fatalf("list games: %v", err)
		}
		for list := (*protocol.GameList)(nil); list == nil; {
			select {
			case <-ctx.Done():
				t.Fatalf("no game on the server: %v", ctx.Err())
			case ev, ok := <-c.Events():
				if !ok {
					t.Fatal("connection closed while waiting for the game list")
				}
				list, _ = ev.Msg.(*protocol.GameList)
			}
			if list != nil && len(list.Games) > 0 {
				return list.Games[0].Game
			}
		}
		<-tick.C
	}
}

// outcome is one bot's Run.
type outcome struct {
	res Result
	err error
}

// runBots runs a bot for each of opts on its own goroutine: the first
// one's at once, the others' once the server lists a game (with Join set
// to it unless join is false). It returns their outcomes, in order.
func runBots(ctx context.Context, t *testing.T, url string, join bool, opts ...Options) []outcome {
	t.Helper()
	out := make([]outcome, len(opts))
	var wg sync.WaitGroup
	start := func(i int) {
		b, err := New(opts[i])
		if err != nil {
			t.Fatalf("bot %d: %v", i+1, err)
		}
		wg.Go(func() { out[i].res, out[i].err = b.Run(ctx) })
	}
	start(0)
	id := waitForGame(ctx, t, url)
	for i := 1; i < len(opts); i++ {
		if join {
			opts[i].Join = id
		}
		start(i)
	}
	wg.Wait()
	return out
}

// freshOrders returns the orders the AI gives seat 1 on the first turn of
// the whole game.
func freshOrders(t *testing.T, rs *erfworld.Rules) []game.Order {
	t.Helper()
	s, err := rs.NewGame(wholeGameSeed, wholeGameSide, wholeGameSide, wholeGameSeats, nil)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	return erfworldai.New(rs, ruleset.Normal, wholeGameSeed).Orders(game.NewView(s, 1))
}

// TestWholeGame plays a whole game of three bots over real websockets,
// each seat held by a person's client played by the AI: every bot sees
// the same end, no view ever differs from the server's, no order is
// refused, and the winner has won by the rules.
func TestWholeGame(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "a whole game takes long")
	}
	rs := rules(t)
	if freshOrders(t, rs) == nil {
		t.Fatal("the AI gives no orders at the first turn: no game can end")
	}
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), wholeGameTimeout)
	defer cancel()

	set := protocol.Settings{Name: "whole game", Width: wholeGameSide, Height: wholeGameSide,
		Seed: wholeGameSeed, Seats: wholeGameSeats}
	opts := make([]Options, wholeGameSeats)
	for i := range opts {
		opts[i] = Options{URL: srv.URL(), Name: fmt.Sprintf("Bot %d", i+1), Level: wholeGameLevel,
			LastTurn: wholeGameTurns}
	}
	opts[0].Create = &set
	began := time.Now()
	outs := runBots(ctx, t, srv.URL(), true, opts...)
	t.Logf("the game took %v", time.Since(began).Round(time.Millisecond))

	for i, o := range outs {
		r := o.res
		t.Logf("bot %d: seat %d, winner %d on turn %d, %d turns played, %d orders, %d mismatches, %d rejections, %d server errors, %d messages, %d bytes",
			i+1, r.Seat, r.Winner, r.Turn, r.TurnsPlayed, r.Orders, r.Mismatches, len(r.Rejections), len(r.ServerErrors), r.Messages, r.Bytes)
		for _, e := range r.ServerErrors {
			t.Logf("bot %d: server error: %s", i+1, e)
		}
	}
	first := outs[0].res
	for i, o := range outs {
		r := o.res
		if o.err != nil {
			t.Fatalf("bot %d: %v", i+1, o.err)
		}
		switch {
		case !r.Over:
			t.Fatalf("bot %d: no GameOver by turn %d", i+1, r.Turn)
		case r.Winner == 0:
			t.Errorf("bot %d: GameOver on turn %d without a winner", i+1, r.Turn)
		case r.Winner != first.Winner || r.Turn != first.Turn:
			t.Errorf("bot %d: won by %d on turn %d; bot 1: by %d on turn %d", i+1, r.Winner, r.Turn, first.Winner, first.Turn)
		}
		checkInStep(t, i+1, r)
		if v := viewOf(t, r.View); !v.Over || protocol.Seat(v.Winner) != r.Winner {
			t.Errorf("bot %d: the last view does not show the game won by %d", i+1, r.Winner)
		}
	}
	for _, o := range outs {
		if o.res.Seat == first.Winner {
			checkVictory(t, rs, viewOf(t, o.res.View))
		}
	}
}

// checkInStep checks that bot n's view stayed in step with the server's
// through every turn and that the server refused nothing.
func checkInStep(t *testing.T, n int, r Result) {
	t.Helper()
	if r.Mismatches != 0 {
		t.Errorf("bot %d: %d checksum mismatches", n, r.Mismatches)
	}
	if r.FullViews != 1 || r.View == nil || r.Updates != int(viewOf(t, r.View).Turn)-1 {
		t.Errorf("bot %d: %d FullViews and %d TurnUpdates to reach turn %d: want 1 and one per turn",
			n, r.FullViews, r.Updates, r.Turn)
	}
	for _, rej := range r.Rejections {
		t.Errorf("bot %d: order refused: %v", n, rej)
	}
	for _, e := range r.ServerErrors {
		t.Errorf("bot %d: server error: %s", n, e)
	}
}

// checkVictory checks, on the winner's last view, that the winner holds
// the Capitals the rules ask for or is the last player alive.
func checkVictory(t *testing.T, rs *erfworld.Rules, v *game.View) {
	t.Helper()
	caps := 0
	for _, c := range v.Cities {
		if c.Owner == v.You && c.Capital && !c.Remembered {
			caps++
		}
	}
	alive := 0
	for _, p := range v.Players {
		if p.Alive {
			alive++
		}
	}
	if caps < rs.D.Win.Capitals && alive != 1 {
		t.Errorf("the winner, %d, holds %d Capitals (%d win) and %d players are alive", v.You, caps, rs.D.Win.Capitals, alive)
	}
	t.Logf("the winner, %d, holds %d Capitals; %d players alive", v.You, caps, alive)
}

// TestPassiveTurns plays turns of two passive bots, the second finding
// the game in the server's list, and checks the counts of their results.
// They send more messages than the server's rate limit lets through in a
// burst: none is refused.
func TestPassiveTurns(t *testing.T) {
	const lastTurn = 40
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	set := protocol.Settings{Width: 20, Height: 20, Seed: 5, Seats: 2}
	outs := runBots(ctx, t, srv.URL(), false,
		Options{URL: srv.URL(), Name: "Alice", Level: "passive", Create: &set, LastTurn: lastTurn},
		Options{URL: srv.URL(), Name: "Bob", Level: "passive", LastTurn: lastTurn, ListInterval: 10 * time.Millisecond},
	)
	for i, o := range outs {
		r := o.res
		if o.err != nil {
			t.Fatalf("bot %d: %v", i+1, o.err)
		}
		if have, want := r.Seat, protocol.Seat(i+1); have != want {
			t.Errorf("bot %d: seat %d, want %d", i+1, have, want)
		}
		if r.Game == 0 || r.Game != outs[0].res.Game {
			t.Errorf("bot %d: in %s, bot 1 in %s", i+1, r.Game, outs[0].res.Game)
		}
		v := viewOf(t, r.View)
		have := [...]int{r.TurnsPlayed, r.Orders, r.FullViews, r.Updates, int(r.Turn), int(v.Turn)}
		want := [...]int{lastTurn, 0, 1, lastTurn, lastTurn + 1, lastTurn + 1}
		if have != want {
			t.Errorf("bot %d: turns played, orders, FullViews, TurnUpdates, turn, view's turn: have %v, want %v", i+1, have, want)
		}
		if r.Over || r.Winner != 0 {
			t.Errorf("bot %d: over %v, won by %d: want a game still on", i+1, r.Over, r.Winner)
		}
		if protocol.Seat(v.You) != r.Seat {
			t.Errorf("bot %d: the view is player %d's, want %d's", i+1, v.You, r.Seat)
		}
		checkInStep(t, i+1, r)
		// Joined, Lobby (at least twice), FullView, then per turn at least
		// an OrdersResult and a TurnUpdate.
		if r.Messages < 4+2*lastTurn || r.Bytes <= r.Messages {
			t.Errorf("bot %d: %d messages of %d bytes: too few", i+1, r.Messages, r.Bytes)
		}
	}
}

// TestJoinFullGame checks that a bot joining a game with no seat left
// fails, saying so.
func TestJoinFullGame(t *testing.T) {
	srv := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	set := protocol.Settings{Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 1}
	dialed := 0
	hooks := Hooks{Dialed: func(attempts int, took time.Duration, err error) {
		dialed++
		if attempts != 1 || took <= 0 || err != nil {
			t.Errorf("Alice's dial: %d attempts in %v, %v; want 1 attempt, a time and no error", attempts, took, err)
		}
	}}
	b, err := New(Options{URL: srv.URL(), Name: "Alice", Create: &set, LastTurn: 1, Hooks: hooks})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Run(ctx); err != nil {
		t.Fatalf("Alice: %v", err)
	}
	if dialed != 1 {
		t.Errorf("Dialed called %d times for one connection", dialed)
	}
	// Alice's seat is kept for her after she left, the other is a bot's.
	id := waitForGame(ctx, t, srv.URL())
	late, err := New(Options{URL: srv.URL(), Name: "Late", Join: id})
	if err != nil {
		t.Fatal(err)
	}
	res, err := late.Run(ctx)
	if err == nil || !strings.Contains(err.Error(), "no seat") || !strings.Contains(err.Error(), "Late") {
		t.Fatalf("joining a full game: %v, want a bot error saying there is no seat", err)
	}
	if res.Game != 0 || res.TurnsPlayed != 0 {
		t.Errorf("joining a full game: result %+v, want nothing played", res)
	}
}

// TestUnreachable checks that a bot whose server is not there fails with
// an error naming the bot and the address.
func TestUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	var dialErr error
	hooks := Hooks{Dialed: func(attempts int, _ time.Duration, err error) {
		if attempts != 2 {
			t.Errorf("%d attempts to connect, want DialAttempts (2)", attempts)
		}
		dialErr = err
	}}
	b, err := New(Options{URL: addr, Name: "Lost", Create: &protocol.Settings{}, DialAttempts: 2, Hooks: hooks})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = b.Run(ctx)
	if err == nil {
		t.Fatal("Run reached no server and returned no error")
	}
	if dialErr == nil {
		t.Error("the Dialed hook was given no error")
	}
	for _, want := range []string{"bot Lost", "cannot reach the server", addr, "gave up after 2 attempts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q: want it to say %q", err, want)
		}
	}
}

// TestNewRefuses checks the options New refuses.
func TestNewRefuses(t *testing.T) {
	rs := build(t)
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no address", Options{Name: "A", Rulesets: rs}, "no server address"},
		{"no name", Options{URL: "localhost", Rulesets: rs}, "name"},
		{"create and join", Options{URL: "localhost", Name: "A", Create: &protocol.Settings{}, Join: 2}, "choose one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestModdedServer: a bot plays a server's mod of erfworld (Infantry that
// costs money, a treasury to start with): it fetches the server's rules
// data as it joins (GetRules), checks it against the content hash the
// server announced, keeps it in its cache under that hash, and plays the
// turns by the mod's rules, in step with the server and with no order
// refused.
func TestModdedServer(t *testing.T) {
	own, ok := build(t).Get("erfworld")
	if !ok {
		t.Fatal("no erfworld in the build")
	}
	data := own.Data()
	for _, edit := range [][2]string{{"schmuckers = 0\n", "schmuckers = 6\n"}, {"cost = 0\nrequires_terrain = \"\"", "cost = 1\nrequires_terrain = \"\""}} {
		modded := bytes.Replace(data, []byte(edit[0]), []byte(edit[1]), 1)
		if bytes.Equal(modded, data) {
			t.Fatalf("the erfworld data has no %q to change", edit[0])
		}
		data = modded
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := host.DefaultConfig()
	cfg.Rulesets, cfg.Builtin = mod, build(t)
	srv, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatalf("start the server: %v", err)
	}
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Errorf("stop the server: %v", err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	cache := t.TempDir()
	set := protocol.Settings{Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 1}
	b, err := New(Options{URL: srv.URL(), Name: "Modder", Level: "easy", Create: &set, LastTurn: 4, RulesCache: cache})
	if err != nil {
		t.Fatal(err)
	}
	r, err := b.Run(ctx)
	if err != nil {
		t.Fatalf("Modder: %v", err)
	}
	checkInStep(t, 1, r)
	if r.TurnsPlayed != 4 || r.Orders == 0 {
		t.Errorf("%d turns played, %d orders: want 4 turns, with orders", r.TurnsPlayed, r.Orders)
	}
	saved, err := os.ReadFile(filepath.Join(cache, ruleset.HashData(data)))
	if err != nil || !bytes.Equal(saved, data) {
		t.Errorf("the cache holds %d bytes under the mod's hash (%v), want the mod's %d", len(saved), err, len(data))
	}
}

// TestRunAllRefusesABadBot: RunAll runs no bot when one of them cannot be
// made, and says which.
func TestRunAllRefusesABadBot(t *testing.T) {
	results, errs, err := RunAll(context.Background(), []Options{{URL: "ws://127.0.0.1:1/ws", Name: "Anna"}, {Name: "Bert"}})
	if err == nil || !strings.Contains(err.Error(), "bot 2 (Bert)") || results != nil || errs != nil {
		t.Fatalf("RunAll with a bot without a URL: %v, %v, %v; want an error naming bot 2 (Bert) and nothing run", results, errs, err)
	}
}
