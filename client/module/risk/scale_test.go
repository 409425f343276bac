package risk

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
)

// The shell's frame at 100 %, in pixels: the top bar's height, the side
// panel's width and its column's, the log's height under the map in
// sight, the margin round a window.
const (
	shellBar, shellPanel, shellColumn, shellLog, shellMargin = 40, 330, 290, 172, 8
)

// scaledHost returns a host of a window of size sz at interface size ui,
// its frame (the top bar, the side panel, the log) the shell's at 100 %
// times ui.
func scaledHost(t testing.TB, ui float64, sz image.Point) *fakeHost {
	t.Helper()
	th, err := menu.NewThemeAt(ui)
	if err != nil {
		t.Fatal(err)
	}
	px := th.Px
	return &fakeHost{theme: th, panel: px(shellColumn),
		mapR:  image.Rect(0, px(shellBar), sz.X-px(shellPanel), sz.Y),
		sight: image.Rect(0, px(shellBar), sz.X-px(shellPanel), sz.Y-px(shellLog))}
}

// hostInput is a frame's input on h's map in a window of size sz, the
// pointer at pt, the window open if modal.
func hostInput(h *fakeHost, sz, pt image.Point, modal bool) module.Input {
	return module.Input{Frame: kit.Frame{Cursor: pt, Focused: true}, Map: h.MapRect(), Size: sz, Keys: true, Orders: true,
		Modal: modal, Pointer: !modal && pt.In(h.MapInSight())}
}

// shellShot is the screen framed as the shell frames it, drawn: the map
// in its part, the side panel (Side) under the top bar on the right, the
// window open over the map (with a Close button under it, centred on the
// map), and what goes over it all.
type shellShot struct {
	img           *image.RGBA
	side, window  image.Rectangle
	column, winUI *widget.Container
	// own is the size of the window's contents, the Close button left
	// out (it is the shell's).
	own image.Point
}

// drawShell draws screen s on host h in a window of size sz, the pointer
// at pt, as shellShot says; the window is h's last one if open.
func drawShell(t *testing.T, s *Screen, h *fakeHost, sz, pt image.Point) shellShot {
	t.Helper()
	th := h.Theme()
	px := th.Px
	pal := th.Palette()
	bg := widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(color.Transparent)))
	bg.GetWidget().SetTheme(th.UI())
	ui := &ebitenui.UI{Container: bg, PrimaryTheme: th.UI()}
	var shot shellShot
	modal := h.open && h.window != nil
	in := hostInput(h, sz, pt, modal)
	shot.column = cardsColumn(px(4))
	s.Side(shot.column, in)
	panel := widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(pal.Panel)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(px(20))))))
	panel.AddChild(shot.column)
	shot.side = image.Rect(sz.X-px(shellPanel), px(shellBar), sz.X, sz.Y)
	sw := widget.NewWindow(widget.WindowOpts.Contents(panel))
	sw.SetLocation(shot.side)
	ui.AddWindow(sw)
	if modal {
		win := h.window
		shot.own.X, shot.own.Y = win.PreferredSize()
		win.AddChild(th.NewButton("Close", nil))
		pw, ph := win.PreferredSize()
		mapR, m := h.MapRect(), px(shellMargin)
		pw, ph = min(pw, sz.X-2*m), min(ph, sz.Y-2*m)
		x := max(mapR.Min.X+(mapR.Dx()-pw)/2, m)
		y := max((sz.Y-ph)/2, m)
		shot.window, shot.winUI = image.Rect(x, y, x+pw, y+ph), win
		w := widget.NewWindow(widget.WindowOpts.Contents(win), widget.WindowOpts.Modal())
		w.SetLocation(shot.window)
		ui.AddWindow(w)
	}
	drawtest.OnFrame(t, func() {
		s.Update(in)
		img := ebiten.NewImage(sz.X, sz.Y)
		defer img.Deallocate()
		for range 2 { // the first lays out, the second draws what changed
			ui.Update()
			img.Fill(color.RGBA{22, 20, 18, 255})
			s.Draw(img.SubImage(h.MapRect()).(*ebiten.Image))
			bar := ebiten.NewImage(sz.X, px(shellBar))
			bar.Fill(pal.Panel)
			img.DrawImage(bar, nil)
			bar.Deallocate()
			ui.Draw(img)
			s.DrawOver(img)
		}
		shot.img = image.NewRGBA(image.Rectangle{Max: sz})
		img.ReadPixels(shot.img.Pix)
	})
	return shot
}

// markKey names a mark of the probe across two screens.
func markKey(mk module.Mark) string { return fmt.Sprintf("%s %d %s", mk.Kind, mk.ID, mk.Name) }

// placed returns the probe's marks drawn somewhere (not the "move" and
// "opened" ones), by markKey.
func placed(p module.Probe) map[string]module.Mark {
	out := map[string]module.Mark{}
	for _, mk := range append(append([]module.Mark(nil), p.Mine...), p.Others...) {
		if mk.Kind == "move" || mk.Kind == "opened" {
			continue
		}
		out[markKey(mk)] = mk
	}
	return out
}

// twice checks that every mark of small is drawn at k times its place in
// large, within tol pixels, and that the two show the same marks; it
// returns how many it compared. Places are from the corner of the window
// (from0 and from1 on each screen: the corner of a window over the map,
// which the shell centres on its size with its own Close button); with
// lines, a pixel more is allowed down them for every 100 pixels of small
// (the faces' line heights are whole pixels: 45 for a face of 38 pixels,
// 23 for 19).
func twice(t *testing.T, what string, small, large map[string]module.Mark, k, tol float64, from0, from1 image.Point, lines bool) int {
	t.Helper()
	n := 0
	for key, a := range small {
		b, ok := large[key]
		if !ok {
			t.Errorf("%s: %s is not on the larger screen", what, key)
			continue
		}
		n++
		ax, ay := a.X-float64(from0.X), a.Y-float64(from0.Y)
		bx, by := b.X-float64(from1.X), b.Y-float64(from1.Y)
		tolY := tol
		if lines {
			tolY += math.Floor(ay / 100)
		}
		if math.Abs(bx-k*ax) > tol || math.Abs(by-k*ay) > tolY {
			t.Errorf("%s: %s at (%.1f, %.1f), at (%.1f, %.1f) on the larger screen, want (%.1f, %.1f) ±%v, %v", what, key, ax, ay, bx, by, k*ax, k*ay, tol, tolY)
		}
	}
	for key := range large {
		if _, ok := small[key]; !ok {
			t.Errorf("%s: %s is only on the larger screen", what, key)
		}
	}
	return n
}

// scaleCase is a screen at an interface size on a window of a size.
type scaleCase struct {
	ui float64
	sz image.Point
}

// battleOn returns a game of 2 on the small generated map at its first
// roll, its dice shown, on host h.
func battleOn(t *testing.T, h *fakeHost) *testGame {
	t.Helper()
	tg, _, _ := attackGameOn(t, 2, small, func() *fakeHost { return h })
	tg.do(tg.m().Roll())
	if tg.s.rollShown() == nil {
		t.Fatal("no roll shown after Roll")
	}
	return tg
}

// tradeOn returns Anna's screen at the trading table of tradedGame on
// host h, its window open by itself.
func tradeOn(t *testing.T, h *fakeHost) *Screen {
	t.Helper()
	cg := tradedGame(t)
	s, err := NewScreen(rules.New(), h)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetView(cg.view(1)); err != nil {
		t.Fatal(err)
	}
	st := cg.g.Step()
	s.SetStep(module.StepInfo{Mode: st.Mode, Turn: int(st.Turn), Seq: st.Seq, Actors: st.Actors})
	if !h.open || h.window == nil {
		t.Fatalf("the trading window did not open (move %v)", s.m.Move())
	}
	return s
}

// TestScaleTwice: the screen at 200 % on a window of 1920x1080 is the
// screen at 100 % on 960x540 twice as large. The probe's territories
// (their badges), dice, question and the trading window's buttons and
// cards are at twice their places (within 2 pixels), the faces of the
// badges, the dice and the window's cards are made at twice the size, a
// cell is twice as wide while the camera's zoom, in the units of 100 %,
// is the same; the pointer twice as far from the corner is on the same
// territory. A screen whose host's theme changes from 100 % to 200 % in
// the middle of the game (and its window from 960x540 to 1920x1080) then
// draws as the one made at 200 %, and its card window is built again at
// that size.
func TestScaleTwice(t *testing.T) {
	one, two := scaleCase{1, image.Pt(960, 540)}, scaleCase{2, image.Pt(1920, 1080)}

	// The board and a battle's dice.
	var probes [2]module.Probe
	var games [2]*testGame
	for i, c := range []scaleCase{one, two} {
		h := scaledHost(t, c.ui, c.sz)
		tg := battleOn(t, h)
		tg.s.Update(hostInput(h, c.sz, image.Pt(1, 1), false))
		probes[i], games[i] = tg.s.Probe(), tg
	}
	small, large := placed(probes[0]), placed(probes[1])
	if n := twice(t, "the battle", small, large, 2, 2, image.Point{}, image.Point{}, false); n < 10 {
		t.Errorf("the battle: %d marks compared, want the territories and the dice", n)
	}
	kinds := map[string]bool{}
	for _, mk := range small {
		kinds[mk.Kind] = true
	}
	if !kinds["die"] || !kinds["territory"] && !kinds["city"] || !kinds["target"] {
		t.Errorf("the battle's probe shows %v, want territories, dice and targets", kinds)
	}
	if a, b := probes[0].Camera[2], probes[1].Camera[2]; math.Abs(a-b) > 1e-9 {
		t.Errorf("the camera's zoom is %v at 100 %%, %v at 200 %%: it is the player's, in the units of 100 %%", a, b)
	}
	if a, b := probes[0].CellSize, probes[1].CellSize; math.Abs(b-2*a) > 1e-6 {
		t.Errorf("a cell is %v pixels at 100 %%, %v at 200 %%, want twice", a, b)
	}
	faces := func(tg *testGame) []float64 {
		mp := tg.s.mp
		return []float64{mp.badgeFace(mp.badgeRadius()).Size, tg.s.face(18, true).Size, mp.faces.Face(15*mp.ui, false).Size}
	}
	f1, f2 := faces(games[0]), faces(games[1])
	for i, name := range []string{"a badge's figures", "a die's figure", "the tooltip"} {
		if f2[i] != 2*f1[i] {
			t.Errorf("%s: a face of %v pixels at 100 %%, %v at 200 %%, want twice", name, f1[i], f2[i])
		}
	}
	// The pointer on each territory's badge, twice as far at 200 %.
	for key, mk := range small {
		if p := image.Pt(int(mk.X), int(mk.Y)); mk.Kind != "territory" && mk.Kind != "city" || !p.In(games[0].host.MapInSight()) || games[0].s.overBox(p) {
			continue // under the dice: the map takes no pointer there
		}
		for i, c := range []scaleCase{one, two} {
			tg := games[i]
			pt := image.Pt(int(mk.X*c.ui), int(mk.Y*c.ui))
			tg.s.Update(hostInput(tg.host, c.sz, pt, false))
			if at, _ := tg.s.mp.Hovered(); int(at) != mk.ID {
				t.Errorf("at %v %%: the pointer at %v is on territory %d, want %s", 100*c.ui, pt, at, key)
			}
		}
	}

	// The trading window: its buttons and its cards.
	var shots [2]shellShot
	var screens [2]*Screen
	for i, c := range []scaleCase{one, two} {
		h := scaledHost(t, c.ui, c.sz)
		screens[i] = tradeOn(t, h)
		shots[i] = drawShell(t, screens[i], h, c.sz, image.Pt(1, 1))
		probes[i] = screens[i].Probe()
	}
	small, large = map[string]module.Mark{}, placed(probes[1])
	cardsN := 0
	for key, mk := range placed(probes[0]) {
		// The window's buttons and cards in sight (the rest scroll).
		if strings.Contains(key, "cards/") && image.Pt(int(mk.X), int(mk.Y)).In(shots[0].window) {
			small[key] = mk
		}
		if strings.Contains(key, "Give card") {
			cardsN++
		}
	}
	for key := range large {
		if _, ok := small[key]; !ok {
			delete(large, key)
		}
	}
	if n := twice(t, "the trading window", small, large, 2, 2, shots[0].window.Min, shots[1].window.Min, true); n < 5 || cardsN < 3 {
		t.Errorf("the trading window: %d marks compared in sight, %d cards: want its buttons and cards", n, cardsN)
	}
	for i, c := range []scaleCase{one, two} {
		if !shots[i].window.In(image.Rectangle{Max: c.sz}) {
			t.Errorf("at %v %%: the window at %v is out of the window %v", 100*c.ui, shots[i].window, c.sz)
		}
	}
	if a, b := shots[0].own, shots[1].own; absInt(b.X-2*a.X) > 2 || absInt(b.Y-2*a.Y) > 2 {
		t.Errorf("the trading window is %v at 100 %%, %v at 200 %%: want twice", a, b)
	}
	card := func(s *Screen) image.Point {
		for label, r := range s.cards.Buttons() {
			if strings.HasPrefix(label, "Give card") {
				return r.Size()
			}
		}
		return image.Point{}
	}
	if a, b := card(screens[0]), card(screens[1]); a.X == 0 || absInt(b.X-2*a.X) > 2 || absInt(b.Y-2*a.Y) > 2 {
		t.Errorf("a card to tick is %v at 100 %%, %v at 200 %%: want twice", a, b)
	}

	// The size changed in the middle of the game: 960x540 at 100 %, then
	// 1920x1080 at 200 %.
	h := scaledHost(t, one.ui, one.sz)
	s := tradeOn(t, h)
	drawShell(t, s, h, one.sz, image.Pt(1, 1))
	opened := h.windows
	*h = fakeHost{theme: games[1].host.theme, mapR: games[1].host.mapR, sight: games[1].host.sight, panel: games[1].host.panel,
		open: true, window: h.window, windows: h.windows}
	s.Update(hostInput(h, two.sz, image.Pt(1, 1), true))
	if h.windows == opened {
		t.Error("the size changed: the card window was not built again")
	}
	drawShell(t, s, h, two.sz, image.Pt(1, 1))
	twice(t, "the size changed in the game", placed(probes[1]), placed(s.Probe()), 1, 2, image.Point{}, image.Point{}, false)
}

// absInt returns |x|.
func absInt(x int) int { return max(x, -x) }

// TestScaleLook draws a game of four on the classic map in its first
// battle (the dice shown, the pointer resting on a territory: its
// tooltip) and Anna's trading window, framed as the shell frames them, at
// 100 % on 1024x768, then 200 % and 150 % on 1920x1080 (the host's
// theme and window changed in the middle of the game): the dice lie in
// the map in sight, the window over the map inside the screen, and every
// widget of the window and of the side panel inside them. The pictures
// go to $EMPIRES_SCREENSHOTS, to look at.
func TestScaleLook(t *testing.T) {
	cases := []scaleCase{{1, image.Pt(1024, 768)}, {2, image.Pt(1920, 1080)}, {1.5, image.Pt(1920, 1080)}}
	resize := func(h *fakeHost, c scaleCase) {
		to := scaledHost(t, c.ui, c.sz)
		h.theme, h.mapR, h.sight, h.panel = to.theme, to.mapR, to.sight, to.panel
	}
	battle := scaledHost(t, cases[0].ui, cases[0].sz)
	tg, _, _ := attackGameOn(t, 4, nil, func() *fakeHost { return battle })
	tg.do(tg.m().Roll())
	if tg.s.rollShown() == nil {
		t.Fatal("no roll shown after Roll")
	}
	trade := scaledHost(t, cases[0].ui, cases[0].sz)
	s := tradeOn(t, trade)
	for _, c := range cases {
		name := fmt.Sprintf("%dx%d-%d", c.sz.X, c.sz.Y, int(100*c.ui))
		h := battle
		resize(h, c)
		tg.s.Update(hostInput(h, c.sz, image.Pt(1, 1), false))
		if box := tg.s.diceBox(); !box.In(h.MapInSight()) {
			t.Errorf("%s: the dice at %v, out of the map in sight %v", name, box, h.MapInSight())
		}
		// The pointer on a territory's badge other than the battle's, in
		// sight, clear of the dice: its tooltip shows.
		var pt image.Point
		for _, mk := range tg.s.Probe().Others {
			p, id := image.Pt(int(mk.X), int(mk.Y)), board.TerritoryID(mk.ID)
			if mk.Kind == "territory" && p.In(h.MapInSight().Inset(tg.s.px(60))) && !tg.s.overBox(p) && id != tg.m().Target() && id != tg.m().Selected() {
				pt = p
				break
			}
		}
		for range tooltipDelay + 2 {
			tg.s.Update(hostInput(h, c.sz, pt, false))
		}
		shot := drawShell(t, tg.s, h, c.sz, pt)
		saveShot(t, shot.img, "scale-battle-"+name+".png")
		inside(t, name+" battle: the side panel", shot.column, image.Rect(shot.side.Min.X, shot.side.Min.Y, shot.side.Max.X, 1<<20))

		h = trade
		resize(h, c)
		s.Update(hostInput(h, c.sz, image.Pt(1, 1), true))
		shot = drawShell(t, s, h, c.sz, image.Pt(1, 1))
		saveShot(t, shot.img, "scale-trade-"+name+".png")
		if !shot.window.In(image.Rectangle{Max: c.sz}) {
			t.Errorf("%s: the trading window at %v, out of the screen", name, shot.window)
		}
		inside(t, name+" the trading window", shot.winUI, shot.window)
		inside(t, name+" trade: the side panel", shot.column, image.Rect(shot.side.Min.X, shot.side.Min.Y, shot.side.Max.X, 1<<20))
	}
}

// BenchmarkDrawScaled times a frame of the classic board (its layers
// painted) at 1920x1080 at 100 % and at 200 %, the shell's frame scaled,
// and painting its layers whole (a zoom past a step, or the size
// changed): at 200 % the board fits a map in sight of half the size in
// the pixels of 100 %, and is drawn at twice that zoom.
func BenchmarkDrawScaled(b *testing.B) {
	for _, ui := range []float64{1, 2} {
		sz := image.Pt(1920, 1080)
		px := func(n int) int { return int(math.Round(float64(n) * ui)) }
		sh := shell{win: image.Rectangle{Max: sz}, mapR: image.Rect(0, px(shellBar), sz.X-px(shellPanel), sz.Y),
			sight: image.Rect(0, px(shellBar), sz.X-px(shellPanel), sz.Y-px(shellLog))}
		m := newClassicMap(b)
		m.SetInterfaceScale(ui)
		m.Update(sh.input(image.Pt(5, 5), false, false), sh.sight)
		b.Run(fmt.Sprintf("frame/ui=%v", ui), func(b *testing.B) {
			drawtest.OnFrame(b, func() {
				img := ebiten.NewImage(sz.X, sz.Y)
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
		})
		b.Run(fmt.Sprintf("paint/ui=%v", ui), func(b *testing.B) {
			drawtest.OnFrame(b, func() {
				m.paintLayers()
				b.ResetTimer()
				cpu := cpuTime()
				for range b.N {
					m.paintedUI = 0 // painted again whole, as at a new size
					m.paintLayers()
					_ = m.ground.At(0, 0)
				}
				reportCPU(b, cpu)
			})
		})
	}
}
