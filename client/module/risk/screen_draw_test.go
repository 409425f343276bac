package risk

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/module"
)

// renderScreen draws the screen as the shell does (the map in its part,
// then what goes over it) in a window of the fake host's size, and
// returns the pixels.
func renderScreen(t *testing.T, tg *testGame) *image.RGBA {
	t.Helper()
	var out *image.RGBA
	drawtest.OnFrame(t, func() {
		in := module.Input{Map: tg.host.MapRect(), Size: image.Pt(1024, 768)}
		tg.s.Update(in)
		img := ebiten.NewImage(1024, 768)
		defer img.Deallocate()
		tg.s.Draw(img.SubImage(tg.host.MapRect()).(*ebiten.Image))
		tg.s.DrawOver(img)
		out = image.NewRGBA(image.Rect(0, 0, 1024, 768))
		img.ReadPixels(out.Pix)
	})
	return out
}

// TestDrawDice checks that the last roll is drawn over the map: each
// attacker's die a red square, each defender's a white one, where the
// probe says they are.
func TestDrawDice(t *testing.T) {
	tg, _, _ := attackGame(t)
	m := tg.m()
	tg.do(m.Roll())
	r := m.LastRoll()
	if r == nil || tg.s.rollShown() == nil {
		t.Fatalf("no roll shown after Roll: %+v (move %v)", r, m.Move())
	}
	img := renderScreen(t, tg)
	saveShot(t, img, "screen-dice.png")
	att, def := tg.s.dieRects(tg.s.diceBox(), r)
	for i, rc := range att {
		if n := count(img, rc, attackDie, 12); n < rc.Dx()*rc.Dy()/3 {
			t.Errorf("the attacker's die %d (a %d) at %v: %d red pixels", i+1, r.Attack[i], rc, n)
		}
	}
	for i, rc := range def {
		if n := count(img, rc, defendDie, 12); n < rc.Dx()*rc.Dy()/3 {
			t.Errorf("the defender's die %d (a %d) at %v: %d white pixels", i+1, r.Defend[i], rc, n)
		}
	}
	dice := 0
	for _, mk := range tg.s.Probe().Others {
		if mk.Kind == "die" {
			dice++
			if !mk.OnMap {
				t.Errorf("a die off the map: %+v", mk)
			}
		}
	}
	if dice != len(r.Attack)+len(r.Defend) {
		t.Errorf("the probe tells %d dice, the roll has %d", dice, len(r.Attack)+len(r.Defend))
	}
}

// TestDrawFocus checks that the keys' focus is drawn: a ring in the
// theme's focus colour around the territory Tab went to, and its tooltip
// in the corner of the map in sight while the pointer has not moved.
func TestDrawFocus(t *testing.T) {
	tg := newTestGame(t, 1, 2, small)
	tg.others(500)
	tg.s.Update(keyInput(ebiten.KeyTab))
	f := tg.m().Focus()
	if f == 0 {
		t.Fatal("Tab gave no focus")
	}
	img := renderScreen(t, tg)
	saveShot(t, img, "screen-focus.png")
	x, y, _ := tg.s.mp.ScreenOf(f)
	c := image.Pt(int(x), int(y))
	ring := image.Rectangle{Min: c.Sub(image.Pt(30, 30)), Max: c.Add(image.Pt(31, 31))}
	fc := tg.host.theme.Palette().Focus
	if n := count(img, ring, color.RGBA{fc.R, fc.G, fc.B, 255}, 20); n < 60 {
		t.Errorf("the focus on %s at %v: %d pixels of the focus colour, want a ring", tg.m().tname(f), c, n)
	}
	sight := tg.host.MapInSight()
	tip := image.Rect(sight.Min.X+8, sight.Min.Y+8, sight.Min.X+100, sight.Min.Y+50)
	if n := count(img, tip, color.RGBA{30, 26, 22, 255}, 6); n < 500 {
		t.Errorf("no tooltip of the focus (%d pixels of its box at %v)", n, tip)
	}
}
