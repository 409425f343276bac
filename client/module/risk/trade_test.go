package risk

import (
	"slices"
	"strings"
	"testing"

	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// tradeGame is a game of three (testdata/risk-trade.save: the normal AI
// played seed 7 of a generated map of 12 territories to it) at its first
// trading table with Anna (seat 1), in round 6: Anna holds four 1s, a 3
// and the Kings of Hearts and Diamonds (Disasters), Bert five cards, Cleo
// one (not at the table).
func tradeGame(t *testing.T) *cardsGame {
	t.Helper()
	cg := loadCardsGame(t, "risk-trade.save")
	if v := cg.view(1); !atTable(v, cg.g.Step()) {
		t.Fatalf("risk-trade.save: %s, not at a trading table with Anna", describe(v))
	}
	return cg
}

// tableWindow is Anna's trading window on cg, its actions played on the
// engine as the screen sends them: sent records them, a refusal goes back
// to the window (Cards.Refused), and the window is built again from the
// next view, as the screen does.
type tableWindow struct {
	t    *testing.T
	cg   *cardsGame
	k    *Cards
	sent []rules.Action
	err  string
}

func newTableWindow(t *testing.T, cg *cardsGame) *tableWindow {
	w := &tableWindow{t: t, cg: cg, k: newTestCards(t)}
	w.rebuild()
	return w
}

// rebuild gives the window Anna's view now and builds it again.
func (w *tableWindow) rebuild() {
	w.k.SetView(w.cg.view(1))
	w.k.TradeTable(w.act).Validate()
}

func (w *tableWindow) act(a rules.Action) {
	w.sent = append(w.sent, a)
	if err := w.cg.act(1, a); err != nil {
		w.err = rejection(err)
		w.k.Refused(w.err)
		return
	}
	w.err = ""
	w.rebuild()
}

// handIDs returns the IDs of Anna's cards of value v (0: the Disasters).
func handIDs(v *rules.View, value int) []cards.GoodsID {
	var ids []cards.GoodsID
	for _, c := range sortedGoods(v.Hand) {
		if c.Value == value {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// TestTradeTable plays Anna's side of a trading table (rule 15: "a player
// offering 3 or more cards in exchange for a set of 3 or more cards", "he
// must truthfully state the number of cards being offered, and at least
// one other fact about them") through the window's buttons, each action
// played on the real engine: an offer stating the total, a false number
// not sent and why, an offer stating a number, accepting Bert's offer
// with the cards ticked, withdrawing an offer, an offer the server
// refuses (Bert gone) shown refused, and leaving the table.
func TestTradeTable(t *testing.T) {
	cg := tradeGame(t)
	// Bert offers Anna three of his cards, stating their total.
	bert := cg.view(2)
	give := []cards.GoodsID{}
	for _, c := range bert.Hand {
		if c.Value != 0 && len(give) < 3 {
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
	w := newTableWindow(t, cg)
	anna := cg.view(1)
	ones, kings := handIDs(anna, 1), handIDs(anna, 0)
	if len(ones) != 4 || len(kings) != 2 {
		t.Fatalf("Anna's hand %v: want four 1s and two Kings", anna.Hand)
	}
	bertOffer := anna.Offers[0].ID
	if !strings.Contains(joined(w.k.tradeBody), "From Bert: 3 cards, worth") {
		t.Errorf("the window does not list Bert's offer:\n%s", joined(w.k.tradeBody))
	}

	tick := func(ids ...cards.GoodsID) func() {
		return func() {
			for _, id := range ids {
				click(t, w.k, "Give card "+itoaID(id))
			}
		}
	}
	tests := []struct {
		name string
		do   []func()
		// want is the action sent (Kind 0: none), with its Part's cards
		// and statement, Seat and Offer.
		want rules.Action
		// refused is the rejection the window shows ("" if none).
		refused string
		// shows is a line the window holds after.
		shows string
	}{
		{"tick three 1s, offer to Bert stating the total",
			[]func(){tick(ones[:3]...), func() { click(t, w.k, "Offer to Bert") }},
			rules.Action{Kind: rules.ActOffer, Seat: 2, Part: cards.Part{Cards: ones[:3], Statement: cards.Statement{Count: 3, PointsStated: true, Points: 4}}},
			"", "To Bert: 1 (pile 1), 1 (pile 1), 1 (pile 1) · 3 cards, worth 4 points"},
		{"the ticks stay; state a 5: false, Offer greyed and why",
			[]func(){func() { click(t, w.k, "State a number") }, func() {
				for range 4 {
					click(t, w.k, "Number +")
				}
			}},
			rules.Action{}, "", "Not yet: the statement is false: it says a 5, and no other card given is one"},
		{"a King added, state a 1: offer to Bert",
			[]func(){tick(kings[0]), func() {
				click(t, w.k, "State a number")
				click(t, w.k, "Offer to Bert")
			}},
			rules.Action{Kind: rules.ActOffer, Seat: 2, Part: cards.Part{Cards: append(slices.Clone(ones[:3]), kings[0]), Statement: cards.Statement{Count: 4, Numbers: []int{1}}}},
			"", "4 cards, with a 1"},
		{"withdraw the first offer",
			[]func(){func() { click(t, w.k, "Withdraw offer "+itoaID(bertOffer+1)) }},
			rules.Action{Kind: rules.ActRefuse, Offer: bertOffer + 1}, "", "Your open offers (2 of the 3 a step allows made)"},
		{"accept Bert's offer giving the four ticked",
			[]func(){func() { click(t, w.k, "Accept offer "+itoaID(bertOffer)) }},
			rules.Action{Kind: rules.ActAccept, Offer: bertOffer, Part: cards.Part{Cards: append(slices.Clone(ones[:3]), kings[0]), Statement: cards.Statement{Count: 4, Numbers: []int{1}}}},
			"", ""},
	}
	for _, tt := range tests {
		before := len(w.sent)
		for _, f := range tt.do {
			f()
		}
		if tt.want.Kind == 0 {
			if len(w.sent) != before {
				t.Errorf("%s: sent %+v, want nothing", tt.name, w.sent[before:])
			}
		} else {
			if len(w.sent) != before+1 {
				t.Fatalf("%s: sent %d actions, want 1", tt.name, len(w.sent)-before)
			}
			have := w.sent[before]
			if have.Kind != tt.want.Kind || have.Seat != tt.want.Seat || have.Offer != tt.want.Offer ||
				!slices.Equal(have.Part.Cards, tt.want.Part.Cards) || have.Part.Statement.String() != tt.want.Part.Statement.String() {
				t.Errorf("%s: sent %+v, want %+v", tt.name, have, tt.want)
			}
		}
		if w.err != tt.refused {
			t.Errorf("%s: the server said %q, want %q", tt.name, w.err, tt.refused)
		}
		if tt.shows != "" && !strings.Contains(joined(w.k.tradeBody), tt.shows) {
			t.Errorf("%s: the window does not say %q:\n%s", tt.name, tt.shows, joined(w.k.tradeBody))
		}
	}
	// The trade was made: Anna holds Bert's three cards, the King went
	// face down before Bert.
	anna = cg.view(1)
	for _, id := range give {
		if _, ok := (&cards.Hand{Cards: anna.Hand}).Card(id); !ok {
			t.Errorf("after the trade Anna lacks Bert's card %d: %v", id, anna.Hand)
		}
	}
	if cg.view(2).Players[1].Disasters != 1 {
		t.Errorf("Bert has %d Disasters face down, want the King given", cg.view(2).Players[1].Disasters)
	}
}

// TestTradeRefused: an action the server refuses is shown refused, with
// the server's reason, in the window: Anna accepts Bert's offer in a
// window built before Bert withdrew it. Then Leave the table sends
// ActDone, and the window of a player not at the table, or of a
// spectator, is empty.
func TestTradeRefused(t *testing.T) {
	cg := tradeGame(t)
	bert := cg.view(2)
	var give []cards.GoodsID
	for _, c := range bert.Hand {
		if c.Value != 0 && len(give) < 3 {
			give = append(give, c.ID)
		}
	}
	st, _ := cards.TrueStatement(&cards.Hand{Cards: bert.Hand}, give)
	if err := cg.act(2, rules.Action{Kind: rules.ActOffer, Seat: 1, Part: cards.Part{Cards: give, Statement: st}}); err != nil {
		t.Fatal(err)
	}
	w := newTableWindow(t, cg)
	offer := cg.view(1).Offers[0].ID
	for _, id := range handIDs(cg.view(1), 1)[:3] {
		click(t, w.k, "Give card "+itoaID(id))
	}
	if err := cg.act(2, rules.Action{Kind: rules.ActRefuse, Offer: offer}); err != nil {
		t.Fatal(err)
	}
	click(t, w.k, "Accept offer "+itoaID(offer)) // the window of the view before
	want := "there is no open offer " + itoaID(offer)
	if len(w.sent) != 1 || w.sent[0].Kind != rules.ActAccept || w.err != want {
		t.Fatalf("sent %+v, the server said %q; want an acceptance refused: %q", w.sent, w.err, want)
	}
	if have := joined(w.k.tradeBody); !strings.Contains(have, "Refused: "+want) {
		t.Errorf("the window does not show the refusal:\n%s", have)
	}
	w.rebuild()
	if _, ok := w.k.Buttons()["Accept offer "+itoaID(offer)]; ok {
		t.Error("Bert withdrew his offer, and the window still lets Anna accept it")
	}
	// A refusal after the view changed to another seat's keeps to the
	// window of the view it has (none for a spectator).
	w.k.SetView(cg.view(0))
	w.k.Refused("late")
	if have := joined(w.k.tradeBody); strings.Contains(have, "Refused: late") {
		t.Errorf("a spectator's view refilled Anna's window:\n%s", have)
	}
	w.rebuild()
	click(t, w.k, "Leave the table")
	if have := w.sent[len(w.sent)-1]; have.Kind != rules.ActDone || w.err != "" {
		t.Errorf("Leave the table sent %+v (%q), want ActDone accepted", have, w.err)
	}
	for _, seat := range []ruleset.Seat{1, 0} {
		k := newTestCards(t)
		k.SetView(cg.view(seat))
		if c := k.TradeTable(func(rules.Action) { t.Error("an empty window acted") }); len(c.Children()) != 0 || len(k.Buttons()) != 0 {
			t.Errorf("seat %d, not at the table: a window of %d widgets, buttons %v", seat, len(c.Children()), k.Buttons())
		}
	}
}
