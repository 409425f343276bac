package hexmap_test

import (
	"strings"
	"testing"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

const island = `
~ ~ ~ ~ ~
 ~ . " f ~
~ . ^ . ~
 ~ ~ ~ ~ ~
`

func TestParseFormatRoundTrip(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := hexmap.Parse(island, rs.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	if m.Width != 5 || m.Height != 4 {
		t.Fatalf("size %dx%d, want 5x4", m.Width, m.Height)
	}
	if err := m.Validate(rs.Terrain); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		have hex.Offset
		want string // terrain id
	}{
		{hex.Offset{Col: 0, Row: 0}, "water"},
		{hex.Offset{Col: 1, Row: 1}, "open"},
		{hex.Offset{Col: 2, Row: 1}, "grasslands"},
		{hex.Offset{Col: 3, Row: 1}, "woods"},
		{hex.Offset{Col: 2, Row: 2}, "mountains"},
	}
	for _, tt := range tests {
		tr, ok := m.At(hex.FromOffset(tt.have))
		if !ok || rs.Terrain[tr].ID != tt.want {
			t.Errorf("At(%v) = %v %v, want %s", tt.have, tr, ok, tt.want)
		}
	}
	if have, want := m.Format(rs.Terrain), strings.TrimLeft(island, "\n"); have != want {
		t.Errorf("Format:\n%s\nwant:\n%s", have, want)
	}
	if _, ok := m.At(hex.FromOffset(hex.Offset{Col: 5, Row: 0})); ok {
		t.Error("At off the map reported ok")
	}
	if m.Set(hex.Hex{Q: -9, R: -9}, 0) {
		t.Error("Set off the map reported ok")
	}
	c := m.Clone()
	c.Set(hex.Hex{}, 1)
	if tr, _ := m.At(hex.Hex{}); tr == 1 {
		t.Error("Clone shares terrain with the original")
	}
	if n := len(m.Neighbors(nil, hex.Hex{})); n != 2 {
		t.Errorf("corner hex has %d on-map neighbours, want 2", n)
	}
}

func TestParseErrors(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, have, want string
	}{
		{"empty", "\n\n", "row 0 is empty"},
		{"ragged", ". .\n. . .", "row 1 has 3 hexes, row 0 has 2"},
		{"unknown glyph", ". X", `row 0 column 1: unknown terrain glyph "X"`},
	}
	for _, tt := range tests {
		_, err := hexmap.Parse(tt.have, rs.Terrain)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}

func TestValidate(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		have *hexmap.Map
		want string
	}{
		{"short", &hexmap.Map{Width: 2, Height: 2, Terrain: make([]rulesfile.TerrainID, 3)}, "has 3 terrain cells, want 4"},
		{"no size", &hexmap.Map{}, "both sides must be positive"},
		{"bad terrain", &hexmap.Map{Width: 1, Height: 1, Terrain: []rulesfile.TerrainID{9}}, "has terrain 9, the ruleset has 5"},
	}
	for _, tt := range tests {
		err := tt.have.Validate(rs.Terrain)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
}
