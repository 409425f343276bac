package duel

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// Builder is the deck a player builds in the lobby (rule 12): how many
// copies of each card of the deck file it holds, from 0 to the deck
// file's copies, and what the rules say of it (Problems). It is plain
// data, used on the UI goroutine only.
type Builder struct {
	rules  *rules.Rules
	opts   ruleset.Options
	deck   rules.Deck
	cards  []rules.Card // every card of the deck file, in hand order
	counts []int        // copies of cards[i] in the deck
	size   int          // the sum of counts
}

// NewBuilder returns an empty deck of r's deck file for a game with opts.
func NewBuilder(r *rules.Rules, opts ruleset.Options) *Builder {
	d := r.Deck()
	cards := d.Cards()
	return &Builder{rules: r, opts: opts, deck: d, cards: cards, counts: make([]int, len(cards))}
}

// Deck returns the deck file the deck is built of.
func (b *Builder) Deck() rules.Deck { return b.deck }

// Pool returns every card of the deck file once, in hand order: the
// cards the deck may hold.
func (b *Builder) Pool() []rules.Card { return b.cards }

// index returns the place of c in the pool, -1 if c is not of the deck
// file.
func (b *Builder) index(c rules.Card) int {
	if !b.deck.Valid(c) {
		return -1
	}
	return int(c.Suit)*(b.deck.High-b.deck.Low+1) + int(c.Rank) - b.deck.Low
}

// Count returns how many copies of c the deck holds.
func (b *Builder) Count(c rules.Card) int {
	if i := b.index(c); i >= 0 {
		return b.counts[i]
	}
	return 0
}

// CanAdd reports whether the deck may take another copy of c: c is of the
// deck file and the deck holds fewer than the deck file's copies of it.
// A deck may hold more cards than the rule's size while it is built; the
// problems say so.
func (b *Builder) CanAdd(c rules.Card) bool {
	i := b.index(c)
	return i >= 0 && b.counts[i] < b.deck.Copies
}

// Add adds a copy of c and reports whether it did (CanAdd).
func (b *Builder) Add(c rules.Card) bool {
	if !b.CanAdd(c) {
		return false
	}
	b.counts[b.index(c)]++
	b.size++
	return true
}

// Remove takes a copy of c out and reports whether there was one.
func (b *Builder) Remove(c rules.Card) bool {
	i := b.index(c)
	if i < 0 || b.counts[i] == 0 {
		return false
	}
	b.counts[i]--
	b.size--
	return true
}

// Clear empties the deck.
func (b *Builder) Clear() {
	clear(b.counts)
	b.size = 0
}

// Set makes the deck hold cards, and reports whether it could: every card
// of the deck file, at most its copies of one. It leaves the deck as it
// was when it cannot.
func (b *Builder) Set(cards []rules.Card) bool {
	counts := make([]int, len(b.cards))
	for _, c := range cards {
		i := b.index(c)
		if i < 0 || counts[i] == b.deck.Copies {
			return false
		}
		counts[i]++
	}
	b.counts, b.size = counts, len(cards)
	return true
}

// Size returns how many cards the deck holds.
func (b *Builder) Size() int { return b.size }

// Want returns how many cards a deck must hold (rule 12).
func (b *Builder) Want() int { return b.deck.PlayerDeck }

// SizeText says the deck's size against the rule's: "17 of 20 cards".
func (b *Builder) SizeText() string { return fmt.Sprintf("%d of %d cards", b.size, b.deck.PlayerDeck) }

// Cards returns the deck's cards, each copy once, in hand order.
func (b *Builder) Cards() []rules.Card {
	out := make([]rules.Card, 0, b.size)
	for i, n := range b.counts {
		for range n {
			out = append(out, b.cards[i])
		}
	}
	return out
}

// Same reports whether the deck holds exactly cards, copies counted.
func (b *Builder) Same(cards []rules.Card) bool {
	if len(cards) != b.size {
		return false
	}
	other := NewBuilder(b.rules, b.opts)
	return other.Set(cards) && slices.Equal(other.counts, b.counts)
}

// Data returns the deck in the text form a player's deck is sent in
// (rules.Deck.FormatPlayerDeck), under a comment naming it: name, or "A
// deck built in the lobby" if name is "".
func (b *Builder) Data(name string) []byte {
	if name == "" {
		name = "A deck built in the lobby"
	}
	head := "# " + strings.ReplaceAll(name, "\n", " ") + "\n"
	return append([]byte(head), b.deck.FormatPlayerDeck(b.Cards())...)
}

// Problems returns every problem the rules find in the deck, as the
// server will check it (ruleset.SeatSetup.CheckSeat of Data): none for a
// deck that may be sent.
func (b *Builder) Problems() []ruleset.Rejection {
	problems, err := b.rules.CheckSeat(b.opts, b.Data(""))
	if err != nil {
		return []ruleset.Rejection{{Reason: err.Error()}}
	}
	return problems
}

// ReadyDeck is a deck a player picks with one click: a name for its
// button, a few words that say what it holds ("the highest ranks, 8 to
// 10"), and its cards, sorted.
type ReadyDeck struct {
	Name  string
	About string
	Cards []rules.Card
}

// ReadyDecks returns the ready decks of r's deck file for a game with
// opts, each built from the deck file (so a mod's deck file gets its
// own): "Balanced" (rule 12's balanced deck, Deck.Balanced), "High cards"
// (the highest ranks, spread over the suits), "Two suits" (the first two
// suits only, every rank) and "One suit" (the first suit only). A deck the
// deck file cannot make (too few cards in two suits, a deck file of one
// suit), one the rules refuse (CheckSeat) and one that holds the same
// cards as a deck before it are left out; the balanced deck is always
// first.
func ReadyDecks(r *rules.Rules, opts ruleset.Options) []ReadyDeck {
	d := r.Deck()
	var out []ReadyDeck
	add := func(name, about string, cards []rules.Card) {
		if cards == nil {
			return
		}
		b := NewBuilder(r, opts)
		if !b.Set(cards) || len(b.Problems()) > 0 {
			return
		}
		for _, o := range out {
			if b.Same(o.Cards) {
				return
			}
		}
		out = append(out, ReadyDeck{Name: name, About: about, Cards: b.Cards()})
	}
	add("Balanced", "every suit, the ranks spread evenly", d.Balanced())
	high := highCards(d)
	about := fmt.Sprintf("the highest ranks, %d to %d", lowest(high), d.High)
	if lowest(high) == d.High {
		about = fmt.Sprintf("the highest rank, %d", d.High)
	}
	add("High cards", about, high)
	if len(d.Suits) > 2 {
		add("Two suits", fmt.Sprintf("%s and %s, %s", d.Suits[0], d.Suits[1], spread(d, 2)), fewSuits(d, 2))
	}
	if len(d.Suits) > 1 {
		add("One suit", fmt.Sprintf("%s only, %s", d.Suits[0], spread(d, 1)), fewSuits(d, 1))
	}
	return out
}

// highCards returns the deck of d's highest cards: from the highest rank
// down, every suit's card of a rank before a second copy of any, until
// the deck is full.
func highCards(d rules.Deck) []rules.Card {
	type copyOf struct {
		c    rules.Card
		copy int
	}
	var pool []copyOf
	for _, c := range d.Cards() {
		for k := range d.Copies {
			pool = append(pool, copyOf{c, k})
		}
	}
	slices.SortFunc(pool, func(a, b copyOf) int {
		return cmp.Or(cmp.Compare(b.c.Rank, a.c.Rank), cmp.Compare(a.copy, b.copy), cmp.Compare(a.c.Suit, b.c.Suit))
	})
	if len(pool) < d.PlayerDeck {
		return nil
	}
	out := make([]rules.Card, d.PlayerDeck)
	for i := range out {
		out[i] = pool[i].c
	}
	return out
}

// lowest returns the lowest rank among cards, 0 for none.
func lowest(cards []rules.Card) int {
	if len(cards) == 0 {
		return 0
	}
	return int(slices.MinFunc(cards, func(a, b rules.Card) int { return cmp.Compare(a.Rank, b.Rank) }).Rank)
}

// fewSuits returns the balanced deck of d's first n suits (Balanced of a
// deck file of those suits only), nil if they hold too few cards.
func fewSuits(d rules.Deck, n int) []rules.Card {
	if n > len(d.Suits) || n*(d.High-d.Low+1)*d.Copies < d.PlayerDeck {
		return nil
	}
	sub := d
	sub.Suits = d.Suits[:n]
	return sub.Balanced()
}

// spread says how a deck of d's first n suits (fewSuits) holds their
// ranks: "every rank once", "every rank twice", "every rank 3 times", or
// "the ranks spread evenly" when the deck's size does not divide evenly.
func spread(d rules.Deck, n int) string {
	per := n * (d.High - d.Low + 1)
	if d.PlayerDeck%per != 0 {
		return "the ranks spread evenly"
	}
	switch k := d.PlayerDeck / per; k {
	case 1:
		return "every rank once"
	case 2:
		return "every rank twice"
	default:
		return fmt.Sprintf("every rank %d times", k)
	}
}
