package empire

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
)

// scaleHost is a fakeHost of a window at an interface size: the map in
// mapRect, the side panel's texts 290 pixels wide at 100 %.
type scaleHost struct {
	fakeHost
	mapRect image.Rectangle
}

func (h *scaleHost) MapRect() image.Rectangle    { return h.mapRect }
func (h *scaleHost) MapInSight() image.Rectangle { return h.mapRect }
func (h *scaleHost) PanelWidth() int             { return h.theme.Px(290) }

// themeAt returns the theme at interface size scale.
func themeAt(t *testing.T, scale float64) *menu.Theme {
	t.Helper()
	th, err := menu.NewThemeAt(scale)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

// scaledScreen returns a screen of view v at interface size scale, its
// map in mapRect, at zoom with square look in the map's middle, Ann's
// army 11 selected.
func scaledScreen(t *testing.T, r *rules.Rules, v *rules.View, scale float64, mapRect image.Rectangle, zoom float64, look grid.Pos) (*Screen, *scaleHost) {
	t.Helper()
	h := &scaleHost{fakeHost: fakeHost{theme: themeAt(t, scale)}, mapRect: mapRect}
	s := NewScreen(r, h)
	if err := s.SetView(v); err != nil {
		t.Fatal(err)
	}
	s.cam.Zoom = zoom
	s.centerOn(look)
	s.m.SelectForce(11)
	return s, h
}

// pointAt is a frame's input with the pointer at p on the map of
// mapRect, resting there.
func pointAt(p image.Point, mapRect image.Rectangle) module.Input {
	return module.Input{Frame: kit.Frame{Cursor: p, Focused: true}, Map: mapRect, Size: mapRect.Max, Pointer: true, Keys: true, Orders: true}
}

// within reports whether have is want within d.
func within(have, want, d float64) bool { return math.Abs(have-want) <= d }

// twice checks that window position have, at scale 2, is twice want, at
// scale 1, within 2 pixels of rounding.
func twice(t *testing.T, what string, have, want float64) {
	t.Helper()
	if !within(have, 2*want, 2) {
		t.Errorf("%s: %.1f at 200 %%, want twice %.1f at 100 %% (%.1f)", what, have, want, 2*want)
	}
}

// token is a thing's spot on the map, named, its x, y and size in vals.
type token struct {
	name string
	vals [3]float64
}

// tokenSpots returns where the tokens of the things on the map stand as
// s lays them out now, and their sizes.
func tokenSpots(s *Screen) []token {
	s.sync()
	c := 2 * s.lay.Inner() * s.cam.Zoom * s.camScale
	var out []token
	for _, th := range s.m.Things() {
		x, y := s.ScreenOf(th.Pos)
		sp := layoutThingAt(&th, x, y, c, s.paint.scale)
		for _, a := range []struct {
			name string
			s    spot
		}{{"settlement", sp.settlement}, {"banner", sp.banner}, {"army", sp.army}, {"sighting", sp.sighting}, {"garrison", sp.garrison}} {
			if a.s.on {
				out = append(out, token{fmt.Sprintf("%v %s", th.Pos, a.name), [3]float64{a.s.x, a.s.y, a.s.size}})
			}
		}
	}
	return out
}

// armyPlate returns the count's plate of the army row on p as s lays it
// out now.
func armyPlate(t *testing.T, s *Screen, p grid.Pos) plate {
	t.Helper()
	s.sync()
	c := 2 * s.lay.Inner() * s.cam.Zoom * s.camScale
	for _, th := range s.m.Things() {
		if th.Pos == p && th.Armies > 0 {
			x, y := s.ScreenOf(p)
			sp := layoutThingAt(&th, x, y, c, s.paint.scale)
			_, pl := s.paint.rowPlate(sp.army, c, th.ArmyUnits, true)
			return pl
		}
	}
	t.Fatalf("no army on %v", p)
	return plate{}
}

// "Interface size 200 %": the screen at 200 % on a 1920x1080 map is the
// screen at 100 % on a 960x540 one twice as large. Every place the probe
// reports (the squares' size, the settlements, the forces and the
// sightings, the units' pictures) is twice as far from the corner, the
// pointer on the same place of the picture is on the same square, the
// units' counts are written in a face twice the size, and the side
// panel's buttons are twice as wide and twice as far from its edge.
func TestScaleTwice(t *testing.T) {
	r := loadRules(t)
	small, large := image.Rect(0, 0, 960, 540), image.Rect(0, 0, 1920, 1080)
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		v := drawScene(t, r, shape)
		for _, zoom := range []float64{0.25, 0.6, 0.8, defaultZoom, 3} {
			name := fmt.Sprintf("%v at zoom %v", shape, zoom)
			s1, _ := scaledScreen(t, r, v, 1, small, zoom, at(5, 4))
			s2, _ := scaledScreen(t, r, v, 2, large, zoom, at(5, 4))
			p1, p2 := s1.Probe(), s2.Probe()
			if p2.Camera != p1.Camera {
				t.Errorf("%s: the camera %v at 200 %%, want %v as at 100 %% (the player's zoom)", name, p2.Camera, p1.Camera)
			}
			twice(t, name+": the cell's size", p2.CellSize, p1.CellSize)
			marks := func(kind string, m1, m2 []module.Mark) {
				if len(m1) != len(m2) {
					t.Fatalf("%s: %d %s at 200 %%, %d at 100 %%", name, len(m2), kind, len(m1))
				}
				for i := range m1 {
					what := fmt.Sprintf("%s: %s %d", name, m1[i].Kind, m1[i].ID)
					twice(t, what+" x", m2[i].X, m1[i].X)
					twice(t, what+" y", m2[i].Y, m1[i].Y)
					for k := range m1[i].Pic {
						twice(t, fmt.Sprintf("%s picture's box [%d]", what, k), float64(m2[i].Pic[k]), float64(m1[i].Pic[k]))
					}
				}
			}
			marks("of Ann's", p1.Mine, p2.Mine)
			marks("others'", p1.Others, p2.Others)
			// The tokens: where each stands and its size.
			sp1, sp2 := tokenSpots(s1), tokenSpots(s2)
			for i := range sp1 {
				for k, have := range sp2[i].vals {
					twice(t, fmt.Sprintf("%s: token %s [%d]", name, sp1[i].name, k), have, sp1[i].vals[k])
				}
			}
			// The picture: the same, twice as large.
			f := unlike(drawMap(t, s1), drawMap(t, s2))
			if f > 0.02 {
				t.Errorf("%s: the map at 200 %%, halved, differs from the map at 100 %% in %.1f%% of its pixels", name, f*100)
			}

			// The pointer: the same square under the same point of the
			// picture.
			for y := 3; y < small.Dy(); y += 41 {
				for x := 3; x < small.Dx(); x += 47 {
					s1.Update(pointAt(image.Pt(x, y), small))
					s2.Update(pointAt(image.Pt(2*x, 2*y), large))
					if h1, h2 := s1.Probe().Hover, s2.Probe().Hover; h1 != h2 {
						t.Errorf("%s: the pointer at %d,%d at 100 %% is on %q, at %d,%d at 200 %% on %q", name, x, y, h1, 2*x, 2*y, h2)
					}
				}
			}
			if 2*s1.lay.Inner()*zoom < farCell {
				continue // far: no plates
			}
			// The units' count: its plate and its face.
			pl1, pl2 := armyPlate(t, s1, at(4, 2)), armyPlate(t, s2, at(4, 2))
			if !within(pl2.textPx, 2*pl1.textPx, 1) { // faces of whole pixels
				t.Errorf("%s: the army's count in a face of %v px at 200 %%, want twice %v", name, pl2.textPx, pl1.textPx)
			}
			for k, have := range []int{pl2.outer.Min.X, pl2.outer.Min.Y, pl2.outer.Max.X, pl2.outer.Max.Y} {
				want := []int{pl1.outer.Min.X, pl1.outer.Min.Y, pl1.outer.Max.X, pl1.outer.Max.Y}[k]
				twice(t, fmt.Sprintf("%s: the army's plate [%d]", name, k), float64(have), float64(want))
			}
		}
	}

	// The side panel of Ann's army: its buttons.
	v := drawScene(t, r, grid.Square)
	s1, _ := scaledScreen(t, r, v, 1, small, defaultZoom, at(5, 4))
	s2, _ := scaledScreen(t, r, v, 2, large, defaultZoom, at(5, 4))
	b1, b2 := panelButtons(t, s1, small), panelButtons(t, s2, large)
	if len(b1) == 0 || len(b1) != len(b2) {
		t.Fatalf("the side panel has %d buttons at 200 %%, %d at 100 %%", len(b2), len(b1))
	}
	for i := range b1 {
		what := "the side panel's button " + s1.sideButtons[i].label
		twice(t, what+": its left edge", float64(b2[i].Min.X), float64(b1[i].Min.X))
		twice(t, what+": its width", float64(b2[i].Dx()), float64(b1[i].Dx()))
	}
}

// panelButtons lays out the side panel of s, PanelWidth wide at the
// right of a window of the size of mapRect, and returns where its
// buttons are.
func panelButtons(t *testing.T, s *Screen, mapRect image.Rectangle) []image.Rectangle {
	t.Helper()
	var out []image.Rectangle
	drawtest.OnFrame(t, func() {
		th := s.host.Theme()
		win := ebiten.NewImage(mapRect.Dx(), mapRect.Dy())
		defer win.Deallocate()
		panel := sidePanel(s, pointAt(image.Pt(0, 0), mapRect))
		panel.SetLocation(image.Rect(mapRect.Max.X-s.host.PanelWidth()-th.Px(16), 0, mapRect.Max.X, mapRect.Max.Y))
		panel.Render(win)
		for _, b := range s.sideButtons {
			out = append(out, b.b.GetWidget().Rect)
		}
	})
	return out
}

// sidePanel builds the side panel of s as the shell does: the selection,
// then the orders, on the theme's panel.
func sidePanel(s *Screen, in module.Input) *widget.Container {
	th := s.host.Theme()
	col := func(gap int) *widget.Container {
		return widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(gap))),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	}
	side, orders := col(th.Px(3)), col(th.Px(2))
	s.Side(side, in)
	s.Orders(orders)
	panel := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(kit.Panel(th.Palette().Panel)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(th.Px(8))), widget.RowLayoutOpts.Spacing(th.Px(6)))))
	panel.AddChild(side, orders)
	return panel
}

// drawMap draws the map of s into a window of the size of its map's
// rectangle and reads it back.
func drawMap(t *testing.T, s *Screen) *image.RGBA {
	t.Helper()
	var img *image.RGBA
	drawtest.OnFrame(t, func() {
		r := s.host.MapRect()
		win := ebiten.NewImage(r.Max.X, r.Max.Y)
		defer win.Deallocate()
		s.Draw(win.SubImage(r).(*ebiten.Image))
		img = image.NewRGBA(win.Bounds())
		win.ReadPixels(img.Pix)
	})
	return img
}

// unlike returns the share of the pixels of small that differ clearly
// (by more than 48 in a channel) from the mean of the 2x2 pixels of
// large on them: large drawn at twice small's size, halved.
func unlike(small, large *image.RGBA) float64 {
	n := 0
	b := small.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			var sum [3]int
			for _, d := range []image.Point{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
				c := large.RGBAAt(2*x+d.X, 2*y+d.Y)
				sum[0], sum[1], sum[2] = sum[0]+int(c.R), sum[1]+int(c.G), sum[2]+int(c.B)
			}
			if !near(small.RGBAAt(x, y), color.RGBA{uint8(sum[0] / 4), uint8(sum[1] / 4), uint8(sum[2] / 4), 255}, 48) {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}

// differ returns the share of the pixels of a that differ clearly from
// b's.
func differ(a, b *image.RGBA) float64 {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !near(a.RGBAAt(x, y), b.RGBAAt(x, y), 48) {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// A change of the interface size in the middle of a game (Settings, or a
// window made larger) redraws the map at the new size: the screen of
// 100 % on 960x540 given the theme of 200 % and a 1920x1080 map says it
// must be drawn again, and draws the same picture twice as large as the
// screen built at 200 % does, its places twice as far from the corner.
func TestScaleChangeRedraws(t *testing.T) {
	r := loadRules(t)
	v := drawScene(t, r, grid.Square)
	small, large := image.Rect(0, 0, 960, 540), image.Rect(0, 0, 1920, 1080)
	s, h := scaledScreen(t, r, v, 1, small, defaultZoom, at(5, 4))
	before := s.Probe()
	img1 := drawMap(t, s)
	h.theme, h.mapRect = themeAt(t, 2), large
	if !s.Update(pointAt(image.Pt(-1, -1), large)) {
		t.Error("the interface size changed: the map is not drawn again")
	}
	after := s.Probe()
	twice(t, "the cell's size", after.CellSize, before.CellSize)
	for i := range before.Mine {
		twice(t, fmt.Sprintf("%s %d x", before.Mine[i].Kind, before.Mine[i].ID), after.Mine[i].X, before.Mine[i].X)
		twice(t, fmt.Sprintf("%s %d y", before.Mine[i].Kind, before.Mine[i].ID), after.Mine[i].Y, before.Mine[i].Y)
	}
	img2 := drawMap(t, s)
	if f := unlike(img1, img2); f > 0.03 {
		t.Errorf("the map redrawn at 200 %%, halved, differs from the map at 100 %% in %.1f%% of its pixels", f*100)
	}
	// The screen built at 200 % draws the same.
	fresh, _ := scaledScreen(t, r, v, 2, large, defaultZoom, at(5, 4))
	if f := differ(img2, drawMap(t, fresh)); f > 0.001 {
		t.Errorf("the map redrawn at 200 %% differs from the one built at 200 %% in %.2f%% of its pixels", f*100)
	}
}

// The screen at 100 % on 1024x768, at 200 % and 150 % on 1920x1080, as
// the shell frames it (the top bar, the map with the minimap in its
// corner, the side panel at the right) with Ann's army selected, an
// order drafted, the path planned to the square under the pointer and
// its tooltip: the side panel's buttons fit in it and the counts' face
// grows with the size. With -png it saves each picture to
// look at.
func TestScaleLook(t *testing.T) {
	r := loadRules(t)
	v := drawScene(t, r, grid.Square)
	for _, tc := range []struct {
		scale float64
		w, h  int
	}{{1, 1024, 768}, {2, 1920, 1080}, {1.5, 1920, 1080}} {
		name := fmt.Sprintf("empire-%.0f-%dx%d", tc.scale*100, tc.w, tc.h)
		th := themeAt(t, tc.scale)
		side := th.Px(330)
		mapRect := image.Rect(0, th.Px(40), tc.w-side, tc.h)
		s, _ := scaledScreen(t, r, v, tc.scale, mapRect, defaultZoom, at(4, 3))
		if err := s.m.MoveTo(11, at(8, 3)); err != nil {
			t.Fatal(err)
		}
		in := pointAt(image.Point{}, mapRect)
		in.Minimap = image.Rect(th.Px(4), tc.h-th.Px(174), th.Px(224), tc.h-th.Px(4))
		x, y := s.ScreenOf(at(6, 4))
		in.Cursor = image.Pt(int(x), int(y))
		for range tooltipDelay + 2 {
			s.Update(in)
		}
		if s.preview == nil {
			t.Fatalf("%s: no path planned to the square under the pointer", name)
		}
		var img *image.RGBA
		var buttons []image.Rectangle
		panelRect := image.Rect(tc.w-side, th.Px(42), tc.w, tc.h)
		drawtest.OnFrame(t, func() {
			win := ebiten.NewImage(tc.w, tc.h)
			defer win.Deallocate()
			win.Fill(th.Palette().Background)
			s.Draw(win.SubImage(mapRect).(*ebiten.Image))
			panel := sidePanel(s, in)
			panel.SetLocation(panelRect)
			panel.Render(win)
			s.DrawOver(win)
			for _, b := range s.buttons() {
				buttons = append(buttons, b.b.GetWidget().Rect)
			}
			img = image.NewRGBA(win.Bounds())
			win.ReadPixels(img.Pix)
		})
		for i, b := range buttons {
			if !b.In(panelRect) {
				t.Errorf("%s: the side panel's button %q at %v is not inside the panel %v", name, s.buttons()[i].label, b, panelRect)
			}
		}
		// 13 px at 100 %, within the step of the sizes pictures are
		// painted at, which the count's plate follows.
		if pl := armyPlate(t, s, at(4, 2)); !within(pl.textPx, 13*tc.scale, 2) {
			t.Errorf("%s: the army's count in a face of %v px, want about %v", name, pl.textPx, 13*tc.scale)
		}
		if *pngDir != "" {
			f, err := os.Create(filepath.Join(*pngDir, name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			if err := png.Encode(f, img); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
	}
}
