package match

import (
	"log/slog"
	"testing"

	"empires/shared/registry"
	"empires/shared/ruleset"
)

// BenchmarkSendTurnEmpire measures the match's own path for the views
// after a turn (sendTurn: for every watched seat its new view, the delta
// from the view its subscribers hold, the outcome's events and the new
// view's checksum) in an empire game of 8 seats on 128x128 squares that
// the AI has played to turn 30, every seat watched. Nothing is delivered:
// the match has no subscriptions, only the counts of them sendTurn looks
// at. ns/op is one turn's, all seats; whole's views+deltas+events phase
// is the same work.
func BenchmarkSendTurnEmpire(b *testing.B) {
	const seats, turns = 8, 30
	reg, err := registry.Default()
	if err != nil {
		b.Fatal(err)
	}
	rs, ok := reg.Get("empire")
	if !ok {
		b.Fatal("the registry has no empire")
	}
	set := Settings{Seed: 1, Seats: seats, Bots: seats, AILevel: "normal", Logger: slog.New(slog.DiscardHandler),
		Options: ruleset.Options{ruleset.KeyWidth: 128, ruleset.KeyHeight: 128}}
	m, err := New(1, rs, set, newFakeClock())
	if err != nil {
		b.Fatal(err)
	}
	ais := make([]ruleset.AI, seats+1)
	for s := 1; s <= seats; s++ {
		if ais[s], err = rs.NewAI("normal", uint64(s)); err != nil {
			b.Fatal(err)
		}
	}
	prev := make([]ruleset.View, seats+1)
	var out ruleset.Outcome
	for range turns {
		var subs []ruleset.Submission
		for s := 1; s <= seats; s++ {
			seat := ruleset.Seat(s)
			prev[s] = m.viewOf(seat)
			o, err := ais[s].Act(prev[s], m.g.Step(), seat)
			if err != nil {
				b.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: o})
		}
		if out, err = m.g.Resolve(subs); err != nil {
			b.Fatal(err)
		}
	}
	turn := m.g.Step().Turn - 1
	for s := 1; s <= seats; s++ {
		m.conns[s] = 1
	}
	for b.Loop() {
		b.StopTimer()
		for s := 1; s <= seats; s++ {
			m.views[s], m.sums[s] = prev[s], prev[s].Checksum()
		}
		b.StartTimer()
		m.sendTurn(turn, out)
	}
	b.StopTimer()
	for s := 1; s <= seats; s++ {
		if m.views[s] == nil || m.views[s].Checksum() != m.sums[s] || m.sums[s] == prev[s].Checksum() {
			b.Fatalf("seat %d: sendTurn left no new view (checksum %x, the turn before %x)", s, m.sums[s], prev[s].Checksum())
		}
	}
}
