package duel

import (
	"testing"

	"empires/shared/ruleset"
)

// BenchmarkGame plays a whole game of 4 seats, 6 rounds, the normal AI at
// every seat with the balanced deck, as the server's match would: the AIs
// read their views, the game checks and plays their input.
func BenchmarkGame(b *testing.B) {
	rs := New()
	b.ReportAllocs()
	for i := range b.N {
		g, err := rs.New(config(uint64(i), 4, 6))
		if err != nil {
			b.Fatal(err)
		}
		ais := make([]ruleset.AI, 5)
		for s := 1; s <= 4; s++ {
			ais[s], _ = rs.NewAI(LevelNormal, uint64(s))
		}
		for over, _ := g.Over(); !over; over, _ = g.Over() {
			st := g.Step()
			if st.Mode == ruleset.Simultaneous {
				var subs []ruleset.Submission
				for _, s := range st.Actors {
					o, err := ais[s].Act(g.View(s, false), st, s)
					if err != nil {
						b.Fatal(err)
					}
					if rej, err := g.Check(s, o); err != nil || rej != nil {
						b.Fatal(rej, err)
					}
					subs = append(subs, ruleset.Submission{Seat: s, Orders: o})
				}
				if _, err := g.Resolve(subs); err != nil {
					b.Fatal(err)
				}
				continue
			}
			s := st.Actors[0]
			a, err := ais[s].Act(g.View(s, false), st, s)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := g.Act(s, a); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCheckSeat checks a player's deck as the lobby does when it
// arrives (ruleset.SeatSetup.CheckSeat).
func BenchmarkCheckSeat(b *testing.B) {
	rs := New()
	deck := rs.DefaultSeat(nil)
	b.ReportAllocs()
	for range b.N {
		if problems, err := rs.CheckSeat(nil, deck); err != nil || problems != nil {
			b.Fatal(problems, err)
		}
	}
}

// BenchmarkSaveLoad saves a game halfway and loads it back, as the store
// does at every step and a restarted server once.
func BenchmarkSaveLoad(b *testing.B) {
	rs := New()
	gg, err := rs.New(config(1, 4, 6))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for range b.N {
		save, err := gg.Save()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rs.Load(save); err != nil {
			b.Fatal(err)
		}
	}
}
