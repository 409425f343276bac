package cards

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"empires/shared/rules/risk/board"
)

// Symbol is the picture on a classic Risk territory card. The zero Symbol
// is the wild card's, which shows all three.
type Symbol uint8

// The symbols.
const (
	Wild Symbol = iota
	Infantry
	Cavalry
	Artillery
)

// String names the symbol: "cavalry".
func (s Symbol) String() string {
	switch s {
	case Infantry:
		return "infantry"
	case Cavalry:
		return "cavalry"
	case Artillery:
		return "artillery"
	}
	return "wild"
}

// TerritoryCard is one classic Risk territory card: a territory and its
// symbol, or a wild card (Territory 0, Symbol Wild).
type TerritoryCard struct {
	Territory board.TerritoryID
	Symbol    Symbol
}

// TerritoryDeck is the territory cards not held: Draw face down, top
// first, and Spent, the sets turned in.
type TerritoryDeck struct {
	Draw  []TerritoryCard
	Spent []TerritoryCard
}

// NewTerritoryDeck shuffles with rng the classic deck for a board's
// territories ts: a card per territory and the wild cards (territory.wilds,
// 2: CHOICE, as in the classic game). CHOICE: the classic deck shows 14
// each of infantry, cavalry and artillery; the territories, taken in the
// order of ts, show them in turn (infantry, cavalry, artillery, infantry,
// ...), which gives the classic 14 of each on its 42 territories and an
// even spread on any other board.
func (r *Rules) NewTerritoryDeck(ts []board.TerritoryID, rng *rand.Rand) *TerritoryDeck {
	d := new(TerritoryDeck)
	for i, t := range ts {
		d.Draw = append(d.Draw, TerritoryCard{Territory: t, Symbol: Symbol(1 + i%3)})
	}
	for range r.Territory.Wilds {
		d.Draw = append(d.Draw, TerritoryCard{Symbol: Wild})
	}
	rng.Shuffle(len(d.Draw), func(a, b int) { d.Draw[a], d.Draw[b] = d.Draw[b], d.Draw[a] })
	return d
}

// Earn draws the card a player earns at the end of a turn in which it
// conquered a territory: the classic rule, "a territory card for a turn
// with a conquest" (one card a turn, however many conquests). CHOICE, as
// in the classic game: when the deck runs out the spent sets are shuffled
// with rng into a new one. False if no card is left anywhere.
func (d *TerritoryDeck) Earn(rng *rand.Rand) (TerritoryCard, bool) {
	if len(d.Draw) == 0 {
		d.Draw, d.Spent = d.Spent, nil
		rng.Shuffle(len(d.Draw), func(a, b int) { d.Draw[a], d.Draw[b] = d.Draw[b], d.Draw[a] })
	}
	if len(d.Draw) == 0 {
		return TerritoryCard{}, false
	}
	c := d.Draw[0]
	d.Draw = d.Draw[1:]
	return c, true
}

// IsSet reports whether three cards make a set the classic rules take:
// "3 cards of the same design (Infantry, Cavalry, or Artillery), 1 each of
// 3 designs, or any 2 plus a wild card".
func IsSet(a, b, c TerritoryCard) bool {
	var n [4]int
	for _, x := range []TerritoryCard{a, b, c} {
		n[x.Symbol]++
	}
	if n[Wild] > 0 {
		return true // any 2 plus a wild (two wilds and any one too)
	}
	return n[Infantry] == 3 || n[Cavalry] == 3 || n[Artillery] == 3 ||
		(n[Infantry] == 1 && n[Cavalry] == 1 && n[Artillery] == 1)
}

// FindSet returns the indexes in hand of a set to turn in, the first in
// hand order that uses no wild if there is one, and false if the hand holds
// none. It is the default of a player who must turn a set in.
func FindSet(hand []TerritoryCard) ([3]int, bool) {
	var found [3]int
	ok := false
	for i := 0; i < len(hand) && !ok; i++ {
		for j := i + 1; j < len(hand) && !ok; j++ {
			for k := j + 1; k < len(hand); k++ {
				a, b, c := hand[i], hand[j], hand[k]
				if !IsSet(a, b, c) || a.Symbol == Wild || b.Symbol == Wild || c.Symbol == Wild {
					continue
				}
				found, ok = [3]int{i, j, k}, true
				break
			}
		}
	}
	if ok {
		return found, true
	}
	for i := 0; i < len(hand); i++ {
		for j := i + 1; j < len(hand); j++ {
			for k := j + 1; k < len(hand); k++ {
				if IsSet(hand[i], hand[j], hand[k]) {
					return [3]int{i, j, k}, true
				}
			}
		}
	}
	return [3]int{}, false
}

// SetArmies returns the armies a set turned in gives: "instead of getting
// an increasing large number of bonus armies when turning in a set of
// territory cards, players always receive 3 armies at a time"
// (territory.set_armies), plus Bonus Army I's "one extra army per
// territory card set turned in" for a player who holds it.
func (r *Rules) SetArmies(held []EmpireCard) int {
	n := r.Territory.SetArmies
	if r.Has(held, BonusArmyI) {
		amount, _ := r.Effect(BonusArmyI)
		n += amount
	}
	return n
}

// MustTrade reports whether a player holding n territory cards at the
// start of its turn must turn in a set. CHOICE, the classic rule: "If you
// have 5 or 6 cards at the beginning of your turn, you must trade in at
// least one set" (territory.must_trade).
func (r *Rules) MustTrade(n int) bool { return n >= r.Territory.MustTrade }

// MustTradeAfterElimination reports whether a player holding n territory
// cards, having taken those of a player it eliminated, must turn in sets
// at once. CHOICE, the classic rule: "If winning them gives you 6 or more
// cards, you must immediately trade in enough sets to reduce your hand to
// 4 or fewer cards" (territory.elimination_trade and elimination_keep).
func (r *Rules) MustTradeAfterElimination(n int) bool {
	return n >= r.Territory.EliminationTrade && n > r.Territory.EliminationKeep
}

// EliminationKeep is the most territory cards a player may keep after the
// trades MustTradeAfterElimination forces (4).
func (r *Rules) EliminationKeep() int { return r.Territory.EliminationKeep }

// TurnIn checks that the cards at indexes idx of hand make a set (IsSet),
// and moves them to the deck's spent cards. It returns the hand left and
// the set. A bad index, an index twice or three cards that make no set are
// refused and nothing moves.
func (d *TerritoryDeck) TurnIn(hand []TerritoryCard, idx [3]int) ([]TerritoryCard, [3]TerritoryCard, error) {
	var set [3]TerritoryCard
	for i, x := range idx {
		if x < 0 || x >= len(hand) {
			return hand, set, fmt.Errorf("card %d: the hand holds %d cards", x, len(hand))
		}
		if slices.Contains(idx[:i], x) {
			return hand, set, fmt.Errorf("card %d is named twice", x)
		}
		set[i] = hand[x]
	}
	if !IsSet(set[0], set[1], set[2]) {
		return hand, set, fmt.Errorf("%s, %s and %s are not a set: three of a kind, one of each, or two and a wild", set[0].Symbol, set[1].Symbol, set[2].Symbol)
	}
	left := make([]TerritoryCard, 0, len(hand)-3)
	for i, c := range hand {
		if !slices.Contains(idx[:], i) {
			left = append(left, c)
		}
	}
	d.Spent = append(d.Spent, set[:]...)
	return left, set, nil
}

// OccupiedBonus returns the territory that takes the extra armies for a
// set turned in, and how many, or 0 and 0. CHOICE, the classic rule kept
// (the document changes only the set's own armies): "If any of the 3 cards
// you trade in shows a territory you occupy, you receive 2 extra armies.
// You must place both those armies onto that particular territory. On a
// single turn, you may receive no more than 2 extra armies above and beyond
// those you receive for the matched sets" (territory.occupied_bonus). The
// first card of set whose territory occupies reports held is the one;
// already says whether the player had this bonus earlier in the turn.
func (r *Rules) OccupiedBonus(set [3]TerritoryCard, occupies func(board.TerritoryID) bool, already bool) (board.TerritoryID, int) {
	if already || r.Territory.OccupiedBonus == 0 {
		return 0, 0
	}
	for _, c := range set {
		if c.Territory != 0 && occupies(c.Territory) {
			return c.Territory, r.Territory.OccupiedBonus
		}
	}
	return 0, 0
}
