package board

import "slices"

// Neighbours returns the territories linked to t, sorted: those an army in
// t may attack or move to, across land borders and across the sea alike
// ("adjacent territories include those linked by lines across seas or
// oceans", the document says of the plague). It returns nil for an unknown
// territory. The slice is the caller's.
func (b *Board) Neighbours(t TerritoryID) []TerritoryID {
	tt := b.Territory(t)
	if tt == nil {
		return nil
	}
	return slices.Clone(tt.Links)
}

// Border returns the territories of continent c linked to a territory of
// another continent, sorted: the ones a holder of c must guard. It returns
// nil for an unknown continent.
func (b *Board) Border(c ContinentID) []TerritoryID {
	cc := b.Continent(c)
	if cc == nil {
		return nil
	}
	var out []TerritoryID
	for _, t := range cc.Territories {
		for _, o := range b.Territories[t-1].Links {
			if b.Territories[o-1].Continent != c {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// Holds reports whether held, a player's territories in any order, holds
// every territory of continent c. The classic rules, which the document
// keeps for new armies ("2. Accumulate New Armies: The normal RISK rules
// apply"), give a player at the start of its turn the bonus of each
// continent it holds whole. An unknown continent is never held.
func (b *Board) Holds(c ContinentID, held []TerritoryID) bool {
	cc := b.Continent(c)
	if cc == nil {
		return false
	}
	for _, t := range cc.Territories {
		if !slices.Contains(held, t) {
			return false
		}
	}
	return true
}

// HeldContinents returns the continents held holds whole, in ID order.
func (b *Board) HeldContinents(held []TerritoryID) []ContinentID {
	var out []ContinentID
	for _, c := range b.Continents {
		if b.Holds(c.ID, held) {
			out = append(out, c.ID)
		}
	}
	return out
}

// Bonus returns the armies the continents held holds whole are worth a turn.
func (b *Board) Bonus(held []TerritoryID) int {
	n := 0
	for _, c := range b.HeldContinents(held) {
		n += b.Continents[c-1].Bonus
	}
	return n
}

// Distances returns, indexed by territory ID less one, the fewest links an
// army crosses from territory from to each territory (0 for from itself),
// or -1 where it cannot go. It returns nil for an unknown territory.
func (b *Board) Distances(from TerritoryID) []int {
	if b.Territory(from) == nil {
		return nil
	}
	dist := make([]int, len(b.Territories))
	for i := range dist {
		dist[i] = -1
	}
	dist[from-1] = 0
	queue := []TerritoryID{from}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, o := range b.Territories[t-1].Links {
			if dist[o-1] < 0 {
				dist[o-1] = dist[t-1] + 1
				queue = append(queue, o)
			}
		}
	}
	return dist
}

// Distance returns the fewest links an army crosses from territory x to
// territory y, or -1 if either is unknown or y cannot be reached.
func (b *Board) Distance(x, y TerritoryID) int {
	if b.Territory(y) == nil {
		return -1
	}
	dist := b.Distances(x)
	if dist == nil {
		return -1
	}
	return dist[y-1]
}

// Centre returns the cell where territory t's label goes: of its cells,
// the nearest to their mean (ties to the first in row order). ok is false
// if t is unknown or has no cell.
func (b *Board) Centre(t TerritoryID) (x, y int, ok bool) {
	if b.Territory(t) == nil {
		return 0, 0, false
	}
	var sx, sy, n int
	for i, c := range b.Cells {
		if c == t {
			sx, sy, n = sx+i%b.Width, sy+i/b.Width, n+1
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	best := -1
	for i, c := range b.Cells {
		if c != t {
			continue
		}
		dx, dy := i%b.Width*n-sx, i/b.Width*n-sy
		if d := dx*dx + dy*dy; best < 0 || d < best {
			best, x, y = d, i%b.Width, i/b.Width
		}
	}
	return x, y, true
}
