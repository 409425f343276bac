package menu

import (
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// confirmWidth is the width of a confirmation's text, in pixels at 100 %.
const confirmWidth = 460

// NewConfirm returns a dialog that asks before a step that cannot be taken
// back (quitting, leaving a game): a panel with title, text wrapped to fit,
// a Cancel button that calls onNo and a button labelled yesLabel that calls
// onYes. Escape, while the dialog is shown, is Cancel. The panel carries the
// theme and has no screen background, so it can be the contents of a
// window over the game as well as part of a menu screen.
func NewConfirm(t *Theme, title, text, yesLabel string, onYes, onNo func()) *widget.Container {
	return withFocusRing(t, newConfirm(t, title, text, yesLabel, onYes, onNo).panel)
}

// confirm is a confirmation dialog's state.
type confirm struct {
	panel    *widget.Container
	yes, no  *widget.Button
	onNo     func()
	visible  bool // shown on the last update, so Escape pressed as it opens does not close it
	escaping bool // Escape was down when the dialog showed
}

func newConfirm(t *Theme, title, text, yesLabel string, onYes, onNo func()) *confirm {
	c := &confirm{onNo: onNo}
	size := t.minSize(120, 0)
	c.no = t.NewButton("Cancel", onNo, size)
	c.yes = t.NewPrimaryButton(yesLabel, onYes, size)
	buttons := row(t, c.no, c.yes)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}
	body := t.NewText(text, t.normal, t.palette.Text, widget.TextOpts.MaxWidth(t.Pxf(confirmWidth)))
	body.GetWidget().MinWidth = t.Px(confirmWidth)
	c.panel = t.NewPanel(nil, widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.OnUpdate(func(widget.HasWidget) { c.update() })))
	c.panel.GetWidget().SetTheme(t.ui)
	c.panel.AddChild(heading(t, title), body, spacer(t, 0, 4), buttons)
	return c
}

// update is Escape: Cancel, while the dialog is shown.
func (c *confirm) update() {
	shown := c.panel.GetWidget().IsVisible()
	if shown && !c.visible {
		c.escaping = ebiten.IsKeyPressed(ebiten.KeyEscape)
	}
	c.visible = shown
	if !shown || c.onNo == nil {
		return
	}
	if c.escaping {
		c.escaping = ebiten.IsKeyPressed(ebiten.KeyEscape)
		return
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		c.onNo()
	}
}

// asker shows a confirmation in place of a screen's content, and the
// content again when the player cancels.
type asker struct {
	content *widget.Container
	dialog  *confirm
}

// newAsker adds to root (a screen from newScreen) a confirmation dialog,
// hidden, centred where content is. Its yes button calls onYes; Cancel shows
// content again.
func newAsker(t *Theme, root, content *widget.Container, title, text, yesLabel string, onYes func()) *asker {
	a := &asker{content: content}
	a.dialog = newConfirm(t, title, text, yesLabel, onYes, a.cancel)
	a.dialog.panel.GetWidget().LayoutData = widget.AnchorLayoutData{
		HorizontalPosition: widget.AnchorLayoutPositionCenter,
		VerticalPosition:   widget.AnchorLayoutPositionCenter,
	}
	visible(a.dialog.panel, false)
	addOver(root, a.dialog.panel)
	return a
}

// ask hides the content and shows the dialog. Whatever had the keyboard's
// focus in the content loses it, so that Enter cannot press a hidden button.
func (a *asker) ask() {
	blur(a.content)
	visible(a.content, false)
	visible(a.dialog.panel, true)
}

// cancel hides the dialog and shows the content again.
func (a *asker) cancel() {
	blur(a.dialog.panel)
	visible(a.dialog.panel, false)
	visible(a.content, true)
}

// asking reports whether the dialog is shown.
func (a *asker) asking() bool {
	return a.dialog.panel.GetWidget().GetVisibility() == widget.Visibility_Show
}

// blur takes the keyboard's focus from every widget under w.
func blur(w widget.HasWidget) {
	walk(w, func(ch widget.HasWidget) bool {
		if f, ok := ch.(widget.Focuser); ok && f.IsFocused() {
			f.Focus(false)
		}
		return true
	})
}

// walk calls f on w and, while f returns true, on the widgets under it,
// depth first.
func walk(w widget.HasWidget, f func(widget.HasWidget) bool) {
	if !f(w) {
		return
	}
	if c, ok := w.(widget.Containerer); ok {
		for _, ch := range c.Children() {
			walk(ch, f)
		}
	}
}
