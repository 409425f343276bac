package board

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// TestDrawMatchesLayout draws only the cities, stacks and costs of four
// full hexes (an own stack with every badge in a capital, a remembered
// enemy stack in a remembered city, a remembered city alone, an own
// fleet), on a clear image, at the badges' threshold, at zoom 2 and at
// the largest zoom, and checks that the drawing is where layoutHex says
// it is: nothing outside the parts' boxes, and every badge and label
// filling a good part of its box.
func TestDrawMatchesLayout(t *testing.T) {
	const w, h = 14, 12
	b := newBoard(t, w, h)
	v := testView(w, h, all)
	at := func(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }
	ownHex, enemyHex, cityHex, fleetHex := at(3, 3), at(9, 3), at(3, 8), at(9, 8)
	v.Cities = []game.CityView{
		{ID: 1, Owner: 1, Hex: ownHex, Level: 5, Capital: true},
		{ID: 2, Owner: 2, Hex: enemyHex, Level: 3, Seen: 7, Remembered: true},
		{ID: 3, Owner: 3, Hex: cityHex, Level: 2, Seen: 105, Remembered: true},
	}
	v.Armies = []game.ArmyView{
		{ID: 1, Owner: 1, Hex: ownHex, Units: game.Units{888}, NumCharacters: 3, Stance: game.Stance{Kind: game.Intercept},
			Characters: []game.Character{{ID: 1, Kind: erfworld.CharWarlord, Level: 9}, {ID: 2, Kind: erfworld.CharCaster}, {ID: 3, Kind: erfworld.CharCaster}}},
		{ID: 2, Owner: 1, Hex: ownHex, Units: game.Units{5}},
		{ID: 3, Owner: 1, Hex: ownHex, Units: game.Units{5}},
		{ID: 4, Owner: 2, Hex: enemyHex, Units: game.Units{120}, NumCharacters: 3, Seen: 7, Remembered: true},
		{ID: 5, Owner: 2, Hex: enemyHex, Units: game.Units{4}, Seen: 7, Remembered: true},
		{ID: 6, Owner: 1, Hex: fleetHex, Naval: true, Units: game.Units{40}},
		{ID: 7, Owner: 1, Hex: fleetHex, Units: game.Units{40}},
	}
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	reach := map[hex.Hex]int{ownHex: 12, enemyHex: 3, cityHex: 8, fleetHex: 1}
	o := &Overlay{Reach: reach}

	// The parts of each hex, as the drawing lays them out.
	layoutOf := func(hx hex.Hex, hexPx float64) []part {
		var m hexMarkers
		if i, ok := b.cityAt[hx]; ok {
			m = cityMarkers(&b.cities[i], 0)
		}
		if st := b.stackOn(hx); st != nil {
			s := stackMarkers(st.armies, v.You, erfMark)
			s.City, s.Level, s.Capital, s.CitySeen = m.City, m.Level, m.Capital, m.CitySeen
			m = s
		}
		m.HasCost, m.Cost = true, reach[hx]
		return layoutHex(m, hexPx, b.fonts)
	}
	for _, zoom := range []float64{float64(stackHexPx) / HexSize, 2, camera.MaxZoom} {
		for _, centre := range []hex.Hex{ownHex, enemyHex, cityHex, fleetHex} {
			cam := camOn(b, zoom, centre)
			var img *image.RGBA
			onFrame(t, func() {
				dst := ebiten.NewImage(shotW, shotH)
				defer dst.Deallocate()
				f := newFrame(dst, cam)
				b.drawCities(f)
				b.drawArmies(f, o)
				b.drawCosts(f, o)
				img = image.NewRGBA(dst.Bounds())
				dst.ReadPixels(img.Pix)
			})
			var boxes []box
			var labels []part
			for _, hx := range []hex.Hex{ownHex, enemyHex, cityHex, fleetHex} {
				x, y := cam.ToScreen(b.HexCenter(hx))
				for _, p := range layoutOf(hx, HexSize*zoom) {
					p = p.moved(x, y)
					boxes = append(boxes, p.boxes()...)
					if !p.kind.picture() && p.kind != partMark {
						labels = append(labels, p)
					}
				}
			}
			// Nothing outside the boxes (but for a pixel or two of smoothing).
			const margin = 2
			outside := 0
			var first image.Point
			for py := 0; py < shotH; py++ {
				for px := 0; px < shotW; px++ {
					if img.RGBAAt(px, py).A < 40 {
						continue
					}
					in := false
					for _, bx := range boxes {
						if float64(px)+0.5 >= bx.x0-margin && float64(px)+0.5 <= bx.x1+margin && float64(py)+0.5 >= bx.y0-margin && float64(py)+0.5 <= bx.y1+margin {
							in = true
							break
						}
					}
					if !in {
						if outside == 0 {
							first = image.Pt(px, py)
						}
						outside++
					}
				}
			}
			if outside > 0 {
				t.Errorf("zoom %.2f around %v: %d pixels drawn outside every part's box, the first at %v", zoom, centre, outside, first)
			}
			// Each badge and label is drawn in its box.
			for _, p := range labels {
				r := image.Rect(int(math.Ceil(p.box.x0)), int(math.Ceil(p.box.y0)), int(p.box.x1), int(p.box.y1)).Intersect(img.Rect)
				if r.Empty() || r != image.Rect(int(math.Ceil(p.box.x0)), int(math.Ceil(p.box.y0)), int(p.box.x1), int(p.box.y1)) {
					continue // (partly) off the image
				}
				n := 0
				for py := r.Min.Y; py < r.Max.Y; py++ {
					for px := r.Min.X; px < r.Max.X; px++ {
						if img.RGBAAt(px, py).A >= 128 {
							n++
						}
					}
				}
				if f := float64(n) / float64(r.Dx()*r.Dy()); f < 0.3 {
					t.Errorf("zoom %.2f around %v: the %v %q covers %.0f%% of its box %v, want a good part", zoom, centre, p.kind, p.text, 100*f, r)
				}
			}
		}
	}
}
