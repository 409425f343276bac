package board

import (
	"slices"
	"strings"
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

func TestClassicDrawing(t *testing.T) {
	b := classic(t)
	if b.Width < 60 || b.Width > 90 {
		t.Errorf("width %d, want 60 to 90", b.Width)
	}
	land := landLinks(b)
	sea := 0
	for _, tt := range b.Territories {
		if have := pieces(b, tt.ID); have != 1 {
			t.Errorf("%s is drawn in %d pieces, want 1", tt.Name, have)
		}
		sea += len(tt.Links) - len(land[tt.ID-1])
	}
	t.Logf("%d land links, %d sea links", (sum(land))/2, sea/2)
}

func sum(l [][]TerritoryID) int {
	n := 0
	for _, x := range l {
		n += len(x)
	}
	return n
}

func TestClassicPrint(t *testing.T) {
	b := classic(t)
	var s strings.Builder
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			if c := b.Cell(x, y); c != 0 {
				s.WriteByte(b.Territory(c).Key)
			} else {
				s.WriteByte('.')
			}
		}
		s.WriteByte('\n')
	}
	_ = s
}
