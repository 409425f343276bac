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
	"empires/client/kit"
	"empires/client/module"
	rules "empires/shared/rules/duel"
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

// input is a frame's input in the shell: the pointer at pt, the left
// button pressed if click, keys pressed.
func (sh shell) input(pt image.Point, click bool, keys ...ebiten.Key) module.Input {
	f := kit.Frame{Cursor: pt, KeysPressed: keys, Focused: true}
	if click {
		f.Pressed, f.Held = f.Pressed.With(ebiten.MouseButtonLeft), f.Held.With(ebiten.MouseButtonLeft)
	}
	return module.Input{Frame: f, Map: sh.mapR, Size: sh.win.Size(), Minimap: sh.corner, Keys: true, Orders: true,
		Pointer: pt.In(sh.mapR) && !pt.In(sh.log) && !pt.In(sh.corner)}
}

func shellOf(w, h int) shell { return shellAt(w, h, 1) }

// shellAt is the shell's frame of a window of size w by h at interface
// size s: its top bar, side panel, log and corner s times as large as at
// 100 %.
func shellAt(w, h int, s float64) shell {
	px := func(n int) int { return upLen(n, s) }
	return shell{
		win:    image.Rect(0, 0, w, h),
		mapR:   image.Rect(0, px(40), w-px(330), h),
		corner: image.Rect(px(6), h-px(170)-px(6), px(226), h-px(6)),
		log:    image.Rect(px(234), h-px(170), w-px(334), h-px(2)),
	}
}

// render draws the screen in the shell of sh with the pointer at pt,
// after frames frames, and returns the window's pixels.
func render(t *testing.T, s *Screen, sh shell, pt image.Point, frames int) *image.RGBA {
	t.Helper()
	var out *image.RGBA
	drawtest.OnFrame(t, func() {
		for range frames {
			s.Update(sh.input(pt, false))
		}
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		img.Fill(color.RGBA{22, 20, 18, 255})
		s.Draw(img.SubImage(sh.mapR).(*ebiten.Image))
		// The shell's parts over and beside the map, in their colours.
		top := float32(sh.mapR.Min.Y)
		vector.FillRect(img, 0, 0, float32(sh.win.Dx()), top, color.RGBA{36, 33, 30, 255}, false)
		vector.FillRect(img, float32(sh.mapR.Max.X), top, float32(sh.win.Max.X-sh.mapR.Max.X), float32(sh.win.Dy())-top, color.RGBA{36, 33, 30, 255}, false)
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
		// Each card of the hand is drawn face up: the card's cream and
		// its suit's ink.
		for i, c := range tg.view().Hand {
			r := tg.s.lay.Hand[i]
			if n := count(img, r, cardFace, 4); n < r.Dx()*r.Dy()/2 {
				t.Errorf("%dx%d: card %d is %d pixels of cream: not face up", size[0], size[1], i+1, n)
			}
			if n := count(img, r, SuitColor(int(c.Suit)), 10); n < r.Dx()*r.Dy()/30 {
				t.Errorf("%dx%d: card %d has %d pixels of its suit's ink", size[0], size[1], i+1, n)
			}
		}
		card := tg.s.lay.Hand[2]
		at := card.Min.Add(card.Max).Div(2)
		tg.s.click(tg.s.lay.At(at, -1))
		img = render(t, tg.s, sh, at, 2)
		saveShot(t, img, name("laid"))
		// The card laid leaves the hand for the offering, face down.
		if n := count(img, card, cardFace, 4); n > card.Dx()*card.Dy()/10 {
			t.Errorf("%dx%d: the card laid is still drawn in the hand (%d pixels of cream)", size[0], size[1], n)
		}
		if slot := tg.s.offeringSlots(2)[0]; count(img, slot, backFill, 4) < slot.Dx()*slot.Dy()/4 {
			t.Errorf("%dx%d: no card back in the offering's first place %v", size[0], size[1], slot)
		}

		tg.offer()
		if tg.m().Move() != MoveAttack {
			t.Fatalf("after the offering: move %v, want the attack", tg.m().Move())
		}
		tg.m().ClickCardAt(0)
		seat := tg.s.lay.Places[0].Box
		img = render(t, tg.s, sh, seat.Min.Add(seat.Max).Div(2), 2)
		saveShot(t, img, name("attack"))
		// The chosen card stands raised, framed in gold.
		if r := tg.s.lay.HandCard(0, true, false).Inset(-3); count(img, r, chosenEdge, 10) < r.Dx() {
			t.Errorf("%dx%d: the chosen card is not framed in gold at %v", size[0], size[1], r)
		}

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
		// The question: its panel, and the countdown's bar in gold.
		if r := tg.s.lay.Center; count(img, r, questionColor, 6) < r.Dx()*r.Dy()/6 {
			t.Errorf("%dx%d: no question's panel in the middle %v", size[0], size[1], r)
		}
		if r := tg.s.lay.Center; count(img, r, accentColor, 6) < r.Dx()*2 {
			t.Errorf("%dx%d: no gold (the frame, the countdown) in the middle %v", size[0], size[1], r)
		}
	}
}

// TestDrawFour draws a table of four at 1024x768 and 1920x1080: Cid
// attacks Dan, seen by Ann; and the end of a game.
func TestDrawFour(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		tg := newTestGame(t, 1, 1, "Ann", "Bob", "Cid", "Dan")
		tg.host.mapR = sh.mapR
		name := func(stage string) string {
			return "duel-four-" + stage + "-" + itoa(size[0]) + "x" + itoa(size[1]) + ".png"
		}
		tg.offer()
		tg.play(1, rules.Action{Kind: rules.ActPass})
		tg.play(2, rules.Action{Kind: rules.ActPass})
		cid := tg.g.View(3, false).(*rules.View)
		tg.play(3, rules.Action{Kind: rules.ActAttack, Target: 4, Card: cid.Hand[0]})
		img := render(t, tg.s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("attack"))
		for _, sb := range tg.s.lay.Places {
			p := tg.view().Players[sb.Seat-1]
			if n := count(img, sb.Fan, backFill, 4); p.Cards > 0 && n < tg.s.lay.Back.X*tg.s.lay.Back.Y/3 {
				t.Errorf("%dx%d: %s's hand of %d is %d pixels of card backs", size[0], size[1], p.Name, p.Cards, n)
			}
			if n := count(img, sb.Name, playerColor(sb.Seat), 8); n < 40 {
				t.Errorf("%dx%d: %s's name has %d pixels of the player's colour: no dot", size[0], size[1], p.Name, n)
			}
		}
		tg.play(4, rules.Action{Kind: rules.ActTake})
		for tg.phase() == rules.PhaseAttack {
			tg.play(tg.view().Table.Attacker, rules.Action{Kind: rules.ActPass})
		}
		if tg.phase() != rules.PhaseOver {
			t.Fatalf("a game of one round is in phase %v after it", tg.phase())
		}
		img = render(t, tg.s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("over"))
		if r := tg.s.lay.Center; count(img, r, accentColor, 6) == 0 {
			t.Errorf("%dx%d: the end is not told in gold in the middle", size[0], size[1])
		}
	}
}

// count counts the pixels of r in img within tol of colour c in each
// channel.
func count(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if near(p.R, c.R, tol) && near(p.G, c.G, tol) && near(p.B, c.B, tol) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8, tol int) bool { d := int(a) - int(b); return d <= tol && -d <= tol }

func itoa(n int) string {
	return string(rune('0'+n/1000%10)) + string(rune('0'+n/100%10)) + string(rune('0'+n/10%10)) + string(rune('0'+n%10))
}

// BenchmarkDrawTable times a whole redraw of the table at 1920x1080 (the
// table draws again on a change, and four times a second while a
// countdown runs): four players, Cid's attack on Dan in progress with its
// countdown. It times the drawing's commands as a frame makes them and
// the drawing itself, which a pixel read back waits for.
func BenchmarkDrawTable(b *testing.B) {
	sh := shellOf(1920, 1080)
	tg := newTestGame(b, 1, 6, "Ann", "Bob", "Cid", "Dan")
	tg.host.mapR = sh.mapR
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tg.s.SetClock(func() time.Time { return now })
	tg.offer()
	tg.play(1, rules.Action{Kind: rules.ActPass})
	tg.play(2, rules.Action{Kind: rules.ActPass})
	cid := tg.g.View(3, false).(*rules.View)
	tg.play(3, rules.Action{Kind: rules.ActAttack, Target: 4, Card: cid.Hand[0]})
	st := tg.s.m.Step()
	st.Deadline = now.Add(12 * time.Second)
	tg.s.SetStep(st)
	drawtest.OnFrame(b, func() {
		tg.s.Update(sh.input(image.Pt(5, 50), false))
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		dst := img.SubImage(sh.mapR).(*ebiten.Image)
		b.ResetTimer()
		for range b.N {
			tg.s.Draw(dst)
			_ = img.At(0, 0) // the drawing done: read back, as the screen shows it
		}
	})
}
