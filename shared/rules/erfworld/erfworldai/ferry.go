package erfworldai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

// Ferries: carrying armies by Fleet to enemies beyond the water. The rules
// (shared/rules/erfworld/army.go): an army led by a Warlord boards one of
// its player's fleets on a neighbouring Water hex (OrderLoad) and does not
// move that turn, while the fleet may still sail, one move less; in a later
// turn the fleet sails, one move less again, and the army lands on a land
// hex next to where the fleet ends (OrderUnload), a hex free of other
// players' armies and cities: landing never fights. A ferry takes two
// turns at least.
//
// The planner keeps nothing between turns, so each turn it reads the
// ferry's stage from the view:
//
//   - A fleet with an army aboard sails for the best landing near an
//     enemy city beyond the water that the army can take, and lands it
//     when the landing is in reach this turn (carriedArmies).
//   - A Warlord's army strong enough to attack, on the Capital's land mass,
//     with no enemy city on that land mass but one known beyond the water
//     (or with all its land mass explored and land seen beyond the water:
//     its island's way out), goes to the nearest fleet without cargo: it
//     boards when next to it, else both head for a meeting place on the
//     coast (embark).
//   - Without such a fleet, the side builds one (buildFleet).
//   - With its land mass explored and nothing known beyond the water, a
//     fleet without cargo sails to explore (exploreSea).

// ferryPlan is what the planner knows of the world beyond its land mass,
// read once a turn (prepareFerry), the costly parts when first needed.
type ferryPlan struct {
	// on is set for a style that ferries, with a Capital.
	on bool
	// home is the walking distance field to the Capital (-1: another land
	// mass, as far as the player knows), or nil until needed (homeField).
	home *field
	// overseas are the enemy cities known beyond the water, by ID, once
	// known (overseasKnown; overseasCities).
	overseas      []game.CityView
	overseasKnown bool
	// landFoe is set when an enemy city is known on the Capital's land
	// mass.
	landFoe bool
	// stuck is 1 when no hex of unknown terrain is left on the Capital's
	// land mass, -1 when one is, 0 until known (isStuck).
	stuck int8
	// transport is set when an army will want a fleet and none is free.
	transport bool
	// busy marks the fleets given orders this turn.
	busy map[game.ArmyID]bool
	// mustered marks the Capitals a leader is sent to this turn to lead
	// their spare garrison out (musterCapital).
	mustered map[game.CityID]bool
}

// prepareFerry reads the ferry plan for this turn. Whether an enemy city
// stands on the Capital's land mass is a search from the Capital that
// stops at the first one; the whole land mass is walked only when there
// is none.
func (p *planner) prepareFerry() {
	if !p.st.ferry || p.capital == nil {
		return
	}
	f := &p.ferryPlan
	f.on = true
	f.busy = map[game.ArmyID]bool{}
	if len(p.foes) > 0 {
		f.landFoe = p.homeField().find(1, func(i int) bool { return p.sc.foe[i] > 0 }) >= 0
	}
	if !f.landFoe {
		f.overseas, f.overseasKnown = p.foes, true
	}
	if f.landFoe || p.threat > 0 || p.units < p.st.minAttack || (len(f.overseas) == 0 && !p.isStuck()) {
		return
	}
	for _, fl := range p.fleets {
		if !p.hasCargo(fl) && p.seaworthy(fl.Hex) {
			return
		}
	}
	f.transport = true
}

// seaworthy reports whether a fleet on hex h can carry the player's
// strongest army somewhere: to a landing beyond the water
// (chooseLanding), or, with no enemy city known there, to water never
// seen. A fleet on a lake cannot.
func (p *planner) seaworthy(h hex.Hex) bool {
	units := game.Units{int32(p.units)} // all Infantry, when no Warlord leads
	pow := p.power(units)
	leaders, _ := p.roles()
	for i, a := range leaders {
		if ap := p.armyPower(a, a.Units); i == 0 || ap > pow {
			units, pow = a.Units, ap
		}
	}
	sr := p.sail(h)
	if _, ok := p.chooseLanding(h, sr, units, pow); ok {
		return true
	}
	if len(p.overseasCities()) > 0 {
		return false
	}
	for _, i := range sr.order {
		if p.s.Map.Terrain[i] == rulesfile.NoTerrain {
			return true
		}
	}
	return false
}

// homeField returns the walking distance field to the Capital.
func (p *planner) homeField() *field {
	if p.ferryPlan.home == nil {
		p.ferryPlan.home = p.fieldTo(p.capital.Hex)
	}
	return p.ferryPlan.home
}

// overseasCities returns the enemy cities known beyond the water, by ID.
func (p *planner) overseasCities() []game.CityView {
	f := &p.ferryPlan
	if !f.overseasKnown {
		f.overseasKnown = true
		home := p.homeField()
		for _, c := range p.foes {
			if home.at(p.rect.Index(c.Hex)) < 0 {
				f.overseas = append(f.overseas, c)
			}
		}
	}
	return f.overseas
}

// isStuck reports whether no hex of unknown terrain is left on the
// Capital's land mass: nothing more to explore on foot.
func (p *planner) isStuck() bool {
	f := &p.ferryPlan
	if f.stuck == 0 {
		f.stuck = -1
		if p.homeField().find(1, p.unknown) < 0 {
			f.stuck = 1
		}
	}
	return f.stuck > 0
}

// abroad reports whether army a stands beyond the Capital's land mass.
func (p *planner) abroad(a *game.Army) bool {
	return p.ferryPlan.on && p.homeField().at(p.rect.Index(a.Hex)) < 0
}

// wantsFerry reports whether a's army of units (power pow) should cross
// the water: it stands on the Capital's land mass, which holds no enemy
// city it knows and no threat to the Capital, and beyond the water there
// is an enemy city it can take, or, with its own land mass all explored
// and no enemy city known, land to explore.
func (p *planner) wantsFerry(a *game.Army, units game.Units, pow float64) bool {
	f := &p.ferryPlan
	if !f.on || f.landFoe || p.threat > 0 || units.Total() < p.st.minAttack || p.abroad(a) {
		return false
	}
	if len(f.overseas) == 0 {
		return p.isStuck()
	}
	return len(p.takable(units, pow)) > 0
}

// takable returns the enemy cities beyond the water that an army of units
// (power pow) can take, by ID: once an enemy Capital is known there and
// one more would win the game, only the Capitals.
//
// CHOICE: an army crosses the water only for a Capital once one is known
// beyond it and taking it wins. An island winner holds two Capitals; armies of 20 to 60 units that crossed
// for the small cities were beaten there one by one while the island
// winners' Capitals stood for the rest of the game. An army too weak for
// any Capital stays and gathers the spare garrisons (gatherAt) until it
// can take one.
func (p *planner) takable(units game.Units, pow float64) []game.CityView {
	var out, capitals []game.CityView
	known := false
	for _, c := range p.overseasCities() {
		known = known || c.Capital
		if pow >= p.st.attackRatio*p.defenceAt(c.Hex, units)+1 {
			out = append(out, c)
			if c.Capital {
				capitals = append(capitals, c)
			}
		}
	}
	if known && p.oneCapitalShort() {
		return capitals
	}
	return out
}

// oneCapitalShort reports whether one Capital more would win the game: the
// player holds all the Capitals a win needs but one ("A Player is deemed to
// be the Winner of the Game if, at the beginning of their Turn, they
// control THREE Capitals").
func (p *planner) oneCapitalShort() bool {
	n := 0
	for _, c := range p.cities {
		if c.Capital {
			n++
		}
	}
	return n+1 >= p.rs.D.Win.Capitals
}

// afloat reports whether enemy army e stands on Water the player has
// seen: it is aboard a fleet (a view shows no enemy's Carrier), where no
// land army reaches it. Attacked, it is chased forever; leaders that did
// stood by an enemy city for the last hundred turns of island games.
func (w *world) afloat(e game.ArmyView) bool {
	i := w.rect.Index(e.Hex)
	return !e.Naval && i >= 0 && w.water(i)
}

// hasCargo reports whether fleet f carries an army.
func (p *planner) hasCargo(f *game.Army) bool {
	for _, a := range p.carried {
		if a.Carrier == f.ID {
			return true
		}
	}
	return false
}

// sailable reports whether a fleet may enter hex index i as far as the
// player knows: naval terrain, or terrain never seen.
func (w *world) sailable(i int) bool {
	t := w.s.Map.Terrain[i]
	if t == rulesfile.NoTerrain {
		return true
	}
	return int(t) < len(w.rs.D.Terrain) && w.rs.D.Terrain[t].Naval
}

// water reports whether hex index i is naval terrain the player has seen.
func (w *world) water(i int) bool {
	t := w.s.Map.Terrain[i]
	return t != rulesfile.NoTerrain && int(t) < len(w.rs.D.Terrain) && w.rs.D.Terrain[t].Naval
}

// landable reports whether an army may land on hex h (index i) as far as
// the player knows: land it has seen and may enter, without another
// player's city or an enemy army seen lately.
func (w *world) landable(h hex.Hex, i int) bool {
	if w.s.Map.Terrain[i] == rulesfile.NoTerrain || !w.passable(i) {
		return false
	}
	if c := w.s.CityAt(h); c != nil && c.Owner != w.me {
		return false
	}
	for j := range w.enemies {
		if e := &w.enemies[j]; e.Hex == h && e.Seen+2 >= w.turn {
			return false
		}
	}
	return true
}

// sea is a breadth-first search over the water from one hex: each hex's
// steps from it (-1: not reached), its parent on a shortest way, and the
// hexes in the order reached.
type sea struct {
	dist, parent []int32
	order        []int32
}

// sailAlong orders fleet f along path (cut to game.MaxPathLength) and
// notes where it will end, for the fleets planned after it (sail).
func (p *planner) sailAlong(f *game.Army, path []hex.Hex) {
	path = path[:min(len(path), game.MaxPathLength)]
	if len(path) == 0 {
		return
	}
	p.fleetDest[f.ID] = path[len(path)-1]
	p.add(game.Order{Kind: game.OrderMove, Army: f.ID, Path: path})
}

// sail searches the water a fleet may sail from h (a fleet's hex), around
// the other players' fleets in sight ("If opposing fleets meet, they do
// battle") and the player's other fleets ("Only 1 Fleet is permitted in a
// hex"): where those given a move this turn will end (fleetDest), and
// where the others stand.
func (w *world) sail(h hex.Hex) *sea {
	n := w.rect.Len()
	sr := &sea{dist: make([]int32, n), parent: make([]int32, n)}
	for i := range sr.dist {
		sr.dist[i] = -1
	}
	start := w.rect.Index(h)
	if start < 0 {
		return sr
	}
	blocked := slices.Clone(w.enemyFleetHexes())
	for _, f := range w.fleets {
		at, moving := w.fleetDest[f.ID]
		if !moving {
			at = f.Hex
		}
		if i := w.rect.Index(at); i >= 0 && f.Hex != h {
			blocked[i] = true
		}
	}
	sr.dist[start], sr.parent[start] = 0, -1
	sr.order = append(sr.order, int32(start))
	for head := 0; head < len(sr.order); head++ {
		i := int(sr.order[head])
		for _, nb := range w.rect.HexAt(i).Neighbors() {
			j := w.rect.Index(nb)
			if j < 0 || sr.dist[j] >= 0 || !w.sailable(j) || blocked[j] {
				continue
			}
			sr.dist[j], sr.parent[j] = sr.dist[i]+1, int32(i)
			sr.order = append(sr.order, int32(j))
		}
	}
	return sr
}

// enemyFleetHexes marks the hexes where the player sees another player's
// fleet.
func (w *world) enemyFleetHexes() []bool {
	if w.enemyFleetOn == nil {
		w.enemyFleetOn = make([]bool, w.rect.Len())
		for _, a := range w.v.Armies {
			if a.Owner != w.me && a.Naval && !a.Remembered {
				if i := w.rect.Index(a.Hex); i >= 0 {
					w.enemyFleetOn[i] = true
				}
			}
		}
	}
	return w.enemyFleetOn
}

// freeWater reports whether the fleet on hex f may end its move on hex
// index j: no other fleet of the player stands there, or will.
func (w *world) freeWater(f hex.Hex, j int) bool {
	h := w.rect.HexAt(j)
	for _, o := range w.fleets {
		at, moving := w.fleetDest[o.ID]
		if !moving {
			at = o.Hex
		}
		if at == h && o.Hex != f {
			return false
		}
	}
	return true
}

// pathTo returns the way from the search's start to hex index j (the
// start excluded).
func (sr *sea) pathTo(r hex.Rect, j int) []hex.Hex {
	var path []hex.Hex
	for ; j >= 0 && sr.parent[j] >= 0; j = int(sr.parent[j]) {
		path = append(path, r.HexAt(j))
	}
	slices.Reverse(path)
	return path
}

// landing is where a fleet takes its army: the fleet sails to Water hex
// index water and the army lands on hex index land next to it.
type landing struct {
	land, water int
}

// maxLandingWalk is the most steps from a landing to its target city.
const maxLandingWalk = 6

// unknownWaterCost is the extra a landing pays when the fleet's hex next
// to it has never been seen: it may be land, and the landing then waits.
const unknownWaterCost = 4

// maxLandingTargets is how many enemy cities, the nearest first, a fleet
// weighs for its landing.
const maxLandingTargets = 6

// chooseLanding picks the landing for an army of units (power pow) aboard
// a fleet whose water search is sr: a land hex the player has seen, next
// to the enemy city beyond the water that the army can take, nearest by
// sea plus twice the walk (Capitals first, seen water before unseen);
// else, when no enemy city is known there, on land
// beyond the Capital's land mass, the nearest by sea. ok is false when
// there is neither.
func (p *planner) chooseLanding(from hex.Hex, sr *sea, units game.Units, pow float64) (landing, bool) {
	targets := p.takable(units, pow)
	slices.SortStableFunc(targets, func(a, b game.CityView) int {
		return hex.Distance(a.Hex, from) - hex.Distance(b.Hex, from)
	})
	best, found := landing{}, false
	// CHOICE: with no landing within maxLandingWalk of any target, one
	// within twice that: Hard's army of 231 sailed round an island for the
	// last hundred turns of a game, its target a Capital deep inland.
	for reach := int32(maxLandingWalk); !found && reach <= 2*maxLandingWalk; reach += maxLandingWalk {
		best, _, found = p.landingWithin(reach, targets, from, sr)
	}
	if found || len(p.overseasCities()) > 0 {
		return best, found
	}
	// Land beyond the water: the nearest by sea.
	return p.nearestLanding(from, sr, false)
}

// landingWithin returns the cheapest landing (chooseLanding) within reach
// steps on foot of one of targets, its cost, and whether there is one.
func (p *planner) landingWithin(reach int32, targets []game.CityView, from hex.Hex, sr *sea) (landing, int32, bool) {
	best, bestCost, found := landing{}, int32(0), false
	for _, c := range targets[:min(len(targets), maxLandingTargets)] {
		// CHOICE: a landing more than reach steps from the city on foot is
		// left out (before, only its distance as the crow flies was
		// bounded): the walk is searched that far and no farther.
		walk := p.fieldTo(c.Hex)
		walk.upTo(reach)
		for _, h := range hex.Spiral(c.Hex, int(reach)) {
			i := p.rect.Index(h)
			if i < 0 || walk.dist[i] < 0 || walk.dist[i] > reach || !p.landable(h, i) {
				continue
			}
			for _, n := range h.Neighbors() {
				j := p.rect.Index(n)
				if j < 0 || sr.dist[j] < 0 || !p.freeWater(from, j) {
					continue
				}
				cost := sr.dist[j] + 2*walk.dist[i]
				if !p.water(j) {
					cost += unknownWaterCost
				}
				if c.Capital {
					cost -= 6
				}
				if !found || cost < bestCost {
					best, bestCost, found = landing{land: i, water: j}, cost, true
				}
			}
		}
	}
	return best, bestCost, found
}

// fleetMove is fleet f's move this turn, less loadCost for a fleet
// loading: "It costs the Fleet 1 move to load an Army, and one move to
// unload the Army."
func (p *planner) fleetMove(f *game.Army, loading bool) int {
	m := p.movePoints(f)
	if loading {
		m -= p.rs.D.Fleet.LoadCost
	}
	return max(m, 0)
}

// carriedArmies sails each fleet that carries an army toward its landing
// and lands the army when the landing is in reach; with no landing known
// the fleet explores, or brings the army home.
func (p *planner) carriedArmies() {
	if !p.ferryPlan.on {
		return
	}
	for _, a := range p.carried {
		f := p.fleetByID(a.Carrier)
		if f == nil || p.ferryPlan.busy[f.ID] {
			continue
		}
		p.sailWith(f, a, a.Units, p.armyPower(a, a.Units), p.fleetMove(f, false), true)
	}
}

// fleetByID returns the player's fleet id, or nil.
func (p *planner) fleetByID(id game.ArmyID) *game.Army {
	for _, f := range p.fleets {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// armyPower rates army a with units for comparing forces.
func (p *planner) armyPower(a *game.Army, units game.Units) float64 {
	pow := p.power(units)
	if wl, ok := warlordOf(a); ok {
		pow += 0.4 * float64(wl.Level)
	}
	return pow
}

// sailWith orders fleet f, with army a (units, power pow) aboard or
// boarding, move hexes toward its landing, and the landing itself when
// unload is set and the landing is in reach.
func (p *planner) sailWith(f, a *game.Army, units game.Units, pow float64, move int, unload bool) {
	p.ferryPlan.busy[f.ID] = true
	if move <= 0 {
		return
	}
	sr := p.sail(f.Hex)
	l, ok := p.chooseLanding(f.Hex, sr, units, pow)
	if !ok {
		if path := p.exploreSeaFrom(f.Hex, move); len(path) > 0 {
			p.sailAlong(f, path)
			return
		}
		l, ok = p.homeLanding(f.Hex, sr)
		if !ok {
			return
		}
	}
	path := sr.pathTo(p.rect, l.water)
	reach := move - p.rs.D.Fleet.UnloadCost
	if unload && len(path) <= reach {
		if len(path) > 0 {
			p.sailAlong(f, path)
		}
		p.add(game.Order{Kind: erfworld.OrderUnload, Army: a.ID, Hex: p.rect.HexAt(l.land)})
		return
	}
	if len(path) > 0 {
		p.sailAlong(f, path[:min(len(path), move)])
	}
}

// homeLanding returns the landing on the Capital's land mass nearest to
// the fleet on hex from by sea (search sr).
func (p *planner) homeLanding(from hex.Hex, sr *sea) (landing, bool) {
	return p.nearestLanding(from, sr, true)
}

// nearestLanding returns the landing nearest by sea (search sr) to the
// fleet on hex from: on the Capital's land mass with home, beyond the
// water without.
func (p *planner) nearestLanding(from hex.Hex, sr *sea, home bool) (landing, bool) {
	for _, j32 := range sr.order {
		j := int(j32)
		if !p.water(j) || !p.freeWater(from, j) {
			continue
		}
		for _, n := range p.rect.HexAt(j).Neighbors() {
			i := p.rect.Index(n)
			if i >= 0 && (p.homeField().at(i) >= 0) == home && p.landable(n, i) {
				return landing{land: i, water: j}, true
			}
		}
	}
	return landing{}, false
}

// exploreSeaFrom returns up to steps hexes from h toward the nearest hex
// of unknown terrain by sea, the first downhill neighbour in direction
// order each time.
func (w *world) exploreSeaFrom(h hex.Hex, steps int) []hex.Hex {
	return w.descendNearest(h, w.water, w.unknown, steps)
}

// embark takes army a (units, power pow) toward a fleet without cargo
// that has a landing for it (chooseLanding): it boards when next to one,
// and the fleet sets sail at once; else both head for a meeting place on
// the coast. It reports whether it gave orders.
func (p *planner) embark(a *game.Army, units game.Units, pow float64) bool {
	var free []*game.Army
	for _, f := range p.fleets {
		if !p.hasCargo(f) && !p.ferryPlan.busy[f.ID] {
			free = append(free, f)
		}
	}
	slices.SortStableFunc(free, func(x, y *game.Army) int {
		return hex.Distance(x.Hex, a.Hex) - hex.Distance(y.Hex, a.Hex)
	})
	tried := 0
	for _, f := range free {
		sr := p.sail(f.Hex)
		if _, ok := p.chooseLanding(f.Hex, sr, units, pow); !ok {
			continue
		}
		if tried++; tried > 2 {
			break
		}
		if hex.Distance(f.Hex, a.Hex) == 1 {
			p.moved[a.ID] = true
			p.add(game.Order{Kind: erfworld.OrderLoad, Army: a.ID, Target: f.ID})
			p.sailWith(f, a, units, pow, p.fleetMove(f, true), false)
			return true
		}
		coast := func(h hex.Hex, i int) bool {
			return i >= 0 && p.s.Map.Terrain[i] != rulesfile.NoTerrain && p.meetingWater(f.Hex, h, sr) >= 0
		}
		var walk []hex.Hex
		meet := a.Hex
		if !coast(a.Hex, p.rect.Index(a.Hex)) {
			walk = p.search(a.Hex, 24, coast)
			if len(walk) == 0 {
				continue
			}
			meet = walk[len(walk)-1]
		}
		p.ferryPlan.busy[f.ID] = true
		p.moved[a.ID] = true
		if path := sr.pathTo(p.rect, p.meetingWater(f.Hex, meet, sr)); len(path) > 0 {
			p.sailAlong(f, path[:min(len(path), p.fleetMove(f, false))])
		}
		p.moveAlong(a, walk, game.OrderMove)
		return true
	}
	return false
}

// meetingWater returns the index of the Water hex next to land hex h that
// the fleet on hex from (search sr) reaches soonest, or -1.
func (p *planner) meetingWater(from, h hex.Hex, sr *sea) int {
	best := -1
	for _, n := range h.Neighbors() {
		j := p.rect.Index(n)
		if j >= 0 && sr.dist[j] >= 0 && p.water(j) && p.freeWater(from, j) && (best < 0 || sr.dist[j] < sr.dist[best]) {
			best = j
		}
	}
	return best
}

// exploreSea sends one fleet without cargo to explore when the Capital's
// land mass is all known and nothing is known beyond the water.
func (p *planner) exploreSea() {
	f := &p.ferryPlan
	if !f.on || f.landFoe || len(f.overseas) > 0 || len(p.fleets) == 0 || !p.isStuck() {
		return
	}
	for _, fl := range p.fleets {
		if p.hasCargo(fl) || f.busy[fl.ID] {
			continue
		}
		if path := p.exploreSeaFrom(fl.Hex, p.fleetMove(fl, false)); len(path) > 0 {
			f.busy[fl.ID] = true
			p.sailAlong(fl, path)
			return
		}
	}
}
