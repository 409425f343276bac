package empireai

import (
	"math"
	"testing"

	"empires/shared/rules/empire"
)

// TestPower checks the power model the plans compare armies with: dice
// and hit points, three times for a flier, half for a unit that cannot
// attack fliers; a sighting valued by its hit points, a neutral garrison
// as game.dat makes it ("neutral.garrison Infantry").
func TestPower(t *testing.T) {
	d := data(t)
	unit := func(name string) float64 {
		k, ok := d.Kind(name)
		if !ok {
			t.Fatalf("no unit %q", name)
		}
		return kindPower(d.Unit(k), d.Unit(k).HP)
	}
	for _, tt := range []struct {
		name string
		have float64
		want float64
	}{
		{"Infantry", unit("Infantry"), 1},
		{"Cavalry", unit("Cavalry"), 4},
		{"Archer", unit("Archer"), 2},
		{"Spirit", unit("Spirit"), 7.5},
		{"Angel", unit("Angel"), 48},
		{"a neutral Infantry", sightingPower(d, &empire.Sighting{Owner: 0, Units: 1, HP: 1, MaxHP: 1}), 1},
		{"an enemy unit of 1 hp", sightingPower(d, &empire.Sighting{Owner: 2, Units: 1, HP: 1, MaxHP: 1}), typicalPower(d, 1)},
		{"an enemy of 4 units of 4 hp, half wounded", sightingPower(d, &empire.Sighting{Owner: 2, Units: 4, HP: 8, MaxHP: 16}), 2 * typicalPower(d, 4)},
		{"a neutral garrison larger than game.dat's", sightingPower(d, &empire.Sighting{Owner: 0, Units: 2, HP: 2, MaxHP: 2}), 2 * typicalPower(d, 1)},
	} {
		if math.Abs(tt.have-tt.want) > 1e-9 {
			t.Errorf("%s: power %v, want %v", tt.name, tt.have, tt.want)
		}
	}
	if p := typicalPower(d, 1); p <= unit("Infantry") || p >= unit("Spirit") {
		t.Errorf("the typical unit of 1 hp has power %v, want between an Infantry's and a Spirit's", p)
	}
}
