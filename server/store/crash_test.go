package store_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/internal/skip"
	"empires/server/host"
	"empires/server/internal/logbuf"
	"empires/server/store"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// serverEnv, set to a data directory, makes the test binary run a server
// on that directory instead of the tests: the crash test's child process.
// addrEnv, if set, is the address it listens on (a free port if not).
const (
	serverEnv = "EMPIRES_STORE_TEST_SERVER"
	addrEnv   = "EMPIRES_STORE_TEST_ADDR"
)

// waitLimit only keeps a broken test from hanging.
const waitLimit = 2 * time.Minute

func TestMain(m *testing.M) {
	if dir := os.Getenv(serverEnv); dir != "" {
		os.Exit(serve(dir))
	}
	os.Exit(m.Run())
}

// serverConfig returns the configuration of a server on data directory
// dir, playing rulesets().
func serverConfig(dir string) (host.Config, error) {
	reg, err := rulesets()
	if err != nil {
		return host.Config{}, err
	}
	cfg := host.DefaultConfig()
	cfg.DataDir = dir
	cfg.Rulesets, cfg.Builtin = reg, reg
	return cfg, nil
}

// rulesets returns the built-in rulesets, Duel's deck replaced by one for
// long games (store.LongDeck).
func rulesets() (*ruleset.Registry, error) {
	base, err := registry.Default()
	if err != nil {
		return nil, err
	}
	all := base.All()
	for i, rs := range all {
		if rs.Info().ID != duel.ID {
			continue
		}
		if all[i], err = rs.WithData([]byte(store.LongDeck)); err != nil {
			return nil, err
		}
	}
	return ruleset.NewRegistry(all...)
}

// serve runs a server on data directory dir, prints its URL and serves
// until the process is killed.
func serve(dir string) int {
	cfg, err := serverConfig(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	addr := os.Getenv(addrEnv)
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	r, err := host.Start(cfg, addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(r.URL())
	<-r.Done()
	return 1
}

// child is a server running in a child process.
type child struct {
	cmd  *exec.Cmd
	url  string
	logs *logbuf.Buffer
}

// startChild runs a server on dir in a child process, listening on addr
// ("": a free port).
func startChild(t *testing.T, dir, addr string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serverEnv+"="+dir, addrEnv+"="+addr)
	logs := &logbuf.Buffer{}
	cmd.Stderr = logs
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, logs: logs}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("the first server's logs:\n%s", logs.String())
		}
	})
	urls := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		urls <- strings.TrimSpace(line)
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case c.url = <-urls:
	case <-time.After(waitLimit):
		t.Fatal("the server did not start in time")
	}
	if !strings.HasPrefix(c.url, "ws://") {
		t.Fatalf("the server printed %q, want its URL", c.url)
	}
	return c
}

// player is a test's websocket client of an erfworld game: it keeps its
// seat's view by the server's updates, checking every checksum.
type player struct {
	t      *testing.T
	name   string
	ws     *websocket.Conn
	seq    uint32
	limits protocol.Limits
	rs     ruleset.Ruleset
	game   protocol.GameID
	seat   protocol.Seat
	token  protocol.SeatToken
	view   ruleset.View
	fulls  int // FullViews received
}

// turn returns the turn of the player's view.
func (p *player) turn() protocol.Turn { return protocol.Turn(p.view.(*hexgame.View).V.Turn) }

func connect(t *testing.T, url, name string, rs ruleset.Ruleset) *player {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("%s: dial %s: %v", name, url, err)
	}
	t.Cleanup(func() { _ = ws.CloseNow() })
	p := &player{t: t, name: name, ws: ws, limits: protocol.DefaultLimits(), rs: rs}
	ws.SetReadLimit(int64(p.limits.MaxServerMessage))
	p.send(&protocol.Hello{Version: protocol.Version, Name: name, Client: "empires-store-test"})
	w := expect[*protocol.Welcome](p)
	if len(w.Rulesets) == 0 || w.Rulesets[0].ID != "erfworld" || w.Rulesets[0].Hash != rs.Info().Hash || w.Rulesets[0].Modded {
		t.Fatalf("%s: welcome %+v: want the built-in erfworld first", name, w.Rulesets)
	}
	return p
}

func (p *player) send(msg protocol.Message) {
	p.t.Helper()
	p.seq++
	frame, err := protocol.Marshal(p.seq, 0, msg)
	if err != nil {
		p.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		p.t.Fatalf("%s: send %T: %v", p.name, msg, err)
	}
}

// next reads the next message, applying views and updates.
func (p *player) next() protocol.Message {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	_, frame, err := p.ws.Read(ctx)
	if err != nil {
		p.t.Fatalf("%s: read: %v", p.name, err)
	}
	_, msg, err := p.limits.ReadServer(frame)
	if err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
	switch m := msg.(type) {
	case *protocol.Joined:
		p.game, p.seat, p.token = m.Game, m.Seat, m.Token
	case *protocol.FullView:
		v, err := p.rs.DecodeView(m.View)
		if err != nil || v.Checksum() != m.Checksum {
			p.t.Fatalf("%s: a full view that does not decode (%v) or has a wrong checksum", p.name, err)
		}
		p.view = v
		p.fulls++
	case *protocol.TurnUpdate:
		v, err := p.view.Apply(m.Delta)
		if err != nil || v.Checksum() != m.Checksum {
			p.t.Fatalf("%s: the update of turn %d does not apply (%v) or its checksum differs", p.name, p.turn(), err)
		}
		if _, err := hexgame.DecodeEvents(m.Events, nil); err != nil {
			p.t.Fatalf("%s: the events do not decode: %v", p.name, err)
		}
		p.view = v
	case *protocol.OrdersResult:
		if len(m.Errors) > 0 {
			p.t.Fatalf("%s: orders refused: %+v", p.name, m.Errors)
		}
	case *protocol.Error:
		p.t.Fatalf("%s: error %s: %s", p.name, m.Code, m.Message)
	}
	return msg
}

// expect reads until a message of type M.
func expect[M protocol.Message](p *player) M {
	p.t.Helper()
	for {
		if m, ok := p.next().(M); ok {
			return m
		}
	}
}

// expectError reads until an Error, which must have code.
func (p *player) expectError(code protocol.ErrorCode) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	for {
		_, frame, err := p.ws.Read(ctx)
		if err != nil {
			p.t.Fatalf("%s: read: %v", p.name, err)
		}
		if _, msg, err := p.limits.ReadServer(frame); err == nil {
			if e, ok := msg.(*protocol.Error); ok {
				if e.Code != code {
					p.t.Fatalf("%s: error %s %q, want %s", p.name, e.Code, e.Message, code)
				}
				return
			}
		}
	}
}

// playTurn submits the AI's orders for the player's seat, says it is ready
// and waits for the next turn.
func (p *player) playTurn(brain ruleset.AI) {
	p.t.Helper()
	turn := p.turn()
	seat := p.seat.Player()
	orders, err := brain.Act(p.view, ruleset.Step{Mode: ruleset.Simultaneous, Turn: turn, Seq: uint32(turn), Actors: []ruleset.Seat{seat}}, seat)
	if err != nil {
		p.t.Fatal(err)
	}
	p.send(&protocol.SubmitOrders{Turn: turn, Orders: orders, Seq: uint32(turn)})
	expect[*protocol.OrdersResult](p)
	p.send(&protocol.SetReady{Ready: true, Seq: uint32(turn)})
	for p.turn() == turn {
		p.next()
	}
}

// TestCrash plays a game on a server in a child process, kills the
// process (SIGKILL: nothing is saved on the way out), starts a new server
// on the same data directory and checks that the game is back at its last
// turn: the player rejoins with the seat token and gets the very view it
// had, its password still guards it, the game goes on, new games are
// numbered after it, and the whole game replays from its order log.
func TestCrash(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	dir := t.TempDir()
	cfg, err := serverConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	rs := cfg.Rulesets.Default()
	brain, err := rs.NewAI("normal", 1)
	if err != nil {
		t.Fatal(err)
	}

	first := startChild(t, dir, "")
	ann := connect(t, first.url, "Ann", rs)
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "survivor", Ruleset: "erfworld",
		Width: 24, Height: 24, Seed: 11, Seats: 2, Bots: 1, Password: "swordfish"}})
	expect[*protocol.Joined](ann)
	ann.send(&protocol.SetReady{Ready: true}) // every human seat taken and ready: it starts
	expect[*protocol.FullView](ann)
	for range 3 {
		ann.playTurn(brain)
	}
	if ann.turn() != 4 {
		t.Fatalf("after three turns the view is of turn %d", ann.turn())
	}
	before := ann.view.Checksum()
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cmd.Wait()
	id, token := ann.game, ann.token

	logs := &logbuf.Buffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	second, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatalf("restart on the same data directory: %v", err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			_ = second.Stop()
		}
		if t.Failed() {
			t.Logf("the second server's logs:\n%s", logs.String())
		}
	})

	back := connect(t, second.URL(), "Ann", rs)
	back.send(&protocol.JoinGame{Game: id, Token: token})
	if j := expect[*protocol.Joined](back); j.Game != id || j.Seat != 1 || !j.Token.Equal(token) {
		t.Fatalf("rejoined %+v: want %s, seat 1, the same token", j, id)
	}
	full := expect[*protocol.FullView](back)
	if back.turn() != 4 || full.Checksum != before {
		t.Fatalf("after the restart: a view of turn %d, checksum %x; want turn 4, the view of before (%x)",
			back.turn(), full.Checksum, before)
	}

	mallory := connect(t, second.URL(), "Mallory", rs)
	mallory.send(&protocol.JoinGame{Game: id, Spectate: true})
	mallory.expectError(protocol.GameFull) // no spectators in this game
	mallory.send(&protocol.JoinGame{Game: id})
	mallory.expectError(protocol.BadPassword)
	mallory.send(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seats: 2}})
	if j := expect[*protocol.Joined](mallory); j.Game != id+1 {
		t.Errorf("a new game after the restart is %s, want %s", j.Game, id+1)
	}

	back.playTurn(brain)
	if back.turn() != 5 || back.fulls != 1 {
		t.Fatalf("the resumed game: view of turn %d after %d full views; want turn 5 by an update", back.turn(), back.fulls)
	}
	_ = back.ws.CloseNow() // the clients go first: nobody is left to answer the server's goodbye
	_ = mallory.ws.CloseNow()
	if err := second.Stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true

	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Game(id)
	if err != nil {
		t.Fatal(err)
	}
	if g.First != 1 || g.Last != 5 || g.Settings.Password != "swordfish" || g.Seats[0].Token != token {
		t.Fatalf("saved game %+v: want steps 1 to 5, the password and Ann's token", g)
	}
	var seqs []uint32
	if err := store.Replay(s, id, rs, func(st store.Step) error { seqs = append(seqs, st.Seq); return nil }); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if !slices.Equal(seqs, []uint32{1, 2, 3, 4}) {
		t.Fatalf("replayed steps %v, want 1 to 4", seqs)
	}
}
