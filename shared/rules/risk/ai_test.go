package risk

import (
	"testing"

	"empires/shared/ruleset"
)

// duel plays a two-player game of levels a (seat 1 on odd seeds, seat 2
// on even ones) and b on a generated map of 12 territories for 8 rounds,
// and returns whether a won alone.
func duel(t *testing.T, seed uint64, a, b string) bool {
	t.Helper()
	rs := New()
	g := newGame(t, config(seed, 2, 12, 8, SetupDeal))
	sa, sb := ruleset.Seat(1), ruleset.Seat(2)
	if seed%2 == 0 {
		sa, sb = 2, 1
	}
	ais := map[ruleset.Seat]ruleset.AI{}
	var err error
	ais[sa], err = rs.NewAI(a, seed)
	must(t, err)
	ais[sb], err = rs.NewAI(b, seed+100)
	must(t, err)
	for steps := 0; steps < 20000; steps++ {
		st := g.Step()
		if len(st.Actors) == 0 {
			break
		}
		s := st.Actors[int(st.Seq)%len(st.Actors)]
		act, err := ais[s].Act(g.View(s, false), st, s)
		must(t, err)
		_, err = g.Act(s, act)
		must(t, err)
	}
	over, winner := g.Over()
	if !over {
		t.Fatalf("seed %d: the game did not end", seed)
	}
	return winner == sa
}

// TestNormalBeatsRandom plays 20 two-player games of the normal AI
// against the random one, each side on either seat, and checks that normal
// wins most (it wins 20 here). The ladder's tables are in docs/AI.md.
func TestNormalBeatsRandom(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 20; seed++ {
		if duel(t, seed, "normal", "random") {
			wins++
		}
	}
	t.Logf("normal won %d of 20 against random", wins)
	if wins <= 12 {
		t.Errorf("normal won %d of 20 games against random, want more than 12", wins)
	}
}

// TestNormalTrades checks the normal AI's step 6 (rule 15): it offers 3
// cards with a true statement, and the receiver's normal AI answers with an
// action the game accepts; then both leave.
func TestNormalTrades(t *testing.T) {
	t.Logf("rule %s", rule[15])
	g := trading(t)
	rs := New()
	ai1, _ := rs.NewAI("normal", 1)
	ai2, _ := rs.NewAI("normal", 2)
	b, err := ai1.Act(g.View(1, false), g.Step(), 1)
	must(t, err)
	a, err := decodeAction(b)
	must(t, err)
	if a.Kind != ActOffer || len(a.Part.Cards) != 3 || a.Seat != 2 {
		t.Fatalf("seat 1's normal AI: %+v, want an offer of 3 cards to seat 2", a)
	}
	_, err = g.Act(1, b)
	must(t, err)
	// Its offer open to seat 2, still at the table, seat 1 waits for the
	// answer (leaving would withdraw it): a person has time to answer.
	if b, err := ai1.Act(g.View(1, false), g.Step(), 1); err != nil || b != nil {
		t.Fatalf("seat 1's normal AI, its offer open: %x, %v; want it to wait (nil)", b, err)
	}
	b, err = ai2.Act(g.View(2, false), g.Step(), 2)
	must(t, err)
	a, err = decodeAction(b)
	must(t, err)
	if a.Kind != ActAccept && a.Kind != ActRefuse {
		t.Fatalf("seat 2's normal AI answers %+v, want an acceptance or a refusal", a)
	}
	_, err = g.Act(2, b)
	must(t, err)
	ais := map[ruleset.Seat]ruleset.AI{1: ai1, 2: ai2}
	for steps := 0; g.s.Phase == PhaseTrade && steps < 10; steps++ {
		st := g.Step()
		s, b, err := ruleset.FirstAIAction(g, st, 0, func(s ruleset.Seat) ([]byte, error) { return ais[s].Act(g.View(s, false), st, s) })
		must(t, err)
		_, err = g.Act(s, b)
		must(t, err)
	}
	if g.s.Phase == PhaseTrade {
		t.Error("the normal AIs never leave the trading table")
	}
}
