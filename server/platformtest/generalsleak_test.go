package platformtest_test

import (
	"flag"
	"fmt"
	"regexp"
	"sync"
	"testing"

	"github.com/vmihailenco/msgpack/v5"

	"empires/internal/skip"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/generals"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// generalsSettings are the settings of a short game of generals (the Quick
// length, 3 points, and a round limit of rounds) for seats players, bots
// of them the server's AI at level, watched by spectators (all-seeing in
// even seeds).
func generalsSettings(seed uint64, seats, bots, rounds int, level string) protocol.Settings {
	return protocol.Settings{Name: fmt.Sprintf("generals %d", seed), Ruleset: generals.ID, Seats: seats, Bots: bots,
		AILevel: level, Seed: seed, Spectators: true, AllSeeing: seed%2 == 0,
		Options: []protocol.Option{{Key: generals.KeyLength, Value: generals.LengthQuick}, {Key: generals.KeyRounds, Value: rounds}}}
}

// generalsLeakGames are the games TestGeneralsNoHiddenCardLeaks plays: 2
// to 4 seats, each person (a headless bot) with a ready-made deck of
// another empire (only the neutral Resource Cards are shared: a card of
// another's hand shown is a card the seat never held), the server's AI in
// two of them, a player's connection dropped in one; then more of them
// (moreGeneralsLeakGames). Most people are played by the fighter, which
// brings units into the Battlefield and attacks (battles, blocks, Tactics
// cards from the hand, Health won), the others by the random AI, which
// plays the most kinds of card and action.
func generalsLeakGames(t *testing.T, more int) []leakGame {
	t.Helper()
	names := []string{"rome", "egypt", "han", "huns"}
	// decks returns the rulesets of n people, the first fighters of them
	// played by the fighter, with the ready-made decks from names[first]
	// on.
	decks := func(first, n, fighters int) []*ruleset.Registry {
		var out []*ruleset.Registry
		for i := range n {
			deck := readyDeck(t, names[(first+i)%len(names)])
			if i < fighters {
				out = append(out, fighterRegistry(t, deck))
			} else {
				out = append(out, ownDeckRegistry(t, deck))
			}
		}
		return out
	}
	games := []leakGame{
		{set: generalsSettings(1, 2, 0, 6, ""), levels: []string{"random", "random"}, rulesets: decks(0, 2, 2)},
		{set: generalsSettings(2, 3, 1, 4, "random"), levels: []string{"random", "random"}, rulesets: decks(2, 2, 1), drop: 2},
		{set: generalsSettings(3, 4, 1, 3, "passive"), levels: []string{"random", "random", "random"}, rulesets: decks(1, 3, 2)},
	}
	for i := range more {
		seats := 2 + i%4
		bots := i % (seats - 1)
		var levels []string
		for range seats - bots {
			levels = append(levels, "random")
		}
		games = append(games, leakGame{set: generalsSettings(uint64(100+i), seats, bots, 3+i%6, "random"), levels: levels,
			rulesets: decks(i, seats-bots, i%(seats-bots+1))})
	}
	return games
}

// moreGeneralsLeakGames is how many games TestGeneralsNoHiddenCardLeaks
// plays beyond its own three: a longer search for a leak, on demand.
var moreGeneralsLeakGames = flag.Int("generalsleakgames", 0, "generals games TestGeneralsNoHiddenCardLeaks plays beyond its own three, each of its own seed, seats and round limit")

// TestGeneralsNoHiddenCardLeaks plays games of generals through a server
// (generalsLeakGames), each person a headless bot with a deck of its own
// joining through a tap that keeps every message the server sent, a
// spectator watching (all-seeing in one), and checks that no hidden card
// reached anyone who may not see it (the design: "for cards the other
// players' hands and the piles' order are fog"; the issue: "no other
// player ever sees" a deck; the view shows only pile sizes). A seat
// may see the cards in play, the discard piles and the banned cards
// (public), and its own hand;
// no card of another's hand, of anyone's Draw or Supply Pile (its own
// included). Every view, delta and event list the server sent to a seat
// or a spectator, and the replay of the stored game through every pair of
// eyes, is checked by checkGeneralsLeaks.
func TestGeneralsNoHiddenCardLeaks(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, reg)
	var mu sync.Mutex
	var total leakCount // guarded by mu
	t.Run("games", func(t *testing.T) {
		for _, g := range generalsLeakGames(t, *moreGeneralsLeakGames) {
			t.Run(g.set.Name, func(t *testing.T) {
				t.Parallel()
				id, conns, dir := playTapped(t, srv, reg, g)
				n, errs := checkGeneralsLeaks(t, dir, reg, id, conns)
				for _, err := range errs {
					t.Error(err)
				}
				t.Logf("%d steps; %d messages, %d hidden cards shown to their holders, %d battles, %d steps missed", n.steps, n.messages, n.goods, n.battles, n.missed)
				mu.Lock()
				total.add(n)
				mu.Unlock()
			})
		}
	})
	// The check would pass on games where no card was ever drawn: these
	// must have shown the players their own cards, the spectators the
	// table, and have fought battles (where Tactics cards leave hands).
	if total.goods < 100 || total.spectated == 0 || total.battles == 0 {
		t.Errorf("the games showed %d hidden cards to their holders, sent %d messages to spectators and fought %d battles: too few to prove anything",
			total.goods, total.spectated, total.battles)
	}
}

// TestGeneralsLeakCheckFinds: checkGeneralsLeaks finds a planted leak. The
// server plays a generals whose every event list (leakEvents: the acting
// player's hand, as a draw told to everyone) or, in a second game, every
// view (leakViews: a player's shows its neighbour's hand on its own discard
// pile; a spectator's, seat 1's hand on seat 1's) tells what it may not;
// the check must report it both in what the server sent and in the replay.
func TestGeneralsLeakCheckFinds(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "starts a server")
	}
	for _, plant := range []leakPlant{leakEvents, leakViews} {
		t.Run(plant.String(), func(t *testing.T) {
			t.Parallel()
			reg := leakyGeneralsRegistry(t, plant)
			srv := startServer(t, reg)
			g := leakGame{set: generalsSettings(11, 2, 0, 2, ""), levels: []string{"random", "random"}}
			id, conns, dir := playTapped(t, srv, reg, g)
			_, errs := checkGeneralsLeaks(t, dir, reg, id, conns)
			var sent, replayed int
			for _, err := range errs {
				if le, ok := err.(*leakError); ok && le.replay {
					replayed++
				} else {
					sent++
				}
			}
			if sent == 0 || replayed == 0 {
				t.Errorf("the planted leak found %d times in what the server sent, %d in the replay; want both: %v", sent, replayed, errs)
			} else {
				t.Logf("found, first: %v", errs[0])
			}
		})
	}
}

// cardIDPattern is the shape of a card's identification number in text
// ("EGFETHS4"): the game's, the edition's and the empire's two letters, the
// kind's letter, the number, perhaps a variant's letter.
var cardIDPattern = regexp.MustCompile(`\b[A-Z]{7}[0-9]+[a-z]?\b`)

// cardSet is a set of the collection's cards.
type cardSet map[generals.CardID]bool

// addAll adds every card of o.
func (c cardSet) addAll(o cardSet) {
	for id := range o {
		c[id] = true
	}
}

// cardsIn returns every card of the collection that the msgpack value data
// names anywhere: a string that is, or holds, the identification number of
// a card of rules (a view's hand, a card in play, an event's cards, a
// word of its text). It reads the bytes as a client of no particular
// ruleset would, so that no field escapes it.
func cardsIn(t *testing.T, rules *generals.Rules, data []byte) []generals.CardID {
	t.Helper()
	if len(data) == 0 {
		return nil
	}
	var v any
	if err := msgpack.Unmarshal(data, &v); err != nil {
		t.Fatalf("a payload that is no msgpack value: %v", err)
	}
	var out []generals.CardID
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			for _, s := range cardIDPattern.FindAllString(x, -1) {
				if _, ok := rules.Card(generals.CardID(s)); ok {
					out = append(out, generals.CardID(s))
				}
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				walk(k)
				walk(e)
			}
		case map[any]any:
			for k, e := range x {
				walk(k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// generalsTruth is what a seat may see at each step of a stored game, from
// generals' own views (rs may be a generals with a leak planted, see
// leakyGenerals): the public cards (in play, the discard piles, the
// banned cards: all a spectator's view shows) and each seat's hand.
type generalsTruth struct {
	public map[uint32]cardSet
	hands  map[uint32][]cardSet // by seat; index 0, a spectator's, empty
	views  map[eyesAt][]byte    // generals' own views, encoded
	saves  map[uint32][]byte    // the game saved at each step
}

// may returns the cards seat s (0: a spectator) may see in what tells of
// the steps from a to b: the public cards and its hand at any of them.
func (tr *generalsTruth) may(s ruleset.Seat, a, b uint32) cardSet {
	out := cardSet{}
	for seq := a; seq <= b; seq++ {
		if p, ok := tr.public[seq]; ok {
			out.addAll(p)
			if s != 0 && int(s) < len(tr.hands[seq]) {
				out.addAll(tr.hands[seq][s])
			}
		}
	}
	return out
}

// checkGeneralsLeaks checks game id of the store in dir and what the
// server sent down conns for a hidden card shown to eyes that may not see
// it (generalsTruth.may): every view, delta and event list is searched
// for every card at any depth (cardsIn); every view must also be the very
// view generals gives those eyes at its step, byte for byte, and a draw's
// cards (EventDraw, EventOpening) may reach the drawer only. The replay is
// the stored game read as a client's replay reads it (store.Replay) and
// checked through every pair of eyes: each seat, a spectator, the
// all-seeing one. A card is known by its ID: while a copy of it is public,
// a hidden copy shown is not told apart from it (the leak games' decks
// share only the neutral Resource Cards, so another's hidden card is seldom
// public too). It returns what it looked at (goods: the hidden cards shown
// to their holders; battles) and every leak (*leakError).
func checkGeneralsLeaks(t *testing.T, dir string, reg *ruleset.Registry, id protocol.GameID, conns []*tapped) (leakCount, []error) {
	t.Helper()
	var n leakCount
	var errs []error
	found := map[bool]int{} // by replay
	leak := func(replay bool, format string, args ...any) {
		if found[replay]++; found[replay] <= 10 {
			errs = append(errs, &leakError{replay: replay, what: fmt.Sprintf(format, args...)})
		}
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, _ := reg.Get(generals.ID)
	rules := plainGenerals(t, rs)
	rp, err := readReplay(st, id, rs)
	if err != nil {
		t.Fatal(err)
	}
	n.steps = rp.Len() - 1
	// named is cardsIn, once for each payload: the same view reaches
	// several eyes, and the replay shows what was sent.
	memo := map[string][]generals.CardID{}
	named := func(data []byte) []generals.CardID {
		ids, ok := memo[string(data)]
		if !ok {
			ids = cardsIn(t, rules, data)
			memo[string(data)] = ids
		}
		return ids
	}
	kinds := map[generals.EventKind]int{} // of the replay, as a spectator sees it
	defer func() { t.Logf("events by kind: %v", kinds) }()
	tr := &generalsTruth{public: map[uint32]cardSet{}, hands: map[uint32][]cardSet{}, views: map[eyesAt][]byte{},
		saves: map[uint32][]byte{}}
	encode := func(v ruleset.View) []byte {
		b, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	set := func(ids []generals.CardID) cardSet {
		out := cardSet{}
		for _, c := range ids {
			out[c] = true
		}
		return out
	}
	// checkEvents reports through leak each card the event list data, told
	// to seat s, shows that s may not see, and a draw's cards told to
	// another than the drawer.
	checkEvents := func(data []byte, s ruleset.Seat, may cardSet, spectator bool, report func(format string, args ...any)) {
		var events []generals.Event
		if len(data) > 0 {
			if err := wire.Unmarshal(data, &events); err != nil {
				report("events that do not decode: %v", err)
				return
			}
		}
		for _, e := range events {
			if spectator {
				kinds[e.Kind]++
			}
			if (e.Kind == generals.EventDraw || e.Kind == generals.EventOpening) && e.Seat != s && len(e.Cards) > 0 {
				report("event %+v shows seat %d's draw", e, e.Seat)
			}
		}
		for _, c := range named(data) {
			if !may[c] {
				report("an event shows card %s", c)
			} else if s != 0 {
				n.goods++
			}
		}
	}
	// checkView reports what view v, encoded data, shown to eyes e shows
	// that e may not see: a card, or anything that makes it another view
	// than generals' own for e at its step (then generals' CheckHidden,
	// against the step's save, says what).
	checkView := func(v *generals.View, data []byte, e eyes, report func(format string, args ...any)) {
		may := tr.may(e.Seat, v.Seq, v.Seq)
		for _, c := range named(data) {
			if !may[c] {
				report("the view of step %d shows card %s", v.Seq, c)
			}
		}
		if want, ok := tr.views[eyesAt{v.Seq, e.Seat, e.AllSeeing}]; ok && string(want) == string(data) {
			return
		}
		if v.Seat != e.Seat {
			report("got seat %d's view of step %d", v.Seat, v.Seq)
		} else if err := rules.CheckHidden(tr.saves[v.Seq], v); err != nil {
			report("%v", err)
		} else {
			report("the view of step %d is not generals' own for %s", v.Seq, eyesName(e.Seat, e.AllSeeing))
		}
	}

	// The truth, step by step from generals' own views; then the replay
	// through each pair of eyes.
	var last uint32
	for i := 0; i < rp.Len(); i++ {
		g, err := rp.Game(i)
		if err != nil {
			t.Fatal(err)
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		seq := rp.Seq(i)
		tr.saves[seq] = save
		truth, err := rules.Load(save)
		if err != nil {
			t.Fatal(err)
		}
		for _, all := range []bool{false, true} {
			v := truth.View(0, all).(*generals.View)
			if v.Hand != nil {
				t.Fatalf("generals' own view of step %d for a spectator (all-seeing %v) shows a hand", seq, all)
			}
			tr.views[eyesAt{seq, 0, all}] = encode(v)
			if !all {
				tr.public[seq] = set(named(encode(v)))
			}
		}
		hands := make([]cardSet, g.Seats()+1)
		hands[0] = cardSet{}
		for s := 1; s <= g.Seats(); s++ {
			v := truth.View(ruleset.Seat(s), false).(*generals.View)
			tr.views[eyesAt{seq, ruleset.Seat(s), false}] = encode(v)
			hands[s] = set(v.Hand)
		}
		tr.hands[seq] = hands
		for _, e := range rp.Eyes() {
			who := eyesName(e.Seat, e.AllSeeing)
			v, err := rp.View(i, e)
			if err != nil {
				t.Fatal(err)
			}
			checkView(v.(*generals.View), encode(v), e, func(format string, args ...any) {
				leak(true, "%s: "+format, append([]any{who}, args...)...)
			})
			data, err := rp.Events(i, e)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				checkEvents(data, e.Seat, tr.may(e.Seat, last, seq), e == eyes{}, func(format string, args ...any) {
					leak(true, "%s, step %d: "+format, append([]any{who, last}, args...)...)
				})
			}
		}
		last = seq
	}

	// What the server sent.
	seen := 0
	for k, c := range conns {
		if c.bad != "" {
			t.Fatalf("connection %d: %s", k, c.bad)
		}
		var e eyes
		in := false
		var v *generals.View
		for _, msg := range c.msgs {
			switch m := msg.(type) {
			case *protocol.Joined:
				in = m.Game == id
				e = eyes{Seat: ruleset.Seat(m.Seat), AllSeeing: m.Seat == 0 && m.Settings.AllSeeing}
				continue
			case *protocol.FullView, *protocol.TurnUpdate, *protocol.Missed:
				if !in {
					continue
				}
			default:
				continue
			}
			who := eyesName(e.Seat, false)
			n.messages++
			if e.Seat == 0 {
				n.spectated++
			}
			report := func(format string, args ...any) {
				leak(false, "%s: "+format, append([]any{who}, args...)...)
			}
			switch m := msg.(type) {
			case *protocol.FullView:
				fv, err := rs.DecodeView(m.View)
				if err != nil {
					t.Fatalf("%s: %v", who, err)
				}
				v = fv.(*generals.View)
				checkView(v, m.View, e, report)
			case *protocol.TurnUpdate:
				if v == nil {
					t.Fatalf("%s got a TurnUpdate before a FullView", who)
				}
				next, err := v.Apply(m.Delta)
				if err != nil {
					t.Fatalf("%s: %v", who, err)
				}
				nv := next.(*generals.View)
				if _, ok := tr.public[nv.Seq]; !ok {
					t.Fatalf("%s got a view of step %d, which the game never reached", who, nv.Seq)
				}
				checkView(nv, encode(nv), e, report)
				may := tr.may(e.Seat, v.Seq, nv.Seq)
				for _, c := range named(m.Delta) {
					if !may[c] {
						report("the delta to step %d holds card %s", nv.Seq, c)
					}
				}
				checkEvents(m.Events, e.Seat, may, false, func(format string, args ...any) {
					report("step %d: "+format, append([]any{v.Seq}, args...)...)
				})
				v = nv
			case *protocol.Missed:
				n.missed += len(m.Steps)
				for _, ms := range m.Steps {
					checkEvents(ms.Events, e.Seat, tr.may(e.Seat, 0, last), false, func(format string, args ...any) {
						report("a missed step: "+format, args...)
					})
				}
			}
		}
		if in {
			seen++
		}
	}
	if seen < 2 {
		t.Fatalf("only %d connections of the game went through the tap", seen)
	}
	n.battles = kinds[generals.EventBattle]
	return n, errs
}
