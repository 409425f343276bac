package lobby

import (
	"testing"

	"empires/shared/protocol"
)

func TestOpenSeats(t *testing.T) {
	l := newLobby(t, Options{})
	if n := l.OpenSeats(); n != 0 {
		t.Fatalf("an empty lobby has %d open seats, want 0", n)
	}
	ann := hello(t, l, "Ann")
	set := small() // 3 seats, 1 bot: Ann takes one
	find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set}))
	bob := hello(t, l, "Bob")
	set.Width, set.Height, set.Seats, set.Bots = 32, 32, 6, 2 // Bob takes one of 4
	find[*protocol.Joined](t, bob.do(&protocol.CreateGame{Settings: set}))
	if n := l.OpenSeats(); n != 1+3 {
		t.Errorf("two games with 1 and 3 free seats: OpenSeats = %d, want 4", n)
	}
	cid := hello(t, l, "Cid")
	find[*protocol.Joined](t, cid.do(&protocol.JoinGame{Game: 1}))
	if n := l.OpenSeats(); n != 3 {
		t.Errorf("after Cid took the last seat of game 1: OpenSeats = %d, want 3", n)
	}
	bob.do(&protocol.LeaveGame{}) // game 2 is gone with its last player
	if n := l.OpenSeats(); n != 0 {
		t.Errorf("after game 2 went: OpenSeats = %d, want 0", n)
	}
}
