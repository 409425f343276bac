package generals

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/generals"
)

// scaledHost is a fakeHost whose shell is drawn at an interface size:
// its log is log pixels high.
type scaledHost struct {
	*fakeHost
	log int
}

func (h scaledHost) MapInSight() image.Rectangle {
	r := h.MapRect()
	r.Max.Y -= h.log
	return r
}

// px is n pixels at 100 % at interface size s.
func px(n int, s float64) int { return int(math.Round(float64(n) * s)) }

// shellAt is the shell's frame (shellOf's) of a w by h window at
// interface size s: its top bar, side panel, log and corner s times as
// large.
func shellAt(w, h int, s float64) shell {
	return shell{
		win:    image.Rect(0, 0, w, h),
		mapR:   image.Rect(0, px(40, s), w-px(330, s), h),
		corner: image.Rect(px(6, s), h-px(176, s), px(226, s), h-px(6, s)),
		log:    image.Rect(px(234, s), h-px(170, s), w-px(334, s), h-px(2, s)),
	}
}

// scaledTable is seat 1's table of tableView(n) at interface size s (the
// host's theme menu.NewThemeAt(s)) on a w by h window: its archers
// picked, for the most buttons.
func scaledTable(t *testing.T, n int, s float64, w, h int) (*Screen, *fakeHost, shell) {
	t.Helper()
	moves := []rules.Action{{Kind: rules.ActNext}, {Kind: rules.ActCard, Hand: 1, Card: warrior},
		{Kind: rules.ActMove, Unit: 4, Battlefield: true}, {Kind: rules.ActAbility, Unit: 4, Rule: 0},
		{Kind: rules.ActDiscardPlay, Unit: 4}, {Kind: rules.ActResign}}
	scr, host, sh := scaledView(t, tableView(n), moves, s, w, h)
	scr.m.ClickUnit(4)
	scr.layOut(sh.mapR, sh.corner)
	return scr, host, sh
}

// scaledView is the table of view v whose moves are moves at interface
// size s on a w by h window.
func scaledView(t *testing.T, v *rules.View, moves []rules.Action, s float64, w, h int) (*Screen, *fakeHost, shell) {
	t.Helper()
	th, err := menu.NewThemeAt(s)
	if err != nil {
		t.Fatal(err)
	}
	sh := shellAt(w, h, s)
	host := &fakeHost{theme: th, mapR: sh.mapR}
	scr, err := NewScreen(collection(t), scripted(moves, "not in this phase"), scaledHost{host, px(170, s)})
	if err != nil {
		t.Fatal(err)
	}
	scr.show(v)
	scr.layOut(sh.mapR, sh.corner)
	return scr, host, sh
}

// rest moves the pointer to pt on the table of sh and keeps it there
// until the card under it is shown enlarged.
func rest(s *Screen, sh shell, pt image.Point) {
	for range hoverDelay + 3 {
		s.Update(sh.input(pt, false))
	}
}

// near2 reports whether b is twice a within 2 pixels.
func near2(a, b int) bool { return abs(b-2*a) <= 2 }

func abs(x int) int { return max(x, -x) }

// twice reports whether rectangle b is rectangle a twice as large, twice
// as far from the window's corner, within 2 pixels.
func twice(a, b image.Rectangle) bool {
	return near2(a.Min.X, b.Min.X) && near2(a.Min.Y, b.Min.Y) && near2(a.Max.X, b.Max.X) && near2(a.Max.Y, b.Max.Y)
}

// TestScaleTwice: at 200 % on a 1920x1080 window the table is the table
// at 100 % on a 960x540 window, twice as large (issue #34: "Interface
// size 200 %"): every mark of the probe (the hand's cards, the buttons,
// the piles, the places, the cards in play, what to do, the focus) is
// twice as far from the window's corner within 2 pixels; the cards, the
// chips, the places, the buttons and the enlarged card are twice as
// large; the text is made at twice the size; the card under the pointer
// is the same card.
func TestScaleTwice(t *testing.T) {
	for _, n := range []int{2, 3, 8} {
		one, _, sh1 := scaledTable(t, n, 1, 960, 540)
		two, _, sh2 := scaledTable(t, n, 2, 1920, 1080)
		name := fmt.Sprintf("%d players", n)
		at1 := image.Pt(one.lay.Hand[2].Min.X+5, one.lay.Hand[2].Min.Y+one.lay.Hand[2].Dy()/2)
		at2 := at1.Mul(2)
		rest(one, sh1, at1)
		rest(two, sh2, at2)
		// Tab puts the keys' focus on the hand's first card.
		one.Update(sh1.input(at1, false, ebiten.KeyTab))
		two.Update(sh2.input(at2, false, ebiten.KeyTab))
		// What the pointer at rest is on: the same card, found at the same
		// place of the table.
		if h1, h2 := one.lay.At(at1, -1, 0), two.lay.At(at2, -1, 0); h1 != h2 || h1.Kind != HitHand {
			t.Errorf("%s: under the pointer at 100 %% %+v, at 200 %% %+v, want the same card of the hand", name, h1, h2)
		}
		p1, p2 := one.Probe(), two.Probe()
		marks := func(p module.Probe) map[string]module.Mark {
			out := map[string]module.Mark{}
			for _, m := range append(p.Mine, p.Others...) {
				out[fmt.Sprintf("%s %d %s", m.Kind, m.ID, m.Name)] = m
			}
			return out
		}
		m1, m2 := marks(p1), marks(p2)
		kinds := map[string]int{}
		for k, a := range m1 {
			b, ok := m2[k]
			if !ok {
				t.Errorf("%s: %s at 100 %% has no mark at 200 %%", name, k)
				continue
			}
			kinds[a.Kind]++
			if !near2(int(a.X), int(b.X)) || !near2(int(a.Y), int(b.Y)) {
				t.Errorf("%s: %s at (%v, %v) at 100 %%, (%v, %v) at 200 %%: want twice as far", name, k, a.X, a.Y, b.X, b.Y)
			}
		}
		for _, k := range []string{"card", "button", "pile", "unit", "player", "step", "focus"} {
			if kinds[k] == 0 {
				t.Errorf("%s: no mark of kind %q compared: %v", name, k, kinds)
			}
		}
		if len(m1) != len(m2) {
			t.Errorf("%s: %d marks at 100 %%, %d at 200 %%", name, len(m1), len(m2))
		}
		if p1.Hover != p2.Hover || p1.Hover == "" {
			t.Errorf("%s: the pointer rests on %q at 100 %%, on %q at 200 %%", name, p1.Hover, p2.Hover)
		}

		// The sizes: every card, chip, place, button and pile twice as
		// large, the enlarged card too, the text made at twice the size.
		l1, l2 := &one.lay, &two.lay
		type pair struct {
			what string
			a, b image.Rectangle
		}
		var rects []pair
		for i := range l1.Hand {
			rects = append(rects, pair{fmt.Sprintf("hand card %d", i+1), l1.Hand[i], l2.Hand[i]})
		}
		for i := range min(len(l1.Units), len(l2.Units)) {
			rects = append(rects, pair{fmt.Sprintf("card in play %d", l1.Units[i].Ref), l1.Units[i].Rect, l2.Units[i].Rect})
		}
		for i := range min(len(l1.Others), len(l2.Others)) {
			rects = append(rects, pair{fmt.Sprintf("place %d", l1.Others[i].Seat), l1.Others[i].Box, l2.Others[i].Box},
				pair{fmt.Sprintf("place %d's track", l1.Others[i].Seat), l1.Others[i].Track, l2.Others[i].Track})
		}
		for i := range min(len(l1.Buttons), len(l2.Buttons)) {
			rects = append(rects, pair{"button " + l1.Buttons[i].Label, l1.Buttons[i].Rect, l2.Buttons[i].Rect})
		}
		for i := range l1.Phases {
			rects = append(rects, pair{fmt.Sprintf("phase %d", i+1), l1.Phases[i], l2.Phases[i]})
		}
		rects = append(rects, pair{"your place", l1.Mine.Box, l2.Mine.Box}, pair{"your track", l1.Mine.Track, l2.Mine.Track},
			pair{"the draw pile", l1.Draw, l2.Draw}, pair{"the discard pile", l1.Discard, l2.Discard},
			pair{"the enlarged card", one.zoomRect(at1, sh1.win), two.zoomRect(at2, sh2.win)})
		if len(l1.Units) != len(l2.Units) || len(l1.Others) != len(l2.Others) || len(l1.Buttons) != len(l2.Buttons) {
			t.Errorf("%s: %d cards in play, %d places, %d buttons at 100 %%; %d, %d, %d at 200 %%", name,
				len(l1.Units), len(l1.Others), len(l1.Buttons), len(l2.Units), len(l2.Others), len(l2.Buttons))
		}
		for _, p := range rects {
			if p.a.Empty() || !twice(p.a, p.b) {
				t.Errorf("%s: %s at %v at 100 %%, %v at 200 %%: want twice as large and as far", name, p.what, p.a, p.b)
			}
		}
		if l2.Card != l1.Card.Mul(2) || l2.Chip != l1.Chip.Mul(2) || l2.Pad != 2*l1.Pad || l2.Font != 2*l1.Font {
			t.Errorf("%s: card %v, chip %v, space %d, text %v at 100 %%; %v, %v, %d, %v at 200 %%", name,
				l1.Card, l1.Chip, l1.Pad, l1.Font, l2.Card, l2.Chip, l2.Pad, l2.Font)
		}
	}
}

// TestScaleChange: when the host's interface size changes in the middle
// of a game (Settings), the table is laid out and drawn at the new size
// at once, even before the next frame's input.
func TestScaleChange(t *testing.T) {
	s, h, sh := scaledTable(t, 2, 1, 1920, 1080)
	if want := image.Pt(140, 196); s.lay.Card != want {
		t.Fatalf("a hand card is %v at 100 %% on 1920x1080, want %v (a big table's)", s.lay.Card, want)
	}
	th, err := menu.NewThemeAt(1.5)
	if err != nil {
		t.Fatal(err)
	}
	h.theme = th
	s.fresh()
	if got, want := s.lay.Scale(), 1.5; got != want {
		t.Fatalf("the layout's scale %v after the theme changed, want %v", got, want)
	}
	// At 150 % the map of 1590 pixels is 1060 wide at 100 %: no longer a
	// big table, its cards 96 by 134 at 100 %.
	if want := image.Pt(144, 201); s.lay.Card != want {
		t.Errorf("a hand card is %v at 150 %%, want %v", s.lay.Card, want)
	}
	s.Update(sh.input(image.Pt(1, 1), false))
	if s.lay.Scale() != 1.5 || s.paint.s != 1.5 {
		t.Errorf("after a frame the layout is at %v and the painter at %v, want 1.5", s.lay.Scale(), s.paint.s)
	}
}

// inkCover is how many pixels' worth of ink is drawn on ground in r of
// img: a pixel of the ink's colour counts 1, one of the ground's 0, one
// between them (the text's antialiased edge) its share, by luminance;
// pixels darker than the ink count 1, lighter than the ground 0.
func inkCover(img *image.RGBA, r image.Rectangle, ground, ink color.RGBA) float64 {
	lum := func(c color.RGBA) float64 { return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B) }
	g, k := lum(ground), lum(ink)
	sum := 0.0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += min(max((g-lum(img.RGBAAt(x, y)))/(g-k), 0), 1)
		}
	}
	return sum
}

// TestScaleDraws draws the table at 100 % on 960x540 and at 200 % on
// 1920x1080: the ink of the text of the lit phase, of a hand card and of
// the card enlarged under the pointer covers about four times as many
// pixels at 200 % (text made at twice the size, not left small). It
// saves the table at 100 % on 1024x768, 150 % and 200 % on 1920x1080 to
// look at (EMPIRES_SHOTS).
func TestScaleDraws(t *testing.T) {
	type drawn struct {
		table, zoomed *image.RGBA
		s             *Screen
		zoom          image.Rectangle
	}
	// draw draws the table with the pointer away, then at rest on the
	// hand's second card.
	draw := func(s float64, w, h int) drawn {
		scr, _, sh := scaledTable(t, 3, s, w, h)
		scr.m.Deselect()
		scr.layOut(sh.mapR, sh.corner)
		table := render(t, scr, sh, image.Pt(px(5, s), px(50, s)), 2)
		card := scr.lay.Hand[1]
		at := image.Pt(card.Min.X+px(5, s), card.Min.Y+card.Dy()/2)
		zoomed := render(t, scr, sh, at, hoverDelay+3)
		saveShot(t, zoomed, fmt.Sprintf("generals-scale-%.0f-%dx%d.png", s*100, w, h))
		return drawn{table, zoomed, scr, scr.zoomRect(at, sh.win)}
	}
	one, two := draw(1, 960, 540), draw(2, 1920, 1080)
	draw(1, 1024, 768)
	draw(1.5, 1920, 1080)
	ink := func(img *image.RGBA, r image.Rectangle, ground color.RGBA) float64 {
		return inkCover(img, r, ground, inkColor)
	}
	for _, c := range []struct {
		what       string
		img1, img2 *image.RGBA
		r1, r2     image.Rectangle
		ground     color.RGBA
	}{
		{"the lit phase's name", one.table, two.table, one.s.lay.Phases[4], two.s.lay.Phases[4], goldColor},
		// The Hun Warrior, lit: the face's colour is its ground.
		{"the hand's second card", one.table, two.table, one.s.lay.Hand[1], two.s.lay.Hand[1], faceColor},
		{"the enlarged card", one.zoomed, two.zoomed, one.zoom, two.zoom, faceColor},
	} {
		a, b := ink(c.img1, c.r1, c.ground), ink(c.img2, c.r2, c.ground)
		t.Logf("%s: %.0f pixels' worth of ink at 100 %%, %.0f at 200 %% (%.2f times)", c.what, a, b, b/a)
		if a < 20 || b < 3.4*a || b > 4.6*a {
			t.Errorf("%s: %.0f pixels' worth of ink at 100 %%, %.0f at 200 %% (%.2f times): want about four times as much", c.what, a, b, b/a)
		}
	}
}

// TestScaleQuestions draws the questions of the middle at 200 % and 150 %
// on 1920x1080, to look at (EMPIRES_SHOTS): the defender's box, the
// opening split, the discard pile looked through, and a compact place
// shown in full under the pointer; each box lies on the table, drawn.
func TestScaleQuestions(t *testing.T) {
	for _, s := range []float64{1.5, 2} {
		name := func(what string) string { return fmt.Sprintf("generals-scale-%s-%.0f-1920x1080.png", what, s*100) }
		onTable := func(what string, scr *Screen, img *image.RGBA, r image.Rectangle) {
			t.Helper()
			if r.Empty() || !r.In(scr.lay.Table) {
				t.Errorf("%s: the box %v is not on the table %v", what, r, scr.lay.Table)
			}
			if c := count(img, r, goldColor, 4); c < px(100, s) {
				t.Errorf("%s: the box has %d gold pixels: not drawn", what, c)
			}
		}

		// The defender's box.
		v := tableView(2)
		v.Active, v.Phase = 2, rules.PhaseAttack
		v.Battle = &rules.Battle{Attacker: 2, Unit: 7, Defender: 1}
		scr, _, sh := scaledView(t, v, []rules.Action{{Kind: rules.ActBlock, Unit: 4}, {Kind: rules.ActBlock, Unit: 5}, {Kind: rules.ActBlock}}, s, 1920, 1080)
		img := render(t, scr, sh, mid(scr.lay.Blockers[1].Rect), 2)
		saveShot(t, img, name("defend"))
		onTable(name("defend"), scr, img, scr.lay.Center)

		// The opening.
		open := tableView(3)
		open.Phase, open.Active, open.Hand = rules.PhaseOpening, 0, nil
		for i := range open.Players {
			open.Players[i].Table = nil
		}
		scr, _, sh = scaledView(t, open, []rules.Action{{Kind: rules.ActOpening, Count: 4}}, s, 1920, 1080)
		img = render(t, scr, sh, image.Pt(px(5, s), px(50, s)), 2)
		saveShot(t, img, name("opening"))
		onTable(name("opening"), scr, img, scr.lay.Center)

		// The discard pile looked through.
		scr, _, sh = scaledTable(t, 3, s, 1920, 1080)
		scr.m.Deselect()
		scr.look = true
		img = render(t, scr, sh, image.Pt(px(5, s), px(50, s)), 2)
		saveShot(t, img, name("look"))
		onTable(name("look"), scr, img, scr.lay.Look)

		// Why the card under the pointer may not be played, under it
		// enlarged.
		scr, _, sh = scaledTable(t, 3, s, 1920, 1080)
		scr.m.Deselect()
		scr.layOut(sh.mapR, sh.corner)
		at := mid(scr.lay.Hand[0])
		img = render(t, scr, sh, at, hoverDelay+3)
		saveShot(t, img, name("notnow"))
		zoom := scr.zoomRect(at, sh.win)
		under := image.Rect(zoom.Min.X, zoom.Max.Y, zoom.Max.X, zoom.Max.Y+px(30, s))
		if why := scr.m.WhyNot(0); why == "" || count(img, under, boxColor, 2) < under.Dx()*px(10, s)/2 {
			t.Errorf("%s: no box of why Attila may not be played (%q) under the card enlarged", name("notnow"), why)
		}

		// A compact place in full under the pointer, the focus on a card
		// in play.
		scr, _, sh = scaledTable(t, 8, s, 1920, 1080)
		scr.m.Deselect()
		scr.layOut(sh.mapR, sh.corner)
		if !scr.lay.Compact {
			t.Fatalf("%s: 8 players' places are not compact", name("place"))
		}
		b, _ := scr.lay.PlaceOf(3)
		img = render(t, scr, sh, mid(b.Box), hoverDelay+3)
		saveShot(t, img, name("place"))
		full, _ := scr.lay.placeOver(b, scr.m.Player(3).Table)
		if c := count(img, full.Box, placeColor, 2) + count(img, full.Box, zoneColor, 2); c < full.Box.Dx()*full.Box.Dy()/2 {
			t.Errorf("%s: player 3's place is not shown in full at %v (%d pixels of a place)", name("place"), full.Box, c)
		}
	}
}
