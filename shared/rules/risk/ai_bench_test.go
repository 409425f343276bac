package risk

import (
	"testing"

	"empires/shared/ruleset"
)

// turn is one action an AI was asked for: the step, the seat and its
// view.
type turn struct {
	st ruleset.Step
	s  ruleset.Seat
	v  ruleset.View
}

// normalGame plays a game of six normal AIs on the classic map to its end
// (or 20,000 actions) and returns every action they were asked for.
func normalGame(tb testing.TB) []turn {
	tb.Helper()
	rs := New()
	gg, err := rs.New(config(1, 6, 0, 0, SetupDeal))
	if err != nil {
		tb.Fatal(err)
	}
	g := gg.(*game)
	ais := map[ruleset.Seat]ruleset.AI{}
	for s := ruleset.Seat(1); s <= 6; s++ {
		ais[s], _ = rs.NewAI("normal", uint64(s))
	}
	var out []turn
	for range 20000 {
		st := g.Step()
		if len(st.Actors) == 0 {
			break
		}
		s := st.Actors[0]
		v := g.View(s, false)
		out = append(out, turn{st: st, s: s, v: v})
		act, err := ais[s].Act(v, st, s)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := g.Act(s, act); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkAIAction is one action of the normal AI in a game of six on
// the classic map, over every action of a whole game in turn (set-up,
// placing, every roll, the city question, building, trading, disasters,
// purchases): each pass through the game starts with new AIs, whose odds
// cache is empty and whose board is not yet loaded.
func BenchmarkAIAction(b *testing.B) {
	turns := normalGame(b)
	rs := New()
	var ais map[ruleset.Seat]ruleset.AI
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(turns)
		if k == 0 {
			ais = map[ruleset.Seat]ruleset.AI{}
			for s := ruleset.Seat(1); s <= 6; s++ {
				ais[s], _ = rs.NewAI("normal", uint64(s))
			}
		}
		t := turns[k]
		if _, err := ais[t.s].Act(t.v, t.st, t.s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(turns)), "actions/game")
}
