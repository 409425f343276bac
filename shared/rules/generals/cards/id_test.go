package cards

import (
	"strings"
	"testing"
)

// TestParseID checks the document's identification numbers: "The Huns:
// Horseman Platoon is EGFETHS4 this tells us that EG = Empieres and
// Generals Basic Game FE = Family Edition TH = The Huns S = Soldier 4 =
// The fourth soldier card created in the empire", and the variants "EGFETHS1a,
// EGFETHS1b, and EGFETHS1c. These are different identification numbers".
func TestParseID(t *testing.T) {
	tests := []struct {
		have string
		want ID
	}{
		{"EGFETHS4", ID{Game: "EG", Edition: "FE", Empire: "TH", Kind: Soldier, Number: 4}},
		{"EGFETHS1a", ID{Game: "EG", Edition: "FE", Empire: "TH", Kind: Soldier, Number: 1, Variant: 'a'}},
		{"EGFETHS1c", ID{Game: "EG", Edition: "FE", Empire: "TH", Kind: Soldier, Number: 1, Variant: 'c'}},
		{"EGXERMG12", ID{Game: "EG", Edition: "XE", Empire: "RM", Kind: General, Number: 12}},
		{"TXFEEYK1", ID{Game: "TX", Edition: "FE", Empire: "EY", Kind: Kingdom, Number: 1}},
		{"EGFENTR999z", ID{Game: "EG", Edition: "FE", Empire: "NT", Kind: Resource, Number: 999, Variant: 'z'}},
		{"EGFENTP3", ID{Game: "EG", Edition: "FE", Empire: "NT", Kind: Strategy, Number: 3}},
		{"EGFENTT3", ID{Game: "EG", Edition: "FE", Empire: "NT", Kind: Tactics, Number: 3}},
		{"EGFENTM3", ID{Game: "EG", Edition: "FE", Empire: "NT", Kind: Trader, Number: 3}},
		{"EGFENTA3", ID{Game: "EG", Edition: "FE", Empire: "NT", Kind: ActOfGod, Number: 3}},
	}
	for _, tt := range tests {
		have, err := ParseID(tt.have)
		if err != nil {
			t.Errorf("ParseID(%q): %v", tt.have, err)
			continue
		}
		if have != tt.want {
			t.Errorf("ParseID(%q) = %+v, want %+v", tt.have, have, tt.want)
		}
		if s := have.String(); s != tt.have {
			t.Errorf("ParseID(%q).String() = %q", tt.have, s)
		}
	}
	if a, b := "EGFETHS1a", "EGFETHS1b"; mustID(t, a) == mustID(t, b) {
		t.Errorf("%s and %s are one ID: the variants are different identification numbers", a, b)
	}
}

func mustID(t *testing.T, s string) ID {
	t.Helper()
	id, err := ParseID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestParseIDRefused checks that each part of a malformed number is named.
func TestParseIDRefused(t *testing.T) {
	tests := []struct {
		have string
		want string // in the error
	}{
		{"", "too short"},
		{"EGFETHS", "too short"},
		{"EGFETHS4EGFETHS4EG", "too long"},
		{"egFETHS4", `its game "eg" is not two capital letters`},
		{"EG1ETHS4", `its edition "1E" is not two capital letters`},
		{"EGFETxS4", `its empire "Tx" is not two capital letters`},
		{"EGFETHX4", `its type "X" is none of G, S, K, P, T, R, M, A`},
		{"EGFETHS04", "not 1 to 999 without leading zeros"},
		{"EGFETHS0a", "not 1 to 999 without leading zeros"},
		{"EGFETHS1000", "not 1 to 999"},
		{"EGFETHSab", "is not a number"},
		{"EGFETHS4A", "is not a number"},
		{"EGFETHS+4", "is not a number"},
		{"EGFETHS-4", "is not a number"},
		{"EGFETHS 4", "is not a number"},
	}
	for _, tt := range tests {
		_, err := ParseID(tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseID(%q) = %v, want an error with %q", tt.have, err, tt.want)
		}
	}
}

// TestRarity checks the Card Limits: "Common: Five of the same in your
// decks." "Uncommon: Three of the same in your decks." "Rare: One of the
// same in your decks." "Ultra Rare: Only one total in either of your
// decks".
func TestRarity(t *testing.T) {
	tests := []struct {
		have string
		want Rarity
		most int
	}{
		{"common", Common, 5},
		{"uncommon", Uncommon, 3},
		{"rare", Rare, 1},
		{"ultra rare", UltraRare, 1},
	}
	for _, tt := range tests {
		r, err := ParseRarity(tt.have)
		if err != nil || r != tt.want || r.Limit() != tt.most || r.String() != tt.have {
			t.Errorf("ParseRarity(%q) = %v (limit %d), %v; want %v, limit %d", tt.have, r, r.Limit(), err, tt.want, tt.most)
		}
	}
	for _, bad := range []string{"", "Common", "ultra-rare", "legendary"} {
		if _, err := ParseRarity(bad); err == nil {
			t.Errorf("ParseRarity(%q) accepted", bad)
		}
	}
	// "You can tell a card is common because it has no marking to show it
	// uncommon, rare or ultra rare."
	if Rarity(0) != Common {
		t.Error("the zero Rarity is not common")
	}
}

// TestKinds checks that the kinds split into the document's two piles:
// "The Playing Cards are arranged in the Draw Pile and the Resource Cards
// are arranged in the Supply Pile."
func TestKinds(t *testing.T) {
	tests := []struct {
		have    Kind
		letter  byte
		playing bool
		unit    bool
	}{
		{General, 'G', true, true},
		{Soldier, 'S', true, true},
		{Kingdom, 'K', true, false},
		{Strategy, 'P', true, false},
		{Tactics, 'T', true, false},
		{Resource, 'R', false, false},
		{Trader, 'M', false, false},
		{ActOfGod, 'A', false, false},
	}
	if len(Kinds()) != len(tests) {
		t.Fatalf("%d kinds, want %d", len(Kinds()), len(tests))
	}
	for _, tt := range tests {
		k := tt.have
		if k.Letter() != tt.letter || k.Playing() != tt.playing || k.Supply() == tt.playing || k.Unit() != tt.unit {
			t.Errorf("%v: letter %c playing %v supply %v unit %v, want %c %v %v %v", k, k.Letter(), k.Playing(), k.Supply(), k.Unit(), tt.letter, tt.playing, !tt.playing, tt.unit)
		}
	}
}
