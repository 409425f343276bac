package empireai

import (
	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// class is what an army's paths depend on: the cost of each terrain and of
// a settlement's square (0: it cannot go there). Armies of one class share
// their distance fields.
type class struct {
	cost   [dat.NumTerrains]int
	settle int
}

// classOf is the class of an army moving as m.
func classOf(m empire.Movement) class { return class{cost: m.Cost, settle: m.Settlement} }

// enter is what entering square i costs an army of class c as far as the
// view knows, 0 if it cannot.
//
// CHOICE: a square never seen is taken for plains; an army whose path
// meets sea or mountains there is stopped ("a square it cannot enter at
// all stops it"), sees it, and goes round next turn.
func (w *world) enter(c class, i int) int {
	if w.settleAt[i] != 0 {
		return c.settle
	}
	t := w.v.Terrain[i]
	if t == empire.Unknown || t >= uint8(dat.NumTerrains) {
		t = uint8(dat.Plains)
	}
	return c.cost[t]
}

// fieldKey names a distance field: an army class and the set of squares
// it leads to.
type fieldKey struct {
	c     class
	goal  goal
	round int
}

// goal is a set of squares armies head for.
type goal uint8

// The goals.
const (
	goalTarget  goal = iota // the targets of this assignment round
	goalExplore             // the squares next to the unknown
	goalHome                // the player's own settlements
)

// field returns the distance field of class c to the squares of goal: for
// every square, the least cost for an army of class c to reach one of
// them (-1: it cannot), passing no square that holds others' forces or
// settlements on the way. It is one multi-source search (grid.Distances)
// from the goal squares, backwards (a step from a square to its
// neighbour in the search is the army's step the other way, and costs
// what entering the first square costs), made once per class and goal
// (and assignment round, for the targets).
func (w *world) field(c class, gl goal) []int {
	k := fieldKey{c: c, goal: gl}
	if gl == goalTarget {
		k.round = w.round
	}
	if f, ok := w.fields[k]; ok {
		return f
	}
	var src []grid.Pos
	switch gl {
	case goalTarget:
		for _, t := range w.targets {
			if !t.out {
				src = append(src, t.pos)
			}
		}
	case goalExplore:
		src = w.theFrontier()
	case goalHome:
		for _, st := range w.own {
			src = append(src, st.Pos)
		}
	}
	f := w.fieldFrom(c, src)
	w.fields[k] = f
	return f
}

// fieldFrom is the distance field of class c to the squares src.
func (w *world) fieldFrom(c class, src []grid.Pos) []int {
	isSrc := make([]bool, w.g.Len())
	for _, p := range src {
		isSrc[w.g.Index(p)] = true
	}
	idx := make([]int, len(src))
	for k, p := range src {
		idx[k] = w.g.Index(p)
	}
	w.searches++
	return w.g.DistancesByIndex(nil, idx, func(fi, ti int) (int, bool) {
		cf := w.enter(c, fi)
		return cf, cf > 0 && (isSrc[fi] || !w.blocked[fi]) && !w.blocked[ti] && w.enter(c, ti) > 0
	}, 0)
}

// The frontier's numbers: a square of the unknown is worth exploring
// first if it borders on known land and at least frontierOpen squares
// within frontierRadius of it are unknown too (no pocket in known land).
const (
	frontierRadius = 2
	frontierOpen   = 4
)

// frontier returns the squares the view has never seen that border on
// known land and open onto more of the unknown, in index order; if there
// are none, every square never seen that borders on a known one.
func (w *world) frontier() []grid.Pos {
	var land, any []grid.Pos
	var nb, near []grid.Pos
	for i, t := range w.v.Terrain {
		if t != empire.Unknown {
			continue
		}
		p := w.g.At(i)
		nb = w.g.Neighbours(nb[:0], p)
		known, byLand := false, false
		for _, q := range nb {
			if qt := w.v.Terrain[w.g.Index(q)]; qt != empire.Unknown {
				known = true
				byLand = byLand || dat.Terrain(qt).Land()
			}
		}
		if !known {
			continue
		}
		any = append(any, p)
		if !byLand {
			continue
		}
		near = w.g.Within(near[:0], p, frontierRadius)
		open := 0
		for _, q := range near {
			if w.v.Terrain[w.g.Index(q)] == empire.Unknown {
				open++
			}
		}
		if open >= frontierOpen {
			land = append(land, p)
		}
	}
	if len(land) > 0 {
		return land
	}
	return any
}

// theFrontier is frontier, made once a turn.
func (w *world) theFrontier() []grid.Pos {
	if !w.frontOK {
		w.front, w.frontOK = w.frontier(), true
	}
	return w.front
}

// descend follows field f downhill from p to the nearest of its goal
// squares: at each square, the neighbour whose entry cost plus distance
// is least (the first in grid order on a tie). It returns the path (p
// excluded) and its cost, at most maxLen squares long; ok is false when
// no goal square can be reached from p.
func (w *world) descend(c class, f []int, p grid.Pos, maxLen int) (path []grid.Pos, cost int, ok bool) {
	if f[w.g.Index(p)] == 0 {
		return nil, 0, true
	}
	var nb []grid.Pos
	cur := -1
	for len(path) < maxLen {
		nb = w.g.Neighbours(nb[:0], p)
		best, bestQ := -1, grid.Pos{}
		for _, q := range nb {
			qi := w.g.Index(q)
			e := w.enter(c, qi)
			if e <= 0 || f[qi] < 0 || f[qi] > 0 && w.blocked[qi] {
				continue
			}
			if v := e + f[qi]; best < 0 || v < best {
				best, bestQ = v, q
			}
		}
		if best < 0 || cur >= 0 && best > cur {
			break
		}
		if cur < 0 {
			cost = best
		}
		path = append(path, bestQ)
		p, cur = bestQ, f[w.g.Index(bestQ)]
		if cur == 0 {
			return path, cost, true
		}
	}
	return path, cost, len(path) > 0
}

// pathTo is the cheapest path of an army of class c from p to q over the
// squares the view knows (grid.Path), passing no square that holds
// others' forces or settlements, at most maxCost (0: no bound).
func (w *world) pathTo(c class, p, q grid.Pos, maxCost int) ([]grid.Pos, bool) {
	path, _, ok := w.g.Path(p, q, func(_, to grid.Pos) (int, bool) {
		i := w.g.Index(to)
		e := w.enter(c, i)
		return e, e > 0 && (to == q || !w.blocked[i])
	}, maxCost)
	w.searches++
	return path, ok
}

// reachKey is what reachability depends on: which terrains, and whether
// settlements, an army may enter (not what they cost).
type reachKey struct {
	enter  [dat.NumTerrains]bool
	settle bool
	round  int
}

// reachable returns, for every square, whether an army of class c there
// can reach a target of this round or the unknown: what reaches tells
// from the distance fields, found by one breadth-first search from those
// squares that asks only where the army may go, shared by every class
// that may enter the same terrains. Choosing what to produce asks it for
// every kind of unit, so it must not cost a distance field each.
func (w *world) reachable(c class) []bool {
	k := reachKey{settle: c.settle > 0, round: w.round}
	for t := range c.cost {
		k.enter[t] = c.cost[t] > 0
	}
	if r, ok := w.reach[k]; ok {
		return r
	}
	n := w.g.Len()
	reach := make([]bool, n)
	isSrc := make([]bool, n)
	queue := make([]int, 0, n)
	add := func(p grid.Pos) {
		if i := w.g.Index(p); i >= 0 && !reach[i] {
			reach[i], isSrc[i] = true, true
			queue = append(queue, i)
		}
	}
	if len(w.targets) > 0 {
		for _, t := range w.targets {
			if !t.out {
				add(t.pos)
			}
		}
	}
	for _, p := range w.theFrontier() {
		add(p)
	}
	w.searches++
	var nb [6]int32
	for head := 0; head < len(queue); head++ {
		fi := queue[head]
		if w.enter(c, fi) <= 0 || !isSrc[fi] && w.blocked[fi] {
			continue
		}
		for _, t := range w.g.NeighbourIndexes(fi, &nb) {
			ti := int(t)
			if reach[ti] || w.enter(c, ti) <= 0 || w.blocked[ti] {
				continue
			}
			reach[ti] = true
			queue = append(queue, ti)
		}
	}
	w.reach[k] = reach
	return reach
}
