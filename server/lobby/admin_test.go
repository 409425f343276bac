package lobby

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"empires/shared/game"
	"empires/shared/protocol"
)

// countObserver counts what an Observer is told.
type countObserver struct {
	mu                        sync.Mutex
	accepted, rejected        int
	submissions               int
	acts, actsRefused         int
	turns, actions, takeovers int
}

func (o *countObserver) OrdersChecked(accepted, rejected int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.submissions++
	o.accepted += accepted
	o.rejected += rejected
}

func (o *countObserver) ActChecked(accepted bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.acts++
	if !accepted {
		o.actsRefused++
	}
}

func (o *countObserver) TurnResolved(time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.turns++
}

func (o *countObserver) ActionPlayed(time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.actions++
}

func (o *countObserver) AITookOver() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.takeovers++
}

func (o *countObserver) counts() (submissions, accepted, rejected, turns int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.submissions, o.accepted, o.rejected, o.turns
}

// actCounts returns the Acts checked, those refused, and the actions
// played.
func (o *countObserver) actCounts() (acts, refused, played int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.acts, o.actsRefused, o.actions
}

// oneGame returns the only game of l.Games, failing unless there is one.
func oneGame(t *testing.T, l *Lobby) AdminGame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	games := l.Games(ctx)
	if len(games) != 1 {
		t.Fatalf("games %+v, want one", games)
	}
	return games[0]
}

// TestKickBeforeStart: a kick before the start closes the connection and
// frees the seat; its token is void.
func TestKickBeforeStart(t *testing.T) {
	l := newLobby(t, Options{})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	tok := find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.do(&protocol.SetReady{Ready: true})

	g := oneGame(t, l)
	want := []AdminSeat{
		{Seat: 1, Name: "Ann", Taken: true, Connected: true, Ready: true},
		{Seat: 2, Name: "Bob", Taken: true, Connected: true},
		{Seat: 3, Name: "Bot 3", Bot: true, Ready: true},
	}
	if g.ID != 1 || g.State != GameOpen || g.Name != "Ann's game" || g.Ruleset != "erfworld" || g.Width != 24 ||
		len(g.Seats) != 3 || g.Seats[0] != want[0] || g.Seats[1] != want[1] || g.Seats[2] != want[2] {
		t.Fatalf("have %+v, want game 1 open with seats %+v", g, want)
	}

	errs := []struct {
		game protocol.GameID
		seat protocol.Seat
		want error
	}{
		{9, 1, ErrNoGame},
		{1, 4, ErrNoSeat},
		{1, 0, ErrNoSeat},
		{1, 3, ErrNotConnected}, // a bot's
	}
	for _, tt := range errs {
		if err := l.Kick(tt.game, tt.seat); !errors.Is(err, tt.want) {
			t.Errorf("Kick(%d, %d): %v, want %v", tt.game, tt.seat, err, tt.want)
		}
	}

	ann.c.Pending()
	if err := l.Kick(1, 2); err != nil {
		t.Fatalf("kick bob: %v", err)
	}
	if have := bob.c.Reason(); have != ReasonKicked {
		t.Fatalf("bob's connection: reason %q, want %q", have, ReasonKicked)
	}
	if lob := last[*protocol.Lobby](t, ann.c.Pending()); lob.Seats[1].Human || lob.Seats[1].Name != "" {
		t.Fatalf("ann's lobby after the kick: %+v", lob.Seats)
	}
	if err := l.Kick(1, 2); !errors.Is(err, ErrNotConnected) {
		t.Fatalf("kick an open seat: %v, want %v", err, ErrNotConnected)
	}
	back := hello(t, l, "Bob")
	back.fails(&protocol.JoinGame{Game: 1, Token: tok}, protocol.BadToken, "not for a seat of game 1")
}

// TestKickAfterStart: a kick after the start closes the connection and
// keeps the seat for its player's token; the observer hears of orders and
// turns.
func TestKickAfterStart(t *testing.T) {
	obs := &countObserver{}
	l := newLobby(t, Options{Observer: obs})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: small()})
	tok := find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1})).Token
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	annView := viewOf(t, await[*protocol.FullView](ann))
	await[*protocol.FullView](bob)

	find[*protocol.OrdersResult](t, ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)}))
	bad := encodeOrders(t, game.Order{Turn: 1, Kind: game.OrderMove, Army: 9999})
	if r := find[*protocol.OrdersResult](t, bob.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: bad})); len(r.Errors) != 1 {
		t.Fatalf("bob's bad order: %+v", r)
	}
	if n, acc, rej, _ := obs.counts(); n != 2 || acc != 0 || rej != 1 {
		t.Fatalf("observer: %d submissions, %d accepted, %d rejected; want 2, 0, 1", n, acc, rej)
	}
	ann.send(&protocol.SetReady{Ready: true, Seq: 1})
	bob.send(&protocol.SetReady{Ready: true, Seq: 1})
	if v, _ := applyUpdate(t, annView, await[*protocol.TurnUpdate](ann)); v.Turn != 2 {
		t.Fatalf("ann's view after the turn is of turn %d, want 2", v.Turn)
	}
	if _, _, _, turns := obs.counts(); turns != 1 {
		t.Fatalf("observer: %d turns resolved, want 1", turns)
	}
	if n := l.Counts(); n != (GameCounts{Running: 1}) {
		t.Fatalf("counts %+v, want one running", n)
	}

	if err := l.Kick(1, 2); err != nil {
		t.Fatalf("kick bob: %v", err)
	}
	if have := bob.c.Reason(); have != ReasonKicked {
		t.Fatalf("bob's connection: reason %q, want %q", have, ReasonKicked)
	}
	g := oneGame(t, l)
	if g.State != GameRunning || g.Turn != 2 || !g.Seats[1].Taken || g.Seats[1].Connected || g.Seats[1].Name != "Bob" ||
		!g.Seats[0].Connected {
		t.Fatalf("after the kick: %+v, want turn 2 running, seat 2 Bob's and not connected", g)
	}

	back := hello(t, l, "Bob")
	back.send(&protocol.JoinGame{Game: 1, Token: tok})
	if j := await[*protocol.Joined](back); j.Seat != 2 || j.Token != tok {
		t.Fatalf("bob came back: %+v, want seat 2 with his token", j)
	}
	if v := viewOf(t, await[*protocol.FullView](back)); v.Turn != 2 || v.You != 2 {
		t.Fatalf("bob's view after coming back is of turn %d, player %d; want turn 2, player 2", v.Turn, v.You)
	}
	if g := oneGame(t, l); !g.Seats[1].Connected {
		t.Fatalf("seat 2 after bob came back: %+v", g.Seats[1])
	}
}
