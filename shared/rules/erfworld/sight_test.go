package erfworld

import (
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
)

// TestSight: "Cities automatically report on units and terrain in the
// surrounding 6 hexes at the start of each turn", "Armies automatically
// report on units and terrain in the surrounding 6 hexes at the start of
// each turn" and "Fleets automatically reveal units and terrain in the
// surrounding 6 hexes at the start of the turn": an enemy next to one of
// them is seen, one two hexes away is not (no Flyers scout here).
func TestSight(t *testing.T) {
	w := newArmyWorld(t, 1, 2,
		". . . . . . . . . . ~ ~ ~ ~",
		" . . . . . . . . . . ~ ~ ~ ~",
		". . . . . . . . . . ~ ~ ~ ~",
		" . . . . . . . . . . ~ ~ ~ ~",
		". . . . . . . . . . ~ ~ ~ ~",
	)
	type watcher struct {
		name string
		at   hex.Hex
	}
	w.city(1, w.at(1, 2), false)
	w.led(1, w.at(5, 2), w.units(1, 0, 0, 0))
	w.fleet(1, w.at(12, 2))
	watchers := []watcher{{"a city", w.at(1, 2)}, {"an army", w.at(5, 2)}, {"a fleet", w.at(12, 2)}}
	var near, far []game.ArmyID
	for _, x := range watchers {
		n := x.at.Neighbor(hex.NorthEast)
		f := n.Neighbor(hex.NorthEast)
		naval := x.name == "a fleet"
		near = append(near, w.s.AddArmy(game.Army{Owner: 2, Hex: n, Naval: naval}))
		far = append(far, w.s.AddArmy(game.Army{Owner: 2, Hex: f, Naval: naval}))
	}
	game.RecordVision(w.s, w.r)
	for i, x := range watchers {
		if _, ok := findSighting(w.s.Memory[0].Armies, near[i]); !ok {
			t.Errorf("%s does not report the enemy on a neighbouring hex", x.name)
		}
		if _, ok := findSighting(w.s.Memory[0].Armies, far[i]); ok {
			t.Errorf("%s reports an enemy two hexes away", x.name)
		}
		for _, n := range x.at.Neighbors() {
			if !w.s.Memory[0].Known.Has(w.s.Map.Rect().Index(n)) {
				t.Errorf("%s does not report the terrain of its neighbour %s", x.name, n)
			}
		}
	}
}
