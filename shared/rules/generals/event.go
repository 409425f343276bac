package generals

import (
	"fmt"

	"empires/shared/ruleset"
	"empires/shared/wire"
)

// DecodeEvents reads the events Outcome.Events encoded.
func DecodeEvents(data []byte) ([]Event, error) {
	var out []Event
	if err := wire.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s events: %w", ID, err)
	}
	return out, nil
}

// outcome is what an Act produced: its events, each with the cards only
// its own seat may see.
type outcome struct {
	seats  int
	events []event
}

// event is an Event with private cards: shown to Event.Seat only, in
// place of Event.Cards (the all-seeing spectator sees no hand).
type event struct {
	pub     Event
	private []CardID
}

var _ ruleset.Outcome = (*outcome)(nil)

func (g *game) newOutcome() *outcome { return &outcome{seats: g.n()} }

// add adds an event everyone may know.
func (o *outcome) add(e Event) { o.events = append(o.events, event{pub: e}) }

// addPrivate adds an event whose cards only e.Seat may see.
func (o *outcome) addPrivate(e Event, cards []CardID) {
	o.events = append(o.events, event{pub: e, private: nilIfEmpty(cards)})
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
