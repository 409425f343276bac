package app

import (
	"errors"
	"fmt"

	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// ReplayTurn is one turn of a replayed game: the state after it (the
// first: the game as it started) and the events of the turn that led to it
// (none for the first).
type ReplayTurn struct {
	State  *game.State
	Events *game.Events
}

// replayCursor is where a replay is, whatever screen shows it: what the
// HUD's replay controls show and change.
type replayCursor struct {
	title   string
	count   int  // the turns (steps) of the replay, its start included
	at      int  // index of the turn shown
	playing bool // step on by itself
	wait    int  // frames until the next step while playing
}

// replayer is a game screen that may replay a saved game: the HUD's
// replay buttons, Enter and the clock of a replay that plays drive it.
type replayer interface {
	// cursor returns the replay's cursor, nil on a game being played.
	cursor() *replayCursor
	// replayStep shows the next turn (animated) or, with back, the
	// previous one; at the end it stops a replay that plays.
	replayStep(back bool)
	// replayEyes switches to the next pair of eyes: all-seeing, player
	// 1, 2, ... and back.
	replayEyes()
	// eyesName says whose eyes the replay shows: "Watching: Ann".
	eyesName() string
}

// tickReplay steps rp's replay on, while it plays, a turn a second once
// the last turn's animation is over (animating).
func tickReplay(rp replayer, animating bool) {
	c := rp.cursor()
	if c == nil || !c.playing || animating {
		return
	}
	if c.wait > 0 {
		c.wait--
		return
	}
	c.wait = 60
	rp.replayStep(false)
}

// replay is what the game screen shows when it replays a saved game
// instead of playing one: the turns, the one shown, and whose eyes it
// shows them through.
type replay struct {
	replayCursor
	rs     *hexgame.Ruleset // the game's ruleset, the build's
	mod    module.Game
	turns  []ReplayTurn
	viewer game.PlayerID // 0: all-seeing
}

// view returns the view of turn i through the replay's eyes, as the hex
// game of the platform gives it (hexgame.Game.View): all-seeing, or as the
// viewer saw it then (its memory is in the state).
func (r *replay) view(i int) *game.View {
	v := r.rs.Game(r.turns[i].State).View(ruleset.Seat(r.viewer), r.viewer == 0)
	return v.(*hexgame.View).V
}

// events returns the events of turn i the viewer saw (all of them when
// all-seeing).
func (r *replay) events(i int) []game.Event {
	ev := r.turns[i].Events
	if ev == nil {
		return nil
	}
	if r.viewer == 0 {
		return ev.List
	}
	return ev.For(r.turns[i].State, r.viewer)
}

// model returns a view model of turn i through the replay's eyes, its log
// holding the turns up to i: the turns applied one by one from the first,
// as they were shown. The log names every player, the eyes' too ("Anna's
// army 7"), since the watcher is not that player.
func (r *replay) model(i int) (*model.Model, error) {
	m := model.New(r.mod.Rules())
	m.SetThirdPerson(true)
	if err := m.SetFullView(r.view(0)); err != nil {
		return nil, err
	}
	for k := 1; k <= i; k++ {
		m.ApplyUpdate(r.events(k), r.view(k))
	}
	return m, nil
}

// players returns the number of players of the replayed game.
func (r *replay) players() int { return len(r.turns[0].State.Players) }

// OpenReplay shows a saved game's turns on the game screen, from its start:
// step through them, play them, and watch from above or through any
// player's eyes. turns[0] is the game as it started; the game's ruleset is
// the build's of its id, shown by its module.
func (a *App) OpenReplay(title string, turns []ReplayTurn) error {
	if len(turns) == 0 || turns[0].State == nil {
		return errors.New("replay: no turns")
	}
	rs, mod, err := a.hexRuleset(turns[0].State.Ruleset)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	a.disconnect()
	r := &replay{replayCursor: replayCursor{title: title, count: len(turns)}, rs: rs, mod: mod, turns: turns}
	g, err := newGameScreenFor(a, mod, r.view(0), r)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	a.game = g
	a.setRoot(g.root, screenGame)
	return nil
}

// replayStep implements replayer.
func (g *gameScreen) replayStep(back bool) {
	r := g.replay
	switch {
	case back && r.at > 0:
		g.replayShow(r.at - 1)
	case !back && r.at+1 < len(r.turns):
		r.at++
		g.applyTurn(r.events(r.at), r.view(r.at))
	default:
		r.playing = false
	}
	g.hud.dirtyTop = true
}

// replayShow shows turn i at once (after a step back, or a change of eyes),
// with the log of the turns up to it as the replay's eyes saw them.
func (g *gameScreen) replayShow(i int) {
	r := g.replay
	r.at = i
	m, err := r.model(i)
	if err != nil {
		g.notify(err.Error())
		return
	}
	g.model = m
	v := m.View()
	if err := g.board.SetView(v); err != nil {
		g.notify(err.Error())
	}
	g.anim, g.preview, g.reachView = nil, nil, nil
	g.refresh()
}

// replayEyes implements replayer.
func (g *gameScreen) replayEyes() {
	r := g.replay
	r.viewer = game.PlayerID((int(r.viewer) + 1) % (r.players() + 1))
	g.replayShow(r.at)
}

var _ replayer = (*gameScreen)(nil)

// cursor implements replayer.
func (g *gameScreen) cursor() *replayCursor {
	if g.replay == nil {
		return nil
	}
	return &g.replay.replayCursor
}

// eyesName implements replayer.
func (g *gameScreen) eyesName() string {
	if g.replay.viewer == 0 {
		return "Watching: everything"
	}
	return "Watching: " + g.model.PlayerName(g.replay.viewer)
}

// hexRuleset returns the build's ruleset of id, a game on the hex engine
// (what saved games and their replays hold), and its module.
func (a *App) hexRuleset(id string) (*hexgame.Ruleset, module.Game, error) {
	rs, ok := a.opts.Rulesets.Get(id)
	if !ok {
		return nil, nil, fmt.Errorf("the game is of ruleset %q, which this client does not have", id)
	}
	hr, ok := rs.(*hexgame.Ruleset)
	if !ok {
		return nil, nil, fmt.Errorf("%s is not played on hexes: its saved games cannot be replayed here", rs.Info().Title)
	}
	mod, err := a.opts.Modules.Open(rs)
	if err != nil {
		return nil, nil, err
	}
	return hr, mod, nil
}
