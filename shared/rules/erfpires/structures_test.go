package erfpires

import (
	"strings"
	"testing"

	"empires/shared/game"
)

// TestStructuresUnderEnemyArmies: CHOICE (structure.enemy_army): an army
// that ends a day on another player's structure razes a Farm and captures
// a Fort or a Dinglehoober; both players are told; an army on its own
// player's structure, or one just passing over, changes nothing.
func TestStructuresUnderEnemyArmies(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 11, 0)
	addCity(r, s, 2, 0, 5)
	farm := addStructure(t, r, s, 2, "farm", 4, 1)
	fort := addStructure(t, r, s, 2, "fort", 4, 3)
	ding := addStructure(t, r, s, 2, "dinglehoober", 8, 3)
	passed := addStructure(t, r, s, 2, "farm", 7, 1)
	mine := addStructure(t, r, s, 1, "fort", 9, 5)
	a := addArmy(t, r, s, 1, 3, 1, "1 infantry")
	b := addArmy(t, r, s, 1, 3, 3, "1 infantry")
	c := addArmy(t, r, s, 1, 7, 3, "1 infantry")
	d := addArmy(t, r, s, 1, 6, 1, "1 infantry")
	addArmy(t, r, s, 1, 9, 5, "1 infantry") // on its own fort
	// One order a day: each army moves on its own day.
	for _, o := range []game.Order{moveOrder(s, a, "4,1"), moveOrder(s, b, "4,3"), moveOrder(s, c, "8,3"), moveOrder(s, d, "7,1 8,1")} {
		day(t, r, s, map[game.PlayerID][]game.Order{1: {onDay(o, s.Turn)}})
	}
	day(t, r, s, map[game.PlayerID][]game.Order{1: {}})
	tests := []struct {
		name      string
		id        game.StructureID
		gone      bool
		wantOwner game.PlayerID
	}{
		{"a Farm is razed", farm, true, 0},
		{"a Fort is captured", fort, false, 1},
		{"a Dinglehoober is captured", ding, false, 1},
		{"an army passing over a farm", passed, false, 2},
		{"an army on its own fort", mine, false, 1},
	}
	for _, tt := range tests {
		st := s.Structure(tt.id)
		if tt.gone != (st == nil) || (st != nil && st.Owner != tt.wantOwner) {
			t.Errorf("%s: %+v", tt.name, st)
		}
	}
	// The events of one day: a farm razed, told to both.
	_, s2 := scenario(t, plainMap, 2)
	addCity(r, s2, 1, 11, 0)
	addCity(r, s2, 2, 0, 5)
	addStructure(t, r, s2, 2, "farm", 4, 1)
	x := addArmy(t, r, s2, 1, 3, 1, "1 infantry")
	ev := day(t, r, s2, map[game.PlayerID][]game.Order{1: {moveOrder(s2, x, "4,1")}})
	taken, lost := eventsOf(ev, EventStructureTaken, 1), eventsOf(ev, EventStructureLost, 2)
	if len(taken) != 1 || len(lost) != 1 || taken[0].Amount != 2 || lost[0].Amount != 1 || lost[0].To != at(4, 1) ||
		!strings.Contains(lost[0].Text, "razed your Farm") {
		t.Errorf("events %+v %+v", taken, lost)
	}
	if len(ev.For(s2, 2)) == 0 || !containsKind(ev.For(s2, 2), EventStructureLost) {
		t.Error("player 2 is not told it lost its farm")
	}
}

func containsKind(list []game.Event, k game.EventKind) bool {
	for _, e := range list {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// TestStructuresSeen: farms, forts and Dinglehoobers are seen by the
// players who see their hex, and remembered as last seen when out of
// sight; a Fort (sight 1) lets its owner see the hexes around it, a Farm
// (sight 0) only its own.
func TestStructuresSeen(t *testing.T) {
	r, s := scenario(t, plainMap, 2)
	addCity(r, s, 1, 1, 1)
	addCity(r, s, 2, 10, 5)
	farm := addStructure(t, r, s, 1, "farm", 2, 1)
	fort := addStructure(t, r, s, 1, "fort", 5, 2)
	scout := addArmy(t, r, s, 2, 3, 2, "1 infantry") // next to the farm at 2,1
	find := func(p game.PlayerID, id game.StructureID) *game.StructureView {
		v := game.NewView(s, p)
		for i := range v.Structures {
			if v.Structures[i].ID == id {
				return &v.Structures[i]
			}
		}
		return nil
	}
	if f := find(2, farm); f == nil || f.Owner != 1 || f.Remembered {
		t.Fatalf("player 2 next to the farm: %+v", f)
	}
	if find(2, fort) != nil {
		t.Fatal("player 2 sees a fort out of its sight")
	}
	if !visible(s, 1, at(5, 2)) || !visible(s, 1, at(6, 2)) || visible(s, 1, at(7, 2)) {
		t.Errorf("the fort's sight: 5,2 %v, 6,2 %v (want both), 7,2 %v (want not)",
			visible(s, 1, at(5, 2)), visible(s, 1, at(6, 2)), visible(s, 1, at(7, 2)))
	}
	if visible(s, 1, at(3, 0)) { // next to the farm, 2 hexes from the city
		t.Error("the farm gives sight beyond its hex")
	}
	day(t, r, s, map[game.PlayerID][]game.Order{2: {moveOrder(s, scout, "4,2")}})
	if f := find(2, farm); f == nil || !f.Remembered || f.Seen != 1 {
		t.Errorf("the farm out of sight: %+v, want remembered as seen on day 1", f)
	}
	if f := find(2, fort); f == nil || f.Remembered || f.Kind != kindOf(t, r, "fort") {
		t.Errorf("the fort in sight now: %+v", f)
	}
}
