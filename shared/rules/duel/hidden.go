package duel

import (
	"bytes"
	"fmt"
)

// Cards returns every card a view shows: the attack card on the table, the
// discard pile and the seat's hand.
func (v *View) Cards() []Card {
	out := []Card{v.Table.Attack}
	out = append(out, v.Discard...)
	return append(out, v.Hand...)
}

// CheckHidden returns an error if view v shows what the game saved in save
// hides from v's seat: a card beyond the public ones (the attack, the
// discard pile) and the seat's own hand, a card of a deck, or other sizes
// of hands and decks than the game's. The same card may lie in several
// places (each player brings a deck of its own), so v is compared with
// what the seat may see, card for card, not searched for hidden cards. A
// test of a server checks the views it sent with it.
func (r *Rules) CheckHidden(save []byte, v *View) error {
	gg, err := r.Load(save)
	if err != nil {
		return err
	}
	g := gg.(*game)
	want := g.View(v.Seat, v.AllSeeing).(*View)
	if c, ok := within(nonzero(v.Cards()), nonzero(want.Cards())); !ok {
		return fmt.Errorf("seat %d's view of step %d shows the %s, hidden from it", v.Seat, v.Table.Seq, r.deck.Name(c))
	}
	have, err := v.Encode()
	if err != nil {
		return err
	}
	if b, _ := want.Encode(); !bytes.Equal(have, b) {
		return fmt.Errorf("seat %d's view of step %d is not the one the game gives it:\nhave %+v\nwant %+v", v.Seat, v.Table.Seq, v, want)
	}
	return nil
}

// nonzero returns the cards of cs that are cards (not the zero Card).
func nonzero(cs []Card) []Card {
	var out []Card
	for _, c := range cs {
		if c != (Card{}) {
			out = append(out, c)
		}
	}
	return out
}
