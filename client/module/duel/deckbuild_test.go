package duel

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// modRules returns Duel with a deck file of suits, ranks lo to hi, a
// player's deck of size cards and copies of a card.
func modRules(t *testing.T, suits string, lo, hi, size, copies int) *rules.Rules {
	t.Helper()
	data := fmt.Sprintf("suits = %s\nranks = %d %d\nhand = 3\ndeck = %d\ncopies = %d\n", suits, lo, hi, size, copies)
	rs, err := rules.New().WithData([]byte(data))
	if err != nil {
		t.Fatalf("deck file %q: %v", data, err)
	}
	return rs.(*rules.Rules)
}

// named returns the card named s ("7 of cups") of d.
func named(t *testing.T, d rules.Deck, s string) rules.Card {
	t.Helper()
	c, err := d.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestBuilderCounts: rule 12, "at most 2 copies of a card": a card's
// count goes from 0 to the deck file's copies and no further, a card not
// of the deck file is never added, and the size says the deck's count
// against the rule's 20, over it too while the deck is built.
func TestBuilderCounts(t *testing.T) {
	b := NewBuilder(rules.New(), nil)
	d := b.Deck()
	seven, ten := named(t, d, "7 of cups"), named(t, d, "10 of clubs")
	tests := []struct {
		name     string
		do       func() bool
		want     bool
		count    int // of seven after
		size     int
		sizeText string
	}{
		{"remove from none", func() bool { return b.Remove(seven) }, false, 0, 0, "0 of 20 cards"},
		{"add one", func() bool { return b.Add(seven) }, true, 1, 1, "1 of 20 cards"},
		{"add the second copy", func() bool { return b.Add(seven) }, true, 2, 2, "2 of 20 cards"},
		{"a third copy is refused", func() bool { return b.Add(seven) }, false, 2, 2, "2 of 20 cards"},
		{"another card", func() bool { return b.Add(ten) }, true, 2, 3, "3 of 20 cards"},
		{"a card of no suit", func() bool { return b.Add(rules.Card{Suit: 9, Rank: 3}) }, false, 2, 3, "3 of 20 cards"},
		{"rank 0 is no card", func() bool { return b.Add(rules.Card{Suit: 0, Rank: 0}) }, false, 2, 3, "3 of 20 cards"},
		{"remove one", func() bool { return b.Remove(seven) }, true, 1, 2, "2 of 20 cards"},
	}
	for _, tt := range tests {
		if have := tt.do(); have != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, have, tt.want)
		}
		if have := b.Count(seven); have != tt.count {
			t.Errorf("%s: %d of the 7 of cups, want %d", tt.name, have, tt.count)
		}
		if b.Size() != tt.size || b.SizeText() != tt.sizeText || len(b.Cards()) != tt.size {
			t.Errorf("%s: size %d (%q, %d cards), want %d (%q)", tt.name, b.Size(), b.SizeText(), len(b.Cards()), tt.size, tt.sizeText)
		}
		if b.CanAdd(seven) != (b.Count(seven) < d.Copies) {
			t.Errorf("%s: CanAdd(7 of cups) = %v with %d copies", tt.name, b.CanAdd(seven), b.Count(seven))
		}
	}
	// Past the rule's size: allowed while building, a problem to send.
	b.Clear()
	for _, c := range d.Cards()[:21] {
		b.Add(c)
	}
	if b.Size() != 21 || b.SizeText() != "21 of 20 cards" || len(b.Problems()) != 1 {
		t.Errorf("21 cards: size %q, problems %v; want 21 and the size's problem", b.SizeText(), b.Problems())
	}
	b.Clear()
	if b.Size() != 0 || b.Count(seven) != 0 || len(b.Cards()) != 0 {
		t.Errorf("cleared: size %d, %d of the 7 of cups", b.Size(), b.Count(seven))
	}
}

// TestBuilderSet: a deck is loaded whole or not at all: a card beyond its
// copies or not of the deck file leaves the editor as it was.
func TestBuilderSet(t *testing.T) {
	b := NewBuilder(rules.New(), nil)
	d := b.Deck()
	seven := named(t, d, "7 of cups")
	if !b.Set([]rules.Card{seven, seven}) || b.Count(seven) != 2 || b.Size() != 2 {
		t.Fatalf("set two 7 of cups: %d copies, size %d", b.Count(seven), b.Size())
	}
	for _, bad := range [][]rules.Card{
		{seven, seven, seven},
		{{Suit: 4, Rank: 1}},
		{{Suit: 0, Rank: 11}},
	} {
		if b.Set(bad) {
			t.Errorf("Set(%v) took it", bad)
		}
		if b.Count(seven) != 2 || b.Size() != 2 {
			t.Errorf("after Set(%v) refused: %d of the 7 of cups, size %d; want the deck unchanged", bad, b.Count(seven), b.Size())
		}
	}
	if !b.Same([]rules.Card{seven, seven}) || b.Same([]rules.Card{seven}) {
		t.Error("Same does not compare copies")
	}
}

// TestBuilderSends: rule 12 and its choice 14: what is sent is the deck's
// text form, one card a line under a comment naming it, which the rules
// read back as the very cards of the editor and find no problem in once
// it holds 20 cards; every problem the rules find is the builder's.
func TestBuilderSends(t *testing.T) {
	r := rules.New()
	b := NewBuilder(r, nil)
	if p := b.Problems(); len(p) != 1 || p[0].Reason != "the deck holds 0 cards, want 20" {
		t.Errorf("an empty deck's problems: %v", p)
	}
	d := r.Deck()
	for _, c := range d.Cards()[20:37] {
		b.Add(c)
	}
	if p := b.Problems(); len(p) != 1 || p[0].Reason != "the deck holds 17 cards, want 20" {
		t.Errorf("17 cards' problems: %v", p)
	}
	for _, c := range d.Cards()[:3] {
		b.Add(c)
	}
	if p := b.Problems(); len(p) != 0 {
		t.Fatalf("20 cards: problems %v", p)
	}
	data := b.Data("")
	if !strings.HasPrefix(string(data), "# A deck built in the lobby\n1 cups\n2 cups\n3 cups\n1 swords\n") {
		t.Errorf("sent:\n%s", data)
	}
	cards, problems, err := d.ReadPlayerDeck(data)
	if err != nil || len(problems) != 0 || !slices.Equal(cards, b.Cards()) {
		t.Errorf("the rules read %v (%v, %v), want the editor's %v", cards, problems, err, b.Cards())
	}
	if p, err := r.CheckSeat(nil, data); err != nil || len(p) != 0 {
		t.Errorf("CheckSeat of what is sent: %v, %v", p, err)
	}
	if head := string(b.Data("High cards\nand more")); !strings.HasPrefix(head, "# High cards and more\n") {
		t.Errorf("a name of two lines is one comment: %q", head)
	}
}

// TestReadyDecks: the ready decks of the built-in deck file, each a deck
// the rules accept (rule 12), each different, and holding what its name
// says: the balanced deck, the highest ranks spread over the suits, the
// first two suits, the first suit.
func TestReadyDecks(t *testing.T) {
	r := rules.New()
	d := r.Deck()
	ready := ReadyDecks(r, nil)
	var names []string
	for _, rd := range ready {
		names = append(names, rd.Name)
	}
	if want := []string{"Balanced", "High cards", "Two suits", "One suit"}; !slices.Equal(names, want) {
		t.Fatalf("ready decks %q, want %q", names, want)
	}
	checkReady(t, r, ready)
	if !slices.Equal(ready[0].Cards, d.Balanced()) {
		t.Errorf("Balanced holds %v, want the rules' balanced deck", ready[0].Cards)
	}
	count := func(cards []rules.Card, keep func(rules.Card) bool) int {
		n := 0
		for _, c := range cards {
			if keep(c) {
				n++
			}
		}
		return n
	}
	high := ready[1].Cards
	for s := range d.Suits {
		of := func(rank int) int {
			return count(high, func(c rules.Card) bool { return int(c.Suit) == s && int(c.Rank) == rank })
		}
		if of(10) != 2 || of(9) != 2 || of(8) != 1 {
			t.Errorf("High cards holds %d, %d and %d of the %s's 10, 9 and 8; want 2, 2 and 1", of(10), of(9), of(8), d.Suits[s])
		}
	}
	if ready[1].About != "the highest ranks, 8 to 10" {
		t.Errorf("High cards says %q", ready[1].About)
	}
	two := ready[2].Cards
	if n := count(two, func(c rules.Card) bool { return c.Suit <= 1 }); n != 20 || ready[2].About != "cups and coins, every rank once" {
		t.Errorf("Two suits (%q): %d of 20 cards of cups and coins", ready[2].About, n)
	}
	one := ready[3].Cards
	if n := count(one, func(c rules.Card) bool { return c.Suit == 0 }); n != 20 || ready[3].About != "cups only, every rank twice" {
		t.Errorf("One suit (%q): %d of 20 cards of cups", ready[3].About, n)
	}
}

// checkReady checks that each ready deck is one the rules accept, sent as
// the chooser sends it, and that no two hold the same cards.
func checkReady(t *testing.T, r *rules.Rules, ready []ReadyDeck) {
	t.Helper()
	if len(ready) == 0 || ready[0].Name != "Balanced" || !slices.Equal(ready[0].Cards, r.Deck().Balanced()) {
		t.Errorf("the first ready deck is not the balanced one: %+v", ready)
	}
	for i, rd := range ready {
		b := NewBuilder(r, nil)
		if !b.Set(rd.Cards) {
			t.Errorf("%s: not a deck of the deck file: %v", rd.Name, rd.Cards)
			continue
		}
		if p, err := r.CheckSeat(ruleset.Options{}, b.Data(rd.Name)); err != nil || len(p) != 0 {
			t.Errorf("%s: CheckSeat %v, %v", rd.Name, p, err)
		}
		for _, other := range ready[:i] {
			if b.Same(other.Cards) {
				t.Errorf("%s holds the same cards as %s", rd.Name, other.Name)
			}
		}
	}
}

// TestReadyDecksMods: a mod's deck file gets ready decks of its own cards,
// each valid for its rules; a deck the file cannot make is left out, and
// so is one that would be the balanced deck again.
func TestReadyDecksMods(t *testing.T) {
	tests := []struct {
		name                 string
		suits                string
		lo, hi, size, copies int
		want                 []string
	}{
		{"one suit", "stars", 1, 12, 20, 2, []string{"Balanced", "High cards"}},
		{"two suits", "cups coins", 1, 10, 20, 2, []string{"Balanced", "High cards", "One suit"}},
		{"eight suits of three ranks", "a b c d e f g h", 1, 3, 20, 4, []string{"Balanced", "High cards", "Two suits"}},
		{"every card once: one deck", "cups coins", 1, 10, 20, 1, []string{"Balanced"}},
		{"one copy, too few for one suit", "cups coins swords", 1, 10, 20, 1, []string{"Balanced", "High cards", "Two suits"}},
		{"a big deck", "cups coins swords clubs", 1, 50, 60, 4, []string{"Balanced", "High cards", "Two suits", "One suit"}},
		{"an odd size", "cups coins swords", 2, 8, 13, 3, []string{"Balanced", "High cards", "Two suits", "One suit"}},
	}
	for _, tt := range tests {
		r := modRules(t, tt.suits, tt.lo, tt.hi, tt.size, tt.copies)
		ready := ReadyDecks(r, nil)
		var names []string
		for _, rd := range ready {
			names = append(names, rd.Name)
		}
		if !slices.Equal(names, tt.want) {
			t.Errorf("%s: ready decks %q, want %q", tt.name, names, tt.want)
		}
		checkReady(t, r, ready)
	}
}
