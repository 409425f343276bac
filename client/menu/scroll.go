package menu

import (
	"image"
	"image/color"

	eimage "github.com/ebitenui/ebitenui/image"

	"github.com/ebitenui/ebitenui/widget"
)

// ScrollStyle is how a scroll panel (NewScroll) looks and scrolls.
type ScrollStyle struct {
	// WheelPart is the part of the page in sight a notch of the wheel
	// scrolls by: 3 for a third.
	WheelPart int
	// Handle, if not zero, is the width of the scroll bar, whose handle's
	// length then shows the part in sight (at least 24 pixels); zero
	// leaves the slider its theme's look.
	Handle int
	// Data, if not nil, is the scroll container's CustomData.
	Data any
}

// NewScroll returns a panel in which content scrolls, with the wheel or
// with the slider beside it: the two go side by side in a row. The slider
// runs from 0 (the top) to 1000 (the end); content that fits is never
// scrolled.
func NewScroll(content *widget.Container, st ScrollStyle) (*widget.ScrollContainer, *widget.Slider) {
	opts := []widget.ScrollContainerOpt{
		widget.ScrollContainerOpts.Content(content),
		widget.ScrollContainerOpts.StretchContentWidth(),
		widget.ScrollContainerOpts.Image(&widget.ScrollContainerImage{
			Idle: eimage.NewNineSliceColor(color.Transparent),
			Mask: eimage.NewNineSliceColor(color.White),
		}),
	}
	if st.Data != nil {
		opts = append(opts, widget.ScrollContainerOpts.WidgetOpts(widget.WidgetOpts.CustomData(st.Data)))
	}
	scroll := widget.NewScrollContainer(opts...)
	page := func() int {
		h := content.GetWidget().Rect.Dy()
		if h <= 0 {
			return 1000
		}
		return min(1000, scroll.ViewRect().Dy()*1000/h)
	}
	sopts := []widget.SliderOpt{
		widget.SliderOpts.Orientation(widget.DirectionVertical),
		widget.SliderOpts.MinMax(0, 1000),
		widget.SliderOpts.PageSizeFunc(page),
	}
	if st.Handle > 0 {
		sopts = append(sopts,
			widget.SliderOpts.FixedHandleSize(0), // the handle's length shows the part in sight
			widget.SliderOpts.MinHandleSize(24))
	}
	sopts = append(sopts, widget.SliderOpts.ChangedHandler(func(args *widget.SliderChangedEventArgs) {
		if page() >= 1000 {
			scroll.ScrollTop = 0
			return
		}
		scroll.ScrollTop = float64(args.Slider.Current) / 1000
	}))
	if st.Handle > 0 {
		sopts = append(sopts, widget.SliderOpts.WidgetOpts(widget.WidgetOpts.MinSize(st.Handle, 0)))
	}
	slider := widget.NewSlider(sopts...)
	part := max(st.WheelPart, 1)
	scroll.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		if a, ok := args.(*widget.WidgetScrolledEventArgs); ok {
			slider.Current -= int(a.Y * float64(max(page()/part, 1)))
		}
	})
	return scroll, slider
}

// NewScrollArea returns content in a scroll panel (NewScroll) with its
// slider beside it, in an area that stretches across its column and is at
// most maxH pixels high; least is its least size (zero for none): a
// window's long report.
func NewScrollArea(content *widget.Container, st ScrollStyle, maxH int, least image.Point) *widget.Container {
	scroll, slider := NewScroll(content, st)
	wopts := []widget.WidgetOpt{widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: maxH})}
	if least != (image.Point{}) {
		wopts = append(wopts, widget.WidgetOpts.MinSize(least.X, least.Y))
	}
	area := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
			widget.GridLayoutOpts.Spacing(6, 0))),
		widget.ContainerOpts.WidgetOpts(wopts...),
	)
	area.AddChild(scroll, slider)
	return area
}
