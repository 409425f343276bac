package cards

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// seeded returns a generator for a test, fixed by seed.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// TestTable1 checks SetValue entry by entry against the document's Table 1,
// "Points Value of Goods Cards Sets", typed in as the document prints it:
// a row per card value, a column per number of cards in the set.
func TestTable1(t *testing.T) {
	table := `
1	1	2	4	8	16	32	64	128
2	2	4	8	16	32	64	128
3	3	6	12	24	48	96
4	4	8	16	32	64	128
5	5	10	20	40	80
6	6	12	24	48	96
7	7	14	28	56	112
8	8	16	32	64
9	9	18	36	72`
	rows := 0
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Fields(line)
		v := atoi(t, f[0])
		rows++
		for n, cell := range f[1:] {
			if have, want := SetValue(v, n+1), atoi(t, cell); have != want {
				t.Errorf("Table 1, value %d, %d cards: have %d, want %d", v, n+1, have, want)
			}
		}
		// A row of Table 1 runs to the number of cards of that value: the
		// document's counts, and the CHOICE of 8 Aces.
		if have, want := Default().Goods.Count[v-1], len(f)-1; have != want {
			t.Errorf("Table 1, value %d: the data file has %d cards, the table's row runs to %d", v, have, want)
		}
	}
	if rows != 9 {
		t.Errorf("Table 1 has %d rows, want 9", rows)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("%q is not a number", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// goods returns Goods cards of values vs (0: a Disaster of suit Hearts),
// with IDs from 1.
func goods(vs ...int) []GoodsCard {
	out := make([]GoodsCard, len(vs))
	for i, v := range vs {
		out[i] = GoodsCard{ID: GoodsID(i + 1), Value: v, Pile: 1}
		if v == 0 {
			out[i].Suit, out[i].Rank = Hearts, Queen
		}
	}
	return out
}

// TestPoints checks the points value of a mix of cards: "A single Goods
// Card is worth the face value of the card", "A "set of Goods Cards" is two
// or more cards of the same value (ignore suit)", and Disasters "count zero
// towards the total value".
func TestPoints(t *testing.T) {
	tests := []struct {
		name string
		have []int
		want int
	}{
		{"no cards", nil, 0},
		{"a single card is its face value", []int{7}, 7},
		{"singles add up", []int{2, 5, 9}, 16},
		{"a set of three 3s is 12", []int{3, 3, 3}, 12},
		{"a set and a single", []int{4, 4, 9}, 17},
		{"two sets", []int{2, 2, 6, 6, 6}, 4 + 24},
		{"order does not matter", []int{6, 2, 6, 2, 6}, 4 + 24},
		{"a Disaster counts zero", []int{0, 5}, 5},
		{"Disasters alone count zero", []int{0, 0, 0}, 0},
		{"eight Aces", []int{1, 1, 1, 1, 1, 1, 1, 1}, 128},
	}
	for _, tt := range tests {
		if have := Points(goods(tt.have...)); have != tt.want {
			t.Errorf("%s: have %d, want %d", tt.name, have, tt.want)
		}
	}
}

// TestSetUp checks the five piles as "Set Up" builds them: pile 1 the Aces
// with the Queen of Hearts at the bottom; pile 2 the Twos, Threes, King of
// Hearts and Queen of Diamonds shuffled; pile 3 the Fours, Fives, King of
// Diamonds and Queen of Spades; pile 4 the Sixes, Sevens, King of Spades
// and Queen of Clubs; pile 5 the Eights and Nines with the King of Clubs
// at the bottom; 58 cards in all, each once.
func TestSetUp(t *testing.T) {
	r := Default()
	s := r.NewSupply(seeded(1))
	type pile struct {
		values    map[int]int // value -> cards
		disasters []string    // sorted
		bottom    string
	}
	want := []pile{
		{map[int]int{1: 8}, []string{"QH"}, "QH"},
		{map[int]int{2: 7, 3: 6}, []string{"KH", "QD"}, ""},
		{map[int]int{4: 6, 5: 5}, []string{"KD", "QS"}, ""},
		{map[int]int{6: 5, 7: 5}, []string{"KS", "QC"}, ""},
		{map[int]int{8: 4, 9: 4}, []string{"KC"}, "KC"},
	}
	if len(s.Piles) != len(want) {
		t.Fatalf("have %d piles, want %d", len(s.Piles), len(want))
	}
	ids := map[GoodsID]bool{}
	total := 0
	for i, p := range s.Piles {
		values := map[int]int{}
		var disasters []string
		for _, c := range p {
			if ids[c.ID] || c.ID == 0 {
				t.Errorf("pile %d: card ID %d twice or zero", i+1, c.ID)
			}
			ids[c.ID] = true
			if c.Pile != i+1 {
				t.Errorf("pile %d: the %s says its pile is %d", i+1, c, c.Pile)
			}
			if c.Value != 0 {
				values[c.Value]++
				continue
			}
			disasters = append(disasters, shortName(c.Suit, c.Rank))
		}
		slices.Sort(disasters)
		if !mapsEqual(values, want[i].values) || !slices.Equal(disasters, want[i].disasters) {
			t.Errorf("pile %d: have values %v and Disasters %v, want %v and %v", i+1, values, disasters, want[i].values, want[i].disasters)
		}
		if b := want[i].bottom; b != "" {
			last := p[len(p)-1]
			if shortName(last.Suit, last.Rank) != b {
				t.Errorf("pile %d: the bottom card is the %s, want %s", i+1, last, b)
			}
		}
		total += len(p)
	}
	if total != 58 {
		t.Errorf("have %d Goods cards, want the document's 58", total)
	}
	// The piles are shuffled with the generator given: the same seed
	// gives the same piles, another seed (almost surely) others.
	if again := r.NewSupply(seeded(1)); !slices.EqualFunc(again.Piles, s.Piles, slices.Equal) {
		t.Error("the same seed built other piles")
	}
	if other := r.NewSupply(seeded(2)); slices.Equal(other.Piles[1], s.Piles[1]) {
		t.Error("another seed built the same second pile")
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestDraw checks step 5b: "draw one card each from as many Goods Cards
// piles as he has cities. For example, if a player has three cities, he
// draws one card from the first pile, one from the second, and one from the
// third. If there are no cards in a pile, he forfeits the card due from
// that pile."
func TestDraw(t *testing.T) {
	s := &Supply{Piles: [][]GoodsCard{
		{{ID: 1, Value: 1, Pile: 1}, {ID: 2, Value: 1, Pile: 1}},
		{{ID: 3, Value: 2, Pile: 2}},
		{},
		{{ID: 4, Value: 6, Pile: 4}},
		{{ID: 5, Value: 8, Pile: 5}},
	}}
	tests := []struct {
		name   string
		cities int
		want   []GoodsID
		sizes  []int
		err    string
	}{
		{"no cities, no cards", 0, nil, []int{2, 1, 0, 1, 1}, ""},
		{"three cities: the tops of piles 1 to 3, pile 3's forfeited", 3, []GoodsID{1, 3}, []int{1, 0, 0, 1, 1}, ""},
		{"five cities: piles 2 and 3 are empty now", 5, []GoodsID{2, 4, 5}, []int{0, 0, 0, 0, 0}, ""},
		{"six cities: there are five piles", 6, nil, []int{0, 0, 0, 0, 0}, "at most the 5 piles"},
		{"minus one", -1, nil, []int{0, 0, 0, 0, 0}, "draw for -1 cities"},
	}
	for _, tt := range tests {
		have, err := s.Draw(tt.cities)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: have error %v, want %q", tt.name, err, tt.err)
			}
		} else if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if ids := idsOf(have); !slices.Equal(ids, tt.want) {
			t.Errorf("%s: drew %v, want %v", tt.name, ids, tt.want)
		}
		if sizes := s.Sizes(); !slices.Equal(sizes, tt.sizes) {
			t.Errorf("%s: piles left %v, want %v", tt.name, sizes, tt.sizes)
		}
	}
}

func idsOf(cs []GoodsCard) []GoodsID {
	var out []GoodsID
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// TestReturn checks that cards go back "(face down) to the bottom of their
// starting piles", a traded Disaster tradeable again (CHOICE), and that a
// card already in the piles is refused with nothing moved.
func TestReturn(t *testing.T) {
	r := Default()
	s := r.NewSupply(seeded(3))
	drawn, _ := s.Draw(5)
	if len(drawn) != 5 {
		t.Fatalf("drew %d cards from the full piles, want 5", len(drawn))
	}
	sizes := s.Sizes()
	drawn[2].Traded = true
	if err := s.Return(drawn[2], drawn[0]); err != nil {
		t.Fatal(err)
	}
	for _, c := range []GoodsCard{drawn[2], drawn[0]} {
		p := s.Piles[c.Pile-1]
		if p[len(p)-1].ID != c.ID {
			t.Errorf("the %s is not at the bottom of pile %d", c, c.Pile)
		}
		if p[len(p)-1].Traded {
			t.Errorf("the %s came back still marked traded", c)
		}
	}
	if err := s.Return(drawn[1], drawn[0]); err == nil || !strings.Contains(err.Error(), "in the piles already") {
		t.Errorf("returning a card twice: have %v", err)
	}
	sizes[0]++
	sizes[2]++
	if have := s.Sizes(); !slices.Equal(have, sizes) {
		t.Errorf("piles %v, want %v: a refused return moved cards", have, sizes)
	}
	if err := s.Return(GoodsCard{ID: 99, Value: 3, Pile: 6}); err == nil {
		t.Error("a card of a pile 6 was taken back")
	}
}

// TestHandSeen checks that a hand and a pile of Disasters face down show
// others a count only: "Goods Cards cannot be revealed to other players."
func TestHandSeen(t *testing.T) {
	h := Hand{Cards: goods(3, 3, 0)}
	if v := h.Seen(false); v.Count != 3 || v.Cards != nil {
		t.Errorf("others see %+v, want a count of 3 and no cards", v)
	}
	if v := h.Seen(true); v.Count != 3 || !slices.Equal(v.Cards, h.Cards) {
		t.Errorf("the holder sees %+v, want its cards", v)
	}
	v := h.Seen(true)
	v.Cards[0].Value = 9
	if h.Cards[0].Value != 3 {
		t.Error("changing a view changed the hand")
	}
	d := DisasterPile{Cards: goods(0)}
	if v := d.Seen(false); v.Count != 1 || v.Cards != nil {
		t.Errorf("others see the Disasters face down as %+v, want a count of 1", v)
	}
	if v := d.Seen(true); v.Count != 1 || !slices.Equal(v.Cards, d.Cards) {
		t.Errorf("the player before whom they lie sees %+v, want its Disasters", v)
	}
}

// TestTakeRandom checks "that attacker may take one Goods Card (picked at
// random) from the defender (if that player holds any)".
func TestTakeRandom(t *testing.T) {
	taken := map[GoodsID]bool{}
	for seed := range uint64(40) {
		h := Hand{Cards: goods(1, 2, 3, 4)}
		c, ok := h.TakeRandom(seeded(seed))
		if !ok || len(h.Cards) != 3 {
			t.Fatalf("seed %d: took %v (%v), %d cards left", seed, c, ok, len(h.Cards))
		}
		if _, still := h.Card(c.ID); still {
			t.Errorf("seed %d: the card taken is still in the hand", seed)
		}
		taken[c.ID] = true
	}
	if len(taken) != 4 {
		t.Errorf("40 draws took cards %v: want each of the 4 at some point", taken)
	}
	var empty Hand
	if _, ok := empty.TakeRandom(seeded(1)); ok {
		t.Error("took a card from an empty hand")
	}
}

// disaster returns a Disaster card.
func disaster(id GoodsID, s Suit, rank, pile int) GoodsCard {
	return GoodsCard{ID: id, Suit: s, Rank: rank, Pile: pile}
}

// TestResolve checks step 7: "A player can only be affected by a maximum
// of 2 Disasters per turn, and by only one of each type. Disasters are
// resolved in the order they were received", and the CHOICE that the
// others go back unresolved.
func TestResolve(t *testing.T) {
	qh := disaster(1, Hearts, Queen, 1)
	kh := disaster(2, Hearts, King, 2)
	qd := disaster(3, Diamonds, Queen, 2)
	qs := disaster(4, Spades, Queen, 3)
	kc := disaster(5, Clubs, King, 5)
	tests := []struct {
		name             string
		pile             []GoodsCard
		resolve, skipped []GoodsID
	}{
		{"none", nil, nil, nil},
		{"one", []GoodsCard{qs}, []GoodsID{4}, nil},
		{"two of two kinds, in the order received", []GoodsCard{kc, qh}, []GoodsID{5, 1}, nil},
		{"the third is not resolved", []GoodsCard{qh, qd, qs}, []GoodsID{1, 3}, []GoodsID{4}},
		{"a Queen and a King of Hearts are one kind: Floods once", []GoodsCard{kh, qh, kc}, []GoodsID{2, 5}, []GoodsID{1}},
		{"the second Floods is skipped, the next kind taken", []GoodsCard{qh, kh, qd, qs}, []GoodsID{1, 3}, []GoodsID{2, 4}},
	}
	r := Default()
	for _, tt := range tests {
		p := DisasterPile{Cards: slices.Clone(tt.pile)}
		resolve, skipped := r.Resolve(&p)
		if !slices.Equal(idsOf(resolve), tt.resolve) || !slices.Equal(idsOf(skipped), tt.skipped) {
			t.Errorf("%s: resolve %v, skip %v; want %v and %v", tt.name, idsOf(resolve), idsOf(skipped), tt.resolve, tt.skipped)
		}
		if len(p.Cards) != 0 {
			t.Errorf("%s: %d cards left face down", tt.name, len(p.Cards))
		}
	}
	if !kh.King() || qh.King() || kh.Disaster() != Floods || qd.Disaster() != Quakes || qs.Disaster() != Plague || kc.Disaster() != Riots {
		t.Error("Table 2: Diamonds 'Quakes, Hearts Floods, Spades Plague, Clubs Riots; the King adds +1")
	}
}

// TestKeep checks "Players are allowed to retain a maximum of 5 Goods
// Cards at the end of this step" with the player choosing which.
func TestKeep(t *testing.T) {
	r := Default()
	h := Hand{Cards: goods(1, 2, 3, 4, 5, 6, 0)}
	if _, err := r.Keep(&h, []GoodsID{1, 2, 3, 4, 5, 6}); err == nil || !strings.Contains(err.Error(), "keeps 5 at most") {
		t.Errorf("keeping 6: have %v", err)
	}
	if _, err := r.Keep(&h, []GoodsID{1, 99}); err == nil || !strings.Contains(err.Error(), "card 99 is not in the hand") {
		t.Errorf("keeping a card not held: have %v", err)
	}
	if len(h.Cards) != 7 {
		t.Fatalf("a refused Keep changed the hand: %v", h.Cards)
	}
	discard, err := r.Keep(&h, []GoodsID{7, 2, 6})
	if err != nil {
		t.Fatal(err)
	}
	if have, want := idsOf(h.Cards), []GoodsID{7, 2, 6}; !slices.Equal(have, want) {
		t.Errorf("kept %v, want %v", have, want)
	}
	if have, want := idsOf(discard), []GoodsID{1, 3, 4, 5}; !slices.Equal(have, want) {
		t.Errorf("discarded %v, want %v", have, want)
	}
}

// TestDefaultKeep checks the default of step 8's discard: the 5 cards
// worth the most points (Table 1), higher values where it is a tie,
// Disasters last.
func TestDefaultKeep(t *testing.T) {
	tests := []struct {
		name string
		have []int
		want []int // the values kept
	}{
		{"five or fewer: all", []int{0, 2, 9}, []int{0, 2, 9}},
		{"the highest singles", []int{1, 2, 3, 4, 5, 6, 7}, []int{3, 4, 5, 6, 7}},
		{"a set beats higher singles", []int{9, 8, 7, 6, 3, 3, 3, 3, 3}, []int{3, 3, 3, 3, 3}}, // 48 beats 9+8+7+6+3
		{"Disasters go first", []int{0, 0, 5, 5, 1, 1}, []int{5, 5, 1, 1, 0}},
		{"four Aces and a Nine beat five Aces", []int{1, 1, 1, 1, 1, 1, 9}, []int{9, 1, 1, 1, 1}},
		{"a tie keeps the higher values: 9, 9, 4, 2, 2 over 9, 9, 2, 2, 2 (26 each)", []int{2, 9, 2, 2, 4, 9}, []int{9, 9, 4, 2, 2}},
	}
	r := Default()
	for _, tt := range tests {
		h := Hand{Cards: goods(tt.have...)}
		keep := r.DefaultKeep(&h)
		var values []int
		var kept []GoodsCard
		for _, id := range keep {
			c, _ := h.Card(id)
			values = append(values, c.Value)
			kept = append(kept, c)
		}
		want := goods(tt.want...)
		if Points(kept) != Points(want) || len(kept) != len(want) {
			t.Errorf("%s: kept %v (%d points), want %v (%d points)", tt.name, values, Points(kept), tt.want, Points(want))
		}
		slices.Sort(values)
		w := slices.Clone(tt.want)
		slices.Sort(w)
		if !slices.Equal(values, w) {
			t.Errorf("%s: kept %v, want %v", tt.name, values, w)
		}
	}
}
