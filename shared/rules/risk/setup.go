package risk

import (
	"slices"

	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// startArmies returns each party's starting armies (rule 3) for parties
// sharing a board of nt territories, parties 2 to 6 (3 for two players and
// the neutral side, who play as three).
func startArmies(players, nt int) int {
	armies := classicArmies[players-2] * nt / 42
	parties := players
	if players == 2 {
		parties = 3 // rule 4: the neutral side
	}
	return max(armies, (nt+parties-1)/parties)
}

// setUp deals the game (rules 1 to 4): the piles and decks, the seating
// from a random first player, the territories dealt or left to claim, the
// neutral side's armies, and the first step.
func (g *game) setUp() {
	s := &g.s
	n, nt := g.n(), len(g.b.Territories)
	s.Owner = make([]ruleset.Seat, nt)
	s.Armies = make([]int, nt)
	s.City = make([]bool, nt)
	s.Players = make([]playerState, n)
	s.Goods = *g.rules.cards.NewSupply(g.rng)
	s.Empires = *g.rules.cards.NewEmpireSupply()
	ids := make([]board.TerritoryID, nt)
	for i := range ids {
		ids[i] = board.TerritoryID(i + 1)
	}
	s.Deck = *g.rules.cards.NewTerritoryDeck(ids, g.rng)
	first := g.rng.IntN(n)
	for i := range n {
		s.Order = append(s.Order, ruleset.Seat((first+i)%n+1))
	}
	armies := startArmies(n, nt)
	for i := range s.Players {
		s.Players[i].Alive = true
		s.Players[i].Reserve = armies
	}
	shuffled := slices.Clone(ids)
	g.rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if n == 2 { // rule 4: the neutral side's third, dealt first
		k := nt / 3
		mine := shuffled[:k]
		shuffled = shuffled[k:]
		for _, t := range mine {
			s.Owner[t-1], s.Armies[t-1] = neutral, 1
		}
		slices.Sort(mine)
		for left := armies - len(mine); left > 0 && len(mine) > 0; left-- {
			t := mine[left%len(mine)]
			s.Armies[t-1]++
		}
	}
	s.Phase = PhaseDeploy
	if s.Setup == SetupChoice {
		s.Phase = PhaseClaim // rule 2
		return
	}
	for i, t := range shuffled { // rule 1: dealt in turn
		p := s.Order[i%n]
		s.Owner[t-1], s.Armies[t-1] = p, 1
		s.Players[p-1].Reserve--
	}
	g.settleSetup()
}

// claimer returns the seat that claims next by choice (rule 2): the snake
// order, forth, then back from the last player.
func (g *game) claimer() ruleset.Seat {
	n := g.n()
	k := g.s.Claims
	if (k/n)%2 == 0 {
		return g.s.Order[k%n]
	}
	return g.s.Order[n-1-k%n]
}

// free returns the territories no one holds, in ID order (rule 2).
func (g *game) free() []board.TerritoryID {
	var out []board.TerritoryID
	for i := range g.s.Owner {
		if t := board.TerritoryID(i + 1); !g.occupied(t) {
			out = append(out, t)
		}
	}
	return out
}

// settleSetup moves the set-up on to the next player with something to do:
// a claim while territories are free, then a starting army while any is
// left, then the first round.
func (g *game) settleSetup(outs ...*outcome) {
	s := &g.s
	if s.Phase == PhaseClaim {
		if len(g.free()) > 0 {
			return
		}
		s.Phase, s.Turn = PhaseDeploy, 0
	}
	for range g.n() {
		if s.Players[g.actor()-1].Reserve > 0 {
			return
		}
		s.Turn = (s.Turn + 1) % g.n()
	}
	for i := range s.Players {
		s.Players[i].Reserve = 0
	}
	var out *outcome
	if len(outs) > 0 {
		out = outs[0]
	} else {
		out = g.newOutcome()
	}
	g.startRound(out)
}

// turnIn turns in sets of territory cards seat p holds while it holds
// more than keep (rule 6: keep 0, every set; rule 11: the classic 4 after an
// elimination) and returns the armies: 3 a set (4 with Bonus Army I), and
// the classic 2 on a territory shown on a set that p occupies, placed there
// at once.
func (g *game) turnIn(p ruleset.Seat, keep int, out *outcome) int {
	ps := g.p(p)
	armies := 0
	bonus := false
	for len(ps.Cards) > keep {
		idx, ok := cards.FindSet(ps.Cards)
		if !ok {
			return armies
		}
		rest, set, err := g.s.Deck.TurnIn(ps.Cards, idx)
		if err != nil {
			return armies // FindSet found it: cannot happen
		}
		ps.Cards = rest
		got := g.rules.cards.SetArmies(ps.Empire.Cards())
		armies += got
		e := Event{Kind: EventSet, Seat: p, Value: got}
		if t, extra := g.rules.cards.OccupiedBonus(set, func(t board.TerritoryID) bool {
			return g.s.Owner[t-1] == p && g.occupied(t)
		}, bonus); extra > 0 {
			bonus = true
			g.s.Armies[t-1] += extra
			e.Territory, e.Count = t, extra
		}
		out.add(e)
	}
	return armies
}
