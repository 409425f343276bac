package cards

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

// DeckHeader is the first line of a deck's encoding, with its version.
const DeckHeader = "generals deck 1"

// The bounds of a deck's encoding.
const (
	MaxDeckBytes   = 32 << 10 // the largest deck: comments and all
	MaxDeckCards   = 2000     // the most cards of a deck (a Southpole deck is 400 at least)
	maxDeckLines   = 2000     // the most lines
	maxCopiesLine  = 99       // the most copies one line counts
	maxDeckProblem = 40       // problems listed one by one; one more counts the rest
)

// Entry is one line of a deck: Copies of the card ID, at Line of the
// deck's text.
type Entry struct {
	ID     ID
	Copies int
	Line   int
}

// Deck is a player's two decks, the Draw Pile's Playing Cards and the
// Supply Pile's Resource Cards together: each card is in the pile of its
// kind. Entries are in the order written.
type Deck struct {
	Entries []Entry
}

// Count returns the deck's cards: Playing Cards and Resource Cards.
func (d Deck) Count() (playing, supply int) {
	for _, e := range d.Entries {
		if e.ID.Kind.Playing() {
			playing += e.Copies
		} else {
			supply += e.Copies
		}
	}
	return playing, supply
}

// Piles returns the deck as its Draw Pile and its Supply Pile, one ID a
// card, in the order written (the engine shuffles them).
func (d Deck) Piles() (draw, supply []ID) {
	for _, e := range d.Entries {
		for range e.Copies {
			if e.ID.Kind.Playing() {
				draw = append(draw, e.ID)
			} else {
				supply = append(supply, e.ID)
			}
		}
	}
	return draw, supply
}

// Encode writes d as seat set-up data: DeckHeader, then a line a card,
// "EGFETHS4 5", in ID order, copies of an ID on one line. DecodeDeck
// reads it back.
func (d Deck) Encode() []byte {
	copies := map[ID]int{}
	for _, e := range d.Entries {
		copies[e.ID] += e.Copies
	}
	ids := make([]ID, 0, len(copies))
	for id := range copies {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b ID) int { return strings.Compare(a.String(), b.String()) })
	var b bytes.Buffer
	b.WriteString(DeckHeader + "\n")
	for _, id := range ids {
		for n := copies[id]; n > 0; n -= maxCopiesLine {
			fmt.Fprintf(&b, "%s %d\n", id, min(n, maxCopiesLine))
		}
	}
	return b.Bytes()
}

// DecodeDeck reads a deck's encoding: its first line that is not blank or
// a comment is DeckHeader, then a line a card: its identification number
// and how many copies ("EGFETHS4 5"; one when the number is left out);
// '#' starts a comment. It returns the deck and every problem of a line
// as a Rejection whose Index is the line: no identification number, a
// count that is not 1 to 99. An error is for data that is no deck at all:
// longer than MaxDeckBytes, not UTF-8 text, without the header or of
// another version, more than MaxDeckCards cards.
func DecodeDeck(data []byte) (Deck, []ruleset.Rejection, error) {
	var d Deck
	switch {
	case len(data) > MaxDeckBytes:
		return d, nil, fmt.Errorf("a deck of %d bytes: at most %d", len(data), MaxDeckBytes)
	case !utf8.Valid(data):
		return d, nil, fmt.Errorf("a deck is text, and this is not UTF-8")
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) > maxDeckLines {
		return d, nil, fmt.Errorf("a deck of %d lines: at most %d", len(lines), maxDeckLines)
	}
	var problems []ruleset.Rejection
	header, total := false, 0
	for i, line := range lines {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if !header {
			if line != DeckHeader {
				return d, nil, fmt.Errorf("line %d: %q is not %q: this is no deck, or one of another version", i+1, clip(line), DeckHeader)
			}
			header = true
			continue
		}
		f := strings.Fields(line)
		bad := func(format string, args ...any) {
			problems = append(problems, ruleset.Rejection{Index: i + 1, Order: clip(line), Reason: fmt.Sprintf(format, args...)})
		}
		if len(f) > 2 {
			bad("want a card a line: its identification number, then how many (\"EGFETHS4 5\")")
			continue
		}
		id, err := ParseID(f[0])
		if err != nil {
			bad("%v", err)
			continue
		}
		n := 1
		if len(f) == 2 {
			n, err = strconv.Atoi(f[1])
			if err != nil || n < 1 || n > maxCopiesLine || f[1][0] == '+' {
				bad("%q copies: want a number from 1 to %d", clip(f[1]), maxCopiesLine)
				continue
			}
		}
		if total += n; total > MaxDeckCards {
			return Deck{}, nil, fmt.Errorf("line %d: more than %d cards: no deck is that large", i+1, MaxDeckCards)
		}
		d.Entries = append(d.Entries, Entry{ID: id, Copies: n, Line: i + 1})
	}
	if !header {
		return d, nil, fmt.Errorf("an empty deck: want %q on its first line", DeckHeader)
	}
	return d, problems, nil
}

// Limits are a game's deck sizes: the fewest Playing Cards of the Draw
// Pile, Resource Cards of the Supply Pile, and cards in all.
type Limits struct {
	MinPlaying int
	MinSupply  int
	MinTotal   int
}

// The deck sizes of the document's games.
var (
	// Standard: "Minimum number of Playing Cards: 25"; "Minimum number
	// of Cards in Supply Pile: None"; no maximum.
	Standard = Limits{MinPlaying: 25}
	// Blitzkrieg: "minimum card rules. 25 Playing Cards, 10 Resource Cards."
	Blitzkrieg = Limits{MinPlaying: 25, MinSupply: 10}
	// Southpole: "400 Card minimum".
	Southpole = Limits{MinPlaying: 25, MinTotal: 400}
)

// Check returns every problem of deck d for a game of type g and deck
// sizes lim, in words a player understands, Index the deck's line of the
// card (0 for the deck as a whole), in line order, then the whole deck's:
// a card the collection lacks or the game type bars; more copies of an ID
// than its rarity allows ("4 copies of EGRMS12a, an uncommon: at most
// 3"); more than one ultra rare card in both decks; too few cards.
// Past maxDeckProblem problems one more counts the rest.
func (c *Collection) Check(g GameType, lim Limits, d Deck) []ruleset.Rejection {
	return truncate(c.check(g, lim, d))
}

// check is Check without the bound on the problems.
func (c *Collection) check(g GameType, lim Limits, d Deck) []ruleset.Rejection {
	var out []ruleset.Rejection
	total := map[ID]int{} // the copies of each ID in the whole deck
	for _, e := range d.Entries {
		total[e.ID] += e.Copies
	}
	copies := map[ID]int{} // the copies of each ID up to this line
	var ultra []string
	playing, supply := 0, 0 // the cards of the collection
	for _, e := range d.Entries {
		reject := func(format string, args ...any) {
			out = append(out, ruleset.Rejection{Index: e.Line, Order: fmt.Sprintf("%s %d", e.ID, e.Copies), Reason: fmt.Sprintf(format, args...)})
		}
		card, ok := c.Card(e.ID)
		if !ok {
			reject("there is no card %s in the collection", e.ID)
			continue
		}
		if why := c.Legal(g, e.ID); why != "" {
			reject("%s (%s) %s", e.ID, card.Name, why)
			continue
		}
		if e.ID.Kind.Playing() {
			playing += e.Copies
		} else {
			supply += e.Copies
		}
		before := copies[e.ID]
		copies[e.ID] += e.Copies
		if most := card.Rarity.Limit(); copies[e.ID] > most && before <= most {
			reject("%s of %s (%s), %s %s: at most %d", words.Plural(total[e.ID], "copy"), e.ID, card.Name, card.Rarity.article(), card.Rarity, most)
		}
		if card.Rarity == UltraRare && before == 0 {
			ultra = append(ultra, e.ID.String())
		}
	}
	whole := func(format string, args ...any) {
		out = append(out, ruleset.Rejection{Reason: fmt.Sprintf(format, args...)})
	}
	if len(ultra) > 1 {
		whole("%d ultra rare cards (%s): only one in both decks", len(ultra), strings.Join(ultra, ", "))
	}
	if playing < lim.MinPlaying {
		whole("the Draw Pile holds %s: at least %d", words.Plural(playing, "Playing Card"), lim.MinPlaying)
	}
	if supply < lim.MinSupply {
		whole("the Supply Pile holds %s: at least %d", words.Plural(supply, "Resource Card"), lim.MinSupply)
	}
	if playing+supply < lim.MinTotal {
		whole("the decks hold %s: at least %d", words.Plural(playing+supply, "card"), lim.MinTotal)
	}
	return out
}

// truncate keeps the first maxDeckProblem problems, and one more that
// counts the rest.
func truncate(out []ruleset.Rejection) []ruleset.Rejection {
	if len(out) > maxDeckProblem {
		more := len(out) - maxDeckProblem
		out = append(out[:maxDeckProblem], ruleset.Rejection{Reason: fmt.Sprintf("and %s", words.Plural(more, "more problem"))})
	}
	return out
}

// CheckDeck decodes data (DecodeDeck) and checks the deck (Check): what a
// ruleset's CheckSeat answers. The problems are the lines' and then the
// deck's; an error is for data that is no deck at all.
func (c *Collection) CheckDeck(g GameType, lim Limits, data []byte) (Deck, []ruleset.Rejection, error) {
	d, problems, err := DecodeDeck(data)
	if err != nil {
		return Deck{}, nil, err
	}
	problems = append(problems, c.check(g, lim, d)...)
	slices.SortStableFunc(problems, func(a, b ruleset.Rejection) int {
		switch {
		case a.Index == 0 && b.Index != 0:
			return 1
		case b.Index == 0 && a.Index != 0:
			return -1
		}
		return a.Index - b.Index
	})
	return d, truncate(problems), nil
}
