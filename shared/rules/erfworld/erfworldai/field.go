package erfworldai

import (
	"slices"
	"sync"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Distance fields. A turn's plan asks the walking distance between a few
// armies and a few places (the Capital, the city an army attacks, the
// nearest unknown hex); a field searched over the whole map for each of
// them made the turn's cost grow with the cities known times the map's
// area. Here each field is a breadth-first search grown on demand (field):
// it reaches as far as the distances asked of it need, and no further, and
// the searches that look for the nearest of many places (nearestCity,
// descendNearest) start from the army and stop as soon as nothing unseen
// can be better. Their buffers are kept from turn to turn (scratch).

// field is a distance field grown on demand: the steps from its sources to
// each hex over the hexes whose terrain walk accepts (the sources
// themselves need not be), as a breadth-first search finds them. The
// search is expanded only as far as the distances asked of it (at, upTo,
// find) need. When at(i) returns d >= 0, every hex nearer than d to the
// sources is reached, with its final distance in dist.
type field struct {
	rect    hex.Rect
	terrain []rulesfile.TerrainID
	walk    *[256]bool
	// dist is the steps from the sources to each hex, -1 where the search
	// has not reached it (yet).
	dist []int32
	// queue is the hexes reached, in the order reached; those before head
	// are expanded.
	queue []int32
	head  int
}

// newField returns a field of n hexes, none reached.
func newField(n int) *field {
	f := &field{dist: make([]int32, n)}
	for i := range f.dist {
		f.dist[i] = -1
	}
	return f
}

// start starts f's search from hex indexes sources (negative ones left
// out) on a map of rect and terrain, over the hexes whose terrain walk
// accepts. f must be clean (newField, or clear).
func (f *field) start(sources []int, rect hex.Rect, terrain []rulesfile.TerrainID, walk *[256]bool) {
	f.rect, f.terrain, f.walk = rect, terrain, walk
	for _, i := range sources {
		if i >= 0 && f.dist[i] < 0 {
			f.dist[i] = 0
			f.queue = append(f.queue, int32(i))
		}
	}
}

// clear forgets the search, leaving f as newField made it: only the hexes
// reached are reset.
func (f *field) clear() {
	for _, i := range f.queue {
		f.dist[i] = -1
	}
	f.queue, f.head, f.terrain, f.walk = f.queue[:0], 0, nil, nil
}

// expand expands the next hex of the queue: its neighbours not yet
// reached whose terrain walk accepts are reached one step farther.
func (f *field) expand() {
	i := f.queue[f.head]
	f.head++
	d := f.dist[i] + 1
	width := int32(f.rect.Width)
	row := int32(uint32(i) / uint32(width))
	if col := i - row*width; col > 0 && col < width-1 && row > 0 && row < int32(f.rect.Height)-1 {
		// Inside the map's border (as neighbours, unrolled: a field
		// expands every hex it reaches).
		up, down := i-width, i+width
		if row&1 == 1 {
			up++
			down++
		}
		f.reach(i+1, d)
		f.reach(up, d)
		f.reach(up-1, d)
		f.reach(i-1, d)
		f.reach(down-1, d)
		f.reach(down, d)
		return
	}
	var nb [6]int32
	for _, j := range neighbours(f.rect, int(i), &nb) {
		f.reach(j, d)
	}
}

// reach reaches hex index j at distance d, unless it is reached or its
// terrain is not walked.
func (f *field) reach(j, d int32) {
	if f.dist[j] < 0 && f.walk[f.terrain[j]] {
		f.dist[j] = d
		f.queue = append(f.queue, j)
	}
}

// at returns the distance of hex index i (in range) from the sources, -1
// when none reaches it: the search grows until it reaches i or ends.
func (f *field) at(i int) int32 {
	for f.dist[i] < 0 && f.head < len(f.queue) {
		f.expand()
	}
	return f.dist[i]
}

// upTo grows the search until every hex at most r steps from the sources
// is reached; dist then holds the distance of each, and -1 or more than r
// elsewhere.
func (f *field) upTo(r int32) {
	for f.head < len(f.queue) && f.dist[f.queue[f.head]] < r {
		f.expand()
	}
}

// find returns the first hex index in the search's order, the first skip
// (its sources) left out, that want accepts, or -1 when the search ends
// without one: it grows the search only until it reaches that hex.
func (f *field) find(skip int, want func(int) bool) int {
	for k := skip; ; k++ {
		for k >= len(f.queue) && f.head < len(f.queue) {
			f.expand()
		}
		if k >= len(f.queue) {
			return -1
		}
		if i := int(f.queue[k]); want(i) {
			return i
		}
	}
}

// scratch is the search buffers of a map of n hexes. Every buffer is left
// clean when a turn ends (world.release), so the next turn of any player
// on a map of that size may take them over (Player.scratch).
type scratch struct {
	n int
	// mark and parent are the buffers of search; marks equal to stamp are
	// the current search's.
	mark   []uint32
	parent []int32
	stamp  uint32
	queue  []int32
	// foe is 1 + the index in world.foes of the enemy city on each hex, or
	// 0.
	foe []int32
	// accepted is nearestCity's buffer.
	accepted []bool
	// free are fields ready for use, none reached.
	free []*field
}

// newScratch returns the buffers of a map of n hexes.
func newScratch(n int) *scratch {
	return &scratch{n: n, mark: make([]uint32, n), parent: make([]int32, n), foe: make([]int32, n)}
}

// nextStamp returns a stamp no mark holds yet.
func (sc *scratch) nextStamp() uint32 {
	sc.stamp++
	if sc.stamp == 0 {
		clear(sc.mark)
		sc.stamp = 1
	}
	return sc.stamp
}

// scratchPool keeps the search buffers of a player between turns.
//
// CHOICE: a list under a lock rather than buffers the turn owns outright:
// the server may ask one Player for several seats' orders at once, and
// each call takes buffers of its own (new ones when none are free, or
// those kept are of another map size). It keeps at most maxKept, and
// unlike a sync.Pool it keeps them through garbage collections.
type scratchPool struct {
	mu   sync.Mutex
	kept []*scratch
}

// maxKept is the most search buffers a scratchPool keeps.
const maxKept = 2

// get returns clean buffers for a map of n hexes.
func (sp *scratchPool) get(n int) *scratch {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	for k := len(sp.kept) - 1; k >= 0; k-- {
		if sc := sp.kept[k]; sc.n == n {
			sp.kept = slices.Delete(sp.kept, k, k+1)
			return sc
		}
	}
	return newScratch(n)
}

// put keeps sc, left clean, for a later turn: in place of the oldest kept
// when maxKept are.
func (sp *scratchPool) put(sc *scratch) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if len(sp.kept) == maxKept {
		sp.kept = slices.Delete(sp.kept, 0, 1)
	}
	sp.kept = append(sp.kept, sc)
}

// newField returns a field from the world's buffers, none reached; it is
// cleared when the turn ends.
func (w *world) newField() *field {
	f := w.takeField()
	w.used = append(w.used, f)
	return f
}

// takeField returns a field from the world's buffers, none reached, for
// the caller to give back (putField).
func (w *world) takeField() *field {
	if k := len(w.sc.free); k > 0 {
		f := w.sc.free[k-1]
		w.sc.free = w.sc.free[:k-1]
		return f
	}
	return newField(w.sc.n)
}

// putField clears f and keeps it for reuse.
func (w *world) putField(f *field) {
	f.clear()
	if len(w.sc.free) < maxFreeFields {
		w.sc.free = append(w.sc.free, f)
	}
}

// maxFreeFields is the most fields a scratch keeps for reuse.
//
// CHOICE: a few, not every field a turn used: a turn uses the field to the
// Capital and one to each target city, and the buffers stay with the
// Player for the whole game (a server keeps one per match).
const maxFreeFields = 4

// release leaves the world's buffers clean for another turn: the fields
// cleared and free, no enemy city marked.
func (w *world) release() {
	for _, f := range w.used {
		w.putField(f)
	}
	w.used = nil
	for _, c := range w.foes {
		if i := w.rect.Index(c.Hex); i >= 0 {
			w.sc.foe[i] = 0
		}
	}
	clear(w.fields)
}

// descendField returns up to steps hexes from h down field f, the first
// downhill neighbour in direction order each time.
func (w *world) descendField(h hex.Hex, f *field, steps int) []hex.Hex {
	var path []hex.Hex
	i := w.rect.Index(h)
	if i < 0 {
		return nil
	}
	var nb [6]int32
	for len(path) < steps {
		d := f.at(i)
		if d <= 0 {
			break
		}
		next := -1
		for _, j := range w.neighbours(i, &nb) {
			if f.dist[j] == d-1 {
				next = int(j)
				break
			}
		}
		if next < 0 {
			break
		}
		path = append(path, w.rect.HexAt(next))
		i = next
	}
	return path
}

// descendNearest returns up to steps hexes from h toward the nearest hex
// (index) that want accepts, over the hexes pass accepts: the path that
// descend takes down the field of every such hex (as fieldOver made it),
// found without it. That descent, the first downhill neighbour in
// direction order each time, is the first of the shortest ways in the
// order of directions; a breadth-first search from h that meets
// neighbours in direction order reaches each hex first by that way, so
// its way to the first hex it meets that want accepts is the descent.
func (w *world) descendNearest(h hex.Hex, pass, want func(int) bool, steps int) []hex.Hex {
	start := w.rect.Index(h)
	if start < 0 || want(start) || !pass(start) || steps <= 0 {
		return nil
	}
	sc := w.sc
	stamp := sc.nextStamp()
	q := append(sc.queue[:0], int32(start))
	sc.mark[start] = stamp
	sc.parent[start] = -1
	var nb [6]int32
	found := -1
	for head := 0; head < len(q) && found < 0; head++ {
		i := q[head]
		for _, j := range w.neighbours(int(i), &nb) {
			if sc.mark[j] == stamp {
				continue
			}
			if want(int(j)) {
				sc.parent[j] = i
				found = int(j)
				break
			}
			if pass(int(j)) {
				sc.mark[j] = stamp
				sc.parent[j] = i
				q = append(q, j)
			}
		}
	}
	sc.queue = q
	if found < 0 {
		return nil
	}
	var path []hex.Hex
	for j := int32(found); j != int32(start); j = sc.parent[j] {
		path = append(path, w.rect.HexAt(int(j)))
	}
	slices.Reverse(path)
	return path[:min(len(path), steps)]
}

// nearestCity returns the city of w.foes that ok accepts with the lowest
// score, the first by ID among equals: its walking distance to hex h (the
// distance fieldTo(city) gives at h), less bonus for a Capital. found is
// false when no such city is reached on foot. The search starts from h
// and stops once no city it has not reached can score as low as the best
// one, or none that ok accepts is left; from the Capital's land mass it
// does not start when none of those stands there (mayReach).
func (w *world) nearestCity(h hex.Hex, bonus int32, ok func(c *game.CityView) bool) (game.CityView, bool) {
	start := w.rect.Index(h)
	if start < 0 {
		return game.CityView{}, false
	}
	// left counts the cities ok accepts not reached yet, capitals those
	// of them that are Capitals.
	accepted := w.sc.accepted[:0]
	left, capitals := 0, 0
	for k := range w.foes {
		a := ok(&w.foes[k])
		accepted = append(accepted, a)
		if a {
			left++
			if w.foes[k].Capital {
				capitals++
			}
		}
	}
	w.sc.accepted = accepted
	if left == 0 || !w.mayReach(start, accepted) {
		return game.CityView{}, false
	}
	best, bestScore := -1, int32(0)
	consider := func(i int, d int32) {
		k := int(w.sc.foe[i]) - 1
		if k < 0 || !accepted[k] {
			return
		}
		c := &w.foes[k]
		score := d
		left--
		if c.Capital {
			score -= bonus
			capitals--
		}
		if best < 0 || score < bestScore || score == bestScore && k < best {
			best, bestScore = k, score
		}
	}
	consider(start, 0)
	if w.passable(start) {
		sc := w.sc
		stamp := sc.nextStamp()
		sc.mark[start] = stamp
		q := append(sc.queue[:0], int32(start))
		var nb [6]int32
		level, levelEnd := int32(0), 1
		for head := 0; head < len(q) && left > 0; head++ {
			if head == levelEnd {
				level++
				levelEnd = len(q)
			}
			// Every city not reached yet is level+1 steps away or more.
			least := level + 1
			if capitals > 0 {
				least -= bonus
			}
			if best >= 0 && least > bestScore {
				break
			}
			for _, j := range w.neighbours(int(q[head]), &nb) {
				if sc.mark[j] == stamp {
					continue
				}
				// An enemy city is reached whatever its terrain (a field
				// starts from it) but, unless passable, leads nowhere.
				pass := w.passable(int(j))
				if !pass && sc.foe[j] == 0 {
					continue
				}
				sc.mark[j] = stamp
				consider(int(j), level+1)
				if pass {
					q = append(q, j)
				}
			}
		}
		sc.queue = q
	}
	if best < 0 {
		return game.CityView{}, false
	}
	return w.foes[best], true
}

// mayReach reports whether a search on foot from hex index start may reach
// a city w.foes[k] with accepted[k] set: false when start is on the
// Capital's land mass and none of those is (the field to the Capital
// tells, grown once a turn for every army).
func (w *world) mayReach(start int, accepted []bool) bool {
	if w.capital == nil {
		return true
	}
	home := w.fieldTo(w.capital.Hex)
	if home.at(start) < 0 {
		return true
	}
	for k := range w.foes {
		if !accepted[k] {
			continue
		}
		if i := w.rect.Index(w.foes[k].Hex); i >= 0 && w.reachedBy(home, i) {
			return true
		}
	}
	return false
}

// reachedBy reports whether a walk from the sources of field f (over
// passable hexes) reaches hex index i, or a neighbour of it if i is not
// passable: whether a field from i reaches them.
func (w *world) reachedBy(f *field, i int) bool {
	if w.passable(i) {
		return f.at(i) >= 0
	}
	var nb [6]int32
	for _, j := range w.neighbours(i, &nb) {
		if w.passable(int(j)) && f.at(int(j)) >= 0 {
			return true
		}
	}
	return false
}
