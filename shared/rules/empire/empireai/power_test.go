package empireai

import (
	"math"
	"math/rand/v2"
	"testing"

	"empires/shared/rules/empire"
	"empires/shared/rules/empire/battle"
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

// TestHardProductionWinsBattles checks the ground of hard's production
// (hardStyle): fought out with the battle resolver for the same 120 turns
// of production, Angels beat Spirits, normal's early army, attacking and
// defending, in at least nine battles of ten, where Spirits against
// Spirits win about half.
func TestHardProductionWinsBattles(t *testing.T) {
	d := data(t)
	side := func(name string, p uint8, garrison bool) battle.Side {
		k, ok := d.Kind(name)
		if !ok {
			t.Fatalf("no unit %q", name)
		}
		ut := d.Unit(k)
		var fs []battle.Fighter
		for i := range 120 / ut.Prod {
			fs = append(fs, battle.Fighter{ID: battle.UnitID(int(p)<<8 | i), Kind: k, HP: ut.HP})
		}
		return battle.Side{Player: p, Fighters: fs, Garrison: garrison, CanFlee: !garrison}
	}
	won := func(r battle.Report, attacker bool) bool {
		took := r.Outcome == battle.DefenderFled || r.Outcome == battle.DefenderWiped
		return took == attacker
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	const n = 200
	for _, tt := range []struct {
		me, foe  string
		min, max int
	}{
		{"Angel", "Spirit", n * 9 / 10, n},
		{"Spirit", "Spirit", n * 3 / 10, n * 7 / 10},
	} {
		att, def := 0, 0
		for range n {
			if won(battle.Fight(d, side(tt.me, 1, false), side(tt.foe, 2, false), rnd), true) {
				att++
			}
			if won(battle.Fight(d, side(tt.foe, 2, false), side(tt.me, 1, true), rnd), false) {
				def++
			}
		}
		if att < tt.min || att > tt.max || def < tt.min {
			t.Errorf("%s against %s: %d and %d of %d won attacking and defending, want %d to %d attacking and %d or more defending",
				tt.me, tt.foe, att, def, n, tt.min, tt.max, tt.min)
		}
	}
}
