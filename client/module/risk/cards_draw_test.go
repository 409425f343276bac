package risk

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/ebitenui/ebitenui"
	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	rules "empires/shared/rules/risk"
)

// cardsScreen lays out a window of the card half as the shell does (in
// the middle of the map, a Close button under it) and the section in
// the side panel, on a screen of size sz, and draws it.
type cardsScreen struct {
	ui             *ebitenui.UI
	window, side   image.Rectangle
	winBox, column *widget.Container
}

func newCardsScreen(k *Cards, win *widget.Container, sz image.Point) *cardsScreen {
	th := k.theme
	pal := th.Palette()
	bg := widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(color.RGBA{28, 52, 78, 255})))
	bg.GetWidget().SetTheme(th.UI())
	ui := &ebitenui.UI{Container: bg, PrimaryTheme: th.UI()}
	s := &cardsScreen{ui: ui, winBox: win}
	// The side panel, 330 pixels wide under the top bar, the section in
	// its column 290 wide.
	s.column = cardsColumn(4)
	k.Section(s.column, 290)
	panel := widget.NewContainer(widget.ContainerOpts.BackgroundImage(eimage.NewNineSliceColor(pal.Panel)),
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(20)))))
	panel.AddChild(s.column)
	s.side = image.Rect(sz.X-330, 40, sz.X, sz.Y)
	sw := widget.NewWindow(widget.WindowOpts.Contents(panel))
	sw.SetLocation(s.side)
	ui.AddWindow(sw)
	if win != nil {
		win.AddChild(th.NewButton("Close", nil))
		pw, ph := win.PreferredSize()
		mapR := image.Rect(0, 40, sz.X-330, sz.Y)
		pw, ph = min(pw, sz.X-16), min(ph, sz.Y-16)
		x := max(mapR.Min.X+(mapR.Dx()-pw)/2, 8)
		y := max((sz.Y-ph)/2, 8)
		s.window = image.Rect(x, y, x+pw, y+ph)
		w := widget.NewWindow(widget.WindowOpts.Contents(win), widget.WindowOpts.Modal())
		w.SetLocation(s.window)
		ui.AddWindow(w)
	}
	return s
}

// draw draws the screen for two frames and returns its pixels.
func (s *cardsScreen) draw(t *testing.T, sz image.Point) *image.RGBA {
	t.Helper()
	var out *image.RGBA
	drawtest.OnFrame(t, func() {
		img := ebiten.NewImage(sz.X, sz.Y)
		defer img.Deallocate()
		for range 2 { // the first lays out, the second draws what changed
			s.ui.Update()
			img.Clear()
			s.ui.Draw(img)
		}
		out = image.NewRGBA(image.Rectangle{Max: sz})
		img.ReadPixels(out.Pix)
	})
	return out
}

// inside checks that every widget shown under w lies inside r (not
// looking into scroll panels, whose content runs past their view).
func inside(t *testing.T, what string, w widget.HasWidget, r image.Rectangle) {
	t.Helper()
	if w.GetWidget().GetVisibility() != widget.Visibility_Show {
		return
	}
	if wr := w.GetWidget().Rect; !wr.Empty() && !wr.In(r) {
		t.Errorf("%s: a %T at %v, out of %v", what, w, wr, r)
	}
	if c, ok := w.(*widget.Container); ok {
		for _, ch := range c.Children() {
			inside(t, what, ch, r)
		}
	}
}

// TestDrawCards draws the trading window (Anna's, with Bert's offer to
// her and three cards ticked) and the purchase window (the Ace of Hearts
// chosen) over the map with the section in the side panel, at 1024x768
// and 1920x1080: each window lies inside the map, every widget inside its
// window or panel, the cards' faces are drawn, and ticking a card does
// not change the window's size (the shell sizes it once); and Bert's
// section, the King he received drawn face down. The pictures go to
// $EMPIRES_SCREENSHOTS.
func TestDrawCards(t *testing.T) {
	for _, sz := range []image.Point{{1024, 768}, {1920, 1080}} {
		name := fmt.Sprintf("%dx%d", sz.X, sz.Y)
		for _, which := range []string{"trade", "purchase", "bert"} {
			var k *Cards
			var win *widget.Container
			var tick string
			switch which {
			case "trade":
				cg := tradedGame(t)
				bertOffers(t, cg, false)
				k = newTestCards(t)
				k.SetView(cg.view(1))
				win = k.TradeTable(func(rules.Action) {})
				ones := handIDs(k.v, 1)
				for _, id := range ones[:2] {
					click(t, k, "Give card "+itoaID(id))
				}
				tick = "Give card " + itoaID(ones[2])
			case "bert": // Bert's section, a King face down before him
				cg := tradedGame(t)
				k = newTestCards(t)
				k.SetView(cg.view(2))
			case "purchase":
				w := newBuyWindow(t)
				k = w.k
				win = k.Purchase(func(rules.Action) {})
				click(t, k, "Buy Hearts +")
				tick = "Keep card " + itoaID(handIDs(k.v, 0)[0])
			}
			s := newCardsScreen(k, win, sz)
			img := s.draw(t, sz)
			saveShot(t, img, fmt.Sprintf("cards-%s-%s.png", which, name))
			inside(t, name+" "+which+" section", s.column, image.Rect(s.side.Min.X, s.side.Min.Y, s.side.Max.X, 1<<20))
			if win == nil {
				if n := count(img, s.side, cardsBack, 3); n < 100 {
					t.Errorf("%s %s: %d pixels of a card's back in the section: the Disaster face down is not drawn", name, which, n)
				}
				continue
			}
			mapR := image.Rect(0, 40, sz.X-330, sz.Y)
			if !s.window.In(image.Rectangle{Max: sz}) || s.window.Dx() > mapR.Dx() {
				t.Errorf("%s %s: the window at %v does not fit the map %v", name, which, s.window, mapR)
			}
			inside(t, name+" "+which+" window", win, s.window)
			if n := count(img, s.window, cardsFace, 3); n < 2000 {
				t.Errorf("%s %s: %d pixels of the cards' face in the window: the cards are not drawn", name, which, n)
			}
			pw, ph := win.PreferredSize()
			click(t, k, tick)
			if w2, h2 := win.PreferredSize(); w2 != pw || h2 != ph {
				t.Errorf("%s %s: the window was %dx%d, %dx%d after a tick", name, which, pw, ph, w2, h2)
			}
			img = s.draw(t, sz)
			saveShot(t, img, fmt.Sprintf("cards-%s-ticked-%s.png", which, name))
			// The end of the window, scrolled to.
			sc := scrollIn(win)
			if sc == nil {
				t.Fatalf("%s %s: no scroll panel in the window", name, which)
			}
			sc.ScrollTop = 1
			img = s.draw(t, sz)
			saveShot(t, img, fmt.Sprintf("cards-%s-end-%s.png", which, name))
		}
	}
}

// scrollIn returns the first scroll panel under w, nil if none.
func scrollIn(w widget.HasWidget) *widget.ScrollContainer {
	switch x := w.(type) {
	case *widget.ScrollContainer:
		return x
	case *widget.Container:
		for _, ch := range x.Children() {
			if sc := scrollIn(ch); sc != nil {
				return sc
			}
		}
	}
	return nil
}
