package main

import (
	"bytes"
	"context"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/rules/generals"
	"empires/shared/rules/risk"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary be the load's child server, as the
// command is: run with serveFlag first, it serves instead of testing.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == serveFlag {
		os.Exit(serveMain(os.Args[2:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// small is a load of 2 games of 3 clients playing 3 turns. Its games have
// no turn timer, so every turn waits for every client however loaded the
// machine is, and its Duration only keeps a broken test from hanging.
func small(inProc bool) Config {
	return Config{InProc: inProc, Games: 2, Seats: 3, Width: 20, Height: 20, Level: "easy",
		Turns: 3, Duration: 5 * time.Minute, Seed: 5, Every: time.Second}
}

// TestRunSmall runs a small load against a server in this process and in
// a child process and checks the report's figures.
func TestRunSmall(t *testing.T) {
	for _, tc := range []struct {
		name    string
		inProc  bool
		ruleset string
	}{{"in process", true, ""}, {"child process", false, ""}, {"erfpires in process", true, "erfpires"}, {"empire in process", true, "empire"}} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			cfg := small(tc.inProc)
			cfg.Ruleset = tc.ruleset
			if tc.ruleset == "empire" {
				cfg.Level = "random"
			}
			rep, err := Run(context.Background(), cfg, &out)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if err := rep.Err(); err != nil {
				t.Fatalf("report: %v\n%s", err, out.String())
			}
			checks := []struct {
				what string
				ok   bool
			}{
				// Both games' clients seat at once only if no game ends before
				// the other's last client seats, which is the scheduler's
				// choice: a game's 3 at least, the 6 at most.
				{"3 to 6 connections at the peak", rep.PeakConns >= 3 && rep.PeakConns <= 6},
				{"6 clients finished", rep.Finished == 6 && rep.Stopped == 0 && rep.Failed == 0},
				{"3 turns of each game resolved", rep.Turns == 6},
				{"3 turns played by each client", rep.TurnsPlayed == 18},
				{"turns a second", rep.TurnsPerSecond > 0},
				{"a delay for each client and turn", rep.Samples == 18},
				{"delays in order", rep.P50 > 0 && rep.P50 <= rep.P99 && rep.P99 <= rep.Max},
				{"bytes a turn", rep.BytesPerTurn > 100},
				{"no errors", rep.Mismatches == 0 && rep.Rejections == 0 && rep.ServerErrors == 0},
				{"server measured in a child process only", rep.ServerMeasured == !tc.inProc},
				// CPU time comes in clock ticks: a short run may read 0.
				{"server CPU and memory", tc.inProc || (rep.ServerCPU >= 0 && rep.ServerHWM >= rep.ServerPeakRSS && rep.ServerPeakRSS > 1<<20)},
			}
			for _, c := range checks {
				if !c.ok {
					t.Errorf("%s: not so in %+v", c.what, rep)
				}
			}
			var printed bytes.Buffer
			rep.Print(&printed)
			for _, want := range []string{fmt.Sprintf("%d peak", rep.PeakConns), "6 finished", "0 failed, 0 checksum mismatches"} {
				if !strings.Contains(printed.String(), want) {
					t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
				}
			}
		})
	}
}

// TestRunPassive runs a small load of light clients (-clients passive)
// that think a little over each turn: they play every turn to the end, submit no orders, and keep their views
// without a mismatch.
func TestRunPassive(t *testing.T) {
	cfg := small(true)
	cfg.Clients, cfg.Level, cfg.Think = ClientsPassive, "", 20*time.Millisecond
	cfg.Storm = 50 * time.Millisecond
	var out bytes.Buffer
	rep, err := Run(context.Background(), cfg, &out)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := rep.Err(); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	have := [...]int{rep.Finished, rep.Failed, rep.Turns, rep.TurnsPlayed, rep.Samples, rep.Orders, rep.Mismatches, rep.Rejections, rep.ServerErrors}
	want := [...]int{6, 0, 6, 18, 18, 0, 0, 0, 0}
	if have != want {
		t.Errorf("finished, failed, turns, turns played, delays, orders, mismatches, rejections, server errors:\nhave %v\nwant %v", have, want)
	}
	if h := rep.Hellos; h.Welcomed != 6 || h.Failed != 0 || h.Attempts < 6 || h.Time.Samples != 6 || h.Time.Max <= 0 {
		t.Errorf("hellos %+v: want 6 welcomed, none failed, a time to Welcome for each", h)
	}
	var printed bytes.Buffer
	rep.Print(&printed)
	for _, want := range []string{"passive clients (no orders, no AI)", "6 welcomed", "first dials spread over 50ms"} {
		if !strings.Contains(printed.String(), want) {
			t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
		}
	}
}

// TestRunIdle: idle clients connect, all within the storm, hold their
// connections in no game until the load's end, and are stopped by it,
// not failed.
func TestRunIdle(t *testing.T) {
	cfg := small(true)
	cfg.Clients, cfg.Level, cfg.Storm, cfg.Duration = ClientsIdle, "", 20*time.Millisecond, time.Second
	var out bytes.Buffer
	rep, err := Run(context.Background(), cfg, &out)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := rep.Err(); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	have := [...]int{rep.PeakConns, rep.Stopped, rep.Failed, rep.Turns, rep.Hellos.Welcomed, rep.Hellos.Failed}
	want := [...]int{6, 6, 0, 0, 6, 0}
	if have != want {
		t.Errorf("peak connections, stopped, failed, turns, hellos welcomed, failed:\nhave %v\nwant %v", have, want)
	}
	var printed bytes.Buffer
	rep.Print(&printed)
	if want := "idle clients (connected, in no game)"; !strings.Contains(printed.String(), want) {
		t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
	}
}

// TestStormStarts: a storm's dials are drawn within it, the same from the
// same seed, each game's first seat (its creator) first.
func TestStormStarts(t *testing.T) {
	if s := stormStarts(3, 4, 0, 1); s != nil {
		t.Errorf("no storm: %v, want nil (every client at once)", s)
	}
	const storm = 10 * time.Second
	a, b := stormStarts(50, 8, storm, 7), stormStarts(50, 8, storm, 7)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed drew other starts")
	}
	var early, late bool
	for i, game := range a {
		if len(game) != 8 || !slices.IsSorted(game) {
			t.Fatalf("game %d: starts %v, want 8 in order (the creator first)", i, game)
		}
		for _, d := range game {
			if d < 0 || d >= storm {
				t.Fatalf("game %d: start %v, outside the storm of %v", i, d, storm)
			}
			early, late = early || d < storm/10, late || d > 9*storm/10
		}
	}
	if !early || !late {
		t.Errorf("400 starts but none in the storm's first tenth (%v) or none in its last (%v)", early, late)
	}
}

// progressWatch is a load's progress writer that calls then once a line
// of progress says ok of the clients seated and the turns resolved.
type progressWatch struct {
	ok   func(held, turns int) bool
	then func()
	line []byte
	done bool
}

// progressRE matches a line of progress: "   1s  clients 3/3 ...  turns 4 (...".
var progressRE = regexp.MustCompile(`clients (\d+)/\d+.*  turns (\d+) `)

func (w *progressWatch) Write(p []byte) (int, error) {
	w.line = append(w.line, p...)
	for {
		i := bytes.IndexByte(w.line, '\n')
		if i < 0 {
			return len(p), nil
		}
		m := progressRE.FindSubmatch(w.line[:i])
		w.line = w.line[i+1:]
		if m == nil || w.done {
			continue
		}
		held, _ := strconv.Atoi(string(m[1]))
		turns, _ := strconv.Atoi(string(m[2]))
		if w.ok(held, turns) {
			w.done = true
			w.then()
		}
	}
}

// TestRunStopped checks that clients stopped by the load's end are not
// failures: the end of its Duration, here before any client took its
// seat, or of its context, here once every client is seated and a turn
// has been resolved (as a line of progress tells).
func TestRunStopped(t *testing.T) {
	t.Run("duration", func(t *testing.T) {
		cfg := small(true)
		cfg.Games, cfg.Turns, cfg.Duration = 1, 1000, time.Nanosecond
		rep, err := Run(context.Background(), cfg, io.Discard)
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		if rep.Stopped != 3 || rep.Failed != 0 || rep.Err() != nil {
			t.Errorf("stopped %d, failed %d, error %v: want 3 stopped and no error", rep.Stopped, rep.Failed, rep.Err())
		}
	})
	t.Run("context", func(t *testing.T) {
		cfg := small(true)
		cfg.Games, cfg.Turns, cfg.Every = 1, 1000, time.Millisecond
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		w := &progressWatch{ok: func(held, turns int) bool { return held == 3 && turns > 0 }, then: cancel}
		rep, err := Run(ctx, cfg, w)
		if err != nil {
			t.Fatalf("run: %v", err)
		}
		if !w.done {
			t.Fatalf("no line of progress with 3 clients seated and a turn resolved before the load's Duration (%v) ended", cfg.Duration)
		}
		if rep.Stopped != 3 || rep.Failed != 0 || rep.Err() != nil {
			t.Errorf("stopped %d, failed %d, error %v: want 3 stopped and no error", rep.Stopped, rep.Failed, rep.Err())
		}
		if rep.Turns == 0 || rep.EndConns != 3 {
			t.Errorf("%d turns resolved, %d connections at the end: want turns and 3", rep.Turns, rep.EndConns)
		}
	})
}

func TestParseFlags(t *testing.T) {
	cfg, _, err := parseFlags(strings.Fields("-games 50 -seats 8 -size 32x24 -timer 10 -turns 40 -level easy -duration 90s -seed 3"), io.Discard)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	want := Config{Games: 50, Seats: 8, Width: 32, Height: 24, Timer: 10, Turns: 40, Rematch: true, Level: "easy", Clients: ClientsAI,
		Duration: 90 * time.Second, Seed: 3, Every: 5 * time.Second}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("config:\nhave %+v\nwant %+v", cfg, want)
	}
	for _, args := range []string{
		"-seats 1", "-seats 17", "-seats 21", "-option rounds=3", "-option rounds", "-option width=40", "-size 32", "-size 8x8", "-timer 5", "-turns 0", "-level genius",
		"-games 0", "-duration 0s", "extra", "-clients robots", "-think -1s", "-server-pid 12", "-warmup 2m -duration 1m", "-storm 2m -duration 1m", "-storm -1s", "-ruleset chess", "-ruleset erfpires -level genius",
	} {
		if _, _, err := parseFlags(strings.Fields(args), io.Discard); !errors.Is(err, errUsage) {
			t.Errorf("%q: error %v, want a usage error", args, err)
		}
	}
}

func TestCollector(t *testing.T) {
	c := newCollector()
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	c.ready(1, at(0))
	c.ready(1, at(30)) // the last SetReady of turn 1
	c.ready(1, at(10))
	c.update(1, at(35))
	c.update(1, at(40))
	c.update(1, at(25)) // before the last SetReady was noted
	d, r, late := c.take(false)
	if len(d) != 0 || !slices.Equal(r, []time.Time{at(35)}) || late != 0 {
		t.Errorf("turn 1 still the latest: delays %v, resolved %v, late %d; want none, [35ms], 0", d, r, late)
	}
	c.ready(2, at(100))
	c.update(2, at(101))
	d, r, late = c.take(false)
	want := []time.Duration{0, 5 * time.Millisecond, 10 * time.Millisecond}
	if have := sortedCopy(d); !slices.Equal(have, want) || len(r) != 1 || late != 1 {
		t.Errorf("after turn 2: delays %v, resolved %v, late %d; want %v, one, 1", have, r, late, want)
	}
	d, r, _ = c.take(true)
	if !slices.Equal(d, []time.Duration{time.Millisecond}) || len(r) != 0 {
		t.Errorf("at the end: delays %v, resolved %v; want [1ms], none", d, r)
	}
	if len(c.turns) != 0 {
		t.Errorf("%d turns kept after taking all", len(c.turns))
	}

	// A new game counts its turns from 1 again.
	c.ready(7, at(200))
	c.update(7, at(202))
	c.newGame()
	c.ready(1, at(300))
	c.update(1, at(303))
	d, r, _ = c.take(false)
	if !slices.Equal(d, []time.Duration{2 * time.Millisecond}) || len(r) != 2 {
		t.Errorf("after a new game: delays %v, resolved %v; want [2ms] and two turns", d, r)
	}
	c.ready(2, at(400))
	c.update(2, at(404))
	if d, _, _ = c.take(false); !slices.Equal(d, []time.Duration{3 * time.Millisecond}) {
		t.Errorf("turn 1 of the new game: delays %v, want [3ms]", d)
	}
}

// TestCollectorActs: each action's delay to its ActResult, and to every
// other client's TurnUpdate playing its step (not the actor's own), once a
// later step has been played; steps nobody acted in give none.
func TestCollectorActs(t *testing.T) {
	c := newCollector()
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	c.stepped(1, 1, at(5)) // a simultaneous step: nobody acted
	c.stepped(2, 1, at(6))
	c.acted(2, 2, at(10))
	c.actResult(2, at(13))
	c.stepped(1, 2, at(15))
	c.stepped(2, 2, at(14)) // the actor's own
	c.stepped(3, 2, at(18))
	if a, o := c.takeActs(false); len(a) != 0 || len(o) != 0 {
		t.Errorf("step 2 still the latest: %v, %v; want none", a, o)
	}
	c.acted(1, 3, at(20))
	c.stepped(2, 3, at(19)) // noted before the actor's hook: no delay
	a, o := c.takeActs(false)
	if !slices.Equal(a, []time.Duration{3 * time.Millisecond}) {
		t.Errorf("answers %v, want [3ms]", a)
	}
	if have := sortedCopy(o); !slices.Equal(have, []time.Duration{5 * time.Millisecond, 8 * time.Millisecond}) {
		t.Errorf("seen by the others %v, want [5ms 8ms]", have)
	}
	a, o = c.takeActs(true)
	if len(a) != 0 || !slices.Equal(o, []time.Duration{0}) {
		t.Errorf("at the end: %v, %v; want no answer and [0]", a, o)
	}
	if len(c.acts) != 0 {
		t.Errorf("%d steps kept after taking all", len(c.acts))
	}
	if d := summarize([]time.Duration{3, 1, 2}); d != (Delays{Samples: 3, P50: 2, P99: 3, Max: 3}) {
		t.Errorf("summarize: %+v", d)
	}
}

func TestPercentile(t *testing.T) {
	ds := []time.Duration{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, tc := range []struct {
		p    float64
		want time.Duration
	}{{0.5, 5}, {0.99, 10}, {0.1, 1}, {1, 10}} {
		if have := percentile(ds, tc.p); have != tc.want {
			t.Errorf("percentile %v: have %v, want %v", tc.p, have, tc.want)
		}
	}
	if have := percentile(nil, 0.5); have != 0 {
		t.Errorf("percentile of none: have %v, want 0", have)
	}
}

func TestParseStat(t *testing.T) {
	stat := "1234 (load (x) y) S 1 1234 1234 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 12 0 100 1000000 2000"
	if have, ok := parseStatCPU(stat); !ok || have != 3*time.Second {
		t.Errorf("CPU of %q: have %v %v, want 3s", stat, have, ok)
	}
	if _, ok := parseStatCPU("garbage"); ok {
		t.Errorf("CPU of garbage: ok")
	}
	status := "Name:\tload\nVmHWM:\t  20480 kB\nVmRSS:\t  10240 kB\n"
	if rss, hwm := statusKiB(status, "VmRSS:"), statusKiB(status, "VmHWM:"); rss != 10240 || hwm != 20480 {
		t.Errorf("RSS %d kB, HWM %d kB: want 10240 and 20480", rss, hwm)
	}
}

// TestRunActions runs a small load of Duel, a game played one
// action at a time, with its rounds set as -option would: the report has
// the delay from each action to its answer and to the other players'
// updates.
func TestRunActions(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := small(true)
	cfg.Rulesets, cfg.Ruleset, cfg.Level, cfg.Turns = reg, duel.ID, duel.LevelNormal, 10
	cfg.Options = []protocol.Option{{Key: duel.KeyRounds, Value: 2}}
	var out bytes.Buffer
	rep, err := Run(context.Background(), cfg, &out)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	if err := rep.Err(); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	if rep.GamesOver != 2 || rep.Rejections != 0 {
		t.Errorf("%d games over, %d actions refused: want 2 and none", rep.GamesOver, rep.Rejections)
	}
	// Each action is seen by the two other players, and answered (but the
	// last of a game, whose player may see GameOver first and stop).
	if a, s := rep.Answer, rep.Seen; a.Samples == 0 || s.Samples < 2*a.Samples || s.Samples > 2*(a.Samples+2) ||
		a.P50 > a.Max || s.P50 > s.Max {
		t.Errorf("action delays %+v, seen by the others %+v: want some, each seen twice", a, s)
	}
	var printed bytes.Buffer
	rep.Print(&printed)
	t.Logf("the report:\n%s", printed.String())
	for _, want := range []string{"duel rounds=2", "action delay", "action seen"} {
		if !strings.Contains(printed.String(), want) {
			t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
		}
	}
	cfg.Options = []protocol.Option{{Key: duel.KeyRounds, Value: 99}}
	if _, err := Run(context.Background(), cfg, io.Discard); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), "rounds 99") {
		t.Errorf("99 rounds: %v, want a usage error naming them", err)
	}
}

// TestRunRisk runs a small load of risk, played one action at a time with
// a concurrent trading step, to the end of its games: with the AI for
// clients, and with light ones (whose AI plays risk's steps, all of them
// interactive or concurrent). Every game ends with no client failed and
// no checksum mismatched; the report has the steps played, the action
// delays and the server's CPU a step. In the trading step every trader
// acts on the view it has, at once, so an action may come after the step
// it was meant for has ended (the server answers "wrong turn", or that the
// seat is not asked to act now) or after another's action made it moot (an
// offer withdrawn: refused by the game); no other server error may come.
func TestRunRisk(t *testing.T) {
	for _, clients := range []string{ClientsAI, ClientsPassive} {
		t.Run(clients, func(t *testing.T) {
			cfg := small(false)
			cfg.Ruleset, cfg.Clients, cfg.Level, cfg.Turns, cfg.Timer = risk.ID, clients, "normal", 100, 0
			if clients == ClientsPassive {
				cfg.Level = ""
			}
			cfg.Options = []protocol.Option{{Key: risk.KeyMap, Value: risk.MapGenerated}, {Key: risk.KeyTerritories, Value: 9},
				{Key: risk.KeyRounds, Value: 3}}
			var out bytes.Buffer
			rep, err := Run(context.Background(), cfg, &out)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if err := rep.Err(); err != nil {
				t.Fatalf("report: %v\n%s", err, out.String())
			}
			var printed bytes.Buffer
			rep.Print(&printed)
			t.Logf("the report:\n%s", printed.String())
			if rep.GamesOver != 2 || rep.Finished != 6 || rep.Failed != 0 || rep.Mismatches != 0 {
				t.Errorf("%d games over, %d clients finished, %d failed, %d mismatches: want 2, 6, 0, 0", rep.GamesOver, rep.Finished, rep.Failed, rep.Mismatches)
			}
			// A game of 3 rounds on 9 territories: the set-up's placements
			// alone are more than 20 steps.
			if rep.Steps() < 2*20 || rep.Answer.Samples == 0 || rep.Seen.Samples == 0 {
				t.Errorf("%d steps, %d actions answered, %d seen by others: want a whole game's of each", rep.Steps(), rep.Answer.Samples, rep.Seen.Samples)
			}
			for _, e := range rep.ServerErrorQuotes {
				if !strings.Contains(e, "wrong turn") && !strings.Contains(e, "not asked to act now") {
					t.Errorf("server error %q: want only actions the trading step's end made late", e)
				}
			}
			for _, want := range []string{"risk map=1 territories=9 rounds=3", "action delay", "server/step"} {
				if !strings.Contains(printed.String(), want) {
					t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
				}
			}
		})
	}
}

// TestRunGenerals runs a small load of generals, a card game of hidden
// hands played one action at a time, to the end of its games (the Quick
// length, a limit of 3 rounds): with the random AI for clients, and with
// light ones (whose AI plays generals' steps, all of them interactive but
// the opening, which is concurrent). Every game ends with no client failed,
// no checksum mismatched and no action refused. In the opening every
// player acts on the view it has, at once: a player whose split is not
// yet applied when another's makes a new step acts again in it, and that
// second action comes after the opening ended (the server answers "wrong
// turn"); no other server error may come. The report has the steps
// played, the action delays, the server's CPU a step and, the server
// saving every step in a data directory, the store's bytes a step.
func TestRunGenerals(t *testing.T) {
	for _, clients := range []string{ClientsAI, ClientsPassive} {
		t.Run(clients, func(t *testing.T) {
			cfg := small(false)
			cfg.Ruleset, cfg.Clients, cfg.Level, cfg.Turns, cfg.Timer = generals.ID, clients, "random", 1000, 0
			if clients == ClientsPassive {
				cfg.Level = ""
			}
			cfg.Options = []protocol.Option{{Key: generals.KeyLength, Value: generals.LengthQuick}, {Key: generals.KeyRounds, Value: 3}}
			cfg.DataDir = t.TempDir()
			var out bytes.Buffer
			rep, err := Run(context.Background(), cfg, &out)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if err := rep.Err(); err != nil {
				t.Fatalf("report: %v\n%s", err, out.String())
			}
			var printed bytes.Buffer
			rep.Print(&printed)
			t.Logf("the report:\n%s", printed.String())
			if rep.GamesOver != 2 || rep.Finished != 6 || rep.Failed != 0 || rep.Mismatches != 0 || rep.Rejections != 0 {
				t.Errorf("%d games over, %d clients finished, %d failed, %d mismatches, %d actions refused: want 2, 6, 0, 0, 0",
					rep.GamesOver, rep.Finished, rep.Failed, rep.Mismatches, rep.Rejections)
			}
			// Three rounds of three players: each turn is a declaration,
			// and the phases each ended by an action.
			if rep.Steps() < 2*3*3*5 || rep.Answer.Samples == 0 || rep.Seen.Samples == 0 {
				t.Errorf("%d steps, %d actions answered, %d seen by others: want a whole game's of each", rep.Steps(), rep.Answer.Samples, rep.Seen.Samples)
			}
			for _, e := range rep.ServerErrorQuotes {
				if !strings.Contains(e, "wrong turn") && !strings.Contains(e, "not asked to act now") {
					t.Errorf("server error %q: want only actions the opening's end made late", e)
				}
			}
			if rep.StoreBytes == 0 {
				t.Error("the store's bytes were not measured")
			}
			for _, want := range []string{"generals", "action delay", "server/step", "bytes a step played"} {
				if !strings.Contains(printed.String(), want) {
					t.Errorf("the printed report lacks %q:\n%s", want, printed.String())
				}
			}
		})
	}
}

func TestAttemptKind(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&conn.RefusedError{Status: 503, Message: "503 Service Unavailable: too many connections"}, "refused (HTTP 503)"},
		{fmt.Errorf("the server refused the connection: %w", &protocol.ProtocolError{Code: protocol.Unavailable}), "refused (unavailable)"},
		{fmt.Errorf("no Welcome from ws://x/ws: failed to get reader: %w", context.DeadlineExceeded), "no Welcome in time"},
		{errors.New("cannot reach the server at ws://x/ws: connection refused"), "cannot reach the server at ws://x/ws: connection refused"},
	}
	for _, tt := range tests {
		if have := attemptKind(tt.err); have != tt.want {
			t.Errorf("attemptKind(%v) = %q, want %q", tt.err, have, tt.want)
		}
	}
	var d dials
	d.retried(1, tests[0].err, time.Second)
	d.retried(2, tests[0].err, time.Second)
	d.retried(1, tests[2].err, time.Second)
	d.dialed(3, 5*time.Second, nil)
	d.dialed(1, 3*time.Second, nil)
	have := d.report()
	want := Hellos{Welcomed: 2, Retried: 1, Attempts: 4, Why: map[string]int{"refused (HTTP 503)": 2, "no Welcome in time": 1},
		Time: Delays{Samples: 2, P50: 3 * time.Second, P99: 5 * time.Second, Max: 5 * time.Second}}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("report:\nhave %+v\nwant %+v", have, want)
	}
}
