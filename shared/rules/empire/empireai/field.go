package empireai

import (
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// Searches. A turn's plan asks, for a few armies and settlements, the way
// to the nearest of a set of squares (the targets, the unknown, home) and
// whether any of them can be reached at all. A search over the whole map
// for each set and kind of army made the turn's cost follow the map's
// area, even for a seat that knows a corner of it and has a few units.
// Here a distance field is grown on demand (field.at): from its goal
// squares outwards only as far as the armies that follow it stand, and
// whether a goal can be reached is asked by a search from the army or
// settlement outwards (world.leads), which stops at the first goal it
// meets. Both find what the whole-map searches found, square for square,
// so the plan is the same.

// class is what an army's paths depend on: the cost of each terrain and of
// a settlement's square (0: it cannot go there). Armies of one class share
// their distance fields.
type class struct {
	cost   [dat.NumTerrains]int
	settle int
}

// classOf is the class of an army moving as m.
func classOf(m empire.Movement) class { return class{cost: m.Cost, settle: m.Settlement} }

// maxStep is the most entering one square costs an army of class c.
func (c class) maxStep() int {
	m := c.settle
	for _, k := range c.cost {
		m = max(m, k)
	}
	return m
}

// enter is what entering square i costs an army of class c as far as the
// view knows, 0 if it cannot.
//
// CHOICE: a square never seen is taken for plains; an army whose path
// meets sea or mountains there is stopped ("a square it cannot enter at
// all stops it"), sees it, and goes round next turn.
func (w *world) enter(c class, i int) int {
	if w.sc.settleAt[i] != 0 {
		return c.settle
	}
	t := w.v.Terrain[i]
	if t == empire.Unknown || t >= uint8(dat.NumTerrains) {
		t = uint8(dat.Plains)
	}
	return c.cost[t]
}

// open reports whether an army of class c may stand on square i on its
// way: it can enter it and no one else's forces or settlement are there.
func (w *world) open(c class, i int) bool { return w.enter(c, i) > 0 && !w.sc.blocked[i] }

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

// keyedField is a field of the turn and its key.
type keyedField struct {
	key fieldKey
	f   *field
}

// field returns the distance field of class c to the squares of goal (see
// type field), made once per class and goal (and assignment round, for
// the targets) and grown as the armies that follow it need.
func (w *world) field(c class, gl goal) *field {
	k := fieldKey{c: c, goal: gl}
	if gl == goalTarget {
		k.round = w.round
	}
	for _, kf := range w.fields {
		if kf.key == k {
			return kf.f
		}
	}
	var src []int32
	switch gl {
	case goalTarget:
		for _, t := range w.targets {
			if !t.out {
				src = append(src, int32(w.g.Index(t.pos)))
			}
		}
	case goalExplore:
		for _, p := range w.theFrontier() {
			src = append(src, int32(w.g.Index(p)))
		}
	case goalHome:
		for _, st := range w.own {
			src = append(src, int32(w.g.Index(st.Pos)))
		}
	}
	f := w.fieldFrom(c, src)
	w.fields = append(w.fields, keyedField{key: k, f: f})
	return f
}

// fieldFrom returns a new distance field of class c to the squares of
// indexes src, none of it searched yet.
func (w *world) fieldFrom(c class, src []int32) *field {
	f := w.sc.takeField()
	w.used = append(w.used, f)
	f.start(w, c, src)
	w.searches++
	return f
}

// field is a distance field grown on demand: for every square, the least
// cost for an army of class c to reach one of its goal squares, passing
// no square that holds others' forces or settlements on the way (the
// goal itself may hold them). It is one multi-source search from the goal
// squares, backwards (a step from a square to its neighbour in the search
// is the army's step the other way, and costs what entering the first
// square costs), with Dial's bucket queue (one bucket per cost, costs
// being small whole numbers), expanded only as far as at asks: when
// at(i) returns d >= 0, every square of distance d or less has its final
// distance in dist.
type field struct {
	w *world
	c class
	// dist is the cost from each square to the goal, -1 where the search
	// has not reached it; a square's cost is final once it is level or
	// less. The goal squares, and only they, are at 0.
	dist []int32
	// level is the cost up to which the search is done.
	level int32
	// buckets[d % len(buckets)] holds the squares reached at cost d, for
	// the costs above level; pending counts them.
	buckets [][]int32
	pending int
	// touched are the squares whose dist was set, to clear.
	touched []int32
	// goals is the number of goal squares.
	goals int
	// dead are the stamps of the reach searches (world.leads) that found
	// no goal of f: no goal can be reached from a square they queued.
	dead []uint32
}

// newField returns a field of n squares, none reached.
func newField(n int) *field {
	f := &field{dist: make([]int32, n), level: -1}
	for i := range f.dist {
		f.dist[i] = -1
	}
	return f
}

// start starts f's search for world w's army class c from the squares of
// indexes src. f must be clean (newField, or clear).
func (f *field) start(w *world, c class, src []int32) {
	f.w, f.c = w, c
	nb := c.maxStep() + 1
	for len(f.buckets) < nb {
		f.buckets = append(f.buckets, nil)
	}
	f.buckets = f.buckets[:nb]
	for _, i := range src {
		if f.dist[i] != 0 {
			f.dist[i] = 0
			f.touched = append(f.touched, i)
			f.push(0, i)
			f.goals++
		}
	}
}

// clear forgets the search, leaving f as newField made it: only the
// squares reached are reset.
func (f *field) clear() {
	for _, i := range f.touched {
		f.dist[i] = -1
	}
	for k := range f.buckets {
		f.buckets[k] = f.buckets[k][:0]
	}
	f.touched, f.pending, f.level, f.w = f.touched[:0], 0, -1, nil
	f.goals, f.dead = 0, f.dead[:0]
}

// push queues square i at cost d.
func (f *field) push(d int32, i int32) {
	b := &f.buckets[int(d)%len(f.buckets)]
	*b = append(*b, i)
	f.pending++
}

// grow finishes the next cost: it expands the squares whose final cost it
// is. A step costs at most len(buckets)-1, so what it reaches goes to
// buckets of later costs.
func (f *field) grow() {
	d := f.level + 1
	k := int(d) % len(f.buckets)
	cells := f.buckets[k]
	for _, i := range cells {
		if f.dist[i] == d {
			f.expand(int(i), d)
		}
	}
	f.pending -= len(cells)
	f.buckets[k] = cells[:0]
	f.level = d
}

// expand reaches the neighbours of square i, of final cost d, through
// which an army may step into i.
func (f *field) expand(i int, d int32) {
	w := f.w
	w.visited++
	e := w.enter(f.c, i)
	if e <= 0 || d > 0 && w.sc.blocked[i] {
		return
	}
	nc := d + int32(e)
	var nb [6]int32
	for _, t := range w.g.NeighbourIndexes(i, &nb) {
		if !w.open(f.c, int(t)) {
			continue
		}
		if old := f.dist[t]; old >= 0 && old <= nc {
			continue
		} else if old < 0 {
			f.touched = append(f.touched, t)
		}
		f.dist[t] = nc
		f.push(nc, t)
	}
}

// at returns the cost from square i to the goal, -1 when no goal square
// can be reached from it: the search grows until i's cost is final.
func (f *field) at(i int) int {
	for !f.final(i) {
		f.grow()
	}
	return int(f.dist[i])
}

// final reports whether square i's cost in dist is final.
func (f *field) final(i int) bool { return f.dist[i] >= 0 && f.dist[i] <= f.level || f.pending == 0 }

// goal reports whether square i is one of f's goal squares.
func (f *field) goal(i int) bool { return f.dist[i] == 0 }

// leads reports whether an army of class c on square start can reach a
// square isGoal accepts: start itself, or one it can enter by a way of
// squares it may stand on (open). It searches from start outwards and
// stops at the first goal it meets; start is left from whatever it holds.
// When it finds none, it also returns the stamp it marked the squares it
// queued with in the scratch's marks (start too if it is open): from none
// of them can a goal be reached either.
func (w *world) leads(c class, start int, isGoal func(int) bool) (bool, uint32) {
	if isGoal(start) {
		return true, 0
	}
	sc := w.sc
	seen, queued := sc.nextStamp(), sc.nextStamp()
	sc.mark[start] = seen
	if w.open(c, start) {
		sc.mark[start] = queued
	}
	queue := append(sc.queue[:0], int32(start))
	defer func() { sc.queue = queue[:0] }()
	var nb [6]int32
	for head := 0; head < len(queue); head++ {
		w.visited++
		for _, t := range w.g.NeighbourIndexes(int(queue[head]), &nb) {
			if m := sc.mark[t]; m == seen || m == queued {
				continue
			}
			sc.mark[t] = seen
			if w.enter(c, int(t)) <= 0 {
				continue
			}
			if isGoal(int(t)) {
				return true, 0
			}
			if !sc.blocked[t] {
				sc.mark[t] = queued
				queue = append(queue, t)
			}
		}
	}
	return false, queued
}

// leadsTo reports whether an army of f's class on square start can reach
// one of f's goals (leads), answering without a search where f has grown
// to start already or a failed search of f queued start.
func (f *field) leadsTo(start int) bool {
	if f.goals == 0 || slices.Contains(f.dead, f.w.sc.mark[start]) {
		return false
	}
	if f.final(start) && f.dist[start] >= 0 {
		return true // the field has grown there for another army
	}
	ok, queued := f.w.leads(f.c, start, f.goal)
	if !ok {
		f.dead = append(f.dead, queued)
	}
	return ok
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
// are none, every square never seen that borders on a known one. It looks
// at the neighbours of the known squares, not at the whole unknown.
func (w *world) frontier() []grid.Pos {
	sc := w.sc
	stamp := sc.nextStamp()
	cand := sc.queue[:0]
	var nb [6]int32
	for i, t := range w.v.Terrain {
		if t == empire.Unknown {
			continue
		}
		for _, j := range w.g.NeighbourIndexes(i, &nb) {
			if w.v.Terrain[j] == empire.Unknown && sc.mark[j] != stamp {
				sc.mark[j] = stamp
				cand = append(cand, j)
			}
		}
	}
	slices.Sort(cand)
	var land, any []grid.Pos
	var near []grid.Pos
	for _, i := range cand {
		p := w.g.At(int(i))
		any = append(any, p)
		byLand := false
		for _, j := range w.g.NeighbourIndexes(int(i), &nb) {
			if t := w.v.Terrain[j]; t != empire.Unknown && dat.Terrain(t).Land() {
				byLand = true
				break
			}
		}
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
	sc.queue = cand[:0]
	if len(land) > 0 {
		return land
	}
	return any
}

// theFrontier is frontier, made once a turn, with its squares marked in
// the scratch's front.
func (w *world) theFrontier() []grid.Pos {
	if !w.frontOK {
		w.front, w.frontOK = w.frontier(), true
		for _, p := range w.front {
			i := w.g.Index(p)
			w.sc.front[i] = true
			w.sc.set = append(w.sc.set, int32(i))
		}
	}
	return w.front
}

// descend follows field f downhill from p to the nearest of its goal
// squares: at each square, the neighbour whose entry cost plus distance
// is least (the first in grid order on a tie). It returns the path (p
// excluded) and its cost, at most maxLen squares long; ok is false when
// no goal square can be reached from p.
//
// It asks first whether a goal can be reached at all (leads), so that an
// army that cannot does not grow the field over all it can reach. Then
// the field grows until p's cost d is final: a neighbour whose cost is not
// final yet costs more than d, so it cannot be the best step nor tie with
// it, and the path's later squares cost less than d. From a square the
// army could not step into (another's force last seen where it stands)
// the field grows whole, since its neighbours may cost anything.
func (w *world) descend(c class, f *field, p grid.Pos, maxLen int) (path []grid.Pos, cost int, ok bool) {
	pi := w.g.Index(p)
	if f.goal(pi) {
		return nil, 0, true
	}
	if !f.leadsTo(pi) {
		return nil, 0, false
	}
	if w.open(c, pi) {
		f.at(pi)
	} else {
		for f.pending > 0 {
			f.grow()
		}
	}
	var nb []grid.Pos
	cur := -1
	for len(path) < maxLen {
		nb = w.g.Neighbours(nb[:0], p)
		best, bestQ := -1, grid.Pos{}
		for _, q := range nb {
			qi := w.g.Index(q)
			e := w.enter(c, qi)
			d := int(f.dist[qi])
			if e <= 0 || d < 0 || d > 0 && w.sc.blocked[qi] {
				continue
			}
			if v := e + d; best < 0 || v < best {
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
		p, cur = bestQ, int(f.dist[w.g.Index(bestQ)])
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
		return e, e > 0 && (to == q || !w.sc.blocked[i])
	}, maxCost)
	w.searches++
	return path, ok
}

// reachAnswer is a turn's answer to reaches: whether an army that may
// enter the terrains set enter can reach a target of round, or the
// unknown, from square at.
type reachAnswer struct {
	enter uint8
	round int
	at    int
	ok    bool
}

// reaches reports whether an army of class c on p can reach a target of
// this round or the unknown: p is one, or the army may stand on p and
// leads there. Choosing what to produce asks it for every kind of unit,
// and the answer depends only on where the army may go, so it is kept
// for the turn by the set of squares the class may enter.
func (w *world) reaches(c class, p grid.Pos) bool {
	i := w.g.Index(p)
	k := reachAnswer{enter: reach(c), round: w.round, at: i}
	for _, r := range w.reached {
		if r.enter == k.enter && r.round == k.round && r.at == k.at {
			return r.ok
		}
	}
	w.theFrontier()
	isGoal := func(j int) bool {
		if t := w.sc.targetAt[j]; t > 0 && !w.targets[t-1].out {
			return true
		}
		return w.sc.front[j]
	}
	if isGoal(i) {
		k.ok = true
	} else if w.open(c, i) {
		k.ok, _ = w.leads(c, i, isGoal)
	}
	w.reached = append(w.reached, k)
	return k.ok
}
