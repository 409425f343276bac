package hexscreen

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/game"
)

// sizedHost is a shell whose window and map are of the sizes at 100 %
// multiplied by its theme's scale: the map 960x540 under a top bar of 40,
// beside a side panel of 290, as the shell lays them out at each size.
type sizedHost struct{ *testHost }

func (h sizedHost) scaled(r image.Rectangle) image.Rectangle {
	s := h.theme.Scale()
	at := func(v int) int { return int(math.Round(float64(v) * s)) }
	return image.Rect(at(r.Min.X), at(r.Min.Y), at(r.Max.X), at(r.Max.Y))
}

func (h sizedHost) MapRect() image.Rectangle    { return h.scaled(image.Rect(0, 40, 960, 580)) }
func (h sizedHost) MapInSight() image.Rectangle { return h.scaled(image.Rect(0, 40, 960, 480)) }
func (h sizedHost) PanelWidth() int             { return h.theme.Px(270) }
func (h sizedHost) window() image.Point         { return h.scaled(image.Rect(0, 0, 1250, 580)).Max }
func (h sizedHost) panel() image.Rectangle      { return h.scaled(image.Rect(970, 40, 1240, 580)) }

// sizedScreen returns testScreen's game framed by a sizedHost at
// interface size s, after a frame with the pointer at window point at.
func sizedScreen(t *testing.T, s float64) (*Screen, sizedHost) {
	t.Helper()
	th, err := menu.NewThemeAt(s)
	if err != nil {
		t.Fatal(err)
	}
	h := sizedHost{&testHost{theme: th, prefs: prefs.Default()}}
	g, _ := testScreenOn(t, h, nil)
	g.Update(h.input(image.Pt(1, 1)))
	return g, h
}

// input returns a frame's input with the pointer at window point at, on
// the map, the keys the map's.
func (h sizedHost) input(at image.Point) module.Input {
	return module.Input{Frame: kit.Frame{Cursor: at, Focused: true}, Map: h.MapRect(), Size: h.window(),
		Pointer: at.In(h.MapRect()), Keys: true, Orders: true, Panel: h.panel(),
		Minimap: h.scaled(image.Rect(1040, 430, 1240, 570))}
}

// click clicks window point at with the left button, as two frames.
func (h sizedHost) click(g *Screen, at image.Point) {
	in := h.input(at)
	in.Pressed, in.Held = in.Pressed.With(ebiten.MouseButtonLeft), in.Held.With(ebiten.MouseButtonLeft)
	g.Update(in)
	in = h.input(at)
	in.Released = in.Released.With(ebiten.MouseButtonLeft)
	g.Update(in)
}

// sidePanel lays out the screen's side panel as the shell's column does,
// in the panel's part of the window, and returns the column.
func (h sizedHost) sidePanel(g *Screen) *widget.Container {
	th := h.theme
	rl := widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(th.Px(6)))
	c := widget.NewContainer(widget.ContainerOpts.Layout(rl))
	g.Side(c, h.input(image.Pt(1, 1)))
	c.Validate()
	rl.Layout(c.Children(), h.panel())
	return c
}

// TestScaledScreen: at interface size 2, on a window twice as large, the
// screen is the screen at 100 % twice as large: the hexes, the armies and
// the cities where the probe says they are drawn, a hex's width, the side
// panel's buttons and texts (made at twice the size) are at twice their
// places and sizes at 1 (within 2 px of rounding); the pointer on a point
// of a hex at 100 % is on the same hex at the same point twice as far, and
// the camera's zoom the player set stays the same.
func TestScaledScreen(t *testing.T) {
	g1, h1 := sizedScreen(t, 1)
	g2, h2 := sizedScreen(t, 2)
	p1, p2 := g1.Probe(), g2.Probe()
	o1, o2 := h1.MapRect().Min, h2.MapRect().Min
	near := func(what string, have, want float64) {
		t.Helper()
		if math.Abs(have-want) > 2 {
			t.Errorf("%s: %.1f at 200 %%, want %.1f (twice %.1f at 100 %%)", what, have, want, want/2)
		}
	}
	if p1.Camera != p2.Camera || p1.Camera[2] != defaultZoom {
		t.Errorf("the probe's camera is %v at 100 %% and %v at 200 %%, want the same, at the player's zoom %v", p1.Camera, p2.Camera, defaultZoom)
	}
	near("a hex's width", p2.CellSize, 2*p1.CellSize)
	if len(p1.Mine) == 0 || len(p1.Mine) != len(p2.Mine) {
		t.Fatalf("the probe shows %d of the player's things at 100 %%, %d at 200 %%", len(p1.Mine), len(p2.Mine))
	}
	for i, m1 := range p1.Mine {
		m2 := p2.Mine[i]
		what := fmt.Sprintf("%s %d on %s", m1.Kind, m1.ID, m1.Cell)
		near(what+", x", m2.X-float64(o2.X), 2*(m1.X-float64(o1.X)))
		near(what+", y", m2.Y-float64(o2.Y), 2*(m1.Y-float64(o1.Y)))
	}

	// The pointer: a point 0.3 of a hex's width off an army's centre.
	var army module.Mark
	for _, m := range p1.Mine {
		if m.Kind == "army" {
			army = m
		}
	}
	if army.Kind == "" {
		t.Fatal("the probe shows no army of the player's")
	}
	d := 0.3 * p1.CellSize
	at1 := image.Pt(int(army.X+d), int(army.Y))
	at2 := o2.Add(at1.Sub(o1).Mul(2))
	g1.Update(h1.input(at1))
	g2.Update(h2.input(at2))
	if have, want := g2.Probe().Hover, g1.Probe().Hover; have != want || want != army.Cell {
		t.Errorf("the pointer %v off the army's centre is on hex %q at 100 %% and %q at 200 %%, want the army's %s at both",
			at1.Sub(image.Pt(int(army.X), int(army.Y))), want, have, army.Cell)
	}

	// The side panel of the army, selected with a click on it.
	h1.click(g1, at1)
	h2.click(g2, at2)
	if s1, s2 := g1.Probe().Selected, g2.Probe().Selected; s1 != army.Cell || s2 != army.Cell {
		t.Fatalf("a click on the army selected %q at 100 %% and %q at 200 %%, want %s", s1, s2, army.Cell)
	}
	c1, c2 := h1.sidePanel(g1), h2.sidePanel(g2)
	if len(g1.tips) == 0 || len(g1.tips) != len(g2.tips) {
		t.Fatalf("the army's panel has %d buttons at 100 %% and %d at 200 %%, want as many, some", len(g1.tips), len(g2.tips))
	}
	// Each widget of the column (the title, the army's lines, the
	// buttons) twice as wide and high, twice as far from the one above:
	// the text's line heights round a pixel apart at each size, so the
	// places are checked widget by widget, not summed down the column.
	q1, q2 := h1.panel(), h2.panel()
	k1, k2 := c1.Children(), c2.Children()
	for i := range k1 {
		r1, r2 := k1[i].GetWidget().Rect, k2[i].GetWidget().Rect
		what := fmt.Sprintf("the panel's widget %d (%T)", i, k1[i])
		if b, ok := k1[i].(*widget.Button); ok {
			what = fmt.Sprintf("button %q", b.Text().Label)
		}
		above1, above2 := q1.Min.Y, q2.Min.Y
		if i > 0 {
			above1, above2 = k1[i-1].GetWidget().Rect.Max.Y, k2[i-1].GetWidget().Rect.Max.Y
		}
		near(what+", left", float64(r2.Min.X-q2.Min.X), 2*float64(r1.Min.X-q1.Min.X))
		near(what+", gap above", float64(r2.Min.Y-above2), 2*float64(r1.Min.Y-above1))
		near(what+", width", float64(r2.Dx()), 2*float64(r1.Dx()))
		near(what+", height", float64(r2.Dy()), 2*float64(r1.Dy()))
	}
	texts := 0
	for i, w := range c1.Children() {
		t1, ok := w.(*widget.Text)
		if !ok {
			continue
		}
		texts++
		t2 := c2.Children()[i].(*widget.Text)
		w1, ht1 := t1.PreferredSize()
		w2, ht2 := t2.PreferredSize()
		near(fmt.Sprintf("the panel's text %q, height", t1.Label), float64(ht2), 2*float64(ht1))
		near(fmt.Sprintf("the panel's text %q, width", t1.Label), float64(w2), 2*float64(w1))
	}
	if texts == 0 {
		t.Error("the army's panel has no text")
	}
}

// TestScaleChanges: when the host's theme changes size in the middle of a
// game, the next frame draws at the new size: the probe's places follow
// at once, and the middle of the map shows the same place.
func TestScaleChanges(t *testing.T) {
	g, h := sizedScreen(t, 1)
	before := g.Probe()
	wx, wy := g.cam.ToWorld(g.cam.ScreenW/2, g.cam.ScreenH/2)
	th, err := menu.NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	h.theme = th
	g.Update(h.input(image.Pt(1, 1)))
	after := g.Probe()
	if have, want := after.CellSize, 2*before.CellSize; math.Abs(have-want) > 2 {
		t.Errorf("a hex is %.1f wide after the size went to 200 %%, want %.1f", have, want)
	}
	if x, y := g.cam.ToWorld(g.cam.ScreenW/2, g.cam.ScreenH/2); math.Hypot(x-wx, y-wy) > 1 {
		t.Errorf("the middle of the map shows (%.0f, %.0f) after the size changed, want (%.0f, %.0f)", x, y, wx, wy)
	}
	if g.board.Scale() != 2 {
		t.Errorf("the board draws at %v after the size went to 200 %%, want 2", g.board.Scale())
	}

	// A new size on a window of another size, the map as large at 100 %
	// as before (the camera's screen the same), draws again too.
	big := &testHost{theme: th, prefs: prefs.Default()}
	g, _ = testScreenOn(t, sizedHost{big}, nil)
	g.Update(sizedHost{big}.input(image.Pt(1, 1)))
	g.Update(sizedHost{big}.input(image.Pt(1, 1)))
	small, err := menu.NewThemeAt(1)
	if err != nil {
		t.Fatal(err)
	}
	in := sizedHost{big}.input(image.Pt(1, 1))
	in.Map = image.Rect(0, 40, 960, 580) // 960x540 at 100 %, as it was at 200 %
	big.theme = small
	if redraw := g.Update(in); !redraw {
		t.Error("a frame after the size changed does not ask to draw the map again")
	}
}

// TestScaledDragSlack: a press of the left button is a click until the
// pointer goes further than kit.Slack at 100 %, twice as many window
// pixels at 200 %.
func TestScaledDragSlack(t *testing.T) {
	for _, tt := range []struct {
		scale  float64
		moved  int
		clicks bool
	}{
		{1, kit.Slack, true}, {1, kit.Slack + 2, false}, {2, 2 * kit.Slack, true}, {2, 2*kit.Slack + 2, false},
	} {
		g, h := sizedScreen(t, tt.scale)
		var army module.Mark
		for _, m := range g.Probe().Mine {
			if m.Kind == "army" {
				army = m
			}
		}
		at := image.Pt(int(army.X), int(army.Y))
		in := h.input(at)
		in.Pressed, in.Held = in.Pressed.With(ebiten.MouseButtonLeft), in.Held.With(ebiten.MouseButtonLeft)
		g.Update(in)
		to := at.Add(image.Pt(tt.moved, 0))
		in = h.input(to)
		in.Held = in.Held.With(ebiten.MouseButtonLeft)
		g.Update(in)
		in = h.input(to)
		in.Released = in.Released.With(ebiten.MouseButtonLeft)
		g.Update(in)
		if clicked := g.Probe().Selected != ""; clicked != tt.clicks {
			t.Errorf("at %v a press moved %d px before its release selected %q: a click %v, want %v",
				tt.scale, tt.moved, g.Probe().Selected, clicked, tt.clicks)
		}
	}
}

// TestScaledEdgePan: the edge of the window that pans the map is as wide
// as at 100 %, in window pixels twice as wide at 200 %.
func TestScaledEdgePan(t *testing.T) {
	for _, tt := range []struct {
		scale float64
		x     int
		want  bool
	}{
		{1, 2, true}, {1, 4, false}, {2, 4, true}, {2, 7, false},
	} {
		g, h := sizedScreen(t, tt.scale)
		h.prefs.EdgePan = true
		x0 := g.cam.X
		g.Update(h.input(image.Pt(tt.x, h.MapRect().Min.Y+h.MapRect().Dy()/2)))
		if have := g.cam.X != x0; have != tt.want {
			t.Errorf("at %v the pointer %d px from the window's left edge panned: %v, want %v", tt.scale, tt.x, have, tt.want)
		}
	}
}

// TestScaledBattleReport: a battle report's window at 200 %, on a map
// twice as large, is the window at 100 % twice as large: as wide, within
// 2 px, and as high within a pixel a line of text (the lines' heights
// round apart at each size).
func TestScaledBattleReport(t *testing.T) {
	report := &game.BattleReport{Winner: 1, Reason: game.ReasonFewerLosses, Sides: [2]game.SideReport{
		{Player: 1, Role: game.Attacker, Armies: []game.ArmyID{7}, Before: game.Units{4}, Losses: game.Units{1}, Won: true,
			Dice: []game.DieReport{{Round: 1, Score: 6, Roll: 6, Hits: 2}, {Round: 1, Score: 4, Roll: 4, Hits: 1}, {Round: 1, Score: 2, Roll: 2}}},
		{Player: 2, Role: game.Defender, Armies: []game.ArmyID{9}, Before: game.Units{3}, Losses: game.Units{3},
			Dice: []game.DieReport{{Round: 1, Score: 1, Roll: 1}, {Round: 1, Score: 5, Roll: 5, Hits: 1}}},
	}}
	line := model.LogLine{Turn: 3, Text: "Your army 7 beat Bob's army 9", Battle: report}
	var size [2]image.Point
	lines := 0
	for i, s := range []float64{1, 2} {
		g, _ := sizedScreen(t, s)
		body := g.battleBody(line)
		size[i].X, size[i].Y = body.PreferredSize()
		var count func(w widget.PreferredSizeLocateableWidget)
		count = func(w widget.PreferredSizeLocateableWidget) {
			switch w := w.(type) {
			case *widget.Text:
				if i == 0 {
					lines += max(1, len(strings.Split(w.Label, "\n")))
				}
			case *widget.Container:
				for _, c := range w.Children() {
					count(c)
				}
			}
		}
		count(body)
	}
	if math.Abs(float64(size[1].X-2*size[0].X)) > 2 || math.Abs(float64(size[1].Y-2*size[0].Y)) > float64(lines) {
		t.Errorf("the battle report is %v at 200 %%, want twice %v (the height within %d px, a pixel a line)", size[1], size[0], lines)
	}
}
