package board

import (
	"empires/client/art"

	"image"
	"image/color"
	"math"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// structureStyle is erfStyle with a farm, a fort and a contraption as
// structure kinds 0, 1 and 2, as erfpires's module gives them.
func structureStyle(t testing.TB) Style {
	st := erfStyle(t)
	st.Structures = []art.Picture{art.PictureFarm, art.PictureFort, art.PictureContraption}
	return st
}

// TestDrawStructures draws a farm of player 1, a fort of player 2 with
// its army on it, a Dinglehoober of player 3 remembered out of sight and
// a structure of a kind without a picture, at a far, the opening and a
// close zoom, and compares each picture with the same view drawn without
// the structures: each is drawn on its own hex and nowhere else, in its
// owner's colour; the remembered one darker than the same in sight.
func TestDrawStructures(t *testing.T) {
	const w, h = 18, 12
	at := func(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }
	farm, fort, ding, post := at(4, 5), at(8, 5), at(12, 5), at(8, 8)
	structures := []game.StructureView{
		{ID: 10, Kind: 0, Owner: 1, Hex: farm},
		{ID: 11, Kind: 1, Owner: 2, Hex: fort},
		{ID: 12, Kind: 2, Owner: 3, Hex: ding, Seen: 2, Remembered: true},
		{ID: 13, Kind: 9, Owner: 4, Hex: post},
	}
	view := func(withStructures, dingInSight bool) *game.View {
		v := testView(w, h, func(x hex.Hex) bool { return x != ding || dingInSight })
		v.Armies = []game.ArmyView{{ID: 1, Owner: 2, Hex: fort, Units: game.Units{3}}}
		if withStructures {
			v.Structures = append([]game.StructureView(nil), structures...)
			if dingInSight {
				v.Structures[2].Remembered, v.Structures[2].Seen = false, 0
			}
		}
		return v
	}
	board := func(v *game.View) *Board {
		b, err := New(structureStyle(t), w, h)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.SetView(v); err != nil {
			t.Fatal(err)
		}
		return b
	}
	with, without, inSight := board(view(true, false)), board(view(false, false)), board(view(true, true))
	for _, zoom := range []float64{0.3, 1.2, 3} {
		centre := at(8, 6)
		if zoom == 3 {
			centre = farm
		}
		cam := camOn(with, zoom, centre)
		var a, b, c *image.RGBA
		onFrame(t, func() {
			a, b, c = shot(with, cam, nil), shot(without, cam, nil), shot(inSight, cam, nil)
		})
		r := HexSize * zoom
		onHex := func(x, y int) (game.StructureView, bool) {
			for _, st := range structures {
				hx, hy := screenOf(with, cam, st.Hex)
				if inHexagon(float64(x-hx), float64(y-hy), r) {
					return st, true
				}
			}
			return game.StructureView{}, false
		}
		changed := map[game.StructureID]int{}
		stray := 0
		for y := range shotH {
			for x := range shotW {
				if alike(a.RGBAAt(x, y), b.RGBAAt(x, y)) {
					continue // the same, give or take the terrain's rounding
				}
				if st, ok := onHex(x, y); ok {
					changed[st.ID]++
				} else {
					stray++
				}
			}
		}
		if stray > 0 {
			t.Errorf("zoom %v: %d pixels changed off the structures' hexes", zoom, stray)
		}
		for _, st := range structures {
			x, y := screenOf(with, cam, st.Hex)
			if !image.Pt(x, y).In(image.Rect(0, 0, shotW, shotH)) {
				continue // off the shot at this zoom
			}
			if changed[st.ID] < 8 {
				t.Errorf("zoom %v: the structure on %v changed %d pixels: not drawn", zoom, st.Hex, changed[st.ID])
			}
			if st.Remembered {
				continue
			}
			box := image.Rect(x-int(r), y-int(r), x+int(r), y+int(r))
			if !found(a, box, art.PlayerColor(st.Owner), 8) {
				t.Errorf("zoom %v: nothing in %v's colour %v on its structure at %v", zoom, st.Owner, art.PlayerColor(st.Owner), st.Hex)
			}
		}
		// The remembered Dinglehoober is darker than in sight.
		x, y := screenOf(with, cam, ding)
		if image.Pt(x, y).In(image.Rect(0, 0, shotW, shotH)) {
			var dim, lit float64
			for py := y - int(r); py <= y+int(r); py++ {
				for px := x - int(r); px <= x+int(r); px++ {
					if !image.Pt(px, py).In(a.Rect) || !inHexagon(float64(px-x), float64(py-y), r) {
						continue
					}
					if !alike(a.RGBAAt(px, py), b.RGBAAt(px, py)) {
						dim += art.Luminance(a.RGBAAt(px, py))
						lit += art.Luminance(c.RGBAAt(px, py))
					}
				}
			}
			if dim >= lit*0.9 {
				t.Errorf("zoom %v: the remembered Dinglehoober is drawn as bright as in sight (%.1f, %.1f)", zoom, dim, lit)
			}
		}
	}
}

// alike reports whether a and b differ by at most 4 in each channel.
func alike(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y <= 4 || y-x <= 4 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// inHexagon reports whether (dx, dy) from a pointy-top hex's centre lies
// in the hex of radius r.
func inHexagon(dx, dy, r float64) bool {
	dx, dy = math.Abs(dx), math.Abs(dy)
	return dx <= r*math.Sqrt(3)/2 && dy <= r-dx/math.Sqrt(3)
}

// TestDrawNoCityLevels draws a level 3 city with the style of a ruleset
// whose cities have no levels, and with erfworld's: at the badges' zoom
// erfworld's shows the level on a disc, the other does not.
func TestDrawNoCityLevels(t *testing.T) {
	const w, h = 10, 8
	city := hex.FromOffset(hex.Offset{Col: 4, Row: 4})
	v := testView(w, h, all)
	v.Cities = []game.CityView{{ID: 1, Owner: 2, Hex: city, Level: 1}}
	plain := structureStyle(t)
	plain.NoCityLevels = true
	levels, err := New(erfStyle(t), w, h)
	if err != nil {
		t.Fatal(err)
	}
	none, err := New(plain, w, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []*Board{levels, none} {
		if err := b.SetView(v); err != nil {
			t.Fatal(err)
		}
	}
	cam := camOn(levels, 2, city)
	var a, b *image.RGBA
	onFrame(t, func() { a, b = shot(levels, cam, nil), shot(none, cam, nil) })
	// The level's disc stands at the hex's lower left.
	x, y := screenOf(levels, cam, city)
	hexPx := HexSize * 2.0
	disc := image.Rect(x-int(hexPx*0.8), y+int(hexPx*0.25), x-int(hexPx*0.45), y+int(hexPx*0.65))
	if n := differing(a, b, 8); n == 0 {
		t.Fatal("the city is drawn the same with and without levels")
	}
	if !found(a, disc, art.PlayerColor(2), 8) {
		t.Errorf("erfworld's city shows no level disc in its owner's colour at %v", disc)
	}
	if found(b, disc, art.PlayerColor(2), 8) {
		t.Errorf("a city without levels shows its owner's colour at the level's place %v", disc)
	}
}

// TestDrawMarked: the hex a choice under the pointer acts on
// (Overlay.Marked) is outlined in cyan on its own hex, nowhere else.
func TestDrawMarked(t *testing.T) {
	const w, h = 12, 10
	b := newBoard(t, w, h)
	if err := b.SetView(testView(w, h, all)); err != nil {
		t.Fatal(err)
	}
	mark := hex.FromOffset(hex.Offset{Col: 5, Row: 4})
	cam := camOn(b, 1.5, mark)
	var plain, marked *image.RGBA
	onFrame(t, func() {
		plain = shot(b, cam, nil)
		marked = shot(b, cam, &Overlay{Marked: mark, HasMarked: true})
	})
	x, y := screenOf(b, cam, mark)
	r := HexSize * 1.5
	in, out := 0, 0
	for py := range shotH {
		for px := range shotW {
			if alike(plain.RGBAAt(px, py), marked.RGBAAt(px, py)) {
				continue
			}
			if inHexagon(float64(px-x), float64(py-y), r+8) { // the outline lies on its edges
				in++
			} else {
				out++
			}
		}
	}
	if in < 100 || out > 0 {
		t.Errorf("the marked hex changed %d pixels in it and %d outside", in, out)
	}
	if !found(marked, image.Rect(x-int(r), y-int(r), x+int(r), y+int(r)), markColor, 10) {
		t.Error("no cyan on the marked hex")
	}
}
