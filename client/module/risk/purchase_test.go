package risk

import (
	"slices"
	"strings"
	"testing"

	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
)

// buyWindow is Anna's purchase window at her step 8 (testdata/risk-buy.save),
// its actions played on the engine as the screen sends them (see
// tableWindow).
type buyWindow struct {
	t    *testing.T
	cg   *cardsGame
	k    *Cards
	sent []rules.Action
	err  string
}

func newBuyWindow(t *testing.T) *buyWindow {
	t.Helper()
	// testdata/risk-buy.save: a game of three (the normal AI played seed 7
	// of a generated map of 12 territories to it) at Anna's first step 8,
	// in round 6, holding four 1s, a 3 and the Kings of Hearts and
	// Diamonds (11 points), with no Empire card yet.
	cg := loadCardsGame(t, "risk-buy.save")
	if v := cg.view(1); v.Phase != rules.PhasePurchase || v.Actor != 1 {
		t.Fatalf("risk-buy.save: %s, not Anna's step 8", describe(v))
	}
	w := &buyWindow{t: t, cg: cg, k: newTestCards(t)}
	w.rebuild()
	return w
}

func (w *buyWindow) rebuild() {
	w.k.SetView(w.cg.view(1))
	w.k.Purchase(w.act).Validate()
}

func (w *buyWindow) act(a rules.Action) {
	w.sent = append(w.sent, a)
	if err := w.cg.act(1, a); err != nil {
		w.err = rejection(err)
		w.k.Refused(w.err)
		return
	}
	w.err = ""
	w.rebuild()
}

// step is one row of a window's table test: buttons clicked, the action
// they send (Kind 0: none), a line the window then holds.
type buyStep struct {
	name   string
	clicks []string
	want   rules.Action
	shows  string
}

// run plays the rows on w, checking what each sends and that the engine
// takes it.
func (w *buyWindow) run(tests []buyStep) {
	t := w.t
	for _, tt := range tests {
		before := len(w.sent)
		for _, l := range tt.clicks {
			click(t, w.k, l)
		}
		switch {
		case tt.want.Kind == 0 && len(w.sent) != before:
			t.Errorf("%s: sent %+v, want nothing", tt.name, w.sent[before:])
		case tt.want.Kind != 0 && len(w.sent) != before+1:
			t.Fatalf("%s: sent %d actions, want 1", tt.name, len(w.sent)-before)
		case tt.want.Kind != 0:
			have := w.sent[before]
			if have.Kind != tt.want.Kind || !slices.Equal(have.Purchase.Suits, tt.want.Purchase.Suits) ||
				!slices.Equal(have.Purchase.Goods, tt.want.Purchase.Goods) || !slices.Equal(have.Keep, tt.want.Keep) {
				t.Errorf("%s: sent %+v, want %+v", tt.name, have, tt.want)
			}
			if w.err != "" {
				t.Errorf("%s: the server refused it: %s", tt.name, w.err)
			}
		}
		if tt.shows != "" && !strings.Contains(joined(w.k.buyBody), tt.shows) {
			t.Errorf("%s: the window does not say %q:\n%s", tt.name, tt.shows, joined(w.k.buyBody))
		}
	}
}

// TestPurchaseBuy: step 8 (rule 17: "The cost of purchasing an Empire
// Card is ten times the card's face value", "Empire Cards can be
// purchased using either Goods Cards or credits"): the Ace of Hearts costs
// 10; the window pays with the cheapest cards that cover it (the four 1s,
// a set worth 8, and the 3: 11, 1 lost), a payment short of the price is
// greyed with the reason, and Buy sends ActBuy with the Purchase. With
// nothing more to buy and two cards left the engine ends the step: the
// window built again is empty.
func TestPurchaseBuy(t *testing.T) {
	w := newBuyWindow(t)
	v := w.k.v
	ones, three, kings := handIDs(v, 1), handIDs(v, 3), handIDs(v, 0)
	if len(ones) != 4 || len(three) != 1 || len(kings) != 2 || len(v.Players[0].Empire) != 0 {
		t.Fatalf("Anna's step 8: %s, Empire %v; want four 1s, a 3, two Kings, no Empire card", describe(v), v.Players[0].Empire)
	}
	if next, ok := (&cards.EmpireSupply{Piles: v.Empires}).Next(cards.Hearts); !ok || next.Rank != 1 {
		t.Fatalf("the Hearts pile's next card is %v, want its Ace; piles %v", next, v.Empires)
	}
	pay := append(slices.Clone(ones), three...)
	w.run([]buyStep{
		{"nothing chosen: Buy greyed", nil, rules.Action{}, "Not yet: choose the cards to buy"},
		{"the Ace of Hearts: paid with the cheapest cards", []string{"Buy Hearts +"}, rules.Action{},
			"Paying with 5 cards worth 11 points (1 lost: no change is given)."},
		{"the 3 unticked: too few points, and why", []string{"Pay with card " + itoaID(three[0])}, rules.Action{},
			"Not yet: the cards cost 10 points after credits, the Goods cards given are worth 8"},
		{"the 3 ticked again: Buy", []string{"Pay with card " + itoaID(three[0]), "Buy"},
			rules.Action{Kind: rules.ActBuy, Purchase: cards.Purchase{Suits: []cards.Suit{cards.Hearts}, Goods: pay}},
			""},
	})
	if w.k.buyBody != nil {
		t.Errorf("the step goes on after the purchase; the engine ends it when nothing more can be bought and 5 cards or fewer are held:\n%s", joined(w.k.buyBody))
	}
	if have := w.cg.view(1).Players[0].Empire; !slices.Equal(have, []cards.EmpireCard{{Suit: cards.Hearts, Rank: 1}}) {
		t.Errorf("after the step Anna holds %v, want the Ace of Hearts", have)
	}
}

// TestPurchaseKeep: "Players are allowed to retain a maximum of 5 Goods
// Cards at the end of this step": the window ticks by default the 5
// worth the most (the four 1s and the 3, the Kings discarded); a sixth
// ticked greys End purchasing; the player's own 5 are sent as Keep and
// are the hand after.
func TestPurchaseKeep(t *testing.T) {
	w := newBuyWindow(t)
	v := w.k.v
	ones, kings := handIDs(v, 1), handIDs(v, 0)
	var chosen []cards.GoodsID // in the hand's order
	for _, c := range v.Hand {
		if c.ID != ones[0] && (c.Value != 0 || c.ID == kings[0]) {
			chosen = append(chosen, c.ID)
		}
	}
	w.run([]buyStep{
		{"the default: the 5 worth the most", nil, rules.Action{},
			"Keeping 5 cards worth 11 points (the cards worth the most); discarding King of"},
		{"a King ticked: 6, End greyed", []string{"Keep card " + itoaID(kings[0])}, rules.Action{},
			"Not yet: tick 5 cards or fewer to keep."},
		{"a 1 unticked: End purchasing keeps the 5 ticked", []string{"Keep card " + itoaID(ones[0]), "End purchasing"},
			rules.Action{Kind: rules.ActEndPurchase, Keep: chosen}, ""},
	})
	var have []cards.GoodsID
	for _, c := range w.cg.view(1).Hand {
		have = append(have, c.ID)
	}
	slices.Sort(have)
	want := slices.Clone(chosen)
	slices.Sort(want)
	if !slices.Equal(have, want) {
		t.Errorf("after the step Anna holds %v, want the 5 kept %v", have, want)
	}
}

// TestCheapestPay: the window pays with the Goods cards worth the least
// points together (Table 1: a set's cards count together) that cover the
// price, the fewest cards among those; all cards of a value if none do.
func TestCheapestPay(t *testing.T) {
	hand := func(values ...int) []cards.GoodsCard {
		var out []cards.GoodsCard
		for i, v := range values {
			out = append(out, cards.GoodsCard{ID: cards.GoodsID(i + 1), Value: v, Pile: 1})
		}
		return out
	}
	tests := []struct {
		name  string
		hand  []cards.GoodsCard
		price int
		want  []cards.GoodsID
	}{
		{"a single card that covers it", hand(1, 9, 5), 5, []cards.GoodsID{3}},
		{"a pair worth more than its cards alone", hand(4, 4, 7), 8, []cards.GoodsID{1, 2}},
		{"the fewest cards for the same points", hand(1, 1, 1, 3), 4, []cards.GoodsID{1, 4}},
		{"a Disaster never pays", append(hand(2, 2), cards.GoodsCard{ID: 9, Suit: cards.Hearts, Rank: cards.Queen, Pile: 1}), 4, []cards.GoodsID{1, 2}},
		{"not enough: every card of a value", hand(1, 2), 20, []cards.GoodsID{1, 2}},
		{"a free card: no card", hand(3), 0, nil},
	}
	for _, tt := range tests {
		have := cheapestPay(tt.hand, tt.price)
		if !slices.Equal(have, tt.want) {
			t.Errorf("%s: pays with %v, want %v", tt.name, have, tt.want)
		}
	}
}

// TestPurchaseCredit: "Credits can be obtained from Empire Cards (ie.
// held in the hand before the start of the current turn) whereby all
// cards of a suit count double their face value as credit value towards
// the purchase of subsequent cards of the same suit": with the 3 of
// Hearts held before the turn (Anna's view of risk-buy.save's step 8, the card
// added), the Ace of Hearts costs 10 less 6, and the window pays the 4
// left with the fewest cheapest cards: a 1 and the 3.
func TestPurchaseCredit(t *testing.T) {
	w := newBuyWindow(t)
	v := w.cg.view(1)
	v.Players[0].Empire = []cards.EmpireCard{{Suit: cards.Hearts, Rank: 3}}
	v.Empires[2] = slices.DeleteFunc(slices.Clone(v.Empires[2]), func(c cards.EmpireCard) bool { return c.Rank == 3 })
	var sent []rules.Action
	w.k.SetView(v)
	w.k.Purchase(func(a rules.Action) { sent = append(sent, a) }).Validate()
	body := joined(w.k.buyBody)
	for _, want := range []string{"Your credits, off each card of the suit: Hearts 6", "Hearts: the A♥ next, 12 left (A 2 4 5 6 7 8 9 10 J Q K). Costs 10, less your credit of 6: 4 points"} {
		if !strings.Contains(body, want) {
			t.Errorf("the window does not say %q:\n%s", want, body)
		}
	}
	click(t, w.k, "Buy Hearts +")
	if !strings.Contains(joined(w.k.buyBody), "Buying A♥ for 4 points after credits.") {
		t.Errorf("the purchase is not priced after the credit:\n%s", joined(w.k.buyBody))
	}
	click(t, w.k, "Buy")
	if len(sent) != 1 || sent[0].Kind != rules.ActBuy || len(sent[0].Purchase.Goods) != 2 {
		t.Fatalf("sent %+v, want a purchase paid with two cards", sent)
	}
	var paid []cards.GoodsCard
	for _, id := range sent[0].Purchase.Goods {
		c, _ := (&cards.Hand{Cards: v.Hand}).Card(id)
		paid = append(paid, c)
	}
	if cards.Points(paid) != 4 || !slices.ContainsFunc(paid, func(c cards.GoodsCard) bool { return c.Value == 3 }) {
		t.Errorf("paid with %v, want a 1 and the 3", paid)
	}
}
