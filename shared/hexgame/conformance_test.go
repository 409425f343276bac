package hexgame_test

import (
	"testing"

	"empires/shared/registry"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// TestErfworldConformance runs the ruleset contract's checks on erfworld
// through hexgame: whole games of the AI levels that end, on a small map,
// with every view, delta, save and replay checked at every step.
func TestErfworldConformance(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get("erfworld")
	cfg := ruleset.Config{Seed: 5, Seats: 2, Names: []string{"Anna", "Bert"},
		Options: ruleset.Options{ruleset.KeyWidth: 20, ruleset.KeyHeight: 20}}
	rulesettest.Run(t, rs, cfg, rulesettest.Options{MaxSteps: 400, Levels: []string{"easy", "normal"}})
}

// TestErfpiresConformance runs the contract's checks on erfpires.
func TestErfpiresConformance(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get("erfpires")
	if !ok {
		t.Fatal("the registry has no erfpires")
	}
	cfg := ruleset.Config{Seed: 5, Seats: 3, Names: []string{"Anna", "Bert", "Cleo"},
		Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 24}}
	rulesettest.Run(t, rs, cfg, rulesettest.Options{MaxSteps: 300, Levels: []string{"easy", "normal"}})
}
