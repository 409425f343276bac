package risk

import (
	"fmt"
	"image/color"
	"testing"

	"empires/client/art"
	"empires/client/menu"
	"empires/shared/game"
)

// fills returns every colour a territory is filled in, named: no one's
// grey touched by each continent's colour, and each of eight players' in
// both palettes.
func fills() map[string]color.RGBA {
	out := map[string]color.RGBA{}
	for c := 1; c <= len(continentColors); c++ {
		out[fmt.Sprintf("no one's in continent %d", c)] = art.Mix(neutralFill, continentColor(c), 0.25)
	}
	for _, pl := range []art.Palette{art.PaletteStandard, art.PaletteColourBlind} {
		for p := game.PlayerID(1); p <= 8; p++ {
			out[fmt.Sprintf("player %d's (palette %d)", p, pl)] = pl.Color(p)
		}
	}
	return out
}

// TestTableContrast checks the contrast (WCAG 2.2, relative luminance)
// of every colour risk draws its own text in on what it is drawn on: at
// least 4.5:1 (success criterion 1.4.3). A translucent box is taken over
// the map's lightest colour, where light text on it reads worst.
func TestTableContrast(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	box := art.Over(boxBg, white)
	tip := art.Over(tooltipBg, white)
	plate := art.Over(labelPlate, seaColor)
	tests := []struct {
		name   string
		fg, bg color.RGBA
	}{
		{"a badge's army count", inkDark, badgeFace},
		{"a territory's name", badgeFace, inkDark},
		{"a tooltip's text", tooltipText, tip},
		{"the dice box's text", boxText, box},
		{"the dice box's muted text", boxMuted, box},
		{"a won pair's mark", winColor, box},
		{"a lost pair's mark", lossColor, box},
		{"an attacker's die", white, attackDie},
		{"a defender's die", color.RGBA{0, 0, 0, 255}, defendDie},
		{"a box button's label", boxText, buttonFace},
		{"a lit box button's label", boxText, buttonHover},
		{"a disaster's name on the map", strikeText, box},
		{"a card's figures", cardsInk, cardsFace},
		{"a card's red suit", cardsRed, cardsFace},
		{"a card's pile", cardsMuted, cardsFace},
		{"a Disaster's heading", cardsRed, art.Over(art.Alpha(cardsRed, 40.0/255), cardsFace)},
		{"a Disaster's black heading", cardsInk, art.Over(art.Alpha(cardsInk, 40.0/255), cardsFace)},
		{"a face-down card's words", cardsBackText, art.Over(cardsBackPlate, cardsBack)},
		{"an Empire card's suit", cardsRed, cardsEmpire},
		{"an Empire card's cost", cardsMuted, cardsEmpire},
	}
	for c := 1; c <= len(continentColors); c++ {
		tests = append(tests, struct {
			name   string
			fg, bg color.RGBA
		}{fmt.Sprintf("continent %d's label", c), continentColor(c), plate})
	}
	for _, tc := range tests {
		if have := art.Contrast(tc.fg, tc.bg); have < 4.5 {
			t.Errorf("%s: %v on %v has a contrast of %.2f:1, want at least 4.5:1", tc.name, tc.fg, tc.bg, have)
		}
	}
}

// TestRingContrast checks the rings drawn over the map (WCAG 2.2,
// success criterion 1.4.11: 3:1 for a focus and the parts of a control)
// on every territory's fill: the ring, or the casing under it
// (casingFor), at least 3:1 against the fill, and the ring at least 3:1
// against its casing.
func TestRingContrast(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		ring color.RGBA
	}{
		{"the keys' focus", art.Opaque(th.Palette().Focus)},
		{"a target's ring", targetRing},
		{"an attack's ring", attackRing},
		{"a move's ring", moveRing},
		{"a strike's ring", strikeRing},
	}
	for _, tc := range tests {
		for name, f := range fills() {
			casing := casingFor(tc.ring, f)
			if r, c := art.Contrast(tc.ring, f), art.Contrast(casing, f); r < 3 && c < 3 {
				t.Errorf("%s on %s %v: the ring %.2f:1, its casing %v %.2f:1, want one at least 3:1", tc.name, name, f, r, casing, c)
			}
			if have := art.Contrast(tc.ring, casing); have < 3 {
				t.Errorf("%s on %s: %v on its casing %v has a contrast of %.2f:1, want at least 3:1", tc.name, name, tc.ring, casing, have)
			}
		}
	}
}

// TestBorderContrast checks the borders between territories and along
// the coasts (WCAG 2.2, 1.4.11, 3:1) on every fill: the border itself,
// or on a fill too dark for it (haloed) the light halo inside the
// territory's edge, at least 3:1 against the fill and against the
// border beside it.
func TestBorderContrast(t *testing.T) {
	for name, f := range fills() {
		if have := art.Contrast(borderColor, f); have >= 3 {
			if haloed(f) {
				t.Errorf("%s %v is haloed, though the border shows on it at %.2f:1", name, f, have)
			}
			continue
		}
		if !haloed(f) {
			t.Errorf("the border %v on %s %v has a contrast of %.2f:1 and no halo, want at least 3:1", borderColor, name, f, art.Contrast(borderColor, f))
		}
		if have := art.Contrast(haloColor, f); have < 3 {
			t.Errorf("the halo %v on %s %v has a contrast of %.2f:1, want at least 3:1", haloColor, name, f, have)
		}
		if have := art.Contrast(haloColor, borderColor); have < 3 {
			t.Errorf("the halo %v beside the border %v has a contrast of %.2f:1, want at least 3:1", haloColor, borderColor, have)
		}
	}
}
