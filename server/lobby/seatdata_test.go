package lobby

import (
	"bytes"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// withDecks returns the build's rulesets, tally and decks.
func withDecks(tb testing.TB) *ruleset.Registry {
	tb.Helper()
	r, err := ruleset.NewRegistry(append(builtin(tb).All(), &tally{data: tallyData}, newDecks())...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// decksGame is a game of decks for two people and a bot, without a turn
// timer, whose decks hold four cards.
func decksGame() protocol.Settings {
	return protocol.Settings{Ruleset: "decks", Seats: 3, Bots: 1, Seed: 3, Spectators: true,
		Options: []protocol.Option{{Key: keyDeckSize, Value: 4}}}
}

// pending returns what the lobby queued for tc, kept in tc.got.
func (tc *tconn) pending() []wsconn.Outgoing {
	out := tc.c.Pending()
	tc.got = append(tc.got, out...)
	return out
}

// tallyViewOf decodes the tally (or decks) view of fv.
func tallyViewOf(tb testing.TB, fv *protocol.FullView) *tallyView {
	tb.Helper()
	v := &tallyView{}
	if err := wire.Unmarshal(fv.View, v); err != nil {
		tb.Fatal(err)
	}
	return v
}

// hasData returns the seats m shows with their set-up data.
func hasData(m *protocol.Lobby) []protocol.Seat {
	var out []protocol.Seat
	for _, s := range m.Seats {
		if s.HasData {
			out = append(out, s.Seat)
		}
	}
	return out
}

// TestSeatData: a game of a ruleset with seat set-up data waits for every
// player's; SetSeatData is answered with every problem of the data, or
// accepted; the lobby shows who has chosen, never the data; the game
// starts once the last data is in, and each player's deck is the one New
// got, seen by that player only.
func TestSeatData(t *testing.T) {
	l := newLobby(t, Options{Rulesets: withDecks(t)})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	eve := hello(t, l, "Eve")
	for _, ri := range ann.welcome.Rulesets {
		if want := ri.ID == "decks" || ri.ID == "duel" || ri.ID == "generals"; ri.SeatSetup != want {
			t.Errorf("Welcome: %s has SeatSetup %v, want %v", ri.ID, ri.SeatSetup, want)
		}
	}
	annDeck := encodeDeck(deck{Sleeve: "Ann's secret sleeve", Cards: []int{3, 2, 3, 1}})
	bobDeck := encodeDeck(deck{Sleeve: "Bob's own sleeve", Cards: []int{2, 2, 2, 2}})

	ann.fails(&protocol.SetSeatData{Data: annDeck}, protocol.WrongGame, "you are in no game")
	lob := last[*protocol.Lobby](t, ann.do(&protocol.CreateGame{Settings: decksGame()}))
	if have := hasData(lob); !slices.Equal(have, []protocol.Seat{3}) {
		t.Errorf("a new game shows set-up data at seats %v, want the bot's, 3", have)
	}
	bob.do(&protocol.JoinGame{Game: 1})
	eve.do(&protocol.JoinGame{Game: 1, Spectate: true})
	ann.do(&protocol.SetReady{Ready: true})
	bob.do(&protocol.SetReady{Ready: true})
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed,
		"cannot start yet: seat 1 (Ann) and seat 2 (Bob) have sent no set-up data (a deck) yet")
	eve.fails(&protocol.SetSeatData{Data: annDeck}, protocol.NotAllowed, "spectators bring no set-up data")

	// Every problem, each with its place; nothing changes.
	bad := encodeDeck(deck{Cards: []int{1, 7, 2, 0, 3}})
	res := find[*protocol.SeatDataResult](t, ann.pendingAfter(&protocol.SetSeatData{Data: bad}))
	want := []protocol.Rejection{
		{Reason: "a deck needs a sleeve"},
		{Reason: "5 cards: a deck holds 4"},
		{Index: 2, Order: "card 7", Reason: "cards are 1 to 3"},
		{Index: 4, Order: "card 0", Reason: "cards are 1 to 3"},
	}
	if res.Accepted || !reflect.DeepEqual(res.Errors, want) {
		t.Errorf("a bad deck: %+v, want refused with %+v", res, want)
	}
	ann.fails(&protocol.SetSeatData{Data: []byte{0xa2, 'h', 'i'}}, protocol.Invalid, "not a deck")
	huge, err := wire.Marshal(strings.Repeat("x", protocol.MaxSeatData-2)) // a str 16 header: 3 bytes
	if err != nil {
		t.Fatal(err)
	}
	ann.fails(&protocol.SetSeatData{Data: huge}, protocol.TooLarge, "set-up data of 65537 bytes: at most 65536 (64 KiB)")
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "seat 1 (Ann) and seat 2 (Bob) have sent no set-up data")

	// Ann's deck: accepted, shown as chosen to everyone.
	out := ann.pendingAfter(&protocol.SetSeatData{Data: annDeck})
	if res := find[*protocol.SeatDataResult](t, out); !res.Accepted || res.Errors != nil {
		t.Fatalf("a good deck: %+v, want accepted", res)
	}
	for _, c := range []struct {
		tc  *tconn
		out []wsconn.Outgoing
	}{{ann, out}, {bob, bob.pending()}, {eve, eve.pending()}} {
		if have := hasData(last[*protocol.Lobby](t, c.out)); !slices.Equal(have, []protocol.Seat{1, 3}) {
			t.Errorf("%s sees set-up data at seats %v, want 1 and 3", c.tc.name, have)
		}
	}
	ann.fails(&protocol.StartGame{}, protocol.NotAllowed, "cannot start yet: seat 2 (Bob) has sent no set-up data (a deck) yet")

	// Bob's, the last one missing: the game starts by itself.
	bob.send(&protocol.SetSeatData{Data: bobDeck})
	if res := awaitAside[*protocol.SeatDataResult](bob); !res.Accepted {
		t.Fatalf("Bob's deck: %+v", res)
	}
	for _, c := range []struct {
		tc   *tconn
		deck []byte
	}{{ann, annDeck}, {bob, bobDeck}, {eve, nil}} {
		v := tallyViewOf(t, await[*protocol.FullView](c.tc))
		if !bytes.Equal(v.Deck, c.deck) {
			t.Errorf("%s's view holds the deck %x, want %x", c.tc.name, v.Deck, c.deck)
		}
	}
	ann.fails(&protocol.SetSeatData{Data: annDeck}, protocol.NotAllowed, "game 1 has started: set-up data is sent before the start")

	// Nothing anyone else was sent holds Ann's deck, nor its sleeve.
	for _, tc := range []*tconn{bob, eve} {
		tc.pending()
		if len(tc.got) < 5 {
			t.Fatalf("%s got only %v", tc.name, types(tc.got))
		}
		for _, o := range tc.got {
			frame, err := protocol.Marshal(1, o.Reply, o.Msg)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(frame, annDeck) || bytes.Contains(frame, []byte("Ann's secret sleeve")) {
				t.Errorf("%s was sent Ann's deck in a %s", tc.name, o.Msg.MessageType())
			}
		}
	}
}

// pendingAfter hands the lobby msg and returns what it queued for tc.
func (tc *tconn) pendingAfter(msg protocol.Message) []wsconn.Outgoing {
	tc.tb.Helper()
	tc.send(msg)
	return tc.pending()
}

// TestSeatDataKept: a refused deck keeps the one accepted before; a player
// who leaves before the start takes the deck away; a game without set-up
// data refuses any.
func TestSeatDataKept(t *testing.T) {
	l := newLobby(t, Options{Rulesets: withDecks(t)})
	ann := hello(t, l, "Ann")
	bob := hello(t, l, "Bob")
	ann.do(&protocol.CreateGame{Settings: decksGame()})
	bob.do(&protocol.JoinGame{Game: 1})
	good := encodeDeck(deck{Sleeve: "red", Cards: []int{1, 2, 3, 1}})
	bob.do(&protocol.SetSeatData{Data: good})
	if res := find[*protocol.SeatDataResult](t, bob.do(&protocol.SetSeatData{Data: encodeDeck(deck{Sleeve: "red"})})); res.Accepted {
		t.Fatalf("an empty deck accepted: %+v", res)
	}
	if have := hasData(last[*protocol.Lobby](t, ann.pending())); !slices.Equal(have, []protocol.Seat{2, 3}) {
		t.Errorf("after a refused deck, set-up data at seats %v, want Bob's (2) kept and the bot's", have)
	}
	bob.do(&protocol.LeaveGame{})
	bob.do(&protocol.JoinGame{Game: 1})
	if have := hasData(last[*protocol.Lobby](t, ann.pending())); !slices.Equal(have, []protocol.Seat{3}) {
		t.Errorf("Bob left and came back: set-up data at seats %v, want the bot's only", have)
	}

	cid := hello(t, l, "Cid")
	set := small()
	set.Ruleset, set.Width, set.Height = "tally", 0, 0
	cid.do(&protocol.CreateGame{Settings: set})
	cid.fails(&protocol.SetSeatData{Data: good}, protocol.NotAllowed, "game 2 of tally takes no set-up data")
}

// TestSeatDataDefaults: the match gets every seat's set-up data: the
// player's own, the ruleset's default for the bots and the seats left
// open (with a turn timer the game starts without them).
func TestSeatDataDefaults(t *testing.T) {
	l := newLobby(t, Options{Rulesets: withDecks(t)})
	ann := hello(t, l, "Ann")
	set := decksGame()
	set.Seats, set.Bots, set.TurnSeconds = 3, 1, 60
	ann.do(&protocol.CreateGame{Settings: set})
	mine := encodeDeck(deck{Sleeve: "mine", Cards: []int{3, 3, 3, 3}})
	ann.do(&protocol.SetSeatData{Data: mine})
	l.mu.Lock()
	r := l.games[1]
	have := r.seatData()
	l.mu.Unlock()
	plain := newDecks().DefaultSeat(ruleset.Options{keyDeckSize: 4})
	if want := [][]byte{mine, plain, plain}; !reflect.DeepEqual(have, want) {
		t.Errorf("seat data of Ann, an open seat and a bot:\nhave %x\nwant %x", have, want)
	}
	if p, err := newDecks().CheckSeat(ruleset.Options{keyDeckSize: 4}, plain); err != nil || p != nil {
		t.Errorf("the default deck is refused: %v %v", p, err)
	}
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	if v := tallyViewOf(t, await[*protocol.FullView](ann)); !bytes.Equal(v.Deck, mine) {
		t.Errorf("Ann's view holds the deck %x, want %x", v.Deck, mine)
	}
}

// TestSeatDataRestore: the decks are in the game's state, which is saved
// at the start: a lobby restored from the store gives each player back the
// deck they chose.
func TestSeatDataRestore(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := withDecks(t)
	first := newLobby(t, Options{Rulesets: reg, Store: st})
	ann := hello(t, first, "Ann")
	set := decksGame()
	set.Seats, set.Bots = 2, 1
	tok := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set})).Token
	mine := encodeDeck(deck{Sleeve: "kept", Cards: []int{2, 3, 2, 3}})
	ann.do(&protocol.SetSeatData{Data: mine})
	ann.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](ann)
	first.Close()

	second := newLobby(t, Options{Rulesets: reg, Store: st})
	if n, err := second.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want the game resumed", n, err)
	}
	back := hello(t, second, "Ann")
	back.send(&protocol.JoinGame{Game: 1, Token: tok})
	if v := tallyViewOf(t, await[*protocol.FullView](back)); !bytes.Equal(v.Deck, mine) {
		t.Errorf("after the restore Ann's deck is %x, want %x", v.Deck, mine)
	}
}

// TestSeatDataBySeat: a ruleset whose seats bring data of their own when
// they bring none (seatDefaulter: generals, whose bots bring the
// ready-made decks in turn, so that the table sees every empire) gives
// each bot and open seat its seat's data; a player's own is kept.
func TestSeatDataBySeat(t *testing.T) {
	reg := builtin(t)
	rs, ok := reg.Get("generals")
	if !ok {
		t.Fatal("the build has no generals")
	}
	at, ok := rs.(seatDefaulter)
	if !ok {
		t.Fatalf("%T gives no seat its own default", rs)
	}
	l := newLobby(t, Options{Rulesets: reg})
	ann := hello(t, l, "Ann")
	set := protocol.Settings{Ruleset: "generals", Seats: 5, Bots: 3, Seed: 3, TurnSeconds: 60}
	ann.do(&protocol.CreateGame{Settings: set})
	opts := set.Config(nil).Options
	mine := at.DefaultSeatAt(opts, 3) // a ready-made deck, not seat 1's
	ann.do(&protocol.SetSeatData{Data: mine})
	l.mu.Lock()
	have := l.games[1].seatData()
	l.mu.Unlock()
	want := [][]byte{mine}
	for s := ruleset.Seat(2); s <= 5; s++ {
		want = append(want, at.DefaultSeatAt(opts, s))
	}
	if !reflect.DeepEqual(have, want) {
		t.Fatalf("seat data of Ann, an open seat and three bots:\nhave %q\nwant %q", have, want)
	}
	if bytes.Equal(have[2], have[3]) || bytes.Equal(have[3], have[4]) {
		t.Errorf("the bots bring the same deck: %q", have[2:])
	}
}
