package kit

import (
	"image"
	"image/color"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/menu"
)

// within reports whether have is want within 2 pixels.
func within(have, want int) bool { return have-want <= 2 && want-have <= 2 }

// TestScaledSizes: at an interface size of 200 % on a window twice as
// large, what kit makes and draws is twice its size at 100 %: a panel
// button, an order's row, a tooltip's box, the keys' and the edge's pan,
// a drag's slack and an order's remove room.
func TestScaledSizes(t *testing.T) {
	themes := map[float64]*menu.Theme{}
	faces, err := NewFaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{1, 2} {
		th, err := menu.NewThemeAt(s)
		if err != nil {
			t.Fatal(err)
		}
		themes[s] = th
	}
	// size measures one thing at scale s; the thing is given its
	// lengths at 100 % and makes them s times as large.
	tests := []struct {
		name string
		size func(s float64) image.Point
	}{
		{"a panel button", func(s float64) image.Point {
			th := themes[s]
			b := PanelButton(th, "Produce… · 12 turns", th.Px(8), false, func() {})
			b.Validate()
			return image.Pt(b.PreferredSize())
		}},
		{"an order's row", func(s float64) image.Point {
			th := themes[s]
			row := OrderRow(th, SmallText(th, "Army 3: move to 4,5", color.White), "x", func() {})
			row.Validate()
			return image.Pt(row.PreferredSize())
		}},
		{"a tooltip's box", func(s float64) image.Point {
			dst := ebiten.NewImage(int(960*s), int(540*s))
			defer dst.Deallocate()
			face := faces.Face(15*s, false)
			lines := []string{"Plains, 3,4", "A long line of a tooltip that wraps at the tooltip's width, however wide the window is"}
			r := DrawBoxScaled(dst, s, face, lines, 100*s, 100*s, dst.Bounds(), color.Black, color.White)
			return r.Min.Add(image.Pt(r.Dx(), r.Dy()))
		}},
		{"the keys' pan", func(s float64) image.Point {
			dx, dy := Frame{Keys: []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowDown}}.PanKeysScaled(s)
			return image.Pt(int(dx), int(dy))
		}},
		{"the edge's pan, on its edge", func(s float64) image.Point {
			size := image.Pt(int(960*s), int(540*s))
			dx, dy := Frame{Focused: true, Cursor: image.Pt(int(2*s), size.Y-int(2*s))}.EdgePanScaled(size, s)
			return image.Pt(int(dx), int(dy))
		}},
		{"a drag's slack", func(s float64) image.Point {
			var d Drag
			d.StartScaled(Frame{Cursor: image.Pt(100, 100)}, s)
			slack := 0
			for n := 1; n < 40 && !d.Moved; n++ {
				d.Follow(Frame{Cursor: image.Pt(100+n, 100), Held: Buttons(0).With(ebiten.MouseButtonLeft)})
				slack = n
			}
			return image.Pt(slack, 0)
		}},
		{"an order's remove room", func(s float64) image.Point { return image.Pt(RemoveRoomScaled(s), 0) }},
		{"a window's scroll bar", func(s float64) image.Point {
			return scrollBar(themes[s], ScrollStyle{WheelPart: 4, Handle: themes[s].Px(14), Scale: s})
		}},
		{"the HUD's scroll bar, of the theme's look", func(s float64) image.Point {
			return scrollBar(themes[s], ScrollStyle{WheelPart: 3})
		}},
	}
	for _, tt := range tests {
		one, two := tt.size(1), tt.size(2)
		if one == (image.Point{}) || !within(two.X, 2*one.X) || !within(two.Y, 2*one.Y) {
			t.Errorf("%s: %v at 100 %%, %v at 200 %%; want twice, within 2 pixels", tt.name, one, two)
		}
	}
}

// scrollBar returns the size of the scroll bar of a scroll panel of style
// st, in a container of th's look.
func scrollBar(th *menu.Theme, st ScrollStyle) image.Point {
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()))
	_, slider := NewScroll(content, st)
	box := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout()))
	box.GetWidget().SetTheme(th.UI())
	box.AddChild(slider)
	box.Validate()
	return image.Pt(slider.PreferredSize())
}

// TestScaledAtOne: the scaled forms at 100 % are the old ones.
func TestScaledAtOne(t *testing.T) {
	f := Frame{Focused: true, Cursor: image.Pt(1, 1), Keys: []ebiten.Key{ebiten.KeyW}}
	size := image.Pt(800, 600)
	dx, dy := f.PanKeys()
	sx, sy := f.PanKeysScaled(1)
	ex, ey := f.EdgePan(size)
	fx, fy := f.EdgePanScaled(size, 1)
	tests := []struct {
		name       string
		have, want [2]float64
	}{
		{"PanKeys", [2]float64{sx, sy}, [2]float64{dx, dy}},
		{"EdgePan", [2]float64{fx, fy}, [2]float64{ex, ey}},
		{"RemoveRoom", [2]float64{float64(RemoveRoomScaled(1))}, [2]float64{RemoveRoom}},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s at 100 %%: %v, want %v", tt.name, tt.have, tt.want)
		}
	}
}
