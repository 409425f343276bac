package generals

import (
	"fmt"
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
	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/generals"
)

// The tests that draw run in a real window, under Xvfb: TestMain runs the
// game loop. Without a display they are skipped (in CI they fail).
// EMPIRES_SHOTS=DIR saves their pictures in DIR, to look at.

func TestMain(m *testing.M) { drawtest.Main(m, "generals tests") }

// shell is the shell's frame of a window: the top bar, the side panel on
// the right, the log along the bottom right of the minimap's corner.
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
		panel := color.RGBA{36, 33, 30, 255} // the top bar and the side panel, beside the map
		vector.FillRect(img, 0, 0, float32(sh.win.Dx()), float32(sh.mapR.Min.Y), panel, false)
		vector.FillRect(img, float32(sh.mapR.Max.X), float32(sh.mapR.Min.Y), float32(sh.win.Max.X-sh.mapR.Max.X), float32(sh.win.Dy()), panel, false)
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

// count counts the pixels of r in img within tol of c.
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

// mid is the middle of r.
func mid(r image.Rectangle) image.Point { return r.Min.Add(r.Max).Div(2) }

// TestDrawTable draws the Army Phase of 2, 6 and 20 players at 1024x768
// and 1920x1080: every card of the hand face up, the Army chip of the
// phase bar lit, the card under the pointer enlarged; then the defender's
// box.
func TestDrawTable(t *testing.T) {
	moves := []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior},
		{Kind: rules.ActMove, Unit: 4, Battlefield: true}, {Kind: rules.ActAbility, Unit: 4, Rule: 0},
		{Kind: rules.ActDiscardPlay, Unit: 4}, {Kind: rules.ActResign}}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		for _, n := range []int{2, 6, 20} {
			sh := shellOf(size[0], size[1])
			name := func(stage string) string { return fmt.Sprintf("generals-%s-%dp-%dx%d.png", stage, n, size[0], size[1]) }
			s, h := newScreen(t, tableView(n), moves)
			h.mapR = sh.mapR
			s.layOut(sh.mapR, sh.corner)
			img := render(t, s, sh, image.Pt(5, 50), 2)
			saveShot(t, img, name("army"))
			for i, r := range s.lay.Hand {
				if i == len(s.lay.Hand)-1 {
					r.Min.X = r.Max.X - s.lay.Card.X
				} else {
					r.Max.X = s.lay.Hand[i+1].Min.X
				}
				dimmed := color.RGBA{159, 155, 145, 255} // the face under the dimming
				if c := count(img, r, faceColor, 30) + count(img, r, dimmed, 12); c < r.Dx()*r.Dy()/4 {
					t.Errorf("%s: hand card %d: %d pixels of the face's colour", name("army"), i+1, c)
				}
			}
			army := s.lay.Phases[4]
			if c := count(img, army, goldColor, 4); c < army.Dx()*army.Dy()/3 {
				t.Errorf("%s: the Army chip is not lit (%d gold pixels)", name("army"), c)
			}
			for _, b := range s.lay.Others {
				if !b.Box.In(s.lay.Table) {
					t.Errorf("%s: player %d's place %v outside the table %v", name("army"), b.Seat, b.Box, s.lay.Table)
				}
			}
			// The archers picked: their buttons, the ability's among them,
			// in the row, lit.
			s.m.ClickUnit(4)
			img = render(t, s, sh, image.Pt(5, 50), 2)
			saveShot(t, img, name("picked"))
			if len(s.lay.Buttons) != 6 || s.lay.Buttons[3].Rule != 0 {
				t.Errorf("%s: buttons %+v, want Next phase, To the Battlefield, Discard from play, Cancel, the ability and Resign", name("picked"), s.lay.Buttons)
			}
			for _, b := range s.lay.Buttons {
				if !b.Rect.In(s.lay.Table) {
					t.Errorf("%s: the button %q at %v is off the table", name("picked"), b.Label, b.Rect)
				}
			}
			s.m.Deselect()

			// With compact places, the pointer at rest on one shows it in
			// full under it.
			if s.lay.Compact {
				b, _ := s.lay.PlaceOf(3)
				img = render(t, s, sh, mid(b.Box), hoverDelay+3)
				saveShot(t, img, name("place"))
				under := image.Rect(b.Box.Min.X, b.Box.Max.Y+4, b.Box.Min.X+200, b.Box.Max.Y+40)
				if c := count(img, under, placeColor, 2) + count(img, under, zoneColor, 2); c < 200*36/2 {
					t.Errorf("%s: player 3's place is not shown in full under it (%d pixels of a place)", name("place"), c)
				}
			}

			// The pointer at rest on the second card enlarges it.
			card := s.lay.Hand[1]
			at := image.Pt(card.Min.X+6, card.Min.Y+card.Dy()/2)
			img = render(t, s, sh, at, hoverDelay+3)
			saveShot(t, img, name("hover"))
			if got := s.hover.At; got.Kind != HitHand || got.Index != 1 {
				t.Fatalf("%s: under the pointer %+v, want the hand's card 2", name("hover"), got)
			}
			big := image.Rect(at.X+24, 0, at.X+24+200, sh.win.Dy())
			if c := count(img, big, faceColor, 4); c < 200*200 {
				t.Errorf("%s: no enlarged card right of the pointer (%d pixels of the face's colour)", name("hover"), c)
			}
		}
	}
}

// TestDrawDefender draws the defender's box: the attacker's numbers, a row
// for each blocker and No blocker, the countdown.
func TestDrawDefender(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		v := tableView(2)
		v.Seat, v.Active, v.Phase = 1, 2, rules.PhaseAttack
		v.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1, AtBattlefield: false}
		moves := []rules.Action{{Kind: rules.ActBlock, Unit: 4}, {Kind: rules.ActBlock, Unit: 5}, {Kind: rules.ActBlock}}
		s, h := newScreen(t, v, moves)
		h.mapR = sh.mapR
		now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		s.SetStep(module.StepInfo{Seq: v.Seq, Deadline: now.Add(12 * time.Second)})
		s.layOut(sh.mapR, sh.corner)
		img := render(t, s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, fmt.Sprintf("generals-defend-%dx%d.png", size[0], size[1]))
		if got := len(s.lay.Blockers); got != 3 {
			t.Fatalf("%dx%d: %d rows in the defender's box, want 3 (two blockers and No blocker)", size[0], size[1], got)
		}
		if c := count(img, s.lay.Center, goldColor, 4); c < 100 {
			t.Errorf("%dx%d: the defender's box has %d gold pixels: not drawn", size[0], size[1], c)
		}
		if s.lay.Center.Empty() || !s.lay.Center.In(s.lay.Table) {
			t.Errorf("%dx%d: the defender's box %v is not on the table %v", size[0], size[1], s.lay.Center, s.lay.Table)
		}

		// The outcome, once the battle is fought, at the right of the line
		// of what to do, until the next turn.
		after := tableView(2)
		after.Seat, after.Active, after.Phase = 1, 2, rules.PhaseAttack
		s.resolved(after, []rules.Event{{Kind: rules.EventBlock, Seat: 2, Other: 1, Unit: 5},
			{Kind: rules.EventBattle, Seat: 2, Other: 1, Unit: 7, Zone: rules.ZoneWarcamp, Value: 5, Numbers: []int{3, 2, 3, 3}}})
		img = render(t, s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, fmt.Sprintf("generals-outcome-%dx%d.png", size[0], size[1]))
		banner := image.Rect(s.lay.Say.Max.X-s.lay.Say.Dx()/2, s.lay.Say.Min.Y, s.lay.Say.Max.X, s.lay.Say.Max.Y)
		if s.m.Battle() == "" || count(img, banner, targetColor, 10) < 30 {
			t.Errorf("%dx%d: the outcome %q is not drawn at the right of the line of what to do", size[0], size[1], s.m.Battle())
		}
	}
}

// TestDrawQuestions draws the opening split, the discard down to the hand
// limit with two cards ticked, the list of a compact place's cards to
// target, and the discard pile looked through, at 1024x768 and 1920x1080.
func TestDrawQuestions(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		sh := shellOf(size[0], size[1])
		name := func(stage string) string { return fmt.Sprintf("generals-%s-%dx%d.png", stage, size[0], size[1]) }

		open := tableView(3)
		open.Phase, open.Active = rules.PhaseOpening, 0
		open.Hand = nil
		for i := range open.Players {
			open.Players[i].Table = nil
		}
		s, h := newScreen(t, open, []rules.Action{{Kind: rules.ActOpening, Count: 4}})
		h.mapR = sh.mapR
		s.layOut(sh.mapR, sh.corner)
		img := render(t, s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("opening"))
		if s.lay.Center.Empty() || count(img, s.lay.Center, goldColor, 4) < 100 {
			t.Errorf("%s: no opening box drawn at %v", name("opening"), s.lay.Center)
		}

		resolve := tableView(3)
		resolve.Phase = rules.PhaseResolve
		resolve.Hand = append(resolve.Hand, warrior, storm)
		s, h = newScreen(t, resolve, []rules.Action{{Kind: rules.ActNext}})
		h.mapR = sh.mapR
		s.layOut(sh.mapR, sh.corner)
		s.m.ClickHand(2)
		s.m.ClickHand(7)
		img = render(t, s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("discard"))
		for _, i := range []int{2, 7} {
			r := s.handRect(i).Inset(-3)
			if c := count(img, r, loseColor, 4); c < r.Dx() {
				t.Errorf("%s: card %d ticked but not framed (%d pixels)", name("discard"), i+1, c)
			}
		}

		many := tableView(20)
		s2, h2 := newScreen(t, many, []rules.Action{{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: 12}}},
			{Kind: rules.ActCard, Hand: 4, Card: storm, Targets: []rules.Target{{Seat: 5, Unit: 13}}}})
		h2.mapR = sh.mapR
		s2.layOut(sh.mapR, sh.corner)
		s2.m.ClickHand(4)
		s2.among = 5
		s2.layOut(sh.mapR, sh.corner)
		img = render(t, s2, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("among"))
		if len(s2.lay.Among) != 2 || count(img, s2.lay.Center, goldColor, 4) < 100 {
			t.Errorf("%s: the list of player 5's cards: %d rows, not drawn at %v", name("among"), len(s2.lay.Among), s2.lay.Center)
		}

		s.look = true
		img = render(t, s, sh, image.Pt(5, 50), 2)
		saveShot(t, img, name("look"))
		if len(s.lay.LookCards) != 2 {
			t.Errorf("%s: %d cards of the discard pile shown, want 2", name("look"), len(s.lay.LookCards))
		}
	}
}

// BenchmarkDrawTable times a whole redraw of the table at 1920x1080 (the
// table draws again on a change, once a second while a countdown runs,
// every frame while an animation plays): 20 players, the Army Phase, every card of the hand
// face up. It times the drawing's commands and the drawing itself, which
// a pixel read back waits for.
func BenchmarkDrawTable(b *testing.B) {
	sh := shellOf(1920, 1080)
	th, err := menu.NewTheme()
	if err != nil {
		b.Fatal(err)
	}
	h := &fakeHost{theme: th, mapR: sh.mapR}
	s, err := NewScreen(collection(b), scripted([]rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior}}, "no"), h)
	if err != nil {
		b.Fatal(err)
	}
	s.show(tableView(20))
	s.layOut(sh.mapR, sh.corner)
	drawtest.OnFrame(b, func() {
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		px := make([]byte, 4)
		b.ResetTimer()
		for range b.N {
			s.Draw(img.SubImage(sh.mapR).(*ebiten.Image))
			s.DrawOver(img)
			img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image).ReadPixels(px)
		}
	})
}
