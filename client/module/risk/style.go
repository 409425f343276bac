package risk

import (
	"image/color"

	"empires/client/art"
	"empires/shared/game"
	"empires/shared/ruleset"
)

// The map's colours.
var (
	seaColor      = color.RGBA{28, 52, 78, 255}
	shallowColor  = color.RGBA{74, 112, 140, 255} // the surf along the coasts
	neutralFill   = color.RGBA{168, 164, 150, 255}
	borderColor   = color.RGBA{24, 22, 20, 255}
	seaLinkColor  = color.RGBA{226, 218, 190, 255}
	selectColor   = color.RGBA{255, 214, 80, 255}
	neighborColor = color.RGBA{250, 250, 250, 255}
	hoverColor    = color.RGBA{255, 255, 255, 255}
	badgeFace     = color.RGBA{250, 246, 232, 255}
	inkDark       = color.RGBA{20, 20, 24, 255}
	dimColor      = color.RGBA{8, 10, 16, 255}
	// haloColor is the line inside the edge of a territory too dark
	// for the borders to show on it (haloed).
	haloColor = color.RGBA{214, 208, 194, 255}
)

// haloed reports whether the borders show on fill at less than 3:1
// (WCAG 2.2, 1.4.11): the territory is then edged inside with a light
// halo (paintHalos).
func haloed(fill color.RGBA) bool { return art.Contrast(borderColor, fill) < 3 }

// casingFor returns the line drawn under a ring of colour ring over
// fill, for the ring to show on it (WCAG 2.2, 1.4.11, 3:1): the dark
// ringCasing, or the light one where neither the ring nor the dark
// casing would show on the fill.
func casingFor(ring, fill color.RGBA) color.RGBA {
	if art.Contrast(ring, fill) < 3 && art.Contrast(ringCasing, fill) < 3 {
		return ringCasingLight
	}
	return ringCasing
}

// continentColors are the continents' colours, by continent ID less one
// (repeating past eight): the band inside a continent's edge. Muted, so
// that the owners' colours stay what the eye sees first.
var continentColors = []color.RGBA{
	{232, 196, 72, 255},  // gold
	{222, 112, 84, 255},  // terracotta
	{96, 152, 232, 255},  // blue
	{176, 124, 74, 255},  // brown
	{110, 190, 98, 255},  // green
	{190, 120, 210, 255}, // purple
	{80, 200, 196, 255},  // cyan
	{210, 210, 210, 255}, // silver
}

// continentColor returns continent c's colour.
func continentColor(c int) color.RGBA {
	if c <= 0 {
		return neutralFill
	}
	return continentColors[(c-1)%len(continentColors)]
}

// ownerColor returns seat s's colour in the map's palette, the one every
// screen of the game gives it; the neutral grey for no one (0).
func (m *Map) ownerColor(s ruleset.Seat) color.RGBA {
	if s == 0 {
		return neutralFill
	}
	return m.palette.Color(game.PlayerID(s))
}

// palette returns the players' palette chosen in Settings.
func (s *Screen) palette() art.Palette { return art.PaletteOf(s.host.Prefs().ColourBlind) }
