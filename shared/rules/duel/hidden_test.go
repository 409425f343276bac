package duel

import (
	"strings"
	"testing"
)

// TestCheckHidden checks the leak check a server's test uses: a seat's own
// view passes, and the same view with a card of another player's hand or
// of a deck added, or another deck size, fails; so does the all-seeing
// spectator's with a card of a hand.
func TestCheckHidden(t *testing.T) {
	rs, decks := uniqueDecks(t, 3)
	cfg := config(3, 3, 6)
	cfg.SeatData = decks
	gg, err := rs.New(cfg)
	must(t, err)
	g := gg.(*game)
	save, err := g.Save()
	must(t, err)
	own := g.View(1, false).(*View)
	if err := rs.CheckHidden(save, own); err != nil {
		t.Fatalf("seat 1's own view: %v", err)
	}
	for _, tt := range []struct {
		name string
		card Card
	}{
		{"another's hand", g.s.Hands[1][0]},
		{"another's deck", g.s.Decks[2][0]},
		{"its own deck", g.s.Decks[0][0]},
	} {
		leaky := g.View(1, false).(*View)
		leaky.Discard = append(leaky.Discard, tt.card)
		err := rs.CheckHidden(save, leaky)
		if err == nil || !strings.Contains(err.Error(), rs.deck.Name(tt.card)) {
			t.Errorf("%s: have %v, want the %s named", tt.name, err, rs.deck.Name(tt.card))
		}
	}
	counted := g.View(1, false).(*View)
	counted.Players[1].Deck--
	if err := rs.CheckHidden(save, counted); err == nil || !strings.Contains(err.Error(), "not the one the game gives it") {
		t.Errorf("a view with another deck size: have %v", err)
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
