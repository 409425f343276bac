package art

import "testing"

// TestDecorOf checks that a terrain's decor follows its id and flags, so
// a renamed or modded terrain still gets a fitting one.
func TestDecorOf(t *testing.T) {
	for _, tc := range []struct {
		id            string
		naval, accent bool
		want          Decor
	}{
		{"open", false, false, DecorGrass},
		{"grasslands", false, true, DecorSpots},
		{"woods", false, false, DecorTrees},
		{"Dark_Forest", false, false, DecorTrees},
		{"jungle", false, true, DecorTrees},
		{"mountains", false, false, DecorPeaks},
		{"Hills", false, false, DecorPeaks},
		{"water", true, false, DecorWaves},
		{"flux", true, false, DecorWaves}, // a renamed sea is still water
		{"asteroid_belt", false, false, DecorGrass},
	} {
		if have := DecorOf(tc.id, tc.naval, tc.accent); have != tc.want {
			t.Errorf("DecorOf(%q, %v, %v) = %d, want %d", tc.id, tc.naval, tc.accent, have, tc.want)
		}
	}
}

// TestIconOf checks that every icon is found by its name and that an
// unknown name gets the plain mark.
func TestIconOf(t *testing.T) {
	for i := IconNone + 1; i < NumIcons; i++ {
		if have, ok := IconOf(i.String()); have != i || !ok {
			t.Errorf("IconOf(%q) = %v, %v; want %v, true", i.String(), have, ok, i)
		}
	}
	for _, name := range []string{"", "unicorn", "Infantry", "none"} {
		if have, ok := IconOf(name); have != IconNone || ok {
			t.Errorf("IconOf(%q) = %v, %v; want the plain mark, false", name, have, ok)
		}
	}
}
