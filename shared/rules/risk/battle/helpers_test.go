package battle

import (
	"slices"
	"testing"

	"empires/shared/rules/risk/board"
)

// script is a Roller that rolls the dice a test wrote, in order, and fails
// the test when it runs out.
type script struct {
	t    testing.TB
	dice []int
	used int
}

func scripted(t testing.TB, dice ...int) *script { return &script{t: t, dice: dice} }

func (s *script) Die() int {
	s.t.Helper()
	if s.used == len(s.dice) {
		s.t.Fatalf("the script's %d dice are all rolled", len(s.dice))
		return 1
	}
	s.used++
	return s.dice[s.used-1]
}

// done fails the test unless every die of the script was rolled.
func (s *script) done() {
	s.t.Helper()
	if s.used != len(s.dice) {
		s.t.Errorf("rolled %d of the script's %d dice %v", s.used, len(s.dice), s.dice)
	}
}

// place is a territory of a test board: its name, continent, and marks
// ("Q" for 'Quakes, "F" for Floods).
type place struct {
	name, continent, marks string
}

// newBoard builds a board of the places, in order (IDs from 1), the
// continents in order of first appearance, and links between the places
// each pair names.
func newBoard(t testing.TB, name string, places []place, links [][2]string) *board.Board {
	t.Helper()
	b := &board.Board{Name: name}
	ids := make(map[string]board.TerritoryID)
	conts := make(map[string]board.ContinentID)
	for i, p := range places {
		id := board.TerritoryID(i + 1)
		c, ok := conts[p.continent]
		if !ok {
			c = board.ContinentID(len(b.Continents) + 1)
			conts[p.continent] = c
			b.Continents = append(b.Continents, board.Continent{ID: c, Name: p.continent})
		}
		ids[p.name] = id
		b.Territories = append(b.Territories, board.Territory{
			ID: id, Name: p.name, Continent: c,
			Quake: p.marks == "Q", Flood: p.marks == "F",
		})
		b.Continents[c-1].Territories = append(b.Continents[c-1].Territories, id)
	}
	for _, l := range links {
		x, y := ids[l[0]], ids[l[1]]
		if x == 0 || y == 0 {
			t.Fatalf("link %v: no such territory", l)
		}
		b.Territories[x-1].Links = append(b.Territories[x-1].Links, y)
		b.Territories[y-1].Links = append(b.Territories[y-1].Links, x)
	}
	for i := range b.Territories {
		slices.Sort(b.Territories[i].Links)
	}
	return b
}

// classic returns part of the classic Risk map: every territory of Europe
// and Australia, some of Asia and Africa, with the classic links among
// them and the document's Table 3 marks.
func classic(t testing.TB) *board.Board {
	return newBoard(t, "classic (part)", []place{
		{"Iceland", "Europe", "F"},
		{"Great Britain", "Europe", ""},
		{"Scandinavia", "Europe", ""},
		{"Northern Europe", "Europe", ""},
		{"Southern Europe", "Europe", "Q"},
		{"Western Europe", "Europe", ""},
		{"Ukraine", "Europe", ""},
		{"Middle East", "Asia", "Q"},
		{"India", "Asia", ""},
		{"Siam", "Asia", "F"},
		{"China", "Asia", ""},
		{"Kamchatka", "Asia", "Q"},
		{"Indonesia", "Australia", "F"},
		{"New Guinea", "Australia", ""},
		{"Western Australia", "Australia", "Q"},
		{"Eastern Australia", "Australia", ""},
		{"North Africa", "Africa", "Q"},
		{"Egypt", "Africa", ""},
		{"East Africa", "Africa", "F"},
	}, [][2]string{
		{"Iceland", "Great Britain"}, {"Iceland", "Scandinavia"},
		{"Great Britain", "Scandinavia"}, {"Great Britain", "Northern Europe"}, {"Great Britain", "Western Europe"},
		{"Scandinavia", "Northern Europe"}, {"Scandinavia", "Ukraine"},
		{"Northern Europe", "Ukraine"}, {"Northern Europe", "Southern Europe"}, {"Northern Europe", "Western Europe"},
		{"Southern Europe", "Western Europe"}, {"Southern Europe", "Ukraine"}, {"Southern Europe", "Middle East"},
		{"Southern Europe", "Egypt"}, {"Southern Europe", "North Africa"},
		{"Western Europe", "North Africa"},
		{"Ukraine", "Middle East"},
		{"Middle East", "Egypt"}, {"Middle East", "East Africa"}, {"Middle East", "India"},
		{"India", "Siam"}, {"India", "China"}, {"Siam", "China"},
		{"Siam", "Indonesia"},
		{"Indonesia", "New Guinea"}, {"Indonesia", "Western Australia"},
		{"New Guinea", "Western Australia"}, {"New Guinea", "Eastern Australia"},
		{"Western Australia", "Eastern Australia"},
		{"North Africa", "Egypt"}, {"North Africa", "East Africa"}, {"Egypt", "East Africa"},
	})
}

// id returns the territory of b named name.
func id(t testing.TB, b *board.Board, name string) board.TerritoryID {
	t.Helper()
	for _, tt := range b.Territories {
		if tt.Name == name {
			return tt.ID
		}
	}
	t.Fatalf("board %q has no %q", b.Name, name)
	return 0
}

// continent returns the continent of b named name.
func continent(t testing.TB, b *board.Board, name string) board.ContinentID {
	t.Helper()
	for _, c := range b.Continents {
		if c.Name == name {
			return c.ID
		}
	}
	t.Fatalf("board %q has no continent %q", b.Name, name)
	return 0
}

// holdings builds holdings on b from names: armies by territory name, and
// the names of the territories with a city.
func holdings(t testing.TB, b *board.Board, armies map[string]int, cities ...string) Holdings {
	t.Helper()
	h := Holdings{}
	for name, n := range armies {
		h[id(t, b, name)] = Holding{Armies: n}
	}
	for _, name := range cities {
		x := h[id(t, b, name)]
		x.City = true
		h[id(t, b, name)] = x
	}
	return h
}
