// Package grid is the geometry of a rectangle map of cells, either squares
// or pointy-top hexes (odd-r offset rows, as package hex lays them out): a
// cell's neighbours, the distance between two cells, the cells within a
// range, and shortest paths. Positions are a column and a row for both, so
// a game written against a Grid plays on either.
//
// Squares have four neighbours (north, east, south, west) and their
// distance is the number of such steps: from (7,4) to (10,6) is 5, as the
// PBEM "Empire" document counts it. Hexes have six neighbours and the hex
// distance of package hex.
package grid

import (
	"fmt"

	"empires/shared/hex"
)

// Shape is the shape of a map's cells.
type Shape uint8

// The shapes.
const (
	Square Shape = iota
	Hex
)

// String names the shape: "square" or "hex".
func (s Shape) String() string {
	switch s {
	case Square:
		return "square"
	case Hex:
		return "hex"
	}
	return fmt.Sprintf("shape %d", s)
}

// Pos is a cell: its column X (0 at the left) and row Y (0 at the top).
type Pos struct{ X, Y int }

// String returns p as "x,y".
func (p Pos) String() string { return fmt.Sprintf("%d,%d", p.X, p.Y) }

// Grid is a Width x Height rectangle of cells of one shape. The zero Grid
// is empty.
type Grid struct {
	Shape         Shape
	Width, Height int
}

// New returns a grid of w x h cells of shape s.
func New(s Shape, w, h int) Grid { return Grid{Shape: s, Width: w, Height: h} }

// Len is the number of cells.
func (g Grid) Len() int {
	if g.Width <= 0 || g.Height <= 0 {
		return 0
	}
	return g.Width * g.Height
}

// Contains reports whether p is on the grid.
func (g Grid) Contains(p Pos) bool {
	return p.X >= 0 && p.X < g.Width && p.Y >= 0 && p.Y < g.Height
}

// Index returns p's index, Y*Width+X, or -1 if p is off the grid.
func (g Grid) Index(p Pos) int {
	if !g.Contains(p) {
		return -1
	}
	return p.Y*g.Width + p.X
}

// At returns the cell of index i (the inverse of Index).
func (g Grid) At(i int) Pos { return Pos{i % g.Width, i / g.Width} }

// squareSteps are a square's neighbours: north, east, south, west.
var squareSteps = [4]Pos{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

func toHex(p Pos) hex.Hex   { return hex.FromOffset(hex.Offset{Col: p.X, Row: p.Y}) }
func fromHex(h hex.Hex) Pos { o := h.Offset(); return Pos{o.Col, o.Row} }

// Neighbours appends to dst p's neighbours on the grid, in a fixed order
// (squares: north, east, south, west; hexes: hex.Direction order), and
// returns it.
func (g Grid) Neighbours(dst []Pos, p Pos) []Pos {
	if g.Shape == Hex {
		for _, n := range toHex(p).Neighbors() {
			if q := fromHex(n); g.Contains(q) {
				dst = append(dst, q)
			}
		}
		return dst
	}
	for _, d := range squareSteps {
		if q := (Pos{p.X + d.X, p.Y + d.Y}); g.Contains(q) {
			dst = append(dst, q)
		}
	}
	return dst
}

// Adjacent reports whether a and b are neighbours.
func (g Grid) Adjacent(a, b Pos) bool { return g.Distance(a, b) == 1 }

// Distance is the number of steps from a to b between neighbours, the map's
// edges aside.
func (g Grid) Distance(a, b Pos) int {
	if g.Shape == Hex {
		return hex.Distance(toHex(a), toHex(b))
	}
	return abs(a.X-b.X) + abs(a.Y-b.Y)
}

// Within appends to dst the cells on the grid at distance r or less from
// p, p first, and returns it.
func (g Grid) Within(dst []Pos, p Pos, r int) []Pos {
	if r < 0 {
		return dst
	}
	if g.Contains(p) {
		dst = append(dst, p)
	}
	for y := max(p.Y-r, 0); y <= min(p.Y+r, g.Height-1); y++ {
		for x := max(p.X-r, 0); x <= min(p.X+r, g.Width-1); x++ {
			q := Pos{x, y}
			if q != p && g.Contains(q) && g.Distance(p, q) <= r {
				dst = append(dst, q)
			}
		}
	}
	return dst
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Hex neighbours as steps of (column, row) in the odd-r offset layout, in
// hex.Direction order (East, NorthEast, NorthWest, West, SouthWest,
// SouthEast): odd rows are shoved right by half a hex.
var (
	evenRowSteps = [6]Pos{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}
	oddRowSteps  = [6]Pos{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}
)

// NeighbourIndexes fills nb with the indexes of the neighbours of the cell
// of index i, in Neighbours' order, and returns them: the same cells as
// Neighbours, found by the layout's arithmetic alone, for searches that
// visit every cell.
func (g Grid) NeighbourIndexes(i int, nb *[6]int32) []int32 {
	x, y := i%g.Width, i/g.Width
	steps := squareSteps[:]
	if g.Shape == Hex {
		if y&1 == 1 {
			steps = oddRowSteps[:]
		} else {
			steps = evenRowSteps[:]
		}
	}
	out := nb[:0]
	for _, d := range steps {
		if c, r := x+d.X, y+d.Y; c >= 0 && c < g.Width && r >= 0 && r < g.Height {
			out = append(out, int32(r*g.Width+c))
		}
	}
	return out
}
