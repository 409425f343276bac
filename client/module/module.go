// Package module is the client's side of a ruleset. The client's game
// screen is a shell that knows the hex engine but no ruleset: the top bar,
// the clock and who is ready, the event log, the chat, reconnecting and
// replays are the shell's; what only a ruleset knows (what a selected army
// or city may do, how its orders are drafted and described, what the side
// panel and the top bar say of its units, money and characters, the help
// screen's rules) comes from the ruleset's Module, found in a Registry by
// the ruleset's id. A ruleset without a module cannot be shown: the menus
// say so and do not offer its games.
//
// A module shows games on the hex engine (shared/game through
// shared/hexgame): the board, the view model and the game screen are the
// same for every such ruleset, so a module is the ruleset's words, choices
// and pictures, not a screen of its own.
package module

import (
	"errors"
	"fmt"
	"slices"

	"empires/client/board"
	"empires/client/menu"
	"empires/client/model"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Module is a ruleset's client module.
type Module interface {
	// ID is the id of the ruleset the module shows.
	ID() string
	// Open returns the game screen's side of ruleset rs: the build's own,
	// or the build's playing a server's data (a host's mod). It refuses a
	// ruleset it cannot show, with why.
	Open(rs ruleset.Ruleset) (Game, error)
}

// Game is what the game screen asks of a ruleset, for one game.
type Game interface {
	// Rules are the rules the view model plays with: the engine's and the
	// ruleset's orders, choices, costs, forecast and words.
	Rules() model.Rules
	// Style is how the board draws the ruleset's terrain and pieces.
	Style() board.Style
	// Panel returns the side panel's lines on the selection, under the
	// title the screen writes ("Army 12 at (3,4)"): an army's units,
	// characters and standing order; a city's armies and characters.
	Panel(m *model.Model, sel model.Selection) []string
	// Group returns the row choice c shares with its siblings on the side
	// panel, and its short label there ("Explore", "NE"); "" for a choice
	// of its own.
	Group(c model.Choice) (key, short string)
	// Note returns what the side panel says once above the choices of c's
	// kind ("Warlords: upkeep 1 a turn each") and what c's tip adds to its
	// label ("upkeep 1 a turn"); "" for nothing.
	Note(c model.Choice) (heading, tip string)
	// Help returns the help screen: the rules in short, with the keys and
	// the map's markers (menu.KeysHelp, menu.MapHelp) where they fit.
	Help() menu.HelpContent
	// Battle says how the battle report reads the ruleset's dice.
	Battle() Battle
	// Suggest returns a choice a demonstration plays for the player's
	// selected city or army (the scripted session), and false if none.
	Suggest(m *model.Model, sel model.Selection) (model.Choice, bool)
}

// Actor is an optional interface of a Game whose ruleset has interactive
// steps (ruleset.Interactive): in such a step a choice the player makes is
// an action, sent at once (protocol.Act) and applied by the server, not an
// order drafted for the turn.
type Actor interface {
	// Action returns choice c as an action, in the ruleset's encoding.
	Action(m *model.Model, c model.Choice) ([]byte, error)
}

// Calendar is an optional interface of a Game whose ruleset speaks of its
// turns in its own words (a day of a week) and names the turn's orders
// (one order a day): the top bar and the side panel ask it.
type Calendar interface {
	// TurnText is the top bar's turn, in place of "Turn 9": "Day 9
	// (week 2, day 2) · next tax: day 15"; short is a shorter form for
	// a narrow window: "Day 9 · tax: day 15".
	TurnText(m *model.Model) (long, short string)
	// OrdersText returns the heading of the side panel's orders
	// ("Today's order") and what it says while none is drafted ("No
	// order yet today").
	OrdersText(m *model.Model) (heading, none string)
	// TurnName names turn t for the log's headings and the animation:
	// "Day 9", in place of "Turn 9".
	TurnName(t game.Turn) string
}

// Realm is an optional interface of a Game whose ruleset has orders of
// the player's whole realm, not of a city or an army (a tax, a trade with
// another player): the side panel shows them while nothing is selected,
// and the top bar has a button that shows them.
type Realm interface {
	// RealmTitle names the realm: "Your Erfpire" (the panel's title),
	// and the top bar's button: "Erfpire".
	RealmTitle(m *model.Model) (title, button string)
	// RealmPanel returns the side panel's lines on the realm, under its
	// title: what it holds, what a tax would bring, its truces.
	RealmPanel(m *model.Model) []string
	// RealmChoices returns the realm's choices, each made with m.Offer.
	RealmChoices(m *model.Model) []model.Choice
}

// Battle is how the battle report reads a ruleset's dice.
type Battle struct {
	// DieSides is the dice's number of sides; a roll of DieSides is a
	// critical hit, worth CriticalHits hits (0: no critical hits).
	DieSides     int
	CriticalHits int
	// FleetSinksOn is the least roll of a fleet battle that sinks an
	// enemy fleet (0: no fleets).
	FleetSinksOn int
	// Points reports that Warlord points raise dice that missed: the
	// legend says so.
	Points bool
	// SideDie reports that each side rolls one die for all its units
	// (game.DieReport.Unit names no unit): the report shows a side's die
	// and what it scored, not dice by kind of unit.
	SideDie bool
	// Legend, if not "", is the dice legend in place of the hits,
	// misses and criticals: "Hits = total Combat + d6 − the enemy's
	// total Defence".
	Legend string
	// Explain, if not nil, returns the sums of each side of report b
	// (b.Sides[i]'s lines: "Combat 3 + die 4 − Defence 3 = 4 hits"),
	// and the rule that decided the battle without them, players
	// named with name, for the report's "Why" line; ok false leaves the
	// report as the ruleset wrote it.
	Explain func(b *game.BattleReport, name func(game.PlayerID) string) (sides [2][]string, reason string, ok bool)
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

// Open returns the game of ruleset rs as its module shows it.
func (r *Registry) Open(rs ruleset.Ruleset) (Game, error) {
	in := rs.Info()
	m, ok := r.Get(in.ID)
	if !ok {
		return nil, r.Check(protocol.RulesetInfo{ID: in.ID, Title: in.Title})
	}
	g, err := m.Open(rs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in.Title, err)
	}
	return g, nil
}
