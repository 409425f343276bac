package board

import (
	"image"
	"math"
	"testing"

	"empires/client/art"
	"empires/shared/game"
	"empires/shared/hex"
)

// TestFarMarks: at every far zoom (below midHexPx, zoom 0.41, down to
// the camera's least, 0.25) an army's dot carries its owner's mark (ink
// on the colour in its middle), and a dot on a city's hex leaves the
// city's mark as it is drawn without the army: players are told apart
// by shape at every zoom, not by colour alone.
func TestFarMarks(t *testing.T) {
	const w, h = 16, 12
	lone := hex.FromOffset(hex.Offset{Col: 4, Row: 5})
	city := hex.FromOffset(hex.Offset{Col: 10, Row: 5})
	cities := []game.CityView{{ID: 4, Owner: 2, Hex: city, Level: 2}}
	bare := newBoardWith(t, w, h, func() *game.View {
		v := testView(w, h, all)
		v.Cities = cities
		return v
	}())
	held := newBoardWith(t, w, h, func() *game.View {
		v := testView(w, h, all)
		v.Cities = cities
		v.Armies = []game.ArmyView{
			{ID: 1, Owner: 3, Hex: lone, Units: game.Units{4}},
			{ID: 2, Owner: 2, Hex: city, Units: game.Units{4}},
		}
		return v
	}())
	for _, zoom := range []float64{0.25, 0.3, 0.35, 0.4} {
		if detailFor(HexSize*zoom) != detailFar {
			t.Fatalf("zoom %v is not the far zoom", zoom)
		}
		cam := camOn(held, zoom, hex.FromOffset(hex.Offset{Col: 7, Row: 5}))
		var without, with *image.RGBA
		onFrame(t, func() {
			without = shot(bare, cam, nil)
			with = shot(held, cam, nil)
		})
		hexPx := HexSize * zoom
		s, _, _ := farDot(hexPx, 0)
		x, y := screenOf(held, cam, lone)
		inner := int(math.Max(1, s*0.2))
		col := art.PlayerColor(3)
		box := image.Rect(x-inner, y-inner, x+inner+1, y+inner+1)
		if !found(with, box, art.InkOn(col), 25) {
			t.Errorf("zoom %v: the lone army's dot (%.1f px) has no mark in %v's ink %v", zoom, s, 3, art.InkOn(col))
		}
		if !found(with, image.Rect(x-int(s/2), y-int(s/2), x+int(s/2)+1, y+int(s/2)+1), col, 12) {
			t.Errorf("zoom %v: the lone army's dot is not in its owner's colour %v", zoom, col)
		}
		// The city's mark: the middle 0.7 of its square.
		cx, cy := screenOf(held, cam, city)
		m := int(farCityPx(hexPx, false) * 0.35)
		changed := 0
		for py := cy - m; py <= cy+m; py++ {
			for px := cx - m; px <= cx+m; px++ {
				if !alike(without.RGBAAt(px, py), with.RGBAAt(px, py)) {
					changed++
				}
			}
		}
		if changed > 0 {
			t.Errorf("zoom %v: the army on the city changed %d pixels of the city's mark", zoom, changed)
		}
		// And the army there is drawn beside it, with its own mark.
		_, dx, dy := farDot(hexPx, farCityPx(hexPx, false))
		ax, ay := cx+int(math.Round(dx)), cy+int(math.Round(dy))
		if !found(with, image.Rect(ax-inner, ay-inner, ax+inner+1, ay+inner+1), art.InkOn(art.PlayerColor(2)), 25) {
			t.Errorf("zoom %v: the army on the city has no mark at %d,%d", zoom, ax, ay)
		}
	}
}

// TestDrawFogHatch: a remembered hex is hatched (level lines every
// art.HatchPeriod, one through its centre), so it is told from a hex in
// sight by a pattern and not by its dimmer colour alone; a hex in sight
// is not.
func TestDrawFogHatch(t *testing.T) {
	const w, h = 16, 10
	b := newBoardWith(t, w, h, testView(w, h, func(x hex.Hex) bool { return x.Offset().Col >= 8 }))
	remembered := hex.FromOffset(hex.Offset{Col: 4, Row: 4})
	visible := hex.FromOffset(hex.Offset{Col: 11, Row: 4})
	for _, zoom := range []float64{1, 2} {
		cam := camOn(b, zoom, hex.FromOffset(hex.Offset{Col: 7, Row: 4}))
		if zoom == 2 {
			cam = camOn(b, zoom, remembered)
		}
		var img *image.RGBA
		onFrame(t, func() { img = shot(b, cam, nil) })
		p := art.HatchPeriod(HexSize * zoom)
		// lined counts the rows of lines, of the five nearest the hex's
		// centre, darker than the rows half a period below them.
		lined := func(at hex.Hex) int {
			x, y := screenOf(b, cam, at)
			row := func(y int) float64 {
				return art.Luminance(meanAt(img, x, y, 0)) + art.Luminance(meanAt(img, x+4, y, 0))
			}
			n := 0
			for k := -2; k <= 2; k++ {
				ly := y + int(math.Round(float64(k)*p))
				if row(ly) < 0.8*row(ly+int(p/2)) {
					n++
				}
			}
			return n
		}
		if n := lined(remembered); n < 5 {
			t.Errorf("zoom %v: %d of 5 hatch lines on the remembered hex", zoom, n)
		}
		if x, _ := screenOf(b, cam, visible); x < shotW {
			if n := lined(visible); n == 5 {
				t.Errorf("zoom %v: the hex in sight is hatched", zoom)
			}
		}
	}
}

// TestDrawPalette: with the colour-blind palette set (Settings' Player
// colours), the armies and cities are drawn in its colours, not the
// standard ones.
func TestDrawPalette(t *testing.T) {
	const w, h = 12, 8
	army := hex.FromOffset(hex.Offset{Col: 4, Row: 4})
	city := hex.FromOffset(hex.Offset{Col: 7, Row: 4})
	v := testView(w, h, all)
	v.Armies = []game.ArmyView{{ID: 1, Owner: 2, Hex: army, Units: game.Units{3}}}
	v.Cities = []game.CityView{{ID: 2, Owner: 3, Hex: city, Level: 2}}
	b := newBoardWith(t, w, h, v)
	b.SetPalette(art.PaletteColourBlind)
	for _, zoom := range []float64{0.3, 1.5} {
		cam := camOn(b, zoom, hex.FromOffset(hex.Offset{Col: 5, Row: 4}))
		var img *image.RGBA
		onFrame(t, func() { img = shot(b, cam, nil) })
		for _, tc := range []struct {
			at hex.Hex
			p  game.PlayerID
		}{{army, 2}, {city, 3}} {
			x, y := screenOf(b, cam, tc.at)
			r := int(HexSize * zoom)
			box := image.Rect(x-r, y-r, x+r, y+r)
			if !found(img, box, art.PaletteColourBlind.Color(tc.p), 6) {
				t.Errorf("zoom %v: player %d not drawn in the colour-blind %v", zoom, tc.p, art.PaletteColourBlind.Color(tc.p))
			}
			if found(img, box, art.PlayerColor(tc.p), 6) {
				t.Errorf("zoom %v: player %d drawn in the standard %v", zoom, tc.p, art.PlayerColor(tc.p))
			}
		}
	}
}
