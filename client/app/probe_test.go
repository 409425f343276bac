package app

import (
	"fmt"
	goimage "image"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
)

// TestProbeScrolled: the probe names the buttons of a scroll panel's
// content that are in sight, headed by their line's text ("line 0/+"),
// and none that is scrolled out of sight, where a click would land on
// something else.
func TestProbeScrolled(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(4))))
	for i := range 10 {
		line := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(4))))
		line.AddChild(th.NewText(fmt.Sprintf("line %d", i), th.SmallFace(), th.Palette().Text), th.NewButton("+", nil))
		content.AddChild(line)
	}
	scroll, slider := kit.NewScroll(content, kit.ScrollStyle{WheelPart: 4, Handle: 14, Data: content})
	scroll.GetWidget().MinHeight = 100
	scroll.GetWidget().LayoutData = widget.RowLayoutData{MaxHeight: 100, Stretch: true}
	root := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(4))))
	root.GetWidget().SetTheme(th.UI())
	root.AddChild(scroll, slider)
	ui := &ebitenui.UI{Container: root}
	frames := func() {
		img := ebiten.NewImage(400, 300)
		defer img.Deallocate()
		for range 3 {
			ui.Update()
			ui.Draw(img)
		}
	}
	for _, tt := range []struct {
		top           int // the slider: 0 the top, 1000 the end
		shown, hidden string
	}{
		{0, "line 0/+", "line 9/+"},
		{1000, "line 9/+", "line 0/+"},
	} {
		out := map[string]ProbeButton{}
		onFrame(t, func() {
			slider.Current = tt.top
			frames()
			collectButtons(root, out)
		})
		view := scroll.ViewRect()
		b, ok := out[tt.shown]
		if r := goimage.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3]); !ok || !r.In(view) {
			t.Errorf("scrolled to %d: %q at %v (%v), want it in the view %v", tt.top, tt.shown, b.Rect, ok, view)
		}
		if _, ok := out[tt.hidden]; ok {
			t.Errorf("scrolled to %d: the probe names %q, out of sight", tt.top, tt.hidden)
		}
	}
}
