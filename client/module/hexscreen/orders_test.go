package hexscreen

import (
	"slices"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// TestPreviewLines: the path's tooltip says what the order will do: the
// whole path this turn, as far as the points go (the engine stops it),
// the part the order holds when the ruleset takes no more (erfpires: two
// hexes a day), or that the server refuses it, and then no right-click to
// order.
func TestPreviewLines(t *testing.T) {
	path := []hex.Hex{{Q: 1}, {Q: 2}, {Q: 3}, {Q: 4}}
	for _, tt := range []struct {
		name string
		plan model.Plan
		days bool
		want []string
		bad  bool
	}{
		{"in reach", model.Plan{Path: path[:2], Sent: path[:2], Steps: 2, Cost: 2, Points: 2, Today: 2, Reachable: true},
			false, []string{"2 steps, 2 move points", "right-click or drag to order"}, false},
		{"beyond, the engine stops it", model.Plan{Path: path, Sent: path, Steps: 4, Cost: 4, Points: 2, Today: 2},
			false, []string{"4 steps, 4 move points", "Beyond this turn's 2 move points: it goes as far as it can", "right-click or drag to order"}, false},
		{"cut to today's part", model.Plan{Path: path, Sent: path[:2], Steps: 4, Cost: 4, Points: 2, Today: 2},
			true, []string{"4 steps, 4 move points", "Moves 2 of 4 hexes today (2 move points): order the rest tomorrow", "right-click or drag to order"}, false},
		{"an attack of 1 point", model.Plan{Path: path[:1], Sent: path[:1], Steps: 1, Cost: 1, Points: 2, Today: 1, Reachable: true, Attack: true},
			false, []string{"1 step, 1 move point", "right-click or drag to attack"}, false},
		{"refused", model.Plan{Path: path[:1], Steps: 1, Cost: 1, Points: 2, Today: 1, Reachable: true, Refused: "a truce"},
			false, []string{"1 step, 1 move point", "Refused: a truce", "this move cannot be ordered"}, true},
	} {
		have, bad := previewLines(&tt.plan, tt.days)
		if !slices.Equal(have, tt.want) || bad != tt.bad {
			t.Errorf("%s: %q (refused %v), want %q (%v)", tt.name, have, bad, tt.want, tt.bad)
		}
	}
}

// TestEndWarningNamesRefusals: End turn asks first when an order is
// refused (by the server, or by the same check on the view), naming it
// and why; ending anyway drops it (Pruner), so the turn plays what the
// player sees.
func TestEndWarningNamesRefusals(t *testing.T) {
	scr, _, s := testScreen(t, nil)
	m := scr.Model()
	var army game.ArmyID
	for _, a := range s.Armies {
		if a.Owner == 1 {
			army = a.ID
		}
	}
	if title, _ := scr.EndWarning(); title != "" {
		t.Fatalf("with no orders End turn warns %q", title)
	}
	at := s.Army(army).Hex
	m.SetMove(army, []hex.Hex{at.Neighbor(0).Neighbor(0)}, false) // not a step: refused
	m.SetStance(army, game.Intercept, 0)
	title, text := scr.EndWarning()
	if title != "Orders refused" || !strings.Contains(text, "1 order is refused by the server:\nMove army") {
		t.Errorf("the warning: %q, %q", title, text)
	}
	// The server's own refusal of the stance, as its answer says.
	sub := m.Submission()
	if sub == nil {
		t.Fatal("no submission")
	}
	scr.Rejected([]protocol.Rejection{{Index: 1, Order: "stance", Reason: "no, says the server"}})
	if _, text := scr.EndWarning(); !strings.Contains(text, "2 orders are refused") || !strings.Contains(text, "no, says the server.") {
		t.Errorf("with the server's refusal the warning says %q", text)
	}
	scr.DropRefused()
	if d := m.Drafts(); len(d) != 0 {
		t.Errorf("after End turn anyway the drafts are %+v, want none", d)
	}
}
