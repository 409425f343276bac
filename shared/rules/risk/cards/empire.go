package cards

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// EmpireCard is one Empire card: a suit and a rank, 1 (Ace) to 13 (King).
// Empire cards are public; two of a kind (the Spades and Diamonds from Ace
// to Six come twice) are alike.
type EmpireCard struct {
	Suit Suit
	Rank int
}

// String names the card: "Queen of Hearts".
func (c EmpireCard) String() string { return longName(c.Suit, c.Rank) }

// compareEmpire orders cards by suit, then rank.
func compareEmpire(a, b EmpireCard) int {
	if c := cmp.Compare(a.Suit, b.Suit); c != 0 {
		return c
	}
	return cmp.Compare(a.Rank, b.Rank)
}

// FaceValue returns the face value of rank: the number for Ace (One) to
// Ten; CHOICE: 11, 12 and 13 for the Jack, Queen and King (the data file's
// empire.royalty), since the document names "Royalty rank[s]" but gives
// them no number.
func (r *Rules) FaceValue(rank int) int {
	if rank >= Jack && rank <= King {
		return r.Empire.Royalty[rank-Jack]
	}
	return rank
}

// Cost returns what card c costs: "The cost of purchasing an Empire Card
// is ten times the card's face value." (empire.cost.)
func (r *Rules) Cost(c EmpireCard) int { return r.Empire.Cost * r.FaceValue(c.Rank) }

// EmpireSupply is the Empire cards not yet bought: a pile per suit, face
// up, lowest first (Piles[0] is Clubs', in the order of Suits). All see them.
type EmpireSupply struct {
	Piles [4][]EmpireCard
}

// NewEmpireSupply lays out the Empire cards: "Sort out the Empire Cards in
// piles by suit, in ascending order (Ace is One and low). These should be
// placed face up where they are easily visible." Their ranks are the data
// file's: "One each of Clubs and Hearts from Ace (One) to King; Two each of
// Spades and Diamonds from Ace (One) to Six; One each of Spades and
// Diamonds from Seven to Ten."
func (r *Rules) NewEmpireSupply() *EmpireSupply {
	s := new(EmpireSupply)
	for i, suit := range Suits() {
		for _, rank := range r.Empire.pile(suit) {
			s.Piles[i] = append(s.Piles[i], EmpireCard{Suit: suit, Rank: rank})
		}
	}
	return s
}

// Next returns the card a player may buy from suit's pile, and false if
// the pile is empty. CHOICE: the card on show, the lowest left, since the
// piles are sorted "in ascending order": a player buys a suit's cards in
// that order, and the next of a pile is the same card for everyone.
func (s *EmpireSupply) Next(suit Suit) (EmpireCard, bool) {
	if suit < Clubs || suit > Spades || len(s.Piles[suit-1]) == 0 {
		return EmpireCard{}, false
	}
	return s.Piles[suit-1][0], true
}

// KingsLeft returns how many King Empire cards are still to buy.
func (s *EmpireSupply) KingsLeft() int {
	n := 0
	for _, p := range s.Piles {
		for _, c := range p {
			if c.Rank == King {
				n++
			}
		}
	}
	return n
}

// Ended reports whether the game is over by its Empire cards: "The game
// ends when either: ... the last 'King' Empire Card is bought." It holds
// once a King was laid out and none is left; a mod without Kings never ends
// this way.
func (r *Rules) Ended(s *EmpireSupply) bool {
	kings := 0
	for _, suit := range Suits() {
		for _, rank := range r.Empire.pile(suit) {
			if rank == King {
				kings++
			}
		}
	}
	return kings > 0 && s.KingsLeft() == 0
}

// Empire is the Empire cards one player holds: open to all ("Empire Cards
// held by a player are open to inspection by other players"), never traded
// ("Once Empire Cards have been purchased they cannot be traded,
// discarded, or exchanged"). Held were held before this turn, sorted; New
// were bought this turn, in order. EndTurn joins them.
type Empire struct {
	Held []EmpireCard
	New  []EmpireCard
}

// Cards returns every card held, sorted by suit and rank.
func (e *Empire) Cards() []EmpireCard {
	out := append(slices.Clone(e.Held), e.New...)
	slices.SortFunc(out, compareEmpire)
	return out
}

// EndTurn makes the cards bought this turn cards held before the next.
func (e *Empire) EndTurn() {
	e.Held = e.Cards()
	e.New = nil
}

// ofRank returns the card e holds of rank (a face value), if any.
func (e *Empire) ofRank(rank int) (EmpireCard, bool) {
	for _, c := range e.Cards() {
		if c.Rank == rank {
			return c, true
		}
	}
	return EmpireCard{}, false
}

// Credit returns the credit e's cards give towards a card of suit: "Credits
// can be obtained from Empire Cards (ie. held in the hand before the start
// of the current turn) whereby all cards of a suit count double their face
// value as credit value towards the purchase of subsequent cards of the
// same suit." (empire.credit.) CHOICE: as in Civilization, the credit is
// taken off the cost of each card of the suit bought, is not spent, and
// cards bought this turn give none until the next.
func (r *Rules) Credit(e *Empire, suit Suit) int {
	n := 0
	for _, c := range e.Held {
		if c.Suit == suit {
			n += r.Empire.Credit * r.FaceValue(c.Rank)
		}
	}
	return n
}

// Purchase is a player's purchase in step 8: cards from the piles of
// Suits, in order (a suit twice buys its next two cards), paid with the
// Goods cards Goods from its hand and its credits. "Players may purchase
// as many Empire Cards - of any type - as they have points for - at a time
// as they wish": CHOICE: a player may make several purchases in the step;
// the Goods cards of one purchase are worth their points together (sets
// across them count, Table 1), so buying several cards at once can pay
// what buying them one by one would not.
type Purchase struct {
	Suits []Suit
	Goods []GoodsID
}

// Price returns what the purchase p costs a player whose Empire is e, in
// Goods points, and the cards it buys, or an error saying what is wrong:
// an empty pile, a face value held already or bought twice ("Players are
// only allowed to hold one Empire Card of each face value (or Royalty
// rank)"), a Goods card not held or named twice, or too few points ("as
// many Empire Cards ... as they have points for"). Each card costs its
// Cost less its suit's Credit, not below 0; the Goods cards are worth their
// points together (Table 1). CHOICE: no change is given; points left over
// are lost with the cards.
func (r *Rules) Price(s *EmpireSupply, e *Empire, h *Hand, p Purchase) (price int, buy []EmpireCard, err error) {
	if len(p.Suits) == 0 {
		return 0, nil, errors.New("a purchase buys at least one card")
	}
	taken := [4]int{}
	var errs []error
	ranks := map[int]bool{}
	for _, suit := range p.Suits {
		if suit < Clubs || suit > Spades {
			return 0, nil, fmt.Errorf("suit %d is not a suit", suit)
		}
		pile := s.Piles[suit-1]
		if taken[suit-1] >= len(pile) {
			errs = append(errs, fmt.Errorf("the %s pile has no card left to buy", suit))
			continue
		}
		c := pile[taken[suit-1]]
		taken[suit-1]++
		if held, ok := e.ofRank(c.Rank); ok {
			errs = append(errs, fmt.Errorf("the %s: a player holds one card of each face value, and it holds the %s", c, held))
		} else if ranks[c.Rank] {
			errs = append(errs, fmt.Errorf("the %s: a player holds one card of each face value, and the purchase buys two of that value", c))
		}
		ranks[c.Rank] = true
		buy = append(buy, c)
		price += max(0, r.Cost(c)-r.Credit(e, suit))
	}
	goods, err := h.pick(p.Goods)
	if err != nil {
		errs = append(errs, fmt.Errorf("goods: %w", err))
	} else if have := Points(goods); have < price {
		errs = append(errs, fmt.Errorf("the cards cost %d points after credits, the Goods cards given are worth %d", price, have))
	}
	if err := errors.Join(errs...); err != nil {
		return 0, nil, err
	}
	return price, buy, nil
}

// Buy makes the purchase p (see Price): the cards bought leave their piles
// and join e.New, the Goods cards paid leave the hand and go back "(face
// down) to the bottom of their starting piles" of goods. If the purchase is
// refused nothing moves.
func (r *Rules) Buy(s *EmpireSupply, goods *Supply, e *Empire, h *Hand, p Purchase) ([]EmpireCard, error) {
	_, buy, err := r.Price(s, e, h, p)
	if err != nil {
		return nil, err
	}
	paid, err := h.pick(p.Goods)
	if err != nil {
		return nil, err // unreachable: Price checked them
	}
	if err := goods.Return(paid...); err != nil {
		return nil, fmt.Errorf("pay: %w", err)
	}
	h.Remove(p.Goods...)
	for _, c := range buy {
		s.Piles[c.Suit-1] = s.Piles[c.Suit-1][1:]
	}
	e.New = append(e.New, buy...)
	return buy, nil
}

// Score returns a player's final score when the last King is bought: "the
// person with the highest combined value of Empire Cards" wins; the value
// is the sum of the cards' face values (FaceValue).
func (r *Rules) Score(e *Empire) int {
	n := 0
	for _, c := range e.Cards() {
		n += r.FaceValue(c.Rank)
	}
	return n
}

// Winners returns the indexes of empires whose players win when the game
// ends on the last King: those with the highest Score. CHOICE: players
// tied on the highest score share the win; the document names no
// tie-break.
func (r *Rules) Winners(empires []Empire) []int {
	var out []int
	best := -1
	for i := range empires {
		switch sc := r.Score(&empires[i]); {
		case sc > best:
			best, out = sc, []int{i}
		case sc == best:
			out = append(out, i)
		}
	}
	return out
}
