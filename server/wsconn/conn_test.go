package wsconn

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/shared/protocol"
)

const waitLimit = 2 * time.Minute

// fakeClock is a clock that moves only when a test says so.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

// TestRateAtTheLimit: a client that sends Burst messages at once and then
// exactly MessagesPerSecond a second (a gap of 1/MessagesPerSecond, which
// is no whole number of nanoseconds for 3 a second) is never refused, for
// a long time; one that sends a little faster is refused.
func TestRateAtTheLimit(t *testing.T) {
	tests := []struct {
		name    string
		rate    int
		burst   int
		gap     time.Duration // between messages after the burst; 0: 1/rate exactly
		refused bool
	}{
		{"20 a second, bursts of 60", 20, 60, 0, false},
		{"3 a second, bursts of 5", 3, 5, 0, false},
		{"a burst below 1 is the rate", 7, 0, 0, false},
		{"3 a second: a gap of 333ms is too short", 3, 5, 333 * time.Millisecond, true},
		{"20 a second: 49.9ms", 20, 60, 49900 * time.Microsecond, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			opts := testOptions(nil)
			opts.Limits.MessagesPerSecond, opts.Limits.Burst = tt.rate, tt.burst
			opts.Queue = 1 << 16
			opts.Now = clock.Now
			c := NewDetached(opts)
			c.HandleFrame(mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
			c.Pending()
			start := clock.now
			burst := max(tt.burst, tt.rate) - 1 // the Hello took one
			const messages = 5000
			limited := 0
			for i := range messages {
				if i >= burst {
					n := int64(i - burst + 1)
					if tt.gap > 0 {
						clock.now = start.Add(time.Duration(n) * tt.gap)
					} else { // the n-th message after the burst, at n/rate seconds, rounded up
						clock.now = start.Add(time.Duration((n*int64(time.Second) + int64(tt.rate) - 1) / int64(tt.rate)))
					}
				}
				c.HandleFrame(mustFrame(t, uint32(i+2), &protocol.Ping{}))
				for _, o := range c.Pending() {
					if errorCode(o) == protocol.RateLimited {
						limited++
					}
				}
			}
			if have := limited > 0; have != tt.refused {
				t.Errorf("%d messages over %v: refused %d times, want refused: %v (closing %q)", messages, clock.now.Sub(start), limited, tt.refused, c.Reason())
			}
		})
	}
}

// echo is a Session that answers each message with a Pong and records
// that it was closed.
type echo struct {
	c      *Conn
	mu     sync.Mutex
	closed bool
	got    []protocol.Type
}

func (e *echo) Handle(env protocol.Envelope, msg protocol.Message) {
	e.mu.Lock()
	e.got = append(e.got, env.Type)
	e.mu.Unlock()
	if _, ok := msg.(*protocol.Chat); ok {
		panic("chat makes this session panic")
	}
	e.c.Send(&protocol.Pong{}, env.Seq)
}

func (e *echo) Open() {}

func (e *echo) Closed() {
	e.mu.Lock()
	e.closed = true
	e.mu.Unlock()
}

func testOptions(accepted chan<- *echo) Options {
	return Options{
		Limits:   protocol.Limits{MaxClientMessage: 1 << 10, MaxServerMessage: 1 << 20, MaxOrders: 10, MessagesPerSecond: 5, Burst: 5},
		Server:   "test",
		Rulesets: []protocol.RulesetInfo{{ID: "erfworld", Title: "Erfworld Empires", Board: "hex", MinSeats: 2, MaxSeats: 16}},
		Queue:    8,
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Accept: func(c *Conn, _ *protocol.Hello) (Session, error) {
			e := &echo{c: c}
			if accepted != nil {
				accepted <- e
			}
			return e, nil
		},
	}
}

func mustFrame(tb testing.TB, seq uint32, msg protocol.Message) []byte {
	tb.Helper()
	b, err := protocol.Marshal(seq, 0, msg)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func errorCode(o Outgoing) protocol.ErrorCode {
	if e, ok := o.Msg.(*protocol.Error); ok {
		return e.Code
	}
	return 0
}

func TestHandshake(t *testing.T) {
	accepted := make(chan *echo, 1)
	opts := testOptions(accepted)
	opts.Limits.Burst = 10
	c := NewDetached(opts)
	c.HandleFrame(mustFrame(t, 1, &protocol.ListGames{}))
	c.HandleFrame(mustFrame(t, 2, &protocol.Ping{}))
	c.HandleFrame(mustFrame(t, 3, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
	c.HandleFrame(mustFrame(t, 4, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
	c.HandleFrame(mustFrame(t, 5, &protocol.Ping{}))
	c.HandleFrame(mustFrame(t, 6, &protocol.ListGames{}))
	c.HandleFrame(mustFrame(t, 7, &protocol.Act{Seq: 3, Action: protocol.Payload{0x91, 0x01}}))
	c.HandleFrame(mustFrame(t, 8, &protocol.GetRules{Ruleset: "erfworld"}))
	out := c.Pending()
	want := []struct {
		typ   protocol.Type
		code  protocol.ErrorCode
		reply uint32
	}{
		{protocol.TypeError, protocol.NotAllowed, 1},
		{protocol.TypeError, protocol.NotAllowed, 2},
		{protocol.TypeWelcome, 0, 3},
		{protocol.TypeError, protocol.NotAllowed, 4},
		{protocol.TypePong, 0, 5},
		{protocol.TypePong, 0, 6}, // from the session
		{protocol.TypePong, 0, 7},
		{protocol.TypePong, 0, 8},
	}
	if len(out) != len(want) {
		t.Fatalf("answers %v, want %d", out, len(want))
	}
	for i, w := range want {
		if out[i].Msg.MessageType() != w.typ || errorCode(out[i]) != w.code || out[i].Reply != w.reply {
			t.Errorf("answer %d: %s %v replying to %d, want %s %v replying to %d",
				i, out[i].Msg.MessageType(), errorCode(out[i]), out[i].Reply, w.typ, w.code, w.reply)
		}
	}
	w := out[2].Msg.(*protocol.Welcome)
	if w.Version != protocol.Version || w.Server != "test" || w.Limits.MaxOrders != 10 || len(w.Rulesets) != 1 || w.Rulesets[0].ID != "erfworld" || w.Rulesets[0].Title != "Erfworld Empires" {
		t.Errorf("welcome %+v", w)
	}
	e := <-accepted
	if want := []protocol.Type{protocol.TypeListGames, protocol.TypeAct, protocol.TypeGetRules}; !slices.Equal(e.got, want) {
		t.Errorf("the session got %v, want %v", e.got, want)
	}
	c.End()
	if !e.closed {
		t.Error("the session was not told the connection ended")
	}
}

func TestRefusals(t *testing.T) {
	tests := []struct {
		name   string
		frame  []byte
		code   protocol.ErrorCode
		reply  uint32
		reason string // the connection closes with it
	}{
		{"garbage", []byte{0xc1}, protocol.Malformed, 0, ""},
		{"empty", nil, protocol.Malformed, 0, ""},
		{"not an envelope", []byte{0x93, 1, 2, 3}, protocol.Malformed, 0, ""},
		{"unknown type", []byte{0x94, 0xcc, 200, 7, 0, 0x90}, protocol.UnknownType, 7, ""},
		{"server message", mustFrame(t, 8, &protocol.Pong{}), protocol.UnknownType, 8, ""},
		{"bad body", []byte{0x94, byte(protocol.TypeChat), 9, 0, 0x91, 0x05}, protocol.Malformed, 9, ""},
		{"too large", append([]byte{0x94, byte(protocol.TypeChat), 10, 0, 0x91, 0xda, 0x04, 0x00}, make([]byte, 1024)...), protocol.TooLarge, 0, ""},
		{"bad version", mustFrame(t, 11, &protocol.Hello{Version: 99, Name: "Old"}), protocol.BadVersion, 11, ReasonVersion},
		// A ruleset payload must be one whole msgpack value within the
		// limits: a claim of 2^32-1 orders is refused with the frame.
		{"orders bomb", []byte{0x94, byte(protocol.TypeSubmitOrders), 12, 0, 0x92, 0x01, 0xdd, 0xff, 0xff, 0xff, 0xff}, protocol.Malformed, 0, ""},
		{"no action", []byte{0x94, byte(protocol.TypeAct), 13, 0, 0x92, 0x01, 0xc0}, protocol.Malformed, 13, ""},
		// Seat 258 is not seat 2: [Game 1, Seat 258, "", false, ""].
		{"seat 258", []byte{0x94, byte(protocol.TypeJoinGame), 14, 0, 0x95, 0x01, 0xcd, 0x01, 0x02, 0xa0, 0xc2, 0xa0}, protocol.Malformed, 14, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewDetached(testOptions(nil))
			c.HandleFrame(tt.frame)
			out := c.Pending()
			if len(out) != 1 || errorCode(out[0]) != tt.code || out[0].Reply != tt.reply {
				t.Fatalf("answers %+v, want error %s replying to %d", out, tt.code, tt.reply)
			}
			if c.Reason() != tt.reason {
				t.Errorf("closing with %q, want %q", c.Reason(), tt.reason)
			}
		})
	}
}

func TestFloodAndSlow(t *testing.T) {
	c := NewDetached(testOptions(nil))
	c.HandleFrame(mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
	c.Pending()
	// 4 more in the burst of 5, then refused: the first refusal is
	// answered, then 5 more drain the flood bucket and close.
	for i := range 20 {
		c.HandleFrame(mustFrame(t, uint32(i+2), &protocol.Ping{}))
	}
	out := c.Pending()
	var pongs, limited int
	for _, o := range out {
		switch {
		case o.Msg.MessageType() == protocol.TypePong:
			pongs++
		case errorCode(o) == protocol.RateLimited:
			limited++
			if o.Reply != 6 {
				t.Errorf("rate limited replies to %d, want 6", o.Reply)
			}
		}
	}
	if pongs != 4 || limited != 1 || !strings.HasPrefix(c.Reason(), "flooding") {
		t.Fatalf("%d pongs, %d rate limited, closing %q: want 4, 1 and flooding", pongs, limited, c.Reason())
	}

	// A client that does not read fills its queue and is dropped.
	c = NewDetached(testOptions(nil))
	for range 9 {
		c.Send(&protocol.Pong{}, 0)
	}
	if c.Reason() != ReasonSlow {
		t.Fatalf("closing with %q after overfilling the queue, want %q", c.Reason(), ReasonSlow)
	}
	if c.Send(&protocol.Pong{}, 0) {
		t.Error("Send succeeded on a closing connection")
	}
}

func TestPanicClosesTheConnection(t *testing.T) {
	accepted := make(chan *echo, 1)
	c := NewDetached(testOptions(accepted))
	c.HandleFrame(mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
	c.HandleFrame(mustFrame(t, 2, &protocol.Chat{Text: "boom"}))
	if c.Reason() != ReasonInternal {
		t.Fatalf("closing with %q, want %q", c.Reason(), ReasonInternal)
	}
	c.End()
	if e := <-accepted; !e.closed {
		t.Error("the session was not told")
	}
}

// serve runs connections with opts on a test HTTP server.
func serve(t *testing.T, opts Options) (url string, done <-chan *Conn) {
	t.Helper()
	ended := make(chan *Conn, 64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := Accept(w, r, opts)
		if err != nil {
			return
		}
		c.Serve(t.Context())
		ended <- c
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), ended
}

func dial(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ws.CloseNow() })
	return ws
}

// readUntilClosed reads until the connection closes and returns the close
// error and the Bye read before it, if any.
func readUntilClosed(t *testing.T, ws *websocket.Conn) (websocket.CloseError, *protocol.Bye) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	var bye *protocol.Bye
	for {
		_, frame, err := ws.Read(ctx)
		if err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) {
				t.Fatalf("ended with %v, want a close frame", err)
			}
			return ce, bye
		}
		_, msg, err := protocol.DefaultLimits().ReadServer(frame)
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := msg.(*protocol.Bye); ok {
			bye = b
		}
	}
}

// TestTimeouts: a connection that says no Hello is closed after
// HelloTimeout, one that says Hello and then nothing after IdleTimeout.
// Each server has one short timeout, the other long: which one fires
// first does not depend on the machine's speed.
func TestTimeouts(t *testing.T) {
	opts := testOptions(nil)
	opts.HelloTimeout, opts.IdleTimeout = 50*time.Millisecond, waitLimit
	url, ended := serve(t, opts)

	ws := dial(t, url)
	ce, bye := readUntilClosed(t, ws)
	if ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "no Hello within") || bye == nil || bye.Reason != ce.Reason {
		t.Fatalf("without a Hello: closed %v %q after Bye %+v", ce.Code, ce.Reason, bye)
	}
	<-ended

	opts.HelloTimeout, opts.IdleTimeout = waitLimit, 100*time.Millisecond
	url, ended = serve(t, opts)
	ws = dial(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageBinary, mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"})); err != nil {
		t.Fatal(err)
	}
	ce, bye = readUntilClosed(t, ws)
	if ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "idle") || bye == nil {
		t.Fatalf("idle: closed %v %q after Bye %+v", ce.Code, ce.Reason, bye)
	}
	<-ended
}

func TestServeOverWebsocket(t *testing.T) {
	accepted := make(chan *echo, 1)
	opts := testOptions(accepted)
	url, ended := serve(t, opts)
	ws := dial(t, url)
	ws.SetReadLimit(1 << 20)
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	write := func(frame []byte) {
		t.Helper()
		if err := ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
			t.Fatal(err)
		}
	}
	read := func() (protocol.Envelope, protocol.Message) {
		t.Helper()
		_, frame, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		env, msg, err := protocol.DefaultLimits().ReadServer(frame)
		if err != nil {
			t.Fatal(err)
		}
		return env, msg
	}
	write(mustFrame(t, 1, &protocol.Hello{Version: protocol.Version, Name: "Ann"}))
	if env, msg := read(); env.Seq != 1 || env.Reply != 1 || msg.MessageType() != protocol.TypeWelcome {
		t.Fatalf("%+v %T", env, msg)
	}
	if err := ws.Write(ctx, websocket.MessageText, []byte("hi")); err != nil {
		t.Fatal(err)
	}
	if env, msg := read(); env.Seq != 2 || msg.(*protocol.Error).Code != protocol.Malformed {
		t.Fatalf("text frame: %+v %+v", env, msg)
	}
	write(mustFrame(t, 2, &protocol.ListGames{}))
	if env, msg := read(); env.Seq != 3 || env.Reply != 2 || msg.MessageType() != protocol.TypePong {
		t.Fatalf("%+v %T", env, msg)
	}
	// Too large: closed with 1009 and the reason.
	_ = ws.Write(ctx, websocket.MessageBinary, make([]byte, 2<<10))
	ce, _ := readUntilClosed(t, ws)
	if ce.Code != websocket.StatusMessageTooBig || ce.Reason != "message of 2048 bytes: at most 1024" {
		t.Fatalf("closed %v %q", ce.Code, ce.Reason)
	}
	c := <-ended
	if e := <-accepted; !e.closed {
		t.Error("the session was not told the connection ended")
	}
	select {
	case <-c.Context().Done():
	default:
		t.Error("the connection's context goes on after Serve")
	}
}
