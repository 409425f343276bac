package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// fakeLink records what a runner sends, in place of a connection, to a
// server of the rulesets welcome describes (the build's when nil).
type fakeLink struct {
	sent    []protocol.Message
	seq     uint32
	game    protocol.GameID
	token   protocol.SeatToken
	welcome *protocol.Welcome
}

func (f *fakeLink) Send(msg protocol.Message) (uint32, error) {
	f.sent = append(f.sent, msg)
	f.seq++
	return f.seq, nil
}

func (f *fakeLink) SetSeat(g protocol.GameID, t protocol.SeatToken) { f.game, f.token = g, t }
func (f *fakeLink) Welcome() *protocol.Welcome                      { return f.welcome }
func (f *fakeLink) Events() <-chan conn.Event                       { return nil }

// take returns the types of the messages sent since the last call.
func (f *fakeLink) take() []protocol.Type {
	var out []protocol.Type
	for _, m := range f.sent {
		out = append(out, m.MessageType())
	}
	f.sent = nil
	return out
}

// newFake returns a runner of opts on a fake link to a server of the
// build's rulesets.
func newFake(t *testing.T, opts Options) (*runner, *fakeLink) {
	t.Helper()
	f := &fakeLink{welcome: &protocol.Welcome{Rulesets: conn.InfosOf(build(t))}}
	return newRunner(opts, build(t), f), f
}

// twoPlayers returns a fresh game of two players on a small map.
func twoPlayers(t *testing.T) *game.State {
	t.Helper()
	s, err := rules(t).NewGame(7, 16, 16, 2, nil)
	if err != nil {
		t.Fatalf("new game: %v", err)
	}
	return s
}

// fullView is the FullView of v as the server sends it.
func fullView(t *testing.T, v *game.View) *protocol.FullView {
	t.Helper()
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.FullView{View: data, Checksum: v.Checksum()}
}

// update is the TurnUpdate from prev to next as the server sends it, with
// next's checksum changed by off (0: the right one).
func update(t *testing.T, prev, next *game.View, off uint64) *protocol.TurnUpdate {
	t.Helper()
	data, err := game.EncodeDelta(game.Diff(prev, next))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := hexgame.EncodeEvents(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: data, Checksum: next.Checksum() + off, Events: ev}
}

// clock is the TurnClock of a simultaneous turn whose actors are seats.
func clock(turn protocol.Turn, seats ...protocol.Seat) *protocol.TurnClock {
	return &protocol.TurnClock{Turn: turn, Mode: uint8(ruleset.Simultaneous), Seq: uint32(turn), Actors: seats}
}

// feed hands msg to r as the connection would (with the size of its
// frame), failing the test on an error.
func feed(t *testing.T, r *runner, msg protocol.Message, reply uint32) {
	t.Helper()
	frame, err := protocol.Marshal(1, reply, msg)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.handle(conn.Event{Msg: msg, Reply: reply, Size: len(frame)}); err != nil {
		t.Fatalf("handle %s: %v", msg.MessageType(), err)
	}
}

func wantSent(t *testing.T, f *fakeLink, step string, want ...protocol.Type) {
	t.Helper()
	if have := f.take(); !reflect.DeepEqual(have, want) {
		t.Fatalf("%s: sent %v, want %v", step, have, want)
	}
}

// viewOf returns the hex view a result holds.
func viewOf(t *testing.T, v ruleset.View) *game.View {
	t.Helper()
	hv, ok := v.(*hexgame.View)
	if !ok {
		t.Fatalf("the result's view is a %T, want a hex view", v)
	}
	return hv.V
}

// TestRunnerTurns walks a runner through a game's messages: the seat, the
// first view and its clock, the clock again (readiness changed), a delta
// that does not match (the whole view asked for again), refused orders, a
// server error, a good delta and the end.
func TestRunnerTurns(t *testing.T) {
	s := twoPlayers(t)
	r, f := newFake(t, Options{Name: "A", Level: "passive", Join: 4})

	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	wantSent(t, f, "begin", protocol.TypeJoinGame)
	token := protocol.NewToken()
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: token, Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	wantSent(t, f, "joined", protocol.TypeSetReady)
	if f.game != 4 || f.token != token {
		t.Errorf("seat to take back: %s with token %v, want game 4 and the Joined's token", f.game, f.token)
	}
	feed(t, r, &protocol.Lobby{Game: 4, Started: true}, 0)

	v1 := game.NewView(s, 1)
	feed(t, r, fullView(t, v1), 0)
	wantSent(t, f, "the view before its clock")
	feed(t, r, clock(1, 1, 2), 0)
	wantSent(t, f, "turn 1", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	feed(t, r, fullView(t, v1), 0)
	c := clock(1, 1, 2)
	c.Ready = []protocol.Seat{1}
	feed(t, r, c, 0)
	wantSent(t, f, "turn 1 again")

	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, update(t, v1, v2, 1), 0)
	wantSent(t, f, "a wrong checksum", protocol.TypeRequestView)
	feed(t, r, clock(2, 1, 2), 0)
	feed(t, r, update(t, v1, v2, 0), 0) // before the FullView: ignored
	wantSent(t, f, "waiting for the view")
	feed(t, r, fullView(t, v2), 0)
	wantSent(t, f, "turn 2", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if viewOf(t, r.res.View).Checksum() != v2.Checksum() {
		t.Errorf("the view kept is not the FullView's")
	}

	rej := protocol.Rejection{Index: 0, Order: "move army 1", Reason: "no such army"}
	feed(t, r, &protocol.OrdersResult{Turn: 2, Errors: []protocol.Rejection{rej}}, 0)
	feed(t, r, &protocol.Error{Code: protocol.NotAllowed, Message: "nope"}, 9)

	game.Resolve(s, rules(t), nil)
	v3 := game.NewView(s, 1)
	feed(t, r, update(t, v2, v3, 0), 0)
	wantSent(t, f, "turn 3's view")
	feed(t, r, clock(3, 1, 2), 0)
	wantSent(t, f, "turn 3", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if r.done {
		t.Fatal("done before GameOver")
	}
	feed(t, r, &protocol.GameOver{Winner: 2, Turn: 3}, 0)
	if !r.done {
		t.Fatal("not done after GameOver")
	}

	have := r.res
	want := Result{Game: 4, Seat: 1, Over: true, Winner: 2, Turn: 3, TurnsPlayed: 3, FullViews: 3, Updates: 3,
		Mismatches: 1, Rejections: []Rejection{{Turn: 2, Rejection: rej}}, View: have.View, Messages: 15,
		ServerErrors: have.ServerErrors, Bytes: have.Bytes}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("result:\nhave %+v\nwant %+v", have, want)
	}
	if len(have.ServerErrors) != 1 || !strings.Contains(have.ServerErrors[0], "nope") {
		t.Errorf("server errors %q: want the one Error", have.ServerErrors)
	}
	if v := viewOf(t, have.View); v.Turn != 3 || v.Checksum() != v3.Checksum() {
		t.Errorf("the last view is of turn %d, checksum %#x: want turn 3's view", v.Turn, v.Checksum())
	}
	if have.Bytes <= have.Messages {
		t.Errorf("%d bytes for %d messages: too few", have.Bytes, have.Messages)
	}
	if want := "turn 2: order 0 (move army 1): no such army"; have.Rejections[0].String() != want {
		t.Errorf("rejection %q, want %q", have.Rejections[0], want)
	}
}

// TestRunnerNoOrders: a light bot (Options.NoOrders) submits an empty
// list and says it is ready each turn without making an AI, and still
// checks its view: a delta that does not match asks for the whole view.
func TestRunnerNoOrders(t *testing.T) {
	s := twoPlayers(t)
	r, f := newFake(t, Options{Name: "A", Join: 4, NoOrders: true})
	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	f.take()
	v1 := game.NewView(s, 1)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	if len(f.sent) != 2 {
		t.Fatalf("turn 1: sent %v, want SubmitOrders and SetReady", f.take())
	}
	if so, ok := f.sent[0].(*protocol.SubmitOrders); !ok || so.Turn != 1 || len(so.Orders) != 0 {
		t.Fatalf("turn 1: sent %+v first, want an empty SubmitOrders for turn 1", f.sent[0])
	}
	wantSent(t, f, "turn 1", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if r.player != nil {
		t.Errorf("an AI was made: %T", r.player)
	}

	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, update(t, v1, v2, 1), 0)
	wantSent(t, f, "a wrong checksum", protocol.TypeRequestView)
	feed(t, r, fullView(t, v2), 0)
	feed(t, r, clock(2, 1, 2), 0)
	wantSent(t, f, "turn 2", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if have := [...]int{r.res.TurnsPlayed, r.res.Orders, r.res.Mismatches}; have != [...]int{2, 0, 1} {
		t.Errorf("turns played, orders, mismatches: have %v, want [2 0 1]", have)
	}
}

// TestRunnerThinks: a bot with Options.Think sends nothing for a step
// until it has thought over it (its timer has fired), and then acts.
func TestRunnerThinks(t *testing.T) {
	const think = 40 * time.Millisecond
	s := twoPlayers(t)
	r, f := newFake(t, Options{Name: "A", Join: 4, NoOrders: true, Think: think})
	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	f.take()
	feed(t, r, fullView(t, game.NewView(s, 1)), 0)
	feed(t, r, clock(1, 1, 2), 0)
	feed(t, r, clock(1, 1, 2), 0) // the clock again: still thinking over the same step
	wantSent(t, f, "thinking")
	if r.thinking == nil || r.thinkSeq != 1 {
		t.Fatalf("not thinking over step 1: %v, step %d", r.thinking, r.thinkSeq)
	}
	<-r.thinking.C // as run does
	r.thinking, r.thought = nil, true
	if err := r.play(); err != nil {
		t.Fatal(err)
	}
	wantSent(t, f, "thought", protocol.TypeSubmitOrders, protocol.TypeSetReady)
}

// TestRunnerResumes: a bot that takes its seat back (a dropped connection,
// a server restarted from its last saved turn) plays the turn the server
// is on again, though it played it before, or a later one; not when the
// server says it is ready already. A bot that skips the turns up to the
// last it played (the server lost their orders and readiness) fails here.
func TestRunnerResumes(t *testing.T) {
	s := twoPlayers(t)
	r, f := newFake(t, Options{Name: "A", Level: "passive", Join: 4})
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	v1 := game.NewView(s, 1)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	wantSent(t, f, "turn 1", protocol.TypeSetReady, protocol.TypeSubmitOrders, protocol.TypeSetReady)

	// The server restarts at the start of turn 1: the bot rejoins.
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: f.token}, 0)
	feed(t, r, fullView(t, v1), 0)
	wantSent(t, f, "the view before the server's clock")
	feed(t, r, clock(1, 1, 2), 0)
	wantSent(t, f, "turn 1 after the restart", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if r.res.TurnsPlayed != 2 {
		t.Errorf("%d turns played, want turn 1 twice", r.res.TurnsPlayed)
	}

	// A dropped connection only: the server kept the orders and says so.
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: f.token}, 0)
	feed(t, r, fullView(t, v1), 0)
	c := clock(1, 1, 2)
	c.Ready = []protocol.Seat{1}
	feed(t, r, c, 0)
	wantSent(t, f, "turn 1, ready on the server")

	// Turn 2 is played, then the server restarts from turn 1, the last it
	// saved: the bot plays turn 1 again, a turn before the last it played.
	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, update(t, v1, v2, 0), 0)
	feed(t, r, clock(2, 1, 2), 0)
	wantSent(t, f, "turn 2", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: f.token}, 0)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	wantSent(t, f, "turn 1 after a restart from it", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if r.res.TurnsPlayed != 4 {
		t.Errorf("%d turns played, want 4: turn 1 twice, turn 2, turn 1 again", r.res.TurnsPlayed)
	}
}

// TestRunnerStops checks the ends of a runner that are not GameOver: the
// turn after LastTurn, a player out of the game (no more orders), a
// FullView that does not match its checksum, a seat refused.
func TestRunnerStops(t *testing.T) {
	joined := func(t *testing.T, opts Options) (*runner, *fakeLink) {
		r, f := newFake(t, opts)
		feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 1}}, 1)
		f.take()
		return r, f
	}
	t.Run("last turn", func(t *testing.T) {
		s := twoPlayers(t)
		r, f := joined(t, Options{Name: "A", Level: "passive", LastTurn: 1})
		v1 := game.NewView(s, 1)
		feed(t, r, fullView(t, v1), 0)
		feed(t, r, clock(1, 1, 2), 0)
		wantSent(t, f, "turn 1", protocol.TypeSubmitOrders, protocol.TypeSetReady)
		game.Resolve(s, rules(t), nil)
		v2 := game.NewView(s, 1)
		feed(t, r, update(t, v1, v2, 0), 0)
		feed(t, r, clock(2, 1, 2), 0)
		wantSent(t, f, "turn 2")
		if !r.done || r.res.Turn != 2 || r.res.TurnsPlayed != 1 || r.res.Over {
			t.Errorf("done %v, result %+v: want done on turn 2 after one turn played, not over", r.done, r.res)
		}
	})
	t.Run("out of the game", func(t *testing.T) {
		s := twoPlayers(t)
		s.Players[0].Alive = false
		r, f := joined(t, Options{Name: "A", Level: "passive"})
		feed(t, r, fullView(t, game.NewView(s, 1)), 0)
		feed(t, r, clock(1, 2), 0)
		wantSent(t, f, "out of the game")
		if r.done || r.res.TurnsPlayed != 0 {
			t.Errorf("done %v, %d turns played: want waiting for the end, none played", r.done, r.res.TurnsPlayed)
		}
	})
	t.Run("bad FullView", func(t *testing.T) {
		r, _ := joined(t, Options{Name: "A"})
		fv := fullView(t, game.NewView(twoPlayers(t), 1))
		fv.Checksum ^= 1
		err := r.handle(conn.Event{Msg: fv})
		if err == nil || !strings.Contains(err.Error(), "checksum") || r.res.Mismatches != 1 {
			t.Errorf("a FullView with a wrong checksum: %v, %d mismatches: want an error and one mismatch", err, r.res.Mismatches)
		}
	})
	t.Run("an AI level the ruleset lacks", func(t *testing.T) {
		r, _ := joined(t, Options{Name: "A", Level: "grandmaster"})
		feed(t, r, fullView(t, game.NewView(twoPlayers(t), 1)), 0)
		err := r.handle(conn.Event{Msg: clock(1, 1, 2)})
		if err == nil || !strings.Contains(err.Error(), `"grandmaster"`) {
			t.Errorf("playing with an unknown level: %v, want an error naming it", err)
		}
	})
	t.Run("a ruleset the bot lacks", func(t *testing.T) {
		r, f := newFake(t, Options{Name: "A"})
		f.welcome.Rulesets = append(f.welcome.Rulesets, protocol.RulesetInfo{ID: "chess", Title: "Chess", Hash: strings.Repeat("a", 64)})
		err := r.handle(conn.Event{Msg: &protocol.Joined{Game: 4, Seat: 1, Settings: protocol.Settings{Ruleset: "chess"}}})
		if err == nil || !strings.Contains(err.Error(), "does not have the ruleset Chess") {
			t.Errorf("a game of a ruleset the bot lacks: %v", err)
		}
	})
	t.Run("seat refused", func(t *testing.T) {
		r, _ := newFake(t, Options{Name: "A", Join: 3, Password: "x"})
		if err := r.begin(); err != nil {
			t.Fatal(err)
		}
		err := r.handle(conn.Event{Msg: &protocol.Error{Code: protocol.BadPassword, Message: "wrong password"}, Reply: 1})
		if err == nil || !strings.Contains(err.Error(), "wrong password") {
			t.Errorf("a refused JoinGame: %v, want an error saying why", err)
		}
	})
	t.Run("game full while searching", func(t *testing.T) {
		r, f := newFake(t, Options{Name: "A"})
		if err := r.begin(); err != nil {
			t.Fatal(err)
		}
		wantSent(t, f, "begin", protocol.TypeListGames)
		list := &protocol.GameList{Games: []protocol.GameInfo{
			{Game: 1, Seats: 2, Humans: 1, Started: true},
			{Game: 2, Seats: 3, Humans: 2, Bots: 1},
			{Game: 3, Seats: 2, Humans: 1, HasPassword: true},
			{Game: 4, Seats: 3, Humans: 1, Bots: 1},
		}}
		feed(t, r, list, 1)
		if len(f.sent) != 1 || f.sent[0].(*protocol.JoinGame).Game != 4 {
			t.Fatalf("from the list, sent %+v: want JoinGame of game 4, the only open one", f.sent)
		}
		f.take()
		feed(t, r, &protocol.Error{Code: protocol.GameFull, Message: "game 4 has no free seat"}, 2)
		wantSent(t, f, "game full", protocol.TypeListGames)
	})
}

// fakeClock is a pacer's clock in a test: time moves only when a sleep
// or the test moves it.
type fakeClock struct {
	now    time.Time
	sleeps []time.Duration
}

func (c *fakeClock) Now() time.Time { return c.now }

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.sleeps = append(c.sleeps, d)
	c.now = c.now.Add(d)
	return nil
}

// take returns the sleeps since the last call.
func (c *fakeClock) take() []time.Duration {
	out := c.sleeps
	c.sleeps = nil
	return out
}

// TestPacer checks that a pacer lets a burst through at once, then keeps
// to the rate, fills up again to the burst only, and stops waiting when
// its context ends.
func TestPacer(t *testing.T) {
	fc := &fakeClock{now: time.Unix(1000, 0)}
	p := newPacer(protocol.Limits{MessagesPerSecond: 100, Burst: 12}) // 10 at once, then 90 a second
	p.clock = fc
	ctx := context.Background()
	waits := func(n int) []time.Duration {
		t.Helper()
		for i := range n {
			if err := p.wait(ctx); err != nil {
				t.Fatalf("message %d: %v", i, err)
			}
		}
		return fc.take()
	}
	if have := waits(10); len(have) != 0 {
		t.Errorf("a burst of 10 waited %v: want no wait", have)
	}
	const each = time.Second / 90
	have := waits(18)
	if len(have) != 18 {
		t.Fatalf("18 messages after the burst waited %d times (%v): want once each", len(have), have)
	}
	for i, d := range have {
		if d < each-time.Microsecond || d > each+time.Microsecond {
			t.Errorf("message %d after the burst waited %v, want 1/90 s (%v)", i+1, d, each)
		}
	}
	// A quiet second fills the bucket up to the burst, no further.
	fc.now = fc.now.Add(time.Second)
	if have := waits(10); len(have) != 0 {
		t.Errorf("a burst of 10 after a quiet second waited %v: want no wait", have)
	}
	if have := waits(1); len(have) != 1 {
		t.Errorf("the 11th message after a quiet second waited %v: want one wait", have)
	}

	ended, cancel := context.WithCancel(ctx)
	cancel()
	if err := p.wait(ended); !errors.Is(err, context.Canceled) {
		t.Errorf("waiting with an ended context: %v, want context.Canceled", err)
	}
	if have := fc.take(); len(have) != 0 {
		t.Errorf("waiting with an ended context slept %v", have)
	}
	var wall wallClock
	if err := wall.Sleep(ended, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("the wall clock's sleep with an ended context: %v, want context.Canceled at once", err)
	}
	if err := wall.Sleep(ctx, time.Nanosecond); err != nil {
		t.Errorf("the wall clock's sleep of 1 ns: %v", err)
	}
	var none pacer
	for range 1000 {
		if err := none.wait(ended); err != nil {
			t.Fatalf("the zero pacer: %v", err)
		}
	}
}

// withDeck is Duel taking seat set-up data: a deck of the
// game's rounds, for the bot's tests.
type withDeck struct{ *duel.Rules }

func (withDeck) CheckSeat(opts ruleset.Options, data []byte) ([]ruleset.Rejection, error) {
	if len(data) != 1 || int(data[0]) != opts.Get(duel.KeyRounds, 3) {
		return []ruleset.Rejection{{Reason: "a deck is one card a round"}}, nil
	}
	return nil, nil
}

func (withDeck) DefaultSeat(opts ruleset.Options) []byte {
	return []byte{byte(opts.Get(duel.KeyRounds, 3))}
}

// TestRunnerSeatData: in a game whose ruleset takes set-up data, a bot
// sends the ruleset's default before it says it is ready; a refusal of it
// ends the bot with the server's words.
func TestRunnerSeatData(t *testing.T) {
	reg, err := ruleset.NewRegistry(withDeck{duel.New()})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeLink{welcome: &protocol.Welcome{Rulesets: conn.InfosOf(reg)}}
	if !f.welcome.Rulesets[0].SeatSetup {
		t.Fatal("the server's description of a ruleset with set-up data has no SeatSetup")
	}
	r := newRunner(Options{Name: "A", Join: 4}, reg, f)
	feed(t, r, &protocol.Joined{Game: 4, Seat: 2, Token: protocol.NewToken(),
		Settings: protocol.Settings{Ruleset: duel.ID, Seed: 7, Options: []protocol.Option{{Key: duel.KeyRounds, Value: 5}}}}, 1)
	if len(f.sent) != 2 {
		t.Fatalf("joined: sent %v, want SetSeatData and SetReady", f.take())
	}
	if sd, ok := f.sent[0].(*protocol.SetSeatData); !ok || !bytes.Equal(sd.Data, []byte{5}) {
		t.Errorf("joined: sent %+v first, want the default deck of 5 rounds", f.sent[0])
	}
	wantSent(t, f, "joined", protocol.TypeSetSeatData, protocol.TypeSetReady)
	feed(t, r, &protocol.SeatDataResult{Accepted: true}, 2)
	err = r.handle(conn.Event{Msg: &protocol.SeatDataResult{Errors: []protocol.Rejection{{Reason: "no such card"}}}, Reply: 2})
	if err == nil || !strings.Contains(err.Error(), "no such card") {
		t.Errorf("a refused deck: %v, want an error with the server's reason", err)
	}
}

// earRules is a ruleset whose AIs are its own's made ruleset.Listeners
// that log what they hear in heard, and refuse the events "deaf".
type earRules struct {
	ruleset.Ruleset
	heard *[]string
}

func (e earRules) NewAI(level string, seed uint64) (ruleset.AI, error) {
	ai, err := e.Ruleset.NewAI(level, seed)
	return earAI{ai, e.heard}, err
}

type earAI struct {
	ruleset.AI
	heard *[]string
}

func (a earAI) Hear(s ruleset.Seat, events []byte) error {
	if string(events) == "deaf" {
		return errors.New("cannot hear that")
	}
	*a.heard = append(*a.heard, fmt.Sprintf("%d:%s", s, events))
	return nil
}

// TestRunnerHears (ruleset.Listener): the bot's AI hears the events the
// server sends its seat, a step's with its delta and those of the steps
// it missed, in order; an AI that cannot hear them stops the bot.
func TestRunnerHears(t *testing.T) {
	erf, ok := build(t).Get("erfworld")
	if !ok {
		t.Fatal("no erfworld in the build")
	}
	var heard []string
	reg, err := ruleset.NewRegistry(earRules{erf, &heard})
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeLink{welcome: &protocol.Welcome{Rulesets: conn.InfosOf(reg)}}
	r := newRunner(Options{Name: "A", Level: "passive", Join: 4}, reg, f)
	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.Joined{Game: 4, Seat: 2, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	s := twoPlayers(t)
	v1 := game.NewView(s, 2)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 2)
	u := update(t, v1, v2, 0)
	u.Events = []byte("turn 1")
	feed(t, r, u, 0)
	feed(t, r, &protocol.Missed{Steps: []protocol.MissedStep{{Turn: 2, Events: []byte("turn 2")}, {Turn: 3, Events: []byte("turn 3")}}}, 0)
	if want := []string{"2:turn 1", "2:turn 2", "2:turn 3"}; !reflect.DeepEqual(heard, want) {
		t.Errorf("the AI heard %q, want %q", heard, want)
	}
	u = update(t, v2, v2, 0)
	u.Events = []byte("deaf")
	if err := r.handle(conn.Event{Msg: u}); err == nil || !strings.Contains(err.Error(), "the AI hears its events: cannot hear that") {
		t.Errorf("an AI that cannot hear: have %v, want its error", err)
	}
}
