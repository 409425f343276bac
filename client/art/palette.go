package art

import (
	"image/color"

	"empires/shared/game"
)

// Palette is a set of the players' colours: PaletteStandard, every game's
// colours by default (PlayerColor), or PaletteColourBlind, colours chosen
// to stay apart under protanopia, deuteranopia and tritanopia, offered in
// Settings. The players' marks and patterns are the same in both.
type Palette uint8

// The palettes.
const (
	PaletteStandard Palette = iota
	PaletteColourBlind
)

// PaletteOf returns the colour-blind palette if colourBlind is set (the
// player's preference), else the standard one.
func PaletteOf(colourBlind bool) Palette {
	if colourBlind {
		return PaletteColourBlind
	}
	return PaletteStandard
}

// colourBlind are the colours of players 1 to 8 in the colour-blind
// palette. CHOICE: chosen by a search over the sRGB cube, farthest point
// first, for the least CIEDE2000 difference of any two of them, and of
// each and the neutral grey and the terrains, as people with normal
// vision, protanopia, deuteranopia and tritanopia see them (Machado et
// al. 2009, package cvd); then ordered so that the first four, a usual
// table, are the farthest apart (20 or more under every vision; the
// eight 15 or more; TestColourBlindPalette).
var colourBlind = [...]color.RGBA{
	{230, 140, 0, 255},   // orange
	{75, 165, 255, 255},  // sky blue
	{150, 45, 135, 255},  // purple
	{240, 210, 180, 255}, // sand
	{90, 60, 255, 255},   // violet
	{180, 15, 0, 255},    // dark red
	{195, 210, 225, 255}, // pale blue
	{90, 90, 90, 255},    // dark grey
}

// Color returns the colour of player p in pl: PlayerColor's in the
// standard palette; in the colour-blind one, eight colours of its own
// that repeat after eight players (whose marks still differ), and the
// neutral grey for nobody (0).
func (pl Palette) Color(p game.PlayerID) color.RGBA {
	if pl != PaletteColourBlind || p == 0 {
		return PlayerColor(p)
	}
	return colourBlind[(int(p)-1)%len(colourBlind)]
}
