package risk

import (
	"slices"
	"testing"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// The tests of this file check sentences of the document that RULES.md
// quotes and no other test checked; each quotes its sentence.

// actEvents plays seat s's action a on g and returns the events.
func actEvents(t *testing.T, g *game, s ruleset.Seat, a Action) []Event {
	t.Helper()
	a.Seq = g.s.Seq
	b, err := wire.Marshal(&a)
	must(t, err)
	out, err := g.Act(s, b)
	must(t, err)
	var evs []Event
	for _, e := range out.(*outcome).events {
		evs = append(evs, e.pub)
	}
	return evs
}

// TestCityConvertsIntoThreeArmies: "A city is converted into 3 armies,
// provided there are sufficient army markers in the player's stock to do
// so." The stock is unlimited (CHOICE), so a city always gives 3: asked, or
// forced once its armies are all lost ("If all the armies which were
// defending a territory are lost in combat, and the attacker is still
// continuing the attack, then the city must be converted into armies.").
func TestCityConvertsIntoThreeArmies(t *testing.T) {
	g, a, d := position(t, PhaseAttack)
	g.s.City[d-1] = true
	must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	must(t, act(g, 2, Action{Kind: ActConvert}))
	// 10 and 2 armies, and 3 of the city, less the 2 a roll of 3 dice
	// against 2 takes from one side or the other.
	if have := g.s.Armies[a-1] + g.s.Armies[d-1]; g.s.City[d-1] || have != 10+2+3-2 {
		t.Errorf("city %t, %d armies on both sides after the roll, want the city gone and %d", g.s.City[d-1], have, 10+2+3-2)
	}

	g, a, d = position(t, PhaseAttack)
	g.s.Armies[a-1], g.s.City[d-1], g.s.Armies[d-1] = 60, true, 1
	must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	must(t, act(g, 2, Action{Kind: ActKeep}))
	for g.s.Phase == PhaseAttack && g.s.Armies[d-1] > 0 {
		must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	}
	if g.s.Phase != PhaseAttack || !g.s.City[d-1] {
		t.Fatalf("phase %s, city %t: want the attack going on against the city alone", g.s.Phase, g.s.City[d-1])
	}
	evs := actEvents(t, g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3})
	i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == EventConvert })
	if i < 0 || evs[i].Count != 3 || evs[i].Value != 1 || g.s.City[d-1] || g.s.Phase == PhaseDefend {
		t.Errorf("events %+v, city %t, phase %s: want the city converted into 3 armies without asking", evs, g.s.City[d-1], g.s.Phase)
	}
}

// TestCityRebuilt: "The owning player can, at his/her discretion,
// recreate a new city there or elsewhere (subject to the normal rules) in
// his/her turn." A territory whose city was converted this turn takes a
// new one, and so does another.
func TestCityRebuilt(t *testing.T) {
	g, a, d := position(t, PhaseBuild)
	g.s.Cities = []board.TerritoryID{a} // a held a city this turn, converted
	g.s.Owner[d-1], g.s.Armies[d-1] = 1, 3
	must(t, act(g, 1, Action{Kind: ActBuild, Territory: a}))
	must(t, act(g, 1, Action{Kind: ActBuild, Territory: d}))
	if !g.s.City[a-1] || !g.s.City[d-1] {
		t.Errorf("cities %t and %t: want a city rebuilt there and one elsewhere", g.s.City[a-1], g.s.City[d-1])
	}
}

// TestCitiesStay: "Once cities are placed they cannot be moved": the
// free move takes armies, never the city.
func TestCitiesStay(t *testing.T) {
	g, a, d := position(t, PhaseMove)
	g.s.Owner[d-1], g.s.City[a-1] = 1, true
	must(t, act(g, 1, Action{Kind: ActMove, From: a, To: d, Count: 9}))
	if !g.s.City[a-1] || g.s.City[d-1] || g.s.Armies[a-1] != 1 {
		t.Errorf("cities %t and %t, %d armies left: want the city where it was", g.s.City[a-1], g.s.City[d-1], g.s.Armies[a-1])
	}
}

// TestUrbanSprawl: Table 4, Q Hearts, "Only need two armies to form a
// city; city still reduces to 3 armies and for all other cases still
// counts as containing 3 armies." (The disasters count every city as 3:
// battle.TestPlague, battle.TestNaturalDisasters.)
func TestUrbanSprawl(t *testing.T) {
	g, a, _ := position(t, PhaseBuild)
	g.s.Armies[a-1] = 2
	if err := act(g, 1, Action{Kind: ActBuild, Territory: a}); err == nil {
		t.Error("a city of 2 armies without Urban Sprawl")
	}
	give(t, g, 1, cards.UrbanSprawl)
	must(t, act(g, 1, Action{Kind: ActBuild, Territory: a}))
	if !g.s.City[a-1] || g.s.Armies[a-1] != 0 {
		t.Errorf("city %t, %d armies: want a city for the 2 armies", g.s.City[a-1], g.s.Armies[a-1])
	}

	g, a, d := position(t, PhaseAttack)
	give(t, g, 2, cards.UrbanSprawl)
	g.s.City[d-1], g.s.Armies[d-1] = true, 0
	evs := actEvents(t, g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3})
	i := slices.IndexFunc(evs, func(e Event) bool { return e.Kind == EventConvert })
	// 10 armies and the city's 3, less the 2 a roll of 3 dice against 2
	// takes.
	if have := g.s.Armies[a-1] + g.s.Armies[d-1]; i < 0 || evs[i].Count != 3 || have != 10+3-2 {
		t.Errorf("events %+v, %d armies on both sides: want the city of an Urban Sprawl converted into 3 armies", evs, have)
	}
}

// TestDisasterOnlyItsReceiver: "All Disasters only affect the player who
// received them." Another player's territories, cities and cards are as
// they were.
func TestDisasterOnlyItsReceiver(t *testing.T) {
	g, a, d := position(t, PhaseDisaster)
	g.s.Owner[d-1] = 1
	g.s.City[a-1], g.s.City[d-1] = true, true
	for i := range g.s.Owner { // seat 3's cities, which a riot could strike
		if g.s.Owner[i] == 3 {
			g.s.City[i], g.s.Armies[i] = true, 4
		}
	}
	got, _ := g.s.Goods.Draw(2)
	g.p(3).Hand.Add(got...)
	riot := takeGoods(t, g, cards.Riots)
	g.p(1).Disasters.Cards = []cards.GoodsCard{riot}
	owner, armies, city := slices.Clone(g.s.Owner), slices.Clone(g.s.Armies), slices.Clone(g.s.City)
	hand := slices.Clone(g.p(3).Hand.Cards)
	must(t, act(g, 1, Action{Kind: ActResolve, Order: []board.TerritoryID{a, d}}))
	for i := range owner {
		if owner[i] != 1 && (g.s.Owner[i] != owner[i] || g.s.Armies[i] != armies[i] || g.s.City[i] != city[i]) {
			t.Errorf("territory %d of seat %d changed: %d armies, city %t; was %d, %t", i+1, owner[i], g.s.Armies[i], g.s.City[i], armies[i], city[i])
		}
	}
	if !slices.Equal(g.p(3).Hand.Cards, hand) {
		t.Errorf("seat 3's Goods cards changed: %v, was %v", g.p(3).Hand.Cards, hand)
	}
}

// TestEmpireCardsOpen: "Empire Cards held by a player are open to
// inspection by other players." and the Empire piles "should be placed
// face up where they are easily visible": every view, a spectator's too,
// shows each player's Empire cards and the piles.
func TestEmpireCardsOpen(t *testing.T) {
	g, _, _ := position(t, PhasePurchase)
	give(t, g, 1, cards.Nuke)
	held := g.p(1).Empire.Cards()
	for _, s := range []ruleset.Seat{1, 2, 3, 0} {
		v := g.View(s, false).(*View)
		if !slices.Equal(v.Players[0].Empire, held) {
			t.Errorf("seat %d sees seat 1's Empire cards %v, want %v", s, v.Players[0].Empire, held)
		}
		for i, p := range g.s.Empires.Piles {
			if !slices.Equal(v.Empires[i], p) {
				t.Errorf("seat %d sees Empire pile %d as %v, want %v", s, i+1, v.Empires[i], p)
			}
		}
	}
}

// stepOf is the document's step of the round a phase belongs to (0 in the
// set-up, 9 at the end).
func stepOf(p Phase) int {
	switch p {
	case PhaseClaim, PhaseDeploy:
		return 0
	case PhasePlace:
		return 3
	case PhaseAttack, PhaseDefend, PhaseOccupy, PhaseReinforce, PhaseMove:
		return 4
	case PhaseBuild:
		return 5
	case PhaseTrade:
		return 6
	case PhaseDisaster, PhasePlague:
		return 7
	case PhasePurchase:
		return 8
	}
	return 9
}

// TestStepsInOrder: "The following steps are used - note that each step
// must be resolved before moving on to the next." and "Most of the
// subsequent steps each take place in round order". In whole games, within
// a round the steps never go back, and within a step played in round order
// the turn never goes back; every step from 3 to 8 is played.
func TestStepsInOrder(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 4; seed++ {
		g := newGame(t, config(seed, 3, 8, 8, int(seed%2)))
		ai, err := New().NewAI("normal", seed)
		must(t, err)
		round, step, turn := 0, 0, 0
		for range 5000 {
			st := g.Step()
			if len(st.Actors) == 0 {
				break
			}
			s := g.s
			now := stepOf(s.Phase)
			seen[now] = true
			switch {
			case s.Round != round:
				round, step, turn = s.Round, now, s.Turn
			case now < step:
				t.Fatalf("seed %d round %d: step %d after step %d", seed, round, now, step)
			case now > step:
				step, turn = now, s.Turn
			case now != 0 && now != 6 && s.Turn < turn:
				t.Fatalf("seed %d round %d step %d: turn %d after turn %d", seed, round, now, s.Turn, turn)
			default:
				turn = s.Turn
			}
			p := st.Actors[int(st.Seq)%len(st.Actors)]
			b, err := ai.Act(g.View(p, false), st, p)
			must(t, err)
			_, err = g.Act(p, b)
			must(t, err)
		}
	}
	for step := 3; step <= 8; step++ {
		if !seen[step] {
			t.Errorf("step %d never played", step)
		}
	}
}

// TestDisasterResolvedNextStep: a Disaster received in a trade, "The
// Disaster(s) is resolved in the next step.": when the trading ends, step
// 7 asks its receiver to resolve it.
func TestDisasterResolvedNextStep(t *testing.T) {
	g := trading(t)
	g.p(2).Disasters.Cards = []cards.GoodsCard{takeGoods(t, g, cards.Quakes)}
	must(t, act(g, 1, Action{Kind: ActDone})) // seat 2 alone: the trading ends
	if st := g.Step(); g.s.Phase != PhaseDisaster || !slices.Equal(st.Actors, []ruleset.Seat{2}) {
		t.Errorf("phase %s, actors %v after the trading: want step 7 and seat 2 resolving its Disaster", g.s.Phase, st.Actors)
	}
}

// TestRiotCostsGoods: Table 2, Riots: "Also lose 1 Goods Card per city
// affected." Over games of many seeds, seat 1 with 5 cities and 5 Goods
// cards loses a card for each city the riot turns into an army.
func TestRiotCostsGoods(t *testing.T) {
	struck := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g := newGame(t, config(seed, 3, 8, 0, SetupDeal))
		s := &g.s
		var mine []board.TerritoryID
		for i := range s.Owner {
			s.Owner[i], s.Armies[i], s.City[i] = 3, 1, false
			if len(mine) < 5 {
				s.Owner[i], s.Armies[i], s.City[i] = 1, 2, true
				mine = append(mine, board.TerritoryID(i+1))
			}
		}
		s.Owner[len(s.Owner)-1] = 2
		for i := range s.Players {
			s.Players[i].Reserve = 0
		}
		s.Round, s.Phase, s.Order, s.Turn = 1, PhaseDisaster, []ruleset.Seat{1, 2, 3}, 0
		g.startTurn()
		g.p(1).Disasters.Cards = []cards.GoodsCard{takeGoods(t, g, cards.Riots)}
		got, _ := s.Goods.Draw(5)
		g.p(1).Hand.Add(got...)
		must(t, act(g, 1, Action{Kind: ActResolve, Order: mine}))
		cities := 0
		for _, c := range mine {
			if s.City[c-1] {
				cities++
			}
		}
		if lost := 5 - len(g.p(1).Hand.Cards); lost != 5-cities {
			t.Errorf("seed %d: %d cities rioted, %d Goods cards lost", seed, 5-cities, lost)
		}
		struck += 5 - cities
	}
	if struck == 0 {
		t.Error("no riot struck a city in 20 games: the test checks nothing")
	}
}

// TestConquerTheWorld: "The game ends when either: - one person conquers
// all other territories (ie removes all other players tokens from the
// board)", and "The winner of the game is thus either; - the person who
// has conquered all the territories": the conquest of the last territory
// ends the game, won by the conqueror.
func TestConquerTheWorld(t *testing.T) {
	g, a, d := position(t, PhaseAttack)
	for i := range g.s.Owner {
		g.s.Owner[i] = 1
	}
	g.s.Owner[d-1], g.s.Armies[d-1], g.s.Armies[a-1] = 2, 1, 60
	g.p(3).Alive = false
	for g.s.Phase == PhaseAttack && g.s.Owner[d-1] == 2 {
		must(t, act(g, 1, Action{Kind: ActAttack, From: a, To: d, Dice: 3}))
	}
	if over, _ := g.Over(); over {
		t.Fatal("the game ended before the conquest's move")
	}
	must(t, act(g, 1, Action{Kind: ActOccupy, Count: 3}))
	if over, winner := g.Over(); !over || winner != 1 {
		t.Errorf("over %t, winner %d: want the game won by seat 1, holding every territory", over, winner)
	}
}
