package deck

import (
	"fmt"
	"image"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/ruleset"
)

// TestScreenAtTwice: the builder at 200 % on 1920x1080 is the builder at
// 100 % on 960x540 twice as large (issue #34): as many cards in the grid,
// each card, the deck's side and the buttons twice as large and twice as
// far from the corner, within 10 pixels (the widgets that hold text take
// its width as measured, and text made at twice the size is not exactly
// twice as wide: the deck's side is 8 pixels further right); the cards'
// pictures are painted twice as large.
func TestScreenAtTwice(t *testing.T) {
	c := collection(t)
	type built struct {
		s     *Screen
		tiles []image.Rectangle
		rects map[string]image.Rectangle
	}
	build := func(scale float64, w, h int) built {
		var b built
		th, err := menu.NewThemeAt(scale)
		if err != nil {
			t.Fatal(err)
		}
		drawtest.OnFrame(t, func() {
			s, err := NewScreen(Options{Theme: th, Collection: c, Store: Store{Dir: t.TempDir()}, Back: func() {}})
			if err != nil {
				t.Fatal(err)
			}
			ui := &ebitenui.UI{Container: s.Container(), PrimaryTheme: th.UI()}
			render(ui, w, h, 3)
			saveShot(t, render(ui, w, h, 1), fmt.Sprintf("deck-scale-%.0f-%dx%d.png", scale*100, w, h))
			b.s = s
			for _, tl := range s.tiles {
				b.tiles = append(b.tiles, tl.b.GetWidget().Rect)
				if have, want := tl.imgs[0].Bounds().Size(), image.Pt(th.Px(cardW), th.Px(cardH)); have != want {
					t.Errorf("%.0f %%: the picture of %s is %v, want %v", scale*100, tl.card.Name, have, want)
				}
			}
			b.rects = map[string]image.Rectangle{"the counts": s.counts.GetWidget().Rect, "the deck's name": s.nameIn.GetWidget().Rect,
				"the grid": s.grid.GetWidget().Rect, "the search": s.search.GetWidget().Rect}
			for _, label := range []string{"Back", "Save", "All empires", "Next ›"} {
				b.rects["button "+label] = buttons(s.root, map[string]*widget.Button{})[label].GetWidget().Rect
			}
		})
		return b
	}
	one, two := build(1, 960, 540), build(2, 1920, 1080)
	build(1, 1024, 768)
	build(1.5, 1920, 1080)
	if len(one.tiles) == 0 || len(one.tiles) != len(two.tiles) {
		t.Fatalf("%d cards in the grid at 100 %%, %d at 200 %%", len(one.tiles), len(two.tiles))
	}
	near := func(a, b int) bool { return b-2*a <= 10 && 2*a-b <= 10 }
	twice := func(a, b image.Rectangle) bool {
		return near(a.Min.X, b.Min.X) && near(a.Min.Y, b.Min.Y) && near(a.Max.X, b.Max.X) && near(a.Max.Y, b.Max.Y)
	}
	for i := range one.tiles {
		if !twice(one.tiles[i], two.tiles[i]) {
			t.Errorf("card %d of the grid at %v at 100 %%, %v at 200 %%", i+1, one.tiles[i], two.tiles[i])
		}
	}
	for what, r := range one.rects {
		if r.Empty() || !twice(r, two.rects[what]) {
			t.Errorf("%s at %v at 100 %%, %v at 200 %%", what, r, two.rects[what])
		}
	}
}

// TestChooserAtTwice: the lobby's deck chooser at 200 %, 720 pixels wide,
// is the chooser at 100 %, 360 wide, twice as large: its deck buttons and
// Build a deck twice as large and as far (within 10 pixels: text).
func TestChooserAtTwice(t *testing.T) {
	c := collection(t)
	rs := seatRuleset{fakeRuleset{settings: []ruleset.Setting{
		{Key: KeyType, Choices: []string{"Open"}}, {Key: KeyVariation, Choices: []string{"None"}},
	}}, c}
	rects := func(scale float64) []image.Rectangle {
		th, err := menu.NewThemeAt(scale)
		if err != nil {
			t.Fatal(err)
		}
		var out []image.Rectangle
		drawtest.OnFrame(t, func() {
			setup := module.SeatSetup{Ruleset: rs, Theme: th, Width: th.Px(360), Page: func(*widget.Container) {}}
			ch, err := NewChooser(setup)
			if err != nil {
				t.Fatal(err)
			}
			size := th.Px(400)
			saveShot(t, render(&ebitenui.UI{Container: ch.Widget(), PrimaryTheme: th.UI()}, size, size, 2),
				fmt.Sprintf("deck-chooser-%.0f.png", scale*100))
			for _, w := range ch.picks.Children() {
				out = append(out, w.GetWidget().Rect)
			}
			out = append(out, buttons(ch.Widget(), map[string]*widget.Button{})["Build a deck"].GetWidget().Rect)
		})
		return out
	}
	one, two := rects(1), rects(2)
	if len(one) < 2 || len(one) != len(two) {
		t.Fatalf("%d buttons at 100 %%, %d at 200 %%", len(one), len(two))
	}
	near := func(a, b int) bool { return b-2*a <= 10 && 2*a-b <= 10 }
	for i := range one {
		a, b := one[i], two[i]
		if !near(a.Min.X, b.Min.X) || !near(a.Min.Y, b.Min.Y) || !near(a.Max.X, b.Max.X) || !near(a.Max.Y, b.Max.Y) {
			t.Errorf("button %d at %v at 100 %%, %v at 200 %%", i+1, a, b)
		}
	}
}
