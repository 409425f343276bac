package hex

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// testMap is a small map drawn as ASCII art, one string per odd-r row:
// '.' costs 1, 'f' costs 2, digits cost their value, '#' is impassable, 'S'
// and 'G' (cost 1) mark the start and the goal, 'X' marks an impassable goal. Spaces are ignored, so odd
// rows may be indented to show the half-hex shift.
type testMap struct {
	rect        Rect
	cells       []int // step cost to enter each hex by index; 0 = wall
	start, goal Hex
}

func parseMap(t testing.TB, rows ...string) *testMap {
	t.Helper()
	m := &testMap{}
	for row, line := range rows {
		line = strings.ReplaceAll(line, " ", "")
		if row == 0 {
			m.rect = Rect{Width: len(line), Height: len(rows)}
			m.cells = make([]int, m.rect.Len())
		}
		if len(line) != m.rect.Width {
			t.Fatalf("row %d has %d cells, want %d", row, len(line), m.rect.Width)
		}
		for col, ch := range line {
			h := FromOffset(Offset{Col: col, Row: row})
			c := 0
			switch {
			case ch == '.':
				c = 1
			case ch == 'f':
				c = 2
			case ch >= '1' && ch <= '9':
				c = int(ch - '0')
			case ch == '#':
			case ch == 'S':
				c, m.start = 1, h
			case ch == 'G':
				c, m.goal = 1, h
			case ch == 'X':
				m.goal = h // an impassable goal
			default:
				t.Fatalf("bad map cell %q", ch)
			}
			m.cells[m.rect.Index(h)] = c
		}
	}
	return m
}

// cost is the map's CostFunc: entering a hex costs that hex's value.
func (m *testMap) cost(_, to Hex) (int, bool) {
	i := m.rect.Index(to)
	if i < 0 || m.cells[i] == 0 {
		return 0, false
	}
	return m.cells[i], true
}

// randomMap returns a w x h map with costs 1..3 and about 20% walls.
func randomMap(rng *rand.Rand, w, h int) *testMap {
	m := &testMap{rect: Rect{Width: w, Height: h}}
	m.cells = make([]int, m.rect.Len())
	for i := range m.cells {
		if rng.IntN(5) != 0 {
			m.cells[i] = 1 + rng.IntN(3)
		}
	}
	return m
}

// bruteForce returns the cheapest cost from start to every hex of the map
// (-1 if unreachable), by Bellman-Ford style relaxation over every hex and
// direction until nothing changes. It shares no code with Path or Reachable
// beyond Neighbor and the map's cost function.
func bruteForce(m *testMap, start Hex) []int {
	dist := make([]int, m.rect.Len())
	for i := range dist {
		dist[i] = -1
	}
	si := m.rect.Index(start)
	dist[si] = 0
	for changed := true; changed; {
		changed = false
		for i := range dist {
			if dist[i] < 0 {
				continue
			}
			from := m.rect.HexAt(i)
			for d := range Direction(NumDirections) {
				to := from.Neighbor(d)
				c, ok := m.cost(from, to)
				if !ok {
					continue
				}
				j := m.rect.Index(to)
				if dist[j] < 0 || dist[i]+c < dist[j] {
					dist[j] = dist[i] + c
					changed = true
				}
			}
		}
	}
	return dist
}

// checkPath fails unless path is a valid walk from start to goal whose step
// costs sum to total.
func checkPath(t *testing.T, m *testMap, start, goal Hex, path []Hex, total int) {
	t.Helper()
	if len(path) == 0 || path[0] != start || path[len(path)-1] != goal {
		t.Fatalf("path %v does not run from %v to %v", path, start, goal)
	}
	sum := 0
	for i := 1; i < len(path); i++ {
		if Distance(path[i-1], path[i]) != 1 {
			t.Fatalf("path %v: %v and %v are not adjacent", path, path[i-1], path[i])
		}
		c, ok := m.cost(path[i-1], path[i])
		if !ok {
			t.Fatalf("path %v steps onto impassable %v", path, path[i])
		}
		sum += c
	}
	if sum != total {
		t.Fatalf("path %v: steps cost %d, reported total %d", path, sum, total)
	}
}

func TestPathMaps(t *testing.T) {
	tests := []struct {
		name    string
		rows    []string
		maxCost int
		wantOK  bool
		want    int // total cost
	}{
		{
			name: "open straight",
			rows: []string{
				"S....G",
				" ......",
			},
			wantOK: true, want: 5,
		},
		{
			name: "costly hex is avoided",
			rows: []string{
				"S9G",
				" ...",
			},
			// Straight over the 9 would cost 10; around it costs 3.
			wantOK: true, want: 3,
		},
		{
			name: "forest crossed when there is no way around",
			rows: []string{
				"######",
				" S.f.G#",
				"######",
			},
			wantOK: true, want: 5,
		},
		{
			name: "wall forces detour",
			rows: []string{
				"S..#..G",
				" ...#...",
				"...#...",
				" ...#...",
				".......",
			},
			// Straight would be 6; the only gap is at offset 3,4 = hex
			// 1,4, which is 5 steps from each end.
			wantOK: true, want: 10,
		},
		{
			name: "unreachable behind wall",
			rows: []string{
				"..#...",
				" ..#...",
				"S.#..G",
				" ..#...",
			},
			wantOK: false,
		},
		{
			name: "goal impassable",
			rows: []string{
				"S..X",
				" ....",
			},
			wantOK: false,
		},
		{
			name: "within max cost",
			rows: []string{
				"S....G",
			},
			maxCost: 5,
			wantOK:  true, want: 5,
		},
		{
			name: "beyond max cost",
			rows: []string{
				"S....G",
			},
			maxCost: 4,
			wantOK:  false,
		},
		{
			name: "max cost counts weights",
			rows: []string{
				"S.ff.G",
			},
			maxCost: 6,
			wantOK:  false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := parseMap(t, tt.rows...)
			path, total, ok := Path(m.start, m.goal, m.cost, tt.maxCost)
			if ok != tt.wantOK {
				t.Fatalf("Path ok = %v (path %v, cost %d), want %v", ok, path, total, tt.wantOK)
			}
			if !ok {
				if path != nil || total != 0 {
					t.Fatalf("failed Path returned %v, %d", path, total)
				}
				return
			}
			if total != tt.want {
				t.Errorf("Path cost = %d (path %v), want %d", total, path, tt.want)
			}
			checkPath(t, m, m.start, m.goal, path, total)
			if ref := bruteForce(m, m.start)[m.rect.Index(m.goal)]; ref != total {
				t.Errorf("Path cost %d, brute force %d", total, ref)
			}
			again, total2, ok2 := Path(m.start, m.goal, m.cost, tt.maxCost)
			if !ok2 || total2 != total || !slices.Equal(again, path) {
				t.Errorf("second call gave %v %d %v, first %v %d", again, total2, ok2, path, total)
			}
		})
	}
}

func TestPathStartIsGoal(t *testing.T) {
	m := parseMap(t, "#..", " ...")
	wall := FromOffset(Offset{0, 0})
	path, total, ok := Path(wall, wall, m.cost, 0)
	if !ok || total != 0 || !slices.Equal(path, []Hex{wall}) {
		t.Fatalf("Path(wall, wall) = %v, %d, %v; want [%v], 0, true", path, total, ok, wall)
	}
	// An impassable start does not stop a search from leaving it.
	goal := FromOffset(Offset{2, 1})
	path, total, ok = Path(wall, goal, m.cost, 0)
	if !ok {
		t.Fatal("no path from impassable start")
	}
	checkPath(t, m, wall, goal, path, total)
}

func TestPathCostClamp(t *testing.T) {
	// Costs below 1 count as 1.
	free := func(_, _ Hex) (int, bool) { return -5, true }
	path, total, ok := Path(Hex{}, Hex{4, -2}, free, 100)
	if !ok || total != 4 || len(path) != 5 {
		t.Fatalf("Path with zero costs = %v, %d, %v; want 5 hexes, cost 4", path, total, ok)
	}
	reach := Reachable(Hex{}, free, 2)
	if len(reach) != len(Spiral(Hex{}, 2)) {
		t.Fatalf("Reachable with zero costs and budget 2 found %d hexes, want %d", len(reach), len(Spiral(Hex{}, 2)))
	}
}

func TestPathUnboundedMap(t *testing.T) {
	// An infinite open plane: maxCost <= 0 is fine when the goal is
	// reachable, and the path is as long as the distance.
	open := func(_, _ Hex) (int, bool) { return 1, true }
	a, b := Hex{-7, 3}, Hex{12, -20}
	path, total, ok := Path(a, b, open, 0)
	if !ok || total != Distance(a, b) || len(path) != total+1 {
		t.Fatalf("Path on open plane = %d hexes, cost %d, %v; want cost %d", len(path), total, ok, Distance(a, b))
	}
	for i := 1; i < len(path); i++ {
		if Distance(path[i-1], path[i]) != 1 {
			t.Fatalf("%v and %v are not adjacent", path[i-1], path[i])
		}
	}
	// An unreachable goal on an infinite plane terminates with a limit.
	walled := func(_, to Hex) (int, bool) { return 1, to != b }
	if _, _, ok := Path(a, b, walled, 40); ok {
		t.Fatal("Path reached an impassable goal")
	}
}

// TestPathDeterministicTies checks the documented tie-breaking on an open
// map where many paths cost the same: the result is fixed.
func TestPathDeterministicTies(t *testing.T) {
	m := parseMap(t,
		"S.....",
		" ......",
		"......",
		" .....G",
	)
	first, total, ok := Path(m.start, m.goal, m.cost, 0)
	if !ok {
		t.Fatal("no path")
	}
	checkPath(t, m, m.start, m.goal, first, total)
	if total != Distance(m.start, m.goal) {
		t.Fatalf("cost %d on an open map, want %d", total, Distance(m.start, m.goal))
	}
	for range 20 {
		again, _, _ := Path(m.start, m.goal, m.cost, 0)
		if !slices.Equal(again, first) {
			t.Fatalf("Path changed between calls: %v then %v", first, again)
		}
	}
	// The (f, h, Q, R) ordering pins this path among the equally cheap
	// ones; if it changes, recorded games replay differently.
	want := []Hex{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3}}
	if !slices.Equal(first, want) {
		t.Errorf("tie-broken path = %v, want %v", first, want)
	}
}

func TestPathMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	reached := 0
	for trial := range 300 {
		m := randomMap(rng, 8, 8)
		start := m.rect.HexAt(rng.IntN(m.rect.Len()))
		ref := bruteForce(m, start)
		for range 5 {
			goal := m.rect.HexAt(rng.IntN(m.rect.Len()))
			path, total, ok := Path(start, goal, m.cost, 0)
			want := ref[m.rect.Index(goal)]
			if goal == start {
				want = 0
			}
			if ok != (want >= 0) {
				t.Fatalf("trial %d: Path(%v, %v) ok = %v, brute force cost %d", trial, start, goal, ok, want)
			}
			if !ok {
				continue
			}
			reached++
			if total != want {
				t.Fatalf("trial %d: Path(%v, %v) cost %d, brute force %d", trial, start, goal, total, want)
			}
			checkPath(t, m, start, goal, path, total)
			// A cutoff at exactly the cost still finds it, one below does not.
			if total > 0 {
				if _, c, ok := Path(start, goal, m.cost, total); !ok || c != total {
					t.Fatalf("trial %d: Path with maxCost %d = %d, %v", trial, total, c, ok)
				}
				if _, _, ok := Path(start, goal, m.cost, total-1); ok && total > 1 {
					t.Fatalf("trial %d: Path with maxCost %d found a path of cost %d", trial, total-1, total)
				}
			}
		}
	}
	if reached < 500 {
		t.Fatalf("only %d reachable goals; the random maps are too blocked to test much", reached)
	}
}

func TestReachableMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		m := randomMap(rng, 8, 8)
		start := m.rect.HexAt(rng.IntN(m.rect.Len()))
		budget := rng.IntN(12)
		ref := bruteForce(m, start)
		var want []Reach
		for i, c := range ref {
			if c >= 0 && c <= budget {
				want = append(want, Reach{Hex: m.rect.HexAt(i), Cost: c})
			}
		}
		slices.SortFunc(want, func(a, b Reach) int {
			if a.Cost != b.Cost {
				return a.Cost - b.Cost
			}
			if a.Hex.Q != b.Hex.Q {
				return a.Hex.Q - b.Hex.Q
			}
			return a.Hex.R - b.Hex.R
		})
		got := Reachable(start, m.cost, budget)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: Reachable(%v, budget %d) =\n%v\nwant\n%v", trial, start, budget, got, want)
		}
		if got[0] != (Reach{Hex: start, Cost: 0}) {
			t.Fatalf("trial %d: Reachable starts with %v", trial, got[0])
		}
	}
	if got := Reachable(Hex{}, func(_, _ Hex) (int, bool) { return 1, true }, -1); got != nil {
		t.Fatalf("Reachable with negative budget = %v", got)
	}
	wall := func(_, _ Hex) (int, bool) { return 0, false }
	if got := Reachable(Hex{2, 2}, wall, 5); !slices.Equal(got, []Reach{{Hex{2, 2}, 0}}) {
		t.Fatalf("Reachable from an enclosed hex = %v", got)
	}
	open := func(_, _ Hex) (int, bool) { return 1, true }
	got := Reachable(Hex{}, open, 3)
	if len(got) != 1+3*3*4 {
		t.Fatalf("Reachable on an open plane with budget 3 found %d hexes", len(got))
	}
	for _, r := range got {
		if r.Cost != r.Hex.Length() {
			t.Fatalf("Reachable on an open plane: %v", r)
		}
	}
}

// axial writes a path as "[Q,R Q,R ...]", in the axial coordinates the
// golden checksum was taken with.
func axial(path []Hex) string {
	parts := make([]string, len(path))
	for i, x := range path {
		parts[i] = fmt.Sprintf("%d,%d", x.Q, x.R)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// TestPathGolden pins the exact paths Path chooses (including all its
// tie-breaking) on many random maps with a checksum: any change to the
// search order changes this number, and with it the replay of recorded
// games. Update it only for a deliberate change.
func TestPathGolden(t *testing.T) {
	const want = uint64(0x27a0ef9f31f3c607)
	rng := rand.New(rand.NewPCG(3, 4))
	h := fnv.New64a()
	for range 200 {
		m := randomMap(rng, 10, 10)
		start := m.rect.HexAt(rng.IntN(m.rect.Len()))
		goal := m.rect.HexAt(rng.IntN(m.rect.Len()))
		path, total, ok := Path(start, goal, m.cost, 0)
		fmt.Fprintln(h, axial(path), total, ok)
	}
	if got := h.Sum64(); got != want {
		t.Errorf("paths checksum = %#x, want %#x", got, want)
	}
}
