package empire_test

import (
	"testing"

	"empires/assets"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/empireai"
	"empires/shared/ruleset"
	"empires/shared/ruleset/rulesettest"
)

// TestConformance runs the ruleset contract's checks on empire: whole
// games that end, on a small map, with every view, delta, save and replay
// checked at every step, on squares and on hexes, one game for each AI
// level (passive, random, easy, normal) in every seat; the harness fails
// on any order of theirs that Check refuses.
func TestConformance(t *testing.T) {
	r0, err := empire.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	r := empireai.With(r0)
	for _, board := range []int{0, 1} {
		cfg := ruleset.Config{Seed: 11, Seats: 3, Names: []string{"Anna", "Bert", "Cleo"},
			Options: ruleset.Options{ruleset.KeyWidth: 20, ruleset.KeyHeight: 16, empire.KeyBoard: board}}
		rulesettest.Run(t, r, cfg, rulesettest.Options{MaxSteps: 400, Autopilot: 3})
	}
}

// FuzzRules feeds the fuzzer's bytes to every decoder of outside bytes of
// empire (orders, views, deltas, saves) at positions of a game the AI
// plays (see rulesettest.Fuzz). Its seeds are the payloads of at most 512
// bytes (orders, deltas, actions): with a 16x16 game's saves and views as
// seeds (4 to 9 KB) the fuzzer spent its time minimising them and ran 58
// inputs a minute.
func FuzzRules(f *testing.F) {
	r0, err := empire.Load(assets.Rules())
	if err != nil {
		f.Fatal(err)
	}
	cfg := ruleset.Config{Seed: 5, Seats: 2, Options: ruleset.Options{ruleset.KeyWidth: 16, ruleset.KeyHeight: 16}}
	rulesettest.Fuzz(f, empireai.With(r0), cfg, rulesettest.Options{MaxSteps: 400, SeedBytes: 512})
}
