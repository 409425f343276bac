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
// wins most (it wins 17 here). The ladder (go run ./server/cmd/ladder
// -ruleset risk -option map=1,territories=12,rounds=8 -games 20) measured:
// normal 15 of 20 against random and 10 (9 lost, 1 shared) against easy;
// easy 18 of 20 against random.
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
