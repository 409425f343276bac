package generals

import (
	"slices"

	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// This file is what the easy and the normal AI levels read of a view (a
// card's data, a unit's numbers in a battle, what the pool pays), and the
// easy level itself.

// addPool returns pool with gains added, a resource pool lacks appended.
func addPool(pool []cards.Amount, gains ...cards.Amount) []cards.Amount {
	out := slices.Clone(pool)
	for _, g := range gains {
		if i := slices.IndexFunc(out, func(b cards.Amount) bool { return b.Resource == g.Resource }); i >= 0 {
			out[i].N += g.N
		} else {
			out = append(out, g)
		}
	}
	return out
}

// battleBonus returns the Strength and Life a unit's own rules of trigger
// t (cards.OnAttack, cards.OnBlock) give it when it fights: "attack:
// strength +2 this", "block: life +2 this".
func battleBonus(c *cards.Card, t cards.Trigger) (strength, life int) {
	if c == nil {
		return 0, 0
	}
	for _, r := range c.Rules {
		if r.Trigger != t {
			continue
		}
		for _, a := range r.Actions {
			if a.Units.Which != cards.This {
				continue
			}
			switch a.Verb {
			case cards.Strength:
				strength += a.N
			case cards.Life:
				life += a.N
			}
		}
	}
	return strength, life
}

// fighter is a unit's numbers in a battle, its own attack or block rules
// counted.
type fighter struct {
	Strength, Life int
}

// clash is what a battle of attacker and blocker comes to, as the
// document reads it: "the attacker kills when its Strength > the
// blocker's Life, the blocker kills (the counter-attack) when its Strength
// > the attacker's Life"; "In the case of a tie, the Defender always
// wins".
func clash(attacker, blocker fighter) (attackerKills, blockerKills bool) {
	return attacker.Strength > blocker.Life, blocker.Strength > attacker.Life
}

// cardOf returns the collection's card of id, or nil when id is no card
// of it.
func cardOf(coll *cards.Collection, id CardID) *cards.Card {
	cid, err := cards.ParseID(string(id))
	if err != nil {
		return nil
	}
	c, ok := coll.Card(cid)
	if !ok {
		return nil
	}
	return c
}

// kindOf returns the kind of the card of id (cards.NoKind when id is no
// identification number).
func kindOf(id CardID) cards.Kind {
	cid, err := cards.ParseID(string(id))
	if err != nil {
		return cards.NoKind
	}
	return cid.Kind
}

// mind is what the easy and the normal levels work with for one action:
// the view of their seat and nothing else, the cards of the collection,
// and the actions Moves allows now.
type mind struct {
	v     *View
	me    *PlayerView
	moves []Action
	byID  func(CardID) *cards.Card
	lex   *cards.Lexicon
}

// newMind returns the mind of view v (its seat's, not a spectator's),
// the moves allowed now, and the collection's words (lex) and cards
// (card: nil for an id of none).
func newMind(v *View, moves []Action, lex *cards.Lexicon, card func(CardID) *cards.Card) *mind {
	m := &mind{v: v, moves: moves, lex: lex, byID: card}
	m.me = m.player(v.Seat)
	return m
}

// card returns the card of id, nil when the collection has none.
func (m *mind) card(id CardID) *cards.Card { return m.byID(id) }

// player returns the player of seat s, nil when there is none.
func (m *mind) player(s ruleset.Seat) *PlayerView {
	for i := range m.v.Players {
		if m.v.Players[i].Seat == s {
			return &m.v.Players[i]
		}
	}
	return nil
}

// unit returns the card in play ref and its owner, nil when there is
// none.
func (m *mind) unit(ref Ref) (*InPlay, *PlayerView) {
	for i := range m.v.Players {
		p := &m.v.Players[i]
		for j := range p.Table {
			if p.Table[j].Ref == ref {
				return &p.Table[j], p
			}
		}
	}
	return nil, nil
}

// opponents returns the live players other than the mind's seat, in seat
// order.
func (m *mind) opponents() []*PlayerView {
	var out []*PlayerView
	for i := range m.v.Players {
		p := &m.v.Players[i]
		if p.Seat != m.v.Seat && !p.Out {
			out = append(out, p)
		}
	}
	return out
}

// of returns the actions of kind k among the moves, in Moves' order.
func (m *mind) of(k ActionKind) []Action {
	var out []Action
	for _, a := range m.moves {
		if a.Kind == k {
			out = append(out, a)
		}
	}
	return out
}

// may reports whether an action of kind k is among the moves.
func (m *mind) may(k ActionKind) bool {
	return slices.ContainsFunc(m.moves, func(a Action) bool { return a.Kind == k })
}

// next is ActNext when the moves allow it, else the first move (the
// game's own choice of what comes first), else no action.
func (m *mind) next() Action {
	if m.may(ActNext) {
		return Action{Kind: ActNext}
	}
	for _, a := range m.moves {
		if a.Kind != ActResign {
			return a
		}
	}
	return Action{}
}

// fighter returns unit u's numbers in a battle as the attacker (attack
// true) or the blocker, its own attack or block rules counted.
func (m *mind) fighter(u *InPlay, attack bool) fighter {
	t := cards.OnBlock
	if attack {
		t = cards.OnAttack
	}
	s, l := battleBonus(m.card(u.Card), t)
	return fighter{Strength: u.Strength + s, Life: u.Life + l}
}

// zone returns player p's units in zone z, in Ref order.
func zone(p *PlayerView, z Zone) []*InPlay {
	var out []*InPlay
	for i := range p.Table {
		if p.Table[i].Zone == z {
			out = append(out, &p.Table[i])
		}
	}
	return out
}

// cost returns what playing the hand card id costs (free when unknown).
func (m *mind) cost(id CardID) cards.Cost {
	if c := m.card(id); c != nil {
		return c.Cost
	}
	return cards.Cost{}
}

// discardLast is the discard of the last n cards of the hand: the
// game's own default.
func discardLast(hand, n int) Action {
	var places []int
	for i := max(hand-n, 0); i < hand; i++ {
		places = append(places, i)
	}
	return Action{Kind: ActDiscard, Cards: places}
}

// common is what both levels answer the same way: to the Epic
// Campaigner's question, play on for second place. ok is false when the
// level must choose.
func (m *mind) common() (Action, bool) {
	if m.may(ActContinue) {
		return Action{Kind: ActContinue}, true
	}
	return Action{}, false
}

// easy is the easy level's action (see Levels): its opening takes 4
// cards from the Draw Pile; it takes every turn and draws from the Supply
// Pile when its hand holds no Resource Card; it plays every card it may,
// Resource Cards first, then the cheapest (a Tactics card only on a
// battle, the cheapest that helps its side); it moves every unit it may
// to the Battlefield, attacks (easyAttack), blocks (easyBlock), and
// discards the last cards of its hand.
func (m *mind) easy() Action {
	if a, ok := m.common(); ok {
		return a
	}
	v := m.v
	switch {
	case m.may(ActOpening):
		return Action{Kind: ActOpening, Count: 4}
	case v.Must != nil && v.Must.Seat == v.Seat:
		return discardLast(len(v.Hand), v.Must.Count)
	case m.may(ActBlock):
		return m.easyBlock()
	}
	switch v.Phase {
	case PhaseDeclare:
		if m.may(ActPlay) {
			return Action{Kind: ActPlay}
		}
	case PhaseDraw:
		if a, ok := m.draw(m.resourcesInHand() == 0); ok {
			return a
		}
	case PhaseHarvest, PhaseKingdom:
		if a, ok := m.cheapestCard(); ok {
			return a
		}
	case PhaseArmy:
		if a, ok := m.cheapestCard(); ok {
			return a
		}
		for _, a := range m.of(ActMove) {
			if a.Battlefield {
				return a
			}
		}
	case PhaseAttack:
		if v.Battle != nil {
			if a, ok := m.easyTactics(); ok {
				return a
			}
		} else if a, ok := m.easyAttack(); ok {
			return a
		}
	case PhaseResolve:
		if over := len(v.Hand) - m.me.HandLimit; over > 0 {
			return discardLast(len(v.Hand), over)
		}
	}
	return m.next()
}

// draw is the draw of the turn's card from the pile the level wants (the
// Supply Pile if supply), or from the other when that one is empty; ok
// is false when the moves offer no draw.
func (m *mind) draw(supply bool) (Action, bool) {
	draws := m.of(ActDraw)
	for _, a := range draws {
		if a.Supply == supply {
			return a, true
		}
	}
	if len(draws) > 0 {
		return draws[0], true
	}
	return Action{}, false
}

// resourcesInHand counts the Resource Cards of the hand.
func (m *mind) resourcesInHand() int {
	n := 0
	for _, id := range m.v.Hand {
		if kindOf(id).Supply() {
			n++
		}
	}
	return n
}

// cheapestCard is the easy level's card to play: a Resource Card first,
// then the cheapest card the moves allow (the first of its choices of
// targets), never a Tactics card outside a battle it is meant for.
func (m *mind) cheapestCard() (Action, bool) {
	best, bestCost := -1, 0
	cs := m.of(ActCard)
	for i, a := range cs {
		k := kindOf(a.Card)
		if k == cards.Tactics && !m.useful(a) {
			continue
		}
		n := m.cost(a.Card).Total()
		if k == cards.Resource || k == cards.Trader {
			n = -1
		}
		if best < 0 || n < bestCost {
			best, bestCost = i, n
		}
	}
	if best < 0 {
		return Action{}, false
	}
	return cs[best], true
}

// useful reports whether the easy level sees a use in a Tactics card
// now: one that names a battle's attacker or blocker only during a
// battle, any other at any time.
func (m *mind) useful(a Action) bool {
	c := m.card(a.Card)
	if c == nil {
		return false
	}
	for _, r := range c.Rules {
		for _, x := range r.Actions {
			if (x.Units.Which == cards.Attacker || x.Units.Which == cards.Blocker) && m.v.Battle == nil {
				return false
			}
		}
	}
	return true
}

// easyTactics is the easy level's Tactics card on a battle: the cheapest
// one that helps its side by the words "attacker" and "blocker" alone (a
// gain of Strength or Life for its own unit, a loss or a withdrawal for
// the other's).
func (m *mind) easyTactics() (Action, bool) {
	mine := cards.Attacker
	if m.v.Battle.Defender == m.v.Seat {
		mine = cards.Blocker
	}
	best, bestCost := -1, 0
	cs := m.of(ActCard)
	for i, a := range cs {
		c := m.card(a.Card)
		if c == nil || c.ID.Kind != cards.Tactics || !helps(c, mine) {
			continue
		}
		if n := c.Cost.Total(); best < 0 || n < bestCost {
			best, bestCost = i, n
		}
	}
	if best < 0 {
		return Action{}, false
	}
	return cs[best], true
}

// helps reports whether Tactics card c helps the side whose unit in the
// battle is mine (cards.Attacker or cards.Blocker): each of its actions
// on the battle's units a gain of Strength or Life for that unit, or a
// loss, a withdrawal, a destruction or a return for the other; false
// when it names neither.
func helps(c *cards.Card, mine cards.UnitRef) bool {
	named := false
	for _, r := range c.Rules {
		for _, x := range r.Actions {
			if x.Units.Which != cards.Attacker && x.Units.Which != cards.Blocker {
				continue
			}
			named = true
			gain := (x.Verb == cards.Strength || x.Verb == cards.Life) && x.N > 0
			if gain != (x.Units.Which == mine) {
				return false
			}
		}
	}
	return named
}

// easyAttack is the easy level's attack: its strongest Battlefield unit
// against the weakest-looking opponent (the least Health, then the
// fewest units in play, then the lowest seat).
func (m *mind) easyAttack() (Action, bool) {
	var best Action
	found := false
	var bs int
	var bp *PlayerView
	for _, a := range m.of(ActAttack) {
		u, _ := m.unit(a.Unit)
		p := m.player(a.Seat)
		if u == nil || p == nil {
			continue
		}
		if !found || u.Strength > bs || (u.Strength == bs && weaker(p, bp)) {
			best, bs, bp, found = a, u.Strength, p, true
		}
	}
	return best, found
}

// weaker reports whether p looks weaker than q: less Health, then fewer
// units in play, then a lower seat.
func weaker(p, q *PlayerView) bool {
	if p.Health != q.Health {
		return p.Health < q.Health
	}
	pu, qu := len(zone(p, ZoneBattlefield))+len(zone(p, ZoneWarcamp)), len(zone(q, ZoneBattlefield))+len(zone(q, ZoneWarcamp))
	if pu != qu {
		return pu < qu
	}
	return p.Seat < q.Seat
}

// easyBlock is the easy level's blocker: the first unit offered that
// survives the attacker; else, at the Battlefield, it lets the attack
// through when a unit of its Warcamp survives, and blocks with the first
// unit offered when none does; at the Warcamp it presents no blocker.
func (m *mind) easyBlock() Action {
	b := m.v.Battle
	none := Action{Kind: ActBlock}
	if b == nil {
		return none
	}
	att, _ := m.unit(b.Unit)
	if att == nil {
		return none
	}
	af := m.fighter(att, true)
	var first *Action
	for _, a := range m.of(ActBlock) {
		if a.Unit == 0 {
			continue
		}
		u, _ := m.unit(a.Unit)
		if u == nil {
			continue
		}
		if first == nil {
			first = &a
		}
		if kills, _ := clash(af, m.fighter(u, false)); !kills {
			return a
		}
	}
	if !b.AtBattlefield || first == nil {
		return none
	}
	for _, u := range zone(m.me, ZoneWarcamp) {
		if kills, _ := clash(af, m.fighter(u, false)); !kills && !u.CannotBlock {
			return none
		}
	}
	return *first
}
