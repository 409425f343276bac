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
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// playScreen is a game screen as App holds it: the hex engine's
// (gameScreen), or a screen a ruleset's module opens for games that are
// not on the hex engine (modScreen). Every one is framed by a shell, which
// App reaches through sh for what all screens share (the turn's clock, the
// orders' verdicts, the chat, the end of the game).
type playScreen interface {
	// sh returns the screen's shell.
	sh() *shell
	// resize follows the window's size, each frame.
	resize(w, h int)
	// update handles a frame's input and time, and reports whether the
	// HUD changed.
	update() bool
	// drawMap draws the map where the HUD leaves it room; drawOver what
	// goes over the HUD (tooltips, notices).
	drawMap(screen *ebiten.Image)
	drawOver(screen *ebiten.Image)
	// fullView replaces the view (after a reconnect or a mismatch).
	fullView(fv *protocol.FullView)
	// turnUpdate applies a resolved turn.
	turnUpdate(u *protocol.TurnUpdate)
	// probe returns the game screen's part of a test's probe.
	probe() module.Probe
}

// screenPart is what a shell asks of the screen it frames: the view's
// player, turn and players, the orders drafted, and the side panel's,
// the orders' and the log's contents.
type screenPart interface {
	// you is the player's seat (0: a spectator); turn the view's turn.
	you() protocol.Seat
	turn() protocol.Turn
	// players are the game's players, seat s at s-1.
	players() []playerInfo
	// playerName names seat s ("Neutral" for 0).
	playerName(s protocol.Seat) string
	// turnName names turn t: "Turn 9" (or a calendar's "Day 9").
	turnName(t protocol.Turn) string
	// replaying reports whether the screen replays a saved game.
	replaying() bool
	// submission returns the orders drafted for the turn, nil if there is
	// nothing to send.
	submission() *protocol.SubmitOrders
	// applyResult takes the server's verdict on the orders last sent.
	applyResult(r *protocol.OrdersResult)
	// endWarning says what ending the turn now would cost ("upkeep
	// removes 2 units"), "" for nothing: the shell asks first.
	endWarning() string
	// help returns the help's contents.
	help() menu.HelpContent
	// topTexts returns the top bar's turn (long and short), order slot
	// and money.
	topTexts() topTexts
	// fillSide rebuilds the side panel's selection part (hud.side);
	// fillOrders the list of the turn's orders (hud.orders).
	fillSide()
	fillOrders()
	// updateHint sets the side panel's hint line from the pointer, and
	// reports whether it changed.
	updateHint() bool
	// logLines returns the event log, oldest first, and logLen its length
	// (cheaply); openLink follows one of its links (logLine.Link).
	logLines() []logLine
	logLen() int
	openLink(id string)
}

// playerInfo is what the shell knows of a player.
type playerInfo struct {
	Seat  protocol.Seat
	Name  string
	Alive bool
}

// topTexts are the ruleset's texts of the top bar.
type topTexts struct {
	// Turn is the turn ("Turn 9"), Short a shorter form for a narrow
	// window ("" for none).
	Turn, Short string
	// Slot is the turn's one order, when a ruleset allows one ("" for
	// none); Money the treasury.
	Slot       string
	SlotColor  color.Color
	Money      string
	MoneyColor color.Color
}

// logLine is a line of the event log as the shell shows it.
type logLine struct {
	Turn protocol.Turn
	Text string
	// Link, if not "", makes the line a link: openLink gets it.
	Link string
}

// shell is what every game screen shares, whatever draws its map: the top
// bar with the turn, the clock, who is ready and End turn; the side
// panel's frame; the event log and the chat line; the notices; the game's
// menu, the help and the windows over the map; and the state of the turn
// (the server's clock, whether the player is ready, the orders last
// sent). A screen embeds it and gives it its own part (part). It lives on
// the UI goroutine, like App.
type shell struct {
	app  *App
	part screenPart
	hud  *hud
	root *widget.Container

	clock    protocol.TurnClock
	ready    bool          // the server's last clock, or the player since, says the player is ready
	readyFor protocol.Turn // the turn the player ended (SetReady), 0 if none
	rejoined bool          // the seat was taken back: the next clock is the server's after it
	over     *protocol.GameOver
	lobby    *protocol.Lobby
	sent     []byte // the list last sent for sentTurn, encoded
	sentTurn protocol.Turn
	sentAt   int                  // frame of the last SubmitOrders
	results  int                  // OrdersResults received
	rejected []protocol.Rejection // the orders the last OrdersResult refused
	frame    int

	// The window's size, in pixels.
	winW, winH int

	notice      string
	noticeUntil time.Time
}

// sh implements playScreen.
func (s *shell) sh() *shell { return s }

// resizeShell follows the window's size: the top bar's texts are fitted
// to the width, the log wrapped.
func (s *shell) resizeShell(w, h int) {
	if w != s.winW || h != s.winH {
		s.hud.dirtyTop, s.hud.dirtyLog = true, true
	}
	s.winW, s.winH = w, h
	s.hud.layout()
}

// mapRect is the part of the window the map is drawn in, in window
// pixels: below the top bar and left of the side panel (the log floats
// over its bottom).
func (s *shell) mapRect() image.Rectangle {
	return image.Rect(0, topBarHeight, max(s.winW-sideWidth, 1), max(s.winH, topBarHeight+1))
}

// tick does a frame's work of the shell, after the screen's input: it
// sends changed orders (at most three times a second), refreshes the HUD
// and lets an old notice go. It reports whether the HUD changed.
func (s *shell) tick() bool {
	if s.frame-s.sentAt >= 20 {
		s.submit(false)
	}
	changed := s.hud.update()
	if s.notice != "" && !time.Now().Before(s.noticeUntil) {
		s.notice, changed = "", true
	}
	return changed
}

// notify shows msg over the map for a few seconds.
func (s *shell) notify(msg string) {
	s.notice, s.noticeUntil = msg, time.Now().Add(6*time.Second)
}

// drawNotice draws the notice, if any, at the map's top left.
func (s *shell) drawNotice(screen *ebiten.Image) {
	if s.notice != "" && time.Now().Before(s.noticeUntil) {
		kit.DrawBox(screen, s.app.theme.NormalFace(), []string{s.notice}, 20, topBarHeight+10, s.mapRect(), color.RGBA{60, 30, 24, 235}, color.RGBA{255, 230, 200, 255})
	}
}

// out reports whether the player is out of the game (eliminated); a
// spectator is not.
func (s *shell) out() bool {
	you := s.part.you()
	ps := s.part.players()
	if you == 0 || int(you) > len(ps) {
		return false
	}
	return !ps[you-1].Alive
}

// setClock takes the server's turn clock: the step played, its deadline,
// who is ready and who must act. The first clock after the seat was taken
// back (rejoin) may ask for the orders and the readiness again.
func (s *shell) setClock(c *protocol.TurnClock) {
	s.clock = *c
	s.ready = slices.Contains(c.Ready, s.part.you())
	if s.rejoined {
		s.rejoined = false
		s.resume()
	}
	s.hud.dirtyTop = true
}

// rejoin notes that the server gave the seat back, after a dropped
// connection or a restart: its next clock says where it is.
func (s *shell) rejoin() { s.rejoined = true }

// resume gives the server that gave the seat back what it may have lost:
// a server restarted from its last saved turn plays the step afresh, with
// no orders and nobody ready. Unless the server says the player is ready
// (it kept the turn), the drafted orders are sent again if they are for
// the turn the server is on, and if the player had ended that turn it is
// ended again. Orders of another turn were dropped with the view.
func (s *shell) resume() {
	you := s.part.you()
	switch {
	case s.ready || s.part.replaying() || s.over != nil || s.out() || s.interactive():
		return
	case !slices.Contains(s.clock.Actors, you), s.clock.Turn != s.part.turn():
		return
	}
	s.submit(true)
	if s.readyFor == s.clock.Turn {
		s.app.send(&protocol.SetReady{Ready: true})
		s.ready = true
	}
}

// setLobby keeps the table's names and seats.
func (s *shell) setLobby(m *protocol.Lobby) {
	s.lobby = m
	s.hud.dirtyTop = true
}

// ordersResult shows the server's verdict on the orders.
func (s *shell) ordersResult(r *protocol.OrdersResult) {
	s.part.applyResult(r)
	s.results++
	s.rejected = r.Errors
	if len(r.Errors) > 0 {
		s.notify(fmt.Sprintf("The server refused %d order(s): see the list", len(r.Errors)))
	}
	s.hud.dirtyOrders = true
}

// actResult shows the server's verdict on an action: a refusal as a
// refused order is shown.
func (s *shell) actResult(r *protocol.ActResult) {
	s.results++
	if r.Error != "" {
		s.notify("The server refused your move: " + r.Error)
	}
	s.hud.dirtyOrders = true
}

// gameOver shows the end of the game.
func (s *shell) gameOver(m *protocol.GameOver) {
	s.over = m
	s.hud.showGameOver(m)
}

// chat shows a chat line in the log.
func (s *shell) chat(m *protocol.ChatMessage) {
	s.hud.addChat(fmt.Sprintf("%s: %s", m.Name, m.Text))
}

// refresh marks everything the HUD shows as changed.
func (s *shell) refresh() {
	s.hud.dirtyTop, s.hud.dirtySide, s.hud.dirtyOrders, s.hud.dirtyLog = true, true, true, true
}

// setReady sends the orders and says the player is done (or not).
func (s *shell) setReady(r bool) {
	if s.over != nil || s.out() {
		return
	}
	s.readyFor = 0
	if r {
		s.submit(true)
		s.readyFor = s.part.turn()
	}
	s.app.send(&protocol.SetReady{Ready: r})
	s.ready = r
	s.hud.dirtyTop = true
}

// interactive reports whether the step played is interactive: the player
// acts, and gives no orders for the turn.
func (s *shell) interactive() bool {
	m := ruleset.Mode(s.clock.Mode)
	return m == ruleset.Interactive || m == ruleset.Concurrent
}

// submit sends the order list if it changed since it was last sent (or
// always, with force); in an interactive step there is none to send.
func (s *shell) submit(force bool) {
	if s.interactive() {
		return
	}
	sub := s.part.submission()
	if sub == nil || s.out() || s.over != nil {
		return // nothing to send: the server takes no orders from a player out of the game
	}
	if !force && sub.Turn == s.sentTurn && bytes.Equal(sub.Orders, s.sent) {
		return
	}
	s.app.send(sub)
	s.sent, s.sentTurn, s.sentAt = sub.Orders, sub.Turn, s.frame
}

// readyText says who is done with the turn, the player included, and
// whom the turn waits for: "Ready: you, Anna  ·  waiting for Bob"; in an
// interactive step, what is asked and of whom: "Bob chooses a blocker  ·
// waiting for Bob". Only the step's actors (TurnClock's Actors) are waited
// for.
func (s *shell) readyText() string {
	if s.over != nil || s.part.replaying() {
		return ""
	}
	you := s.part.you()
	players := s.part.players()
	actor := func(p protocol.Seat) bool {
		return len(s.clock.Actors) == 0 || slices.Contains(s.clock.Actors, p)
	}
	if ruleset.Mode(s.clock.Mode) == ruleset.Interactive {
		var parts, waiting []string
		if s.clock.Prompt != "" {
			parts = append(parts, s.clock.Prompt)
		}
		for _, pl := range players {
			if pl.Alive && actor(pl.Seat) {
				waiting = append(waiting, s.playerWord(pl.Seat))
			}
		}
		if len(waiting) > 0 {
			parts = append(parts, "waiting for "+strings.Join(waiting, ", "))
		}
		return strings.Join(parts, "  ·  ")
	}
	ready := map[protocol.Seat]bool{}
	for _, p := range s.clock.Ready {
		ready[p] = true
	}
	if s.ready && you != 0 {
		ready[you] = true
	}
	var done, waiting []string
	for _, pl := range players {
		p := pl.Seat
		switch {
		case !pl.Alive || !actor(p):
		case ready[p]:
			done = append(done, s.playerWord(p))
		case p == you || s.human(p):
			waiting = append(waiting, s.playerWord(p))
		}
	}
	var parts []string
	if len(done) > 0 {
		parts = append(parts, "Ready: "+strings.Join(done, ", "))
	}
	if len(waiting) > 0 {
		parts = append(parts, "waiting for "+strings.Join(waiting, ", "))
	}
	if len(parts) == 0 {
		return "Nobody is ready"
	}
	return strings.Join(parts, "  ·  ")
}

// playerWord names player p in the top bar: "you", or the name.
func (s *shell) playerWord(p protocol.Seat) string {
	if p == s.part.you() && p != 0 {
		return "you"
	}
	return s.part.playerName(p)
}

// human reports whether a person holds player p's seat, as the table last
// said (the AI's seats are ready as soon as the turn starts).
func (s *shell) human(p protocol.Seat) bool {
	if s.lobby == nil {
		return false
	}
	for _, st := range s.lobby.Seats {
		if st.Seat == p {
			return st.Human
		}
	}
	return false
}

// endTurnClicked ends the turn, or takes it back; when the screen warns
// of a loss (upkeep would remove units) it asks first.
func (s *shell) endTurnClicked() {
	if s.interactive() {
		return // a step of single actions has no end to say
	}
	if s.ready || s.over != nil || s.out() {
		s.setReady(false)
		return
	}
	warning := s.part.endWarning()
	if warning == "" {
		s.setReady(true)
		return
	}
	s.hud.confirm("Units will be lost", kit.CapitalFirst(warning)+". Remove or change orders to keep them, or end the turn anyway.",
		"End turn anyway", func() { s.setReady(true) })
}

// keysFree reports whether no text field has the keyboard: a button's
// focus counts for nothing, for windowKeys clears it.
func (s *shell) keysFree() bool {
	switch s.app.ui.GetFocusedWidget().(type) {
	case nil, *widget.Button:
		return true
	}
	return false
}

// windowKeys handles the keys every game screen gives the shell first: a
// clicked button never keeps the keyboard's focus; while a text field has
// it, the keys are the field's (Escape leaves it); while a window is open
// only Escape (close it) and F1 (the help) work. It reports whether the
// keys were taken, so the screen's own must wait.
func (s *shell) windowKeys() bool {
	ui := s.app.ui
	switch ui.GetFocusedWidget().(type) {
	case nil:
	case *widget.Button:
		ui.ClearFocus()
	default:
		if s.app.in.Hit(ebiten.KeyEscape) {
			ui.ClearFocus()
		}
		return true // typing in a text field
	}
	if s.hud.window != nil {
		switch {
		case s.app.in.Hit(ebiten.KeyEscape):
			s.hud.closeWindow()
		case s.app.in.Hit(ebiten.KeyF1):
			s.hud.toggleHelp()
		}
		return true
	}
	return false
}
