package risk

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// position returns a game of 3 seats on a generated map of 8 territories
// past its set-up, at step phase of round 1 with the round order 1, 2, 3
// and seat 1 acting; territory 1 is seat 1's with 10 armies, its first
// neighbour seat 2's with 2 armies, every other territory seat 3's with 1.
func position(t *testing.T, phase Phase) (*game, board.TerritoryID, board.TerritoryID) {
	t.Helper()
	g := newGame(t, config(1, 3, 8, 0, SetupDeal))
	s := &g.s
	a := board.TerritoryID(1)
	d := g.b.Neighbours(a)[0]
	for i := range s.Owner {
		s.Owner[i], s.Armies[i], s.City[i] = 3, 1, false
	}
	s.Owner[a-1], s.Armies[a-1] = 1, 10
	s.Owner[d-1], s.Armies[d-1] = 2, 2
	for i := range s.Players {
		s.Players[i].Reserve = 0
	}
	s.Round, s.Phase, s.Order, s.Turn = 1, phase, []ruleset.Seat{1, 2, 3}, 0
	g.startTurn()
	return g, a, d
}

// TestSetUpDeal checks the classic deal and starting armies (rules 1, 3)
// and the two-player neutral side (rule 4).
func TestSetUpDeal(t *testing.T) {
	t.Logf("rule %s", rule[1])
	t.Logf("rule %s", rule[3])
	t.Logf("rule %s", rule[4])
	for _, tt := range []struct {
		players, territories int
		want                 int
	}{{2, 42, 40}, {3, 42, 35}, {4, 42, 30}, {5, 42, 25}, {6, 42, 20}, {3, 21, 17}, {6, 8, 3}, {2, 8, 7}} {
		if have := startArmies(tt.players, tt.territories); have != tt.want {
			t.Errorf("startArmies(%d players, %d territories) = %d, want %d", tt.players, tt.territories, have, tt.want)
		}
	}
	g := newGame(t, config(4, 3, 9, 0, SetupDeal))
	if g.s.Phase != PhaseDeploy {
		t.Fatalf("phase %s after the deal, want deploy", g.s.Phase)
	}
	for _, p := range g.seats() {
		if have := len(g.held(p)); have != 3 {
			t.Errorf("seat %d was dealt %d territories, want 3", p, have)
		}
		if have, want := g.p(p).Reserve, startArmies(3, 9)-3; have != want {
			t.Errorf("seat %d has %d armies to place, want %d", p, have, want)
		}
	}
	if g.Step().Actors[0] != g.s.Order[0] {
		t.Errorf("the first to place is %v, want the first dealt %d", g.Step().Actors, g.s.Order[0])
	}
	g2 := newGame(t, config(4, 2, 9, 0, SetupDeal))
	n, armies := 0, 0
	for i, o := range g2.s.Owner {
		if o == neutral {
			n++
			armies += g2.s.Armies[i]
		}
	}
	if n != 3 || armies != startArmies(2, 9) {
		t.Errorf("the neutral side holds %d territories with %d armies, want 3 with %d", n, armies, startArmies(2, 9))
	}
}

// TestSnakeOrder checks the set-up by choice (rule 2): the order runs
// forth, then back from the last player, and only free territories are
// claimed.
func TestSnakeOrder(t *testing.T) {
	t.Logf("rule %s", rule[2])
	g := newGame(t, config(2, 3, 9, 0, SetupChoice))
	o := g.s.Order
	want := []ruleset.Seat{o[0], o[1], o[2], o[2], o[1], o[0], o[0]}
	for i, w := range want {
		if have := g.Step().Actors[0]; have != w {
			t.Fatalf("claim %d by seat %d, want %d (order %v)", i+1, have, w, o)
		}
		free := g.free()
		if err := act(g, w, Action{Kind: ActClaim, Territory: free[0]}); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := act(g, g.Step().Actors[0], Action{Kind: ActClaim, Territory: free[0]}); err == nil {
				t.Error("a territory claimed twice")
			}
		}
	}
}

// TestRoundOrder checks step 1 (rule 5).
func TestRoundOrder(t *testing.T) {
	t.Logf("rule %s", rule[5])
	g, a, d := position(t, PhasePlace)
	// seat 1: 1 territory and a city; seat 2: 1 territory; seat 3: 6.
	g.s.City[a-1] = true
	g.roundOrder()
	if want := []ruleset.Seat{2, 3, 1}; !slices.Equal(g.s.Order, want) {
		t.Errorf("order %v, want %v: the fewest cities first, then the fewest territories", g.s.Order, want)
	}
	g.s.City[a-1] = false // seats 1 and 2 tied: one territory each, no city
	_ = d
	counts := map[ruleset.Seat]int{}
	for range 40 {
		g.roundOrder()
		counts[g.s.Order[0]]++
		if g.s.Order[2] != 3 {
			t.Fatalf("order %v: seat 3 has the most territories, so plays last", g.s.Order)
		}
	}
	if counts[1] == 0 || counts[2] == 0 {
		t.Errorf("a die breaks the tie, yet one seat always goes first: %v", counts)
	}
}

// TestNewArmies checks step 2 (rule 6).
func TestNewArmies(t *testing.T) {
	t.Logf("rule %s", rule[6])
	g, a, _ := position(t, PhasePlace)
	out := g.newOutcome()
	if have := g.newArmies(3, out); have != 3+g.b.Bonus(g.held(3)) {
		t.Errorf("6 territories: %d armies, want 3 and the continents' bonuses", have)
	}
	g.s.City[a-1] = true
	g.p(1).Cards = []cards.TerritoryCard{{Symbol: cards.Infantry, Territory: 5}, {Symbol: cards.Infantry, Territory: 6}, {Symbol: cards.Infantry, Territory: 7}}
	g.s.Deck.Draw = slices.DeleteFunc(g.s.Deck.Draw, func(c cards.TerritoryCard) bool { return c.Territory >= 5 && c.Territory <= 7 })
	if have := g.newArmies(1, out); have != 3+1+3 {
		t.Errorf("1 territory, a city, a set: %d armies, want 3 + 1 + 3", have)
	}
	if len(g.p(1).Cards) != 0 {
		t.Errorf("the set was not turned in: %v", g.p(1).Cards)
	}
}

// TestPlace checks step 3 (rule 7): armies go on one's own territories,
// and those not placed are lost.
func TestPlace(t *testing.T) {
	t.Logf("rule %s", rule[7])
	g, a, d := position(t, PhasePlace)
	g.p(1).Reserve = 5
	if err := act(g, 1, Action{Kind: ActPlace, Territory: d, Count: 1}); err == nil {
		t.Error("placed on another's territory")
	}
	if err := act(g, 1, Action{Kind: ActPlace, Territory: a, Count: 6}); err == nil {
		t.Error("placed more than the new armies")
	}
	must(t, act(g, 1, Action{Kind: ActPlace, Territory: a, Count: 2}))
	must(t, act(g, 1, Action{Kind: ActEndPlace}))
	if g.s.Armies[a-1] != 12 || g.p(1).Reserve != 0 {
		t.Errorf("%d armies on the territory, %d kept; want 12 and none held over", g.s.Armies[a-1], g.p(1).Reserve)
	}
}

// TestCityQuestion checks the defender's question (rule 9), asked once a
// turn before the first roll against a city with armies, and the forced
// conversion of a lone city.
func TestCityQuestion(t *testing.T) {
	t.Logf("rule %s", rule[9])
	t.Logf("rule %s", rule[8])
	g, a, d := position(t, PhaseAttack)
	g.s.City[d-1] = true
	if err := act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 4}); err == nil {
		t.Error("4 dice rolled")
	}
	must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	st := g.Step()
	if g.s.Phase != PhaseDefend || !slices.Equal(st.Actors, []ruleset.Seat{2}) || st.Limit != 30*time.Second {
		t.Fatalf("phase %s, actors %v, limit %s; want the defender asked, with the time to answer", g.s.Phase, st.Actors, st.Limit)
	}
	if err := act(g, 1, Action{Kind: ActKeep}); err == nil {
		t.Error("the attacker answered the defender's question")
	}
	must(t, act(g, 2, Action{Kind: ActConvert}))
	if g.s.City[d-1] || g.s.Phase != PhaseAttack {
		t.Errorf("city %t, phase %s: want converted and the roll made", g.s.City[d-1], g.s.Phase)
	}
	// A lone city is converted without asking.
	g, a, d = position(t, PhaseAttack)
	g.s.City[d-1], g.s.Armies[d-1] = true, 0
	must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	if g.s.Phase == PhaseDefend || g.s.City[d-1] {
		t.Errorf("phase %s, city %t: a lone city must be converted", g.s.Phase, g.s.City[d-1])
	}
}

// TestConquest checks a conquest (rules 10, 11, 13): the move in, the
// Goods card taken with a city's territory, the player out, the territory
// card at the end of the turn.
func TestConquest(t *testing.T) {
	t.Logf("rule %s", rule[10])
	t.Logf("rule %s", rule[11])
	t.Logf("rule %s", rule[13])
	g, a, d := position(t, PhaseAttack)
	g.s.Armies[a-1] = 60
	g.s.City[d-1], g.s.Armies[d-1] = true, 0
	got, _ := g.s.Goods.Draw(1)
	g.p(2).Hand.Add(got...)
	for g.s.Phase == PhaseAttack {
		must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	}
	if g.s.Phase != PhaseOccupy {
		t.Fatalf("phase %s after the attack, want occupy", g.s.Phase)
	}
	if err := act(g, 1, Action{Kind: ActOccupy, Count: g.s.Dice - 1}); err == nil {
		t.Error("moved in fewer armies than the dice rolled")
	}
	must(t, act(g, 1, Action{Kind: ActOccupy, Count: 5}))
	if g.s.Owner[d-1] != 1 || g.s.Armies[d-1] != 5 {
		t.Errorf("the territory is seat %d's with %d armies, want seat 1's with 5", g.s.Owner[d-1], g.s.Armies[d-1])
	}
	if len(g.p(1).Hand.Cards) != 1 || len(g.p(2).Hand.Cards) != 0 {
		t.Errorf("hands %v and %v: the attacker takes the defender's Goods card", g.p(1).Hand.Cards, g.p(2).Hand.Cards)
	}
	if g.p(2).Alive {
		t.Error("seat 2 lost its last territory, yet is alive")
	}
	must(t, act(g, 1, Action{Kind: ActStop}))
	must(t, act(g, 1, Action{Kind: ActEndTurn}))
	if len(g.p(1).Cards) != 1 {
		t.Errorf("seat 1 holds %d territory cards after a turn with a conquest, want 1", len(g.p(1).Cards))
	}
}

// TestFreeMove checks the free move (rule 12): to an adjacent territory of
// one's own, leaving one army; two with Bonus Move.
func TestFreeMove(t *testing.T) {
	t.Logf("rule %s", rule[12])
	g, a, d := position(t, PhaseMove)
	g.s.Owner[d-1] = 1
	if err := act(g, 1, Action{Kind: ActMove, From: a, To: d, Count: 10}); err == nil {
		t.Error("moved every army away")
	}
	must(t, act(g, 1, Action{Kind: ActMove, From: a, To: d, Count: 4}))
	if g.s.Phase == PhaseMove && g.actor() == 1 {
		t.Error("a second free move without Bonus Move")
	}
	g, a, d = position(t, PhaseMove)
	g.s.Owner[d-1] = 1
	give(t, g, 1, cards.BonusMove)
	g.startTurn()
	must(t, act(g, 1, Action{Kind: ActMove, From: a, To: d, Count: 4}))
	if g.s.Phase != PhaseMove || g.actor() != 1 {
		t.Error("Bonus Move gives one more free move")
	}
}

// TestBuild checks step 5a and 5b (rule 14).
func TestBuild(t *testing.T) {
	t.Logf("rule %s", rule[14])
	g, a, d := position(t, PhaseBuild)
	if err := act(g, 1, Action{Kind: ActBuild, Territory: d}); err == nil {
		t.Error("built on another's territory")
	}
	must(t, act(g, 1, Action{Kind: ActBuild, Territory: a}))
	if !g.s.City[a-1] || g.s.Armies[a-1] != 7 {
		t.Errorf("city %t, %d armies; want a city for 3 of 10 armies", g.s.City[a-1], g.s.Armies[a-1])
	}
	// Seat 1 can build no more (one territory, its city built): its step
	// 5a ends, and it draws.
	if g.actor() == 1 && g.s.Phase == PhaseBuild {
		t.Error("seat 1 is asked to build with nothing to build on")
	}
	if len(g.p(1).Hand.Cards) != 1 {
		t.Errorf("with one city seat 1 drew %d Goods cards, want 1", len(g.p(1).Hand.Cards))
	}
	g, a, _ = position(t, PhaseBuild)
	g.s.City[a-1] = true
	if err := act(g, 1, Action{Kind: ActBuild, Territory: a}); err == nil {
		t.Error("two cities on a territory")
	}
	g, a, _ = position(t, PhaseBuild)
	n := 0
	for i := range g.s.City {
		if g.s.Owner[i] == 3 && n < maxCities {
			g.s.Owner[i], g.s.City[i] = 1, true
			n++
		}
	}
	if n == maxCities {
		if err := act(g, 1, Action{Kind: ActBuild, Territory: a}); err == nil {
			t.Error("a sixth city")
		}
	}
}

// trading returns a game at step 6 with seats 1 and 2 holding 3 Goods
// cards each.
func trading(t *testing.T) *game {
	g, _, _ := position(t, PhaseBuild)
	for _, p := range []ruleset.Seat{1, 2} {
		got, _ := g.s.Goods.Draw(3)
		g.p(p).Hand.Add(got...)
	}
	g.startTrade()
	g.settle(g.newOutcome())
	return g
}

// TestTrade checks step 6 (rule 15): a concurrent step of the players
// holding 3 or more Goods cards; a lie refused; a trade made on accepting.
func TestTrade(t *testing.T) {
	t.Logf("rule %s", rule[15])
	g := trading(t)
	st := g.Step()
	if st.Mode != ruleset.Concurrent || !slices.Equal(st.Actors, []ruleset.Seat{1, 2}) {
		t.Fatalf("step %s with actors %v, want a concurrent step of seats 1 and 2", st.Mode, st.Actors)
	}
	ids := func(p ruleset.Seat) []cards.GoodsID {
		var out []cards.GoodsID
		for _, c := range g.p(p).Hand.Cards {
			out = append(out, c.ID)
		}
		return out
	}
	give := ids(1)
	lie, _ := cards.TrueStatement(&g.p(1).Hand, give)
	lie.PointsStated, lie.Points = true, lie.Points+1
	err := act(g, 1, Action{Kind: ActOffer, Seat: 2, Part: cards.Part{Cards: give, Statement: lie}})
	var rej *ruleset.Rejection
	if !errors.As(err, &rej) {
		t.Errorf("a false statement was accepted (%v)", err)
	}
	truth, _ := cards.TrueStatement(&g.p(1).Hand, give)
	must(t, act(g, 1, Action{Kind: ActOffer, Seat: 2, Part: cards.Part{Cards: give, Statement: truth}}))
	if err := act(g, 3, Action{Kind: ActAccept, Offer: 0}); err == nil {
		t.Error("a player not at the table accepted")
	}
	back := ids(2)
	answer, _ := cards.TrueStatement(&g.p(2).Hand, back)
	must(t, act(g, 2, Action{Kind: ActAccept, Offer: 0, Part: cards.Part{Cards: back, Statement: answer}}))
	for _, id := range give {
		if _, ok := g.p(2).Hand.Card(id); !ok && !slices.ContainsFunc(g.p(2).Disasters.Cards, func(c cards.GoodsCard) bool { return c.ID == id }) {
			t.Errorf("Goods card %d offered did not reach seat 2", id)
		}
	}
	if g.s.Phase == PhaseTrade {
		must(t, act(g, 1, Action{Kind: ActDone}))
	}
	if g.s.Phase == PhaseTrade {
		t.Error("the trading goes on with one player at the table")
	}
}

// TestPurchase checks step 8 (rule 17): a purchase, and the Goods cards
// kept.
func TestPurchase(t *testing.T) {
	t.Logf("rule %s", rule[17])
	t.Logf("rule %s", rule[16])
	g, _, _ := position(t, PhasePurchase)
	got, _ := g.s.Goods.Draw(5)
	more, _ := g.s.Goods.Draw(3)
	g.p(1).Hand.Add(append(got, more...)...)
	if err := act(g, 1, Action{Kind: ActBuy, Purchase: cards.Purchase{Suits: []cards.Suit{cards.Hearts}}}); err == nil {
		t.Error("bought an Empire card with nothing")
	}
	must(t, act(g, 1, Action{Kind: ActEndPurchase}))
	if have := len(g.p(1).Hand.Cards); have != 5 {
		t.Errorf("%d Goods cards kept, want 5", have)
	}
}

// TestEndByRounds checks the end on the setting "Rounds" (rule 18): the
// highest Empire score wins, then the most territories.
func TestEndByRounds(t *testing.T) {
	t.Logf("rule %s", rule[18])
	g, _, _ := position(t, PhasePurchase)
	g.s.Rounds = 1
	out := g.newOutcome()
	g.startRound(out)
	over, winner := g.Over()
	if !over || winner != 3 {
		t.Errorf("over %t, winner %d; want seat 3, with no Empire card and the most territories", over, winner)
	}
}

// TestStepClock checks rule 19's clocks and the step's names.
func TestStepClock(t *testing.T) {
	t.Logf("rule %s", rule[19])
	g, _, _ := position(t, PhaseAttack)
	st := g.Step()
	if st.Limit != 2*time.Minute || st.Budget != "round 1 seat 1 attack" || st.Phase != "Round 1 · Anna attacks" {
		t.Errorf("step %+v: want 2 min of seat 1's attack budget", st)
	}
	g = trading(t)
	if st := g.Step(); st.Limit != 5*time.Minute || st.Budget != "" || st.Since != g.s.Seq {
		t.Errorf("trade step %+v: want 5 min, its own", st)
	}
}

// TestDefault checks rule 19's defaults: each is an action Act accepts.
func TestDefault(t *testing.T) {
	t.Logf("rule %s", rule[19])
	for _, ph := range []Phase{PhasePlace, PhaseAttack, PhaseMove, PhaseBuild, PhasePurchase} {
		g, _, _ := position(t, ph)
		g.p(1).Reserve = 3
		b, ok := g.Default(1)
		if !ok {
			t.Fatalf("%s: no default", ph)
		}
		if _, err := g.Act(1, b); err != nil {
			t.Errorf("%s: the default refused: %v", ph, err)
		}
		if _, ok := g.Default(0); ok {
			t.Errorf("%s: a spectator has a default", ph)
		}
	}
}

// TestLoadRefuses checks that a corrupt save is refused with a specific
// error, one broken thing at a time.
func TestLoadRefuses(t *testing.T) {
	g, a, _ := position(t, PhaseAttack)
	for _, tt := range []struct {
		name    string
		want    string
		breakIt func(s *state)
	}{
		{"a Goods card twice", "twice in play", func(s *state) { s.Players[0].Hand.Cards = append(s.Players[0].Hand.Cards, s.Goods.Piles[0][0]) }},
		{"a Goods card lost", "is lost", func(s *state) { s.Goods.Piles[0] = s.Goods.Piles[0][1:] }},
		{"an owner past the table", "owned by seat 9", func(s *state) { s.Owner[a-1] = 9 }},
		{"negative armies", "-1 armies", func(s *state) { s.Armies[a-1] = -1 }},
		{"an unknown phase", "unknown phase", func(s *state) { s.Phase = 99 }},
		{"an Empire card twice", "2 of the Empire card", func(s *state) { s.Players[0].Empire.Held = []cards.EmpireCard{s.Empires.Piles[0][0]} }},
		{"other format", "save format", func(s *state) { s.Format = "risk 0" }},
		{"a turn past the order", "turn 7", func(s *state) { s.Turn = 7 }},
		{"a player out acting", "who is out", func(s *state) { s.Players[0].Alive = false }},
		{"a trading step of one", "fewer than two", func(s *state) { s.Phase = PhaseTrade; s.Players[0].Trader = true }},
		{"a set-up order short of a seat", "set-up order of 2 seats", func(s *state) { s.Round, s.Phase, s.Order = 0, PhaseDeploy, s.Order[:2] }},
		{"a territory with no one", "is empty", func(s *state) { s.Armies[a-1] = 0 }},
		{"a nuke by no seat", "a nuke on territory", func(s *state) { s.Nukes = []Nuke{{Territory: a, By: 9}} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := *g
			h.s = cloneState(t, g)
			tt.breakIt(&h.s)
			save, err := h.Save()
			must(t, err)
			if _, err := New().Load(save); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load: %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// cloneState returns a deep copy of g's state, through its save.
func cloneState(t *testing.T, g *game) state {
	save, err := g.Save()
	must(t, err)
	h, err := New().Load(save)
	must(t, err)
	return h.(*game).s
}

// takeGoods takes the Goods card of disaster d (a Queen) out of g's piles.
func takeGoods(t *testing.T, g *game, d cards.Disaster) cards.GoodsCard {
	t.Helper()
	for i, p := range g.s.Goods.Piles {
		for j, c := range p {
			if c.Disaster() == d && !c.King() {
				g.s.Goods.Piles[i] = slices.Delete(p, j, j+1)
				return c
			}
		}
	}
	t.Fatalf("no %s in the piles", d)
	return cards.GoodsCard{}
}

// TestDisasters checks step 7 (rule 16): Disasters received are resolved,
// the riots in the player's order; they go back to their piles; a player
// with none is not asked.
func TestDisasters(t *testing.T) {
	t.Logf("rule %s", rule[16])
	g, a, d := position(t, PhaseDisaster)
	g.s.Owner[d-1] = 1
	g.s.City[a-1], g.s.City[d-1] = true, true
	riot := takeGoods(t, g, cards.Riots)
	riot.Traded = true
	g.p(1).Disasters.Cards = []cards.GoodsCard{riot}
	if st := g.Step(); !slices.Equal(st.Actors, []ruleset.Seat{1}) {
		t.Fatalf("actors %v, want seat 1 with its Disaster", st.Actors)
	}
	must(t, act(g, 1, Action{Kind: ActResolve, Order: []board.TerritoryID{d, a}}))
	if len(g.p(1).Disasters.Cards) != 0 {
		t.Error("the Disaster was not resolved")
	}
	found := false
	for _, p := range g.s.Goods.Piles {
		for _, c := range p {
			found = found || c.ID == riot.ID
		}
	}
	if !found {
		t.Error("the Disaster resolved did not go back to its pile")
	}
	if g.s.Phase == PhaseDisaster {
		t.Errorf("step 7 goes on with seat %d, who received no Disaster", g.actor())
	}
	g, a, d = position(t, PhaseDisaster)
	g.s.Owner[d-1] = 1
	g.s.City[a-1], g.s.City[d-1] = true, true
	g.p(1).Disasters.Cards = []cards.GoodsCard{riot}
	for i := range g.s.Goods.Piles {
		g.s.Goods.Piles[i] = slices.DeleteFunc(g.s.Goods.Piles[i], func(c cards.GoodsCard) bool { return c.ID == riot.ID })
	}
	if err := act(g, 1, Action{Kind: ActResolve, Order: []board.TerritoryID{d, d}}); err == nil {
		t.Error("a riot order naming a city twice was accepted")
	}
}

// TestRiotOrder checks that the riots strike the cities in the order the
// player gives (rule 16): the first city named is checked first.
func TestRiotOrder(t *testing.T) {
	t.Logf("rule %s", rule[16])
	for _, order := range [][]int{{0, 1}, {1, 0}} {
		g, a, d := position(t, PhaseDisaster)
		g.s.Owner[d-1] = 1
		g.s.City[a-1], g.s.City[d-1] = true, true
		riot := takeGoods(t, g, cards.Riots)
		g.p(1).Disasters.Cards = []cards.GoodsCard{riot}
		ts := []board.TerritoryID{a, d}
		want := []board.TerritoryID{ts[order[0]], ts[order[1]]}
		a2 := Action{Kind: ActResolve, Order: want, Seq: g.s.Seq}
		out := g.newOutcome()
		if r := g.apply(1, a2, "resolve", out); r != nil {
			t.Fatal(r)
		}
		var text string
		var hits []Hit
		for _, e := range out.events {
			if e.pub.Kind == EventDisaster {
				text, hits = e.pub.Text, e.pub.Hits
			}
		}
		if first := g.tname(want[0]); len(text) < len(first) || text[:len(first)] != first {
			t.Errorf("order %v: the riots' report %q does not begin with %s", want, text, first)
		}
		// The event's Hits say the same for a client's map: the cities in
		// the order given, each checked with a die, and a city struck is
		// gone ("that city is removed and 1 army put in its place").
		if len(hits) != 2 || hits[0].Territory != want[0] || hits[1].Territory != want[1] {
			t.Fatalf("order %v: the event's hits %+v", want, hits)
		}
		for _, h := range hits {
			if h.Check < 1 || h.Struck != h.CityLost || g.s.City[h.Territory-1] == h.Struck {
				t.Errorf("order %v: hit %+v, and the city stands: %v", want, h, g.s.City[h.Territory-1])
			}
		}
	}
}

// give gives seat p the Empire card of bonus b, from its pile.
func give(t *testing.T, g *game, p ruleset.Seat, b cards.Bonus) {
	t.Helper()
	card, ok := g.rules.cards.BonusCard(b)
	if !ok {
		t.Fatalf("no card gives %s", b)
	}
	pile := &g.s.Empires.Piles[card.Suit-1]
	i := slices.Index(*pile, card)
	if i < 0 {
		t.Fatalf("the %s is not in its pile", card)
	}
	*pile = slices.Delete(*pile, i, i+1)
	g.p(p).Empire.Held = append(g.p(p).Empire.Held, card)
}

// TestNuke checks Table 4's Nuke (rule 21): all but one army killed, once
// a turn; no one attacks, places or moves there until the nuker's next
// step 4.
func TestNuke(t *testing.T) {
	t.Logf("rule %s", rule[21])
	g, a, d := position(t, PhaseAttack)
	g.s.Armies[d-1] = 6
	if err := act(g, 1, Action{Kind: ActNuke, Territory: d}); err == nil {
		t.Error("nuked without the Queen of Clubs")
	}
	give(t, g, 1, cards.Nuke)
	if err := act(g, 1, Action{Kind: ActNuke, Territory: a}); err == nil {
		t.Error("nuked one's own territory")
	}
	must(t, act(g, 1, Action{Kind: ActNuke, Territory: d}))
	if g.s.Armies[d-1] != 1 {
		t.Errorf("%d armies left after the nuke, want 1", g.s.Armies[d-1])
	}
	if err := act(g, 1, Action{Kind: ActNuke, Territory: d}); err == nil {
		t.Error("a second nuke in a turn")
	}
	if err := act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}); err == nil {
		t.Error("attacked a nuked territory")
	}
	g.s.Phase, g.s.Turn = PhasePlace, 1 // seat 2 places
	g.p(2).Reserve = 2
	if err := act(g, 2, Action{Kind: ActPlace, Territory: d, Count: 1}); err == nil {
		t.Error("placed armies on a nuked territory")
	}
	g.s.Phase, g.s.Turn = PhaseAttack, 0
	g.startTurn()
	if g.nuked(d) {
		t.Error("the nuke lasts past its nuker's next turn")
	}
}

// TestAirDrop checks Table 4's Air Drop (rule 21): 3 armies onto any
// territory of another, attacking until destroyed or conquering.
func TestAirDrop(t *testing.T) {
	t.Logf("rule %s", rule[21])
	g, a, _ := position(t, PhaseAttack)
	var far board.TerritoryID
	for i, o := range g.s.Owner {
		if o == 3 {
			far = board.TerritoryID(i + 1)
		}
	}
	if err := act(g, 1, Action{Kind: ActAirDrop, From: a, To: far}); err == nil {
		t.Error("an air drop without the 9 of Clubs")
	}
	give(t, g, 1, cards.AirDrop)
	must(t, act(g, 1, Action{Kind: ActAirDrop, From: a, To: far}))
	if g.s.Armies[a-1] != 7 {
		t.Errorf("%d armies left where the drop took off, want 7", g.s.Armies[a-1])
	}
	switch {
	case g.s.Owner[far-1] == 1 && (g.s.Armies[far-1] < 1 || g.s.Armies[far-1] > 3):
		t.Errorf("the drop conquered with %d armies in, want its 1 to 3 survivors", g.s.Armies[far-1])
	case g.s.Owner[far-1] == 3 && g.s.Armies[far-1] != 1:
		t.Errorf("the drop was destroyed, yet %d armies defend (was 1)", g.s.Armies[far-1])
	}
	if err := act(g, 1, Action{Kind: ActAirDrop, From: a, To: far}); err == nil {
		t.Error("a second air drop in a turn")
	}
}

// TestEndOnKing checks the end on the last King bought (rule 18): the
// highest Empire score wins, and a tie is shared, whatever the
// territories (the cards package's rule).
func TestEndOnKing(t *testing.T) {
	t.Logf("rule %s", rule[18])
	queen := cards.EmpireCard{Suit: cards.Clubs, Rank: cards.Queen}
	kingC := cards.EmpireCard{Suit: cards.Clubs, Rank: cards.King}
	kingH := cards.EmpireCard{Suit: cards.Hearts, Rank: cards.King}
	for _, tt := range []struct {
		name string
		held [3][]cards.EmpireCard
		want []ruleset.Seat
	}{
		{"the highest score wins", [3][]cards.EmpireCard{{queen}, {kingH}, nil}, []ruleset.Seat{2}},
		{"a tie is shared", [3][]cards.EmpireCard{{kingC}, nil, {kingH}}, []ruleset.Seat{1, 3}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, _, _ := position(t, PhasePurchase)
			for i, held := range tt.held {
				for _, c := range held {
					pile := &g.s.Empires.Piles[c.Suit-1]
					k := slices.Index(*pile, c)
					if k < 0 {
						t.Fatalf("no %s left", c)
					}
					*pile = slices.Delete(*pile, k, k+1)
					g.p(ruleset.Seat(i + 1)).Empire.Held = append(g.p(ruleset.Seat(i+1)).Empire.Held, c)
				}
			}
			g.endOnKing(g.newOutcome())
			if !slices.Equal(g.s.Winners, tt.want) {
				t.Errorf("winners %v, want %v", g.s.Winners, tt.want)
			}
		})
	}
}

// TestPlagueQuestion checks the plague's question (rule 16): where the
// territories with the most of the player's armies tie, it is asked which
// one the plague strikes, and the plague starts there; a place not tied is
// refused, and the default is the lowest ID.
func TestPlagueQuestion(t *testing.T) {
	t.Logf("rule %s", rule[16])
	for _, pickSecond := range []bool{false, true} {
		g, _, _ := position(t, PhaseDisaster)
		var x, y board.TerritoryID
		for _, tt := range g.b.Territories {
			for _, u := range g.b.Neighbours(tt.ID) {
				if g.b.Territory(u).Continent == tt.Continent && x == 0 {
					x, y = tt.ID, u
				}
			}
		}
		if x == 0 {
			t.Fatal("no two linked territories share a continent on this map")
		}
		for i := range g.s.Owner {
			g.s.Owner[i], g.s.Armies[i] = 3, 1
		}
		g.s.Owner[x-1], g.s.Armies[x-1] = 1, 6
		g.s.Owner[y-1], g.s.Armies[y-1] = 1, 6
		plague := takeGoods(t, g, cards.Plague)
		g.p(1).Disasters.Cards = []cards.GoodsCard{plague}
		must(t, act(g, 1, Action{Kind: ActResolve}))
		want := []int{int(min(x, y)), int(max(x, y))}
		if g.s.Phase != PhasePlague || !slices.Equal(g.s.Tied, want) || g.s.TiedContinents {
			t.Fatalf("phase %s, tied %v (continents %t); want the question between %v", g.s.Phase, g.s.Tied, g.s.TiedContinents, want)
		}
		if st := g.Step(); !slices.Equal(st.Actors, []ruleset.Seat{1}) {
			t.Errorf("actors %v, want the stricken player", st.Actors)
		}
		if err := act(g, 1, Action{Kind: ActChoose, Choice: 99}); err == nil {
			t.Error("a place not tied was chosen")
		}
		choice := want[0]
		if pickSecond {
			choice = want[1]
		}
		out := g.newOutcome()
		if r := g.apply(1, Action{Kind: ActChoose, Choice: choice}, "choose", out); r != nil {
			t.Fatal(r)
		}
		var text string
		for _, e := range out.events {
			if e.pub.Kind == EventDisaster {
				text = e.pub.Text
			}
		}
		if first := g.tname(board.TerritoryID(choice)); !strings.HasPrefix(text, first) {
			t.Errorf("chose %s, yet the plague's report is %q", first, text)
		}
	}
}

// TestEliminationTrade checks the classic rule kept with rule 11: a player
// who takes an eliminated player's territory cards and so holds 6 or more
// turns in sets at once until it holds 4 or fewer, and places their armies
// before attacking again.
func TestEliminationTrade(t *testing.T) {
	t.Logf("rule %s", rule[11])
	g, a, d := position(t, PhaseAttack)
	g.s.Armies[a-1], g.s.Armies[d-1] = 60, 1
	taken := g.s.Deck.Draw[:6]
	g.s.Deck.Draw = g.s.Deck.Draw[6:]
	g.p(1).Cards = slices.Clone(taken[:3])
	g.p(2).Cards = slices.Clone(taken[3:])
	for g.s.Phase == PhaseAttack {
		must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	}
	if g.s.Phase == PhaseOccupy {
		must(t, act(g, 1, Action{Kind: ActOccupy, Count: 3}))
	}
	if have := len(g.p(1).Cards); have > 4 {
		t.Errorf("seat 1 holds %d territory cards after the elimination, want 4 or fewer", have)
	}
	reserve := g.p(1).Reserve
	if g.s.Phase != PhaseReinforce || reserve < 3 {
		t.Fatalf("phase %s, %d armies to place; want the armies of a set to place", g.s.Phase, reserve)
	}
	if err := act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}); err == nil {
		t.Error("attacked before placing the set's armies")
	}
	b, ok := g.Default(1)
	if !ok {
		t.Fatal("no default for placing the set's armies")
	}
	if _, err := g.Act(1, b); err != nil {
		t.Fatalf("the default refused: %v", err)
	}
	if g.s.Phase != PhaseAttack || g.p(1).Reserve != 0 {
		t.Errorf("phase %s, %d armies left; want every army placed and the attacks again", g.s.Phase, g.p(1).Reserve)
	}
}
