package conn

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/server/host"
	"empires/server/lobby"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/protocol"
)

// waitLimit only keeps a broken test from hanging: every wait ends long
// before it in a passing run.
const waitLimit = 2 * time.Minute

// startServer starts a real server on loopback, with conn's options of
// the server's connections, until the test ends.
func startServer(t *testing.T, opts wsconn.Options) *host.Running {
	t.Helper()
	if opts.HelloTimeout == 0 {
		opts.HelloTimeout = 5 * time.Second
	}
	r, err := host.Start(host.Config{Name: "test server", Rulesets: build(t), Conn: opts, ShutdownTimeout: waitLimit}, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := r.Stop(); err != nil {
			t.Errorf("server: %v", err)
		}
	})
	return r
}

// dial connects as name with opts (URL, Name and Client set here) and
// closes the connection when the test ends, waiting for its goroutines.
func dial(t *testing.T, url, name string, opts Options) *Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	opts.URL, opts.Name, opts.Client = url, name, "empires-test"
	c, err := Dial(ctx, opts)
	if err != nil {
		t.Fatalf("%s: dial: %v", name, err)
	}
	t.Cleanup(func() {
		c.Close()
		select {
		case <-c.Done():
		case <-time.After(waitLimit):
			t.Errorf("%s: the connection's goroutines did not stop", name)
		}
	})
	return c
}

// next returns the next event.
func next(t *testing.T, c *Conn) Event {
	t.Helper()
	select {
	case ev, ok := <-c.Events():
		if !ok {
			t.Fatal("the events channel is closed")
		}
		return ev
	case <-time.After(waitLimit):
		t.Fatal("no event in time")
	}
	panic("unreachable")
}

// waitMsg reads events until a message of type M, skipping other
// messages; a change of status fails the test.
func waitMsg[M protocol.Message](t *testing.T, c *Conn) (M, Event) {
	t.Helper()
	for {
		ev := next(t, c)
		if ev.Status != 0 {
			var want M
			t.Fatalf("status %v (%v) waiting for %T", ev.Status, ev.Err, want)
		}
		if m, ok := ev.Msg.(M); ok {
			return m, ev
		}
		if e, ok := ev.Msg.(*protocol.Error); ok {
			t.Logf("skipped: error %s %q replying to %d", e.Code, e.Message, ev.Reply)
		}
	}
}

// nextStatus reads events until a change of status, skipping messages.
func nextStatus(t *testing.T, c *Conn) Event {
	t.Helper()
	for {
		if ev := next(t, c); ev.Status != 0 {
			return ev
		}
	}
}

// waitStatus reads the next change of status and checks it is want.
func waitStatus(t *testing.T, c *Conn, want Status) Event {
	t.Helper()
	ev := nextStatus(t, c)
	if ev.Status != want {
		t.Fatalf("status %v (%v), want %v", ev.Status, ev.Err, want)
	}
	return ev
}

// waitEnd reads events until the channel closes and returns the last.
func waitEnd(t *testing.T, c *Conn) Event {
	t.Helper()
	var last Event
	for {
		select {
		case ev, ok := <-c.Events():
			if !ok {
				return last
			}
			last = ev
		case <-time.After(waitLimit):
			t.Fatal("the events channel did not close")
		}
	}
}

// newGame creates a game with bots on c, takes seat 1, starts the game
// and waits for its first view; it returns the Joined.
func newGame(t *testing.T, c *Conn) *protocol.Joined {
	t.Helper()
	seq, err := c.Send(&protocol.CreateGame{Settings: protocol.Settings{
		Name: "conn test", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 3, Bots: 2,
	}})
	if err != nil {
		t.Fatal(err)
	}
	j, ev := waitMsg[*protocol.Joined](t, c)
	if ev.Reply != seq || j.Seat != 1 || !j.Token.Valid() {
		t.Fatalf("joined %+v replying to %d: want seat 1 and a token, replying to %d", j, ev.Reply, seq)
	}
	if lob, _ := waitMsg[*protocol.Lobby](t, c); lob.Game != j.Game || len(lob.Seats) != 3 || !lob.Seats[2].Bot || lob.Started {
		t.Fatalf("lobby %+v: want the 3 seats of %s, not started", lob, j.Game)
	}
	c.SetSeat(j.Game, j.Token)
	for _, m := range []protocol.Message{&protocol.SetReady{Ready: true}, &protocol.StartGame{}} {
		if _, err := c.Send(m); err != nil {
			t.Fatal(err)
		}
	}
	checkView(t, c, 1)
	return j
}

// checkView waits for a FullView and checks it is player p's, of turn 1,
// with the right checksum.
func checkView(t *testing.T, c *Conn, p protocol.Seat) {
	t.Helper()
	fv, ev := waitMsg[*protocol.FullView](t, c)
	v, err := game.DecodeView(fv.View)
	if err != nil {
		t.Fatalf("full view: %v", err)
	}
	if v.You != game.PlayerID(p) || v.Turn != 1 || v.Checksum() != fv.Checksum {
		t.Fatalf("full view of player %d, turn %d, checksum %x (the server's %x): want player %d, turn 1",
			v.You, v.Turn, v.Checksum(), fv.Checksum, p)
	}
	// The event tells the frame's size as it came: the message encoded
	// again has the same length.
	if frame, err := protocol.Marshal(ev.Seq, ev.Reply, fv); err != nil || ev.Size != len(frame) {
		t.Fatalf("full view's frame size %d, want %d (%v)", ev.Size, len(frame), err)
	}
}

func TestDialAndClose(t *testing.T) {
	srv := startServer(t, wsconn.Options{})
	c := dial(t, srv.URL(), "Alice", Options{})
	w := c.Welcome()
	if w == nil || w.Version != protocol.Version || w.Server != "test server" || len(w.Rulesets) == 0 || w.Rulesets[0].ID != "erfworld" || w.Rulesets[0].Hash == "" {
		t.Fatalf("welcome %+v: want version %d from %q, erfworld first", w, protocol.Version, "test server")
	}
	if c.RTT() <= 0 || c.RTT() > waitLimit {
		t.Errorf("RTT %v after the handshake", c.RTT())
	}
	if c.URL() != srv.URL() {
		t.Errorf("URL %q, want %q", c.URL(), srv.URL())
	}
	seq, err := c.Send(&protocol.ListGames{})
	if err != nil {
		t.Fatal(err)
	}
	if list, ev := waitMsg[*protocol.GameList](t, c); ev.Reply != seq || len(list.Games) != 0 {
		t.Fatalf("game list %+v replying to %d: want no games, replying to %d", list, ev.Reply, seq)
	}

	c.Close()
	c.Close() // only the first counts
	if ev := waitEnd(t, c); ev.Status != Closed || ev.Err != nil {
		t.Errorf("last event %+v, want Closed without an error", ev)
	}
	if _, err := c.Send(&protocol.ListGames{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after Close: %v, want ErrClosed", err)
	}
	select {
	case <-c.Done():
	case <-time.After(waitLimit):
		t.Fatal("Done is not closed after Close")
	}
}

// TestGameAndReconnect creates a game with bots, starts it, drops the
// connection and checks the seat comes back by itself.
func TestGameAndReconnect(t *testing.T) {
	srv := startServer(t, wsconn.Options{})
	c := dial(t, srv.URL(), "Alice", Options{RetryMin: 50 * time.Millisecond})
	j := newGame(t, c)

	c.drop()
	ev := waitStatus(t, c, Reconnecting)
	if ev.Attempt != 1 || ev.Err == nil || !strings.Contains(ev.Err.Error(), "connection lost: ") ||
		!strings.HasSuffix(ev.Err.Error(), ", reconnecting (attempt 1)") {
		t.Fatalf("reconnecting: attempt %d, %v", ev.Attempt, ev.Err)
	}
	waitStatus(t, c, Connected)
	j2, _ := waitMsg[*protocol.Joined](t, c)
	if j2.Game != j.Game || j2.Seat != j.Seat || j2.Token != j.Token {
		t.Fatalf("joined again %+v, want %s and seat %d with the same token", j2, j.Game, j.Seat)
	}
	checkView(t, c, j.Seat)

	// The connection goes on, and its seqs still match the replies.
	seq, err := c.Send(&protocol.ListGames{})
	if err != nil {
		t.Fatal(err)
	}
	if list, ev := waitMsg[*protocol.GameList](t, c); ev.Reply != seq || len(list.Games) != 1 || !list.Games[0].Started {
		t.Fatalf("game list %+v replying to %d: want the started game, replying to %d", list, ev.Reply, seq)
	}
}

// TestTakenOver takes a seat over from another connection: the first one
// is told why and closes, with no attempt to reconnect.
func TestTakenOver(t *testing.T) {
	srv := startServer(t, wsconn.Options{})
	first := dial(t, srv.URL(), "Alice", Options{RetryMin: 50 * time.Millisecond})
	j := newGame(t, first)

	second := dial(t, srv.URL(), "Alice", Options{})
	if _, err := second.Send(&protocol.JoinGame{Game: j.Game, Token: j.Token}); err != nil {
		t.Fatal(err)
	}
	if j2, _ := waitMsg[*protocol.Joined](t, second); j2.Seat != j.Seat {
		t.Fatalf("the second connection joined %+v, want seat %d", j2, j.Seat)
	}
	if bye, _ := waitMsg[*protocol.Bye](t, first); bye.Reason != lobby.ReasonTakenOver {
		t.Fatalf("bye %q, want %q", bye.Reason, lobby.ReasonTakenOver)
	}
	ev := next(t, first)
	var be *ByeError
	if ev.Status != Closed || !errors.As(ev.Err, &be) || !be.TakenOver() {
		t.Fatalf("after the Bye: %+v, want Closed for the seat taken over", ev)
	}
	if ev := waitEnd(t, first); ev.Status != 0 || ev.Msg != nil {
		t.Errorf("an event after Closed: %+v", ev)
	}
	if _, err := first.Send(&protocol.ListGames{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after the end: %v, want ErrClosed", err)
	}
	checkView(t, second, j.Seat)
}

// TestHostEnded: a server stopped by the host who ends the game tells
// every connection so, a seated player's and another's, and each closes
// for good, with no attempt to reconnect to a server that will not come
// back.
func TestHostEnded(t *testing.T) {
	srv := startServer(t, wsconn.Options{})
	alice := dial(t, srv.URL(), "Alice", Options{RetryMin: 20 * time.Millisecond})
	newGame(t, alice)
	bob := dial(t, srv.URL(), "Bob", Options{RetryMin: 20 * time.Millisecond}) // in no game
	if err := srv.StopWith(protocol.ReasonHostEnded); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Conn{alice, bob} {
		if bye, _ := waitMsg[*protocol.Bye](t, c); bye.Reason != protocol.ReasonHostEnded {
			t.Fatalf("bye %q, want %q", bye.Reason, protocol.ReasonHostEnded)
		}
		ev := next(t, c)
		var be *ByeError
		if ev.Status != Closed || !errors.As(ev.Err, &be) || !be.HostEnded() || be.TakenOver() {
			t.Fatalf("after the Bye: %+v, want Closed for the host's end of the game", ev)
		}
		if ev := waitEnd(t, c); ev.Status != 0 || ev.Msg != nil {
			t.Errorf("an event after Closed: %+v", ev)
		}
	}
}

// TestServerGone stops the server: one connection gives up reconnecting
// in time, another is closed while reconnecting.
func TestServerGone(t *testing.T) {
	srv := startServer(t, wsconn.Options{})
	quick := dial(t, srv.URL(), "Alice", Options{RetryMin: 20 * time.Millisecond, RetryMax: 40 * time.Millisecond, GiveUp: time.Second})
	closed := dial(t, srv.URL(), "Bob", Options{RetryMin: 20 * time.Millisecond})
	if err := srv.Stop(); err != nil {
		t.Fatal(err)
	}

	if bye, _ := waitMsg[*protocol.Bye](t, quick); bye.Reason != wsconn.ReasonShutdown {
		t.Fatalf("bye %q, want %q", bye.Reason, wsconn.ReasonShutdown)
	}
	ev := waitStatus(t, quick, Reconnecting)
	if ev.Attempt != 1 || !strings.Contains(ev.Err.Error(), "connection lost: the server closed the connection: "+wsconn.ReasonShutdown) {
		t.Fatalf("reconnecting: attempt %d, %v", ev.Attempt, ev.Err)
	}
	// Every later attempt says why the one before failed; how many fit in
	// GiveUp depends on the machine's speed, at least one does.
	unreachable := "cannot reach the server at " + srv.URL()
	for attempt := 2; ; attempt++ {
		ev = nextStatus(t, quick)
		if ev.Status != Reconnecting {
			break
		}
		if ev.Attempt != attempt || !strings.Contains(ev.Err.Error(), unreachable) {
			t.Fatalf("reconnecting: attempt %d, %v; want attempt %d saying %q", ev.Attempt, ev.Err, attempt, unreachable)
		}
	}
	if ev.Status != Closed || ev.Err == nil || !strings.Contains(ev.Err.Error(), "gave up reconnecting after") ||
		!strings.Contains(ev.Err.Error(), unreachable) {
		t.Fatalf("the end: %+v, want Closed for giving up, saying why the last attempt failed", ev)
	}
	if ev := waitEnd(t, quick); ev.Status != 0 || ev.Msg != nil {
		t.Errorf("an event after Closed: %+v", ev)
	}

	waitStatus(t, closed, Reconnecting)
	closed.Close()
	if ev := waitEnd(t, closed); ev.Status != Closed || ev.Err != nil {
		t.Errorf("last event after Close while reconnecting: %+v, want Closed without an error", ev)
	}
}

// pingServer serves the protocol's handshake and little else: it answers
// Hello with a Welcome, every Ping with a Pong and ListGames with an
// empty GameList. It closes the returned channel once pings Pings came in
// a row, nothing between them, and it had answered them.
func pingServer(t *testing.T, pings int) (url string, idle <-chan struct{}) {
	t.Helper()
	ch := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		limits := protocol.DefaultLimits()
		seq, inRow := uint32(0), 0
		for {
			_, frame, err := ws.Read(r.Context())
			if err != nil {
				return
			}
			env, msg, err := limits.ReadClient(frame)
			if err != nil {
				t.Errorf("the client sent an unreadable frame: %v", err)
				return
			}
			var answer protocol.Message
			switch msg.(type) {
			case *protocol.Hello:
				answer = &protocol.Welcome{Version: protocol.Version, Server: "ping server", Limits: limits}
			case *protocol.Ping:
				answer = &protocol.Pong{}
			case *protocol.ListGames:
				answer = &protocol.GameList{}
			default:
				t.Errorf("the client sent a %s", msg.MessageType())
				return
			}
			seq++
			reply, err := protocol.Marshal(seq, env.Seq, answer)
			if err != nil {
				t.Error(err)
				return
			}
			if err := ws.Write(r.Context(), websocket.MessageBinary, reply); err != nil {
				return
			}
			if _, ok := msg.(*protocol.Ping); !ok {
				inRow = 0
			} else if inRow++; inRow == pings {
				once.Do(func() { close(ch) })
			}
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), ch
}

// TestPingWhenIdle: a connection with nothing to send keeps sending Pings
// (what keeps the server's idle timer from closing it); their Pongs
// measure the round trip and are not delivered, while a Ping the
// application sends is answered like any request.
func TestPingWhenIdle(t *testing.T) {
	url, idle := pingServer(t, 3)
	c := dial(t, url, "Alice", Options{PingInterval: 10 * time.Millisecond})
	handshake := c.RTT()
	select {
	case <-idle:
	case <-time.After(waitLimit):
		t.Fatal("an idle connection sent no three Pings in a row")
	}
	seq, err := c.Send(&protocol.ListGames{})
	if err != nil {
		t.Fatal(err)
	}
	// The server answered the Pings before the list, on the same
	// connection: a Pong delivered would come first.
	if ev := next(t, c); ev.Reply != seq || ev.Msg == nil || ev.Msg.MessageType() != protocol.TypeGameList {
		t.Fatalf("the first event after the Pings: %+v, want the game list replying to %d (Pongs to the connection's own Pings are not delivered)", ev, seq)
	}
	if c.RTT() == handshake {
		t.Errorf("RTT %v: not measured again by a Ping", c.RTT())
	}
	seq, err = c.Send(&protocol.Ping{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ev := waitMsg[*protocol.Pong](t, c); ev.Reply != seq {
		t.Fatalf("pong replying to %d, want %d", ev.Reply, seq)
	}
}

// TestPong checks which Pongs a transport takes as answers to its own
// Pings: any of those it remembers, the older ones then forgotten (the
// server answers in order); others are the application's.
func TestPong(t *testing.T) {
	c := newConn("ws://localhost:7777/ws", Options{})
	var tr transport
	for seq := uint32(1); seq <= maxPings+2; seq++ {
		tr.pinged(seq * 10)
	}
	steps := []struct {
		reply uint32
		want  bool
	}{
		{10, false}, // forgotten: maxPings remembered
		{30, true},
		{30, false}, // answered already
		{50, true},
		{40, false}, // older than the last answered
		{55, false}, // the application's
		{(maxPings + 2) * 10, true},
		{(maxPings + 2) * 10, false},
	}
	for _, st := range steps {
		if have := tr.pong(c, st.reply); have != st.want {
			t.Errorf("a Pong replying to %d taken as the connection's own: %v, want %v", st.reply, have, st.want)
		}
	}
	if len(tr.pings) != 0 {
		t.Errorf("%d Pings remembered after the last was answered", len(tr.pings))
	}
}

func TestDialErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := ln.Addr().String()
	ln.Close()
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	// A server of another protocol version refuses the Hello.
	future := httptest.NewServer(answerHello(&protocol.Error{Code: protocol.BadVersion,
		Message: "protocol version 1 is not supported: this server speaks version 2"},
		websocket.StatusPolicyViolation, wsconn.ReasonVersion))
	defer future.Close()

	tests := []struct {
		url, name string
		want      string
	}{
		{"ftp://localhost", "Alice", `scheme "ftp": want ws:// or wss://`},
		{"", "Alice", "no server address"},
		{"localhost", "", "player name: invalid: no name"},
		{closedPort, "Alice", "cannot reach the server at ws://" + closedPort + "/ws"},
		{notFound.URL, "Alice", "refused the connection: 404 Not Found"},
		{future.URL, "Alice", "refused the connection: bad version: protocol version 1 is not supported: this server speaks version 2"},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		c, err := Dial(ctx, Options{URL: tt.url, Name: tt.name, DialAttempts: 1}) // TestDialGivesUp tries again
		cancel()
		if c != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Dial(%q, %q): %v, want an error with %q", tt.url, tt.name, err, tt.want)
		}
	}
	_, err = Dial(context.Background(), Options{URL: future.URL, Name: "Alice"})
	var pe *protocol.ProtocolError
	if !errors.As(err, &pe) || pe.Code != protocol.BadVersion || !final(err) {
		t.Errorf("version mismatch: %v, want a final *protocol.ProtocolError with code BadVersion", err)
	}
}

func TestSendErrors(t *testing.T) {
	c := newConn("ws://localhost:7777/ws", Options{}) // not connected: nothing reads the queue
	c.welcome = &protocol.Welcome{Limits: protocol.Limits{MaxClientMessage: 100}}
	tests := []struct {
		msg  protocol.Message
		want string
	}{
		{nil, "no message"},
		{(*protocol.Chat)(nil), "no message"},
		{&protocol.Pong{}, "send Pong: not a message clients send"},
		{&protocol.Chat{Text: strings.Repeat("x", 200)}, "send Chat: 2"},
	}
	for _, tt := range tests {
		if _, err := c.Send(tt.msg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Send(%#v): %v, want an error with %q", tt.msg, err, tt.want)
		}
	}
	last := uint32(0)
	for range QueueLen {
		seq, err := c.Send(&protocol.ListGames{})
		if err != nil || seq <= last {
			t.Fatalf("Send: seq %d, %v; want a seq after %d", seq, err, last)
		}
		last = seq
	}
	if _, err := c.Send(&protocol.ListGames{}); !errors.Is(err, ErrQueueFull) {
		t.Errorf("Send to a full queue: %v, want ErrQueueFull", err)
	}
	c.Close()
	if _, err := c.Send(&protocol.ListGames{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Send after Close: %v, want ErrClosed", err)
	}
}

func TestStatusString(t *testing.T) {
	for _, tt := range []struct {
		have Status
		want string
	}{{Connected, "connected"}, {Reconnecting, "reconnecting"}, {Closed, "closed"}, {9, "status 9"}} {
		if have := tt.have.String(); have != tt.want {
			t.Errorf("Status(%d).String() = %q, want %q", tt.have, have, tt.want)
		}
	}
}

// TestSetSeatData: set-up data over the protocol's limit is refused with
// the limit named; data within it is queued as a SetSeatData.
func TestSetSeatData(t *testing.T) {
	c := newConn("ws://localhost:7777/ws", Options{}) // not connected: nothing reads the queue
	defer c.Close()
	if _, err := c.SetSeatData(make([]byte, protocol.MaxSeatData+1)); err == nil || !strings.Contains(err.Error(), "at most 64 KiB") {
		t.Errorf("SetSeatData of %d bytes: %v, want refused with the limit", protocol.MaxSeatData+1, err)
	}
	if _, err := c.SetSeatData([]byte{0x91, 0x01}); err != nil {
		t.Fatalf("SetSeatData: %v", err)
	}
	_, msg, err := protocol.DefaultLimits().ReadClient(<-c.queue)
	if sd, ok := msg.(*protocol.SetSeatData); err != nil || !ok || !bytes.Equal(sd.Data, []byte{0x91, 0x01}) {
		t.Errorf("queued %T %+v, %v; want the SetSeatData", msg, msg, err)
	}
}
