package empireai

import (
	"slices"
	"sync"
)

// scratch is the buffers of one turn's plan on a map of n squares: the
// per-square indexes of the view (settleAt, blocked, targetAt, front),
// the marks of the reach searches, and the distance fields. A turn sets
// only the squares it needs and clears only those when it ends
// (world.release), so the next turn of any seat on a map of that size
// takes them over clean (Player.pool) and pays for what it uses, not for
// the map.
type scratch struct {
	n int
	// settleAt is the index in the view's settlements plus one of the
	// settlement on each square, 0 for none.
	settleAt []int32
	// blocked marks the squares with others' forces or settlements.
	blocked []bool
	// targetAt is the index in world.targets plus one of the target on
	// each square, 0 for none.
	targetAt []int32
	// front marks the squares of the frontier (world.theFrontier).
	front []bool
	// set lists the squares whose settleAt, blocked, targetAt or front a
	// turn set, to clear.
	set []int32
	// mark is the reach searches' (and the frontier's) visited squares:
	// those equal to stamp are the current search's.
	mark  []uint32
	stamp uint32
	queue []int32
	// free are fields ready for use, none reached.
	free []*field
}

// newScratch returns clean buffers for a map of n squares.
func newScratch(n int) *scratch {
	return &scratch{n: n, settleAt: make([]int32, n), blocked: make([]bool, n), targetAt: make([]int32, n),
		front: make([]bool, n), mark: make([]uint32, n)}
}

// nextStamp returns a stamp no mark holds yet. The stamps go on rising
// through a turn (a field remembers some of them: field.dead) and start
// again between turns (clean), so they never wrap round within one.
func (sc *scratch) nextStamp() uint32 {
	sc.stamp++
	return sc.stamp
}

// maxStamp is the stamp past which clean starts the stamps again.
const maxStamp = 1 << 30

// clean clears what a turn set, leaving sc as newScratch made it (but
// for the marks, which no later search can mistake for its own, unless
// the stamps start again).
func (sc *scratch) clean() {
	for _, i := range sc.set {
		sc.settleAt[i], sc.blocked[i], sc.targetAt[i], sc.front[i] = 0, false, 0, false
	}
	sc.set = sc.set[:0]
	sc.queue = sc.queue[:0]
	if sc.stamp > maxStamp {
		clear(sc.mark)
		sc.stamp = 0
	}
}

// maxFreeFields is the most fields a scratch keeps for reuse.
//
// CHOICE: six, enough for nineteen turns in twenty of eight normal seats
// on 128x128 (most use one to three fields; a turn with more makes the
// rest anew), not every field a turn ever used: each is a buffer of the
// map's size, 64 KiB at 128x128, kept as long as the Player.
const maxFreeFields = 6

// takeField returns a field of the turn's buffers, none reached.
func (sc *scratch) takeField() *field {
	if k := len(sc.free); k > 0 {
		f := sc.free[k-1]
		sc.free = sc.free[:k-1]
		return f
	}
	return newField(sc.n)
}

// putField clears f and keeps it for reuse.
func (sc *scratch) putField(f *field) {
	f.clear()
	if len(sc.free) < maxFreeFields {
		sc.free = append(sc.free, f)
	}
}

// scratchPool keeps a player's buffers between turns.
//
// CHOICE: a short list under a lock, as erfworld's AI keeps its own: the
// server may ask one Player for several seats' orders at once, and each
// call takes buffers of its own (new ones when none are free, or those
// kept are of another map size). It keeps at most maxKept.
type scratchPool struct {
	mu   sync.Mutex
	kept []*scratch
}

// maxKept is the most buffers a scratchPool keeps.
const maxKept = 2

// get returns clean buffers for a map of n squares.
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
