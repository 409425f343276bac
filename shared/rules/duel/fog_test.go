package duel

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"unicode"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
	"empires/shared/wire"
)

// TestNoLeaks plays many games (36, at both AI levels in turn) with every
// check of the harness and, at every step, decodes every view, delta and
// event list sent to every seat and to the spectator, and the step's
// prompt: none may name another player's card nor a card of the deck
// (noLeaks).
func TestNoLeaks(t *testing.T) {
	levels := New().Info().Levels
	for seats := MinSeats; seats <= MaxSeats; seats++ {
		for seed := uint64(1); seed <= 12; seed++ {
			t.Run(fmt.Sprintf("%d seats seed %d", seats, seed), func(t *testing.T) {
				rulesettest.Run(t, New(), config(seed, seats, 8), rulesettest.Options{
					Levels: levels[seed%2 : seed%2+1],
					AISeed: seed * 100, Autopilot: 5, Stamped: true, Each: noLeaks(New()),
				})
			})
		}
	}
}

// noLeaks returns a check of games of rs that nothing a Record sent holds
// a hidden card: for seat s, a card in another player's hand or in the
// deck after the step; for the spectator, all-seeing or not (Duel's hands
// are hidden holdings), any card in a hand or the deck. It also checks that a seat's view holds its whole
// hand and the true hand sizes, so that a view emptied of cards would not
// pass.
func noLeaks(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error { return leaks(rs, r) }
}

// leaks is noLeaks' check of one Record.
func leaks(rs *Rules, r *rulesettest.Record) error {
	gg, err := rs.Load(r.After)
	if err != nil {
		return err
	}
	g := gg.(*game)
	var errs []error
	st := g.Step()
	for _, c := range hiddenCards(g, 0) {
		if namesCard(st.Prompt, g.deck.Name(c)) {
			errs = append(errs, fmt.Errorf("the step's prompt %q names the %s, which is hidden", st.Prompt, g.deck.Name(c)))
		}
	}
	for _, p := range r.Sent {
		cards, err := payloadCards(rs, p)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s for seat %d: %w", p.Kind, p.Seat, err))
			continue
		}
		hidden := hiddenCards(g, p.Seat)
		for _, c := range cards {
			if slices.Contains(hidden, c) {
				errs = append(errs, fmt.Errorf("the %s for seat %d (all-seeing %t) holds the %s, hidden from it (%s)",
					p.Kind, p.Seat, p.AllSeeing, g.deck.Name(c), where(g, c)))
			}
		}
		if p.Kind == rulesettest.PayloadView && p.Seat != 0 {
			v, _ := rs.DecodeView(p.Data)
			view := v.(*View)
			if !slices.Equal(view.Hand, g.hand(p.Seat)) {
				errs = append(errs, fmt.Errorf("seat %d's view holds the hand %v, the game %v", p.Seat, view.Hand, g.hand(p.Seat)))
			}
			for i, pv := range view.Players {
				if pv.Cards != len(g.s.Hands[i]) {
					errs = append(errs, fmt.Errorf("seat %d's view says seat %d holds %d cards, it holds %d", p.Seat, i+1, pv.Cards, len(g.s.Hands[i])))
				}
			}
		}
	}
	return errors.Join(errs...)
}

// hiddenCards returns the cards seat s (0: a spectator, all-seeing or
// not) may not know: the deck, and every hand but its own.
func hiddenCards(g *game, s ruleset.Seat) []Card {
	out := slices.Clone(g.s.Deck)
	for i, h := range g.s.Hands {
		if ruleset.Seat(i+1) != s {
			out = append(out, h...)
		}
	}
	return out
}

// where says where card c is, for a failure's message.
func where(g *game, c Card) string {
	if slices.Contains(g.s.Deck, c) {
		return "in the deck"
	}
	for i, h := range g.s.Hands {
		if slices.Contains(h, c) {
			return fmt.Sprintf("in %s's hand", g.s.Names[i])
		}
	}
	return "not hidden"
}

// payloadCards decodes p, as a client would, and returns every card in it.
func payloadCards(rs *Rules, p rulesettest.Payload) ([]Card, error) {
	var out []Card
	switch p.Kind {
	case rulesettest.PayloadView:
		v, err := rs.DecodeView(p.Data)
		if err != nil {
			return nil, err
		}
		view := v.(*View)
		out = append(out, view.Table.Attack)
		out = append(out, view.Discard...)
		out = append(out, view.Hand...)
	case rulesettest.PayloadDelta:
		var d Delta
		if err := wire.Unmarshal(p.Data, &d); err != nil {
			return nil, err
		}
		if d.Table != nil {
			out = append(out, d.Table.Attack)
		}
		out = append(out, d.Added...)
		out = append(out, d.Out...)
		out = append(out, d.In...)
	case rulesettest.PayloadEvents:
		events, err := DecodeEvents(p.Data)
		if err != nil {
			return nil, err
		}
		for _, e := range events {
			out = append(out, e.Cards...)
		}
	default:
		return nil, fmt.Errorf("unknown payload kind %d", p.Kind)
	}
	return out, nil
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
// a spectator (all-seeing too) are leaks; the same sent to their true
// audience are not.
func TestNoLeaksFinds(t *testing.T) {
	g := newGame(t, config(7, 3, 6))
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	all, _ := g.View(0, true).Encode()
	own, _ := g.View(1, false).Encode()
	second, _ := g.View(2, false).Encode()
	drawn := g.hand(2)[:2]
	draw := &outcome{seats: 3}
	draw.addPrivate(Event{Kind: EventDraw, Seat: 2, Value: 2}, drawn)
	drawSelf, _ := draw.Events(2, false)
	drawOther, _ := draw.Events(1, false)
	drawAll, _ := draw.Events(0, true)
	for _, tt := range []struct {
		name string
		sent rulesettest.Payload
		leak bool
	}{
		{"own view", rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: 1, Data: own}, false},
		{"all-seeing view to the all-seeing", rulesettest.Payload{Kind: rulesettest.PayloadView, AllSeeing: true, Data: all}, false},
		{"seat 1's view to the spectator", rulesettest.Payload{Kind: rulesettest.PayloadView, Data: own}, true},
		{"seat 1's view to the all-seeing spectator", rulesettest.Payload{Kind: rulesettest.PayloadView, AllSeeing: true, Data: own}, true},
		{"seat 2's view to seat 1", rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: 1, Data: second}, true},
		{"a draw to the drawer", rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 2, Data: drawSelf}, false},
		{"a draw to another seat", rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 1, Data: drawOther}, false},
		{"a draw with its cards to another seat", rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 1, Data: drawSelf}, true},
		{"a draw to the all-seeing spectator", rulesettest.Payload{Kind: rulesettest.PayloadEvents, AllSeeing: true, Data: drawAll}, false},
		{"a draw with its cards to the all-seeing spectator", rulesettest.Payload{Kind: rulesettest.PayloadEvents, AllSeeing: true, Data: drawSelf}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := leaks(New(), &rulesettest.Record{After: save, Sent: []rulesettest.Payload{tt.sent}})
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
