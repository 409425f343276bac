package risk

import (
	"fmt"
	"testing"

	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
	"empires/shared/wire"
)

// noLeaks returns a check of games of rs that nothing a Record sent shows
// a Goods card, a Goods card's ID or a territory card its audience may not
// know (rule 20): a view must be the one the game gives its audience, and
// hold no hidden card but the seat's own; an event list may show Goods
// cards only to a seat the event names (the drawer, the two sides of a
// trade or a taking); a delta must lead to the right view (the harness
// checks that) and hold no card the view after it does not.
func noLeaks(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error {
		gg, err := rs.Load(r.After)
		if err != nil {
			return err
		}
		g := gg.(*game)
		for _, p := range r.Sent {
			switch p.Kind {
			case rulesettest.PayloadView:
				v, err := rs.DecodeView(p.Data)
				if err != nil {
					return err
				}
				if err := CheckHidden(g, v.(*View)); err != nil {
					return err
				}
			case rulesettest.PayloadEvents:
				es, err := DecodeEvents(p.Data)
				if err != nil {
					return err
				}
				for _, e := range es {
					if err := eventHidden(p.Seat, e); err != nil {
						return fmt.Errorf("step %d: %w", r.Step.Seq, err)
					}
				}
			}
		}
		return nil
	}
}

// eventHidden returns an error if event e, sent to seat s, shows hidden
// cards s may not see: a spectator sees none; a seat only those of an event
// about it.
func eventHidden(s ruleset.Seat, e Event) error {
	if len(e.Goods) == 0 && len(e.Cards) == 0 {
		return nil
	}
	if s == 0 {
		return fmt.Errorf("a spectator is shown hidden cards in an event of kind %d", e.Kind)
	}
	if e.Seat != s && e.Other != s {
		return fmt.Errorf("seat %d is shown the hidden cards of an event of kind %d about seats %d and %d", s, e.Kind, e.Seat, e.Other)
	}
	return nil
}

// CheckHidden returns an error if view v shows a hidden holding its seat
// may not see: another player's Goods cards, Disasters or territory cards,
// the cards of another's offer, or a view other than the game's for its
// audience.
func CheckHidden(g *game, v *View) error {
	own := map[cards.GoodsID]bool{}
	if v.Seat != 0 {
		ps := g.p(v.Seat)
		for _, c := range ps.Hand.Cards {
			own[c.ID] = true
		}
		for _, c := range ps.Disasters.Cards {
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

// TestNoLeaksFinds checks that the fog checks fail when they should: a
// seat shown another's Goods, an offer's cards shown to its receiver, a
// spectator shown a draw's cards.
func TestNoLeaksFinds(t *testing.T) {
	t.Logf("rule %s", rule[20])
	g := trading(t)
	v := g.View(2, false).(*View)
	v.Hand = g.p(1).Hand.Cards
	if err := CheckHidden(g, v); err == nil {
		t.Error("a view showing another seat's Goods cards passed")
	}
	v = g.View(2, false).(*View)
	v.Offers = []OfferView{{From: 1, To: 2, Count: 1, Cards: []cards.GoodsID{g.p(1).Hand.Cards[0].ID}}}
	if err := CheckHidden(g, v); err == nil {
		t.Error("a view showing the receiver the cards of an offer passed")
	}
	if err := eventHidden(0, Event{Kind: EventDraw, Seat: 1, Goods: g.p(1).Hand.Cards}); err == nil {
		t.Error("a draw's cards shown to a spectator passed")
	}
	if err := eventHidden(3, Event{Kind: EventTrade, Seat: 1, Other: 2, Goods: g.p(1).Hand.Cards}); err == nil {
		t.Error("a trade's cards shown to a third seat passed")
	}
	if err := CheckHidden(g, g.View(2, false).(*View)); err != nil {
		t.Errorf("the game's own view failed: %v", err)
	}
}
