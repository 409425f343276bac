package duel

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"empires/shared/ruleset"
	"empires/shared/words"
)

// The bounds of a player's deck in its text form.
const (
	// MaxPlayerDeckBytes is the most bytes of a player's deck: room for a
	// deck of the most cards, every line commented.
	MaxPlayerDeckBytes = 8 << 10
	// maxProblems is the most problems ReadPlayerDeck lists one by one;
	// a last one counts the others.
	maxProblems = 40
)

// ReadPlayerDeck reads a player's deck in its text form (see the package
// doc, "Decks"): one card a line, its rank then its suit, "7 swords" or
// "7 of swords"; '#' starts a comment; blank lines are skipped. It returns
// the cards, sorted, and every problem of the deck as a Rejection whose
// Index is the line (0 for the deck as a whole): a line that is no card, a
// suit or a rank the deck file lacks, a card beyond its copies, a deck of
// the wrong size. Past maxProblems, one last Rejection counts the rest. An
// error is for data that is no deck at all: not UTF-8 text, or longer than
// MaxPlayerDeckBytes.
func (d Deck) ReadPlayerDeck(data []byte) ([]Card, []ruleset.Rejection, error) {
	switch {
	case len(data) > MaxPlayerDeckBytes:
		return nil, nil, fmt.Errorf("a deck of %d bytes: at most %d", len(data), MaxPlayerDeckBytes)
	case !utf8.Valid(data):
		return nil, nil, fmt.Errorf("a deck is text, and this is not UTF-8")
	}
	var cards []Card
	var problems []ruleset.Rejection
	lines := 0 // the lines that name a card, well or not
	copies := map[Card]int{}
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		lines++
		bad := func(format string, args ...any) {
			problems = append(problems, ruleset.Rejection{Index: i + 1, Order: clip(line), Reason: fmt.Sprintf(format, args...)})
		}
		c, err := d.ParseCard(line)
		if err != nil {
			bad("%v", err)
			continue
		}
		copies[c]++
		if n := copies[c]; n > d.Copies {
			bad("a deck holds at most %d of a card, and this is the %s %s", d.Copies, ordinal(n), d.Name(c))
			continue
		}
		cards = append(cards, c)
	}
	if lines != d.PlayerDeck {
		problems = append(problems, ruleset.Rejection{Reason: fmt.Sprintf("the deck holds %s, want %d", words.Plural(lines, "card"), d.PlayerDeck)})
	}
	if len(problems) > maxProblems {
		more := len(problems) - maxProblems
		last := fmt.Sprintf("and %d more problems", more)
		if more == 1 {
			last = "and 1 more problem"
		}
		problems = append(problems[:maxProblems], ruleset.Rejection{Reason: last})
	}
	slices.SortFunc(cards, compareCards)
	return cards, problems, nil
}

// ParseCard reads one card as a player writes it: its rank then its suit,
// "7 swords" or "7 of swords", in any case.
func (d Deck) ParseCard(s string) (Card, error) {
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 3 && f[1] == "of" {
		f = []string{f[0], f[2]}
	}
	if len(f) != 2 {
		return Card{}, fmt.Errorf("want a card as \"7 %s\": its rank, then its suit", d.Suits[0])
	}
	rank, err := strconv.Atoi(f[0])
	if err != nil {
		return Card{}, fmt.Errorf("%q is no rank: want a number from %d to %d, then the suit", clip(f[0]), d.Low, d.High)
	}
	suit := slices.Index(d.Suits, f[1])
	switch {
	case suit < 0:
		return Card{}, fmt.Errorf("there is no suit %q: the suits are %s", clip(f[1]), strings.Join(d.Suits, ", "))
	case rank < d.Low || rank > d.High:
		return Card{}, fmt.Errorf("there is no rank %d: the ranks are %d to %d", rank, d.Low, d.High)
	}
	return Card{Suit: uint8(suit), Rank: uint8(rank)}, nil
}

// ordinal writes n as "2nd", "3rd", "4th".
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// FormatPlayerDeck writes cards in a player's deck's text form, one a
// line, sorted: what ReadPlayerDeck reads back.
func (d Deck) FormatPlayerDeck(cards []Card) []byte {
	cards = slices.Clone(cards)
	slices.SortFunc(cards, compareCards)
	var b bytes.Buffer
	for _, c := range cards {
		fmt.Fprintf(&b, "%d %s\n", c.Rank, d.Suits[c.Suit])
	}
	return b.Bytes()
}

// Balanced returns the balanced deck, the one a player who brings none
// plays (rule 12): PlayerDeck cards spread evenly over the suits (the
// first suits take one more where they do not divide evenly) and, in each
// suit, over the ranks, every other suit shifted by half a step so that
// the deck as a whole covers the ranks evenly; once every rank of a suit
// is in, the next copies follow the same way. The built-in deck file's is
// 1 3 5 7 9 of cups and swords, 2 4 6 8 10 of coins and clubs.
func (d Deck) Balanced() []Card {
	ranks := d.High - d.Low + 1
	var out []Card
	for s := range d.Suits {
		k := d.PlayerDeck / len(d.Suits)
		if s < d.PlayerDeck%len(d.Suits) {
			k++
		}
		for k > 0 {
			m := min(k, ranks) // this copy's cards of the suit
			for j := range m {
				idx := (j*ranks + s%2*(ranks/2)) / m
				out = append(out, Card{Suit: uint8(s), Rank: uint8(d.Low + idx)})
			}
			k -= m
		}
	}
	slices.SortFunc(out, compareCards)
	return out
}

var _ ruleset.SeatSetup = (*Rules)(nil)

// CheckSeat implements ruleset.SeatSetup: data is a player's deck in its
// text form (ReadPlayerDeck), and its problems are the deck's.
func (r *Rules) CheckSeat(_ ruleset.Options, data []byte) ([]ruleset.Rejection, error) {
	_, problems, err := r.deck.ReadPlayerDeck(data)
	if err != nil {
		return nil, fmt.Errorf("%s deck: %w", ID, err)
	}
	return problems, nil
}

// DefaultSeat implements ruleset.SeatSetup: the balanced deck (Balanced),
// in its text form under a comment that says so.
func (r *Rules) DefaultSeat(ruleset.Options) []byte {
	head := fmt.Sprintf("# The balanced deck: %d cards spread over the suits and the ranks.\n", r.deck.PlayerDeck)
	return append([]byte(head), r.deck.FormatPlayerDeck(r.deck.Balanced())...)
}

// playerDecks returns the seats' decks of cfg (rule 12), sorted: each
// seat's set-up data read as a player's deck; the balanced deck for every
// seat when cfg has none, and for a seat whose data is empty.
func (r *Rules) playerDecks(cfg ruleset.Config) ([][]Card, error) {
	if cfg.SeatData != nil && len(cfg.SeatData) != cfg.Seats {
		return nil, fmt.Errorf("%d seats' decks for %d seats", len(cfg.SeatData), cfg.Seats)
	}
	out := make([][]Card, cfg.Seats)
	for i := range out {
		if i >= len(cfg.SeatData) || len(cfg.SeatData[i]) == 0 {
			out[i] = r.deck.Balanced()
			continue
		}
		cards, problems, err := r.deck.ReadPlayerDeck(cfg.SeatData[i])
		switch {
		case err != nil:
			return nil, fmt.Errorf("seat %d's deck: %w", i+1, err)
		case len(problems) > 0:
			p := problems[0]
			where := ""
			if p.Index > 0 {
				where = fmt.Sprintf("line %d: ", p.Index)
			}
			return nil, fmt.Errorf("seat %d's deck: %s%v (%s)", i+1, where, &p, words.Plural(len(problems), "problem"))
		}
		out[i] = cards
	}
	return out, nil
}
