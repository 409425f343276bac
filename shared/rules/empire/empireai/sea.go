package empireai

import (
	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// The sea. Units that walk cannot cross it; transport<n> units carry up to
// n of them ("transport<n>: transports up to n units"), and an army of a
// transport and its cargo moves as empire.ArmyMovement makes it: a Barge's
// army sails the sea and enters settlements (a settlement "works like a
// combination of plains ... and sea"), so it attacks a coastal settlement
// straight from the water; a Balloon's army flies everywhere. With the
// style's transports, a settlement whose walking units reach nothing (an
// island explored and taken) builds a transport, loads it with the units
// its garrison spares, and the army it makes goes where its class leads,
// as every army does. A Barge's army that finds no target it can sail to
// lands its cargo on a shore from which the cargo walks to one, and sails
// home for more.

// walker reports whether units of kind ut walk: they move on land and
// neither fly nor carry.
func walker(ut *dat.Unit) bool {
	return ut.Land() && !ut.Has(dat.Fly) && ut.Transport == 0
}

// stranded returns the walking units among units that can reach no target
// nor the unknown from p on foot.
func (w *world) stranded(units []empire.Unit, p grid.Pos) []empire.Unit {
	var out []empire.Unit
	for _, u := range units {
		if ut := w.d.Unit(u.Kind); walker(ut) && !w.kindReaches(u.Kind, p) {
			out = append(out, u)
		}
	}
	return out
}

// carrier reports whether units hold a transport.
func (w *world) carrier(units []empire.Unit) bool {
	for _, u := range units {
		if w.d.Unit(u.Kind).Transport > 0 {
			return true
		}
	}
	return false
}

// transportToBuild returns the transport settlement st should produce:
// when its garrison holds more walking units than it keeps
// that reach nothing on foot, and no transport stands there, a settlement
// by the sea builds the transport that carries most (a Barge), an inland
// city one that flies (a Balloon). False when st needs none or can build
// none.
//
// CHOICE: a transport is built only for units already stranded, one at a
// time per settlement: on a shared continent the AI walks.
func (w *world) transportToBuild(st *empire.SettlementView) (dat.Kind, bool) {
	if !w.st.transports {
		return 0, false
	}
	gar := w.garrison[st.Pos]
	if gar == nil || w.carrier(gar.Units) {
		return 0, false
	}
	for _, a := range w.armiesHere(st.Pos) {
		if w.carrier(a.units) {
			return 0, false
		}
	}
	if len(w.stranded(gar.Units, st.Pos)) <= w.keep(st) {
		return 0, false
	}
	sea := w.v.NextToSea(st.Pos)
	var best dat.Kind
	found := false
	for k := range w.d.Units {
		ut := &w.d.Units[k]
		if ut.Transport == 0 || empire.CannotProduce(w.d, st.City, sea, dat.Kind(k)) != "" {
			continue
		}
		if !found || ut.Transport > w.d.Unit(best).Transport {
			best, found = dat.Kind(k), true
		}
	}
	return best, found
}

// warshipToBuild returns the warship settlement st, by the sea, should
// produce: when an enemy ship was seen lately within threatRange of it (a
// force on the sea with more hp a unit than any flier has: a Galleon, or
// a Barge's heavy cargo) and the player has no warship nor another
// settlement building one, the unit with a naval attack that sails and
// carries nothing with the most power (a Galleon, which bombs too). False
// when st needs none or can build none.
//
// CHOICE: one warship at a time, and only against ships: a sighting tells
// only the units' number and hp, and fliers over the water are better
// fought by fliers; against a garrison on land a Galleon can do nothing
// but bomb the armies next to it.
func (w *world) warshipToBuild(st *empire.SettlementView) (dat.Kind, bool) {
	if !w.st.transports || !w.v.NextToSea(st.Pos) {
		return 0, false
	}
	warship := func(ut *dat.Unit) bool {
		return ut.Naval() && !ut.Land() && ut.Transport == 0 && ut.Attacks&dat.NavalAttack != 0
	}
	have := func(units []empire.Unit) bool {
		for _, u := range units {
			if warship(w.d.Unit(u.Kind)) {
				return true
			}
		}
		return false
	}
	for _, f := range w.v.Forces {
		if f.Owner == w.me && have(f.Units) {
			return 0, false
		}
	}
	for _, o := range w.own {
		if o.Produce > 0 && warship(w.d.Unit(dat.Kind(o.Produce-1))) && o != st {
			return 0, false
		}
	}
	flierHP := 0
	for k := range w.d.Units {
		if ut := &w.d.Units[k]; ut.Has(dat.Fly) {
			flierHP = max(flierHP, ut.HP)
		}
	}
	seen := false
	for i := range w.v.Sightings {
		sg := &w.v.Sightings[i]
		if sg.Owner == w.me || sg.Owner == 0 || sg.Garrison || !w.fresh(sg, staleTurns+1) || w.g.Distance(sg.Pos, st.Pos) > threatRange {
			continue
		}
		if w.v.Terrain[w.g.Index(sg.Pos)] == uint8(dat.Sea) && sg.MaxHP > flierHP*sg.Units {
			seen = true
			break
		}
	}
	if !seen {
		return 0, false
	}
	var best dat.Kind
	found := false
	for k := range w.d.Units {
		ut := &w.d.Units[k]
		if !warship(ut) || empire.CannotProduce(w.d, st.City, true, dat.Kind(k)) != "" {
			continue
		}
		if !found || kindPower(ut, ut.HP) > kindPower(w.d.Unit(best), w.d.Unit(best).HP) {
			best, found = dat.Kind(k), true
		}
	}
	return best, found
}

// load divides the units leaving a garrison on p into armies: each
// transport among them takes as many of the stranded walkers as it
// carries, and the rest march out in groups (world.groups).
func (w *world) load(units []empire.Unit, p grid.Pos) [][]empire.Unit {
	if !w.st.transports || !w.carrier(units) {
		return w.groups(units)
	}
	cargo := w.stranded(units, p)
	aboard := map[empire.UnitID]bool{}
	var out [][]empire.Unit
	for _, u := range units {
		ut := w.d.Unit(u.Kind)
		if ut.Transport == 0 {
			continue
		}
		grp := []empire.Unit{u}
		aboard[u.ID] = true
		for len(cargo) > 0 && len(grp) <= ut.Transport {
			grp = append(grp, cargo[0])
			aboard[cargo[0].ID] = true
			cargo = cargo[1:]
		}
		out = append(out, grp)
	}
	var rest []empire.Unit
	for _, u := range units {
		if !aboard[u.ID] {
			rest = append(rest, u)
		}
	}
	return append(out, w.groups(rest)...)
}

// landing is a distance field of carriers of class c to the squares
// from which walkers of class wc land next to a way to a target.
type landing struct {
	c, wc class
	f     *field
}

// walkersOf returns the walking units among units and their class.
func (w *world) walkersOf(units []empire.Unit) ([]empire.Unit, class) {
	var out []empire.Unit
	for _, u := range units {
		if walker(w.d.Unit(u.Kind)) {
			out = append(out, u)
		}
	}
	return out, classOf(empire.ArmyMovement(w.d, out))
}

// ashore reports whether walkers of class wc may land on square i and walk
// from it to a target: it is known, open to them, and the targets' field
// f of their class has reached it.
func (w *world) ashore(wc class, f *field, i int) bool {
	return w.v.Terrain[i] != empire.Unknown && w.open(wc, i) && f.dist[i] >= 0
}

// landingField returns the field of carriers of class c to the squares
// next to which walkers of class wc land (ashore), made once a turn: the
// walkers' field to the targets is grown whole first.
func (w *world) landingField(c, wc class) *field {
	for _, l := range w.landings {
		if l.c == c && l.wc == wc {
			return l.f
		}
	}
	tf := w.field(wc, goalTarget)
	for tf.pending > 0 {
		tf.grow()
	}
	var src []int32
	var nb [6]int32
	for i := range w.g.Len() {
		if !w.open(c, i) {
			continue
		}
		for _, t := range w.g.NeighbourIndexes(i, &nb) {
			if w.ashore(wc, tf, int(t)) {
				src = append(src, int32(i))
				break
			}
		}
	}
	f := w.fieldFrom(c, src)
	w.landings = append(w.landings, landing{c: c, wc: wc, f: f})
	return f
}

// canLand reports whether an army of units on p, a carrier with walkers,
// can sail to a square from which its walkers land and walk to a target.
func (w *world) canLand(units []empire.Unit, p grid.Pos) bool {
	if !w.st.transports || !w.carrier(units) {
		return false
	}
	walkers, wc := w.walkersOf(units)
	if len(walkers) == 0 {
		return false
	}
	f := w.landingField(classOf(empire.ArmyMovement(w.d, units)), wc)
	return f.leadsTo(w.g.Index(p))
}

// landOrHome plans the armies that carry walkers and found no target:
// next to a shore from which the walkers walk to a target, the walkers
// land on the square nearest one and the transport, empty, heads home;
// elsewhere the army sails to such a shore. An empty transport away from
// home heads home too. It runs after assign.
func (w *world) landOrHome() {
	if !w.st.transports {
		return
	}
	for _, a := range w.armies {
		if a.gone || a.planned || a.target >= 0 || !w.carrier(a.units) {
			continue
		}
		walkers, wc := w.walkersOf(a.units)
		if len(walkers) == 0 {
			if a.id != 0 {
				w.disband(a)
				a.planned = true
			}
			continue
		}
		if reach(wc) == reach(a.c) {
			continue // the army walks where its walkers do
		}
		tf := w.field(wc, goalTarget)
		lf := w.landingField(a.c, wc)
		best, bestCost := grid.Pos{}, -1
		for _, q := range w.g.Neighbours(nil, a.pos) {
			qi := w.g.Index(q)
			if w.ashore(wc, tf, qi) && (bestCost < 0 || int(tf.dist[qi]) < bestCost) {
				best, bestCost = q, int(tf.dist[qi])
			}
		}
		if bestCost < 0 || a.id == 0 {
			if path, _, ok := w.descend(a.c, lf, a.pos, w.g.Len()); ok {
				a.path, a.planned = path, true
			}
			continue
		}
		w.orders = append(w.orders, empire.Order{Kind: empire.Split, Force: a.id, Units: ids(walkers), Path: []grid.Pos{best}})
		var rest []empire.Unit
		for _, u := range a.units {
			if !walker(w.d.Unit(u.Kind)) {
				rest = append(rest, u)
			}
		}
		a.units = rest
		a.update(w.d)
		w.disband(a)
		a.planned = true
	}
}
