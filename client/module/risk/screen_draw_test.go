package risk

import (
	"image"
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
