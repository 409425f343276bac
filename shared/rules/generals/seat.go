package generals

import (
	"fmt"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

var (
	_ ruleset.SeatSetup     = (*Rules)(nil)
	_ ruleset.ConfigChecker = (*Rules)(nil)
)

// gameTypeOf returns the game type the options chose.
func (r *Rules) gameTypeOf(st settings) cards.GameType { return r.types[st.Type].t }

// CheckSeat implements ruleset.SeatSetup: data is the seat's deck (the
// collection's deck text, cards.DecodeDeck), checked for the game type and
// the variation's deck sizes (cards.Collection.CheckDeck).
func (r *Rules) CheckSeat(opts ruleset.Options, data []byte) ([]ruleset.Rejection, error) {
	st := r.settingsOf(opts)
	_, problems, err := r.coll.CheckDeck(r.gameTypeOf(st), st.limits(), data)
	if err != nil {
		return nil, fmt.Errorf("%s deck: %w", ID, err)
	}
	return problems, nil
}

// DefaultSeat implements ruleset.SeatSetup: the ready-made deck of The
// Huns where it is legal for the options, else the first ready-made deck
// that is, else a deck built of the legal cards (buildDeck).
func (r *Rules) DefaultSeat(opts ruleset.Options) []byte {
	return r.seatDeck(opts, 0)
}

// seatDeck returns the deck seat i+1 brings when it brings none: the
// ready-made decks in turn from The Huns' (so that a table of bots shows
// every empire), the first legal one for the options, else a deck built
// of the legal cards.
func (r *Rules) seatDeck(opts ruleset.Options, i int) []byte {
	st := r.settingsOf(opts)
	names := r.coll.ReadyNames()
	first := 0
	for j, n := range names {
		if n == "huns" {
			first = j
		}
	}
	for k := range names {
		d, _ := r.coll.Ready(names[(first+i+k)%len(names)])
		if len(r.coll.Check(r.gameTypeOf(st), st.limits(), d)) == 0 {
			return d.Encode()
		}
	}
	return r.buildDeck(st).Encode()
}

// buildDeck returns a deck of the cards legal in a game of st: every
// legal card but the ultra rare ones at its rarity's limit, in ID order,
// and the first legal ultra rare card once. It may be too small for the
// game (CheckConfig refuses such a game).
func (r *Rules) buildDeck(st settings) cards.Deck {
	var d cards.Deck
	ultra := false
	for _, id := range r.coll.Allowed(r.gameTypeOf(st)) {
		c, _ := r.coll.Card(id)
		if c.Rarity == cards.UltraRare {
			if ultra {
				continue
			}
			ultra = true
		}
		d.Entries = append(d.Entries, cards.Entry{ID: id, Copies: c.Rarity.Limit()})
	}
	return d
}

// CheckConfig implements ruleset.ConfigChecker: a game whose game type
// and variation leave no legal deck to bring (a Southpole game's 400
// cards out of a small collection) is refused.
func (r *Rules) CheckConfig(cfg ruleset.Config) error {
	in := r.Info()
	if err := in.CheckOptions(cfg.Options); err != nil {
		return err
	}
	st := r.settingsOf(cfg.Options)
	if problems, _ := r.CheckSeat(cfg.Options, r.DefaultSeat(cfg.Options)); len(problems) > 0 {
		return fmt.Errorf("%s, %s: the collection holds no legal deck for it (%s)",
			r.types[st.Type].name, in.Settings[2].Choices[st.Variation], problems[len(problems)-1].Reason)
	}
	return nil
}

// seatDecks returns the seats' decks of cfg as their piles: each seat's
// set-up data read and checked, the default deck (seatDeck) for a seat
// that brings none.
func (r *Rules) seatDecks(cfg ruleset.Config) ([]cards.Deck, error) {
	if cfg.SeatData != nil && len(cfg.SeatData) != cfg.Seats {
		return nil, fmt.Errorf("%d seats' decks for %d seats", len(cfg.SeatData), cfg.Seats)
	}
	st := r.settingsOf(cfg.Options)
	out := make([]cards.Deck, cfg.Seats)
	for i := range out {
		data := r.seatDeck(cfg.Options, i)
		if i < len(cfg.SeatData) && len(cfg.SeatData[i]) > 0 {
			data = cfg.SeatData[i]
		}
		d, problems, err := r.coll.CheckDeck(r.gameTypeOf(st), st.limits(), data)
		switch {
		case err != nil:
			return nil, fmt.Errorf("seat %d's deck: %w", i+1, err)
		case len(problems) > 0:
			p := problems[0]
			where := ""
			if p.Index > 0 {
				where = fmt.Sprintf("line %d: ", p.Index)
			}
			return nil, fmt.Errorf("seat %d's deck: %s%s (%d problems)", i+1, where, p.Reason, len(problems))
		}
		out[i] = d
	}
	return out, nil
}
