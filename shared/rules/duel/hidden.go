package duel

import (
	"fmt"
	"slices"

	"empires/shared/ruleset"
)

// Hidden returns the cards of a game's save that seat s may not know: the
// deck, and every other player's hand (for the spectator, all-seeing or
// not, every hand). A test of a server checks the views it sent against
// it.
func (r *Rules) Hidden(save []byte, s ruleset.Seat) ([]Card, error) {
	gg, err := r.Load(save)
	if err != nil {
		return nil, err
	}
	g := gg.(*game)
	out := slices.Clone(g.s.Deck)
	for i, h := range g.s.Hands {
		if ruleset.Seat(i+1) != s {
			out = append(out, h...)
		}
	}
	return out, nil
}

// Cards returns every card a view shows: the attack card on the table, the
// discard pile and the seat's hand.
func (v *View) Cards() []Card {
	out := []Card{v.Table.Attack}
	out = append(out, v.Discard...)
	return append(out, v.Hand...)
}

// CheckHidden returns an error naming the first card of view v that the
// save the view was made from hides from its seat.
func (r *Rules) CheckHidden(save []byte, v *View) error {
	hidden, err := r.Hidden(save, v.Seat)
	if err != nil {
		return err
	}
	for _, c := range v.Cards() {
		if c != (Card{}) && slices.Contains(hidden, c) {
			return fmt.Errorf("seat %d's view of step %d shows the %s, hidden from it", v.Seat, v.Table.Seq, r.deck.Name(c))
		}
	}
	return nil
}
