package app

import (
	"testing"

	"empires/shared/game"
	"empires/shared/protocol"
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
		v := game.NewView(s, 1)
		g, err := newGameScreen(a, &protocol.FullView{View: v, Checksum: v.Checksum()})
		if err != nil {
			t.Fatal(err)
		}
		if g.out() != tt.want {
			t.Errorf("alive %v: out() = %v, want %v", tt.alive, g.out(), tt.want)
		}
		g.setReady(true)
		if g.ready == tt.want {
			t.Errorf("alive %v: End turn left ready = %v", tt.alive, g.ready)
		}
	}
}
