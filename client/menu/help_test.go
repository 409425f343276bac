package menu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
)

// helpText returns the whole text of c, one line per paragraph and row.
func helpText(c HelpContent) string {
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

// longHelp is a help long enough to scroll in any window: the keys, the
// map's markers, and sections of rules as a ruleset writes them.
func longHelp() HelpContent {
	c := HelpContent{Title: "Help: a long game", Sections: []HelpSection{KeysHelp(), MapHelp()}}
	for i := 1; i <= 6; i++ {
		s := HelpSection{Title: fmt.Sprintf("Rule %d", i),
			Paragraphs: []string{strings.Repeat(fmt.Sprintf("Rule %d says what a player may do and what it costs. ", i), 6)}}
		for j := 1; j <= 4; j++ {
			s.Rows = append(s.Rows, HelpRow{Term: fmt.Sprintf("Case %d.%d", i, j), Text: "What happens then, in a line or two of plain words."})
		}
		c.Sections = append(c.Sections, s)
	}
	return c
}

// TestHelpKeysAndMarkers: every key the game screen reads and every marker
// the board draws has its row.
func TestHelpKeysAndMarkers(t *testing.T) {
	text := helpText(HelpContent{Sections: []HelpSection{KeysHelp(), MapHelp()}})
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

// TestHelpFits: at 1024x768 and 1920x1080 the panel fits the window, its
// text is no wider than the scrolling area, and the text is longer than the
// area (so it scrolls, rather than being cut).
func TestHelpFits(t *testing.T) {
	th := newTestTheme(t)
	c := longHelp()
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		r := HelpRect(size[0], size[1])
		if r.Min.X < 0 || r.Min.Y < 0 || r.Max.X > size[0] || r.Max.Y > size[1] || r.Dx() < 900 {
			t.Errorf("%v: HelpRect = %v", size, r)
		}
		h := newHelp(th, c, r.Dx(), func() {})
		h.root.Validate()
		w, ch := h.content.PreferredSize()
		if w > h.width {
			t.Errorf("%v: the text is %d pixels wide, the area %d", size, w, h.width)
		}
		if ch < r.Dy() {
			t.Errorf("%v: the text is %d pixels high, less than the panel's %d: it would not scroll (is it all there?)", size, ch, r.Dy())
		}
		var texts int
		walk(h.content, func(w widget.HasWidget) bool {
			if tx, ok := w.(*widget.Text); ok {
				texts++
				if tw, _ := tx.PreferredSize(); tw > h.width {
					t.Errorf("%v: %q is %d wide", size, tx.Label, tw)
				}
			}
			return true
		})
		if texts < 40 {
			t.Errorf("%v: %d texts in the help", size, texts)
		}
	}
}

// TestHelpScroll: scrolling stays within the text.
func TestHelpScroll(t *testing.T) {
	th := newTestTheme(t)
	closed := 0
	h := newHelp(th, longHelp(), 976, func() { closed++ })
	h.root.Validate()
	h.scrollBy(-3)
	if h.slider.Current != 0 || h.scroll.ScrollTop != 0 {
		t.Errorf("scrolling up from the top: at %d", h.slider.Current)
	}
	h.scrollBy(0.5)
	if h.slider.Current <= 0 {
		t.Errorf("scrolling down half a page: at %d", h.slider.Current)
	}
	h.scrollTo(5000)
	if h.slider.Current != 1000 || h.scroll.ScrollTop != 1 {
		t.Errorf("scrolling past the end: at %d, top %v", h.slider.Current, h.scroll.ScrollTop)
	}
	click(t, findButton(h.root, "Close"))
	if closed != 1 {
		t.Errorf("Close called onClose %d times", closed)
	}
}
