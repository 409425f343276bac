package board

import (
	"empires/client/art"
	"empires/shared/game"
	"empires/shared/rules/erfworld"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/colorm"
)

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

// TestTiles checks the terrain tiles: opaque in the hex, near the
// terrain's colour, transparent in the corners of the image outside the
// hex; unknown land dark.
func TestTiles(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []float64{8, 32, 128} {
		for i := range rs.Terrain {
			st := styleOf(&rs.Terrain[i])
			for v := range art.TileVariants {
				img := art.PaintHexTile(st, false, v, r)
				checkTile(t, rs.Terrain[i].ID, img, r, st.Color)
			}
		}
		img := art.PaintHexTile(art.TileStyle{}, true, 0, r)
		checkTile(t, "unknown", img, r, art.UnknownColor)
	}
}

func checkTile(t *testing.T, name string, img *image.RGBA, r float64, want color.RGBA) {
	t.Helper()
	w, h := art.TileSize(r)
	if img.Rect.Dx() != w || img.Rect.Dy() != h {
		t.Errorf("%s tile of radius %v is %v, want %dx%d", name, r, img.Rect, w, h)
		return
	}
	if c := img.RGBAAt(0, 0); c.A != 0 {
		t.Errorf("%s tile of radius %v: corner %v, want transparent", name, r, c)
	}
	// The mean colour of the hex's inner part is near the terrain's:
	// decorations change it a little.
	var sum [4]float64
	n := 0.0
	for y := h/2 - int(r/3); y <= h/2+int(r/3); y++ {
		for x := w/2 - int(r/3); x <= w/2+int(r/3); x++ {
			c := img.RGBAAt(x, y)
			sum[0], sum[1], sum[2], sum[3] = sum[0]+float64(c.R), sum[1]+float64(c.G), sum[2]+float64(c.B), sum[3]+float64(c.A)
			n++
		}
	}
	mean := color.RGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), uint8(sum[3] / n)}
	if mean.A != 255 {
		t.Errorf("%s tile of radius %v: middle not opaque (%v)", name, r, mean)
	}
	if d := art.DeltaE(mean, want); d > 25 {
		t.Errorf("%s tile of radius %v: middle %v is %.0f from %v", name, r, mean, d, want)
	}
}

// TestFade checks the fade painted along hex edges: strong at the edge,
// gone at its depth, and its slanted ends.
func TestFade(t *testing.T) {
	const r = 64.0
	img := paintFade(r)
	mid := img.Rect.Dx() / 2
	if a := img.RGBAAt(mid, 0).A; a < 200 {
		t.Errorf("fade at the edge's middle: opacity %d, want nearly opaque", a)
	}
	if a := img.RGBAAt(mid, img.Rect.Dy()-1).A; a > 10 {
		t.Errorf("fade at its depth: opacity %d, want nearly none", a)
	}
	// Ten rows in, the ends are cut by 10/sqrt(3) pixels.
	if a := img.RGBAAt(fadePad+3, 10).A; a != 0 {
		t.Errorf("fade near its left end, ten rows in: opacity %d, want 0", a)
	}
	if a := img.RGBAAt(img.Rect.Dx()-fadePad-4, 10).A; a != 0 {
		t.Errorf("fade near its right end, ten rows in: opacity %d, want 0", a)
	}
}

func TestDecorOf(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]art.Decor{"open": art.DecorGrass, "grasslands": art.DecorSpots, "woods": art.DecorTrees, "mountains": art.DecorPeaks, "water": art.DecorWaves}
	for i := range rs.Terrain {
		tr := &rs.Terrain[i]
		if have := styleOf(tr).Decor; have != want[tr.ID] {
			t.Errorf("the decor of %s = %d, want %d", tr.ID, have, want[tr.ID])
		}
	}
}

// TestCityShapes paints the city icons and checks that every pixel
// drawn lies in the boxes cityShapes gives for them, which the layout
// keeps labels out of.
func TestCityShapes(t *testing.T) {
	const size = 256
	for level := 1; level <= art.CityLevels; level++ {
		img := art.PaintSprite(art.SpriteCity, uint8(level), size)
		c := float64(img.Rect.Dx()) / 2
		shape := cityShapes[level-1]
		const tol = 1.0 / size
		outside := 0
		for y := range img.Rect.Dy() {
			for x := range img.Rect.Dx() {
				if img.Pix[y*img.Stride+4*x+3] < 40 {
					continue
				}
				fx, fy := (float64(x)+0.5-c)/size, (float64(y)+0.5-c)/size
				in := false
				for _, b := range shape {
					if fx >= b.x0-tol && fx <= b.x1+tol && fy >= b.y0-tol && fy <= b.y1+tol {
						in = true
					}
				}
				if !in {
					outside++
				}
			}
		}
		if outside > 0 {
			t.Errorf("city level %d: %d pixels outside its shape %v", level, outside, shape)
		}
	}
}

// TestStructureShapes paints the structures' pictures, the owner's part
// with them, and checks that every pixel drawn lies in the box
// structureShape gives for it (the layout keeps other hexes' labels out
// of it), and that the box is not much larger than the picture: its
// sides are within a few hundredths of a drawn pixel.
func TestStructureShapes(t *testing.T) {
	const size = 256
	for p := range art.NumPictures {
		shape := structureShape[p]
		const tol = 1.0 / size
		drawn := box{1, 1, -1, -1}
		outside := 0
		for _, kind := range []art.Sprite{art.SpriteStructure, art.SpriteStructureFill} {
			img := art.PaintSprite(kind, uint8(p), size)
			c := float64(img.Rect.Dx()) / 2
			for y := range img.Rect.Dy() {
				for x := range img.Rect.Dx() {
					if img.Pix[y*img.Stride+4*x+3] < 40 {
						continue
					}
					fx, fy := (float64(x)+0.5-c)/size, (float64(y)+0.5-c)/size
					drawn = box{min(drawn.x0, fx), min(drawn.y0, fy), max(drawn.x1, fx), max(drawn.y1, fy)}
					if fx < shape.x0-tol || fx > shape.x1+tol || fy < shape.y0-tol || fy > shape.y1+tol {
						outside++
					}
				}
			}
		}
		if outside > 0 {
			t.Errorf("picture %d: %d pixels outside its shape %v (drawn %v)", p, outside, shape, drawn)
		}
		const slack = 0.03
		if drawn.x0 > shape.x0+slack || drawn.y0 > shape.y0+slack || drawn.x1 < shape.x1-slack || drawn.y1 < shape.y1-slack {
			t.Errorf("picture %d: shape %v, drawn %v: the shape is larger than the picture", p, shape, drawn)
		}
	}
}

// remembered returns player p's colour as a remembered sighting shows it
// (ownerTint).
func remembered(p game.PlayerID) color.RGBA {
	c, _ := (&Board{}).ownerTint(p, true) // the standard palette
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
		if d := art.DeltaE2000(a, b); d < least {
			t.Errorf("%s: %v and %v differ by %.1f, want at least %v", what, a, b, d, least)
		}
	}
	neutral := art.PlayerColor(0)
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		for q := p + 1; q <= game.MaxPlayers; q++ {
			least := float64(minPlayers)
			if q <= 8 {
				least = minFirstEight
			}
			check(fmt.Sprintf("players %d and %d", p, q), art.PlayerColor(p), art.PlayerColor(q), least)
			check(fmt.Sprintf("players %d and %d remembered", p, q), remembered(p), remembered(q), minRemembered)
		}
		for q := game.PlayerID(1); q <= game.MaxPlayers; q++ {
			if q != p {
				check(fmt.Sprintf("player %d's own and player %d remembered", p, q), art.PlayerColor(p), remembered(q), minOwnStale)
			}
		}
		check(fmt.Sprintf("player %d and neutral", p), art.PlayerColor(p), neutral, minNeutral)
		check(fmt.Sprintf("player %d and neutral, remembered", p), remembered(p), art.ScaleRGB(neutral, rememberedShade), minNeutralOld)
		for _, tr := range rs.Terrain {
			c := color.RGBA{tr.Color.R, tr.Color.G, tr.Color.B, 255}
			check(fmt.Sprintf("player %d on %s", p, tr.Name), art.PlayerColor(p), c, minTerrain)
			check(fmt.Sprintf("player %d remembered on remembered %s", p, tr.Name), remembered(p), rememberedTerrain(c), minTerrainOld)
		}
	}
}
