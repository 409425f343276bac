package cards

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is a card's type, the ID's type letter. The zero Kind is none.
type Kind uint8

// The kinds of card the document names: five kinds of Playing Card (the
// Draw Pile) and three of Resource Card (the Supply Pile).
const (
	NoKind   Kind = iota
	General       // G: a unit with Strength and Life; no Pull unless noted
	Soldier       // S: a unit with Strength and Life; suffers Pull
	Kingdom       // K: played in the Kingdom Phase; stays in play
	Strategy      // P: played in the Kingdom Phase; stays in play
	Tactics       // T: played in the Army Phase; its effect, then discarded
	Resource      // R: a Specialty Resource: a harvest effect, a discard ability
	Trader        // M: a Resource Trader: trades resources in the Harvest Phase
	ActOfGod      // A: an Act of God: played, then removed in the Resolve Phase
	lastKind = ActOfGod
)

// kindLetters are the kinds' letters in the ID, in Kind order.
const kindLetters = "?GSKPTRMA"

// Kinds returns every kind, in order.
func Kinds() []Kind {
	out := make([]Kind, 0, lastKind)
	for k := Kind(1); k <= lastKind; k++ {
		out = append(out, k)
	}
	return out
}

// Letter is k's letter in an identification number: 'S' for Soldier.
func (k Kind) Letter() byte {
	if k > lastKind {
		return '?'
	}
	return kindLetters[k]
}

// String names k as the document does: "Soldier", "Specialty Resource".
func (k Kind) String() string {
	switch k {
	case General:
		return "General"
	case Soldier:
		return "Soldier"
	case Kingdom:
		return "Kingdom"
	case Strategy:
		return "Strategy"
	case Tactics:
		return "Tactics"
	case Resource:
		return "Specialty Resource"
	case Trader:
		return "Resource Trader"
	case ActOfGod:
		return "Act of God"
	}
	return "no kind"
}

// Playing reports whether k is a Playing Card, of the Draw Pile.
func (k Kind) Playing() bool { return k >= General && k <= Tactics }

// Supply reports whether k is a Resource Card, of the Supply Pile.
func (k Kind) Supply() bool { return k >= Resource && k <= ActOfGod }

// Unit reports whether k has Strength and Life: a General or a Soldier.
func (k Kind) Unit() bool { return k == General || k == Soldier }

// GameCode is the first part of an identification number, the game: "EG".
type GameCode string

// EditionCode is an identification number's edition: "FE".
type EditionCode string

// EmpireCode is an identification number's empire: "TH".
type EmpireCode string

// ID is a card's identification number, "EGFETHS4" or "EGFETHS1a": the
// game, the edition, the empire (two capital letters each), the type
// letter, the card's number among its empire's cards of the type (1 to
// MaxNumber, no leading zero) and a variant letter (a to z) or none.
// Cards of different IDs are different cards for the card limits, even
// of the same name. The zero ID is none. IDs compare with ==.
type ID struct {
	Game    GameCode
	Edition EditionCode
	Empire  EmpireCode
	Kind    Kind
	Number  int
	Variant byte // 'a' to 'z', or 0
}

// MaxNumber is the highest card number of an identification number.
const MaxNumber = 999

// String formats id as the document writes it: "EGFETHS4".
func (id ID) String() string {
	if id == (ID{}) {
		return "no card"
	}
	s := fmt.Sprintf("%s%s%s%c%d", id.Game, id.Edition, id.Empire, id.Kind.Letter(), id.Number)
	if id.Variant != 0 {
		s += string(rune(id.Variant))
	}
	return s
}

// ParseID reads an identification number as String writes it. Its errors
// say which part is wrong, and what the part should be.
func ParseID(s string) (ID, error) {
	const example = ` (like "EGFETHS4": game, edition, empire, type, number)`
	if len(s) > 16 {
		return ID{}, fmt.Errorf("%q is no identification number: too long%s", clip(s), example)
	}
	if len(s) < 8 {
		return ID{}, fmt.Errorf("%q is no identification number: too short%s", s, example)
	}
	var id ID
	for i, part := range []struct {
		name string
		set  func(string)
	}{
		{"game", func(c string) { id.Game = GameCode(c) }},
		{"edition", func(c string) { id.Edition = EditionCode(c) }},
		{"empire", func(c string) { id.Empire = EmpireCode(c) }},
	} {
		c := s[2*i : 2*i+2]
		if !capitals(c) {
			return ID{}, fmt.Errorf("%q is no identification number: its %s %q is not two capital letters%s", s, part.name, c, example)
		}
		part.set(c)
	}
	k := strings.IndexByte(kindLetters, s[6])
	if k < 1 {
		return ID{}, fmt.Errorf("%q is no identification number: its type %q is none of G, S, K, P, T, R, M, A", s, s[6:7])
	}
	id.Kind = Kind(k)
	rest := s[7:]
	if c := rest[len(rest)-1]; c >= 'a' && c <= 'z' {
		id.Variant = c
		rest = rest[:len(rest)-1]
	}
	n, err := strconv.Atoi(rest)
	switch {
	case rest == "" || err != nil || rest[0] < '0' || rest[0] > '9':
		return ID{}, fmt.Errorf("%q is no identification number: %q after the type is not a number, then perhaps a variant letter a to z", s, s[7:])
	case rest[0] == '0' || n < 1 || n > MaxNumber:
		return ID{}, fmt.Errorf("%q is no identification number: its number %s is not 1 to %d without leading zeros", s, rest, MaxNumber)
	}
	id.Number = n
	return id, nil
}

// capitals reports whether s is all capital letters A to Z.
func capitals(s string) bool {
	for i := range len(s) {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return s != ""
}

// clip shortens s for an error message.
func clip(s string) string {
	const most = 32
	if len(s) <= most {
		return s
	}
	return s[:most] + "..."
}

// Rarity is how rare a card is, which sets how many copies a deck holds.
// The zero Rarity is common: "You can tell a card is common because it has
// no marking to show it uncommon, rare or ultra rare."
type Rarity uint8

// The four rarities.
const (
	Common Rarity = iota
	Uncommon
	Rare
	UltraRare
	lastRarity = UltraRare
)

// String names r as a data file writes it: "ultra rare".
func (r Rarity) String() string {
	switch r {
	case Common:
		return "common"
	case Uncommon:
		return "uncommon"
	case Rare:
		return "rare"
	case UltraRare:
		return "ultra rare"
	}
	return "no rarity"
}

// article is "a" or "an" before r's name.
func (r Rarity) article() string {
	if r == Uncommon || r == UltraRare {
		return "an"
	}
	return "a"
}

// ParseRarity reads a rarity as String writes it.
func ParseRarity(s string) (Rarity, error) {
	for r := Common; r <= lastRarity; r++ {
		if s == r.String() {
			return r, nil
		}
	}
	return 0, fmt.Errorf("%q is no rarity: want common, uncommon, rare or ultra rare", clip(s))
}

// Limit is the most copies of one identification number a deck holds of
// a card of rarity r (Card Limits): 5, 3, 1, and 1 for ultra rare, which
// also allows only one ultra rare card in both decks in all.
func (r Rarity) Limit() int {
	switch r {
	case Common:
		return 5
	case Uncommon:
		return 3
	}
	return 1
}
