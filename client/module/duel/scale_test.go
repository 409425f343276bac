package duel

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/duel"
)

// scaleStage is a moment of a game the tables at two sizes are compared
// at: the players' names and how the game gets there.
type scaleStage struct {
	name  string
	names []string
	play  func(tg *testGame)
}

// scaleStages are the moments compared: the offering with a card laid,
// an attack turn with a card chosen (its buttons), a defence (the
// question), and a table of twelve (its compact places).
var scaleStages = []scaleStage{
	{"offering", []string{"Ann", "Bob"}, func(tg *testGame) {
		tg.s.apply(tg.m().ClickCardAt(2))
	}},
	{"attack", []string{"Ann", "Bob", "Cid", "Dan"}, func(tg *testGame) {
		tg.offer()
		tg.s.apply(tg.m().ClickCardAt(1))
		tg.s.apply(tg.m().ClickPlayer(3))
	}},
	{"defence", []string{"Ann", "Bob", "Cid"}, func(tg *testGame) {
		tg.offer()
		tg.play(1, rules.Action{Kind: rules.ActPass})
		bob := tg.g.View(2, false).(*rules.View)
		tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: bob.Hand[0]})
	}},
	{"twelve", []string{"Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"}, func(tg *testGame) {
		tg.offer()
	}},
}

// scaledGame is stage st's game seen by seat 1 on a window of size w by
// h at interface size s, in the shell's frame, after a frame of input
// with the pointer at pt.
func scaledGame(t *testing.T, th *menu.Theme, st scaleStage, w, h int, pt image.Point) (*testGame, shell) {
	t.Helper()
	tg := newTestGame(t, 1, 6, st.names...)
	sh := shellAt(w, h, th.Scale())
	tg.host.theme, tg.host.mapR = th, sh.mapR
	st.play(tg)
	tg.s.Update(sh.input(pt, false))
	return tg, sh
}

// near2 reports whether have is twice want within tol.
func near2(have, want, tol float64) bool { return math.Abs(have-2*want) <= tol }

// At interface size 2 on a window twice as large, the table is the table
// at 100 % twice as large: every card, place, pile and button where the
// probe says it is at twice the place, the cards and the text twice the
// size, the same thing under the pointer at twice the point, the tooltip
// twice as large, and the side panel twice as tall.
func TestScaleTwice(t *testing.T) {
	th1, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	th2, err := menu.NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range scaleStages {
		t.Run(st.name, func(t *testing.T) {
			first, _ := scaledGame(t, th1, st, 960, 540, image.Point{})
			// The pointer on the hand's first card, at rest: its tooltip.
			c := first.s.lay.Hand[0]
			pt := image.Pt(c.Min.X+c.Dx()/2, c.Max.Y-c.Dy()/4)
			g1, sh1 := scaledGame(t, th1, st, 960, 540, pt)
			g2, sh2 := scaledGame(t, th2, st, 1920, 1080, pt.Mul(2))
			for range tooltipDelay + 1 {
				g1.s.Update(sh1.input(pt, false))
				g2.s.Update(sh2.input(pt.Mul(2), false))
			}
			s1, s2 := g1.s, g2.s

			// The probe's things: cards, buttons, places, piles, the
			// offering, the attack.
			p1, p2 := s1.Probe(), s2.Probe()
			marks := func(p module.Probe) []module.Mark { return append(append([]module.Mark{}, p.Mine...), p.Others...) }
			m1, m2 := marks(p1), marks(p2)
			if len(m1) != len(m2) || len(m1) == 0 {
				t.Fatalf("%d things at 100 %%, %d at 200 %%", len(m1), len(m2))
			}
			kinds := map[string]int{}
			for i := range m1 {
				a, b := m1[i], m2[i]
				kinds[a.Kind]++
				if a.Kind != b.Kind || a.ID != b.ID || a.Name != b.Name {
					t.Errorf("thing %d: %s %d %q at 100 %%, %s %d %q at 200 %%", i, a.Kind, a.ID, a.Name, b.Kind, b.ID, b.Name)
					continue
				}
				if !near2(b.X, a.X, 2) || !near2(b.Y, a.Y, 2) {
					t.Errorf("%s %d %q: at (%v, %v) at 200 %%, want twice (%v, %v)", a.Kind, a.ID, a.Name, b.X, b.Y, a.X, a.Y)
				}
			}
			if kinds["card"] == 0 || kinds["pile"] == 0 || kinds["hand"] == 0 {
				t.Errorf("the probe has %v: no cards, piles or places to compare", kinds)
			}

			// The sizes: cards, backs, lines, and the text's faces.
			l1, l2 := &s1.lay, &s2.lay
			sizes := []struct {
				what       string
				have, want int
			}{
				{"a hand card's width", l2.Card.X, l1.Card.X}, {"a hand card's height", l2.Card.Y, l1.Card.Y},
				{"a card on the table's height", l2.Small.Y, l1.Small.Y}, {"a back's height", l2.Back.Y, l1.Back.Y},
				{"a line", l2.Line, l1.Line}, {"the pad", l2.Pad, l1.Pad}, {"a raised card's rise", l2.Raise, l1.Raise},
			}
			for _, sz := range sizes {
				if !near2(float64(sz.have), float64(sz.want), 2) {
					t.Errorf("%s is %d at 200 %%, want twice %d", sz.what, sz.have, sz.want)
				}
			}
			f1, f2 := s1.paint.bold(s1.textSize()), s2.paint.bold(s2.textSize())
			if !near2(f2.Size, f1.Size, 1) {
				t.Errorf("the table's text is made at %v pixels at 200 %%, want twice %v", f2.Size, f1.Size)
			}
			if s2.paint.scale != 2 {
				t.Errorf("the cards are painted at size %v, want 2", s2.paint.scale)
			}

			// What the pointer is on: the same thing at twice the point,
			// all over the map.
			for y := sh1.mapR.Min.Y; y < sh1.mapR.Max.Y; y += 3 {
				for x := sh1.mapR.Min.X; x < sh1.mapR.Max.X; x += 3 {
					p := image.Pt(x, y)
					if a, b := l1.At(p, s1.m.ChosenIndex()), l2.At(p.Mul(2), s2.m.ChosenIndex()); a != b {
						t.Fatalf("at %v at 100 %%: %+v; at %v at 200 %%: %+v", p, a, p.Mul(2), b)
					}
				}
			}
			if s1.hover.At.Kind != HitCard || s2.hover.At != s1.hover.At {
				t.Errorf("under the pointer: %+v at 100 %%, %+v at 200 %%, want the first card", s1.hover.At, s2.hover.At)
			}

			// The tooltip on the card under the pointer.
			tip1, tip2 := s1.tooltip(), s2.tooltip()
			if tip1 == "" || tip1 != tip2 {
				t.Fatalf("tooltips %q and %q", tip1, tip2)
			}
			b1, b2 := s1.tipBox(tip1, s1.tipFace()).rect(), s2.tipBox(tip2, s2.tipFace()).rect()
			if !near2(float64(b2.Min.X), float64(b1.Min.X), 2) || !near2(float64(b2.Min.Y), float64(b1.Min.Y), 2) ||
				!near2(float64(b2.Dx()), float64(b1.Dx()), 4) || !near2(float64(b2.Dy()), float64(b1.Dy()), 3) {
				t.Errorf("the tooltip's box is %v at 200 %%, want twice %v", b2, b1)
			}

			// The side panel: as tall again as its lines and gaps are.
			h1, h2 := panelHeight(s1, sh1), panelHeight(s2, sh2)
			if !near2(float64(h2), float64(h1), 8) {
				t.Errorf("the side panel is %d pixels tall at 200 %%, want twice %d", h2, h1)
			}
		})
	}
}

// panelHeight is the height the screen's side panel asks for, in the
// shell's frame sh.
func panelHeight(s *Screen, sh shell) int {
	c := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical))))
	s.Side(c, sh.input(image.Point{}, false))
	_, h := c.PreferredSize()
	return h
}

// When Settings changes the interface size in the middle of a game, the
// next frame lays the table out at the new size, as a table opened at it.
func TestScaleChangesMidGame(t *testing.T) {
	th2, err := menu.NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	st := scaleStages[1]
	tg := newTestGame(t, 1, 6, st.names...)
	sh1 := shellAt(1920, 1080, 1)
	tg.host.mapR = sh1.mapR
	st.play(tg)
	tg.s.Update(sh1.input(image.Point{}, false))
	before := tg.s.lay.Card

	sh2 := shellAt(1920, 1080, 2)
	tg.host.theme, tg.host.mapR = th2, sh2.mapR
	if !tg.s.Update(sh2.input(image.Point{}, false)) {
		t.Error("the frame after the size changed does not draw the table again")
	}
	fresh, _ := scaledGame(t, th2, st, 1920, 1080, image.Point{})
	if tg.s.lay.scale() != 2 || tg.s.lay.Card != fresh.s.lay.Card || tg.s.lay.Card == before {
		t.Errorf("after the change to 200 %%: scale %v, cards %v (before %v), want %v", tg.s.lay.scale(), tg.s.lay.Card, before, fresh.s.lay.Card)
	}
	have, want := tg.s.Probe().Mine, fresh.s.Probe().Mine
	if fmt.Sprint(have) != fmt.Sprint(want) {
		t.Errorf("after the change to 200 %%, the player's things are at\n%v\nwant, as a table opened at 200 %%,\n%v", have, want)
	}
}

// TestDrawScaled draws a table of three at 100 % on 1024x768, 200 % on
// 1920x1080 and 150 % on 1920x1080: Ann's attack turn with a card and a
// target chosen by keys (the focus ring), and Bob's attack on her with
// the question, its countdown and the tooltip of the card under the
// pointer. Every card of the hand is drawn face up where the layout puts
// it, the question's panel and the tooltip's box are drawn at the size.
// Each table is laid out at 100 % and the size changes just before the
// first frame is drawn: that frame draws at the new size.
// EMPIRES_SHOTS=DIR saves the pictures.
func TestDrawScaled(t *testing.T) {
	for _, size := range []struct {
		w, h  int
		scale float64
	}{{1024, 768, 1}, {1920, 1080, 2}, {1920, 1080, 1.5}} {
		th, err := menu.NewThemeAt(size.scale)
		if err != nil {
			t.Fatal(err)
		}
		sh := shellAt(size.w, size.h, size.scale)
		what := fmt.Sprintf("%dx%d at %v %%", size.w, size.h, size.scale*100)
		name := func(stage string) string {
			return fmt.Sprintf("duel-scaled-%s-%dx%d-%v.png", stage, size.w, size.h, size.scale*100)
		}
		tg := newTestGame(t, 1, 6, "Ann", "Bob", "Cid")
		now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		tg.s.SetClock(func() time.Time { return now })
		tg.host.mapR = sh.mapR
		tg.offer()
		tg.s.keys(sh.input(image.Point{}, false, ebiten.KeyDigit2, ebiten.KeyTab).Frame)
		tg.s.Update(sh.input(image.Point{}, false))
		tg.host.theme = th

		img := render(t, tg.s, sh, image.Point{}, 0)
		saveShot(t, img, name("attack"))
		if tg.s.lay.scale() != size.scale || tg.s.lay.Map != sh.mapR || !tg.s.lay.Deck.In(sh.corner) {
			t.Fatalf("%s: the frame drew the table at %v in %v, the deck at %v; want in %v, the deck in %v",
				what, tg.s.lay.scale(), tg.s.lay.Map, tg.s.lay.Deck, sh.mapR, sh.corner)
		}
		for i, c := range tg.view().Hand {
			r := tg.s.lay.HandCard(i, i == tg.m().ChosenIndex(), false)
			if n := count(img, r, cardFace, 4); n < r.Dx()*r.Dy()/2 {
				t.Errorf("%s: card %d is %d pixels of cream in %v: not face up", what, i+1, n, r)
			}
			if n := count(img, r, SuitColor(int(c.Suit)), 10); n < r.Dx()*r.Dy()/30 {
				t.Errorf("%s: card %d has %d pixels of its suit's ink", what, i+1, n)
			}
		}
		// The focus ring round the chosen card: a band 3 pixels wide at
		// 100 % (at least half of it in the focus colour, the rest its
		// soft edges).
		pal := th.Palette()
		r := tg.s.lay.HandCard(tg.m().ChosenIndex(), true, false)
		band := 2 * (r.Dx() + r.Dy()) * tg.s.lay.Px(3)
		if n := count(img, r.Inset(-tg.s.lay.Px(8)), color.RGBA(pal.Focus), 12); n < band/2 {
			t.Errorf("%s: %d pixels of the focus ring round the chosen card, want at least %d", what, n, band/2)
		}

		tg.play(1, rules.Action{Kind: rules.ActPass})
		bob := tg.g.View(2, false).(*rules.View)
		tg.play(2, rules.Action{Kind: rules.ActAttack, Target: 1, Card: bob.Hand[0]})
		st := tg.s.m.step
		st.Deadline = now.Add(12 * time.Second)
		tg.s.stepSeen = now.Add(-8 * time.Second)
		tg.s.m.SetStep(st)
		tg.s.Update(sh.input(image.Point{}, false))
		card := tg.s.lay.Hand[len(tg.s.lay.Hand)-1]
		pt := image.Pt(card.Min.X+card.Dx()/2, card.Max.Y-card.Dy()/4)
		img = render(t, tg.s, sh, pt, tooltipDelay+2)
		saveShot(t, img, name("defend"))
		if r := tg.s.lay.Center; count(img, r, questionColor, 6) < r.Dx()*r.Dy()/6 {
			t.Errorf("%s: no question's panel in the middle %v", what, r)
		}
		box := tg.s.tipBox(tg.s.tooltip(), tg.s.tipFace()).rect()
		if n := count(img, box, color.RGBA{20, 18, 16, 255}, 12); box.Empty() || n < box.Dx()*box.Dy()/3 {
			t.Errorf("%s: the tooltip's box %v is %d pixels of its colour", what, box, n)
		}
	}
}

// The deck chooser at 200 % in a deck box twice as wide is the chooser at
// 100 % twice as large: its size, a card's + and the card list's height.
func TestChooserScaled(t *testing.T) {
	var sizes, plus [2]image.Point
	var list [2]int
	for i, scale := range []float64{1, 2} {
		th, err := menu.NewThemeAt(scale)
		if err != nil {
			t.Fatal(err)
		}
		r := rules.New()
		c := NewChooser(r, module.SeatSetup{Ruleset: r, Theme: th, Width: th.Px(360), Send: func([]byte) {}})
		sizes[i].X, sizes[i].Y = c.Widget().PreferredSize()
		plus[i].X, plus[i].Y = entryOf(t, c, "2 of cups").plus.PreferredSize()
		list[i] = c.scroll.GetWidget().MinHeight
	}
	if !near2(float64(sizes[1].X), float64(sizes[0].X), 2) || !near2(float64(sizes[1].Y), float64(sizes[0].Y), 8) {
		t.Errorf("the chooser is %v at 200 %%, want twice %v", sizes[1], sizes[0])
	}
	if !near2(float64(plus[1].X), float64(plus[0].X), 1) || !near2(float64(plus[1].Y), float64(plus[0].Y), 1) {
		t.Errorf("a card's + is %v at 200 %%, want twice %v", plus[1], plus[0])
	}
	if list[1] != 2*list[0] {
		t.Errorf("the card list is %d high at 200 %%, want twice %d", list[1], list[0])
	}
}

// At 125 %, 150 % and 200 % the table fits the window as at 100 %: every
// thing inside the table, the piles in the corner, nothing over another
// (rounding the places to whole pixels makes no two touch).
func TestLayoutFitsScaled(t *testing.T) {
	for _, scale := range []float64{1.25, 1.5, 2} {
		for _, size := range [][2]int{{1280, 720}, {1600, 900}, {1920, 1080}, {2560, 1440}} {
			if float64(size[0])/scale < 960 || float64(size[1])/scale < 540 {
				continue // the shell lowers the size to keep 960x540
			}
			for seats := 2; seats <= 6; seats += 2 {
				for _, hand := range []int{5, 12} {
					sh := shellAt(size[0], size[1], scale)
					name := fmt.Sprintf("%dx%d at %v %%, %d seats, %d cards", size[0], size[1], scale*100, seats, hand)
					l := NewLayout(Spec{Map: sh.mapR, Corner: sh.corner, Seats: seats, You: 1, Hand: hand,
						Buttons: []ButtonKind{ButtonAttack, ButtonPass}, Scale: scale})
					things := map[string]image.Rectangle{"the player's line": l.Me, "the offering": l.Offering, "the middle": l.Center}
					for i, b := range l.Buttons {
						things[fmt.Sprintf("button %d", i+1)] = b.Rect
					}
					for i, sb := range l.Places {
						things[fmt.Sprintf("place %d", i+1)] = sb.Box
					}
					for what, r := range things {
						if !r.In(l.Table) {
							t.Errorf("%s: %s %v is not inside the table %v", name, what, r, l.Table)
						}
						for other, o := range things {
							if what < other && r.Overlaps(o) {
								t.Errorf("%s: %s %v and %s %v overlap", name, what, r, other, o)
							}
						}
						for i := range l.Hand {
							if c := l.HandCard(i, true, false); c.Overlaps(r) || !c.In(l.Table) {
								t.Errorf("%s: card %d raised %v is over %s %v or out of the table", name, i+1, c, what, r)
							}
						}
					}
					if !l.Deck.In(sh.corner) || !l.Discard.In(sh.corner) {
						t.Errorf("%s: the piles %v %v are not in the corner %v", name, l.Deck, l.Discard, sh.corner)
					}
				}
			}
		}
	}
}
