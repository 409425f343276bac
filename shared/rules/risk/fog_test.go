package risk

import (
	"fmt"
	"testing"

	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
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
				if err := checkHidden(g, v.(*View)); err != nil {
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

// TestNoLeaksFinds checks that the fog checks fail when they should: a
// seat shown another's Goods, an offer's cards shown to its receiver, a
// spectator shown a draw's cards.
func TestNoLeaksFinds(t *testing.T) {
	t.Logf("rule %s", rule[20])
	g := trading(t)
	v := g.View(2, false).(*View)
	v.Hand = g.p(1).Hand.Cards
	if err := checkHidden(g, v); err == nil {
		t.Error("a view showing another seat's Goods cards passed")
	}
	v = g.View(2, false).(*View)
	v.Offers = []OfferView{{From: 1, To: 2, Count: 1, Cards: []cards.GoodsID{g.p(1).Hand.Cards[0].ID}}}
	if err := checkHidden(g, v); err == nil {
		t.Error("a view showing the receiver the cards of an offer passed")
	}
	if err := eventHidden(0, Event{Kind: EventDraw, Seat: 1, Goods: g.p(1).Hand.Cards}); err == nil {
		t.Error("a draw's cards shown to a spectator passed")
	}
	if err := eventHidden(3, Event{Kind: EventTrade, Seat: 1, Other: 2, Goods: g.p(1).Hand.Cards}); err == nil {
		t.Error("a trade's cards shown to a third seat passed")
	}
	if err := checkHidden(g, g.View(2, false).(*View)); err != nil {
		t.Errorf("the game's own view failed: %v", err)
	}
}
