package rulesfile

import (
	"fmt"
	"strings"
)

// RGB is an opaque colour, written in ruleset files as "#rrggbb".
type RGB struct {
	R, G, B uint8
}

// UnmarshalText parses "#rrggbb" (hex digits in either case).
func (c *RGB) UnmarshalText(text []byte) error {
	s := string(text)
	if len(s) != 7 || s[0] != '#' {
		return fmt.Errorf(`colour must be written "#rrggbb" (six hex digits), got %q`, s)
	}
	var v [3]uint8
	for i := range v {
		hi, ok1 := hexDigit(s[1+2*i])
		lo, ok2 := hexDigit(s[2+2*i])
		if !ok1 || !ok2 {
			return fmt.Errorf(`colour must be written "#rrggbb" (six hex digits), got %q`, s)
		}
		v[i] = hi<<4 | lo
	}
	c.R, c.G, c.B = v[0], v[1], v[2]
	return nil
}

// MarshalText writes the colour as "#rrggbb".
func (c RGB) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// String returns the colour as "#rrggbb" in lower case.
func (c RGB) String() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func hexDigit(b byte) (uint8, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// Layer is the band of the map generator's elevation field a terrain is
// drawn from. Its zero value is invalid, so a terrain built in Go code
// without a layer fails validation.
type Layer uint8

// The map generator's layers, written "sea", "lowland" and "peak".
const (
	// LayerSea is the lowest elevation: the seas.
	LayerSea Layer = iota + 1
	// LayerLowland is the land between sea and peaks. Each lowland terrain
	// after the first listed is laid as patches of its own; the first takes
	// the rest.
	LayerLowland
	// LayerPeak is the highest land.
	LayerPeak
)

var layerNames = [...]string{LayerSea: "sea", LayerLowland: "lowland", LayerPeak: "peak"}

// String returns the layer's name as written in ruleset files.
func (l Layer) String() string {
	if l >= LayerSea && l <= LayerPeak {
		return layerNames[l]
	}
	return fmt.Sprintf("Layer(%d)", uint8(l))
}

// UnmarshalText parses "sea", "lowland" or "peak".
func (l *Layer) UnmarshalText(text []byte) error {
	for i := LayerSea; i <= LayerPeak; i++ {
		if string(text) == layerNames[i] {
			*l = i
			return nil
		}
	}
	return fmt.Errorf(`layer must be "sea", "lowland" or "peak", got %q`, string(text))
}

// MarshalText writes the layer's name.
func (l Layer) MarshalText() ([]byte, error) {
	if l < LayerSea || l > LayerPeak {
		return nil, fmt.Errorf("invalid layer %d", uint8(l))
	}
	return []byte(layerNames[l]), nil
}

// ShareTotal is what the map-generator shares of a terrain table add up to:
// shares are written in per-mille (thousandths of the map's hexes) so that
// the engine stays integer-only.
const ShareTotal = 1000

// MapGen tells the map generator how much of a map a terrain covers and
// where it lies.
type MapGen struct {
	// Layer is the elevation band the terrain is drawn from.
	Layer Layer `toml:"layer"`
	// ShareMille is the terrain's share of the map in per-mille, 0..1000;
	// the shares of a table sum to exactly ShareTotal.
	ShareMille int `toml:"share_mille"`
}

// Terrain is one entry of a ruleset's terrain table.
type Terrain struct {
	// ID is the lowercase identifier other tables refer to, e.g. "woods".
	ID string `toml:"id"`
	// Name is shown to players.
	Name string `toml:"name"`
	// Color is the hex's fill colour.
	Color RGB `toml:"color"`
	// Accent is an optional second colour drawn as a pattern over Color
	// (e.g. the brown spots of Grasslands); nil when the file has none.
	Accent *RGB `toml:"accent" rules:"optional"`
	// Glyph is the single printable ASCII character that stands for the
	// terrain in ASCII maps and tests.
	Glyph string `toml:"glyph"`
	// City tells whether cities may be built on this terrain.
	City bool `toml:"city"`
	// Army tells whether armies may enter this terrain.
	Army bool `toml:"army"`
	// Naval tells whether fleets move on this terrain.
	Naval bool `toml:"naval"`
	// MapGen places the terrain on generated maps.
	MapGen MapGen `toml:"mapgen"`
}

// TerrainID is a terrain's index in its ruleset's TerrainTable.
type TerrainID uint8

// NoTerrain stands for "no terrain"; it is never a valid table index, since a
// table holds at most MaxTerrains entries.
const NoTerrain TerrainID = 255

// MaxTerrains is the largest number of entries a TerrainTable may have.
const MaxTerrains = int(NoTerrain)

// TerrainTable is a ruleset's terrain types, indexed by TerrainID. In
// ruleset files it is the array of tables `[[terrain]]`, and its validation
// problems are reported under the key "terrain".
type TerrainTable []Terrain

// Lookup returns the TerrainID of the terrain with the given id.
func (t TerrainTable) Lookup(id string) (TerrainID, bool) {
	for i := range t {
		if t[i].ID == id && i < MaxTerrains {
			return TerrainID(i), true
		}
	}
	return NoTerrain, false
}

// ByGlyph returns the TerrainID of the terrain drawn with glyph g.
func (t TerrainTable) ByGlyph(g byte) (TerrainID, bool) {
	for i := range t {
		if len(t[i].Glyph) == 1 && t[i].Glyph[0] == g && i < MaxTerrains {
			return TerrainID(i), true
		}
	}
	return NoTerrain, false
}

// Validate checks the table: 1..MaxTerrains entries; ids lowercase, unique
// and well-formed; names present; glyphs single printable ASCII characters,
// unique; each layer known; shares within 0..ShareTotal and summing to
// exactly ShareTotal; at most one sea terrain, at most one peak terrain and at
// least one lowland terrain.
func (t TerrainTable) Validate() error {
	var c Checker
	if !c.Between("terrain", len(t), 1, MaxTerrains) {
		return c.Err()
	}
	ids := map[string]int{}
	glyphs := map[string]int{}
	layers := map[Layer]int{}
	sum, sharesOK := 0, true
	for i, tr := range t {
		key := fmt.Sprintf("terrain[%d]", i)
		if c.Check(IsID(tr.ID), key+".id", "must be a lowercase identifier (a-z, 0-9, _ or -, starting with a letter), got %q", tr.ID) {
			if j, dup := ids[tr.ID]; dup {
				c.Add(key+".id", "duplicate terrain id %q (also terrain[%d])", tr.ID, j)
			}
			ids[tr.ID] = i
		}
		c.NotEmpty(key+".name", tr.Name)
		if c.Check(len(tr.Glyph) == 1 && tr.Glyph[0] > ' ' && tr.Glyph[0] < 0x7f, key+".glyph",
			"must be one printable ASCII character, got %q", tr.Glyph) {
			if j, dup := glyphs[tr.Glyph]; dup {
				c.Add(key+".glyph", "duplicate glyph %q (also terrain[%d])", tr.Glyph, j)
			}
			glyphs[tr.Glyph] = i
		}
		if c.Check(tr.MapGen.Layer >= LayerSea && tr.MapGen.Layer <= LayerPeak, key+".mapgen.layer",
			`must be "sea", "lowland" or "peak"`) {
			layers[tr.MapGen.Layer]++
		}
		if c.Between(key+".mapgen.share_mille", tr.MapGen.ShareMille, 0, ShareTotal) {
			sum += tr.MapGen.ShareMille
		} else {
			sharesOK = false
		}
	}
	if sharesOK {
		c.Check(sum == ShareTotal, "terrain", "mapgen.share_mille values must sum to %d (the whole map), got %d", ShareTotal, sum)
	}
	c.Check(layers[LayerSea] <= 1, "terrain", `at most one terrain may have mapgen layer "sea", got %d`, layers[LayerSea])
	c.Check(layers[LayerPeak] <= 1, "terrain", `at most one terrain may have mapgen layer "peak", got %d`, layers[LayerPeak])
	c.Check(layers[LayerLowland] >= 1, "terrain", `at least one terrain must have mapgen layer "lowland"`)
	return c.Err()
}

// IsID reports whether s is a well-formed identifier for ruleset tables: a
// lowercase ASCII letter followed by lowercase letters, digits, '_' or '-',
// at most 32 bytes long.
func IsID(s string) bool {
	if s == "" || len(s) > 32 || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return strings.IndexFunc(s, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_' && r != '-'
	}) < 0
}
