package generals

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
	"empires/shared/wire"
)

// TestNoLeaks plays many games (13: 4 at each of 2, 3 and 4 seats, at
// both AI levels in turn, and one of 20 passive seats) with every check of the harness and,
// at every step, decodes every view, delta and event list sent to every
// seat and to the spectators, and the step's prompt: none may show a card
// of another player's hand nor of a pile, the seat's own piles included
// (noLeaks). Half the games are played with decks of one empire each
// (empireDecks), which share no card, so that a card of another
// player's hand shown is found even where a copy of it is public.
func TestNoLeaks(t *testing.T) {
	for _, seats := range []int{2, 3, 4, MaxSeats} {
		for seed := uint64(1); seed <= 4; seed++ {
			if seats > 4 && seed > 1 {
				break
			}
			t.Run(fmt.Sprintf("%d seats seed %d", seats, seed), func(t *testing.T) {
				rounds := 6
				if seats > 4 {
					rounds = 1
				}
				rs, cfg := New(), config(seed, seats, rounds)
				if seed%2 == 0 {
					cfg.SeatData = empireDecks(t, rs, seats)
				}
				level := []string{"passive", "random"}[seed%2]
				if seats > 4 {
					level = "passive" // the conformance run plays 20 random seats
				}
				rulesettest.Run(t, rs, cfg, rulesettest.Options{
					Levels: []string{level},
					AISeed: seed * 100, Stamped: true, Each: checks(rs),
				})
			})
		}
	}
}

// checks returns the checks of the ruleset's own the harness runs at
// every step: no leaks, and defaults the game accepts.
func checks(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error { return errors.Join(leaks(rs, r), defaults(rs, r)) }
}

// empireDecks returns decks of seats players (four at most) that share no
// card: each of one empire's own cards (The Huns, Rome, Egypt, Han China,
// no shared Resource Card), every card at its rarity's limit, one ultra
// rare card.
func empireDecks(t *testing.T, rs *Rules, seats int) [][]byte {
	t.Helper()
	empires := []cards.EmpireCode{"TH", "RM", "EY", "HC"}
	var out [][]byte
	for i := range seats {
		var d cards.Deck
		ultra := false
		for _, id := range rs.coll.IDs() {
			c, _ := rs.coll.Card(id)
			if id.Empire != empires[i] || c.Rarity == cards.UltraRare && ultra {
				continue
			}
			ultra = ultra || c.Rarity == cards.UltraRare
			d.Entries = append(d.Entries, cards.Entry{ID: id, Copies: c.Rarity.Limit()})
		}
		data := d.Encode()
		if problems, err := rs.CheckSeat(nil, data); err != nil || problems != nil {
			t.Fatalf("the deck of %s: %v %v", empires[i], problems, err)
		}
		out = append(out, data)
	}
	return out
}

// loadGame loads a save of rs.
func loadGame(rs *Rules, save []byte) (*game, error) {
	g, err := rs.Load(save)
	if err != nil {
		return nil, err
	}
	return g.(*game), nil
}

// public returns the cards every player may know in g: those in play,
// the discard piles and the cards out of the game.
func public(g *game) map[CardID]bool {
	out := map[CardID]bool{}
	for _, pl := range g.s.Players {
		for _, c := range pl.Table {
			out[c.Card] = true
		}
		for _, list := range [][]CardID{pl.Discard, pl.Gone} {
			for _, id := range list {
				out[id] = true
			}
		}
	}
	for _, id := range g.s.Banned {
		out[id] = true
	}
	return out
}

// leaks returns an error if anything record r sent shows a card its
// audience may not know: a view must be exactly the one the game gives
// the audience after the step (its own hand, the public table, the true
// sizes); a delta's new view part may hold no other hand than the
// audience's own; an event's cards must be public before or after the
// step, or in the audience's own hand then (a draw's cards only to the
// drawer); the prompt may name no card that is not public.
func leaks(rs *Rules, r *rulesettest.Record) error {
	after, err := loadGame(rs, r.After)
	if err != nil {
		return err
	}
	var before *game
	if r.Before != nil {
		if before, err = loadGame(rs, r.Before); err != nil {
			return err
		}
	}
	known := func(s ruleset.Seat) map[CardID]bool {
		out := public(after)
		if before != nil {
			for id := range public(before) {
				out[id] = true
			}
		}
		if s != 0 {
			for _, g := range []*game{before, after} {
				if g != nil {
					for _, id := range g.pl(s).Hand {
						out[id] = true
					}
				}
			}
		}
		return out
	}
	for _, p := range r.Sent {
		audience := fmt.Sprintf("seat %d (all-seeing %t)", p.Seat, p.AllSeeing)
		k := known(p.Seat)
		switch p.Kind {
		case rulesettest.PayloadView:
			v, err := rs.DecodeView(p.Data)
			if err != nil {
				return err
			}
			want, _ := after.View(p.Seat, p.AllSeeing).Encode()
			if have, _ := v.Encode(); string(have) != string(want) {
				return fmt.Errorf("step %d: the view sent to %s is not the one the game gives it", r.Step.Seq, audience)
			}
		case rulesettest.PayloadDelta:
			var d Delta
			if err := wire.Unmarshal(p.Data, &d); err != nil {
				return err
			}
			if d.Rest != nil {
				var own []CardID
				if p.Seat != 0 {
					own = after.pl(p.Seat).Hand
				}
				if !slices.Equal(d.Rest.Hand, own) || d.Rest.Players != nil {
					return fmt.Errorf("step %d: the delta sent to %s holds the hand %v, its own is %v", r.Step.Seq, audience, d.Rest.Hand, own)
				}
			}
			for _, pv := range d.Players {
				for _, id := range append(slices.Clone(pv.Discard), tableCards(pv.Table)...) {
					if !k[id] {
						return fmt.Errorf("step %d: the delta sent to %s shows %s, hidden from it", r.Step.Seq, audience, id)
					}
				}
			}
		case rulesettest.PayloadEvents:
			evs, err := DecodeEvents(p.Data)
			if err != nil {
				return err
			}
			for _, e := range evs {
				ids := slices.Clone(e.Cards)
				if e.Card != "" {
					ids = append(ids, e.Card)
				}
				if (e.Kind == EventDraw || e.Kind == EventOpening) && len(e.Cards) > 0 && (p.Seat == 0 || p.Seat != e.Seat) {
					return fmt.Errorf("step %d: seat %d's draw of %v is shown to %s", r.Step.Seq, e.Seat, e.Cards, audience)
				}
				for _, id := range ids {
					if !k[id] {
						return fmt.Errorf("step %d: event %d sent to %s shows %s, hidden from it", r.Step.Seq, e.Kind, audience, id)
					}
				}
			}
		}
	}
	pub := public(after)
	for _, pl := range after.s.Players {
		for _, list := range [][]CardID{pl.Hand, pl.Draw, pl.Supply} {
			for _, id := range list {
				if !pub[id] && (strings.Contains(r.Step.Prompt, string(id)) || strings.Contains(r.Step.Prompt, rs.byID[id].Name)) {
					return fmt.Errorf("step %d: the prompt %q names %s, hidden", r.Step.Seq, r.Step.Prompt, id)
				}
			}
		}
	}
	return nil
}

// tableCards returns the cards of a table.
func tableCards(table []InPlay) []CardID {
	var out []CardID
	for _, c := range table {
		out = append(out, c.Card)
	}
	return out
}

// defaults returns an error if the game of record r does not accept the
// default of every actor of its next step (tried on a copy).
func defaults(rs *Rules, r *rulesettest.Record) error {
	g, err := loadGame(rs, r.After)
	if err != nil {
		return err
	}
	st := g.Step()
	for _, p := range st.Actors {
		b, ok := g.Default(p)
		if !ok {
			return fmt.Errorf("step %d: seat %d acts and has no default", st.Seq, p)
		}
		c, _ := loadGame(rs, r.After)
		if _, err := c.Act(p, b); err != nil {
			return fmt.Errorf("step %d: seat %d's default refused: %v", st.Seq, p, err)
		}
	}
	if b, ok := g.Default(0); ok {
		return fmt.Errorf("step %d: a default for the spectator: %x", st.Seq, b)
	}
	return nil
}

// TestNoLeaksFinds: the leak check fails on a seat's view sent to
// another, on a draw's cards shown to another seat or to the all-seeing
// spectator, on another hand in a delta, on a hidden card in an event,
// and on a prompt naming a card of a hand.
func TestNoLeaksFinds(t *testing.T) {
	rs := New()
	cfg := config(3, 2, 6)
	cfg.SeatData = empireDecks(t, rs, 2)
	gg, err := rs.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*game)
	before, _ := g.Save()
	b, _ := wire.Marshal(&Action{Seq: 0, Kind: ActOpening, Count: 4})
	out, err := g.Act(1, b)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := g.Save()
	record := func(sent ...rulesettest.Payload) *rulesettest.Record {
		return &rulesettest.Record{Step: g.Step(), Before: before, After: after, Sent: sent}
	}
	view := func(s ruleset.Seat, all bool) []byte { b, _ := g.View(s, all).Encode(); return b }
	events := func(s ruleset.Seat, all bool) []byte { b, _ := out.Events(s, all); return b }
	honest := record(
		rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: 1, Data: view(1, false)},
		rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: 0, AllSeeing: true, Data: view(0, true)},
		rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 1, Data: events(1, false)},
		rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 2, Data: events(2, false)},
		rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 0, AllSeeing: true, Data: events(0, true)},
	)
	if err := leaks(rs, honest); err != nil {
		t.Fatalf("the honest payloads: %v", err)
	}
	drawn := g.pl(1).Hand
	leakyEvents, _ := wire.Marshal([]Event{{Kind: EventOpening, Seat: 1, Count: 4, Value: 3, Cards: drawn}})
	hiddenCard, _ := wire.Marshal([]Event{{Kind: EventCard, Seat: 1, Card: g.pl(2).Draw[0]}})
	v2 := g.view(2, false)
	v2x := *v2
	v2x.Hand = drawn
	delta, _ := g.view(2, false).Diff(&v2x)
	st := g.Step()
	st.Prompt = "Anna holds " + rs.byID[drawn[0]].Name
	for _, tt := range []struct {
		name string
		r    *rulesettest.Record
	}{
		{"seat 1's view sent to seat 2", record(rulesettest.Payload{Kind: rulesettest.PayloadView, Seat: 2, Data: view(1, false)})},
		{"the draw's cards to seat 2", record(rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 2, Data: leakyEvents})},
		{"the draw's cards to the all-seeing spectator", record(rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 0, AllSeeing: true, Data: leakyEvents})},
		{"a card of a pile in an event", record(rulesettest.Payload{Kind: rulesettest.PayloadEvents, Seat: 1, Data: hiddenCard})},
		{"seat 1's hand in seat 2's delta", record(rulesettest.Payload{Kind: rulesettest.PayloadDelta, Seat: 2, Data: delta})},
		{"a hand's card in the prompt", &rulesettest.Record{Step: st, Before: before, After: after}},
	} {
		if err := leaks(rs, tt.r); err == nil {
			t.Errorf("%s: not found", tt.name)
		}
	}
}

// TestCheckHidden: CheckHidden takes each seat's own view of a saved game
// and refuses another seat's, a hand shown to a spectator, and a view with
// a pile's size changed.
func TestCheckHidden(t *testing.T) {
	rs := New()
	g := newTable(t, 3, nil)
	g.give(1, legionary, hastati)
	g.give(2, medjay)
	save, _ := g.Save()
	for s := ruleset.Seat(0); s <= 3; s++ {
		if err := rs.CheckHidden(save, g.view(s, false)); err != nil {
			t.Errorf("seat %d's own view: %v", s, err)
		}
	}
	other := g.view(2, false)
	other.Seat = 1
	spectator := g.view(0, true)
	spectator.Hand = g.pl(1).Hand
	sizes := g.view(1, false)
	sizes.Players[1].Draw++
	for name, v := range map[string]*View{"seat 2's view as seat 1's": other, "a hand to the spectator": spectator, "a pile's size": sizes} {
		if err := rs.CheckHidden(save, v); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
