package main

import (
	"testing"

	"empires/shared/registry"
	"empires/shared/ruleset"
)

// earAI is an AI that is a ruleset.Listener: it counts the event lists it
// hears, by seat.
type earAI struct {
	ruleset.AI
	heard map[ruleset.Seat]int
}

func (a *earAI) Hear(s ruleset.Seat, events []byte) error {
	if len(events) > 0 {
		a.heard[s]++
	}
	return nil
}

// TestPlayStepTells (ruleset.Listener): after each step whole hands each
// seat's AI that listens its own seat's events, and counts the time with
// the AI's orders.
func TestPlayStepTells(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get("erfworld")
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 2, Options: ruleset.Options{ruleset.KeyWidth: 16, ruleset.KeyHeight: 16}})
	if err != nil {
		t.Fatal(err)
	}
	ais := make([]ruleset.AI, 3)
	views := make([]ruleset.View, 3)
	ears := make([]*earAI, 3)
	for s := 1; s <= 2; s++ {
		ai, err := rs.NewAI("easy", uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		ears[s] = &earAI{AI: ai, heard: map[ruleset.Seat]int{}}
		ais[s] = ears[s]
		views[s] = g.View(ruleset.Seat(s), false)
	}
	const steps = 3
	var ts turnStats
	for range steps {
		if err := playStep(g, g.Step(), ais, views, &saver{}, &ts); err != nil {
			t.Fatal(err)
		}
	}
	for s := 1; s <= 2; s++ {
		if have := ears[s].heard; len(have) != 1 || have[ruleset.Seat(s)] != steps {
			t.Errorf("seat %d's AI heard %v, want its own seat's events %d times", s, have, steps)
		}
	}
}
