package generals

import (
	"bytes"
	"fmt"
	"slices"
)

// CheckHidden returns an error if view v shows what the game saved in save
// hides from v's seat: a hand other than the seat's own, or anything else
// than the view the game gives that seat (a card of a pile, another size of
// a hand or a pile). Copies of a card lie in several places, so v is
// compared with what the seat may see rather than searched for hidden
// cards. A test of a server checks the views it sent with it.
func (r *Rules) CheckHidden(save []byte, v *View) error {
	gg, err := r.Load(save)
	if err != nil {
		return err
	}
	g := gg.(*game)
	if int(v.Seat) > g.n() {
		return fmt.Errorf("a view of seat %d at a table of %d", v.Seat, g.n())
	}
	want := g.view(v.Seat, v.Seat == 0 && v.AllSeeing)
	if !slices.Equal(v.Hand, want.Hand) {
		return fmt.Errorf("seat %d's view of step %d shows the hand %v, its own is %v", v.Seat, v.Seq, v.Hand, want.Hand)
	}
	have, err := v.Encode()
	if err != nil {
		return err
	}
	if w, _ := want.Encode(); !bytes.Equal(have, w) {
		return fmt.Errorf("seat %d's view of step %d is not the one the game gives it", v.Seat, v.Seq)
	}
	return nil
}
