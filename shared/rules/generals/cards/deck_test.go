package cards

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"empires/shared/ruleset"
)

// deckText writes a deck's encoding of lines "ID N".
func deckText(lines ...string) []byte {
	return []byte(DeckHeader + "\n" + strings.Join(lines, "\n") + "\n")
}

// legalPlaying is a Draw Pile of 29 legal Playing Cards of The Huns,
// without an ultra rare, and legalSupply a Supply Pile of 10.
var (
	legalPlaying = []string{
		"EGFETHG4 5", "EGFETHS1a 5", "EGFETHS1b 5", "EGFETHS4 5", "EGFETHK1 5", "EGFETHP1 4",
	}
	legalSupply = []string{"EGFETHR1 5", "EGFENTR1 5"}
)

// deckProblems returns CheckDeck's problems of data as "line: reason".
func deckProblems(t *testing.T, c *Collection, g GameType, lim Limits, data []byte) []string {
	t.Helper()
	_, rs, err := c.CheckDeck(g, lim, data)
	if err != nil {
		t.Fatalf("CheckDeck: %v", err)
	}
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%d: %s", r.Index, r.Reason))
	}
	return out
}

// TestDeckRules checks each deck rule, every problem listed in words a
// player understands, with the line of the card.
func TestDeckRules(t *testing.T) {
	c := collection(t)
	with := func(extra ...string) []byte {
		return deckText(append(append(append([]string{}, legalPlaying...), legalSupply...), extra...)...)
	}
	tests := []struct {
		rule string // the document's sentence
		have []byte
		lim  Limits
		want []string
	}{
		{"Minimum number of Playing Cards: 25", with(), Standard, nil},
		{"Minimum number of Playing Cards: 25", deckText("EGFETHG4 5", "EGFETHS4 5"), Standard,
			[]string{"0: the Draw Pile holds 10 Playing Cards: at least 25"}},
		{"Minimum number of Cards in Supply Pile: None", deckText(legalPlaying...), Standard, nil},
		{"Maximum number of Playing Cards: None", with("EGFETHS2 5", "EGFETHT2 5", "EGFETHT3 5", "EGFETHP3 5"), Standard, nil},
		{"Common: Five of the same in your decks.", with("EGFETHS2 6"), Standard,
			[]string{"10: 6 copies of EGFETHS2 (Mounted Archers), a common: at most 5"}},
		{"Common: Five of the same in your decks. (counted over lines)", with("EGFETHS2 3", "EGFETHS2 3"), Standard,
			[]string{"11: 6 copies of EGFETHS2 (Mounted Archers), a common: at most 5"}},
		{"Uncommon: Three of the same in your decks.", with("EGFETHG3 3"), Standard, nil},
		{"Uncommon: Three of the same in your decks.", with("EGFETHG3 4"), Standard,
			[]string{"10: 4 copies of EGFETHG3 (Uldin the Raider), an uncommon: at most 3"}},
		{"Uncommon, in the Supply Pile", with("EGFENTR6 4"), Standard,
			[]string{"10: 4 copies of EGFENTR6 (Gold Vein), an uncommon: at most 3"}},
		{"Rare: One of the same in your decks.", with("EGFETHG2 1"), Standard, nil},
		{"Rare: One of the same in your decks.", with("EGFETHG2 2"), Standard,
			[]string{"10: 2 copies of EGFETHG2 (Bleda, Elder King), a rare: at most 1"}},
		{"Ultra Rare: Only one total in either of your decks", with("EGFETHG1"), Standard, nil},
		{"Ultra Rare: Only one total in either of your decks", with("EGFETHG1 2"), Standard,
			[]string{"10: 2 copies of EGFETHG1 (Attila, Scourge of God), an ultra rare: at most 1"}},
		{"Ultra Rare: Only one total in either of your decks", with("EGFETHG1", "TXFERMK1"), Standard,
			[]string{"0: 2 ultra rare cards (EGFETHG1, TXFERMK1): only one in both decks"}},
		{"In effect you could have 15 \"Hun Warriors\" in your deck, but it would be limited to five of EGFETHS1a, five of EGFETHS1b and five of EGFETHS1c.",
			with("EGFETHS1c 3"), Standard, nil},
		{"... five of EGFETHS1a", with("EGFETHS1a 1"), Standard,
			[]string{"10: 6 copies of EGFETHS1a (Hun Warrior), a common: at most 5"}},
		{"It does not matter what \"Empires\" your deck is comprised of. You may \"Mix and Match\".",
			with("EGFERMS1 5", "EGFEEYS2 5", "EGFEHCT1 5"), Standard, nil},
		{"a card the collection lacks", with("EGFETHS99"), Standard, []string{"10: there is no card EGFETHS99 in the collection"}},
		{"Blitzkrieg Version: 3 Point Quick Game with minimum card rules. 25 Playing Cards, 10 Resource Cards.",
			deckText(legalPlaying...), Blitzkrieg, []string{"0: the Supply Pile holds 0 Resource Cards: at least 10"}},
		{"Blitzkrieg Version: 25 Playing Cards, 10 Resource Cards.", with(), Blitzkrieg, nil},
		{"Southpole Version: 50 point game, 400 Card minimum.", with(), Southpole, []string{"0: the decks hold 39 cards: at least 400"}},
		{"every problem listed", deckText("EGFETHS4 6", "EGFETHG1", "EGFERMG1", "nonsense", "EGFETHS2 0"), Standard, []string{
			"2: 6 copies of EGFETHS4 (Horseman Platoon), a common: at most 5",
			`5: "nonsense" is no identification number: its game "no" is not two capital letters (like "EGFETHS4": game, edition, empire, type, number)`,
			`6: "0" copies: want a number from 1 to 99`,
			"0: 2 ultra rare cards (EGFETHG1, EGFERMG1): only one in both decks",
			"0: the Draw Pile holds 8 Playing Cards: at least 25",
		}},
	}
	for _, tt := range tests {
		have := deckProblems(t, c, OpenGame(), tt.lim, tt.have)
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%s:\nhave %q\nwant %q", tt.rule, have, tt.want)
		}
	}
}

// TestReadyDecks checks the ready-made decks: one per empire, each legal
// in an Open game, and each the document's balanced deck: "29 Playing
// Cards (Draw Pile) 5 General Playing Cards 9 Soldier Playing Cards 5
// Kingdom Playing Cards 5 Strategy Playing Cards 5 Tactics Playing Cards
// 20 Resource Cards (Supply Pile) 15 Specialty Resources 3 Resource
// Traders 2 Act of God Cards".
func TestReadyDecks(t *testing.T) {
	c := collection(t)
	want := map[Kind]int{General: 5, Soldier: 9, Kingdom: 5, Strategy: 5, Tactics: 5, Resource: 15, Trader: 3, ActOfGod: 2}
	for _, name := range []string{"huns", "rome", "egypt", "han"} {
		d, ok := c.Ready(name)
		if !ok {
			t.Errorf("no ready-made deck %q", name)
			continue
		}
		if rs := c.Check(OpenGame(), Standard, d); len(rs) > 0 {
			t.Errorf("%s: %v", name, rs)
		}
		have := map[Kind]int{}
		for _, e := range d.Entries {
			have[e.ID.Kind] += e.Copies
		}
		if !reflect.DeepEqual(have, want) {
			t.Errorf("%s: %v, want %v", name, have, want)
		}
		draw, supply := d.Piles()
		if len(draw) != 29 || len(supply) != 20 {
			t.Errorf("%s: piles of %d and %d cards, want 29 and 20", name, len(draw), len(supply))
		}
		back, rs, err := DecodeDeck(d.Encode())
		if err != nil || len(rs) > 0 || !reflect.DeepEqual(back.Encode(), d.Encode()) {
			t.Errorf("%s: the encoding does not read back: %v %v", name, rs, err)
		}
	}
}

// TestDecodeDeck checks the encoding as seat set-up data: versioned,
// read with limits, a malformed one refused.
func TestDecodeDeck(t *testing.T) {
	good, rs, err := DecodeDeck([]byte("# mine\n\ngenerals deck 1\nEGFETHS4 5 # horsemen\n  EGFETHS1a\nEGFETHS4 99\n"))
	if err != nil || len(rs) > 0 {
		t.Fatalf("DecodeDeck: %v %v", rs, err)
	}
	want := []Entry{{mustID(t, "EGFETHS4"), 5, 4}, {mustID(t, "EGFETHS1a"), 1, 5}, {mustID(t, "EGFETHS4"), 99, 6}}
	if !reflect.DeepEqual(good.Entries, want) {
		t.Errorf("entries %+v, want %+v", good.Entries, want)
	}
	if have, want := string(good.Encode()), "generals deck 1\nEGFETHS1a 1\nEGFETHS4 99\nEGFETHS4 5\n"; have != want {
		t.Errorf("Encode = %q, want %q", have, want)
	}
	refused := []struct {
		have string
		want string
	}{
		{"", "an empty deck"},
		{"# only a comment\n", "an empty deck"},
		{"EGFETHS4 5\n", `is not "generals deck 1"`},
		{"generals deck 2\nEGFETHS4 5\n", "of another version"},
		{"generals deck 1\n\xff\n", "not UTF-8"},
		{DeckHeader + "\n" + strings.Repeat("EGFETHS4 99\n", 21), "more than 2000 cards"},
		{DeckHeader + strings.Repeat("\n", 2001), "lines: at most 2000"},
		{DeckHeader + "\n#" + strings.Repeat("x", MaxDeckBytes), "bytes: at most"},
	}
	for _, tt := range refused {
		_, _, err := DecodeDeck([]byte(tt.have))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DecodeDeck(%.40q) = %v, want an error with %q", tt.have, err, tt.want)
		}
	}
	lines := []struct {
		have string
		want ruleset.Rejection
	}{
		{"EGFETHS4 5 6", ruleset.Rejection{Index: 2, Order: "EGFETHS4 5 6", Reason: `want a card a line: its identification number, then how many ("EGFETHS4 5")`}},
		{"EGFETHS4 -1", ruleset.Rejection{Index: 2, Order: "EGFETHS4 -1", Reason: `"-1" copies: want a number from 1 to 99`}},
		{"EGFETHS4 +1", ruleset.Rejection{Index: 2, Order: "EGFETHS4 +1", Reason: `"+1" copies: want a number from 1 to 99`}},
		{"EGFETHS4 100", ruleset.Rejection{Index: 2, Order: "EGFETHS4 100", Reason: `"100" copies: want a number from 1 to 99`}},
		{"egfeths4", ruleset.Rejection{Index: 2, Order: "egfeths4", Reason: `"egfeths4" is no identification number: its game "eg" is not two capital letters (like "EGFETHS4": game, edition, empire, type, number)`}},
	}
	for _, tt := range lines {
		_, rs, err := DecodeDeck(deckText(tt.have))
		if err != nil || len(rs) != 1 || rs[0] != tt.want {
			t.Errorf("DecodeDeck(%q) = %+v, %v; want %+v", tt.have, rs, err, tt.want)
		}
	}
}

// FuzzDecodeDeck checks that any bytes decode to a deck and its problems
// or an error, never a panic, and that a deck's encoding reads back.
func FuzzDecodeDeck(f *testing.F) {
	f.Add([]byte("generals deck 1\nEGFETHS4 5\nEGFETHS1a\n"))
	f.Add([]byte("generals deck 1\nEGFETHS4 0\nEGFE 99 1\n# x\n"))
	f.Add([]byte("generals deck 2\n"))
	c := collection(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, rs, err := c.CheckDeck(OpenGame(), Standard, data)
		if err != nil {
			return
		}
		for _, r := range rs {
			if r.Reason == "" {
				t.Errorf("a problem without words: %+v", r)
			}
		}
		back, lineProblems, err := DecodeDeck(d.Encode())
		if err != nil || len(lineProblems) > 0 || !reflect.DeepEqual(back.Encode(), d.Encode()) {
			t.Errorf("%q: the encoding does not read back: %v %v", data, lineProblems, err)
		}
	})
}

// TestDeckProblemsBounded checks that a deck of many problems lists the
// first ones one by one, then one that counts the rest.
func TestDeckProblemsBounded(t *testing.T) {
	c := collection(t)
	var lines []string
	for i := range 50 {
		lines = append(lines, fmt.Sprintf("EGFETHS%d 1", 100+i)) // no such cards
	}
	have := deckProblems(t, c, OpenGame(), Standard, deckText(lines...))
	if len(have) != maxDeckProblem+1 {
		t.Fatalf("%d problems, want %d", len(have), maxDeckProblem+1)
	}
	if want := "2: there is no card EGFETHS100 in the collection"; have[0] != want {
		t.Errorf("first problem %q, want %q", have[0], want)
	}
	// 50 unknown cards and a Draw Pile of none: 51 problems, 40 listed.
	if want := "0: and 11 more problems"; have[maxDeckProblem] != want {
		t.Errorf("last problem %q, want %q", have[maxDeckProblem], want)
	}
}
