package app

import (
	"fmt"
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/conn"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// TestGameAt540: erfworld's game screen at 960x540, the screen a
// 1920x1080 window leaves at an interface size of 200 per cent, with the
// Capital's orders in the side panel: the top bar's End turn and Menu are
// in the window, and Tab through the panel (F6 gives it the keyboard)
// scrolls each order into sight, down to the last.
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

// TestEmpireAt540: empire's game screen at 960x540 (200 per cent on a
// 1920x1080 window): the top bar's End turn and Menu and the side panel's
// buttons are in the window.
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
