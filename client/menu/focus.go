package menu

import (
	goimage "image"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
)

// FocusRing draws a ring around the widget that has the keyboard's focus,
// so that the player sees what Enter would press; ebitenui draws a focused
// button as a hovered one, which alone does not tell the two apart. Add it
// as the last child of a container whose layout gives it no room (an anchor
// layout: screens from this package have one); it rings the focused widget
// under scope, if that one is shown and enabled.
type FocusRing struct {
	t      *Theme
	scope  widget.HasWidget
	widget *widget.Widget
}

// NewFocusRing returns a FocusRing for the widgets under scope.
func NewFocusRing(t *Theme, scope widget.HasWidget) *FocusRing {
	return &FocusRing{t: t, scope: scope, widget: widget.NewWidget()}
}

// GetWidget returns the ring's widget.
func (r *FocusRing) GetWidget() *widget.Widget { return r.widget }

// SetLocation is called by the layout; the ring draws where the focused
// widget is, whatever its own place.
func (r *FocusRing) SetLocation(rect goimage.Rectangle) { r.widget.Rect = rect }

// PreferredSize is nothing: the ring takes no room.
func (r *FocusRing) PreferredSize() (int, int) { return 0, 0 }

// Validate has nothing to do: the ring has no layout.
func (r *FocusRing) Validate() {}

// Render draws the ring around the focused widget, if any.
func (r *FocusRing) Render(screen *ebiten.Image) {
	rect, ok := r.Focused()
	if !ok {
		return
	}
	rect = rect.Inset(-focusGap - focusWidth)
	r.t.focusRing.Draw(screen, rect.Dx(), rect.Dy(), func(op *ebiten.DrawImageOptions) {
		op.GeoM.Translate(float64(rect.Min.X), float64(rect.Min.Y))
	})
}

// Focused returns the place of the widget the ring is drawn around: the
// focused widget under the scope, if it is shown and enabled.
func (r *FocusRing) Focused() (goimage.Rectangle, bool) {
	var rect goimage.Rectangle
	found := false
	walk(r.scope, func(w widget.HasWidget) bool {
		if found || w.GetWidget().GetVisibility() != widget.Visibility_Show {
			return false
		}
		if f, ok := w.(widget.Focuser); ok && f.IsFocused() && !w.GetWidget().Disabled {
			rect, found = w.GetWidget().Rect, true
			return false
		}
		return true
	})
	return rect, found && !rect.Empty()
}

// withFocusRing returns c in a container that rings its focused widget,
// for the panels that are shown in windows.
func withFocusRing(t *Theme, c *widget.Container) *widget.Container {
	outer := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	outer.GetWidget().SetTheme(t.ui)
	c.GetWidget().LayoutData = widget.AnchorLayoutData{StretchHorizontal: true, StretchVertical: true}
	outer.AddChild(c, NewFocusRing(t, c))
	return outer
}
