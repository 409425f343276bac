package duel

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
	"empires/shared/wire"
)

// TestNoLeaks plays many games (36, at both AI levels in turn) with every
// check of the harness and, at every step, decodes every view, delta and
// event list sent to every seat and to the spectators, and the step's
// prompt: none may show a card of another player's hand nor of a deck,
// the seat's own included (noLeaks). Half the games are played with decks
// of their own made of disjoint cards (uniqueDecks), so that every card
// lies in one place and any card shown that is not public is a leak; the
// others with the balanced deck at every seat, where one card lies in
// many places.
func TestNoLeaks(t *testing.T) {
	levels := New().Info().Levels
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		for seed := uint64(1); seed <= 12; seed++ {
			t.Run(fmt.Sprintf("%d seats seed %d", seats, seed), func(t *testing.T) {
				rs, cfg := New(), config(seed, seats, 8)
				if seed%2 == 0 {
					rs, cfg.SeatData = uniqueDecks(t, seats)
				}
				rulesettest.Run(t, rs, cfg, rulesettest.Options{
					Levels: levels[seed%4/2 : seed%4/2+1],
					AISeed: seed * 100, Autopilot: 5, Stamped: true, Each: noLeaks(rs),
				})
			})
		}
	}
}

// uniqueData is a deck file of 80 cards, from which four players' decks
// of 20 can be made with no card in two of them.
const uniqueData = "suits = cups coins swords clubs\nranks = 1 20\nhand = 5\ndeck = 20\ncopies = 2\n"

// uniqueDecks returns Duel on uniqueData and the decks of seats players
// that share no card: seat i brings the cards whose place in the deck
// file is i-1 modulo 4, five of each suit.
func uniqueDecks(t *testing.T, seats int) (*Rules, [][]byte) {
	t.Helper()
	m, err := New().WithData([]byte(uniqueData))
	must(t, err)
	rs := m.(*Rules)
	decks := make([][]Card, seats)
	for k, c := range rs.deck.Cards() {
		if i := k % 4; i < seats {
			decks[i] = append(decks[i], c)
		}
	}
	out := make([][]byte, seats)
	for i, d := range decks {
		out[i] = rs.deck.FormatPlayerDeck(d)
	}
	return rs, out
}

// noLeaks returns a check of games of rs that nothing a Record sent shows
// a card its audience may not know. What seat s may know after a step is
// the public cards (the attack, the discard pile) and its own hand; the
// spectator, all-seeing or not (Duel's hands are hidden holdings), the
// public cards only. So every list of cards sent must be among those,
// copies counted: a view's cards together, a delta's cards added to the
// discard pile or the hand, an event's cards (the cards a delta takes out
// of the hand among the hand before the step). The step's prompt names
// public cards only. A seat's view must also hold its whole hand and every
// player's true hand and deck sizes, so that a view emptied of cards would
// not pass.
func noLeaks(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error { return leaks(rs, r) }
}

// leaks is noLeaks' check of one Record.
func leaks(rs *Rules, r *rulesettest.Record) error {
	g, err := loadGame(rs, r.After)
	if err != nil {
		return err
	}
	var before *game
	if r.Before != nil {
		if before, err = loadGame(rs, r.Before); err != nil {
			return err
		}
	}
	public := nonzero(append([]Card{g.s.Attack}, g.s.Discard...))
	var errs []error
	st := g.Step()
	for _, c := range rs.deck.Cards() {
		if namesCard(st.Prompt, rs.deck.Name(c)) && !slices.Contains(public, c) {
			errs = append(errs, fmt.Errorf("the step's prompt %q names the %s, which is hidden (%s)", st.Prompt, rs.deck.Name(c), where(g, c)))
		}
	}
	for _, p := range r.Sent {
		var own, ownBefore []Card
		if p.Seat != 0 {
			own = g.hand(p.Seat)
			if before != nil {
				ownBefore = before.hand(p.Seat)
			}
		}
		audience := fmt.Sprintf("the %s for seat %d (all-seeing %t)", p.Kind, p.Seat, p.AllSeeing)
		shows := func(what string, cards, may []Card) {
			if c, ok := within(nonzero(cards), may); !ok {
				errs = append(errs, fmt.Errorf("%s shows the %s in %s, hidden from it (%s)", audience, rs.deck.Name(c), what, where(g, c)))
			}
		}
		mine := append(slices.Clone(public), own...)
		switch p.Kind {
		case rulesettest.PayloadView:
			v, err := rs.DecodeView(p.Data)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", audience, err))
				continue
			}
			view := v.(*View)
			shows("the view", view.Cards(), mine)
			if !slices.Equal(view.Hand, own) {
				errs = append(errs, fmt.Errorf("%s holds the hand %v, the game %v", audience, view.Hand, own))
			}
			errs = append(errs, sizes(g, audience, view.Players))
		case rulesettest.PayloadDelta:
			var d Delta
			if err := wire.Unmarshal(p.Data, &d); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", audience, err))
				continue
			}
			if d.Table != nil {
				shows("the attack", []Card{d.Table.Attack}, public)
			}
			shows("the cards discarded", d.Added, public)
			shows("the cards taken into the hand", d.In, own)
			shows("the cards gone from the hand", d.Out, ownBefore)
			for _, pc := range d.Players {
				if pc.Seat >= 1 && int(pc.Seat) <= g.n() {
					errs = append(errs, sizes(g, audience, padTo(g.n(), pc.Seat, pc.Player)))
				}
			}
		case rulesettest.PayloadEvents:
			events, err := DecodeEvents(p.Data)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", audience, err))
				continue
			}
			for _, e := range events {
				may := public
				if p.Seat != 0 && e.Seat == p.Seat {
					may = mine
				}
				shows(fmt.Sprintf("the event %d about seat %d", e.Kind, e.Seat), e.Cards, may)
			}
		default:
			errs = append(errs, fmt.Errorf("unknown payload kind %d", p.Kind))
		}
	}
	return errors.Join(errs...)
}

// loadGame loads a save of rs.
func loadGame(rs *Rules, save []byte) (*game, error) {
	g, err := rs.Load(save)
	if err != nil {
		return nil, err
	}
	return g.(*game), nil
}

// sizes checks the players' public sizes a payload sent: each player's
// cards in hand and left in its deck as the game has them (a zero
// PlayerView is a player the payload says nothing of).
func sizes(g *game, audience string, players []PlayerView) error {
	var errs []error
	for i, pv := range players {
		p := ruleset.Seat(i + 1)
		if pv == (PlayerView{}) || int(p) > g.n() {
			continue
		}
		if pv.Cards != len(g.hand(p)) || pv.Deck != len(g.pile(p)) {
			errs = append(errs, fmt.Errorf("%s says %s holds %d cards and has %d in its deck; the game %d and %d",
				audience, g.name(p), pv.Cards, pv.Deck, len(g.hand(p)), len(g.pile(p))))
		}
	}
	return errors.Join(errs...)
}

// padTo returns n players' views holding pv at seat s only.
func padTo(n int, s ruleset.Seat, pv PlayerView) []PlayerView {
	out := make([]PlayerView, n)
	out[s-1] = pv
	return out
}

// where says where card c lies, for a failure's message.
func where(g *game, c Card) string {
	var places []string
	for i := range g.s.Names {
		p := ruleset.Seat(i + 1)
		if slices.Contains(g.hand(p), c) {
			places = append(places, g.name(p)+"'s hand")
		}
		if slices.Contains(g.pile(p), c) {
			places = append(places, g.name(p)+"'s deck")
		}
	}
	if slices.Contains(g.s.Discard, c) {
		places = append(places, "the discard pile")
	}
	if len(places) == 0 {
		return "nowhere in the game"
	}
	return "in " + strings.Join(places, ", ")
}

// namesCard reports whether text names a card called name ("7 of cups"),
// not as part of another ("17 of cups", "7 of cupsX").
func namesCard(text, name string) bool {
	for i := 0; i+len(name) <= len(text); i++ {
		if text[i:i+len(name)] != name {
			continue
		}
		before := i == 0 || !unicode.IsDigit(rune(text[i-1]))
		after := i+len(name) == len(text) || !unicode.IsLetter(rune(text[i+len(name)]))
		if before && after {
			return true
		}
	}
	return false
}

// TestNoLeaksFinds checks that the leak check fails when it should: a
// seat's view, or a draw event with its cards, sent to another seat or to
// a spectator (all-seeing too), a card of a deck (the seat's own too) in a
// view, a delta or an event, wrong sizes of a hand or a deck, are leaks;
// the true payloads sent to their true audience are not.
func TestNoLeaksFinds(t *testing.T) {
	rs, decks := uniqueDecks(t, 3)
	cfg := config(7, 3, 6)
	cfg.SeatData = decks
	gg, err := rs.New(cfg)
	must(t, err)
	g := gg.(*game)
	save, err := g.Save()
	must(t, err)
	encode := func(v ruleset.View) []byte {
		b, err := v.Encode()
		must(t, err)
		return b
	}
	all, own, second := encode(g.View(0, true)), encode(g.View(1, false)), encode(g.View(2, false))
	withDiscard := func(c Card) []byte {
		v := g.View(1, false).(*View)
		v.Discard = append(v.Discard, c)
		return encode(v)
	}
	lying := g.View(1, false).(*View)
	lying.Players[1].Deck++
	drawn := g.hand(2)[:2]
	draw := &outcome{seats: 3}
	draw.addPrivate(Event{Kind: EventDraw, Seat: 2, Value: 2}, drawn)
	drawSelf, _ := draw.Events(2, false)
	drawOther, _ := draw.Events(1, false)
	drawAll, _ := draw.Events(0, true)
	ownDeck := marshal(t, []Event{{Kind: EventDraw, Seat: 1, Value: 1, Cards: []Card{g.pile(1)[0]}}})
	deckDelta := marshal(t, &Delta{In: []Card{g.pile(1)[0]}})
	view := func(s ruleset.Seat, all bool, b []byte) rulesettest.Payload {
		return rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: s, AllSeeing: all, Data: b}
	}
	events := func(s ruleset.Seat, all bool, b []byte) rulesettest.Payload {
		return rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: s, AllSeeing: all, Data: b}
	}
	for _, tt := range []struct {
		name string
		sent rulesettest.Payload
		leak bool
	}{
		{"own view", view(1, false, own), false},
		{"all-seeing view to the all-seeing", view(0, true, all), false},
		{"seat 1's view to the spectator", view(0, false, own), true},
		{"seat 1's view to the all-seeing spectator", view(0, true, own), true},
		{"seat 2's view to seat 1", view(1, false, second), true},
		{"a card of another's hand on the discard pile", view(1, false, withDiscard(g.hand(2)[0])), true},
		{"a card of another's deck on the discard pile", view(1, false, withDiscard(g.pile(2)[0])), true},
		{"a card of one's own deck on the discard pile", view(1, false, withDiscard(g.pile(1)[0])), true},
		{"a deck's size wrong", view(1, false, encode(lying)), true},
		{"a draw to the drawer", events(2, false, drawSelf), false},
		{"a draw to another seat", events(1, false, drawOther), false},
		{"a draw with its cards to another seat", events(1, false, drawSelf), true},
		{"a draw to the all-seeing spectator", events(0, true, drawAll), false},
		{"a draw with its cards to the all-seeing spectator", events(0, true, drawSelf), true},
		{"a card of one's own deck in an event", events(1, false, ownDeck), true},
		{"a card of one's own deck in a delta", rulesettest.Payload{Kind: rulesettest.PayloadDelta, Seat: 1, Data: deckDelta}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := leaks(rs, &rulesettest.Record{After: save, Sent: []rulesettest.Payload{tt.sent}})
			if have := err != nil; have != tt.leak {
				t.Errorf("leak found: have %t, want %t (%v)", have, tt.leak, err)
			}
		})
	}
}

// newGame starts a game of cfg.
func newGame(t *testing.T, cfg ruleset.Config) *game {
	t.Helper()
	g, err := New().New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*game)
}
