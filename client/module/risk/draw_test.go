package risk

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/internal/drawtest"
	"empires/shared/rules/risk/board"
)

// cellBox returns the window rectangle of cell (x, y), inset by a
// quarter of it on each side (clear of the borders and bands).
func cellBox(m *Map, x, y int) image.Rectangle {
	ax, ay := m.toWindow(float64(x)*m.lay.CellW, float64(y)*m.lay.CellH)
	bx, by := m.toWindow(float64(x+1)*m.lay.CellW, float64(y+1)*m.lay.CellH)
	dx, dy := (bx-ax)/3, (by-ay)/3
	return image.Rect(int(math.Ceil(ax+dx)), int(math.Ceil(ay+dy)), int(bx-dx), int(by-dy))
}

// checkFills checks that each territory in sight is filled, away from
// the badges and its coast, in its owner's colour or its pattern's ink:
// most of the middles of its cells.
func checkFills(t *testing.T, img *image.RGBA, m *Map, sh shell, what string) {
	t.Helper()
	b := m.Board()
	for _, tt := range b.Territories {
		fill, ink := m.fillOf(tt.ID), art.PatternInk(m.fillOf(tt.ID))
		var cells, filled int
		for cy := range b.Height {
			for cx := range b.Width {
				if b.Cell(cx, cy) != tt.ID || coastal(b, cx, cy) {
					continue // (a coast's corners are cut)
				}
				box := cellBox(m, cx, cy)
				mid := box.Min.Add(box.Max).Div(2)
				if box.Empty() || !box.In(sh.sight) || m.nearBadge(mid) {
					continue
				}
				cells++
				if n := countBetween(img, box, fill, ink, 14); 2*n >= box.Dx()*box.Dy() {
					filled++
				}
			}
		}
		if cells > 0 && 3*filled < 2*cells {
			t.Errorf("%s %s: %s (seat %d) is filled in %d cells of %d in its colour %v or pattern %v", size(sh), what, tt.Name, m.hold[tt.ID-1].Owner, filled, cells, fill, ink)
		}
	}
}

// countBetween counts the pixels of r in img within tol, in each
// channel, of a mix of colours a and b (a pattern's edges are drawn
// smooth).
func countBetween(img *image.RGBA, r image.Rectangle, a, b color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			for k := 0.0; k <= 1; k += 0.125 {
				if near(p, art.Mix(a, b, k), tol) {
					n++
					break
				}
			}
		}
	}
	return n
}

// coastal reports whether cell (x, y) has the sea beside it.
func coastal(b *board.Board, x, y int) bool {
	return b.Cell(x-1, y) == 0 || b.Cell(x+1, y) == 0 || b.Cell(x, y-1) == 0 || b.Cell(x, y+1) == 0
}

// checkBadges checks each badge in sight: a light face ringed in the
// owner's colour, dark figures on it, wider for more figures.
func checkBadges(t *testing.T, img *image.RGBA, m *Map, sh shell, what string) {
	t.Helper()
	r := m.badgeRadius()
	for _, tt := range m.Board().Territories {
		x, y, _ := m.ScreenOf(tt.ID)
		if !image.Pt(int(x), int(y)).In(sh.sight.Inset(int(2 * r))) {
			continue
		}
		inner := image.Rect(int(x-r*0.55), int(y-r*0.55), int(x+r*0.55), int(y+r*0.55))
		face, ink := count(img, inner, badgeFace, 10), count(img, inner, inkDark, 40)
		if face < inner.Dx()*inner.Dy()/5 || ink < 6 {
			t.Errorf("%s %s: %s's badge %v has %d light pixels and %d dark: no count written on it", size(sh), what, tt.Name, inner, face, ink)
		}
		w := m.badgeWidth(tt.ID)
		ring := image.Rect(int(x-w/2+1), int(y-2), int(x-w/2+r*0.25), int(y+2))
		if n := count(img, ring, m.ownerColor(m.hold[tt.ID-1].Owner), 24); n == 0 {
			t.Errorf("%s %s: %s's badge has no ring in its owner's colour at %v", size(sh), what, tt.Name, ring)
		}
		if m.hold[tt.ID-1].Armies >= 100 {
			// Three figures: the light face runs past the disc.
			wide := image.Rect(int(x+r*1.05), int(y-2), int(x+r*1.25), int(y+2))
			if n := count(img, wide, badgeFace, 10); n == 0 {
				t.Errorf("%s %s: %s's badge of %d armies is no wider than a disc", size(sh), what, tt.Name, m.hold[tt.ID-1].Armies)
			}
		}
	}
}

// checkBadgeTexts checks that the figures on the badges are the counts:
// the dark pixels on two badges of one count are the same picture, and
// on badges of different counts different pictures.
func checkBadgeTexts(t *testing.T, img *image.RGBA, m *Map, sh shell) {
	t.Helper()
	r := m.badgeRadius()
	byCount := map[int]string{}
	named := map[string]int{}
	for _, tt := range m.Board().Territories {
		x, y, _ := m.ScreenOf(tt.ID)
		if !image.Pt(int(x), int(y)).In(sh.sight.Inset(int(2 * r))) {
			continue
		}
		// The dark pixels in the badge's light face (within 0.72 r of the
		// pill's middle line), from the top-left one's row and column.
		w := m.badgeWidth(tt.ID)
		half := w/2 - r
		box := image.Rectangle{}
		var dark []image.Point
		for py := int(y - r); py <= int(y+r); py++ {
			for px := int(x - w/2); px <= int(x+w/2); px++ {
				cx := math.Max(x-half, math.Min(x+half, float64(px)+0.5))
				if math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-y) > 0.72*r || !near(img.RGBAAt(px, py), inkDark, 50) {
					continue
				}
				dark = append(dark, image.Pt(px, py))
				box = box.Union(image.Rect(px, py, px+1, py+1))
			}
		}
		sig := fmt.Sprint(box.Size())
		for _, p := range dark {
			sig += fmt.Sprint(p.Sub(box.Min))
		}
		n := m.hold[tt.ID-1].Armies
		if len(dark) < 6 {
			t.Errorf("%s: %s's badge has %d dark pixels: no %d written", size(sh), tt.Name, len(dark), n)
			continue
		}
		if have, ok := byCount[n]; ok && have != sig {
			t.Errorf("%s: %s's %d is not drawn as the other badges' %d", size(sh), tt.Name, n, n)
		}
		byCount[n] = sig
		if o, ok := named[sig]; ok && o != n {
			t.Errorf("%s: %s's %d is drawn as %d is", size(sh), tt.Name, n, o)
		}
		named[sig] = n
	}
	if len(byCount) < 5 {
		t.Errorf("%s: only %d different counts seen", size(sh), len(byCount))
	}
}

// checkEdges checks that the borders are drawn: at the middle of each
// edge between continents and each coast in sight the picture is near
// black, and at the middle of each border between territories of one
// continent darker than either side.
func checkEdges(t *testing.T, img *image.RGBA, m *Map, sh shell, what string) {
	t.Helper()
	dark := func(p image.Point) bool { return luma(img.RGBAAt(p.X, p.Y)) < 70 }
	for _, kind := range []edgeKind{frontier, coast, border} {
		bad, seen := 0, 0
		for _, e := range m.geo.edges[kind] {
			x, y := m.toWindow((float64(e.A.X+e.B.X))/2*m.lay.CellW, (float64(e.A.Y+e.B.Y))/2*m.lay.CellH)
			p := image.Pt(int(x), int(y))
			if !p.In(sh.sight.Inset(20)) || m.nearBadge(p) {
				continue
			}
			seen++
			switch kind {
			case border:
				// The two sides: across the edge.
				dx, dy := float64(e.B.Y-e.A.Y)*m.lay.CellW*m.cam.Zoom/3, float64(e.A.X-e.B.X)*m.lay.CellH*m.cam.Zoom/3
				a := img.RGBAAt(int(x+dx), int(y+dy))
				c := img.RGBAAt(int(x-dx), int(y-dy))
				if mid := minLuma(img, p); mid >= math.Min(luma(a), luma(c))-8 && mid >= 50 {
					bad++
				}
			default:
				if !dark(p) && minLuma(img, p) >= 70 {
					bad++
				}
			}
		}
		if seen == 0 || bad*20 > seen {
			t.Errorf("%s %s: %d of %d edges of kind %d in sight are not drawn", size(sh), what, bad, seen, kind)
		}
	}
}

// minLuma returns the darkest pixel's brightness within a pixel of p.
func minLuma(img *image.RGBA, p image.Point) float64 {
	least := 255.0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			least = math.Min(least, luma(img.RGBAAt(p.X+dx, p.Y+dy)))
		}
	}
	return least
}

// nearBadge reports whether window point p is on or near a badge (or
// its city, or its name).
func (m *Map) nearBadge(p image.Point) bool {
	r := m.badgeRadius()
	for _, tt := range m.b.Territories {
		x, y, _ := m.ScreenOf(tt.ID)
		if math.Abs(float64(p.X)-x) < 4*r && math.Abs(float64(p.Y)-y) < 2.2*r {
			return true
		}
	}
	return false
}

// TestDrawClassic draws the classic board with six players' territories,
// neutral ones, armies (105 on Alaska) and cities, at 1024x768 and
// 1920x1080: the whole board; then Kamchatka selected with the pointer
// resting on Japan (its tooltip); then zoomed in on Europe to √2, the
// territories named. One map does it all, the window resized between
// the sizes (and H pressed, as a player does): the layers are painted
// at 1024x768's whole board's scale and at √2, which is 1920x1080's
// whole board's too.
func TestDrawClassic(t *testing.T) {
	m := newClassicMap(t)
	b := m.Board()
	for _, sh := range []shell{shellOf(1024, 768), shellOf(1920, 1080)} {
		in := sh.input(image.Pt(5, 45), false, false)
		in.KeysPressed = []ebiten.Key{ebiten.KeyH}
		m.Update(in, sh.sight)
		img := render(t, m, sh, image.Pt(5, 45), 1)
		saveShot(t, img, "risk-classic-"+size(sh)+".png")
		checkFills(t, img, m, sh, "whole")
		checkBadges(t, img, m, sh, "whole")
		checkBadgeTexts(t, img, m, sh)
		checkEdges(t, img, m, sh, "whole")
		checkSeaLinks(t, img, m, sh)

		kam, japan := id(t, b, "Kamchatka"), id(t, b, "Japan")
		m.Select(kam)
		x, y, _ := m.ScreenOf(japan)
		pt := image.Pt(int(x)+4, int(y)+int(m.badgeRadius())+3)
		img = render(t, m, sh, pt, tooltipDelay+2)
		saveShot(t, img, "risk-classic-selected-"+size(sh)+".png")
		if have, on := m.Hovered(); !on || have != japan {
			t.Fatalf("%s: the pointer at %v is on %d (%t), want Japan", size(sh), pt, have, on)
		}
		// Kamchatka outlined in gold; its neighbours lit, the others dimmed.
		kx, ky, _ := m.ScreenOf(kam)
		around := image.Rect(int(kx)-80, int(ky)-80, int(kx)+80, int(ky)+80)
		if n := count(img, around, selectColor, 30); n < 40 {
			t.Errorf("%s: %d gold pixels around Kamchatka: not outlined", size(sh), n)
		}
		lit, dim := id(t, b, "Alaska"), id(t, b, "Egypt")
		for _, c := range []struct {
			t   board.TerritoryID
			dim bool
		}{{lit, false}, {dim, true}} {
			cx, cy := m.geo.label[c.t-1][0], m.geo.label[c.t-1][1]+1 // the cell under the badge
			box := cellBox(m, cx, cy)
			n := countBetween(img, box, m.fillOf(c.t), art.PatternInk(m.fillOf(c.t)), 14)
			if shown := 2*n >= box.Dx()*box.Dy(); shown == c.dim {
				t.Errorf("%s: with Kamchatka selected, %s is dimmed %t, want %t", size(sh), b.Territories[c.t-1].Name, !shown, c.dim)
			}
		}
		// The tooltip: a box of its colour beside the pointer (left of
		// it near the side panel).
		tip := image.Rect(pt.X-480, pt.Y, pt.X+480, pt.Y+140)
		if n := count(img, tip, color.RGBA{30, 26, 22, 255}, 12); n < 200*60 {
			t.Errorf("%s: no tooltip under the pointer at %v (%d pixels of its colour)", size(sh), tip, n)
		}

		// Zoomed in on Europe: the names show (from a cell of 20
		// pixels: 22.6 at √2), the badges stay sharp.
		m.Select(0)
		ex, ey, _ := m.ScreenOf(id(t, b, "Northern Europe"))
		m.Camera().ZoomAt(math.Sqrt2/m.Camera().Zoom, ex-float64(sh.sight.Min.X), ey-float64(sh.sight.Min.Y))
		if m.lay.CellW*m.Camera().Zoom < 20 {
			t.Fatalf("%s: zoomed to %.2f, a cell is %.1f pixels: too small for the names", size(sh), m.Camera().Zoom, m.lay.CellW*m.Camera().Zoom)
		}
		img = render(t, m, sh, image.Pt(5, 45), 1)
		saveShot(t, img, "risk-classic-europe-"+size(sh)+".png")
		checkFills(t, img, m, sh, "Europe")
		checkBadges(t, img, m, sh, "Europe")
		checkEdges(t, img, m, sh, "Europe")
	}
}

// checkSeaLinks checks that the links across the sea are drawn in their
// colour, each along its middle: Alaska's to Kamchatka off both edges of
// the board, the others across the sea.
func checkSeaLinks(t *testing.T, img *image.RGBA, m *Map, sh shell) {
	t.Helper()
	b := m.Board()
	for _, sl := range m.geo.seaLinks {
		segs := m.linkSegments(sl)
		if sl.Wrap != (b.Territories[sl.A-1].Name == "Alaska" && b.Territories[sl.B-1].Name == "Kamchatka") {
			t.Errorf("the link of %s and %s crosses the edges %t", b.Territories[sl.A-1].Name, b.Territories[sl.B-1].Name, sl.Wrap)
		}
		for _, seg := range segs {
			// Along the line's middle part, some pixels of the links' colour.
			n := 0
			for f := 0.3; f <= 0.7; f += 0.02 {
				x, y := m.toWindow(seg.X0+(seg.X1-seg.X0)*f, seg.Y0+(seg.Y1-seg.Y0)*f)
				p := image.Pt(int(x), int(y))
				if !p.In(sh.mapR) {
					n = -1
					break
				}
				n += count(img, image.Rect(p.X-1, p.Y-1, p.X+2, p.Y+2), art.Alpha(seaLinkColor, 0.85), 60)
			}
			if n == 0 {
				t.Errorf("%s: the link of %s and %s is not drawn along %+v", size(sh), b.Territories[sl.A-1].Name, b.Territories[sl.B-1].Name, seg)
			}
		}
	}
}

// TestDrawGenerated draws a generated map of the classic's size with
// four players at 1024x768 and 1920x1080 (one map, the window resized
// and H pressed between), and picks each territory at its badge.
func TestDrawGenerated(t *testing.T) {
	b, err := board.Generate(7, board.DefaultSettings())
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMap(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.SetHoldings(holdings(b, 4)); err != nil {
		t.Fatal(err)
	}
	for _, sh := range []shell{shellOf(1024, 768), shellOf(1920, 1080)} {
		in := sh.input(image.Pt(5, 45), false, false)
		in.KeysPressed = []ebiten.Key{ebiten.KeyH}
		m.Update(in, sh.sight)
		img := render(t, m, sh, image.Pt(5, 45), 1)
		saveShot(t, img, "risk-generated-"+size(sh)+".png")
		checkFills(t, img, m, sh, "generated")
		checkBadges(t, img, m, sh, "generated")
		checkEdges(t, img, m, sh, "generated")
		for _, tt := range b.Territories {
			x, y, _ := m.ScreenOf(tt.ID)
			if have := m.TerritoryAt(image.Pt(int(x), int(y))); have != tt.ID {
				t.Errorf("%s: %s's badge point is on %d", size(sh), tt.Name, have)
			}
		}
	}
}

// BenchmarkDraw times a frame of the classic board at 1920x1080, its
// layers painted already (what a frame costs when the pointer moves or
// the camera pans): the layers drawn, Kamchatka selected with its
// neighbours, the 42 badges. It reads a pixel back so that the drawing
// is done when the time is taken. cpu-ms/op is the process's CPU time
// (the software GL's threads with it).
func BenchmarkDraw(b *testing.B) {
	for _, sel := range []string{"", "Kamchatka"} {
		b.Run("selected="+sel, func(b *testing.B) { benchDraw(b, sel) })
	}
}

func benchDraw(b *testing.B, sel string) {
	sh := shellOf(1920, 1080)
	m := newClassicMap(b)
	if sel != "" {
		m.Select(id(b, m.Board(), sel))
	}
	drawtest.OnFrame(b, func() {
		m.Update(sh.input(image.Pt(5, 45), false, false), sh.sight)
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		dst := img.SubImage(sh.mapR).(*ebiten.Image)
		for range 3 { // the layers painted, the GL's shaders ready
			m.Draw(dst)
			_ = img.At(0, 0)
		}
		b.ResetTimer()
		cpu := cpuTime()
		for range b.N {
			m.Draw(dst)
			_ = img.At(0, 0)
		}
		reportCPU(b, cpu)
	})
}

// BenchmarkPaint times painting the classic board's layers at 1920x1080
// after what changes them, as the map paints them before a frame:
//   - deal: the holdings of every territory change (a new game);
//   - conquest: Brazil changes hands (a conquest, in a game played one
//     action at a time at every click);
//   - armies: Brazil's armies change (an army placed);
//   - lines: the lines painted again (a zoom past a step);
//   - select: Kamchatka selected and unselected;
//   - reselect: the selection moves from Kamchatka to Japan and back;
//   - hover: the pointer crosses from Brazil into Argentina and back.
//
// Each reads a pixel of the layer back (finish) so that the painting is
// done when the time is taken; cpu-ms/op is the process's CPU time (the
// software GL's threads with it).
func BenchmarkPaint(b *testing.B) {
	sh := shellOf(1920, 1080)
	m := newClassicMap(b)
	bd := m.Board()
	deal, other := holdings(bd, 6), holdings(bd, 6)
	for i := range other {
		if other[i].Owner != 0 {
			other[i].Owner = other[i].Owner%6 + 1
		}
	}
	brazil, kam, japan := id(b, bd, "Brazil"), id(b, bd, "Kamchatka"), id(b, bd, "Japan")
	point := func(t board.TerritoryID) image.Point {
		x, y, _ := m.ScreenOf(t)
		return image.Pt(int(x), int(y))
	}
	set := func(h []Holding) {
		if err := m.SetHoldings(h); err != nil {
			b.Fatal(err)
		}
	}
	changed := func(f func(h []Holding)) func(i int) {
		return func(i int) {
			h := slices.Clone(deal)
			if i%2 == 1 {
				f(h)
			}
			set(h)
		}
	}
	for _, c := range []struct {
		name   string
		change func(i int)
		layer  func() *ebiten.Image
	}{
		{"deal", func(i int) { set([][]Holding{deal, other}[i%2]) }, func() *ebiten.Image { return m.ground }},
		{"conquest", changed(func(h []Holding) { h[brazil-1].Owner = h[brazil-1].Owner%6 + 1 }), func() *ebiten.Image { return m.ground }},
		{"armies", changed(func(h []Holding) { h[brazil-1].Armies++ }), func() *ebiten.Image { return m.ground }},
		{"lines", func(int) {
			m.placeLabels()
			for _, t := range tiles(m.lines.Bounds()) {
				m.paintLines(t)
			}
		}, func() *ebiten.Image { return m.lines }},
		{"select", func(int) { m.Select(kam); m.paintLayers(); m.Select(0) }, func() *ebiten.Image { return m.overlay }},
		{"reselect", func(i int) { m.Select([]board.TerritoryID{kam, japan}[i%2]) }, func() *ebiten.Image { return m.overlay }},
		{"hover", func(i int) {
			m.Update(sh.input(point([]board.TerritoryID{brazil, id(b, bd, "Argentina")}[i%2]), false, false), sh.sight)
		}, func() *ebiten.Image { return m.hovered }},
	} {
		b.Run(c.name, func(b *testing.B) {
			drawtest.OnFrame(b, func() {
				set(deal)
				m.Select(kam)
				m.Update(sh.input(image.Pt(5, 45), false, false), sh.sight)
				m.paintLayers()
				for i := range 2 { // both states painted once, the GL's shaders ready
					c.change(i)
					m.paintLayers()
					finish(c.layer())
				}
				b.ResetTimer()
				cpu := cpuTime()
				for i := range b.N {
					c.change(i)
					m.paintLayers()
					finish(c.layer())
				}
				reportCPU(b, cpu)
			})
		})
	}
}

// finish waits for the GL to have drawn what was drawn in img: it copies
// a pixel of img to a small image and reads that back (reading img
// itself would read all its pixels).
func finish(img *ebiten.Image) {
	probe := ebiten.NewImage(1, 1)
	defer probe.Deallocate()
	probe.DrawImage(img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
	_ = probe.At(0, 0)
}

// TestPaintInParts changes what the map shows as a game does, one
// action at a time: armies placed and a city built (no layer painted:
// the badges are drawn each frame), conquests (the ground painted again
// around the territories that changed hands only, a seat's first
// territory and a neutral's among them), selections moved and the
// pointer crossing territories (the overlay and the hovered outline
// painted again around what they light only). The layers painted in
// parts are then the pixels of the layers painted whole for the same
// holdings, selection and pointer, and so is the window.
func TestPaintInParts(t *testing.T) {
	sh := shellOf(1024, 768)
	m, err := NewMap(classic(t))
	if err != nil {
		t.Fatal(err)
	}
	b := m.Board()
	hold := holdings(b, 4)
	if err := m.SetHoldings(hold); err != nil {
		t.Fatal(err)
	}
	at := func(name string) image.Point {
		x, y, _ := m.ScreenOf(id(t, b, name))
		return image.Pt(int(x), int(y))
	}
	render(t, m, sh, image.Pt(5, 45), 1)
	whole := m.ground.Bounds()
	area := whole.Dx() * whole.Dy()
	steps := []struct {
		name   string
		change func()
		// want says which layers are painted, at most how many of their
		// pixels.
		ground, overlay, hovered int
	}{
		{"armies placed, a city built", func() {
			hold[id(t, b, "Brazil")-1].Armies += 3
			hold[id(t, b, "Egypt")-1].City = true
		}, 0, 0, 0},
		{"Brazil conquered", func() { hold[id(t, b, "Brazil")-1].Owner = 2 }, area / 20, 0, 0},
		{"a neutral Egypt taken by a fifth seat", func() { hold[id(t, b, "Egypt")-1] = Holding{Owner: 5, Armies: 1} }, area / 20, 0, 0},
		{"Kamchatka and Alaska taken", func() {
			hold[id(t, b, "Kamchatka")-1].Owner = 3
			hold[id(t, b, "Alaska")-1] = Holding{Armies: 4}
		}, area / 10, 0, 0},
		{"Kamchatka selected", func() { m.Select(id(t, b, "Kamchatka")) }, 0, area, 0},
		{"the selection moved to Japan", func() { m.Select(id(t, b, "Japan")) }, 0, area / 4, 0},
		{"the selection moved to Brazil", func() { m.Select(id(t, b, "Brazil")) }, 0, area / 4, 0},
		{"the pointer on Peru", func() { m.Update(sh.input(at("Peru"), false, false), sh.sight) }, 0, 0, area / 20},
		{"the pointer on to Argentina", func() { m.Update(sh.input(at("Argentina"), false, false), sh.sight) }, 0, 0, area / 10},
		{"the pointer on to Brazil, selected", func() { m.Update(sh.input(at("Brazil"), false, false), sh.sight) }, 0, 0, area / 10},
		{"the pointer on to Venezuela", func() { m.Update(sh.input(at("Venezuela"), false, false), sh.sight) }, 0, 0, area / 10},
		{"Venezuela conquered", func() { hold[id(t, b, "Venezuela")-1].Owner = 1 }, area / 20, 0, 0},
	}
	var parts, wholes [3]*image.RGBA
	var inParts, inWhole *image.RGBA
	drawtest.OnFrame(t, func() {
		for _, s := range steps {
			s.change()
			if err := m.SetHoldings(hold); err != nil {
				t.Fatal(err)
			}
			before := m.paints
			m.paintLayers()
			d := m.paints
			for _, c := range []struct {
				layer            string
				n, pixels, limit int
			}{
				{"ground", d.ground - before.ground, d.groundPixels - before.groundPixels, s.ground},
				{"overlay", d.overlay - before.overlay, d.overlayPixels - before.overlayPixels, s.overlay},
				{"hovered", d.hovered - before.hovered, d.hoveredPixels - before.hoveredPixels, s.hovered},
			} {
				if c.pixels > c.limit || (c.limit > 0 && c.n == 0) {
					t.Errorf("%s: the %s layer painted %d times, %d pixels of %d; want at most %d, at least once", s.name, c.layer, c.n, c.pixels, area, c.limit)
				}
			}
			if d.lines != before.lines {
				t.Errorf("%s: the lines painted again", s.name)
			}
		}
		parts = [3]*image.RGBA{pixels(m.ground), pixels(m.overlay), pixels(m.hovered)}
	})
	inParts = render(t, m, sh, at("Venezuela"), 0)
	drawtest.OnFrame(t, func() {
		m.groundOwners, m.overlayFor, m.hoveredFor = nil, overlayKey{}, overlayKey{}
		m.paintLayers()
		wholes = [3]*image.RGBA{pixels(m.ground), pixels(m.overlay), pixels(m.hovered)}
	})
	inWhole = render(t, m, sh, at("Venezuela"), 0)
	// The parts may differ from the whole in a few pixels by a sample of
	// eight: the points of a stroke's outline are worked out in floating
	// point, and moved by a whole number of pixels into the GL's work
	// image of the part, one lying on a sample can round to its other
	// side. At most a pixel in 20000, by 255/8.
	tiny := func(n, most int, img *image.RGBA) bool {
		return n == 0 || (20000*n <= len(img.Pix)/4 && most <= 33)
	}
	for i, name := range []string{"ground", "overlay", "hovered"} {
		if n, most := differ(parts[i], wholes[i]); !tiny(n, most, parts[i]) {
			t.Errorf("the %s layer painted in parts differs from it painted whole in %d pixels (by up to %d)", name, n, most)
		}
	}
	if n, most := differ(inParts, inWhole); !tiny(n, most, inParts) {
		t.Errorf("the window drawn from layers painted in parts differs from it from layers painted whole in %d pixels (by up to %d)", n, most)
	}
}

// pixels returns img's pixels.
func pixels(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// differ returns how many pixels a and b differ in, and by how much at
// most in a channel.
func differ(a, b *image.RGBA) (n, most int) {
	for i := 0; i < len(a.Pix); i += 4 {
		d := 0
		for c := range 4 {
			d = max(d, int(a.Pix[i+c])-int(b.Pix[i+c]), int(b.Pix[i+c])-int(a.Pix[i+c]))
		}
		if d > 0 {
			n++
			most = max(most, d)
		}
	}
	return n, most
}
