// Package risk is the client's screen of the risk ruleset (EMPIRES, the
// Risk extended scenario). For now it holds the drawing of a board (Map):
// territories filled from their cells in their owner's colour and
// pattern, continents edged in their colour, the army counts in badges,
// the cities, the links across the sea, and the picking, hovering and
// selection of a territory; the panel, the dice, the hands and the
// questions come with the module that wires it to the round engine.
package risk

import (
	"math"

	"empires/shared/rules/risk/board"
)

// Layout is where a board's cells are drawn in world pixels (the map at
// zoom 1): each cell a rectangle CellW wide and CellH high, cell (x, y)
// at (x*CellW, y*CellH).
type Layout struct {
	Width, Height int // the board's drawing, in cells
	CellW, CellH  float64
}

// The cell's size in world pixels. A map file draws a cell as one
// character, which an editor shows about twice as tall as wide; cells
// half again as tall as wide give the classic drawing the shape of the
// printed board (80 by 34 cells: 1280 by 816 pixels).
const cellW, cellH = 16, 24

// NewLayout returns the layout of board b.
func NewLayout(b *board.Board) Layout {
	return Layout{Width: b.Width, Height: b.Height, CellW: cellW, CellH: cellH}
}

// WorldSize returns the map's size in world pixels.
func (l Layout) WorldSize() (w, h float64) {
	return float64(l.Width) * l.CellW, float64(l.Height) * l.CellH
}

// CellAt returns the cell under world point (wx, wy), and false off the
// drawing.
func (l Layout) CellAt(wx, wy float64) (x, y int, ok bool) {
	x, y = int(math.Floor(wx/l.CellW)), int(math.Floor(wy/l.CellH))
	return x, y, x >= 0 && y >= 0 && x < l.Width && y < l.Height
}

// CellCentre returns the centre of cell (x, y) in world pixels.
func (l Layout) CellCentre(x, y int) (wx, wy float64) {
	return (float64(x) + 0.5) * l.CellW, (float64(y) + 0.5) * l.CellH
}

// vertex is a corner of the cells' grid: (x, y) is the top-left corner
// of cell (x, y).
type vertex struct{ X, Y int }

// edge is a side of a cell, from one grid corner to the next.
type edge struct{ A, B vertex }

// edgeKind says what an edge between two cells parts.
type edgeKind uint8

const (
	// border parts two territories of one continent.
	border edgeKind = iota
	// frontier parts two territories of different continents.
	frontier
	// coast parts land from the sea (or the drawing's edge).
	coast
)

// geometry is what the drawing needs of a board's cells, worked out
// once: the edges where territories meet, by kind; each territory's and
// each continent's shape as smoothed polygons; the sea links' ends; the
// label cells.
type geometry struct {
	edges [3][]edge
	// shape is, by territory ID less one, the territory's outline: closed
	// polygons in cells (a cell is 1 by 1), clockwise on the screen
	// around the land and the other way around a lake, each coast
	// corner cut (smooth).
	shape [][]poly
	// continent is, by continent ID less one, the continent's outline,
	// as shape.
	continent [][]poly
	// seaLinks are the links across the sea, each once.
	seaLinks []seaLink
	// label is, by territory ID less one, the cell its badge is drawn on.
	label [][2]int
	// extent is, by territory ID less one, the rectangle around its
	// shape, in cells.
	extent []extent
}

// extent is a rectangle in cells, from Min to Max.
type extent struct{ Min, Max [2]float64 }

// extentOf returns the rectangle around polygons polys.
func extentOf(polys []poly) extent {
	e := extent{Min: [2]float64{math.Inf(1), math.Inf(1)}, Max: [2]float64{math.Inf(-1), math.Inf(-1)}}
	for _, pl := range polys {
		for _, p := range pl.Pts {
			e.Min = [2]float64{math.Min(e.Min[0], p[0]), math.Min(e.Min[1], p[1])}
			e.Max = [2]float64{math.Max(e.Max[0], p[0]), math.Max(e.Max[1], p[1])}
		}
	}
	return e
}

// seaLink is a link across the sea between territories A and B, drawn
// from cell FromA to cell FromB (the nearest two cells of theirs); Wrap
// reports that the line is shorter across the drawing's left and right
// edges, as Alaska's to Kamchatka: it then leaves both edges.
type seaLink struct {
	A, B         board.TerritoryID
	FromA, FromB [2]int
	Wrap         bool
}

// sides are the four sides of a cell: the neighbour's offset and the
// side's corners, clockwise from the top-left (so that a territory's
// outline runs clockwise on the screen).
var sides = [4]struct {
	dx, dy int
	a, b   vertex
}{
	{0, -1, vertex{0, 0}, vertex{1, 0}}, // top
	{1, 0, vertex{1, 0}, vertex{1, 1}},  // right
	{0, 1, vertex{1, 1}, vertex{0, 1}},  // bottom
	{-1, 0, vertex{0, 1}, vertex{0, 0}}, // left
}

// newGeometry works out the geometry of board b.
func newGeometry(b *board.Board) *geometry {
	n := len(b.Territories)
	g := &geometry{shape: make([][]poly, n), continent: make([][]poly, len(b.Continents)), label: make([][2]int, n), extent: make([]extent, n)}
	continent := func(t board.TerritoryID) board.ContinentID {
		if t == 0 {
			return 0
		}
		return b.Territories[t-1].Continent
	}
	own := make([][]sideEdge, n)                  // each territory's directed outline edges
	cont := make([][]sideEdge, len(b.Continents)) // each continent's
	for y := range b.Height {
		for x := range b.Width {
			t := b.Cell(x, y)
			if t == 0 {
				continue
			}
			for _, s := range sides {
				o := b.Cell(x+s.dx, y+s.dy)
				if o == t {
					continue
				}
				e := edge{vertex{x + s.a.X, y + s.a.Y}, vertex{x + s.b.X, y + s.b.Y}}
				own[t-1] = append(own[t-1], sideEdge{e, o == 0})
				if c := continent(t); continent(o) != c && c != 0 {
					cont[c-1] = append(cont[c-1], sideEdge{e, o == 0})
				}
				switch {
				case o == 0:
					g.edges[coast] = append(g.edges[coast], e)
				case t < o && continent(t) == continent(o):
					g.edges[border] = append(g.edges[border], e)
				case t < o:
					g.edges[frontier] = append(g.edges[frontier], e)
				}
			}
		}
	}
	for i := range n {
		for _, l := range loops(own[i]) {
			g.shape[i] = append(g.shape[i], smooth(l))
		}
		g.extent[i] = extentOf(g.shape[i])
		x, y, _ := b.Centre(board.TerritoryID(i + 1))
		g.label[i] = [2]int{x, y}
	}
	for i := range cont {
		for _, l := range loops(cont[i]) {
			g.continent[i] = append(g.continent[i], smooth(l))
		}
	}
	g.seaLinks = seaLinks(b)
	return g
}

// sideEdge is a side of a cell on an outline, the outline's inside on
// its right; coast reports that the sea is on its left.
type sideEdge struct {
	edge
	coast bool
}

// loops chains an outline's directed edges into closed loops, dropping
// the corners where the outline runs straight on along one kind of
// edge.
func loops(edges []sideEdge) [][]sideEdge {
	next := map[vertex][]int{} // the edges leaving each corner
	for i, e := range edges {
		next[e.A] = append(next[e.A], i)
	}
	used := make([]bool, len(edges))
	var out [][]sideEdge
	for i := range edges {
		if used[i] {
			continue
		}
		var loop []sideEdge
		j := i
		for !used[j] {
			used[j] = true
			loop = append(loop, edges[j])
			cands := next[edges[j].B]
			j = cands[0]
			for _, c := range cands { // where two loops touch at a corner, take an unused edge
				if !used[c] {
					j = c
					break
				}
			}
		}
		out = append(out, straighten(loop))
	}
	return out
}

// straighten joins the edges of a closed loop that run straight on, of
// one kind, into one.
func straighten(loop []sideEdge) []sideEdge {
	var out []sideEdge
	for _, e := range loop {
		if k := len(out); k > 0 && out[k-1].coast == e.coast && out[k-1].B == e.A && collinear(out[k-1].A, e.A, e.B) {
			out[k-1].B = e.B
			continue
		}
		out = append(out, e)
	}
	// The loop's last edge may run on into its first.
	if k := len(out); k > 1 && out[k-1].coast == out[0].coast && collinear(out[k-1].A, out[0].A, out[0].B) {
		out[0].A = out[k-1].A
		out = out[:k-1]
	}
	return out
}

// collinear reports whether a, b and c lie on one line of the grid.
func collinear(a, b, c vertex) bool { return (a.X == b.X && b.X == c.X) || (a.Y == b.Y && b.Y == c.Y) }

// poly is a closed polygon in cells: Pts in order, and Coast[i]
// reporting that the side from Pts[i] to the next point faces the sea.
type poly struct {
	Pts   [][2]float64
	Coast []bool
}

// chamfer is how far from a corner of the coast its cut starts, in
// cells: half a cell, so that a staircase of single cells becomes a
// straight slope.
const chamfer = 0.5

// smooth returns loop as a polygon with each corner between two coast
// sides cut: the land's corners rounded off, the sea's filled in. Corners
// where a territory meets another stay square, so that neighbours still
// fit.
func smooth(loop []sideEdge) poly {
	var p poly
	n := len(loop)
	for i, e := range loop {
		prev := loop[(i+n-1)%n]
		if !prev.coast || !e.coast {
			p.Pts = append(p.Pts, [2]float64{float64(e.A.X), float64(e.A.Y)})
			p.Coast = append(p.Coast, e.coast)
			continue
		}
		// Half a cell back along the side before, half a cell on along
		// this one (no further than the sides' middles).
		v := e.A
		back := toward(v, prev.A, chamfer)
		on := toward(v, e.B, chamfer)
		p.Pts = append(p.Pts, back, on)
		p.Coast = append(p.Coast, true, true)
	}
	return p
}

// toward returns the point d cells from v towards w, or the middle of
// v and w if that is nearer.
func toward(v, w vertex, d float64) [2]float64 {
	dx, dy := float64(w.X-v.X), float64(w.Y-v.Y)
	l := math.Hypot(dx, dy)
	d = math.Min(d, l/2)
	return [2]float64{float64(v.X) + dx/l*d, float64(v.Y) + dy/l*d}
}

// seaLinks returns the board's links between territories whose cells do
// not touch, each once, in ID order, with the nearest two cells of the
// two territories (across the drawing's left and right edges when that
// is shorter).
func seaLinks(b *board.Board) []seaLink {
	cells := make([][][2]int, len(b.Territories))
	for y := range b.Height {
		for x := range b.Width {
			if t := b.Cell(x, y); t != 0 {
				cells[t-1] = append(cells[t-1], [2]int{x, y})
			}
		}
	}
	touch := func(a, c board.TerritoryID) bool {
		for _, p := range cells[a-1] {
			for _, s := range sides {
				if b.Cell(p[0]+s.dx, p[1]+s.dy) == c {
					return true
				}
			}
		}
		return false
	}
	var out []seaLink
	for _, t := range b.Territories {
		for _, o := range t.Links {
			if o < t.ID || touch(t.ID, o) {
				continue
			}
			l := seaLink{A: t.ID, B: o}
			best := math.Inf(1)
			for _, p := range cells[t.ID-1] {
				for _, q := range cells[o-1] {
					dx := math.Abs(float64(p[0] - q[0]))
					dy := float64(p[1]-q[1]) * cellH / cellW
					wrap := float64(b.Width) - dx
					if d := dx*dx + dy*dy; d < best {
						best, l.FromA, l.FromB, l.Wrap = d, p, q, false
					}
					if d := wrap*wrap + dy*dy; d < best {
						best, l.FromA, l.FromB, l.Wrap = d, p, q, true
					}
				}
			}
			out = append(out, l)
		}
	}
	return out
}
