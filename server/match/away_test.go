package match

import (
	"runtime"
	"testing"

	"empires/shared/ruleset"
)

// TestMissedWhileAway: a player whose only connection left while turns
// were played gets, with the full view of its return, what it may know of
// each of those turns, oldest first (its own events, none of the other
// player's it could not see); a second connection of a seat that stayed
// gets none, nor does a player who never left.
func TestMissedWhileAway(t *testing.T) {
	h := startErfworld(t, threeSeats())
	ann, bob := h.connect(1), h.connect(2)
	bob.sub.Close()
	for i := 0; h.status().Seats[1].Subscriptions != 0; i++ {
		if i > 10000 {
			t.Fatal("bob's subscription is still counted after Close")
		}
		runtime.Gosched()
	}
	for turn := ruleset.Turn(1); turn <= 2; turn++ {
		h.submitHex(1, turn, ann.formOrder())
		h.submitHex(2, turn)
		h.ready(1)
		h.ready(2)
		if u := ann.nextTurn(); len(u.Missed) != 0 || u.Clock.Turn != turn+1 {
			t.Fatalf("turn %d: ann, connected, got %+v", turn, u)
		}
	}
	back := h.connect(2)
	have := back.last.Missed
	if len(have) != 2 || have[0].Turn != 1 || have[1].Turn != 2 {
		t.Fatalf("bob back gets missed steps %+v, want turns 1 and 2", have)
	}
	for _, st := range have {
		u := Update{Events: st.Events}
		evs := back.events(u)
		own := 0
		for _, e := range evs {
			if e.Player == 2 {
				own++
			}
			if e.Player == 1 && !e.HasHex && e.Battle == nil {
				t.Errorf("turn %d: bob is told of ann's %+v", st.Turn, e)
			}
		}
		if own == 0 {
			t.Errorf("turn %d: none of bob's own events among %+v", st.Turn, evs)
		}
	}
	if again := h.connect(2); len(again.last.Missed) != 0 {
		t.Errorf("a second connection of bob gets %d missed steps again", len(again.last.Missed))
	}
	if again := h.connect(1); len(again.last.Missed) != 0 {
		t.Errorf("ann, who never left, gets %d missed steps", len(again.last.Missed))
	}
}
