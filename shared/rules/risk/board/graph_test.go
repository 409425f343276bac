package board

import (
	"slices"
	"testing"
)

// ids returns the territories named, failing the test if one is unknown.
func ids(t testing.TB, b *Board, names ...string) []TerritoryID {
	t.Helper()
	var out []TerritoryID
	for _, n := range names {
		out = append(out, byName(t, b, n))
	}
	return out
}

func TestNeighbours(t *testing.T) {
	b := classic(t)
	tests := []struct {
		have string
		want []string
	}{
		// "adjacent territories include those linked by lines across seas or oceans"
		{"Kamchatka", []string{"Alaska", "Irkutsk", "Japan", "Mongolia", "Yakutsk"}},
		{"Argentina", []string{"Brazil", "Peru"}},
		{"Egypt", []string{"East Africa", "Middle East", "North Africa", "Southern Europe"}},
	}
	for _, tt := range tests {
		have := names(b, b.Neighbours(byName(t, b, tt.have)))
		if !slices.Equal(have, tt.want) {
			t.Errorf("Neighbours(%s): have %v, want %v", tt.have, have, tt.want)
		}
	}
	n := b.Neighbours(byName(t, b, "Japan"))
	n[0] = 0
	if b.Neighbours(byName(t, b, "Japan"))[0] == 0 {
		t.Error("Neighbours returned the board's own slice")
	}
	if have := b.Neighbours(0); have != nil {
		t.Errorf("Neighbours(0): have %v, want nil", have)
	}
	if have := b.Neighbours(43); have != nil {
		t.Errorf("Neighbours(43): have %v, want nil", have)
	}
}

func TestBorder(t *testing.T) {
	b := classic(t)
	want := map[string][]string{
		"North America": {"Alaska", "Central America", "Greenland"},
		"South America": {"Brazil", "Venezuela"},
		"Europe":        {"Iceland", "Southern Europe", "Ukraine", "Western Europe"},
		"Africa":        {"East Africa", "Egypt", "North Africa"},
		"Asia":          {"Afghanistan", "Kamchatka", "Middle East", "Siam", "Ural"},
		"Australia":     {"Indonesia"},
	}
	for _, c := range b.Continents {
		if have := names(b, b.Border(c.ID)); !slices.Equal(have, want[c.Name]) {
			t.Errorf("Border(%s): have %v, want %v", c.Name, have, want[c.Name])
		}
	}
	if have := b.Border(7); have != nil {
		t.Errorf("Border(7): have %v, want nil", have)
	}
}

// TestHolds checks the classic rule that a player holding every territory
// of a continent at the start of the turn gets its bonus.
func TestHolds(t *testing.T) {
	b := classic(t)
	australia := ContinentID(6)
	southAmerica := ContinentID(2)
	tests := []struct {
		name  string
		held  []string
		want  []ContinentID
		bonus int
	}{
		{"nothing", nil, nil, 0},
		{"three of Australia", []string{"Indonesia", "New Guinea", "Western Australia"}, nil, 0},
		{"Australia, out of order", []string{"Western Australia", "Eastern Australia", "Indonesia", "New Guinea"}, []ContinentID{australia}, 2},
		{"Australia, South America and Siam", []string{"Siam", "Peru", "Eastern Australia", "Brazil", "Indonesia", "Venezuela", "New Guinea", "Argentina", "Western Australia"}, []ContinentID{southAmerica, australia}, 4},
	}
	for _, tt := range tests {
		held := ids(t, b, tt.held...)
		if have := b.HeldContinents(held); !slices.Equal(have, tt.want) {
			t.Errorf("%s: HeldContinents %v, want %v", tt.name, have, tt.want)
		}
		if have := b.Holds(australia, held); have != slices.Contains(tt.want, australia) {
			t.Errorf("%s: Holds(Australia) %v", tt.name, have)
		}
		if have := b.Bonus(held); have != tt.bonus {
			t.Errorf("%s: Bonus %d, want %d", tt.name, have, tt.bonus)
		}
	}
	all := make([]TerritoryID, 0, len(b.Territories))
	for _, tt := range b.Territories {
		all = append(all, tt.ID)
	}
	if have, want := b.Bonus(all), 5+2+5+3+7+2; have != want {
		t.Errorf("the whole board's bonus: have %d, want %d", have, want)
	}
	if b.Holds(0, all) || b.Holds(7, all) {
		t.Error("an unknown continent is held")
	}
}

func TestDistance(t *testing.T) {
	b := classic(t)
	tests := []struct {
		from, to string
		want     int
	}{
		{"Alaska", "Alaska", 0},
		{"Alaska", "Kamchatka", 1},
		{"Brazil", "North Africa", 1},
		{"Argentina", "Madagascar", 4},        // Brazil, North Africa, East Africa
		{"Alaska", "Argentina", 6},            // Alberta, Western US, Central America, Venezuela, Brazil
		{"Eastern Australia", "Argentina", 9}, // New Guinea, Indonesia, Siam, India, Middle East, East Africa, North Africa, Brazil
	}
	for _, tt := range tests {
		if have := b.Distance(byName(t, b, tt.from), byName(t, b, tt.to)); have != tt.want {
			t.Errorf("Distance(%s, %s): have %d, want %d", tt.from, tt.to, have, tt.want)
		}
	}
	for _, x := range b.Territories {
		for _, y := range b.Territories {
			d := b.Distance(x.ID, y.ID)
			if d != b.Distance(y.ID, x.ID) {
				t.Fatalf("Distance(%s, %s) = %d is not symmetric", x.Name, y.Name, d)
			}
			if b.Linked(x.ID, y.ID) != (d == 1) {
				t.Fatalf("Distance(%s, %s) = %d, linked %v", x.Name, y.Name, d, b.Linked(x.ID, y.ID))
			}
		}
	}
	if have := b.Distance(1, 0); have != -1 {
		t.Errorf("Distance to 0: have %d, want -1", have)
	}
	if have := b.Distance(43, 1); have != -1 {
		t.Errorf("Distance from 43: have %d, want -1", have)
	}
	// Two territories no link joins: a board no file could give.
	apart := &Board{Territories: []Territory{{ID: 1}, {ID: 2}}}
	if have := apart.Distance(1, 2); have != -1 {
		t.Errorf("Distance between unlinked territories: have %d, want -1", have)
	}
}

func TestCentre(t *testing.T) {
	b := mustParse(t, `name = Shapes
continent = All | 1
territory = a | Bar  | All | - | Ell, Ring
territory = b | Ell  | All | - | Bar
territory = c | Ring | All | - | Bar
map
aaaaa...
.......b
cccc...b
c..c.bbb
cccc....
end
`)
	tests := []struct {
		t    TerritoryID
		x, y int
	}{
		{1, 2, 0}, // the middle of a bar
		{2, 7, 2}, // the L's mean (6.4, 2.4) is as near (7, 2) as (6, 3): the first in row order
		{3, 1, 2}, // a ring's mean (1.5, 3) is sea: its nearest cells are (1, 2) and (2, 2)
	}
	for _, tt := range tests {
		x, y, ok := b.Centre(tt.t)
		if !ok || x != tt.x || y != tt.y || b.Cell(x, y) != tt.t {
			t.Errorf("Centre(%s): have (%d, %d, %v), want (%d, %d)", b.Territory(tt.t).Name, x, y, ok, tt.x, tt.y)
		}
	}
	if _, _, ok := b.Centre(4); ok {
		t.Error("Centre of an unknown territory: ok")
	}
	c := classic(t)
	for _, tt := range c.Territories {
		if x, y, ok := c.Centre(tt.ID); !ok || c.Cell(x, y) != tt.ID {
			t.Errorf("Centre(%s) = (%d, %d, %v) is not its own cell", tt.Name, x, y, ok)
		}
	}
}
