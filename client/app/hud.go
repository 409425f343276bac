package app

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// maxLogLines bounds the event log the HUD shows: its newest lines.
const maxLogLines = 400

// hud is the game screen's widgets: the top bar, the side panel with the
// selection and the orders, and the event log.
type hud struct {
	s    *shell
	g    *gameScreen  // the hex engine's screen; nil on another screen
	pal  menu.Palette // the colours, the menus'
	root *widget.Container

	turn, slot, money, clock, readyList *widget.Text
	readyBtn, realmBtn                  *widget.Button
	eyesBtn, playBtn                    *widget.Button // a replay's
	rp                                  replayer       // the screen, if it replays a saved game
	bar                                 *widget.Container
	buttons                             *widget.Container // the top bar's buttons
	side                                *widget.Container
	scroll                              *widget.ScrollContainer
	slider                              *widget.Slider
	orders                              *widget.Container
	hint                                *widget.Text
	log                                 *widget.TextArea
	chat                                *widget.TextInput
	chats                               []chatLine
	tips                                []choiceTip       // the choice buttons of the side panel
	marked                              *choiceTip        // the choice under the pointer that marks a hex, if any
	window                              func()            // closes the open window
	windowBox                           *widget.Container // the open window's contents
	windowRect                          image.Rectangle   // where it is
	windowKind                          windowKind
	content                             *widget.Container // the side panel's scrolled contents
	logBox                              *widget.Container // the log and the chat line
	sidePanel                           *widget.Container
	logBtn                              *widget.Button // makes the log bigger or smaller
	bigLog                              bool

	dirtyTop, dirtySide, dirtyOrders, dirtyLog bool
	logLen                                     int
}

// newHUD returns the HUD of shell s; g is the hex engine's screen, nil on
// another screen (it adds the realm's button). A screen that replays a
// saved game (replayer) gets the replay's buttons in place of End turn.
func newHUD(s *shell, g *gameScreen) *hud {
	t := s.app.theme
	h := &hud{s: s, g: g, pal: t.Palette()}
	h.root = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewAnchorLayout()))

	// Top bar: turn, treasury, clock, who is ready; Ready and Menu.
	bar := widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(kit.Panel(h.pal.Panel)),
		widget.ContainerOpts.Layout(widget.NewAnchorLayout(widget.AnchorLayoutOpts.Padding(&widget.Insets{Left: 12, Right: 8, Top: 4, Bottom: 4}))),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(0, topBarHeight),
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{StretchHorizontal: true, VerticalPosition: widget.AnchorLayoutPositionStart}),
		),
	)
	info := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(28))),
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
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(8))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{HorizontalPosition: widget.AnchorLayoutPositionEnd, VerticalPosition: widget.AnchorLayoutPositionCenter})),
	)
	if rp, ok := s.part.(replayer); ok && rp.cursor() != nil {
		h.rp = rp
		h.eyesBtn = t.NewButton("Watching", rp.replayEyes)
		h.playBtn = t.NewButton("Play", func() { c := rp.cursor(); c.playing = !c.playing; h.dirtyTop = true })
		buttons.AddChild(h.eyesBtn, t.NewButton("< Turn", func() { rp.replayStep(true) }),
			t.NewPrimaryButton("Turn >", func() { rp.replayStep(false) }), h.playBtn)
	}
	h.readyBtn = t.NewPrimaryButton("End turn", s.endTurnClicked)
	if realm, ok := h.mod().(module.Realm); ok && h.rp == nil {
		_, label := realm.RealmTitle(g.model)
		h.realmBtn = t.NewButton(label, g.showRealm)
		buttons.AddChild(h.realmBtn)
	}
	if !s.part.replaying() {
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
			widget.GridLayoutOpts.Spacing(2, 0),
			widget.GridLayoutOpts.Padding(&widget.Insets{Left: 10, Right: 2, Top: 8, Bottom: 8}))),
		widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(sideWidth, 0),
			// Stretched between a left padding that follows the window
			// (layout) and the right edge, it is sideWidth wide whatever
			// its contents would like.
			widget.WidgetOpts.LayoutData(widget.AnchorLayoutData{
				StretchHorizontal: true, StretchVertical: true,
				Padding: &widget.Insets{Top: topBarHeight + 2, Left: s.winW - sideWidth},
			}),
		),
	)
	h.sidePanel = side
	content := widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Padding(&widget.Insets{Right: 6}),
		widget.RowLayoutOpts.Spacing(6))))
	h.content = content
	stretch := widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})
	h.side = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(3))),
		widget.ContainerOpts.WidgetOpts(stretch),
	)
	h.hint = kit.SmallText(t, "", h.pal.Error, widget.TextOpts.MaxWidth(sideWidth-40))
	h.orders = widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical), widget.RowLayoutOpts.Spacing(2))),
		widget.ContainerOpts.WidgetOpts(stretch),
	)
	content.AddChild(h.side, h.hint, h.orders)
	h.scroll, h.slider = kit.NewScroll(content, kit.ScrollStyle{WheelPart: 3})
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
			Padding: &widget.Insets{Left: minimapW + 14, Right: sideWidth + 4, Bottom: 2},
		})),
	)
	logH := logHeight - chatHeight - 2 // the chat line goes under it
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
		widget.TextAreaOpts.TextPadding(widget.Insets{Left: 8, Right: 8, Top: 4, Bottom: 4}),
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
	if left := max(h.s.winW-sideWidth, 0); ld.Padding.Left != left {
		ld.Padding = &widget.Insets{Top: topBarHeight + 2, Left: left}
		h.sidePanel.GetWidget().LayoutData = ld
		h.root.RequestRelayout()
	}
	h.sizeLog()
}

// chatHeight is the height of the chat line under the log.
const chatHeight = 42

// chatRow returns the chat line under the log: a text input (Enter sends)
// and a Send button.
func (h *hud) chatRow() *widget.Container {
	t := h.s.app.theme
	row := widget.NewContainer(
		widget.ContainerOpts.Layout(widget.NewGridLayout(
			widget.GridLayoutOpts.Columns(3),
			widget.GridLayoutOpts.Stretch([]bool{true, false, false}, nil),
			widget.GridLayoutOpts.Spacing(4, 0))),
		widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
	)
	h.logBtn = t.NewButton("Log ▲", h.toggleLog, widget.ButtonOpts.DisableDefaultKeys())
	if h.s.part.replaying() {
		// A replay has no chat: the row keeps the log's button.
		row.AddChild(widget.NewContainer(), widget.NewContainer(), h.logBtn)
		return row
	}
	send := func() {
		text := strings.TrimSpace(h.chat.GetText())
		if text != "" {
			h.s.app.send(&protocol.Chat{Text: text})
		}
		h.chat.SetText("")
		h.chat.Focus(false)
	}
	h.chat = t.NewInput(200,
		widget.TextInputOpts.Placeholder("Say something to the others (Enter sends)"),
		widget.TextInputOpts.SubmitHandler(func(*widget.TextInputChangedEventArgs) { send() }),
	)
	row.AddChild(h.chat, t.NewButton("Send", send, widget.ButtonOpts.DisableDefaultKeys()), h.logBtn)
	return row
}

// logHeightNow returns how high the log and the chat line are: its small height, or, made
// bigger, half the window.
func (h *hud) logHeightNow() int {
	if h.bigLog {
		return max(logHeight, (h.s.winH-topBarHeight)/2)
	}
	return logHeight
}

// toggleLog makes the log bigger or smaller again.
func (h *hud) toggleLog() {
	h.bigLog = !h.bigLog
	if h.bigLog {
		h.logBtn.SetText("Log ▼")
	} else {
		h.logBtn.SetText("Log ▲")
	}
	h.sizeLog()
}

// sizeLog sets the log's height for the window and bigLog.
func (h *hud) sizeLog() {
	lh := h.logHeightNow() - chatHeight - 2
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
	s := h.s
	logLen := s.part.logLen()
	changed := h.dirtyTop || h.dirtySide || h.dirtyOrders || h.dirtyLog || logLen != h.logLen
	if h.dirtyTop || s.frame%15 == 0 {
		changed = h.updateTop() || changed
		h.dirtyTop = false
	}
	if h.dirtySide {
		h.side.RemoveChildren()
		h.hint.Label = ""
		s.part.fillSide()
		h.dirtySide = false
	}
	if s.part.updateHint() {
		changed = true
	}
	if h.dirtyOrders {
		h.orders.RemoveChildren()
		s.part.fillOrders()
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
	s := h.s
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
	top := s.part.topTexts()
	defer func() { h.fitBar(top.Short) }() // before the check above: defers run last first
	h.turn.Label = top.Turn
	h.slot.Label = top.Slot
	h.slot.SetColor(orColor(top.SlotColor, h.pal.Text))
	if h.rp != nil {
		r := h.rp.cursor()
		h.money.Label = r.title
		h.clock.Label = fmt.Sprintf("Replay: turn %d of %d", r.at+1, r.count)
		h.readyList.Label = ""
		h.eyesBtn.SetText(h.rp.eyesName())
		if r.playing {
			h.playBtn.SetText("Pause")
		} else {
			h.playBtn.SetText("Play")
		}
		return false // set by the deferred check
	}
	h.money.Label = top.Money
	h.money.SetColor(orColor(top.MoneyColor, h.pal.Text))
	switch dl, ok := (&s.clock).DeadlineTime(); {
	case s.over != nil:
		h.clock.Label = "Game over"
	case ok:
		left := max(time.Until(dl), 0).Round(time.Second)
		h.clock.Label = fmt.Sprintf("%d:%02d left", int(left.Minutes()), int(left.Seconds())%60)
	default:
		h.clock.Label = "No timer"
	}
	h.readyList.Label = s.readyText()
	interactive := s.interactive()
	you := s.part.you()
	switch {
	case s.over != nil:
		h.readyBtn.SetText("Game over")
	case s.out():
		h.readyBtn.SetText("You are out")
	case interactive && slices.Contains(s.clock.Actors, you):
		h.readyBtn.SetText("Your move")
	case interactive:
		h.readyBtn.SetText("Waiting")
	case s.ready:
		h.readyBtn.SetText("Take back end turn")
	default:
		h.readyBtn.SetText("End turn")
	}
	h.readyBtn.GetWidget().Disabled = s.over != nil || you == 0 || s.out() || interactive
	return false // set by the deferred check
}

// orColor returns c, or def when c is nil.
func orColor(c, def color.Color) color.Color {
	if c == nil {
		return def
	}
	return c
}

// mod returns the hex screen's module, nil on another screen.
func (h *hud) mod() module.Game {
	if h.g == nil {
		return nil
	}
	return h.g.mod
}

// Gaps of the top bar, in pixels.
const (
	barSpacing = 28          // between its texts
	barPadding = 12 + 8 + 24 // its left and right padding, and the least gap before the buttons
)

// fitBar fits the top bar's texts into the room its buttons leave, in
// this order: the turn, the money, the clock when the turn has a
// deadline, the order slot, the clock without one, who is ready. The turn
// takes its short form (short, "" for none) when the long one leaves the
// slot too little room. A text that does not fit is shortened with an
// ellipsis if it may be (the order slot, who is ready) and enough of it
// fits, else left out; an empty text takes no room.
func (h *hud) fitBar(short string) {
	t := h.s.app.theme
	bw, _ := h.buttons.PreferredSize()
	room := float64(h.s.winW - barPadding - bw)
	width := func(w *widget.Text, small bool) float64 {
		face := t.NormalFace()
		if small {
			face = t.SmallFace()
		}
		n, _ := text.Measure(w.Label, face, 0)
		return n
	}
	type item struct {
		w       *widget.Text
		small   bool
		shorten float64 // the least width it may be shortened to, 0 for never
	}
	items := []item{{h.turn, false, 0}, {h.money, false, 0}}
	_, deadline := (&h.s.clock).DeadlineTime()
	if deadline {
		items = append(items, item{h.clock, false, 0})
	}
	items = append(items, item{h.slot, true, slotMin})
	if !deadline {
		items = append(items, item{h.clock, false, 0})
	}
	items = append(items, item{h.readyList, false, 140})
	if short != "" && h.slot.Label != "" {
		need := width(h.turn, false) + width(h.money, false) + 2*barSpacing + slotMin
		if deadline {
			need += width(h.clock, false) + barSpacing
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
			gap = barSpacing
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

// slotMin is the least width the top bar's order slot is shown at.
const slotMin = 150

// updateSide rebuilds the side panel's selection part.
func (h *hud) updateSide() {
	g := h.g
	t := g.app.theme
	h.side.RemoveChildren()
	h.hint.Label = ""
	h.tips = h.tips[:0]
	add := func(s string, c color.Color) {
		h.side.AddChild(kit.SmallText(t, s, c, widget.TextOpts.MaxWidth(sideWidth-40)))
	}
	title := func(s string) { h.side.AddChild(kit.Text(t, s, h.pal.Accent)) }
	sel := g.model.Selection()
	v := g.model.View()
	switch {
	case sel.Army != 0:
		a := g.ownArmy(sel.Army)
		if a == nil {
			g.model.Deselect()
			h.updateSide()
			return
		}
		kind := "Army"
		if a.Naval {
			kind = "Fleet"
		}
		title(fmt.Sprintf("%s %d at %s", kind, a.ID, a.Hex))
		h.panel(sel)
		if g.replay == nil && !g.out() {
			h.choices(g.model.ArmyChoices(a.ID))
		}
	case sel.City != 0:
		for _, c := range v.Cities {
			if c.ID != sel.City {
				continue
			}
			name := "City"
			if c.Capital {
				name = "Capital"
			}
			if g.mod.Style().NoCityLevels {
				title(fmt.Sprintf("City %d at %s", c.ID, c.Hex))
			} else {
				title(fmt.Sprintf("%s %d, level %d, at %s", name, c.ID, c.Level, c.Hex))
			}
			h.panel(sel)
			if g.replay == nil && !g.out() {
				h.choices(g.model.CityChoices(c.ID))
			}
		}
	case sel.Active:
		for _, line := range g.model.Describe(sel.Hex) {
			add(line, h.pal.Text)
		}
	case g.replay != nil:
		title("Replay")
		add("Turn > (or Enter) shows the next turn with its moves; < Turn the one before; Play steps on by itself.", h.pal.Text)
		add("Watching switches between the whole map and each player's own view, fog and all.", h.pal.TextMuted)
		add("Click a hex to see what is on it; the log tells each turn.", h.pal.TextMuted)
	case g.out():
		title("Out of the game")
		add("Your empire fell: you watch the game to its end with what you still see.", h.pal.Text)
		add("Click a hex to see what is on it; Leave goes back to the menu.", h.pal.TextMuted)
	case v.You == 0:
		title("Watching")
		add("You are watching this game: click a hex to see what is on it.", h.pal.Text)
		add("Drag the map or use the arrow keys to look around; the wheel zooms.", h.pal.TextMuted)
	default:
		if realm, ok := g.mod.(module.Realm); ok {
			name, _ := realm.RealmTitle(g.model)
			title(name)
			for _, line := range realm.RealmPanel(g.model) {
				add(line, h.pal.Text)
			}
			h.choices(realm.RealmChoices(g.model))
			add("Click one of your armies or cities to give it orders. Tab: next army. H: home. Enter: end turn. F1: help.", h.pal.TextMuted)
			return
		}
		title("Your orders")
		add("Click one of your armies or cities to give it orders.", h.pal.Text)
		add("Right-click or drag from a selected army to move it; onto an enemy to attack.", h.pal.TextMuted)
		add("Drag the map or use the arrow keys to look around; the wheel zooms.", h.pal.TextMuted)
		add("Tab: next army. H: home. Enter: end turn. Esc: deselect. F1: help.", h.pal.TextMuted)
	}
}

// panel adds the module's lines on the selection (an army's units and
// characters, a city's armies) under its title.
func (h *hud) panel(sel model.Selection) {
	t := h.g.app.theme
	for _, line := range h.g.mod.Panel(h.g.model, sel) {
		h.side.AddChild(kit.SmallText(t, line, h.pal.Text, widget.TextOpts.MaxWidth(sideWidth-40)))
	}
}

// choices adds a button per choice; a choice that is not allowed is
// disabled and says why when the cursor is on it. Runs of choices the
// module groups (those that differ only in a direction or a level) share
// one row of small buttons; the module's note on a kind of choice (what it
// costs every turn) goes once above the first of them.
func (h *hud) choices(cs []model.Choice) {
	t := h.g.app.theme
	face := t.SmallFace()
	mod := h.g.mod
	said := map[string]bool{}
	for i := 0; i < len(cs); {
		if heading, _ := mod.Note(cs[i]); heading != "" && !said[heading] {
			h.side.AddChild(kit.SmallText(t, heading, h.pal.TextMuted, widget.TextOpts.MaxWidth(sideWidth-40)))
			said[heading] = true
		}
		key, _ := mod.Group(cs[i])
		j := i + 1
		for key != "" && j < len(cs) {
			if k, _ := mod.Group(cs[j]); k != key {
				break
			}
			j++
		}
		if key == "" || j-i < 3 {
			for _, c := range cs[i:j] {
				h.side.AddChild(h.choiceButton(c, c.Label, &face, true))
			}
			i = j
			continue
		}
		row := widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Spacing(2))),
		)
		label := kit.SmallText(t, key, h.pal.Text)
		label.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionCenter}
		label.GetWidget().MinWidth = 84
		row.AddChild(label)
		for _, c := range cs[i:j] {
			_, short := mod.Group(c)
			row.AddChild(h.choiceButton(c, short, &face, false))
		}
		h.side.AddChild(row)
		i = j
	}
}

// choiceTip is what the HUD says of a choice button under the pointer:
// why it is disabled, or what it warns of.
type choiceTip struct {
	b     *widget.Button
	label string
	why   string // the reason it is disabled, or its warning
	bad   bool   // disabled
	at    hex.Hex
	hasAt bool // the choice acts on hex at, which the map marks
}

// choiceButton returns the button of choice c, labelled label (with its
// cost when long). A disabled choice says why when the pointer is on it,
// in the hint line and in a tooltip (tipAt): ebitenui's buttons send no
// hover events while disabled.
func (h *hud) choiceButton(c model.Choice, label string, face *text.Face, long bool) *widget.Button {
	full := c.Label
	if c.Cost > 0 {
		full += fmt.Sprintf(" (%d %s)", c.Cost, h.g.model.Rules().Currency())
		if long {
			label += fmt.Sprintf("  (%d)", c.Cost)
		}
	}
	_, upkeep := h.g.mod.Note(c)
	if upkeep != "" {
		full += ", " + upkeep // the panel says it above the choices (choices)
	}
	if c.Current {
		label = "● " + label
	}
	if long {
		label = kit.Fit(label, *face, sideWidth-70)
	}
	pad := &widget.Insets{Left: 8, Right: 8, Top: 3, Bottom: 3}
	if !long {
		pad = &widget.Insets{Left: 4, Right: 4, Top: 3, Bottom: 3}
	}
	t := h.g.app.theme
	opts := []widget.ButtonOpt{
		widget.ButtonOpts.Image(t.ButtonImage()),
		widget.ButtonOpts.TextColor(t.ButtonTextColor()),
		widget.ButtonOpts.TextLabel(label),
		widget.ButtonOpts.TextFace(face),
		widget.ButtonOpts.TextPadding(pad),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { h.g.choose(c) }),
	}
	if long {
		opts = append(opts,
			widget.ButtonOpts.TextPosition(widget.TextPositionStart, widget.TextPositionCenter),
			widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})))
	}
	b := widget.NewButton(opts...)
	b.GetWidget().Disabled = c.Reason != ""
	tip := choiceTip{b: b, label: full, at: c.At, hasAt: c.HasAt}
	switch {
	case c.Reason != "":
		tip.why, tip.bad = c.Reason, true
	case c.Warn != "":
		tip.why = c.Warn
	case c.Replaces != "":
		tip.why = "Replaces your order: " + c.Replaces
	case upkeep != "":
		tip.why = kit.CapitalFirst(upkeep)
	}
	h.tips = append(h.tips, tip)
	return b
}

// tipAt returns the tip of the choice button under window point (x, y),
// if any is in sight in the side panel.
func (h *hud) tipAt(x, y int) (choiceTip, bool) {
	p := image.Pt(x, y)
	if h.window != nil || !p.In(h.scroll.ViewRect()) {
		return choiceTip{}, false
	}
	for _, t := range h.tips {
		if p.In(t.b.GetWidget().Rect) {
			return t, true
		}
	}
	return choiceTip{}, false
}

// updateHint shows in the hint line why the choice under the pointer is
// disabled, or what it warns of; nothing for a choice that is fine.
func (h *hud) updateHint() bool {
	x, y := h.s.app.in.Cursor.X, h.s.app.in.Cursor.Y
	label, c := "", color.Color(h.pal.TextMuted)
	t, ok := h.tipAt(x, y)
	if ok && t.why != "" {
		label = t.label + ": " + t.why
		if t.bad {
			c = h.pal.Error
		} else {
			c = h.pal.Accent
		}
	}
	var marked *choiceTip
	if ok && t.hasAt {
		marked = &t
	}
	moved := (marked == nil) != (h.marked == nil) || marked != nil && marked.at != h.marked.at
	h.marked = marked
	if label == h.hint.Label {
		return moved
	}
	h.hint.Label = label
	h.hint.SetColor(c)
	return true
}

// choose gives the orders of a choice the player clicked; in an
// interactive step of a ruleset that has them (module.Actor), the choice
// is an action, sent at once.
func (g *gameScreen) choose(c model.Choice) {
	if actor, ok := g.mod.(module.Actor); ok && g.interactive() {
		data, err := actor.Action(g.model, c)
		if err != nil {
			g.notify(err.Error())
			return
		}
		g.act(data)
		return
	}
	o := c.Order
	switch o.Kind {
	case game.OrderStance:
		g.model.SetStance(o.Army, o.Stance, o.Dir)
	case game.OrderExplore:
		g.model.SetExplore(o.Army, o.Dir)
	default:
		g.model.Choose(c)
	}
	g.ordersChanged()
}

// updateOrders rebuilds the list of this turn's orders.
func (h *hud) updateOrders() {
	g := h.g
	t := g.app.theme
	h.orders.RemoveChildren()
	if g.replay != nil {
		return
	}
	drafts := g.model.Drafts()
	one := g.model.OrderLimit() == 1
	heading, none := fmt.Sprintf("Orders for turn %d (%d)", g.model.View().Turn, len(drafts)), "No orders yet."
	if cal, ok := g.mod.(module.Calendar); ok {
		heading, none = cal.OrdersText(g.model)
	}
	h.orders.AddChild(kit.Text(t, heading, h.pal.Accent))
	if len(drafts) == 0 {
		h.orders.AddChild(kit.SmallText(t, none, h.pal.TextMuted, widget.TextOpts.MaxWidth(sideWidth-40)))
		if one {
			choose := "Choose one: select a city or an army."
			if realm, ok := g.mod.(module.Realm); ok {
				_, button := realm.RealmTitle(g.model)
				choose = fmt.Sprintf("Choose one: select a city or an army, or press %s for the realm's orders.", button)
			}
			h.orders.AddChild(kit.SmallText(t, choose, h.pal.TextMuted, widget.TextOpts.MaxWidth(sideWidth-40)))
		}
	}
	face := t.SmallFace()
	for i, d := range drafts {
		row := widget.NewContainer(
			widget.ContainerOpts.Layout(widget.NewGridLayout(
				widget.GridLayoutOpts.Columns(2),
				widget.GridLayoutOpts.Stretch([]bool{true, false}, nil),
				widget.GridLayoutOpts.Spacing(4, 0))),
			widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true})),
		)
		label := d.Label
		if d.Cost > 0 {
			label += fmt.Sprintf("  (%d)", d.Cost)
		}
		c := color.Color(h.pal.Text)
		switch {
		case d.Rejected != "":
			label += "\n  refused: " + d.Rejected
			c = h.pal.Error
		case d.Err != "":
			label += "\n  " + d.Err
			c = h.pal.Error
		}
		row.AddChild(kit.SmallText(t, label, c, widget.TextOpts.MaxWidth(sideWidth-86)))
		i := i
		remove := "x"
		if one {
			remove = "Clear"
		}
		row.AddChild(widget.NewButton(
			widget.ButtonOpts.Image(t.ButtonImage()),
			widget.ButtonOpts.TextColor(t.ButtonTextColor()),
			widget.ButtonOpts.TextLabel(remove),
			widget.ButtonOpts.TextFace(&face),
			widget.ButtonOpts.TextPadding(&widget.Insets{Left: 8, Right: 8, Top: 2, Bottom: 2}),
			widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) {
				g.model.RemoveOrder(i)
				g.ordersChanged()
			}),
		))
		h.orders.AddChild(row)
	}
	if one && len(drafts) > 0 {
		h.orders.AddChild(kit.SmallText(t, "Choosing another order replaces it.", h.pal.TextMuted, widget.TextOpts.MaxWidth(sideWidth-40)))
	}
}

// slotText returns the top bar's words on the turn's one order, when the
// ruleset allows one a turn: the order drafted ("Order: Recruit 2
// Infantry…"), or that there is none; "" otherwise. Its colour is muted
// for none, the error's for an order the server would refuse.
func (h *hud) slotText() (string, color.Color) {
	g := h.g
	if g.replay != nil || g.out() || g.over != nil || g.model.OrderLimit() != 1 {
		return "", h.pal.Text
	}
	none := "No order yet"
	if cal, ok := g.mod.(module.Calendar); ok {
		_, none = cal.OrdersText(g.model)
	}
	drafts := g.model.Drafts()
	if len(drafts) == 0 {
		return none, h.pal.TextMuted
	}
	face := g.app.theme.SmallFace()
	s := kit.Fit("Order: "+drafts[0].Label, face, slotWidth)
	if drafts[0].Err != "" || drafts[0].Rejected != "" {
		return s, h.pal.Error
	}
	return s, h.pal.Accent
}

// turnName names turn t: "Turn 9", or as the module's calendar says ("Day
// 9").
func (g *gameScreen) turnName(t protocol.Turn) string {
	if cal, ok := g.mod.(module.Calendar); ok {
		return cal.TurnName(game.Turn(t))
	}
	return fmt.Sprintf("Turn %d", t)
}

// slotWidth is the widest the top bar's order slot is written, in pixels.
const slotWidth = 280

// showRealm shows the realm's panel (module.Realm): the selection ends.
func (g *gameScreen) showRealm() {
	g.model.Deselect()
	g.preview = nil
	g.hud.dirtySide = true
}

// updateLog rewrites the event log: the newest lines last; battles link to
// their report.
func (h *hud) updateLog() {
	lines := h.s.part.logLines()
	h.logLen = len(lines)
	start := max(len(lines)-maxLogLines, 0)
	face := h.s.app.theme.SmallFace()
	w := float64(h.log.GetWidget().Rect.Dx())
	if w <= 0 {
		w = float64(h.s.winW - minimapW - sideWidth - 18)
	}
	w -= 16 + 30 // the text's padding, the scroll bar
	var b strings.Builder
	// put writes s wrapped to the log's width, each piece indented by
	// indent and wrapped in open and close (a link or a colour), so that
	// no line is cut off and every piece of a link is a link.
	put := func(s, indent, open, close string) {
		for _, piece := range kit.Wrap(s, face, w-float64(len(indent))*5) {
			fmt.Fprintf(&b, "%s%s%s%s\n", indent, open, escapeBB(piece), close)
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
			fmt.Fprintf(&b, "[color=#f0be5a]%s[/color]\n", h.s.part.turnName(l.Turn))
			last = l.Turn
		}
		if l.Link != "" {
			put(l.Text, "  ", "[link="+l.Link+"]", "[/link]")
		} else {
			put(l.Text, "  ", "", "")
		}
	}
	putChats(len(lines) + len(h.chats))
	h.log.SetText(strings.TrimRight(b.String(), "\n"))
}

// chatLine is a chat line of the log, shown after the log's first after
// lines (where it came in).
type chatLine struct {
	after int
	text  string
}

// addChat adds a chat line to the log.
func (h *hud) addChat(s string) {
	h.chats = append(h.chats, chatLine{after: h.s.part.logLen(), text: s})
	if len(h.chats) > 20 {
		h.chats = h.chats[1:]
	}
	h.dirtyLog = true
}

// escapeBB keeps text from being read as BBCode.
func escapeBB(s string) string { return strings.ReplaceAll(s, "[", "(") }

// openLink follows a link of the log, as the screen says.
func (h *hud) openLink(id string) { h.s.part.openLink(id) }

// logLines implements screenPart: the model's log, a battle linked to its
// report, a place to the map there.
func (g *gameScreen) logLines() []logLine {
	lines := g.model.Log()
	out := make([]logLine, len(lines))
	for i, l := range lines {
		out[i] = logLine{Turn: protocol.Turn(l.Turn), Text: l.Text}
		switch {
		case l.Battle != nil:
			out[i].Link = fmt.Sprintf("battle%d", i)
		case l.HasHex:
			out[i].Link = fmt.Sprintf("hex%d", i)
		}
	}
	return out
}

// logLen implements screenPart.
func (g *gameScreen) logLen() int { return len(g.model.Log()) }

// openLink implements screenPart: a battle opens its report, a place
// centres the map on it.
func (g *gameScreen) openLink(id string) {
	h := g.hud
	lines := g.model.Log()
	var i int
	switch {
	case strings.HasPrefix(id, "battle"):
		i, _ = strconv.Atoi(strings.TrimPrefix(id, "battle"))
		if i >= 0 && i < len(lines) && lines[i].Battle != nil {
			g.centerOn(lines[i].Battle.Hex)
			h.showBattle(lines[i])
		}
	case strings.HasPrefix(id, "hex"):
		i, _ = strconv.Atoi(strings.TrimPrefix(id, "hex"))
		if i >= 0 && i < len(lines) && lines[i].HasHex {
			g.centerOn(lines[i].Hex)
		}
	}
}

// titled returns the body of a window headed by title.
func (h *hud) titled(title string) *widget.Container {
	body := h.windowBody(24, 10)
	tf := h.s.app.theme.HeadingFace()
	body.AddChild(widget.NewText(widget.TextOpts.Text(title, &tf, h.pal.Accent)))
	return body
}

// windowBody returns the panel a window's contents go in: a column with
// padding pad and spacing gap.
func (h *hud) windowBody(pad, gap int) *widget.Container {
	return widget.NewContainer(
		widget.ContainerOpts.BackgroundImage(h.s.app.theme.PanelImage()),
		widget.ContainerOpts.Layout(widget.NewRowLayout(
			widget.RowLayoutOpts.Direction(widget.DirectionVertical),
			widget.RowLayoutOpts.Padding(widget.NewInsetsSimple(pad)),
			widget.RowLayoutOpts.Spacing(gap))),
	)
}

// windowKind says which window is open over the game.
type windowKind int

const (
	windowNone windowKind = iota
	windowOther
	windowHelp
)

// openWindow shows c in a window in the middle of the map with a Close
// button, closing any other.
func (h *hud) openWindow(c *widget.Container) {
	c.AddChild(h.s.app.theme.NewButton("Close", h.closeWindow))
	h.openBare(c)
}

// openBare shows c, which has its own way to close, in a window in the
// middle of the map, closing any other.
func (h *hud) openBare(c *widget.Container) {
	pw, ph := c.PreferredSize()
	mr := h.s.mapRect()
	pw, ph = min(pw, h.s.winW-16), min(ph, h.s.winH-16)
	x := max(mr.Min.X+(mr.Dx()-pw)/2, 8)
	y := max((h.s.winH-ph)/2, 8)
	h.openAt(c, image.Rect(x, y, x+pw, y+ph), false)
}

// openAt shows c in a window at r, closing any other; help marks the help.
func (h *hud) openAt(c *widget.Container, r image.Rectangle, help bool) {
	h.closeWindow()
	w := widget.NewWindow(widget.WindowOpts.Contents(c), widget.WindowOpts.Modal(), widget.WindowOpts.CloseMode(widget.NONE))
	w.SetLocation(r)
	h.window, h.windowBox, h.windowRect = h.s.app.ui.AddWindow(w), c, r
	h.windowKind = windowOther
	if help {
		h.windowKind = windowHelp
	}
	h.s.app.ui.ClearFocus()
}

// closeWindow closes the open window, if any. Called from a window's own
// widgets (its Close button, Esc in the help) while ebitenui updates its
// windows, the window is removed once that update is over: ebitenui's
// loop over its windows does not survive one leaving in the middle.
func (h *hud) closeWindow() {
	if h.window != nil {
		if h.s.app.inUI {
			h.s.app.afterUI = append(h.s.app.afterUI, h.window)
		} else {
			h.window()
		}
	}
	h.window, h.windowBox, h.windowKind = nil, nil, windowNone
	h.s.app.ui.ClearFocus()
}

// showOut opens the window that tells the player it is out of the game,
// which goes on without it.
func (h *hud) showOut() {
	s := h.s
	t := s.app.theme
	body := h.titled("You are out of the game")
	body.AddChild(kit.Text(t, fmt.Sprintf("On turn %d your empire fell. The game goes on without you: watch it to its end, or leave.", s.part.turn()),
		h.pal.Text, widget.TextOpts.MaxWidth(420)))
	body.AddChild(t.NewPrimaryButton("Back to the menu", s.app.showMainMenu))
	h.openWindow(body) // its Close button watches on
	h.dirtyTop, h.dirtySide = true, true
}

// showGameOver opens the end-of-game window.
func (h *hud) showGameOver(m *protocol.GameOver) {
	s := h.s
	t := s.app.theme
	title := "The game is over"
	switch {
	case m.Winner == s.part.you():
		title = "Victory!"
	case m.Winner != 0:
		title = "Defeat"
	}
	body := h.titled(title)
	who := "Nobody won."
	if m.Winner != 0 {
		who = fmt.Sprintf("%s won on %s.", s.part.playerName(m.Winner), strings.ToLower(s.part.turnName(m.Turn)))
	}
	body.AddChild(kit.Text(t, who, h.pal.Text))
	body.AddChild(t.NewPrimaryButton("Back to the menu", s.app.showMainMenu))
	h.openWindow(body)
	h.dirtyTop = true
}
