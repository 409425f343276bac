package generals

import "empires/shared/ruleset"

// DefaultSeatAt returns the deck seat s brings when it brings none of its
// own (a seat of the AI, a seat left open): the ready-made decks in turn
// from The Huns', the first legal one for the options, so that a table of
// bots shows every empire (seatDeck). The server asks it for such seats;
// DefaultSeat is seat 1's.
func (r *Rules) DefaultSeatAt(opts ruleset.Options, s ruleset.Seat) []byte {
	return r.seatDeck(opts, max(int(s)-1, 0))
}
