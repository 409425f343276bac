package empire

import (
	"testing"

	"empires/assets"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// The demonstration player's orders are always ones the rules accept, on
// squares and on hexes; over the turns it takes settlements: "The
// objective of the game is to conquer the world."
func TestAutoOrders(t *testing.T) {
	for _, board := range []int{0, 1} {
		r, err := rules.Load(assets.Rules())
		if err != nil {
			t.Fatal(err)
		}
		rg, err := r.New(ruleset.Config{Seed: 3, Seats: 2, Options: ruleset.Options{ruleset.KeyWidth: 20, ruleset.KeyHeight: 16, rules.KeyBoard: board}})
		if err != nil {
			t.Fatal(err)
		}
		tg := &testGame{t: t, r: r, g: rg.(*rules.Game), m: NewModel(r.Dat()), p: 1}
		tg.m.SetView(tg.view())
		held := func() int {
			n := 0
			for _, st := range tg.view().Settlements {
				if st.Owner == 1 {
					n++
				}
			}
			return n
		}
		start := held()
		for turn := 1; turn <= 60; turn++ {
			if over, _ := tg.g.Over(); over {
				break
			}
			tg.m.AutoOrders()
			for _, d := range tg.m.Drafts() {
				if d.Err != "" {
					t.Fatalf("board %d, turn %d: a draft the client refuses: %s: %s", board, turn, tg.m.Label(d), d.Err)
				}
			}
			tg.check()
			tg.play()
		}
		t.Logf("board %d: %d settlements at the start, %d at turn %d", board, start, held(), tg.view().Turn)
		if have := held(); have <= start {
			t.Errorf("board %d: after 60 turns the player holds %d settlements, at the start %d", board, have, start)
		}
	}
}
