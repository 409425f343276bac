package match

import (
	"sync"
	"testing"
	"time"

	"empires/shared/ruleset"
)

// countObserver counts what an Observer is told.
type countObserver struct {
	mu                        sync.Mutex
	turns, actions, takeovers int
	took                      []time.Duration
}

func (o *countObserver) TurnResolved(took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.turns++
	o.took = append(o.took, took)
}

func (o *countObserver) ActionPlayed(took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.actions++
	o.took = append(o.took, took)
}

func (o *countObserver) AITookOver() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.takeovers++
}

func (o *countObserver) counts() (turns, actions, takeovers int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.turns, o.actions, o.takeovers
}

// TestObserver: the observer hears of each turn resolved and of the AI
// taking a seat over, once.
func TestObserver(t *testing.T) {
	obs := &countObserver{}
	set := threeSeats()
	set.Observer = obs
	h := startErfworld(t, set)
	ann, bob := h.connect(1), h.connect(2)
	// Bob sends nothing for two turns: the AI takes his seat at turn 3.
	for turn := ruleset.Turn(1); turn <= 3; turn++ {
		if have, _, _ := obs.counts(); have != int(turn)-1 {
			t.Fatalf("turn %d: %d turns resolved, want %d", turn, have, turn-1)
		}
		h.submitHex(1, turn)
		h.ready(1)
		if turn < 3 {
			h.ready(2)
		}
		ann.nextTurn()
		bob.nextTurn()
	}
	turns, actions, takeovers := obs.counts()
	if turns != 3 || actions != 0 || takeovers != 1 {
		t.Fatalf("have %d turns, %d actions and %d takeovers, want 3, none and 1", turns, actions, takeovers)
	}
	for i, d := range obs.took {
		if d <= 0 {
			t.Errorf("turn %d took %v, want a positive time", i+1, d)
		}
	}
}

// TestObserverActions: the observer hears of the actions of interactive
// steps apart from the resolutions of simultaneous ones.
func TestObserverActions(t *testing.T) {
	obs := &countObserver{}
	set := countSettings()
	set.Observer = obs
	h := startCount(t, set)
	ann := h.connect(1)
	h.act(1, 1, 2) // Ann counts
	ann.nextTurn()
	h.act(2, 2, 1) // Bob answers
	ann.nextTurn()
	h.submit(1, 1, []byte{1})
	h.submit(2, 1, []byte{1})
	h.ready(1)
	h.ready(2)
	ann.nextTurn() // the bids resolve
	if turns, actions, _ := obs.counts(); turns != 1 || actions != 2 {
		t.Fatalf("have %d resolutions and %d actions, want 1 and 2", turns, actions)
	}
}
