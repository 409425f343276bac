package generals

import (
	"fmt"
	"testing"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// config returns a game of seats players, rounds rounds at most.
func config(seed uint64, seats, rounds int) ruleset.Config {
	names := []string{"Anna", "Bert", "Cleo", "Dmitri"}
	for len(names) < seats {
		names = append(names, fmt.Sprintf("Player %d", len(names)+1))
	}
	return ruleset.Config{Seed: seed, Seats: seats, Names: names[:seats], Options: ruleset.Options{KeyRounds: rounds}}
}

// TestConformance runs the contract's harness on the ruleset: 2, 3, 4 and
// 20 seats, both AI levels, the ready-made decks and decks of the
// players' own, every variation (one with the Epic Campaigner on), a
// house rule.
func TestConformance(t *testing.T) {
	own := config(6, 4, 4)
	own.SeatData = empireDecks(t, New(), 4)
	blitz := config(7, 3, 4)
	blitz.Options[KeyVariation] = VariationBlitzkrieg
	blitz.Options[KeyEpic] = 1
	south := config(8, 2, 3)
	south.Options[KeyVariation] = VariationSouthpole
	slaughter := config(9, 3, 3)
	slaughter.Options[KeyVariation] = VariationSlaughterhouse
	slaughter.Options[KeyType] = 7 // house rules: Rome's cards
	architect := config(10, 2, 3)
	architect.Options[KeyVariation] = VariationArchitect
	architect.Options[KeyLength] = LengthQuick
	for _, tt := range []struct {
		name string
		cfg  ruleset.Config
		opts rulesettest.Options
	}{
		{"decks of their own", own, rulesettest.Options{Stamped: true, AISeed: 3}},
		{"Blitzkrieg, Epic Campaigner", blitz, rulesettest.Options{Stamped: true}},
		{"Southpole", south, rulesettest.Options{Stamped: true, Levels: []string{"random"}}},
		{"Slaughterhouse, Rome's cards", slaughter, rulesettest.Options{Stamped: true, Levels: []string{"random"}}},
		{"Architect, Quick", architect, rulesettest.Options{Stamped: true, Levels: []string{"random"}}},
		{"2 seats", config(1, 2, 8), rulesettest.Options{Stamped: true}},
		{"3 seats", config(2, 3, 5), rulesettest.Options{Stamped: true, AISeed: 10}},
		{"4 seats", config(3, 4, 4), rulesettest.Options{Stamped: true}},
		{"20 seats", config(4, 20, 1), rulesettest.Options{Stamped: true, Levels: []string{"random"}}},
	} {
		t.Run(tt.name, func(t *testing.T) { rulesettest.Run(t, New(), tt.cfg, tt.opts) })
	}
}
