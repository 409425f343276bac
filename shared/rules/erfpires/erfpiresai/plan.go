package erfpiresai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfpires"
)

// style is what a level of play does beyond founding cities and taxing.
type style struct {
	// defend garrisons a city an enemy army comes near.
	defend bool
	// capture attacks the enemy cities and armies it can beat within a
	// day's walk; without it, only enemies next to an army.
	capture bool
	// farms builds farms with Smuckers a city does not need.
	farms bool
	// trade trades with another player on a day with nothing better to do.
	trade bool
	// margin is how many more hits than it takes an attack must promise.
	margin int
	// pickSites chooses among city sites by their farmland and the enemy
	// near; without it, the nearest site will do.
	pickSites bool
	// lazyTax taxes only when the treasury cannot pay for a city, and so
	// often misses the day the Tax is allowed.
	lazyTax bool
	// weekTax taxes only when the treasury cannot pay for the cities of
	// the coming week (taxWeekCities of them): a Tax is a day's order and
	// bars the next for a week, so one taxed later, with more cities,
	// brings more.
	weekTax bool
	// diplomacy keeps the truces: no garrison against a player its
	// tribute holds back, no walk at a player whose tribute it took; pays
	// tribute to a player about to take a city it cannot hold; trades
	// only with a player not about to win.
	diplomacy bool
	// odds weighs an attack on an army by its exact odds over the dice
	// (battleOdds) rather than by the average die.
	odds bool
	// hunt walks at an enemy city with no army in it when that takes no
	// more days than founding a city would: a city taken counts one for
	// the player and one less for its owner, and costs no Smuckers.
	hunt bool
	// tiebreak plays a tie out: holding the cities that win while the game
	// goes on (another holds as many, with as many units), it takes a city,
	// else recruits up to tiebreak units (as many as it can afford), since
	// the most cities, then the most units, win; 0 does not. It does so on
	// a day with the chance tieChance (in thousandths): two players who
	// play it out alike every day would tie on forever.
	tiebreak  int
	tieChance int
	// reveal explores toward the day's walk that shows the most unseen
	// ground, rather than the most unseen ground in a line (which may lie
	// beyond its sight, walked to and fro and never seen).
	reveal bool
	// scout explores toward the day's walk that shows the most unseen
	// ground where a city could stand, rather than the most unseen
	// ground in a line, and picks the site fewest days away, then the one
	// with most room for the next city around it.
	scout bool
}

var (
	easyStyle   = style{margin: 2, lazyTax: true}
	normalStyle = style{defend: true, capture: true, farms: true, trade: true, margin: 1, pickSites: true, weekTax: true, diplomacy: true,
		reveal: true, tiebreak: 1, tieChance: 500}
	hardStyle = style{defend: true, capture: true, farms: true, trade: true, margin: 1, pickSites: true, weekTax: true, diplomacy: true,
		odds: true, hunt: true, scout: true, tiebreak: maxTieUnits, tieChance: 1000}
)

// maxTieUnits is more units than a player may recruit in a day: Hard
// plays a tie out with all it can afford.
const maxTieUnits = 1 << 10

// huntSlack is how many days more than founding a city a hunt for an
// enemy city may take: the enemy loses the city too.
const huntSlack = 3

// taxWeekCities is how many cities' worth of Smuckers a weekTax player
// wants in its treasury before it lets a Tax day pass: the cities it can
// found in a week (a city takes a walk of two days and its building day).
const taxWeekCities = 2

// threatRange is how near (in hexes) an enemy army must come to a city
// for the city to want a garrison.
const threatRange = 3

// searchRange is how far (in steps) an army looks for a site, an enemy
// city or unknown ground.
const searchRange = 48

// plan returns the orders worth giving today, best first; the caller gives
// the first that is valid.
func (w *world) plan(st style) []game.Order {
	var out []game.Order
	add := func(o ...game.Order) { out = append(out, o...) }

	// 1. Found a city where an army stands on a site.
	for _, a := range w.armies {
		if w.site(a.Hex) && w.treasury >= int64(w.d.City.Cost) {
			add(game.Order{Kind: erfpires.OrderBuildCity, Hex: a.Hex, Army: a.ID})
		}
	}
	// 1b. A tie played out: one city more, else more units, wins.
	if st.tiebreak > 0 && len(w.cities) >= w.d.Win.Cities && w.rng.IntN(1000) < st.tieChance {
		for _, a := range w.armies {
			add(w.cityAttacks(a, w.d.Army.Move)...)
		}
		for _, c := range w.cities {
			add(w.recruit(c, st.tiebreak, false)...)
		}
	}
	// 2. Garrison a city an enemy comes near.
	garrisons := map[game.ArmyID]bool{}
	if st.defend {
		for _, c := range w.threatened(st) {
			if st.diplomacy {
				if o, ok := w.tributeFor(c); ok {
					add(o)
				}
			}
			if a := w.ownArmyAt(c.Hex); a != nil {
				garrisons[a.ID] = true
				if a.Units.Total() < w.d.Army.MaxUnits {
					add(w.recruit(c, w.d.Army.MaxUnits-a.Units.Total(), true)...)
				}
				continue
			}
			add(w.recruit(c, w.d.Army.MaxUnits, true)...)
		}
	}
	// 3. Take what can be taken.
	for _, a := range w.armies {
		if garrisons[a.ID] {
			continue
		}
		add(w.attacks(a, st)...)
	}
	// 4. The weekly Tax.
	if w.taxWorth() && w.wantTax(st) {
		add(game.Order{Kind: erfpires.OrderTax})
	}
	// 5. Send an army toward a site, or to look for one.
	if a := w.expander(garrisons); a != nil {
		add(w.expand(a, st)...)
	} else {
		// 6. No army free to found a city: recruit one.
		for _, c := range w.cities {
			if w.ownArmyAt(c.Hex) == nil {
				add(w.recruit(c, 2, false)...)
			}
		}
	}
	// 7. Farms with what the next city does not need: what is left after
	// the farm and the next Tax still pays for it.
	if st.farms && w.treasury-int64(w.farmCost())+w.nextTaxGain() >= int64(w.d.City.Cost) {
		add(w.farms()...)
	}
	// 8. A stronger army while rich, to take cities with.
	if st.capture && w.treasury >= int64(2*w.d.City.Cost) && len(w.armies) <= len(w.cities) {
		for _, c := range w.cities {
			if a := w.ownArmyAt(c.Hex); a == nil || a.Units.Total() < w.d.Army.MaxUnits {
				add(w.recruit(c, w.d.Army.MaxUnits, true)...)
			}
		}
	}
	// 9. An idle day: trade (another Normal idle today trades back).
	if st.trade {
		if q, ok := w.tradePartner(st); ok {
			add(game.Order{Kind: erfpires.OrderTrade, Player: q})
		}
	}
	return out
}

// wantTax reports whether the style taxes today, the Tax being allowed
// and worth something.
func (w *world) wantTax(st style) bool {
	switch {
	case st.lazyTax:
		return w.treasury < int64(w.d.City.Cost)
	case st.weekTax:
		return w.treasury < int64(taxWeekCities*w.d.City.Cost)
	}
	return true
}

// tradePartner returns the player to trade with on an idle day: with
// diplomacy, the living player with the fewest cities the player knows
// of, none that one city more would make the winner; else the first
// living player.
func (w *world) tradePartner(st style) (game.PlayerID, bool) {
	best, bestN, found := game.PlayerID(0), 0, false
	for _, p := range w.v.Players {
		if p.ID == w.me || !p.Alive {
			continue
		}
		if !st.diplomacy {
			return p.ID, true
		}
		n := w.knownCities(p.ID)
		if n >= w.d.Win.Cities-1 {
			continue
		}
		if !found || n < bestN {
			best, bestN, found = p.ID, n, true
		}
	}
	return best, found
}

// threatened returns the player's cities with an enemy army it knows
// within threatRange hexes, the nearest threat first; with diplomacy, an
// army whose player took the player's tribute this week is no threat.
func (w *world) threatened(st style) []*game.City {
	type threat struct {
		c *game.City
		d int
	}
	var list []threat
	for _, c := range w.cities {
		best := -1
		for _, e := range w.enemyArmies {
			if st.diplomacy && w.protectedFrom(e.Owner) {
				continue
			}
			if d := hex.Distance(c.Hex, e.Hex); d <= threatRange && (best < 0 || d < best) {
				best = d
			}
		}
		if best >= 0 {
			list = append(list, threat{c, best})
		}
	}
	slices.SortStableFunc(list, func(a, b threat) int { return a.d - b.d })
	out := make([]*game.City, len(list))
	for i, t := range list {
		out[i] = t.c
	}
	return out
}

// tributeFor returns a Tribute to the player of the enemy army that can
// reach city c tomorrow and would likely take it from the best garrison
// the player can put there today: the gift (half the tax revenue) buys a
// week in which that player may not attack.
func (w *world) tributeFor(c *game.City) (game.Order, bool) {
	gift := w.tributeGift()
	if gift < 1 || w.treasury < gift {
		return game.Order{}, false
	}
	var garrison game.Units
	if a := w.ownArmyAt(c.Hex); a != nil {
		garrison = garrison.Add(a.Units)
	}
	if rec := w.recruit(c, w.d.Army.MaxUnits, true); len(rec) > 0 {
		garrison = garrison.Add(rec[0].Units)
	}
	mine := w.sideOf(w.me, garrison, c.Hex)
	for _, e := range w.enemyArmies {
		if e.Remembered || w.protectedFrom(e.Owner) || hex.Distance(c.Hex, e.Hex) > w.d.Army.Move {
			continue
		}
		if w.battleOdds(w.sideOf(e.Owner, e.Units, c.Hex), mine).win >= 0.5 {
			return game.Order{Kind: erfpires.OrderTribute, Player: e.Owner}, true
		}
	}
	return game.Order{}, false
}

// recruit returns recruit orders for city c of up to n units, largest
// first: Heavies when strong (a garrison's Defence), else Infantry.
func (w *world) recruit(c *game.City, n int, strong bool) []game.Order {
	cities := len(w.cities)
	n = min(n, w.d.RecruitLimit(cities), w.d.Army.MaxUnits)
	if a := w.ownArmyAt(c.Hex); a != nil {
		n = min(n, w.d.Army.MaxUnits-a.Units.Total())
	}
	infantry, _ := w.d.UnitKind("infantry")
	heavy, _ := w.d.UnitKind("heavy")
	var out []game.Order
	for k := n; k >= 1; k-- {
		u := make(game.Units, len(w.d.Units))
		if strong {
			// As many Heavies as the treasury allows, Infantry for the rest.
			cost := int64(w.d.Units[heavy].Cost)
			h := min(int64(k), w.treasury/max(cost, 1))
			u[heavy] = int32(h)
			u[infantry] = int32(int64(k) - h)
		} else {
			u[infantry] = int32(k)
		}
		if w.d.UnitsCost(u) <= w.treasury {
			out = append(out, game.Order{Kind: erfpires.OrderRecruit, City: c.ID, Units: u})
		}
	}
	return out
}

// attacks returns army a's attacks worth making today: an enemy city with
// no army, and enemy armies it can beat (with st.capture, within a day's
// walk; else next to it).
func (w *world) attacks(a *game.Army, st style) []game.Order {
	reach := 1
	if st.capture {
		reach = w.d.Army.Move
	}
	out := w.cityAttacks(a, reach)
	for _, e := range w.enemyArmies {
		if e.Remembered || hex.Distance(a.Hex, e.Hex) > reach {
			continue
		}
		if st.odds && !w.worthAttacking(a, e) || !st.odds && !w.favourable(a, e, st.margin) {
			continue
		}
		if p := w.pathTo(a, e.Hex, reach); len(p) > 0 && len(p) <= reach {
			out = append(out, game.Order{Kind: game.OrderAttack, Army: a.ID, Path: p})
		}
	}
	return out
}

// cityAttacks returns army a's attacks on the enemy cities with no army
// within reach steps.
func (w *world) cityAttacks(a *game.Army, reach int) []game.Order {
	var out []game.Order
	for _, c := range w.enemyCities {
		if _, held := w.enemyArmyAt(c.Hex); held || hex.Distance(a.Hex, c.Hex) > reach {
			continue
		}
		if p := w.pathTo(a, c.Hex, reach); len(p) > 0 && len(p) <= reach {
			out = append(out, game.Order{Kind: game.OrderAttack, Army: a.ID, Path: p})
		}
	}
	return out
}

// expander returns the army that goes founding cities: the player's army
// not garrisoning a city, nearest to a site, lowest ID first; nil if none.
func (w *world) expander(garrisons map[game.ArmyID]bool) *game.Army {
	for _, a := range w.armies {
		if !garrisons[a.ID] {
			return a
		}
	}
	return nil
}

// expand returns army a's way to found a city: wait on a site until the
// treasury can pay, else walk toward a site it knows, else toward the
// nearest enemy city (when no site is left: cities are taken then), else
// toward the nearest ground it has never seen.
func (w *world) expand(a *game.Army, st style) []game.Order {
	if w.site(a.Hex) {
		return nil // wait for the money, doing something else today
	}
	reach := w.reach(a, searchRange)
	best, bestScore, found := hex.Hex{}, 0, false
	for _, rc := range reach {
		if rc.Cost == 0 || !w.site(rc.Hex) {
			continue
		}
		if !st.pickSites {
			best, found = rc.Hex, true
			break // the nearest: reach is sorted by distance
		}
		// Near is good; Plains for farms are good; enemies near are bad.
		score := -4*rc.Cost + 2*w.farmland(rc.Hex)
		if st.scout {
			// A race to the cities that win: the days of the walk, then
			// the room it leaves for the next city; farms repay too late.
			score = -16*w.days(rc.Cost) + w.roomAround(rc.Hex)
		}
		for _, c := range w.enemyCities {
			if d := hex.Distance(c.Hex, rc.Hex); d < 5 {
				score -= 3 * (5 - d)
			}
		}
		if st.hunt {
			// A city an enemy army can walk into the day after it is
			// built is one more for that enemy.
			score -= 12 * w.enemyArmiesNear(rc.Hex, w.d.Army.Move+1)
		}
		if !found || score > bestScore {
			best, bestScore, found = rc.Hex, score, true
		}
	}
	if st.hunt {
		if h, steps, ok := w.nearestEmptyEnemyCity(a); ok {
			siteSteps := searchRange
			if found {
				siteSteps = hex.Distance(a.Hex, best)
			}
			// Days to take it: its walk; to found a city: the walk, the
			// building day, and a Tax day when the treasury is short.
			foundDays := w.days(siteSteps) + 1
			if w.treasury < int64(w.d.City.Cost) {
				foundDays++
			}
			if w.days(steps) <= foundDays+huntSlack {
				best, found = h, true
			}
		}
	}
	if !found {
		best, found = w.nearestEnemyCity(a)
	}
	var out []game.Order
	if found {
		if p := w.pathTo(a, best, searchRange); len(p) > 0 {
			kind := game.OrderMove
			if _, city := w.enemyCityAt(best); city && len(p) <= w.d.Army.Move {
				kind = game.OrderAttack
				if e, held := w.enemyArmyAt(best); held && st.odds && !w.worthAttacking(a, e) {
					// Too strong a garrison: wait beside it.
					kind, p = game.OrderMove, p[:len(p)-1]
				}
			}
			if len(p) > 0 {
				out = append(out, game.Order{Kind: kind, Army: a.ID, Path: w.day(p)})
			}
		}
	}
	// Explore: a full day's walk toward the most unknown ground, where the
	// first step is not known to be closed; else a walk to the nearest
	// hex next to the unknown; else any direction.
	dirs := hex.Directions()
	w.rng.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
	score := w.unknownToward
	if st.scout || st.reveal {
		score = func(h hex.Hex, d hex.Direction) int { return w.shownToward(h, d, st.scout) }
	}
	slices.SortStableFunc(dirs[:], func(x, y hex.Direction) int {
		return score(a.Hex, y) - score(a.Hex, x)
	})
	var rest []game.Order
	for _, d := range dirs {
		o := game.Order{Kind: game.OrderExplore, Army: a.ID, Dir: d}
		first := a.Hex.Neighbor(d)
		if t, ok := w.s.Map.At(first); ok && score(a.Hex, d) > 0 && (int(t) >= len(w.d.Terrain) || w.d.Terrain[t].Army) {
			out = append(out, o)
		} else {
			rest = append(rest, o)
		}
	}
	if h, ok := w.frontier(reach); ok {
		if p := w.pathTo(a, h, searchRange); len(p) > 0 {
			out = append(out, game.Order{Kind: game.OrderMove, Army: a.ID, Path: w.day(p)})
		}
	}
	return append(out, rest...)
}

// enemyArmiesNear counts the enemy armies in sight within d hexes of h
// whose players may attack the player.
func (w *world) enemyArmiesNear(h hex.Hex, d int) int {
	n := 0
	for _, e := range w.enemyArmies {
		if !e.Remembered && !w.protectedFrom(e.Owner) && hex.Distance(e.Hex, h) <= d {
			n++
		}
	}
	return n
}

// roomAround counts the hexes 3 to 4 steps from h, unseen or land, that
// stand at least city.min_distance from every known city: room for the
// next city after one on h.
func (w *world) roomAround(h hex.Hex) int {
	n := 0
	for r := w.d.City.MinDistance; r <= w.d.City.MinDistance+1; r++ {
		for _, x := range hex.Ring(h, r) {
			t, ok := w.s.Map.At(x)
			if ok && (int(t) >= len(w.d.Terrain) || w.d.Terrain[t].City) && !w.knownCityWithin(x, w.d.City.MinDistance-1) {
				n++
			}
		}
	}
	return n
}

// days is how many days an army takes to walk steps steps.
func (w *world) days(steps int) int {
	return (steps + w.d.Army.Move - 1) / w.d.Army.Move
}

// nearestEmptyEnemyCity returns the enemy city with no army the player
// knows of that army a can walk to soonest, and the steps of the walk;
// none of a player whose tribute it took this week.
func (w *world) nearestEmptyEnemyCity(a *game.Army) (hex.Hex, int, bool) {
	best, bestLen := hex.Hex{}, 0
	for _, c := range w.enemyCities {
		if _, held := w.enemyArmyAt(c.Hex); held || w.inTruce(c.Owner) || hex.Distance(a.Hex, c.Hex) > searchRange {
			continue
		}
		if p := w.pathTo(a, c.Hex, searchRange); len(p) > 0 && (bestLen == 0 || len(p) < bestLen) {
			best, bestLen = c.Hex, len(p)
		}
	}
	return best, bestLen, bestLen > 0
}

// worthAttacking reports whether army a should attack enemy army e, by
// the exact odds: it wins at least 60 % of the time and expects to kill
// more units than it loses.
func (w *world) worthAttacking(a *game.Army, e game.ArmyView) bool {
	o := w.battleOdds(w.sideOf(w.me, a.Units, e.Hex), w.sideOf(e.Owner, e.Units, e.Hex))
	return o.win >= 0.6 && o.killed > o.lost
}

// nearestEnemyCity returns the enemy city army a can walk to soonest.
func (w *world) nearestEnemyCity(a *game.Army) (hex.Hex, bool) {
	best, bestLen := hex.Hex{}, 0
	for _, c := range w.enemyCities {
		if p := w.pathTo(a, c.Hex, searchRange); len(p) > 0 && (bestLen == 0 || len(p) < bestLen) {
			best, bestLen = c.Hex, len(p)
		}
	}
	return best, bestLen > 0
}

// frontier returns the nearest hex of reach (sorted by distance) next to
// ground the player has never seen.
func (w *world) frontier(reach []hex.Reach) (hex.Hex, bool) {
	for _, rc := range reach {
		if rc.Cost == 0 {
			continue
		}
		for _, n := range rc.Hex.Neighbors() {
			if t, ok := w.s.Map.At(n); ok && int(t) >= len(w.d.Terrain) {
				return rc.Hex, true
			}
		}
	}
	return hex.Hex{}, false
}

// nextTaxGain is what the player's next Tax would bring as things stand.
func (w *world) nextTaxGain() int64 {
	rev, mnt := w.rs.TaxOf(w.s, w.me)
	return max(rev-mnt, 0)
}

// farmCost is what a farm costs (0 if the ruleset has none).
func (w *world) farmCost() int {
	if k, ok := w.d.StructureKind("farm"); ok {
		return w.d.Structures[k].Cost
	}
	return 0
}

// farms returns farm orders on the free farmland next to the player's
// cities.
func (w *world) farms() []game.Order {
	farm, ok := w.d.StructureKind("farm")
	if !ok {
		return nil
	}
	var out []game.Order
	for _, c := range w.cities {
		for _, h := range c.Hex.Neighbors() {
			if w.rs.StructureFits(w.s, farm, h) && !w.hasStructure(h, farm) {
				out = append(out, game.Order{Kind: erfpires.OrderBuild, Unit: game.UnitKind(farm), Hex: h})
			}
		}
	}
	return out
}

// hasStructure reports whether the player knows a structure of kind k on h.
func (w *world) hasStructure(h hex.Hex, k game.StructureKind) bool {
	for _, st := range w.structures {
		if st.Hex == h && st.Kind == k {
			return true
		}
	}
	return false
}
