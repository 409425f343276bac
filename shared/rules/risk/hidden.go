package risk

import (
	"fmt"

	"empires/shared/rules/risk/cards"
	"empires/shared/wire"
)

// CheckHidden returns an error if view v shows what the game saved in save
// hides from v's seat (rule 20): another player's Goods cards, Disasters or
// territory cards, the cards of another's offer, or any view other than
// the game's for v's audience. A test of a server checks the views it sent
// with it.
func (r *Rules) CheckHidden(save []byte, v *View) error {
	gg, err := r.Load(save)
	if err != nil {
		return err
	}
	return checkHidden(gg.(*game), v)
}

// checkHidden returns an error if view v shows a hidden holding its seat
// may not see: another player's Goods cards, Disasters or territory cards,
// the cards of another's offer, or a view other than the game's for its
// audience.
func checkHidden(g *game, v *View) error {
	own := map[cards.GoodsID]bool{}
	if v.Seat != 0 {
		ps := g.p(v.Seat)
		for _, c := range ps.Hand.Cards {
			own[c.ID] = true
		}
		for _, c := range g.disasterCards(v.Seat) {
			own[c.ID] = true
		}
	}
	for _, c := range append(append([]cards.GoodsCard(nil), v.Hand...), v.Disasters...) {
		if !own[c.ID] {
			return fmt.Errorf("seat %d's view of step %d shows Goods card %d (%s), not its own", v.Seat, v.Seq, c.ID, c)
		}
	}
	for _, o := range v.Offers {
		if o.Cards != nil && o.From != v.Seat {
			return fmt.Errorf("seat %d's view of step %d shows the cards of seat %d's offer", v.Seat, v.Seq, o.From)
		}
	}
	if v.Seat == 0 && (v.Cards != nil || v.Hand != nil || v.Disasters != nil) {
		return fmt.Errorf("a spectator's view of step %d shows hidden cards", v.Seq)
	}
	have, _ := wire.Marshal(v)
	want, _ := wire.Marshal(g.View(v.Seat, v.AllSeeing))
	if string(have) != string(want) {
		return fmt.Errorf("seat %d's view of step %d is not the one the game gives it", v.Seat, v.Seq)
	}
	return nil
}
