package risk

import (
	"testing"

	"empires/shared/ruleset"
)

// TestManyGames plays 60 games of 2 to 6 seats on the classic map and on
// generated maps of 6 to 30 territories, both set-ups, every AI level mixed
// at a table and every seventh action the step's default (rule 19): every
// action is accepted, every fifth step's save loads back (its state checked
// whole), and every game ends within its rounds.
func TestManyGames(t *testing.T) {
	rs := New()
	levels := []string{"random", "easy", "normal", "passive"}
	for seed := uint64(1); seed <= 60; seed++ {
		seats := 2 + int(seed)%5
		terr := []int{0, 6, 9, 14, 30}[seed%5]
		cfg := config(seed, seats, terr, 6+int(seed%4), int(seed/5)%2)
		g := newGame(t, cfg)
		ais := map[ruleset.Seat]ruleset.AI{}
		for s := 1; s <= seats; s++ {
			a, _ := rs.NewAI(levels[(int(seed)+s)%4], seed*7+uint64(s))
			ais[ruleset.Seat(s)] = a
		}
		steps := 0
		for ; steps < 30000; steps++ {
			st := g.Step()
			if len(st.Actors) == 0 {
				break
			}
			s := st.Actors[int(st.Seq)%len(st.Actors)]
			var b []byte
			var err error
			if steps%7 == 0 {
				var ok bool
				b, ok = g.Default(s)
				if !ok {
					t.Fatalf("seed %d: no default", seed)
				}
			} else {
				b, err = ais[s].Act(g.View(s, false), st, s)
				must(t, err)
			}
			if _, err := g.Act(s, b); err != nil {
				t.Fatalf("seed %d step %d phase %s: %v", seed, st.Seq, g.s.Phase, err)
			}
			if steps%5 == 0 {
				save, err := g.Save()
				must(t, err)
				if _, err := rs.Load(save); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, st.Seq, err)
				}
			}
		}
		if over, _ := g.Over(); !over {
			t.Errorf("seed %d (%d seats, %d territories): not over after %d steps", seed, seats, terr, steps)
		}
	}
}
