package risk

import (
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// pictures returns the pictures shown under w (the Graphic widgets').
func pictures(w widget.HasWidget) []*ebiten.Image {
	var out []*ebiten.Image
	switch x := w.(type) {
	case *widget.Graphic:
		out = append(out, x.Image)
	case widget.Containerer:
		for _, ch := range x.Children() {
			out = append(out, pictures(ch)...)
		}
	}
	return out
}

// bertOffers has Bert offer Anna his first three cards (of a value only,
// if values), stating their total.
func bertOffers(t *testing.T, cg *cardsGame, values bool) {
	t.Helper()
	bert := cg.view(2)
	var give []cards.GoodsID
	for _, c := range bert.Hand {
		if (c.Value != 0 || !values) && len(give) < 3 {
			give = append(give, c.ID)
		}
	}
	st, err := cards.TrueStatement(&cards.Hand{Cards: bert.Hand}, give)
	if err != nil {
		t.Fatal(err)
	}
	if err := cg.act(2, rules.Action{Kind: rules.ActOffer, Seat: 1, Part: cards.Part{Cards: give, Statement: st}}); err != nil {
		t.Fatal(err)
	}
}

// tradedGame is the trading table of tradeGame after Bert offered Anna
// three (a 1, a 2 and a 4), Anna offered Bert three 1s, and Anna accepted
// Bert's offer giving a 1, her 3 and the King of Diamonds: Bert holds the
// King face down.
func tradedGame(t *testing.T) *cardsGame {
	t.Helper()
	cg := tradeGame(t)
	bertOffers(t, cg, true)
	anna := cg.view(1)
	ones, kings := handIDs(anna, 1), handIDs(anna, 0)
	mine := cards.Part{Cards: ones[:3], Statement: cards.Statement{Count: 3, Numbers: []int{1}}}
	if err := cg.act(1, rules.Action{Kind: rules.ActOffer, Seat: 2, Part: mine}); err != nil {
		t.Fatal(err)
	}
	back := cards.Part{Cards: []cards.GoodsID{ones[3], kings[0], handIDs(anna, 3)[0]}, Statement: cards.Statement{Count: 3, Numbers: []int{3}}}
	if err := cg.act(1, rules.Action{Kind: rules.ActAccept, Offer: anna.Offers[0].ID, Part: back}); err != nil {
		t.Fatal(err)
	}
	return cg
}

// TestSection: the side panel's section of each seat and of a spectator
// at the table of tradedGame: a player's own Goods cards face up with
// their worth and sets (Table 1), a Disaster in the hand marked as the
// Disaster it is, a Disaster face down before its holder; every player's
// counts; a spectator's section counts only ("Goods Cards cannot be
// revealed to other players").
func TestSection(t *testing.T) {
	cg := tradedGame(t)
	tests := []struct {
		seat     ruleset.Seat
		pictures int // cards drawn: the hand and the Disasters face down
		want     []string
		not      []string
	}{
		{1, 7, []string{
			"Your Goods cards: 7, worth 14 points",
			"Sets (Table 1): 4 = 4 · 2 = 2 · 1 1 1 1 = 8 · 1 Disaster = 0",
			"Disasters in your hand, worth 0: King of Hearts (Floods). Trade them away",
			"1 · Anna (you): 7 Goods cards, 0 Disasters face down",
			"2 · Bert: 4 Goods cards, 1 Disaster face down",
		}, []string{"Face down before you"}},
		{2, 5, []string{
			"Your Goods cards: 4, worth 4 points",
			"Face down before you: 1 Disaster, resolved in step 7",
			"2 · Bert (you): 4 Goods cards, 1 Disaster face down",
		}, []string{"King of Hearts"}},
		{0, 0, []string{
			"1 · Anna: 7 Goods cards, 0 Disasters face down",
			"2 · Bert: 4 Goods cards, 1 Disaster face down",
			"3 · Cleo: 1 Goods card",
		}, []string{"Your Goods cards", "Face down", "Sets", "Territory cards"}},
	}
	for _, tt := range tests {
		k := newTestCards(t)
		k.SetView(cg.view(tt.seat))
		c := cardsColumn(4)
		k.Section(c, 290)
		c.Validate()
		have := joined(c)
		for _, w := range tt.want {
			if !strings.Contains(have, w) {
				t.Errorf("seat %d: the section does not say %q:\n%s", tt.seat, w, have)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(have, w) {
				t.Errorf("seat %d: the section says %q:\n%s", tt.seat, w, have)
			}
		}
		if n := len(pictures(c)); n != tt.pictures {
			t.Errorf("seat %d: %d cards drawn, want %d", tt.seat, n, tt.pictures)
		}
	}
}

// TestHiddenCards: "Goods Cards cannot be revealed to other players": in
// no seat's section or trading window, nor a spectator's, is a picture
// or a button of a card another seat holds (its hand, its Disasters face
// down, the cards of its offers).
func TestHiddenCards(t *testing.T) {
	cg := tradedGame(t)
	bertOffers(t, cg, false) // his offer's cards are on the table
	all := map[ruleset.Seat][]cards.GoodsCard{}
	for _, s := range []ruleset.Seat{1, 2, 3} {
		v := cg.view(s)
		all[s] = append(append(all[s], v.Hand...), v.Disasters...)
	}
	for _, viewer := range []ruleset.Seat{1, 2, 3, 0} {
		k := newTestCards(t)
		k.SetView(cg.view(viewer))
		sec := cardsColumn(4)
		k.Section(sec, 290)
		win := k.TradeTable(func(rules.Action) {})
		shown := map[*ebiten.Image]bool{}
		for _, w := range []widget.HasWidget{sec, win} {
			for _, img := range pictures(w) {
				shown[img] = true
			}
		}
		if k.tradeBody != nil {
			for _, img := range pictures(k.tradeBody) {
				shown[img] = true
			}
		}
		labels := k.Buttons()
		for owner, cs := range all {
			if owner == viewer {
				continue
			}
			for _, c := range cs {
				for _, down := range []bool{false, true} {
					for _, sz := range []struct{ X, Y int }{panelCard, windowCard} {
						if shown[k.goodsImage(c, down, sz)] {
							t.Errorf("seat %d sees seat %d's %s", viewer, owner, goodsName(c))
						}
					}
				}
				for _, verb := range []string{"Give card ", "Pay with card ", "Keep card "} {
					if _, ok := labels[verb+itoaID(c.ID)]; ok {
						t.Errorf("seat %d has a button of seat %d's card %d", viewer, owner, c.ID)
					}
				}
			}
		}
		if viewer == 1 && !strings.Contains(joined(k.tradeBody), "From Bert: 3 cards, worth") {
			t.Errorf("Anna's window does not list Bert's offer by its statement:\n%s", joined(k.tradeBody))
		}
	}
}
