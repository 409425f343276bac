package duel

import (
	"fmt"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// EventKind says what an Event reports.
type EventKind uint8

// The kinds of event. Seat is the player the event is about; Other,
// Cards and Value are as each kind says, else zero.
const (
	// EventRound: round Value begins.
	EventRound EventKind = iota + 1
	// EventDraw: Seat draws Value cards; Cards are them, shown only to
	// Seat (rule 8).
	EventDraw
	// EventAutopilot: Seat laid nothing, so its lowest card is laid
	// (rule 4).
	EventAutopilot
	// EventReveal: Seat's offering, Cards[0], is revealed (rule 2).
	EventReveal
	// EventScore: Seat scores Value points.
	EventScore
	// EventAttack: Seat attacks Other with Cards[0] (rule 5).
	EventAttack
	// EventPass: Seat lets its attack turn go (rule 5).
	EventPass
	// EventBlock: Seat blocks Other's attack with Cards[0] (rule 6).
	EventBlock
	// EventHit: Seat takes the hit of Other's attack (rule 7).
	EventHit
	// EventRoll: Seat, the attacker, rolls Value on the die (rule 7).
	EventRoll
	// EventLose: Seat loses Cards[0], drawn at random from its hand
	// (rule 7).
	EventLose
	// EventOut: Seat is out (rule 9).
	EventOut
	// EventEnd: the game ends; Seat won (0: a draw) (rule 10).
	EventEnd
)

// Event is one thing that happened, as one reader may know it.
type Event struct {
	Kind  EventKind
	Seat  ruleset.Seat
	Other ruleset.Seat
	Cards []Card
	Value int
}

// DecodeEvents reads the events Outcome.Events encoded.
func DecodeEvents(data []byte) ([]Event, error) {
	var out []Event
	if err := wire.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s events: %w", ID, err)
	}
	return out, nil
}

// outcome is what a Resolve or an Act produced: its events, each with the
// cards only its own seat may see.
type outcome struct {
	seats  int
	events []event
}

// event is an Event with private cards: shown to Event.Seat only, in
// place of Event.Cards (the all-seeing spectator sees no hand).
type event struct {
	pub     Event
	private []Card
}

var _ ruleset.Outcome = (*outcome)(nil)

func (g *game) newOutcome() *outcome { return &outcome{seats: g.n()} }

// add adds an event everyone may know.
func (o *outcome) add(e Event) { o.events = append(o.events, event{pub: e}) }

// addPrivate adds an event whose cards only e.Seat may see.
func (o *outcome) addPrivate(e Event, cards []Card) {
	o.events = append(o.events, event{pub: e, private: cards})
}

// Events implements ruleset.Outcome.
func (o *outcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	if int(s) > o.seats {
		return nil, fmt.Errorf("%s events: no seat %d at a table of %d", ID, s, o.seats)
	}
	list := make([]Event, len(o.events))
	for i, e := range o.events {
		list[i] = e.pub
		if e.private != nil && s != 0 && s == e.pub.Seat {
			list[i].Cards = e.private
		}
	}
	return wire.Marshal(list)
}

// Count implements ruleset.Outcome.
func (o *outcome) Count() int { return len(o.events) }
