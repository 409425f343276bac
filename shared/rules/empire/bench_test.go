package empire_test

import (
	"testing"

	"empires/assets"
	"empires/internal/skip"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/empireai"
	"empires/shared/ruleset"
)

// BenchmarkTurn measures a whole turn of the host on a 64x64 map of 8
// players: each seat's AI orders from its view, Check, Resolve, every
// seat's view, its delta from the last, and its events. The game is
// played to turn 30 before the timer starts, so armies are out.
func BenchmarkTurn(b *testing.B) {
	r0, err := empire.Load(assets.Rules())
	if err != nil {
		b.Fatal(err)
	}
	r := empireai.With(r0)
	level := r.Info().DefaultLevel
	g, err := r.New(ruleset.Config{Seed: 1, Seats: 8, Options: ruleset.Options{ruleset.KeyWidth: 64, ruleset.KeyHeight: 64}})
	if err != nil {
		b.Fatal(err)
	}
	ais := make([]ruleset.AI, 9)
	views := make([]ruleset.View, 9)
	for s := 1; s <= 8; s++ {
		if ais[s], err = r.NewAI(level, uint64(s)); err != nil {
			b.Fatal(err)
		}
		views[s] = g.View(ruleset.Seat(s), false)
	}
	turn := func() {
		var subs []ruleset.Submission
		for _, s := range g.Step().Actors {
			o, err := ais[s].Act(views[s], g.Step(), s)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Check(s, o); err != nil {
				b.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: o})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			b.Fatal(err)
		}
		for s := 1; s <= 8; s++ {
			v := g.View(ruleset.Seat(s), false)
			if _, err := views[s].Diff(v); err != nil {
				b.Fatal(err)
			}
			if _, err := out.Events(ruleset.Seat(s), false); err != nil {
				b.Fatal(err)
			}
			views[s] = v
		}
	}
	for range 30 {
		turn()
	}
	b.ResetTimer()
	for b.Loop() {
		if over, _ := g.Over(); over {
			skip.Now(b, skip.Input, "the game ended before b.N turns: run with a smaller -benchtime")
		}
		turn()
	}
}
