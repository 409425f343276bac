package app

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// gameScreen is the game screen: the shell's frame of every game,
// whatever draws it, around the screen the game's module opens
// (module.Screen). The shell has the top bar with the turn, the clock,
// who is ready and End turn; the side panel's frame; the event log and
// the chat line; the notices; the game's menu, the help and the windows
// over the map; and the state of the turn (the server's clock, whether
// the player is ready, the orders last sent). The screen draws the map,
// takes the input on it, fills the side panel and keeps the orders and
// the log. It lives on the UI goroutine, like App.
type gameScreen struct {
	app  *App
	hud  *hud
	root *widget.Container

	play *conn.Game // the game's ruleset and view; nil in a replay
	scr  module.Screen
	// status is the screen's Status, asked once a frame.
	status module.Status
	// redraw asks for the map to be drawn again (Changed).
	redraw bool
	// replay is the saved game replayed, nil in a game being played; rp
	// the screen as it replays it.
	replay *replay
	rp     module.Replayer
	// hint is the first turn's hint shown over the map, nil for none.
	hint *firstHint

	clock    protocol.TurnClock
	ready    bool          // the server's last clock, or the player since, says the player is ready
	readyFor protocol.Turn // the turn the player ended (SetReady), 0 if none
	rejoined bool          // the seat was taken back: the next clock is the server's after it
	over     *protocol.GameOver
	lobby    *protocol.Lobby
	sent     []byte // the list last sent for sentTurn, encoded
	sentTurn protocol.Turn
	sentSeq  uint32 // the seq of the last SubmitOrders, which its answer replies to
	sentAt   int    // frame of the last SubmitOrders
	// readyAfter is the seq of the SubmitOrders whose answer End turn
	// waits for before it says the player is ready (readyWhenAccepted), 0
	// when it waits for none.
	readyAfter uint32
	results    int                  // OrdersResults received
	rejected   []protocol.Rejection // the orders the last OrdersResult refused
	frame      int

	// The window's size, in pixels.
	winW, winH int

	notice      string
	noticeUntil time.Time

	// The keyboard (keyboard.go): the part of the screen it is in, the
	// place of the focus in each part, the log's marked line (-1 for
	// none), and whether keys were pressed since the pointer last moved
	// (where it was last frame).
	part       part
	focusAt    [partCount]int
	logAt      int
	keyRest    bool
	lastCursor image.Point
	// wasTyping reports that a text field had the keyboard as the frame
	// began: the frame's keys were the field's (its Enter sent a line),
	// though it has let the keyboard go since.
	wasTyping bool
}

// playerInfo is what the shell knows of a player.
type playerInfo struct {
	Seat  protocol.Seat
	Name  string
	Alive bool
}

// logLine is a line of the event log as the shell shows it.
type logLine struct {
	Turn protocol.Turn
	Text string
	// Link, if not "", makes the line a link: openLink gets it.
	Link string
}

// resize follows the window's size: the top bar's texts are fitted
// to the width, the log wrapped.
func (g *gameScreen) resize(w, h int) {
	if w != g.winW || h != g.winH {
		g.hud.dirtyTop, g.hud.dirtyLog = true, true
	}
	g.winW, g.winH = w, h
	g.hud.layout()
}

// rebuildHUD builds the HUD again at the theme as it is now (the
// interface size changed: App.applyScale), with the first turn's hint,
// and shows it; the keyboard stays in its part of the screen, at its
// place there.
func (g *gameScreen) rebuildHUD() {
	h := g.hud.rebuild()
	g.root = h.root
	if g.hint != nil {
		g.addFirstHint()
	}
	win, kind := h.window, h.windowKind
	g.app.setRoot(g.root, screenGame)
	if win != nil && kind != windowNone {
		g.focusWindow() // setRoot cleared the focus of the window opened again
	} else {
		g.restorePart()
	}
	g.redraw = true
}

// mapRect is the part of the window the map is drawn in, in window
// pixels: below the top bar and left of the side panel (the log floats
// over its bottom).
func (g *gameScreen) mapRect() image.Rectangle {
	top := g.px(topBarHeight)
	return image.Rect(0, top, max(g.winW-g.px(sideWidth), 1), max(g.winH, top+1))
}

// tick does a frame's work of the shell, after the screen's input: it
// sends changed orders (at most three times a second), refreshes the HUD
// and lets an old notice go. It reports whether the HUD changed.
func (g *gameScreen) tick() bool {
	if g.frame-g.sentAt >= 20 {
		g.submit(false)
	}
	changed := g.hud.update()
	if g.notice != "" && !time.Now().Before(g.noticeUntil) {
		g.notice, changed = "", true
	}
	return changed
}

// notify shows msg over the map for a few seconds.
func (g *gameScreen) notify(msg string) {
	g.notice, g.noticeUntil = msg, time.Now().Add(6*time.Second)
}

// drawNotice draws the notice, if any, at the map's top left: below the
// first turn's hint and below an open window (whose title it would
// cover), or, where a window leaves no room under it, at the map's
// bottom left.
func (g *gameScreen) drawNotice(screen *ebiten.Image) {
	if g.notice != "" && time.Now().Before(g.noticeUntil) {
		t := g.app.theme
		kit.DrawBoxScaled(screen, t.Scale(), t.NormalFace(), []string{g.notice}, t.Pxf(20), float64(g.noticeTop()), g.mapRect(), color.RGBA{60, 30, 24, 235}, color.RGBA{255, 230, 200, 255})
	}
}

// noticeTop is the y of the notice's top (drawNotice).
func (g *gameScreen) noticeTop() int {
	y := g.px(topBarHeight + 10)
	if g.hint != nil {
		y = max(y, g.firstHintRect().Max.Y+g.px(8))
	}
	if g.hud.window != nil {
		y = max(y, g.hud.windowRect.Max.Y+g.px(8))
		if y+g.px(40) > g.winH {
			y = g.winH // DrawBox keeps the box inside the map: its bottom
		}
	}
	return y
}

// out reports whether the player is out of the game (eliminated); a
// spectator is not.
func (g *gameScreen) out() bool {
	you := g.you()
	ps := g.players()
	if you == 0 || int(you) > len(ps) {
		return false
	}
	return !ps[you-1].Alive
}

// setClock takes the server's turn clock: the step played, its deadline,
// who is ready and who must act. The first clock after the seat was taken
// back (rejoin) may ask for the orders and the readiness again. While End
// turn waits for the server's answer to the orders the player stays
// ready on the screen.
func (g *gameScreen) setClock(c *protocol.TurnClock) {
	g.clock = *c
	g.ready = slices.Contains(c.Ready, g.you()) || g.readyAfter != 0
	if g.rejoined {
		g.rejoined = false
		g.resume()
	}
	g.hud.dirtyTop = true
}

// rejoin notes that the server gave the seat back, after a dropped
// connection or a restart: its next clock says where it is.
func (g *gameScreen) rejoin() { g.rejoined = true }

// resume gives the server that gave the seat back what it may have lost:
// a server restarted from its last saved turn plays the step afresh, with
// no orders and nobody ready. Unless the server says the player is ready
// (it kept the turn), the drafted orders are sent again if they are for
// the turn the server is on, and if the player had ended that turn it is
// ended again. Orders of another turn were dropped with the view.
func (g *gameScreen) resume() {
	you := g.you()
	switch {
	case g.ready || g.replaying() || g.over != nil || g.out() || g.interactive():
		return
	case !slices.Contains(g.clock.Actors, you), g.clock.Turn != g.turn():
		return
	}
	if g.readyFor == g.clock.Turn {
		g.setReady(true)
		return
	}
	g.submit(true)
}

// setLobby keeps the table's names and seats.
func (g *gameScreen) setLobby(m *protocol.Lobby) {
	g.lobby = m
	g.hud.dirtyTop = true
}

// ordersResult shows the server's verdict on the orders, the answer to
// the SubmitOrders of seq reply. If End turn waits for it
// (readyWhenAccepted), an acceptance says the player is ready; a refusal
// takes the turn back and asks, naming each order refused and why: the
// turn never ends on a refusal the player has not seen.
func (g *gameScreen) ordersResult(r *protocol.OrdersResult, reply uint32) {
	g.applyResult(r)
	g.results++
	g.rejected = r.Errors
	if len(r.Errors) > 0 {
		g.notify(fmt.Sprintf("The server refused %s: see the list", countWord(len(r.Errors), "order", "orders")))
	}
	g.hud.dirtyOrders = true
	if g.readyAfter == 0 || reply != g.readyAfter {
		return
	}
	g.readyAfter = 0
	if len(r.Errors) == 0 {
		g.app.send(&protocol.SetReady{Ready: true, Seq: g.clock.Seq})
		return
	}
	g.ready, g.readyFor = false, 0
	g.hud.dirtyTop = true
	title, text := g.endWarning()
	if title == "" {
		title, text = "Orders refused", refusalText(r.Errors)
	}
	g.hud.confirm(title, text, "End turn anyway", g.endAnyway)
}

// submitFailed takes the server's error in answer to the message of seq
// reply: if End turn waits for it, the turn is not ended (the notice
// says the error).
func (g *gameScreen) submitFailed(reply uint32) {
	if g.readyAfter != 0 && reply == g.readyAfter {
		g.readyAfter, g.ready, g.readyFor = 0, false, 0
		g.hud.dirtyTop = true
	}
}

// refusalText says which orders the server refused and why, for a screen
// that does not say it (module.Warner).
func refusalText(errs []protocol.Rejection) string {
	lines := []string{fmt.Sprintf("The server refused %s:", countWord(len(errs), "order", "orders"))}
	for _, e := range errs {
		lines = append(lines, fmt.Sprintf("%s: %s.", kit.CapitalFirst(e.Order), e.Reason))
	}
	return strings.Join(append(lines, "It keeps the orders it accepted last. Change them, or end the turn anyway."), "\n")
}

// countWord writes "1 order", "3 orders".
func countWord(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// actResult shows the server's verdict on an action: a refusal as a
// refused order is shown.
func (g *gameScreen) actResult(r *protocol.ActResult) {
	g.results++
	if r.Error != "" {
		g.notify("The server refused your move: " + r.Error)
	}
	g.hud.dirtyOrders = true
}

// gameOver shows the end of the game.
func (g *gameScreen) gameOver(m *protocol.GameOver) {
	g.over = m
	g.hud.showGameOver(m)
}

// chat shows a chat line in the log.
func (g *gameScreen) chat(m *protocol.ChatMessage) {
	g.hud.addChat(fmt.Sprintf("%s: %s", m.Name, m.Text))
}

// refresh marks everything the HUD shows as changed.
func (g *gameScreen) refresh() {
	g.hud.dirtyTop, g.hud.dirtySide, g.hud.dirtyOrders, g.hud.dirtyLog = true, true, true, true
}

// setReady sends the orders and says the player is done (or not): done
// only once the server has accepted the orders sent (readyAfter; see
// ordersResult), so a refused order is shown before the turn can end.
func (g *gameScreen) setReady(r bool) {
	if g.over != nil || g.out() {
		return
	}
	g.readyFor, g.readyAfter = 0, 0
	g.ready = r
	g.hud.dirtyTop = true
	if r {
		g.readyFor = g.turn()
		if g.submit(true) {
			g.readyAfter = g.sentSeq
			return
		}
	}
	g.app.send(&protocol.SetReady{Ready: r, Seq: g.clock.Seq})
}

// interactive reports whether the step played is interactive: the player
// acts, and gives no orders for the turn.
func (g *gameScreen) interactive() bool {
	m := ruleset.Mode(g.clock.Mode)
	return m == ruleset.Interactive || m == ruleset.Concurrent
}

// submit sends the order list if it changed since it was last sent (or
// always, with force), and reports whether it went to the server, whose
// answer will reply to sentSeq; in an interactive
// step there is none to send. While End turn waits for the server's
// answer, it waits for the answer to the list sent last.
func (g *gameScreen) submit(force bool) bool {
	if g.interactive() {
		return false
	}
	sub := g.submission()
	if sub == nil || g.out() || g.over != nil {
		return false // nothing to send: the server takes no orders from a player out of the game
	}
	if !force && sub.Turn == g.sentTurn && bytes.Equal(sub.Orders, g.sent) {
		return false
	}
	sub.Seq = g.clock.Seq
	seq, ok := g.app.sendSeq(sub)
	g.sent, g.sentTurn, g.sentAt = sub.Orders, sub.Turn, g.frame
	if !ok {
		return false // not connected, or the queue is full: nothing will answer
	}
	g.sentSeq = seq
	if g.readyAfter != 0 {
		g.readyAfter = seq
	}
	return true
}

// readiness is who is done with the step being played and whom it waits
// for, as the top bar says it; in an interactive step, what is asked and
// of whom.
type readiness struct {
	interactive   bool     // the step is interactive: it asks, nobody is ready
	prompt        string   // an interactive step's question: "Bob chooses a blocker"
	done, waiting []string // "you", then the others by seat
}

// readiness returns who is done with the step and whom it waits for:
// only the step's actors (TurnClock's Actors) are waited for, and of them
// only the people (the AI's seats are ready as soon as the step starts).
// A replay and a game over wait for nobody.
func (g *gameScreen) readiness() readiness {
	var r readiness
	if g.over != nil || g.replaying() {
		return r
	}
	you := g.you()
	players := g.players()
	actor := func(p protocol.Seat) bool {
		return len(g.clock.Actors) == 0 || slices.Contains(g.clock.Actors, p)
	}
	if ruleset.Mode(g.clock.Mode) == ruleset.Interactive {
		r.interactive, r.prompt = true, g.clock.Prompt
		for _, pl := range players {
			if pl.Alive && actor(pl.Seat) {
				r.waiting = append(r.waiting, g.playerWord(pl.Seat))
			}
		}
		r.waiting = youFirst(r.waiting)
		return r
	}
	ready := map[protocol.Seat]bool{}
	for _, p := range g.clock.Ready {
		ready[p] = true
	}
	if g.ready && you != 0 {
		ready[you] = true
	}
	for _, pl := range players {
		p := pl.Seat
		switch {
		case !pl.Alive || !actor(p):
		case ready[p]:
			r.done = append(r.done, g.playerWord(p))
		case p == you || g.human(p):
			r.waiting = append(r.waiting, g.playerWord(p))
		}
	}
	r.done, r.waiting = youFirst(r.done), youFirst(r.waiting)
	return r
}

// text says r in the top bar with at most done names of who is ready and
// waiting of whom the step waits for, then how many more: "Ready: you,
// Anna  ·  waiting for Bob"; "Bob chooses a blocker  ·  waiting for
// Bob". With done 0 it leaves out who is ready.
func (r readiness) text(done, waiting int) string {
	var parts []string
	if r.prompt != "" {
		parts = append(parts, r.prompt)
	}
	if len(r.done) > 0 && done > 0 {
		parts = append(parts, "Ready: "+namesUpTo(r.done, done))
	}
	if len(r.waiting) > 0 {
		parts = append(parts, "waiting for "+namesUpTo(r.waiting, waiting))
	}
	return strings.Join(parts, "  ·  ")
}

// forms returns the ways the top bar may say r, longest first: whom the
// step waits for goes last, so every name of it comes before every name
// of who is ready; the fewer names, the more a count says ("and 2 more");
// the last form counts whom the step waits for ("waiting for 3 players").
func (r readiness) forms() []string {
	var out []string
	for w := max(len(r.waiting), 1); w >= 1; w-- {
		for _, d := range []int{len(r.done), 1, 0} {
			if f := r.text(d, w); f != "" {
				out = append(out, f)
			}
		}
	}
	if len(r.waiting) > 1 && r.prompt == "" {
		out = append(out, fmt.Sprintf("waiting for %d players", len(r.waiting)))
	}
	return slices.Compact(out)
}

// lines returns r in full for the top bar's tooltip: every name, a line
// for who is ready and one for whom the step waits for.
func (r readiness) lines() []string {
	var out []string
	if r.prompt != "" {
		out = append(out, r.prompt)
	}
	if len(r.done) > 0 {
		out = append(out, "Ready: "+strings.Join(r.done, ", "))
	}
	if len(r.waiting) > 0 {
		out = append(out, "Waiting for: "+strings.Join(r.waiting, ", "))
	}
	return out
}

// readyText says who is done with the turn, the player included, and
// whom the turn waits for, as the top bar says it when it has the room:
// "Ready: you, Anna  ·  waiting for Bob"; in an interactive step, what is
// asked and of whom: "Bob chooses a blocker  ·  waiting for Bob"; past
// shortListMost names, how many more.
func (g *gameScreen) readyText() string {
	if g.over != nil || g.replaying() {
		return ""
	}
	r := g.readiness()
	if s := r.text(shortListMost, shortListMost); s != "" || r.interactive {
		return s
	}
	return "Nobody is ready"
}

// playerWord names player p in the top bar: "you", or the name.
func (g *gameScreen) playerWord(p protocol.Seat) string {
	if p == g.you() && p != 0 {
		return "you"
	}
	return g.playerName(p)
}

// human reports whether a person holds player p's seat, as the table last
// said (the AI's seats are ready as soon as the turn starts).
func (g *gameScreen) human(p protocol.Seat) bool {
	if g.lobby == nil {
		return false
	}
	for _, st := range g.lobby.Seats {
		if st.Seat == p {
			return st.Human
		}
	}
	return false
}

// endTurnClicked ends the turn, or takes it back; when the screen warns
// of a loss (module.Warner) it asks first.
func (g *gameScreen) endTurnClicked() {
	if g.interactive() {
		return // a step of single actions has no end to say
	}
	if g.ready || g.over != nil || g.out() {
		g.setReady(false)
		return
	}
	title, text := g.endWarning()
	if text == "" {
		g.setReady(true)
		return
	}
	g.hud.confirm(title, text, "End turn anyway", g.endAnyway)
}

// endAnyway ends the turn after a warning: the orders the server refuses
// are taken out first (module.Pruner), so the turn plays the orders the
// player sees rather than the list the server accepted last.
func (g *gameScreen) endAnyway() {
	if p, ok := g.scr.(module.Pruner); ok {
		p.DropRefused()
	}
	g.setReady(true)
}
