package app

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
)

// The game screen's keyboard. Outside windows the keyboard is in one part
// of the screen at a time: the map (the screen's keys, module.Input.Keys),
// the side panel, the log, the chat line or the top bar; F6 and Shift+F6
// move it from part to part. In the side panel, the top bar and the chat
// line, and in every window over the game, a focus (a ring) moves through
// the enabled buttons and fields in their order with Tab, Shift+Tab and
// the arrow keys, Enter or Space presses the button focused, and Esc
// leaves (a window closes). In the log, the up and down keys mark a line
// with a report (a battle's) and Enter opens it. The shell presses the
// buttons itself: ebitenui's own Enter and Space are turned off on every
// button it focuses, so a button is never pressed twice.

// part is a part of the game screen the keyboard may be in.
type part int

const (
	partMap part = iota
	partSide
	partLog
	partChat
	partTop
	partCount
)

// String names p, for the probe: "map", "side", "log", "chat", "top".
func (p part) String() string {
	switch p {
	case partMap:
		return "map"
	case partSide:
		return "side"
	case partLog:
		return "log"
	case partChat:
		return "chat"
	case partTop:
		return "top"
	}
	return "?"
}

// focusables returns the widgets under c the keys move a focus through,
// in their order: the enabled, shown buttons, fields and boxes ebitenui
// lists (not the scroll bars, which the keys scroll otherwise).
func focusables(c widget.Containerer) []widget.Focuser {
	if c == nil {
		return nil
	}
	var out []widget.Focuser
	for _, f := range c.GetFocusers() {
		if _, bar := f.(*widget.Slider); !bar {
			out = append(out, f)
		}
	}
	return out
}

// partList returns what the focus moves through in part p: nothing on
// the map and in the log; the top bar's buttons then the first turn's
// hint's Close in the top bar.
func (g *gameScreen) partList(p part) []widget.Focuser {
	h := g.hud
	switch p {
	case partTop:
		if g.hint != nil { // the first turn's hint, under the top bar: its Close
			return append(focusables(h.buttons), focusables(g.hint.box)...)
		}
		return focusables(h.buttons)
	case partSide:
		return focusables(h.content)
	case partChat:
		return focusables(h.chatBar)
	}
	return nil
}

// windowList returns what the focus moves through in the open window.
func (g *gameScreen) windowList() []widget.Focuser {
	if g.hud.windowBox == nil {
		return nil
	}
	return focusables(g.hud.windowBox)
}

// focused returns the widget that has the keyboard's focus, nil for none.
func (g *gameScreen) focused() widget.Focuser { return g.app.ui.GetFocusedWidget() }

// typing reports whether a text field has the keyboard.
func (g *gameScreen) typing() bool {
	_, ok := g.focused().(*widget.TextInput)
	return ok
}

// setFocus gives f the keyboard's focus; a button's own Enter and Space
// are turned off (the shell presses it: pressKey), and in the side panel
// it is scrolled into sight.
func (g *gameScreen) setFocus(f widget.Focuser) {
	if b, ok := f.(*widget.Button); ok {
		b.DisableDefaultKeys = true
	}
	g.app.ui.SetFocusedWidget(f)
	if g.hud.window == nil && g.part == partSide {
		if i := slices.Index(g.partList(partSide), f); i >= 0 {
			g.focusAt[partSide] = i
		}
		g.hud.scrollToFocus()
	}
}

// moveFocus moves the focus d places through list (1 the next, -1 the
// one before), round from the last to the first; from none, to the first
// (or, going back, the last).
func (g *gameScreen) moveFocus(list []widget.Focuser, d int) {
	n := len(list)
	if n == 0 {
		return
	}
	i := slices.Index(list, g.focused())
	switch {
	case i < 0 && d < 0:
		i = n - 1
	case i < 0:
		i = 0
	default:
		i = ((i+d)%n + n) % n
	}
	g.setFocus(list[i])
	if g.hud.window == nil && g.part != partMap && g.part != partLog {
		g.focusAt[g.part] = i
	}
}

// firstFocus returns the widget of list a window opens with the focus on:
// its first enabled button (a question's Cancel, the menu's Back to the
// game, a report's first link or Close), else its first field.
func firstFocus(list []widget.Focuser) widget.Focuser {
	for _, f := range list {
		if _, ok := f.(*widget.Button); ok {
			return f
		}
	}
	if len(list) > 0 {
		return list[0]
	}
	return nil
}

// pressFocused presses the focused button, as a click does, and reports
// whether there was one.
func (g *gameScreen) pressFocused() bool {
	b, ok := g.focused().(*widget.Button)
	if !ok || b.GetWidget().Disabled {
		return false
	}
	b.Press()
	b.Release()
	event.ExecuteDeferred()
	g.keepFocus()
	return true
}

// keepFocus moves the focus off a button the press just disabled, to the
// same place among what is left: left there, ebitenui would move it to
// the next focusable widget of the whole screen by itself, a button the
// shell does not keep, which the Enter still held would press.
func (g *gameScreen) keepFocus() {
	w, ok := g.focused().(widget.HasWidget)
	if !ok || !w.GetWidget().Disabled {
		return
	}
	g.app.ui.ClearFocus()
	if g.hud.window != nil {
		g.focusWindow()
		return
	}
	g.restorePart()
}

// focusWindow puts the focus on the first button of the window just
// opened.
func (g *gameScreen) focusWindow() {
	if f := firstFocus(g.windowList()); f != nil {
		g.setFocus(f)
	}
}

// settleFocus keeps the focus where the keys put it, before the frame's
// keys: in a window, on the window's widgets; outside, in the part the
// keyboard is in. A part's widget built again (the side panel after a
// change) gets the focus back at its place in the part; a focus the
// player took away (a click elsewhere, a message sent, Esc in a field)
// gives the keyboard back to the map; a click in a text field gives it to
// the field's part; a button that kept the focus by chance loses it.
func (g *gameScreen) settleFocus() {
	ui := g.app.ui
	f := g.focused()
	if g.hud.window != nil {
		if _, ok := f.(*widget.Button); ok && !slices.Contains(g.windowList(), f) {
			ui.ClearFocus()
		}
		return
	}
	if f == nil {
		if g.part != partLog {
			g.part = partMap
		}
		return
	}
	if _, field := f.(*widget.TextInput); field && g.app.in.Pressed.Has(ebiten.MouseButtonLeft) {
		for _, p := range []part{partChat, partSide, partTop} {
			if slices.Contains(g.partList(p), f) {
				g.part = p
				return
			}
		}
	}
	list := g.partList(g.part)
	switch {
	case slices.Contains(list, f):
	case len(list) == 0: // the map, the log, or a part left empty
		ui.ClearFocus()
		if g.part != partLog {
			g.part = partMap
		}
	default:
		g.setFocus(list[min(g.focusAt[g.part], len(list)-1)])
	}
}

// restorePart gives the focus back to the part the keyboard is in, at
// its place, once a window over it closed.
func (g *gameScreen) restorePart() {
	list := g.partList(g.part)
	if len(list) == 0 {
		return
	}
	g.setFocus(list[min(g.focusAt[g.part], len(list)-1)])
}

// setPart gives the keyboard to part p: the focus on its first widget
// (the chat line: its field), the log's mark on its newest report. A part
// with nothing to focus is skipped: setPart reports whether the keyboard
// went there.
func (g *gameScreen) setPart(p part) bool {
	list := g.partList(p)
	if (p == partSide || p == partTop || p == partChat) && len(list) == 0 {
		return false
	}
	if g.part == partLog || p == partLog {
		g.hud.dirtyLog = true
	}
	g.part = p
	g.focusAt[p] = 0
	switch p {
	case partMap:
		g.app.ui.ClearFocus()
	case partLog:
		g.app.ui.ClearFocus()
		g.logAt = g.lastLink()
	default:
		g.setFocus(list[0])
	}
	return true
}

// leavePart gives the keyboard back to the map.
func (g *gameScreen) leavePart() { g.setPart(partMap) }

// FocusPanel implements module.Keyboard.
func (g *gameScreen) FocusPanel() {
	if g.hud.window == nil {
		g.setPart(partSide)
	}
}

var _ module.Keyboard = (*gameScreen)(nil)

// cyclePart moves the keyboard to the next part (back: the one before)
// that takes it: F6 and Shift+F6.
func (g *gameScreen) cyclePart(back bool) {
	d := part(1)
	if back {
		d = partCount - 1
	}
	for p := (g.part + d) % partCount; p != g.part; p = (p + d) % partCount {
		if g.setPart(p) {
			return
		}
	}
}

// shiftDown reports whether a Shift key is held in frame in.
func shiftDown(in kit.Frame) bool {
	return in.Down(ebiten.KeyShift) || in.Down(ebiten.KeyShiftLeft) || in.Down(ebiten.KeyShiftRight)
}

// enterHit reports whether Enter (or the keypad's) went down in frame in.
func enterHit(in kit.Frame) bool { return in.Hit(ebiten.KeyEnter, ebiten.KeyNumpadEnter) }

// screenTakes reports whether the screen acts on key k now (module.KeyTaker).
func (g *gameScreen) screenTakes(k ebiten.Key) bool {
	t, ok := g.scr.(module.KeyTaker)
	return ok && t.TakesKey(k)
}

// windowKeys handles the keys of the window open over the game: Tab,
// Shift+Tab and the arrow keys move the focus through its buttons and
// fields, Enter and Space press the button focused, Esc leaves a text
// field, else closes the window, F1 shows or hides the help. In a text
// field the other keys are the field's.
func (g *gameScreen) windowKeys() {
	in := g.app.in
	list := g.windowList()
	typing := g.typing()
	switch {
	case in.Hit(ebiten.KeyEscape) && typing:
		g.app.ui.ClearFocus()
	case in.Hit(ebiten.KeyEscape):
		g.hud.closeWindow()
	case in.Hit(ebiten.KeyF1):
		g.hud.toggleHelp()
	case in.Hit(ebiten.KeyTab):
		g.moveFocus(list, tabStep(in))
	case typing:
	case in.Hit(ebiten.KeyArrowDown, ebiten.KeyArrowRight):
		g.moveFocus(list, 1)
	case in.Hit(ebiten.KeyArrowUp, ebiten.KeyArrowLeft):
		g.moveFocus(list, -1)
	case in.Hit(ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeySpace):
		g.pressFocused()
	}
}

// tabStep is where Tab moves the focus: 1 the next, -1 with Shift the
// one before.
func tabStep(in kit.Frame) int {
	if shiftDown(in) {
		return -1
	}
	return 1
}

// paneKeys handles the keys of the top bar, the side panel and the chat
// line when the keyboard is there: as in a window (windowKeys), and Esc
// gives the keyboard back to the map.
func (g *gameScreen) paneKeys() {
	in := g.app.in
	list := g.partList(g.part)
	typing := g.typing()
	switch {
	case in.Hit(ebiten.KeyEscape):
		g.leavePart()
	case in.Hit(ebiten.KeyTab):
		g.moveFocus(list, tabStep(in))
	case typing:
	case in.Hit(ebiten.KeyArrowDown, ebiten.KeyArrowRight):
		g.moveFocus(list, 1)
	case in.Hit(ebiten.KeyArrowUp, ebiten.KeyArrowLeft):
		g.moveFocus(list, -1)
	case in.Hit(ebiten.KeyHome):
		g.moveFocus(list[:min(len(list), 1)], 1)
	case in.Hit(ebiten.KeyEnd):
		g.moveFocus(list[max(len(list)-1, 0):], 1)
	case in.Hit(ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeySpace):
		g.pressFocused()
	}
}

// shellKeys handles the keys the shell keeps outside windows, whatever
// part has the keyboard (but a text field's keys): F1 the help, F10 the
// menu, F6 and Shift+F6 the parts, Page Up and Page Down the log, / the
// chat line. It reports whether it took the frame's keys.
func (g *gameScreen) shellKeys() bool {
	in := g.app.in
	switch {
	case in.Hit(ebiten.KeyF1):
		g.hud.toggleHelp()
	case in.Hit(ebiten.KeyF10):
		g.hud.showMenu()
	case in.Hit(ebiten.KeyF6):
		g.cyclePart(shiftDown(in))
	case g.typing():
		return false
	case in.Hit(ebiten.KeyPageUp):
		g.hud.scrollLog(-1)
	case in.Hit(ebiten.KeyPageDown):
		g.hud.scrollLog(1)
	case in.Hit(ebiten.KeySlash) && g.hud.chat != nil:
		g.setPart(partChat)
	default:
		return false
	}
	return true
}

// mapKeys handles the keys the shell keeps while the map has the
// keyboard: Enter ends the turn (in a replay: the next step) unless the
// screen takes it (module.KeyTaker); Shift+Enter always does.
func (g *gameScreen) mapKeys() {
	in := g.app.in
	if !enterHit(in) {
		return
	}
	switch {
	case g.replay != nil:
		g.replayStep(false)
	case shiftDown(in) || !g.screenTakes(ebiten.KeyEnter):
		g.endTurnClicked()
	}
}

// logKeys handles the keys of the log when it has the keyboard: the up
// and down keys mark the line with a report before or after (Home, End:
// the first, the last), Enter or Space opens the marked line's report,
// + and - make the log bigger or smaller, Esc gives the keyboard back to
// the map.
func (g *gameScreen) logKeys() {
	in := g.app.in
	switch {
	case in.Hit(ebiten.KeyEscape):
		g.leavePart()
	case in.Hit(ebiten.KeyArrowUp):
		g.markLink(-1)
	case in.Hit(ebiten.KeyArrowDown):
		g.markLink(1)
	case in.Hit(ebiten.KeyHome):
		g.markAt(g.firstLink())
	case in.Hit(ebiten.KeyEnd):
		g.markAt(g.lastLink())
	case in.Hit(ebiten.KeyEnter, ebiten.KeyNumpadEnter, ebiten.KeySpace):
		g.openMarked()
	case in.Hit(ebiten.KeyEqual, ebiten.KeyNumpadAdd):
		g.hud.setBigLog(true)
	case in.Hit(ebiten.KeyMinus, ebiten.KeyNumpadSubtract):
		g.hud.setBigLog(false)
	}
}

// links returns the indexes of the log's lines that link to a report,
// oldest first.
func (g *gameScreen) links() []int {
	var out []int
	for i, l := range g.logLines() {
		if l.Link != "" {
			out = append(out, i)
		}
	}
	return out
}

// lastLink returns the index of the newest line of the log with a
// report, -1 for none; firstLink the oldest.
func (g *gameScreen) lastLink() int {
	ls := g.links()
	if len(ls) == 0 {
		return -1
	}
	return ls[len(ls)-1]
}

func (g *gameScreen) firstLink() int {
	ls := g.links()
	if len(ls) == 0 {
		return -1
	}
	return ls[0]
}

// markLink moves the log's mark to the line with a report d lines of
// them on (1 the next, newer; -1 the one before), staying at the ends.
func (g *gameScreen) markLink(d int) {
	ls := g.links()
	if len(ls) == 0 {
		return
	}
	i := slices.Index(ls, g.logAt)
	switch {
	case i < 0:
		i = len(ls) - 1
	default:
		i = min(max(i+d, 0), len(ls)-1)
	}
	g.markAt(ls[i])
}

// markAt marks line i of the log (-1: none) and shows it.
func (g *gameScreen) markAt(i int) {
	g.logAt = i
	g.hud.dirtyLog = true
}

// openMarked opens the report of the marked line of the log, or of the
// newest line with one when none is marked.
func (g *gameScreen) openMarked() {
	lines := g.logLines()
	i := g.logAt
	if i < 0 || i >= len(lines) || lines[i].Link == "" {
		i = g.lastLink()
	}
	if i < 0 {
		g.notify("The log has no report to open yet")
		return
	}
	g.logAt = i
	g.openLink(lines[i].Link)
}

// keyRestUpdate follows whether the keys were used since the pointer
// last moved: a pointer resting on the map then shows no tooltip
// (its Input.Pointer is off) until it moves, is pressed or the wheel
// turns. F12 and the modifier keys alone do not count.
func (g *gameScreen) keyRestUpdate() {
	in := g.app.in
	moved := in.Cursor != g.lastCursor
	g.lastCursor = in.Cursor
	if moved || in.Pressed != 0 || in.WheelX != 0 || in.WheelY != 0 {
		g.keyRest = false
	}
	for _, k := range in.KeysPressed {
		switch k {
		case ebiten.KeyF12, ebiten.KeyShift, ebiten.KeyShiftLeft, ebiten.KeyShiftRight, ebiten.KeyControl,
			ebiten.KeyControlLeft, ebiten.KeyControlRight, ebiten.KeyAlt, ebiten.KeyAltLeft, ebiten.KeyAltRight:
			// A screenshot keeps the tooltip in the picture; a modifier
			// alone is the pointer's (Shift+click).
		default:
			g.keyRest = true
		}
	}
}

// drawFocus draws the focus ring round the widget that has the keyboard
// in the top bar, the side panel (inside the part of it in sight) or the
// chat line, and in a window whose contents draw none of their own; round
// the log when the log has the keyboard.
func (g *gameScreen) drawFocus(screen *ebiten.Image) {
	if g.part == partLog && g.hud.window == nil {
		// The log itself: its marked line says which of its lines.
		menu.DrawFocusRing(g.app.theme, screen, g.hud.log.GetWidget().Rect.Inset(g.px(6)))
		return
	}
	f := g.focused()
	if f == nil {
		return
	}
	w := f.(widget.HasWidget).GetWidget()
	if w.Disabled || !w.IsVisible() {
		return
	}
	r := w.Rect
	h := g.hud
	switch {
	case h.window != nil:
		if h.windowRinged || !slices.Contains(g.windowList(), f) {
			return
		}
	case g.part == partSide:
		view := h.scroll.ViewRect()
		if !r.In(view) {
			r = r.Intersect(view)
		}
	case g.part == partTop || g.part == partChat:
	default:
		return
	}
	if !r.Empty() {
		menu.DrawFocusRing(g.app.theme, screen, r)
	}
}

// scrollToFocus scrolls the side panel so that its focused widget is in
// sight.
func (h *hud) scrollToFocus() {
	f, ok := h.g.focused().(widget.HasWidget)
	if !ok {
		return
	}
	menu.ScrollIntoView(h.scroll, h.slider, h.content, f.GetWidget().Rect)
}

// logSlider returns the log's scroll bar, nil before it is made.
func (h *hud) logSlider() *widget.Slider {
	for _, f := range h.log.GetFocusers() {
		if s, ok := f.(*widget.Slider); ok { // the log has no horizontal one
			return s
		}
	}
	return nil
}

// logRows returns how many of the log's lines are shown, and how many
// are in sight at once.
func (h *hud) logRows() (shown, inSight int) {
	m := h.g.app.theme.SmallFace().Metrics()
	lineH := max(m.HAscent+m.HDescent+m.HLineGap, 1)
	view := float64(h.log.GetWidget().Rect.Dy() - h.g.px(20)) // less the text's and the scroll area's padding
	return len(h.logShown), max(int(view/lineH), 1)
}

// scrollLog scrolls the log by pages (Page Up: -1, Page Down: 1), a page
// being nine tenths of the lines in sight.
func (h *hud) scrollLog(pages int) {
	s := h.logSlider()
	shown, inSight := h.logRows()
	if s == nil || shown <= inSight {
		return
	}
	step := max(1000*inSight*9/10/(shown-inSight), 1)
	s.Current = min(max(s.Current+pages*step, s.Min), s.Max)
	h.g.redraw = true
}

// scrollLogTo scrolls the log so that its shown line row (logShown's
// index) is in the middle of what is in sight, or as near as the ends
// allow.
func (h *hud) scrollLogTo(row int) {
	s := h.logSlider()
	shown, inSight := h.logRows()
	if s == nil || shown <= inSight {
		return
	}
	s.Current = min(max(1000*(row-inSight/2)/(shown-inSight), s.Min), s.Max)
}

// hexColor writes c as BBCode's colour: "#rrggbb".
func hexColor(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// shellHelp returns the help's part on the keys the shell keeps on every
// game screen: the parts of the screen, the windows, the log and the chat.
func (g *gameScreen) shellHelp() menu.HelpSection {
	rows := []menu.HelpRow{
		{Term: "F6, Shift+F6", Text: "Move the keyboard from the map to the side panel, the log, the chat line and the top bar, and back; a light blue ring shows where it is."},
		{Term: "Tab, Shift+Tab, arrows", Text: "In a window, the side panel, the top bar or the chat line: the next or the previous button."},
		{Term: "Enter, Space", Text: "There: press the button in the ring."},
		{Term: "Esc", Text: "Close the window; leave the side panel, the log or the chat line for the map."},
		{Term: "Shift+Enter", Text: "End the turn (again: take it back), whatever the map's cursor does with Enter."},
		{Term: "F10", Text: "The game's menu: settings, help, leave the game."},
		{Term: "Page Up, Page Down", Text: "Scroll the log."},
		{Term: "In the log: up, down", Text: "Mark the battle (a line with a report) before or after; Home, End: the first, the last."},
		{Term: "In the log: Enter", Text: "Open the marked line's report (none marked: the newest)."},
		{Term: "In the log: +, −", Text: "Make the log bigger or smaller."},
		{Term: "F12", Text: "Save a screenshot (in the screenshots folder beside your settings)."},
		{Term: "F1", Text: "This help; again, or Esc, closes it."},
	}
	if g.replay == nil {
		rows = append(rows[:len(rows)-1],
			menu.HelpRow{Term: "/", Text: "Write in the chat line: Enter sends, Esc leaves it."},
			rows[len(rows)-1])
	}
	return menu.HelpSection{Title: "Keys of every game", Paragraphs: []string{
		"The whole game can be played from the keyboard. The map has the keyboard until F6 moves it; " +
			"every window opens with its first button in the ring."}, Rows: rows}
}
