package game

import (
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Phase is one step of a turn.
type Phase uint8

// The phases a ruleset may list. The engine runs PhaseMove itself
// (movement, battles, vision); the ruleset runs the others.
const (
	PhaseIncome Phase = iota + 1
	PhaseBuild
	PhaseRecruit
	PhaseUpkeep
	PhaseMove
	PhaseVictory
)

// PhaseRuleset is the first phase a ruleset may define for itself (loading
// fleets before movement, say); the engine hands it to RunPhase like the
// others.
const PhaseRuleset Phase = 64

// TurnOrder says whether players act at once or one after another.
type TurnOrder uint8

const (
	// Simultaneous: every player's orders resolve together. The default.
	Simultaneous TurnOrder = iota
	// RoundOrder: each turn, players resolve one after another in ID
	// order, each seeing the result of those before.
	RoundOrder
)

// Ruleset is what the engine needs from a ruleset. Every method must be
// deterministic, use only s.RNG for chance, and never panic on legal state.
type Ruleset interface {
	// ID is the ruleset's id, e.g. "erfworld".
	ID() string
	// Terrain is the terrain table the map's TerrainIDs index.
	Terrain() rulesfile.TerrainTable
	// TurnOrder says how players take turns.
	TurnOrder() TurnOrder
	// Phases lists the turn's phases in order; it includes PhaseMove.
	Phases() []Phase

	// ValidateOrder checks an order of player p against s: the ruleset's
	// own kinds in full, and any ruleset limits on the engine's kinds (the
	// engine has already checked ownership, paths and targets). It returns
	// nil or a Rejectf reason.
	ValidateOrder(s *State, p PlayerID, o *Order) error
	// RunPhase carries out a phase other than PhaseMove with the valid
	// orders of the players acting (all of them, or one in round order).
	RunPhase(s *State, ph Phase, orders []PlayerOrders, ev *Events)

	// MovePoints is how many movement points army a has this turn.
	MovePoints(s *State, a *Army) int
	// StepCost is what it costs army a to step from one hex to its
	// neighbour, and false if a may not enter it (terrain, water without
	// a fleet, ...).
	StepCost(s *State, a *Army, from, to hex.Hex) (int, bool)
	// CanStack reports whether army a may enter hex to where the friendly
	// armies others already stand.
	CanStack(s *State, a *Army, to hex.Hex, others []*Army) bool
	// Sight is how far army a sees (1: the six neighbours).
	Sight(s *State, a *Army) int
	// CitySight is how far city c sees.
	CitySight(s *State, c *City) int
	// ExtraSight returns hexes player p sees this turn beyond the sight of
	// its armies and cities (scouts, spells); nil for none.
	ExtraSight(s *State, p PlayerID) []hex.Hex
	// Battle fights a battle: it fills b's losses and winner, drawing dice
	// only from b.Dice.
	Battle(s *State, b *Battle)
}

// CityDefender is an optional interface of a Ruleset whose cities fight for
// themselves: a city with no army on its hex still defends it against an
// enemy army that enters (see Move, "City battles"). A ruleset that does not
// implement it keeps the engine's plain rule: an army walking into an empty
// enemy city takes it after movement without a fight.
type CityDefender interface {
	// CityDefends reports whether city c, with no army on its hex, fights
	// the armies of other players that enter it. It is asked for neutral
	// cities (Owner 0) too. The battle that follows is the ruleset's
	// Battle with a defending side of c's owner that has no armies: the
	// city's forces are the ruleset's to supply (b.City names the city).
	CityDefends(s *State, c *City) bool
}

// OrderLimiter is an optional interface of a Ruleset that limits how many
// orders a player may give in one turn (erfpires: "Each day you can issue
// one order."). ValidateOrders (and so OrderBook.Submit) and Revalidate
// count, in list order, the orders valid on their own, and refuse those
// beyond the limit with the rule in words: "one order a day (already
// given: order 1)". A refused order never takes the place of a valid one.
type OrderLimiter interface {
	// OrderLimit returns the most orders player p may give for the turn of
	// s, 0 or less for no limit (but MaxOrders), and the rule in words for
	// the refusals ("one order a day").
	OrderLimit(s *State, p PlayerID) (n int, rule string)
}

// PlayerOrders are the orders one player gave for a turn.
type PlayerOrders struct {
	Player PlayerID
	Orders []Order
	// Autopilot is set when the player sent no orders at all for the turn
	// (not even an empty list): the ruleset then plays the player as its
	// rules for a missed turn say.
	Autopilot bool
}
