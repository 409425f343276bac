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
	n := g.Len()
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	open := &queue{}
	seq := 0
	for _, s := range sources {
		if i := g.Index(s); i >= 0 && dist[i] != 0 {
			dist[i] = 0
			heap.Push(open, item{seq: seq, cell: int32(i)})
			seq++
		}
	}
	var nb [6]int32
	for open.Len() > 0 {
		e := heap.Pop(open).(item)
		if e.cost != dist[e.cell] {
			continue
		}
		p := g.At(int(e.cell))
		for _, n := range g.NeighbourIndexes(int(e.cell), &nb) {
			qi := int(n)
			q := g.At(qi)
			c, allowed := cost(p, q)
			if !allowed || c <= 0 {
				continue
			}
			nc := e.cost + c
			if maxCost > 0 && nc > maxCost {
				continue
			}
			if dist[qi] >= 0 && dist[qi] <= nc {
				continue
			}
			dist[qi] = nc
			heap.Push(open, item{cost: nc, est: nc, seq: seq, cell: int32(qi)})
			seq++
		}
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
