package bot

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"empires/client/conn"
	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/protocol"
)

// fakeLink records what a runner sends, in place of a connection.
type fakeLink struct {
	sent  []protocol.Message
	seq   uint32
	game  protocol.GameID
	token protocol.SeatToken
}

func (f *fakeLink) Send(msg protocol.Message) (uint32, error) {
	f.sent = append(f.sent, msg)
	f.seq++
	return f.seq, nil
}

func (f *fakeLink) SetSeat(g protocol.GameID, t protocol.SeatToken) { f.game, f.token = g, t }
func (f *fakeLink) Welcome() *protocol.Welcome {
	return &protocol.Welcome{Rulesets: []string{"erfworld"}}
}
func (f *fakeLink) Events() <-chan conn.Event { return nil }

// take returns the types of the messages sent since the last call.
func (f *fakeLink) take() []protocol.Type {
	var out []protocol.Type
	for _, m := range f.sent {
		out = append(out, m.MessageType())
	}
	f.sent = nil
	return out
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

// TestRunnerTurns walks a runner through a game's messages: the seat, the
// first view, a reconnection's view, a delta that does not match (the
// whole view asked for again), refused orders, a server error, a good
// delta and the end.
func TestRunnerTurns(t *testing.T) {
	s := twoPlayers(t)
	f := &fakeLink{}
	r := &runner{opts: Options{Name: "A", Level: ai.Passive, Join: 4}, rs: rules(t), c: f}

	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	wantSent(t, f, "begin", protocol.TypeJoinGame)
	token := protocol.NewToken()
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: token, Settings: protocol.Settings{Seed: 7}}, 1)
	wantSent(t, f, "joined", protocol.TypeSetReady)
	if f.game != 4 || f.token != token {
		t.Errorf("seat to take back: %s with token %v, want game 4 and the Joined's token", f.game, f.token)
	}
	feed(t, r, &protocol.Lobby{Game: 4, Started: true}, 0)

	v1 := game.NewView(s, 1)
	feed(t, r, &protocol.FullView{View: v1, Checksum: v1.Checksum()}, 0)
	wantSent(t, f, "turn 1", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	feed(t, r, &protocol.FullView{View: v1, Checksum: v1.Checksum()}, 0)
	wantSent(t, f, "turn 1 again")

	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, &protocol.TurnUpdate{Delta: game.Diff(v1, v2), Checksum: v2.Checksum() + 1}, 0)
	wantSent(t, f, "a wrong checksum", protocol.TypeRequestView)
	feed(t, r, &protocol.TurnUpdate{Delta: game.Diff(v1, v2), Checksum: v2.Checksum()}, 0) // before the FullView: ignored
	wantSent(t, f, "waiting for the view")
	feed(t, r, &protocol.FullView{View: v2, Checksum: v2.Checksum()}, 0)
	wantSent(t, f, "turn 2", protocol.TypeSubmitOrders, protocol.TypeSetReady)
	if r.res.View != v2 {
		t.Errorf("the view kept is not the FullView's")
	}

	rej := protocol.Rejection{Index: 0, Order: "move army 1", Reason: "no such army"}
	feed(t, r, &protocol.OrdersResult{Turn: 2, Errors: []protocol.Rejection{rej}}, 0)
	feed(t, r, &protocol.Error{Code: protocol.NotAllowed, Message: "nope"}, 9)

	game.Resolve(s, rules(t), nil)
	v3 := game.NewView(s, 1)
	feed(t, r, &protocol.TurnUpdate{Delta: game.Diff(v2, v3), Checksum: v3.Checksum()}, 0)
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
		Mismatches: 1, Rejections: []Rejection{{Turn: 2, Rejection: rej}}, View: have.View, Messages: 11,
		ServerErrors: have.ServerErrors, Bytes: have.Bytes}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("result:\nhave %+v\nwant %+v", have, want)
	}
	if len(have.ServerErrors) != 1 || !strings.Contains(have.ServerErrors[0], "nope") {
		t.Errorf("server errors %q: want the one Error", have.ServerErrors)
	}
	if have.View.Turn != 3 || have.View.Checksum() != v3.Checksum() {
		t.Errorf("the last view is of turn %d, checksum %#x: want turn 3's view", have.View.Turn, have.View.Checksum())
	}
	if have.Bytes <= have.Messages {
		t.Errorf("%d bytes for %d messages: too few", have.Bytes, have.Messages)
	}
	if want := "turn 2: order 0 (move army 1): no such army"; have.Rejections[0].String() != want {
		t.Errorf("rejection %q, want %q", have.Rejections[0], want)
	}
}

// TestRunnerStops checks the ends of a runner that are not GameOver: the
// turn after LastTurn, a player out of the game (no more orders), a
// FullView that does not match its checksum, a seat refused.
func TestRunnerStops(t *testing.T) {
	t.Run("last turn", func(t *testing.T) {
		s := twoPlayers(t)
		f := &fakeLink{}
		r := &runner{opts: Options{Name: "A", LastTurn: 1}, rs: rules(t), c: f, joined: true, player: ai.New(rules(t), ai.Passive, 1)}
		v1 := game.NewView(s, 1)
		feed(t, r, &protocol.FullView{View: v1, Checksum: v1.Checksum()}, 0)
		wantSent(t, f, "turn 1", protocol.TypeSubmitOrders, protocol.TypeSetReady)
		game.Resolve(s, rules(t), nil)
		v2 := game.NewView(s, 1)
		feed(t, r, &protocol.TurnUpdate{Delta: game.Diff(v1, v2), Checksum: v2.Checksum()}, 0)
		wantSent(t, f, "turn 2")
		if !r.done || r.res.Turn != 2 || r.res.TurnsPlayed != 1 || r.res.Over {
			t.Errorf("done %v, result %+v: want done on turn 2 after one turn played, not over", r.done, r.res)
		}
	})
	t.Run("out of the game", func(t *testing.T) {
		s := twoPlayers(t)
		s.Players[0].Alive = false
		f := &fakeLink{}
		r := &runner{opts: Options{Name: "A"}, rs: rules(t), c: f, joined: true, player: ai.New(rules(t), ai.Passive, 1)}
		v := game.NewView(s, 1)
		feed(t, r, &protocol.FullView{View: v, Checksum: v.Checksum()}, 0)
		wantSent(t, f, "out of the game")
		if r.done || r.res.TurnsPlayed != 0 {
			t.Errorf("done %v, %d turns played: want waiting for the end, none played", r.done, r.res.TurnsPlayed)
		}
	})
	t.Run("bad FullView", func(t *testing.T) {
		f := &fakeLink{}
		r := &runner{opts: Options{Name: "A"}, rs: rules(t), c: f, joined: true, player: ai.New(rules(t), ai.Passive, 1)}
		v := game.NewView(twoPlayers(t), 1)
		err := r.handle(conn.Event{Msg: &protocol.FullView{View: v, Checksum: v.Checksum() ^ 1}})
		if err == nil || !strings.Contains(err.Error(), "checksum") || r.res.Mismatches != 1 {
			t.Errorf("a FullView with a wrong checksum: %v, %d mismatches: want an error and one mismatch", err, r.res.Mismatches)
		}
	})
	t.Run("seat refused", func(t *testing.T) {
		f := &fakeLink{}
		r := &runner{opts: Options{Name: "A", Join: 3, Password: "x"}, rs: rules(t), c: f}
		if err := r.begin(); err != nil {
			t.Fatal(err)
		}
		err := r.handle(conn.Event{Msg: &protocol.Error{Code: protocol.BadPassword, Message: "wrong password"}, Reply: 1})
		if err == nil || !strings.Contains(err.Error(), "wrong password") {
			t.Errorf("a refused JoinGame: %v, want an error saying why", err)
		}
	})
	t.Run("game full while searching", func(t *testing.T) {
		f := &fakeLink{}
		r := &runner{opts: Options{Name: "A"}, rs: rules(t), c: f}
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

// TestPacer checks that a pacer lets a burst through at once, then keeps
// to the rate, and stops waiting when its context ends.
func TestPacer(t *testing.T) {
	p := newPacer(protocol.Limits{MessagesPerSecond: 100, Burst: 12}) // 10 at once, then 90 a second
	ctx := context.Background()
	start := time.Now()
	for i := range 10 {
		if err := p.wait(ctx); err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("a burst of 10 took %v: want no wait", d)
	}
	for i := range 18 {
		if err := p.wait(ctx); err != nil {
			t.Fatalf("message %d: %v", 10+i, err)
		}
	}
	if d := time.Since(start); d < 190*time.Millisecond {
		t.Errorf("28 messages took %v: want at least 18/90 s", d)
	}

	ctx, cancel := context.WithCancel(ctx)
	cancel()
	p.tokens = 0
	if err := p.wait(ctx); err == nil {
		t.Error("waiting with an ended context: no error")
	}
	var none pacer
	for range 1000 {
		if err := none.wait(ctx); err != nil {
			t.Fatalf("the zero pacer: %v", err)
		}
	}
}
