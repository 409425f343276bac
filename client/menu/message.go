package menu

import (
	"github.com/ebitenui/ebitenui/widget"
)

// messageWidth is the width of a message's text, in pixels.
const messageWidth = 560

// NewMessage returns a screen with a title and a text, wrapped to fit:
// "Connecting…", or an error. With onBack not nil it has a Back button that
// calls it; with onBack nil, no button (the app moves on by itself).
func NewMessage(t *Theme, title, text string, onBack func()) *widget.Container {
	body := t.NewText(text, t.normal, t.palette.Text, widget.TextOpts.MaxWidth(messageWidth))
	body.GetWidget().MinWidth = messageWidth
	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, title), body)
	if onBack != nil {
		back := t.NewButton("Back", onBack)
		back.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}
		panel.AddChild(spacer(0, 4), back)
	}
	return newScreen(t, panel, nil)
}
