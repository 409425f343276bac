package bot

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"empires/shared/game"
	"empires/shared/protocol"
)

// TestHooks walks a runner through a seat, two turns and a mismatch, and
// checks which hooks it called, in order.
func TestHooks(t *testing.T) {
	s := twoPlayers(t)
	var calls []string
	var last time.Time
	stamp := func(at time.Time) {
		if at.IsZero() || at.Before(last) {
			t.Errorf("hook time %v: want a time, not before the last one %v", at, last)
		}
		last = at
	}
	hooks := Hooks{
		Joined: func(g protocol.GameID, st protocol.Seat) {
			calls = append(calls, "joined "+g.String()+" seat "+st.String())
		},
		Ready:  func(tn protocol.Turn, at time.Time) { stamp(at); calls = append(calls, fmt.Sprint("ready ", tn)) },
		Update: func(tn protocol.Turn, at time.Time) { stamp(at); calls = append(calls, fmt.Sprint("update ", tn)) },
	}
	r, _ := newFake(t, Options{Name: "A", Level: "passive", Join: 4, Hooks: hooks})
	if err := r.begin(); err != nil {
		t.Fatal(err)
	}
	feed(t, r, &protocol.Joined{Game: 4, Seat: 1, Token: protocol.NewToken(), Settings: protocol.Settings{Ruleset: "erfworld", Seed: 7}}, 1)
	v1 := game.NewView(s, 1)
	feed(t, r, fullView(t, v1), 0)
	feed(t, r, clock(1, 1, 2), 0)
	game.Resolve(s, rules(t), nil)
	v2 := game.NewView(s, 1)
	feed(t, r, update(t, v1, v2, 1), 0) // a mismatch
	feed(t, r, clock(2, 1, 2), 0)
	feed(t, r, fullView(t, v2), 0)

	want := []string{"joined game 4 seat " + protocol.Seat(1).String(), "ready 1", "update 1", "ready 2"}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("hooks called:\nhave %q\nwant %q", calls, want)
	}
}
