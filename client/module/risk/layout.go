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
// once: the edges where territories meet, by kind; each territory's
// outline as closed loops; the sea links' ends; the label cells.
type geometry struct {
	edges [3][]edge
	// coastOf lists, by territory ID less one, the coast edges of the
	// territory's cells and whether each faces its continent's outside
	// (frontier or coast): the continent's rim runs along them.
	rim [][]rimEdge
	// outline is, by territory ID less one, the territory's outline:
	// closed loops of grid corners, clockwise on the screen.
	outline [][][]vertex
	// seaLinks are the links across the sea, each once.
	seaLinks []seaLink
	// label is, by territory ID less one, the cell its badge is drawn on.
	label [][2]int
}

// rimEdge is a side of a territory's cell where its continent ends; in
// is the direction into the cell (0 up, 1 right, 2 down, 3 left: the
// side is the cell's top, right, bottom or left).
type rimEdge struct {
	x, y int
	side int
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
	g := &geometry{rim: make([][]rimEdge, n), outline: make([][][]vertex, n), label: make([][2]int, n)}
	continent := func(t board.TerritoryID) board.ContinentID {
		if t == 0 {
			return 0
		}
		return b.Territories[t-1].Continent
	}
	sideEdges := make([][]edge, n) // each territory's directed outline edges
	for y := range b.Height {
		for x := range b.Width {
			t := b.Cell(x, y)
			if t == 0 {
				continue
			}
			for i, s := range sides {
				o := b.Cell(x+s.dx, y+s.dy)
				if o == t {
					continue
				}
				e := edge{vertex{x + s.a.X, y + s.a.Y}, vertex{x + s.b.X, y + s.b.Y}}
				sideEdges[t-1] = append(sideEdges[t-1], e)
				switch {
				case o == 0:
					g.edges[coast] = append(g.edges[coast], e)
				case t < o && continent(t) == continent(o):
					g.edges[border] = append(g.edges[border], e)
				case t < o:
					g.edges[frontier] = append(g.edges[frontier], e)
				}
				if continent(o) != continent(t) {
					g.rim[t-1] = append(g.rim[t-1], rimEdge{x, y, i})
				}
			}
		}
	}
	for i := range n {
		g.outline[i] = loops(sideEdges[i])
		x, y, _ := b.Centre(board.TerritoryID(i + 1))
		g.label[i] = [2]int{x, y}
	}
	g.seaLinks = seaLinks(b)
	return g
}

// loops chains a territory's directed outline edges into closed loops,
// dropping the corners where the outline runs straight on.
func loops(edges []edge) [][]vertex {
	next := map[vertex][]int{} // the edges leaving each corner
	for i, e := range edges {
		next[e.A] = append(next[e.A], i)
	}
	used := make([]bool, len(edges))
	var out [][]vertex
	for i := range edges {
		if used[i] {
			continue
		}
		var loop []vertex
		j := i
		for !used[j] {
			used[j] = true
			loop = append(loop, edges[j].A)
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

// straighten drops the corners of a closed loop where it runs straight
// on.
func straighten(loop []vertex) []vertex {
	var out []vertex
	n := len(loop)
	for i, v := range loop {
		p, q := loop[(i+n-1)%n], loop[(i+1)%n]
		if (p.X == v.X && v.X == q.X) || (p.Y == v.Y && v.Y == q.Y) {
			continue
		}
		out = append(out, v)
	}
	return out
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
