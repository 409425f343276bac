package cards

import (
	"slices"
	"strings"
	"testing"
)

// TestCanTrade checks "Only players holding three or more Goods Cards at
// the start of this step can participate."
func TestCanTrade(t *testing.T) {
	r := Default()
	for held, want := range []bool{false, false, false, true, true} {
		if have := r.CanTrade(held); have != want {
			t.Errorf("holding %d: have %v, want %v", held, have, want)
		}
	}
}

// TestCheck checks an offer against the cards: "3 or more cards", "he must
// truthfully state the number of cards being offered, and at least one
// other fact about them, from either: the total points value, the 'number'
// on one or more of the cards", "Any "lie" about the offer causes it to be
// invalidated", and a Disaster "traded once" only.
func TestCheck(t *testing.T) {
	hand := func() *Hand {
		h := &Hand{Cards: goods(7, 7, 3, 0, 9)} // IDs 1 to 5; 4 is a Disaster
		return h
	}
	traded := hand()
	traded.Cards[3].Traded = true
	tests := []struct {
		name string
		h    *Hand
		p    Part
		want []string // each a part of the error; none: valid
	}{
		{"the count and the points, true", hand(), Part{[]GoodsID{1, 2, 3}, Statement{Count: 3, PointsStated: true, Points: 17}}, nil},
		{"the count and a number, true", hand(), Part{[]GoodsID{1, 3, 4}, Statement{Count: 3, Numbers: []int{3}}}, nil},
		{"two numbers on two cards", hand(), Part{[]GoodsID{1, 2, 4}, Statement{Count: 3, Numbers: []int{7, 7}}}, nil},
		{"a Disaster counts zero in the points", hand(), Part{[]GoodsID{3, 4, 5}, Statement{Count: 3, PointsStated: true, Points: 12}}, nil},
		{"more than 3 cards", hand(), Part{[]GoodsID{1, 2, 3, 4, 5}, Statement{Count: 5, Numbers: []int{9}}}, nil},
		{"two cards are too few", hand(), Part{[]GoodsID{1, 2}, Statement{Count: 2, Numbers: []int{7}}}, []string{"2 cards given: a trade is 3 or more cards for 3 or more"}},
		{"a wrong count is a lie", hand(), Part{[]GoodsID{1, 2, 3}, Statement{Count: 4, Numbers: []int{7}}}, []string{"the statement is false: it says 4 cards, 3 are given"}},
		{"a wrong points value is a lie", hand(), Part{[]GoodsID{1, 2, 3}, Statement{Count: 3, PointsStated: true, Points: 20}}, []string{"it says 20 points, the cards are worth 17"}},
		{"a number not on a card is a lie", hand(), Part{[]GoodsID{1, 2, 3}, Statement{Count: 3, Numbers: []int{9}}}, []string{"it says a 9, and no other card given is one"}},
		{"one 7 said twice is a lie", hand(), Part{[]GoodsID{1, 3, 4}, Statement{Count: 3, Numbers: []int{7, 7}}}, []string{"it says a 7, and no other card given is one"}},
		{"the count alone is not enough", hand(), Part{[]GoodsID{1, 2, 3}, Statement{Count: 3}}, []string{"says nothing but the count"}},
		{"a Disaster traded once", traded, Part{[]GoodsID{1, 2, 4}, Statement{Count: 3, Numbers: []int{7}}}, []string{"the Queen of Hearts (Floods) was traded once already"}},
		{"a card not held", hand(), Part{[]GoodsID{1, 2, 8}, Statement{Count: 3, Numbers: []int{7}}}, []string{"card 8 is not in the hand"}},
		{"a card twice", hand(), Part{[]GoodsID{1, 1, 2}, Statement{Count: 3, Numbers: []int{7}}}, []string{"card 1 is named twice"}},
		{"every problem at once", hand(), Part{[]GoodsID{1, 2}, Statement{Count: 3, PointsStated: true, Points: 1, Numbers: []int{5}}},
			[]string{"2 cards given", "it says 3 cards", "it says 1 points", "it says a 5"}},
	}
	r := Default()
	for _, tt := range tests {
		err := r.Check(tt.h, tt.p)
		if len(tt.want) == 0 {
			if err != nil {
				t.Errorf("%s: have %v, want a valid offer", tt.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: have a valid offer, want %q", tt.name, tt.want)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: have %v, want %q", tt.name, err, w)
			}
		}
	}
}

// TestTrade checks a trade accepted: the cards change hands, and "If a
// player receives a card as part of a deal, he must immediately remove it
// from his hand, and place it face down before him. Any additional
// Disaster cards received are placed face down on top of the previous
// one(s)."; a Disaster so received was traded once ("Players are only
// allowed to trade such cards once"); a void offer moves nothing.
func TestTrade(t *testing.T) {
	r := Default()
	a := &Hand{Cards: []GoodsCard{
		{ID: 1, Value: 2, Pile: 2}, {ID: 2, Value: 2, Pile: 2},
		disaster(3, Hearts, King, 2), {ID: 4, Value: 5, Pile: 3},
	}}
	b := &Hand{Cards: []GoodsCard{
		{ID: 10, Value: 9, Pile: 5}, {ID: 11, Value: 8, Pile: 5},
		disaster(12, Spades, Queen, 3), disaster(13, Clubs, King, 5),
	}}
	var da, db DisasterPile
	db.Cards = []GoodsCard{disaster(20, Diamonds, Queen, 2)} // received earlier
	give := Part{[]GoodsID{1, 2, 3}, Statement{Count: 3, PointsStated: true, Points: 4}}
	lie := Part{[]GoodsID{10, 12, 13}, Statement{Count: 3, Numbers: []int{8}}}
	if err := r.Trade(a, b, &da, &db, give, lie); err == nil || !strings.Contains(err.Error(), "the answer is void: the statement is false") {
		t.Fatalf("a lying answer: have %v", err)
	}
	if len(a.Cards) != 4 || len(b.Cards) != 4 || len(da.Cards) != 0 || len(db.Cards) != 1 {
		t.Fatal("a void trade moved cards")
	}
	get := Part{[]GoodsID{13, 10, 12}, Statement{Count: 3, Numbers: []int{9}}}
	if err := r.Trade(a, b, &da, &db, give, get); err != nil {
		t.Fatal(err)
	}
	if have, want := idsOf(a.Cards), []GoodsID{4, 10}; !slices.Equal(have, want) {
		t.Errorf("a's hand: have %v, want %v", have, want)
	}
	if have, want := idsOf(b.Cards), []GoodsID{11, 1, 2}; !slices.Equal(have, want) {
		t.Errorf("b's hand: have %v, want %v", have, want)
	}
	// a receives the King of Clubs, then the Queen of Spades, in the order
	// b gave them; b's King of Hearts goes on the Queen of Diamonds it had.
	if have, want := idsOf(da.Cards), []GoodsID{13, 12}; !slices.Equal(have, want) {
		t.Errorf("a's Disasters face down: have %v, want %v", have, want)
	}
	if have, want := idsOf(db.Cards), []GoodsID{20, 3}; !slices.Equal(have, want) {
		t.Errorf("b's Disasters face down: have %v, want %v", have, want)
	}
	for _, c := range append(slices.Clone(da.Cards), db.Cards[1]) {
		if !c.Traded {
			t.Errorf("the %s changed hands but is not marked traded", c)
		}
	}
	if err := r.Trade(a, a, &da, &db, give, give); err == nil {
		t.Error("a player traded with itself")
	}
	// Once resolved the Disasters go back to their piles, and may be
	// traded again when drawn anew (CHOICE).
	resolve, _ := r.Resolve(&da)
	if len(resolve) != 2 {
		t.Errorf("a resolves %d Disasters, want 2", len(resolve))
	}
}

// TestTrueStatement checks the statement a player makes who says no more
// than it must: a true count and points value, which Check accepts.
func TestTrueStatement(t *testing.T) {
	r := Default()
	h := &Hand{Cards: goods(4, 4, 4, 0, 1)}
	ids := []GoodsID{1, 2, 3, 4}
	s, err := TrueStatement(h, ids)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Statement{Count: 4, PointsStated: true, Points: 16}); s.Count != want.Count || s.Points != want.Points || !s.PointsStated {
		t.Errorf("have %v, want %v", s, want)
	}
	if err := r.Check(h, Part{ids, s}); err != nil {
		t.Errorf("a true statement refused: %v", err)
	}
	if have, want := s.String(), "4 cards, worth 16 points"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
	if _, err := TrueStatement(h, []GoodsID{9}); err == nil {
		t.Error("a statement of a card not held")
	}
	if have, want := (Statement{Count: 3, PointsStated: true, Points: 1}).String(), "3 cards, worth 1 point"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}
