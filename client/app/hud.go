package app

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/protocol"
)

// maxLogLines bounds the event log the HUD shows: its newest lines.
const maxLogLines = 400

// hud is the game screen's widgets: the top bar, the side panel with the
// selection and the orders, and the event log.
type hud struct {
	g    *gameScreen
	pal  menu.Palette // the colours, the menus'
	root *widget.Container

	turn, slot, money, clock, readyList *widget.Text
	readyBtn                            *widget.Button
	eyesBtn, playBtn                    *widget.Button // a replay's
	moneyLines                          []string       // the money's tooltip
	readyForms                          []string       // who is ready, shorter and shorter (readiness.forms)
	readyLines                          []string       // who is ready, the tooltip
	bar                                 *widget.Container
	buttons                             *widget.Container // the top bar's buttons
	side                                *widget.Container
	scroll                              *widget.ScrollContainer
	slider                              *widget.Slider
	orders                              *widget.Container
	hint                                *widget.Text
	log                                 *widget.TextArea
	chat                                *widget.TextInput
	chatBar                             *widget.Container // the chat line: the field, Send, the log's button
	chats                               []chatLine
	window                              func()            // closes the open window
	windowBox                           *widget.Container // the open window's contents
	windowRect                          image.Rectangle   // where it is
	windowKind                          windowKind
	settings                            *menu.Settings    // the settings window last opened (openSettings)
	windowRinged                        bool              // the window's contents ring their focus themselves
	content                             *widget.Container // the side panel's scrolled contents
	logBox                              *widget.Container // the log and the chat line
	sidePanel                           *widget.Container
	logBtn                              *widget.Button // makes the log bigger or smaller
	bigLog                              bool

	dirtyTop, dirtySide, dirtyOrders, dirtyLog bool
	logLen                                     int
	// logShown are the log's lines as shown, wrapped, without their
	// markup: for the probe. logMark is the first of them of the log's
	// marked line, -1 for none.
	logShown []string
	logMark  int
}

// newHUD returns the HUD of game screen g: a game being played gets the
// buttons its screen adds (module.Bar) and End turn, a replay the
// replay's buttons.
func newHUD(g *gameScreen) *hud {
	t := g.app.theme
	px := t.Px
	h := &hud{g: g, pal: t.Palette()}
	h.root = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))

	// Top bar: turn, treasury, clock, who is ready; Ready and Menu.
	bar := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(kit.Panel(h.pal.Panel)),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(&widget.Insets{Left: px(12), Right: px(8), Top: px(4), Bottom: px(4)}))),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(0, px(topBarHeight)),
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{StretchHorizontal: true, VerticalPosition: widget.AnchorLayoutPositionStart}),
		),
	)
	info := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(px(barSpacing)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{VerticalPosition: widget.AnchorLayoutPositionCenter})),
	)
	h.turn = kit.Text(t, "Turn", h.pal.Accent)
	h.slot = kit.SmallText(t, "", h.pal.Text)
	h.money = kit.Text(t, "", h.pal.Text)
	h.clock = kit.Text(t, "", h.pal.Text)
	h.readyList = kit.Text(t, "", h.pal.TextMuted)
	for _, w := range []*widget.Text{h.turn, h.slot, h.money, h.clock, h.readyList} {
		w.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		info.AddChild(w)
	}
	bar.AddChild(info)
	buttons := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(px(8)))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionEnd, VerticalPosition: widget.AnchorLayoutPositionCenter})),
	)
	if r := g.replay; r != nil {
		h.eyesBtn = t.NewButton("Watching", g.replayEyes)
		// A replay that may show one pair of eyes alone (a game of
		// hidden holdings not over) offers no other.
		h.eyesBtn.GetWidget().Disabled = len(r.r.Eyes()) < 2
		h.playBtn = t.NewButton("Play", func() { r.playing = !r.playing; h.dirtyTop = true })
		buttons.AddChild(h.eyesBtn, t.NewButton("< Turn", func() { g.replayStep(true) }),
			t.NewPrimaryButton("Turn >", func() { g.replayStep(false) }), h.playBtn)
	}
	h.readyBtn = t.NewPrimaryButton("End turn", g.endTurnClicked)
	if b, ok := g.scr.(module.Bar); ok && g.replay == nil {
		for _, bb := range b.Buttons() {
			buttons.AddChild(t.NewButton(bb.Label, bb.Click))
		}
	}
	if g.replay == nil {
		buttons.AddChild(h.readyBtn)
	}
	buttons.AddChild(t.NewButton("Help", h.toggleHelp), t.NewButton("Menu", h.showMenu))
	bar.AddChild(buttons)
	h.bar, h.buttons = bar, buttons
	h.root.AddChild(bar)

	// Side panel: the selection and its choices, then the orders, in a
	// scroll container (wheel or slider) when they do not fit.
	side := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(kit.Panel(h.pal.Panel)),
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(2),
			widget.GridLayoutOpts.Stretch([]bool{true, false}, []bool{true}),
			widget.GridLayoutOpts.Spacing(px(2), 0),
			widget.GridLayoutOpts.Padding(&widget.Insets{Left: px(10), Right: px(2), Top: px(8), Bottom: px(8)}))),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(px(sideWidth), 0),
			// Stretched between a left padding that follows the window
			// (layout) and the right edge, it is sideWidth wide whatever
			// its contents would like.
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
				StretchHorizontal: true, StretchVertical: true,
				Padding: &widget.Insets{Top: px(topBarHeight + 2), Left: g.winW - px(sideWidth)},
			}),
		),
	)
	h.sidePanel = side
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Padding(&widget.Insets{Right: px(6)}),
		widget.RowLayoutOpts.Spacing(px(6)))))
	h.content = content
	stretch := widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})
	h.side = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(px(3)))),
		widget.ContainerOpts.WidgetOpts(stretch),
	)
	h.hint = kit.SmallText(t, "", h.pal.Error, widget.TextOpts.MaxWidth(float64(g.PanelWidth())))
	h.orders = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(px(2)))),
		widget.ContainerOpts.WidgetOpts(stretch),
	)
	content.AddChild(h.side, h.hint, h.orders)
	h.scroll, h.slider = kit.NewScroll(content, kit.ScrollStyle{WheelPart: 3, Scale: t.Scale(), Data: content})
	side.AddChild(h.scroll, h.slider)
	h.root.AddChild(side)

	// Event log along the bottom, right of the minimap.
	// The log's height is fixed by a row layout's MaxHeight: alone, a
	// text area grows with its text.
	face := t.SmallFace()
	logBox := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
			StretchHorizontal: true, VerticalPosition: widget.AnchorLayoutPositionEnd,
			Padding: &widget.Insets{Left: px(minimapW + 14), Right: px(sideWidth + 4), Bottom: px(2)},
		})),
	)
	logH := px(logHeight - chatHeight - 2) // the chat line goes under it
	h.log = widget.NewTextArea(
		widget.TextAreaOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(0, logH),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: logH}),
		)),
		widget.TextAreaOpts.FontFace(&face),
		widget.TextAreaOpts.FontColor(h.pal.Text),
		widget.TextAreaOpts.ShowVerticalScrollbar(),
		widget.TextAreaOpts.VerticalScrollMode(widget.ScrollEnd),
		widget.TextAreaOpts.ProcessBBCode(true),
		widget.TextAreaOpts.TextPadding(widget.Insets{Left: px(8), Right: px(8), Top: px(4), Bottom: px(4)}),
		widget.TextAreaOpts.LinkClickedEvent(func(args *widget.LinkEventArgs) { h.openLink(args.Id) }),
	)
	logBox.AddChild(h.log, h.chatRow())
	h.root.AddChild(logBox)
	h.logBox = logBox
	return h
}

// layout follows the window's size: the side panel keeps its width.
func (h *hud) layout() {
	ld := h.sidePanel.GetWidget().LayoutData.(widget.AnchorLayoutData)
	if left := max(h.g.winW-h.g.px(sideWidth), 0); ld.Padding.Left != left {
		ld.Padding = &widget.Insets{Top: h.g.px(topBarHeight + 2), Left: left}
		h.sidePanel.GetWidget().LayoutData = ld
		h.root.RequestRelayout()
	}
	h.sizeLog()
}

// chatHeight is the height of the chat line under the log, at 100 %.
const chatHeight = 42

// chatPlaceholder is what the empty chat field says: short enough to be
// whole in the field at the smallest window (minScreenW).
const chatPlaceholder = "Chat (Enter sends)"

// chatRow returns the chat line under the log: a text input (Enter sends)
// and a Send button.
func (h *hud) chatRow() *widget.Container {
	t := h.g.app.theme
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(3),
			widget.GridLayoutOpts.Stretch([]bool{true, false, false}, nil),
			widget.GridLayoutOpts.Spacing(t.Px(4), 0))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
	h.chatBar = row
	h.logBtn = t.NewButton("Log ▲", h.toggleLog, widget.ButtonOpts.DisableDefaultKeys())
	if h.g.replaying() {
		// A replay has no chat: the row keeps the log's button.
		row.AddChild(widget.NewContainer(), widget.NewContainer(), h.logBtn)
		return row
	}
	send := func() {
		text := strings.TrimSpace(h.chat.GetText())
		if text != "" {
			h.g.app.send(&protocol.Chat{Text: text})
		}
		h.chat.SetText("")
		h.chat.Focus(false)
	}
	h.chat = t.NewInput(t.Px(200),
		widget.TextInputOpts.Placeholder(chatPlaceholder),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { send() }),
	)
	row.AddChild(h.chat, t.NewButton("Send", send, widget.ButtonOpts.DisableDefaultKeys()), h.logBtn)
	return row
}

// logHeightNow returns how high the log and the chat line are, in
// window pixels: its small height, or, made bigger, half the window.
func (h *hud) logHeightNow() int {
	small := h.g.px(logHeight)
	if h.bigLog {
		return max(small, (h.g.winH-h.g.px(topBarHeight))/2)
	}
	return small
}

// toggleLog makes the log bigger or smaller again.
func (h *hud) toggleLog() { h.setBigLog(!h.bigLog) }

// setBigLog makes the log big (half the window) or small.
func (h *hud) setBigLog(big bool) {
	h.bigLog = big
	if h.bigLog {
		h.logBtn.SetText("Log ▼")
	} else {
		h.logBtn.SetText("Log ▲")
	}
	h.sizeLog()
}

// sizeLog sets the log's height for the window and bigLog.
func (h *hud) sizeLog() {
	lh := h.logHeightNow() - h.g.px(chatHeight+2)
	w := h.log.GetWidget()
	if w.MinHeight == lh {
		return
	}
	w.MinHeight = lh
	w.LayoutData = widget.RowLayoutData{Stretch: true, MaxHeight: lh}
	h.root.RequestRelayout()
	h.dirtyLog = true
}

// update refreshes what changed (the clock every few frames) and reports
// whether anything did.
func (h *hud) update() bool {
	g := h.g
	logLen := g.logLen()
	changed := h.dirtyTop || h.dirtySide || h.dirtyOrders || h.dirtyLog || logLen != h.logLen
	if h.dirtyTop || g.frame%15 == 0 {
		changed = h.updateTop() || changed
		h.dirtyTop = false
	}
	if h.dirtySide {
		h.side.RemoveChildren()
		h.hint.Label = ""
		g.fillSide()
		h.dirtySide = false
	}
	if g.updateHint() {
		changed = true
	}
	if h.dirtyOrders {
		h.orders.RemoveChildren()
		g.fillOrders()
		h.dirtyOrders = false
	}
	if h.dirtyLog || logLen != h.logLen {
		h.updateLog()
		h.dirtyLog = false
	}
	return changed
}

// updateTop sets the top bar's texts and reports whether they changed.
func (h *hud) updateTop() (changed bool) {
	g := h.g
	texts := func() string {
		s := h.turn.Label + h.slot.Label + h.money.Label + h.clock.Label + h.readyList.Label
		for _, b := range []*widget.Button{h.readyBtn, h.eyesBtn, h.playBtn} {
			if b != nil && b.Text() != nil { // a button not on the bar has none
				s += b.Text().Label
			}
		}
		return s
	}
	before := texts()
	defer func() {
		if texts() != before {
			h.bar.RequestRelayout() // texts that change size move their neighbours
			changed = true
		}
	}()
	top := g.topTexts()
	defer func() { h.fitBar(top.Short) }() // before the check above: defers run last first
	h.turn.Label = top.Turn
	h.slot.Label = top.Slot
	h.slot.SetColor(orColor(top.SlotColor, h.pal.Text))
	if r := g.replay; r != nil {
		h.moneyLines = nil
		h.money.Label = r.title
		h.clock.Label = fmt.Sprintf("Replay: %s of %d", g.replayStepName(r.at+1), r.count())
		h.readyList.Label = ""
		h.readyForms, h.readyLines = nil, nil
		h.eyesBtn.SetText(g.eyesName())
		if r.playing {
			h.playBtn.SetText("Pause")
		} else {
			h.playBtn.SetText("Play")
		}
		return false // set by the deferred check
	}
	h.money.Label = top.Money
	h.money.SetColor(orColor(top.MoneyColor, h.pal.Text))
	h.moneyLines = top.MoneyLines
	switch dl, ok := (&g.clock).DeadlineTime(); {
	case g.over != nil:
		h.clock.Label = "Game over"
	case ok:
		left := max(time.Until(dl), 0).Round(time.Second)
		h.clock.Label = fmt.Sprintf("%d:%02d left", int(left.Minutes()), int(left.Seconds())%60)
	default:
		h.clock.Label = "No timer"
	}
	h.readyList.Label = g.readyText()
	ready := g.readiness()
	h.readyForms, h.readyLines = ready.forms(), ready.lines()
	interactive := g.interactive()
	you := g.you()
	switch {
	case g.over != nil:
		h.readyBtn.SetText("Game over")
	case g.out():
		h.readyBtn.SetText("You are out")
	case interactive && slices.Contains(g.clock.Actors, you):
		h.readyBtn.SetText("Your move")
	case interactive:
		h.readyBtn.SetText("Waiting")
	case g.ready:
		h.readyBtn.SetText("Take back end turn")
	default:
		h.readyBtn.SetText("End turn")
	}
	h.readyBtn.GetWidget().Disabled = g.over != nil || you == 0 || g.out() || interactive
	return false // set by the deferred check
}

// orColor returns c, or def when c is nil.
func orColor(c, def color.Color) color.Color {
	if c == nil {
		return def
	}
	return c
}

// Gaps of the top bar at 100 %, in pixels.
const (
	barSpacing = 28          // between its texts
	barPadding = 12 + 8 + 24 // its left and right padding, and the least gap before the buttons
)

// fitBar fits the top bar's texts into the room its buttons leave, in
// this order: the turn, the money, the clock when the turn has a
// deadline, the order slot, who is ready, the clock without one. The turn
// takes its short form (short, "" for none) when the long one leaves the
// slot too little room. Who is ready names as many players as fit, then
// how many more (readyForms; the tooltip names them all). A text that
// does not fit is shortened with an ellipsis if it may be (the order
// slot, who is ready) and enough of it fits, else left out; an empty text
// takes no room.
func (h *hud) fitBar(short string) {
	t := h.g.app.theme
	bw, _ := h.buttons.PreferredSize()
	room := float64(h.g.winW - t.Px(barPadding) - bw)
	spacing, least := t.Pxf(barSpacing), t.Pxf(slotMin)
	measure := func(s string, small bool) float64 {
		face := t.NormalFace()
		if small {
			face = t.SmallFace()
		}
		n, _ := text.Measure(s, face, 0)
		return n
	}
	width := func(w *widget.Text, small bool) float64 { return measure(w.Label, small) }
	type item struct {
		w       *widget.Text
		small   bool
		shorten float64  // the least width it may be shortened to, 0 for never
		forms   []string // shorter forms to try before shortening it
	}
	items := []item{{w: h.turn}, {w: h.money}}
	_, deadline := (&h.g.clock).DeadlineTime()
	if deadline {
		items = append(items, item{w: h.clock})
	}
	items = append(items, item{w: h.slot, small: true, shorten: least}, item{w: h.readyList, shorten: t.Pxf(140), forms: h.readyForms})
	if !deadline {
		items = append(items, item{w: h.clock})
	}
	if short != "" && h.slot.Label != "" {
		need := width(h.turn, false) + width(h.money, false) + 2*spacing + least
		if deadline {
			need += width(h.clock, false) + spacing
		}
		if need > room {
			h.turn.Label = short
		}
	}
	used := 0.0
	for _, it := range items {
		face := t.NormalFace()
		if it.small {
			face = t.SmallFace()
		}
		gap := 0.0
		if used > 0 {
			gap = spacing
		}
		if it.w.Label != "" && used+gap+width(it.w, it.small) > room && len(it.forms) > 0 {
			// The first form that fits, else the shortest, shortened.
			i := slices.IndexFunc(it.forms, func(f string) bool { return used+gap+measure(f, it.small) <= room })
			if i < 0 {
				i = len(it.forms) - 1
			}
			it.w.Label = it.forms[i]
		}
		w := width(it.w, it.small)
		switch {
		case it.w.Label == "":
		case used+gap+w <= room:
			used += gap + w
		case it.shorten > 0 && room-used-gap >= it.shorten:
			it.w.Label = kit.Fit(it.w.Label, face, room-used-gap)
			used = room
		default:
			it.w.Label = ""
		}
		vis := widget.Visibility_Show
		if it.w.Label == "" {
			vis = widget.Visibility_Hide
		}
		it.w.GetWidget().SetVisibility(vis)
	}
}

// slotMin is the least width the top bar's order slot is shown at, at
// 100 %.
const slotMin = 150

// updateLog rewrites the event log: the newest lines last; battles link to
// their report.
func (h *hud) updateLog() {
	lines := h.g.logLines()
	h.logLen = len(lines)
	start := max(len(lines)-maxLogLines, 0)
	face := h.g.app.theme.SmallFace()
	w := float64(logTextWidth(h.g.app.theme, h.g.winW))
	var b strings.Builder
	h.logShown = h.logShown[:0]
	h.logMark = -1
	// put writes s wrapped to the log's width, its first piece indented
	// by indent and the others by two spaces more (so a wrapped line
	// reads as one), each wrapped in open and close (a link or a
	// colour), so that no line is cut off and every piece of a link is a
	// link.
	put := func(s, indent, open, close string) {
		more := strings.Repeat(" ", len([]rune(indent))+2) // a wrapped line's further pieces hang under it
		iw, _ := text.Measure(more, face, 0)
		for i, piece := range kit.Wrap(s, face, w-iw) {
			in := indent
			if i > 0 {
				in = more
			}
			fmt.Fprintf(&b, "%s%s%s%s\n", in, open, escapeBB(piece), close)
			h.logShown = append(h.logShown, in+piece)
		}
	}
	chats := h.chats
	putChats := func(upTo int) {
		for len(chats) > 0 && chats[0].after <= upTo {
			put(chats[0].text, "", "[color=#96dc82]", "[/color]")
			chats = chats[1:]
		}
	}
	last := protocol.Turn(-1)
	for i := start; i < len(lines); i++ {
		putChats(i)
		l := lines[i]
		if l.Turn != last {
			fmt.Fprintf(&b, "[color=#f0be5a]%s[/color]\n", h.g.turnName(l.Turn))
			h.logShown = append(h.logShown, h.g.turnName(l.Turn))
			last = l.Turn
		}
		switch {
		case i == h.g.logAt && h.g.part == partLog:
			// The line the keys marked: a pointer before it, in the
			// focus colour, its link kept.
			h.logMark = len(h.logShown)
			put(l.Text, "► ", "[color="+hexColor(h.pal.Focus)+"][link="+l.Link+"]", "[/link][/color]")
		case l.Link != "":
			put(l.Text, "  ", "[link="+l.Link+"]", "[/link]")
		default:
			put(l.Text, "  ", "", "")
		}
	}
	putChats(len(lines) + len(h.chats))
	h.log.SetText(strings.TrimRight(b.String(), "\n"))
	if h.logMark >= 0 {
		h.scrollLogTo(h.logMark)
	}
}

// logTextWidth is how wide the log's text may be in a window winW wide:
// the log's width (the window's, less the minimap's and the side panel's,
// as its layout sets them) less the text's padding and the scroll bar.
// It follows the window at once, so a resized window wraps the log
// again before the layout has caught up. Sizes are at t's interface
// size.
func logTextWidth(t *menu.Theme, winW int) int {
	return max(winW-t.Px(minimapW+14)-t.Px(sideWidth+4)-t.Px(16+30), t.Px(40))
}

// chatLine is a chat line of the log, shown after the log's first after
// lines (where it came in).
type chatLine struct {
	after int
	text  string
}

// addChat adds a chat line to the log.
func (h *hud) addChat(s string) {
	h.chats = append(h.chats, chatLine{after: h.g.logLen(), text: s})
	if len(h.chats) > 20 {
		h.chats = h.chats[1:]
	}
	h.dirtyLog = true
}

// escapeBB keeps text from being read as BBCode.
func escapeBB(s string) string { return strings.ReplaceAll(s, "[", "(") }

// openLink follows a link of the log, as the screen says.
func (h *hud) openLink(id string) { h.g.openLink(id) }

// titled returns the body of a window headed by title.
func (h *hud) titled(title string) *widget.Container {
	t := h.g.app.theme
	body := kit.WindowBody(t, t.Px(24), t.Px(10))
	tf := t.HeadingFace()
	body.AddChild(widget.NewText(widget.TextOpts.Text(title, &tf, h.pal.Accent)))
	return body
}

// windowKind says which window is open over the game.
type windowKind int

const (
	windowNone  windowKind = iota
	windowOther            // a question, or the screen's own (a battle's report)
	windowHelp
	windowMenu     // the game's menu
	windowSettings // the settings
	windowOut      // the player is out of the game
	windowOver     // the end of the game
)

// openWindow shows c in a window in the middle of the map with a Close
// button, closing any other.
func (h *hud) openWindow(c *widget.Container) {
	c.AddChild(h.g.app.theme.NewButton("Close", h.closeWindow))
	h.openBare(c)
}

// windowMargin is the least room round a window over the game, in pixels
// at 100 %.
const windowMargin = 8

// openBare shows c, which has its own way to close, in a window in the
// middle of the map, closing any other.
func (h *hud) openBare(c *widget.Container) {
	pw, ph := c.PreferredSize()
	mr := h.g.mapRect()
	m := h.g.px(windowMargin)
	pw, ph = min(pw, h.g.winW-2*m), min(ph, h.g.winH-2*m)
	x := max(mr.Min.X+(mr.Dx()-pw)/2, m)
	y := max((h.g.winH-ph)/2, m)
	h.openAt(c, image.Rect(x, y, x+pw, y+ph), windowOther)
}

// openAt shows c in a window at r, closing any other; kind says which
// window it is.
func (h *hud) openAt(c *widget.Container, r image.Rectangle, kind windowKind) {
	h.closeWindow()
	w := widget.NewWindow(widget.WindowOpts.Contents(c), widget.WindowOpts.Modal(), widget.WindowOpts.CloseMode(widget.NONE))
	w.SetLocation(r)
	h.window, h.windowBox, h.windowRect = h.g.app.ui.AddWindow(w), c, r
	h.windowKind = kind
	h.windowRinged = menu.HasFocusRing(c)
	h.g.app.ui.ClearFocus()
	h.g.focusWindow()
}

// closeWindow closes the open window, if any. Called from a window's own
// widgets (its Close button, Esc in the help) while ebitenui updates its
// windows, the window is removed once that update is over: ebitenui's
// loop over its windows does not survive one leaving in the middle.
func (h *hud) closeWindow() {
	if h.window != nil {
		if h.g.app.inUI {
			h.g.app.afterUI = append(h.g.app.afterUI, h.window)
		} else {
			h.window()
		}
	}
	h.window, h.windowBox, h.windowKind = nil, nil, windowNone
	h.g.app.ui.ClearFocus()
	h.g.restorePart()
}

// showOut opens the window that tells the player it is out of the game,
// which goes on without it.
func (h *hud) showOut() {
	g := h.g
	t := g.app.theme
	body := h.titled("You are out of the game")
	body.AddChild(kit.Text(t, fmt.Sprintf("On turn %d your empire fell. The game goes on without you: watch it to its end, or leave.", g.turn()),
		h.pal.Text, widget.TextOpts.MaxWidth(t.Pxf(420))))
	body.AddChild(t.NewPrimaryButton("Back to the menu", g.app.showMainMenu))
	h.openWindow(body) // its Close button watches on
	h.windowKind = windowOut
	h.dirtyTop, h.dirtySide = true, true
}

// showGameOver opens the end-of-game window.
func (h *hud) showGameOver(m *protocol.GameOver) {
	g := h.g
	t := g.app.theme
	title := "The game is over"
	switch {
	case m.Winner == g.you():
		title = "Victory!"
	case m.Winner != 0:
		title = "Defeat"
	}
	body := h.titled(title)
	who := "Nobody won."
	if m.Winner != 0 {
		who = fmt.Sprintf("%s won on %s.", g.playerName(m.Winner), strings.ToLower(g.turnName(m.Turn)))
	}
	body.AddChild(kit.Text(t, who, h.pal.Text))
	body.AddChild(t.NewPrimaryButton("Back to the menu", g.app.showMainMenu))
	h.openWindow(body)
	h.windowKind = windowOver
	h.dirtyTop = true
}

// rebuild returns the HUD built again for the theme as it is now (the
// interface size changed), as h showed it: the log's size, the chat and
// the text typed in the chat line, and the shell's own window open (the
// game's menu, the help, the settings, the end of the game), opened
// again; a question or a window of the screen's own is closed (its
// contents were made at the size before). The side panel and the orders
// are filled again at the next update.
func (h *hud) rebuild() *hud {
	g := h.g
	kind := h.windowKind
	h.closeWindow()
	n := newHUD(g)
	n.chats = h.chats
	if h.chat != nil && n.chat != nil {
		n.chat.SetText(h.chat.GetText())
	}
	n.bigLog = h.bigLog
	if n.bigLog {
		n.logBtn.SetText("Log ▼")
	}
	n.dirtyTop, n.dirtySide, n.dirtyOrders, n.dirtyLog = true, true, true, true
	g.hud = n
	n.layout()
	switch kind {
	case windowMenu:
		n.showMenu()
	case windowHelp:
		n.showHelp()
	case windowSettings:
		n.openSettings(h.settings.Rebuild(g.app.theme)) // the choices not saved yet kept
	case windowOut:
		n.showOut()
	case windowOver:
		if g.over != nil {
			n.showGameOver(g.over)
		}
	}
	return n
}
