package risk

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// ActionKind says what an Action does.
type ActionKind uint8

// The kinds of action, and the fields each uses.
const (
	// ActClaim: claim the free Territory (rule 2).
	ActClaim ActionKind = iota + 1
	// ActPlace: place Count armies on Territory (set-up: 1; rules 1, 7).
	ActPlace
	// ActEndPlace: end step 3; armies not placed are lost (rule 7).
	ActEndPlace
	// ActAttack: roll once with Dice dice from From against To (rule 8).
	ActAttack
	// ActStop: end the attacks, on to the free move (rule 12).
	ActStop
	// ActConvert and ActKeep: the defender's answer to the city question
	// (rule 9).
	ActConvert
	ActKeep
	// ActOccupy: move Count armies into the conquered territory (rule 10).
	ActOccupy
	// ActMove: the free move of Count armies From To (rule 12).
	ActMove
	// ActEndTurn: end step 4 without (more) free moves.
	ActEndTurn
	// ActBuild: build a city on Territory (rule 14).
	ActBuild
	// ActEndBuild: end step 5a; the Goods cards are drawn (rule 14).
	ActEndBuild
	// ActOffer: offer Part to Seat (rule 15).
	ActOffer
	// ActAccept: accept the offer Offer, giving Part (rule 15).
	ActAccept
	// ActRefuse: refuse the offer Offer, or withdraw one's own.
	ActRefuse
	// ActDone: leave the trading table.
	ActDone
	// ActResolve: resolve the Disasters received, the riots in the order
	// Order (rule 16).
	ActResolve
	// ActBuy: buy Empire cards (rule 17).
	ActBuy
	// ActEndPurchase: end step 8 keeping the Goods cards Keep (nil: the
	// default, the 5 worth the most) (rule 17).
	ActEndPurchase
	// ActNuke: nuke Territory, with the Queen of Clubs (rule 21).
	ActNuke
	// ActAirDrop: drop 3 armies From onto To, with the 9 of Clubs (rule
	// 21).
	ActAirDrop
	// ActChoose: the place Choice (a continent's or a territory's ID, as
	// the question says) the plague strikes among those tied (rule 16).
	ActChoose
)

// Action is a seat's action, for the step Seq.
type Action struct {
	Seq       uint32
	Kind      ActionKind
	Territory board.TerritoryID
	From, To  board.TerritoryID
	Count     int
	Dice      int
	Seat      ruleset.Seat
	Offer     int
	Part      cards.Part
	Order     []board.TerritoryID
	Purchase  cards.Purchase
	Keep      []cards.GoodsID
	Choice    int
}

// reject returns the rejection of an action described by what.
func reject(what, format string, args ...any) *ruleset.Rejection {
	return &ruleset.Rejection{Order: what, Reason: fmt.Sprintf(format, args...)}
}

// tname names territory t, or says it is unknown.
func (g *game) tname(t board.TerritoryID) string {
	if tt := g.b.Territory(t); tt != nil {
		return tt.Name
	}
	return fmt.Sprintf("territory %d", t)
}

// describe names an action for a rejection.
func (g *game) describe(a Action) string {
	switch a.Kind {
	case ActClaim:
		return "claim " + g.tname(a.Territory)
	case ActPlace:
		return fmt.Sprintf("place %d on %s", a.Count, g.tname(a.Territory))
	case ActEndPlace:
		return "end placing"
	case ActAttack:
		return fmt.Sprintf("attack %s from %s with %d dice", g.tname(a.To), g.tname(a.From), a.Dice)
	case ActStop:
		return "stop attacking"
	case ActConvert:
		return "convert the city"
	case ActKeep:
		return "keep the city"
	case ActOccupy:
		return fmt.Sprintf("move %d in", a.Count)
	case ActMove:
		return fmt.Sprintf("move %d from %s to %s", a.Count, g.tname(a.From), g.tname(a.To))
	case ActEndTurn:
		return "end the turn"
	case ActBuild:
		return "build a city on " + g.tname(a.Territory)
	case ActEndBuild:
		return "end building"
	case ActOffer:
		return fmt.Sprintf("offer %d cards to seat %d", len(a.Part.Cards), a.Seat)
	case ActAccept:
		return fmt.Sprintf("accept offer %d", a.Offer)
	case ActRefuse:
		return fmt.Sprintf("refuse offer %d", a.Offer)
	case ActDone:
		return "leave the trading"
	case ActResolve:
		return "resolve the Disasters"
	case ActBuy:
		return "buy Empire cards"
	case ActEndPurchase:
		return "end purchasing"
	case ActNuke:
		return "nuke " + g.tname(a.Territory)
	case ActAirDrop:
		return fmt.Sprintf("air drop from %s onto %s", g.tname(a.From), g.tname(a.To))
	case ActChoose:
		return fmt.Sprintf("choose place %d for the plague", a.Choice)
	}
	return fmt.Sprintf("action %d", a.Kind)
}

// Check implements ruleset.Game: risk has no simultaneous step.
func (g *game) Check(s ruleset.Seat, orders []byte) ([]ruleset.Rejection, error) {
	return nil, fmt.Errorf("%s: no orders are given, every step is played one action at a time", ID)
}

// Resolve implements ruleset.Game: risk has no simultaneous step.
func (g *game) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	return nil, fmt.Errorf("resolve %s step %d: no step is simultaneous", ID, g.s.Seq)
}

// Act implements ruleset.Game.
func (g *game) Act(p ruleset.Seat, action []byte) (ruleset.Outcome, error) {
	var a Action
	if err := wire.Unmarshal(action, &a); err != nil {
		return nil, fmt.Errorf("%s action: %w", ID, err)
	}
	what := g.describe(a)
	st := g.Step()
	switch {
	case g.s.Phase == PhaseOver:
		return nil, reject(what, "the game is over")
	case st.Late(a.Seq):
		return nil, reject(what, "this answers step %d, and the game is at step %d", a.Seq, g.s.Seq)
	case !st.Acts(p):
		return nil, reject(what, "%s", g.waiting())
	}
	out := g.newOutcome()
	if r := g.apply(p, a, what, out); r != nil {
		return nil, r
	}
	g.p(p).Missed = 0
	g.s.Seq++
	g.settle(out)
	return out, nil
}

// waiting says who the game waits for.
func (g *game) waiting() string {
	switch g.s.Phase {
	case PhaseOver:
		return "the game is over"
	case PhaseTrade:
		return "the players holding 3 or more Goods cards are trading"
	case PhaseClaim:
		return fmt.Sprintf("it is %s's turn to claim", g.name(g.claimer()))
	case PhaseDefend:
		return fmt.Sprintf("%s must answer %s's attack", g.name(g.s.Owner[g.s.To-1]), g.name(g.actor()))
	}
	return fmt.Sprintf("it is %s's turn", g.name(g.actor()))
}

// own returns a rejection unless seat p holds territory t.
func (g *game) own(what string, p ruleset.Seat, t board.TerritoryID) *ruleset.Rejection {
	if g.b.Territory(t) == nil {
		return reject(what, "there is no territory %d", t)
	}
	if g.s.Owner[t-1] != p || !g.occupied(t) {
		return reject(what, "%s is not yours", g.tname(t))
	}
	return nil
}

// apply checks and applies seat p's action a in the current step, or
// refuses it, changing nothing.
func (g *game) apply(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	ps := g.p(p)
	wrong := func() *ruleset.Rejection {
		return reject(what, "not now: the step is to %s", s.Phase)
	}
	switch s.Phase {
	case PhaseClaim:
		if a.Kind != ActClaim {
			return wrong()
		}
		if g.b.Territory(a.Territory) == nil || g.occupied(a.Territory) {
			return reject(what, "claim a territory no one holds")
		}
		s.Owner[a.Territory-1], s.Armies[a.Territory-1] = p, 1
		ps.Reserve--
		s.Claims++
		out.add(Event{Kind: EventClaim, Seat: p, Territory: a.Territory})
		if len(g.free()) == 0 {
			s.Phase, s.Turn = PhaseDeploy, 0
		}
		return nil
	case PhaseDeploy:
		if a.Kind != ActPlace {
			return wrong()
		}
		if r := g.own(what, p, a.Territory); r != nil {
			return r
		}
		if a.Count != 1 {
			return reject(what, "starting armies are placed one at a time")
		}
		s.Armies[a.Territory-1]++
		ps.Reserve--
		s.Turn = (s.Turn + 1) % g.n()
		out.add(Event{Kind: EventPlace, Seat: p, Territory: a.Territory, Count: 1})
		return nil
	case PhasePlace:
		switch a.Kind {
		case ActEndPlace:
			out.add(Event{Kind: EventLost, Seat: p, Count: ps.Reserve})
			ps.Reserve = 0
			g.next()
			return nil
		case ActPlace:
			if r := g.own(what, p, a.Territory); r != nil {
				return r
			}
			if a.Count < 1 || a.Count > ps.Reserve {
				return reject(what, "place 1 to %d armies", ps.Reserve)
			}
			if g.nuked(a.Territory) {
				return reject(what, "%s was nuked: no one may place armies there until its nuker's next turn", g.tname(a.Territory))
			}
			s.Armies[a.Territory-1] += a.Count
			ps.Reserve -= a.Count
			out.add(Event{Kind: EventPlace, Seat: p, Territory: a.Territory, Count: a.Count})
			return nil
		}
		return wrong()
	case PhaseReinforce:
		if a.Kind != ActPlace {
			return wrong()
		}
		if r := g.own(what, p, a.Territory); r != nil {
			return r
		}
		switch {
		case a.Count < 1 || a.Count > ps.Reserve:
			return reject(what, "place 1 to %d armies", ps.Reserve)
		case g.nuked(a.Territory):
			return reject(what, "%s was nuked: no one may place armies there until its nuker's next turn", g.tname(a.Territory))
		}
		s.Armies[a.Territory-1] += a.Count
		ps.Reserve -= a.Count
		out.add(Event{Kind: EventPlace, Seat: p, Territory: a.Territory, Count: a.Count})
		if ps.Reserve == 0 {
			s.Phase = PhaseAttack
		}
		return nil
	case PhaseAttack:
		switch a.Kind {
		case ActStop:
			s.Phase = PhaseMove
			return nil
		case ActAttack:
			return g.attack(p, a, what, out)
		case ActNuke:
			return g.nuke(p, a, what, out)
		case ActAirDrop:
			return g.airDrop(p, a, what, out)
		}
		return wrong()
	case PhaseDefend:
		if a.Kind != ActConvert && a.Kind != ActKeep {
			return wrong()
		}
		if a.Kind == ActConvert {
			g.convert(s.To, false, out)
		} else {
			out.add(Event{Kind: EventKeep, Seat: p, Territory: s.To})
		}
		s.Phase = PhaseAttack
		g.roll(g.actor(), s.From, s.To, s.Dice, out)
		return nil
	case PhaseOccupy:
		if a.Kind != ActOccupy {
			return wrong()
		}
		most := s.Armies[s.From-1] - 1
		if a.Count < s.Dice || a.Count > most {
			return reject(what, "move %d to %d armies", s.Dice, most)
		}
		s.Armies[s.From-1] -= a.Count
		s.Armies[s.To-1] = a.Count
		out.add(Event{Kind: EventOccupy, Seat: p, From: s.From, To: s.To, Count: a.Count})
		s.From, s.To, s.Dice = 0, 0, 0
		g.afterConquest(p, out)
		return nil
	case PhaseMove:
		switch a.Kind {
		case ActEndTurn:
			g.endAttackTurn(out)
			return nil
		case ActMove:
			if r := g.own(what, p, a.From); r != nil {
				return r
			}
			if r := g.own(what, p, a.To); r != nil {
				return r
			}
			switch {
			case !g.b.Linked(a.From, a.To):
				return reject(what, "%s and %s are not adjacent", g.tname(a.From), g.tname(a.To))
			case a.Count < 1 || a.Count >= s.Armies[a.From-1]:
				return reject(what, "move 1 to %d armies, leaving one", s.Armies[a.From-1]-1)
			case g.nuked(a.To):
				return reject(what, "%s was nuked: no armies go there until its nuker's next turn", g.tname(a.To))
			}
			s.Armies[a.From-1] -= a.Count
			s.Armies[a.To-1] += a.Count
			s.Moves--
			out.add(Event{Kind: EventMove, Seat: p, From: a.From, To: a.To, Count: a.Count})
			return nil
		}
		return wrong()
	case PhaseBuild:
		switch a.Kind {
		case ActEndBuild:
			g.draw(p, out)
			g.next()
			return nil
		case ActBuild:
			if r := g.own(what, p, a.Territory); r != nil {
				return r
			}
			cost := g.cityCost(p)
			switch {
			case s.City[a.Territory-1]:
				return reject(what, "%s has a city already", g.tname(a.Territory))
			case g.cities(p) >= maxCities:
				return reject(what, "you have %d cities, the most a player may have", maxCities)
			case s.Armies[a.Territory-1] < cost:
				return reject(what, "a city takes %d armies, and %s has %d", cost, g.tname(a.Territory), s.Armies[a.Territory-1])
			}
			s.Armies[a.Territory-1] -= cost
			s.City[a.Territory-1] = true
			out.add(Event{Kind: EventBuild, Seat: p, Territory: a.Territory, Count: cost})
			return nil
		}
		return wrong()
	case PhaseTrade:
		return g.trade(p, a, what, out)
	case PhaseDisaster:
		if a.Kind != ActResolve {
			return wrong()
		}
		return g.disasters(p, a, what, out)
	case PhasePlague:
		if a.Kind != ActChoose {
			return wrong()
		}
		if !slices.Contains(s.Tied, a.Choice) {
			return reject(what, "the plague strikes one of the places tied: %v", s.Tied)
		}
		s.Choices = append(s.Choices, a.Choice)
		s.Tied, s.TiedContinents = nil, false
		s.Phase = PhaseDisaster
		g.resolveOn(p, out)
		return nil
	case PhasePurchase:
		switch a.Kind {
		case ActBuy:
			bought, err := g.rules.cards.Buy(&s.Empires, &s.Goods, &ps.Empire, &ps.Hand, a.Purchase)
			if err != nil {
				return reject(what, "%v", err)
			}
			out.add(Event{Kind: EventBuy, Seat: p, Empire: bought})
			if g.rules.cards.Ended(&s.Empires) {
				g.endOnKing(out)
			}
			return nil
		case ActEndPurchase:
			var discard []cards.GoodsCard
			var err error
			if a.Keep == nil {
				discard, err = g.rules.cards.Keep(&ps.Hand, g.rules.cards.DefaultKeep(&ps.Hand))
			} else {
				discard, err = g.rules.cards.Keep(&ps.Hand, a.Keep)
			}
			if err != nil {
				return reject(what, "%v", err)
			}
			if err := s.Goods.Return(discard...); err != nil {
				return reject(what, "%v", err)
			}
			if len(discard) > 0 {
				out.add(Event{Kind: EventDiscard, Seat: p, Count: len(discard)})
			}
			ps.Empire.EndTurn()
			g.next()
			return nil
		}
		return wrong()
	}
	return wrong()
}

// attack checks and makes one roll of an attack (rules 8, 9), or asks the
// defender the city question first.
func (g *game) attack(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	if r := g.own(what, p, a.From); r != nil {
		return r
	}
	switch {
	case g.b.Territory(a.To) == nil:
		return reject(what, "there is no territory %d", a.To)
	case s.Owner[a.To-1] == p:
		return reject(what, "%s is yours", g.tname(a.To))
	case !g.b.Linked(a.From, a.To):
		return reject(what, "%s is not adjacent to %s", g.tname(a.To), g.tname(a.From))
	case g.nuked(a.To):
		return reject(what, "%s was nuked: no one may attack it until its nuker's next turn", g.tname(a.To))
	case a.Dice < 1 || a.Dice > battle.AttackDice(s.Armies[a.From-1]):
		return reject(what, "with %d armies in %s you may roll 1 to %d dice", s.Armies[a.From-1], g.tname(a.From), battle.AttackDice(s.Armies[a.From-1]))
	}
	t := a.To
	if s.City[t-1] {
		if !slices.Contains(s.Cities, t) {
			s.Cities = append(s.Cities, t)
		}
		if s.Armies[t-1] == 0 { // rule 9: a lone city, or its armies all lost
			g.convert(t, true, out)
		} else if !slices.Contains(s.Asked, t) { // rule 9: ask before the combat
			s.Asked = append(s.Asked, t)
			s.From, s.To, s.Dice = a.From, t, a.Dice
			s.Phase = PhaseDefend
			out.add(Event{Kind: EventAsk, Seat: s.Owner[t-1], Other: p, Territory: t})
			return nil
		}
	}
	g.roll(p, a.From, t, a.Dice, out)
	return nil
}

// convert turns the city of territory t into 3 armies (rule 9).
func (g *game) convert(t board.TerritoryID, forced bool, out *outcome) {
	g.s.City[t-1] = false
	g.s.Armies[t-1] += cityArmies
	e := Event{Kind: EventConvert, Seat: g.s.Owner[t-1], Territory: t, Count: cityArmies}
	if forced {
		e.Value = 1
	}
	out.add(e)
}

// roll rolls one roll of p's attack from from on to (rules 8, 10, 11).
func (g *game) roll(p ruleset.Seat, from, to board.TerritoryID, dice int, out *outcome) {
	s := &g.s
	def := s.Owner[to-1]
	dd := battle.DefendDice(s.Armies[to-1])
	r, err := battle.RollDice(battle.Dice{Rand: g.rng}, dice, dd, s.City[to-1], g.bonuses(p))
	if err != nil {
		return // the dice were checked: cannot happen
	}
	s.Armies[from-1] -= r.AttackerLoss
	s.Armies[to-1] -= r.DefenderLoss
	out.add(Event{Kind: EventRoll, Seat: p, Other: def, From: from, To: to,
		Attack: values(r.Attacker), Defend: values(r.Defender), Value: r.AttackerLoss, Count: r.DefenderLoss})
	s.From, s.To, s.Dice = 0, 0, 0
	if s.Armies[to-1] > 0 || s.City[to-1] {
		return
	}
	// rule 10: conquered
	s.From, s.To, s.Dice = from, to, dice
	s.Phase = PhaseOccupy
	g.conquer(p, def, to, out)
	if s.Armies[from-1]-1 == dice { // the least is the most: moved at once
		g.occupyAll(p, out)
	}
}

// conquer gives territory to, whose last army fell, to p (rules 10, 11):
// the Goods card taken if it held a city this turn, the defender out if
// it was its last territory. The armies moving in are the caller's.
func (g *game) conquer(p, def ruleset.Seat, to board.TerritoryID, out *outcome) {
	s := &g.s
	s.Owner[to-1] = p
	s.Conquered = true
	out.add(Event{Kind: EventConquer, Seat: p, Other: def, Territory: to})
	if def == neutral {
		return
	}
	dp := g.p(def)
	if slices.Contains(s.Cities, to) {
		if c, ok := dp.Hand.TakeRandom(g.rng); ok {
			g.p(p).Hand.Add(c)
			out.addGoods(Event{Kind: EventTake, Seat: p, Other: def, Count: 1}, []cards.GoodsCard{c}, p, def)
		}
	}
	if len(g.held(def)) == 0 { // rule 11
		dp.Alive = false
		got := dp.Cards
		g.p(p).Cards = append(g.p(p).Cards, got...)
		dp.Cards = nil
		back := append(slices.Clone(dp.Hand.Cards), dp.Disasters.Cards...)
		dp.Hand.Cards, dp.Disasters.Cards = nil, nil
		for i := range back {
			back[i].Traded = false
		}
		_ = s.Goods.Return(back...) // CHOICE: an eliminated player's Goods go back to their piles
		out.addCards(Event{Kind: EventOut, Seat: def, Other: p, Count: len(got)}, got, p, def)
		if ps := g.p(p); g.rules.cards.MustTradeAfterElimination(len(ps.Cards)) {
			// rule 11, classic: sets turned in at once down to 4 cards, their
			// armies placed once the conquest move is made
			ps.Reserve += g.turnIn(p, g.rules.cards.EliminationKeep(), out)
		}
	}
}

// occupyAll makes the conquest move when the least is also the most.
func (g *game) occupyAll(p ruleset.Seat, out *outcome) {
	s := &g.s
	n := s.Dice
	s.Armies[s.From-1] -= n
	s.Armies[s.To-1] = n
	out.add(Event{Kind: EventOccupy, Seat: p, From: s.From, To: s.To, Count: n})
	s.From, s.To, s.Dice = 0, 0, 0
	g.afterConquest(p, out)
}

// afterConquest ends a conquest: the game if p holds every territory (rule
// 18), else back to the attacks, through placing the armies of sets turned
// in after an elimination (rule 11).
func (g *game) afterConquest(p ruleset.Seat, out *outcome) {
	s := &g.s
	s.Phase = PhaseAttack
	switch {
	case g.holdsAll(p):
		g.end(out, []ruleset.Seat{p})
	case g.p(p).Reserve > 0:
		s.Phase = PhaseReinforce
	}
}

// values returns the dice's values.
func values(ds []battle.Die) []int {
	out := make([]int, len(ds))
	for i, d := range ds {
		out[i] = d.Value
	}
	return out
}

// trade checks and applies an action of step 6 (rule 15).
func (g *game) trade(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	ps := g.p(p)
	switch a.Kind {
	case ActDone:
		ps.Trader = false
		s.Offers = slices.DeleteFunc(s.Offers, func(o openOffer) bool { return o.Offer.From == p || o.Offer.To == p })
		out.add(Event{Kind: EventDone, Seat: p})
		return nil
	case ActOffer:
		switch {
		case a.Seat < 1 || int(a.Seat) > g.n() || a.Seat == p:
			return reject(what, "offer to another player at the table")
		case !g.p(a.Seat).Trader:
			return reject(what, "%s is not trading", g.name(a.Seat))
		case ps.Offered >= maxOffers:
			return reject(what, "you have made the %d offers a player may make in a step", maxOffers)
		}
		if err := g.rules.cards.Check(&ps.Hand, a.Part); err != nil {
			return reject(what, "%v", err)
		}
		ps.Offered++
		id := s.NextID
		s.NextID++
		s.Offers = append(s.Offers, openOffer{ID: id, Offer: cards.Offer{From: p, To: a.Seat, Give: a.Part}})
		out.add(Event{Kind: EventOffer, Seat: p, Other: a.Seat, Value: id, Statement: a.Part.Statement})
		return nil
	case ActAccept, ActRefuse:
		i := slices.IndexFunc(s.Offers, func(o openOffer) bool { return o.ID == a.Offer })
		if i < 0 {
			return reject(what, "there is no open offer %d", a.Offer)
		}
		o := s.Offers[i]
		if a.Kind == ActRefuse {
			if o.Offer.To != p && o.Offer.From != p {
				return reject(what, "the offer is not yours to refuse")
			}
			s.Offers = slices.Delete(s.Offers, i, i+1)
			out.add(Event{Kind: EventRefuse, Seat: p, Value: o.ID})
			return nil
		}
		if o.Offer.To != p {
			return reject(what, "the offer is not made to you")
		}
		from := g.p(o.Offer.From)
		if err := g.rules.cards.Trade(&from.Hand, &ps.Hand, &from.Disasters, &ps.Disasters, o.Offer.Give, a.Part); err != nil {
			return reject(what, "%v", err)
		}
		s.Offers = slices.Delete(s.Offers, i, i+1)
		// Offers whose cards are gone are withdrawn.
		s.Offers = slices.DeleteFunc(s.Offers, func(x openOffer) bool {
			h := &g.p(x.Offer.From).Hand
			for _, id := range x.Offer.Give.Cards {
				if _, ok := h.Card(id); !ok {
					return true
				}
			}
			return false
		})
		gave := cardsOf(o.Offer.Give.Cards, &ps.Hand, &ps.Disasters)
		got := cardsOf(a.Part.Cards, &from.Hand, &from.Disasters)
		out.addGoods(Event{Kind: EventTrade, Seat: o.Offer.From, Other: p, Value: o.ID, Count: len(gave)}, append(gave, got...), o.Offer.From, p)
		for _, q := range []ruleset.Seat{o.Offer.From, p} {
			if len(g.p(q).Hand.Cards) < g.rules.cards.Goods.TradeCards {
				g.p(q).Trader = false
				s.Offers = slices.DeleteFunc(s.Offers, func(x openOffer) bool { return x.Offer.From == q || x.Offer.To == q })
			}
		}
		return nil
	}
	return reject(what, "not now: the players are trading")
}

// cardsOf returns the Goods cards ids as they lie now in h or d.
func cardsOf(ids []cards.GoodsID, h *cards.Hand, d *cards.DisasterPile) []cards.GoodsCard {
	var out []cards.GoodsCard
	for _, id := range ids {
		if c, ok := h.Card(id); ok {
			out = append(out, c)
			continue
		}
		for _, c := range d.Cards {
			if c.ID == id {
				out = append(out, c)
			}
		}
	}
	return out
}

// disasters resolves seat p's Disasters received (rule 16).
func (g *game) disasters(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	ps := g.p(p)
	cities := map[board.TerritoryID]bool{}
	for _, t := range g.held(p) {
		if s.City[t-1] {
			cities[t] = true
		}
	}
	var order []board.TerritoryID
	seen := map[board.TerritoryID]bool{}
	for _, t := range a.Order {
		if g.b.Territory(t) == nil || seen[t] {
			return reject(what, "the order names territory %d twice or not on the map", t)
		}
		seen[t] = true
		if cities[t] {
			order = append(order, t)
		}
	}
	for _, t := range g.held(p) { // cities the order leaves out follow in ID order
		if cities[t] && !seen[t] {
			order = append(order, t)
		}
	}
	s.RiotOrder = order
	s.Resolving, s.Unresolved = g.rules.cards.Resolve(&ps.Disasters)
	s.Choices = nil
	g.resolveOn(p, out)
	return nil
}

// resolveOn resolves seat p's Disasters left, in order, until the plague
// meets a tie the player has not answered: then it asks (PhasePlague).
// When all are resolved they go back to their piles with the unresolved
// ones, and the next player's step 7 comes (rule 16).
func (g *game) resolveOn(p ruleset.Seat, out *outcome) {
	s := &g.s
	for len(s.Resolving) > 0 {
		c := s.Resolving[0]
		if c.Disaster() == cards.Plague {
			// Play the plague on a copy of the generator: the same dice as
			// the real one, so the tie it meets is the real one's.
			state, err := g.pcg.MarshalBinary()
			copyPCG := &rand.PCG{}
			if err == nil && copyPCG.UnmarshalBinary(state) == nil {
				var ask []int
				var cont bool
				g.strike(p, c, rand.New(copyPCG), g.plagueChoices(&ask, &cont), nil)
				if ask != nil {
					s.Tied, s.TiedContinents, s.Phase = ask, cont, PhasePlague
					out.add(Event{Kind: EventPlagueAsk, Seat: p, Seats: nil, Value: len(ask)})
					return
				}
			}
		}
		g.strike(p, c, g.rng, g.plagueChoices(nil, nil), out)
		s.Resolving, s.Choices = s.Resolving[1:], nil
		_ = s.Goods.Return(c)
	}
	_ = s.Goods.Return(s.Unresolved...)
	s.Resolving, s.Unresolved, s.Choices, s.RiotOrder = nil, nil, nil, nil
	s.Phase = PhaseDisaster
	g.next()
}

// plagueChoices returns the plague's choices among tied places: the
// player's answers so far, in order; past them, the first tie met is
// recorded in ask (continents: cont) when ask is not nil, and the lowest
// ID taken.
func (g *game) plagueChoices(ask *[]int, cont *bool) battle.PlagueChoices {
	k := 0
	next := func(tied []int, continents bool) int {
		if k < len(g.s.Choices) && slices.Contains(tied, g.s.Choices[k]) {
			k++
			return g.s.Choices[k-1]
		}
		if ask != nil && *ask == nil {
			*ask, *cont = slices.Clone(tied), continents
		}
		return tied[0]
	}
	return battle.PlagueChoices{
		Territory: func(tied []board.TerritoryID) board.TerritoryID {
			ids := make([]int, len(tied))
			for i, t := range tied {
				ids[i] = int(t)
			}
			return board.TerritoryID(next(ids, false))
		},
		Continent: func(tied []board.ContinentID) board.ContinentID {
			ids := make([]int, len(tied))
			for i, c := range tied {
				ids[i] = int(c)
			}
			return board.ContinentID(next(ids, true))
		},
	}
}

// strike resolves Disaster c on seat p's holdings with the dice of rng
// (rule 16) and, when out is not nil, applies it and reports it.
func (g *game) strike(p ruleset.Seat, c cards.GoodsCard, rng *rand.Rand, choices battle.PlagueChoices, out *outcome) {
	s := &g.s
	ps := g.p(p)
	h := battle.Holdings{}
	for _, t := range g.held(p) {
		h[t] = battle.Holding{Armies: s.Armies[t-1], City: s.City[t-1]}
	}
	dice := battle.Dice{Rand: rng}
	bon := g.bonuses(p)
	var rep battle.Report
	var err error
	switch c.Disaster() {
	case cards.Quakes:
		rep, err = battle.ResolveQuakes(g.b, h, bon, c.King(), dice)
	case cards.Floods:
		rep, err = battle.ResolveFloods(g.b, h, bon, c.King(), dice)
	case cards.Plague:
		rep, err = battle.ResolvePlague(g.b, h, bon, c.King(), dice, choices)
	case cards.Riots:
		rep, err = battle.ResolveRiots(g.b, h, bon, s.RiotOrder, dice)
	}
	if err != nil || out == nil {
		return // holdings built from the state cannot fail; a trial run applies nothing
	}
	for t, x := range rep.Apply(h) {
		s.Armies[t-1], s.City[t-1] = x.Armies, x.City
	}
	out.add(Event{Kind: EventDisaster, Seat: p, Value: int(c.Disaster()), Count: rep.Lost(), Text: g.report(rep), Hits: hits(rep)})
	for range rep.GoodsLost {
		if lost, ok := ps.Hand.TakeRandom(rng); ok {
			_ = s.Goods.Return(lost)
			out.addGoods(Event{Kind: EventRiotLoss, Seat: p, Count: 1}, []cards.GoodsCard{lost}, p)
		}
	}
}

// hits lists the territories a disaster checked, for its event.
func hits(rep battle.Report) []Hit {
	var out []Hit
	for _, st := range rep.Strikes {
		h := Hit{Territory: st.Territory, Struck: st.Struck, Lost: st.Lost, CityLost: st.Before.City && !st.After.City}
		if st.Check != 0 {
			h.Check = st.Check + st.CheckMod
		}
		if st.Die != 0 {
			h.Die = st.Die + st.DieMod
		}
		out = append(out, h)
	}
	return out
}

// report says what a disaster did, for the log.
func (g *game) report(rep battle.Report) string {
	var b []byte
	for i, st := range rep.Strikes {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = fmt.Appendf(b, "%s lost %d", g.tname(st.Territory), st.Lost)
	}
	return string(b)
}

// nuked reports whether territory t is nuked: no one may attack it or
// place armies there (rule 21).
func (g *game) nuked(t board.TerritoryID) bool {
	return slices.ContainsFunc(g.s.Nukes, func(n Nuke) bool { return n.Territory == t })
}

// nuke checks and plays the Queen of Clubs (rule 21): once a turn, all
// but one army of another player's territory killed, and the territory
// closed to attacks and placing until the nuker's next turn.
func (g *game) nuke(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	switch {
	case !g.has(p, cards.Nuke):
		return reject(what, "you hold no Nuke (the Queen of Clubs)")
	case s.NukeUsed:
		return reject(what, "a Nuke may be played once a turn")
	case g.b.Territory(a.Territory) == nil:
		return reject(what, "there is no territory %d", a.Territory)
	case s.Owner[a.Territory-1] == p:
		return reject(what, "%s is yours", g.tname(a.Territory))
	}
	left, _ := g.rules.cards.Effect(cards.Nuke)
	t := a.Territory
	killed := max(0, s.Armies[t-1]-left)
	s.Armies[t-1] -= killed
	s.NukeUsed = true
	s.Nukes = append(s.Nukes, Nuke{Territory: t, By: p})
	out.add(Event{Kind: EventNuke, Seat: p, Other: s.Owner[t-1], Territory: t, Count: killed})
	return nil
}

// airDrop checks and plays the 9 of Clubs (rule 21): once a turn, 3
// armies of one of p's territories dropped onto another player's territory
// anywhere, attacking it roll after roll until they are destroyed or it
// is conquered; the survivors occupy it.
func (g *game) airDrop(p ruleset.Seat, a Action, what string, out *outcome) *ruleset.Rejection {
	s := &g.s
	drop, _ := g.rules.cards.Effect(cards.AirDrop)
	if r := g.own(what, p, a.From); r != nil {
		return r
	}
	switch {
	case !g.has(p, cards.AirDrop):
		return reject(what, "you hold no Air Drop (the 9 of Clubs)")
	case s.DropUsed:
		return reject(what, "an air drop may be made once a turn")
	case s.Armies[a.From-1] <= drop:
		return reject(what, "an air drop takes %d armies and leaves one: %s has %d", drop, g.tname(a.From), s.Armies[a.From-1])
	case g.b.Territory(a.To) == nil:
		return reject(what, "there is no territory %d", a.To)
	case s.Owner[a.To-1] == p:
		return reject(what, "%s is yours", g.tname(a.To))
	case g.nuked(a.To):
		return reject(what, "%s was nuked: no one may attack it until its nuker's next turn", g.tname(a.To))
	}
	t := a.To
	def := s.Owner[t-1]
	s.DropUsed = true
	s.Armies[a.From-1] -= drop
	out.add(Event{Kind: EventAirDrop, Seat: p, Other: def, From: a.From, To: t, Count: drop})
	if s.City[t-1] && !slices.Contains(s.Cities, t) {
		s.Cities = append(s.Cities, t)
	}
	for drop > 0 {
		if s.City[t-1] && s.Armies[t-1] == 0 { // rule 9: forced
			g.convert(t, true, out)
		}
		if s.Armies[t-1] == 0 {
			break
		}
		r, err := battle.RollDice(battle.Dice{Rand: g.rng}, min(drop, battle.MaxAttackDice), battle.DefendDice(s.Armies[t-1]), s.City[t-1], g.bonuses(p))
		if err != nil {
			return reject(what, "%v", err) // the dice are within bounds: cannot happen
		}
		drop -= r.AttackerLoss
		s.Armies[t-1] -= r.DefenderLoss
		out.add(Event{Kind: EventRoll, Seat: p, Other: def, To: t,
			Attack: values(r.Attacker), Defend: values(r.Defender), Value: r.AttackerLoss, Count: r.DefenderLoss})
	}
	if drop == 0 {
		return nil
	}
	g.conquer(p, def, t, out)
	s.Armies[t-1] = drop
	out.add(Event{Kind: EventOccupy, Seat: p, To: t, Count: drop})
	g.afterConquest(p, out)
	return nil
}
