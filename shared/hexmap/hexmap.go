// Package hexmap holds the terrain grid a game is played on: a rectangle of
// pointy-top hexes in odd-r offset layout (see package hex), each hex holding
// the index of its terrain in the ruleset's terrain table.
//
// Tests across the project draw maps as ASCII art; [Parse] and [Map.Format]
// read and write that form using each terrain's glyph.
package hexmap

import (
	"fmt"
	"strings"

	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Map is a Width x Height grid of terrain. Terrain is indexed by
// hex.Rect.Index: row by row, each row from column 0.
type Map struct {
	Width   int
	Height  int
	Terrain []rulesfile.TerrainID
}

// New returns a Width x Height map with every hex set to fill.
func New(width, height int, fill rulesfile.TerrainID) *Map {
	m := &Map{Width: width, Height: height, Terrain: make([]rulesfile.TerrainID, max(width, 0)*max(height, 0))}
	for i := range m.Terrain {
		m.Terrain[i] = fill
	}
	return m
}

// Rect returns the rectangle the map covers.
func (m *Map) Rect() hex.Rect { return hex.Rect{Width: m.Width, Height: m.Height} }

// Contains reports whether h is on the map.
func (m *Map) Contains(h hex.Hex) bool { return m.Rect().Contains(h) }

// At returns the terrain of h, and false if h is off the map.
func (m *Map) At(h hex.Hex) (rulesfile.TerrainID, bool) {
	i := m.Rect().Index(h)
	if i < 0 {
		return 0, false
	}
	return m.Terrain[i], true
}

// Set sets the terrain of h. It reports false, changing nothing, if h is off
// the map.
func (m *Map) Set(h hex.Hex, t rulesfile.TerrainID) bool {
	i := m.Rect().Index(h)
	if i < 0 {
		return false
	}
	m.Terrain[i] = t
	return true
}

// Neighbors appends to dst the neighbours of h that are on the map, in
// direction order, and returns the extended slice.
func (m *Map) Neighbors(dst []hex.Hex, h hex.Hex) []hex.Hex {
	r := m.Rect()
	for _, n := range h.Neighbors() {
		if r.Contains(n) {
			dst = append(dst, n)
		}
	}
	return dst
}

// Clone returns a deep copy of m.
func (m *Map) Clone() *Map {
	c := *m
	c.Terrain = append([]rulesfile.TerrainID(nil), m.Terrain...)
	return &c
}

// Count returns how many hexes of m have each terrain, indexed by TerrainID.
func (m *Map) Count(terrains int) []int {
	n := make([]int, terrains)
	for _, t := range m.Terrain {
		if int(t) < terrains {
			n[t]++
		}
	}
	return n
}

// Validate checks that the map's size matches its terrain slice and that
// every terrain index exists in table.
func (m *Map) Validate(table rulesfile.TerrainTable) error {
	if m.Width <= 0 || m.Height <= 0 {
		return fmt.Errorf("map size %dx%d: both sides must be positive", m.Width, m.Height)
	}
	if len(m.Terrain) != m.Width*m.Height {
		return fmt.Errorf("map %dx%d has %d terrain cells, want %d", m.Width, m.Height, len(m.Terrain), m.Width*m.Height)
	}
	for i, t := range m.Terrain {
		if int(t) >= len(table) {
			return fmt.Errorf("map hex %s has terrain %d, the ruleset has %d terrains", m.Rect().HexAt(i), t, len(table))
		}
	}
	return nil
}

// Parse reads a map drawn as ASCII art: one line per row, top row first,
// one glyph per hex (the glyph of each terrain in table), glyphs separated by
// spaces. Odd rows are conventionally indented by one space so the text
// looks like the odd-r layout; leading and trailing spaces are ignored, as
// are blank lines before the first and after the last row. Every row must
// have the same number of hexes.
func Parse(text string, table rulesfile.TerrainTable) (*Map, error) {
	byGlyph := make(map[string]rulesfile.TerrainID, len(table))
	for i, t := range table {
		byGlyph[t.Glyph] = rulesfile.TerrainID(i)
	}
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	m := &Map{Height: len(lines)}
	for row, line := range lines {
		cells := strings.Fields(line)
		if row == 0 {
			m.Width = len(cells)
			if m.Width == 0 {
				return nil, fmt.Errorf("parse map: row 0 is empty")
			}
		}
		if len(cells) != m.Width {
			return nil, fmt.Errorf("parse map: row %d has %d hexes, row 0 has %d", row, len(cells), m.Width)
		}
		for col, g := range cells {
			t, ok := byGlyph[g]
			if !ok {
				return nil, fmt.Errorf("parse map: row %d column %d: unknown terrain glyph %q", row, col, g)
			}
			m.Terrain = append(m.Terrain, t)
		}
	}
	return m, nil
}

// Format draws m as ASCII art in the form [Parse] reads, odd rows indented
// by one space.
func (m *Map) Format(table rulesfile.TerrainTable) string {
	var b strings.Builder
	for row := range m.Height {
		if row%2 == 1 {
			b.WriteByte(' ')
		}
		for col := range m.Width {
			if col > 0 {
				b.WriteByte(' ')
			}
			t := m.Terrain[row*m.Width+col]
			if int(t) < len(table) {
				b.WriteString(table[t].Glyph)
			} else {
				b.WriteByte('?')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}
