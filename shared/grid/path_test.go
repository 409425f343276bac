package grid_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"empires/shared/grid"
)

// costMap is a map of step costs drawn as ASCII art: '.' costs 1, digits
// cost their value, '#' cannot be entered, 'S' and 'G' (cost 1) mark the
// start and the goal. Spaces are ignored, so hex rows may be indented.
type costMap struct {
	g           grid.Grid
	cells       []int // what entering each cell costs, by Index; 0: not allowed
	start, goal grid.Pos
}

func parseCostMap(t testing.TB, shape grid.Shape, rows ...string) *costMap {
	t.Helper()
	m := &costMap{}
	for y, line := range rows {
		line = strings.ReplaceAll(line, " ", "")
		if y == 0 {
			m.g = grid.New(shape, len(line), len(rows))
			m.cells = make([]int, m.g.Len())
		}
		if len(line) != m.g.Width {
			t.Fatalf("row %d has %d cells, want %d", y, len(line), m.g.Width)
		}
		for x, ch := range line {
			c := 0
			switch {
			case ch == '.':
				c = 1
			case ch >= '1' && ch <= '9':
				c = int(ch - '0')
			case ch == '#':
			case ch == 'S':
				c, m.start = 1, pos(x, y)
			case ch == 'G':
				c, m.goal = 1, pos(x, y)
			default:
				t.Fatalf("bad map cell %q", ch)
			}
			m.cells[m.g.Index(pos(x, y))] = c
		}
	}
	return m
}

// cost is the map's CostFunc: entering a cell costs that cell's value.
func (m *costMap) cost(_, to grid.Pos) (int, bool) {
	c := m.cells[m.g.Index(to)]
	return c, c > 0
}

// randomCostMap returns a w x h map with costs 1..4 and about a quarter of
// its cells walls.
func randomCostMap(rng *rand.Rand, shape grid.Shape, w, h int) *costMap {
	m := &costMap{g: grid.New(shape, w, h)}
	m.cells = make([]int, m.g.Len())
	for i := range m.cells {
		if rng.IntN(4) != 0 {
			m.cells[i] = 1 + rng.IntN(4)
		}
	}
	return m
}

// reference returns the least cost from the sources to every cell by
// relaxing every step until nothing changes (Bellman-Ford): slow, simple,
// and independent of the package's search. -1 marks cells out of reach.
func (m *costMap) reference(sources ...grid.Pos) []int {
	dist := make([]int, m.g.Len())
	for i := range dist {
		dist[i] = -1
	}
	for _, s := range sources {
		dist[m.g.Index(s)] = 0
	}
	for changed := true; changed; {
		changed = false
		for i := range dist {
			if dist[i] < 0 {
				continue
			}
			p := m.g.At(i)
			for _, q := range m.g.Neighbours(nil, p) {
				c, ok := m.cost(p, q)
				j := m.g.Index(q)
				if ok && (dist[j] < 0 || dist[i]+c < dist[j]) {
					dist[j] = dist[i] + c
					changed = true
				}
			}
		}
	}
	return dist
}

// checkPath checks that path leads from start to goal in steps between
// neighbours into cells that allow them, and costs total.
func (m *costMap) checkPath(t *testing.T, start, goal grid.Pos, path []grid.Pos, total int) {
	t.Helper()
	if start == goal {
		if len(path) != 0 || total != 0 {
			t.Errorf("path from %v to itself: %v cost %d, want none cost 0", start, path, total)
		}
		return
	}
	if len(path) == 0 || path[len(path)-1] != goal {
		t.Fatalf("path %v from %v does not end at the goal %v", path, start, goal)
	}
	sum, at := 0, start
	for _, p := range path {
		if !m.g.Adjacent(at, p) {
			t.Fatalf("path %v from %v: step %v -> %v is not between neighbours", path, start, at, p)
		}
		c, ok := m.cost(at, p)
		if !ok {
			t.Fatalf("path %v from %v: steps into impassable %v", path, start, p)
		}
		sum, at = sum+c, p
	}
	if sum != total {
		t.Errorf("path %v from %v costs %d, Path says %d", path, start, sum, total)
	}
}

func TestPath(t *testing.T) {
	tests := []struct {
		name  string
		shape grid.Shape
		rows  []string
		want  int // the cheapest cost; -1: no path
	}{
		{"straight", grid.Square, []string{
			"S...G",
		}, 4},
		{"around a wall", grid.Square, []string{
			"S#...",
			".#.#.",
			"...#G",
		}, 10},
		{"the long way is cheaper than the swamp", grid.Square, []string{
			"S9G",
			"...",
		}, 4},
		{"the swamp is cheaper than the long way", grid.Square, []string{
			"S2G",
			"...",
		}, 3},
		{"walled off", grid.Square, []string{
			"S.#..",
			"..#.G",
		}, -1},
		{"a diagonal gap does not connect squares", grid.Square, []string{
			"S.#",
			".#.",
			"#.G",
		}, -1},
		{"hex around a wall", grid.Hex, []string{
			"S # . . .",
			" . # . # .",
			". . . # G",
		}, 8},
		{"hex steps through where squares could not", grid.Hex, []string{
			"S . #",
			" . # .",
			"# . G",
		}, 3},
		{"hex wall", grid.Hex, []string{
			"S . . #",
			" . . # .",
			". . # G",
		}, -1},
		{"hex diagonal", grid.Hex, []string{
			"S . . .",
			" . . . .",
			". . . .",
			" . . . G",
		}, 5},
		{"goal impassable", grid.Square, []string{
			"S.#",
		}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := parseCostMap(t, tt.shape, tt.rows...)
			if tt.name == "goal impassable" {
				m.goal = pos(2, 0)
			}
			path, total, ok := m.g.Path(m.start, m.goal, m.cost, 0)
			if tt.want < 0 {
				if ok {
					t.Fatalf("Path = %v cost %d, want none", path, total)
				}
				return
			}
			if !ok {
				t.Fatalf("Path found none, want one costing %d", tt.want)
			}
			if total != tt.want {
				t.Errorf("Path = %v cost %d, want cost %d", path, total, tt.want)
			}
			m.checkPath(t, m.start, m.goal, path, total)
		})
	}
}

func TestPathEnds(t *testing.T) {
	g := grid.New(grid.Square, 4, 4)
	open := func(_, _ grid.Pos) (int, bool) { return 1, true }
	tests := []struct {
		name        string
		start, goal grid.Pos
		wantOK      bool
		wantCost    int
	}{
		{"start is goal", pos(1, 1), pos(1, 1), true, 0},
		{"start off the grid", pos(-1, 1), pos(1, 1), false, 0},
		{"goal off the grid", pos(1, 1), pos(4, 1), false, 0},
		{"neighbour", pos(1, 1), pos(1, 2), true, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, total, ok := g.Path(tt.start, tt.goal, open, 0)
			if ok != tt.wantOK || total != tt.wantCost {
				t.Errorf("Path(%v, %v) = %v, %d, %v; want cost %d, %v", tt.start, tt.goal, path, total, ok, tt.wantCost, tt.wantOK)
			}
			if tt.start == tt.goal && path != nil {
				t.Errorf("Path to itself = %v, want nil", path)
			}
		})
	}
}

// TestPathNonPositiveCost: a step the cost function prices at zero or less
// is not taken.
func TestPathNonPositiveCost(t *testing.T) {
	g := grid.New(grid.Square, 3, 2)
	cost := func(_, to grid.Pos) (int, bool) {
		if to == pos(1, 0) {
			return 0, true
		}
		return 1, true
	}
	path, total, ok := g.Path(pos(0, 0), pos(2, 0), cost, 0)
	if !ok || total != 4 || slices.Contains(path, pos(1, 0)) {
		t.Errorf("Path = %v cost %d ok %v; want cost 4 around the free cell", path, total, ok)
	}
}

func TestPathMaxCost(t *testing.T) {
	m := parseCostMap(t, grid.Square,
		"S#...",
		".#.#.",
		"...#G",
	) // the cheapest path costs 10
	tests := []struct {
		maxCost int
		wantOK  bool
	}{
		{0, true},
		{-3, true},
		{9, false},
		{10, true},
		{100, true},
	}
	for _, tt := range tests {
		path, total, ok := m.g.Path(m.start, m.goal, m.cost, tt.maxCost)
		if ok != tt.wantOK {
			t.Errorf("maxCost %d: Path = %v cost %d ok %v, want ok %v", tt.maxCost, path, total, ok, tt.wantOK)
		}
		if ok && total != 10 {
			t.Errorf("maxCost %d: Path cost %d, want 10", tt.maxCost, total)
		}
	}
}

// TestPathDeterministic: in an open field many paths tie; Path picks the
// same one every time.
func TestPathDeterministic(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		g := grid.New(shape, 12, 12)
		open := func(_, _ grid.Pos) (int, bool) { return 1, true }
		first, _, ok := g.Path(pos(1, 2), pos(10, 9), open, 0)
		if !ok {
			t.Fatalf("%v: no path in an open field", shape)
		}
		for range 20 {
			again, _, _ := g.Path(pos(1, 2), pos(10, 9), open, 0)
			if !slices.Equal(first, again) {
				t.Fatalf("%v: Path gave %v, then %v", shape, first, again)
			}
		}
	}
}

// TestPathIsCheapest: on random maps Path's cost is the least cost the
// reference search finds, and it finds a path exactly when one exists.
func TestPathIsCheapest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for range 30 {
			m := randomCostMap(rng, shape, 3+rng.IntN(12), 3+rng.IntN(12))
			start := m.g.At(rng.IntN(m.g.Len()))
			ref := m.reference(start)
			for i := range m.g.Len() {
				goal := m.g.At(i)
				path, total, ok := m.g.Path(start, goal, m.cost, 0)
				if ok != (ref[i] >= 0) || (ok && total != ref[i]) {
					t.Fatalf("%v %dx%d: Path(%v, %v) = cost %d ok %v, reference cost %d",
						shape, m.g.Width, m.g.Height, start, goal, total, ok, ref[i])
				}
				if ok {
					m.checkPath(t, start, goal, path, total)
				}
			}
		}
	}
}

// TestDistancesProperty: Distances from many sources is, for every cell,
// the least of the single-source Path costs, and the reference's.
func TestDistancesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for range 25 {
			m := randomCostMap(rng, shape, 2+rng.IntN(12), 2+rng.IntN(12))
			sources := make([]grid.Pos, 1+rng.IntN(4))
			for i := range sources {
				sources[i] = m.g.At(rng.IntN(m.g.Len()))
			}
			got := m.g.Distances(sources, m.cost, 0)
			ref := m.reference(sources...)
			if !slices.Equal(got, ref) {
				t.Fatalf("%v %dx%d from %v: Distances = %v, reference %v", shape, m.g.Width, m.g.Height, sources, got, ref)
			}
			for i := range m.g.Len() {
				want := -1
				for _, s := range sources {
					if _, c, ok := m.g.Path(s, m.g.At(i), m.cost, 0); ok && (want < 0 || c < want) {
						want = c
					}
				}
				if got[i] != want {
					t.Fatalf("%v from %v: Distances at %v = %d, least Path cost %d", shape, sources, m.g.At(i), got[i], want)
				}
			}
		}
	}
}

func TestDistancesMaxCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		m := randomCostMap(rng, shape, 15, 15)
		sources := []grid.Pos{pos(2, 3), pos(11, 12)}
		full := m.g.Distances(sources, m.cost, 0)
		for _, maxCost := range []int{1, 3, 6, 10} {
			got := m.g.Distances(sources, m.cost, maxCost)
			for i := range got {
				want := full[i]
				if want > maxCost {
					want = -1
				}
				if got[i] != want {
					t.Fatalf("%v maxCost %d: Distances at %v = %d, want %d", shape, maxCost, m.g.At(i), got[i], want)
				}
			}
		}
	}
}

func TestDistancesSources(t *testing.T) {
	g := grid.New(grid.Square, 5, 1)
	open := func(_, _ grid.Pos) (int, bool) { return 1, true }
	tests := []struct {
		name string
		have []grid.Pos
		want []int
	}{
		{"none", nil, []int{-1, -1, -1, -1, -1}},
		{"one", []grid.Pos{pos(0, 0)}, []int{0, 1, 2, 3, 4}},
		{"two", []grid.Pos{pos(0, 0), pos(4, 0)}, []int{0, 1, 2, 1, 0}},
		{"twice the same", []grid.Pos{pos(2, 0), pos(2, 0)}, []int{2, 1, 0, 1, 2}},
		{"off the grid ignored", []grid.Pos{pos(-1, 0), pos(1, 0)}, []int{1, 0, 1, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Distances(tt.have, open, 0); !slices.Equal(got, tt.want) {
				t.Errorf("Distances(%v) = %v, want %v", tt.have, got, tt.want)
			}
		})
	}
}

// TestDistancesByIndexReusesBuffer: DistancesByIndex writes over whatever
// its buffer held, and finds what Distances finds; indexes outside the
// grid are ignored.
func TestDistancesByIndexReusesBuffer(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		m := randomCostMap(rng, shape, 12, 9)
		cost := func(from, to int) (int, bool) { return m.cost(m.g.At(from), m.g.At(to)) }
		buf := make([]int, m.g.Len())
		for i := range buf {
			buf[i] = 99
		}
		have := []int{-5, m.g.Index(pos(3, 4)), m.g.Len(), m.g.Index(pos(10, 1))}
		got := m.g.DistancesByIndex(buf, have, cost, 0)
		want := m.g.Distances([]grid.Pos{pos(3, 4), pos(10, 1)}, m.cost, 0)
		if !slices.Equal(got, want) {
			t.Fatalf("%v: DistancesByIndex(%v) over a used buffer = %v, want %v", shape, have, got, want)
		}
		if &got[0] != &buf[0] {
			t.Errorf("%v: DistancesByIndex made a new slice, want the buffer reused", shape)
		}
	}
}

func BenchmarkDistances128(b *testing.B) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		b.Run(shape.String(), func(b *testing.B) {
			m := randomCostMap(rand.New(rand.NewPCG(1, 1)), shape, 128, 128)
			sources := []grid.Pos{pos(5, 5), pos(120, 7), pos(64, 64), pos(10, 120)}
			for _, s := range sources {
				m.cells[m.g.Index(s)] = 1
			}
			b.ResetTimer()
			for b.Loop() {
				m.g.Distances(sources, m.cost, 0)
			}
		})
	}
}
