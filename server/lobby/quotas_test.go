package lobby

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/match"
	"empires/server/throttle"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// quotaClock is a match.Clock whose time moves only when a test says so.
// Its timers never fire: the games of these tests either have no turn
// timer or never reach its end.
type quotaClock struct {
	mu  sync.Mutex
	now time.Time
}

func newQuotaClock() *quotaClock {
	return &quotaClock{now: time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)}
}

func (c *quotaClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *quotaClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *quotaClock) NewTimer(time.Duration) match.Timer { return idleTimer{} }

type idleTimer struct{}

func (idleTimer) C() <-chan time.Time { return nil }
func (idleTimer) Stop() bool          { return true }

// blob returns a payload of exactly n bytes (a msgpack bin, n >= 3).
func blob(tb testing.TB, n int) protocol.Payload {
	tb.Helper()
	b, err := wire.Marshal(make([]byte, n-3)) // bin 16: 3 bytes of header
	if err != nil || len(b) != n {
		tb.Fatalf("a blob of %d bytes: %d bytes, %v", n, len(b), err)
	}
	return b
}

// TestWorkBudget: every message is charged what it costs (SubmitOrders:
// 128 units and a unit a byte); one over the budget is not handled but
// answered RateLimited with the wait, and passes after it; a client that
// asks for twice what the budget allows is dropped.
func TestWorkBudget(t *testing.T) {
	clock := newQuotaClock()
	l := newLobby(t, Options{Clock: clock})
	limits := connOptions(l).Limits
	limits.WorkBurst, limits.WorkPerSecond = 10000, 1000
	ann := helloWith(t, l, "Ann", limits, clock)
	orders := &protocol.SubmitOrders{Turn: 1, Orders: blob(t, 5000-costMessage)} // costs 5000
	// Ann is in no game: a message handled is refused for that.
	handled := "you are in no game"
	steps := []struct {
		after time.Duration // the clock moves on by this first
		code  protocol.ErrorCode
		text  string
	}{
		{0, protocol.WrongGame, handled},
		{0, protocol.WrongGame, handled},
		{0, protocol.RateLimited, "this SubmitOrders costs 5000 units and the connection has 0 left (it has 10000 at once and 1000 more every 1s): try again in 5s"},
		{2 * time.Second, protocol.RateLimited, "costs 5000 units and the connection has 2000 left (it has 10000 at once and 1000 more every 1s): try again in 3s"},
		{3 * time.Second, protocol.WrongGame, handled},
		{0, protocol.RateLimited, "try again in 5s"},
		{0, protocol.RateLimited, ReasonTooMuchWork}, // 15000 refused in 5s: over twice the budget
	}
	for i, s := range steps {
		clock.Advance(s.after)
		if ann.c.Reason() != "" {
			t.Fatalf("step %d: closed early: %s", i+1, ann.c.Reason())
		}
		ann.fails(orders, s.code, s.text)
	}
	if have := ann.c.Reason(); have != ReasonTooMuchWork {
		t.Fatalf("closed with %q, want %q", have, ReasonTooMuchWork)
	}
}

// TestWorkCosts: what each kind of message costs.
func TestWorkCosts(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	set := small()
	set.Width, set.Height = 100, 60
	ann.do(&protocol.CreateGame{Settings: set})
	bob := hello(t, l, "Bob")
	running := solo()
	running.Width, running.Height = 80, 50
	started, _ := play(hello(t, l, "Cid"), running)
	rules, _ := l.rulesets.Get("erfworld")
	tests := []struct {
		name string
		cl   *client
		msg  protocol.Message
		want int64
	}{
		{"a small message", sessionOf(t, l, ann), &protocol.SetReady{}, costMessage},
		{"orders: a unit a byte", sessionOf(t, l, ann), &protocol.SubmitOrders{Orders: blob(t, 1000)}, costMessage + 1000},
		{"an action: a unit a byte", sessionOf(t, l, ann), &protocol.Act{Action: blob(t, 700)}, costMessage + 700},
		{"a chat line: a unit a byte", sessionOf(t, l, ann), &protocol.Chat{Text: "hello"}, costMessage + 5},
		{"a new game: its map", sessionOf(t, l, bob), &protocol.CreateGame{Settings: set}, costMessage + 4*100*60},
		{"a new game without a map", sessionOf(t, l, bob), &protocol.CreateGame{Settings: protocol.Settings{Ruleset: "tally"}}, costMessage + costMinView},
		{"the rules: their data", sessionOf(t, l, bob), &protocol.GetRules{Ruleset: "erfworld"}, costMessage + int64(len(rules.Data()))},
		{"the list: each game", sessionOf(t, l, bob), &protocol.ListGames{}, costMessage + 2*costPerGame},
		{"a view: its map", sessionOf(t, l, ann), &protocol.RequestView{}, costMessage + 4*100*60},
		{"joining a game not started", sessionOf(t, l, bob), &protocol.JoinGame{Game: 1}, costMessage},
		{"joining a running game: the view that follows", sessionOf(t, l, bob), &protocol.JoinGame{Game: started, Spectate: true}, costMessage + 4*80*50},
	}
	for _, tt := range tests {
		if have := tt.cl.workCost(tt.msg); have != tt.want {
			t.Errorf("%s: have %d units, want %d", tt.name, have, tt.want)
		}
	}
}

// sessionOf returns the lobby's client of tc.
func sessionOf(tb testing.TB, l *Lobby, tc *tconn) *client {
	tb.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	for cl := range l.clients {
		if cl.c == tc.c {
			return cl
		}
	}
	tb.Fatalf("%s is no client of the lobby", tc.name)
	return nil
}

// maximalOrders returns the largest order list the engine takes: 4,096
// moves of 60 hexes, about 815 KB.
func maximalOrders(tb testing.TB) protocol.Payload {
	tb.Helper()
	path := make([]hex.Hex, 60)
	h := hex.Hex{Q: 5, R: 5}
	for i := range path {
		h = h.Neighbor(hex.Direction(i % 2 * 3))
		path[i] = h
	}
	orders := make([]game.Order, game.MaxOrders)
	for i := range orders {
		orders[i] = game.Order{Turn: 1, Kind: game.OrderMove, Army: game.ArmyID(i + 1), Path: path}
	}
	return encodeOrders(tb, orders...)
}

// helloWith returns a client that said Hello to l on a connection of
// limits whose rate limit runs on clock.
func helloWith(tb testing.TB, l *Lobby, name string, limits protocol.Limits, clock *quotaClock) *tconn {
	tb.Helper()
	opts := connOptions(l)
	opts.Limits, opts.Now, opts.Queue = limits, clock.Now, 1<<12
	tc := &tconn{tb: tb, name: name, c: wsconn.NewDetached(opts)}
	tb.Cleanup(tc.c.End)
	out := tc.do(&protocol.Hello{Version: protocol.Version, Name: name})
	if len(out) != 1 || out[0].Msg.MessageType() != protocol.TypeWelcome {
		tb.Fatalf("%s: hello answered %v", name, types(out))
	}
	tc.welcome = out[0].Msg.(*protocol.Welcome)
	if tc.welcome.Limits != limits {
		tb.Fatalf("%s: Welcome announces %+v, want %+v", name, tc.welcome.Limits, limits)
	}
	return tc
}

// TestMaximalOrdersPipelined: a client pipelining the largest order lists
// the engine takes, within the message rate its Welcome announces (a burst
// of 2 here), has every one checked; one sent faster than that is refused
// (RateLimited) unchecked. (TestAdvertisedLimitsNeverRefused keeps the
// rate for minutes with frames of the largest size.)
func TestMaximalOrdersPipelined(t *testing.T) {
	clock := newQuotaClock()
	l := newLobby(t, Options{Clock: clock})
	limits := protocol.Limits{MaxClientMessage: 1 << 20, MaxServerMessage: 8 << 20, MaxOrders: 4096, MessagesPerSecond: 1, Burst: 2}.WithWork()
	ann := helloWith(t, l, "Ann", limits, clock)
	set := small()
	set.TurnSeconds = 60
	clock.Advance(time.Second)
	ann.do(&protocol.CreateGame{Settings: set})
	clock.Advance(time.Second)
	ann.do(&protocol.SetReady{Ready: true})
	clock.Advance(time.Second)
	ann.send(&protocol.StartGame{})
	await[*protocol.FullView](ann)
	clock.Advance(2 * time.Second) // the burst refilled
	big := &protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: maximalOrders(t)}
	for i := range 2 {
		if r := awaitAside[*protocol.OrdersResult](ann.sending(big)); len(r.Errors) == 0 {
			t.Fatalf("list %d: no order refused: %+v", i+1, r)
		}
	}
	ann.fails(big, protocol.RateLimited, "more than 1 messages a second")
}

// TestAdvertisedLimitsNeverRefused: a client that keeps every limit its
// Welcome announces (Burst messages at once, then MessagesPerSecond a
// second, frames of MaxClientMessage bytes) is never refused for its work
// in two simulated minutes (a hundred times its burst), sending the dearest messages there are:
// frames of the largest size, views and games of the largest map, the
// rules, the list. One that sends a little faster is refused.
func TestAdvertisedLimitsNeverRefused(t *testing.T) {
	limits := protocol.Limits{MaxClientMessage: 64 << 10, MaxServerMessage: 8 << 20, MaxOrders: 4096, MessagesPerSecond: 5, Burst: 10}.WithWork()
	for _, tt := range []struct {
		name    string
		gap     time.Duration // between messages after the burst
		refused bool
	}{
		{"at the limits", time.Second / 5, false},
		{"a little faster", time.Second/5 - time.Millisecond, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			clock := newQuotaClock()
			l := newLobby(t, Options{Clock: clock})
			ann := helloWith(t, l, "Ann", limits, clock)
			huge := small()
			huge.Width, huge.Height = protocol.MaxMapSide, protocol.MaxMapSide
			ann.do(&protocol.CreateGame{Settings: huge}) // the Hello and this: 2 of the burst
			orders := &protocol.SubmitOrders{Turn: 1, Seq: 1}
			orders.Orders = blob(t, limits.MaxClientMessage-20)
			dear := []protocol.Message{
				orders,
				&protocol.RequestView{},                 // a view of the largest map: MessageWork
				&protocol.CreateGame{Settings: huge},    // its map: MessageWork (refused: Ann is in a game)
				&protocol.GetRules{Ruleset: "erfworld"}, // 18 KB of rules
				&protocol.ListGames{},
			}
			refused := 0
			start := clock.Now()
			const messages = 2*60*5 + 8
			for i := range messages {
				if i >= 8 {
					clock.Advance(start.Add(time.Duration(i-7) * tt.gap).Sub(clock.Now()))
				}
				msg := dear[i%len(dear)]
				if sub, ok := msg.(*protocol.SubmitOrders); ok { // a frame of MaxClientMessage bytes, whatever the seq's size
					sub.Orders = blob(t, len(sub.Orders)+limits.MaxClientMessage-len(frameOf(t, ann.seq+1, sub)))
				}
				_, maximal := msg.(*protocol.SubmitOrders)
				if n := len(frameOf(t, ann.seq+1, msg)); n > limits.MaxClientMessage || maximal && n != limits.MaxClientMessage {
					t.Fatalf("a %T frame of %d bytes, limit %d", msg, n, limits.MaxClientMessage)
				}
				for _, o := range ann.do(msg) {
					if e, ok := o.Msg.(*protocol.Error); ok && (e.Code == protocol.RateLimited || e.Code == protocol.TooLarge) {
						if !tt.refused {
							t.Fatalf("message %d (%T) at %v refused: %s", i+1, msg, clock.Now().Sub(start), e.Message)
						}
						refused++
					}
				}
			}
			if tt.refused && refused == 0 {
				t.Errorf("%d messages in %v: none refused", messages, clock.Now().Sub(start))
			}
			if ann.c.Reason() != "" && !tt.refused {
				t.Errorf("closed: %s", ann.c.Reason())
			}
		})
	}
}

// frameOf returns msg's frame of seq seq.
func frameOf(tb testing.TB, seq uint32, msg protocol.Message) []byte {
	tb.Helper()
	frame, err := protocol.Marshal(seq, 0, msg)
	if err != nil {
		tb.Fatal(err)
	}
	return frame
}

// sending sends msg and returns tc, for await.
func (tc *tconn) sending(msg protocol.Message) *tconn {
	tc.tb.Helper()
	tc.send(msg)
	return tc
}

// TestTooManyOrders: a list of more orders than the limits allow is
// refused from its header, before the match decodes it.
func TestTooManyOrders(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	set := small()
	set.TurnSeconds = 60
	ann.do(&protocol.CreateGame{Settings: set})
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	await[*protocol.FullView](ann)
	most := ann.welcome.Limits.MaxOrders
	many := make([]game.Order, most+1)
	for i := range many {
		many[i] = game.Order{Turn: 1, Kind: game.OrderStance, Army: 1}
	}
	ann.fails(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: encodeOrders(t, many...)}, protocol.TooLarge, "4097 orders: at most 4096 in one SubmitOrders")
}

// TestListLen: the length of an order list from its header alone.
func TestListLen(t *testing.T) {
	tests := []struct {
		name   string
		have   []byte
		want   int
		wantOK bool
	}{
		{"fixarray", []byte{0x93, 1, 2, 3}, 3, true},
		{"array 16, its items missing", []byte{0xdc, 0x10, 0x01}, 4097, true},
		{"array 32", []byte{0xdd, 0, 1, 0, 0}, 65536, true},
		{"nil", []byte{0xc0}, 0, false},
		{"a map", []byte{0x80}, 0, false},
		{"nothing", nil, 0, false},
	}
	for _, tt := range tests {
		n, ok := listLen(tt.have)
		if n != tt.want || ok != tt.wantOK {
			t.Errorf("%s: have %d, %v; want %d, %v", tt.name, n, ok, tt.want, tt.wantOK)
		}
	}
}

// TestPasswordBackoff: after three wrong passwords on a connection, each
// further one makes the next JoinGame with a password wait, growing; the
// wait is in the refusal; every wrong password is logged, the password
// never.
func TestPasswordBackoff(t *testing.T) {
	clock := newQuotaClock()
	var logs bytes.Buffer
	l := newLobby(t, Options{Clock: clock, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	ann := hello(t, l, "Ann")
	set := small()
	set.Password = "sesame"
	ann.do(&protocol.CreateGame{Settings: set})
	bob := hello(t, l, "Bob")
	join := func(pw string) *protocol.JoinGame { return &protocol.JoinGame{Game: 1, Password: pw} }
	steps := []struct {
		after time.Duration
		pw    string
		code  protocol.ErrorCode
		text  string
	}{
		{0, "guess1", protocol.BadPassword, "wrong password for game 1"},
		{0, "guess2", protocol.BadPassword, "wrong password for game 1"},
		{0, "guess3", protocol.BadPassword, "wrong password for game 1"},
		{0, "guess4", protocol.BadPassword, "wrong password for game 1"}, // the fourth: wait 1s
		{0, "guess5", protocol.RateLimited, "too many wrong passwords: try again in 1s"},
		{500 * time.Millisecond, "sesame", protocol.RateLimited, "too many wrong passwords: try again in 0.5s"},
		{500 * time.Millisecond, "guess6", protocol.BadPassword, "wrong password for game 1"}, // wait 2s
		{time.Second, "guess7", protocol.RateLimited, "try again in 1s"},
		{time.Second, "guess7", protocol.BadPassword, "wrong password for game 1"}, // wait 4s
		{0, "", protocol.BadPassword, "game 1 needs a password"},                   // no password, no guess
		{3 * time.Second, "guess8", protocol.RateLimited, "try again in 1s"},
	}
	for i, s := range steps {
		clock.Advance(s.after)
		bob.fails(join(s.pw), s.code, s.text)
		if t.Failed() {
			t.Fatalf("step %d", i+1)
		}
	}
	clock.Advance(time.Second)
	if j := find[*protocol.Joined](t, bob.do(join("sesame"))); j.Game != 1 {
		t.Fatalf("joined %+v", j)
	}
	text := logs.String()
	if have := strings.Count(text, "wrong game password"); have != 6 {
		t.Errorf("%d wrong passwords logged, want 6:\n%s", have, text)
	}
	for _, pw := range []string{"guess", "sesame"} {
		if strings.Contains(text, pw) {
			t.Errorf("the log holds a password (%q):\n%s", pw, text)
		}
	}
	if !strings.Contains(text, "wrong=6") || !strings.Contains(text, "name=Bob") {
		t.Errorf("the log does not say who failed how often:\n%s", text)
	}
}

// TestPasswordBackoffPerAddress: wrong passwords count for the network
// address (an IPv6 address's /64) too, whatever the connection: after ten,
// a new connection from there waits; one from elsewhere does not.
func TestPasswordBackoffPerAddress(t *testing.T) {
	clock := newQuotaClock()
	l := newLobby(t, Options{Clock: clock})
	ann := hello(t, l, "Ann")
	set := small()
	set.Password = "sesame"
	ann.do(&protocol.CreateGame{Settings: set})
	wrong := &protocol.JoinGame{Game: 1, Password: "guess"}
	right := &protocol.JoinGame{Game: 1, Password: "sesame"}
	for i := range 5 { // 2 wrong passwords on each connection: none waits on its own
		a := helloFrom(t, l, "Mallory", "[2001:db8:1:2::"+string(rune('a'+i))+"]:5000")
		a.fails(wrong, protocol.BadPassword, "wrong password")
		a.fails(wrong, protocol.BadPassword, "wrong password")
	}
	last := helloFrom(t, l, "Mallory", "[2001:db8:1:2:ffff::1]:6000")
	last.fails(wrong, protocol.BadPassword, "wrong password") // the eleventh from the /64: wait 1s
	tests := []struct {
		remote string
		code   protocol.ErrorCode
		text   string
	}{
		{"[2001:db8:1:2::99]:7000", protocol.RateLimited, "too many wrong passwords: try again in 1s"},
		{"[2001:db8:1:3::1]:7000", protocol.BadPassword, "wrong password"}, // another /64
		{"198.51.100.4:7000", protocol.BadPassword, "wrong password"},
	}
	for _, tt := range tests {
		helloFrom(t, l, "Someone", tt.remote).fails(wrong, tt.code, tt.text)
	}
	clock.Advance(time.Second)
	if j := find[*protocol.Joined](t, helloFrom(t, l, "Bob", "[2001:db8:1:2::99]:7001").do(right)); j.Game != 1 {
		t.Fatalf("joined %+v", j)
	}
}

func TestWaitText(t *testing.T) {
	tests := []struct {
		have time.Duration
		want string
	}{
		{time.Second, "1s"},
		{1, "0.1s"},
		{2*time.Second + 310*time.Millisecond, "2.4s"},
		{time.Minute, "60s"},
		{time.Minute + 1, "1m1s"},
		{5 * time.Minute, "5m0s"},
		{throttle.Never, "a very long time"},
	}
	for _, tt := range tests {
		if have := waitText(tt.have); have != tt.want {
			t.Errorf("waitText(%v): have %q, want %q", tt.have, have, tt.want)
		}
	}
}

// TestQuotasFitTheAI: the default work budget fits what real players
// send, many times over: the AI's largest order list, sent three times a
// second (the desktop client's most while its player drafts), is under a
// tenth of what the budget regains in a second.
func TestQuotasFitTheAI(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "plays a game")
	}
	rs, _ := builtin(t).Get("erfworld")
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 4, Options: ruleset.Options{ruleset.KeyWidth: 32, ruleset.KeyHeight: 32}})
	if err != nil {
		t.Fatal(err)
	}
	ais := make([]ruleset.AI, 4)
	for i := range ais {
		if ais[i], err = rs.NewAI(rs.Info().DefaultLevel, 3); err != nil {
			t.Fatal(err)
		}
	}
	largest := 0
	for range 150 {
		st := g.Step()
		if over, _ := g.Over(); over {
			break
		}
		var subs []ruleset.Submission
		for _, seat := range st.Actors {
			data, err := ais[seat-1].Act(g.View(seat, false), st, seat)
			if err != nil {
				t.Fatal(err)
			}
			largest = max(largest, len(data))
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: data})
		}
		if _, err := g.Resolve(subs); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("the AI's largest order list: %d bytes", largest)
	work := workRate(protocol.DefaultLimits())
	perSecond := 3 * (costMessage + int64(largest))
	if largest == 0 || perSecond*10 > work.Refill*int64(time.Second/work.Per) {
		t.Fatalf("the AI's largest order list, %d bytes, three times a second (%d units) is over a tenth of the budget's refill (%s)",
			largest, perSecond, work)
	}
}

// TestCountOrders: OrdersResult.Accepted counts the orders of the list as
// sent: an array's length, none for nil or nothing.
func TestCountOrders(t *testing.T) {
	for _, tt := range []struct {
		name string
		have []byte
		want int
	}{
		{"nothing", nil, 0},
		{"nil", []byte{0xc0}, 0},
		{"empty array", []byte{0x90}, 0},
		{"two orders", []byte{0x92, 0x90, 0x90}, 2},
		{"a map", []byte{0x80}, 1},
	} {
		if got := countOrders(tt.have); got != tt.want {
			t.Errorf("%s: have %d, want %d", tt.name, got, tt.want)
		}
	}
}

// BenchmarkDearestMessages measures what the dearest messages a client
// may send within the message rate cost the server, each handled in full
// (through the connection, the lobby and the match): the work budget no
// longer refuses them (protocol's Limits.WithWork), so a client sending
// them at MessagesPerSecond costs this many times a second.
func BenchmarkDearestMessages(b *testing.B) {
	l := newLobby(b, Options{})
	ann := hello(b, l, "Ann")
	set := small()
	set.Width, set.Height = 128, 128
	set.Seats, set.Bots = 16, 15
	set.TurnSeconds = 3600
	ann.do(&protocol.CreateGame{Settings: set})
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	await[*protocol.FullView](ann)
	ann.held = nil
	big := &protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: maximalOrders(b)}
	junk := &protocol.SubmitOrders{Turn: 1, Seq: 1}
	junk.Orders, _ = wire.Marshal(make([]byte, 1<<20-30)) // a bin 32 of a frame's worth
	for _, bb := range []struct {
		name string
		msg  protocol.Message
		want func(*tconn)
	}{
		{"maximal order list", big, func(tc *tconn) { await[*protocol.OrdersResult](tc) }},
		{"1 MiB of no orders", junk, func(tc *tconn) { await[*protocol.Error](tc) }},
		{"view of a 128x128 map", &protocol.RequestView{}, func(tc *tconn) { await[*protocol.FullView](tc) }},
		{"erfworld's rules", &protocol.GetRules{Ruleset: "erfworld"}, func(tc *tconn) { await[*protocol.RulesData](tc) }},
	} {
		b.Run(bb.name, func(b *testing.B) {
			ann.tb = b
			frame := frameOf(b, 1, bb.msg)
			b.SetBytes(int64(len(frame)))
			b.ReportAllocs()
			for b.Loop() {
				ann.c.HandleFrame(frame)
				bb.want(ann)
				ann.held = nil
			}
		})
	}
}
