package mapgen_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

func ruleset(t testing.TB) *erfworld.Ruleset {
	t.Helper()
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatalf("load erfworld: %v", err)
	}
	return rs
}

func generate(t testing.TB, rs *erfworld.Ruleset, seed uint64, w, h, players int) *mapgen.Result {
	t.Helper()
	res, err := mapgen.Generate(rs.MapConfig(seed, w, h, players))
	if err != nil {
		t.Fatalf("Generate(seed %d, %dx%d, %d players): %v", seed, w, h, players, err)
	}
	return res
}

// walkDist returns the walking distance (over terrain armies may enter) from
// start to every hex of m; -1 where it cannot walk. It is the test's own
// breadth-first search, independent of the generator's.
func walkDist(m *hexmap.Map, table rulesfile.TerrainTable, start hex.Hex) map[hex.Hex]int {
	dist := map[hex.Hex]int{start: 0}
	queue := []hex.Hex{start}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range h.Neighbors() {
			t, ok := m.At(n)
			if _, seen := dist[n]; seen || !ok || !table[t].Army {
				continue
			}
			dist[n] = dist[h] + 1
			queue = append(queue, n)
		}
	}
	return dist
}

func TestGenerateIsDeterministic(t *testing.T) {
	rs := ruleset(t)
	a := generate(t, rs, 7, 64, 48, 6)
	b := generate(t, rs, 7, 64, 48, 6)
	if !slices.Equal(a.Map.Terrain, b.Map.Terrain) {
		t.Fatal("same seed gave two different terrains")
	}
	if fmt.Sprint(a.Starts) != fmt.Sprint(b.Starts) {
		t.Fatalf("same seed gave different starts:\n%v\n%v", a.Starts, b.Starts)
	}
	c := generate(t, rs, 8, 64, 48, 6)
	if slices.Equal(a.Map.Terrain, c.Map.Terrain) {
		t.Fatal("seeds 7 and 8 gave the same terrain")
	}
}

// TestGeneratedMaps checks every promise of the generator on maps from the
// smallest to the largest common sizes, for several seeds each.
func TestGeneratedMaps(t *testing.T) {
	rs := ruleset(t)
	tests := []struct {
		w, h, players int
	}{
		{16, 16, 2},
		{24, 16, 3},
		{32, 32, 4},
		{64, 48, 6},
		{40, 100, 5},
		{96, 96, 8},
		{128, 128, 12},
		{256, 256, 16},
	}
	for _, tt := range tests {
		seeds := []uint64{1, 2, 3, 7, 42}
		if tt.w*tt.h > 20000 {
			seeds = seeds[:2]
		}
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%dx%d/%dp/seed%d", tt.w, tt.h, tt.players, seed), func(t *testing.T) {
				res := generate(t, rs, seed, tt.w, tt.h, tt.players)
				checkMap(t, rs, res, tt.w, tt.h, tt.players)
			})
		}
	}
}

func checkMap(t *testing.T, rs *erfworld.Ruleset, res *mapgen.Result, w, h, players int) {
	t.Helper()
	m, table := res.Map, rs.Terrain
	if err := m.Validate(table); err != nil {
		t.Fatal(err)
	}
	if m.Width != w || m.Height != h {
		t.Fatalf("map is %dx%d, want %dx%d", m.Width, m.Height, w, h)
	}

	// The ruleset's terrain mix: each terrain's share within 2 points of the
	// data file's share_mille (fairness fixes change a few hexes).
	counts := m.Count(len(table))
	for i, tr := range table {
		have := counts[i] * 1000 / len(m.Terrain)
		if d := have - tr.MapGen.ShareMille; d < -20 || d > 20 {
			t.Errorf("%s covers %d‰ of the map, want %d‰ ± 20", tr.Name, have, tr.MapGen.ShareMille)
		}
	}

	if len(res.Starts) != players {
		t.Fatalf("%d starts, want %d", len(res.Starts), players)
	}
	// Rule "Each player starts with a Capital and two other cities", and
	// "Players may build cities in Open hexes only", and "not adjacent to any
	// other City".
	var all []hex.Hex
	for p, s := range res.Starts {
		if len(s.Cities) != rs.Start.Cities {
			t.Errorf("player %d has %d cities besides the capital, want %d", p+1, len(s.Cities), rs.Start.Cities)
		}
		for _, c := range append([]hex.Hex{s.Capital}, s.Cities...) {
			if tr, ok := m.At(c); !ok || !table[tr].City {
				t.Errorf("player %d city at %s is not on city terrain", p+1, c)
			}
			for _, o := range all {
				if d := hex.Distance(c, o); d < rs.City.MinDistance {
					t.Errorf("cities at %s and %s are %d apart, want at least %d", c, o, d, rs.City.MinDistance)
				}
			}
			all = append(all, c)
		}
	}

	// Every start reaches its own cities and at least one rival capital by
	// land; capitals are spaced.
	minSpacing := 1 << 30
	for p, s := range res.Starts {
		dist := walkDist(m, table, s.Capital)
		for _, c := range s.Cities {
			if _, ok := dist[c]; !ok {
				t.Errorf("player %d cannot walk from its capital %s to its city %s", p+1, s.Capital, c)
			}
		}
		rival := false
		for q, o := range res.Starts {
			if d, ok := dist[o.Capital]; ok && q != p {
				rival = true
				minSpacing = min(minSpacing, d)
			}
		}
		if !rival {
			t.Errorf("player %d at %s cannot reach any rival by land", p+1, s.Capital)
		}
		// The reported land near the capital is right.
		near := 0
		for _, x := range hex.Spiral(s.Capital, mapgen.NearRadius) {
			if tr, ok := m.At(x); ok && table[tr].Army {
				near++
			}
		}
		if near != s.LandNear {
			t.Errorf("player %d LandNear = %d, counted %d", p+1, s.LandNear, near)
		}
	}
	if minSpacing < 6 {
		t.Errorf("two capitals are %d hexes apart by land, want at least 6", minSpacing)
	}

	// Similar land and resources: land near each capital within a factor of
	// two, and every start borders each terrain some unit or the fleet needs.
	lo, hi := 1<<30, 0
	for _, s := range res.Starts {
		lo, hi = min(lo, s.LandNear), max(hi, s.LandNear)
	}
	if lo*10 < hi*6 {
		t.Errorf("land near capitals ranges from %d to %d: not fair", lo, hi)
	}
	for p, s := range res.Starts {
		for _, need := range rs.MapConfig(0, w, h, players).Resources {
			if !borders(m, append([]hex.Hex{s.Capital}, s.Cities...), need) {
				t.Errorf("player %d's cities border no %s", p+1, table[need].Name)
			}
		}
	}
}

func borders(m *hexmap.Map, cities []hex.Hex, t rulesfile.TerrainID) bool {
	for _, c := range cities {
		for _, n := range c.Neighbors() {
			if tr, ok := m.At(n); ok && tr == t {
				return true
			}
		}
	}
	return false
}

// TestLandIsCoherent checks that land and sea form masses, not salt and
// pepper: most hexes agree with most of their neighbours about being land or
// sea, and lone one-hex islands are rare.
func TestLandIsCoherent(t *testing.T) {
	rs := ruleset(t)
	for _, seed := range []uint64{1, 2, 3} {
		res := generate(t, rs, seed, 96, 64, 6)
		m := res.Map
		isSea := func(h hex.Hex) bool {
			tr, _ := m.At(h)
			return rs.Terrain[tr].MapGen.Layer == rulesfile.LayerSea
		}
		agree, lone, land := 0, 0, 0
		for _, h := range m.Rect().All() {
			same, n := 0, 0
			for _, x := range m.Neighbors(nil, h) {
				n++
				if isSea(x) == isSea(h) {
					same++
				}
			}
			if 2*same > n {
				agree++
			}
			if !isSea(h) {
				land++
				if same == 0 {
					lone++
				}
			}
		}
		if agree*100 < len(m.Terrain)*90 {
			t.Errorf("seed %d: only %d of %d hexes agree with most neighbours on land or sea", seed, agree, len(m.Terrain))
		}
		if lone*100 > land {
			t.Errorf("seed %d: %d lone one-hex islands among %d land hexes", seed, lone, land)
		}
		// The edge is sea: continents, not a map cut off at the frame.
		edgeSea, edge := 0, 0
		for _, h := range m.Rect().All() {
			o := h.Offset()
			if o.Col == 0 || o.Row == 0 || o.Col == m.Width-1 || o.Row == m.Height-1 {
				edge++
				if isSea(h) {
					edgeSea++
				}
			}
		}
		if edgeSea*100 < edge*80 {
			t.Errorf("seed %d: only %d of %d edge hexes are sea", seed, edgeSea, edge)
		}
	}
}

func TestGenerateRejectsBadConfigs(t *testing.T) {
	rs := ruleset(t)
	good := rs.MapConfig(1, 64, 48, 4)
	noCity := good
	noCity.Terrain = slices.Clone(good.Terrain)
	for i := range noCity.Terrain {
		noCity.Terrain[i].City = false
	}
	badShares := good
	badShares.Terrain = slices.Clone(good.Terrain)
	badShares.Terrain[0].MapGen.ShareMille += 10
	tests := []struct {
		name string
		have mapgen.Config
		want string // in the error
	}{
		{"too narrow", rs.MapConfig(1, 15, 48, 2), "each side must be 16 to 512"},
		{"too large", rs.MapConfig(1, 64, 513, 2), "each side must be 16 to 512"},
		{"one player", rs.MapConfig(1, 64, 48, 1), "players 1: must be 2 to 16"},
		{"seventeen players", rs.MapConfig(1, 64, 48, 17), "players 17: must be 2 to 16"},
		{"too many for the size", rs.MapConfig(1, 16, 16, 6), "holds at most 2 players, asked for 6"},
		{"no city terrain", noCity, "takes cities"},
		{"shares off", badShares, "must sum to 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mapgen.Generate(tt.have)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Generate error = %v, want one containing %q", err, tt.want)
			}
		})
	}
	if _, err := mapgen.Generate(rs.MapConfig(1, 16, 16, 6)); !errors.Is(err, mapgen.ErrTooSmall) {
		t.Errorf("too many players: error %v does not wrap ErrTooSmall", err)
	}
}

func TestMaxPlayersFor(t *testing.T) {
	tests := []struct {
		w, h int
		want int
	}{
		{16, 16, 2},
		{32, 32, 8},
		{64, 48, 16},
		{256, 256, 16},
	}
	for _, tt := range tests {
		if have := mapgen.MaxPlayersFor(tt.w, tt.h); have != tt.want {
			t.Errorf("MaxPlayersFor(%d, %d) = %d, want %d", tt.w, tt.h, have, tt.want)
		}
	}
	// Every size and player count the limit allows can be generated.
	rs := ruleset(t)
	for _, size := range [][2]int{{16, 16}, {20, 16}, {24, 24}, {32, 32}} {
		n := mapgen.MaxPlayersFor(size[0], size[1])
		for _, seed := range []uint64{1, 2, 3, 4, 5, 6} {
			if _, err := mapgen.Generate(rs.MapConfig(seed, size[0], size[1], n)); err != nil {
				t.Errorf("%dx%d with %d players, seed %d: %v", size[0], size[1], n, seed, err)
			}
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	rs := ruleset(b)
	for _, bb := range []struct{ w, h, players int }{{64, 48, 6}, {128, 128, 8}, {256, 256, 16}} {
		b.Run(fmt.Sprintf("%dx%d/%dp", bb.w, bb.h, bb.players), func(b *testing.B) {
			cfg := rs.MapConfig(7, bb.w, bb.h, bb.players)
			for b.Loop() {
				if _, err := mapgen.Generate(cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
