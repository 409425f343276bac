package risk

import (
	"slices"

	"empires/shared/rules/risk/battle"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
)

// The normal AI reads its view once an action (reading) and plays by a
// few numbers: what a territory is worth taking (worth), the exact odds of
// taking it (battle.AttackOdds, kept in the AI's odds cache), and the
// armies other players could bring against each of its territories
// (danger). Everything it reads is in its seat's view.

// reading is the normal AI's reading of its view for one action.
type reading struct {
	mind
	mine []board.TerritoryID // its territories, by ID
	own  []bool              // by territory index: its own
	// danger is, by territory index, the armies other players (not the
	// neutral side, which never attacks) could attack it with from their
	// territories next to it: each one's armies less the one left behind.
	danger []int
	// contMine and contSize are, by continent index, its territories
	// there and all of them; holder the seat holding it whole, or -1.
	contMine, contSize []int
	holder             []int
	held               []int // by seat index: territories held
	bonuses            battle.Bonuses
}

// read makes the reading of m's view.
func (m mind) read() *reading {
	n := len(m.v.Board)
	r := &reading{mind: m, own: make([]bool, n), danger: make([]int, n),
		contMine: make([]int, len(m.b.Continents)), contSize: make([]int, len(m.b.Continents)),
		holder: make([]int, len(m.b.Continents)), held: make([]int, len(m.v.Players)+1)}
	for i, x := range m.v.Board {
		t := board.TerritoryID(i + 1)
		occupied := x.Armies > 0 || x.City
		if x.Owner == m.s && occupied {
			r.own[i] = true
			r.mine = append(r.mine, t)
		}
		if occupied && int(x.Owner) < len(r.held) {
			r.held[x.Owner]++
		}
		c := m.b.Territories[i].Continent - 1
		r.contSize[c]++
		if r.own[i] {
			r.contMine[c]++
		}
		if x.Owner != m.s && x.Owner != neutral && x.Armies > 1 {
			for _, u := range m.b.Territories[i].Links {
				r.danger[u-1] += x.Armies - 1
			}
		}
	}
	for ci, c := range m.b.Continents {
		r.holder[ci] = -1
		first := m.v.Board[c.Territories[0]-1]
		if !(first.Armies > 0 || first.City) {
			continue
		}
		whole := true
		for _, t := range c.Territories {
			if x := m.v.Board[t-1]; x.Owner != first.Owner || !(x.Armies > 0 || x.City) {
				whole = false
				break
			}
		}
		if whole {
			r.holder[ci] = int(first.Owner)
		}
	}
	me := m.v.Players[m.s-1]
	held := append(slices.Clone(me.Empire), me.NewEmpire...)
	r.bonuses = battle.Bonuses{AttackI: m.rules.cards.Has(held, cards.AttackI),
		AttackII: m.rules.cards.Has(held, cards.AttackII), AttackIII: m.rules.cards.Has(held, cards.AttackIII)}
	return r
}

// cont returns territory t's continent index.
func (r *reading) cont(t board.TerritoryID) int { return int(r.b.Territories[t-1].Continent) - 1 }

// enemy reports whether territory u is another's (or the neutral side's)
// and occupied: a territory it may attack.
func (r *reading) enemy(u board.TerritoryID) bool {
	x := r.at(u)
	return !r.own[u-1] && (x.Armies > 0 || x.City)
}

// front reports whether territory t of its own has a territory of
// another next to it.
func (r *reading) front(t board.TerritoryID) bool {
	for _, u := range r.b.Territories[t-1].Links {
		if r.enemy(u) {
			return true
		}
	}
	return false
}

// guards reports whether territory t of its own is on the border of a
// continent it holds: the armies there keep the continent's bonus.
func (r *reading) guards(t board.TerritoryID) bool {
	c := r.cont(t)
	if r.holder[c] != int(r.s) {
		return false
	}
	for _, u := range r.b.Territories[t-1].Links {
		if r.cont(u) != c {
			return true
		}
	}
	return false
}

// garrison is the armies territory t of its own keeps when it attacks
// from there: enough to face the danger next to it if it guards a
// continent it holds, else 1.
func (r *reading) garrison(t board.TerritoryID) int {
	if r.guards(t) {
		return max(1, min(r.danger[t-1]/2, r.at(t).Armies/2))
	}
	return 1
}

// worth is what taking territory u is worth to it, in about armies: one
// for the territory, the territory card of a first conquest, the share of
// a continent it brings it towards (all of its bonus, and more, when it
// completes it), the bonus of a continent it breaks, a city's Goods card
// and income, a player's last territories (its territory cards), and the
// territory's count at the end of the last round (rule 18).
func (r *reading) worth(u board.TerritoryID) float64 {
	x := r.at(u)
	c := r.cont(u)
	bonus := float64(r.b.Continents[c].Bonus)
	w := 1.0
	if !r.v.Conquered {
		w += 1.5
	}
	if left := r.contSize[c] - r.contMine[c]; left == 1 {
		w += 2*bonus + 1
	} else {
		share := float64(r.contMine[c]+1) / float64(r.contSize[c])
		w += bonus * share * share
	}
	if x.Owner != neutral && r.holder[c] == int(x.Owner) {
		w += 1.5*bonus + 1
	}
	if x.City {
		w += 1.5
	}
	if x.Owner != neutral && r.held[x.Owner] <= 2 {
		w += 3
	}
	if r.v.Rounds > 0 && r.v.Round >= r.v.Rounds {
		w += 2
	}
	return w
}

// oddsKey is one forecast the odds cache holds.
type oddsKey struct {
	att, def, stop int
	city           bool
	bonuses        battle.Bonuses
}

// forecast is what the normal AI keeps of a battle.Forecast.
type forecast struct {
	win, attackerLoss, defenderLoss float64
}

// maxOdds is how many forecasts the AI keeps: the cache is emptied when
// full.
const maxOdds = 4096

// odds returns the exact odds of an attack of att armies, stopping at
// stop, on def armies and a city if city, with the reading's bonuses.
func (r *reading) odds(att, def int, city bool, stop int) forecast {
	k := oddsKey{att: min(att, battle.MaxArmies), def: min(def, battle.MaxArmies), stop: stop, city: city, bonuses: r.bonuses}
	if f, ok := r.cache[k]; ok {
		return f
	}
	f, err := battle.AttackOdds(battle.Attack{Attackers: k.att, Defenders: k.def, City: city, CityArmies: cityArmies, StopAt: stop, Bonuses: r.bonuses})
	if err != nil {
		return forecast{}
	}
	if r.cache == nil || len(r.cache) >= maxOdds {
		r.cache = map[oddsKey]forecast{}
	}
	out := forecast{win: f.Win, attackerLoss: f.AttackerLoss, defenderLoss: f.DefenderLoss}
	r.cache[k] = out
	return out
}

// option is an attack the normal AI weighs.
type option struct {
	from, to board.TerritoryID
	win      float64
	score    float64
}

// attackOptions returns the attacks it may make from its territories with
// extra armies added to each, and their odds and scores.
func (r *reading) attackOptions(extra int) []option {
	var out []option
	for _, t := range r.mine {
		a := r.at(t).Armies + extra
		stop := r.garrison(t)
		if a <= stop || r.nuked(t) && extra > 0 {
			continue
		}
		for _, u := range r.b.Territories[t-1].Links {
			if !r.enemy(u) || r.nuked(u) {
				continue
			}
			y := r.at(u)
			f := r.odds(a, y.Armies, y.City, stop)
			kill := 0.0
			if y.Owner != neutral {
				kill = f.defenderLoss
			}
			out = append(out, option{from: t, to: u, win: f.win, score: f.win*r.worth(u) - 0.15*f.attackerLoss + kill})
		}
	}
	return out
}

// need is the least chance of taking territory u the normal AI attacks
// at: a half, 0.4 for a territory worth 5 or more. In round 1, while
// another player acts after it in the round, 0.8, and once it has
// conquered (its territory card earned) it attacks no more: the first to
// attack in round 1 thins itself out, and the next stack rolls through it.
func (r *reading) need(u board.TerritoryID) float64 {
	if r.v.Round <= 1 && r.othersAfter() {
		if r.v.Conquered {
			return 2 // more than any chance: one conquest, for the card
		}
		return 0.8
	}
	if r.worth(u) >= 5 {
		return 0.4
	}
	return 0.5
}

// normalAttack chooses the normal AI's next roll: the Nuke or an Air Drop
// when they pay, else the attack of best score among those at least as
// likely to win as need says, with all the dice it may roll.
func (r *reading) normalAttack() Action {
	if a, ok := r.normalSpecial(); ok {
		return a
	}
	var best *option
	opts := r.attackOptions(0)
	for i, o := range opts {
		if o.win >= r.need(o.to) && (best == nil || o.score > best.score) {
			best = &opts[i]
		}
	}
	if best == nil {
		return Action{Kind: ActStop}
	}
	return Action{Kind: ActAttack, From: best.from, To: best.to, Dice: battle.AttackDice(r.at(best.from).Armies)}
}

// normalSpecial plays the Nuke on the largest army of another player
// (not the neutral side's) next to its territories, 4 or more, those
// next to a continent it holds first; or the Air Drop onto the territory
// most worth it that 3 armies take with a chance of 0.6 or more, from its
// territory with most armies to spare. The drop's chance is reckoned as 4
// armies attacking and one left behind (3, 2, 1 dice as they fall), a
// little under the drop's own, whose survivors all roll.
func (r *reading) normalSpecial() (Action, bool) {
	v := r.v
	if r.holds(cards.Nuke) && !v.NukeUsed {
		best, score := board.TerritoryID(0), 3
		for i, y := range v.Board {
			u := board.TerritoryID(i + 1)
			if r.own[i] || y.Owner == neutral || r.nuked(u) {
				continue
			}
			near, guard := false, false
			for _, t := range r.b.Territories[i].Links {
				if r.own[t-1] {
					near = true
					guard = guard || r.guards(t)
				}
			}
			sc := y.Armies
			if guard {
				sc *= 2
			}
			if near && y.Armies > 3 && sc > score {
				best, score = u, sc
			}
		}
		if best != 0 {
			return Action{Kind: ActNuke, Territory: best}, true
		}
	}
	if r.holds(cards.AirDrop) && !v.DropUsed {
		drop, _ := r.rules.cards.Effect(cards.AirDrop)
		from, spare := board.TerritoryID(0), 0
		for _, t := range r.mine {
			if s := r.at(t).Armies - drop - r.danger[t-1]; r.at(t).Armies > drop && s > spare {
				from, spare = t, s
			}
		}
		to, best := board.TerritoryID(0), 0.0
		for i, y := range v.Board {
			u := board.TerritoryID(i + 1)
			if from == 0 || !r.enemy(u) || r.nuked(u) {
				continue
			}
			p := r.odds(drop+1, y.Armies, y.City, 1).win
			if sc := p * r.worth(u); p >= 0.6 && sc > best {
				to, best = u, sc
			}
		}
		if to != 0 && best >= 3 {
			return Action{Kind: ActAirDrop, From: from, To: to}, true
		}
	}
	return Action{}, false
}

// normalPlace returns where the normal AI places its armies and how many:
// first where a continent it holds is short of armies against the danger
// next to it (up to half of what it has left; its last army there only if
// it has no attack to make at all), then all on the territory
// from which the best attack it would make, with those armies added,
// scores most; with no such attack, in step 3, the armies that make a
// city ready (cityFund), then the rest where a continent is short, or on
// its territory in most danger.
func (r *reading) normalPlace(reserve int) (board.TerritoryID, int) {
	var short board.TerritoryID
	gap := 0
	for _, t := range r.mine {
		if r.nuked(t) || !r.guards(t) {
			continue
		}
		if g := r.danger[t-1] - r.at(t).Armies; g > gap {
			short, gap = t, g
		}
	}
	if short != 0 && reserve > 1 {
		return short, min(gap, (reserve+1)/2)
	}
	if short != 0 && len(r.attackOptions(0)) == 0 {
		return short, reserve
	}
	var best *option
	opts := r.attackOptions(reserve)
	for i, o := range opts {
		if o.win >= r.need(o.to) && !r.nuked(o.from) && (best == nil || o.score > best.score) {
			best = &opts[i]
		}
	}
	if best != nil {
		return best.from, reserve
	}
	if r.v.Phase == PhasePlace {
		if t, n := r.cityFund(reserve); t != 0 {
			return t, n
		}
	}
	if short != 0 {
		return short, reserve
	}
	for _, t := range r.mine { // the most endangered
		if !r.nuked(t) && (best == nil || r.danger[t-1] > r.danger[best.from-1]) {
			best = &option{from: t}
		}
	}
	if best == nil {
		return 0, 0
	}
	return best.from, reserve
}

// frontWeight is the armies (and one for each territory) of others next
// to territory t: what t faces.
func (r *reading) frontWeight(t board.TerritoryID) int {
	n := 0
	for _, u := range r.b.Territories[t-1].Links {
		if r.enemy(u) {
			n += r.at(u).Armies + 1
		}
	}
	return n
}

// normalOccupy returns the armies the normal AI moves into the territory
// it conquered: all it may when the territory it came from faces no one,
// the least when the new one faces no one, else shared by what each
// faces, a continent's guard keeping its garrison.
func (r *reading) normalOccupy() int {
	from, to := r.v.From, r.v.To
	least, most := r.v.Dice, r.at(from).Armies-1
	wf, wt := r.frontWeight(from), r.frontWeight(to)
	switch {
	case wf == 0:
		return most
	case wt == 0:
		return least
	}
	n := least + (most-least)*wt/(wf+wt)
	if r.guards(from) {
		n = min(n, r.at(from).Armies-r.garrison(from))
	}
	return max(least, min(most, n))
}

// normalMove makes the free move: the armies of its territory facing no
// one with most armies go one step towards its nearest front.
func (r *reading) normalMove() Action {
	dist := make([]int, len(r.v.Board))
	var queue []board.TerritoryID
	for _, t := range r.mine {
		dist[t-1] = -1
		if r.front(t) {
			dist[t-1] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, u := range r.b.Territories[t-1].Links {
			if r.own[u-1] && dist[u-1] < 0 {
				dist[u-1] = dist[t-1] + 1
				queue = append(queue, u)
			}
		}
	}
	var from, to board.TerritoryID
	for _, t := range r.mine {
		if dist[t-1] <= 0 || r.at(t).Armies < 2 || from != 0 && r.at(t).Armies <= r.at(from).Armies {
			continue
		}
		for _, u := range r.b.Territories[t-1].Links {
			if r.own[u-1] && dist[u-1] == dist[t-1]-1 && !r.nuked(u) {
				from, to = t, u
				break
			}
		}
	}
	if from == 0 {
		return Action{Kind: ActEndTurn}
	}
	return Action{Kind: ActMove, From: from, To: to, Count: r.at(from).Armies - 1}
}

// normalDefend answers the city question by the odds: it converts the
// city when the attacker, pressing on with its armies and its Attack
// bonuses, is less likely by more than 0.02 to take the territory from the
// armies there and the city's 3 than from the armies with the city's +1
// (and then its 3); close odds keep the city, which stays one if it holds.
func (r *reading) normalDefend() Action {
	v := r.v
	from, to := r.at(v.From), r.at(v.To)
	att := v.Players[v.Actor-1]
	held := append(slices.Clone(att.Empire), att.NewEmpire...)
	r.bonuses = battle.Bonuses{AttackI: r.rules.cards.Has(held, cards.AttackI),
		AttackII: r.rules.cards.Has(held, cards.AttackII), AttackIII: r.rules.cards.Has(held, cards.AttackIII)}
	keep := r.odds(from.Armies, to.Armies, true, 1).win
	convert := r.odds(from.Armies, to.Armies+cityArmies, false, 1).win
	if convert < keep-0.02 {
		return Action{Kind: ActConvert}
	}
	return Action{Kind: ActKeep}
}

// normalBuild builds a city, while it has fewer than 5, on its territory
// of enough armies in the least danger, even if no army is left there: a
// city is worth its 3 armies when attacked (a lone city converts into
// them at once, one whose armies fall converts while the attack goes on,
// and it gives its +1 before), and it gives an army a round, a Goods card
// a round from a further pile, and a later place in the round order.
func (r *reading) normalBuild() Action {
	if r.v.Players[r.s-1].Cities >= maxCities {
		return Action{Kind: ActEndBuild}
	}
	cost := r.cityCost()
	best, danger := board.TerritoryID(0), 0
	for _, t := range r.mine {
		x := r.at(t)
		if x.City || x.Armies < cost {
			continue
		}
		if d := r.danger[t-1]; best == 0 || d < danger {
			best, danger = t, d
		}
	}
	if best == 0 {
		return Action{Kind: ActEndBuild}
	}
	return Action{Kind: ActBuild, Territory: best}
}

// normalResolve resolves its Disasters with its cities ordered for the
// riots least endangered first: the first city checked is the likeliest
// to riot, and a city facing armies is worth more standing.
func (r *reading) normalResolve() Action {
	var order []board.TerritoryID
	for _, t := range r.mine {
		if r.at(t).City {
			order = append(order, t)
		}
	}
	slices.SortStableFunc(order, func(a, b board.TerritoryID) int { return r.danger[a-1] - r.danger[b-1] })
	return Action{Kind: ActResolve, Order: order}
}

// normalPlague chooses where the plague strikes among the places tied:
// the first continent it does not hold (its bonus is safe), or its
// territory in the least danger.
func (r *reading) normalPlague() Action {
	best, score := r.v.Tied[0], -1
	for _, p := range r.v.Tied {
		sc := 0
		if r.v.TiedContinents {
			if p < 1 || p > len(r.b.Continents) {
				continue
			}
			if r.holder[p-1] == int(r.s) {
				sc = 1000
			}
		} else {
			if p < 1 || p > len(r.v.Board) {
				continue
			}
			sc = r.danger[p-1]
		}
		if score < 0 || sc < score {
			best, score = p, sc
		}
	}
	return Action{Kind: ActChoose, Choice: best}
}

// normalBuy buys the Empire cards of the most face value it can pay, one
// card or two at once (Goods cards paying together are worth their sets'
// points, Table 1), Table 4's bonuses weighing in (bonusWorth), with the Goods
// cards worth the fewest points that pay them; of cards alike it prefers
// one whose pile it can go on climbing (a player holds one card of each
// face value, and a pile shows its lowest card: after the first Ace of
// Diamonds comes the second, closed to the holder of any Ace, while the
// Ace of Hearts leads to the 2); it never buys the last King unless that
// makes it the single winner (rule 18).
func (r *reading) normalBuy() Action {
	v := r.v
	hand := &cards.Hand{Cards: slices.Clone(v.Hand)}
	var ids []cards.GoodsID
	for _, c := range v.Hand {
		ids = append(ids, c.ID)
	}
	supply := &cards.EmpireSupply{Piles: v.Empires}
	me := v.Players[r.s-1]
	emp := &cards.Empire{Held: me.Empire, New: me.NewEmpire}
	mine, rival := r.rules.cards.Score(emp), 0
	for i, p := range v.Players {
		if ruleset.Seat(i+1) != r.s && p.Alive {
			rival = max(rival, r.rules.cards.Score(&cards.Empire{Held: p.Empire, New: p.NewEmpire}))
		}
	}
	var tries [][]cards.Suit
	suits := cards.Suits()
	for i, a := range suits {
		tries = append(tries, []cards.Suit{a})
		for _, b := range suits[i:] {
			tries = append(tries, []cards.Suit{a, b})
		}
	}
	var buy cards.Purchase
	bestValue, bestPrice := -1, 0
	for _, suits := range tries {
		price, got, err := r.rules.cards.Price(supply, emp, hand, cards.Purchase{Suits: suits, Goods: ids})
		if err != nil {
			continue
		}
		after := &cards.EmpireSupply{Piles: v.Empires}
		face, value := 0, 0
		for _, c := range got {
			after.Piles[c.Suit-1] = after.Piles[c.Suit-1][1:]
			face += r.rules.cards.FaceValue(c.Rank)
			value += 2*r.rules.cards.FaceValue(c.Rank) + r.bonusWorth(c)
		}
		if r.rules.cards.Ended(after) && mine+face <= rival {
			continue // the last King would end the game lost or shared
		}
		ranks := map[int]bool{}
		for _, c := range append(append(slices.Clone(me.Empire), me.NewEmpire...), got...) {
			ranks[c.Rank] = true
		}
		for _, c := range got {
			if next := after.Piles[c.Suit-1]; len(next) > 0 && ranks[next[0].Rank] {
				value-- // the pile it climbs would be closed to it
			}
		}
		if value < bestValue || value == bestValue && price >= bestPrice {
			continue
		}
		pay := ids
		if least := cheapest(hand, price); least != nil {
			pay = least
		} else if price == 0 {
			pay = nil
		}
		if _, _, err := r.rules.cards.Price(supply, emp, hand, cards.Purchase{Suits: suits, Goods: pay}); err != nil {
			pay = ids
		}
		buy, bestValue, bestPrice = cards.Purchase{Suits: suits, Goods: pay}, value, price
	}
	if bestValue < 0 {
		return Action{Kind: ActEndPurchase}
	}
	return Action{Kind: ActBuy, Purchase: buy}
}

// bonusWorth is what Table 4's bonus of Empire card c is worth to the
// normal AI beside its face value: the attack bonuses and the armies most.
func (r *reading) bonusWorth(c cards.EmpireCard) int {
	for _, b := range r.rules.cards.Bonuses([]cards.EmpireCard{c}) {
		switch b {
		case cards.AttackI, cards.AttackII, cards.AttackIII, cards.BonusArmyII, cards.Nuke:
			return 2
		case cards.BonusArmyI, cards.AirDrop, cards.BonusMove, cards.UrbanSprawl:
			return 1
		}
	}
	return 0
}

// normalClaim claims, in the set-up by choice, the free territory of the
// continent where it holds the largest share, the smallest continent
// breaking ties; next to its own where it can.
func (r *reading) normalClaim(free []board.TerritoryID) board.TerritoryID {
	best, score := free[0], -1.0
	for _, t := range free {
		c := r.cont(t)
		others := 0
		for _, u := range r.b.Continents[c].Territories {
			if x := r.at(u); !r.own[u-1] && (x.Armies > 0 || x.City) {
				others++
			}
		}
		sc := float64(r.contMine[c]+1)/float64(r.contSize[c]) - 0.5*float64(others)/float64(r.contSize[c])
		for _, u := range r.b.Territories[t-1].Links {
			if r.own[u-1] {
				sc += 0.1
				break
			}
		}
		if sc > score {
			best, score = t, sc
		}
	}
	return best
}

// normal returns the normal AI's action for the view's step.
func (r *reading) normal() Action {
	v := r.v
	switch v.Phase {
	case PhaseClaim:
		var free []board.TerritoryID
		for i, t := range v.Board {
			if t.Armies == 0 && !t.City {
				free = append(free, board.TerritoryID(i+1))
			}
		}
		return Action{Kind: ActClaim, Territory: r.normalClaim(free)}
	case PhaseDeploy:
		t, _ := r.normalPlace(v.Players[r.s-1].Reserve)
		return Action{Kind: ActPlace, Territory: t, Count: 1}
	case PhasePlace, PhaseReinforce:
		t, n := r.normalPlace(v.Players[r.s-1].Reserve)
		if t == 0 {
			if v.Phase == PhasePlace {
				return Action{Kind: ActEndPlace}
			}
			return r.choose() // every territory of its nuked: the engine's check answers
		}
		return Action{Kind: ActPlace, Territory: t, Count: n}
	case PhaseAttack:
		return r.normalAttack()
	case PhaseDefend:
		return r.normalDefend()
	case PhaseOccupy:
		return Action{Kind: ActOccupy, Count: r.normalOccupy()}
	case PhaseMove:
		return r.normalMove()
	case PhaseBuild:
		return r.normalBuild()
	case PhaseTrade:
		return r.normalTrade()
	case PhaseDisaster:
		return r.normalResolve()
	case PhasePlague:
		return r.normalPlague()
	case PhasePurchase:
		return r.normalBuy()
	}
	return r.choose()
}

// cityFund returns where to place armies so that a city can be built
// there in step 5a, and how many, or 0: while it has fewer than 5 cities
// and none can be built, on its territory that the fewest of the reserve
// armies make ready, the least endangered breaking ties.
func (r *reading) cityFund(reserve int) (board.TerritoryID, int) {
	if r.v.Players[r.s-1].Cities >= maxCities {
		return 0, 0
	}
	cost := r.cityCost()
	best, need, danger := board.TerritoryID(0), 0, 0
	for _, t := range r.mine {
		x := r.at(t)
		if x.City || r.nuked(t) {
			continue
		}
		n := cost - x.Armies
		if n <= 0 {
			return 0, 0 // one can be built
		}
		if n > reserve {
			continue
		}
		d := r.danger[t-1]
		if best == 0 || n < need || n == need && d < danger {
			best, need, danger = t, n, d
		}
	}
	return best, need
}

// othersAfter reports whether another player acts after it in this
// round's order.
func (r *reading) othersAfter() bool {
	i := slices.Index(r.v.Order, r.s)
	return i >= 0 && i < len(r.v.Order)-1
}

// cityCost is the armies a city costs it: 3, or Urban Sprawl's (rule 14).
func (r *reading) cityCost() int {
	if r.holds(cards.UrbanSprawl) {
		n, _ := r.rules.cards.Effect(cards.UrbanSprawl)
		return n
	}
	return cityArmies
}

// normalTrade is the normal AI's step 6 (rule 15). It answers an offer
// made to it first: it accepts, giving the 3 cards it misses least
// (leastMissed: a Disaster it drew, worth nothing, goes first), when what
// the offer states is worth to its hand at least what those cards are (a
// fair deal, as a person may offer it: offerGain), and refuses any other.
// Then it offers those cards, stated by their points, to each other
// trader it has no open offer to, in seat order after its own, at most 3
// offers a step; then it leaves the table.
func (r *reading) normalTrade() Action {
	v := r.v
	hand := &cards.Hand{Cards: slices.Clone(v.Hand)}
	give, loss := r.leastMissed(hand)
	for _, o := range v.Offers {
		if o.To != r.s {
			continue
		}
		if give == nil || offerGain(hand, give, o.Statement) < loss {
			return Action{Kind: ActRefuse, Offer: o.ID}
		}
		st, err := cards.TrueStatement(hand, give)
		if err != nil {
			return Action{Kind: ActRefuse, Offer: o.ID}
		}
		return Action{Kind: ActAccept, Offer: o.ID, Part: cards.Part{Cards: give, Statement: st}}
	}
	n := len(v.Players)
	for i := 1; give != nil && v.Players[r.s-1].Offered < maxOffers && i < n; i++ {
		q := ruleset.Seat((int(r.s)-1+i)%n + 1)
		open := slices.ContainsFunc(v.Offers, func(o OfferView) bool { return o.From == r.s && o.To == q })
		if !v.Players[q-1].Trader || open {
			continue
		}
		st, err := cards.TrueStatement(hand, give)
		if err != nil {
			break
		}
		return Action{Kind: ActOffer, Seat: q, Part: cards.Part{Cards: give, Statement: st}}
	}
	// Leaving the table withdraws its offers: while one is open to a
	// player still at the table, it waits for the answer (a person may
	// take a while), and answers what is offered to it meanwhile.
	if slices.ContainsFunc(v.Offers, func(o OfferView) bool { return o.From == r.s && v.Players[o.To-1].Trader }) {
		return Action{} // wait
	}
	return Action{Kind: ActDone}
}

// offerGain is what the cards an offer states would add to hand once the
// cards give are gone, in points (Table 1): the numbers it names join the
// hand's sets; the points it states beyond those numbers count as they
// are; cards it says nothing of count nothing (a Disaster is worth
// nothing).
func offerGain(hand *cards.Hand, give []cards.GoodsID, st cards.Statement) int {
	var rest, known []cards.GoodsCard
	for _, c := range hand.Cards {
		if !slices.Contains(give, c.ID) {
			rest = append(rest, c)
		}
	}
	for _, n := range st.Numbers {
		known = append(known, cards.GoodsCard{Value: n})
	}
	gain := cards.Points(append(slices.Clone(rest), known...)) - cards.Points(rest)
	if st.PointsStated {
		gain += max(0, st.Points-cards.Points(known))
	}
	return gain
}
