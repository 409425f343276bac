package app

import (
	"errors"
	"fmt"
	"image"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/conn"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// modScreen is the game screen of a ruleset whose module has a screen of
// its own (module.Screener): the shell frames it, the module's Screen
// draws the map, takes the input on it, fills the side panel and keeps
// the orders and the log.
type modScreen struct {
	shell
	play *conn.Game // the game's ruleset and view; nil in a replay
	scr  module.Screen
	// status is the screen's Status, asked once a frame.
	status module.Status
	// redraw asks for the map to be drawn again (Changed).
	redraw bool
	// replay is the saved game replayed, nil in a game being played; rp
	// the screen as it replays it.
	replay *screenReplay
	rp     module.Replayer
}

var (
	_ playScreen  = (*modScreen)(nil)
	_ screenPart  = (*modScreen)(nil)
	_ module.Host = (*modScreen)(nil)
	_ replayer    = (*modScreen)(nil)
)

// newModScreen returns the screen of a game of play's ruleset, whose
// module opens a screen of its own, showing the view of fv.
func newModScreen(a *App, play *conn.Game, fv *protocol.FullView) (*modScreen, error) {
	if play == nil || play.Ruleset() == nil {
		return nil, errors.New("the game's rules are not here")
	}
	rv, err := play.FullView(fv)
	if err != nil {
		return nil, err
	}
	g, err := newModScreenFor(a, play.Ruleset(), rv, nil)
	if err != nil {
		return nil, err
	}
	g.play = play
	return g, nil
}

// newModScreenFor returns the screen of a game of ruleset rs, whose module
// opens a screen of its own, showing view rv: a game being played, or
// with r, a replay (the screen must be a module.Replayer).
func newModScreenFor(a *App, rs ruleset.Ruleset, rv ruleset.View, r *screenReplay) (*modScreen, error) {
	m, ok := a.opts.Modules.Get(rs.Info().ID)
	if !ok {
		return nil, fmt.Errorf("no module of %s", rs.Info().Title)
	}
	sc, ok := m.(module.Screener)
	if !ok {
		return nil, fmt.Errorf("%s has no screen of its own", rs.Info().Title)
	}
	g := &modScreen{shell: shell{app: a, winW: a.width, winH: a.height}, replay: r}
	g.part = g
	scr, err := sc.OpenScreen(rs, g)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rs.Info().Title, err)
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
	g.hud = newHUD(&g.shell, nil)
	g.root = g.hud.root
	g.clock.Turn = protocol.Turn(g.status.Turn)
	g.refresh()
	return g, nil
}

// Theme implements module.Host.
func (g *modScreen) Theme() *menu.Theme { return g.app.theme }

// Notify implements module.Host.
func (g *modScreen) Notify(msg string) { g.notify(msg) }

// Changed implements module.Host.
func (g *modScreen) Changed(orders bool) {
	g.redraw = true
	if g.hud == nil {
		return // the screen's first view: the HUD is made next
	}
	g.hud.dirtySide = true
	if orders {
		g.hud.dirtyOrders = true
	}
}

// OpenWindow implements module.Host.
func (g *modScreen) OpenWindow(c *widget.Container) { g.hud.openWindow(c) }

// CloseWindow implements module.Host.
func (g *modScreen) CloseWindow() { g.hud.closeWindow() }

// MapRect implements module.Host.
func (g *modScreen) MapRect() image.Rectangle { return g.mapRect() }

// PanelWidth implements module.Host.
func (g *modScreen) PanelWidth() int { return sideWidth - 40 }

// Act implements module.Host: the player's action in the step being
// played, sent with the step's Seq.
func (g *modScreen) Act(action []byte) bool {
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
	return true
}

// stepChanged tells a module.Stepper the step the clock announces.
func (g *modScreen) stepChanged() {
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
func (g *modScreen) actAnswered(r *protocol.ActResult) {
	if st, ok := g.scr.(module.Stepper); ok {
		st.ActResult(r.Seq, r.Error)
		g.redraw = true
	}
}

// resize implements playScreen.
func (g *modScreen) resize(w, h int) { g.resizeShell(w, h) }

// input is what the screen may do with this frame's input.
func (g *modScreen) input() module.Input {
	pt := g.app.in.Cursor
	in := module.Input{Frame: g.app.in, Map: g.mapRect(), Size: image.Pt(g.winW, g.winH), Minimap: g.minimapRect(), Modal: g.hud.window != nil}
	in.OnMinimap = !in.Modal && pt.In(in.Minimap.Inset(-4))
	in.Pointer = !in.Modal && pt.In(in.Map) && !pt.In(g.hud.logBox.GetWidget().Rect) && !in.OnMinimap
	in.Keys = !in.Modal && g.keysFree()
	in.Orders = g.status.You != 0 && !g.out() && g.over == nil && g.replay == nil
	return in
}

// minimapRect is the corner left for the screen's minimap: bottom left,
// beside the log, as on the hex engine's screen.
func (g *modScreen) minimapRect() image.Rectangle {
	return image.Rect(6, g.winH-minimapH-6, 6+minimapW, g.winH-6)
}

// keys handles the keys the shell keeps: F1 the help, Enter the end of
// the turn (in a replay: the next turn, as on the hex engine's screen);
// Escape and F1 in a window; Escape in a text field.
func (g *modScreen) keys() {
	if g.windowKeys() {
		return
	}
	in := g.app.in
	switch {
	case in.Hit(ebiten.KeyF1):
		g.hud.toggleHelp()
	case g.replay != nil && in.Hit(ebiten.KeyEnter, ebiten.KeyKPEnter):
		g.replayStep(false)
	case in.Hit(ebiten.KeyEnter, ebiten.KeyKPEnter):
		g.endTurnClicked()
	}
}

// update implements playScreen.
func (g *modScreen) update() bool {
	g.frame++
	g.status = g.scr.Status()
	// The input is the map's as the frame began: Escape that closes a
	// window does not also deselect on the map.
	in := g.input()
	g.keys()
	drawn := g.scr.Update(in)
	if g.rp != nil {
		tickReplay(g, g.rp.Animating())
	}
	changed := g.tick()
	if g.redraw {
		drawn, g.redraw = true, false
	}
	return changed || drawn
}

// drawMap implements playScreen.
func (g *modScreen) drawMap(screen *ebiten.Image) {
	area := screen.SubImage(g.mapRect().Add(screen.Bounds().Min)).(*ebiten.Image)
	g.scr.Draw(area)
}

// drawOver implements playScreen.
func (g *modScreen) drawOver(screen *ebiten.Image) {
	if g.hud.window == nil {
		g.scr.DrawOver(screen)
	}
	g.drawNotice(screen)
}

// fullView implements playScreen.
func (g *modScreen) fullView(fv *protocol.FullView) {
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

// turnUpdate implements playScreen: the resolved turn's view, checked
// against the server's checksum, and its events; a view that does not
// apply asks for the whole view.
func (g *modScreen) turnUpdate(u *protocol.TurnUpdate) {
	rv, err := g.play.Update(u)
	if err != nil {
		if errors.Is(err, conn.ErrOutOfSync) {
			g.notify("Out of step with the server: fetching the whole view")
		} else {
			g.notify(err.Error())
		}
		g.play.Forget()
		g.app.send(&protocol.RequestView{})
		return
	}
	wasOut := g.out()
	if err := g.scr.Resolved(rv, u.Events); err != nil {
		g.notify(err.Error())
	}
	g.status = g.scr.Status()
	g.ready = false
	g.sent = nil
	g.refresh()
	if !wasOut && g.out() && g.over == nil {
		g.hud.showOut()
	}
}

// probe implements playScreen.
func (g *modScreen) probe() module.Probe { return g.scr.Probe() }

// you implements screenPart.
func (g *modScreen) you() protocol.Seat { return protocol.Seat(g.status.You) }

// turn implements screenPart.
func (g *modScreen) turn() protocol.Turn { return protocol.Turn(g.status.Turn) }

// players implements screenPart.
func (g *modScreen) players() []playerInfo {
	out := make([]playerInfo, len(g.status.Players))
	for i, p := range g.status.Players {
		out[i] = playerInfo{Seat: protocol.Seat(i + 1), Name: p.Name, Alive: p.Alive}
	}
	return out
}

// playerName implements screenPart.
func (g *modScreen) playerName(s protocol.Seat) string {
	if s == 0 {
		return "Neutral"
	}
	if int(s) <= len(g.status.Players) {
		return g.status.Players[s-1].Name
	}
	return fmt.Sprintf("Player %d", s)
}

// turnName implements screenPart.
func (g *modScreen) turnName(t protocol.Turn) string { return fmt.Sprintf("Turn %d", t) }

// replaying implements screenPart.
func (g *modScreen) replaying() bool { return g.replay != nil }

// submission implements screenPart: nothing in a replay.
func (g *modScreen) submission() *protocol.SubmitOrders {
	if g.replay != nil {
		return nil
	}
	data, ok := g.scr.Submission()
	if !ok {
		return nil
	}
	return &protocol.SubmitOrders{Turn: g.turn(), Orders: data}
}

// applyResult implements screenPart: a verdict on this turn's orders.
func (g *modScreen) applyResult(r *protocol.OrdersResult) {
	if r.Turn != g.turn() {
		return
	}
	g.scr.Rejected(r.Errors)
	g.hud.dirtySide = true
}

// endWarning implements screenPart: nothing to warn of.
func (g *modScreen) endWarning() string { return "" }

// help implements screenPart.
func (g *modScreen) help() menu.HelpContent { return g.scr.Help() }

// topTexts implements screenPart: the step's name where the ruleset
// gives one ("Round 3 · Attack"), else the turn.
func (g *modScreen) topTexts() topTexts {
	if g.clock.Phase != "" && g.replay == nil {
		return topTexts{Turn: g.clock.Phase}
	}
	return topTexts{Turn: fmt.Sprintf("Turn %d", g.status.Turn)}
}

// fillSide implements screenPart.
func (g *modScreen) fillSide() { g.scr.Side(g.hud.side, g.input()) }

// fillOrders implements screenPart.
func (g *modScreen) fillOrders() { g.scr.Orders(g.hud.orders) }

// updateHint implements screenPart: a module's screen says its hints in
// its side panel.
func (g *modScreen) updateHint() bool { return false }

// logLines implements screenPart.
func (g *modScreen) logLines() []logLine {
	lines := g.scr.Log()
	out := make([]logLine, len(lines))
	for i, l := range lines {
		out[i] = logLine{Turn: l.Turn, Text: l.Text, Link: l.Link}
	}
	return out
}

// logLen implements screenPart.
func (g *modScreen) logLen() int { return len(g.scr.Log()) }

// openLink implements screenPart.
func (g *modScreen) openLink(id string) { g.scr.Link(id) }
