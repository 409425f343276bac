package hexscreen

import (
	"fmt"
	"strings"
	"testing"

	"empires/client/menu"
)

// helpText returns the whole text of c, one line per paragraph and row.
func helpText(c menu.HelpContent) string {
	var b strings.Builder
	for _, s := range c.Sections {
		fmt.Fprintf(&b, "# %s\n", s.Title)
		for _, p := range s.Paragraphs {
			fmt.Fprintf(&b, "%s\n", p)
		}
		for _, r := range s.Rows {
			fmt.Fprintf(&b, "%s: %s\n", r.Term, r.Text)
		}
	}
	return b.String()
}

// TestHelpKeysAndMarkers: every key the hex screen reads and every marker
// the board draws has its row.
func TestHelpKeysAndMarkers(t *testing.T) {
	text := helpText(menu.HelpContent{Sections: []menu.HelpSection{KeysHelp(), MapHelp()}})
	for _, want := range []string{
		"Tab: Select the next army", "H: Centre on your Capital", "Esc: Deselect", "Enter, End turn: Send the orders",
		"arrows, W A S D: Pan", "Mouse wheel, + and −: Zoom", "Space: Skip the turn's animation",
		"Backspace, Delete: Remove the last order", "F1, Help: This help", "Right click", "Minimap",
		"owner's mark", "A ship is a fleet", "The units in the army", "×3 on a white plate: Three armies share the hex",
		"Warlord, and its level", "Casters", "characters (Warlords and Casters) an enemy army has",
		"Intercept", "Withdraw", "a Capital's level is written on a gold crown", "the number on the disc at its lower left is the level",
		"T12 on a slate plate", "Dark: never seen. Greyed: seen before", "the move points it takes",
		"red when it cannot get there this turn", "dashed and paler through hexes never seen", "F12: ",
		"Crossed swords",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("keys and map: no %q", want)
		}
	}
}
