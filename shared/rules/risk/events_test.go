package risk

import (
	"slices"
	"testing"

	"empires/shared/ruleset"
)

// TestCardEventShowsTheCard checks that the territory card a player takes
// at the end of a step 4 with a conquest (rule 13) reaches that player in
// its event (EventCard: "Cards to Seat only"), and no one else (rule 20).
func TestCardEventShowsTheCard(t *testing.T) {
	t.Logf("rule %s", rule[13])
	t.Logf("rule %s", rule[20])
	g, a, d := position(t, PhaseAttack)
	g.s.Armies[a-1], g.s.Armies[d-1] = 60, 1
	for g.s.Phase == PhaseAttack {
		must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	}
	if g.s.Phase == PhaseOccupy {
		must(t, act(g, 1, Action{Kind: ActOccupy, Count: g.s.Dice}))
	}
	must(t, act(g, 1, Action{Kind: ActStop}))
	out := g.newOutcome()
	g.endAttackTurn(out)
	if len(g.p(1).Cards) != 1 {
		t.Fatalf("seat 1 holds %d territory cards after a turn with a conquest, want 1", len(g.p(1).Cards))
	}
	for _, tt := range []struct {
		seat      ruleset.Seat
		allSeeing bool
		want      bool
	}{{1, false, true}, {2, false, false}, {3, false, false}, {0, true, false}} {
		data, err := out.Events(tt.seat, tt.allSeeing)
		must(t, err)
		es, err := DecodeEvents(data)
		must(t, err)
		i := slices.IndexFunc(es, func(e Event) bool { return e.Kind == EventCard })
		if i < 0 {
			t.Fatalf("seat %d gets no EventCard: %+v", tt.seat, es)
		}
		have := slices.Equal(es[i].Cards, g.p(1).Cards)
		if have != tt.want || !tt.want && es[i].Cards != nil {
			t.Errorf("seat %d (all-seeing %v) is shown the card %v, want shown: %v", tt.seat, tt.allSeeing, es[i].Cards, tt.want)
		}
	}
}
