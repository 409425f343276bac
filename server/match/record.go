package match

import "empires/shared/game"

// TurnRecord is what Settings.OnTurn hears: the state a match starts from
// (Start), or a turn resolved, with the orders it was resolved with. Every
// field is the match's: read it during the call only, change nothing.
type TurnRecord struct {
	// Start is set for the record Run makes as it starts, before any turn
	// is resolved: State is the state the match starts from (a new game's
	// or a resumed one's), and there are no orders nor events.
	Start bool
	// Turn is the turn resolved (State.Turn is the next one), or with
	// Start the turn about to be played.
	Turn game.Turn
	// Orders are the orders the turn was resolved with, as submitted, in
	// seat order: a seat with no entry submitted nothing (the ruleset's
	// autopilot played it), one with an empty list submitted "no orders".
	// Resolving the state before the turn with them gives State again.
	Orders []game.PlayerOrders
	// Events are the turn's events.
	Events *game.Events
	// State is the game after the turn.
	State *game.State
}

// recordOrders returns a copy of the orders of the turn about to be
// resolved, for OnTurn; nil without OnTurn. On the loop.
func (m *Match) recordOrders() []game.PlayerOrders {
	if m.set.OnTurn == nil {
		return nil
	}
	return m.book.All()
}

// record tells OnTurn, if any, of rec. On the loop.
func (m *Match) record(rec TurnRecord) {
	if m.set.OnTurn != nil {
		m.set.OnTurn(rec)
	}
}
