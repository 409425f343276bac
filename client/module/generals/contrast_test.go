package generals

import (
	"image/color"
	"testing"

	"empires/client/art"
	"empires/client/menu"
	"empires/shared/rules/generals/cards"
)

// TestTableContrast checks the contrast (WCAG 2.2, relative luminance)
// of every colour the table draws its own text in on what it is drawn
// on: at least 4.5:1 (success criterion 1.4.3). The labels of buttons
// that cannot be pressed and the text of dimmed cards are left out, as
// the criterion leaves out an inactive control's text.
func TestTableContrast(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	pal := th.Palette()
	hover := color.RGBA{buttonColor.R + 24, buttonColor.G + 24, buttonColor.B + 24, 255}
	pile := art.Over(color.RGBA{0, 0, 0, 170}, faceColor) // a pile's label, over the lightest pile
	pulled := art.Over(color.RGBA{0, 0, 0, 50}, faceColor)
	tests := []struct {
		name   string
		fg, bg color.RGBA
	}{
		{"the line of what to do", goldColor, feltColor},
		{"the last battle's outcome", targetColor, feltColor},
		{"the turn in words", textColor, feltColor},
		{"a phase's name", mutedColor, zoneColor},
		{"the phase now", inkColor, goldColor},
		{"a player's name", textColor, placeColor},
		{"a player's counts", mutedColor, placeColor},
		{"a zone's name", dimColor, zoneColor},
		{"a Health track's Lose end", loseColor, placeColor},
		{"a Health track's Win end", winColor, placeColor},
		{"a card's name", inkColor, faceColor},
		{"a card's kind and cost", inkMuted, faceColor},
		{"a card changed in play", changedColor, faceColor},
		{"a pulled card's name", inkColor, pulled},
		{"a pulled card's marks", inkMuted, pulled},
		{"a pile's label", textColor, pile},
		{"a button's label", textColor, buttonColor},
		{"a lit button's label", textColor, hover},
		{"a row's label", textColor, rowColor},
		{"a blocker's forecast", mutedColor, rowColor},
		{"a blocker's forecast, Health lost", loseColor, rowColor},
		{"a blocker's forecast, a kill", litColor, rowColor},
		{"a question's title", goldColor, boxColor},
		{"a question's text", textColor, boxColor},
		{"a question's hint", mutedColor, boxColor},
		{"a refusal on the hint line", errorColor, art.Opaque(pal.Panel)},
		{"a refusal on the hint line (the window's ground)", errorColor, art.Opaque(pal.Background)},
	}
	for _, r := range []cards.Rarity{cards.Common, cards.Uncommon, cards.Rare, cards.UltraRare} {
		tests = append(tests, struct {
			name   string
			fg, bg color.RGBA
		}{"the mark of rarity " + RarityMark(r), rarityColor(r), faceColor})
	}
	for _, tc := range tests {
		if have := art.Contrast(tc.fg, tc.bg); have < 4.5 {
			t.Errorf("%s: %v on %v has a contrast of %.2f:1, want at least 4.5:1", tc.name, tc.fg, tc.bg, have)
		}
	}
}

// TestFrameContrast checks the frames and borders (WCAG 2.2, success
// criterion 1.4.11: 3:1 for a focus and the parts of a control) on what
// they are drawn beside: the keys' focus on its dark lines, and the
// cards' frames (picked, a target, ticked, playable) and the buttons'
// edges on the felt.
func TestFrameContrast(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	pal := th.Palette()
	tests := []struct {
		name   string
		fg, bg color.RGBA
	}{
		{"the keys' focus on its dark lines", art.Opaque(pal.Focus), art.Opaque(pal.Background)},
		{"a picked card's frame", goldColor, feltColor},
		{"a target's frame", targetColor, feltColor},
		{"a ticked card's frame", loseColor, feltColor},
		{"a playable card's frame", litColor, feltColor},
		{"a picked card's frame on a player's place", goldColor, placeColor},
		{"a target's frame on a player's place", targetColor, placeColor},
		{"a ticked card's frame on a player's place", loseColor, placeColor},
		{"a playable card's frame on a player's place", litColor, placeColor},
		{"a targeted player's edge", targetColor, feltColor},
		{"a button's edge", goldColor, feltColor},
		{"the question's edge", goldColor, feltColor},
		{"a hovered row's edge", goldColor, rowColor},
	}
	for _, tc := range tests {
		if have := art.Contrast(tc.fg, tc.bg); have < 3 {
			t.Errorf("%s: %v on %v has a contrast of %.2f:1, want at least 3:1", tc.name, tc.fg, tc.bg, have)
		}
	}
}
