package duel

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/internal/drawtest"
	"empires/client/module"
	rules "empires/shared/ruleset/cardtest"
)

// The tests that draw run in a real window, under Xvfb: TestMain runs the
// game loop. Without a display they are skipped (in CI they fail).
// EMPIRES_SHOTS=DIR saves their pictures in DIR, to look at.

func TestMain(m *testing.M) { drawtest.Main(m, "duel tests") }

// shell is the shell's frame of a window of size w by h, as the client
// lays it out: the top bar, the side panel on the right, the log along
// the bottom right of the minimap's corner.
type shell struct {
	win, mapR, corner, log image.Rectangle
}

func shellOf(w, h int) shell {
	return shell{
		win:    image.Rect(0, 0, w, h),
		mapR:   image.Rect(0, 40, w-330, h),
		corner: image.Rect(6, h-170-6, 226, h-6),
		log:    image.Rect(234, h-170, w-334, h-2),
	}
}

// render draws the screen in the shell of sh with the pointer at pt,
// after frames frames, and returns the window's pixels.
func render(t *testing.T, s *Screen, sh shell, pt image.Point, frames int) *image.RGBA {
	t.Helper()
	var out *image.RGBA
	drawtest.OnFrame(t, func() {
		in := module.Input{Map: sh.mapR, Minimap: sh.corner, Pointer: pt.In(sh.mapR), Keys: true, Orders: true}
		for range frames {
			s.handle(in, frameInput{At: pt, Pointer: in.Pointer})
		}
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		img.Fill(color.RGBA{22, 20, 18, 255})
		s.Draw(img.SubImage(sh.mapR).(*ebiten.Image))
		// The shell's parts over and beside the map, in their colours.
		vector.FillRect(img, 0, 0, float32(sh.win.Dx()), 40, color.RGBA{36, 33, 30, 255}, false)
		vector.FillRect(img, float32(sh.mapR.Max.X), 40, 330, float32(sh.win.Dy()-40), color.RGBA{36, 33, 30, 255}, false)
		vector.FillRect(img, float32(sh.log.Min.X), float32(sh.log.Min.Y), float32(sh.log.Dx()), float32(sh.log.Dy()), color.RGBA{25, 23, 21, 230}, false)
		s.DrawOver(img)
		out = image.NewRGBA(sh.win)
		img.ReadPixels(out.Pix)
	})
	return out
}

// saveShot writes img to name in $EMPIRES_SHOTS, if set.
func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("EMPIRES_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// TestDrawTable draws the table at each stage of a round at 1024x768 and
// 1920x1080: the offering, a card laid face down, the attack turn with a
// card chosen and the target under the pointer, the defender's question
// with its countdown.
func TestDrawTable(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		tg := newTestGame(t, 1, 6, "Ann", "Bob")
		tg.host.mapR = sh.mapR
		now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		tg.s.SetClock(func() time.Time { return now })
		name := func(stage string) string { return "duel-" + stage + "-" + itoa(size[0]) + "x" + itoa(size[1]) + ".png" }

		img := render(t, tg.s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("offer"))
		card := tg.s.lay.Hand[2]
		at := card.Min.Add(card.Max).Div(2)
		tg.s.click(tg.s.lay.At(at, -1))
		img = render(t, tg.s, sh, at, 2)
		saveShot(t, img, name("laid"))

		tg.offer()
		if tg.m().Move() != MoveAttack {
			t.Fatalf("after the offering: move %v, want the attack", tg.m().Move())
		}
		tg.m().ClickCardAt(0)
		seat := tg.s.lay.Places[0].Box
		img = render(t, tg.s, sh, seat.Min.Add(seat.Max).Div(2), 2)
		saveShot(t, img, name("attack"))

		// Ann passes; Bob attacks her: the question, 12 seconds left.
		tg.play(1, rules.Action{Kind: rules.ActPass})
		bob := tg.g.View(2, false).(*rules.View)
		tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: bob.Hand[0]})
		st := tg.s.m.step
		st.Deadline = now.Add(12 * time.Second)
		tg.s.stepSeen = now.Add(-8 * time.Second)
		tg.s.m.SetStep(st)
		img = render(t, tg.s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("defend"))
	}
}

func itoa(n int) string {
	return string(rune('0'+n/1000%10)) + string(rune('0'+n/100%10)) + string(rune('0'+n/10%10)) + string(rune('0'+n%10))
}
