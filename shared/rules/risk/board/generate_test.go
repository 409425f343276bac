package board

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// smallSettings are generated maps small enough to make hundreds of in a
// test.
var smallSettings = []Settings{
	{Territories: 4, Continents: 1, Width: 8, Height: 8},
	{Territories: 6, Continents: 3, Width: 12, Height: 8},
	{Territories: 12, Continents: 3, Width: 30, Height: 14},
	{Territories: 20, Continents: 5, Width: 24, Height: 16},
}

// TestGenerateManySeeds generates maps from many seeds and checks each is
// a whole, valid board: every territory drawn in one piece and reached,
// each continent one connected group with its bonus and marks, and the
// board written by Format read back by Parse unchanged.
func TestGenerateManySeeds(t *testing.T) {
	for _, s := range smallSettings {
		for seed := uint64(1); seed <= 60; seed++ {
			b, err := Generate(seed, s)
			if err != nil {
				t.Fatalf("Generate(%d, %+v): %v", seed, s, err)
			}
			if problems := checkGenerated(b, s); len(problems) > 0 {
				data, _ := Format(b)
				t.Fatalf("Generate(%d, %+v):\n%s\n%s", seed, s, strings.Join(problems, "\n"), data)
			}
		}
	}
}

// checkGenerated returns what is wrong with a generated board.
func checkGenerated(b *Board, s Settings) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	if len(b.Territories) != s.Territories || len(b.Continents) != s.Continents {
		bad("%d territories in %d continents, want %d in %d", len(b.Territories), len(b.Continents), s.Territories, s.Continents)
	}
	if b.Width != s.Width || b.Height != s.Height || len(b.Cells) != s.Width*s.Height {
		bad("drawing %dx%d of %d cells, want %dx%d", b.Width, b.Height, len(b.Cells), s.Width, s.Height)
	}
	for x := 0; x < b.Width; x++ {
		if b.Cell(x, 0) != 0 || b.Cell(x, b.Height-1) != 0 {
			bad("column %d: land on the drawing's top or bottom row", x)
		}
	}
	land := landLinks(b)
	for _, t := range b.Territories {
		if n := pieces(b, t.ID); n != 1 {
			bad("%s is drawn in %d pieces", t.Name, n)
		}
		for _, o := range land[t.ID-1] {
			if !slices.Contains(t.Links, o) {
				bad("%s and %s share a border but are not linked", t.Name, b.Territory(o).Name)
			}
		}
		for _, o := range t.Links {
			if !b.Linked(o, t.ID) {
				bad("one-way link %s-%s", t.Name, b.Territory(o).Name)
			}
		}
		if !slices.Contains(b.Continent(t.Continent).Territories, t.ID) {
			bad("%s is not listed by its continent", t.Name)
		}
	}
	if slices.Contains(b.Distances(1), -1) {
		bad("a territory cannot be reached from the first")
	}
	for _, c := range b.Continents {
		if len(c.Territories) == 0 {
			bad("continent %s is empty", c.Name)
			continue
		}
		if !connectedWithin(b, c) {
			bad("continent %s is not one connected group", c.Name)
		}
		if have, want := c.Bonus, ContinentBonus(len(c.Territories), len(b.Border(c.ID))); have != want {
			bad("continent %s: bonus %d, want %d", c.Name, have, want)
		}
		floods, quakes := 0, 0
		for _, t := range c.Territories {
			tt := b.Territory(t)
			if tt.Flood {
				floods++
			}
			if tt.Quake {
				quakes++
			}
			if tt.Flood && tt.Quake {
				bad("%s is marked for both floods and quakes", tt.Name)
			}
		}
		wantQuakes := 0
		switch n := len(c.Territories); {
		case n >= 10:
			wantQuakes = 2
		case n >= 3:
			wantQuakes = 1
		}
		if floods != 1 || quakes != wantQuakes {
			bad("continent %s of %d: %d floods and %d quakes, want 1 and %d", c.Name, len(c.Territories), floods, quakes, wantQuakes)
		}
	}
	data, err := Format(b)
	if err != nil {
		bad("Format: %v", err)
		return out
	}
	back, err := Parse("generated.txt", data)
	if err != nil {
		bad("Parse(Format(b)): %v", err)
	} else if !reflect.DeepEqual(back, b) {
		bad("Parse(Format(b)) differs from b")
	}
	return out
}

// connectedWithin reports whether c's territories are all linked to each
// other through territories of c.
func connectedWithin(b *Board, c Continent) bool {
	seen := []TerritoryID{c.Territories[0]}
	for i := 0; i < len(seen); i++ {
		for _, o := range b.Territory(seen[i]).Links {
			if b.Territory(o).Continent == c.ID && !slices.Contains(seen, o) {
				seen = append(seen, o)
			}
		}
	}
	return len(seen) == len(c.Territories)
}

func TestGenerateIsDeterministic(t *testing.T) {
	s := smallSettings[2]
	a, err := Generate(7, s)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Generate(7, s)
	if !reflect.DeepEqual(a, again) {
		t.Error("two maps from seed 7 differ")
	}
	other, _ := Generate(8, s)
	if reflect.DeepEqual(a.Cells, other.Cells) {
		t.Error("the maps from seeds 7 and 8 are drawn the same")
	}
}

// TestGenerateDefaultSettings checks maps the size of the classic one.
func TestGenerateDefaultSettings(t *testing.T) {
	s := DefaultSettings()
	for seed := uint64(1); seed <= 20; seed++ {
		b, err := Generate(seed, s)
		if err != nil {
			t.Fatal(err)
		}
		if problems := checkGenerated(b, s); len(problems) > 0 {
			t.Errorf("Generate(%d, %+v):\n%s", seed, s, strings.Join(problems, "\n"))
		}
	}
}

func TestGenerateRefusesBadSettings(t *testing.T) {
	tests := []struct {
		have Settings
		want string
	}{
		{Settings{Territories: 3, Continents: 1, Width: 20, Height: 20}, "3 territories, want 4 to 62"},
		{Settings{Territories: 63, Continents: 6, Width: 100, Height: 100}, "63 territories, want 4 to 62"},
		{Settings{Territories: 10, Continents: 0, Width: 20, Height: 20}, "0 continents for 10 territories, want 1 to 5"},
		{Settings{Territories: 10, Continents: 6, Width: 20, Height: 20}, "6 continents for 10 territories, want 1 to 5"},
		{Settings{Territories: 10, Continents: 2, Width: 7, Height: 20}, "a drawing of 7 by 20 cells, want 8 to 200 each way"},
		{Settings{Territories: 10, Continents: 2, Width: 20, Height: 201}, "a drawing of 20 by 201 cells, want 8 to 200 each way"},
		{Settings{Territories: 10, Continents: 2, Width: 8, Height: 9}, "too small for 10 territories"},
	}
	for _, tt := range tests {
		_, err := Generate(1, tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Generate(%+v): have %v, want %q", tt.have, err, tt.want)
		}
	}
}

// TestContinentBonusNearClassic checks the generated maps' bonus formula
// against the classic board: each classic continent's bonus (North
// America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia 2) is
// within one army of the formula's.
func TestContinentBonusNearClassic(t *testing.T) {
	b := classic(t)
	for _, c := range b.Continents {
		have := ContinentBonus(len(c.Territories), len(b.Border(c.ID)))
		if d := have - c.Bonus; d < -1 || d > 1 {
			t.Errorf("%s: formula %d, classic %d", c.Name, have, c.Bonus)
		}
	}
	for _, tt := range []struct{ territories, borders, want int }{
		{1, 0, 1}, {4, 1, 2}, {9, 3, 5}, {12, 5, 7}, {62, 62, MaxBonus},
	} {
		if have := ContinentBonus(tt.territories, tt.borders); have != tt.want {
			t.Errorf("ContinentBonus(%d, %d): have %d, want %d", tt.territories, tt.borders, have, tt.want)
		}
	}
}
