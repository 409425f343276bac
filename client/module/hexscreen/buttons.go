package hexscreen

import (
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/menu"
)

// The side panel's buttons at the interface size. kit.PanelButton and
// kit.OrderRow make them as at 100 %; these are the same widgets with
// every inset and gap multiplied by the theme's scale, so that the panel
// at 200 % is the panel at 100 % twice as large.

// newPanelButton returns a button of the side panel as kit.PanelButton does,
// pad pixels at 100 % beside its label, its insets at t's scale.
func newPanelButton(t *menu.Theme, label string, pad int, wide bool, onClick func()) *widget.Button {
	face := t.SmallFace()
	opts := []widget.ButtonOpt{
		widget.ButtonOpts.Image(t.ButtonImage()),
		widget.ButtonOpts.TextColor(t.ButtonTextColor()),
		widget.ButtonOpts.TextLabel(label),
		widget.ButtonOpts.TextFace(&face),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: t.Px(pad), Right: t.Px(pad), Top: t.Px(3), Bottom: t.Px(3)}),
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

// removeRoom returns the width, in window pixels, an order's remove button
// takes in its row (orderRow) at t's scale: kit.RemoveRoom at 100 %.
func removeRoom(t *menu.Theme) int { return t.Px(kit.RemoveRoom) }

// orderRow returns a row of the side panel's list of orders as
// kit.OrderRow does, its gap and its button's insets at t's scale.
func orderRow(t *menu.Theme, label *widget.Text, remove string, onRemove func()) *widget.Container {
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
