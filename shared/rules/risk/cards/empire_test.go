package cards

import (
	"slices"
	"strings"
	"testing"
)

// TestEmpireSupply checks the Empire cards as listed, "58 cards in total":
// "One each of Clubs and Hearts from Ace (One) to King; Two each of Spades
// and Diamonds from Ace (One) to Six; One each of Spades and Diamonds from
// Seven to Ten", laid out "in piles by suit, in ascending order (Ace is One
// and low)".
func TestEmpireSupply(t *testing.T) {
	s := Default().NewEmpireSupply()
	count := func(suit Suit, rank int) int {
		n := 0
		for _, c := range s.Piles[suit-1] {
			if c.Rank == rank {
				n++
			}
		}
		return n
	}
	total := 0
	for _, suit := range Suits() {
		for rank := 1; rank <= King; rank++ {
			want := 0
			switch {
			case suit == Clubs || suit == Hearts:
				want = 1
			case rank <= 6:
				want = 2
			case rank <= 10:
				want = 1
			}
			if have := count(suit, rank); have != want {
				t.Errorf("%s: have %d, want %d", longName(suit, rank), have, want)
			}
		}
		p := s.Piles[suit-1]
		if !slices.IsSortedFunc(p, compareEmpire) {
			t.Errorf("the %s pile is not ascending: %v", suit, p)
		}
		for _, c := range p {
			if c.Suit != suit {
				t.Errorf("the %s is in the %s pile", c, suit)
			}
		}
		total += len(p)
	}
	if total != 58 {
		t.Errorf("have %d Empire cards, want 58", total)
	}
}

// TestCost checks "The cost of purchasing an Empire Card is ten times the
// card's face value", the CHOICE of 11, 12, 13 for the royalty.
func TestCost(t *testing.T) {
	r := Default()
	tests := []struct {
		card EmpireCard
		want int
	}{
		{EmpireCard{Spades, 1}, 10},
		{EmpireCard{Diamonds, 6}, 60},
		{EmpireCard{Hearts, 10}, 100},
		{EmpireCard{Clubs, Jack}, 110},
		{EmpireCard{Hearts, Queen}, 120},
		{EmpireCard{Clubs, King}, 130},
	}
	for _, tt := range tests {
		if have := r.Cost(tt.card); have != tt.want {
			t.Errorf("the %s: have %d, want %d", tt.card, have, tt.want)
		}
	}
}

// TestCredit checks "all cards of a suit count double their face value as
// credit value towards the purchase of subsequent cards of the same suit",
// for cards "held in the hand before the start of the current turn".
func TestCredit(t *testing.T) {
	r := Default()
	e := &Empire{
		Held: []EmpireCard{{Spades, 1}, {Spades, 2}, {Hearts, 4}},
		New:  []EmpireCard{{Spades, 3}},
	}
	tests := []struct {
		suit Suit
		want int
	}{
		{Spades, 2 * (1 + 2)}, // the 3 bought this turn gives none yet
		{Hearts, 8},
		{Clubs, 0},
	}
	for _, tt := range tests {
		if have := r.Credit(e, tt.suit); have != tt.want {
			t.Errorf("%s: have %d, want %d", tt.suit, have, tt.want)
		}
	}
	e.EndTurn()
	if have := r.Credit(e, Spades); have != 12 {
		t.Errorf("Spades the next turn: have %d, want 12", have)
	}
}

// TestPrice checks what a purchase costs and what is refused: "as many
// Empire Cards ... as they have points for", paid in Goods points (Table 1)
// less credits, "one Empire Card of each face value (or Royalty rank)", and
// the next card of a pile (CHOICE).
func TestPrice(t *testing.T) {
	r := Default()
	// A supply with a few cards bought: the Spades pile starts at its
	// second Ace, Hearts at its 3.
	supply := func() *EmpireSupply {
		s := r.NewEmpireSupply()
		s.Piles[Spades-1] = s.Piles[Spades-1][1:]
		s.Piles[Hearts-1] = s.Piles[Hearts-1][2:]
		return s
	}
	hand := &Hand{Cards: goods(9, 9, 9, 9, 5, 1, 0)} // 72 + 5 + 1
	all := []GoodsID{1, 2, 3, 4, 5, 6, 7}
	tests := []struct {
		name  string
		e     Empire
		p     Purchase
		price int
		buy   []EmpireCard
		err   string
	}{
		{"an Ace for 10 points", Empire{}, Purchase{[]Suit{Spades}, []GoodsID{1, 5}}, 10, []EmpireCard{{Spades, 1}}, ""},
		{"the next of a pile: the 3 of Hearts", Empire{}, Purchase{[]Suit{Hearts}, all}, 30, []EmpireCard{{Hearts, 3}}, ""},
		{"a suit twice buys its next two cards", Empire{}, Purchase{[]Suit{Hearts, Hearts}, all}, 70, []EmpireCard{{Hearts, 3}, {Hearts, 4}}, ""},
		{"two Aces are one face value", Empire{}, Purchase{[]Suit{Diamonds, Diamonds}, all}, 0, nil, "the purchase buys two of that value"},
		{"an Ace held already", Empire{Held: []EmpireCard{{Clubs, 1}}}, Purchase{[]Suit{Spades}, all}, 0, nil, "it holds the Ace of Clubs"},
		{"a 3 bought this turn", Empire{New: []EmpireCard{{Diamonds, 3}}}, Purchase{[]Suit{Hearts}, all}, 0, nil, "it holds the 3 of Diamonds"},
		{"credits: Hearts A, 2 held make the 3 cost 30-6", Empire{Held: []EmpireCard{{Hearts, 1}, {Hearts, 2}}}, Purchase{[]Suit{Hearts}, []GoodsID{1, 2, 3}}, 24, []EmpireCard{{Hearts, 3}}, ""},
		{"credits count for their suit only", Empire{Held: []EmpireCard{{Hearts, 2}}}, Purchase{[]Suit{Spades}, []GoodsID{6}}, 0, nil, "cost 10 points after credits, the Goods cards given are worth 1"},
		{"credits above the cost make a card free, no change", Empire{Held: []EmpireCard{{Spades, 5}, {Spades, 6}, {Spades, 7}}}, Purchase{[]Suit{Spades}, nil}, 0, []EmpireCard{{Spades, 1}}, ""},
		{"too few points", Empire{}, Purchase{[]Suit{Hearts, Hearts}, []GoodsID{1, 2, 3}}, 0, nil, "cost 70 points after credits, the Goods cards given are worth 36"},
		{"an empty pile", Empire{}, Purchase{[]Suit{Clubs}, all}, 0, nil, ""},
		{"a Goods card not held", Empire{}, Purchase{[]Suit{Spades}, []GoodsID{40}}, 0, nil, "goods: card 40 is not in the hand"},
		{"no cards", Empire{}, Purchase{nil, all}, 0, nil, "at least one card"},
		{"no such suit", Empire{}, Purchase{[]Suit{NoSuit}, all}, 0, nil, "is not a suit"},
	}
	for _, tt := range tests {
		s := supply()
		if tt.name == "an empty pile" {
			s.Piles[Clubs-1] = nil
			tt.err = "the Clubs pile has no card left to buy"
		}
		price, buy, err := r.Price(s, &tt.e, hand, tt.p)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: have error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if price != tt.price || !slices.Equal(buy, tt.buy) {
			t.Errorf("%s: have %d for %v, want %d for %v", tt.name, price, buy, tt.price, tt.buy)
		}
	}
}

// TestBuy checks a purchase made: the cards leave their piles for the
// player's Empire, and "Goods Cards, once used for a purchase, are returned
// (face down) to the bottom of their starting piles"; a purchase refused
// moves nothing.
func TestBuy(t *testing.T) {
	r := Default()
	rng := seeded(5)
	goodsSupply := r.NewSupply(rng)
	var h Hand
	for range 3 {
		drawn, err := goodsSupply.Draw(5)
		if err != nil {
			t.Fatal(err)
		}
		h.Add(drawn...)
	}
	points := h.Points()
	var e Empire
	s := r.NewEmpireSupply()
	suits := []Suit{Clubs}
	if points < 10 {
		t.Fatalf("15 Goods cards worth %d points buy no Ace", points)
	}
	before := goodsSupply.Sizes()
	all := idsOf(h.Cards)
	bought, err := r.Buy(s, goodsSupply, &e, &h, Purchase{Suits: suits, Goods: all})
	if err != nil {
		t.Fatal(err)
	}
	if len(bought) != 1 || bought[0].Rank != 1 || !slices.Equal(e.New, bought) {
		t.Errorf("bought %v, the Empire has %v", bought, e.New)
	}
	if next, _ := s.Next(suits[0]); next.Rank != 2 {
		t.Errorf("the %s pile shows a %s after its Ace was bought", suits[0], rankName(next.Rank))
	}
	if len(h.Cards) != 0 {
		t.Errorf("%d Goods cards left in the hand after paying with all", len(h.Cards))
	}
	after := goodsSupply.Sizes()
	returned := 0
	for i := range after {
		returned += after[i] - before[i]
	}
	if returned != 15 {
		t.Errorf("%d Goods cards went back to the piles, want 15", returned)
	}
	// A second Ace is refused, and nothing moves.
	h.Add(goods(9, 9, 9)...)
	if _, err := r.Buy(s, goodsSupply, &e, &h, Purchase{Suits: []Suit{Spades}, Goods: []GoodsID{1}}); err == nil {
		t.Error("a second Ace was bought")
	}
	if len(h.Cards) != 3 || !slices.Equal(goodsSupply.Sizes(), after) {
		t.Error("a refused purchase moved cards")
	}
}

// TestEnded checks "The game ends when ... the last 'King' Empire Card is
// bought": the Kings are the last of the Clubs and Hearts piles.
func TestEnded(t *testing.T) {
	r := Default()
	s := r.NewEmpireSupply()
	if r.Ended(s) || s.KingsLeft() != 2 {
		t.Fatalf("a new supply: ended %v with %d Kings left", r.Ended(s), s.KingsLeft())
	}
	s.Piles[Clubs-1] = nil // the King of Clubs bought, and all below it
	if r.Ended(s) {
		t.Error("the game ended with the King of Hearts still to buy")
	}
	s.Piles[Hearts-1] = s.Piles[Hearts-1][len(s.Piles[Hearts-1])-1:] // only the King left
	if r.Ended(s) {
		t.Error("the game ended with the King of Hearts on its pile")
	}
	s.Piles[Hearts-1] = nil
	if !r.Ended(s) {
		t.Error("the last King is bought and the game goes on")
	}
}

// TestScore checks "the person with the highest combined value of Empire
// Cards" wins, and the CHOICE that a tie shares the win.
func TestScore(t *testing.T) {
	r := Default()
	empires := []Empire{
		{Held: []EmpireCard{{Clubs, King}, {Spades, 1}}},                     // 14
		{Held: []EmpireCard{{Hearts, 10}}, New: []EmpireCard{{Diamonds, 3}}}, // 13
		{Held: []EmpireCard{{Hearts, Queen}, {Diamonds, 2}}},                 // 14
		{},
	}
	wantScores := []int{14, 13, 14, 0}
	for i := range empires {
		if have := r.Score(&empires[i]); have != wantScores[i] {
			t.Errorf("empire %d: have %d, want %d", i, have, wantScores[i])
		}
	}
	if have := r.Winners(empires); !slices.Equal(have, []int{0, 2}) {
		t.Errorf("winners: have %v, want [0 2]", have)
	}
	if have := r.Winners(empires[1:2]); !slices.Equal(have, []int{0}) {
		t.Errorf("one player: have %v, want [0]", have)
	}
}

// TestTable4 checks Bonuses entry by entry against the document's Table 4,
// typed in as the document prints it (card, type), with the effect numbers
// its text gives.
func TestTable4(t *testing.T) {
	table := []struct {
		card        EmpireCard
		name        string
		amount, per int
	}{
		{EmpireCard{Hearts, 3}, "Storm Shelter", -1, 0},   // "Subtract one from the die roll ... Floods."
		{EmpireCard{Hearts, 6}, "Medicine I", -1, 0},      // "Subtract one ... lost in a territory affected by a Plague."
		{EmpireCard{Hearts, 9}, "Medicine II", 1, 0},      // "Add one to the die roll when determining if a territory is affected by a Plague."
		{EmpireCard{Hearts, Queen}, "Urban Sprawl", 2, 0}, // "Only need two armies to form a city"
		{EmpireCard{Diamonds, 3}, "'Quake Shelter", -1, 0},
		{EmpireCard{Diamonds, 6}, "Bonus Move", 1, 0},     // "one additional "free move""
		{EmpireCard{Diamonds, 9}, "Riot Gear", 1, 0},      // "Add one to the die roll when determining if a city is affected by a Riot."
		{EmpireCard{Clubs, 3}, "Bonus Army I", 1, 0},      // "one extra army per territory card set turned in"
		{EmpireCard{Clubs, 6}, "Bonus Army II", 1, 6},     // "one extra army ... per every 6 territories occupied"
		{EmpireCard{Clubs, 9}, "Air Drop", 3, 0},          // "Can air drop 3 armies, once per turn"
		{EmpireCard{Clubs, Queen}, "Nuke", 1, 0},          // "kills all but one army in a territory"
		{EmpireCard{Spades, 3}, "Attack bonus I", 1, 0},   // "Attacker gets +1 to lowest die roll."
		{EmpireCard{Spades, 6}, "Attack bonus II", 1, 0},  // "Attacker gets +1 to highest die roll."
		{EmpireCard{Spades, 9}, "Attack bonus III", 2, 0}, // "Attacker gets +2 to highest die roll."
	}
	r := Default()
	var all []EmpireCard
	for _, row := range table {
		all = append(all, row.card)
		have := r.Bonuses([]EmpireCard{row.card, {Clubs, 1}})
		if len(have) != 1 || have[0].String() != row.name {
			t.Errorf("the %s gives %v, want %s", row.card, have, row.name)
			continue
		}
		b := have[0]
		if !r.Has([]EmpireCard{row.card}, b) || r.Has([]EmpireCard{{Clubs, 1}}, b) {
			t.Errorf("%s: Has does not follow the %s", b, row.card)
		}
		if amount, per := r.Effect(b); amount != row.amount || per != row.per {
			t.Errorf("%s: have effect %d per %d, want %d per %d", b, amount, per, row.amount, row.per)
		}
	}
	if have := r.Bonuses(all); len(have) != len(table) {
		t.Errorf("all of Table 4's cards give %d bonuses, want %d", len(have), len(table))
	}
	// Cards of no row give none: the Jack, the 4s, the Ace.
	if have := r.Bonuses([]EmpireCard{{Clubs, Jack}, {Hearts, 4}, {Spades, 1}, {Diamonds, Queen}}); len(have) != 0 {
		t.Errorf("cards of no row of Table 4 give %v", have)
	}
}

// TestBonusArmies checks Bonus Army II: "Get one extra army (during stage
// 2) each turn, per every 6 territories occupied."
func TestBonusArmies(t *testing.T) {
	r := Default()
	six := []EmpireCard{{Clubs, 6}}
	tests := []struct {
		held        []EmpireCard
		territories int
		want        int
	}{
		{six, 5, 0},
		{six, 6, 1},
		{six, 17, 2},
		{six, 42, 7},
		{nil, 42, 0},
		{[]EmpireCard{{Spades, 6}}, 42, 0},
	}
	for _, tt := range tests {
		if have := r.BonusArmies(tt.held, tt.territories); have != tt.want {
			t.Errorf("%v, %d territories: have %d, want %d", tt.held, tt.territories, have, tt.want)
		}
	}
}
