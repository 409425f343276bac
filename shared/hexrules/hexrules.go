// Package hexrules is the kit that the rulesets on the hex engine
// (shared/game, shared/hexgame, shared/hexmap, shared/mapgen) share: the
// loading of a data file (decode, validate, resolve the string ids), the
// checks every such file needs (its name, its terrain table, its lists of
// ids), the map generator's settings and the start of a new game.
//
// It stands above the engine and below the rulesets: it imports the
// engine and the data-file decoding (shared/rulesfile), never a ruleset. A
// ruleset keeps what is its own (its keys, its numbers, how a player
// starts) and calls the kit for the rest, so two rulesets cannot drift
// apart where they mean the same.
package hexrules

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
	"empires/shared/rulesfile"
)

// Data is a ruleset's data file in Go: Validate checks its cross-field
// rules (see rulesfile.Validator) and Resolve, called only on valid data,
// fills the fields derived from its string ids.
type Data interface {
	rulesfile.Validator
	Resolve()
}

// Load decodes file from fsys strictly into a new D (see rulesfile.Decode),
// validates it and resolves it. Every error names the file and the key
// (and the line, for syntax errors).
func Load[D any, P interface {
	*D
	Data
}](fsys fs.FS, file string) (P, error) {
	d := P(new(D))
	if err := rulesfile.Decode(fsys, file, d); err != nil {
		return nil, err
	}
	d.Resolve()
	return d, nil
}

// Parse is Load for the bytes of file already in memory.
func Parse[D any, P interface {
	*D
	Data
}](file string, data []byte) (P, error) {
	d := P(new(D))
	if err := rulesfile.DecodeBytes(file, data, d); err != nil {
		return nil, err
	}
	d.Resolve()
	return d, nil
}

// Open returns the rules a server or a client plays: the data that load
// reads from the built-in files, with the mod in directory dir replacing
// them if dir is not empty (see rulesfile.OpenSource), made rules by play.
func Open[D, R any](dir string, load func(fs.FS) (D, error), play func(D) R) (R, error) {
	var none R
	fsys, err := rulesfile.OpenSource(dir)
	if err != nil {
		return none, err
	}
	d, err := load(fsys)
	if err != nil {
		return none, err
	}
	return play(d), nil
}

// CheckHeader checks the keys every ruleset file starts with: id (a
// lowercase identifier), name and currency (not empty), and the terrain
// table (see rulesfile.TerrainTable.Validate). It reports whether the terrain
// table is valid, so that checks of terrain ids elsewhere in the file run
// only against a table that can be trusted.
func CheckHeader(c *rulesfile.Checker, id, name, currency string, terrain rulesfile.TerrainTable) (terrainOK bool) {
	c.Check(rulesfile.IsID(id), "id", "must be a lowercase identifier, got %q", id)
	c.NotEmpty("name", name)
	c.NotEmpty("currency", currency)
	err := terrain.Validate()
	c.Include(err)
	return err == nil
}

// CheckCityTerrain checks that every terrain that takes cities is one an
// army may enter (armies found cities), and returns the indexes of those
// terrains, for the ruleset to check how many it wants.
func CheckCityTerrain(c *rulesfile.Checker, terrain rulesfile.TerrainTable) []int {
	var cities []int
	for i, t := range terrain {
		if t.City {
			cities = append(cities, i)
			c.Check(t.Army, fmt.Sprintf("terrain[%d].army", i),
				"must be true: terrain %q takes cities, which are founded by an army", t.ID)
		}
	}
	return cities
}

// CheckID checks entry i of a list of what ("unit", "structure") whose
// key is key (as "unit[3].id"): its id must be a lowercase identifier and
// not one an earlier entry has; seen holds the earlier ones' ids and
// indexes, and CheckID adds this one. It reports whether the id is good.
func CheckID(c *rulesfile.Checker, key, what, id string, i int, seen map[string]int) bool {
	if !c.Check(rulesfile.IsID(id), key, "must be a lowercase identifier (a-z, 0-9, _ or -, starting with a letter), got %q", id) {
		return false
	}
	if j, dup := seen[id]; dup {
		c.Add(key, "duplicate %s id %q (also %s[%d])", what, id, what, j)
		return false
	}
	seen[id] = i
	return true
}

// CheckTerrainID checks that id, at key, names a terrain of the table
// (which must be valid), and returns it.
func CheckTerrainID(c *rulesfile.Checker, key, id string, terrain rulesfile.TerrainTable) (rulesfile.TerrainID, bool) {
	t, found := terrain.Lookup(id)
	return t, c.Check(found, key, "unknown terrain id %q (known: %s)", id, TerrainIDs(terrain))
}

// TerrainIDs lists the ids of the terrain table, quoted, for messages.
func TerrainIDs(terrain rulesfile.TerrainTable) string {
	return Quote(IDs(terrain, func(t rulesfile.Terrain) string { return t.ID }))
}

// IDs returns the id of each entry of list, in order.
func IDs[T any](list []T, id func(T) string) []string {
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = id(e)
	}
	return out
}

// Quote lists ids quoted and separated by commas, for messages:
// `"a", "b"`.
func Quote(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	return strings.Join(q, ", ")
}

// MapConfig returns the map generator's settings for a game of players
// players on a width x height map made from seed, with the ruleset's own
// part of them in m: its Terrain, Cities (besides each capital),
// CitySpacing and Resources (the terrains every start must border, here
// sorted and rid of repeats). The other fields of m are ignored.
func MapConfig(seed uint64, width, height, players int, m mapgen.Config) mapgen.Config {
	need := slices.Clone(m.Resources)
	slices.Sort(need)
	return mapgen.Config{
		Seed:        seed,
		Width:       width,
		Height:      height,
		Players:     players,
		Terrain:     m.Terrain,
		Cities:      m.Cities,
		CitySpacing: m.CitySpacing,
		Resources:   slices.Compact(need),
	}
}

// Start is how a ruleset starts its games.
type Start struct {
	// Rules are the rules the game plays with.
	Rules game.Ruleset
	// Treasury is every player's money on turn 1.
	Treasury int64
	// Stock is the length of every player's Stock (the ruleset's
	// per-player counters, all 0 on turn 1).
	Stock int
	// Place puts player owner's cities (and armies, if any) on the hexes
	// the map generator chose for it: start.Capital and start.Cities. Nil
	// places nothing.
	Place func(s *game.State, owner game.PlayerID, start mapgen.Start)
}

// NewGame starts a game on the map the generator makes from cfg, for
// cfg.Players players named names (missing names become "Player N"):
// each player placed by st.Place, and what they see recorded.
func (st Start) NewGame(cfg mapgen.Config, names []string) (*game.State, error) {
	res, err := mapgen.Generate(cfg)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", st.Rules.ID(), err)
	}
	s := st.NewGameOn(res.Map, cfg.Seed, cfg.Players, names)
	if st.Place != nil {
		for p, start := range res.Starts {
			st.Place(s, game.PlayerID(p+1), start)
		}
	}
	game.RecordVision(s, st.Rules)
	return s, nil
}

// NewGameOn starts a game on map m with no cities and no armies, every
// player's treasury and counters set: for tests and scenarios that place
// cities and armies themselves (then call game.RecordVision).
func (st Start) NewGameOn(m *hexmap.Map, seed uint64, players int, names []string) *game.State {
	s := game.New(game.Setup{Ruleset: st.Rules.ID(), Seed: seed, Map: m, Players: players, Names: names})
	for i := range s.Players {
		s.Players[i].Treasury = st.Treasury
		s.Players[i].Stock = make([]int32, st.Stock)
	}
	return s
}

// Stock returns player p's counter k, 0 if its Stock is shorter (a state
// saved before the counter existed).
func Stock(p *game.Player, k int) int32 {
	if k < len(p.Stock) {
		return p.Stock[k]
	}
	return 0
}

// PlayerStock returns the counter k of player p of s: 0 for no such
// player, or a Stock too short to have it.
func PlayerStock(s *game.State, p game.PlayerID, k int) int32 {
	pl := s.Player(p)
	if pl == nil {
		return 0
	}
	return Stock(pl, k)
}

// SetStock sets player p's counter k to v, first growing its Stock to n
// counters if it is shorter (n is the ruleset's number of counters, above
// k).
func SetStock(p *game.Player, k int, v int32, n int) {
	for len(p.Stock) < n {
		p.Stock = append(p.Stock, 0)
	}
	p.Stock[k] = v
}
