package platformtest_test

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// frameQueue is how many frames a duelSeat's reader holds for the test
// goroutine: more than a whole game of Duel at 20 seats sends one player,
// so that the reader never stops reading and the server never finds the
// test slow.
const frameQueue = 4096

// wireFrame is one frame read off a websocket, or the error that ended the
// reading.
type wireFrame struct {
	data []byte
	err  error
}

// listen reads w's frames on a goroutine of its own, until the connection
// ends (its error is the last wireFrame) or the test does.
func (w *wireClient) listen() <-chan wireFrame {
	ctx, cancel := context.WithCancel(context.Background())
	in := make(chan wireFrame, frameQueue)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			_, data, err := w.ws.Read(ctx)
			select {
			case in <- wireFrame{data: data, err: err}:
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	w.t.Cleanup(func() {
		cancel()
		<-done
	})
	return in
}

// duelSeat is a person at a table of Duel, played by the test over the
// wire with Duel's AI: a goroutine reads the connection's frames (listen),
// and the test goroutine takes them one by one (take), keeps the seat's
// view and every frame, and acts whenever the server asks the seat to.
type duelSeat struct {
	*wireClient
	rules *duel.Rules
	ai    ruleset.AI
	in    <-chan wireFrame
	view  *duel.View
	clock *protocol.TurnClock
	views int    // the views held: FullViews, and TurnUpdates applied
	acted uint32 // 1 + the step the seat last acted in; 0 for none
	// hold, while it is true of the seat's view, keeps the seat from
	// acting.
	hold func(*duel.View) bool
	// first checks the first view the seat receives.
	first func(*duel.View)
	// closing tells that the server was killed: the connection's end is
	// expected.
	closing, closed bool
	over            *protocol.GameOver
}

// newDuelSeat plays w's seat with Duel's normal AI.
func newDuelSeat(t *testing.T, w *wireClient, rules *duel.Rules) *duelSeat {
	t.Helper()
	ai, err := rules.NewAI(duel.LevelNormal, uint64(w.seat))
	if err != nil {
		t.Fatal(err)
	}
	return &duelSeat{wireClient: w, rules: rules, ai: ai, in: w.listen()}
}

// take takes one frame of the seat's connection: it keeps the frame,
// keeps the view in step with the server's (checksums checked), fails the
// test on an error or anything refused, then plays.
func (s *duelSeat) take(f wireFrame) {
	s.t.Helper()
	if f.err != nil {
		if !s.closing {
			s.t.Fatalf("%s: read: %v", s.name, f.err)
		}
		s.closed = true
		return
	}
	s.frames = append(s.frames, f.data)
	_, msg, err := protocol.DefaultLimits().ReadServer(f.data)
	if err != nil {
		s.t.Fatalf("%s: %v", s.name, err)
	}
	switch m := msg.(type) {
	case *protocol.Error:
		s.t.Fatalf("%s: the server says %s: %s", s.name, m.Code, m.Message)
	case *protocol.SeatDataResult:
		if !m.Accepted {
			s.t.Fatalf("%s's deck refused: %+v", s.name, m.Errors)
		}
	case *protocol.OrdersResult:
		if len(m.Errors) > 0 {
			s.t.Fatalf("%s's offering refused: %+v", s.name, m.Errors)
		}
	case *protocol.ActResult:
		if m.Error != "" {
			s.t.Fatalf("%s's action refused: %s", s.name, m.Error)
		}
	case *protocol.FullView:
		s.setView(duelView(s.t, s.rules, m))
	case *protocol.TurnUpdate:
		if s.view == nil {
			s.t.Fatalf("%s: an update before a view", s.name)
		}
		next, err := s.view.Apply(m.Delta)
		if err != nil || next.Checksum() != m.Checksum {
			s.t.Fatalf("%s: an update that does not apply (%v) or has a wrong checksum", s.name, err)
		}
		s.setView(next.(*duel.View))
	case *protocol.TurnClock:
		s.clock = m
	case *protocol.GameOver:
		s.over = m
	}
	s.play()
}

// setView holds v, the seat's view now.
func (s *duelSeat) setView(v *duel.View) {
	if s.views == 0 && s.first != nil {
		s.first(v)
	}
	s.view = v
	s.views++
}

// play acts in the step the server is on, as Duel's AI says, if the seat
// is among its actors, holds a view of that step, has not acted in it and
// is not held: an offering is submitted, then the seat says it is ready;
// an attack or an answer is an Act.
func (s *duelSeat) play() {
	s.t.Helper()
	c, v := s.clock, s.view
	switch {
	case c == nil || v == nil || s.over != nil || s.closing,
		c.Seq != v.Table.Seq || s.acted == c.Seq+1 || !slices.Contains(c.Actors, s.seat),
		s.hold != nil && s.hold(v):
		return
	}
	step := ruleset.Step{Mode: ruleset.Mode(c.Mode), Turn: c.Turn, Seq: c.Seq}
	for _, a := range c.Actors {
		step.Actors = append(step.Actors, a.Player())
	}
	data, err := s.ai.Act(v, step, s.seat.Player())
	if err != nil {
		s.t.Fatalf("%s: the AI: %v", s.name, err)
	}
	s.acted = c.Seq + 1
	if step.Acting() {
		s.send(&protocol.Act{Seq: c.Seq, Action: data})
		return
	}
	s.send(&protocol.SubmitOrders{Turn: c.Turn, Orders: data, Seq: c.Seq})
	s.send(&protocol.SetReady{Ready: true, Seq: c.Seq})
}

// atRound reports whether s holds the view and the clock of the first step
// of round r, the offering.
func (s *duelSeat) atRound(r int) bool {
	return s.view != nil && s.view.Table.Round == r && s.view.Table.Phase == duel.PhaseOffer &&
		s.clock != nil && s.clock.Seq == s.view.Table.Seq
}

// playDuel takes the frames of a and b as they come until done says so.
func playDuel(t *testing.T, a, b *duelSeat, done func() bool) {
	t.Helper()
	limit := time.NewTimer(waitLimit)
	defer limit.Stop()
	for !done() {
		select {
		case f := <-a.in:
			a.take(f)
		case f := <-b.in:
			b.take(f)
		case <-limit.C:
			t.Fatalf("the game did not get there: %s at %+v, %s at %+v", a.name, a.clock, b.name, b.clock)
		}
	}
}

// duelView returns the view a FullView of Duel holds, its checksum
// checked.
func duelView(t *testing.T, rules *duel.Rules, fv *protocol.FullView) *duel.View {
	t.Helper()
	v, err := rules.DecodeView(fv.View)
	if err != nil || v.Checksum() != fv.Checksum {
		t.Fatalf("a view of Duel that does not decode (%v) or has a wrong checksum", err)
	}
	return v.(*duel.View)
}

// within returns a card of have beyond what of holds (copies counted) and
// false, or true if have is all in of.
func within(have, of []duel.Card) (duel.Card, bool) {
	rest := slices.Clone(of)
	for _, c := range have {
		i := slices.Index(rest, c)
		if i < 0 {
			return c, false
		}
		rest = slices.Delete(rest, i, i+1)
	}
	return duel.Card{}, true
}

// suitCards returns ranks 1 to 10 of each of suits, of the built-in deck
// file.
func suitCards(suits ...uint8) []duel.Card {
	var out []duel.Card
	for _, s := range suits {
		for r := uint8(1); r <= 10; r++ {
			out = append(out, duel.Card{Suit: s, Rank: r})
		}
	}
	return out
}

// audited is what the audit of a seat's frames found: the views the seat
// held, in order; by the step played, the events it was told of, the
// cards that left its hand and the other player's cards it saw made
// public; and how many of that player's draws it saw without their cards.
type audited struct {
	views      []*duel.View
	events     map[uint32][]byte
	out, shown map[uint32][]duel.Card
	drawsOther int
}

// auditDuel decodes every frame a person at a table of Duel received, as
// it came off the wire, with the duel package, and checks that it shows
// that player no card beyond what is public and the player's own:
//   - no frame holds a secret of the other player's (its deck's text);
//   - every payload (view, delta, events) decodes to a value that encodes
//     back to the very same bytes: nothing in it escapes these checks;
//   - every hand, every card a delta moves into or out of one, every card
//     of the player's own draws is of the player's own deck (own), never
//     of the other player's (other, which shares no card with own);
//   - another player's draw shows no card;
//   - the only events that show cards are the public ones, one card each
//     (an offering revealed, an attack, a block, a card lost to a hit),
//     and they are the cards each update puts on the discard pile or the
//     table (the attack card), but for the attack card that leaves the
//     table for the pile: the pile only grows, by what is announced. The
//     first view's pile is empty.
//
// It returns what it saw, for the checks against the other player's
// frames and against the saved game.
func auditDuel(t *testing.T, rules *duel.Rules, name string, seat, otherSeat ruleset.Seat, own, other []duel.Card, secrets [][]byte, frames [][]byte) audited {
	t.Helper()
	n := audited{events: map[uint32][]byte{}, out: map[uint32][]duel.Card{}, shown: map[uint32][]duel.Card{}}
	var view *duel.View
	hand := func(where string, cards []duel.Card) {
		t.Helper()
		for _, c := range cards {
			if slices.Contains(other, c) {
				t.Errorf("%s: %s shows the %s, a card of the other player's deck", name, where, rules.Deck().Name(c))
			}
		}
		if c, ok := within(cards, own); !ok {
			t.Errorf("%s: %s shows the %s, beyond the player's own deck", name, where, rules.Deck().Name(c))
		}
	}
	same := func(what string, payload []byte, v any) {
		t.Helper()
		if b, err := wire.Marshal(v); err != nil || !bytes.Equal(b, payload) {
			t.Errorf("%s: a %s holds more than Duel's %T (%v): %x", name, what, v, err, payload)
		}
	}
	for i, f := range frames {
		for _, s := range secrets {
			if bytes.Contains(f, s) {
				t.Errorf("%s: frame %d holds the other player's secret %q", name, i, s)
			}
		}
		_, msg, err := protocol.DefaultLimits().ReadServer(f)
		if err != nil {
			t.Fatalf("%s: frame %d: %v", name, i, err)
		}
		switch m := msg.(type) {
		case *protocol.FullView:
			v := duelView(t, rules, m)
			same("view", m.View, v)
			switch {
			case v.Seat != seat:
				t.Fatalf("%s at seat %d got seat %d's view", name, seat, v.Seat)
			case view == nil && (v.Discard != nil || v.Table.Attack != duel.Card{}):
				t.Errorf("%s's first view shows the cards %s on the table", name, names(rules, append(v.Discard, v.Table.Attack)))
			case view != nil && !slices.Equal(v.Discard, view.Discard):
				t.Errorf("%s's view again shows the discard pile %s; before, %s", name, names(rules, v.Discard), names(rules, view.Discard))
			}
			hand("a view's hand", v.Hand)
			view = v
			n.views = append(n.views, view)
		case *protocol.TurnUpdate:
			var d duel.Delta
			if err := wire.Unmarshal(m.Delta, &d); err != nil {
				t.Fatalf("%s: frame %d: %v", name, i, err)
			}
			same("delta", m.Delta, &d)
			hand("a delta's cards into the hand", d.In)
			hand("a delta's cards out of the hand", d.Out)
			prev := view
			next, err := view.Apply(m.Delta)
			if err != nil {
				t.Fatalf("%s: frame %d: %v", name, i, err)
			}
			view = next.(*duel.View)
			hand("a view's hand", view.Hand)
			events, err := duel.DecodeEvents(m.Events)
			if err != nil {
				t.Fatalf("%s: frame %d: %v", name, i, err)
			}
			same("list of events", m.Events, events)
			step := prev.Table.Seq
			var shown []duel.Card
			for _, e := range events {
				switch {
				case e.Kind == duel.EventDraw && e.Seat == seat:
					hand("a draw", e.Cards)
				case e.Kind == duel.EventDraw && e.Seat == otherSeat && len(e.Cards) == 0:
					n.drawsOther++
				case e.Kind == duel.EventReveal || e.Kind == duel.EventAttack || e.Kind == duel.EventBlock || e.Kind == duel.EventLose:
					if len(e.Cards) != 1 {
						t.Errorf("%s: an event of kind %d about seat %d shows the cards %s, want one", name, e.Kind, e.Seat, names(rules, e.Cards))
					}
					shown = append(shown, e.Cards...)
					if e.Seat == otherSeat {
						n.shown[step] = append(n.shown[step], e.Cards...)
					}
				case len(e.Cards) > 0:
					t.Errorf("%s: an event of kind %d about seat %d shows the cards %s", name, e.Kind, e.Seat, names(rules, e.Cards))
				}
			}
			public := slices.Clone(d.Added) // what the update makes public
			if view.Table.Attack != (duel.Card{}) {
				public = append(public, view.Table.Attack)
			}
			told := shown // what it announces
			if prev.Table.Attack != (duel.Card{}) {
				told = append(told, prev.Table.Attack)
			}
			if d.Keep != len(prev.Discard) || !sameCards(public, told) {
				t.Errorf("%s: step %d keeps %d of the %d cards on the discard pile and makes public %s; its events show %s, with %s on the table before",
					name, step, d.Keep, len(prev.Discard), names(rules, public), names(rules, shown), names(rules, []duel.Card{prev.Table.Attack}))
			}
			n.views = append(n.views, view)
			n.events[step] = m.Events
			n.out[step] = d.Out
		}
	}
	return n
}

// sameCards reports whether a and b hold the same cards, copies counted.
func sameCards(a, b []duel.Card) bool {
	_, ok := within(a, b)
	return ok && len(a) == len(b)
}

// names names the cards of cards, skipping the zero Card (no card):
// "[7 of cups, 2 of clubs]".
func names(rules *duel.Rules, cards []duel.Card) string {
	var out []string
	for _, c := range cards {
		if c != (duel.Card{}) {
			out = append(out, rules.Deck().Name(c))
		}
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// TestDuel20ThroughServer plays a 20-seat game of Duel (two people, Ann
// and Bob, played over the wire by the test with Duel's AI; eighteen of
// the server's bots; two rounds, no clocks) through a real server in a
// child process. Rule 12: Ann's first deck is refused with every problem,
// her own deck (cups and coins) and Bob's (swords and clubs, none of hers)
// are accepted, and the game starts with them: each player's hand is
// drawn from that player's deck only, and everyone sees each deck's size.
// No frame Bob receives holds Ann's deck, or a card of her hand or deck
// beyond the public ones (auditDuel). The server is killed (SIGKILL) at
// the second round's offering, which waits for both people; a new server
// on the same data directory gives each their seat back by its token,
// with the view they had (Ann's hand and deck the same), and the game
// plays to its end.
func TestDuel20ThroughServer(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts servers")
	}
	reg, err := rulesets()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get(duel.ID)
	rules := rs.(*duel.Rules)
	const cups, coins, swords, clubs = 0, 1, 2, 3
	annCards, bobCards := suitCards(cups, coins), suitCards(swords, clubs)
	const annNote = "# Ann's own deck: cups and coins, one of each"
	annDeck := append([]byte(annNote+"\n"), rules.Deck().FormatPlayerDeck(annCards)...)
	bobDeck := append([]byte("# Bob's deck: swords and clubs\n"), rules.Deck().FormatPlayerDeck(bobCards)...)

	dir, addr := t.TempDir(), freeAddr(t)
	first := startChild(t, dir, addr, "first")
	url := "ws://" + addr + "/ws"
	ann, bob := dialWire(t, url, "Ann", duel.ID), dialWire(t, url, "Bob", duel.ID)
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "twenty", Ruleset: duel.ID, Seats: 20, Bots: 18, Seed: 11,
		Options: []protocol.Option{{Key: duel.KeyRounds, Value: 2}, {Key: duel.KeyAnswer, Value: 0}, {Key: duel.KeyTurn, Value: 0}}}})
	game := await[*protocol.Joined](ann).Game
	bob.send(&protocol.JoinGame{Game: game})
	if j := await[*protocol.Joined](bob); j.Seat != 2 || ann.seat != 1 {
		t.Fatalf("Ann at seat %d, Bob at seat %d; want 1 and 2", ann.seat, j.Seat)
	}
	ann.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})

	// Rule 12: every problem of a deck, each with its line.
	ann.send(&protocol.SetSeatData{Data: []byte("# Ann's first try\n7 stars\n11 cups\n3 coins\n3 coins\n3 coins\n")})
	res := await[*protocol.SeatDataResult](ann)
	want := []protocol.Rejection{
		{Index: 2, Order: "7 stars", Reason: `there is no suit "stars": the suits are cups, coins, swords, clubs`},
		{Index: 3, Order: "11 cups", Reason: "there is no rank 11: the ranks are 1 to 10"},
		{Index: 6, Order: "3 coins", Reason: "a deck holds at most 2 of a card, and this is the 3rd 3 of coins"},
		{Reason: "the deck holds 5 cards, want 20"},
	}
	if res.Accepted || !reflect.DeepEqual(res.Errors, want) {
		t.Fatalf("a deck with an unknown suit and rank, a card thrice and 5 cards: %+v, want refused with %+v", res, want)
	}
	ann.send(&protocol.SetSeatData{Data: annDeck})
	if res := await[*protocol.SeatDataResult](ann); !res.Accepted {
		t.Fatalf("Ann's deck: %+v", res)
	}
	for lob := await[*protocol.Lobby](bob); ; lob = await[*protocol.Lobby](bob) {
		if lob.Seats[0].HasData { // Bob sees that Ann has a deck, and nothing of it
			break
		}
	}

	// The game starts once Bob's deck is in.
	bob.send(&protocol.SetSeatData{Data: bobDeck})
	a, b := newDuelSeat(t, ann, rules), newDuelSeat(t, bob, rules)
	start := func(s *duelSeat, own []duel.Card) func(*duel.View) {
		return func(v *duel.View) {
			if len(v.Players) != 20 {
				t.Fatalf("%s's view of a table of %d", s.name, len(v.Players))
			}
			for _, p := range []int{0, 1} {
				if pl := v.Players[p]; pl.Deck != 15 || pl.Cards != 5 {
					t.Errorf("%s sees %s with %d cards in hand, %d in the deck; want 5 and 15", s.name, pl.Name, pl.Cards, pl.Deck)
				}
			}
			if c, ok := within(v.Hand, own); len(v.Hand) != 5 || !ok {
				t.Errorf("%s's first hand %v is not 5 cards of the deck brought (the %s is not in it)", s.name, v.Hand, rules.Deck().Name(c))
			}
		}
	}
	a.first, b.first = start(a, annCards), start(b, bobCards)
	secondRound := func(v *duel.View) bool { return v.Table.Round >= 2 }
	a.hold, b.hold = secondRound, secondRound
	playDuel(t, a, b, func() bool { return a.atRound(2) && b.atRound(2) })

	// SIGKILL at the second round's offering, which waits for Ann and Bob.
	a.closing, b.closing = true, true
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cmd.Wait()
	playDuel(t, a, b, func() bool { return a.closed && b.closed })
	second := startChild(t, dir, addr, "second")
	back := func(old *duelSeat) *duelSeat {
		w := dialWire(t, url, old.name, duel.ID)
		w.frames = old.frames // all that reached this player
		w.send(&protocol.JoinGame{Game: game, Token: old.token})
		if j := await[*protocol.Joined](w); j.Seat != old.seat {
			t.Fatalf("%s came back to seat %d, want %d", old.name, j.Seat, old.seat)
		}
		v := duelView(t, rules, await[*protocol.FullView](w))
		before, _ := old.view.Encode()
		if now, _ := v.Encode(); !bytes.Equal(now, before) {
			t.Fatalf("after the restart %s's view is\n%+v\nwant the one before\n%+v", old.name, v, old.view)
		}
		s := newDuelSeat(t, w, rules)
		s.view, s.views = v, 1
		return s
	}
	handBefore, deckBefore := a.view.Hand, a.view.Players[0].Deck
	a, b = back(a), back(b)
	if !slices.Equal(a.view.Hand, handBefore) || a.view.Players[0].Deck != deckBefore {
		t.Fatalf("after the restart Ann holds %v with %d cards in her deck; before, %v with %d", a.view.Hand, a.view.Players[0].Deck, handBefore, deckBefore)
	}
	playDuel(t, a, b, func() bool { return a.over != nil && b.over != nil })
	if a.over.Winner != b.over.Winner || a.view.Table.Phase != duel.PhaseOver || b.view.Table.Phase != duel.PhaseOver {
		t.Fatalf("Ann saw the game end won by seat %d (phase %s), Bob by seat %d (phase %s)", a.over.Winner, a.view.Table.Phase, b.over.Winner, b.view.Table.Phase)
	}

	if err := second.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = second.cmd.Wait()

	// What each received, checked frame by frame, then against the game
	// as saved.
	seen := map[ruleset.Seat]audited{}
	for _, c := range []struct {
		s          *duelSeat
		own, other []duel.Card
		otherSeat  ruleset.Seat
		secrets    [][]byte
	}{
		{b, bobCards, annCards, 1, [][]byte{annDeck, []byte(annNote)}},
		{a, annCards, bobCards, 2, [][]byte{bobDeck, []byte("Bob's deck")}},
	} {
		n := auditDuel(t, rules, c.s.name, c.s.seat.Player(), c.otherSeat, c.own, c.other, c.secrets, c.s.frames)
		// The views of two rounds at 20 seats; the second round's draw.
		if len(n.views) < 40 || n.drawsOther < 1 {
			t.Errorf("%s: %d views; the other's draws seen without their cards %d times: too few to tell", c.s.name, len(n.views), n.drawsOther)
		}
		seen[c.s.seat.Player()] = n
	}
	// The only cards of Ann's that Bob ever saw are those that left her
	// hand face up at that step (and the other way round): her offerings,
	// attacks, blocks and cards lost.
	for _, c := range []struct{ who, whose ruleset.Seat }{{2, 1}, {1, 2}} {
		shown, out, all := seen[c.who].shown, seen[c.whose].out, 0
		for step := range a.view.Table.Seq { // every step played
			if !sameCards(shown[step], out[step]) {
				t.Errorf("at step %d seat %d saw the cards %s of seat %d's, whose hand the cards %s left", step, c.who, names(rules, shown[step]), c.whose, names(rules, out[step]))
			}
			all += len(shown[step])
		}
		if all < 2 { // two offerings at least
			t.Errorf("seat %d saw %d cards of seat %d's made public: too few to tell", c.who, all, c.whose)
		}
	}
	checkSaved(t, dir, game, rules, seen)
}

// checkSaved opens the data directory dir once its server is gone, plays
// saved game id again (store.Replay), and checks each view every seat of
// seen held against the game as saved at that view's step with
// duel.Rules.CheckHidden (the public cards and the seat's own hand,
// nothing hidden from it, the true sizes of hands and decks: the view the
// game gives the seat), and the events of each step the seat was told of
// against those the step gives it, byte for byte.
func checkSaved(t *testing.T, dir string, id protocol.GameID, rules *duel.Rules, seen map[ruleset.Seat]audited) {
	t.Helper()
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	views, events := 0, 0
	check := func(g ruleset.Game) error {
		save, err := g.Save()
		if err != nil {
			return err
		}
		for _, a := range seen {
			for _, v := range a.views {
				if v.Table.Seq != g.Step().Seq {
					continue
				}
				if err := rules.CheckHidden(save, v); err != nil {
					t.Error(err)
				}
				views++
			}
		}
		return nil
	}
	var firstSeq uint32
	for _, a := range seen {
		firstSeq = a.views[0].Table.Seq
	}
	g, err := store.At(st, id, rules, firstSeq)
	if err != nil {
		t.Fatal(err)
	}
	if err := check(g); err != nil {
		t.Fatal(err)
	}
	err = store.Replay(st, id, rules, func(step store.Step) error {
		for seat, a := range seen {
			told, ok := a.events[step.Seq]
			if !ok {
				continue
			}
			want, err := step.Outcome.Events(seat, false)
			if err != nil {
				return err
			}
			if !bytes.Equal(told, want) {
				t.Errorf("seat %d was told of step %d's events %x; the step gives it %x", seat, step.Seq, told, want)
			}
			events++
		}
		return check(step.Game)
	})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	want := 0
	for _, a := range seen {
		want += len(a.views)
		if len(a.events) != len(a.views)-2 {
			t.Errorf("%d events lists for %d views", len(a.events), len(a.views))
		}
	}
	if views != want || events != want-2*len(seen) {
		t.Errorf("checked %d views and %d steps' events against the save; the players held %d views", views, events, want)
	}
}
