package duel

import (
	"errors"
	"testing"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// config returns a game of seats players and rounds rounds.
func config(seed uint64, seats, rounds int) ruleset.Config {
	names := []string{"Anna", "Bert", "Cleo", "Dmitri"}[:seats]
	return ruleset.Config{Seed: seed, Seats: seats, Names: names, Options: ruleset.Options{KeyRounds: rounds}}
}

// TestConformance runs the contract's harness on Duel: every table size,
// both AI levels, the autopilot playing some seats, and a mod's deck.
func TestConformance(t *testing.T) {
	m, err := New().WithData([]byte("suits = red black\nranks = 1 13\nhand = 4\n"))
	if err != nil {
		t.Fatal(err)
	}
	mod := m.(*Rules)
	for _, tt := range []struct {
		name string
		rs   ruleset.Ruleset
		cfg  ruleset.Config
		opts rulesettest.Options
	}{
		{"2 seats", New(), config(1, 2, 6), rulesettest.Options{Stamped: true, Each: checks(New())}},
		{"3 seats, autopilot", New(), config(2, 3, 6), rulesettest.Options{Stamped: true, Autopilot: 4, AISeed: 10, Each: checks(New())}},
		{"4 seats, long", New(), config(3, 4, 20), rulesettest.Options{Stamped: true, Autopilot: 7, Each: checks(New())}},
		{"mod deck", mod, config(4, 3, 8), rulesettest.Options{Stamped: true, Each: checks(mod)}},
	} {
		t.Run(tt.name, func(t *testing.T) { rulesettest.Run(t, tt.rs, tt.cfg, tt.opts) })
	}
}

// checks returns the checks of Duel's own the harness runs at every step:
// no leaks, and defaults the game accepts.
func checks(rs *Rules) func(r *rulesettest.Record) error {
	leaks, defaults := noLeaks(rs), defaults(rs)
	return func(r *rulesettest.Record) error { return errors.Join(leaks(r), defaults(r)) }
}

// FuzzDuel feeds random bytes to Duel's decoders of outside bytes.
func FuzzDuel(f *testing.F) {
	rulesettest.Fuzz(f, New(), config(5, 3, 4), rulesettest.Options{Stamped: true})
}
