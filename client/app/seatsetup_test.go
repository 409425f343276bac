package app

import (
	"bytes"
	"slices"
	"testing"

	"empires/client/module"
	"empires/client/module/generals/deck"
	"empires/shared/ruleset"
)

// TestShortList: the top bar names at most four players of a list, "you"
// first, and says how many more there are: a table of 20 stays a line.
func TestShortList(t *testing.T) {
	tests := []struct {
		have []string
		want string
	}{
		{[]string{"Anna"}, "Anna"},
		{[]string{"Anna", "you", "Bob"}, "you, Anna, Bob"},
		{[]string{"Anna", "Bob", "Cleo", "Dan"}, "Anna, Bob, Cleo, Dan"},
		{[]string{"Anna", "Bob", "Cleo", "Dan", "Eve"}, "Anna, Bob, Cleo, Dan and 1 more"},
		{[]string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13", "P14", "P15", "P16", "P17", "P18", "P19", "you"},
			"you, P1, P2, P3 and 16 more"},
	}
	for _, tt := range tests {
		names := append([]string(nil), tt.have...)
		if have := shortList(tt.have); have != tt.want {
			t.Errorf("shortList(%q) = %q, want %q", tt.have, have, tt.want)
		}
		for i := range names {
			if names[i] != tt.have[i] {
				t.Errorf("shortList changed its argument: %q, was %q", tt.have, names)
			}
		}
	}
}

// TestDeckChoices: Play vs AI's form offers, for a ruleset whose players
// bring a deck, the ruleset's default first ("Standard"), then the
// module's (Duel's ready decks); nothing for one without decks.
func TestDeckChoices(t *testing.T) {
	a, _, _ := testApp(t)
	tests := []struct {
		id   string
		want []string // the first labels
	}{
		{"erfworld", nil},
		{"duel", []string{module.StandardLabel, "Balanced", "High cards"}},
		{"generals", []string{module.StandardLabel}},
		{"no such ruleset", nil},
	}
	for _, tt := range tests {
		have := a.deckChoices(tt.id)
		if len(have) < len(tt.want) || tt.want == nil && have != nil {
			t.Errorf("%s: %d choices, want %q first", tt.id, len(have), tt.want)
			continue
		}
		for i, w := range tt.want {
			if have[i].Label != w {
				t.Errorf("%s: choice %d is %q, want %q", tt.id, i, have[i].Label, w)
			}
		}
		if len(have) > 0 {
			rs, _ := a.opts.Rulesets.Get(tt.id)
			info := rs.Info()
			if want := rs.(ruleset.SeatSetup).DefaultSeat(info.Defaults()); !bytes.Equal(have[0].Data, want) {
				t.Errorf("%s: the Standard choice is not the ruleset's default", tt.id)
			}
		}
	}
}

// TestDecksEntry: the main menu's Decks opens the build's deck builder,
// and is disabled in a build without one.
func TestDecksEntry(t *testing.T) {
	a, _, _ := testApp(t)
	if a.decksAction() != nil {
		t.Error("Decks is enabled in a build without a deck builder")
	}
	a.opts.Decks = deck.MenuEntry{}
	a.decksAction()()
	if a.screen != screenMenu || !slices.Contains(collectTexts(a.ui.Container, nil), "Decks · Empires and Generals") {
		t.Errorf("Decks shows %q", collectTexts(a.ui.Container, nil))
	}
}
