package risk

import (
	"cmp"
	"slices"

	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// startRound begins the next round: the last round's end (rule 18), step 1
// (rule 5), step 2 (rule 6), and step 3's first player.
func (g *game) startRound(out *outcome) {
	s := &g.s
	if s.Rounds > 0 && s.Round >= s.Rounds {
		g.endByScore(out)
		return
	}
	s.Round++
	g.roundOrder()
	out.add(Event{Kind: EventRound, Value: s.Round, Seats: slices.Clone(s.Order)})
	for _, p := range s.Order { // step 2, all at once
		armies := g.newArmies(p, out)
		g.p(p).Reserve = armies
		out.add(Event{Kind: EventArmies, Seat: p, Value: armies})
	}
	s.Phase, s.Turn = PhasePlace, 0
	g.settle(out)
}

// roundOrder sets the round order of the players alive (rule 5): fewest
// cities, then fewest territories, then the lowest die; dice tied are
// rolled again among the tied.
func (g *game) roundOrder() {
	type key struct {
		p             ruleset.Seat
		cities, terrs int
		dice          []int
	}
	var keys []key
	for _, p := range g.seats() {
		if g.p(p).Alive {
			keys = append(keys, key{p: p, cities: g.cities(p), terrs: len(g.held(p))})
		}
	}
	compare := func(a, b key) int {
		return cmp.Or(cmp.Compare(a.cities, b.cities), cmp.Compare(a.terrs, b.terrs), slices.Compare(a.dice, b.dice))
	}
	for range 20 {
		slices.SortStableFunc(keys, compare)
		roll := make([]bool, len(keys))
		tied := false
		for i := range keys {
			if i > 0 && compare(keys[i-1], keys[i]) == 0 || i+1 < len(keys) && compare(keys[i], keys[i+1]) == 0 {
				roll[i], tied = true, true
			}
		}
		for i := range keys {
			if roll[i] {
				keys[i].dice = append(keys[i].dice, g.rng.IntN(6)+1)
			}
		}
		if !tied {
			break
		}
	}
	slices.SortStableFunc(keys, compare)
	g.s.Order = g.s.Order[:0]
	for _, k := range keys {
		g.s.Order = append(g.s.Order, k.p)
	}
}

// newArmies returns seat p's new armies in step 2 (rule 6).
func (g *game) newArmies(p ruleset.Seat, out *outcome) int {
	held := g.held(p)
	armies := max(minArmies, len(held)/perArmy)
	armies += g.b.Bonus(held)
	armies += g.cities(p)
	armies += g.turnIn(p, 0, out)
	armies += g.rules.cards.BonusArmies(g.p(p).Empire.Cards(), len(held))
	return armies
}

// has reports whether seat p holds the Empire card of bonus b.
func (g *game) has(p ruleset.Seat, b cards.Bonus) bool {
	return g.rules.cards.Has(g.p(p).Empire.Cards(), b)
}

// bonuses returns the dice bonuses of seat p's Empire cards (Table 4).
func (g *game) bonuses(p ruleset.Seat) battle.Bonuses {
	if p == neutral {
		return battle.Bonuses{}
	}
	return battle.Bonuses{
		AttackI: g.has(p, cards.AttackI), AttackII: g.has(p, cards.AttackII), AttackIII: g.has(p, cards.AttackIII),
		StormShelter: g.has(p, cards.StormShelter), QuakeShelter: g.has(p, cards.QuakeShelter),
		MedicineI: g.has(p, cards.MedicineI), MedicineII: g.has(p, cards.MedicineII), RiotGear: g.has(p, cards.RiotGear),
	}
}

// cityCost is the armies seat p spends on a city: 3, 2 with Urban Sprawl
// (rule 14).
func (g *game) cityCost(p ruleset.Seat) int {
	if g.has(p, cards.UrbanSprawl) {
		amount, _ := g.rules.cards.Effect(cards.UrbanSprawl)
		return amount
	}
	return cityArmies
}

// canAttack reports whether seat p has an attack to make: a territory of 2
// or more armies linked to another's.
func (g *game) canAttack(p ruleset.Seat) bool {
	for _, t := range g.held(p) {
		if g.s.Armies[t-1] < 2 {
			continue
		}
		for _, u := range g.b.Neighbours(t) {
			if g.s.Owner[u-1] != p && !g.nuked(u) {
				return true
			}
		}
	}
	return g.has(p, cards.Nuke) && !g.s.NukeUsed || g.has(p, cards.AirDrop) && !g.s.DropUsed
}

// canMove reports whether seat p has a free move to make (rule 12).
func (g *game) canMove(p ruleset.Seat) bool {
	for _, t := range g.held(p) {
		if g.s.Armies[t-1] < 2 {
			continue
		}
		for _, u := range g.b.Neighbours(t) {
			if g.s.Owner[u-1] == p && !g.nuked(u) {
				return true
			}
		}
	}
	return false
}

// canBuild reports whether seat p may build a city (rule 14).
func (g *game) canBuild(p ruleset.Seat) bool {
	if g.cities(p) >= maxCities {
		return false
	}
	for _, t := range g.held(p) {
		if !g.s.City[t-1] && g.s.Armies[t-1] >= g.cityCost(p) {
			return true
		}
	}
	return false
}

// canBuy reports whether seat p can buy any Empire card with all its Goods
// cards and its credits (rule 17).
func (g *game) canBuy(p ruleset.Seat) bool {
	ps := g.p(p)
	var ids []cards.GoodsID
	for _, c := range ps.Hand.Cards {
		ids = append(ids, c.ID)
	}
	for _, suit := range cards.Suits() {
		if _, _, err := g.rules.cards.Price(&g.s.Empires, &ps.Empire, &ps.Hand, cards.Purchase{Suits: []cards.Suit{suit}, Goods: ids}); err == nil {
			return true
		}
	}
	return false
}

// startTurn clears step 4's record of a turn for the player about to act.
func (g *game) startTurn() {
	s := &g.s
	s.From, s.To, s.Dice = 0, 0, 0
	s.Asked, s.Cities, s.Conquered = nil, nil, false
	s.NukeUsed, s.DropUsed = false, false
	s.Moves = 1
	p := g.actor()
	s.Nukes = slices.DeleteFunc(s.Nukes, func(k Nuke) bool { return k.By == p }) // rule 21: until the nuker's next turn
	if p != 0 && g.has(p, cards.BonusMove) {
		amount, _ := g.rules.cards.Effect(cards.BonusMove)
		s.Moves += amount
	}
}

// next ends the acting player's part of the step: the next player of the
// round order acts.
func (g *game) next() {
	g.s.Turn++
	if g.s.Phase == PhaseAttack || g.s.Phase == PhaseMove {
		g.s.Phase = PhaseAttack
		g.startTurn()
	}
}

// endAttackTurn ends the acting player's step 4: a territory card if it
// conquered (rule 13).
func (g *game) endAttackTurn(out *outcome) {
	p := g.actor()
	if g.s.Conquered {
		if c, ok := g.s.Deck.Earn(g.rng); ok {
			g.p(p).Cards = append(g.p(p).Cards, c)
			out.addCards(Event{Kind: EventCard, Seat: p}, []cards.TerritoryCard{c}, p)
		}
	}
	g.next()
}

// traders returns the players still at the trading table, in seat order.
func (g *game) traders() []ruleset.Seat {
	var out []ruleset.Seat
	for _, p := range g.seats() {
		if ps := g.p(p); ps.Alive && ps.Trader {
			out = append(out, p)
		}
	}
	return out
}

// settle moves the game from where the last action left it to the next
// step someone must act in, skipping players who have nothing to do, or to
// its end.
func (g *game) settle(out *outcome) {
	s := &g.s
	for {
		if s.Phase == PhaseOver {
			return
		}
		if s.Phase == PhaseClaim || s.Phase == PhaseDeploy {
			g.settleSetup(out)
			if s.Phase == PhaseClaim || s.Phase == PhaseDeploy {
				return
			}
			continue
		}
		if s.Phase == PhaseTrade {
			if len(g.traders()) >= 2 {
				return
			}
			for i := range s.Players {
				s.Players[i].Trader, s.Players[i].Offered = false, 0
			}
			s.Offers, s.Since = nil, 0
			s.Phase, s.Turn = PhaseDisaster, 0
			continue
		}
		if s.Turn >= len(s.Order) {
			switch s.Phase {
			case PhasePlace:
				s.Phase, s.Turn = PhaseAttack, 0
				g.startTurn()
			case PhaseAttack, PhaseMove:
				s.Phase, s.Turn = PhaseBuild, 0
			case PhaseBuild:
				g.startTrade()
			case PhaseDisaster:
				s.Phase, s.Turn = PhasePurchase, 0
			case PhasePurchase:
				g.startRound(out)
				return
			}
			continue
		}
		p := g.actor()
		ps := g.p(p)
		if !ps.Alive {
			ps.Reserve = 0
			g.next()
			continue
		}
		switch s.Phase {
		case PhasePlace:
			if ps.Reserve > 0 {
				return
			}
			g.next()
		case PhaseAttack:
			if g.canAttack(p) {
				return
			}
			s.Phase = PhaseMove
		case PhaseDefend, PhaseOccupy, PhasePlague, PhaseReinforce:
			return
		case PhaseMove:
			if s.Moves > 0 && g.canMove(p) {
				return
			}
			g.endAttackTurn(out)
		case PhaseBuild:
			if g.canBuild(p) {
				return
			}
			g.draw(p, out)
			g.next()
		case PhaseDisaster:
			if len(ps.Disasters.Cards) > 0 {
				return
			}
			g.next()
		case PhasePurchase:
			if g.canBuy(p) || len(ps.Hand.Cards) > g.rules.cards.Goods.Keep {
				return
			}
			ps.Empire.EndTurn()
			g.next()
		}
	}
}

// startTrade begins step 6 (rule 15): the players holding 3 or more Goods
// cards sit at the table.
func (g *game) startTrade() {
	s := &g.s
	s.Phase, s.Turn, s.Since = PhaseTrade, 0, s.Seq
	for i := range s.Players {
		ps := &s.Players[i]
		ps.Trader = ps.Alive && g.rules.cards.CanTrade(len(ps.Hand.Cards))
		ps.Offered = 0
	}
}

// draw is step 5b for seat p (rule 14): a Goods card from each of as many
// piles as it has cities.
func (g *game) draw(p ruleset.Seat, out *outcome) {
	got, err := g.s.Goods.Draw(g.cities(p))
	if err != nil || len(got) == 0 {
		return
	}
	g.p(p).Hand.Add(got...)
	out.addGoods(Event{Kind: EventDraw, Seat: p, Value: len(got)}, got, p)
}

// score is seat p's standing at the end by score (rule 18): the total
// value of its Empire cards, then its territories.
func (g *game) score(p ruleset.Seat) [2]int {
	return [2]int{g.rules.cards.Score(&g.p(p).Empire), len(g.held(p))}
}

// endOnKing ends the game on the last King bought (rule 18): the players
// alive with the highest total value of Empire cards win, and tied they
// share the win (cards.Rules.Winners).
func (g *game) endOnKing(out *outcome) {
	var alive []ruleset.Seat
	var empires []cards.Empire
	for _, p := range g.seats() {
		if g.p(p).Alive {
			alive = append(alive, p)
			empires = append(empires, g.p(p).Empire)
		}
	}
	var winners []ruleset.Seat
	for _, i := range g.rules.cards.Winners(empires) {
		winners = append(winners, alive[i])
	}
	g.end(out, winners)
}

// endByScore ends the game after the last round of the setting Rounds
// (rule 18): the highest total value of Empire cards wins, then the most
// territories; still tied, the win is shared.
func (g *game) endByScore(out *outcome) {
	var best []ruleset.Seat
	var top [2]int
	for _, p := range g.seats() {
		if !g.p(p).Alive {
			continue
		}
		sc := g.score(p)
		switch c := cmp.Or(cmp.Compare(sc[0], top[0]), cmp.Compare(sc[1], top[1])); {
		case len(best) == 0 || c > 0:
			best, top = []ruleset.Seat{p}, sc
		case c == 0:
			best = append(best, p)
		}
	}
	g.end(out, best)
}

// end ends the game won by winners.
func (g *game) end(out *outcome, winners []ruleset.Seat) {
	s := &g.s
	s.Phase, s.Turn, s.Winners = PhaseOver, 0, winners
	s.From, s.To, s.Dice, s.Offers = 0, 0, 0, nil
	for i := range s.Players {
		s.Players[i].Reserve, s.Players[i].Trader = 0, false
	}
	out.add(Event{Kind: EventEnd, Seats: slices.Clone(winners)})
}

// holdsAll reports whether seat p holds every territory (rule 18).
func (g *game) holdsAll(p ruleset.Seat) bool {
	for i, o := range g.s.Owner {
		if o != p || !g.occupied(board.TerritoryID(i+1)) {
			return false
		}
	}
	return true
}
