package empire

import (
	"fmt"

	"empires/shared/grid"
	"empires/shared/rules/empire/battle"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// EventKind is what an event tells.
type EventKind uint8

// The kinds of event.
const (
	// EvMoved: army Force of Owner moved from Pos to To in movement step
	// Step.
	EvMoved EventKind = iota + 1
	// EvBlocked: army Force on Pos cannot enter To; its order ends.
	EvBlocked
	// EvBattle: a battle on Pos, Owner attacking Other (Battle).
	EvBattle
	// EvBombard: army Force of Owner on Pos bombarded Other's army Target
	// on To (Hits).
	EvBombard
	// EvConquered: Owner took settlement Settlement on Pos from Other.
	EvConquered
	// EvProduced: settlement Settlement produced a unit of kind Unit-1,
	// which joined garrison Force.
	EvProduced
	// EvForwarded: settlement Settlement produced a unit of kind Unit-1
	// and forwarded it to force Target, Value turns away.
	EvForwarded
	// EvArrived: a forwarded unit of kind Unit-1 from Settlement reached
	// force Force on Pos.
	EvArrived
	// EvReturned: a forwarded unit of kind Unit-1 of Other, whose target is
	// gone, appeared at its settlement Settlement, in Owner's garrison
	// Force.
	EvReturned
	// EvEliminated: Owner is out of the game.
	EvEliminated
	// EvGameOver: the game is over; Owner won (0: a draw).
	EvGameOver
)

// String names the kind.
func (k EventKind) String() string {
	names := [...]string{"", "moved", "blocked", "battle", "bombard", "conquered", "produced", "forwarded", "arrived", "returned", "eliminated", "game over"}
	if int(k) < len(names) && k > 0 {
		return names[k]
	}
	return fmt.Sprintf("event %d", k)
}

// Event is one thing that happened in a turn.
type Event struct {
	Kind       EventKind
	Step       int          `msgpack:",omitempty"`
	Owner      Seat         `msgpack:",omitempty"`
	Other      Seat         `msgpack:",omitempty"`
	Force      ForceID      `msgpack:",omitempty"`
	Target     ForceID      `msgpack:",omitempty"`
	Settlement SettlementID `msgpack:",omitempty"`
	Pos        grid.Pos
	To         grid.Pos
	// Unit is a unit kind plus one (0: none).
	Unit   int          `msgpack:",omitempty"`
	Value  int          `msgpack:",omitempty"`
	Hits   []battle.Hit `msgpack:",omitempty"`
	Battle *BattleEvent `msgpack:",omitempty"`
}

// BattleEvent is a battle: who fought with which forces, and the report
// of its rounds and phases.
type BattleEvent struct {
	Attacker, Defender             Seat
	AttackerForces, DefenderForces []ForceID
	Report                         battle.Report
}

// DecodeEvents reads a turn's events as Outcome.Events wrote them; no
// bytes at all (a turn update that carries none) are no events.
func DecodeEvents(b []byte) ([]Event, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var evs []Event
	if err := wire.Unmarshal(b, &evs); err != nil {
		return nil, fmt.Errorf("%s events: %w", ID, err)
	}
	return evs, nil
}

// outcome is a turn's events, each with the seats that may know of it.
type outcome struct {
	events []Event
	masks  []mask
}

func (g *Game) newOutcome() *outcome { return &outcome{} }

func (o *outcome) add(e Event, m mask) {
	o.events = append(o.events, e)
	o.masks = append(o.masks, m)
}

// Events implements ruleset.Outcome: the events seat s saw (its own
// forces' and settlements', and what happened on the squares it saw);
// the all-seeing spectator gets all, another spectator only who is out
// and who won.
func (o *outcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	var out []Event
	for i, e := range o.events {
		switch {
		case s == 0 && allSeeing, o.masks[i] == allSeats, s != 0 && o.masks[i]&seatMask(s) != 0:
			out = append(out, e)
		}
	}
	return wire.Marshal(out)
}

// Count implements ruleset.Outcome.
func (o *outcome) Count() int { return len(o.events) }
