package duel

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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
// both AI levels, the autopilot playing some seats, a mod's deck file, and
// players' decks of their own.
func TestConformance(t *testing.T) {
	unique, decks := uniqueDecks(t, 4)
	own := config(5, 4, 8)
	own.SeatData = decks
	suits := config(6, 3, 6)
	for _, suit := range []string{"cups", "coins", "swords"} {
		var b strings.Builder
		for r := range 20 {
			fmt.Fprintf(&b, "%d %s\n", r%10+1, suit)
		}
		suits.SeatData = append(suits.SeatData, []byte(b.String()))
	}
	m, err := New().WithData([]byte("suits = red black\nranks = 1 13\nhand = 4\ndeck = 13\ncopies = 1\n"))
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
		{"decks of their own", unique, own, rulesettest.Options{Stamped: true, Autopilot: 3, Each: checks(unique)}},
		{"decks of one suit each", New(), suits, rulesettest.Options{Stamped: true, Each: checks(New())}},
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

// FuzzPlayerDeck feeds random text to ReadPlayerDeck: it never panics, and
// a deck it accepts reads back the same from FormatPlayerDeck.
func FuzzPlayerDeck(f *testing.F) {
	d := New().Deck()
	f.Add(New().DefaultSeat(nil))
	f.Add([]byte("7 of swords\n# a comment\n11 cups\n7 swrods\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cards, problems, err := d.ReadPlayerDeck(data)
		if err != nil || problems != nil {
			return
		}
		again, problems, err := d.ReadPlayerDeck(d.FormatPlayerDeck(cards))
		if err != nil || problems != nil || !slices.Equal(again, cards) {
			t.Errorf("%q read as %v, which writes and reads back as %v (%v %v)", data, cards, again, problems, err)
		}
	})
}
