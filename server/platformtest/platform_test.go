// Package platformtest proves the server core knows no ruleset: Duel, a
// short card game of hidden hands (shared/rules/duel), and
// erfpires, a hex game, play through the real server over websockets, by
// the headless bot, survive a SIGKILL of the server in the middle, replay
// from the saved order log, and no view any player of Duel received shows
// another player's card. A table of twenty plays Duel with each person's
// own deck (TestDuel20ThroughServer), and a minimal ruleset of decks
// holds the lobby to its contract of seat set-up data
// (TestSeatDataThroughServer). Risk is played the same way, with people
// only and with a seat of the server's AI, on the LAN as the desktop
// client hosts it (TestRiskOnLAN), and over many games watched through a
// tap that keeps every message the server sent, none of which, nor the
// replays, may show a Goods card to anyone who may not see it
// (TestRiskNoHiddenCardLeaks, TestRiskLeakCheckFinds). Generals, the card
// game of players' own decks, is played the same way: over many games
// through the tap, no view, delta, event or replay shows a card of
// another's hand or of anyone's piles (TestGeneralsNoHiddenCardLeaks,
// TestGeneralsLeakCheckFinds); four players, three people with decks of
// their own and the AI, through a SIGKILL (TestGeneralsPeopleAndAIThroughServer);
// a table of twenty (TestGenerals20ThroughServer); and on the LAN
// (TestGeneralsOnLAN).
package platformtest_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/host"
	"empires/server/internal/logbuf"
	"empires/server/store"
	"empires/shared/bot"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	"empires/shared/rules/risk"
	"empires/shared/ruleset"
)

// childEnv, set to "DIR ADDR", makes the test binary run a server on data
// directory DIR listening on ADDR instead of the tests.
const childEnv = "EMPIRES_PLATFORM_TEST_SERVER"

// waitLimit only keeps a broken test from hanging. It is far above what
// a game takes on a busy machine under the race detector (a game of risk
// of 143 steps with a server's SIGKILL: 40 to 63 s at a load average of
// 12 on two cores, where 2 minutes would have been too near), and below
// make test's timeout.
const waitLimit = 10 * time.Minute

func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		os.Exit(serve(v))
	}
	os.Exit(m.Run())
}

// rulesets are the build's rulesets, Duel among them, and decks (a test
// ruleset of seat set-up data, up to 20 seats).
func rulesets() (*ruleset.Registry, error) {
	base, err := registry.Default()
	if err != nil {
		return nil, err
	}
	return ruleset.NewRegistry(append(base.All(), newDecks())...)
}

// serve runs a server as childEnv's value says, prints its URL and serves
// until the process is killed. Its bots act a millisecond after one
// another (ActionPace) rather than at a pace a person can follow, so that
// a table of eighteen bots plays its rounds at once.
func serve(v string) int {
	dir, addr, _ := strings.Cut(v, " ")
	reg, err := rulesets()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cfg := host.DefaultConfig()
	cfg.DataDir = dir
	cfg.Rulesets, cfg.Builtin = reg, reg
	cfg.ActionPace = time.Millisecond
	cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	r, err := host.Start(cfg, addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(r.URL())
	<-r.Done()
	return 1
}

// child is a server in a child process.
type child struct {
	cmd  *exec.Cmd
	logs *logbuf.Buffer
}

// startChild runs a server on dir at addr in a child process.
func startChild(t *testing.T, dir, addr, name string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir+" "+addr)
	logs := &logbuf.Buffer{}
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("the %s server's logs:\n%s", name, logs.String())
		}
	})
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSpace(l)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case url := <-line:
		if !strings.HasPrefix(url, "ws://") {
			t.Fatalf("the %s server printed %q, want its URL", name, url)
		}
	case <-time.After(waitLimit):
		t.Fatalf("the %s server did not start in time", name)
	}
	return &child{cmd: cmd, logs: logs}
}

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

// seen is a view a bot received.
type seen struct {
	bot  int
	view ruleset.View
}

// crashGame is a game crashGame plays: its settings (the first bot
// creates it, the others join), and the step at which the server is
// killed.
type crashGame struct {
	set    protocol.Settings
	names  []string
	killAt uint32 // the view's step (Seq) after which the server dies
	seq    func(ruleset.View) uint32
	// rulesets, if not nil, are each bot's rulesets (the server's
	// otherwise): a bot brings its own deck (ownDeckRegistry).
	rulesets []*ruleset.Registry
	// seated, if not nil, is called once the first bot has created the
	// game, with the server's URL and the game, before the other bots
	// join it.
	seated func(url string, id protocol.GameID)
}

// crashed is what crashGame saw.
type crashed struct {
	reg     *ruleset.Registry
	dir     string
	results []bot.Result
	views   []seen
}

// play plays g with headless bots on a server in a child process, kills
// the server (SIGKILL: nothing saved on the way out) once a bot's view is
// at step g.killAt, starts a new one on the same data directory and
// address, and lets the bots reconnect with their seat tokens and play the
// game to its end. It checks that every bot saw the end, reconnected, had
// nothing refused (but what another player's action made moot: raced) and
// agrees on the winner, and that the saved game
// replays step by step.
func play(t *testing.T, g crashGame) crashed {
	t.Helper()
	reg, err := rulesets()
	if err != nil {
		t.Fatal(err)
	}
	dir, addr := t.TempDir(), freeAddr(t)
	first := startChild(t, dir, addr, "first")

	var mu sync.Mutex
	var views []seen
	kill := make(chan struct{})
	var killOnce sync.Once
	viewed := func(bot int) func(ruleset.View) {
		return func(v ruleset.View) {
			mu.Lock()
			views = append(views, seen{bot: bot, view: v})
			mu.Unlock()
			if g.seq(v) >= g.killAt {
				killOnce.Do(func() { close(kill) })
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	url := "ws://" + addr + "/ws"
	results := make([]bot.Result, len(g.names))
	errs := make([]error, len(g.names))
	races := make([]raced, len(g.names))
	var wg sync.WaitGroup
	created := make(chan protocol.GameID, 1)
	var once sync.Once
	var game protocol.GameID
	for i, name := range g.names {
		rs := reg
		if g.rulesets != nil {
			rs = g.rulesets[i]
		}
		opts := bot.Options{URL: url, Name: name, Rulesets: rs, RulesCache: filepath.Join(t.TempDir(), name),
			Hooks: bot.Hooks{View: viewed(i)}}
		races[i].hook(&opts.Hooks)
		if i == 0 {
			set := g.set
			opts.Create = &set
			opts.Hooks.Joined = func(id protocol.GameID, _ protocol.Seat) { once.Do(func() { created <- id }) }
		} else {
			opts.Join = game
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
		if i == 0 && g.seated != nil {
			select {
			case game = <-created:
			case <-ctx.Done():
				t.Fatal("the game was not created in time")
			}
			g.seated(url, game)
		}
	}
	select {
	case <-kill:
	case <-ctx.Done():
		t.Fatalf("the game did not reach step %d", g.killAt)
	}
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cmd.Wait()
	second := startChild(t, dir, addr, "second")
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			t.Fatalf("%s: %v", g.names[i], errs[i])
		}
		switch {
		case !r.Over:
			t.Errorf("%s: the game is not over (turn %d)", g.names[i], r.Turn)
		case r.Reconnects < 1:
			t.Errorf("%s: never reconnected, yet the server was killed", g.names[i])
		case races[i].refused(r) != nil:
			t.Errorf("%s: the server refused %v, %d of them after another player's action", g.names[i], r.Rejections, races[i].n)
		case r.Mismatches > 0:
			t.Errorf("%s: %d views out of step with the server's", g.names[i], r.Mismatches)
		case r.Winner != results[0].Winner || r.Game != results[0].Game:
			t.Errorf("%s: game %d won by %d; %s saw game %d won by %d", g.names[i], r.Game, r.Winner, g.names[0], results[0].Game, results[0].Winner)
		case len(r.Rejections) > 0:
			t.Logf("%s: refused after another player's action: %v", g.names[i], r.Rejections)
		}
	}
	if err := second.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = second.cmd.Wait()

	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rs, _ := reg.Get(g.set.Ruleset)
	steps := 0
	if err := store.Replay(s, results[0].Game, rs, func(store.Step) error { steps++; return nil }); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if steps <= int(g.killAt) {
		t.Fatalf("replayed %d steps, want the whole game (more than %d)", steps, g.killAt)
	}
	t.Logf("%s: %d steps replayed, won by seat %d", g.set.Ruleset, steps, results[0].Winner)
	mu.Lock()
	defer mu.Unlock()
	return crashed{reg: reg, dir: dir, results: results, views: views}
}

// TestDuelThroughServer plays Duel, three headless bots at one table, each
// with the balanced deck, through play (a SIGKILL of the server at step
// 12, the game to its end with the decks the save kept, the replay), and
// checks every view each bot received against the saved state of its
// step (duel.CheckHidden): the public cards and the seat's own hand, no
// card of another player's hand nor of any deck, the true sizes of hands
// and decks.
func TestDuelThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	names := []string{"Anna", "Bert", "Cleo"}
	c := play(t, crashGame{
		set: protocol.Settings{Name: "duel", Ruleset: duel.ID, Seats: len(names), Seed: 5,
			Options: []protocol.Option{{Key: duel.KeyRounds, Value: 5}}},
		names: names, killAt: 12,
		seq: func(v ruleset.View) uint32 { return v.(*duel.View).Table.Seq },
	})
	s, err := store.OpenDir(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	du, _ := c.reg.Get(duel.ID)
	rules := du.(*duel.Rules)
	id := c.results[0].Game
	for _, v := range c.views {
		seat := ruleset.Seat(c.results[v.bot].Seat)
		view, ok := v.view.(*duel.View)
		if !ok {
			t.Fatalf("%s got a %T, not a Duel view", names[v.bot], v.view)
		}
		at, err := store.At(s, id, du, view.Table.Seq)
		if err != nil {
			t.Fatalf("seat %d's view of step %d: %v", seat, view.Table.Seq, err)
		}
		save, err := at.Save()
		if err != nil {
			t.Fatal(err)
		}
		if view.Seat != seat {
			t.Errorf("%s at seat %d got seat %d's view", names[v.bot], seat, view.Seat)
		}
		if err := rules.CheckHidden(save, view); err != nil {
			t.Error(err)
		}
	}
	if len(c.views) < 3*12 {
		t.Errorf("only %d views checked", len(c.views))
	}
}

// TestErfpiresThroughServer plays erfpires, two headless bots on a small
// map, through play: a SIGKILL of the server on day 6, the game to its
// end, the replay.
func TestErfpiresThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	play(t, crashGame{
		set:   protocol.Settings{Name: "erfpires", Ruleset: "erfpires", Width: 24, Height: 24, Seats: 2, Seed: 9},
		names: []string{"Anna", "Bert"}, killAt: 6,
		seq: func(v ruleset.View) uint32 { return uint32(v.(*hexgame.View).V.Turn) },
	})
}

// TestEmpireThroughServer plays empire, two headless bots on a small map of
// squares, through play: a SIGKILL of the server on turn 8, the game to its
// end, the replay.
func TestEmpireThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	play(t, crashGame{
		set:   protocol.Settings{Name: "empire", Ruleset: "empire", Width: 20, Height: 16, Seats: 2, Seed: 4},
		names: []string{"Anna", "Bert"}, killAt: 8,
		seq: func(v ruleset.View) uint32 { return uint32(v.(*empire.View).Turn) },
	})
}

// TestRiskThroughServer plays risk (EMPIRES, the Risk extended scenario),
// three headless bots on a generated map of 9 territories for 6 rounds,
// through play (a SIGKILL of the server at step 20, the game to its end,
// the replay), and checks every view each bot received against the saved
// state of its step (risk's CheckHidden): no Goods card, Disaster or
// territory card of another player, no other offer's cards.
func TestRiskThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	names := []string{"Anna", "Bert", "Cleo"}
	c := play(t, crashGame{
		set: protocol.Settings{Name: "risk", Ruleset: risk.ID, Seats: len(names), Seed: 3,
			Options: []protocol.Option{{Key: risk.KeyMap, Value: risk.MapGenerated}, {Key: risk.KeyTerritories, Value: 9},
				{Key: risk.KeyRounds, Value: 6}}},
		names: names, killAt: 20,
		seq: func(v ruleset.View) uint32 { return v.(*risk.View).Seq },
	})
	checkRiskViews(t, c, names)
	if len(c.views) < 3*20 {
		t.Errorf("only %d views checked", len(c.views))
	}
}

// raced counts a bot's actions the server answered after another player's
// action had moved the step on. In a concurrent step (risk's trading) every
// actor acts on the view it has, and the game may refuse an action for
// what another did in the meantime: an offer accepted just after its
// maker withdrew it, an offer made to a player who has just left the
// trading. Such a refusal is the game's right answer, no fault of the bot
// or of the server; any other is. Its hooks run on the bot's goroutine;
// read n once the bot's Run has returned.
type raced struct {
	pending map[uint32]bool // the steps acted in, not answered: whether another action came first
	n       int
}

// hook adds raced's counting to h.
func (r *raced) hook(h *bot.Hooks) {
	r.pending = map[uint32]bool{}
	h.Acted = func(seq uint32, _ time.Time) { r.pending[seq] = false }
	h.Stepped = func(seq uint32, _ time.Time) {
		for s := range r.pending {
			if seq >= s {
				r.pending[s] = true
			}
		}
	}
	h.ActResult = func(seq uint32, _ time.Time) {
		if r.pending[seq] {
			r.n++
		}
		delete(r.pending, seq)
	}
}

// refused returns the bot's rejections a race with another player's
// action does not explain: none when it had no more rejections than
// actions answered after another's.
func (r *raced) refused(res bot.Result) []bot.Rejection {
	if len(res.Rejections) <= r.n {
		return nil
	}
	return res.Rejections
}

// TestRiskPeopleAndAIThroughServer plays risk on the dedicated server (a
// child process): two people, headless bots joining as people, and a seat
// the server's AI fills (Settings.Bots), on a generated map of 10
// territories for 5 rounds, through play (a SIGKILL of the server at step
// 25, the AI seat resumed with the game, the game to its end, the replay),
// and checks every view the people received as TestRiskThroughServer does.
func TestRiskPeopleAndAIThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	names := []string{"Anna", "Bert"}
	c := play(t, crashGame{
		set: protocol.Settings{Name: "risk with the AI", Ruleset: risk.ID, Seats: 3, Bots: 1, AILevel: "normal", Seed: 12,
			Options: []protocol.Option{{Key: risk.KeyMap, Value: risk.MapGenerated}, {Key: risk.KeyTerritories, Value: 10},
				{Key: risk.KeyRounds, Value: 5}}},
		names: names, killAt: 25,
		seq: func(v ruleset.View) uint32 { return v.(*risk.View).Seq },
	})
	checkRiskViews(t, c, names)
	if len(c.views) < 2*25 {
		t.Errorf("only %d views checked", len(c.views))
	}
}

// checkRiskViews checks every view each bot of c received against the
// saved state of its step with risk's CheckHidden: its seat's own view,
// no Goods card, Disaster or territory card of another player, no other
// offer's cards. The saves of every step come from one replay of the
// stored game.
func checkRiskViews(t *testing.T, c crashed, names []string) {
	t.Helper()
	s, err := store.OpenDir(c.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rr, _ := c.reg.Get(risk.ID)
	rules := rr.(*risk.Rules)
	id := c.results[0].Game
	saved, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	first, err := store.At(s, id, rr, saved.First)
	if err != nil {
		t.Fatal(err)
	}
	saves := map[uint32][]byte{}
	keep := func(g ruleset.Game) error {
		save, err := g.Save()
		saves[g.Step().Seq] = save
		return err
	}
	if err := keep(first); err != nil {
		t.Fatal(err)
	}
	if err := store.Replay(s, id, rr, func(st store.Step) error { return keep(st.Game) }); err != nil {
		t.Fatal(err)
	}
	for _, v := range c.views {
		seat := ruleset.Seat(c.results[v.bot].Seat)
		view, ok := v.view.(*risk.View)
		if !ok {
			t.Fatalf("%s got a %T, not a risk view", names[v.bot], v.view)
		}
		save, ok := saves[view.Seq]
		if !ok {
			t.Fatalf("seat %d got a view of step %d, which the game never reached", seat, view.Seq)
		}
		if view.Seat != seat {
			t.Errorf("%s at seat %d got seat %d's view", names[v.bot], seat, view.Seat)
		}
		if err := rules.CheckHidden(save, view); err != nil {
			t.Error(err)
		}
	}
}
