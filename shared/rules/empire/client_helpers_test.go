package empire

import (
	"testing"

	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// "After each movement step of each army the observations are recorded.
// Outdated observations are visualized in a "shaded" manner." An army
// leaves an enemy army beside it and goes on out of its sight: at the next turn the
// squares around the army are in sight, the enemy's square is remembered,
// and the sighting of the enemy is outdated a turn later.
func TestInSightAndOutdated(t *testing.T) {
	g := onMap(t, 2, `
.............
.............
.............
.............
1...........2`)
	f := add(t, g, 1, 0, 1, false, "Infantry")
	add(t, g, 2, 1, 1, false, "Infantry")
	v := g.View(1, false).(*View)
	if have, want := v.ObservedTurn(), 1; have != want {
		t.Errorf("turn 1: observed turn %d, want %d", have, want)
	}
	if len(v.Sightings) != 1 || v.Outdated(&v.Sightings[0]) {
		t.Fatalf("turn 1: sightings %+v, want the enemy army in sight", v.Sightings)
	}
	// Two plains a turn, east and down: the army leaves the enemy behind.
	play(t, g, map[Seat][]Order{1: {{Kind: Move, Force: f.ID, Path: path(t, "0,2 0,3 1,3 1,4 2,4 3,4 4,4 5,4 6,4 7,4")}}})
	play(t, g, nil)
	play(t, g, nil)
	v = g.View(1, false).(*View)
	if have, want := v.ObservedTurn(), 4; have != want {
		t.Errorf("turn 4: observed turn %d, want %d", have, want)
	}
	at := g.s.force(f.ID).Pos
	if !v.InSight(at) {
		t.Errorf("the army's own square %v is not in sight", at)
	}
	if v.InSight(grid.Pos{X: 12, Y: 0}) {
		t.Error("a square never seen is in sight")
	}
	if _, known := v.TerrainAt(grid.Pos{X: 12, Y: 0}); known {
		t.Error("a square never seen has a terrain")
	}
	if v.InSight(grid.Pos{X: 1, Y: 1}) {
		t.Error("the enemy's square, left behind, is still in sight")
	}
	if len(v.Sightings) != 1 || !v.Outdated(&v.Sightings[0]) {
		t.Errorf("the sighting left behind: %+v, want one outdated", v.Sightings)
	}
}

// "An infantry unit can move 2 plain squares or 1 forest or mountain
// square. It cannot move in or pass through sea squares." The view's step
// costs follow the army's movement table; a settlement's square costs the
// plains' cost for land units; unknown squares cannot be entered.
func TestStepCost(t *testing.T) {
	g := onMap(t, 2, `
1.^M~.............
..................
..................
..................
.................2`)
	f := add(t, g, 1, 0, 1, false, "Infantry")
	v := g.View(1, false).(*View)
	m := ArmyMovement(g.d, g.s.force(f.ID).Units)
	tests := []struct {
		name string
		have grid.Pos
		cost int
		ok   bool
	}{
		{"a settlement", grid.Pos{X: 0, Y: 0}, 1, true},
		{"plains", grid.Pos{X: 1, Y: 0}, 1, true},
		{"forest", grid.Pos{X: 2, Y: 0}, 2, true},
		{"mountain", grid.Pos{X: 3, Y: 0}, 2, true},
		{"sea", grid.Pos{X: 4, Y: 0}, 0, false},
		{"unknown", grid.Pos{X: 17, Y: 4}, 0, false},
	}
	for _, tc := range tests {
		cost, ok := v.StepCost(m, tc.have)
		if cost != tc.cost || ok != tc.ok {
			t.Errorf("%s: cost %d %t, want %d %t", tc.name, cost, ok, tc.cost, tc.ok)
		}
	}
}

// "An army moves square by square": the mp it has each turn pays for the
// squares it enters; a square it cannot afford waits for the next turn.
func TestPathTurns(t *testing.T) {
	two := Movement{MP: 2}
	tests := []struct {
		name  string
		have  []int
		want  int
		mover Movement
	}{
		{"nothing", nil, 0, two},
		{"two plains", []int{1, 1}, 1, two},
		{"three plains", []int{1, 1, 1}, 2, two},
		{"plain then forest", []int{1, 2}, 2, two},
		{"forest, forest", []int{2, 2}, 2, two},
		{"sea", []int{1, 0}, -1, two},
		{"dearer than the mp", []int{3}, -1, two},
	}
	for _, tc := range tests {
		if have := PathTurns(tc.mover, tc.have); have != tc.want {
			t.Errorf("%s: %d turns, want %d", tc.name, have, tc.want)
		}
	}
}

// "towns: 100% production rate", "cities: 150% production rate": an
// Infantry (prod 5) takes 5 turns in a town and 4 in a city (150 a turn
// towards 500); with 300 done, 2 turns in either.
func TestProductionTurns(t *testing.T) {
	g := onMap(t, 2, "1....\n.....\n....2")
	inf := g.d.Unit(kind(t, g, "Infantry"))
	tests := []struct {
		name string
		city bool
		done int
		want int
	}{
		{"town", false, 0, 5},
		{"city", true, 0, 4},
		{"town, 300 done", false, 300, 2},
		{"city, 300 done", true, 300, 2},
	}
	for _, tc := range tests {
		if have := ProductionTurns(&g.d.Game, tc.city, inf, tc.done); have != tc.want {
			t.Errorf("%s: %d turns, want %d", tc.name, have, tc.want)
		}
	}
	if have := ProductionTurns(&dat.Game{}, false, inf, 0); have != -1 {
		t.Errorf("no production rate: %d turns, want -1", have)
	}
}
