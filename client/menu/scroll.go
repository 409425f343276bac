package menu

import (
	"image"
	"image/color"
	"math"

	eimage "github.com/ebitenui/ebitenui/image"

	"github.com/ebitenui/ebitenui/widget"
)

// ScrollStyle is how a scroll panel (NewScroll) looks and scrolls.
type ScrollStyle struct {
	// WheelPart is the part of the page in sight a notch of the wheel
	// scrolls by: 3 for a third.
	WheelPart int
	// Handle, if not zero, is the width of the scroll bar in window
	// pixels, whose handle's length then shows the part in sight (at
	// least 24 pixels at 100 %); zero leaves the slider its theme's look.
	Handle int
	// Scale is the interface size (Theme.Scale): the lengths the panel
	// picks itself (the handle's least length, the room beside the
	// slider, the margin ScrollIntoView leaves) are multiplied by it.
	// Zero is 1.
	Scale float64
	// Data, if not nil, is the scroll container's CustomData.
	Data any
	// TabOrder is the slider's place in the order Tab moves the focus in
	// (the order of the widgets for those of the same TabOrder, 0 for
	// most): 1 puts it after every widget of 0, for a scroll bar that is
	// no first stop for the keyboard (the lobby's seats).
	TabOrder int
}

// px returns n pixels at 100 % at the style's scale, rounded.
func (st ScrollStyle) px(n int) int {
	if st.Scale <= 1 {
		return n
	}
	return int(math.Round(float64(n) * st.Scale))
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
			widget.SliderOpts.MinHandleSize(st.px(24)))
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
	if st.TabOrder != 0 {
		sopts = append(sopts, widget.SliderOpts.TabOrder(st.TabOrder))
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
			widget.GridLayoutOpts.Spacing(st.px(6), 0))),
		widget.ContainerOpts.WidgetOpts(wopts...),
	)
	area.AddChild(scroll, slider)
	follow := &focusFollower{scroll: scroll, slider: slider, content: content, margin: st.px(scrollMargin)}
	area.GetWidget().OnUpdate = func(widget.HasWidget) { follow.update() }
	return area
}

// focusFollower scrolls a scroll panel's content to the widget of it that
// takes the keyboard's focus (Tab into a long form), once each time the
// focus comes to another.
type focusFollower struct {
	scroll  *widget.ScrollContainer
	slider  *widget.Slider
	content *widget.Container
	last    widget.Focuser // the widget focused at the last update
	margin  int            // the room left above or below it, in pixels
}

// update scrolls to the focused widget of the content if it is not the
// one of the last update.
func (f *focusFollower) update() {
	var focused widget.Focuser
	walk(f.content, func(w widget.HasWidget) bool {
		if fw, ok := w.(widget.Focuser); ok && fw.IsFocused() {
			focused = fw
		}
		return focused == nil
	})
	if focused != nil && focused != f.last {
		scrollIntoView(f.scroll, f.slider, f.content, focused.(widget.HasWidget).GetWidget().Rect, f.margin)
	}
	f.last = focused
}

// scrollMargin is the room ScrollIntoView leaves above or below what it
// brings into sight, in pixels at 100 %.
const scrollMargin = 8

// ScrollIntoView scrolls a scroll panel (NewScroll: scroll, its slider
// and its content) the least that brings r, a rectangle of the content as
// laid out now (a focused button), into sight, with a small margin; what
// is in sight already does not move.
func ScrollIntoView(scroll *widget.ScrollContainer, slider *widget.Slider, content *widget.Container, r image.Rectangle) {
	scrollIntoView(scroll, slider, content, r, scrollMargin)
}

// scrollIntoView is ScrollIntoView with a margin of margin pixels.
func scrollIntoView(scroll *widget.ScrollContainer, slider *widget.Slider, content *widget.Container, r image.Rectangle, margin int) {
	view := scroll.ViewRect()
	_, ch := content.PreferredSize()
	span := ch - view.Dy()
	if span <= 0 || r.Empty() {
		return
	}
	top := content.GetWidget().Rect.Min.Y
	at := int(math.Round(float64(span) * scroll.ScrollTop)) // the content's pixel at the view's top
	y0, y1 := r.Min.Y-top, r.Max.Y-top
	switch {
	case y0-margin < at:
		at = y0 - margin
	case y1+margin > at+view.Dy():
		at = y1 + margin - view.Dy()
	default:
		return
	}
	at = min(max(at, 0), span)
	scroll.ScrollTop = float64(at) / float64(span)
	slider.Current = int(math.Round(scroll.ScrollTop * 1000))
}

// heightFitter fits a screen to the height of the window: one part of
// it (a scroll area, a list) gets what the rest leaves, at least least
// pixels, so that the screen's buttons stay on it.
type heightFitter struct {
	root  *widget.Container                    // the screen
	part  widget.PreferredSizeLocateableWidget // the part that gives way, in a vertical row layout
	least int
	most  int // the part's height at most, however tall the window; 0: no most
	h     int // the height last fitted to
	room  int // the part's height at most now; 0 before the first fit
}

// fit fits the screen to a window h pixels high. Called every frame, it
// measures again only when h changed.
func (f *heightFitter) fit(h int) {
	if h == f.h {
		return
	}
	f.h = h
	f.root.Validate() // measured text needs its faces
	_, rootH := f.root.PreferredSize()
	_, partH := f.part.PreferredSize()
	ld, _ := f.part.GetWidget().LayoutData.(widget.RowLayoutData)
	if ld.MaxHeight > 0 {
		partH = min(partH, ld.MaxHeight) // the root measured the part as capped
	}
	room := max(h-(rootH-partH), f.least)
	if f.most > 0 {
		room = min(room, f.most)
	}
	if room == f.room {
		return
	}
	f.room = room
	ld.MaxHeight = room
	f.part.GetWidget().LayoutData = ld
	f.root.RequestRelayout()
}

// keepScroll scrolls area, a scroll area from NewScrollArea, to where
// from, another of the same content, is scrolled: the same part of the
// content at the top, whatever the size both are drawn at.
func keepScroll(area, from *widget.Container) {
	scroll, slider := scrollParts(area)
	was, wasSlider := scrollParts(from)
	if scroll == nil || slider == nil || was == nil || wasSlider == nil {
		return
	}
	scroll.ScrollTop = was.ScrollTop
	slider.Current = wasSlider.Current
}

// scrollParts returns the scroll panel and the slider of area, a scroll
// area from NewScrollArea.
func scrollParts(area *widget.Container) (*widget.ScrollContainer, *widget.Slider) {
	var scroll *widget.ScrollContainer
	var slider *widget.Slider
	for _, ch := range area.Children() {
		switch x := ch.(type) {
		case *widget.ScrollContainer:
			scroll = x
		case *widget.Slider:
			slider = x
		}
	}
	return scroll, slider
}
