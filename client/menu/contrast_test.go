package menu

import (
	"image/color"
	"testing"

	"empires/client/art"
)

// TestThemeContrast checks the theme's text against every fill it is
// written on, by WCAG 2.2's contrast ratio of relative luminances:
// at least 4.5:1 for text (success criterion 1.4.3, level AA), the
// light text on the orange primary buttons among it, and at least 3:1
// for the focus ring and the selected choice's border against the
// panels they are drawn on (1.4.11, non-text contrast). Disabled text
// is exempt, as WCAG exempts inactive controls.
func TestThemeContrast(t *testing.T) {
	p := DefaultPalette()
	rgba := func(c color.NRGBA) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }
	type pair struct {
		name   string
		fg, bg color.NRGBA
		want   float64
	}
	var pairs []pair
	fills := []struct {
		name string
		c    color.NRGBA
	}{{"Background", p.Background}, {"Panel", p.Panel}, {"Field", p.Field}}
	buttons := []struct {
		name string
		c    color.NRGBA
	}{{"Button", p.Button}, {"ButtonHover", p.ButtonHover}, {"ButtonPressed", p.ButtonPressed},
		{"Primary", p.Primary}, {"PrimaryHover", p.PrimaryHover}, {"Selected", p.Selected}}
	// Every text colour on the screens' fills.
	for _, fg := range []struct {
		name string
		c    color.NRGBA
	}{{"Text", p.Text}, {"TextMuted", p.TextMuted}, {"Accent", p.Accent}, {"Error", p.Error}, {"Success", p.Success}} {
		for _, bg := range fills {
			pairs = append(pairs, pair{fg.name + " on " + bg.name, fg.c, bg.c, 4.5})
		}
	}
	// A button's label (buttonText: Text in every state but disabled)
	// on each of its fills.
	for _, bg := range buttons {
		pairs = append(pairs, pair{"Text on " + bg.name, p.Text, bg.c, 4.5})
	}
	// Hints beside the buttons of a row sit on plain buttons too.
	pairs = append(pairs, pair{"TextMuted on Button", p.TextMuted, p.Button, 4.5})
	for _, bg := range fills {
		pairs = append(pairs,
			pair{"Focus on " + bg.name, p.Focus, bg.c, 3},
			pair{"Accent (selected border) on " + bg.name, p.Accent, bg.c, 3})
	}
	for _, tc := range pairs {
		if have := art.Contrast(rgba(tc.fg), rgba(tc.bg)); have < tc.want {
			t.Errorf("%s: %v on %v has a contrast of %.2f:1, want at least %.1f:1", tc.name, tc.fg, tc.bg, have, tc.want)
		}
	}
}

// TestContrastFormula checks art.Contrast, which the test above relies
// on, against WCAG's own figures: black on white 21:1, a colour on
// itself 1:1, and #767676 on white 4.54:1 (the lightest grey that
// passes AA on white).
func TestContrastFormula(t *testing.T) {
	white, black := color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}
	for _, tc := range []struct {
		a, b color.RGBA
		want float64
	}{
		{black, white, 21},
		{white, white, 1},
		{color.RGBA{0x76, 0x76, 0x76, 255}, white, 4.54},
	} {
		if have := art.Contrast(tc.a, tc.b); have < tc.want-0.01 || have > tc.want+0.01 {
			t.Errorf("Contrast(%v, %v) = %.3f, want %.2f", tc.a, tc.b, have, tc.want)
		}
	}
}
