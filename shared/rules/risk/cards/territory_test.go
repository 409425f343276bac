package cards

import (
	"slices"
	"strings"
	"testing"

	"empires/shared/rules/risk/board"
)

// classic returns the territory IDs of a board of 42 territories.
func classic() []board.TerritoryID {
	out := make([]board.TerritoryID, 42)
	for i := range out {
		out[i] = board.TerritoryID(i + 1)
	}
	return out
}

// TestTerritoryDeck checks the classic deck: a card per territory and 2
// wild cards (CHOICE), 14 each of infantry, cavalry and artillery on the
// 42 territories (CHOICE: dealt in turn).
func TestTerritoryDeck(t *testing.T) {
	r := Default()
	d := r.NewTerritoryDeck(classic(), seeded(7))
	if len(d.Draw) != 44 {
		t.Fatalf("have %d cards, want 42 + 2 wild", len(d.Draw))
	}
	var symbols [4]int
	seen := map[board.TerritoryID]bool{}
	for _, c := range d.Draw {
		symbols[c.Symbol]++
		if c.Symbol == Wild {
			if c.Territory != 0 {
				t.Errorf("a wild card shows territory %d", c.Territory)
			}
			continue
		}
		if seen[c.Territory] {
			t.Errorf("territory %d has two cards", c.Territory)
		}
		seen[c.Territory] = true
	}
	if want := [4]int{2, 14, 14, 14}; symbols != want {
		t.Errorf("wild, infantry, cavalry, artillery: have %v, want %v", symbols, want)
	}
	if again := r.NewTerritoryDeck(classic(), seeded(7)); !slices.Equal(again.Draw, d.Draw) {
		t.Error("the same seed shuffled another deck")
	}
}

// TestEarn checks the classic "a territory card for a turn with a
// conquest" drawn from the top, and the CHOICE that the spent sets are
// shuffled into a new deck when it runs out.
func TestEarn(t *testing.T) {
	d := &TerritoryDeck{Draw: []TerritoryCard{{1, Infantry}, {2, Cavalry}}}
	rng := seeded(8)
	for _, want := range []board.TerritoryID{1, 2} {
		c, ok := d.Earn(rng)
		if !ok || c.Territory != want {
			t.Errorf("earned %v (%v), want territory %d", c, ok, want)
		}
	}
	if c, ok := d.Earn(rng); ok {
		t.Errorf("earned %v from no cards", c)
	}
	d.Spent = []TerritoryCard{{3, Artillery}, {0, Wild}}
	if _, ok := d.Earn(rng); !ok || len(d.Draw) != 1 || len(d.Spent) != 0 {
		t.Errorf("the spent cards were not shuffled into a new deck: draw %v, spent %v", d.Draw, d.Spent)
	}
}

// TestIsSet checks the classic sets: "3 cards of the same design
// (Infantry, Cavalry, or Artillery), 1 each of 3 designs, or any 2 plus a
// wild card".
func TestIsSet(t *testing.T) {
	I, C, A, W := Infantry, Cavalry, Artillery, Wild
	tests := []struct {
		name string
		have [3]Symbol
		want bool
	}{
		{"three infantry", [3]Symbol{I, I, I}, true},
		{"three cavalry", [3]Symbol{C, C, C}, true},
		{"three artillery", [3]Symbol{A, A, A}, true},
		{"one of each", [3]Symbol{A, I, C}, true},
		{"two and a wild", [3]Symbol{C, W, C}, true},
		{"two others and a wild", [3]Symbol{I, A, W}, true},
		{"two wilds and one", [3]Symbol{W, W, A}, true},
		{"two infantry and a cavalry", [3]Symbol{I, I, C}, false},
		{"two artillery and an infantry", [3]Symbol{A, I, A}, false},
	}
	for _, tt := range tests {
		a, b, c := TerritoryCard{1, tt.have[0]}, TerritoryCard{2, tt.have[1]}, TerritoryCard{3, tt.have[2]}
		if have := IsSet(a, b, c); have != tt.want {
			t.Errorf("%s: have %v, want %v", tt.name, have, tt.want)
		}
	}
}

// TestFindSet checks the default set turned in: the first without a wild,
// else one with.
func TestFindSet(t *testing.T) {
	tests := []struct {
		name string
		have []Symbol
		want [3]int
		ok   bool
	}{
		{"none in two", []Symbol{Infantry, Infantry}, [3]int{}, false},
		{"none in four", []Symbol{Infantry, Infantry, Cavalry, Cavalry}, [3]int{}, false},
		{"one of each", []Symbol{Infantry, Infantry, Cavalry, Artillery}, [3]int{0, 2, 3}, true},
		{"the wild is kept when it can be", []Symbol{Wild, Cavalry, Cavalry, Infantry, Cavalry}, [3]int{1, 2, 4}, true},
		{"the wild is used when it must be", []Symbol{Infantry, Wild, Cavalry, Cavalry}, [3]int{0, 1, 2}, true},
	}
	for _, tt := range tests {
		var hand []TerritoryCard
		for i, s := range tt.have {
			hand = append(hand, TerritoryCard{board.TerritoryID(i + 1), s})
		}
		have, ok := FindSet(hand)
		if ok != tt.ok || have != tt.want {
			t.Errorf("%s: have %v %v, want %v %v", tt.name, have, ok, tt.want, tt.ok)
		}
	}
}

// TestSetArmies checks "players always receive 3 armies at a time" for a
// set, and Bonus Army I's "one extra army per territory card set turned
// in".
func TestSetArmies(t *testing.T) {
	r := Default()
	if have := r.SetArmies(nil); have != 3 {
		t.Errorf("a set: have %d armies, want 3", have)
	}
	if have := r.SetArmies([]EmpireCard{{Clubs, 3}}); have != 4 {
		t.Errorf("a set with Bonus Army I (3 of Clubs): have %d armies, want 4", have)
	}
	if have := r.SetArmies([]EmpireCard{{Spades, 3}}); have != 3 {
		t.Errorf("a set with the 3 of Spades: have %d armies, want 3", have)
	}
}

// TestMustTrade checks the classic rules (CHOICE): "If you have 5 or 6
// cards at the beginning of your turn, you must trade in at least one
// set", and after taking an eliminated player's cards, 6 or more force
// trades down to 4 or fewer.
func TestMustTrade(t *testing.T) {
	r := Default()
	for n, want := range []bool{false, false, false, false, false, true, true} {
		if have := r.MustTrade(n); have != want {
			t.Errorf("%d cards at the start of a turn: have %v, want %v", n, have, want)
		}
	}
	for n, want := range []bool{false, false, false, false, false, false, true, true, true} {
		if have := r.MustTradeAfterElimination(n); have != want {
			t.Errorf("%d cards after an elimination: have %v, want %v", n, have, want)
		}
	}
	if r.EliminationKeep() != 4 {
		t.Errorf("trades after an elimination leave %d, want 4", r.EliminationKeep())
	}
}

// TestTurnIn checks a set turned in: it leaves the hand for the spent
// cards; what is no set, or a card named twice, is refused.
func TestTurnIn(t *testing.T) {
	hand := []TerritoryCard{{1, Infantry}, {2, Cavalry}, {3, Infantry}, {4, Artillery}, {5, Infantry}}
	d := new(TerritoryDeck)
	tests := []struct {
		name string
		idx  [3]int
		err  string
	}{
		{"two infantry and a cavalry", [3]int{0, 1, 2}, "infantry, cavalry and infantry are not a set"},
		{"a card twice", [3]int{0, 0, 2}, "card 0 is named twice"},
		{"a card not held", [3]int{0, 2, 5}, "card 5: the hand holds 5 cards"},
	}
	for _, tt := range tests {
		left, _, err := d.TurnIn(hand, tt.idx)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: have %v, want %q", tt.name, err, tt.err)
		}
		if len(left) != 5 || len(d.Spent) != 0 {
			t.Errorf("%s: a refused set moved cards", tt.name)
		}
	}
	left, set, err := d.TurnIn(hand, [3]int{4, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := []TerritoryCard{{2, Cavalry}, {4, Artillery}}; !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
	if want := [3]TerritoryCard{{5, Infantry}, {1, Infantry}, {3, Infantry}}; set != want || !slices.Equal(d.Spent, want[:]) {
		t.Errorf("set %v, spent %v, want %v", set, d.Spent, want)
	}
}

// TestOccupiedBonus checks the classic rule kept (CHOICE): "If any of the
// 3 cards you trade in shows a territory you occupy, you receive 2 extra
// armies. You must place both those armies onto that particular
// territory. On a single turn, you may receive no more than 2 extra
// armies".
func TestOccupiedBonus(t *testing.T) {
	r := Default()
	set := [3]TerritoryCard{{0, Wild}, {7, Cavalry}, {9, Cavalry}}
	occupies := func(t board.TerritoryID) bool { return t == 9 || t == 7 }
	if at, n := r.OccupiedBonus(set, occupies, false); at != 7 || n != 2 {
		t.Errorf("have %d armies on %d, want 2 on 7", n, at)
	}
	if at, n := r.OccupiedBonus(set, occupies, true); at != 0 || n != 0 {
		t.Errorf("a second time in a turn: have %d armies on %d, want none", n, at)
	}
	none := func(board.TerritoryID) bool { return false }
	if at, n := r.OccupiedBonus(set, none, false); at != 0 || n != 0 {
		t.Errorf("no territory occupied: have %d armies on %d, want none", n, at)
	}
}
