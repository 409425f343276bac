package duel

import (
	"bytes"
	"fmt"
	"image"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

var _ module.SeatChooser = Module{}

// SeatChooser implements module.SeatChooser: Duel's part of the lobby's
// deck box (rule 12), a ready deck picked with one click or a deck built
// card by card. See Chooser.
func (Module) SeatChooser(setup module.SeatSetup) (widget.PreferredSizeLocateableWidget, []menu.SeatChoice) {
	r, ok := setup.Ruleset.(*rules.Rules)
	if !ok {
		// Not Duel's own rules: the lobby's standard deck will do.
		ss, ok := setup.Ruleset.(ruleset.SeatSetup)
		if !ok {
			return nil, nil
		}
		return nil, []menu.SeatChoice{{Label: menu.StandardDeck, Data: ss.DefaultSeat(setup.Options)}}
	}
	return NewChooser(r, setup).Widget(), nil
}

// Sizes of the chooser, in pixels at 100 % (the theme's Px gives them at
// its size): the card list's height (four lines;
// it scrolls), the scroll bar's width (the theme's, as the lobby's chat
// has it), the − and + buttons' side, the count's width, the room between
// the list's columns and between a card's parts, and between the
// chooser's rows. The chooser fits the deck box of a lobby of 20 seats at
// 1024x768.
const (
	chooserListHeight = 4*(chooserStep+4) + 4 // four lines and the list's padding
	chooserSlider     = 28
	chooserStep       = 22
	chooserCount      = 14
	chooserColumnGap  = 8
	chooserPartGap    = 2
	chooserSpacing    = 5
)

// Chooser is the widget in which a player of Duel chooses the deck to
// bring to the table, in the lobby: a row of ready decks (ReadyDecks),
// each sent with one click and loaded in the editor; the editor, a list
// of every card of the deck file with − and + buttons and the copies the
// deck holds (0 to the deck file's copies), which scrolls; the deck's
// size against the rule's ("17 of 20 cards"), Clear and Send deck (enabled
// when the rules find no problem); and a line that says the problems, or
// what was sent. The server's answer shows in the lobby's deck box above
// it. Every button is reached with Tab and pressed with Enter.
type Chooser struct {
	t     *menu.Theme
	b     *Builder
	ready []ReadyDeck
	send  func(data []byte)
	width int

	// sent is the data last sent, nil before any.
	sent []byte

	root    *widget.Container
	readyBs []*widget.Button
	list    *widget.Container
	scroll  *widget.ScrollContainer
	slider  *widget.Slider
	entries []entry // by the card's place in the pool
	size    *widget.Text
	clearB  *widget.Button
	sendB   *widget.Button
	status  *widget.Text
}

// entry is a card's line of the list.
type entry struct {
	card        rules.Card
	name        *widget.Text
	minus, plus *widget.Button
	count       *widget.Text
}

// NewChooser returns the chooser of a deck of r's deck file for the game
// of setup, its editor holding the balanced deck, nothing sent.
func NewChooser(r *rules.Rules, setup module.SeatSetup) *Chooser {
	c := &Chooser{t: setup.Theme, b: NewBuilder(r, setup.Options), ready: ReadyDecks(r, setup.Options),
		send: setup.Send, width: setup.Width}
	if c.width <= 0 {
		c.width = setup.Theme.Px(360)
	}
	c.build()
	if len(c.ready) > 0 {
		c.b.Set(c.ready[0].Cards)
	}
	c.refresh()
	return c
}

// Widget returns the chooser's widget, for the lobby's deck box.
func (c *Chooser) Widget() *widget.Container { return c.root }

// build makes the widgets.
func (c *Chooser) build() {
	t := c.t
	p := t.Palette()
	small := t.SmallFace()
	c.root = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Spacing(t.Px(chooserSpacing)),
		)),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(c.width, 0),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}),
			widget.WidgetOpts.OnUpdate(func(widget.HasWidget) { c.followFocus() }),
		),
	)

	// The ready decks: small buttons, on one line if they fit.
	pad := &widget.Insets{Left: t.Px(8), Right: t.Px(8), Top: t.Px(3), Bottom: t.Px(3)}
	total := 0
	for _, r := range c.ready {
		total += int(textWidth(r.Name, small)) + pad.Left + pad.Right + t.Px(6)
	}
	cols := max(len(c.ready), 1)
	if total > c.width {
		cols = 2
	}
	readyRow := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(cols),
		widget.GridLayoutOpts.Spacing(t.Px(6), t.Px(6)),
	)))
	for i, r := range c.ready {
		b := t.NewButton(r.Name, func() { c.pick(i) },
			widget.ButtonOpts.Text(r.Name, &small, t.ButtonTextColor()),
			widget.ButtonOpts.TextPadding(pad))
		c.readyBs = append(c.readyBs, b)
		readyRow.AddChild(b)
	}

	// The list: every card of the deck file, in columns as the width
	// allows, in hand order along the lines.
	// The list's room: the chooser's width less the frame's padding (2 a
	// side), the scroll bar and the room before it, and the list's own
	// padding (4 a side).
	listW := c.width - t.Px(4) - t.Px(chooserSlider) - t.Px(2)
	inner := listW - t.Px(8)
	controls := 2*t.Px(chooserStep) + t.Px(chooserCount) + 3*t.Px(chooserPartGap)
	widest := 0.0
	for _, card := range c.b.Pool() {
		widest = max(widest, textWidth(c.b.Deck().Name(card), small))
	}
	nameW := int(widest) + 1
	columns := 2
	if avail := (inner-t.Px(chooserColumnGap))/2 - controls; avail < t.Px(60) {
		columns = 1
		nameW = min(nameW, inner-controls)
	} else {
		nameW = min(nameW, avail)
	}
	c.list = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(columns),
		widget.GridLayoutOpts.Spacing(t.Px(chooserColumnGap), t.Px(4)),
		// Room above and below for the focus ring of a button on the
		// first or the last line.
		widget.GridLayoutOpts.Padding(&widget.Insets{Left: t.Px(4), Right: t.Px(4), Top: t.Px(7), Bottom: t.Px(7)}),
	)))
	step := widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(t.Px(chooserStep), t.Px(chooserStep)))
	for _, card := range c.b.Pool() {
		e := entry{card: card}
		e.name = t.NewText(kit.Fit(c.b.Deck().Name(card), small, float64(nameW)), small, p.TextMuted)
		e.name.GetWidget().MinWidth = nameW
		e.minus = t.NewButton("−", func() { c.change(card, -1) }, step, widget.ButtonOpts.TextPadding(&widget.Insets{}))
		e.plus = t.NewButton("+", func() { c.change(card, +1) }, step, widget.ButtonOpts.TextPadding(&widget.Insets{}))
		e.count = t.NewText("0", small, p.TextMuted, widget.TextOpts.Position(widget.TextPositionCenter, widget.TextPositionCenter))
		e.count.GetWidget().MinWidth = t.Px(chooserCount)
		// The name heads the line's buttons: the probe names them
		// "7 of cups/+".
		line := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
			widget.RowLayoutOpts.Spacing(t.Px(chooserPartGap)),
		)))
		for _, w := range []widget.PreferredSizeLocateableWidget{e.name, e.minus, e.count, e.plus} {
			w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
			line.AddChild(w)
		}
		c.entries = append(c.entries, e)
		c.list.AddChild(line)
	}
	// The list scrolls in the field's frame; a focus ring of its own rings
	// the focused button in it (the lobby's does not look inside a
	// scroll container).
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))
	c.list.GetWidget().LayoutData = widget.AnchorLayoutData{StretchHorizontal: true}
	content.AddChild(c.list, menu.NewFocusRing(t, c.list))
	c.scroll, c.slider = kit.NewScroll(content, kit.ScrollStyle{WheelPart: 4, Handle: t.Px(chooserSlider), Scale: t.Scale(), Data: c.list})
	listH := t.Px(chooserListHeight)
	c.scroll.GetWidget().MinWidth = listW
	c.scroll.GetWidget().MinHeight = listH
	c.scroll.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true, MaxHeight: listH}
	c.slider.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
	frame := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(t.FieldImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionHorizontal),
			widget.RowLayoutOpts.Spacing(t.Px(2)),
			widget.RowLayoutOpts.Padding(&widget.Insets{Top: t.Px(2), Bottom: t.Px(2), Left: t.Px(2), Right: t.Px(2)}),
		)),
	)
	frame.AddChild(c.scroll, c.slider)

	// The deck's size, Clear and Send deck.
	c.size = t.NewText(" ", small, p.Text)
	c.clearB = t.NewButton("Clear", c.clearDeck,
		widget.ButtonOpts.Text("Clear", &small, t.ButtonTextColor()), widget.ButtonOpts.TextPadding(pad))
	c.sendB = t.NewPrimaryButton("Send deck", c.sendDeck,
		widget.ButtonOpts.Text("Send deck", &small, t.ButtonTextColor()),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: t.Px(14), Right: t.Px(14), Top: t.Px(3), Bottom: t.Px(3)}))
	footer := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(3),
		widget.GridLayoutOpts.Spacing(t.Px(6), 0),
		widget.GridLayoutOpts.Stretch([]bool{true, false, false}, nil),
	)))
	footer.AddChild(c.size, c.clearB, c.sendB)

	c.status = t.NewText(" ", small, p.TextMuted)
	c.root.AddChild(readyRow, frame, footer, c.status)
	for _, ch := range c.root.Children() {
		ch.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true}
	}
}

// pick is a click on ready deck i: the editor takes it and it is sent.
func (c *Chooser) pick(i int) {
	if i < 0 || i >= len(c.ready) {
		return
	}
	c.b.Set(c.ready[i].Cards)
	c.sendDeck()
}

// change adds (d > 0) or removes a copy of card. A button that the change
// disables gives the keyboard's focus to the line's other button, so that
// Enter pressed again goes on working and Tab goes on from there.
func (c *Chooser) change(card rules.Card, d int) {
	if d > 0 {
		c.b.Add(card)
	} else {
		c.b.Remove(card)
	}
	c.refresh()
	for _, e := range c.entries {
		if e.card != card {
			continue
		}
		switch {
		case e.plus.IsFocused() && e.plus.GetWidget().Disabled:
			e.plus.Focus(false)
			e.minus.Focus(true)
		case e.minus.IsFocused() && e.minus.GetWidget().Disabled:
			e.minus.Focus(false)
			e.plus.Focus(true)
		}
	}
}

// clearDeck empties the editor.
func (c *Chooser) clearDeck() {
	c.b.Clear()
	c.refresh()
}

// sendDeck sends the editor's deck, if the rules find no problem in it
// and the lobby gave a way to send.
func (c *Chooser) sendDeck() {
	if len(c.b.Problems()) > 0 || c.send == nil {
		c.refresh()
		return
	}
	data := c.b.Data(c.readyName())
	c.send(data)
	c.sent = data
	c.refresh()
}

// readyName returns the name of the ready deck the editor holds, "" if
// it holds none.
func (c *Chooser) readyName() string {
	if i := c.readyIndex(); i >= 0 {
		return c.ready[i].Name
	}
	return ""
}

// readyIndex returns the place of the ready deck the editor holds, -1 if
// it holds none.
func (c *Chooser) readyIndex() int {
	for i, r := range c.ready {
		if c.b.Same(r.Cards) {
			return i
		}
	}
	return -1
}

// Status returns the chooser's line: the problems the rules find in the
// editor's deck ("Not yet: the deck holds 19 cards, want 20."), or what it
// is and whether it was sent ("Sent: High cards, the highest ranks, 8 to
// 10."); and whether it tells of problems.
func (c *Chooser) Status() (string, bool) {
	if problems := c.b.Problems(); len(problems) > 0 {
		reasons := make([]string, len(problems))
		for i, p := range problems {
			reasons[i] = p.Reason
		}
		return "Not yet: " + strings.Join(reasons, "; ") + ".", true
	}
	i := c.readyIndex()
	sent := c.sent != nil && bytes.Equal(c.sent, c.b.Data(c.readyName()))
	switch {
	case sent && i >= 0:
		return fmt.Sprintf("Sent: %s, %s.", c.ready[i].Name, c.ready[i].About), false
	case sent:
		return "Sent: your own deck.", false
	case i >= 0:
		return fmt.Sprintf("%s: %s.", c.ready[i].Name, c.ready[i].About), false
	}
	return "Your own deck: Send deck brings it to the table.", false
}

// refresh shows the editor's deck: each card's copies, the buttons that
// may be pressed, the size and the status line.
func (c *Chooser) refresh() {
	p := c.t.Palette()
	sel := c.readyIndex()
	for i, b := range c.readyBs {
		if i == sel {
			b.SetImage(c.t.SelectedButtonImage())
		} else {
			b.SetImage(c.t.ButtonImage())
		}
	}
	for _, e := range c.entries {
		n := c.b.Count(e.card)
		e.count.Label = fmt.Sprint(n)
		e.minus.GetWidget().Disabled = n == 0
		e.plus.GetWidget().Disabled = !c.b.CanAdd(e.card)
		if n > 0 {
			e.name.SetColor(p.Text)
			e.count.SetColor(p.Accent)
		} else {
			e.name.SetColor(p.TextMuted)
			e.count.SetColor(p.TextMuted)
		}
	}
	c.size.Label = c.b.SizeText()
	if c.b.Size() == c.b.Want() {
		c.size.SetColor(p.Success)
	} else {
		c.size.SetColor(p.Error)
	}
	c.clearB.GetWidget().Disabled = c.b.Size() == 0
	line, bad := c.Status()
	c.sendB.GetWidget().Disabled = bad
	// One line, cut if it must be (a mod's long suit names), so that the
	// lobby's layout never grows.
	c.status.Label = kit.Fit(line, c.t.SmallFace(), float64(c.width))
	switch {
	case bad:
		c.status.SetColor(p.Error)
	case c.sent != nil && strings.HasPrefix(line, "Sent"):
		c.status.SetColor(p.Success)
	default:
		c.status.SetColor(p.TextMuted)
	}
}

// followFocus scrolls the list to the focused button in it, so that a
// player who goes through the cards with Tab sees where the focus is.
func (c *Chooser) followFocus() {
	var r image.Rectangle
	for _, e := range c.entries {
		switch {
		case e.minus.IsFocused():
			r = e.minus.GetWidget().Rect
		case e.plus.IsFocused():
			r = e.plus.GetWidget().Rect
		}
	}
	view, content := c.scroll.ViewRect(), c.scroll.ContentRect()
	if r.Empty() || view.Empty() || r.Min.Y >= view.Min.Y && r.Max.Y <= view.Max.Y {
		return
	}
	extra := content.Dy() - view.Dy()
	if extra <= 0 {
		return
	}
	margin := c.t.Px(8)
	y := r.Min.Y - content.Min.Y - margin // scroll so that the button is at the top
	if r.Max.Y > view.Max.Y {
		y = r.Max.Y - content.Min.Y + margin - view.Dy() // at the bottom
	}
	c.slider.Current = min(max(y*1000/extra, 0), 1000)
}
