package duel

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Card is one card: Suit indexes Deck.Suits, Rank is from Deck.Low to
// Deck.High. The zero Card (rank 0) is no card.
type Card struct {
	Suit uint8
	Rank uint8
}

// compareCards orders cards by suit, then rank: the order of a hand.
func compareCards(a, b Card) int {
	if c := cmp.Compare(a.Suit, b.Suit); c != 0 {
		return c
	}
	return cmp.Compare(a.Rank, b.Rank)
}

// Deck is what the rules data, the deck file, describes: the suits and
// the ranks of its cards, the hand size, and what a player's own deck
// holds (rule 12): PlayerDeck cards, at most Copies of one card. In a
// valid Deck (ParseDeck's) a player's deck deals at least a hand, and one
// can be made of the deck file's cards.
type Deck struct {
	Suits      []string
	Low, High  int
	Hand       int
	PlayerDeck int
	Copies     int
}

// Bounds of a deck file.
const (
	maxSuits      = 8
	maxSuitLen    = 16
	maxRank       = 50
	maxHand       = 10
	maxPlayerDeck = 60
	maxCopies     = 4
)

// Size is the number of different cards of the deck file.
func (d Deck) Size() int { return len(d.Suits) * (d.High - d.Low + 1) }

// Valid reports whether c is a card of the deck file.
func (d Deck) Valid(c Card) bool {
	return int(c.Suit) < len(d.Suits) && int(c.Rank) >= d.Low && int(c.Rank) <= d.High
}

// Cards returns every card of the deck file once, in hand order.
func (d Deck) Cards() []Card {
	out := make([]Card, 0, d.Size())
	for s := range d.Suits {
		for r := d.Low; r <= d.High; r++ {
			out = append(out, Card{Suit: uint8(s), Rank: uint8(r)})
		}
	}
	return out
}

// Name names c for people: "7 of cups". A card not of the deck file is named
// by its numbers.
func (d Deck) Name(c Card) string {
	if int(c.Suit) < len(d.Suits) {
		return fmt.Sprintf("%d of %s", c.Rank, d.Suits[c.Suit])
	}
	return fmt.Sprintf("%d of suit %d", c.Rank, c.Suit)
}

// ParseDeck reads a deck file (see assets/rules/duel.txt): lines "key =
// value" for the keys suits, ranks, hand, deck and copies, each once; '#'
// starts a comment. name
// names the file in errors, which give its line and column:
// "duel.txt:4:9: ranks: want two numbers "low high", have "1"".
func ParseDeck(name string, data []byte) (Deck, error) {
	var d Deck
	if !utf8.Valid(data) {
		return d, fmt.Errorf("%s: not UTF-8 text", name)
	}
	seen := map[string]int{} // key -> line
	var last int             // the last key's line, for errors about the whole deck
	for i, line := range strings.Split(string(data), "\n") {
		ln := i + 1
		bad := func(col int, format string, args ...any) error {
			return fmt.Errorf("%s:%d:%d: %s", name, ln, col, fmt.Sprintf(format, args...))
		}
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		eq := strings.IndexByte(line, '=')
		if eq < 0 {
			return d, bad(1, "want \"key = value\", have %q", clip(line))
		}
		key := strings.TrimSpace(line[:eq])
		keyCol := 1 + len(line[:eq]) - len(strings.TrimLeft(line[:eq], " \t"))
		val := strings.TrimLeft(line[eq+1:], " \t")
		valCol := 1 + len(line) - len(val)
		if at, dup := seen[key]; dup {
			return d, bad(keyCol, "%s given again (first on line %d)", clip(key), at)
		}
		seen[key] = ln
		last = ln
		fields := strings.Fields(val)
		switch key {
		case "suits":
			if len(fields) == 0 || len(fields) > maxSuits {
				return d, bad(valCol, "suits: want 1 to %d names, have %d", maxSuits, len(fields))
			}
			for i, f := range fields {
				col := valCol + fieldStart(val, i)
				if len(f) > maxSuitLen || strings.IndexFunc(f, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
					return d, bad(col, "suits: %q is not a name of 1 to %d lower-case letters", clip(f), maxSuitLen)
				}
				for _, s := range d.Suits {
					if s == f {
						return d, bad(col, "suits: %s twice", f)
					}
				}
				d.Suits = append(d.Suits, f)
			}
		case "ranks":
			if len(fields) != 2 {
				return d, bad(valCol, "ranks: want two numbers \"low high\", have %q", clip(val))
			}
			lo, err1 := strconv.Atoi(fields[0])
			hi, err2 := strconv.Atoi(fields[1])
			if err1 != nil || err2 != nil || lo < 1 || hi <= lo || hi > maxRank {
				return d, bad(valCol, "ranks: want 1 <= low < high <= %d, have %q", maxRank, clip(val))
			}
			d.Low, d.High = lo, hi
		case "hand", "deck", "copies":
			field, most := &d.Hand, maxHand
			switch key {
			case "deck":
				field, most = &d.PlayerDeck, maxPlayerDeck
			case "copies":
				field, most = &d.Copies, maxCopies
			}
			n, err := strconv.Atoi(val)
			if len(fields) != 1 || err != nil || n < 1 || n > most {
				return d, bad(valCol, "%s: want a number from 1 to %d, have %q", key, most, clip(val))
			}
			*field = n
		default:
			return d, bad(keyCol, "unknown key %q (want suits, ranks, hand, deck or copies)", clip(key))
		}
	}
	for _, k := range []string{"suits", "ranks", "hand", "deck", "copies"} {
		if _, ok := seen[k]; !ok {
			return d, fmt.Errorf("%s: no %s", name, k)
		}
	}
	switch {
	case d.PlayerDeck < d.Hand:
		return d, fmt.Errorf("%s:%d: a deck of %d cards cannot deal a hand of %d", name, seen["deck"], d.PlayerDeck, d.Hand)
	case d.PlayerDeck > d.Copies*d.Size():
		return d, fmt.Errorf("%s:%d: a deck of %d cards cannot be made of %d cards, %d copies of each at most", name, last, d.PlayerDeck, d.Size(), d.Copies)
	}
	return d, nil
}

// checkBrought checks a player's deck as a game keeps it: PlayerDeck cards
// of the deck file, sorted, at most Copies of a card.
func (d Deck) checkBrought(cards []Card) error {
	if len(cards) != d.PlayerDeck {
		return fmt.Errorf("%d cards, want %d", len(cards), d.PlayerDeck)
	}
	if !slices.IsSortedFunc(cards, compareCards) {
		return errors.New("not sorted")
	}
	for i, c := range cards {
		switch {
		case !d.Valid(c):
			return fmt.Errorf("card %d of suit %d is not of the deck file", c.Rank, c.Suit)
		case i >= d.Copies && cards[i-d.Copies] == c:
			return fmt.Errorf("more than %d of the %s", d.Copies, d.Name(c))
		}
	}
	return nil
}

// within reports whether the cards a are among the cards b, copies
// counted; if not, it returns a card of a that b holds too few of.
func within(a, b []Card) (Card, bool) {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, compareCards)
	slices.SortFunc(b, compareCards)
	j := 0
	for _, c := range a {
		for j < len(b) && compareCards(b[j], c) < 0 {
			j++
		}
		if j == len(b) || b[j] != c {
			return c, false
		}
		j++
	}
	return Card{}, true
}

// fieldStart returns the byte offset in s of its i-th space-separated
// field (strings.Fields').
func fieldStart(s string, i int) int {
	in := false
	for j, r := range s {
		space := unicode.IsSpace(r)
		if !space && !in {
			if i == 0 {
				return j
			}
			i--
		}
		in = !space
	}
	return len(s)
}

// clip cuts untrusted text to quote it in an error.
func clip(s string) string {
	const n = 32
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}
