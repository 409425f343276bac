package app

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/conn"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// TestGameAt540: erfworld's game screen at 960x540 at 100 per cent, the
// smallest screen the client lays out (200 per cent on a 1920x1080 window
// is the same screen twice as large: TestHUDAtTwice), with the Capital's
// orders in the side panel: the top bar's End turn and Menu are in the
// window, and Tab through the panel (F6 gives it the keyboard) scrolls
// each order into sight, down to the last.
func TestGameAt540(t *testing.T) {
	const w, h = 960, 540
	if have := uiScale(200, 1920, 1080); have != 2 {
		t.Fatalf("200 %% on a 1920x1080 window is applied at %v, want 2", have)
	}
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		renderApp(a, w, h, 1, nil)
		hx := hexOf(g)
		for _, c := range hx.Model().View().Cities {
			for range 4 {
				if c.Owner == 1 && hx.Model().Selection().City == 0 {
					hx.Model().Click(c.Hex) // the armies there, then the city
				}
			}
		}
		if hx.Model().Selection().City == 0 {
			t.Fatal("Ann's city is not selected")
		}
		g.Changed(false)
		img := renderApp(a, w, h, 2, nil)
		saveShot(t, img, fmt.Sprintf("game-capital-%dx%d.png", w, h))
		screen := image.Rect(0, 0, w, h)
		for _, label := range []string{"End turn", "Menu"} {
			b := findButton(g.hud.buttons, label)
			if b == nil {
				t.Fatalf("no %q in the top bar", label)
			}
			if r := b.GetWidget().Rect; r.Empty() || !r.In(screen) {
				t.Errorf("%q at %v, out of the window %v", label, r, screen)
			}
		}
		hit(a, none, ebiten.KeyF6)
		list := g.partList(partSide)
		if len(list) < 10 {
			t.Fatalf("the Capital's panel has %d buttons to focus, want a panel taller than the window", len(list))
		}
		for i := range list {
			if i > 0 {
				hit(a, none, ebiten.KeyTab)
			}
			img = renderApp(a, w, h, 2, nil)
			f, ok := a.ui.GetFocusedWidget().(widget.HasWidget)
			if !ok || a.ui.GetFocusedWidget() != list[i] {
				t.Fatalf("Tab %d: the focus is on %q, want the panel's button %d", i, focusLabel(a), i)
			}
			if r := f.GetWidget().Rect; r.Empty() || !r.In(screen) {
				t.Errorf("Tab %d: the focused %q at %v, out of the window %v", i, focusLabel(a), r, screen)
			}
		}
		saveShot(t, img, fmt.Sprintf("game-capital-last-%dx%d.png", w, h))
	})
}

// TestEmpireAt540: empire's game screen at 960x540 at 100 per cent (as
// 200 per cent on a 1920x1080 window, half the size): the top bar's End
// turn and Menu and the side panel's buttons are in the window.
func TestEmpireAt540(t *testing.T) {
	const w, h = 960, 540
	a, _, _ := testApp(t)
	rs, ok := a.opts.Rulesets.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 4, Names: []string{"Ann", "Bob", "Cid", "Dee"}, Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 18}})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1, false)
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a.play = conn.NewGame(rs)
	var img *image.RGBA
	onFrame(t, func() {
		a.handleFullView(&protocol.FullView{View: data, Checksum: v.Checksum()})
		img = renderApp(a, w, h, 3, nil)
	})
	saveShot(t, img, fmt.Sprintf("empire-%dx%d.png", w, h))
	screen := image.Rect(0, 0, w, h)
	for _, label := range []string{"End turn", "Menu"} {
		b := findButton(a.game.hud.buttons, label)
		if b == nil {
			t.Fatalf("no %q in the top bar", label)
		}
		if r := b.GetWidget().Rect; r.Empty() || !r.In(screen) {
			t.Errorf("%q at %v, out of the window %v", label, r, screen)
		}
	}
	for _, b := range a.game.partList(partSide) {
		if r := b.(widget.HasWidget).GetWidget().Rect; !r.Empty() && r.Max.X > w {
			t.Errorf("a side panel button at %v runs out of the window's width %d", r, w)
		}
	}
}

// near2 reports whether have is twice half, within tol pixels of
// rounding.
func near2(have, half, tol int) bool { return have-2*half <= tol && 2*half-have <= tol }

// rectTwice reports whether have is rectangle half twice as large, each
// edge within tol pixels.
func rectTwice(have, half image.Rectangle, tol int) bool {
	return near2(have.Min.X, half.Min.X, tol) && near2(have.Min.Y, half.Min.Y, tol) &&
		near2(have.Max.X, half.Max.X, tol) && near2(have.Max.Y, half.Max.Y, tol)
}

// hudShape is where the game screen's shell puts its parts, in window
// pixels.
type hudShape struct {
	scale                                       float64
	bar, mapRect, side, log, minimap, hint, box image.Rectangle
	turnH, logLineH                             int
}

// TestHUDAtTwice: erfworld's game screen at an interface size of 200 per
// cent on a 1920x1080 window is laid out as at 100 per cent on 960x540,
// twice as large (within 2 pixels of rounding): the top bar, the map's
// part, the side panel, the log, the minimap's corner, the first turn's
// hint and a notice's box; its text is made at twice the size (the top
// bar's turn and the log's lines twice as high). The size is applied as a
// player applies it: the game opens at 100 per cent, and the window (a
// resize) or Settings then asks for 200 per cent, which builds the HUD
// again.
func TestHUDAtTwice(t *testing.T) {
	shape := func(percent, w, h int, bySettings bool) hudShape {
		var out hudShape
		onFrame(t, func() {
			a, _, s := testApp(t)
			if !bySettings {
				a.opts.Prefs.UIScale = percent
			}
			g := showGame(t, a, s, 1)
			renderApp(a, w, h, 2, nil)
			if bySettings {
				p := a.opts.Prefs
				p.UIScale = percent
				if err := a.savePrefs(p); err != nil {
					t.Fatal(err)
				}
			}
			g.notify("The server refused 2 orders: see the list")
			img := renderApp(a, w, h, 3, nil)
			saveShot(t, img, fmt.Sprintf("hud-%d-%dx%d.png", percent, w, h))
			g = a.game
			pr := a.probe()
			m := a.theme.SmallFace().Metrics()
			out = hudShape{
				scale:    a.theme.Scale(),
				bar:      g.hud.bar.GetWidget().Rect,
				mapRect:  image.Rect(pr.Map[0], pr.Map[1], pr.Map[2], pr.Map[3]),
				side:     g.hud.sidePanel.GetWidget().Rect,
				log:      image.Rect(pr.LogRect[0], pr.LogRect[1], pr.LogRect[2], pr.LogRect[3]),
				minimap:  g.minimapRect(),
				hint:     image.Rect(pr.FirstHintRect[0], pr.FirstHintRect[1], pr.FirstHintRect[2], pr.FirstHintRect[3]),
				box:      drawBox(ebiten.NewImage(w, h), a.theme, a.theme.NormalFace(), []string{g.notice}, a.theme.Pxf(20), float64(g.noticeTop()), g.mapRect(), color.Black, color.White),
				turnH:    g.hud.turn.GetWidget().Rect.Dy(),
				logLineH: int(m.HAscent + m.HDescent + m.HLineGap),
			}
		})
		return out
	}
	half := shape(100, 960, 540, false)
	if half.hint.Empty() || half.box.Empty() {
		t.Fatalf("at 100 %% the first turn's hint is at %v and the notice at %v: want both shown", half.hint, half.box)
	}
	for _, bySettings := range []bool{false, true} {
		have := shape(200, 1920, 1080, bySettings)
		how := map[bool]string{false: "asked before the window grew", true: "chosen in Settings"}[bySettings]
		if have.scale != 2 {
			t.Fatalf("200 %% %s on 1920x1080: the theme's scale is %v, want 2", how, have.scale)
		}
		for _, r := range []struct {
			what       string
			have, half image.Rectangle
		}{
			{"the top bar", have.bar, half.bar},
			{"the map's part", have.mapRect, half.mapRect},
			{"the side panel", have.side, half.side},
			{"the log's sides and height", image.Rect(have.log.Min.X, 0, have.log.Max.X, have.log.Dy()), image.Rect(half.log.Min.X, 0, half.log.Max.X, half.log.Dy())},
			{"the minimap's corner", have.minimap, half.minimap},
			// The hint's top (its width holds the Close button, a menu
			// button), the log's sides and height (it stands on the chat
			// line, a menu field).
			{"the first turn's hint", image.Rect(0, have.hint.Min.Y, 0, have.hint.Min.Y), image.Rect(0, half.hint.Min.Y, 0, half.hint.Min.Y)},
			{"a notice's box", have.box, half.box},
		} {
			if !rectTwice(r.have, r.half, 2) {
				t.Errorf("200 %% %s: %s at %v, want twice %v at 100 %% on 960x540", how, r.what, r.have, r.half)
			}
		}
		if !near2(have.turnH, half.turnH, 2) || !near2(have.logLineH, half.logLineH, 2) {
			t.Errorf("200 %% %s: the top bar's turn %d high and the log's lines %d, want twice %d and %d: text made at twice the size",
				how, have.turnH, have.logLineH, half.turnH, half.logLineH)
		}
	}
}
