package app

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

var _ module.Host = (*gameScreen)(nil)

// newGameScreen returns the screen of a game of play's ruleset, as its
// module opens it, showing the view of fv.
func newGameScreen(a *App, play *conn.Game, fv *protocol.FullView) (*gameScreen, error) {
	if play == nil || play.Ruleset() == nil {
		return nil, errors.New("the game's rules are not here")
	}
	rv, err := play.FullView(fv)
	if err != nil {
		return nil, err
	}
	g, err := newGameScreenFor(a, play.Ruleset(), rv, nil)
	if err != nil {
		return nil, err
	}
	g.play = play
	return g, nil
}

// newGameScreenFor returns the screen of a game of ruleset rs, as its
// module opens it, showing view rv: a game being played, or with r, a
// replay (the screen must be a module.Replayer).
func newGameScreenFor(a *App, rs ruleset.Ruleset, rv ruleset.View, r *replay) (*gameScreen, error) {
	g := &gameScreen{app: a, winW: a.width, winH: a.height, replay: r, logAt: -1}
	scr, err := a.opts.Modules.OpenScreen(rs, g)
	if err != nil {
		return nil, err
	}
	g.scr = scr
	if r != nil {
		rp, ok := scr.(module.Replayer)
		if !ok {
			return nil, fmt.Errorf("the screen of %s cannot replay a saved game", rs.Info().Title)
		}
		g.rp = rp
		rp.Watch()
	}
	if err := scr.SetView(rv); err != nil {
		return nil, err
	}
	g.status = scr.Status()
	if r == nil {
		g.lobby = a.table // the table as it started: who are people, whom a turn waits for
	}
	g.hud = newHUD(g)
	g.root = g.hud.root
	g.clock.Turn = protocol.Turn(g.status.Turn)
	g.refresh()
	if m, ok := a.opts.Modules.Get(rs.Info().ID); ok {
		g.showFirstHint(m)
	}
	return g, nil
}

// Theme implements module.Host.
func (g *gameScreen) Theme() *menu.Theme { return g.app.theme }

// Prefs implements module.Host.
func (g *gameScreen) Prefs() prefs.Prefs { return g.app.opts.Prefs }

// Notify implements module.Host.
func (g *gameScreen) Notify(msg string) { g.notify(msg) }

// Changed implements module.Host.
func (g *gameScreen) Changed(orders bool) {
	g.redraw = true
	if g.hud == nil {
		return // the screen's first view: the HUD is made next
	}
	g.hud.dirtySide = true
	if orders {
		g.hud.dirtyOrders, g.hud.dirtyTop = true, true
	}
}

// OpenWindow implements module.Host.
func (g *gameScreen) OpenWindow(c *widget.Container) { g.hud.openWindow(c) }

// CloseWindow implements module.Host.
func (g *gameScreen) CloseWindow() { g.hud.closeWindow() }

// MapRect implements module.Host.
func (g *gameScreen) MapRect() image.Rectangle { return g.mapRect() }

// MapInSight implements module.Host: the map above the log.
func (g *gameScreen) MapInSight() image.Rectangle {
	r := g.mapRect()
	logH := g.px(logHeight)
	if g.hud != nil {
		logH = g.hud.logHeightNow()
	}
	r.Max.Y = max(r.Max.Y-logH, r.Min.Y)
	return r
}

// PanelWidth implements module.Host: the side panel less its padding
// and its scroll bar, in window pixels.
func (g *gameScreen) PanelWidth() int { return g.px(sideWidth - 40) }

// px returns n pixels at 100 % in window pixels at the interface size
// applied now (the theme's Px).
func (g *gameScreen) px(n int) int { return g.app.theme.Px(n) }

// Act implements module.Host: the player's action in the step being
// played, sent with the step's Seq.
func (g *gameScreen) Act(action []byte) bool {
	you := g.you()
	switch {
	case g.replay != nil || g.over != nil || g.out() || you == 0:
		return false
	case !g.interactive():
		g.notify("This step takes orders for the whole turn, not single moves")
		return false
	case !slices.Contains(g.clock.Actors, you):
		g.notify("It is not your move")
		return false
	case g.app.conn == nil:
		return false
	}
	seq := g.clock.Seq
	if ruleset.Mode(g.clock.Mode) == ruleset.Concurrent {
		seq = max(seq, g.clock.Since)
	}
	if _, err := g.app.conn.Act(seq, action); err != nil {
		g.notify(fmt.Sprintf("not sent: %v", err))
		return false
	}
	g.dismissFirstHint() // the player acted: the first turn's hint did its work
	return true
}

// stepChanged tells a module.Stepper the step the clock announces.
func (g *gameScreen) stepChanged() {
	st, ok := g.scr.(module.Stepper)
	if !ok {
		return
	}
	c := g.clock
	info := module.StepInfo{Mode: ruleset.Mode(c.Mode), Turn: int(c.Turn), Seq: c.Seq, Since: c.Since,
		Prompt: c.Prompt, Phase: c.Phase}
	for _, a := range c.Actors {
		info.Actors = append(info.Actors, ruleset.Seat(a))
	}
	if d, ok := c.DeadlineTime(); ok {
		info.Deadline = d
	}
	st.SetStep(info)
	g.redraw = true
}

// actAnswered tells a module.Stepper the server's answer to an action.
func (g *gameScreen) actAnswered(r *protocol.ActResult) {
	if st, ok := g.scr.(module.Stepper); ok {
		st.ActResult(r.Seq, r.Error)
		g.redraw = true
	}
}

// input is what the screen may do with this frame's input: the pointer
// is the map's when on it, no window is open and no key was pressed since
// it last moved; the keys when the map has the keyboard (Shift+Enter is
// the shell's).
func (g *gameScreen) input() module.Input {
	pt := g.app.in.Cursor
	in := module.Input{Frame: g.app.in, Map: g.mapRect(), Size: image.Pt(g.winW, g.winH), Minimap: g.minimapRect(),
		Modal: g.hud.window != nil, Panel: g.hud.scroll.ViewRect()}
	in.OnMinimap = !in.Modal && pt.In(in.Minimap.Inset(-g.px(4)))
	in.Pointer = !in.Modal && pt.In(in.Map) && !pt.In(g.hud.logBox.GetWidget().Rect) && !in.OnMinimap && !pt.In(g.firstHintRect()) && !g.keyRest
	in.Keys = !in.Modal && g.part == partMap && !g.typing() && !g.wasTyping && !(enterHit(in.Frame) && shiftDown(in.Frame))
	in.Orders = g.status.You != 0 && !g.out() && g.over == nil && g.replay == nil
	return in
}

// minimapRect is the corner left for the screen's minimap: bottom left,
// beside the log.
func (g *gameScreen) minimapRect() image.Rectangle {
	m := g.px(6)
	return image.Rect(m, g.winH-g.px(minimapH)-m, m+g.px(minimapW), g.winH-m)
}

// keys handles the keys the shell keeps (keyboard.go): in a window, the
// window's; outside, F1, F6, F10, Page Up, Page Down and /, then those of
// the part of the screen that has the keyboard (on the map: Enter, the
// end of the turn; in a replay, the next step).
func (g *gameScreen) keys() {
	g.settleFocus()
	if g.wasTyping && !g.typing() {
		return // the keys that made a text field let the keyboard go (Enter sent the chat)
	}
	if g.hud.window != nil {
		g.windowKeys()
		return
	}
	if g.shellKeys() {
		return
	}
	switch g.part {
	case partMap:
		if !g.typing() {
			g.mapKeys()
		} else if g.app.in.Hit(ebiten.KeyEscape) {
			g.app.ui.ClearFocus() // a field of the map's screen
		}
	case partLog:
		g.logKeys()
	default:
		g.paneKeys()
	}
}

// update handles a frame's input and time, and reports whether the HUD
// or the map changed.
func (g *gameScreen) update() bool {
	g.frame++
	g.status = g.scr.Status()
	g.keyRestUpdate()
	// The input is the map's as the frame began: Escape that closes a
	// window does not also deselect on the map.
	in := g.input()
	g.keys()
	if g.app.game != g {
		return true // a key left the game
	}
	drawn := g.scr.Update(in)
	if g.rp != nil {
		g.tickReplay()
	}
	g.checkFirstHint()
	changed := g.tick()
	if g.redraw {
		drawn, g.redraw = true, false
	}
	return changed || drawn
}

// drawMap draws the map where the HUD leaves it room (the top bar and
// the side panel are opaque: drawing under them would be wasted).
func (g *gameScreen) drawMap(screen *ebiten.Image) {
	area := screen.SubImage(g.mapRect().Add(screen.Bounds().Min)).(*ebiten.Image)
	g.scr.Draw(area)
}

// drawOver draws what goes over the HUD: the money's tooltip, the
// screen's own (its minimap, its tooltips), the tooltip of who is ready
// (every name), the notice. An open window hides all but the notice: they
// would cover its contents.
func (g *gameScreen) drawOver(screen *ebiten.Image) {
	if g.hud.window == nil {
		g.drawTip(screen, g.hud.money, g.hud.moneyLines)
		g.scr.DrawOver(screen)
		g.drawTip(screen, g.hud.readyList, g.hud.readyLines)
	}
	g.drawFocus(screen)
	g.drawNotice(screen)
}

// drawTip draws lines as a tooltip under the pointer while it is on text
// w of the top bar, shown.
func (g *gameScreen) drawTip(screen *ebiten.Image, w *widget.Text, lines []string) {
	ww := w.GetWidget()
	if len(lines) == 0 || ww.GetVisibility() != widget.Visibility_Show || !g.app.in.Cursor.In(ww.Rect) {
		return
	}
	p := g.app.in.Cursor
	t := g.app.theme
	kit.DrawBoxScaled(screen, t.Scale(), t.SmallFace(), lines, float64(p.X), float64(p.Y)+t.Pxf(18), screen.Bounds(),
		color.RGBA{30, 26, 22, 235}, color.RGBA{235, 228, 210, 255})
}

// fullView replaces the view (after a reconnect or a mismatch).
func (g *gameScreen) fullView(fv *protocol.FullView) {
	rv, err := g.play.FullView(fv)
	if err == nil {
		err = g.scr.SetView(rv)
	}
	if err != nil {
		g.notify(err.Error())
		return
	}
	g.sent = nil
	g.status = g.scr.Status()
	g.refresh()
}

// turnUpdate shows a resolved turn: its view, checked against the
// server's checksum, and its events; a view that does not apply asks for
// the whole view (the screen tells the events without it).
func (g *gameScreen) turnUpdate(u *protocol.TurnUpdate) {
	rv, err := g.play.Update(u)
	if err != nil {
		if errors.Is(err, conn.ErrOutOfSync) {
			g.notify("Out of step with the server: fetching the whole view")
		} else {
			g.notify(err.Error())
		}
		_ = g.scr.Resolved(nil, u.Events) // the events only: the whole view comes next
		g.play.Forget()
		g.app.send(&protocol.RequestView{})
		g.refresh()
		return
	}
	wasOut := g.out()
	if err := g.scr.Resolved(rv, u.Events); err != nil {
		g.notify(err.Error())
	}
	g.status = g.scr.Status()
	g.ready, g.readyAfter = false, 0
	g.sent = nil
	g.refresh()
	if !wasOut && g.out() && g.over == nil {
		g.hud.showOut()
	}
}

// missed tells in the log the steps played while the player was away,
// whose views it never had (protocol.Missed): a Catcher screen with each
// step's turn, another as a resolved step whose view did not apply.
func (g *gameScreen) missed(m *protocol.Missed) {
	c, catches := g.scr.(module.Catcher)
	for _, st := range m.Steps {
		var err error
		if catches {
			err = c.Missed(st.Turn, st.Events)
		} else {
			err = g.scr.Resolved(nil, st.Events)
		}
		if err != nil {
			g.notify(fmt.Sprintf("The log of %s: %v", kit.LowerFirst(g.turnName(st.Turn)), err))
		}
	}
	g.refresh()
}

// prependHistory gives a game continued from a save the log of its
// turns before (h, through the player's eyes): the screen replays them at
// once (module.Replayer's Rewind), then shows the server's view fv again.
// A screen that cannot replay goes on without them.
func (g *gameScreen) prependHistory(h *history, fv *protocol.FullView) {
	rp, ok := g.scr.(module.Replayer)
	if !ok {
		return
	}
	if err := rp.Rewind(h.first, h.turns); err != nil {
		g.notify("The log of the turns before: " + err.Error())
	}
	g.fullView(fv)
}

// animating reports whether the screen shows a resolved turn's moves
// (module.Replayer's Animating).
func (g *gameScreen) animating() bool {
	rp, ok := g.scr.(module.Replayer)
	return ok && rp.Animating()
}

// probe returns the screen's part of a test's probe.
func (g *gameScreen) probe() module.Probe { return g.scr.Probe() }

// you is the player's seat, 0 for a spectator.
func (g *gameScreen) you() protocol.Seat { return protocol.Seat(g.status.You) }

// turn is the view's turn.
func (g *gameScreen) turn() protocol.Turn { return protocol.Turn(g.status.Turn) }

// players are the game's players, seat s at s-1.
func (g *gameScreen) players() []playerInfo {
	out := make([]playerInfo, len(g.status.Players))
	for i, p := range g.status.Players {
		out[i] = playerInfo{Seat: protocol.Seat(i + 1), Name: p.Name, Alive: p.Alive}
	}
	return out
}

// playerName names seat s ("Neutral" for 0).
func (g *gameScreen) playerName(s protocol.Seat) string {
	if s == 0 {
		return "Neutral"
	}
	if int(s) <= len(g.status.Players) {
		return g.status.Players[s-1].Name
	}
	return fmt.Sprintf("Player %d", s)
}

// turnName names turn t: as the screen says (module.Bar: "Day 9"), else
// "Turn 9".
func (g *gameScreen) turnName(t protocol.Turn) string {
	if b, ok := g.scr.(module.Bar); ok {
		return b.TurnName(t)
	}
	return fmt.Sprintf("Turn %d", t)
}

// replayStepName names step i of a replay for its clock: as the screen
// names its turns ("day 7", "turn 7") where each step is a turn, else
// "turn 7" (a game played one action at a time, whose steps are its
// actions).
func (g *gameScreen) replayStepName(i int) string {
	if g.replay == nil || !g.replay.turns {
		return fmt.Sprintf("turn %d", i)
	}
	return kit.LowerFirst(g.turnName(protocol.Turn(i)))
}

// replaying reports whether the screen replays a saved game.
func (g *gameScreen) replaying() bool { return g.replay != nil }

// submission returns the orders drafted for the turn, nil if there is
// nothing to send (a replay, no view yet).
func (g *gameScreen) submission() *protocol.SubmitOrders {
	if g.replay != nil {
		return nil
	}
	data, ok := g.scr.Submission()
	if !ok {
		return nil
	}
	return &protocol.SubmitOrders{Turn: g.turn(), Orders: data}
}

// applyResult takes the server's verdict on this turn's orders last sent.
func (g *gameScreen) applyResult(r *protocol.OrdersResult) {
	if r.Turn != g.turn() {
		return
	}
	g.scr.Rejected(r.Errors)
	g.hud.dirtySide = true
}

// endWarning returns the question the screen asks before the turn ends
// (module.Warner), "" for none.
func (g *gameScreen) endWarning() (title, text string) {
	if w, ok := g.scr.(module.Warner); ok {
		return w.EndWarning()
	}
	return "", ""
}

// help returns the help's contents: the screen's, after, in a replay, the
// replay's buttons and keys and whose eyes it may show, and then the keys
// the shell keeps (shellHelp).
func (g *gameScreen) help() menu.HelpContent {
	c := g.scr.Help()
	c.Sections = append(c.Sections, g.shellHelp())
	r := g.replay
	if r == nil {
		return c
	}
	part := menu.HelpSection{Title: "The replay", Rows: []menu.HelpRow{
		{Term: "Turn >, Enter", Text: "the next step, with its moves"},
		{Term: "< Turn", Text: "the step before"},
		{Term: "Play, Pause", Text: "step on by itself, a step a second; stop"},
		{Term: "Watching", Text: "whose eyes the game is shown through: everything, then each player's in turn"},
	}}
	if eyes := r.r.Eyes(); len(eyes) == 1 {
		part.Paragraphs = []string{"In this game the players hold things the others do not see (a hand of cards). " +
			"Until it is over its replay shows only " + g.eyesWords(eyes[0]) + ": Watching offers no other eyes."}
	}
	c.Sections = append([]menu.HelpSection{part}, c.Sections...)
	return c
}

// topTexts returns the top bar's words: the screen's (module.Bar), else
// the step's name where the server gives one ("Round 3 · Attack"), else
// the turn.
func (g *gameScreen) topTexts() module.Top {
	if b, ok := g.scr.(module.Bar); ok {
		return b.Top()
	}
	if g.clock.Phase != "" && g.replay == nil {
		return module.Top{Turn: g.clock.Phase}
	}
	return module.Top{Turn: fmt.Sprintf("Turn %d", g.status.Turn)}
}

// fillSide rebuilds the side panel's selection part.
func (g *gameScreen) fillSide() { g.scr.Side(g.hud.side, g.input()) }

// fillOrders rebuilds the list of the turn's orders.
func (g *gameScreen) fillOrders() { g.scr.Orders(g.hud.orders) }

// updateHint sets the side panel's hint line as the screen says it
// (module.Hinter), and reports whether it or the map changed.
func (g *gameScreen) updateHint() bool {
	h, ok := g.scr.(module.Hinter)
	if !ok {
		return false
	}
	text, c, redraw := h.Hint()
	if text == g.hud.hint.Label {
		return redraw
	}
	g.hud.hint.Label = text
	if c != nil {
		g.hud.hint.SetColor(c)
	}
	return true
}

// logLines returns the event log, oldest first.
func (g *gameScreen) logLines() []logLine {
	lines := g.scr.Log()
	out := make([]logLine, len(lines))
	for i, l := range lines {
		out[i] = logLine{Turn: l.Turn, Text: l.Text, Link: l.Link}
	}
	return out
}

// logLen returns the event log's length.
func (g *gameScreen) logLen() int { return len(g.scr.Log()) }

// openLink follows a link of the log (logLine.Link), as the screen says.
func (g *gameScreen) openLink(id string) { g.scr.Link(id) }
