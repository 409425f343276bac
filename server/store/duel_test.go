package store

import (
	"testing"

	"empires/shared/protocol"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// LongDeck is a deck file of Duel for long games: 400 cards, hands of 10
// and decks of 60, so that a game of four players lasts its 20 rounds,
// about 180 steps. (It is exported for the crash tests, of package
// store_test.)
const LongDeck = `suits = cups coins swords clubs bells roses acorns leaves
ranks = 1 50
hand = 10
deck = 60
copies = 2
`

// duelRules returns Duel with LongDeck.
func duelRules(tb testing.TB) ruleset.Ruleset {
	tb.Helper()
	rs, err := duel.New().WithData([]byte(LongDeck))
	if err != nil {
		tb.Fatal(err)
	}
	return rs
}

// duelSettings are the settings of a long Duel game: four players, the
// most rounds.
func duelSettings(seed uint64) protocol.Settings {
	return protocol.Settings{Name: "long duel", Ruleset: duel.ID, Seed: seed, Seats: 4,
		Options: []protocol.Option{{Key: duel.KeyRounds, Value: duel.MaxRounds}}}
}

// duelStep is a step of a Duel game played by the AI: what it was played
// with, its events, and the game's save after it.
type duelStep struct {
	seq    uint32
	orders []ruleset.Submission
	events int
	after  State
}

// duelGame is a Duel game played by the AI to its end, step by step.
type duelGame struct {
	set   protocol.Settings
	start State
	steps []duelStep
}

// playDuel plays a long Duel game of seed with the normal AI for every
// seat, to its end, keeping every step and the save after it.
func playDuel(tb testing.TB, rs ruleset.Ruleset, seed uint64) *duelGame {
	tb.Helper()
	set := duelSettings(seed)
	g, err := rs.New(set.Config(nil))
	if err != nil {
		tb.Fatal(err)
	}
	ai, err := rs.NewAI(duel.LevelNormal, seed)
	if err != nil {
		tb.Fatal(err)
	}
	d := &duelGame{set: set, start: stateOf(tb, g)}
	for over, _ := g.Over(); !over; over, _ = g.Over() {
		step := g.Step()
		var subs []ruleset.Submission
		for _, seat := range step.Actors {
			orders, err := ai.Act(g.View(seat, false), step, seat)
			if err != nil {
				tb.Fatal(err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err := play(g, subs)
		if err != nil {
			tb.Fatalf("step %d: %v", step.Seq, err)
		}
		d.steps = append(d.steps, duelStep{seq: step.Seq, orders: subs, events: out.Count(), after: stateOf(tb, g)})
	}
	return d
}

// save saves d as game id the way the server does: its start whole, then
// every step, with the state after it whole only where SnapshotDue says
// (all says every state, as schema version 1 did).
func (d *duelGame) save(tb testing.TB, s *Store, id protocol.GameID, all bool) {
	tb.Helper()
	if err := s.SaveGame(id, d.set, nil); err != nil {
		tb.Fatal(err)
	}
	if err := s.SaveState(id, d.start); err != nil {
		tb.Fatal(err)
	}
	for _, st := range d.steps {
		after := st.after
		if !all && !SnapshotDue(after.Seq, after.Over) {
			after.Save = nil
		}
		if err := s.SaveTurn(id, st.seq, st.orders, after, st.events); err != nil {
			tb.Fatal(err)
		}
	}
}
