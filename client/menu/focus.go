package menu

import (
	goimage "image"
	"image/color"

	"github.com/ebitenui/ebitenui/image"
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
	DrawFocusRing(r.t, screen, rect)
}

// DrawFocusRing draws t's focus ring around rect, a widget's place on
// screen: for a part of a screen that rings its focus itself (the game
// screen's panels).
func DrawFocusRing(t *Theme, screen *ebiten.Image, rect goimage.Rectangle) {
	rect = focusRingRect(t, rect)
	t.focusRing.Draw(screen, rect.Dx(), rect.Dy(), func(op *ebiten.DrawImageOptions) {
		op.GeoM.Translate(float64(rect.Min.X), float64(rect.Min.Y))
	})
}

// focusRingRect returns the rectangle t's focus ring covers round rect:
// focusGap off it and focusRingWidth wide, at t's scale.
func focusRingRect(t *Theme, rect goimage.Rectangle) goimage.Rectangle {
	return rect.Inset(-t.Px(focusGap) - 2*t.Px(focusOutline) - t.Px(focusWidth))
}

// HasFocusRing reports whether a FocusRing is among the widgets under c:
// c rings its own focus.
func HasFocusRing(c widget.HasWidget) bool {
	found := false
	walk(c, func(w widget.HasWidget) bool {
		if _, ok := w.(*FocusRing); ok {
			found = true
		}
		return !found
	})
	return found
}

// The focus ring's look: unlike the border of a selected choice (a 2
// pixel amber line on the button's own edge, round a filled button), it
// stands focusGap pixels off the widget, is thicker (focusWidth pixels)
// and drawn in the focus colour between two dark lines focusOutline
// pixels wide, so that it reads on a light button, a dark panel and the
// map alike. (Pixels at 100 %: the theme scales them.)
const (
	focusOutline   = 1                           // each dark line
	focusRingWidth = focusWidth + 2*focusOutline // the whole ring
)

// focusRingImage returns the nine-slice image of the focus ring in the
// focus colour of p, band pixels wide, between two lines of its
// background colour outline pixels wide, its corners rounded to r.
func focusRingImage(p Palette, r, outline, band int) *image.NineSlice {
	light, dark := p.Focus, p.Background
	size := 2*r + 1
	img := goimage.NewNRGBA(goimage.Rect(0, 0, size, size))
	const ss = 4 // samples per pixel side
	lo, hi := 0.0, float64(size)
	o, b := float64(outline), float64(band)
	insets := []float64{0, o, o + b, 2*o + b}
	for y := range size {
		for x := range size {
			var n [3]int // samples in the outer dark line, the light band, the inner dark line
			for sy := range ss {
				for sx := range ss {
					px := float64(x) + (float64(sx)+0.5)/ss
					py := float64(y) + (float64(sy)+0.5)/ss
					for band := range 3 {
						in := insets[band]
						out := insets[band+1]
						if inRoundedRect(px, py, lo+in, hi-in, float64(r)-in) && !inRoundedRect(px, py, lo+out, hi-out, float64(r)-out) {
							n[band]++
						}
					}
				}
			}
			img.SetNRGBA(x, y, blend([]color.NRGBA{dark, light, dark}, n[:], ss*ss))
		}
	}
	return image.NewNineSlice(ebiten.NewImageFromImage(img), [3]int{r, 1, r}, [3]int{r, 1, r})
}

// blend returns the colour of a pixel of which counts[i] of n samples are
// of colour cs[i] and the rest transparent.
func blend(cs []color.NRGBA, counts []int, n int) color.NRGBA {
	var r, g, b, w int
	for i, c := range cs {
		a := counts[i] * int(c.A)
		r, g, b, w = r+a*int(c.R), g+a*int(c.G), b+a*int(c.B), w+a
	}
	if w == 0 {
		return color.NRGBA{}
	}
	return color.NRGBA{uint8((r + w/2) / w), uint8((g + w/2) / w), uint8((b + w/2) / w), uint8((w + n/2) / n)}
}

// Focused returns the place of the widget the ring is drawn around: the
// focused widget under the scope, if it is shown and enabled; inside a
// scroll panel that names its content (ScrollStyle.Data), the part of it
// in sight.
func (r *FocusRing) Focused() (goimage.Rectangle, bool) {
	rect, found := focusedIn(r.scope, goimage.Rectangle{}, false)
	return rect, found && !rect.Empty()
}

// focusedIn returns the place of the focused widget under w, shown and
// enabled, cut to clip when clipped.
func focusedIn(w widget.HasWidget, clip goimage.Rectangle, clipped bool) (goimage.Rectangle, bool) {
	ww := w.GetWidget()
	if ww.GetVisibility() != widget.Visibility_Show {
		return goimage.Rectangle{}, false
	}
	if f, ok := w.(widget.Focuser); ok && f.IsFocused() && !ww.Disabled {
		if clipped {
			return ww.Rect.Intersect(clip), true
		}
		return ww.Rect, true
	}
	switch x := w.(type) {
	case widget.Containerer:
		for _, ch := range x.Children() {
			if r, ok := focusedIn(ch, clip, clipped); ok {
				return r, true
			}
		}
	case *widget.ScrollContainer:
		if content, ok := ww.CustomData.(widget.HasWidget); ok {
			view := x.ViewRect()
			if clipped {
				view = view.Intersect(clip)
			}
			return focusedIn(content, view, true)
		}
	}
	return goimage.Rectangle{}, false
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
