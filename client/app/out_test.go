package app

import (
	"testing"

	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

// TestOut: a player out of the game (its last Capital lost) cannot end
// turns; a live player can.
func TestOut(t *testing.T) {
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworld.NewRules(d)
	a, err := New(Options{Rules: rs, Prefs: prefs.Default()})
	if err != nil {
		t.Fatal(err)
	}
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
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
