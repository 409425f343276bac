package main

import (
	"bytes"
	"fmt"
	"testing"

	"empires/shared/registry"
	"empires/shared/ruleset"
)

// earAI is an AI of the ladder's that is a ruleset.Listener: it logs the
// events it hears, by seat.
type earAI struct {
	ruleset.AI
	heard map[ruleset.Seat][][]byte
}

func (a *earAI) Hear(s ruleset.Seat, events []byte) error {
	a.heard[s] = append(a.heard[s], bytes.Clone(events))
	return nil
}

// TestPlayStepTells (ruleset.Listener): after each step the ladder hands
// each player that listens its own seat's events of the step, as the
// server does, and nothing of the other seat's.
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
	levels := []string{"easy", "easy"}
	ears := make([]*earAI, 2)
	players := make([]ruleset.AI, 2)
	for i := range players {
		ai, err := rs.NewAI(levels[i], 3)
		if err != nil {
			t.Fatal(err)
		}
		ears[i] = &earAI{AI: ai, heard: map[ruleset.Seat][][]byte{}}
		players[i] = ears[i]
	}
	const steps = 3
	for range steps {
		if err := playStep(g, g.Step(), players, levels); err != nil {
			t.Fatal(err)
		}
	}
	for i, ear := range ears {
		seat := ruleset.Seat(i + 1)
		if have := fmt.Sprint(len(ear.heard), len(ear.heard[seat])); have != fmt.Sprint(1, steps) {
			t.Errorf("player %d heard (seats, steps of its own) %s, want 1 %d", seat, have, steps)
		}
		for _, ev := range ear.heard[seat] {
			if len(ev) == 0 {
				t.Errorf("player %d heard empty events", seat)
			}
		}
	}
}
