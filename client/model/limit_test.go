package model

import (
	"fmt"
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
)

// limitedRules are testRules with a limit of n orders a turn
// (game.OrderLimiter), as erfpires's one order a day.
type limitedRules struct {
	testRules
	n int
}

func (r limitedRules) OrderLimit(*game.State, game.PlayerID) (int, string) {
	return r.n, fmt.Sprintf("at most %d orders a turn", r.n)
}

// TestOrderLimit: with a ruleset that limits the orders of a turn, an
// order that would pass the limit takes the place of the earliest one
// (the drafts are always a list the rules accept), and a choice says which
// it would replace; without a limit nothing is dropped.
func TestOrderLimit(t *testing.T) {
	g := newSmallGame(t)
	path := []hex.Hex{gametest.At(3, 2)}
	for _, tt := range []struct {
		name     string
		limit    int
		want     []string // the drafts' labels
		replaces string   // what the Withdraw choice of W replaces
	}{
		{"no limit", 0, []string{fmt.Sprintf("Army %d: intercept", g.W), fmt.Sprintf("Move army %d: 1 step to (3,2)", g.W),
			fmt.Sprintf("Fleet %d explores E", g.F)}, ""},
		{"two a turn", 2, []string{fmt.Sprintf("Move army %d: 1 step to (3,2)", g.W), fmt.Sprintf("Fleet %d explores E", g.F)},
			fmt.Sprintf("Move army %d: 1 step to (3,2)", g.W)},
		{"one a turn", 1, []string{fmt.Sprintf("Fleet %d explores E", g.F)}, fmt.Sprintf("Fleet %d explores E", g.F)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var rs Rules = testRules{g.r}
			if tt.limit > 0 {
				rs = limitedRules{testRules{g.r}, tt.limit}
			}
			m := New(rs)
			if err := m.SetFullView(game.NewView(g.s, 1)); err != nil {
				t.Fatal(err)
			}
			if have := m.OrderLimit(); have != tt.limit {
				t.Errorf("OrderLimit = %d, want %d", have, tt.limit)
			}
			m.SetStance(g.W, game.Intercept, 0)
			m.SetMove(g.W, path, false)
			m.SetExplore(g.F, hex.East)
			if have := labels(m.Drafts()); !reflect.DeepEqual(have, tt.want) {
				t.Errorf("drafts %q, want %q", have, tt.want)
			}
			for _, d := range m.Drafts() {
				if d.Err != "" {
					t.Errorf("%q refused: %s", d.Label, d.Err)
				}
			}
			var withdraw Choice
			for _, c := range m.StanceChoices(m.State().Army(g.W), true) {
				if c.Order.Stance == game.Withdraw && c.Order.Dir == hex.East {
					withdraw = c
				}
			}
			if withdraw.Replaces != tt.replaces || withdraw.Reason != "" {
				t.Errorf("the Withdraw choice replaces %q (reason %q), want %q", withdraw.Replaces, withdraw.Reason, tt.replaces)
			}
		})
	}
}
