package duel

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/shared/ruleset"
)

// deckOf returns a player's deck of the built-in deck file holding lines,
// then the balanced deck's first cards up to 20 cards.
func deckOf(lines ...string) string {
	d := New().Deck()
	out := slices.Clone(lines)
	for _, c := range d.Balanced() {
		if len(out) == d.PlayerDeck {
			break
		}
		out = append(out, fmt.Sprintf("%d %s", c.Rank, d.Suits[c.Suit]))
	}
	return strings.Join(out, "\n") + "\n"
}

// TestReadPlayerDeck checks rule 12's decks as a player writes them: one
// card a line, every problem listed with its line.
func TestReadPlayerDeck(t *testing.T) {
	t.Logf("rule %s", rule[12])
	d := New().Deck()
	tests := []struct {
		name string
		have string
		want []ruleset.Rejection // nil: no problem
	}{
		{"the balanced deck", string(New().DefaultSeat(nil)), nil},
		{"comments, blanks, \"of\" and capitals", "# mine\n\n" + deckOf("7 of Swords # the sword", "  10 CUPS  \r"), nil},
		{"two copies of a card", deckOf("10 cups", "10 cups"), nil},
		{"a line that is no card", deckOf("7"), []ruleset.Rejection{{Index: 1, Order: "7", Reason: `want a card as "7 cups": its rank, then its suit`}}},
		{"a word for a rank", deckOf("seven swords"), []ruleset.Rejection{{Index: 1, Order: "seven swords", Reason: `"seven" is no rank: want a number from 1 to 10, then the suit`}}},
		{"an unknown suit", deckOf("7 swrods"), []ruleset.Rejection{{Index: 1, Order: "7 swrods", Reason: `there is no suit "swrods": the suits are cups, coins, swords, clubs`}}},
		{"a rank too high", deckOf("11 cups"), []ruleset.Rejection{{Index: 1, Order: "11 cups", Reason: "there is no rank 11: the ranks are 1 to 10"}}},
		{"three copies", deckOf("# three\n8 cups", "8 cups", "8 of cups"), []ruleset.Rejection{
			{Index: 4, Order: "8 of cups", Reason: "a deck holds at most 2 of a card, and this is the 3rd 8 of cups"}}},
		{"too few cards", "1 cups\n2 cups\n", []ruleset.Rejection{{Reason: "the deck holds 2 cards, want 20"}}},
		{"too many cards", deckOf("1 cups") + "2 cups\n", []ruleset.Rejection{{Reason: "the deck holds 21 cards, want 20"}}},
		{"empty", "", []ruleset.Rejection{{Reason: "the deck holds 0 cards, want 20"}}},
		{"every problem", "7 swrods\n1 cups\n1 cups\n1 cups\n12 coins\n", []ruleset.Rejection{
			{Index: 1, Order: "7 swrods", Reason: `there is no suit "swrods": the suits are cups, coins, swords, clubs`},
			{Index: 4, Order: "1 cups", Reason: "a deck holds at most 2 of a card, and this is the 3rd 1 of cups"},
			{Index: 5, Order: "12 coins", Reason: "there is no rank 12: the ranks are 1 to 10"},
			{Reason: "the deck holds 5 cards, want 20"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cards, have, err := d.ReadPlayerDeck([]byte(tt.have))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(have, tt.want) {
				t.Errorf("have %+v\nwant %+v", have, tt.want)
			}
			if tt.want == nil && (len(cards) != 20 || !slices.IsSortedFunc(cards, compareCards)) {
				t.Errorf("a valid deck read as %d cards %v, want 20 sorted", len(cards), cards)
			}
		})
	}
}

// TestReadPlayerDeckRefuses checks that bytes that are no deck at all are
// an error, and that a deck of many problems lists 40 and counts the rest.
func TestReadPlayerDeckRefuses(t *testing.T) {
	d := New().Deck()
	for _, tt := range []struct {
		name string
		have []byte
		err  string
	}{
		{"binary", []byte("1 cups\n\xff\xfe\n"), "a deck is text, and this is not UTF-8"},
		{"too long", bytes.Repeat([]byte("# a comment\n"), 1000), "a deck of 12000 bytes: at most 8192"},
	} {
		if _, _, err := d.ReadPlayerDeck(tt.have); err == nil || err.Error() != tt.err {
			t.Errorf("%s: have %v, want %q", tt.name, err, tt.err)
		}
		if _, err := New().CheckSeat(nil, tt.have); err == nil || !strings.Contains(err.Error(), "duel deck: "+tt.err) {
			t.Errorf("%s: CheckSeat: have %v", tt.name, err)
		}
	}
	_, problems, err := d.ReadPlayerDeck(bytes.Repeat([]byte("x\n"), 100))
	must(t, err)
	if len(problems) != 41 || problems[39].Index != 40 || problems[40] != (ruleset.Rejection{Reason: "and 61 more problems"}) {
		t.Errorf("100 bad lines: %d problems, the last %+v", len(problems), problems[len(problems)-1])
	}
}

// TestBalanced checks rule 12's balanced deck on deck files of several
// shapes: the deck size, spread over the suits and the ranks, valid.
func TestBalanced(t *testing.T) {
	t.Logf("rule %s", rule[12])
	builtin := New().Deck()
	want, _, err := builtin.ReadPlayerDeck([]byte(deckOf()))
	must(t, err)
	if have := builtin.Balanced(); !slices.Equal(have, want) || !slices.Equal(have, cards(t, "1cups 3cups 5cups 7cups 9cups 2coins 4coins 6coins 8coins 10coins "+
		"1swords 3swords 5swords 7swords 9swords 2clubs 4clubs 6clubs 8clubs 10clubs")) {
		t.Errorf("the built-in balanced deck: %v", have)
	}
	for _, tt := range []struct {
		file    string
		perSuit []int
	}{
		{"suits = a b c d\nranks = 1 10\nhand = 5\ndeck = 22\ncopies = 2\n", []int{6, 6, 5, 5}},
		{"suits = a\nranks = 1 20\nhand = 5\ndeck = 30\ncopies = 2\n", []int{30}},
		{"suits = a b\nranks = 1 3\nhand = 2\ndeck = 12\ncopies = 2\n", []int{6, 6}},
		{"suits = a b c\nranks = 5 9\nhand = 3\ndeck = 4\ncopies = 1\n", []int{2, 1, 1}},
	} {
		d, err := ParseDeck("mod", []byte(tt.file))
		must(t, err)
		deck := d.Balanced()
		if _, problems, err := d.ReadPlayerDeck(d.FormatPlayerDeck(deck)); err != nil || problems != nil {
			t.Errorf("%q: the balanced deck %v: %v %v", tt.file, deck, problems, err)
		}
		have := make([]int, len(d.Suits))
		for _, c := range deck {
			have[c.Suit]++
		}
		if !slices.Equal(have, tt.perSuit) {
			t.Errorf("%q: the balanced deck %v holds %v of each suit, want %v", tt.file, deck, have, tt.perSuit)
		}
	}
}

// TestSeatSetup checks Duel's ruleset.SeatSetup: CheckSeat lists a deck's
// problems, DefaultSeat is the balanced deck, valid.
func TestSeatSetup(t *testing.T) {
	t.Logf("rule %s", rule[12])
	rs := New()
	def := rs.DefaultSeat(nil)
	if problems, err := rs.CheckSeat(nil, def); err != nil || problems != nil {
		t.Errorf("DefaultSeat is refused: %v %v", problems, err)
	}
	cards, _, _ := rs.deck.ReadPlayerDeck(def)
	if !slices.Equal(cards, rs.deck.Balanced()) || !bytes.HasPrefix(def, []byte("# The balanced deck")) {
		t.Errorf("DefaultSeat is not the balanced deck:\n%s", def)
	}
	problems, err := rs.CheckSeat(nil, []byte(deckOf("0 cups")))
	if err != nil || len(problems) != 1 || problems[0].Index != 1 || problems[0].Error() != "0 cups: there is no rank 0: the ranks are 1 to 10" {
		t.Errorf("CheckSeat of a deck with a rank 0: %v %v", problems, err)
	}
}

// TestNewWithDecks checks that a game plays the decks its seats bring
// (rule 12): the balanced deck for a seat that brings none, a refusal
// naming the seat and the line for a broken deck or a wrong count.
func TestNewWithDecks(t *testing.T) {
	t.Logf("rule %s", rule[12])
	mine := deckOf("10 swords", "10 swords", "8 swords", "8 swords")
	cfg := config(4, 3, 6)
	cfg.SeatData = [][]byte{[]byte(mine), nil, {}}
	g := newGame(t, cfg)
	want, _, _ := g.deck.ReadPlayerDeck([]byte(mine))
	for i, w := range [][]Card{want, g.deck.Balanced(), g.deck.Balanced()} {
		if !slices.Equal(g.s.Brought[i], w) {
			t.Errorf("seat %d plays %v, want %v", i+1, g.s.Brought[i], w)
		}
	}
	for _, tt := range []struct {
		name string
		data [][]byte
		err  string
	}{
		{"a deck short", [][]byte{nil, []byte("1 cups\n")}, "new duel game: seat 2's deck: the deck holds 1 card, want 20 (1 problem)"},
		{"a bad line", [][]byte{[]byte(deckOf("1 cups", "x")), nil}, "new duel game: seat 1's deck: line 2: x: want a card"},
		{"binary", [][]byte{nil, []byte("\xff")}, "new duel game: seat 2's deck: a deck is text"},
		{"too many decks", [][]byte{nil, nil, nil}, "new duel game: 3 seats' decks for 2 seats"},
	} {
		cfg := config(4, 2, 6)
		cfg.SeatData = tt.data
		if _, err := New().New(cfg); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: have %v, want %q", tt.name, err, tt.err)
		}
	}
}

// TestDecksSaved checks that a game keeps the seats' decks in its save: a
// game loaded halfway (as after a crash of the server) holds the decks
// brought and the draw piles, and plays on as the game it was saved from.
func TestDecksSaved(t *testing.T) {
	t.Logf("rule %s", rule[12])
	rs, decks := uniqueDecks(t, 3)
	cfg := config(9, 3, 6)
	cfg.SeatData = decks
	gg, err := rs.New(cfg)
	must(t, err)
	g := gg.(*game)
	ai, err := rs.NewAI(LevelNormal, 1)
	must(t, err)
	step := func(g ruleset.Game) {
		t.Helper()
		st := g.Step()
		if st.Mode == ruleset.Simultaneous {
			var subs []ruleset.Submission
			for _, s := range st.Actors {
				b, err := ai.Act(g.View(s, false), st, s)
				must(t, err)
				subs = append(subs, ruleset.Submission{Seat: s, Orders: b})
			}
			_, err := g.Resolve(subs)
			must(t, err)
			return
		}
		b, err := ai.Act(g.View(st.Actors[0], false), st, st.Actors[0])
		must(t, err)
		_, err = g.Act(st.Actors[0], b)
		must(t, err)
	}
	for range 10 {
		step(g)
	}
	save, err := g.Save()
	must(t, err)
	ll, err := rs.Load(save)
	must(t, err)
	loaded := ll.(*game)
	for i := range decks {
		want, _, _ := rs.deck.ReadPlayerDeck(decks[i])
		if !slices.Equal(loaded.s.Brought[i], want) || !slices.Equal(loaded.s.Decks[i], g.s.Decks[i]) {
			t.Errorf("seat %d: the loaded game's deck %v and draw pile %v, want %v and %v", i+1, loaded.s.Brought[i], loaded.s.Decks[i], want, g.s.Decks[i])
		}
	}
	for range 10 {
		if over, _ := g.Over(); over {
			break
		}
		step(g)
		step(loaded)
	}
	a, _ := g.Save()
	b, _ := loaded.Save()
	if !bytes.Equal(a, b) {
		t.Error("the loaded game plays on unlike the game it was saved from")
	}
}
