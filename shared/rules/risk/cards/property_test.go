package cards

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// table is the cards of a game of players seats, for property tests.
type table struct {
	goods     *Supply
	empire    *EmpireSupply
	hands     []Hand
	disasters []DisasterPile
	empires   []Empire
	// What the game did: trades made, Disasters resolved.
	trades, resolved int
}

// play plays rounds of steps 5b to 8 with random choices, checking after
// every step that no card is lost or duplicated, and returns the table.
func play(t *testing.T, seed uint64, players, rounds int) *table {
	t.Helper()
	r := Default()
	rng := seeded(seed)
	tb := &table{
		goods:     r.NewSupply(rng),
		empire:    r.NewEmpireSupply(),
		hands:     make([]Hand, players),
		disasters: make([]DisasterPile, players),
		empires:   make([]Empire, players),
	}
	check := func(step string, round int) {
		t.Helper()
		if err := tb.conserved(r); err != nil {
			t.Fatalf("seed %d, round %d, after %s: %v", seed, round, step, err)
		}
	}
	for round := range rounds {
		// 5b: draw for 0 to 5 cities.
		for p := range players {
			drawn, err := tb.goods.Draw(rng.IntN(6))
			if err != nil {
				t.Fatal(err)
			}
			tb.hands[p].Add(drawn...)
		}
		check("drawing", round)
		// Combat: a card taken at random from another player.
		if a, b := rng.IntN(players), rng.IntN(players); a != b {
			if c, ok := tb.hands[b].TakeRandom(rng); ok {
				tb.hands[a].Add(c)
			}
		}
		check("a card taken", round)
		// 6: trades between those holding 3 or more at the start.
		var traders []int
		for p := range players {
			if r.CanTrade(len(tb.hands[p].Cards)) {
				traders = append(traders, p)
			}
		}
		for range 2 * len(traders) {
			if len(traders) < 2 {
				break
			}
			a, b := traders[rng.IntN(len(traders))], traders[rng.IntN(len(traders))]
			if a == b {
				continue
			}
			give, okA := randomPart(rng, &tb.hands[a])
			get, okB := randomPart(rng, &tb.hands[b])
			if !okA || !okB {
				continue
			}
			if rng.IntN(4) == 0 {
				give.Statement.Count++ // a lie: the trade is void
			}
			if r.Trade(&tb.hands[a], &tb.hands[b], &tb.disasters[a], &tb.disasters[b], give, get) == nil {
				tb.trades++
			}
		}
		check("trading", round)
		// 7: Disasters resolved, and all of them back to their piles.
		for p := range players {
			resolve, others := r.Resolve(&tb.disasters[p])
			tb.resolved += len(resolve)
			if err := tb.goods.Return(append(resolve, others...)...); err != nil {
				t.Fatal(err)
			}
		}
		check("Disasters", round)
		// 8: buy the next card of a random suit with the whole hand, if it
		// pays; keep the default 5.
		for p := range players {
			suit := Suits()[rng.IntN(4)]
			_, _ = r.Buy(tb.empire, tb.goods, &tb.empires[p], &tb.hands[p], Purchase{Suits: []Suit{suit}, Goods: idsOf(tb.hands[p].Cards)})
			discard, err := r.Keep(&tb.hands[p], r.DefaultKeep(&tb.hands[p]))
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.goods.Return(discard...); err != nil {
				t.Fatal(err)
			}
			if len(tb.hands[p].Cards) > r.Goods.Keep {
				t.Fatalf("seed %d: player %d keeps %d Goods cards", seed, p, len(tb.hands[p].Cards))
			}
			tb.empires[p].EndTurn()
		}
		check("purchases", round)
	}
	return tb
}

// randomPart picks 3 to 5 cards of h with a true statement of them.
func randomPart(rng *rand.Rand, h *Hand) (Part, bool) {
	if len(h.Cards) < 3 {
		return Part{}, false
	}
	n := 3 + rng.IntN(min(3, len(h.Cards)-2))
	perm := rng.Perm(len(h.Cards))[:n]
	var ids []GoodsID
	for _, i := range perm {
		if h.Cards[i].Traded {
			return Part{}, false
		}
		ids = append(ids, h.Cards[i].ID)
	}
	s, err := TrueStatement(h, ids)
	return Part{ids, s}, err == nil
}

// conserved returns an error if a Goods card is not in exactly one place,
// an Empire card is lost or made, or a player holds two Empire cards of a
// face value.
func (tb *table) conserved(r *Rules) error {
	where := map[GoodsID]string{}
	put := func(c GoodsCard, place string) error {
		if at, dup := where[c.ID]; dup {
			return fmt.Errorf("the %s (card %d) is in %s and in %s", c, c.ID, at, place)
		}
		where[c.ID] = place
		return nil
	}
	for i, p := range tb.goods.Piles {
		for _, c := range p {
			if err := put(c, fmt.Sprintf("pile %d", i+1)); err != nil {
				return err
			}
			if c.Pile != i+1 {
				return fmt.Errorf("the %s of pile %d lies in pile %d", c, c.Pile, i+1)
			}
		}
	}
	for p := range tb.hands {
		for _, c := range tb.hands[p].Cards {
			if err := put(c, fmt.Sprintf("player %d's hand", p)); err != nil {
				return err
			}
		}
		for _, c := range tb.disasters[p].Cards {
			if err := put(c, fmt.Sprintf("player %d's Disasters", p)); err != nil {
				return err
			}
		}
	}
	if len(where) != r.Goods.Total {
		return fmt.Errorf("%d Goods cards, want %d", len(where), r.Goods.Total)
	}
	empire := 0
	for _, p := range tb.empire.Piles {
		empire += len(p)
	}
	for p := range tb.empires {
		cards := tb.empires[p].Cards()
		empire += len(cards)
		ranks := map[int]bool{}
		for _, c := range cards {
			if ranks[c.Rank] {
				return fmt.Errorf("player %d holds two Empire cards of rank %d", p, c.Rank)
			}
			ranks[c.Rank] = true
		}
	}
	if empire != r.Empire.Total {
		return fmt.Errorf("%d Empire cards, want %d", empire, r.Empire.Total)
	}
	return nil
}

// TestNothingLost plays random games of Goods and Empire cards and checks
// that every card is always in exactly one place, and that the same seed
// plays the same game (the rules are deterministic).
func TestNothingLost(t *testing.T) {
	bought, trades, resolved := 0, 0, 0
	for seed := range uint64(10) {
		tb := play(t, seed, 2+int(seed%4), 30)
		again := play(t, seed, 2+int(seed%4), 30)
		if !reflect.DeepEqual(tb, again) {
			t.Fatalf("seed %d played two different games", seed)
		}
		trades += tb.trades
		resolved += tb.resolved
		for p := range tb.empires {
			bought += len(tb.empires[p].Held)
		}
	}
	if bought == 0 || trades == 0 || resolved == 0 {
		t.Errorf("10 games bought %d Empire cards, made %d trades and resolved %d Disasters: they test too little", bought, trades, resolved)
	}
	t.Logf("10 games bought %d Empire cards, made %d trades and resolved %d Disasters", bought, trades, resolved)
}
