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

// Levels returns the AI's levels, weakest first:
//   - passive plays every step's default (rule 19): it places nothing and
//     never attacks, builds, trades or buys; a baseline.
//   - random picks at random among legal actions: places on a random
//     territory, attacks a random neighbour half the time, offers random
//     cards, buys what it can.
//   - easy places on its territory with the most enemies around, attacks
//     where it has more armies than the defender and its city, builds a city
//     wherever one army is left beside it, buys the first Empire card it can
//     with all its Goods cards.
//   - normal plays from a reading of its view (ai_normal.go): it weighs
//     each attack by its exact odds (battle.AttackOdds, with the city's +1
//     and its own Attack bonuses) against what the territory is worth to it
//     (a territory card, completing or nearing a continent, breaking one
//     another holds, a city, a player's last territories, the last round's
//     count), keeps a garrison on the borders of the continents it holds,
//     places its armies for its best attack (first where a held continent
//     is short), moves idle armies to the front, builds all the cities it
//     may, answers the city question by the odds, nukes the largest army
//     next to it, air drops where 3 armies likely take a territory worth
//     it, trades fair deals, orders its riots and chooses the plague's
//     place to lose least, and buys the Empire cards of most face value it
//     can, never the last King that would end the game unless it wins.
func Levels() []ruleset.Level {
	return []ruleset.Level{ruleset.Passive, ruleset.Random, ruleset.Easy, ruleset.Normal}
}

// NewAI implements ruleset.Ruleset.
func (r *Rules) NewAI(level string, seed uint64) (ruleset.AI, error) {
	l, err := ruleset.ParseLevel(level, Levels())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &ai{rules: r, level: l, rng: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))}, nil
}

// ai plays a seat from its view alone.
type ai struct {
	rules *Rules
	level ruleset.Level
	rng   *rand.Rand
	b     *board.Board
	key   [3]uint64
	// cache holds the normal level's forecasts, a function of their key
	// alone: it changes no choice, only the time one takes.
	cache map[oddsKey]forecast
}

// mind is what the AI works with for one action.
type mind struct {
	*ai
	v *View
	s ruleset.Seat
}

var _ ruleset.AI = (*ai)(nil)

// Act implements ruleset.AI.
func (a *ai) Act(rv ruleset.View, step ruleset.Step, s ruleset.Seat) ([]byte, error) {
	v, ok := rv.(*View)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s AI: a view of type %T", ID, rv)
	case s == 0 || v.Seat != s:
		return nil, fmt.Errorf("%s AI: seat %d's view for seat %d", ID, v.Seat, s)
	case !step.Acts(s):
		return nil, fmt.Errorf("%s AI: seat %d does not act in step %d", ID, s, step.Seq)
	case v.Seq != step.Seq:
		return nil, fmt.Errorf("%s AI: a view of step %d for step %d", ID, v.Seq, step.Seq)
	}
	if key := [3]uint64{uint64(v.Map), uint64(v.Size), v.MapSeed}; a.b == nil || key != a.key {
		b, err := a.rules.Board(v.Map, v.Size, v.MapSeed)
		if err != nil {
			return nil, fmt.Errorf("%s AI: %w", ID, err)
		}
		if len(b.Territories) != len(v.Board) {
			return nil, fmt.Errorf("%s AI: a view of %d territories on a map of %d", ID, len(v.Board), len(b.Territories))
		}
		a.b, a.key = b, key
	}
	m := mind{ai: a, v: v, s: s}
	var act Action
	if a.level == ruleset.Normal {
		act = m.read().normal()
	} else {
		act = m.choose()
	}
	if act.Kind == 0 && step.Mode == ruleset.Concurrent {
		return nil, nil // it waits (ruleset.AI): asked again once another player acts
	}
	act.Seq = step.Seq
	return wire.Marshal(&act)
}

// mine returns the seat's territories.
func (m mind) mine() []board.TerritoryID {
	var out []board.TerritoryID
	for i, t := range m.v.Board {
		if t.Owner == m.s && (t.Armies > 0 || t.City) {
			out = append(out, board.TerritoryID(i+1))
		}
	}
	return out
}

// at returns territory t's state.
func (m mind) at(t board.TerritoryID) TerritoryView { return m.v.Board[t-1] }

// threat is the enemy armies next to t.
func (m mind) threat(t board.TerritoryID) int {
	n := 0
	for _, u := range m.b.Neighbours(t) {
		if x := m.at(u); x.Owner != m.s {
			n += x.Armies + 1
		}
	}
	return n
}

// pick returns a random element of xs.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// choose returns the action for the view's step.
func (m mind) choose() Action {
	v := m.v
	switch v.Phase {
	case PhaseClaim:
		var free []board.TerritoryID
		for i, t := range v.Board {
			if t.Armies == 0 && !t.City {
				free = append(free, board.TerritoryID(i+1))
			}
		}
		if m.level == ruleset.Passive {
			return Action{Kind: ActClaim, Territory: free[0]}
		}
		return Action{Kind: ActClaim, Territory: pick(m.rng, free)}
	case PhaseDeploy:
		return Action{Kind: ActPlace, Territory: m.placeOn(), Count: 1}
	case PhasePlace:
		t := m.placeOn()
		if m.level == ruleset.Passive || t == 0 {
			return Action{Kind: ActEndPlace}
		}
		return Action{Kind: ActPlace, Territory: t, Count: v.Players[m.s-1].Reserve}
	case PhaseAttack:
		return m.attack()
	case PhaseReinforce:
		return Action{Kind: ActPlace, Territory: m.placeOn(), Count: v.Players[m.s-1].Reserve}
	case PhaseDefend:
		if m.level == ruleset.Random && m.rng.IntN(2) == 0 || m.level != ruleset.Random && m.at(v.To).Armies <= 1 {
			return Action{Kind: ActConvert}
		}
		return Action{Kind: ActKeep}
	case PhaseOccupy:
		most := m.at(v.From).Armies - 1
		if m.level == ruleset.Random {
			return Action{Kind: ActOccupy, Count: v.Dice + m.rng.IntN(most-v.Dice+1)}
		}
		if m.level == ruleset.Passive {
			return Action{Kind: ActOccupy, Count: v.Dice}
		}
		return Action{Kind: ActOccupy, Count: most}
	case PhaseMove:
		return m.move()
	case PhaseBuild:
		return m.build()
	case PhaseTrade:
		return m.trade()
	case PhaseDisaster:
		return Action{Kind: ActResolve}
	case PhasePlague:
		if m.level == ruleset.Random {
			return Action{Kind: ActChoose, Choice: pick(m.rng, v.Tied)}
		}
		return Action{Kind: ActChoose, Choice: v.Tied[0]}
	case PhasePurchase:
		return m.buy()
	}
	return Action{}
}

// placeOn returns where to place an army, 0 if nowhere (every territory
// of its nuked).
func (m mind) placeOn() board.TerritoryID {
	mine := slices.DeleteFunc(m.mine(), m.nuked)
	if len(mine) == 0 {
		return 0
	}
	switch m.level {
	case ruleset.Passive:
		return mine[0]
	case ruleset.Random:
		return pick(m.rng, mine)
	}
	best, score := mine[0], -1
	for _, t := range mine {
		if sc := m.threat(t); sc > score {
			best, score = t, sc
		}
	}
	return best
}

// nuked reports whether territory t is nuked (rule 21).
func (m mind) nuked(t board.TerritoryID) bool {
	return slices.ContainsFunc(m.v.Nukes, func(n Nuke) bool { return n.Territory == t })
}

// holds reports whether the seat holds the Empire card of bonus b.
func (m mind) holds(b cards.Bonus) bool {
	me := m.v.Players[m.s-1]
	return m.rules.cards.Has(append(slices.Clone(me.Empire), me.NewEmpire...), b)
}

// special plays the Air Drop (rule 21), or returns false: random drops
// from its largest army onto a random enemy territory half the time.
func (m mind) special() (Action, bool) {
	v := m.v
	nuked := m.nuked
	if m.level == ruleset.Random && m.holds(cards.AirDrop) && !v.DropUsed && m.rng.IntN(2) == 0 {
		from := board.TerritoryID(0)
		for _, t := range m.mine() {
			if m.at(t).Armies > 3 && (from == 0 || m.at(t).Armies > m.at(from).Armies) {
				from = t
			}
		}
		var targets []board.TerritoryID
		for i, y := range v.Board {
			if t := board.TerritoryID(i + 1); y.Owner != m.s && !nuked(t) {
				targets = append(targets, t)
			}
		}
		if from != 0 && len(targets) > 0 {
			return Action{Kind: ActAirDrop, From: from, To: pick(m.rng, targets)}, true
		}
	}
	return Action{}, false
}

// attack chooses a roll, or stops.
func (m mind) attack() Action {
	if a, ok := m.special(); ok {
		return a
	}
	nuked := m.nuked
	type option struct {
		from, to board.TerritoryID
		win      float64
	}
	var opts []option
	for _, t := range m.mine() {
		x := m.at(t)
		if x.Armies < 2 {
			continue
		}
		for _, u := range m.b.Neighbours(t) {
			y := m.at(u)
			if y.Owner == m.s && (y.Armies > 0 || y.City) || nuked(u) {
				continue
			}
			o := option{from: t, to: u}
			switch m.level {
			case ruleset.Easy:
				def := y.Armies
				if y.City {
					def += cityArmies
				}
				if x.Armies > def+1 {
					o.win = 1
				}
			default:
				o.win = 1
			}
			opts = append(opts, o)
		}
	}
	switch m.level {
	case ruleset.Passive:
		return Action{Kind: ActStop}
	case ruleset.Random:
		if len(opts) == 0 || m.rng.IntN(2) == 0 {
			return Action{Kind: ActStop}
		}
		o := pick(m.rng, opts)
		return Action{Kind: ActAttack, From: o.from, To: o.to, Dice: 1 + m.rng.IntN(battle.AttackDice(m.at(o.from).Armies))}
	}
	var best *option // easy: the first where it outnumbers the defender
	for i := range opts {
		if opts[i].win >= 1 && best == nil {
			best = &opts[i]
		}
	}
	if best == nil {
		return Action{Kind: ActStop}
	}
	return Action{Kind: ActAttack, From: best.from, To: best.to, Dice: battle.AttackDice(m.at(best.from).Armies)}
}

// move ends the turn: passive, random and easy make no free move.
func (m mind) move() Action {
	return Action{Kind: ActEndTurn}
}

// build builds a city where the rules let it, or ends.
func (m mind) build() Action {
	if m.level == ruleset.Passive || m.v.Players[m.s-1].Cities >= maxCities {
		return Action{Kind: ActEndBuild}
	}
	cost := cityArmies
	if me := m.v.Players[m.s-1]; m.rules.cards.Has(append(slices.Clone(me.Empire), me.NewEmpire...), cards.UrbanSprawl) {
		cost, _ = m.rules.cards.Effect(cards.UrbanSprawl)
	}
	var can []board.TerritoryID
	for _, t := range m.mine() {
		x := m.at(t)
		if x.City || x.Armies < cost {
			continue
		}
		if m.level == ruleset.Random || x.Armies >= cost+1 {
			can = append(can, t)
		}
	}
	if len(can) == 0 || m.level == ruleset.Random && m.rng.IntN(2) == 0 {
		return Action{Kind: ActEndBuild}
	}
	return Action{Kind: ActBuild, Territory: pick(m.rng, can)}
}

// trade: random offers 3 random cards to a random trader, answers offers
// made to it at random, then leaves; passive and easy leave at once.
func (m mind) trade() Action {
	v := m.v
	if m.level != ruleset.Random {
		return Action{Kind: ActDone}
	}
	hand := &cards.Hand{Cards: slices.Clone(v.Hand)}
	for _, o := range v.Offers {
		if o.To != m.s {
			continue
		}
		if m.rng.IntN(2) == 0 || len(v.Hand) < 3 {
			return Action{Kind: ActRefuse, Offer: o.ID}
		}
		return Action{Kind: ActAccept, Offer: o.ID, Part: m.part(hand)}
	}
	var others []ruleset.Seat
	for i, p := range v.Players {
		if q := ruleset.Seat(i + 1); q != m.s && p.Trader {
			others = append(others, q)
		}
	}
	me := v.Players[m.s-1]
	if len(others) == 0 || me.Offered >= maxOffers || len(v.Hand) < 3 || m.rng.IntN(3) == 0 {
		return Action{Kind: ActDone}
	}
	return Action{Kind: ActOffer, Seat: pick(m.rng, others), Part: m.part(hand)}
}

// part returns 3 random cards of hand, stated truthfully.
func (m mind) part(hand *cards.Hand) cards.Part {
	idx := m.rng.Perm(len(hand.Cards))[:3]
	var ids []cards.GoodsID
	for _, i := range idx {
		ids = append(ids, hand.Cards[i].ID)
	}
	st, _ := cards.TrueStatement(hand, ids)
	return cards.Part{Cards: ids, Statement: st}
}

// buy buys an Empire card it can pay, or ends: random and easy the first
// suit's card they can pay with all their Goods cards.
func (m mind) buy() Action {
	v := m.v
	if m.level == ruleset.Passive {
		return Action{Kind: ActEndPurchase}
	}
	hand := &cards.Hand{Cards: slices.Clone(v.Hand)}
	var ids []cards.GoodsID
	for _, c := range v.Hand {
		ids = append(ids, c.ID)
	}
	supply := &cards.EmpireSupply{Piles: v.Empires}
	emp := &cards.Empire{Held: v.Players[m.s-1].Empire, New: v.Players[m.s-1].NewEmpire}
	for _, suit := range cards.Suits() {
		p := cards.Purchase{Suits: []cards.Suit{suit}, Goods: ids}
		if _, _, err := m.rules.cards.Price(supply, emp, hand, p); err == nil {
			return Action{Kind: ActBuy, Purchase: p}
		}
	}
	return Action{Kind: ActEndPurchase}
}

// cheapest returns the Goods cards of hand worth the fewest points (Table
// 1) that are worth price or more, the fewest cards breaking ties; nil if
// price is 0 or the hand is not worth it. Cards of one value are alike to
// the points, so it chooses how many of each value to give: at most the
// product of (cards of a value + 1) choices, not 2^cards.
func cheapest(hand *cards.Hand, price int) []cards.GoodsID {
	if price <= 0 {
		return nil
	}
	var have [10]int
	for _, c := range hand.Cards {
		have[c.Value]++
	}
	var take, best [10]int
	bestPoints, bestCards := -1, 0
	var walk func(v, points, n int)
	walk = func(v, points, n int) {
		if v > 9 {
			if points >= price && (bestPoints < 0 || points < bestPoints || points == bestPoints && n < bestCards) {
				best, bestPoints, bestCards = take, points, n
			}
			return
		}
		for k := 0; k <= have[v]; k++ {
			take[v] = k
			walk(v+1, points+cards.SetValue(v, k), n+k)
		}
		take[v] = 0
	}
	walk(1, 0, 0)
	if bestPoints < 0 {
		return nil
	}
	return pickValues(hand, best, false)
}

// pickValues returns the IDs of the first n[v] cards of each value v of
// hand, in the hand's order; Disasters (value 0) only those never traded
// if untraded.
func pickValues(hand *cards.Hand, n [10]int, untraded bool) []cards.GoodsID {
	var out []cards.GoodsID
	for _, c := range hand.Cards {
		if n[c.Value] > 0 && !(untraded && c.Value == 0 && c.Traded) {
			n[c.Value]--
			out = append(out, c.ID)
		}
	}
	return out
}

// leastMissed returns the 3 cards of hand whose loss costs its points the
// least, and that cost: a Disaster drawn (worth nothing) first, then the
// values whose sets lose least; nil if it holds fewer than 3 it may give
// (a Disaster traded once may not be traded again).
func (m mind) leastMissed(hand *cards.Hand) ([]cards.GoodsID, int) {
	var have [10]int
	for _, c := range hand.Cards {
		if c.Value != 0 || !c.Traded {
			have[c.Value]++
		}
	}
	var take, best [10]int
	bestLoss := -1
	var walk func(v, left, loss int)
	walk = func(v, left, loss int) {
		if left == 0 {
			if bestLoss < 0 || loss < bestLoss {
				best, bestLoss = take, loss
			}
			return
		}
		if v > 9 {
			return
		}
		for k := min(left, have[v]); k >= 0; k-- {
			take[v] = k
			walk(v+1, left-k, loss+cards.SetValue(v, have[v])-cards.SetValue(v, have[v]-k))
		}
		take[v] = 0
	}
	walk(0, 3, 0)
	if bestLoss < 0 {
		return nil, 0
	}
	return pickValues(hand, best, true), bestLoss
}
