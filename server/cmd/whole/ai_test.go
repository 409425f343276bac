package main

import (
	"bytes"
	"testing"

	"empires/server/cmd/internal/gameflags"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

// TestAILeavesItsView: no ruleset's AI changes the view it plays from
// (its bytes are the same after Act), so whole, like the server, gives
// an AI the view it made for the seat after the last step rather than a
// new one. Each ruleset of the registry plays a short game, every AI
// level in turn.
func TestAILeavesItsView(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		rs, _ := reg.Get(id)
		in := rs.Info()
		for _, level := range in.Levels {
			t.Run(id+"/"+level, func(t *testing.T) {
				const seats, steps = 3, 150
				o := ruleset.Options{}
				if in.HasMap() {
					o[ruleset.KeyWidth], o[ruleset.KeyHeight] = 24, 20
				}
				g, err := rs.New(ruleset.Config{Seed: 5, Seats: seats, Options: o, SeatData: gameflags.SeatData(rs, o, seats)})
				if err != nil {
					t.Fatal(err)
				}
				ais := make([]ruleset.AI, seats+1)
				for s := 1; s <= seats; s++ {
					if ais[s], err = rs.NewAI(level, uint64(s)); err != nil {
						t.Fatal(err)
					}
				}
				// act plays seat s's AI on its view and fails the test
				// if the view's bytes changed.
				act := func(s ruleset.Seat, st ruleset.Step) ([]byte, error) {
					v := g.View(s, false)
					before, err := v.Encode()
					if err != nil {
						t.Fatal(err)
					}
					out, err := ais[s].Act(v, st, s)
					after, err2 := v.Encode()
					if err2 != nil || !bytes.Equal(before, after) {
						t.Fatalf("step %d: seat %d's AI changed its view (%v)", st.Seq, s, err2)
					}
					return out, err
				}
				for range steps {
					st := g.Step()
					if over, _ := g.Over(); over || len(st.Actors) == 0 {
						return
					}
					if st.Acting() {
						seat, action, err := ruleset.FirstAIAction(g, st, 0, func(s ruleset.Seat) ([]byte, error) { return act(s, st) })
						if err != nil {
							t.Fatal(err)
						}
						if _, err := g.Act(seat, action); err != nil {
							t.Fatal(err)
						}
						continue
					}
					var subs []ruleset.Submission
					for _, s := range st.Actors {
						orders, err := act(s, st)
						if err != nil {
							t.Fatal(err)
						}
						subs = append(subs, ruleset.Submission{Seat: s, Orders: orders})
					}
					if _, err := g.Resolve(subs); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}
