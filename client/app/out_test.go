package app

import (
	"testing"
)

// TestOut: a player out of the game (its last Capital lost) cannot end
// turns; a live player can.
func TestOut(t *testing.T) {
	a, _, s := testApp(t)
	tests := []struct {
		alive bool
		want  bool
	}{{true, false}, {false, true}}
	for _, tt := range tests {
		s.Players[0].Alive = tt.alive
		g := showGame(t, a, s, 1)
		if g.out() != tt.want {
			t.Errorf("alive %v: out() = %v, want %v", tt.alive, g.out(), tt.want)
		}
		g.setReady(true)
		if g.ready == tt.want {
			t.Errorf("alive %v: End turn left ready = %v", tt.alive, g.ready)
		}
	}
}
