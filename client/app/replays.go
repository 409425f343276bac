package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/savedreplay"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// showReplays lists the games saved in the client's data directory: those
// it played against the AI or hosted. The game last watched, if any, is
// picked again.
func (a *App) showReplays() {
	games, err := a.savedGames()
	if err != nil {
		a.showMessage("Replays", err.Error())
		return
	}
	list := make([]menu.SavedGame, 0, len(games))
	for _, g := range slices.Backward(games) { // newest first
		list = append(list, a.savedGame(&g))
	}
	a.replays = menu.NewReplays(a.theme, list, menu.ReplaysActions{
		Watch: func(id int64) {
			if err := a.watchReplay(protocol.GameID(id)); err != nil {
				a.replays.SetError(err.Error())
			}
		},
		Continue: func(id int64) {
			if err := a.continueGame(protocol.GameID(id)); err != nil {
				a.replays.SetError(err.Error())
			}
		},
		Back: a.showMainMenu,
	})
	if a.watched != 0 {
		a.replays.Select(int64(a.watched))
	}
	a.setRoot(a.replays.Container(), screenMenu)
	a.again = a.rebuildReplays
}

// rebuildReplays shows the list of saved games again, made at the theme
// as it is now, the game picked still picked.
func (a *App) rebuildReplays() {
	picked := a.replays.Selected()
	a.showReplays()
	if picked != 0 && a.replays != nil {
		a.replays.Select(picked)
	}
}

// savedGame returns saved game g as the Replays screen lists it: its
// ruleset's title, when it started, the player's opponents (every player
// when the player held no seat in it), its map and its result.
func (a *App) savedGame(g *store.Game) menu.SavedGame {
	sg := menu.SavedGame{ID: int64(g.ID), Name: gameTitle(g), Ruleset: g.Settings.Ruleset, Started: g.Created,
		Width: g.Settings.Width, Height: g.Settings.Height, Turns: g.Turns(), Over: g.Over}
	if rs, ok := a.opts.Rulesets.Get(g.Settings.Ruleset); ok {
		sg.Ruleset = rs.Info().Title
	}
	if m, ok := a.opts.Modules.Get(g.Settings.Ruleset); ok {
		if n, ok := m.(module.StepNamer); ok {
			sg.TurnWord = n.StepWord()
		}
	}
	own := savedreplay.OwnSeat(g)
	sg.Mine = own != 0
	for i, s := range g.Seats {
		if ruleset.Seat(i+1) != own {
			sg.Players = append(sg.Players, s.Name)
		}
	}
	switch {
	case g.Winner == 0 || int(g.Winner) > len(g.Seats):
	case g.Winner == own:
		sg.Winner = "you"
	default:
		sg.Winner = g.Seats[g.Winner-1].Name
	}
	sg.Continue = continuable(g)
	sg.Note = a.watchNote(g)
	return sg
}

// savedGames returns the games of the data directory, none if nothing was
// saved yet.
func (a *App) savedGames() ([]store.Game, error) {
	if a.opts.DataDir == "" {
		return nil, errors.New("games are not saved: the client has no data directory")
	}
	if _, err := os.Stat(filepath.Join(a.opts.DataDir, store.FileName)); errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	st, err := store.OpenDir(a.opts.DataDir)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.Games()
}

// watchReplay replays saved game id (checking every step against its
// saved state) and shows it on its module's screen, through the eyes the
// player may watch it through (savedreplay.Watchable: of a game of hidden
// holdings not over, the player's own alone). It reads the whole game at
// once: a few hundred turns of a small map take a fraction of a second.
func (a *App) watchReplay(id protocol.GameID) error {
	st, err := store.OpenDir(a.opts.DataDir)
	if err != nil {
		return err
	}
	defer st.Close()
	g, err := st.Game(id)
	if err != nil {
		return fmt.Errorf("game %d: %w", id, err)
	}
	rs, ok := a.opts.Rulesets.Get(g.Settings.Ruleset)
	if !ok {
		return fmt.Errorf("game %d is of ruleset %q, which this client does not have", id, g.Settings.Ruleset)
	}
	tell, err := a.replayTeller(rs)
	if err != nil {
		return err
	}
	r, err := savedreplay.Read(st, id, rs, savedreplay.OwnSeat(&g), tell)
	if err != nil {
		return err
	}
	if err := a.OpenReplay(a.replayTitle(&g), r); err != nil {
		return err
	}
	a.watched = id
	return nil
}

// watchNote returns what the Replays screen says of saved game g when it
// is picked, if its replay may not be watched through every pair of eyes
// (savedreplay.Watchable: a game of hidden holdings not over); "" if it
// may, or if the client does not have its ruleset (Watch says so).
func (a *App) watchNote(g *store.Game) string {
	rs, ok := a.opts.Rulesets.Get(g.Settings.Ruleset)
	if !ok {
		return ""
	}
	eyes := savedreplay.Watchable(rs.Info(), len(g.Seats), g.Over, savedreplay.OwnSeat(g))
	switch {
	case len(eyes) > 1:
		return ""
	case eyes[0].Seat == 0:
		return "Until the game is over, Watch shows it as the table showed everyone."
	}
	return "Until the game is over, Watch shows it through your eyes alone."
}

// replayTitle names saved game g on its replay's top bar: its name, or,
// when that is the one the game was given by default ("Ann's game"), its
// rules and when it started: "Erfworld Empires · Nov 28 21:45".
func (a *App) replayTitle(g *store.Game) string {
	name := g.Settings.Name
	if name != "" && (len(g.Seats) == 0 || name != g.Seats[0].Name+"'s game") {
		return name
	}
	title := g.Settings.Ruleset
	if rs, ok := a.opts.Rulesets.Get(title); ok {
		title = rs.Info().Title
	}
	return title + " · " + g.Created.Local().Format("Jan _2 15:04")
}

// gameTitle names a saved game.
func gameTitle(g *store.Game) string {
	if g.Settings.Name != "" {
		return g.Settings.Name
	}
	return fmt.Sprintf("Game %d of %s", g.ID, g.Created.Format("2006-01-02 15:04"))
}

// continueGame goes on with saved game id where it stopped: a server of the
// client's own resumes it on loopback and the client takes its seat back
// with the seat token it had (savedreplay.OwnSeat: the seat of the one who
// created the game). The AI seats play on as before.
func (a *App) continueGame(id protocol.GameID) error {
	games, err := a.savedGames()
	if err != nil {
		return err
	}
	i := slices.IndexFunc(games, func(g store.Game) bool { return g.ID == id })
	if i < 0 {
		return fmt.Errorf("game %d is not saved here", id)
	}
	g := games[i]
	if g.Over {
		return fmt.Errorf("game %d is over: watch it instead", id)
	}
	if !continuable(&g) {
		return fmt.Errorf("game %d cannot go on here: only a game of yours against the AI can", id)
	}
	own := savedreplay.OwnSeat(&g)
	if own == 0 {
		return fmt.Errorf("game %d cannot go on here: your seat in it is not known", id)
	}
	a.resumeID, a.resumeTok = id, g.Seats[own-1].Token
	// The game's log so far, as the player saw it: the server sends the
	// view of the turn it resumes, not the turns before.
	h, err := a.savedHistory(id, own)
	if err != nil {
		a.log.Warn("the log of the turns before", "game", id, "err", err)
	}
	a.resumeLog = h
	a.startServer(g.Settings, intentContinue, "127.0.0.1:0")
	return nil
}

// continuable reports whether saved game g can go on in the client: not
// over, and one person's seat among bots (a game with other people would
// wait for them).
func continuable(g *store.Game) bool {
	people := 0
	for _, s := range g.Seats {
		if !s.Bot {
			people++
			if s.Token == "" {
				return false // a seat nobody took
			}
		}
	}
	return !g.Over && people == 1
}

// history is a game's turns before the one it goes on from, through one
// player's eyes: what a screen's log tells of them (module.Replayer's
// Rewind).
type history struct {
	first ruleset.View
	turns []module.Resolution
}

// savedHistory returns the turns of saved game id as seat saw them:
// replayed through its eyes.
func (a *App) savedHistory(id protocol.GameID, seat ruleset.Seat) (*history, error) {
	st, err := store.OpenDir(a.opts.DataDir)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	g, err := st.Game(id)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	rs, ok := a.opts.Rulesets.Get(g.Settings.Ruleset)
	if !ok {
		return nil, fmt.Errorf("game %d is of ruleset %q, which this client does not have", id, g.Settings.Ruleset)
	}
	first, err := st.Snapshot(g.ID, g.First)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	start, err := first.Load(rs)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	h := &history{first: start.View(seat, false)}
	err = store.Replay(st, id, rs, func(s store.Step) error {
		ev, err := s.Outcome.Events(seat, false)
		if err != nil {
			return fmt.Errorf("step %d: %w", s.Seq, err)
		}
		h.turns = append(h.turns, module.Resolution{View: s.Game.View(seat, false), Events: ev})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", id, err)
	}
	return h, nil
}
