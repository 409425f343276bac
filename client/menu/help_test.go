package menu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
)

// longHelp is a help long enough to scroll in any window: rows of keys
// and of the map's markers, and sections of rules as a ruleset writes
// them.
func longHelp() HelpContent {
	keys := HelpSection{Title: "Mouse and keys"}
	for i := 1; i <= 18; i++ {
		keys.Rows = append(keys.Rows, HelpRow{Term: fmt.Sprintf("Key %d", i), Text: "What the key does on the game screen, in a line."})
	}
	marks := HelpSection{Title: "The map"}
	for i := 1; i <= 12; i++ {
		marks.Rows = append(marks.Rows, HelpRow{Term: fmt.Sprintf("Marker %d", i),
			Text: strings.Repeat("What the marker on the board means, and when the board draws it. ", 2)})
	}
	c := HelpContent{Title: "Help: a long game", Sections: []HelpSection{keys, marks}}
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
