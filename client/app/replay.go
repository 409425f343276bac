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
// (module.Replayer): the game after the step, as its save, and what each
// seat saw of the step. A replay holds its steps' saves, not the games:
// the game of a step is read back (ruleset.Ruleset.Load) when the step is
// shown.
type ReplayStep struct {
	// Save is the game after the step (the first step's: the game as it
	// started), as ruleset.Game.Save writes it: its views are read from
	// it, through any seat's eyes or all-seeing.
	Save []byte
	// Events are the step's events in the ruleset's encoding
	// (ruleset.Outcome.Events), by seat: Events[0] the all-seeing
	// spectator's, Events[s] seat s's. The first step has none.
	Events [][]byte
}

// NewReplayStep returns the replay's step of game g just after a step
// played with outcome out: g's save, and the events every seat saw, read
// now, while out may still read g (ruleset.Outcome), as the game's module
// tells them in a replay (m, if not nil) or else as the server tells
// them. out is nil for the game as it started.
func NewReplayStep(g ruleset.Game, out ruleset.Outcome, m module.Teller) (ReplayStep, error) {
	save, err := g.Save()
	if err != nil {
		return ReplayStep{}, fmt.Errorf("replay step: %w", err)
	}
	st := ReplayStep{Save: save}
	if out == nil {
		return st, nil
	}
	st.Events = make([][]byte, g.Seats()+1)
	for s := range st.Events {
		var ev []byte
		var err error
		if m != nil {
			ev, err = m.ReplayEvents(out, ruleset.Seat(s), s == 0)
		} else {
			ev, err = out.Events(ruleset.Seat(s), s == 0)
		}
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
	rs      ruleset.Ruleset // the game's: it reads the steps' saves
	steps   []ReplayStep
	seats   int          // the game's players
	at      int          // index of the step shown
	viewer  ruleset.Seat // 0: all-seeing
	playing bool         // step on by itself
	wait    int          // frames until the next step while playing

	// game is the game of step gameAt, the last read back.
	game   ruleset.Game
	gameAt int
}

// count returns the replay's steps, its start included.
func (r *replay) count() int { return len(r.steps) }

// load returns the game of step i, read back from its save (the last one
// read is kept).
func (r *replay) load(i int) (ruleset.Game, error) {
	if r.game != nil && r.gameAt == i {
		return r.game, nil
	}
	g, err := r.rs.Load(r.steps[i].Save)
	if err != nil {
		return nil, fmt.Errorf("replay: step %d: %w", i, err)
	}
	r.game, r.gameAt = g, i
	return g, nil
}

// view returns the view of step i through the replay's eyes, as the
// ruleset gives it (Game.View): all-seeing, or as the viewer saw it then
// (its memory is in the game).
func (r *replay) view(i int) (ruleset.View, error) {
	g, err := r.load(i)
	if err != nil {
		return nil, err
	}
	return g.View(r.viewer, r.viewer == 0), nil
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
		turns = append(turns, module.Resolution{View: v, Events: r.events(k)})
	}
	return first, turns, nil
}

// OpenReplay shows a saved game's steps on the screen of the module of
// ruleset rs, from the start: step through them, play them, and watch
// from above or through any player's eyes. steps[0] is the game as it
// started; the module's screen must replay (module.Replayer).
func (a *App) OpenReplay(title string, rs ruleset.Ruleset, steps []ReplayStep) error {
	if len(steps) == 0 || len(steps[0].Save) == 0 {
		return errors.New("replay: no steps")
	}
	r := &replay{title: title, rs: rs, steps: steps}
	start, err := r.load(0)
	if err != nil {
		return err
	}
	r.seats = start.Seats()
	first, err := r.view(0)
	if err != nil {
		return err
	}
	g, err := newGameScreenFor(a, rs, first, r)
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
		v, err := r.view(r.at + 1)
		if err != nil {
			g.notify(err.Error())
			r.playing = false
			break
		}
		r.at++
		if err := g.scr.Resolved(v, r.events(r.at)); err != nil {
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

// replayEyes switches to the next pair of eyes: all-seeing, player 1,
// 2, ... and back.
func (g *gameScreen) replayEyes() {
	r := g.replay
	r.viewer = ruleset.Seat((int(r.viewer) + 1) % (r.seats + 1))
	g.replayShow(r.at)
}

// eyesName says whose eyes the replay shows: "Watching: Ann".
func (g *gameScreen) eyesName() string {
	if g.replay.viewer == 0 {
		return "Watching: everything"
	}
	return "Watching: " + g.playerName(protocol.Seat(g.replay.viewer))
}

// replayTeller returns how the module of ruleset rs tells a replay's
// steps (nil: as the server does), and an error when the client has no
// module for rs (a module's screen must also replay, which OpenReplay
// checks).
func (a *App) replayTeller(rs ruleset.Ruleset) (module.Teller, error) {
	m, ok := a.opts.Modules.Get(rs.Info().ID)
	if !ok {
		return nil, a.opts.Modules.Check(protocol.RulesetInfo{ID: rs.Info().ID, Title: rs.Info().Title})
	}
	t, _ := m.(module.Teller)
	return t, nil
}

// savedSteps replays saved game g of ruleset rs from store st (checking
// every step against its saved state) and returns its steps, the game as
// it started first, their events as m tells them (nil: as the server
// does).
func savedSteps(st *store.Store, g *store.Game, rs ruleset.Ruleset, m module.Teller) ([]ReplayStep, error) {
	first, err := st.Snapshot(g.ID, g.First)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	start, err := first.Load(rs)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	first0, err := NewReplayStep(start, nil, m)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	steps := []ReplayStep{first0}
	err = store.Replay(st, g.ID, rs, func(s store.Step) error {
		step, err := NewReplayStep(s.Game, s.Outcome, m)
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
