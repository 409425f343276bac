package ruleset

import (
	"errors"
	"slices"
	"testing"
)

// waitGame is a Game with a default for each seat (the seat's number); the
// rest of Game is never called.
type waitGame struct{ Game }

func (waitGame) Default(s Seat) ([]byte, bool) { return []byte{byte(s)}, true }

// TestFirstAIAction: the actors are asked in turn from the one first picks;
// in a concurrent step one whose AI waits (nil) is passed over, and when
// all wait the first asked plays the game's default; in an interactive
// step the first asked acts, even with nil.
func TestFirstAIAction(t *testing.T) {
	waitAll := func(Seat) ([]byte, error) { return nil, nil }
	only := func(s Seat) func(Seat) ([]byte, error) {
		return func(q Seat) ([]byte, error) {
			if q == s {
				return []byte{100 + byte(q)}, nil
			}
			return nil, nil
		}
	}
	tests := []struct {
		name       string
		mode       Mode
		first      int
		act        func(Seat) ([]byte, error)
		wantSeat   Seat
		wantAction []byte
	}{
		{"concurrent: the first that acts", Concurrent, 0, only(3), 3, []byte{103}},
		{"concurrent: from the one first picks", Concurrent, 4, only(2), 2, []byte{102}},
		{"concurrent: all wait, the first asked plays the default", Concurrent, 1, waitAll, 2, []byte{2}},
		{"interactive: the first asked, whatever it says", Interactive, 0, waitAll, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := Step{Mode: tt.mode, Seq: 7, Actors: []Seat{1, 2, 3}}
			seat, action, err := FirstAIAction(waitGame{}, st, tt.first, tt.act)
			if err != nil || seat != tt.wantSeat || !slices.Equal(action, tt.wantAction) {
				t.Errorf("have seat %d, action %v, %v; want seat %d, action %v", seat, action, err, tt.wantSeat, tt.wantAction)
			}
		})
	}
	boom := errors.New("boom")
	if _, _, err := FirstAIAction(waitGame{}, Step{Mode: Concurrent, Actors: []Seat{1}}, 0, func(Seat) ([]byte, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Errorf("an AI's error: have %v", err)
	}
	if _, _, err := FirstAIAction(nil, Step{Mode: Concurrent, Actors: []Seat{1}}, 0, waitAll); err == nil {
		t.Error("all wait in a game without defaults: no error")
	}
	if _, _, err := FirstAIAction(waitGame{}, Step{Mode: Concurrent}, 0, waitAll); err == nil {
		t.Error("a step of no actors: no error")
	}
}
