package empireai

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// style is how a level plays: the numbers and the habits that make easy
// weaker than normal.
type style struct {
	// keepTown and keepCity are the units a town's and a city's garrison
	// keep at least; the rest march out.
	keepTown, keepCity int
	// minArmy is the least number of units a garrison's surplus must
	// have to march out as a new army.
	minArmy int
	// armiesPer caps the armies: one, plus one per armiesPer settlements
	// held (0: no cap).
	armiesPer int
	// attack is the power an army (with those gathered beside it) needs
	// over a target's estimated power before it attacks; 0: it attacks
	// regardless.
	attack float64
	// avoid is how many times stronger than an army an enemy army in
	// reach must be for the army to fall back home (0: never).
	avoid float64
	// defend: garrisons grow to match the enemy armies in reach of their
	// settlement, and armies go home to a settlement they cannot defend
	// by attacking.
	defend bool
	// forward: settlements forward their units to the armies that attack.
	forward bool
	// heal: wounded armies go home to heal.
	heal bool
	// rounds is the number of assignment rounds: in each the armies left
	// over head for the nearest target not yet covered.
	rounds int
	// strongEnough: a new army must be strong enough to take a neutral
	// settlement; what is too weak stays in the garrison.
	strongEnough bool
	// transports: settlements build transports for the walking units
	// that reach nothing on foot, and carry them over the sea, and
	// warships against enemies seen at sea (sea.go).
	transports bool
	// guard: an enemy army this close to a settlement (at most
	// threatRange) makes its garrison grow to match it.
	guard int
	// remember: the seat keeps what its battle reports tell of the
	// others' units (memory.go), and when it has all but won it takes
	// the last settlements' defenders for those units.
	remember bool
	// townTurns, cityTurns and cityEarlyTurns bound the production
	// time of what produceNormal chooses: in a town, in a city, and in a
	// city while the player holds fewer than four settlements or an enemy
	// army is near.
	townTurns, cityTurns, cityEarlyTurns int
	// produce chooses what settlement st produces.
	produce func(w *world, st *empire.SettlementView) (dat.Kind, bool)
}

// The distances and turns of the plans.
const (
	// threatRange: an enemy army this close to a settlement threatens it
	// (two turns of a fast army).
	threatRange = 8
	// guardRange: an enemy army this close to a settlement can reach it
	// next turn (an Angel's four moves and its attack).
	guardRange = 5
	// finishShare: a player has all but won when the others hold at most
	// one settlement for every finishShare of its own.
	finishShare = 4
	// dangerRange: an enemy army this close to an army may attack it
	// next turn.
	dangerRange = 5
	// stageCost: an army waiting for others before it attacks stops this
	// far (in movement cost) from its target, where most armies see it.
	stageCost = 2
	// gatherCost: armies waiting this near a target gather on the
	// strongest of them.
	gatherCost = 8
	// staleTurns: an enemy army seen this many turns ago or more is no
	// longer a target.
	staleTurns = 2
	// growthTurns caps the turns of growth assumed for an enemy garrison
	// not seen since.
	growthTurns = 40
	// maxForwardTurns: a settlement forwards no unit that would travel
	// longer.
	maxForwardTurns = 12
)

// The power a player assumes an enemy garrison gains each turn it does
// not see it: a unit of Infantry's worth every few turns.
const (
	townGrowth = 0.3
	cityGrowth = 0.5
)

// army is one of the player's armies as the plan sees it, or one to be
// split off a garrison this turn.
type army struct {
	// id is the force; 0 for a new army split off garrison from.
	id, from empire.ForceID
	pos      grid.Pos
	units    []empire.Unit
	standing []grid.Pos
	mv       empire.Movement
	c        class
	power    float64
	// target is the index of the target it heads for, -1 none; cost what
	// reaching it costs; path the squares it takes this turn.
	target int
	cost   int
	path   []grid.Pos
	// f is the distance field it followed to its target.
	f *field
	// planned is set when its path is decided; gone when it was merged
	// into another force.
	planned, gone bool
	explore       bool
}

// target is a square an army may attack: a settlement not the player's,
// with the forces last seen there, or a force of another player seen in
// the open.
type target struct {
	pos        grid.Pos
	settlement bool
	owner      empire.Seat
	// power is the estimated power of the forces on it.
	power float64
	// committed is the power of the armies heading for it; armies those
	// armies.
	committed float64
	armies    []*army
	// out is set when it is covered and left out of the next round.
	out bool
}

// world is one turn's plan of one seat, made from its view alone.
type world struct {
	d    *dat.Data
	v    *empire.View
	me   empire.Seat
	st   *style
	rng  *rand.Rand
	g    grid.Grid
	turn int
	// maxPath bounds a path as the rules do.
	maxPath int
	// sc holds the per-square indexes of the view and the searches'
	// buffers: settleAt, the index in v.Settlements plus one of the
	// settlement on each square; blocked, the squares with others' forces
	// or settlements (a path passes none but its goal); targetAt, the
	// index in targets plus one of the target on each square.
	sc *scratch
	// hostile are the sightings (indexes in v.Sightings) of other players'
	// forces and neutral garrisons, by square.
	hostile map[int][]int
	own     []*empire.SettlementView
	// garrison is the player's garrison on a square.
	garrison map[grid.Pos]*empire.Force
	kept     map[grid.Pos][]empire.Unit
	armies   []*army
	targets  []*target
	// threat is the power of the enemy armies near each settlement.
	threat map[empire.SettlementID]float64
	// fields are the turn's shared distance fields; used every field it
	// took from sc, to give back.
	fields []keyedField
	used   []*field
	// reached are the answers of reaches.
	reached []reachAnswer
	// landings are the turn's carriers' fields to the shores (sea.go).
	landings []landing
	// front is the frontier of the unknown (frontier), made once a turn
	// (frontOK once it is).
	front   []grid.Pos
	frontOK bool
	round   int
	// searches counts the distance fields and paths of the turn; visited
	// the squares all its searches expanded.
	searches, visited int
	orders            []empire.Order
	// mem is what the seat heard of the others' units (memory.go): empty
	// but for a style that remembers.
	mem *memory
}

// newWorld indexes view v for seat me in sc, clean buffers of v's map
// size (nil: new ones). The turn's plan gives them back clean (release).
func newWorld(d *dat.Data, v *empire.View, me empire.Seat, st *style, rng *rand.Rand, sc *scratch) *world {
	g := v.Grid()
	if sc == nil || sc.n != g.Len() {
		sc = newScratch(g.Len())
	}
	w := &world{d: d, v: v, me: me, st: st, rng: rng, g: g, sc: sc, turn: v.Turn,
		maxPath: 2 * (v.Width + v.Height), hostile: map[int][]int{}, garrison: map[grid.Pos]*empire.Force{},
		kept: map[grid.Pos][]empire.Unit{}, threat: map[empire.SettlementID]float64{}, mem: newMemory()}
	for i := range v.Settlements {
		s := &v.Settlements[i]
		if j := w.g.Index(s.Pos); j >= 0 {
			sc.settleAt[j] = int32(i + 1)
			sc.set = append(sc.set, int32(j))
		}
		if s.Owner == me {
			w.own = append(w.own, s)
		}
	}
	for i, sg := range v.Sightings {
		if j := w.g.Index(sg.Pos); sg.Owner != me && j >= 0 {
			w.hostile[j] = append(w.hostile[j], i)
			sc.blocked[j] = true
			sc.set = append(sc.set, int32(j))
		}
	}
	for _, s := range v.Settlements {
		if j := w.g.Index(s.Pos); s.Owner != me && j >= 0 {
			sc.blocked[j] = true
		}
	}
	for i := range v.Forces {
		f := &v.Forces[i]
		if f.Owner != me || len(f.Units) == 0 || !w.g.Contains(f.Pos) {
			continue
		}
		if f.Garrison {
			if _, ok := w.garrison[f.Pos]; !ok {
				w.garrison[f.Pos] = f
			}
			continue
		}
		w.armies = append(w.armies, w.newArmy(f.ID, 0, f.Pos, slices.Clone(f.Units), f.Path))
	}
	return w
}

// newArmy makes the plan's army of units on p.
func (w *world) newArmy(id, from empire.ForceID, p grid.Pos, units []empire.Unit, standing []grid.Pos) *army {
	a := &army{id: id, from: from, pos: p, units: units, standing: standing, target: -1}
	a.update(w.d)
	return a
}

// update recomputes what follows from a's units.
func (a *army) update(d *dat.Data) {
	a.mv = empire.ArmyMovement(d, a.units)
	a.c = classOf(a.mv)
	a.power = unitsPower(d, a.units)
}

// release gives the turn's buffers back clean: its fields, and every
// square it set in sc.
func (w *world) release() {
	for _, f := range w.used {
		w.sc.putField(f)
	}
	w.used, w.fields, w.landings = nil, nil, nil
	w.sc.clean()
}

// settlementOn returns the settlement the view knows on p, or nil.
func (w *world) settlementOn(p grid.Pos) *empire.SettlementView {
	if i := w.g.Index(p); i >= 0 && w.sc.settleAt[i] != 0 {
		return &w.v.Settlements[w.sc.settleAt[i]-1]
	}
	return nil
}

// targetOn returns the index in targets of the target on p, and whether
// there is one.
func (w *world) targetOn(p grid.Pos) (int, bool) {
	if i := w.g.Index(p); i >= 0 && w.sc.targetAt[i] != 0 {
		return int(w.sc.targetAt[i] - 1), true
	}
	return 0, false
}

// fresh reports whether sighting sg was made in the last turns turns
// (1: in sight now).
func (w *world) fresh(sg *empire.Sighting, turns int) bool { return sg.Turn > w.turn-turns }

// plan makes the turn's orders.
func (w *world) plan() []empire.Order {
	w.noPeace()
	w.mergeArmies()
	w.assess()
	w.findTargets()
	w.produce()
	w.garrisons()
	w.assign()
	w.landOrHome()
	w.move()
	if w.st.forward {
		w.forward()
	}
	return w.orders
}

// noPeace ends the peace mode of every force of the player: the AI fights.
func (w *world) noPeace() {
	for _, f := range w.v.Forces {
		if f.Owner == w.me && f.Peace {
			w.orders = append(w.orders, empire.Order{Kind: empire.Peace, Force: f.ID})
		}
	}
}

// mergeArmies joins armies that stand on one square into the oldest of
// them, when that does not make it a slower kind of army than both. The
// armies are sorted by square, so each square's are met together.
func (w *world) mergeArmies() {
	byPos := slices.Clone(w.armies)
	slices.SortStableFunc(byPos, func(a, b *army) int {
		return cmp.Or(cmp.Compare(a.pos.Y, b.pos.Y), cmp.Compare(a.pos.X, b.pos.X), cmp.Compare(a.id, b.id))
	})
	for i := 0; i < len(byPos); {
		j := i + 1
		for j < len(byPos) && byPos[j].pos == byPos[i].pos {
			j++
		}
		for k, a := range byPos[i:j] {
			if a.gone {
				continue
			}
			for _, b := range byPos[i+k+1 : j] {
				if b.gone {
					continue
				}
				union := append(slices.Clone(a.units), b.units...)
				uc := classOf(empire.ArmyMovement(w.d, union))
				if uc != a.c && uc != b.c {
					continue
				}
				w.orders = append(w.orders, empire.Order{Kind: empire.Transfer, Force: b.id, To: a.id})
				a.units = union
				a.update(w.d)
				b.gone = true
			}
		}
		i = j
	}
}

// assess measures the threat to each of the player's settlements: the
// power of the enemy armies seen lately within the style's guard range.
func (w *world) assess() {
	if !w.st.defend {
		return
	}
	for _, st := range w.own {
		t := 0.0
		for i := range w.v.Sightings {
			sg := &w.v.Sightings[i]
			if sg.Owner == w.me || sg.Owner == 0 || sg.Garrison || !w.fresh(sg, staleTurns+1) {
				continue
			}
			if w.g.Distance(sg.Pos, st.Pos) <= w.st.guard {
				t += sightingPower(w.d, sg)
			}
		}
		if t > 0 {
			w.threat[st.ID] = t
		}
	}
}

// rate is a settlement's production rate in percent.
func (w *world) rate(st *empire.SettlementView) int {
	if st.City {
		return w.d.Game.CityRate
	}
	return w.d.Game.TownRate
}

// buildTurns is how many turns settlement st takes to produce kind k.
func (w *world) buildTurns(st *empire.SettlementView, k dat.Kind) int {
	r := max(w.rate(st), 1)
	return (w.d.Unit(k).Prod*100 + r - 1) / r
}

// produce sets what each settlement produces. It changes a settlement's
// production only when little is lost: when it produces nothing, or has
// done at most a turn's work on its unit (as just after a conquest, or
// just after a unit is done).
func (w *world) produce() {
	for _, st := range w.own {
		k, ok := w.st.produce(w, st)
		if !ok || st.Produce == int(k)+1 {
			continue
		}
		if st.Produce != 0 && st.Progress > w.rate(st) {
			continue
		}
		w.orders = append(w.orders, empire.Order{Kind: empire.Produce, Settlement: st.ID, Value: int(k) + 1})
	}
}

// canProduce lists what settlement st may produce (the package's choice:
// no ships) that can go somewhere from it: to a target or the unknown.
// If none can, it lists all it may produce.
func (w *world) canProduce(st *empire.SettlementView) []dat.Kind {
	all := producible(w.d, st.City, w.v.NextToSea(st.Pos))
	var out []dat.Kind
	for _, k := range all {
		if w.kindReaches(k, st.Pos) {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// keep is the number of units settlement st's garrison keeps.
func (w *world) keep(st *empire.SettlementView) int {
	if st.City {
		return w.st.keepCity
	}
	return w.st.keepTown
}

// byStay sorts units the ones to keep at home first: the lowest
// sendScore, then the oldest.
func (w *world) byStay(units []empire.Unit) {
	slices.SortStableFunc(units, func(a, b empire.Unit) int {
		return cmp.Or(cmp.Compare(sendScore(w.d.Unit(a.Kind)), sendScore(w.d.Unit(b.Kind))), cmp.Compare(a.ID, b.ID))
	})
}

// divide splits units into those that stay in settlement st's garrison
// and those that may leave: at least keep(st) stay, and with defend
// enough to match the settlement's threat.
func (w *world) divide(st *empire.SettlementView, units []empire.Unit) (stay, leave []empire.Unit) {
	sorted := slices.Clone(units)
	w.byStay(sorted)
	need, p := w.threat[st.ID], 0.0
	n := 0
	for n < len(sorted) && (n < w.keep(st) || p < need) {
		p += kindPower(w.d.Unit(sorted[n].Kind), sorted[n].HP)
		n++
	}
	return sorted[:n], sorted[n:]
}

// armiesHere returns the player's armies on p that are not gone.
func (w *world) armiesHere(p grid.Pos) []*army {
	var out []*army
	for _, a := range w.armies {
		if !a.gone && a.pos == p {
			out = append(out, a)
		}
	}
	return out
}

// maxArmies is the most armies the style keeps.
func (w *world) maxArmies() int {
	if w.st.armiesPer <= 0 {
		return 1 << 20
	}
	return 1 + len(w.own)/w.st.armiesPer
}

// garrisons looks after every settlement's garrison: one that has none
// gets one from an army standing there; one that has too few gets units
// from an army standing there; one that has more than it keeps gives the
// surplus to an army standing there or sends it out as a new army.
func (w *world) garrisons() {
	count := 0
	for _, a := range w.armies {
		if !a.gone {
			count++
		}
	}
	for _, st := range w.own {
		gar := w.garrison[st.Pos]
		here := w.armiesHere(st.Pos)
		if gar == nil {
			if len(here) == 0 {
				continue
			}
			a := here[0]
			stay, leave := w.divide(st, a.units)
			// CHOICE: a lone unit that took a settlement moves on unless an
			// enemy army is near: the settlement's first unit (the
			// quickest, for normal) will garrison it, and taking the next
			// settlement is worth more than holding this one a few turns
			// earlier.
			switch {
			case len(leave) == 0 && (len(stay) >= 2 || w.threat[st.ID] > 0):
				// The whole army stays as the garrison.
				w.orders = append(w.orders, empire.Order{Kind: empire.Split, Force: a.id, Units: ids(a.units), Garrison: true})
				w.kept[st.Pos] = a.units
				a.gone = true
				count--
			case len(leave) > 0:
				w.orders = append(w.orders, empire.Order{Kind: empire.Split, Force: a.id, Units: ids(stay), Garrison: true})
				w.kept[st.Pos] = stay
				a.units = leave
				a.update(w.d)
			}
			continue
		}
		units := slices.Clone(gar.Units)
		if len(here) > 0 && len(units) < w.keep(st) {
			a := here[0]
			stay, leave := w.divide(st, append(slices.Clone(units), a.units...))
			var give []empire.Unit
			for _, u := range stay {
				if !slices.ContainsFunc(units, func(x empire.Unit) bool { return x.ID == u.ID }) {
					give = append(give, u)
				}
			}
			if len(give) > 0 && len(leave) > 0 {
				w.orders = append(w.orders, empire.Order{Kind: empire.Transfer, Force: a.id, To: gar.ID, Units: ids(give)})
				a.units = leave
				a.update(w.d)
				units = append(units, give...)
			}
		}
		stay, leave := w.divide(st, units)
		w.kept[st.Pos] = stay
		if len(leave) == 0 {
			continue
		}
		if len(here) > 0 {
			a := here[0]
			union := append(slices.Clone(a.units), leave...)
			if classOf(empire.ArmyMovement(w.d, union)) == a.c {
				w.orders = append(w.orders, empire.Order{Kind: empire.Transfer, Force: gar.ID, To: a.id, Units: ids(leave)})
				a.units = union
				a.update(w.d)
				continue
			}
		}
		for _, grp := range w.load(leave, st.Pos) {
			if len(grp) < w.st.minArmy || count >= w.maxArmies() || unitsPower(w.d, grp) < w.minPower() ||
				!w.reaches(classOf(empire.ArmyMovement(w.d, grp)), st.Pos) && !w.canLand(grp, st.Pos) {
				w.kept[st.Pos] = append(w.kept[st.Pos], grp...)
				continue
			}
			w.armies = append(w.armies, w.newArmy(0, gar.ID, st.Pos, grp, nil))
			count++
		}
	}
}

// groups divides units into the armies they march out as: one army for
// each set of terrains the units can enter, so that no army is barred
// from where its other units could go (Cavalry, which cannot climb
// mountains, apart from Infantry; fliers apart from both).
func (w *world) groups(units []empire.Unit) [][]empire.Unit {
	var out [][]empire.Unit
	var keys []uint8
	for _, u := range units {
		k := reach(classOf(empire.ArmyMovement(w.d, []empire.Unit{u})))
		i := slices.Index(keys, k)
		if i < 0 {
			i = len(keys)
			keys = append(keys, k)
			out = append(out, nil)
		}
		out[i] = append(out[i], u)
	}
	return out
}

// reach is the set of terrains (bit t) and settlements (bit NumTerrains)
// an army of class c can enter.
func reach(c class) uint8 {
	var r uint8
	for t, cost := range c.cost {
		if cost > 0 {
			r |= 1 << t
		}
	}
	if c.settle > 0 {
		r |= 1 << dat.NumTerrains
	}
	return r
}

// minPower is the least power a new army needs: with the style's
// strongEnough, what attacking a neutral settlement needs.
func (w *world) minPower() float64 {
	if !w.st.strongEnough {
		return 0
	}
	n := len(w.d.Game.NeutralGarrison)
	return sightingPower(w.d, &empire.Sighting{Units: n, HP: neutralHP(w.d, n), MaxHP: neutralHP(w.d, n)}) * w.st.attack
}

// ids returns the units' IDs.
func ids(units []empire.Unit) []empire.UnitID {
	out := make([]empire.UnitID, len(units))
	for i, u := range units {
		out[i] = u.ID
	}
	return out
}

// findTargets lists the targets: every settlement the view knows that is
// not the player's, with the forces on it, and the other players' armies
// seen in the open lately.
func (w *world) findTargets() {
	add := func(t *target) {
		if i, ok := w.targetOn(t.pos); ok {
			w.targets[i].power += t.power
			return
		}
		j := w.g.Index(t.pos)
		w.sc.targetAt[j] = int32(len(w.targets) + 1)
		w.sc.set = append(w.sc.set, int32(j))
		w.targets = append(w.targets, t)
	}
	for i := range w.v.Settlements {
		s := &w.v.Settlements[i]
		if s.Owner == w.me {
			continue
		}
		add(&target{pos: s.Pos, settlement: true, owner: s.Owner, power: w.defence(s)})
	}
	for i := range w.v.Sightings {
		sg := &w.v.Sightings[i]
		if sg.Owner == w.me || sg.Owner == 0 || sg.Garrison || !w.fresh(sg, staleTurns) || w.settlementOn(sg.Pos) != nil {
			continue
		}
		add(&target{pos: sg.Pos, owner: sg.Owner, power: sightingPower(w.d, sg)})
	}
	if len(w.targets) > 0 {
		return
	}
	// Nothing else left: hunt the armies seen long ago.
	for i := range w.v.Sightings {
		sg := &w.v.Sightings[i]
		if sg.Owner != w.me && sg.Owner != 0 && !sg.Garrison {
			add(&target{pos: sg.Pos, owner: sg.Owner, power: sightingPower(w.d, sg)})
		}
	}
}

// kindReaches reports whether an army of one unit of kind k on p can
// reach a target or the unknown.
func (w *world) kindReaches(k dat.Kind, p grid.Pos) bool {
	return w.reaches(classOf(empire.ArmyMovement(w.d, []empire.Unit{{Kind: k, HP: w.d.Unit(k).HP}})), p)
}

// defence estimates the power on settlement s: the forces last seen on
// it, and for another player's settlement not in sight, what it may have
// produced since.
func (w *world) defence(s *empire.SettlementView) float64 {
	i := w.g.Index(s.Pos)
	p, seen := 0.0, int(w.v.Seen[i])
	known := w.st.remember && s.Owner != 0 && w.finishing()
	for _, j := range w.hostile[i] {
		sg := &w.v.Sightings[j]
		if known {
			p += w.knownPower(sg)
		} else {
			p += sightingPower(w.d, sg)
		}
	}
	if s.Owner != 0 && seen < w.turn {
		g := townGrowth
		if s.City {
			g = cityGrowth
		}
		p += g * float64(min(w.turn-max(seen, s.Turn), growthTurns))
	}
	return p
}

// need is the power that must gather before t is attacked.
func (w *world) need(t *target) float64 { return t.power * w.st.attack }

// assign gives every army its target: in each round every army left
// follows the distance field of the targets not yet covered to the
// nearest; an army whose target is already covered by the armies before
// it (the strongest first) waits for the next round. Armies with no
// target explore.
func (w *world) assign() {
	var avail []*army
	for _, a := range w.armies {
		if a.gone {
			continue
		}
		if w.retreat(a) || w.heal(a) {
			continue
		}
		avail = append(avail, a)
	}
	slices.SortStableFunc(avail, func(a, b *army) int {
		return cmp.Or(cmp.Compare(b.power, a.power), cmp.Compare(a.id, b.id))
	})
	for w.round = 0; w.round < max(w.st.rounds, 1) && len(avail) > 0 && len(w.targets) > 0; w.round++ {
		last := w.round == max(w.st.rounds, 1)-1
		var next []*army
		for _, a := range avail {
			f := w.field(a.c, goalTarget)
			path, cost, ok := w.descend(a.c, f, a.pos, w.g.Len())
			if !ok {
				continue
			}
			end := a.pos
			if len(path) > 0 {
				end = path[len(path)-1]
			}
			ti, found := w.targetOn(end)
			if !found || !f.goal(w.g.Index(end)) {
				continue
			}
			t := w.targets[ti]
			if !last && w.st.attack > 0 && len(t.armies) > 0 && t.committed >= w.need(t) {
				next = append(next, a)
				continue
			}
			a.target, a.cost, a.path, a.f = ti, cost, path, f
			t.committed += a.power
			t.armies = append(t.armies, a)
		}
		for _, t := range w.targets {
			if len(t.armies) > 0 && t.committed >= w.need(t) {
				t.out = true
			}
		}
		avail = next
	}
}

// retreat sends army a home when an enemy army in reach is much stronger
// than it; it reports whether it did.
func (w *world) retreat(a *army) bool {
	if w.st.avoid <= 0 {
		return false
	}
	danger := 0.0
	for i := range w.v.Sightings {
		sg := &w.v.Sightings[i]
		if sg.Owner == w.me || sg.Owner == 0 || sg.Garrison || !w.fresh(sg, staleTurns) {
			continue
		}
		if w.g.Distance(sg.Pos, a.pos) <= dangerRange {
			danger = max(danger, sightingPower(w.d, sg))
		}
	}
	if danger < w.st.avoid*a.power {
		return false
	}
	if st := w.settlementOn(a.pos); st != nil && st.Owner == w.me {
		a.planned = true // it defends the settlement
		return true
	}
	path, _, ok := w.descend(a.c, w.field(a.c, goalHome), a.pos, w.g.Len())
	if !ok {
		return false
	}
	a.path, a.planned = path, true
	return true
}

// The hit points, in percent of the full, at which an army goes home to
// heal, and at which it leaves its settlement again.
const (
	woundedBelow = 50
	healedAt     = 90
)

// heal sends a wounded army home: with the style's heal, an army below
// woundedBelow percent of its hp goes to the nearest of the player's
// settlements, and one in a settlement stays there until it has
// healedAt percent. It reports whether it did.
func (w *world) heal(a *army) bool {
	if !w.st.heal || a.id == 0 {
		return false
	}
	hp, full := 0, 0
	for _, u := range a.units {
		hp += u.HP
		full += w.d.Unit(u.Kind).HP
	}
	if st := w.settlementOn(a.pos); st != nil && st.Owner == w.me {
		if hp*100 >= full*healedAt {
			return false
		}
		a.path, a.planned = nil, true
		return true
	}
	if hp*100 >= full*woundedBelow {
		return false
	}
	path, _, ok := w.descend(a.c, w.field(a.c, goalHome), a.pos, w.g.Len())
	if !ok {
		return false
	}
	a.path, a.planned = path, true
	return true
}

// move decides every army's path: to its target when the armies near it
// are strong enough (or the style attacks regardless), else to a square
// short of it where they gather; home to a threatened settlement; or out
// to explore. Then it gives the orders.
func (w *world) move() {
	for _, t := range w.targets {
		if len(t.armies) == 0 {
			continue
		}
		// The armies attack if one of them is strong enough alone, or those
		// near it together.
		ready, strongest := 0.0, 0.0
		for _, a := range t.armies {
			if a.cost <= stageCost+a.mv.MP {
				ready += a.power
			}
			strongest = max(strongest, a.power)
		}
		ready = max(ready, strongest)
		if !t.settlement {
			ready = t.committed
		}
		switch {
		case w.st.attack <= 0 || t.power == 0 || ready >= w.need(t):
			for _, a := range t.armies {
				a.planned = true
			}
		case t.settlement:
			w.gather(t)
		default:
			w.defend(t)
		}
	}
	var idle []*army
	for _, a := range w.armies {
		if !a.gone && !a.planned {
			idle = append(idle, a)
		}
	}
	w.explore(idle)
	for _, a := range w.armies {
		if a.gone {
			continue
		}
		a.path = w.safe(a, a.path)
		if len(a.path) > w.maxPath {
			a.path = a.path[:w.maxPath]
		}
		if a.id == 0 {
			w.orders = append(w.orders, empire.Order{Kind: empire.Split, Force: a.from, Units: ids(a.units), Path: a.path})
			continue
		}
		if !slices.Equal(a.path, a.standing) {
			w.orders = append(w.orders, empire.Order{Kind: empire.Move, Force: a.id, Path: a.path})
		}
	}
}

// The explorers' numbers.
const (
	// exploreFields is the most explorers a turn that get a part of the
	// unknown of their own; the others share.
	exploreFields = 5
	// exploreSpread: an explorer leaves the unknown this near another's
	// goal to that one.
	exploreSpread = 8
	// exploreBeyond is how far an explorer's path goes on into the
	// unknown beyond the nearest unknown square.
	exploreBeyond = 6
)

// explore sends armies out to the unknown: each to the nearest square
// next to the unknown, and on into it, away from where it stands; the
// first few each to a part of the unknown no other explorer heads for.
// An explorer whose path still leads into the unknown keeps it.
func (w *world) explore(as []*army) {
	frontier := w.theFrontier()
	var goals []grid.Pos
	own := 0
	for _, a := range as {
		a.explore, a.planned = true, true
		if w.stillExploring(a) {
			a.path = a.standing
			goals = append(goals, a.standing[len(a.standing)-1])
			continue
		}
		var f *field
		if own < exploreFields {
			var src []int32
			for _, p := range frontier {
				if !slices.ContainsFunc(goals, func(g grid.Pos) bool { return w.g.Distance(p, g) <= exploreSpread }) {
					src = append(src, int32(w.g.Index(p)))
				}
			}
			if len(src) == 0 {
				for _, p := range frontier {
					src = append(src, int32(w.g.Index(p)))
				}
			}
			f = w.fieldFrom(a.c, src)
			own++
		} else {
			f = w.field(a.c, goalExplore)
		}
		path, _, ok := w.descend(a.c, f, a.pos, w.g.Len())
		if !ok {
			w.disband(a)
			continue
		}
		a.path = w.beyond(a, path)
		if len(a.path) > 0 {
			goals = append(goals, a.path[len(a.path)-1])
		}
	}
}

// disband sends army a, which has nowhere to go, home: on one of the
// player's settlements it joins the garrison (or becomes it); elsewhere
// it heads for the nearest.
func (w *world) disband(a *army) {
	if st := w.settlementOn(a.pos); st != nil && st.Owner == w.me && a.id != 0 {
		if gar := w.garrison[a.pos]; gar != nil {
			w.orders = append(w.orders, empire.Order{Kind: empire.Transfer, Force: a.id, To: gar.ID})
		} else {
			w.orders = append(w.orders, empire.Order{Kind: empire.Split, Force: a.id, Units: ids(a.units), Garrison: true})
		}
		a.gone = true
		return
	}
	if path, _, ok := w.descend(a.c, w.field(a.c, goalHome), a.pos, w.g.Len()); ok {
		a.path = path
	}
}

// stillExploring reports whether army a's standing path still ends in the
// unknown and passes only squares it may enter and that hold no one
// else's forces or settlements.
func (w *world) stillExploring(a *army) bool {
	if len(a.standing) == 0 || w.v.Terrain[w.g.Index(a.standing[len(a.standing)-1])] != empire.Unknown {
		return false
	}
	for _, p := range a.standing {
		if i := w.g.Index(p); !w.open(a.c, i) {
			return false
		}
	}
	return true
}

// beyond extends an explorer's path from its end into the unknown, up to
// exploreBeyond squares, each step to an unknown neighbour farther from
// where the army stands (one drawn by lot on a tie).
func (w *world) beyond(a *army, path []grid.Pos) []grid.Pos {
	if len(path) == 0 {
		return path
	}
	var nb, best []grid.Pos
	last := path[len(path)-1]
	for range exploreBeyond {
		nb = w.g.Neighbours(nb[:0], last)
		best = best[:0]
		d := w.g.Distance(a.pos, last)
		for _, q := range nb {
			if w.v.Terrain[w.g.Index(q)] != empire.Unknown || w.g.Distance(a.pos, q) <= d || slices.Contains(path, q) {
				continue
			}
			best = append(best, q)
		}
		if len(best) == 0 {
			break
		}
		last = best[w.rng.IntN(len(best))]
		path = append(path, last)
	}
	return path
}

// defend plans the armies of t, an army too strong for them: if it
// threatens one of the player's settlements, those near go into the
// settlement; the others are left to explore.
func (w *world) defend(t *target) {
	for _, a := range t.armies {
		a.target, a.path = -1, nil
	}
	if !w.st.defend {
		return
	}
	for _, st := range w.own {
		if w.g.Distance(st.Pos, t.pos) > threatRange {
			continue
		}
		for _, a := range t.armies {
			if a.pos == st.Pos {
				a.path, a.planned = nil, true
			} else if w.g.Distance(a.pos, st.Pos) <= 2*threatRange {
				if path, ok := w.pathTo(a.c, a.pos, st.Pos, 4*threatRange); ok {
					a.path, a.planned = path, true
				}
			}
		}
		return
	}
}

// gather plans the armies of settlement t that are too weak for it yet:
// they stop stageCost short of it, and those near gather on the
// strongest.
func (w *world) gather(t *target) {
	var staged []*army
	var lead *army
	for _, a := range t.armies {
		if a.planned {
			continue
		}
		cut := 0
		for cut < len(a.path) && a.f.dist[w.g.Index(a.path[cut])] >= stageCost {
			cut++
		}
		a.path = a.path[:cut]
		a.planned = true
		if a.cost > gatherCost {
			continue
		}
		staged = append(staged, a)
		if a.id != 0 && (lead == nil || a.power > lead.power) {
			lead = a
		}
	}
	if lead == nil {
		return
	}
	meet := lead.pos
	if len(lead.path) > 0 {
		meet = lead.path[len(lead.path)-1]
	}
	for _, a := range staged {
		if a == lead || a.pos == meet {
			continue
		}
		if path, ok := w.pathTo(a.c, a.pos, meet, 2*gatherCost); ok {
			a.path = path
		}
	}
}

// safe cuts path short of the first square holding forces of others that
// is not a's target: an army does not stumble into battles it did not
// plan.
func (w *world) safe(a *army, path []grid.Pos) []grid.Pos {
	for i, p := range path {
		if len(w.hostile[w.g.Index(p)]) == 0 && (w.settlementOn(p) == nil || w.settlementOn(p).Owner == w.me) {
			continue
		}
		if a.target >= 0 && w.targets[a.target].pos == p && !a.explore {
			continue
		}
		return path[:i]
	}
	return path
}

// forward sends each settlement's units but transports (which wait for
// their cargo) to the nearest army that attacks (one it would not slow
// down), when its garrison holds what it keeps and
// no enemy threatens it; else they join the garrison.
func (w *world) forward() {
	takes := map[dat.Kind][]bool{}
	for _, st := range w.own {
		want := empire.ForceID(0)
		if st.Produce > 0 && len(w.kept[st.Pos]) >= w.keep(st) && w.threat[st.ID] == 0 && w.d.Unit(dat.Kind(st.Produce-1)).Transport == 0 {
			k := dat.Kind(st.Produce - 1)
			if _, ok := takes[k]; !ok {
				takes[k] = w.takes(k)
			}
			want = w.reinforce(st, k, takes[k])
		}
		if st.Forward != want {
			w.orders = append(w.orders, empire.Order{Kind: empire.Forward, Settlement: st.ID, To: want})
		}
	}
}

// takes reports for each army (by index in w.armies) whether it attacks
// and a unit of kind k would not slow it down: it could go everywhere it
// goes, and its mp would drop by one at most.
func (w *world) takes(k dat.Kind) []bool {
	out := make([]bool, len(w.armies))
	u := empire.Unit{Kind: k, HP: w.d.Unit(k).HP}
	for i, a := range w.armies {
		if a.gone || a.id == 0 || a.target < 0 || a.explore {
			continue
		}
		m := empire.ArmyMovement(w.d, append(slices.Clone(a.units), u))
		out[i] = classOf(m) == a.c && m.MP >= a.mv.MP-1
	}
	return out
}

// reinforce returns the army a unit of kind k from settlement st should
// be forwarded to, 0 for none: of the armies that take it, the one it
// reaches soonest (within maxForwardTurns), those whose target needs more
// first.
func (w *world) reinforce(st *empire.SettlementView, k dat.Kind, takes []bool) empire.ForceID {
	ut := w.d.Unit(k)
	var best *army
	bestShort, bestTurns := false, 0
	for i, a := range w.armies {
		if !takes[i] {
			continue
		}
		turns := empire.ForwardTurns(ut, w.g.Distance(st.Pos, a.pos))
		if turns > maxForwardTurns {
			continue
		}
		t := w.targets[a.target]
		short := t.committed < w.need(t)
		if best == nil || short && !bestShort || short == bestShort && turns < bestTurns {
			best, bestShort, bestTurns = a, short, turns
		}
	}
	if best == nil {
		return 0
	}
	return best.id
}
