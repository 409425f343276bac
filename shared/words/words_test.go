package words

import "testing"

// TestPlural: the words ("casualtys", "1 points", "1 move points")
// read as English does.
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		one  string
		want string
	}{
		{1, "point", "1 point"},
		{2, "point", "2 points"},
		{0, "point", "0 points"},
		{1, "move point", "1 move point"},
		{3, "move point", "3 move points"},
		{2, "casualty", "2 casualties"},
		{1, "casualty", "1 casualty"},
		{2, "army", "2 armies"},
		{2, "day", "2 days"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "Trade Good", "2 Trade Goods"},
		{-1, "point", "-1 point"},
	} {
		if have := Plural(c.n, c.one); have != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.one, have, c.want)
		}
	}
}

// TestOf: a name from a game's data is singular for one ("caught 1
// Schmuckers", "Take 1 Flyers" were wrong) and as written otherwise.
func TestOf(t *testing.T) {
	for _, c := range []struct {
		n    int
		name string
		want string
	}{
		{1, "Schmuckers", "1 Schmucker"},
		{4, "Schmuckers", "4 Schmuckers"},
		{1, "Flyers", "1 Flyer"},
		{2, "Flyers", "2 Flyers"},
		{1, "Infantry", "1 Infantry"},
		{1, "Siege", "1 Siege"},
		{1, "Gas", "1 Gas"},
		{1, "Glass", "1 Glass"},
		{1, "Heavy", "1 Heavy"},
		{1, "Trade Goods", "1 Trade Good"},
	} {
		if have := Of(c.n, c.name); have != c.want {
			t.Errorf("Of(%d, %q) = %q, want %q", c.n, c.name, have, c.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{1, "1 city"}, {0, "0 cities"}, {5, "5 cities"}} {
		if have := Count(c.n, "city", "cities"); have != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, have, c.want)
		}
	}
}
