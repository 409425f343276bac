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
