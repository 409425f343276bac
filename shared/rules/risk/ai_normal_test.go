package risk

import "testing"

// TestNormalBeatsEasy plays 20 two-player games of the normal AI against
// the easy one on a generated map of 12 territories for 8 rounds, each
// side on either seat, and checks that normal wins most (it wins 15 here).
// The ladder (docs/AI.md) measures the same over hundreds of games.
func TestNormalBeatsEasy(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 20; seed++ {
		if duel(t, seed, "normal", "easy") {
			wins++
		}
	}
	t.Logf("normal won %d of 20 against easy", wins)
	if wins <= 12 {
		t.Errorf("normal won %d of 20 games against easy, want more than 12", wins)
	}
}
