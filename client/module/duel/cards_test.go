package duel

import (
	"slices"
	"strings"
	"testing"
	"time"

	rules "empires/shared/rules/duel"
)

// Each suit has a mark of its own, told apart by shape: the built-in
// suits their own, a mod's other suits the marks left, never two alike.
func TestSuitShapes(t *testing.T) {
	tests := []struct {
		name string
		have []string
		want []Shape
	}{
		{"the built-in deck", []string{"cups", "coins", "swords", "clubs"}, []Shape{ShapeCup, ShapeCoin, ShapeSword, ShapeClub}},
		{"another order", []string{"clubs", "cups"}, []Shape{ShapeClub, ShapeCup}},
		{"a mod's suits", []string{"moons", "cups", "suns"}, []Shape{ShapeCoin, ShapeCup, ShapeSword}},
		{"eight suits", []string{"a", "b", "c", "d", "e", "f", "g", "h"},
			[]Shape{ShapeCup, ShapeCoin, ShapeSword, ShapeClub, ShapeDiamond, ShapeTriangle, ShapeSquare, ShapeStar}},
		{"stars first", []string{"x", "stars"}, []Shape{ShapeCup, ShapeStar}},
	}
	for _, tc := range tests {
		if have := SuitShapes(tc.have); !slices.Equal(have, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, have, tc.want)
		}
	}
}

// The countdown in words.
func TestCountdownWords(t *testing.T) {
	tests := []struct {
		have time.Duration
		want string
	}{
		{12 * time.Second, "12 s left"},
		{11*time.Second + 100*time.Millisecond, "12 s left"},
		{0, "0 s left"},
		{65 * time.Second, "1:05 left"},
	}
	for _, tc := range tests {
		if have := Countdown(tc.have); have != tc.want {
			t.Errorf("Countdown(%v) = %q, want %q", tc.have, have, tc.want)
		}
	}
}

// The help lists every key the table takes, each suit's mark, and how a
// deck is chosen in the lobby.
func TestHelpKeys(t *testing.T) {
	c := Help(rules.New().Deck())
	var terms, texts []string
	for _, s := range c.Sections {
		texts = append(texts, s.Paragraphs...)
		for _, r := range s.Rows {
			terms = append(terms, r.Term)
			texts = append(texts, r.Text)
		}
	}
	all := strings.Join(terms, " | ")
	for _, k := range []string{"1-9", "Tab", "Enter", "A", "P", "B", "T", "Esc", "F1", "Click a card", "Click a player"} {
		if !strings.Contains(all, k) {
			t.Errorf("the help names no key %q: %s", k, all)
		}
	}
	for _, want := range []string{"in the box Your deck", "Send deck brings it once it holds 20 cards", "cups a goblet (red)", "coins a ring round a dot (ochre)", "swords a sword (blue)", "clubs a three-leaved club (green)"} {
		if !strings.Contains(strings.Join(texts, " "), want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}
