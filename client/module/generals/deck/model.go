// Package deck is the deck builder of Empires and Generals: the player's
// two decks (the Draw Pile's Playing Cards and the Supply Pile's Resource
// Cards) built card by card from the collection, checked live against the
// game type and the variation chosen, saved on the player's machine
// (Store) and brought to a game's lobby.
//
// Builder is the model, plain data used on the UI goroutine only; Screen
// is its page; Store the saved decks. The settings it reads of a game are
// in rules.go, in one place.
package deck

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// Filter is what the card grid shows: cards of Empire ("" every empire),
// of Kind (cards.NoKind every kind), of Rarity when ByRarity, and whose
// name or rules hold Text (case does not matter; "" every card).
type Filter struct {
	Empire   cards.EmpireCode
	Kind     cards.Kind
	Rarity   cards.Rarity
	ByRarity bool
	Text     string
}

// Balanced is the document's balanced deck, by kind: "5 General Playing
// Cards", "9 Soldier", "5 Kingdom", "5 Strategy", "5 Tactics"; "15
// Specialty Resources", "3 Resource Traders", "2 Act of God Cards".
func Balanced(k cards.Kind) int {
	switch k {
	case cards.General, cards.Kingdom, cards.Strategy, cards.Tactics:
		return 5
	case cards.Soldier:
		return 9
	case cards.Resource:
		return 15
	case cards.Trader:
		return 3
	case cards.ActOfGod:
		return 2
	}
	return 0
}

// Counts are a deck's cards: Playing Cards (the Draw Pile), Resource
// Cards (the Supply Pile), and by kind.
type Counts struct {
	Playing, Supply int
	ByKind          [cards.ActOfGod + 1]int
}

// Checker returns every problem of a deck for the game it is built for,
// in words a player understands (nil: none). Collection.Check is one;
// a lobby's is the ruleset's own CheckSeat.
type Checker func(cards.Deck) []ruleset.Rejection

// Builder is a deck being built: the copies of each card, the filter of
// the card grid, the game type the cards must be legal in and the check of
// the whole deck. The zero Builder is not usable: see NewBuilder.
type Builder struct {
	c      *cards.Collection
	game   cards.GameType
	check  Checker
	copies map[cards.ID]int
	filter Filter
}

// NewBuilder returns an empty deck of collection c for a game of type g
// with deck sizes lim (checked with c.Check).
func NewBuilder(c *cards.Collection, g cards.GameType, lim cards.Limits) *Builder {
	b := &Builder{c: c, copies: map[cards.ID]int{}}
	b.SetGame(g, lim)
	return b
}

// Collection returns the collection the deck is built of.
func (b *Builder) Collection() *cards.Collection { return b.c }

// SetGame makes the deck's problems those of a game of type g with deck
// sizes lim (Collection.Check).
func (b *Builder) SetGame(g cards.GameType, lim cards.Limits) {
	b.game = g
	b.check = func(d cards.Deck) []ruleset.Rejection { return b.c.Check(g, lim, d) }
}

// SetChecker makes check say the deck's problems, for a game of type g
// (which says which cards may be added): a lobby checks as its server does.
func (b *Builder) SetChecker(g cards.GameType, check Checker) {
	b.game, b.check = g, check
}

// Game returns the game type the deck is built for.
func (b *Builder) Game() cards.GameType { return b.game }

// Filter returns the grid's filter.
func (b *Builder) Filter() Filter { return b.filter }

// SetFilter sets the grid's filter.
func (b *Builder) SetFilter(f Filter) { b.filter = f }

// Shown returns the cards of the collection the filter lets through, by
// kind (Generals first, Acts of God last), then empire in the
// collection's order, then ID.
func (b *Builder) Shown() []*cards.Card {
	f := b.filter
	text := strings.ToLower(strings.TrimSpace(f.Text))
	var out []*cards.Card
	for _, id := range b.c.IDs() {
		card, _ := b.c.Card(id)
		switch {
		case f.Empire != "" && id.Empire != f.Empire,
			f.Kind != cards.NoKind && id.Kind != f.Kind,
			f.ByRarity && card.Rarity != f.Rarity,
			text != "" && !matches(card, text):
			continue
		}
		out = append(out, card)
	}
	empire := func(e cards.EmpireCode) int {
		return slices.IndexFunc(b.c.Empires, func(d cards.EmpireDef) bool { return d.Code == e })
	}
	slices.SortStableFunc(out, func(x, y *cards.Card) int {
		return cmp.Or(cmp.Compare(x.ID.Kind, y.ID.Kind), cmp.Compare(empire(x.ID.Empire), empire(y.ID.Empire)))
	})
	return out
}

// matches reports whether card's name, ID, subtype or rules hold text,
// which is lower case.
func matches(card *cards.Card, text string) bool {
	if strings.Contains(strings.ToLower(card.Name), text) || strings.Contains(strings.ToLower(card.ID.String()), text) ||
		card.Subtype != "" && strings.Contains(card.Subtype, text) {
		return true
	}
	for _, r := range card.Rules {
		if strings.Contains(r.String(), text) {
			return true
		}
	}
	return false
}

// Copies returns how many copies of id the deck holds.
func (b *Builder) Copies(id cards.ID) int { return b.copies[id] }

// WhyNot returns why another copy of id may not be added, "" when it
// may: the collection has no such card, the game type bars it, its
// rarity's limit ("Card Limits": 5 of a common, 3 of an uncommon, 1 of a
// rare) is reached, or it is an ultra rare and the deck holds one ("Only
// one total in either of your decks").
func (b *Builder) WhyNot(id cards.ID) string {
	card, ok := b.c.Card(id)
	if !ok {
		return fmt.Sprintf("there is no card %s in the collection", id)
	}
	if why := b.c.Legal(b.game, id); why != "" {
		return "not in this game: it " + why
	}
	if n, most := b.copies[id], card.Rarity.Limit(); n >= most {
		return fmt.Sprintf("%s: at most %d of %s in a deck", card.Rarity, most, cardWord(most))
	}
	if card.Rarity == cards.UltraRare {
		for _, e := range b.Deck().Entries { // in ID order: the same card named each time
			if o, ok := b.c.Card(e.ID); ok && o.Rarity == cards.UltraRare {
				return fmt.Sprintf("the deck holds an ultra rare card, %s: only one in both decks", o.Name)
			}
		}
	}
	return ""
}

// cardWord is "it" or "them".
func cardWord(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// Add adds a copy of id and returns "", or why it may not (WhyNot) and
// leaves the deck as it was.
func (b *Builder) Add(id cards.ID) string {
	if why := b.WhyNot(id); why != "" {
		return why
	}
	b.copies[id]++
	return ""
}

// Remove takes a copy of id out and reports whether there was one.
func (b *Builder) Remove(id cards.ID) bool {
	if b.copies[id] == 0 {
		return false
	}
	if b.copies[id]--; b.copies[id] == 0 {
		delete(b.copies, id)
	}
	return true
}

// Clear empties the deck.
func (b *Builder) Clear() { clear(b.copies) }

// Set makes the deck hold d's cards as they are, even past the limits or
// of cards the collection lacks: a saved deck is shown as it was written,
// its problems said.
func (b *Builder) Set(d cards.Deck) {
	b.Clear()
	for _, e := range d.Entries {
		b.copies[e.ID] += e.Copies
	}
}

// Deck returns the deck, a line an ID in ID order.
func (b *Builder) Deck() cards.Deck {
	ids := make([]cards.ID, 0, len(b.copies))
	for id := range b.copies {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(x, y cards.ID) int { return strings.Compare(x.String(), y.String()) })
	d := cards.Deck{Entries: make([]cards.Entry, len(ids))}
	for i, id := range ids {
		d.Entries[i] = cards.Entry{ID: id, Copies: b.copies[id], Line: i + 2} // line 1 is the header
	}
	return d
}

// Same reports whether the deck holds exactly d's cards, copies counted.
func (b *Builder) Same(d cards.Deck) bool {
	other := map[cards.ID]int{}
	for _, e := range d.Entries {
		other[e.ID] += e.Copies
	}
	if len(other) != len(b.copies) {
		return false
	}
	for id, n := range other {
		if b.copies[id] != n {
			return false
		}
	}
	return true
}

// Counts returns the deck's cards by pile and kind.
func (b *Builder) Counts() Counts {
	var c Counts
	for id, n := range b.copies {
		if id.Kind.Playing() {
			c.Playing += n
		} else if id.Kind.Supply() {
			c.Supply += n
		}
		if id.Kind <= cards.ActOfGod {
			c.ByKind[id.Kind] += n
		}
	}
	return c
}

// Problems returns every problem of the deck for the game it is built
// for, as the server checks it: none for a deck that may be used.
func (b *Builder) Problems() []ruleset.Rejection { return b.check(b.Deck()) }

// Line is a line of the deck's list: a card and its copies.
type Line struct {
	Card   *cards.Card // nil for an ID the collection lacks
	ID     cards.ID
	Copies int
}

// Lines returns the deck's cards as its list shows them: by kind, then
// ID.
func (b *Builder) Lines() []Line {
	var out []Line
	for _, e := range b.Deck().Entries {
		card, _ := b.c.Card(e.ID)
		out = append(out, Line{Card: card, ID: e.ID, Copies: e.Copies})
	}
	slices.SortStableFunc(out, func(x, y Line) int { return cmp.Compare(x.ID.Kind, y.ID.Kind) })
	return out
}
