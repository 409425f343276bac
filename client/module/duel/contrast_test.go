package duel

import (
	"image/color"
	"testing"

	"empires/client/art"
)

// TestTableContrast checks the table's text against the fills it is
// written on, by WCAG 2.2's contrast ratio: at least 4.5:1 (success
// criterion 1.4.3), the light text on the orange Attack and Block
// buttons among it. Disabled buttons' text is exempt.
func TestTableContrast(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fg, bg color.RGBA
	}{
		{"text on the felt", textColor, feltColor},
		{"muted text on the felt", mutedColor, feltColor},
		{"accent on the felt", accentColor, feltColor},
		{"warning on the felt", warnColor, feltColor},
		{"warning on a seat's panel", warnColor, feltEdge},
		{"a button's label", textColor, buttonColor},
		{"a hovered button's label", textColor, buttonHover},
		{"the primary button's label", textColor, primaryColor},
		{"a question's text", textColor, questionColor},
	} {
		if have := art.Contrast(tc.fg, tc.bg); have < 4.5 {
			t.Errorf("%s: %v on %v has a contrast of %.2f:1, want at least 4.5:1", tc.name, tc.fg, tc.bg, have)
		}
	}
}
