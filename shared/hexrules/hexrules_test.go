package hexrules

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
	"empires/shared/rulesfile"
)

// testData is a ruleset's data file cut down to what the kit checks.
type testData struct {
	ID       string                 `toml:"id"`
	Name     string                 `toml:"name"`
	Currency string                 `toml:"currency"`
	Terrain  rulesfile.TerrainTable `toml:"terrain"`
	Units    []string               `toml:"units"`

	// Resolved is set by Resolve.
	Resolved bool `toml:"-"`
}

func (d *testData) Validate() error {
	var c rulesfile.Checker
	terrainOK := CheckHeader(&c, d.ID, d.Name, d.Currency, d.Terrain)
	if terrainOK {
		c.Check(len(CheckCityTerrain(&c, d.Terrain)) > 0, "terrain", "at least one terrain must have city = true")
	}
	seen := map[string]int{}
	for i, id := range d.Units {
		CheckID(&c, fmt.Sprintf("units[%d]", i), "unit", id, i, seen)
	}
	return c.Err()
}

func (d *testData) Resolve() { d.Resolved = true }

const terrainTOML = `
[[terrain]]
id = "plains"
name = "Plains"
color = "#9ccc65"
glyph = "."
city = true
army = true
naval = false
mapgen = { layer = "lowland", share_mille = 700 }

[[terrain]]
id = "ocean"
name = "Ocean"
color = "#2f6db5"
glyph = "~"
city = false
army = false
naval = true
mapgen = { layer = "sea", share_mille = 300 }
`

const goodTOML = `id = "test"
name = "Test"
currency = "coins"
units = ["foot", "horse"]
` + terrainTOML

// testTerrain is the terrain table of goodTOML.
func testTerrain(t *testing.T) rulesfile.TerrainTable {
	t.Helper()
	d, err := Parse[testData]("test.toml", []byte(goodTOML))
	if err != nil {
		t.Fatal(err)
	}
	return d.Terrain
}

// TestLoad: Load and Parse decode, validate and resolve a good file, and
// refuse a bad one with an error that names the file and the key (or the
// line), resolving nothing.
func TestLoad(t *testing.T) {
	for _, tt := range []struct {
		name string
		text string
		want []string // in the error; none for a good file
	}{
		{"good", goodTOML, nil},
		{"syntax", "id = \n" + goodTOML, []string{"test.toml:1:", "TOML syntax error"}},
		{"missing key", strings.Replace(goodTOML, `currency = "coins"`, "", 1), []string{"test.toml", `key "currency"`, "missing required key"}},
		{"bad id", strings.Replace(goodTOML, `id = "test"`, `id = "Test"`, 1), []string{"test.toml", `key "id"`, "lowercase identifier"}},
		{"duplicate unit", strings.Replace(goodTOML, `"horse"`, `"foot"`, 1), []string{`key "units[1]"`, `duplicate unit id "foot" (also unit[0])`}},
		{"city where no army goes", strings.Replace(goodTOML, "city = false", "city = true", 1),
			[]string{`key "terrain[1].army"`, `must be true: terrain "ocean" takes cities`}},
		{"no city terrain", strings.Replace(goodTOML, "city = true", "city = false", 1),
			[]string{`key "terrain"`, "at least one terrain must have city = true"}},
		{"bad terrain table", strings.Replace(goodTOML, "share_mille = 300", "share_mille = 200", 1),
			[]string{`key "terrain"`, "must sum to 1000"}},
	} {
		fsys := fstest.MapFS{"test.toml": {Data: []byte(tt.text)}}
		loaded, loadErr := Load[testData](fsys, "test.toml")
		parsed, parseErr := Parse[testData]("test.toml", []byte(tt.text))
		for _, have := range []struct {
			how string
			d   *testData
			err error
		}{{"Load", loaded, loadErr}, {"Parse", parsed, parseErr}} {
			if tt.want == nil {
				if have.err != nil || have.d == nil || !have.d.Resolved || have.d.ID != "test" {
					t.Errorf("%s: %s = %+v, %v; want it resolved", tt.name, have.how, have.d, have.err)
				}
				continue
			}
			if have.err == nil || have.d != nil {
				t.Errorf("%s: %s = %+v, %v; want an error", tt.name, have.how, have.d, have.err)
				continue
			}
			for _, w := range tt.want {
				if !strings.Contains(have.err.Error(), w) {
					t.Errorf("%s: %s error %q, want %q in it", tt.name, have.how, have.err, w)
				}
			}
		}
	}
	if _, err := Load[testData](fstest.MapFS{}, "test.toml"); err == nil || !strings.Contains(err.Error(), "test.toml") {
		t.Errorf("no file: error %v, want one naming test.toml", err)
	}
}

// TestOpen: Open hands the rules source to load and load's data to play,
// and stops at the first error.
func TestOpen(t *testing.T) {
	loadErr := errors.New("bad file")
	count := func(fsys fs.FS) (int, error) {
		files, err := fs.Glob(fsys, "*.toml")
		return len(files), err
	}
	for _, tt := range []struct {
		name string
		dir  string
		load func(fs.FS) (int, error)
		want string // in the error, "" for none
	}{
		{"built-in files", "", count, ""},
		{"no such mod", "/no/such/mod", count, "/no/such/mod"},
		{"load fails", "", func(fs.FS) (int, error) { return 0, loadErr }, "bad file"},
	} {
		have, err := Open(tt.dir, tt.load, func(n int) string { return strings.Repeat("x", n) })
		if tt.want == "" {
			if err != nil || have == "" {
				t.Errorf("%s: Open = %q, %v; want one x a built-in file", tt.name, have, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || have != "" {
			t.Errorf("%s: Open = %q, %v; want an error with %q", tt.name, have, err, tt.want)
		}
	}
}

// TestCheckTerrainID: a known terrain id is its index; an unknown one is
// refused at its key with the list of the known.
func TestCheckTerrainID(t *testing.T) {
	terrain := testTerrain(t)
	for _, tt := range []struct {
		id      string
		wantT   rulesfile.TerrainID
		wantOK  bool
		wantErr string
	}{
		{"plains", 0, true, ""},
		{"ocean", 1, true, ""},
		{"forest", 0, false, `test.toml: key "x.terrain": unknown terrain id "forest" (known: "plains", "ocean")`},
	} {
		var c rulesfile.Checker
		haveT, haveOK := CheckTerrainID(&c, "x.terrain", tt.id, terrain)
		haveErr := ""
		if err := c.Err(); err != nil {
			var fe *rulesfile.FieldError
			if errors.As(err, &fe) {
				fe.File = "test.toml"
			}
			haveErr = err.Error()
		}
		if haveOK != tt.wantOK || (haveOK && haveT != tt.wantT) || haveErr != tt.wantErr {
			t.Errorf("%s: %d, %v, %q; want %d, %v, %q", tt.id, haveT, haveOK, haveErr, tt.wantT, tt.wantOK, tt.wantErr)
		}
	}
}

// TestQuote lists ids for messages.
func TestQuote(t *testing.T) {
	for _, tt := range []struct {
		have []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, `"a"`},
		{[]string{"a", "b c"}, `"a", "b c"`},
	} {
		if have := Quote(tt.have); have != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.have, have, tt.want)
		}
	}
}

// TestMapConfig: the ruleset's part of the settings is kept, the game's
// is set, and the terrains every start needs are sorted without repeats.
func TestMapConfig(t *testing.T) {
	terrain := testTerrain(t)
	for _, tt := range []struct {
		name string
		need []rulesfile.TerrainID
		want []rulesfile.TerrainID
	}{
		{"none", nil, nil},
		{"sorted", []rulesfile.TerrainID{1, 0}, []rulesfile.TerrainID{0, 1}},
		{"repeats", []rulesfile.TerrainID{1, 0, 1, 1}, []rulesfile.TerrainID{0, 1}},
	} {
		need := slices.Clone(tt.need)
		have := MapConfig(7, 30, 20, 3, mapgen.Config{Seed: 99, Width: 1, Terrain: terrain, Cities: 2, CitySpacing: 3, Resources: need})
		want := mapgen.Config{Seed: 7, Width: 30, Height: 20, Players: 3, Terrain: terrain, Cities: 2, CitySpacing: 3}
		if have.Seed != want.Seed || have.Width != want.Width || have.Height != want.Height || have.Players != want.Players ||
			have.Cities != want.Cities || have.CitySpacing != want.CitySpacing || len(have.Terrain) != len(terrain) {
			t.Errorf("%s: MapConfig = %+v, want %+v", tt.name, have, want)
		}
		if !slices.Equal(have.Resources, tt.want) {
			t.Errorf("%s: Resources %v, want %v", tt.name, have.Resources, tt.want)
		}
		if !slices.Equal(need, tt.need) {
			t.Errorf("%s: the ruleset's list changed to %v", tt.name, need)
		}
	}
}

// testRules is a ruleset that sees one hex around each city and army.
type testRules struct {
	game.Ruleset
	terrain rulesfile.TerrainTable
}

func (r *testRules) ID() string                                      { return "test" }
func (r *testRules) Terrain() rulesfile.TerrainTable                 { return r.terrain }
func (r *testRules) Sight(*game.State, *game.Army) int               { return 1 }
func (r *testRules) CitySight(*game.State, *game.City) int           { return 1 }
func (r *testRules) ExtraSight(*game.State, game.PlayerID) []hex.Hex { return nil }

// TestStart: a new game has the generator's map, every player's treasury
// and counters, the cities Place puts on each start, and what the cities
// see recorded; a map the generator cannot make is an error naming the
// ruleset.
func TestStart(t *testing.T) {
	r := &testRules{terrain: testTerrain(t)}
	place := func(s *game.State, owner game.PlayerID, st mapgen.Start) {
		s.AddCity(game.City{Owner: owner, Hex: st.Capital, Level: 2, Capital: true})
		for _, h := range st.Cities {
			s.AddCity(game.City{Owner: owner, Hex: h, Level: 1})
		}
	}
	cfg := func(w, h, players int) mapgen.Config {
		return MapConfig(5, w, h, players, mapgen.Config{Terrain: r.terrain, Cities: 1, CitySpacing: 2})
	}
	for _, tt := range []struct {
		name       string
		place      func(*game.State, game.PlayerID, mapgen.Start)
		cfg        mapgen.Config
		wantCities int
		wantErr    string
	}{
		{"two players", place, cfg(24, 24, 2), 4, ""},
		{"three players", place, cfg(32, 32, 3), 6, ""},
		{"no Place", nil, cfg(24, 24, 2), 0, ""},
		{"map too small", place, cfg(16, 16, 6), 0, "new test game: "},
	} {
		st := Start{Rules: r, Treasury: 40, Stock: 3, Place: tt.place}
		s, err := st.NewGame(tt.cfg, []string{"Ann"})
		if tt.wantErr != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) || s != nil {
				t.Errorf("%s: NewGame = %v, %v; want an error starting %q", tt.name, s, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(s.Players) != tt.cfg.Players || s.Players[0].Name != "Ann" || s.Players[1].Name != "Player 2" {
			t.Errorf("%s: players %+v", tt.name, s.Players)
		}
		for _, p := range s.Players {
			if p.Treasury != 40 || !slices.Equal(p.Stock, []int32{0, 0, 0}) {
				t.Errorf("%s: player %d has %d and counters %v, want 40 and [0 0 0]", tt.name, p.ID, p.Treasury, p.Stock)
			}
		}
		if len(s.Cities) != tt.wantCities {
			t.Errorf("%s: %d cities, want %d", tt.name, len(s.Cities), tt.wantCities)
		}
		for _, c := range s.Cities {
			if !s.Memory[c.Owner-1].Visible.Has(s.Map.Rect().Index(c.Hex)) {
				t.Errorf("%s: player %d does not see its city on %v", tt.name, c.Owner, c.Hex)
			}
		}
		if s.Ruleset != "test" || s.Seed != 5 {
			t.Errorf("%s: ruleset %q, seed %d; want test, 5", tt.name, s.Ruleset, s.Seed)
		}
	}
}

// TestNewGameOn: a game on a given map has the players, their treasuries
// and counters, and nothing on the map.
func TestNewGameOn(t *testing.T) {
	r := &testRules{terrain: testTerrain(t)}
	m := hexmap.New(16, 16, 0)
	s := Start{Rules: r, Treasury: 7, Stock: 2}.NewGameOn(m, 3, 2, nil)
	if s.Map != m || len(s.Players) != 2 || len(s.Cities)+len(s.Armies) != 0 {
		t.Fatalf("NewGameOn: map %p (want %p), %d players, %d cities, %d armies", s.Map, m, len(s.Players), len(s.Cities), len(s.Armies))
	}
	for _, p := range s.Players {
		if p.Treasury != 7 || len(p.Stock) != 2 {
			t.Errorf("player %d: %d and %v, want 7 and 2 counters", p.ID, p.Treasury, p.Stock)
		}
	}
}

// TestStock: a counter past the end of a short Stock reads 0, and setting
// it grows Stock to the ruleset's length.
func TestStock(t *testing.T) {
	for _, tt := range []struct {
		name  string
		stock []int32
		k     int
		v     int32
		want  []int32
	}{
		{"empty", nil, 1, 5, []int32{0, 5, 0}},
		{"short", []int32{4}, 2, 6, []int32{4, 0, 6}},
		{"full", []int32{1, 2, 3}, 0, 9, []int32{9, 2, 3}},
	} {
		p := &game.Player{Stock: slices.Clone(tt.stock)}
		if have := Stock(p, tt.k); have != 0 && tt.k >= len(tt.stock) {
			t.Errorf("%s: Stock(%d) = %d, want 0", tt.name, tt.k, have)
		}
		SetStock(p, tt.k, tt.v, 3)
		if !slices.Equal(p.Stock, tt.want) || Stock(p, tt.k) != tt.v {
			t.Errorf("%s: after SetStock(%d, %d): %v, want %v", tt.name, tt.k, tt.v, p.Stock, tt.want)
		}
	}
}

// TestPlayerStock: a player's counter, 0 for a player who is not in the
// game or a counter past its Stock.
func TestPlayerStock(t *testing.T) {
	s := &game.State{Players: []game.Player{{ID: 1, Stock: []int32{3, 4}}, {ID: 2}}}
	for _, tt := range []struct {
		p    game.PlayerID
		k    int
		want int32
	}{
		{1, 0, 3},
		{1, 1, 4},
		{1, 2, 0},
		{2, 0, 0},
		{3, 0, 0},
		{0, 0, 0},
	} {
		if have := PlayerStock(s, tt.p, tt.k); have != tt.want {
			t.Errorf("PlayerStock(player %d, %d) = %d, want %d", tt.p, tt.k, have, tt.want)
		}
	}
}

// TestImportsNoRuleset: the kit is below the rulesets and the AI, and
// above nothing of the server or the client.
func TestImportsNoRuleset(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		for _, above := range []string{"empires/shared/rules/erfworld", "empires/shared/rules/erfpires", "empires/shared/rules/empire",
			"empires/shared/rules/duel", "empires/shared/registry", "empires/server", "empires/client"} {
			if imp == above || strings.HasPrefix(imp, above+"/") {
				t.Errorf("hexrules imports %s", imp)
			}
		}
	}
}
