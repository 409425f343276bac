package world_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
	"empires/shared/rules/empire/world"
)

func pos(x, y int) grid.Pos { return grid.Pos{X: x, Y: y} }

func TestParse(t *testing.T) {
	m, err := world.Parse(grid.Square, `
~~~~~
~1.t~
~^MC~
~~~2~
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := grid.New(grid.Square, 5, 4); m.Grid != want {
		t.Errorf("Grid = %+v, want %+v", m.Grid, want)
	}
	wantTerrain := []dat.Terrain{
		dat.Sea, dat.Sea, dat.Sea, dat.Sea, dat.Sea,
		dat.Sea, dat.Plains, dat.Plains, dat.Plains, dat.Sea,
		dat.Sea, dat.Forest, dat.Mountain, dat.Plains, dat.Sea,
		dat.Sea, dat.Sea, dat.Sea, dat.Plains, dat.Sea,
	}
	if !slices.Equal(m.Terrain, wantTerrain) {
		t.Errorf("Terrain = %v, want %v", m.Terrain, wantTerrain)
	}
	wantSettlements := []world.Settlement{
		{Pos: pos(1, 1), City: true, Owner: 1},
		{Pos: pos(3, 1)},
		{Pos: pos(3, 2), City: true},
		{Pos: pos(3, 3), City: true, Owner: 2},
	}
	if !slices.Equal(m.Settlements, wantSettlements) {
		t.Errorf("Settlements = %v, want %v", m.Settlements, wantSettlements)
	}
	if have, want := m.Starts(), []grid.Pos{pos(1, 1), pos(3, 3)}; !slices.Equal(have, want) {
		t.Errorf("Starts() = %v, want %v", have, want)
	}
}

// TestParseLayout: spaces, tabs, carriage returns and blank lines around
// the map do not matter; hexes may be drawn spaced and indented.
func TestParseLayout(t *testing.T) {
	want, err := world.Parse(grid.Hex, "~.^\n.C~\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, have := range []string{
		"~ . ^\n . C ~\n",
		"\n\n  ~.^  \r\n\t.C~\r\n\n   \n",
		"~.^\n.C~",
	} {
		m, err := world.Parse(grid.Hex, have)
		if err != nil {
			t.Errorf("Parse(%q): %v", have, err)
			continue
		}
		if !reflect.DeepEqual(m, want) {
			t.Errorf("Parse(%q) = %+v, want %+v", have, m, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name  string
		shape grid.Shape
		have  string
		want  string // a part of the error
	}{
		{"empty", grid.Square, "", "no rows"},
		{"blank", grid.Square, "\n  \n\n", "no rows"},
		{"unknown glyph", grid.Square, "..\n.x", `row 2 column 2: unknown glyph 'x'`},
		{"zero is no player", grid.Square, "0.", `row 1 column 1: unknown glyph '0'`},
		{"short row", grid.Square, "...\n..", "row 2 has 2 cells, row 1 has 3"},
		{"long row", grid.Hex, ". .\n . . .", "row 2 has 3 cells, row 1 has 2"},
		{"blank row", grid.Square, "..\n \t\n..", "row 2 has 0 cells, row 1 has 2"},
		{"two starts", grid.Square, "1.1", "row 1 column 3: player 1 has a second start"},
		{"missing player", grid.Square, "1.3", "player 3 has a start, player 2 none"},
		{"unknown shape", grid.Shape(9), "..", "unknown shape 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := world.Parse(tt.shape, tt.have)
			if err == nil {
				t.Fatalf("Parse(%q) = %+v, want an error", tt.have, m)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse(%q) error %q, want it to say %q", tt.have, err, tt.want)
			}
		})
	}
}

// TestFormatRoundTrip: Format draws a map in the form Parse reads, and
// Parse reads back what Format drew.
func TestFormatRoundTrip(t *testing.T) {
	tests := []struct {
		shape grid.Shape
		have  string
	}{
		{grid.Square, "" +
			"~~~~~~\n" +
			"~1.^t~\n" +
			"~.MM.~\n" +
			"~C.^2~\n" +
			"~~~~~~\n"},
		{grid.Hex, "" +
			"~ ~ ~ ~ ~\n" +
			" ~ 2 . t ~\n" +
			"~ ^ M . ~\n" +
			" ~ C . 1 ~\n" +
			"~ ~ ~ ~ ~\n"},
		{grid.Square, "987654321\n"},
	}
	for _, tt := range tests {
		m, err := world.Parse(tt.shape, tt.have)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.have, err)
		}
		if got := m.Format(); got != tt.have {
			t.Errorf("Format() =\n%s\nwant\n%s", got, tt.have)
		}
	}
}

// TestGeneratedRoundTrip: a generated map survives Format and Parse.
func TestGeneratedRoundTrip(t *testing.T) {
	for _, shape := range []grid.Shape{grid.Square, grid.Hex} {
		m := generate(t, grid.New(shape, 40, 30), testGame(), 4, 3)
		back, err := world.Parse(shape, m.Format())
		if err != nil {
			t.Fatalf("%v: Parse(Format()): %v", shape, err)
		}
		if !reflect.DeepEqual(back, m) {
			t.Errorf("%v: Parse(Format()) differs from the map:\n%s\n%s", shape, m.Format(), back.Format())
		}
	}
}

// TestFormatUnknown: what Parse has no glyph for is drawn '?'.
func TestFormatUnknown(t *testing.T) {
	m := &world.Map{
		Grid:    grid.New(grid.Square, 3, 1),
		Terrain: []dat.Terrain{dat.Plains, dat.NumTerrains, dat.Plains},
		Settlements: []world.Settlement{
			{Pos: pos(2, 0), City: true, Owner: 12},
		},
	}
	if have, want := m.Format(), ".??\n"; have != want {
		t.Errorf("Format() = %q, want %q", have, want)
	}
}
