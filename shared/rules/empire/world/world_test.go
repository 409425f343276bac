package world_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/rules/empire/world"
)

// testGame is game data with the map numbers Generate reads.
func testGame() *dat.Game {
	return &dat.Game{Towns: 3, Cities: 1, LandPercent: 40}
}

func generate(t *testing.T, g grid.Grid, game *dat.Game, players int, seed uint64) *world.Map {
	t.Helper()
	m, err := world.Generate(g, game, players, seed)
	if err != nil {
		t.Fatalf("Generate(%v %dx%d, %d players, seed %d): %v", g.Shape, g.Width, g.Height, players, seed, err)
	}
	return m
}

// landCost lets land units walk: every step onto land costs 1, sea is
// barred.
func landCost(m *world.Map) grid.CostFunc {
	return func(_, to grid.Pos) (int, bool) { return 1, m.At(to).Land() }
}

func isqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

func TestGenerateIsDeterministic(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		g := grid.New(shape, 48, 40)
		a := generate(t, g, testGame(), 5, 42)
		b := generate(t, g, testGame(), 5, 42)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%v: seed 42 gave two maps:\n%s\n%s", shape, a.Format(), b.Format())
		}
		c := generate(t, g, testGame(), 5, 43)
		if a.Format() == c.Format() {
			t.Errorf("%v: seeds 42 and 43 gave the same map", shape)
		}
	}
}

// TestGeneratedMaps checks every promise of Generate on maps of both
// shapes, from the smallest to the largest, for several seeds each.
func TestGeneratedMaps(t *testing.T) {
	tests := []struct {
		w, h, players int
		game          dat.Game
	}{
		{16, 16, 2, dat.Game{Towns: 3, Cities: 1, LandPercent: 40}},
		{16, 16, 4, dat.Game{Towns: 3, Cities: 1, LandPercent: 40}},
		{16, 16, 4, dat.Game{Towns: 4, Cities: 2, LandPercent: 10}}, // more land than map.land
		{24, 16, 3, dat.Game{Towns: 2, Cities: 2, LandPercent: 30}},
		{32, 32, 6, dat.Game{Towns: 4, Cities: 1, LandPercent: 50}},
		{64, 48, 8, dat.Game{Towns: 3, Cities: 1, LandPercent: 40}},
		{100, 60, 5, dat.Game{Towns: 6, Cities: 3, LandPercent: 25}},
		{16, 200, 7, dat.Game{Towns: 2, Cities: 1, LandPercent: 40}},
		{256, 256, 8, dat.Game{Towns: 5, Cities: 2, LandPercent: 35}},
		{40, 40, 2, dat.Game{Towns: 0, Cities: 0, LandPercent: 40}},
		{40, 40, 3, dat.Game{Towns: 2, Cities: 0, LandPercent: 100}},
	}
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for _, tt := range tests {
			seeds := 6
			if tt.w*tt.h > 10000 {
				seeds = 2
			}
			for seed := range uint64(seeds) {
				name := fmt.Sprintf("%v/%dx%d/%d/seed%d", shape, tt.w, tt.h, tt.players, seed)
				t.Run(name, func(t *testing.T) {
					g := grid.New(shape, tt.w, tt.h)
					m := generate(t, g, &tt.game, tt.players, seed)
					checkMap(t, m, g, &tt.game, tt.players)
				})
			}
		}
	}
}

// checkMap checks m, drawn by Generate on g for players players.
func checkMap(t *testing.T, m *world.Map, g grid.Grid, game *dat.Game, players int) {
	t.Helper()
	if m.Grid != g || len(m.Terrain) != g.Len() {
		t.Fatalf("map of %+v with %d cells, want %+v with %d", m.Grid, len(m.Terrain), g, g.Len())
	}
	if !slices.IsSortedFunc(m.Settlements, func(a, b world.Settlement) int {
		if a.Pos.Y != b.Pos.Y {
			return a.Pos.Y - b.Pos.Y
		}
		return a.Pos.X - b.Pos.X
	}) {
		t.Errorf("settlements not sorted by Y then X: %v", m.Settlements)
	}

	// "every settlement works like plains": each stands on plains, on
	// the map, with no other settlement on or next to its cell.
	var towns, cities, coastal int
	for i, s := range m.Settlements {
		if !g.Contains(s.Pos) {
			t.Fatalf("settlement %+v off the map", s)
		}
		if have := m.At(s.Pos); have != dat.Plains {
			t.Errorf("settlement %+v stands on terrain %d, want plains", s, have)
		}
		for _, o := range m.Settlements[i+1:] {
			if g.Distance(s.Pos, o.Pos) < 2 {
				t.Errorf("settlements at %v and %v are adjacent", s.Pos, o.Pos)
			}
		}
		if s.Owner != 0 {
			continue
		}
		if s.City {
			cities++
		} else {
			towns++
		}
		for _, q := range g.Neighbours(nil, s.Pos) {
			if m.At(q) == dat.Sea {
				coastal++
				break
			}
		}
	}
	if have, want := cities, game.Cities*players; have != want {
		t.Errorf("%d neutral cities, want %d (%d a player)", have, want, game.Cities)
	}
	if have, want := towns, game.Towns*players; have != want {
		t.Errorf("%d neutral towns, want %d (%d a player)", have, want, game.Towns)
	}
	// "no sea units, if not adjacent to a sea square": some neutral
	// settlements stand on the coast so that sea units can be built.
	if neutral := towns + cities; coastal*3 < neutral {
		t.Errorf("only %d of %d neutral settlements next to the sea", coastal, neutral)
	}

	// Each player has one start city.
	starts := m.Starts()
	if len(starts) != players {
		t.Fatalf("starts %v, want %d", starts, players)
	}
	owners := make([]int, players+1)
	for _, s := range m.Settlements {
		if s.Owner != 0 {
			if int(s.Owner) > players || !s.City {
				t.Errorf("start %+v: want a city of a player 1 to %d", s, players)
				continue
			}
			owners[s.Owner]++
		}
	}
	for p := 1; p <= players; p++ {
		if owners[p] != 1 {
			t.Errorf("player %d has %d starts, want 1", p, owners[p])
		}
	}

	// Every start can reach every other by land.
	dist := g.Distances(starts[:1], landCost(m), 0)
	landmass := 0
	for _, d := range dist {
		if d >= 0 {
			landmass++
		}
	}
	for p, s := range starts {
		if dist[g.Index(s)] < 0 {
			t.Errorf("player %d's start %v cannot reach player 1's %v by land", p+1, s, starts[0])
		}
	}

	// CHOICE: starts are at least 4 steps apart, and on larger landmasses
	// half the side of a square of the landmass's cells per player.
	want := max(4, isqrt(landmass/players)/2)
	for i := range starts {
		for j := i + 1; j < len(starts); j++ {
			if d := g.Distance(starts[i], starts[j]); d < want {
				t.Errorf("starts of players %d and %d %d apart, want at least %d", i+1, j+1, d, want)
			}
		}
	}

	// The land is about game.LandPercent % of the map, more if the
	// settlements need it, but at most 90 %; some of it forest and
	// mountains.
	var count [dat.NumTerrains]int
	for _, tr := range m.Terrain {
		count[tr]++
	}
	land := g.Len() - count[dat.Sea]
	if low, high := g.Len()*min(game.LandPercent, 90)/100, g.Len()*90/100; land < low || land > high {
		t.Errorf("%d cells of land of %d, want %d to %d", land, g.Len(), low, high)
	}
	if g.Len() >= 1024 && (count[dat.Forest] == 0 || count[dat.Mountain] == 0) {
		t.Errorf("terrain counts %v: want forests and mountains", count)
	}
}

// TestGenerateLandPercent: with room to spare, the land is game.LandPercent
// % of the map, to the cell.
func TestGenerateLandPercent(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		for _, percent := range []int{20, 40, 65} {
			g := grid.New(shape, 80, 50)
			m := generate(t, g, &dat.Game{Towns: 2, Cities: 1, LandPercent: percent}, 3, 9)
			land := 0
			for _, tr := range m.Terrain {
				if tr.Land() {
					land++
				}
			}
			if want := g.Len() * percent / 100; land != want {
				t.Errorf("%v, map.land %d: %d cells of land, want %d", shape, percent, land, want)
			}
		}
	}
}

func TestMaxPlayers(t *testing.T) {
	tests := []struct {
		w, h int
		want int
	}{
		{16, 16, 4},
		{16, 20, 5},
		{20, 20, 6},
		{16, 32, 8},
		{24, 24, 8},
		{256, 256, 8},
		{8, 8, 1},
		{0, 16, 0},
		{16, -1, 0},
	}
	for _, tt := range tests {
		if have := world.MaxPlayers(tt.w, tt.h); have != tt.want {
			t.Errorf("MaxPlayers(%d, %d) = %d, want %d", tt.w, tt.h, have, tt.want)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	ok := testGame()
	tests := []struct {
		name    string
		g       grid.Grid
		game    *dat.Game
		players int
		want    string // a part of the error
	}{
		{"too many players for 16x16", grid.New(grid.Square, 16, 16), ok, 5, "a 16x16 map holds at most 4 players, not 5"},
		{"too many players for 16x20 hexes", grid.New(grid.Hex, 16, 20), ok, 6, "a 16x20 map holds at most 5 players, not 6"},
		{"too narrow", grid.New(grid.Square, 15, 64), ok, 2, "sides must be 16 to 256"},
		{"too large", grid.New(grid.Hex, 257, 64), ok, 2, "sides must be 16 to 256"},
		{"empty", grid.Grid{}, ok, 2, "sides must be 16 to 256"},
		{"one player", grid.New(grid.Square, 32, 32), ok, 1, "players must be 2 to 8"},
		{"nine players", grid.New(grid.Square, 64, 64), ok, 9, "players must be 2 to 8"},
		{"no game", grid.New(grid.Square, 32, 32), nil, 2, "no game data"},
		{"unknown shape", grid.New(grid.Shape(5), 32, 32), ok, 2, "unknown shape 5"},
		{"negative towns", grid.New(grid.Square, 32, 32), &dat.Game{Towns: -1, LandPercent: 40}, 2, "must not be negative"},
		{"no land", grid.New(grid.Square, 32, 32), &dat.Game{Towns: 1, LandPercent: 0}, 2, "map.land 0 must be 1 to 100"},
		{"more than all land", grid.New(grid.Square, 32, 32), &dat.Game{Towns: 1, LandPercent: 101}, 2, "map.land 101 must be 1 to 100"},
		{"too many settlements", grid.New(grid.Hex, 16, 16), &dat.Game{Towns: 10, Cities: 5, LandPercent: 40}, 4, "no room for 64 settlements"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := world.Generate(tt.g, tt.game, tt.players, 1)
			if err == nil {
				t.Fatalf("Generate = map\n%s\nwant an error", m.Format())
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Generate error %q, want it to say %q", err, tt.want)
			}
		})
	}
}

// TestTooSmallError: a map too small for its players says so with a
// *TooSmallError.
func TestTooSmallError(t *testing.T) {
	_, err := world.Generate(grid.New(grid.Hex, 16, 16), testGame(), 6, 1)
	var small *world.TooSmallError
	if !errors.As(err, &small) {
		t.Fatalf("Generate error %v, want a *TooSmallError", err)
	}
	want := world.TooSmallError{Width: 16, Height: 16, Players: 6, Max: 4}
	if *small != want {
		t.Errorf("TooSmallError %+v, want %+v", *small, want)
	}
	if _, err := world.Generate(grid.New(grid.Hex, 16, 16), testGame(), 4, 1); err != nil {
		t.Errorf("16x16 hexes for MaxPlayers(16, 16) = 4 players: %v", err)
	}
}

// TestGenerateIslands checks GenerateIslands' promises on maps of both
// shapes for 2 to 8 players and several seeds: every player has its start
// city, the neutral settlements are all there, no settlement touches
// another, and no start reaches another by land.
func TestGenerateIslands(t *testing.T) {
	game := testGame()
	for _, tt := range []struct {
		shape   grid.Shape
		w, h    int
		players int
	}{
		{grid.Square, 40, 30, 2}, {grid.Square, 40, 30, 4}, {grid.Square, 64, 32, 4},
		{grid.Hex, 40, 30, 3}, {grid.Square, 64, 64, 8},
	} {
		for seed := uint64(1); seed <= 4; seed++ {
			name := fmt.Sprintf("%v %dx%d %d players seed %d", tt.shape, tt.w, tt.h, tt.players, seed)
			g := grid.New(tt.shape, tt.w, tt.h)
			m, err := world.GenerateIslands(g, game, tt.players, seed)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var starts []grid.Pos
			for _, s := range m.Settlements {
				if s.Owner > 0 {
					starts = append(starts, s.Pos)
				}
			}
			if want := tt.players * (1 + game.Towns + game.Cities); len(starts) != tt.players || len(m.Settlements) != want {
				t.Errorf("%s: %d starts and %d settlements, want %d and %d", name, len(starts), len(m.Settlements), tt.players, want)
			}
			for i, a := range m.Settlements {
				for _, b := range m.Settlements[i+1:] {
					if g.Distance(a.Pos, b.Pos) <= 1 {
						t.Errorf("%s: settlements on %v and %v touch", name, a.Pos, b.Pos)
					}
				}
			}
			for i, a := range starts {
				for _, b := range starts[i+1:] {
					if _, _, ok := g.Path(a, b, landCost(m), 0); ok {
						t.Errorf("%s: the starts on %v and %v are joined by land:\n%s", name, a, b, m.Format())
					}
				}
			}
		}
	}
}
