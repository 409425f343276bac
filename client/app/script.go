package app

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/protocol"
)

// Script plays a scripted session through the client's own screens, as a
// tester at the keyboard would: the main menu, Play vs AI with Settings, then
// each turn the orders the game's screen drafts as a plain player gives
// them (module.Autoplayer: on the hex screen an order for the Capital and
// a move for every army that can move), End turn, and the resolved turn's
// animation, for Turns turns or until the game is over. Then it watches
// the game again from Replays, through the first player's eyes, and goes
// on with an unfinished game (Continue). It
// saves a screenshot of each stage as a PNG in Dir and ends the client:
// without error when every stage passed; with the reason on any server
// error, refused order, lost connection, or after Timeout.
//
// With Host set the session hosts a LAN game instead (Settings should leave
// a seat open) and waits in the lobby until the table is full; with Join
// set it connects to the server at that address and takes a seat in its
// first game. Two clients, one hosting and one joining, play together.
type Script struct {
	Dir      string
	Turns    int
	Settings protocol.Settings
	Timeout  time.Duration
	Host     bool
	Join     string
	// Everything, set, watches the replay from above, all seeing, zoomed
	// out on a map, and saves it as everything.png: every player's things
	// at once, as the pictures of the docs show them. A game whose screen
	// cannot play by itself (module.Autoplayer) is then watched without a
	// turn played.
	Everything bool
	// Report, if not nil, gets a line at the end: turns played, time
	// taken, frames per second on the game screen.
	Report io.Writer

	stage      int
	wait       int                    // frames left before the next stage
	start      time.Time              // when the script began
	played     int                    // turns ended
	ended      protocol.Turn          // the turn last ended
	results    int                    // OrdersResults seen when the orders were sent
	animFrames int                    // frames of this turn's animation seen
	skip       bool                   // hold Space: skip this turn's animation
	press      ebiten.Key             // a key pressed this frame (Everything's zoom), -1 for none
	zooms      int                    // frames of Everything's zooming out done
	logged     map[protocol.Turn]bool // the turns the log told of before the game was left
	over       string                 // who won the game, if it ended while the script played it
	fps        float64                // frames per second on the game screen, measured at the end ...
	draws      int                    // ... from the frames drawn ...
	drawsAt    time.Time              // ... since then
	// Shots are the screenshots saved, in order.
	Shots []string
}

// shotTurns are the turns whose orders and moves the scripted session
// takes pictures of; it skips the animation of the later ones with the
// player's key (Space), as a player who has seen enough of them does.
const shotTurns = 2

// input is the frame's input f as the scripted session plays it: with
// Space held while it skips a turn's animation.
func (s *Script) input(f kit.Frame) kit.Frame {
	if s.skip {
		f.Keys = append(f.Keys, ebiten.KeySpace)
	}
	if s.press > 0 {
		f.Keys = append(f.Keys, s.press)
		f.KeysPressed = append(f.KeysPressed, s.press)
		s.press = 0
	}
	return f
}

// movesShot is the frame of a resolved turn's animation the scripted
// session takes its picture of the moves at: the middle of the first
// step at the session's fast animation (prefs.AnimFast).
const movesShot = 6

// Script stages.
const (
	stageMenu = iota
	stageSetup
	stageSetupShot
	stageStart
	stageJoinList
	stageLobby
	stageLobbyReady
	stageWaitGame
	stageOrders
	stageWaitResult
	stageEndTurn
	stageWaitTurn
	stageIdle
	stageReplays
	stageWatch
	stageReplayStep
	stageReplayShot
	stageContinue
	stageContinued
	stageContinuedTurn
	stageDone
)

// playedOut reports whether the session has played the turns it was to,
// or waits for the end of its last: the game is no longer needed but to
// be looked at.
func (s *Script) playedOut() bool {
	return s.stage >= stageIdle || s.stage == stageWaitTurn && s.played+1 >= s.Turns
}

// step advances the script by a frame.
func (s *Script) step(a *App) error {
	if s.start.IsZero() {
		s.start = time.Now()
		if err := os.MkdirAll(s.Dir, 0o755); err != nil {
			return fmt.Errorf("script: %w", err)
		}
	}
	if s.Timeout > 0 && time.Since(s.start) > s.Timeout {
		return fmt.Errorf("script: stage %d not done after %s", s.stage, s.Timeout)
	}
	if s.stage == stageIdle {
		// Measure how fast the game screen draws: every idle frame is
		// drawn while the script waits here (a player's idle screen is not).
		a.redraw = true
	}
	if s.wait > 0 || a.shot != "" {
		s.wait--
		return nil
	}
	a.uiDirty = true // the script changes screens without input
	g := a.game      // nil before the game
	switch s.stage {
	case stageMenu:
		s.shoot(a, "menu")
		s.next(stageSetup, 2)
	case stageSetup:
		switch {
		case s.Join != "":
			a.showJoin()
			a.Connect(s.Join)
			s.next(stageJoinList, 0)
			return nil
		case s.Host:
			a.showHost()
		default:
			a.showPlayAI()
		}
		s.next(stageSetupShot, 5)
	case stageSetupShot:
		s.shoot(a, "setup")
		s.next(stageStart, 2)
	case stageStart:
		if s.Host {
			a.Host(s.Settings)
			s.next(stageLobby, 0)
			return nil
		}
		a.PlayAI(s.Settings)
		s.next(stageWaitGame, 0)
	case stageJoinList:
		if len(a.games) == 0 {
			// The host may not listen yet, or have no game yet: ask again.
			switch {
			case a.frame%60 != 0:
			case a.conn == nil && a.dialing == nil:
				a.Connect(s.Join)
			case a.conn != nil:
				a.send(&protocol.ListGames{})
			}
			return nil
		}
		s.shoot(a, "join")
		a.send(&protocol.JoinGame{Game: a.games[0].Game})
		s.next(stageLobby, 2)
	case stageLobby:
		if a.screen != screenLobby || a.table == nil || !tableFull(a.table) {
			return nil
		}
		if s.Host && a.server != nil {
			// The host's lobby says where friends join: the server's port.
			_, port, err := net.SplitHostPort(a.server.Addr().String())
			if err != nil {
				return fmt.Errorf("the server's address: %w", err)
			}
			if line := a.lobby.JoinAt(); !strings.Contains(line, ":"+port) {
				return fmt.Errorf("the host's lobby says %q, want where friends join (port %s)", line, port)
			}
		}
		s.shoot(a, "lobby")
		s.next(stageLobbyReady, 2)
	case stageLobbyReady:
		a.send(&protocol.SetReady{Ready: true})
		s.next(stageWaitGame, 0)
	case stageWaitGame:
		if g != nil && !g.animating() {
			s.next(stageOrders, 20)
		}
	case stageOrders:
		if _, ok := g.scr.(module.Autoplayer); !ok && s.Everything {
			s.next(stageIdle, 30) // only to be looked at
			return nil
		}
		if err := autoplay(g); err != nil {
			return err
		}
		if g.turn() == 1 { // a word to the table, through the chat line
			g.hud.chat.SetText("Good luck, have fun")
			g.hud.chat.Submit()
		}
		s.results = g.results
		g.submit(true)
		s.next(stageWaitResult, 0)
	case stageWaitResult:
		if g.results == s.results {
			return nil
		}
		if len(g.rejected) > 0 {
			e := g.rejected[0]
			return fmt.Errorf("script: turn %d: order %q refused: %s", g.turn(), e.Order, e.Reason)
		}
		if g.turn() <= shotTurns {
			s.shoot(a, fmt.Sprintf("turn%d-orders", g.turn()))
		}
		s.next(stageEndTurn, 2)
	case stageEndTurn:
		s.ended = g.turn()
		s.animFrames = 0
		g.setReady(true)
		s.next(stageWaitTurn, 0)
	case stageWaitTurn:
		if g.turn() <= s.ended {
			return nil
		}
		if g.animating() {
			if s.animFrames++; s.animFrames == movesShot && s.ended <= shotTurns {
				s.shoot(a, fmt.Sprintf("turn%d-moves", s.ended))
			}
			s.skip = s.ended > shotTurns // the player's key that skips it
			return nil
		}
		s.skip = false
		s.played++
		if s.played >= s.Turns || g.over != nil || g.out() {
			s.next(stageIdle, 150) // frames with nothing but the game screen
			s.draws, s.drawsAt = a.draws, time.Now()
			return nil
		}
		s.next(stageOrders, 10)
	case stageIdle:
		s.fps = float64(a.draws-s.draws) / time.Since(s.drawsAt).Seconds() // the idle frames, each drawn
		if m := g.over; m != nil {
			s.over = "nobody"
			if m.Winner != 0 {
				s.over = g.playerName(m.Winner)
			}
			s.over += fmt.Sprintf(" won on turn %d", m.Turn)
		}
		s.logged = map[protocol.Turn]bool{}
		for _, l := range g.logLines() {
			s.logged[l.Turn] = true
		}
		s.shoot(a, "final")
		if s.Join != "" {
			// A guest saves nothing: the host's server does.
			s.next(stageDone, 3)
			return nil
		}
		s.next(stageReplays, 3)
	case stageReplays:
		// The game just played was saved as it went: back to the main
		// menu, and watch it again from Replays.
		a.showMainMenu()
		a.showReplays()
		s.next(stageWatch, 5)
		s.shoot(a, "replays")
	case stageWatch:
		games, err := a.savedGames()
		if err != nil || len(games) == 0 {
			return fmt.Errorf("script: no saved game to replay: %v", err)
		}
		if err := a.watchReplay(games[len(games)-1].ID); err != nil {
			return fmt.Errorf("script: %w", err)
		}
		if g = a.game; g == nil || g.replay == nil {
			return fmt.Errorf("script: the saved game is not replayed")
		}
		if n := g.replay.count(); n < s.played+1 {
			return fmt.Errorf("script: the replay has %d turns, want the %d played and the start", n, s.played)
		}
		s.next(stageReplayStep, 10)
	case stageReplayStep:
		g.replayEyes() // through the first player's eyes
		for range len(g.replay.r.Eyes()) {
			if !s.Everything || g.replay.eyes.AllSeeing {
				break
			}
			g.replayEyes()
		}
		g.replayStep(false)
		s.next(stageReplayShot, 0)
	case stageReplayShot:
		if g.animating() {
			return nil
		}
		if s.Everything {
			// Zoomed out, a key a frame as a player would, then a step
			// left and right, which centres a map smaller than the screen.
			keys := []ebiten.Key{ebiten.KeyMinus, ebiten.KeyMinus, ebiten.KeyMinus, ebiten.KeyMinus, ebiten.KeyMinus,
				ebiten.KeyLeft, ebiten.KeyRight}
			if s.zooms < len(keys) && s.onMap(a) {
				s.press = keys[s.zooms]
				s.zooms++
				s.wait = 2
				return nil
			}
			s.shoot(a, "everything")
			s.next(stageDone, 3)
			return nil
		}
		s.shoot(a, "replay")
		if s.Host || s.over != "" {
			// A game with another person does not go on alone; a game
			// over not at all.
			s.next(stageDone, 3)
			return nil
		}
		s.next(stageContinue, 3)
	case stageContinue:
		// And go on with it from the Replays screen, as after quitting.
		a.showMainMenu()
		games, err := a.savedGames()
		if err != nil || len(games) == 0 {
			return fmt.Errorf("script: no saved game to continue: %v", err)
		}
		if err := a.continueGame(games[len(games)-1].ID); err != nil {
			return fmt.Errorf("script: %w", err)
		}
		s.next(stageContinued, 0)
	case stageContinued:
		if g == nil || g.replay != nil || g.animating() {
			return nil
		}
		if have, want := g.turn(), s.ended+1; have != want {
			return fmt.Errorf("script: the game went on at turn %d, want %d, where it stopped", have, want)
		}
		// The log of the turns played before Continue is there: every
		// turn the log told of then (in erfworld each brought its
		// income).
		turns := map[protocol.Turn]bool{}
		for _, l := range g.logLines() {
			turns[l.Turn] = true
		}
		for t := protocol.Turn(1); t < g.turn(); t++ {
			if s.logged[t] && !turns[t] {
				return fmt.Errorf("script: the game went on without the log of turn %d", t)
			}
		}
		if len(s.logged) == 0 {
			return errors.New("script: the log told of no turn before the game was left")
		}
		s.shoot(a, "continued")
		s.ended = g.turn()
		g.setReady(true)
		s.next(stageContinuedTurn, 0)
	case stageContinuedTurn:
		if g.turn() <= s.ended || g.animating() {
			return nil
		}
		s.next(stageDone, 3)
	case stageDone:
		for _, p := range s.Shots {
			if _, err := os.Stat(p); err != nil {
				return fmt.Errorf("script: screenshot not saved: %w", err)
			}
		}
		if s.Report != nil {
			fmt.Fprintf(s.Report, "autoplay: %d turns in %s, %.0f frames per second on the game screen (at most 60)\n",
				s.played, time.Since(s.start).Round(time.Millisecond), s.fps)
			if s.over != "" {
				fmt.Fprintf(s.Report, "autoplay: the game is over: %s\n", s.over)
			}
		}
		a.quit = true
	}
	return nil
}

// autoplay drafts a turn's orders on game screen g, whose screen must be
// able to (module.Autoplayer).
func autoplay(g *gameScreen) error {
	ap, ok := g.scr.(module.Autoplayer)
	if !ok {
		return fmt.Errorf("script: the screen of %s cannot play by itself", g.play.Info().Title)
	}
	if err := ap.Autoplay(); err != nil {
		return fmt.Errorf("script: turn %d: %w", g.turn(), err)
	}
	return nil
}

// tableFull reports whether every seat of a game's table is taken.
func tableFull(m *protocol.Lobby) bool {
	for _, st := range m.Seats {
		if !st.Human && !st.Bot {
			return false
		}
	}
	return len(m.Seats) > 0
}

// onMap reports whether the session's game is played on a map of cells,
// which zooms.
func (s *Script) onMap(a *App) bool {
	rs, ok := a.opts.Rulesets.Get(s.Settings.Ruleset)
	return ok && (rs.Info().Board == "hex" || rs.Info().Board == "square")
}

// next moves to stage after waiting frames.
func (s *Script) next(stage, frames int) { s.stage, s.wait = stage, frames }

// shoot saves the next frame as name.png.
func (s *Script) shoot(a *App, name string) {
	p := filepath.Join(s.Dir, name+".png")
	a.Screenshot(p)
	s.Shots = append(s.Shots, p)
}
