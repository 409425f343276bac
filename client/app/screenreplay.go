package app

import (
	"errors"
	"fmt"

	"empires/client/module"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// ReplayStep is one step of a saved game replayed on the screen of its
// module's own (module.Replayer): the game after the step, and what each
// seat saw of the step.
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

// screenReplay is what a module's own screen shows when it replays a
// saved game: the steps, the one shown, and whose eyes show them.
type screenReplay struct {
	replayCursor
	steps  []ReplayStep
	viewer ruleset.Seat // 0: all-seeing
}

// view returns the view of step i through the replay's eyes, as the
// ruleset gives it (Game.View): all-seeing, or as the viewer saw it then
// (its memory is in the game).
func (r *screenReplay) view(i int) ruleset.View {
	return r.steps[i].Game.View(r.viewer, r.viewer == 0)
}

// events returns the events of step i the viewer saw (all of them when
// all-seeing), nil for the first.
func (r *screenReplay) events(i int) []byte {
	ev := r.steps[i].Events
	if int(r.viewer) >= len(ev) {
		return nil
	}
	return ev[r.viewer]
}

// history returns the first view and the steps up to i through the
// replay's eyes, as Replayer.Rewind takes them.
func (r *screenReplay) history(i int) (ruleset.View, []module.Resolution) {
	turns := make([]module.Resolution, 0, i)
	for k := 1; k <= i; k++ {
		turns = append(turns, module.Resolution{View: r.view(k), Events: r.events(k)})
	}
	return r.view(0), turns
}

// players returns the number of players of the replayed game.
func (r *screenReplay) players() int { return r.steps[0].Game.Seats() }

// OpenScreenReplay shows a saved game's steps on the screen of the
// module of ruleset rs, from the start: step through them, play them, and
// watch from above or through any player's eyes, with the controls of a
// replay on the hex engine. steps[0] is the game as it started; the
// module's screen must replay (module.Replayer).
func (a *App) OpenScreenReplay(title string, rs ruleset.Ruleset, steps []ReplayStep) error {
	if len(steps) == 0 || steps[0].Game == nil {
		return errors.New("replay: no steps")
	}
	r := &screenReplay{replayCursor: replayCursor{title: title, count: len(steps)}, steps: steps}
	g, err := newModScreenFor(a, rs, r.view(0), r)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	a.disconnect()
	a.game = g
	a.setRoot(g.root, screenGame)
	return nil
}

// cursor implements replayer.
func (g *modScreen) cursor() *replayCursor {
	if g.replay == nil {
		return nil
	}
	return &g.replay.replayCursor
}

// replayStep implements replayer.
func (g *modScreen) replayStep(back bool) {
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
func (g *modScreen) replayShow(i int) {
	r := g.replay
	r.at = i
	first, turns := r.history(i)
	if err := g.rp.Rewind(first, turns); err != nil {
		g.notify(err.Error())
	}
	g.status = g.scr.Status()
	g.refresh()
}

// replayEyes implements replayer.
func (g *modScreen) replayEyes() {
	r := g.replay
	r.viewer = ruleset.Seat((int(r.viewer) + 1) % (r.players() + 1))
	g.replayShow(r.at)
}

// eyesName implements replayer.
func (g *modScreen) eyesName() string {
	if g.replay.viewer == 0 {
		return "Watching: everything"
	}
	return "Watching: " + g.playerName(protocol.Seat(g.replay.viewer))
}

// watchScreenReplay replays saved game g of ruleset rs, whose module has a
// screen of its own, from store st (checking every step against its saved
// state, as the hex engine's replay does) and shows it.
func (a *App) watchScreenReplay(st *store.Store, g *store.Game, rs ruleset.Ruleset) error {
	if m, ok := a.opts.Modules.Get(rs.Info().ID); !ok {
		return a.opts.Modules.Check(protocol.RulesetInfo{ID: rs.Info().ID, Title: rs.Info().Title})
	} else if _, ok := m.(module.Screener); !ok {
		return fmt.Errorf("%s has no screen of its own to replay its games on", rs.Info().Title)
	}
	first, err := st.Snapshot(g.ID, g.First)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	start, err := first.Load(rs)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
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
		return fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	return a.OpenScreenReplay(gameTitle(g), rs, steps)
}
