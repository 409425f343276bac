package main

import (
	"context"
	"empires/server/internal/logbuf"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
)

// waitLimit only keeps a broken test from hanging: every wait ends long
// before it in a passing run.
const waitLimit = 2 * time.Minute

// testConfig is the server's configuration in tests: loopback, a small
// client frame limit, and timeouts short enough to see them act.
func testConfig() config {
	cfg := defaultConfig()
	cfg.addr = "127.0.0.1:0"
	cfg.host.Limits.MaxClientMessage = 64 << 10
	cfg.host.Limits.MessagesPerSecond = 50
	cfg.host.Limits.Burst = 20
	cfg.host.Conn = wsconn.Options{HelloTimeout: 5 * time.Second, IdleTimeout: waitLimit, WriteTimeout: 5 * time.Second}
	cfg.host.ShutdownTimeout = waitLimit
	reg, err := registry.Default()
	if err != nil {
		panic(err) // the built-in rulesets always load (their own tests say so)
	}
	cfg.host.Rulesets, cfg.host.Builtin = reg, reg
	return cfg
}

// testServer is a server started by run, as main starts it.
type testServer struct {
	addr string
	stop func() error // shuts the server down and returns what run returned
}

func (s *testServer) url() string { return "ws://" + s.addr + "/ws" }

// startServer runs the server with cfg (testConfig if nil) until the test
// ends or stop is called.
func startServer(tb testing.TB, cfg *config, logTo io.Writer) *testServer {
	tb.Helper()
	if cfg == nil {
		c := testConfig()
		cfg = &c
	}
	logs := &logbuf.Buffer{}
	var w io.Writer = logs
	if logTo != nil {
		w = logTo
	}
	runCfg := *cfg
	runCfg.host.Logger = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	ran := make(chan error, 1)
	go func() {
		ran <- run(ctx, runCfg, func(a net.Addr) { addr <- a.String() })
	}()
	s := &testServer{}
	select {
	case s.addr = <-addr:
	case err := <-ran:
		cancel()
		tb.Fatalf("the server did not start: %v", err)
	case <-time.After(waitLimit):
		cancel()
		tb.Fatal("the server did not start in time")
	}
	var once sync.Once
	var runErr error
	s.stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case runErr = <-ran:
			case <-time.After(waitLimit):
				runErr = errors.New("the server did not stop in time")
			}
		})
		return runErr
	}
	tb.Cleanup(func() {
		if err := s.stop(); err != nil {
			tb.Errorf("server: %v", err)
		}
		if tb.Failed() && logTo == nil {
			tb.Logf("server logs:\n%s", logs.String())
		}
	})
	return s
}

// tclient is a test's websocket client: it speaks the protocol with the
// protocol package's codec, and keeps its seat's view by applying every
// TurnUpdate, checking each checksum against the server's.
type tclient struct {
	tb     testing.TB
	name   string
	ws     *websocket.Conn
	seq    uint32
	limits protocol.Limits

	view    *game.View
	seat    protocol.Seat
	token   protocol.SeatToken
	game    protocol.GameID
	clock   *protocol.TurnClock
	applied int // TurnUpdates applied

	// Bytes of the frames received, in all and by kind (the benchmark's
	// figures).
	allBytes, fullBytes, updateBytes, fullFrames, updateFrames int
	// lastUpdate is when the last TurnUpdate was read.
	lastUpdate time.Time
}

// dial connects to the server without saying Hello.
func dial(tb testing.TB, url, name string) *tclient {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		tb.Fatalf("%s: dial: %v", name, err)
	}
	limits := protocol.DefaultLimits()
	ws.SetReadLimit(int64(limits.MaxServerMessage))
	c := &tclient{tb: tb, name: name, ws: ws, limits: limits}
	tb.Cleanup(func() { _ = ws.CloseNow() })
	return c
}

// connect dials and says Hello.
func connect(tb testing.TB, url, name string) *tclient {
	tb.Helper()
	c := dial(tb, url, name)
	seq := c.send(&protocol.Hello{Version: protocol.Version, Name: name, Client: "empires-test"})
	w, env := expect[*protocol.Welcome](c)
	if env.Reply != seq || w.Version != protocol.Version || len(w.Rulesets) == 0 || w.Rulesets[0].ID != "erfworld" {
		tb.Fatalf("%s: welcome %+v replying to %d, want version %d, erfworld first, reply %d", name, w, env.Reply, protocol.Version, seq)
	}
	c.limits = w.Limits
	c.ws.SetReadLimit(int64(min(w.Limits.MaxServerMessage, protocol.MaxFrame)))
	return c
}

// send sends msg and returns its seq.
func (c *tclient) send(msg protocol.Message) uint32 {
	c.tb.Helper()
	c.seq++
	frame, err := protocol.Marshal(c.seq, 0, msg)
	if err != nil {
		c.tb.Fatalf("%s: encode %T: %v", c.name, msg, err)
	}
	if err := c.sendRaw(frame); err != nil {
		c.tb.Fatalf("%s: send %T: %v", c.name, msg, err)
	}
	return c.seq
}

// sendRaw sends a frame as it is.
func (c *tclient) sendRaw(frame []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageBinary, frame)
}

// recv reads the next message; views and updates are applied and checked
// on the way. It returns the websocket's error when the connection ends.
func (c *tclient) recv() (protocol.Envelope, protocol.Message, error) {
	c.tb.Helper()
	env, msg, err := c.recvErr()
	var bad *badFrame
	if errors.As(err, &bad) {
		c.tb.Fatal(err)
	}
	return env, msg, err
}

// badFrame is a frame the client refuses: a test failure.
type badFrame struct{ err error }

func (e *badFrame) Error() string { return e.err.Error() }

// recvErr is recv for any goroutine: it fails nothing and returns a
// *badFrame for a frame or view that is wrong.
func (c *tclient) recvErr() (protocol.Envelope, protocol.Message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	typ, frame, err := c.ws.Read(ctx)
	if err != nil {
		return protocol.Envelope{}, nil, err
	}
	bad := func(format string, args ...any) error {
		return &badFrame{fmt.Errorf("%s: "+format, append([]any{c.name}, args...)...)}
	}
	if typ != websocket.MessageBinary {
		return protocol.Envelope{}, nil, bad("a %v frame", typ)
	}
	c.allBytes += len(frame)
	env, msg, err := c.limits.ReadServer(frame)
	if err != nil {
		return env, nil, bad("unreadable frame from the server: %v", err)
	}
	switch m := msg.(type) {
	case *protocol.FullView:
		c.fullBytes += len(frame)
		c.fullFrames++
		v, err := game.DecodeView(m.View)
		if err != nil {
			return env, nil, bad("full view: %v", err)
		}
		if sum := v.Checksum(); sum != m.Checksum {
			return env, nil, bad("full view checksum %x, the server says %x", sum, m.Checksum)
		}
		if v.You != game.PlayerID(c.seat) {
			return env, nil, bad("a view of player %d, want %d", v.You, c.seat)
		}
		c.view = v
	case *protocol.TurnUpdate:
		c.updateBytes += len(frame)
		c.updateFrames++
		c.lastUpdate = time.Now()
		d, err := game.DecodeDelta(m.Delta)
		if err != nil {
			return env, nil, bad("delta: %v", err)
		}
		if _, err := hexgame.DecodeEvents(m.Events, nil); err != nil {
			return env, nil, bad("events of turn %d: %v", d.Turn, err)
		}
		v, err := game.Apply(c.view, d)
		if err != nil {
			return env, nil, bad("apply the delta of turn %d: %v", d.Turn, err)
		}
		if sum := v.Checksum(); sum != m.Checksum {
			return env, nil, bad("after applying turn %d's delta the view's checksum is %x, the server's %x", v.Turn, sum, m.Checksum)
		}
		c.view = v
		c.applied++
	case *protocol.TurnClock:
		c.clock = m
	case *protocol.Joined:
		c.seat, c.token, c.game = m.Seat, m.Token, m.Game
	}
	return env, msg, nil
}

// readTurn reads, on any goroutine, until the client's view is of turn t.
func (c *tclient) readTurn(t game.Turn) error {
	for c.view == nil || c.view.Turn < t {
		env, msg, err := c.recvErr()
		if err != nil {
			return err
		}
		if e, ok := msg.(*protocol.Error); ok {
			return fmt.Errorf("%s: error %s %q (reply %d) waiting for turn %d", c.name, e.Code, e.Message, env.Reply, t)
		}
	}
	return nil
}

// next reads the next message, failing the test if the connection ends.
func (c *tclient) next() (protocol.Envelope, protocol.Message) {
	c.tb.Helper()
	env, msg, err := c.recv()
	if err != nil {
		c.tb.Fatalf("%s: read: %v", c.name, err)
	}
	return env, msg
}

// expect reads until a message of type M, skipping the messages that
// arrive on their own (Lobby, TurnClock, chat, views and updates, which
// recv applies). Any other message fails the test.
func expect[M protocol.Message](c *tclient) (M, protocol.Envelope) {
	c.tb.Helper()
	for {
		env, msg := c.next()
		if m, ok := msg.(M); ok {
			return m, env
		}
		switch msg.(type) {
		case *protocol.Lobby, *protocol.TurnClock, *protocol.ChatMessage, *protocol.FullView, *protocol.TurnUpdate, *protocol.Pong:
			continue
		}
		var want M
		c.tb.Fatalf("%s: got %s %+v (reply %d), waiting for %T", c.name, env.Type, msg, env.Reply, want)
	}
}

// expectError reads until an Error and checks its code and that it
// answers seq.
func (c *tclient) expectError(code protocol.ErrorCode, seq uint32) *protocol.Error {
	c.tb.Helper()
	e, env := expect[*protocol.Error](c)
	if e.Code != code || env.Reply != seq {
		c.tb.Fatalf("%s: error %s %q replying to %d, want %s replying to %d", c.name, e.Code, e.Message, env.Reply, code, seq)
	}
	return e
}

// expectClosed reads until the connection ends and checks it ended with
// a close frame of code whose reason holds reason; it returns the Bye
// read before, if any.
func (c *tclient) expectClosed(code websocket.StatusCode, reason string) *protocol.Bye {
	c.tb.Helper()
	var bye *protocol.Bye
	for {
		_, msg, err := c.recv()
		if err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) {
				c.tb.Fatalf("%s: connection ended with %v, want a close frame %v %q", c.name, err, code, reason)
			}
			if ce.Code != code || !strings.Contains(ce.Reason, reason) {
				c.tb.Fatalf("%s: closed with %v %q, want %v %q", c.name, ce.Code, ce.Reason, code, reason)
			}
			return bye
		}
		if b, ok := msg.(*protocol.Bye); ok {
			bye = b
		}
	}
}

// waitTurn reads until the client's view is of turn t.
func (c *tclient) waitTurn(t game.Turn) {
	c.tb.Helper()
	for c.view == nil || c.view.Turn < t {
		env, msg := c.next()
		if e, ok := msg.(*protocol.Error); ok {
			c.tb.Fatalf("%s: error %s %q (reply %d) waiting for turn %d", c.name, e.Code, e.Message, env.Reply, t)
		}
	}
	if c.view.Turn != t {
		c.tb.Fatalf("%s: view of turn %d, waiting for turn %d", c.name, c.view.Turn, t)
	}
}

// waitView reads until the client has a view.
func (c *tclient) waitView() {
	c.tb.Helper()
	for c.view == nil {
		env, msg := c.next()
		if e, ok := msg.(*protocol.Error); ok {
			c.tb.Fatalf("%s: error %s %q (reply %d) waiting for a view", c.name, e.Code, e.Message, env.Reply)
		}
	}
}

// infantry is the unit kind of erfworld's Infantry.
var infantry = func() game.UnitKind {
	d, err := erfworld.Default()
	if err != nil {
		panic(err)
	}
	k, ok := d.UnitKind("infantry")
	if !ok {
		panic("erfworld has no infantry")
	}
	return game.UnitKind(k)
}()

// formOrders forms one Infantry in each of the client's cities.
func (c *tclient) formOrders() []game.Order {
	var out []game.Order
	for _, city := range c.view.Cities {
		if city.Owner == c.view.You {
			out = append(out, game.Order{Turn: c.view.Turn, Kind: erfworld.OrderForm, City: city.ID, Unit: infantry, Count: 1})
		}
	}
	return out
}

// step returns the Seq of the step the client's view is at, for the
// orders and readiness it sends: a hex game's step is its turn.
func (c *tclient) step() uint32 { return uint32(c.view.Turn) }

// submit sends orders for the view's turn and checks they are all
// accepted.
func (c *tclient) submit(orders []game.Order) {
	c.tb.Helper()
	seq := c.send(&protocol.SubmitOrders{Turn: protocol.Turn(c.view.Turn), Seq: c.step(), Orders: encodeOrders(c.tb, orders)})
	res, env := expect[*protocol.OrdersResult](c)
	if env.Reply != seq || res.Turn != protocol.Turn(c.view.Turn) || res.Accepted != len(orders) || len(res.Errors) > 0 {
		c.tb.Fatalf("%s: orders result %+v replying to %d, want %d orders of turn %d accepted, replying to %d",
			c.name, res, env.Reply, len(orders), c.view.Turn, seq)
	}
}

// encodeOrders returns orders as a SubmitOrders payload.
func encodeOrders(tb testing.TB, orders []game.Order) protocol.Payload {
	tb.Helper()
	data, err := hexgame.EncodeOrders(orders)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// ownArmies returns the IDs of the client's own armies.
func (c *tclient) ownArmies() []game.ArmyID {
	var out []game.ArmyID
	for _, a := range c.view.Armies {
		if a.Owner == c.view.You {
			out = append(out, a.ID)
		}
	}
	return out
}

func (c *tclient) String() string { return fmt.Sprintf("%s (seat %d)", c.name, c.seat) }
