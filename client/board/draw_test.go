package board

import (
	"empires/client/art"

	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/client/internal/drawtest"
	"empires/shared/game"
	"empires/shared/hex"
)

// These tests draw for real, in a window: they run when there is a
// display (the client tests run under Xvfb) and are skipped otherwise.

func TestMain(m *testing.M) { drawtest.Main(m, "board tests") }

// onFrame runs f in the game loop and waits for it to return.
func onFrame(t *testing.T, f func()) {
	t.Helper()
	drawtest.OnFrame(t, f)
}

const shotW, shotH = 640, 400

// shot draws b through cam with overlay o into a new image and returns
// its pixels.
func shot(b *Board, cam *camera.Camera, o *Overlay) *image.RGBA {
	img := ebiten.NewImage(shotW, shotH)
	defer img.Deallocate()
	b.Draw(img, cam, o)
	out := image.NewRGBA(image.Rect(0, 0, shotW, shotH))
	img.ReadPixels(out.Pix)
	return out
}

// camOn returns a camera at zoom showing h at the middle of the shot.
func camOn(b *Board, zoom float64, h hex.Hex) *camera.Camera {
	ww, wh := b.WorldSize()
	cam := camera.New(ww, wh, shotW, shotH)
	cam.ZoomAt(zoom/cam.Zoom, 0, 0)
	wx, wy := b.HexCenter(h)
	cam.X, cam.Y = wx-shotW/2/zoom, wy-shotH/2/zoom
	return cam
}

// meanAt returns the mean colour of the square of side 2r+1 around (x, y).
func meanAt(img *image.RGBA, x, y, r int) color.RGBA {
	var s [3]float64
	n := 0.0
	for py := y - r; py <= y+r; py++ {
		for px := x - r; px <= x+r; px++ {
			c := img.RGBAAt(px, py)
			s[0], s[1], s[2] = s[0]+float64(c.R), s[1]+float64(c.G), s[2]+float64(c.B)
			n++
		}
	}
	return color.RGBA{uint8(s[0] / n), uint8(s[1] / n), uint8(s[2] / n), 255}
}

// screenOf returns where the centre of h is in a shot through cam.
func screenOf(b *Board, cam *camera.Camera, h hex.Hex) (int, int) {
	x, y := cam.ToScreen(b.HexCenter(h))
	return int(math.Round(x)), int(math.Round(y))
}

// TestDrawFog draws a map of Open land whose left part was never seen,
// whose middle is remembered and whose right is in sight, at every level
// of detail, and checks the colours of each part.
func TestDrawFog(t *testing.T) {
	const w, h = 24, 12
	b := newBoard(t, w, h)
	v := testView(w, h, func(x hex.Hex) bool { return x.Offset().Col >= 16 })
	for i := range v.Terrain {
		if (hex.Rect{Width: w, Height: h}).HexAt(i).Offset().Col < 8 {
			v.Terrain[i] = 255
		}
	}
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	open := b.styles[0].Color
	unknown := hex.FromOffset(hex.Offset{Col: 6, Row: 6})
	remembered := hex.FromOffset(hex.Offset{Col: 10, Row: 6})
	visible := hex.FromOffset(hex.Offset{Col: 17, Row: 6})
	for _, zoom := range []float64{0.3, 0.6, 1, 2, 4} {
		var img *image.RGBA
		cam := camOn(b, zoom, hex.FromOffset(hex.Offset{Col: 12, Row: 6}))
		onFrame(t, func() { img = shot(b, cam, nil) })
		check := func(name string, at hex.Hex, ok func(c color.RGBA) bool) {
			x, y := screenOf(b, cam, at)
			if x < 0 || y < 0 || x >= shotW || y >= shotH {
				return // off the shot at this zoom
			}
			c := meanAt(img, x, y, 1)
			if !ok(c) {
				t.Errorf("zoom %v: %s hex %v drawn %v", zoom, name, at, c)
			}
		}
		check("unknown", unknown, func(c color.RGBA) bool { return art.DeltaE(c, art.UnknownColor) < 8 })
		check("visible", visible, func(c color.RGBA) bool { return art.DeltaE(c, open) < 15 })
		check("remembered", remembered, func(c color.RGBA) bool {
			return art.Luminance(c) < art.Luminance(open)*0.7 && art.DeltaE(c, art.UnknownColor) > 10
		})
	}

	// The middle hex falls out of sight: the next frame shows it dimmed.
	mid := hex.FromOffset(hex.Offset{Col: 18, Row: 6})
	cam := camOn(b, 1, mid)
	var before, after *image.RGBA
	onFrame(t, func() { before = shot(b, cam, nil) })
	v2 := testView(w, h, func(x hex.Hex) bool { return x.Offset().Col >= 16 && x != mid })
	if err := b.SetView(v2); err != nil {
		t.Fatal(err)
	}
	onFrame(t, func() { after = shot(b, cam, nil) })
	x, y := screenOf(b, cam, mid)
	if c0, c1 := meanAt(before, x, y, 1), meanAt(after, x, y, 1); art.Luminance(c1) > art.Luminance(c0)*0.7 {
		t.Errorf("hex out of sight: drawn %v, before %v; want dimmed", c1, c0)
	}
}

// TestDrawArmiesAndCities checks that armies and cities are drawn in
// their owners' colours at a close and a far zoom.
func TestDrawArmiesAndCities(t *testing.T) {
	const w, h = 16, 12
	b := newBoard(t, w, h)
	v := testView(w, h, all)
	army := hex.FromOffset(hex.Offset{Col: 5, Row: 5})
	city := hex.FromOffset(hex.Offset{Col: 10, Row: 5})
	v.Armies = []game.ArmyView{
		{ID: 1, Owner: 1, Hex: army, Units: game.Units{12}, NumCharacters: 1,
			Characters: []game.Character{{ID: 9, Kind: 1, Level: 2}}, Stance: game.Stance{Kind: game.Intercept}},
		{ID: 2, Owner: 1, Hex: army, Units: game.Units{3}},
		{ID: 3, Owner: 4, Hex: city, Units: game.Units{5}, NumCharacters: 2, Seen: 3},
	}
	v.Cities = []game.CityView{{ID: 4, Owner: 4, Hex: city, Level: 5, Capital: true, Seen: 3}}
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	for _, zoom := range []float64{0.3, 1, 3} {
		cam := camOn(b, zoom, hex.FromOffset(hex.Offset{Col: 8, Row: 5}))
		if zoom == 3 {
			cam = camOn(b, zoom, army)
		}
		var img *image.RGBA
		onFrame(t, func() { img = shot(b, cam, nil) })
		for _, tc := range []struct {
			at hex.Hex
			p  game.PlayerID
		}{{army, 1}, {city, 4}} {
			x, y := screenOf(b, cam, tc.at)
			if !image.Pt(x, y).In(image.Rect(0, 0, shotW, shotH)) {
				continue // off the shot at this zoom
			}
			r := int(HexSize * zoom)
			if !found(img, image.Rect(x-r, y-r, x+r, y+r), art.PlayerColor(tc.p), 6) {
				t.Errorf("zoom %v: nothing in %v's colour %v around %v", zoom, tc.p, art.PlayerColor(tc.p), tc.at)
			}
		}
	}
}

// found reports whether a pixel of img in r lies within deltaE d of c.
func found(img *image.RGBA, r image.Rectangle, c color.RGBA, d float64) bool {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if art.DeltaE(img.RGBAAt(x, y), c) < d {
				return true
			}
		}
	}
	return false
}

// TestDrawOverlays draws every overlay at three zooms, and the minimap,
// and checks the selection's outline and the minimap's camera frame.
func TestDrawOverlays(t *testing.T) {
	const w, h = 20, 14
	b := newBoard(t, w, h)
	v := testView(w, h, func(x hex.Hex) bool { return x.Offset().Col < 15 })
	sel := hex.FromOffset(hex.Offset{Col: 8, Row: 7})
	v.Armies = []game.ArmyView{
		{ID: 1, Owner: 1, Hex: sel, Units: game.Units{4}},
		{ID: 2, Owner: 1, Hex: hex.FromOffset(hex.Offset{Col: 4, Row: 3}), Units: game.Units{4}, Stance: game.Stance{Kind: game.Withdraw, Dir: hex.West}},
		{ID: 3, Owner: 2, Hex: hex.FromOffset(hex.Offset{Col: 17, Row: 3}), Units: game.Units{4}, Remembered: true, Seen: 1},
	}
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	reach := map[hex.Hex]int{}
	for _, x := range hex.Spiral(sel, 2)[1:] {
		reach[x] = hex.Distance(sel, x)
	}
	o := &Overlay{
		Hover: sel.Neighbor(hex.West), HasHover: true,
		Selected: sel, HasSelected: true,
		Reach:   reach,
		Path:    []hex.Hex{sel.Neighbor(hex.East), sel.Neighbor(hex.East).Neighbor(hex.East)},
		PathOK:  true,
		Orders:  []Arrow{{From: hex.FromOffset(hex.Offset{Col: 4, Row: 3}), Path: []hex.Hex{hex.FromOffset(hex.Offset{Col: 5, Row: 3})}}},
		Moving:  map[game.ArmyID]Pos{2: {From: hex.FromOffset(hex.Offset{Col: 4, Row: 3}), To: hex.FromOffset(hex.Offset{Col: 5, Row: 3}), T: 0.5}},
		Battles: []hex.Hex{hex.FromOffset(hex.Offset{Col: 3, Row: 9})},
		Grid:    true,
	}
	for _, zoom := range []float64{0.3, 1, 3} {
		cam := camOn(b, zoom, sel)
		var img *image.RGBA
		onFrame(t, func() { img = shot(b, cam, o) })
		// The selection's outline crosses the middle of the hex's top
		// right edge.
		c := b.layout.Corners(sel)
		mx, my := cam.ToScreen((c[0][0]+c[1][0])/2, (c[0][1]+c[1][1])/2)
		x, y := int(mx), int(my)
		if !found(img, image.Rect(x-3, y-3, x+4, y+4), selectColor, 10) {
			t.Errorf("zoom %v: no selection outline at %d,%d", zoom, x, y)
		}
	}

	// Overlays with nothing to show draw nothing: a path of one hex and
	// no selection, a move of an army not in the view, an empty order.
	empty := &Overlay{
		Path:   []hex.Hex{sel},
		Moving: map[game.ArmyID]Pos{99: {From: sel, To: sel.Neighbor(hex.East), T: 0.5}},
		Orders: []Arrow{{From: sel}},
	}
	var plain, edge *image.RGBA
	cam1 := camOn(b, 1, sel)
	onFrame(t, func() {
		plain = shot(b, cam1, nil)
		edge = shot(b, cam1, empty)
	})
	// (Rounding may differ by a step between two draws of one picture.)
	if n := differing(plain, edge, 2); n > 0 {
		t.Errorf("an overlay with nothing to show changed %d pixels", n)
	}

	// The minimap: the camera's view outlined in art.White, the map inside.
	cam := camOn(b, 2, sel)
	r := image.Rect(400, 250, 620, 390)
	var img *image.RGBA
	onFrame(t, func() {
		dst := ebiten.NewImage(shotW, shotH)
		defer dst.Deallocate()
		b.DrawMinimap(dst, r, cam)
		img = image.NewRGBA(image.Rect(0, 0, shotW, shotH))
		dst.ReadPixels(img.Pix)
	})
	scale, x0, y0 := b.minimapFit(r)
	wx, wy := cam.ToWorld(0, 0)
	fx, fy := int(x0+wx*scale), int(y0+wy*scale)
	if !found(img, image.Rect(fx-1, fy-1, fx+2, fy+2), color.RGBA{255, 255, 255, 255}, 12) {
		t.Errorf("minimap: no camera frame at %d,%d", fx, fy)
	}
	mx, my := b.HexCenter(hex.FromOffset(hex.Offset{Col: 2, Row: 10}))
	if c := img.RGBAAt(int(x0+mx*scale), int(y0+my*scale)); art.DeltaE(c, b.styles[0].Color) > 10 {
		t.Errorf("minimap: hex in sight drawn %v, want Open's %v", c, b.styles[0].Color)
	}
}

// differing returns how many pixels of a and b differ by more than tol in
// a channel.
func differing(a, b *image.RGBA, tol int) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 4 {
			if d := int(a.Pix[i+c]) - int(b.Pix[i+c]); d > tol || d < -tol {
				n++
				break
			}
		}
	}
	return n
}

// TestDrawPlayerBadge draws the sixteen players' badges in a row and
// checks each shows its player's colour.
func TestDrawPlayerBadge(t *testing.T) {
	b := newBoard(t, 8, 8)
	var img *image.RGBA
	onFrame(t, func() {
		dst := ebiten.NewImage(shotW, shotH)
		defer dst.Deallocate()
		for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
			b.DrawPlayerBadge(dst, p, float64(p)*36, 50, 32)
		}
		img = image.NewRGBA(image.Rect(0, 0, shotW, shotH))
		dst.ReadPixels(img.Pix)
	})
	for p := game.PlayerID(1); p <= game.MaxPlayers; p++ {
		x := int(p) * 36
		if !found(img, image.Rect(x-14, 36, x+14, 64), art.PlayerColor(p), 4) {
			t.Errorf("badge of %v shows no %v", p, art.PlayerColor(p))
		}
	}
}

// TestReachLayer checks the cached reach overlay: drawn again for the same
// reach, selection and camera it is reused and gives the same picture as a
// board drawing it for the first time; moving the camera redraws it where
// the hexes now are.
func TestReachLayer(t *testing.T) {
	const w, h = 20, 14
	sel := hex.FromOffset(hex.Offset{Col: 8, Row: 7})
	reach := map[hex.Hex]int{}
	for _, x := range hex.Spiral(sel, 2)[1:] {
		reach[x] = hex.Distance(sel, x)
	}
	o := &Overlay{Selected: sel, HasSelected: true, Reach: reach}
	v := testView(w, h, func(hex.Hex) bool { return true })
	cached, fresh := newBoard(t, w, h), newBoard(t, w, h)
	for _, b := range []*Board{cached, fresh} {
		if err := b.SetView(v); err != nil {
			t.Fatal(err)
		}
	}
	cam := camOn(cached, 1, sel)
	var first, again, other *image.RGBA
	onFrame(t, func() {
		first = shot(cached, cam, o)
		again = shot(cached, cam, o)
	})
	key := cached.reach.key
	if !cached.reach.used || key.reach == 0 {
		t.Fatal("no reach layer after drawing a reach")
	}
	if n := differing(first, again, 2); n > 0 {
		t.Errorf("the reused reach layer changed %d pixels", n)
	}
	// A board that never drew a reach draws the same picture.
	onFrame(t, func() { other = shot(fresh, cam, o) })
	if n := differing(first, other, 2); n > 0 {
		t.Errorf("the cached reach differs from a fresh one in %d pixels", n)
	}
	// The camera moves a hex: the layer is redrawn there.
	moved := camOn(cached, 1, sel.Neighbor(hex.East))
	var shifted, want *image.RGBA
	onFrame(t, func() {
		shifted = shot(cached, moved, o)
		want = shot(newBoardWith(t, w, h, v), moved, o)
	})
	if cached.reach.key == key {
		t.Error("the reach layer kept its key after the camera moved")
	}
	if n := differing(shifted, want, 2); n > 0 {
		t.Errorf("after the camera moved the reach differs from a fresh one in %d pixels", n)
	}
	// And it is where the hexes are: the reach's border runs along the
	// east edge of its easternmost hex.
	outer := sel.Neighbor(hex.East).Neighbor(hex.East)
	ax, ay := moved.ToScreen(cached.HexCenter(outer))
	bx, by := moved.ToScreen(cached.HexCenter(outer.Neighbor(hex.East)))
	x, y := int((ax+bx)/2), int((ay+by)/2)
	if !found(shifted, image.Rect(x-3, y-3, x+4, y+4), reachColor, 40) {
		t.Errorf("no reach border at %d,%d after the camera moved", x, y)
	}
}

// newBoardWith returns a board showing v.
func newBoardWith(t *testing.T, w, h int, v *game.View) *Board {
	t.Helper()
	b := newBoard(t, w, h)
	if err := b.SetView(v); err != nil {
		t.Fatal(err)
	}
	return b
}
