// Package module is the client's side of a ruleset. The client's shell
// (package app: the menus, the top bar with the turn, the clock and who
// is ready, the event log, the chat, the windows, reconnecting and the
// replays) knows no engine and no ruleset: every game is shown on a
// Screen its ruleset's Module opens, found in a Registry by the
// ruleset's id. The screen draws the game and takes the input on it,
// fills the side panel, keeps the orders and the log, sends the player's
// actions and words the top bar; the shell frames it (Host) and passes
// it each frame's input (Input). A ruleset without a module cannot be
// shown: the menus say so and do not offer its games.
//
// The games on the hex engine share one screen (package
// module/hexscreen): their modules give it their words, choices and
// pictures. Others have a screen of their own (module/empire).
package module

import (
	"errors"
	"fmt"
	"slices"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Module is a ruleset's client module.
type Module interface {
	// ID is the id of the ruleset the module shows.
	ID() string
	// OpenScreen returns the screen of a game of ruleset rs (the build's,
	// or the build's playing a server's data: a host's mod), framed by
	// host. It refuses a ruleset it cannot show, with why.
	OpenScreen(rs ruleset.Ruleset, host Host) (Screen, error)
}

// Teller is an optional interface of a Module whose replays tell a step
// otherwise than the server tells it to its players and spectators
// (ruleset.Outcome.Events): a replay of a game on the hex engine watched
// from above tells every player's own events too (an income, a build, a
// move blocked), where a spectator of a game being played learns only
// what happened on the map.
type Teller interface {
	// ReplayEvents returns the events of a step's outcome out that a
	// replay watched through seat s's eyes tells (0: from above, all
	// seeing when allSeeing), in the ruleset's encoding. It is called
	// while out may still read its game.
	ReplayEvents(out ruleset.Outcome, s ruleset.Seat, allSeeing bool) ([]byte, error)
}

// Guide is an optional interface of a Module that tells a new player what
// to do first. On a game's first turn the shell shows its hint over the
// map, with a Close button, unless the player turned first-turn hints off
// in Settings; it goes once the player has drafted its orders, ended the
// turn or acted.
type Guide interface {
	// FirstHint returns what to do on the game's first turn.
	FirstHint() FirstHint
}

// StepNamer is an optional interface of a Module whose game does not
// count its steps in turns: the Replays list says "12 days" of a game of
// days, "138 moves" of a card game played one move at a time.
type StepNamer interface {
	// StepWord is the word of one step, singular: "day".
	StepWord() string
}

// FirstHint is what a Guide says to do on a game's first turn.
type FirstHint struct {
	// Text says it in one short sentence, in the game's words: "One
	// order a day: pick your city or army, then its order".
	Text string
	// Orders is how many orders doing it drafts: the hint goes once the
	// turn holds as many (0: it stays until the turn ends).
	Orders int
}

// Registry is a build's client modules, by ruleset id. It is built once
// and then only read.
type Registry struct {
	list []Module
}

// NewRegistry returns the registry of ms; it refuses two modules of one
// ruleset.
func NewRegistry(ms ...Module) (*Registry, error) {
	r := &Registry{}
	for _, m := range ms {
		if m == nil || m.ID() == "" {
			return nil, errors.New("module registry: a module of no ruleset")
		}
		if _, dup := r.Get(m.ID()); dup {
			return nil, fmt.Errorf("module registry: two modules of ruleset %s", m.ID())
		}
		r.list = append(r.list, m)
	}
	return r, nil
}

// Get returns the module of ruleset id, and false if there is none.
func (r *Registry) Get(id string) (Module, bool) {
	i := slices.IndexFunc(r.list, func(m Module) bool { return m.ID() == id })
	if i < 0 {
		return nil, false
	}
	return r.list[i], true
}

// Check returns why the client cannot show games of ruleset in, nil if it
// can: it has no module for it. The reason is for the player.
func (r *Registry) Check(in protocol.RulesetInfo) error {
	if _, ok := r.Get(in.ID); ok {
		return nil
	}
	title := in.Title
	if title == "" {
		title = in.ID
	}
	return fmt.Errorf("this client cannot show games of %s yet: it has no screen for that ruleset", title)
}

// OpenScreen returns the screen of a game of ruleset rs, as its module
// opens it, framed by host.
func (r *Registry) OpenScreen(rs ruleset.Ruleset, host Host) (Screen, error) {
	in := rs.Info()
	m, ok := r.Get(in.ID)
	if !ok {
		return nil, r.Check(protocol.RulesetInfo{ID: in.ID, Title: in.Title})
	}
	s, err := m.OpenScreen(rs, host)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Title, err)
	}
	return s, nil
}
