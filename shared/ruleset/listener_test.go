package ruleset_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"empires/shared/ruleset"
)

// seatOutcome's events name the seat and audience they are for; with
// broken set, they do not encode. It counts the calls of Events.
type seatOutcome struct {
	broken bool
	calls  *int
}

func (o seatOutcome) Events(s ruleset.Seat, allSeeing bool) ([]byte, error) {
	*o.calls++
	if o.broken {
		return nil, errors.New("no bytes")
	}
	return fmt.Appendf(nil, "seat %d all %t", s, allSeeing), nil
}

func (seatOutcome) Count() int { return 1 }

// deafAI is an AI that is no Listener.
type deafAI struct{}

func (deafAI) Act(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) { return nil, nil }

// earAI is a Listener that logs what it hears and refuses "seat 3 ...".
type earAI struct {
	deafAI
	heard []string
}

func (a *earAI) Hear(s ruleset.Seat, events []byte) error {
	if s == 3 {
		return errors.New("deaf on that side")
	}
	a.heard = append(a.heard, fmt.Sprintf("%d: %s", s, events))
	return nil
}

// TestTell: Tell hands a Listener its seat's events, as a player (not the
// all-seeing spectator) is told them; an AI that is no Listener costs no
// encoding; errors name the seat.
func TestTell(t *testing.T) {
	ear := &earAI{}
	tests := []struct {
		name      string
		ai        ruleset.AI
		seat      ruleset.Seat
		broken    bool
		wantCalls int
		wantErr   string
	}{
		{name: "no Listener", ai: deafAI{}, seat: 1},
		{name: "seat 1", ai: ear, seat: 1, wantCalls: 1},
		{name: "seat 2", ai: ear, seat: 2, wantCalls: 1},
		{name: "events that do not encode", ai: ear, seat: 2, broken: true, wantCalls: 1,
			wantErr: "the events of seat 2: no bytes"},
		{name: "a Hear that fails", ai: ear, seat: 3, wantCalls: 1,
			wantErr: "the AI of seat 3 hears its events: deaf on that side"},
	}
	for _, tt := range tests {
		calls := 0
		err := ruleset.Tell(tt.ai, tt.seat, seatOutcome{broken: tt.broken, calls: &calls})
		if have := fmt.Sprint(err); (err != nil || tt.wantErr != "") && have != tt.wantErr {
			t.Errorf("%s: error %q, want %q", tt.name, have, tt.wantErr)
		}
		if calls != tt.wantCalls {
			t.Errorf("%s: Events called %d times, want %d", tt.name, calls, tt.wantCalls)
		}
	}
	if want := []string{"1: seat 1 all false", "2: seat 2 all false"}; !reflect.DeepEqual(ear.heard, want) {
		t.Errorf("heard %q, want %q", ear.heard, want)
	}
}
