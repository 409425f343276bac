package kit

import (
	"math"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
)

// PanelButton returns a button of the side panel, its label in the
// theme's small face, that calls onClick. A wide one stretches across its
// row with its label at the start (a choice, one a line); another is as
// wide as its label (one of a row of small buttons). pad is the room
// beside the label, in window pixels (t.Px(8) for 8 at 100 %); the room
// above and below it is the theme's. Space and Enter never press it (the
// shell and the map have them).
func PanelButton(t *menu.Theme, label string, pad int, wide bool, onClick func()) *widget.Button {
	face := t.SmallFace()
	opts := []widget.ButtonOpt{
		widget.ButtonOpts.Image(t.ButtonImage()),
		widget.ButtonOpts.TextColor(t.ButtonTextColor()),
		widget.ButtonOpts.TextLabel(label),
		widget.ButtonOpts.TextFace(&face),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: pad, Right: pad, Top: t.Px(3), Bottom: t.Px(3)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	}
	if wide {
		opts = append(opts,
			widget.ButtonOpts.TextPosition(widget.TextPositionStart, widget.TextPositionCenter),
			widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	}
	return widget.NewButton(opts...)
}

// RemoveRoom is the width, in pixels at 100 %, an order's remove button
// takes in its row (OrderRow): the label is that much narrower than the
// panel. RemoveRoomScaled is it at an interface size.
const RemoveRoom = 46

// RemoveRoomScaled is RemoveRoom at interface size scale (Theme.Scale),
// in window pixels.
func RemoveRoomScaled(scale float64) int { return int(math.Round(RemoveRoom * max(scale, 1))) }

// OrderRow returns a row of the side panel's list of orders: the order's
// label, stretched, and beside it a button saying remove ("x") that calls
// onRemove. Space and Enter never press the button (the shell and the
// map have them).
func OrderRow(t *menu.Theme, label *widget.Text, remove string, onRemove func()) *widget.Container {
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Stretch([]bool{true, false}, nil),
			widget.GridLayoutOpts.Spacing(t.Px(4), 0))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
	face := t.SmallFace()
	row.AddChild(label, widget.NewButton(
		widget.ButtonOpts.Image(t.ButtonImage()),
		widget.ButtonOpts.TextColor(t.ButtonTextColor()),
		widget.ButtonOpts.TextLabel(remove),
		widget.ButtonOpts.TextFace(&face),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: t.Px(8), Right: t.Px(8), Top: t.Px(2), Bottom: t.Px(2)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onRemove() }),
	))
	return row
}

// WindowBody returns the panel a window's contents go in (module.Host's
// OpenWindow): a column on the theme's panel, with padding pad and
// spacing gap, in window pixels (t.Px(16) for 16 at 100 %).
func WindowBody(t *menu.Theme, pad, gap int) *widget.Container {
	return widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(t.PanelImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(pad)),
			widget.RowLayoutOpts.Spacing(gap))),
	)
}
