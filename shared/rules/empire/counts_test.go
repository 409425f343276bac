package empire

import (
	"maps"
	"testing"
)

// TestCounts: Counts tells the armies from the garrisons, counts every
// settlement (neutral ones too) and the units of every force.
func TestCounts(t *testing.T) {
	g := onMap(t, 2, `
1....t
......
.....2`)
	add(t, g, 1, 1, 0, false, "Infantry", "Cavalry")
	add(t, g, 1, 2, 1, false, "Infantry")
	add(t, g, 2, 5, 2, true, "Infantry", "Infantry", "Archer")
	have := g.Counts()
	want := map[string]int{"armies": 2, "garrisons": 1, "settlements": 3, "units": 6}
	if !maps.Equal(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
}
