package app

import (
	"errors"
	"fmt"

	"empires/client/module"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ReplayStep is one step of a saved game replayed on its module's screen
// (module.Replayer): the game after the step, and what each seat saw of
// the step.
type ReplayStep struct {
	// Game is the game after the step (the first step's: the game as it
	// started), the replay's own: its views are read from it
	// (ruleset.Game.View), through any seat's eyes or all-seeing.
	Game ruleset.Game
	// Events are the step's events in the ruleset's encoding
	// (ruleset.Outcome.Events), by seat: Events[0] the all-seeing
	// spectator's, Events[s] seat s's. The first step has none.
	Events [][]byte
}

// NewReplayStep returns the replay's step of game g just after a step
// played with outcome out: a copy of g of its own (g's save, loaded by
// rs), and the events every seat saw, read now, while out may still read
// g (ruleset.Outcome). out is nil for the game as it started.
func NewReplayStep(rs ruleset.Ruleset, g ruleset.Game, out ruleset.Outcome) (ReplayStep, error) {
	save, err := g.Save()
	if err != nil {
		return ReplayStep{}, fmt.Errorf("replay step: %w", err)
	}
	own, err := rs.Load(save)
	if err != nil {
		return ReplayStep{}, fmt.Errorf("replay step: %w", err)
	}
	st := ReplayStep{Game: own}
	if out == nil {
		return st, nil
	}
	st.Events = make([][]byte, g.Seats()+1)
	for s := range st.Events {
		ev, err := out.Events(ruleset.Seat(s), s == 0)
		if err != nil {
			return ReplayStep{}, fmt.Errorf("replay step: the events of seat %d: %w", s, err)
		}
		st.Events[s] = ev
	}
	return st, nil
}

// replay is a saved game replayed on its module's screen: the steps, the
// one shown, whose eyes show them, and whether it plays by itself.
type replay struct {
	title   string
	steps   []ReplayStep
	at      int          // index of the step shown
	viewer  ruleset.Seat // 0: all-seeing
	playing bool         // step on by itself
	wait    int          // frames until the next step while playing
}

// count returns the replay's steps, its start included.
func (r *replay) count() int { return len(r.steps) }

// view returns the view of step i through the replay's eyes, as the
// ruleset gives it (Game.View): all-seeing, or as the viewer saw it then
// (its memory is in the game).
func (r *replay) view(i int) ruleset.View {
	return r.steps[i].Game.View(r.viewer, r.viewer == 0)
}

// events returns the events of step i the viewer saw (all-seeing: those
// of the all-seeing spectator), nil for the first.
func (r *replay) events(i int) []byte {
	ev := r.steps[i].Events
	if int(r.viewer) >= len(ev) {
		return nil
	}
	return ev[r.viewer]
}

// history returns the first view and the steps up to i through the
// replay's eyes, as Replayer.Rewind takes them.
func (r *replay) history(i int) (ruleset.View, []module.Resolution) {
	turns := make([]module.Resolution, 0, i)
	for k := 1; k <= i; k++ {
		turns = append(turns, module.Resolution{View: r.view(k), Events: r.events(k)})
	}
	return r.view(0), turns
}

// players returns the number of players of the replayed game.
func (r *replay) players() int { return r.steps[0].Game.Seats() }

// OpenReplay shows a saved game's steps on the screen of the module of
// ruleset rs, from the start: step through them, play them, and watch
// from above or through any player's eyes. steps[0] is the game as it
// started; the module's screen must replay (module.Replayer).
func (a *App) OpenReplay(title string, rs ruleset.Ruleset, steps []ReplayStep) error {
	if len(steps) == 0 || steps[0].Game == nil {
		return errors.New("replay: no steps")
	}
	r := &replay{title: title, steps: steps}
	g, err := newGameScreenFor(a, rs, r.view(0), r)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	a.disconnect()
	a.game = g
	a.setRoot(g.root, screenGame)
	return nil
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
	case !back && r.at+1 < len(r.steps):
		r.at++
		if err := g.scr.Resolved(r.view(r.at), r.events(r.at)); err != nil {
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
	r.at = i
	first, turns := r.history(i)
	if err := g.rp.Rewind(first, turns); err != nil {
		g.notify(err.Error())
	}
	g.status = g.scr.Status()
	g.refresh()
}

// replayEyes switches to the next pair of eyes: all-seeing, player 1,
// 2, ... and back.
func (g *gameScreen) replayEyes() {
	r := g.replay
	r.viewer = ruleset.Seat((int(r.viewer) + 1) % (r.players() + 1))
	g.replayShow(r.at)
}

// eyesName says whose eyes the replay shows: "Watching: Ann".
func (g *gameScreen) eyesName() string {
	if g.replay.viewer == 0 {
		return "Watching: everything"
	}
	return "Watching: " + g.playerName(protocol.Seat(g.replay.viewer))
}

// replayScreen checks that the client can replay games of ruleset rs: it
// has a module for it (whose screen must replay, which OpenReplay checks).
func (a *App) replayScreen(rs ruleset.Ruleset) error {
	return a.opts.Modules.Check(protocol.RulesetInfo{ID: rs.Info().ID, Title: rs.Info().Title})
}

// savedSteps replays saved game g of ruleset rs from store st (checking
// every step against its saved state) and returns its steps, the game as
// it started first.
func savedSteps(st *store.Store, g *store.Game, rs ruleset.Ruleset) ([]ReplayStep, error) {
	first, err := st.Snapshot(g.ID, g.First)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	start, err := first.Load(rs)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	steps := []ReplayStep{{Game: start}}
	err = store.Replay(st, g.ID, rs, func(s store.Step) error {
		step, err := NewReplayStep(rs, s.Game, s.Outcome)
		if err != nil {
			return fmt.Errorf("step %d: %w", s.Seq, err)
		}
		steps = append(steps, step)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	return steps, nil
}
