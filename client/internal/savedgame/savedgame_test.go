package savedgame

import (
	"testing"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	rules "empires/shared/rules/empire"
)

// A game Play saves is in the store as the client's server saves one: its
// settings and seats, and steps the store's Replay plays again to the
// same states, with the outcomes Play saw.
func TestPlaySavesAReplayableGame(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	dir := t.TempDir()
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 2}
	var counts []int
	err = Play(dir, 7, rs, set, []string{"Ann", "Bob"}, 5, func(s Step) error {
		counts = append(counts, s.Outcome.Count())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Game(7)
	if err != nil {
		t.Fatal(err)
	}
	if g.Settings.Name != set.Name || g.Turns() != 5 || len(g.Seats) != 2 || g.Seats[1].Name != "Bob" || !g.Seats[1].Bot {
		t.Errorf("the saved game: %+v", g)
	}
	var replayed []int
	if err := store.Replay(st, 7, rs, func(s store.Step) error {
		replayed = append(replayed, s.Outcome.Count())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(replayed) != len(counts) {
		t.Fatalf("the replay played %d steps, want %d", len(replayed), len(counts))
	}
	for i := range counts {
		if replayed[i] != counts[i] {
			t.Errorf("step %d: %d events replayed, %d played", i+1, replayed[i], counts[i])
		}
	}
}

// Play saves the seats as the client's server does: the people's first
// (seat 1 the creator's), each with a seat token, then the bots'.
func TestPlaySavesTheSeats(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	tests := []struct {
		name  string
		bots  int
		bot   []bool // by seat
		token []bool
	}{
		{"one person against the AI", 2, []bool{false, true, true}, []bool{true, false, false}},
		{"two people and a bot", 1, []bool{false, false, true}, []bool{true, true, false}},
		{"bots only", 3, []bool{true, true, true}, []bool{false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			set := protocol.Settings{Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 3, Bots: tt.bots}
			if err := Play(dir, 1, rs, set, []string{"Ann", "Bob", "Cid"}, 1, nil); err != nil {
				t.Fatal(err)
			}
			st, err := store.OpenDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			g, err := st.Game(1)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Seats) != 3 {
				t.Fatalf("have %d seats, want 3", len(g.Seats))
			}
			for i, s := range g.Seats {
				if s.Seat != protocol.Seat(i+1) || s.Bot != tt.bot[i] || (s.Token != "") != tt.token[i] {
					t.Errorf("seat %d saved as %+v; want bot %v, a token %v", i+1, s, tt.bot[i], tt.token[i])
				}
			}
		})
	}
}
