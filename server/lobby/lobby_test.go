package lobby

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// waitLimit only keeps a broken test from hanging. It is long: under the
// race detector on a 2-core machine at a load of 18, checking two of the
// largest order lists (TestMaximalOrdersPipelined, 7 s of CPU alone) took
// over two minutes.
const waitLimit = 5 * time.Minute

// loadBuiltin loads the build's own rulesets once: they are only read.
var loadBuiltin = sync.OnceValues(registry.Default)

// builtin returns the build's own rulesets (registry.Default).
func builtin(tb testing.TB) *ruleset.Registry {
	tb.Helper()
	r, err := loadBuiltin()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// withTally returns the build's rulesets and the tally ruleset after them.
func withTally(tb testing.TB) *ruleset.Registry {
	tb.Helper()
	r, err := ruleset.NewRegistry(append(builtin(tb).All(), &tally{data: tallyData})...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// newLobby returns a lobby with opts, the build's own rulesets unless
// opts name others, closed when the test ends.
func newLobby(tb testing.TB, opts Options) *Lobby {
	tb.Helper()
	if opts.Rulesets == nil {
		opts.Rulesets = builtin(tb)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	l, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(l.Close)
	return l
}

// tconn is a client on a detached connection: the test hands it frames
// and reads what the lobby sends back.
type tconn struct {
	tb      testing.TB
	name    string
	c       *wsconn.Conn
	seq     uint32
	welcome *protocol.Welcome // the answer to its Hello
	held    []wsconn.Outgoing // read by awaitAside, for the next await
	got     []wsconn.Outgoing // every message the lobby sent it, in order
}

func connOptions(l *Lobby) wsconn.Options {
	return wsconn.Options{
		Accept:   l.Accept,
		Rulesets: l.RulesetInfos(),
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limits:   protocol.Limits{MaxClientMessage: 1 << 20, MaxServerMessage: 8 << 20, MaxOrders: 4096},
	}
}

// hello returns a client that said Hello to l.
func hello(tb testing.TB, l *Lobby, name string) *tconn {
	tb.Helper()
	tc := &tconn{tb: tb, name: name, c: wsconn.NewDetached(connOptions(l))}
	tb.Cleanup(tc.c.End)
	out := tc.do(&protocol.Hello{Version: protocol.Version, Name: name})
	if len(out) != 1 || out[0].Msg.MessageType() != protocol.TypeWelcome {
		tb.Fatalf("%s: hello answered %v", name, types(out))
	}
	tc.welcome = out[0].Msg.(*protocol.Welcome)
	return tc
}

// encodeOrders returns orders as SubmitOrders carries them in a hex game.
func encodeOrders(tb testing.TB, orders ...game.Order) protocol.Payload {
	tb.Helper()
	b, err := hexgame.EncodeOrders(orders)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// noOrders is an empty order list: "no orders this turn".
func noOrders(tb testing.TB) protocol.Payload { return encodeOrders(tb) }

// viewOf decodes the hex view of fv, checking it against fv's checksum.
func viewOf(tb testing.TB, fv *protocol.FullView) *game.View {
	tb.Helper()
	v, err := game.DecodeView(fv.View)
	if err != nil {
		tb.Fatalf("full view: %v", err)
	}
	if have := v.Checksum(); have != fv.Checksum {
		tb.Fatalf("full view of turn %d: checksum %016x, the message says %016x", v.Turn, have, fv.Checksum)
	}
	return v
}

// applyUpdate applies u's hex delta to v, checking the result against u's
// checksum, and decodes u's events.
func applyUpdate(tb testing.TB, v *game.View, u *protocol.TurnUpdate) (*game.View, []game.Event) {
	tb.Helper()
	d, err := game.DecodeDelta(u.Delta)
	if err != nil {
		tb.Fatalf("turn update: %v", err)
	}
	next, err := game.Apply(v, d)
	if err != nil {
		tb.Fatalf("turn update: %v", err)
	}
	if have := next.Checksum(); have != u.Checksum {
		tb.Fatalf("view of turn %d after the delta: checksum %016x, the message says %016x", next.Turn, have, u.Checksum)
	}
	events, err := hexgame.DecodeEvents(u.Events, nil)
	if err != nil {
		tb.Fatalf("turn update: %v", err)
	}
	return next, events
}

// do hands the lobby msg and returns everything queued for the client
// when it is done: the answers, and what came before.
func (tc *tconn) do(msg protocol.Message) []wsconn.Outgoing {
	tc.tb.Helper()
	tc.send(msg)
	out := tc.c.Pending()
	tc.got = append(tc.got, out...)
	return out
}

// send hands the lobby msg, leaving what comes back for await: what a
// match sends arrives on another goroutine.
func (tc *tconn) send(msg protocol.Message) {
	tc.tb.Helper()
	tc.seq++
	frame, err := protocol.Marshal(tc.seq, 0, msg)
	if err != nil {
		tc.tb.Fatal(err)
	}
	tc.c.HandleFrame(frame)
}

// fails hands the lobby msg and checks it is refused with code, the
// message holding text.
func (tc *tconn) fails(msg protocol.Message, code protocol.ErrorCode, text string) {
	tc.tb.Helper()
	out := tc.do(msg)
	for _, o := range out {
		if e, ok := o.Msg.(*protocol.Error); ok {
			if e.Code != code || !strings.Contains(e.Message, text) || o.Reply != tc.seq {
				tc.tb.Fatalf("%s: %T refused with %s %q replying to %d, want %s with %q replying to %d",
					tc.name, msg, e.Code, e.Message, o.Reply, code, text, tc.seq)
			}
			return
		}
	}
	tc.tb.Fatalf("%s: %T answered %v, want error %s", tc.name, msg, types(out), code)
}

// find returns the first message of type M in out.
func find[M protocol.Message](tb testing.TB, out []wsconn.Outgoing) M {
	tb.Helper()
	for _, o := range out {
		if m, ok := o.Msg.(M); ok {
			return m
		}
	}
	var m M
	tb.Fatalf("no %T in %v", m, types(out))
	return m
}

// last returns the last message of type M in out.
func last[M protocol.Message](tb testing.TB, out []wsconn.Outgoing) M {
	tb.Helper()
	for i := len(out) - 1; i >= 0; i-- {
		if m, ok := out[i].Msg.(M); ok {
			return m
		}
	}
	var m M
	tb.Fatalf("no %T in %v", m, types(out))
	return m
}

// await reads the client's messages until one of type M, dropping those
// before it.
func await[M protocol.Message](tc *tconn) M {
	tc.tb.Helper()
	for {
		if m, ok := tc.next().Msg.(M); ok {
			return m
		}
	}
}

// awaitAside reads the client's messages until one of type M, keeping
// those before it for the next await: an answer and what a match sends
// come in either order.
func awaitAside[M protocol.Message](tc *tconn) M {
	tc.tb.Helper()
	var aside []wsconn.Outgoing
	defer func() { tc.held = append(aside, tc.held...) }()
	for {
		o := tc.next()
		if m, ok := o.Msg.(M); ok {
			return m
		}
		aside = append(aside, o)
	}
}

// next returns the client's next message: the first one held, else the
// next one the lobby sends.
func (tc *tconn) next() wsconn.Outgoing {
	tc.tb.Helper()
	if len(tc.held) > 0 {
		o := tc.held[0]
		tc.held = tc.held[1:]
		return o
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	o, ok := tc.c.Next(ctx)
	if !ok {
		tc.tb.Fatalf("%s: no message in time", tc.name)
	}
	tc.got = append(tc.got, o)
	return o
}

func types(out []wsconn.Outgoing) []string {
	var s []string
	for _, o := range out {
		s = append(s, o.Msg.MessageType().String())
	}
	return s
}

func small() protocol.Settings {
	return protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 3, Bots: 1}
}

func TestCreate(t *testing.T) {
	l := newLobby(t, Options{MaxGames: 2})
	ann := hello(t, l, "Ann")

	bad := small()
	bad.Ruleset = "chess"
	ann.fails(&protocol.CreateGame{Settings: bad}, protocol.Invalid, `unknown ruleset "chess": this server has erfworld`)
	bad = small()
	bad.Width, bad.Height = 16, 16
	ann.fails(&protocol.CreateGame{Settings: bad}, protocol.Invalid, "a 16x16 map holds at most 2 players")

	set := small()
	set.Seed = 0
	set.Password = "sesame"
	out := ann.do(&protocol.CreateGame{Settings: set})
	j := find[*protocol.Joined](t, out)
	if j.Seat != 1 || !j.Token.Valid() || j.Settings.Seed == 0 || j.Settings.Name != "Ann's game" || j.Settings.Password != "" {
		t.Fatalf("joined %+v: want seat 1, a token, a seed and a name chosen, no password", j)
	}
	if out[0].Reply != ann.seq {
		t.Errorf("joined replies to %d, want %d", out[0].Reply, ann.seq)
	}
	lob := find[*protocol.Lobby](t, out)
	if !lob.HasPassword || lob.Host != 1 || lob.Settings.Password != "" {
		t.Errorf("lobby %+v", lob)
	}
	ann.fails(&protocol.CreateGame{Settings: small()}, protocol.NotAllowed, "you are in game 1: leave it first")

	bob := hello(t, l, "Bob")
	bob.do(&protocol.CreateGame{Settings: small()})
	cid := hello(t, l, "Cid")
	cid.fails(&protocol.CreateGame{Settings: small()}, protocol.Unavailable, "the server holds 2 games")

	list := find[*protocol.GameList](t, cid.do(&protocol.ListGames{}))
	if len(list.Games) != 2 || list.Games[0].Game != 1 || !list.Games[0].HasPassword || list.Games[1].HasPassword ||
		list.Games[0].Humans != 1 || list.Games[0].Seats != 3 || list.Games[0].Bots != 1 {
		t.Fatalf("game list %+v", list.Games)
	}
	if st := l.Stats(); st.Games != 2 || st.Running != 0 || st.Clients != 3 {
		t.Errorf("stats %+v", st)
	}
}

func TestJoinAndLeave(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	set := small()
	set.Seats, set.Bots = 4, 1
	set.Password = "sesame"
	set.Spectators = true
	ann.do(&protocol.CreateGame{Settings: set})

	bob := hello(t, l, "Bob")
	bob.fails(&protocol.JoinGame{Game: 9}, protocol.NoSuchGame, "no game 9")
	bob.fails(&protocol.JoinGame{Game: 1}, protocol.BadPassword, "game 1 needs a password")
	bob.fails(&protocol.JoinGame{Game: 1, Password: "open"}, protocol.BadPassword, "wrong password")
	bob.fails(&protocol.JoinGame{Game: 1, Password: "sesame", Seat: 4}, protocol.GameFull, "seat 4 of game 1 is a bot's")
	bob.fails(&protocol.JoinGame{Game: 1, Password: "sesame", Seat: 1}, protocol.GameFull, "seat 1 of game 1 is taken")
	bob.fails(&protocol.JoinGame{Game: 1, Password: "sesame", Seat: 5}, protocol.Invalid, "game 1 has seats 1 to 4")
	out := bob.do(&protocol.JoinGame{Game: 1, Password: "sesame", Seat: 3})
	j := find[*protocol.Joined](t, out)
	if j.Seat != 3 || !j.Token.Valid() {
		t.Fatalf("bob joined %+v", j)
	}
	bobTok := j.Token
	if lob := last[*protocol.Lobby](t, ann.c.Pending()); !lob.Seats[2].Human || lob.Seats[2].Name != "Bob" || !lob.Seats[2].Connected {
		t.Fatalf("ann's lobby %+v", lob.Seats)
	}
	bob.fails(&protocol.JoinGame{Game: 1, Password: "sesame"}, protocol.NotAllowed, "you are in game 1 already")

	cid := hello(t, l, "Cid")
	if j := find[*protocol.Joined](t, cid.do(&protocol.JoinGame{Game: 1, Password: "sesame"})); j.Seat != 2 {
		t.Fatalf("cid joined %+v, want the free seat 2", j)
	}
	dan := hello(t, l, "Dan")
	dan.fails(&protocol.JoinGame{Game: 1, Password: "sesame"}, protocol.GameFull, "game 1 has no free seat")
	if j := find[*protocol.Joined](t, dan.do(&protocol.JoinGame{Game: 1, Password: "sesame", Spectate: true})); j.Seat != protocol.Spectator || j.Token != "" {
		t.Fatalf("dan joined %+v, want a spectator without a token", j)
	}
	dan.fails(&protocol.SetReady{Ready: true}, protocol.NotAllowed, "spectators")

	// The host leaves: the first seat taken becomes host; the seat is
	// free again.
	ann.do(&protocol.LeaveGame{})
	lob := last[*protocol.Lobby](t, bob.c.Pending())
	if lob.Host != 2 || lob.Seats[0].Human || lob.Seats[0].Name != "" {
		t.Fatalf("after the host left: %+v", lob)
	}
	ann.fails(&protocol.LeaveGame{}, protocol.WrongGame, "you are in no game")

	// A seat's token takes it over before the start too; another token
	// takes nothing.
	eve := hello(t, l, "Eve")
	eve.fails(&protocol.JoinGame{Game: 1, Token: protocol.NewToken()}, protocol.BadToken, "not for a seat of game 1")
	bob2 := hello(t, l, "Bob")
	if j := find[*protocol.Joined](t, bob2.do(&protocol.JoinGame{Game: 1, Token: bobTok})); j.Seat != 3 || j.Token != bobTok {
		t.Fatalf("bob's second connection joined %+v", j)
	}
	select {
	case <-bob.c.Closing():
	default:
		t.Fatal("bob's first connection was not closed")
	}
	bob.c.End()

	// Everybody leaves: the game is gone.
	bob2.do(&protocol.LeaveGame{})
	cid.c.End() // a dropped connection leaves too
	if j := find[*protocol.Error](t, dan.c.Pending()); j.Code != protocol.NoSuchGame {
		t.Fatalf("the spectator was told %+v", j)
	}
	if list := find[*protocol.GameList](t, dan.do(&protocol.ListGames{})); len(list.Games) != 0 {
		t.Fatalf("games left: %+v", list.Games)
	}
}

func TestChat(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	cid := hello(t, l, "Cid")
	ann.do(&protocol.CreateGame{Settings: small()})
	bob.do(&protocol.JoinGame{Game: 1})
	ann.c.Pending()

	// In the lobby: to the clients in no game.
	out := cid.do(&protocol.Chat{Text: "anyone?"})
	if m := find[*protocol.ChatMessage](t, out); !m.Lobby || m.Name != "Cid" || out[0].Reply != cid.seq {
		t.Fatalf("cid's own lobby line %+v", m)
	}
	if out := ann.c.Pending(); len(out) != 0 {
		t.Fatalf("a player in a game got the lobby's chat: %v", types(out))
	}
	// In a game: to its members only.
	ann.do(&protocol.Chat{Text: "hi Bob"})
	if m := find[*protocol.ChatMessage](t, bob.c.Pending()); m.Lobby || m.From != 1 || m.Text != "hi Bob" {
		t.Fatalf("bob got %+v", m)
	}
	if out := cid.c.Pending(); len(out) != 0 {
		t.Fatalf("cid got the game's chat: %v", types(out))
	}
	cid.fails(&protocol.Chat{Text: " "}, protocol.Invalid, "empty chat line")
}

func TestStart(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.fails(&protocol.StartGame{}, protocol.WrongGame, "you are in no game")
	ann.do(&protocol.CreateGame{Settings: small()})
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "seat 2 is free, and a game without a turn timer needs every seat taken")
	ann.fails(&protocol.SubmitOrders{Turn: 1, Orders: noOrders(t)}, protocol.NotAllowed, "game 1 has not started")
	ann.fails(&protocol.RequestView{}, protocol.NotAllowed, "game 1 has not started")
	bob.do(&protocol.JoinGame{Game: 1})
	bob.fails(&protocol.StartGame{}, protocol.NotAllowed, "only the host (seat 1) may start game 1")
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "seat 1 (Ann) is not ready")
	ann.do(&protocol.SetReady{Ready: true})
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "seat 2 (Bob) is not ready")
	bob.send(&protocol.SetReady{Ready: true}) // everyone ready: it starts

	for _, tc := range []*tconn{ann, bob} {
		if v := viewOf(t, await[*protocol.FullView](tc)); v.Turn != 1 {
			t.Fatalf("%s: full view of turn %d", tc.name, v.Turn)
		}
		if tc := await[*protocol.TurnClock](tc); tc.Turn != 1 || tc.Deadline != 0 {
			t.Fatalf("clock %+v", tc)
		}
	}
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "game 1 has started already")
	ann.fails(&protocol.SubmitOrders{Turn: 3, Seq: 1, Orders: noOrders(t)}, protocol.WrongTurn, "orders for turn 3, the game is on turn 1")
	// Orders and readiness name the step they are for: one for another
	// step, the lobby's readiness (Seq 0) too, is refused.
	ann.fails(&protocol.SubmitOrders{Turn: 1, Seq: 2, Orders: noOrders(t)}, protocol.WrongTurn, "orders for step 2, the game is at step 1")
	ann.fails(&protocol.SetReady{Ready: true}, protocol.WrongTurn, "ready for step 0, the game is at step 1")
	out := ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := find[*protocol.OrdersResult](t, out); r.Accepted != 0 || r.Errors != nil || r.Turn != 1 {
		t.Fatalf("empty orders: %+v", r)
	}
	// Orders nil (msgpack nil on the wire) are no orders too: none accepted.
	out = ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: nil})
	if r := find[*protocol.OrdersResult](t, out); r.Accepted != 0 || r.Errors != nil || r.Turn != 1 {
		t.Fatalf("orders nil: %+v, want 0 accepted", r)
	}
	ann.send(&protocol.RequestView{})
	if v := viewOf(t, await[*protocol.FullView](ann)); v.Turn != 1 {
		t.Fatal("no full view after RequestView")
	}
	// Readiness in a turn goes to everyone as a TurnClock.
	ann.send(&protocol.SetReady{Ready: true, Seq: 1})
	for _, tc := range []*tconn{ann, bob} {
		for clk := await[*protocol.TurnClock](tc); len(clk.Ready) != 1 || clk.Ready[0] != 1; {
			clk = await[*protocol.TurnClock](tc) // the clock after the full view, first
		}
	}
	list := find[*protocol.GameList](t, bob.do(&protocol.ListGames{}))
	if len(list.Games) != 1 || !list.Games[0].Started || list.Games[0].Turn != 1 {
		t.Fatalf("list %+v", list.Games)
	}
}

// TestStartWithTimer: with a turn timer the host may start with seats
// open; they are played on autopilot, and someone may take one later.
func TestStartWithTimer(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	set := small()
	set.Seats, set.Bots, set.TurnSeconds = 4, 1, 60
	set.Spectators = true
	ann.do(&protocol.CreateGame{Settings: set})
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	if clk := await[*protocol.TurnClock](ann); clk.Deadline == 0 {
		t.Fatalf("clock %+v: want a deadline", clk)
	}
	bob := hello(t, l, "Bob")
	bob.send(&protocol.JoinGame{Game: 1})
	if j := await[*protocol.Joined](bob); j.Seat != 2 {
		t.Fatalf("bob joined %+v", j)
	}
	if v := viewOf(t, await[*protocol.FullView](bob)); v.You != 2 {
		t.Fatalf("bob's view is of player %d", v.You)
	}
	watcher := hello(t, l, "Watcher")
	watcher.send(&protocol.JoinGame{Game: 1, Spectate: true})
	if v := viewOf(t, await[*protocol.FullView](watcher)); v.You != 0 {
		t.Fatalf("the spectator's view is of player %d", v.You)
	}
	watcher.fails(&protocol.SubmitOrders{Turn: 1, Orders: noOrders(t)}, protocol.NotAllowed, "spectators give no orders")
}

// TestRejoin: after the start a dropped player keeps the seat; the token
// gives it back, and a newer connection takes it from an older one.
func TestRejoin(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	tok := find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](bob)
	bob.c.End()

	eve := hello(t, l, "Eve")
	eve.fails(&protocol.JoinGame{Game: 1, Seat: 2}, protocol.GameFull, "seat 2 of game 1 is taken")
	eve.fails(&protocol.JoinGame{Game: 1}, protocol.GameFull, "no free seat")
	eve.fails(&protocol.SubmitOrders{Turn: 1, Orders: noOrders(t)}, protocol.WrongGame, "")

	back := hello(t, l, "Bob")
	back.send(&protocol.JoinGame{Game: 1, Token: tok})
	if j := await[*protocol.Joined](back); j.Seat != 2 || j.Token != tok {
		t.Fatalf("rejoined %+v", j)
	}
	await[*protocol.FullView](back)
	again := hello(t, l, "Bob")
	again.send(&protocol.JoinGame{Game: 1, Token: tok})
	await[*protocol.FullView](again)
	select {
	case <-back.c.Closing():
	default:
		t.Fatal("the older connection was not closed")
	}
	back.c.End() // its end no longer touches the seat
	out := again.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
	if r := find[*protocol.OrdersResult](t, out); r.Turn != 1 {
		t.Fatalf("the newer connection's orders: %+v", r)
	}
}

func TestClosedLobby(t *testing.T) {
	l := newLobby(t, Options{})
	l.Close()
	c := wsconn.NewDetached(connOptions(l))
	frame, err := protocol.Marshal(1, 0, &protocol.Hello{Version: protocol.Version, Name: "Late"})
	if err != nil {
		t.Fatal(err)
	}
	c.HandleFrame(frame)
	if e := find[*protocol.Error](t, c.Pending()); e.Code != protocol.Unavailable {
		t.Fatalf("error %+v", e)
	}
}

// TestAILevels: every AI level a ruleset of the lobby names is one its AI
// plays, so a game whose level Settings.CheckFor lets through gets its AI
// when it starts.
func TestAILevels(t *testing.T) {
	for _, rs := range withTally(t).All() {
		in := rs.Info()
		for _, level := range in.Levels {
			if _, err := rs.NewAI(level, 1); err != nil {
				t.Errorf("%s: NewAI(%q): %v", in.ID, level, err)
			}
		}
	}
}
