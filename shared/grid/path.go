package grid

import "container/heap"

// CostFunc is what one step from a cell to its neighbour costs, and false
// if the step is not allowed.
type CostFunc func(from, to Pos) (int, bool)

// Path returns the cheapest path from start to goal (start excluded, goal
// included) and its cost, among paths costing at most maxCost (0 or less:
// no bound); ok is false if there is none. Costs must be positive. Ties
// are broken the same way every time, so a path is deterministic.
func (g Grid) Path(start, goal Pos, cost CostFunc, maxCost int) (path []Pos, total int, ok bool) {
	if !g.Contains(start) || !g.Contains(goal) {
		return nil, 0, false
	}
	if start == goal {
		return nil, 0, true
	}
	n := g.Len()
	dist := make([]int, n)
	prev := make([]int32, n)
	for i := range dist {
		dist[i] = -1
		prev[i] = -1
	}
	si, gi := g.Index(start), g.Index(goal)
	dist[si] = 0
	open := &queue{{cost: 0, est: g.Distance(start, goal), seq: 0, cell: int32(si)}}
	seq := 1
	var nb []Pos
	for open.Len() > 0 {
		e := heap.Pop(open).(item)
		if int(e.cell) == gi {
			break
		}
		if e.cost != dist[e.cell] {
			continue
		}
		p := g.At(int(e.cell))
		nb = g.Neighbours(nb[:0], p)
		for _, q := range nb {
			c, allowed := cost(p, q)
			if !allowed || c <= 0 {
				continue
			}
			nc := e.cost + c
			if maxCost > 0 && nc > maxCost {
				continue
			}
			qi := g.Index(q)
			if dist[qi] >= 0 && dist[qi] <= nc {
				continue
			}
			dist[qi] = nc
			prev[qi] = e.cell
			heap.Push(open, item{cost: nc, est: nc + g.Distance(q, goal), seq: seq, cell: int32(qi)})
			seq++
		}
	}
	if dist[gi] < 0 {
		return nil, 0, false
	}
	for i := int32(gi); i != int32(si); i = prev[i] {
		path = append(path, g.At(int(i)))
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path, dist[gi], true
}

// Distances returns, for every cell (by Index), the least cost of reaching
// it from any of the sources, or -1 if it cannot be reached within maxCost
// (0 or less: no bound): one search from many sources at once.
func (g Grid) Distances(sources []Pos, cost CostFunc, maxCost int) []int {
	src := make([]int, 0, len(sources))
	for _, s := range sources {
		if i := g.Index(s); i >= 0 {
			src = append(src, i)
		}
	}
	return g.DistancesByIndex(nil, src, func(from, to int) (int, bool) {
		return cost(g.At(from), g.At(to))
	}, maxCost)
}

// IndexCost is what one step from the cell of index from to its neighbour
// of index to costs, and false if the step is not allowed.
type IndexCost func(from, to int) (int, bool)

// DistancesByIndex is Distances with cells named by their Index: for every
// cell, the least cost of reaching it from any of the source indexes (an
// index outside the grid is ignored), or -1 if it cannot be reached within
// maxCost (0 or less: no bound). The result is written into dst, grown to
// Len cells if it is shorter, so a caller can reuse one buffer. A step that
// costs 0 or less is not taken.
//
// CHOICE: the search is Dial's: a queue with one bucket per cost, since
// costs are small whole numbers, where a binary heap spent most of a
// search's time ordering cells. It finds the same distances (the least
// cost of a cell does not depend on the order of cells of equal cost).
func (g Grid) DistancesByIndex(dst []int, sources []int, cost IndexCost, maxCost int) []int {
	n := g.Len()
	if cap(dst) < n {
		dst = make([]int, n)
	}
	dist := dst[:n]
	for i := range dist {
		dist[i] = -1
	}
	// buckets[c] holds the cells first reached, or reached more cheaply,
	// at cost c; a cell is taken when its bucket comes and its cost is
	// still c.
	var buckets [][]int32
	push := func(c int, i int32) {
		for len(buckets) <= c {
			buckets = append(buckets, nil)
		}
		buckets[c] = append(buckets[c], i)
	}
	for _, i := range sources {
		if i >= 0 && i < n && dist[i] != 0 {
			dist[i] = 0
			push(0, int32(i))
		}
	}
	var nb [6]int32
	for c := 0; c < len(buckets); c++ {
		for k := 0; k < len(buckets[c]); k++ {
			cell := int(buckets[c][k])
			if dist[cell] != c {
				continue
			}
			for _, to := range g.NeighbourIndexes(cell, &nb) {
				qi := int(to)
				step, allowed := cost(cell, qi)
				if !allowed || step <= 0 {
					continue
				}
				nc := c + step
				if maxCost > 0 && nc > maxCost {
					continue
				}
				if dist[qi] >= 0 && dist[qi] <= nc {
					continue
				}
				dist[qi] = nc
				push(nc, to)
			}
		}
		buckets[c] = nil
	}
	return dist
}

type item struct {
	cost, est, seq int
	cell           int32
}

type queue []item

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	if q[i].est != q[j].est {
		return q[i].est < q[j].est
	}
	return q[i].seq < q[j].seq
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
