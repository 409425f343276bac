package risk

import (
	"testing"

	"empires/shared/ruleset"
)

// BenchmarkGame plays a whole game of three normal AIs on a generated map
// of 20 territories for 10 rounds, every step's views included.
func BenchmarkGame(b *testing.B) {
	rs := New()
	for i := 0; i < b.N; i++ {
		gg, err := rs.New(config(uint64(i+1), 3, 20, 10, SetupDeal))
		if err != nil {
			b.Fatal(err)
		}
		g := gg.(*game)
		ais := map[ruleset.Seat]ruleset.AI{}
		for s := 1; s <= 3; s++ {
			ais[ruleset.Seat(s)], _ = rs.NewAI("normal", uint64(s))
		}
		for {
			st := g.Step()
			if len(st.Actors) == 0 {
				break
			}
			s := st.Actors[0]
			act, err := ais[s].Act(g.View(s, false), st, s)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Act(s, act); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkViewDiff makes a seat's view of a classic game and its delta
// from the view before one action.
func BenchmarkViewDiff(b *testing.B) {
	rs := New()
	gg, err := rs.New(config(1, 4, 0, 0, SetupDeal))
	if err != nil {
		b.Fatal(err)
	}
	g := gg.(*game)
	before := g.View(1, false)
	d, _ := g.Default(g.Step().Actors[0])
	if _, err := g.Act(g.Step().Actors[0], d); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := g.View(1, false)
		if _, err := before.Diff(v); err != nil {
			b.Fatal(err)
		}
	}
}
