package board

import (
	"slices"
	"testing"

	"empires/assets"
)

// classicLinks is the published adjacency list of the classic board
// (Parker Brothers' Risk, 42 territories): each territory's neighbours,
// land borders and lines across the sea alike. Each link is listed on both
// its territories.
var classicLinks = map[string][]string{
	"Alaska":                {"Northwest Territory", "Alberta", "Kamchatka"},
	"Northwest Territory":   {"Alaska", "Alberta", "Ontario", "Greenland"},
	"Greenland":             {"Northwest Territory", "Ontario", "Quebec", "Iceland"},
	"Alberta":               {"Alaska", "Northwest Territory", "Ontario", "Western United States"},
	"Ontario":               {"Northwest Territory", "Alberta", "Greenland", "Quebec", "Western United States", "Eastern United States"},
	"Quebec":                {"Ontario", "Greenland", "Eastern United States"},
	"Western United States": {"Alberta", "Ontario", "Eastern United States", "Central America"},
	"Eastern United States": {"Western United States", "Ontario", "Quebec", "Central America"},
	"Central America":       {"Western United States", "Eastern United States", "Venezuela"},
	"Venezuela":             {"Central America", "Peru", "Brazil"},
	"Peru":                  {"Venezuela", "Brazil", "Argentina"},
	"Brazil":                {"Venezuela", "Peru", "Argentina", "North Africa"},
	"Argentina":             {"Peru", "Brazil"},
	"Iceland":               {"Greenland", "Scandinavia", "Great Britain"},
	"Scandinavia":           {"Iceland", "Great Britain", "Northern Europe", "Ukraine"},
	"Great Britain":         {"Iceland", "Scandinavia", "Northern Europe", "Western Europe"},
	"Northern Europe":       {"Great Britain", "Scandinavia", "Ukraine", "Southern Europe", "Western Europe"},
	"Western Europe":        {"Great Britain", "Northern Europe", "Southern Europe", "North Africa"},
	"Southern Europe":       {"Western Europe", "Northern Europe", "Ukraine", "Middle East", "Egypt", "North Africa"},
	"Ukraine":               {"Scandinavia", "Northern Europe", "Southern Europe", "Middle East", "Afghanistan", "Ural"},
	"North Africa":          {"Brazil", "Western Europe", "Southern Europe", "Egypt", "East Africa", "Congo"},
	"Egypt":                 {"North Africa", "Southern Europe", "Middle East", "East Africa"},
	"East Africa":           {"Egypt", "North Africa", "Congo", "South Africa", "Madagascar", "Middle East"},
	"Congo":                 {"North Africa", "East Africa", "South Africa"},
	"South Africa":          {"Congo", "East Africa", "Madagascar"},
	"Madagascar":            {"South Africa", "East Africa"},
	"Ural":                  {"Ukraine", "Siberia", "China", "Afghanistan"},
	"Siberia":               {"Ural", "Yakutsk", "Irkutsk", "Mongolia", "China"},
	"Yakutsk":               {"Siberia", "Kamchatka", "Irkutsk"},
	"Kamchatka":             {"Yakutsk", "Irkutsk", "Mongolia", "Japan", "Alaska"},
	"Irkutsk":               {"Siberia", "Yakutsk", "Kamchatka", "Mongolia"},
	"Mongolia":              {"Irkutsk", "Siberia", "Kamchatka", "China", "Japan"},
	"Japan":                 {"Kamchatka", "Mongolia"},
	"Afghanistan":           {"Ukraine", "Ural", "China", "India", "Middle East"},
	"China":                 {"Afghanistan", "Ural", "Siberia", "Mongolia", "Siam", "India"},
	"Middle East":           {"Ukraine", "Afghanistan", "India", "Southern Europe", "Egypt", "East Africa"},
	"India":                 {"Middle East", "Afghanistan", "China", "Siam"},
	"Siam":                  {"India", "China", "Indonesia"},
	"Indonesia":             {"Siam", "New Guinea", "Western Australia"},
	"New Guinea":            {"Indonesia", "Western Australia", "Eastern Australia"},
	"Western Australia":     {"Indonesia", "New Guinea", "Eastern Australia"},
	"Eastern Australia":     {"New Guinea", "Western Australia"},
}

// classic loads the classic map from the embedded rules folder.
func classic(t testing.TB) *Board {
	t.Helper()
	b, err := Classic(assets.Rules())
	if err != nil {
		t.Fatalf("Classic: %v", err)
	}
	return b
}

// byName returns the territory named name, failing the test if none is.
func byName(t testing.TB, b *Board, name string) TerritoryID {
	t.Helper()
	for _, tt := range b.Territories {
		if tt.Name == name {
			return tt.ID
		}
	}
	t.Fatalf("no territory %q", name)
	return 0
}

// names returns the names of ts, sorted.
func names(b *Board, ts []TerritoryID) []string {
	var out []string
	for _, t := range ts {
		out = append(out, b.Territory(t).Name)
	}
	slices.Sort(out)
	return out
}

func TestClassicLinksAreThePublishedOnes(t *testing.T) {
	b := classic(t)
	if have, want := len(b.Territories), 42; have != want {
		t.Fatalf("territories: have %d, want %d", have, want)
	}
	links := 0
	for _, tt := range b.Territories {
		links += len(tt.Links)
		want, ok := classicLinks[tt.Name]
		if !ok {
			t.Errorf("territory %q is not on the classic board", tt.Name)
			continue
		}
		want = slices.Sorted(slices.Values(want))
		if have := names(b, tt.Links); !slices.Equal(have, want) {
			t.Errorf("%s: have links %v, want %v", tt.Name, have, want)
		}
	}
	// The classic board has 83 links.
	if have, want := links/2, 83; have != want {
		t.Errorf("links: have %d, want %d", have, want)
	}
}

// TestClassicContinents checks the six classic continents, their bonuses
// (North America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia
// 2) and their members.
func TestClassicContinents(t *testing.T) {
	b := classic(t)
	want := []struct {
		name    string
		bonus   int
		members []string
	}{
		{"North America", 5, []string{"Alaska", "Alberta", "Central America", "Eastern United States", "Greenland", "Northwest Territory", "Ontario", "Quebec", "Western United States"}},
		{"South America", 2, []string{"Argentina", "Brazil", "Peru", "Venezuela"}},
		{"Europe", 5, []string{"Great Britain", "Iceland", "Northern Europe", "Scandinavia", "Southern Europe", "Ukraine", "Western Europe"}},
		{"Africa", 3, []string{"Congo", "East Africa", "Egypt", "Madagascar", "North Africa", "South Africa"}},
		{"Asia", 7, []string{"Afghanistan", "China", "India", "Irkutsk", "Japan", "Kamchatka", "Middle East", "Mongolia", "Siam", "Siberia", "Ural", "Yakutsk"}},
		{"Australia", 2, []string{"Eastern Australia", "Indonesia", "New Guinea", "Western Australia"}},
	}
	if have := len(b.Continents); have != len(want) {
		t.Fatalf("continents: have %d, want %d", have, len(want))
	}
	for i, w := range want {
		c := b.Continents[i]
		if c.Name != w.name || c.Bonus != w.bonus {
			t.Errorf("continent %d: have %s (bonus %d), want %s (bonus %d)", i+1, c.Name, c.Bonus, w.name, w.bonus)
		}
		if have := names(b, c.Territories); !slices.Equal(have, w.members) {
			t.Errorf("%s: have %v, want %v", w.name, have, w.members)
		}
		for _, m := range c.Territories {
			if have := b.Territory(m).Continent; have != c.ID {
				t.Errorf("%s: continent %d, want %d", b.Territory(m).Name, have, c.ID)
			}
		}
	}
}

// TestClassicTable3 checks the disaster marks against the document's
// Table 3, "Territories potentially affected by natural Disasters":
// 'Quakes in North Africa, Western Australia, Middle East, Kamchatka,
// Southern Europe and Central America; Floods in East Africa, Indonesia,
// Siam, Iceland, Alaska and Brazil.
func TestClassicTable3(t *testing.T) {
	b := classic(t)
	var quakes, floods []string
	for _, tt := range b.Territories {
		if tt.Quake {
			quakes = append(quakes, tt.Name)
		}
		if tt.Flood {
			floods = append(floods, tt.Name)
		}
	}
	slices.Sort(quakes)
	slices.Sort(floods)
	if want := []string{"Central America", "Kamchatka", "Middle East", "North Africa", "Southern Europe", "Western Australia"}; !slices.Equal(quakes, want) {
		t.Errorf("quakes: have %v, want %v", quakes, want)
	}
	if want := []string{"Alaska", "Brazil", "East Africa", "Iceland", "Indonesia", "Siam"}; !slices.Equal(floods, want) {
		t.Errorf("floods: have %v, want %v", floods, want)
	}
}

// TestClassicDrawing checks the drawing: 60 to 90 cells wide, each
// territory in one piece, and the cell borders all classic links, so that
// borders and the file's sea links together give exactly the classic
// links; the links the classic board draws across the sea are not
// borders.
func TestClassicDrawing(t *testing.T) {
	b := classic(t)
	if b.Width < 60 || b.Width > 90 {
		t.Errorf("width %d, want 60 to 90", b.Width)
	}
	land := landLinks(b)
	borders := 0
	for _, tt := range b.Territories {
		if have := pieces(b, tt.ID); have != 1 {
			t.Errorf("%s is drawn in %d pieces, want 1", tt.Name, have)
		}
		for _, o := range land[tt.ID-1] {
			if !slices.Contains(classicLinks[tt.Name], b.Territory(o).Name) {
				t.Errorf("%s and %s share a border but are not linked on the classic board", tt.Name, b.Territory(o).Name)
			}
		}
		borders += len(land[tt.ID-1])
	}
	// 58 borders on land and 25 links across the sea make the 83.
	if have, want := borders/2, 58; have != want {
		t.Errorf("borders: have %d, want %d", have, want)
	}
	for _, sea := range [][2]string{
		{"Alaska", "Kamchatka"}, {"Brazil", "North Africa"}, {"Greenland", "Iceland"},
		{"East Africa", "Middle East"}, {"Siam", "Indonesia"}, {"Great Britain", "Western Europe"},
		{"Japan", "Mongolia"}, {"Madagascar", "East Africa"}, {"New Guinea", "Eastern Australia"},
	} {
		x, y := byName(t, b, sea[0]), byName(t, b, sea[1])
		if slices.Contains(land[x-1], y) || !b.Linked(x, y) {
			t.Errorf("%s-%s: want a sea link, not a border", sea[0], sea[1])
		}
	}
	for _, tt := range b.Territories {
		if d := b.Distances(tt.ID); slices.Contains(d, -1) {
			t.Errorf("from %s some territory cannot be reached", tt.Name)
		}
	}
}
