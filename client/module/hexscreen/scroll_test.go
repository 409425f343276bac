package hexscreen

import (
	"image"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/kit"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/prefs"
	"empires/shared/game"
	erf "empires/shared/rules/erfworld"
)

// cityRules are testRules whose cities offer to form one of each kind of
// unit, as erfworld's do: a city's panel of many buttons.
type cityRules struct{ testRules }

func (r cityRules) CityChoices(m *model.Model, c *game.City) []model.Choice {
	var out []model.Choice
	for k, u := range r.D.Units {
		o := game.Order{Turn: m.Turn(), Kind: erf.OrderForm, City: c.ID, Unit: game.UnitKind(k), Count: 1}
		out = append(out, m.Offer("Form 1 "+u.Name, o))
	}
	return out
}

// cityGame is the Game of cityRules.
type cityGame struct{ testGame }

func (g cityGame) Rules() model.Rules { return cityRules{g.r} }

// TestFocusScrollsPanel walks ] through the side panel of Ann's Capital at
// 200 %, in a scroll panel as high as the shell's in a 1920x1080 window
// (its buttons do not all fit): each focused button is in sight once the
// panel has followed it, as F6 brings the shell's focus into sight.
func TestFocusScrollsPanel(t *testing.T) {
	th, err := menu.NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	h := &testHost{theme: th, prefs: prefs.Default()}
	g, st := testScreenOn(t, h, func(tg testGame) Game { return cityGame{tg} })
	for _, c := range st.Cities {
		if c.Owner == 1 && c.Capital {
			g.model.SelectCity(c.ID)
			for i := range 16 { // many orders: each an x in the panel's list of orders
				g.model.AddOrder(game.Order{Turn: g.model.Turn(), Kind: erf.OrderForm, City: c.ID, Unit: game.UnitKind(i % 4), Count: int32(1 + i/4)})
			}
		}
	}
	size := image.Pt(th.Px(300), 1080-th.Px(44)-th.Px(16)) // the side panel under the top bar, less its padding

	col := func() *widget.Container {
		return widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(th.Px(3)))),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	}
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(th.Px(6)))))
	side, orders := col(), col()
	content.AddChild(side, orders)
	scroll, slider := kit.NewScroll(content, kit.ScrollStyle{WheelPart: 3, Scale: th.Scale(), Data: content})
	root := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2), widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}))))
	root.GetWidget().SetTheme(th.UI())
	root.AddChild(scroll, slider)
	ui := &ebitenui.UI{Container: root}

	in := input(kit.Frame{})
	build := func() { // the shell builds the panel again after a change
		side.RemoveChildren()
		orders.RemoveChildren()
		g.Side(side, in)
		g.Orders(orders)
	}
	build()
	frame := func(f kit.Frame) { // a frame of the shell: the screen's update, then the UI's
		changed := h.changed
		in = input(f)
		in.Panel = scroll.ViewRect()
		g.Update(in)
		if h.changed != changed {
			build()
		}
		img := ebiten.NewImage(size.X, size.Y)
		defer img.Deallocate()
		ui.Update()
		ui.Draw(img)
	}
	drawtest.OnFrame(t, func() {
		frame(kit.Frame{})
		n := len(g.buttons())
		if _, ch := content.PreferredSize(); ch <= scroll.ViewRect().Dy() {
			t.Fatalf("the panel of %d buttons is %d pixels high, in a view of %d: it fits, nothing to scroll", n, ch, scroll.ViewRect().Dy())
		}
		folded := 0
		for i := range n {
			frame(keysFrame(nil, ebiten.KeyBracketRight))
			for range 4 {
				frame(kit.Frame{Cursor: image.Pt(1000, 300)})
			}
			pb, ok := g.focused()
			if !ok {
				t.Fatalf("] %d times: no focus", i+1)
			}
			r, view := pb.b.GetWidget().Rect, scroll.ViewRect()
			if !r.In(view) {
				t.Errorf("] %d times: %q at %v, out of the panel's sight %v", i+1, pb.label, r, view)
			}
			if slider.Current > 0 {
				folded++
			}
		}
		if folded == 0 {
			t.Errorf("] through %d buttons never scrolled the panel", n)
		}
	})
}
