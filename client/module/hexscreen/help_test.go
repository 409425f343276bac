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
		"Tab, Shift+Tab: Select the next (previous) of your armies, then of your cities", "H: Centre on your Capital",
		"Esc: Leave the side panel's buttons; deselect", "Enter, End turn: Send the orders",
		"W A S D, Shift+arrows: Pan", "Arrows: Move the cursor", "Keypad 7 9 4 6 1 3, 8 2: Move the cursor",
		"Space: At the cursor, as a left click", "skip it", "M: At the cursor, as a right click",
		"] and [: Move the focus", "Mouse wheel, + and −: Zoom",
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
