package hex

import (
	"container/heap"
	"slices"
)

// CostFunc returns the cost of one step from a hex to its neighbour to, and
// ok=false if the step is impossible (impassable, or off the map). Costs
// should be at least 1: a cost below 1 reported with ok=true is treated as
// 1, which keeps the hex-distance heuristic of [Path] admissible. The
// function must be deterministic; it is called only for adjacent hexes.
type CostFunc func(from, to Hex) (cost int, ok bool)

// step calls cost and clamps the result to at least 1.
func step(cost CostFunc, from, to Hex) (int, bool) {
	c, ok := cost(from, to)
	if !ok {
		return 0, false
	}
	return max(c, 1), true
}

// Path returns a cheapest path from start to goal (start first, goal last),
// its total cost (the sum of the step costs, after clamping each to at
// least 1), and ok=false with a nil path if goal cannot be reached.
//
// The search is A* with the hex distance as heuristic. It is deterministic:
// the open set is ordered by (f, h, Q, R), neighbours are expanded in
// Direction order, and a node's parent is only replaced by a strictly
// cheaper one, so the same inputs always give the same path.
//
// If start == goal the result is [start], 0, true, even if start itself is
// impassable; otherwise the start hex's own passability is not consulted.
//
// maxCost > 0 limits the search to paths costing at most maxCost: nodes
// whose cost exceeds it are never expanded, and if the goal cannot be
// reached within it the result is ok=false. maxCost <= 0 means no limit;
// the CostFunc must then make only a finite area passable (for example by
// returning ok=false off the map), or a search for an unreachable goal will
// not terminate.
func Path(start, goal Hex, cost CostFunc, maxCost int) (path []Hex, total int, ok bool) {
	if start == goal {
		return []Hex{start}, 0, true
	}
	s := search{index: make(map[Hex]int32)}
	s.add(start, 0, -1)
	s.push(0, Distance(start, goal))
	for len(s.open) > 0 {
		it := s.pop()
		n := &s.nodes[it.node]
		if n.closed || it.g != n.g {
			continue // stale entry
		}
		n.closed = true
		cur := n.hex
		if cur == goal {
			return s.path(it.node), n.g, true
		}
		for _, nb := range cur.Neighbors() {
			c, passable := step(cost, cur, nb)
			if !passable {
				continue
			}
			g := it.g + c
			if maxCost > 0 && g > maxCost {
				continue
			}
			idx, seen := s.index[nb]
			if seen {
				m := &s.nodes[idx]
				if m.closed || g >= m.g {
					continue
				}
				m.g, m.parent = g, it.node
			} else {
				idx = s.add(nb, g, it.node)
			}
			s.push(idx, Distance(nb, goal))
		}
	}
	return nil, 0, false
}

// Reach is one hex found by [Reachable] with the cost of a cheapest path
// to it.
type Reach struct {
	Hex  Hex
	Cost int
}

// Reachable returns every hex that can be reached from start with a total
// cost of at most budget (Dijkstra's algorithm, step costs clamped to at
// least 1 as for [CostFunc]), with its cheapest cost, sorted by (Cost, Q, R).
// start is included at cost 0 (even if it is itself impassable). A negative
// budget gives nil. The area searched is bounded by the budget, so the
// CostFunc need not bound the map.
func Reachable(start Hex, cost CostFunc, budget int) []Reach {
	if budget < 0 {
		return nil
	}
	s := search{index: make(map[Hex]int32)}
	s.add(start, 0, -1)
	s.push(0, 0)
	var out []Reach
	for len(s.open) > 0 {
		it := s.pop()
		n := &s.nodes[it.node]
		if n.closed || it.g != n.g {
			continue
		}
		n.closed = true
		cur := n.hex
		out = append(out, Reach{Hex: cur, Cost: n.g})
		for _, nb := range cur.Neighbors() {
			c, passable := step(cost, cur, nb)
			if !passable {
				continue
			}
			g := it.g + c
			if g > budget {
				continue
			}
			idx, seen := s.index[nb]
			if seen {
				m := &s.nodes[idx]
				if m.closed || g >= m.g {
					continue
				}
				m.g, m.parent = g, it.node
			} else {
				idx = s.add(nb, g, it.node)
			}
			s.push(idx, 0)
		}
	}
	// Dijkstra already closes nodes in (Cost, Q, R) order; sorting keeps
	// the documented order independent of that argument.
	slices.SortFunc(out, func(a, b Reach) int {
		if a.Cost != b.Cost {
			return a.Cost - b.Cost
		}
		if a.Hex.Q != b.Hex.Q {
			return a.Hex.Q - b.Hex.Q
		}
		return a.Hex.R - b.Hex.R
	})
	return out
}

// search is the state shared by Path and Reachable: one node per hex seen,
// found through index, and a binary heap of open entries. Entries are never
// updated in place; a cheaper entry is pushed instead and the older one is
// skipped when popped.
type search struct {
	index map[Hex]int32
	nodes []node
	open  openSet
}

type node struct {
	hex    Hex
	g      int   // cost of the cheapest known path from start
	parent int32 // index into nodes, -1 for start
	closed bool
}

func (s *search) add(h Hex, g int, parent int32) int32 {
	i := int32(len(s.nodes))
	s.nodes = append(s.nodes, node{hex: h, g: g, parent: parent})
	s.index[h] = i
	return i
}

// push adds an open entry for node i with heuristic h.
func (s *search) push(i int32, h int) {
	n := &s.nodes[i]
	// Appending and fixing the last element avoids boxing the entry in an
	// interface, which heap.Push would do.
	s.open = append(s.open, entry{f: n.g + h, h: h, g: n.g, hex: n.hex, node: i})
	heap.Fix(&s.open, len(s.open)-1)
}

// pop removes and returns the smallest open entry.
func (s *search) pop() entry {
	it := s.open[0]
	heap.Pop(&s.open) // openSet.Pop returns nil, so nothing is boxed
	return it
}

// path follows the parents from node i back to the start.
func (s *search) path(i int32) []Hex {
	var n int
	for j := i; j >= 0; j = s.nodes[j].parent {
		n++
	}
	out := make([]Hex, n)
	for j := i; j >= 0; j = s.nodes[j].parent {
		n--
		out[n] = s.nodes[j].hex
	}
	return out
}

type entry struct {
	f, h, g int
	hex     Hex
	node    int32
}

// openSet is a min-heap of entries ordered by (f, h, Q, R). Entries for the
// same hex always differ in g (and so in f), so the order is total.
type openSet []entry

func (o openSet) Len() int { return len(o) }

func (o openSet) Less(i, j int) bool {
	a, b := &o[i], &o[j]
	if a.f != b.f {
		return a.f < b.f
	}
	if a.h != b.h {
		return a.h < b.h
	}
	if a.hex.Q != b.hex.Q {
		return a.hex.Q < b.hex.Q
	}
	return a.hex.R < b.hex.R
}

func (o openSet) Swap(i, j int) { o[i], o[j] = o[j], o[i] }

// Push is required by heap.Interface; search.push appends directly.
func (o *openSet) Push(x any) { *o = append(*o, x.(entry)) }

// Pop drops the last entry; search.pop reads the top entry before calling
// heap.Pop, so Pop returns nil instead of boxing the entry.
func (o *openSet) Pop() any {
	*o = (*o)[:len(*o)-1]
	return nil
}
