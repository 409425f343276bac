package cards

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"empires/shared/ruleset"
	"empires/shared/words"
)

// Statement is what a player says of the cards it gives in a trade: "he
// must truthfully state the number of cards being offered, and at least
// one other fact about them, from either: the total points value ..., the
// 'number' on one or more of the cards."
type Statement struct {
	// Count is the number of cards given: always stated, and true.
	Count int
	// Points is their total points value (Table 1), if PointsStated.
	PointsStated bool
	Points       int
	// Numbers are numbers (values 1 to 9) on cards given, one card each:
	// {7, 7} says two of the cards are 7s.
	Numbers []int
}

// String writes the statement as a player would say it: "3 cards, worth
// 14 points, with a 7 and a 7".
func (s Statement) String() string {
	var b strings.Builder
	b.WriteString(words.Plural(s.Count, "card"))
	if s.PointsStated {
		fmt.Fprintf(&b, ", worth %s", words.Plural(s.Points, "point"))
	}
	for i, n := range s.Numbers {
		if i == 0 {
			b.WriteString(", with a ")
		} else {
			b.WriteString(" and a ")
		}
		fmt.Fprintf(&b, "%d", n)
	}
	return b.String()
}

// Part is one side of a trade: the cards a player gives, from its hand,
// and what it states of them.
type Part struct {
	Cards     []GoodsID
	Statement Statement
}

// Offer is a trade proposed in step 6: From gives Give to To "in exchange
// for a set of 3 or more cards from any one other player". To accepts with
// a Part of its own (Trade), stated as truthfully.
type Offer struct {
	From, To ruleset.Seat
	Give     Part
}

// CanTrade reports whether a player holding held Goods cards at the start
// of step 6 takes part in it: "Only players holding three or more Goods
// Cards at the start of this step can participate." (goods.trade_held.)
func (r *Rules) CanTrade(held int) bool { return held >= r.Goods.TradeHeld }

// Check returns nil if a player holding h may give part p in a trade, or
// an error listing every problem: a card not held or named twice, fewer
// than 3 cards ("a player offering 3 or more cards"), a Disaster traded
// once already ("Players are only allowed to trade such cards once"), no
// fact stated beyond the count, and each lie ("Any "lie" about the offer
// causes it to be invalidated"): a wrong count, a wrong points value, a
// number no card given shows. The server checks the statement against the
// cards; a void offer changes nothing.
func (r *Rules) Check(h *Hand, p Part) error {
	var errs []error
	cs, err := h.pick(p.Cards)
	if err != nil {
		return err
	}
	if len(cs) < r.Goods.TradeCards {
		errs = append(errs, fmt.Errorf("%d cards given: a trade is %d or more cards for %d or more", len(cs), r.Goods.TradeCards, r.Goods.TradeCards))
	}
	for _, c := range cs {
		if c.Traded {
			errs = append(errs, fmt.Errorf("the %s was traded once already: a Disaster is traded once only", c))
		}
	}
	s := p.Statement
	if s.Count != len(cs) {
		errs = append(errs, fmt.Errorf("the statement is false: it says %d cards, %d are given", s.Count, len(cs)))
	}
	if !s.PointsStated && len(s.Numbers) == 0 {
		errs = append(errs, errors.New("the statement says nothing but the count: it must state the points value or the number on one or more cards"))
	}
	if s.PointsStated {
		if have := Points(cs); have != s.Points {
			errs = append(errs, fmt.Errorf("the statement is false: it says %d points, the cards are worth %d", s.Points, have))
		}
	}
	left := make([]int, 0, len(cs))
	for _, c := range cs {
		if c.Value != 0 {
			left = append(left, c.Value)
		}
	}
	for _, n := range s.Numbers {
		i := slices.Index(left, n)
		if i < 0 {
			errs = append(errs, fmt.Errorf("the statement is false: it says a %d, and no other card given is one", n))
			continue
		}
		left = slices.Delete(left, i, i+1)
	}
	return errors.Join(errs...)
}

// Trade makes a trade in step 6 once To accepts: a gives give from its
// hand ha, b gives get from hb, after both parts pass Check ("Each trade
// consisting of a player offering 3 or more cards in exchange for a set of
// 3 or more cards from any one other player"). The cards change hands; a
// Disaster received is marked Traded and goes face down before its
// receiver (da or db) instead of into the hand: "If a player receives a
// card as part of a deal, he must immediately remove it from his hand, and
// place it face down before him." If a part fails Check, the error says
// whose and why, and nothing moves; so too if the two hands (or piles) are
// one.
func (r *Rules) Trade(ha, hb *Hand, da, db *DisasterPile, give, get Part) error {
	if ha == hb || da == db {
		return errors.New("a trade is between two players: the hands or the Disaster piles are one")
	}
	if err := r.Check(ha, give); err != nil {
		return fmt.Errorf("the offer is void: %w", err)
	}
	if err := r.Check(hb, get); err != nil {
		return fmt.Errorf("the answer is void: %w", err)
	}
	toB, _ := ha.Remove(give.Cards...)
	toA, _ := hb.Remove(get.Cards...)
	receive(hb, db, toB)
	receive(ha, da, toA)
	return nil
}

// receive puts cards received in a trade into hand h, Disasters face down
// on pile d.
func receive(h *Hand, d *DisasterPile, cs []GoodsCard) {
	for _, c := range cs {
		if c.Disaster() != NoDisaster {
			c.Traded = true
			d.Cards = append(d.Cards, c)
			continue
		}
		h.Cards = append(h.Cards, c)
	}
}

// TrueStatement returns a true statement of cards, the ids of h: the count
// and, as its fact, the points value. It is what a player who says no more
// than it must may state, and the AI's default.
func TrueStatement(h *Hand, ids []GoodsID) (Statement, error) {
	cs, err := h.pick(ids)
	if err != nil {
		return Statement{}, err
	}
	return Statement{Count: len(cs), PointsStated: true, Points: Points(cs)}, nil
}
