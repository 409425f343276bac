package grid_test

import (
	"slices"
	"testing"

	"empires/shared/grid"
	"empires/shared/hex"
)

func pos(x, y int) grid.Pos { return grid.Pos{X: x, Y: y} }

func TestShapeString(t *testing.T) {
	tests := []struct {
		have grid.Shape
		want string
	}{
		{grid.Square, "square"},
		{grid.Hex, "hex"},
		{grid.Shape(7), "shape 7"},
	}
	for _, tt := range tests {
		if got := tt.have.String(); got != tt.want {
			t.Errorf("Shape(%d).String() = %q, want %q", uint8(tt.have), got, tt.want)
		}
	}
}

func TestIndexAt(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		g := grid.New(shape, 7, 5)
		if g.Len() != 35 {
			t.Fatalf("%v 7x5: Len() = %d, want 35", shape, g.Len())
		}
		for i := range g.Len() {
			p := g.At(i)
			if !g.Contains(p) {
				t.Errorf("%v: At(%d) = %v is off the grid", shape, i, p)
			}
			if got := g.Index(p); got != i {
				t.Errorf("%v: Index(At(%d)) = %d", shape, i, got)
			}
		}
	}
	g := grid.New(grid.Square, 7, 5)
	for _, p := range []grid.Pos{pos(-1, 0), pos(0, -1), pos(7, 0), pos(0, 5)} {
		if g.Contains(p) || g.Index(p) != -1 {
			t.Errorf("%v: Contains = %v, Index = %d; want false, -1", p, g.Contains(p), g.Index(p))
		}
	}
	for _, have := range []grid.Grid{{}, grid.New(grid.Square, 0, 5), grid.New(grid.Hex, 5, -1)} {
		if have.Len() != 0 {
			t.Errorf("%+v.Len() = %d, want 0", have, have.Len())
		}
	}
}

// TestSquareNeighbours: a square has four neighbours, north, east, south,
// west, in that order; the map's edges clip them.
func TestSquareNeighbours(t *testing.T) {
	g := grid.New(grid.Square, 10, 8)
	tests := []struct {
		name string
		have grid.Pos
		want []grid.Pos
	}{
		{"open field", pos(5, 5), []grid.Pos{pos(5, 4), pos(6, 5), pos(5, 6), pos(4, 5)}},
		{"top left corner", pos(0, 0), []grid.Pos{pos(1, 0), pos(0, 1)}},
		{"bottom right corner", pos(9, 7), []grid.Pos{pos(9, 6), pos(8, 7)}},
		{"top edge", pos(4, 0), []grid.Pos{pos(5, 0), pos(4, 1), pos(3, 0)}},
		{"left edge", pos(0, 3), []grid.Pos{pos(0, 2), pos(1, 3), pos(0, 4)}},
		{"right edge", pos(9, 3), []grid.Pos{pos(9, 2), pos(9, 4), pos(8, 3)}},
		{"bottom edge", pos(2, 7), []grid.Pos{pos(2, 6), pos(3, 7), pos(1, 7)}},
		{"off the grid", pos(10, 3), []grid.Pos{pos(9, 3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := g.Neighbours(nil, tt.have)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Neighbours(%v) = %v, want %v", tt.have, got, tt.want)
			}
		})
	}
	if got := grid.New(grid.Square, 1, 1).Neighbours(nil, pos(0, 0)); len(got) != 0 {
		t.Errorf("1x1 grid: Neighbours = %v, want none", got)
	}
}

// TestNeighboursAppend: Neighbours appends to dst and keeps what it held.
func TestNeighboursAppend(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		g := grid.New(shape, 5, 5)
		dst := []grid.Pos{pos(9, 9)}
		got := g.Neighbours(dst, pos(2, 2))
		if got[0] != pos(9, 9) || len(got) != 1+len(g.Neighbours(nil, pos(2, 2))) {
			t.Errorf("%v: Neighbours(dst) = %v, want dst's cell then the neighbours", shape, got)
		}
	}
}

// TestHexNeighbours: hexes are pointy-top in odd-r offset rows, as package
// hex lays them out, so a hex's neighbours are hex.Neighbors, in
// hex.Direction order, clipped at the edges.
func TestHexNeighbours(t *testing.T) {
	g := grid.New(grid.Hex, 6, 5)
	tests := []struct {
		name string
		have grid.Pos
		want []grid.Pos
	}{
		// E, NE, NW, W, SW, SE.
		{"even row", pos(2, 2), []grid.Pos{pos(3, 2), pos(2, 1), pos(1, 1), pos(1, 2), pos(1, 3), pos(2, 3)}},
		{"odd row", pos(2, 1), []grid.Pos{pos(3, 1), pos(3, 0), pos(2, 0), pos(1, 1), pos(2, 2), pos(3, 2)}},
		{"top left corner", pos(0, 0), []grid.Pos{pos(1, 0), pos(0, 1)}},
		{"odd row left edge", pos(0, 1), []grid.Pos{pos(1, 1), pos(1, 0), pos(0, 0), pos(0, 2), pos(1, 2)}},
		{"even row right edge", pos(5, 2), []grid.Pos{pos(5, 1), pos(4, 1), pos(4, 2), pos(4, 3), pos(5, 3)}},
		{"odd row right edge", pos(5, 3), []grid.Pos{pos(5, 2), pos(4, 3), pos(5, 4)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := g.Neighbours(nil, tt.have)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Neighbours(%v) = %v, want %v", tt.have, got, tt.want)
			}
		})
	}

	// Every cell, against package hex itself.
	rect := hex.Rect{Width: g.Width, Height: g.Height}
	for i := range g.Len() {
		p := g.At(i)
		var want []grid.Pos
		for _, n := range hex.FromOffset(hex.Offset{Col: p.X, Row: p.Y}).Neighbors() {
			if rect.Contains(n) {
				o := n.Offset()
				want = append(want, pos(o.Col, o.Row))
			}
		}
		if got := g.Neighbours(nil, p); !slices.Equal(got, want) {
			t.Errorf("Neighbours(%v) = %v, package hex says %v", p, got, want)
		}
	}
}

// TestSquareDistance checks the document's example: "The distance from
// settlement in (7,4) to target in (10,6) is 5."
func TestSquareDistance(t *testing.T) {
	g := grid.New(grid.Square, 20, 20)
	tests := []struct {
		name string
		a, b grid.Pos
		want int
	}{
		{"The distance from settlement in (7,4) to target in (10,6) is 5", pos(7, 4), pos(10, 6), 5},
		{"the same way back", pos(10, 6), pos(7, 4), 5},
		{"the same cell", pos(3, 3), pos(3, 3), 0},
		{"a neighbour", pos(3, 3), pos(3, 4), 1},
		{"a diagonal is two steps", pos(3, 3), pos(4, 4), 2},
		{"a straight line", pos(0, 5), pos(19, 5), 19},
		{"corner to corner", pos(0, 0), pos(19, 19), 38},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Distance(tt.a, tt.b); got != tt.want {
				t.Errorf("Distance(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// TestHexDistance: the hex distance is package hex's.
func TestHexDistance(t *testing.T) {
	g := grid.New(grid.Hex, 9, 8)
	toHex := func(p grid.Pos) hex.Hex { return hex.FromOffset(hex.Offset{Col: p.X, Row: p.Y}) }
	for i := range g.Len() {
		for j := range g.Len() {
			a, b := g.At(i), g.At(j)
			if got, want := g.Distance(a, b), hex.Distance(toHex(a), toHex(b)); got != want {
				t.Fatalf("Distance(%v, %v) = %d, hex.Distance = %d", a, b, got, want)
			}
		}
	}
	tests := []struct {
		a, b grid.Pos
		want int
	}{
		{pos(0, 0), pos(0, 1), 1}, // odd row (0,1) is south-east of (0,0)
		{pos(0, 0), pos(1, 1), 2},
		{pos(1, 0), pos(0, 1), 1}, // odd row (0,1) is south-west of (1,0)
		{pos(0, 0), pos(0, 2), 2},
		{pos(0, 0), pos(3, 0), 3},
		{pos(0, 0), pos(4, 7), 8},
	}
	for _, tt := range tests {
		if got := g.Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestAdjacentIsDistanceOne: every neighbour is at distance 1 and adjacent,
// and nothing else is adjacent.
func TestAdjacentIsDistanceOne(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		g := grid.New(shape, 7, 6)
		for i := range g.Len() {
			p := g.At(i)
			nb := g.Neighbours(nil, p)
			for j := range g.Len() {
				q := g.At(j)
				isNb := slices.Contains(nb, q)
				if g.Adjacent(p, q) != isNb {
					t.Errorf("%v: Adjacent(%v, %v) = %v, neighbour: %v", shape, p, q, g.Adjacent(p, q), isNb)
				}
				if isNb && g.Distance(p, q) != 1 {
					t.Errorf("%v: neighbour %v of %v at distance %d", shape, q, p, g.Distance(p, q))
				}
				if g.Distance(p, q) != g.Distance(q, p) {
					t.Errorf("%v: Distance(%v, %v) is not symmetric", shape, p, q)
				}
			}
		}
	}
}

// TestWithinOpenField: in open field the cells within radius r number
// 2r(r+1)+1 for squares and 3r(r+1)+1 for hexes.
func TestWithinOpenField(t *testing.T) {
	tests := []struct {
		shape grid.Shape
		count func(r int) int
	}{
		{grid.Square, func(r int) int { return 2*r*(r+1) + 1 }},
		{grid.Hex, func(r int) int { return 3*r*(r+1) + 1 }},
	}
	for _, tt := range tests {
		g := grid.New(tt.shape, 40, 40)
		for _, center := range []grid.Pos{pos(20, 20), pos(19, 21)} {
			for r := range 8 {
				got := g.Within(nil, center, r)
				if want := tt.count(r); len(got) != want {
					t.Errorf("%v: Within(%v, %d) has %d cells, want %d", tt.shape, center, r, len(got), want)
				}
				checkWithin(t, g, center, r, got)
			}
		}
	}
}

// TestWithinClipped: the map's edges clip the cells within range.
func TestWithinClipped(t *testing.T) {
	tests := []struct {
		shape  grid.Shape
		center grid.Pos
		r      int
		want   int
	}{
		{grid.Square, pos(0, 0), 2, 6},
		{grid.Square, pos(0, 4), 1, 4},
		{grid.Square, pos(9, 9), 3, 10},
		{grid.Hex, pos(0, 0), 1, 3},
		{grid.Hex, pos(0, 1), 1, 6},
		{grid.Hex, pos(9, 0), 1, 4},
		{grid.Hex, pos(0, 0), 2, 7},
		{grid.Square, pos(-1, 0), 1, 1},
		{grid.Square, pos(-5, 0), 1, 0},
		{grid.Square, pos(3, 3), -1, 0},
		{grid.Hex, pos(3, 3), 0, 1},
		{grid.Square, pos(3, 3), 1000, 100},
		{grid.Hex, pos(3, 3), 1000, 100},
	}
	for _, tt := range tests {
		g := grid.New(tt.shape, 10, 10)
		got := g.Within(nil, tt.center, tt.r)
		if len(got) != tt.want {
			t.Errorf("%v: Within(%v, %d) = %v (%d cells), want %d cells", tt.shape, tt.center, tt.r, got, len(got), tt.want)
		}
		checkWithin(t, g, tt.center, tt.r, got)
	}
}

// checkWithin checks got against every cell of g: exactly those within r of
// center, each once, center first if it is on the grid.
func checkWithin(t *testing.T, g grid.Grid, center grid.Pos, r int, got []grid.Pos) {
	t.Helper()
	if g.Contains(center) && r >= 0 && (len(got) == 0 || got[0] != center) {
		t.Errorf("%v: Within(%v, %d) does not start with the centre: %v", g.Shape, center, r, got)
	}
	seen := make(map[grid.Pos]bool, len(got))
	for _, p := range got {
		if seen[p] {
			t.Errorf("%v: Within(%v, %d) lists %v twice", g.Shape, center, r, p)
		}
		seen[p] = true
	}
	for i := range g.Len() {
		p := g.At(i)
		if want := g.Distance(center, p) <= r; seen[p] != want {
			t.Errorf("%v: Within(%v, %d) has %v: %v, want %v", g.Shape, center, r, p, seen[p], want)
		}
	}
	for p := range seen {
		if !g.Contains(p) {
			t.Errorf("%v: Within(%v, %d) has %v, off the grid", g.Shape, center, r, p)
		}
	}
}

// NeighbourIndexes gives every cell's neighbours as Neighbours does, in
// its order, on squares and hexes, edges and corners included.
func TestNeighbourIndexes(t *testing.T) {
	for _, g := range []grid.Grid{grid.New(grid.Square, 7, 5), grid.New(grid.Hex, 7, 5), grid.New(grid.Hex, 1, 4), grid.New(grid.Square, 1, 1)} {
		var nb [6]int32
		var cells []grid.Pos
		for i := range g.Len() {
			cells = g.Neighbours(cells[:0], g.At(i))
			have := g.NeighbourIndexes(i, &nb)
			if len(have) != len(cells) {
				t.Fatalf("%v %dx%d cell %v: have %v, want %v", g.Shape, g.Width, g.Height, g.At(i), have, cells)
			}
			for k, c := range cells {
				if int(have[k]) != g.Index(c) {
					t.Errorf("%v %dx%d cell %v: neighbour %d is %d, want %v", g.Shape, g.Width, g.Height, g.At(i), k, have[k], c)
				}
			}
		}
	}
}
