// Package hexscreen is the game screen of the rulesets on the hex engine
// (shared/game through shared/hexgame): the board with its overlays, the
// view model, the side panel's selection and choices, the turn's orders,
// the resolved turn's animation, the battle reports and the replays. It
// is a module.Screen: the client's shell frames it as it frames every
// game. The board, the view model and the screen are the same for every
// such ruleset, so a ruleset's module (module/erfworld, module/erfpires)
// is its words, choices and pictures (Game), not a screen of its own.
package hexscreen

import (
	"empires/client/board"
	"empires/client/menu"
	"empires/client/model"
	"empires/shared/game"
)

// Game is what the hex screen asks of a ruleset, for one game.
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
	// the map's markers (KeysHelp, MapHelp) where they fit.
	Help() menu.HelpContent
	// Battle says how the battle report reads the ruleset's dice.
	Battle() Battle
	// Suggest returns a choice a demonstration plays for the player's
	// selected city or army (the scripted session), and false if none.
	Suggest(m *model.Model, sel model.Selection) (model.Choice, bool)
}

// Actor is an optional interface of a Game whose ruleset has interactive
// steps (ruleset.Interactive): in such a step a choice the player makes is
// an action, sent at once (module.Host.Act) and applied by the server,
// not an order drafted for the turn.
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
