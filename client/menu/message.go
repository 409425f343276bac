package menu

import (
	"github.com/ebitenui/ebitenui/widget"
)

// messageWidth is the width of a message's text, in pixels at 100 %.
const messageWidth = 560

// NewMessage returns a screen with a title and a text, wrapped to fit:
// "Starting…", an error, the end of a game its host left. With onMenu not
// nil it has a Main menu button that calls it; with onMenu nil, no button
// (the app moves on by itself).
func NewMessage(t *Theme, title, text string, onMenu func()) *widget.Container {
	body := t.NewText(text, t.normal, t.palette.Text, widget.TextOpts.MaxWidth(t.Pxf(messageWidth)))
	body.GetWidget().MinWidth = t.Px(messageWidth)
	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, title), body)
	if onMenu != nil {
		menu := t.NewPrimaryButton("Main menu", onMenu, t.minSize(140, 0))
		menu.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}
		panel.AddChild(spacer(t, 0, 4), menu)
	}
	return newScreen(t, panel, nil)
}
