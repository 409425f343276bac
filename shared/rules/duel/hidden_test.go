package duel

import (
	"strings"
	"testing"
)

// TestCheckHidden checks the leak check a server's test uses: a seat's own
// view passes, and the same view with a card of another player's hand
// added, or of the deck, fails naming the card.
func TestCheckHidden(t *testing.T) {
	rs := New()
	g := newGame(t, config(3, 3, 6))
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	own := g.View(1, false).(*View)
	if err := rs.CheckHidden(save, own); err != nil {
		t.Fatalf("seat 1's own view: %v", err)
	}
	for _, tt := range []struct {
		name string
		card Card
	}{
		{"another's hand", g.s.Hands[1][0]},
		{"the deck", g.s.Deck[0]},
	} {
		leaky := g.View(1, false).(*View)
		leaky.Discard = append(leaky.Discard, tt.card)
		err := rs.CheckHidden(save, leaky)
		if err == nil || !strings.Contains(err.Error(), rs.deck.Name(tt.card)) {
			t.Errorf("%s: have %v, want the %s named", tt.name, err, rs.deck.Name(tt.card))
		}
	}
	all := g.View(0, true).(*View)
	if err := rs.CheckHidden(save, all); err != nil {
		t.Errorf("the all-seeing spectator's view: %v", err)
	}
	all.Discard = append(all.Discard, g.s.Hands[0][0])
	if err := rs.CheckHidden(save, all); err == nil {
		t.Errorf("the all-seeing spectator's view with the %s of seat 1's hand passes", rs.deck.Name(g.s.Hands[0][0]))
	}
}
