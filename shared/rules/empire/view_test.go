package empire_test

import (
	"bytes"
	"testing"

	"empires/assets"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/empireai"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// playViews plays a game of seats normal AIs on a width x height map of
// board (0 squares, 1 hexes) for turns turns and calls check with every
// view of every turn: each seat's, the spectator's and the all-seeing
// spectator's.
func playViews(t testing.TB, seats, width, height, board, turns int, check func(v *empire.View)) {
	t.Helper()
	r0, err := empire.Load(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	r := empireai.With(r0)
	g, err := r.New(ruleset.Config{Seed: 7, Seats: seats,
		Options: ruleset.Options{ruleset.KeyWidth: width, ruleset.KeyHeight: height, empire.KeyBoard: board}})
	if err != nil {
		t.Fatal(err)
	}
	ais := make([]ruleset.AI, seats+1)
	for s := 1; s <= seats; s++ {
		if ais[s], err = r.NewAI("normal", uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	for range turns {
		if over, _ := g.Over(); over {
			return
		}
		var subs []ruleset.Submission
		for _, s := range g.Step().Actors {
			o, err := ais[s].Act(g.View(s, false), g.Step(), s)
			if err != nil {
				t.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: s, Orders: o})
		}
		if _, err := g.Resolve(subs); err != nil {
			t.Fatal(err)
		}
		check(g.View(0, true).(*empire.View))
		check(g.View(0, false).(*empire.View))
		for s := 1; s <= seats; s++ {
			check(g.View(ruleset.Seat(s), false).(*empire.View))
		}
	}
}

// TestViewWrittenAsMarshal: a view's Encode writes the bytes wire.Marshal
// encodes it to, and its Checksum is wire.Checksum, the FNV-1a 64 of those
// bytes (protocol section 14.5), on every view of two games of the AI (on
// squares and on hexes) whose views hold every kind of list: own and seen
// settlements, forces with paths, units in transit,
// sightings; and on a view made by hand with what those games lack (a
// production queue, a long name, large numbers).
func TestViewWrittenAsMarshal(t *testing.T) {
	same := func(v *empire.View) {
		t.Helper()
		want, err := wire.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := v.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			at := 0
			for at < min(len(got), len(want)) && got[at] == want[at] {
				at++
			}
			t.Fatalf("seat %d, turn %d: Encode's %d bytes differ from Marshal's %d from byte %d on", v.Seat, v.Turn, len(got), len(want), at)
		}
		if have, want := v.Checksum(), wire.Checksum(v); have != want {
			t.Fatalf("seat %d, turn %d: Checksum %x, wire.Checksum %x", v.Seat, v.Turn, have, want)
		}
	}
	// A view the AI's games do not make: a long name, a queue, large
	// numbers.
	same(&empire.View{Seat: 2, Turn: 300, Width: 16, Height: 16, Winner: 1, Over: true,
		Players:     []empire.PlayerView{{Name: "a name of more than thirty-one bytes", Alive: true}, {Name: "B"}},
		Settlements: []empire.SettlementView{{ID: 70000, City: true, Owner: 2, Produce: 3, Queue: []int{1, 19, 200}, Progress: 1 << 20, Forward: 1 << 30, Turn: 300}},
	})
	for _, board := range []int{0, 1} {
		var views, paths, transits, sightings int
		playViews(t, 4, 24, 20, board, 40, func(v *empire.View) {
			views++
			same(v)
			for _, f := range v.Forces {
				paths += len(f.Path)
			}
			transits += len(v.Transits)
			sightings += len(v.Sightings)
		})
		t.Logf("board %d: %d views: %d path steps, %d transits, %d sightings", board, views, paths, transits, sightings)
		if paths == 0 || transits == 0 || sightings == 0 {
			t.Errorf("board %d: the games' views lack a kind of list (paths %d, transits %d, sightings %d): the test proves less than it says",
				board, paths, transits, sightings)
		}
	}
}

// BenchmarkViews measures what a server does for every seat after a turn
// (match.sendTurn, and whole's views+deltas+events): the seat's new view,
// its delta from the view of the turn before, its checksum and its
// events, for the 8 seats of a game on 128x128 squares that the AI has
// played to turn 30. ns/op is the whole turn's, all seats.
func BenchmarkViews(b *testing.B) {
	const seats, turns = 8, 30
	r0, err := empire.Load(assets.Rules())
	if err != nil {
		b.Fatal(err)
	}
	r := empireai.With(r0)
	g, err := r.New(ruleset.Config{Seed: 1, Seats: seats, Options: ruleset.Options{ruleset.KeyWidth: 128, ruleset.KeyHeight: 128}})
	if err != nil {
		b.Fatal(err)
	}
	ais := make([]ruleset.AI, seats+1)
	prev := make([]ruleset.View, seats+1)
	for s := 1; s <= seats; s++ {
		if ais[s], err = r.NewAI("normal", uint64(s)); err != nil {
			b.Fatal(err)
		}
	}
	var out ruleset.Outcome
	for range turns {
		var subs []ruleset.Submission
		for s := 1; s <= seats; s++ {
			prev[s] = g.View(ruleset.Seat(s), false)
			o, err := ais[s].Act(prev[s], g.Step(), ruleset.Seat(s))
			if err != nil {
				b.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: ruleset.Seat(s), Orders: o})
		}
		if out, err = g.Resolve(subs); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for s := 1; s <= seats; s++ {
			seat := ruleset.Seat(s)
			next := g.View(seat, false)
			if _, err := prev[s].Diff(next); err != nil {
				b.Fatal(err)
			}
			_ = next.Checksum()
			if _, err := out.Events(seat, false); err != nil {
				b.Fatal(err)
			}
		}
	}
}
