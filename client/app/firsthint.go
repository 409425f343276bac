package app

import (
	"bytes"
	"image"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/module"
)

// firstHint is the hint a game's module gives for its first turn
// (module.Guide), shown over the top of the map with a Close button.
type firstHint struct {
	hint module.FirstHint
	box  *widget.Container
	turn int    // the turn it is for
	sub  []byte // the orders drafted when they were last counted
}

// firstHintWidth is the widest the first turn's hint is, in pixels at
// 100 %: at 1024 pixels it leaves the map's edges in sight beside it.
const firstHintWidth = 520

// showFirstHint shows the first turn's hint of module m, if it has one
// and the player may give orders on the game's first turn, unless the
// player turned the hints off (prefs.Prefs.Hints). A replay has none.
func (g *gameScreen) showFirstHint(m module.Module) {
	gd, ok := m.(module.Guide)
	if !ok || g.replay != nil || !g.app.opts.Prefs.Hints || g.status.You == 0 || g.status.Turn > 1 || g.out() {
		return
	}
	hint := gd.FirstHint()
	if hint.Text == "" {
		return
	}
	g.hint = &firstHint{hint: hint, turn: g.status.Turn}
	g.addFirstHint()
	if sub, ok := g.scr.Submission(); ok {
		g.hint.sub = sub
	}
}

// addFirstHint puts the first turn's hint (g.hint) over the map of the
// HUD, made at the interface size applied now: when it is first shown,
// and again when the HUD is built again.
func (g *gameScreen) addFirstHint() {
	h := g.hud
	t := g.app.theme
	px := t.Px
	box := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(t.PanelImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Spacing(px(14)),
			widget.RowLayoutOpts.Padding(&widget.Insets{Left: px(14), Right: px(8), Top: px(8), Bottom: px(8)}))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			// Centred over the map: right of it is the side panel.
			HorizontalPosition: widget.AnchorLayoutPositionCenter,
			VerticalPosition:   widget.AnchorLayoutPositionStart,
			Padding:            &widget.Insets{Top: px(topBarHeight + 8), Right: px(sideWidth)},
		})),
	)
	text := kit.Text(t, g.hint.hint.Text, h.pal.Text, widget.TextOpts.MaxWidth(t.Pxf(firstHintWidth)))
	text.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	closeBtn := t.NewButton("Close", g.dismissFirstHint, widget.ButtonOpts.DisableDefaultKeys())
	closeBtn.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
	box.AddChild(text, closeBtn)
	h.root.AddChild(box)
	g.hint.box = box
}

// dismissFirstHint takes the first turn's hint away, if it is shown.
func (g *gameScreen) dismissFirstHint() {
	if g.hint == nil {
		return
	}
	g.hud.root.RemoveChild(g.hint.box)
	g.hint = nil
	g.hud.dirtyTop = true // the HUD is drawn again
}

// firstHintRect returns where the first turn's hint is, the empty
// rectangle when none is shown.
func (g *gameScreen) firstHintRect() image.Rectangle {
	if g.hint == nil {
		return image.Rectangle{}
	}
	return g.hint.box.GetWidget().Rect
}

// checkFirstHint takes the first turn's hint away once it has done its
// work: the player drafted the orders it asks for (module.FirstHint's
// Orders, counted when the orders change), ended the turn, or the turn
// is over; or the player turned the hints off in Settings.
func (g *gameScreen) checkFirstHint() {
	fh := g.hint
	switch {
	case fh == nil:
		return
	case g.ready || g.status.Turn != fh.turn || g.over != nil || g.out() || !g.app.opts.Prefs.Hints:
		g.dismissFirstHint()
		return
	case fh.hint.Orders == 0 || g.frame%10 != 0 || g.interactive():
		return
	}
	sub, ok := g.scr.Submission()
	if !ok || bytes.Equal(sub, fh.sub) {
		return
	}
	fh.sub = sub
	if len(g.scr.Probe().Drafts) >= fh.hint.Orders {
		g.dismissFirstHint()
	}
}
