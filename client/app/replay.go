package app

import (
	"errors"
	"fmt"

	"slices"

	"empires/client/module"
	"empires/client/savedreplay"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// replay is a saved game replayed on its module's screen: its steps,
// held as saves (savedreplay), the one shown, whose eyes show them, and
// whether it plays by itself.
type replay struct {
	title   string
	r       *savedreplay.Replay
	at      int              // index of the step shown
	eyes    savedreplay.Eyes // one of r.Eyes()
	playing bool             // step on by itself
	wait    int              // frames until the next step while playing
	// turns: each step is one of the game's turns (the first step moves
	// the game on to its next turn: a game of simultaneous turns), so the
	// clock names them as the game names its turns.
	turns bool
}

// count returns the replay's steps, its start included.
func (r *replay) count() int { return r.r.Len() }

// view returns the view of step i through the replay's eyes, as the
// ruleset gives it (Game.View): all-seeing, or as the viewer saw it then
// (its memory is in the game).
func (r *replay) view(i int) (ruleset.View, error) {
	v, err := r.r.View(i, r.eyes)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return v, nil
}

// events returns the events of step i the replay's eyes saw, nil for
// the first.
func (r *replay) events(i int) ([]byte, error) {
	ev, err := r.r.Events(i, r.eyes)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return ev, nil
}

// history returns the first view and the steps up to i through the
// replay's eyes, as Replayer.Rewind takes them: each step's game is read
// back for its view.
func (r *replay) history(i int) (ruleset.View, []module.Resolution, error) {
	first, err := r.view(0)
	if err != nil {
		return nil, nil, err
	}
	turns := make([]module.Resolution, 0, i)
	for k := 1; k <= i; k++ {
		v, err := r.view(k)
		if err != nil {
			return nil, nil, err
		}
		ev, err := r.events(k)
		if err != nil {
			return nil, nil, err
		}
		turns = append(turns, module.Resolution{View: v, Events: ev})
	}
	return first, turns, nil
}

// OpenReplay shows saved game rp's steps on the screen of the module of
// its ruleset, from the start: step through them, play them, and watch
// them through the eyes rp may be watched through (savedreplay.Watchable:
// of a game of hidden holdings not over, the viewer's alone), the first
// of them first. The module's screen must replay (module.Replayer).
func (a *App) OpenReplay(title string, rp *savedreplay.Replay) error {
	eyes := rp.Eyes()
	if rp.Len() == 0 || len(eyes) == 0 {
		return errors.New("replay: no steps")
	}
	r := &replay{title: title, r: rp, eyes: eyes[0]}
	first, err := r.view(0)
	if err != nil {
		return err
	}
	if g0, err := rp.Game(0); err == nil && rp.Len() > 1 {
		t0 := g0.Step().Turn // g0 is the replay's until the next Game
		if g1, err := rp.Game(1); err == nil {
			r.turns = g1.Step().Turn == t0+1
		}
	}
	g, err := newGameScreenFor(a, rp.Ruleset(), first, r)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	a.disconnect()
	a.game = g
	a.setRoot(g.root, screenGame)
	return nil
}

// leaveReplay closes the replay shown and goes back to the Replays
// screen, the game watched picked again.
func (a *App) leaveReplay() {
	if a.game != nil {
		a.game.hud.closeWindow()
	}
	a.disconnect()
	a.showReplays()
}

// tickReplay steps the replay on, while it plays, a step a second once
// the last step's animation is over.
func (g *gameScreen) tickReplay() {
	r := g.replay
	if r == nil || !r.playing || g.rp.Animating() {
		return
	}
	if r.wait > 0 {
		r.wait--
		return
	}
	r.wait = 60
	g.replayStep(false)
}

// replayStep shows the next step (animated) or, with back, the previous
// one; at the end it stops a replay that plays.
func (g *gameScreen) replayStep(back bool) {
	r := g.replay
	switch {
	case back && r.at > 0:
		g.replayShow(r.at - 1)
	case !back && r.at+1 < r.count():
		v, err := r.view(r.at + 1)
		var ev []byte
		if err == nil {
			ev, err = r.events(r.at + 1)
		}
		if err != nil {
			g.notify(err.Error())
			r.playing = false
			break
		}
		r.at++
		if err := g.scr.Resolved(v, ev); err != nil {
			g.notify(err.Error())
		}
		g.status = g.scr.Status()
		g.refresh()
	default:
		r.playing = false
	}
	g.hud.dirtyTop = true
}

// replayShow shows step i at once (after a step back, or a change of
// eyes), with the log of the steps up to it as the replay's eyes saw them.
func (g *gameScreen) replayShow(i int) {
	r := g.replay
	first, turns, err := r.history(i)
	if err == nil {
		r.at = i
		err = g.rp.Rewind(first, turns)
	}
	if err != nil {
		g.notify(err.Error())
	}
	g.status = g.scr.Status()
	g.refresh()
}

// replayEyes switches to the next pair of eyes the replay may be watched
// through (savedreplay.Replay.Eyes, in its order: from above, player 1,
// 2, ... and back); with one pair alone it does nothing.
func (g *gameScreen) replayEyes() {
	r := g.replay
	eyes := r.r.Eyes()
	if len(eyes) < 2 {
		return
	}
	r.eyes = eyes[(slices.Index(eyes, r.eyes)+1)%len(eyes)]
	g.replayShow(r.at)
}

// eyesName says whose eyes the replay shows: "Watching: Ann".
func (g *gameScreen) eyesName() string {
	e := g.replay.eyes
	switch {
	case e.AllSeeing:
		return "Watching: everything"
	case e.Seat == 0:
		return "Watching: the table"
	}
	return "Watching: " + g.playerName(protocol.Seat(e.Seat))
}

// eyesWords says what eyes e show, in a sentence: "what Ann saw".
func (g *gameScreen) eyesWords(e savedreplay.Eyes) string {
	switch {
	case e.AllSeeing:
		return "everything"
	case e.Seat == 0:
		return "what the table showed everyone"
	}
	return "what " + g.playerName(protocol.Seat(e.Seat)) + " saw"
}

// replayTeller returns how the module of ruleset rs tells a replay's
// steps (module.Teller; nil: as the server does), and an error when the
// client has no module for rs (a module's screen must also replay, which
// OpenReplay checks).
func (a *App) replayTeller(rs ruleset.Ruleset) (savedreplay.Tell, error) {
	m, ok := a.opts.Modules.Get(rs.Info().ID)
	if !ok {
		return nil, a.opts.Modules.Check(protocol.RulesetInfo{ID: rs.Info().ID, Title: rs.Info().Title})
	}
	if t, ok := m.(module.Teller); ok {
		return t.ReplayEvents, nil
	}
	return nil, nil
}
