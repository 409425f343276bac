package world

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// The glyphs of maps as text.
const (
	glyphPlains   = '.'
	glyphForest   = '^'
	glyphMountain = 'M'
	glyphSea      = '~'
	glyphTown     = 't'
	glyphCity     = 'C'
)

// terrainGlyph is t's glyph, '?' for a terrain Parse does not know.
func terrainGlyph(t dat.Terrain) byte {
	switch t {
	case dat.Plains:
		return glyphPlains
	case dat.Forest:
		return glyphForest
	case dat.Mountain:
		return glyphMountain
	case dat.Sea:
		return glyphSea
	}
	return '?'
}

// Parse reads a map of cells of shape drawn as text: one line per row, top
// row first, one glyph per cell: '.' plains, '^' forest, 'M' mountain, '~'
// sea, 't' a neutral town, 'C' a neutral city, and '1' to '9' the start
// city of that player. Settlements stand on plains. Spaces and tabs are
// ignored, so hex maps may be drawn with their cells spaced and odd rows
// indented, as Format draws them; so are blank lines before the first row
// and after the last. Every row must have as many cells as the first, and
// the players with a start must be 1 to n, each with one.
//
// CHOICE: the glyphs are fixed, not terrain.dat's: a test's map reads the
// same whatever the terrains are named.
func Parse(shape grid.Shape, text string) (*Map, error) {
	if shape != grid.Square && shape != grid.Hex {
		return nil, fmt.Errorf("parse map: unknown %v", shape)
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("parse map: no rows")
	}
	m := &Map{Grid: grid.Grid{Shape: shape, Height: len(lines)}}
	var starts []int // starts[i] is the index+1 of player i+1's start, 0 for none
	for y, line := range lines {
		x := 0
		for col := 0; col < len(line); col++ {
			c := line[col]
			if c == ' ' || c == '\t' {
				continue
			}
			p := grid.Pos{X: x, Y: y}
			t := dat.Plains
			switch c {
			case glyphPlains:
			case glyphForest:
				t = dat.Forest
			case glyphMountain:
				t = dat.Mountain
			case glyphSea:
				t = dat.Sea
			case glyphTown:
				m.Settlements = append(m.Settlements, Settlement{Pos: p})
			case glyphCity:
				m.Settlements = append(m.Settlements, Settlement{Pos: p, City: true})
			default:
				if c < '1' || c > '9' {
					return nil, fmt.Errorf("parse map: row %d column %d: unknown glyph %q", y+1, col+1, c)
				}
				player := int(c - '0')
				for len(starts) < player {
					starts = append(starts, 0)
				}
				if starts[player-1] != 0 {
					return nil, fmt.Errorf("parse map: row %d column %d: player %d has a second start", y+1, col+1, player)
				}
				starts[player-1] = len(m.Settlements) + 1
				m.Settlements = append(m.Settlements, Settlement{Pos: p, City: true, Owner: uint8(player)})
			}
			m.Terrain = append(m.Terrain, t)
			x++
		}
		if y == 0 {
			m.Grid.Width = x // at least 1: the first row is not blank
		}
		if x != m.Grid.Width {
			return nil, fmt.Errorf("parse map: row %d has %d cells, row 1 has %d", y+1, x, m.Grid.Width)
		}
	}
	for i, s := range starts {
		if s == 0 {
			return nil, fmt.Errorf("parse map: player %d has a start, player %d none", len(starts), i+1)
		}
	}
	// Rows are read top to bottom, so the settlements are sorted already;
	// sort anyway, the contract is the Map's.
	slices.SortStableFunc(m.Settlements, func(a, b Settlement) int {
		return cmp.Or(cmp.Compare(a.Pos.Y, b.Pos.Y), cmp.Compare(a.Pos.X, b.Pos.X))
	})
	return m, nil
}

// Format draws m as text in the form Parse reads: squares as rows of
// glyphs; hexes with their cells spaced and odd rows indented by one
// space, as the odd-r rows lie. A terrain or an owner Parse has no glyph
// for is drawn '?'.
func (m *Map) Format() string {
	g := m.Grid
	glyphs := make([]byte, g.Len())
	for i := range glyphs {
		glyphs[i] = '?'
		if i < len(m.Terrain) {
			glyphs[i] = terrainGlyph(m.Terrain[i])
		}
	}
	for _, s := range m.Settlements {
		i := g.Index(s.Pos)
		if i < 0 {
			continue
		}
		switch {
		case s.Owner == 0 && s.City:
			glyphs[i] = glyphCity
		case s.Owner == 0:
			glyphs[i] = glyphTown
		case s.Owner <= 9 && s.City:
			glyphs[i] = '0' + s.Owner
		default:
			glyphs[i] = '?'
		}
	}
	var b strings.Builder
	for y := range g.Height {
		if g.Shape == grid.Hex && y%2 == 1 {
			b.WriteByte(' ')
		}
		for x := range g.Width {
			if g.Shape == grid.Hex && x > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(glyphs[y*g.Width+x])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
