package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/colorm"

	"empires/shared/game"
	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
)

// TestCIEDE2000 checks deltaE2000's formula against pairs of the test
// data published with it (Sharma, Wu and Dalal 2005).
func TestCIEDE2000(t *testing.T) {
	for _, tc := range []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, -1.3802, -84.2814}, [3]float64{50, 0, -82.7485}, 1.0000},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{50, 2.49, -0.001}, [3]float64{50, -2.49, 0.0011}, 7.2195},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{22.7233, 20.0904, -46.694}, [3]float64{23.0331, 14.973, -42.5619}, 2.0373},
		{[3]float64{90.8027, -2.0831, 1.441}, [3]float64{91.1528, -1.6435, 0.0447}, 1.4441},
		{[3]float64{2.0776, 0.0795, -1.135}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	} {
		have := ciede2000(tc.a[0], tc.a[1], tc.a[2], tc.b[0], tc.b[1], tc.b[2])
		if math.Abs(have-tc.want) > 1e-4 {
			t.Errorf("ciede2000(%v, %v) = %.4f, want %.4f", tc.a, tc.b, have, tc.want)
		}
	}
}

// Least CIEDE2000 differences of the players' colours (see
// TestPlayerColorsDistinct).
const (
	minPlayers    = 24 // two players' colours in sight
	minFirstEight = 26 // two of the first eight players' colours in sight
	minRemembered = 20 // two players' colours, both remembered
	minOwnStale   = 18 // a player's colour in sight and another's remembered
	minNeutral    = 24 // a player's colour and a neutral city's grey
	minNeutralOld = 20 // the same, both remembered
	minTerrain    = 17 // a player's colour and a terrain's
	minTerrainOld = 14 // the same, both remembered
)

// remembered returns player p's colour as a remembered sighting shows it
// (ownerTint).
func remembered(p game.PlayerID) color.RGBA {
	c, _ := ownerTint(p, true)
	return c
}

// rememberedTerrain returns the colour of remembered terrain of colour c:
// rememberedM's saturation and value.
func rememberedTerrain(c color.RGBA) color.RGBA {
	var m colorm.ColorM
	m.Concat(rememberedM)
	r, g, b, _ := m.Apply(c).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
}

// TestPlayerColorsDistinct checks that any two of the sixteen players'
// colours differ clearly (CIEDE2000, which follows the eye better than
// CIE76 in the oranges and yellows): in sight, when both are remembered
// sightings (drawn darker), and a player's own in sight against every
// other's remembered; and that each differs from a neutral city's grey
// and from the colours of the terrains it stands on.
func TestPlayerColorsDistinct(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, a, b color.RGBA, least float64) {
		t.Helper()
		if d := deltaE2000(a, b); d < least {
			t.Errorf("%s: %v and %v differ by %.1f, want at least %v", what, a, b, d, least)
		}
	}
	neutral := PlayerColor(0)
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		for q := p + 1; q <= game.MaxPlayers; q++ {
			least := float64(minPlayers)
			if q <= 8 {
				least = minFirstEight
			}
			check(fmt.Sprintf("players %d and %d", p, q), PlayerColor(p), PlayerColor(q), least)
			check(fmt.Sprintf("players %d and %d remembered", p, q), remembered(p), remembered(q), minRemembered)
		}
		for q := game.PlayerID(1); q <= game.MaxPlayers; q++ {
			if q != p {
				check(fmt.Sprintf("player %d's own and player %d remembered", p, q), PlayerColor(p), remembered(q), minOwnStale)
			}
		}
		check(fmt.Sprintf("player %d and neutral", p), PlayerColor(p), neutral, minNeutral)
		check(fmt.Sprintf("player %d and neutral, remembered", p), remembered(p), scaleRGB(neutral, rememberedShade), minNeutralOld)
		for _, tr := range rs.Terrain {
			c := color.RGBA{tr.Color.R, tr.Color.G, tr.Color.B, 255}
			check(fmt.Sprintf("player %d on %s", p, tr.Name), PlayerColor(p), c, minTerrain)
			check(fmt.Sprintf("player %d remembered on remembered %s", p, tr.Name), remembered(p), rememberedTerrain(c), minTerrainOld)
		}
	}
}

// The first sixteen colours are the map images' (the hex games'), the
// colours repeat after MaxColors, and nobody is grey.
func TestPlayerColorRepeats(t *testing.T) {
	if have, want := PlayerColor(0), neutralColor; have != want {
		t.Errorf("PlayerColor(0) = %v, want %v", have, want)
	}
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		if have, want := PlayerColor(p), mapimage.PlayerColor(int(p)-1); have != want {
			t.Errorf("PlayerColor(%d) = %v, want the map images' %v", p, have, want)
		}
	}
	for p := game.PlayerID(1); p <= MaxColors; p++ {
		if have, want := PlayerColor(p+MaxColors), PlayerColor(p); have != want {
			t.Errorf("PlayerColor(%d) = %v, want %v like %v", p+MaxColors, have, want, p)
		}
	}
}

// Players 17 to 20 (a table of twenty at Duel) have colours of their
// own: none is the colour of another of the twenty, each differs from
// every other by a CIEDE2000 of at least 20 (the first sixteen keep
// their own, stricter, test above), from the neutral grey and from the
// card table's felt.
func TestExtraColorsDistinct(t *testing.T) {
	felt := color.RGBA{24, 70, 52, 255}
	for p := game.PlayerID(game.MaxPlayers + 1); p <= MaxColors; p++ {
		for q := game.PlayerID(1); q <= MaxColors; q++ {
			if q == p {
				continue
			}
			if d := deltaE2000(PlayerColor(p), PlayerColor(q)); d < 20 {
				t.Errorf("players %d and %d: %v and %v differ by %.1f, want at least 20", p, q, PlayerColor(p), PlayerColor(q), d)
			}
		}
		for _, c := range []color.RGBA{neutralColor, felt} {
			if d := deltaE2000(PlayerColor(p), c); d < 20 {
				t.Errorf("player %d's %v and %v differ by %.1f, want at least 20", p, PlayerColor(p), c, d)
			}
		}
	}
}

// PlayerTextColor writes every player's name readably on a dark panel
// and a light one (contrast 4.5), keeps the light colours as they are
// and keeps the lightened ones apart from each other.
func TestPlayerTextColor(t *testing.T) {
	for _, bg := range []color.RGBA{{12, 36, 27, 255}, {36, 33, 30, 255}, {24, 70, 52, 255}} {
		seen := map[color.RGBA]game.PlayerID{}
		for p := game.PlayerID(1); p <= MaxColors; p++ {
			c := PlayerTextColor(p, bg)
			if have := contrast(c, bg); have < 4.5 {
				t.Errorf("player %d's text %v on %v: contrast %.2f, want at least 4.5", p, c, bg, have)
			}
			if contrast(PlayerColor(p), bg) >= 4.5 && c != PlayerColor(p) {
				t.Errorf("player %d's text on %v is %v, want its own colour %v", p, bg, c, PlayerColor(p))
			}
			if q, dup := seen[c]; dup {
				t.Errorf("players %d and %d write in the same %v on %v", q, p, c, bg)
			}
			seen[c] = p
		}
	}
}

// TestInkContrast checks that marks and numbers drawn on each player's
// colour stand out from it.
func TestInkContrast(t *testing.T) {
	for p := game.PlayerID(0); p <= game.MaxPlayers; p++ {
		c := PlayerColor(p)
		if have := contrast(c, inkOn(c)); have < 4 {
			t.Errorf("ink %v on %v's %v: contrast %.2f, want at least 4", inkOn(c), p, c, have)
		}
	}
}

func TestPlayerMark(t *testing.T) {
	if have := PlayerMark(0); have != MarkNone {
		t.Errorf("PlayerMark(0) = %v, want none", have)
	}
	seen := map[Mark]game.PlayerID{}
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		m := PlayerMark(p)
		if m == MarkNone || m >= numMarks {
			t.Errorf("PlayerMark(%d) = %d, want one of the sixteen marks", p, m)
		}
		if q, dup := seen[m]; dup {
			t.Errorf("players %d and %d share the mark %v", q, p, m)
		}
		seen[m] = p
		if have := PlayerMark(p + game.MaxPlayers); have != m {
			t.Errorf("PlayerMark(%d) = %v, want %v like player %d", p+game.MaxPlayers, have, m, p)
		}
	}
}

// TestMarksDiffer paints the sixteen marks as small as they are drawn on
// tokens and checks that every two differ in a good part of their area,
// so they can be told apart without colour.
func TestMarksDiffer(t *testing.T) {
	const size = 16
	imgs := make([]*image.RGBA, numMarks)
	for m := MarkCircle; m < numMarks; m++ {
		imgs[m] = paintSprite(spriteKey{spriteMark, uint8(m), size})
		if a := coverage(imgs[m]); a < 0.1 {
			t.Errorf("%v covers %.0f%% of its box, want a visible shape", m, 100*a)
		}
	}
	for m := MarkCircle; m < numMarks; m++ {
		for n := m + 1; n < numMarks; n++ {
			if d := difference(imgs[m], imgs[n]); d < 0.08 {
				t.Errorf("%v and %v differ in %.1f%% of the box, want at least 8%%", m, n, 100*d)
			}
		}
	}
}

// coverage returns the mean opacity of img, 0 to 1.
func coverage(img *image.RGBA) float64 {
	s := 0.0
	for i := 3; i < len(img.Pix); i += 4 {
		s += float64(img.Pix[i]) / 255
	}
	return s / float64(len(img.Pix)/4)
}

// difference returns the mean difference in opacity of a and b, 0 to 1.
func difference(a, b *image.RGBA) float64 {
	s := 0.0
	for i := 3; i < len(a.Pix); i += 4 {
		d := float64(a.Pix[i]) - float64(b.Pix[i])
		if d < 0 {
			d = -d
		}
		s += d / 255
	}
	return s / float64(len(a.Pix)/4)
}
