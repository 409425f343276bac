package risk

import (
	"errors"
	"fmt"
	"testing"

	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// config returns a game of seats players on a generated map of
// territories territories (0: the classic map), lasting rounds rounds.
func config(seed uint64, seats, territories, rounds int, setup int) ruleset.Config {
	names := []string{"Anna", "Bert", "Cleo", "Dmitri", "Eve", "Femi"}[:seats]
	o := ruleset.Options{KeyRounds: rounds, KeySetup: setup}
	if territories > 0 {
		o[KeyMap], o[KeyTerritories] = MapGenerated, territories
	}
	return ruleset.Config{Seed: seed, Seats: seats, Names: names, Options: o}
}

// TestConformance runs the contract's harness on small games: every AI
// level, two to four seats, both set-ups, and a game of many trading
// steps (concurrent), the fog and the defaults checked at every step.
func TestConformance(t *testing.T) {
	rs := New()
	for _, tt := range []struct {
		name string
		cfg  ruleset.Config
		opts rulesettest.Options
	}{
		{"2 seats, neutral, deal", config(1, 2, 8, 3, SetupDeal), rulesettest.Options{Stamped: true, Each: checks(rs)}},
		{"3 seats, by choice", config(2, 3, 9, 3, SetupChoice), rulesettest.Options{Stamped: true, AISeed: 7, Each: checks(rs)}},
		{"4 seats, normal and random", config(3, 4, 12, 4, SetupDeal), rulesettest.Options{Stamped: true, Levels: []string{"random", "normal"}, Each: checks(rs)}},
		// random AIs that trade in 24 concurrent steps
		{"3 seats, trading", config(3, 3, 8, 8, SetupDeal), rulesettest.Options{Stamped: true, Levels: []string{"random"}, Each: checks(rs)}},
	} {
		t.Run(tt.name, func(t *testing.T) { rulesettest.Run(t, rs, tt.cfg, tt.opts) })
	}
}

// checks returns the checks of the ruleset's own the harness runs at every
// step: no leaks, and defaults the game accepts.
func checks(rs *Rules) func(r *rulesettest.Record) error {
	leaks := noLeaks(rs)
	return func(r *rulesettest.Record) error { return errors.Join(leaks(r), defaults(rs)(r)) }
}

// defaults returns a check that after every step each actor's default
// (rule 19) is an action the game accepts, and a seat not acting has none.
func defaults(rs *Rules) func(r *rulesettest.Record) error {
	return func(r *rulesettest.Record) error {
		gg, err := rs.Load(r.After)
		if err != nil {
			return err
		}
		st := gg.Step()
		var errs []error
		for s := ruleset.Seat(0); int(s) <= gg.Seats(); s++ {
			b, ok := gg.(*game).Default(s)
			if ok != st.Acts(s) {
				errs = append(errs, fmt.Errorf("step %d: seat %d has a default %t, acts %t", st.Seq, s, ok, st.Acts(s)))
			}
			if !ok {
				continue
			}
			g, err := rs.Load(r.After)
			if err != nil {
				return err
			}
			if _, err := g.Act(s, b); err != nil {
				errs = append(errs, fmt.Errorf("step %d: seat %d's default refused: %w", st.Seq, s, err))
			}
		}
		return errors.Join(errs...)
	}
}

// FuzzRisk feeds random bytes to the ruleset's decoders of outside bytes.
func FuzzRisk(f *testing.F) {
	rulesettest.Fuzz(f, New(), config(5, 3, 8, 2, SetupDeal), rulesettest.Options{Stamped: true})
}
