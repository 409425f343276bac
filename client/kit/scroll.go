package kit

import (
	"image"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
)

// ScrollStyle is how a scroll panel (NewScroll) looks and scrolls: the
// menus' (menu.ScrollStyle), which the game screens share.
type ScrollStyle = menu.ScrollStyle

// NewScroll returns a panel in which content scrolls, with the wheel or
// with the slider beside it, as menu.NewScroll does; it also scrolls to
// a widget of content that asks to be brought into sight
// (ScrollIntoSight).
func NewScroll(content *widget.Container, st ScrollStyle) (*widget.ScrollContainer, *widget.Slider) {
	scroll, slider := menu.NewScroll(content, st)
	scroll.GetWidget().ScrolledEvent.AddHandler(func(args any) {
		if r, ok := args.(*inSightRequest); ok {
			menu.ScrollIntoView(scroll, slider, content, r.w.Rect)
		}
	})
	return scroll, slider
}

// inSightRequest is the argument of the scrolled event ScrollIntoSight
// fires: a widget that asks to be brought into sight. The handlers of the
// wheel's scrolled events take only *widget.WidgetScrolledEventArgs.
type inSightRequest struct {
	w *widget.Widget
}

// ScrollIntoSight asks the scroll panels made by NewScroll that hold w
// (a side panel's button the keyboard's focus came to) to scroll the
// least that brings it into sight, as menu.ScrollIntoView does; what is
// in sight does not move. It is done at the UI's next update (an
// ebitenui event), at w's place then; a widget in no such panel stays
// where it is.
func ScrollIntoSight(w widget.HasWidget) {
	req := &inSightRequest{w: w.GetWidget()}
	for p := req.w.Parent(); p != nil; p = p.Parent() {
		p.ScrolledEvent.Fire(req)
	}
}

// NewScrollArea returns content in a scroll panel with its slider beside
// it, at most maxH pixels high, as menu.NewScrollArea does.
func NewScrollArea(content *widget.Container, st ScrollStyle, maxH int, least image.Point) *widget.Container {
	return menu.NewScrollArea(content, st, maxH, least)
}
