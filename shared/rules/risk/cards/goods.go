package cards

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
)

// GoodsID names one Goods card of a game: 1 to the number of Goods cards
// (58), given in the order the piles are built, before any shuffle. 0 is
// none.
type GoodsID uint8

// Disaster is the kind of a Disaster card (Table 2): the suit of the Queen
// or King says which. The zero Disaster is none: a card of a value.
type Disaster uint8

// The four Disasters, in Table 2's order.
const (
	NoDisaster Disaster = iota
	Quakes              // Diamonds
	Floods              // Hearts
	Plague              // Spades
	Riots               // Clubs
)

// String names the Disaster as Table 2 does: "'Quakes".
func (d Disaster) String() string {
	switch d {
	case Quakes:
		return "'Quakes"
	case Floods:
		return "Floods"
	case Plague:
		return "Plague"
	case Riots:
		return "Riots"
	}
	return "no disaster"
}

// DisasterOf returns the Disaster of a royalty card of suit s: Table 2,
// "Diamonds: 'Quakes; Hearts: Floods; Spades: Plagues; Clubs: Riots".
func DisasterOf(s Suit) Disaster {
	switch s {
	case Diamonds:
		return Quakes
	case Hearts:
		return Floods
	case Spades:
		return Plague
	case Clubs:
		return Riots
	}
	return NoDisaster
}

// GoodsCard is one Goods card: a card of a value ("Goods (numbered
// cards)") or a Disaster ("Disasters (royalty cards)"). Cards move by
// value between piles, hands and the Disasters face down before a player;
// ID tells them apart.
type GoodsCard struct {
	ID GoodsID
	// Value is the card's face value, 1 (Ace) to 9; 0 for a Disaster.
	Value int
	// Suit and Rank (Queen or King) are a Disaster's; NoSuit and 0 for a
	// card of a value, whose suit "is not important".
	Suit Suit
	Rank int
	// Pile is the card's starting pile, 1 to 5: "Once Disaster cards have
	// been resolved, they are returned (face down) to the bottom of their
	// starting piles".
	Pile int
	// Traded is set when a Disaster card changes hands in a trade:
	// "Players are only allowed to trade such cards once."
	Traded bool
}

// Disaster returns the card's Disaster, NoDisaster for a card of a value.
func (c GoodsCard) Disaster() Disaster {
	if c.Value != 0 {
		return NoDisaster
	}
	return DisasterOf(c.Suit)
}

// King reports whether the card is a King Disaster: "add one to the die
// roll if the King card has been played" (Table 2: "King card adds +1 to
// any die roll to determine the number of armies lost").
func (c GoodsCard) King() bool { return c.Value == 0 && c.Rank == King }

// String names the card for its holder: "7", "Queen of Hearts (Floods)".
func (c GoodsCard) String() string {
	if c.Value != 0 {
		return strconv.Itoa(c.Value)
	}
	return fmt.Sprintf("%s (%s)", longName(c.Suit, c.Rank), c.Disaster())
}

// Supply is the Goods piles, first to last: Piles[0] is the first pile,
// each pile top card first. The piles are face down: others see their
// sizes only (Sizes).
type Supply struct {
	Piles [][]GoodsCard
}

// NewSupply builds the Goods piles as "Set Up" says, shuffling with rng:
// "Put all the value One (Ace) cards face down in a pile, with the Queen of
// Hearts at the bottom; Shuffle the Twos and Threes, as well the King of
// Hearts and Queen of Diamonds, and place them face down in second pile;
// ... Shuffle the Eights and Nines and place them face down in fifth pile,
// with the King of Clubs at the bottom." (The piles' contents are the data
// file's goods.pile.)
func (r *Rules) NewSupply(rng *rand.Rand) *Supply {
	s := &Supply{Piles: make([][]GoodsCard, len(r.Goods.Piles))}
	id := GoodsID(0)
	card := func(c GoodsCard) GoodsCard {
		id++
		c.ID = id
		return c
	}
	disaster := func(name string, pile int) GoodsCard {
		suit, rank, _ := parseCard(name) // checked by Validate
		return card(GoodsCard{Suit: suit, Rank: rank, Pile: pile})
	}
	for i, spec := range r.Goods.Piles {
		pile := i + 1
		var cs []GoodsCard
		for _, v := range spec.Values {
			for range r.Goods.Count[v-1] {
				cs = append(cs, card(GoodsCard{Value: v, Pile: pile}))
			}
		}
		for _, d := range spec.Shuffled {
			cs = append(cs, disaster(d, pile))
		}
		rng.Shuffle(len(cs), func(a, b int) { cs[a], cs[b] = cs[b], cs[a] })
		if spec.Bottom != "" {
			cs = append(cs, disaster(spec.Bottom, pile))
		}
		s.Piles[i] = cs
	}
	return s
}

// Sizes returns how many cards each pile holds: all that others see of
// the piles.
func (s *Supply) Sizes() []int {
	out := make([]int, len(s.Piles))
	for i, p := range s.Piles {
		out[i] = len(p)
	}
	return out
}

// Draw takes the Goods cards a player with cities cities draws in step
// 5b, top cards, in pile order: "Each player ... must then draw one card
// each from as many Goods Cards piles as he has cities. ... If there are no
// cards in a pile, he forfeits the card due from that pile." A player
// cannot have more cities than there are piles (5); Draw refuses that, and
// a negative count, and then takes nothing.
func (s *Supply) Draw(cities int) ([]GoodsCard, error) {
	if cities < 0 || cities > len(s.Piles) {
		return nil, fmt.Errorf("draw for %d cities: a player draws from at most the %d piles", cities, len(s.Piles))
	}
	var out []GoodsCard
	for i := range cities {
		if len(s.Piles[i]) == 0 {
			continue // forfeited
		}
		out = append(out, s.Piles[i][0])
		s.Piles[i] = s.Piles[i][1:]
	}
	return out, nil
}

// Return puts cards back, each face down at the bottom of its starting
// pile, in the order given: "Once Disaster cards have been resolved, they
// are returned (face down) to the bottom of their starting piles" and
// "Goods Cards, once used for a purchase, are returned (face down) to the
// bottom of their starting piles". A Disaster back in a pile may be traded
// again once drawn anew (CHOICE): Return clears Traded. A card of no pile
// of the supply, or one already in it, is refused and nothing is moved.
func (s *Supply) Return(cs ...GoodsCard) error {
	in := map[GoodsID]bool{}
	for _, p := range s.Piles {
		for _, c := range p {
			in[c.ID] = true
		}
	}
	for _, c := range cs {
		if c.Pile < 1 || c.Pile > len(s.Piles) {
			return fmt.Errorf("return %s (card %d): it has no starting pile %d", c, c.ID, c.Pile)
		}
		if c.ID == 0 || in[c.ID] {
			return fmt.Errorf("return %s (card %d): it is in the piles already", c, c.ID)
		}
		in[c.ID] = true
	}
	for _, c := range cs {
		c.Traded = false
		s.Piles[c.Pile-1] = append(s.Piles[c.Pile-1], c)
	}
	return nil
}

// SetValue is Table 1, "Points Value of Goods Cards Sets": a set of n cards
// of value v is worth "the face value of the card" for one card, "doubling
// the base value ... for each additional card in the set": v x 2^(n-1). No
// cards, or Disasters (v 0: "such cards count zero towards the total
// value"), are worth 0.
func SetValue(v, n int) int {
	if v <= 0 || n <= 0 {
		return 0
	}
	if n > 40 {
		n = 40 // far beyond any pile; keeps the shift in range
	}
	return v << (n - 1)
}

// Points returns the points value of cards: each value's cards make one
// set, worth SetValue; Disasters count zero. "A "set of Goods Cards" is two
// or more cards of the same value (ignore suit)."
func Points(cs []GoodsCard) int {
	var n [10]int
	for _, c := range cs {
		if c.Value >= 1 && c.Value <= 9 {
			n[c.Value]++
		}
	}
	total := 0
	for v := 1; v <= 9; v++ {
		total += SetValue(v, n[v])
	}
	return total
}

// Hand is a player's Goods cards, in the order received. Only its holder
// sees them: "Goods Cards cannot be revealed to other players." Others see
// Seen(false): a count.
type Hand struct {
	Cards []GoodsCard
}

// HandView is what a player sees of a hand or of a pile of Disasters face
// down: the cards if they are its own, else their count only.
type HandView struct {
	Count int
	Cards []GoodsCard // nil unless the viewer holds them
}

// Seen returns the hand as its holder (own) or anyone else sees it: "Goods
// Cards cannot be revealed to other players."
func (h *Hand) Seen(own bool) HandView {
	v := HandView{Count: len(h.Cards)}
	if own {
		v.Cards = slices.Clone(h.Cards)
	}
	return v
}

// Add puts cards into the hand.
func (h *Hand) Add(cs ...GoodsCard) { h.Cards = append(h.Cards, cs...) }

// Card returns the hand's card id, and whether the hand holds it.
func (h *Hand) Card(id GoodsID) (GoodsCard, bool) {
	for _, c := range h.Cards {
		if c.ID == id {
			return c, true
		}
	}
	return GoodsCard{}, false
}

// pick returns the hand's cards ids, in the order given, or an error
// naming a card the hand does not hold or one named twice.
func (h *Hand) pick(ids []GoodsID) ([]GoodsCard, error) {
	out := make([]GoodsCard, 0, len(ids))
	seen := map[GoodsID]bool{}
	for _, id := range ids {
		if seen[id] {
			return nil, fmt.Errorf("card %d is named twice", id)
		}
		seen[id] = true
		c, ok := h.Card(id)
		if !ok {
			return nil, fmt.Errorf("card %d is not in the hand", id)
		}
		out = append(out, c)
	}
	return out, nil
}

// Remove takes the cards ids out of the hand and returns them, in the
// order given. If the hand lacks one, or one is named twice, it takes
// none and says which.
func (h *Hand) Remove(ids ...GoodsID) ([]GoodsCard, error) {
	out, err := h.pick(ids)
	if err != nil {
		return nil, err
	}
	h.Cards = slices.DeleteFunc(h.Cards, func(c GoodsCard) bool { return slices.Contains(ids, c.ID) })
	return out, nil
}

// TakeRandom removes one card picked at random with rng and returns it;
// false if the hand is empty. It is "Combat & Goods Cards": "If a territory
// which contained a city is occupied by an attacker, that attacker may take
// one Goods Card (picked at random) from the defender (if that player holds
// any)", and Riots' "Also lose 1 Goods Card per city affected" (CHOICE:
// the card lost is picked at random too, and goes back to the bottom of its
// starting pile).
func (h *Hand) TakeRandom(rng *rand.Rand) (GoodsCard, bool) {
	if len(h.Cards) == 0 {
		return GoodsCard{}, false
	}
	i := rng.IntN(len(h.Cards))
	c := h.Cards[i]
	h.Cards = slices.Delete(h.Cards, i, i+1)
	return c, true
}

// Points returns the points value of the hand's cards (Table 1).
func (h *Hand) Points() int { return Points(h.Cards) }

// DisasterPile is the Disaster cards a player received in trades, face
// down before it, Cards[0] the first received: "If a player receives a
// card as part of a deal, he must immediately remove it from his hand, and
// place it face down before him. Any additional Disaster cards received are
// placed face down on top of the previous one(s)." Turned over, the pile
// shows them in the order received. Others see a count (Seen).
type DisasterPile struct {
	Cards []GoodsCard
}

// Seen returns the pile as the player before whom it lies (own) or anyone
// else sees it: face down, a count.
func (p *DisasterPile) Seen(own bool) HandView {
	v := HandView{Count: len(p.Cards)}
	if own {
		v.Cards = slices.Clone(p.Cards)
	}
	return v
}

// Resolve empties the pile and splits it into the Disasters the player
// resolves in step 7, in the order received, and the others: "A player can
// only be affected by a maximum of 2 Disasters per turn, and by only one of
// each type. Disasters are resolved in the order they were received: ie.
// the order they appear when the face down pile in front of the player is
// turned over." So the first card received of each kind is resolved while
// fewer than 2 (the data file's disasters_per_turn) have been. A Queen and
// the King of one suit are one kind (Table 2). CHOICE: the others are not
// resolved and go back, as resolved ones do, to the bottom of their
// starting piles; both lists are for Supply.Return once the Disasters are
// resolved.
func (r *Rules) Resolve(p *DisasterPile) (resolve, unresolved []GoodsCard) {
	var seen [5]bool
	for _, c := range p.Cards {
		d := c.Disaster()
		if d != NoDisaster && !seen[d] && len(resolve) < r.Goods.DisastersPerTurn {
			seen[d] = true
			resolve = append(resolve, c)
			continue
		}
		unresolved = append(unresolved, c)
	}
	p.Cards = nil
	return resolve, unresolved
}

// Keep returns the cards of hand a player keeps when it keeps only the
// cards keep at the end of step 8, and those it discards: "Players are
// allowed to retain a maximum of 5 Goods Cards at the end of this step", "A
// player does not have to trade a Disaster card and may discard it along
// with any other excess Goods Cards". The player chooses which; more than
// 5 (the data file's goods.keep), or a card not held, is refused. CHOICE:
// discarded cards go back to the bottom of their starting piles, like
// cards spent (Supply.Return).
func (r *Rules) Keep(h *Hand, keep []GoodsID) (discard []GoodsCard, err error) {
	if len(keep) > r.Goods.Keep {
		return nil, fmt.Errorf("keep %d Goods cards: a player keeps %d at most", len(keep), r.Goods.Keep)
	}
	kept, err := h.pick(keep)
	if err != nil {
		return nil, fmt.Errorf("keep: %w", err)
	}
	for _, c := range h.Cards {
		if !slices.Contains(keep, c.ID) {
			discard = append(discard, c)
		}
	}
	h.Cards = kept
	return discard, nil
}

// DefaultKeep returns the cards a player keeps at the end of step 8 if it
// chooses none (the step's default answer): all of them if it holds no
// more than 5; else the 5 (goods.keep) worth the most points together
// (Table 1), the higher values first where two choices are worth the same,
// Disasters last. The IDs are in the hand's order.
func (r *Rules) DefaultKeep(h *Hand) []GoodsID {
	limit := r.Goods.Keep
	if len(h.Cards) <= limit {
		ids := make([]GoodsID, len(h.Cards))
		for i, c := range h.Cards {
			ids[i] = c.ID
		}
		return ids
	}
	var have [10]int
	for _, c := range h.Cards {
		have[c.Value]++ // Disasters at 0
	}
	// best[v][k]: the most points the values v..9 give with k cards kept;
	// take[v][k]: how many of value v that best keeps.
	var best, take [11][]int
	for v := range best {
		best[v] = make([]int, limit+1)
		take[v] = make([]int, limit+1)
	}
	for v := 9; v >= 1; v-- {
		for k := 0; k <= limit; k++ {
			best[v][k], take[v][k] = -1, 0
			for n := 0; n <= min(k, have[v]); n++ {
				if p := SetValue(v, n) + best[v+1][k-n]; p > best[v][k] {
					best[v][k], take[v][k] = p, n
				}
			}
		}
	}
	var want [10]int
	k := limit
	for v := 1; v <= 9; v++ {
		want[v] = take[v][k]
		k -= want[v]
	}
	want[0] = k // the places left, filled with Disasters
	var ids []GoodsID
	for _, c := range h.Cards {
		if want[c.Value] > 0 {
			want[c.Value]--
			ids = append(ids, c.ID)
		}
	}
	return ids
}
