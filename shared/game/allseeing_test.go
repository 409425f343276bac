package game_test

import (
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
)

// TestAllSeeingView: the all-seeing view shows every hex in sight with its
// terrain, every army and city as seen this turn, no treasury; it survives
// its own encoding (normal form), and a player's own view is a part of it.
func TestAllSeeingView(t *testing.T) {
	r := gametest.New()
	s := gametest.Game(r, `
. . . . .
 . ^ . ~ .
. . . . .`, 2, 1)
	gametest.Army(s, 1, 0, 0, 3)
	gametest.Army(s, 2, 4, 2, 5)
	s.Players[0].Treasury = 99
	game.RecordVision(s, r)
	v := game.AllSeeingView(s)
	n := s.Map.Rect().Len()
	if v.You != 0 || v.Turn != s.Turn || len(v.Terrain) != n {
		t.Fatalf("view of %d, turn %d, %d hexes; want 0, %d, %d", v.You, v.Turn, len(v.Terrain), s.Turn, n)
	}
	for i := range n {
		if !v.Visible.Has(i) || v.Terrain[i] != s.Map.Terrain[i] {
			t.Fatalf("hex %d: visible %v, terrain %d; want in sight, terrain %d", i, v.Visible.Has(i), v.Terrain[i], s.Map.Terrain[i])
		}
	}
	if len(v.Armies) != len(s.Armies) || len(v.Cities) != len(s.Cities) {
		t.Fatalf("%d armies, %d cities; want %d, %d", len(v.Armies), len(v.Cities), len(s.Armies), len(s.Cities))
	}
	for i, a := range v.Armies {
		sa := s.Armies[i]
		if a.ID != sa.ID || a.Owner != sa.Owner || a.Hex != sa.Hex || a.Units.Total() != sa.Units.Total() || a.Seen != s.Turn {
			t.Errorf("army %d: %+v, want the state's %+v seen on turn %d", i, a, sa, s.Turn)
		}
		if a.Characters != nil {
			t.Errorf("army %d shows its characters", a.ID)
		}
	}
	for _, p := range v.Players {
		if p.Treasury != 0 || p.Stock != nil {
			t.Errorf("player %d's treasury shows: %+v", p.ID, p)
		}
	}
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatal(err)
	}
	back, err := game.DecodeView(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, v) || back.Checksum() != v.Checksum() {
		t.Error("the all-seeing view changes through its encoding: not in normal form")
	}
}
