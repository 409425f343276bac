package duel

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/ruleset"
)

func TestParseDeck(t *testing.T) {
	tests := []struct {
		name string
		have string
		want Deck
		err  string
	}{
		{"built-in", string(New().Data()), Deck{Suits: []string{"cups", "coins", "swords", "clubs"}, Low: 1, High: 10, Hand: 5, PlayerDeck: 20, Copies: 2}, ""},
		{"comments and blanks", "# a mod\n\nsuits = red black # two\nranks = 2 14\r\nhand = 4\ndeck = 26\ncopies = 1\n",
			Deck{Suits: []string{"red", "black"}, Low: 2, High: 14, Hand: 4, PlayerDeck: 26, Copies: 1}, ""},
		{"empty", "", Deck{}, "deck: no suits"},
		{"no hand", "suits = a\nranks = 1 40\n", Deck{}, "deck: no hand"},
		{"no deck size", "suits = a\nranks = 1 40\nhand = 5\ncopies = 2\n", Deck{}, "deck: no deck"},
		{"no copies", "suits = a\nranks = 1 40\nhand = 5\ndeck = 20\n", Deck{}, "deck: no copies"},
		{"a deck too big", "deck = 61\n", Deck{}, `deck:1:8: deck: want a number from 1 to 60, have "61"`},
		{"no copies at all", "copies = 0\n", Deck{}, `deck:1:10: copies: want a number from 1 to 4, have "0"`},
		{"a deck smaller than a hand", "suits = a\nranks = 1 40\nhand = 5\ndeck = 4\ncopies = 2\n", Deck{}, "deck:4: a deck of 4 cards cannot deal a hand of 5"},
		{"no deck to make", "suits = a b\nranks = 1 5\nhand = 5\ndeck = 21\ncopies = 2\n", Deck{}, "deck:5: a deck of 21 cards cannot be made of 10 cards, 2 copies of each at most"},
		{"not key = value", "suits = a b\nranks 1 10\n", Deck{}, `deck:2:1: want "key = value", have "ranks 1 10"`},
		{"unknown key", "suits = a b\n  jokers = 2\n", Deck{}, `deck:2:3: unknown key "jokers" (want suits, ranks, hand, deck or copies)`},
		{"key twice", "hand = 5\nhand = 4\n", Deck{}, "deck:2:1: hand given again (first on line 1)"},
		{"a bad suit", "suits = cups Coins\n", Deck{}, `deck:1:14: suits: "Coins" is not a name`},
		{"a suit twice", "suits = cups  coins cups\n", Deck{}, "deck:1:21: suits: cups twice"},
		{"too many suits", "suits = a b c d e f g h i\n", Deck{}, "deck:1:9: suits: want 1 to 8 names, have 9"},
		{"one rank", "ranks = 1\n", Deck{}, `deck:1:9: ranks: want two numbers "low high", have "1"`},
		{"ranks upside down", "ranks = 10 1\n", Deck{}, "deck:1:9: ranks: want 1 <= low < high <= 50"},
		{"rank zero", "ranks = 0 10\n", Deck{}, "deck:1:9: ranks: want 1 <= low < high <= 50"},
		{"hand not a number", "hand = five\n", Deck{}, `deck:1:8: hand: want a number from 1 to 10, have "five"`},
		{"binary", "suits = \xff\xfe\n", Deck{}, "deck: not UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := ParseDeck("deck", []byte(tt.have))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("have error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(have.Suits, tt.want.Suits) || have.Low != tt.want.Low || have.High != tt.want.High || have.Hand != tt.want.Hand ||
				have.PlayerDeck != tt.want.PlayerDeck || have.Copies != tt.want.Copies {
				t.Errorf("have %+v, want %+v", have, tt.want)
			}
		})
	}
}

// TestWithData checks a mod's deck file: its own hash and players' decks,
// and that each refuses the other's saves by name.
func TestWithData(t *testing.T) {
	modData := []byte("suits = red black\nranks = 1 13\nhand = 4\ndeck = 13\ncopies = 1\n")
	m, err := New().WithData(modData)
	must(t, err)
	mod := m.(*Rules)
	if mod.Info().Hash != ruleset.HashData(modData) || mod.Info().Hash == New().Info().Hash {
		t.Errorf("the mod's hash %s: want the hash of its data, not the built-in's", mod.Info().Hash)
	}
	g, err := mod.New(config(1, 2, 3))
	must(t, err)
	if have := len(g.(*game).s.Decks[0]) + 4; have != 13 || len(g.(*game).s.Hands[0]) != 4 {
		t.Errorf("the mod deals a hand of %d from a deck of %d cards, want 4 of 13", len(g.(*game).s.Hands[0]), have)
	}
	save, err := g.Save()
	must(t, err)
	if _, err := New().Load(save); err == nil || !strings.Contains(err.Error(), "another deck") {
		t.Errorf("the built-in rules load a mod's save: %v", err)
	}
	if _, err := mod.WithData([]byte("suits = x\n")); err == nil || !strings.Contains(err.Error(), "duel data: duel.txt: no ranks") {
		t.Errorf("a broken mod: have %v", err)
	}
}
