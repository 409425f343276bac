package platformtest_test

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/coder/websocket"

	"empires/internal/skip"
	"empires/shared/protocol"
)

// wireClient is a client that keeps every frame the server sent it, as it came
// off the websocket, to look for what it must never hold.
type wireClient struct {
	t      *testing.T
	name   string
	ws     *websocket.Conn
	seq    uint32
	frames [][]byte
	token  protocol.SeatToken
	seat   protocol.Seat
}

// dialWire connects name to the server at url and says Hello; the
// server's Welcome must offer ruleset id, with SeatSetup.
func dialWire(t *testing.T, url, name, id string) *wireClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatalf("%s: dial %s: %v", name, url, err)
	}
	ws.SetReadLimit(int64(protocol.DefaultLimits().MaxServerMessage))
	t.Cleanup(func() { _ = ws.CloseNow() })
	w := &wireClient{t: t, name: name, ws: ws}
	w.send(&protocol.Hello{Version: protocol.Version, Name: name, Client: "empires-platform-test"})
	welcome := await[*protocol.Welcome](w)
	if i := slices.IndexFunc(welcome.Rulesets, func(ri protocol.RulesetInfo) bool { return ri.ID == id }); i < 0 || !welcome.Rulesets[i].SeatSetup {
		t.Fatalf("%s: the server's %s, with SeatSetup, is not in its Welcome %+v", name, id, welcome.Rulesets)
	}
	return w
}

func (w *wireClient) send(msg protocol.Message) {
	w.t.Helper()
	w.seq++
	frame, err := protocol.Marshal(w.seq, 0, msg)
	if err != nil {
		w.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if err := w.ws.Write(ctx, websocket.MessageBinary, frame); err != nil {
		w.t.Fatalf("%s: send %T: %v", w.name, msg, err)
	}
}

// next reads the next frame, keeps it, and returns its message; an Error
// fails the test.
func (w *wireClient) next() protocol.Message {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	_, frame, err := w.ws.Read(ctx)
	if err != nil {
		w.t.Fatalf("%s: read: %v", w.name, err)
	}
	w.frames = append(w.frames, frame)
	_, msg, err := protocol.DefaultLimits().ReadServer(frame)
	if err != nil {
		w.t.Fatalf("%s: %v", w.name, err)
	}
	switch m := msg.(type) {
	case *protocol.Error:
		w.t.Fatalf("%s: the server says %s: %s", w.name, m.Code, m.Message)
	case *protocol.Joined:
		w.token, w.seat = m.Token, m.Seat
	}
	return msg
}

// await reads until a message of type M.
func await[M protocol.Message](w *wireClient) M {
	w.t.Helper()
	for {
		if m, ok := w.next().(M); ok {
			return m
		}
	}
}

// awaitError reads until an Error, which it returns.
func awaitError(w *wireClient) *protocol.Error {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	for {
		_, frame, err := w.ws.Read(ctx)
		if err != nil {
			w.t.Fatalf("%s: read: %v", w.name, err)
		}
		w.frames = append(w.frames, frame)
		_, msg, err := protocol.DefaultLimits().ReadServer(frame)
		if err != nil {
			w.t.Fatalf("%s: %v", w.name, err)
		}
		if e, ok := msg.(*protocol.Error); ok {
			return e
		}
	}
}

// deckOf returns the deck a FullView of decks shows.
func deckOf(t *testing.T, fv *protocol.FullView) []byte {
	t.Helper()
	v, err := newDecks().DecodeView(fv.View)
	if err != nil || v.Checksum() != fv.Checksum {
		t.Fatalf("a view of decks that does not decode (%v) or has a wrong checksum", err)
	}
	return v.(*decksView).Deck
}

// TestSeatDataThroughServer plays a 20-seat game of decks (two people,
// eighteen bots) through a real server in a child process: each player's
// deck is sent, refused with every problem, accepted; the game starts once
// both are in and New gets them (each player's view shows their own); no
// frame the other player received holds a byte of Ann's deck; and after a
// SIGKILL of the server, the resumed game still holds each player's deck,
// and goes on. Duel plays the same through the server at 20 seats
// (TestDuel20ThroughServer); this test keeps the lobby's contract with a
// ruleset of the least: set-up data that is binary, not text, reaches New
// byte for byte; the start is refused naming each seat without data; the
// bots' seats have data.
func TestSeatDataThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	dir, addr := t.TempDir(), freeAddr(t)
	first := startChild(t, dir, addr, "first")
	url := "ws://" + addr + "/ws"
	annDeck := encodeDeck(deck{Sleeve: "Ann's secret sleeve", Cards: []int{3, 1, 3, 2}})
	bobDeck := encodeDeck(deck{Sleeve: "Bob's sleeve", Cards: []int{2, 2, 1, 1}})

	ann, bob := dialWire(t, url, "Ann", decksID), dialWire(t, url, "Bob", decksID)
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "twenty", Ruleset: decksID, Seats: 20, Bots: 18, Seed: 3,
		Options: []protocol.Option{{Key: keyDeckSize, Value: 4}}}})
	game := await[*protocol.Joined](ann).Game
	bob.send(&protocol.JoinGame{Game: game})
	await[*protocol.Joined](bob)
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	if e := awaitError(ann); e.Code != protocol.NotAllowed || e.Message != "cannot start yet: seat 1 (Ann) and seat 2 (Bob) have sent no set-up data (a deck) yet" {
		t.Fatalf("StartGame without decks: %s %q", e.Code, e.Message)
	}

	ann.send(&protocol.SetSeatData{Data: encodeDeck(deck{Cards: []int{1, 5, 2}})})
	res := await[*protocol.SeatDataResult](ann)
	want := []protocol.Rejection{{Reason: "a deck needs a sleeve"}, {Reason: "3 cards: a deck holds 4"},
		{Index: 2, Order: "card 5", Reason: "cards are 1 to 3"}}
	if res.Accepted || !reflect.DeepEqual(res.Errors, want) {
		t.Fatalf("a bad deck: %+v, want refused with %+v", res, want)
	}
	ann.send(&protocol.SetSeatData{Data: annDeck})
	if res := await[*protocol.SeatDataResult](ann); !res.Accepted {
		t.Fatalf("Ann's deck: %+v", res)
	}
	for lob := await[*protocol.Lobby](bob); ; lob = await[*protocol.Lobby](bob) {
		var has []protocol.Seat
		for _, s := range lob.Seats {
			if s.HasData {
				has = append(has, s.Seat)
			}
		}
		if slices.Contains(has, 1) {
			if len(lob.Seats) != 20 || len(has) != 19 || slices.Contains(has, 2) {
				t.Fatalf("Bob sees decks at seats %v of %d, want Ann's and the 18 bots'", has, len(lob.Seats))
			}
			break
		}
	}
	bob.send(&protocol.SetSeatData{Data: bobDeck})
	for _, c := range []struct {
		w    *wireClient
		deck []byte
	}{{ann, annDeck}, {bob, bobDeck}} {
		if have := deckOf(t, await[*protocol.FullView](c.w)); !bytes.Equal(have, c.deck) {
			t.Fatalf("%s's view holds the deck %x, want %x", c.w.name, have, c.deck)
		}
	}
	await[*protocol.TurnClock](bob)

	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cmd.Wait()
	second := startChild(t, dir, addr, "second")
	defer func() { _ = second.cmd.Process.Kill() }()

	back := map[string]*wireClient{}
	for _, old := range []*wireClient{ann, bob} {
		w := dialWire(t, url, old.name, decksID)
		w.frames = old.frames // all that reached this player
		w.send(&protocol.JoinGame{Game: game, Token: old.token})
		if j := await[*protocol.Joined](w); j.Seat != old.seat {
			t.Fatalf("%s came back to seat %d, want %d", old.name, j.Seat, old.seat)
		}
		want := annDeck
		if old == bob {
			want = bobDeck
		}
		if have := deckOf(t, await[*protocol.FullView](w)); !bytes.Equal(have, want) {
			t.Fatalf("after the restart %s's deck is %x, want %x", old.name, have, want)
		}
		back[old.name] = w
	}

	// The game goes on: Ann adds 2, Bob sees it, and it is Bob's turn.
	ann = back["Ann"]
	clock := await[*protocol.TurnClock](ann)
	if !slices.Equal(clock.Actors, []protocol.Seat{1}) {
		t.Fatalf("after the restart the clock is %+v, want Ann to act", clock)
	}
	two := []byte{0x02} // msgpack 2
	ann.send(&protocol.Act{Seq: clock.Seq, Action: two})
	if r := await[*protocol.ActResult](ann); r.Error != "" {
		t.Fatalf("Ann's action refused: %s", r.Error)
	}
	bob = back["Bob"]
	for {
		if c := await[*protocol.TurnClock](bob); slices.Equal(c.Actors, []protocol.Seat{2}) {
			break
		}
	}
	var seen bool
	for _, f := range bob.frames {
		if _, msg, err := protocol.DefaultLimits().ReadServer(f); err == nil {
			if u, ok := msg.(*protocol.TurnUpdate); ok {
				v, err := newDecks().DecodeView(u.Delta) // a view of decks' delta is the view whole
				if err == nil && v.(*decksView).Total == 2 {
					seen = true
				}
			}
		}
	}
	if !seen {
		t.Error("Bob never saw Ann's 2 added")
	}

	// Nothing Bob received, before the kill or after, holds Ann's deck.
	if len(bob.frames) < 10 {
		t.Fatalf("Bob received only %d frames", len(bob.frames))
	}
	for i, f := range bob.frames {
		if bytes.Contains(f, annDeck) || bytes.Contains(f, []byte("Ann's secret sleeve")) {
			t.Errorf("Bob's frame %d holds Ann's deck: %x", i, f)
		}
	}
}
