package game_test

import (
	"reflect"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
)

// TestViewStructures follows player 1 through four turns: a structure is
// shown as it is while its hex is in sight, remembered as last seen when
// it is not (even after it changed hands unseen), seen to change hands
// when the hex comes back into sight, dropped when seen to be gone, and a
// structure that becomes player 1's own is shown as its own and no longer
// remembered. Player 1's own structures show wherever they stand.
func TestViewStructures(t *testing.T) {
	rs := gametest.New()
	s := gametest.Game(rs, viewScenarioMap, 3, 1)
	a := gametest.Army(s, 1, 1, 1, 5)
	farm := s.AddStructure(game.Structure{Kind: 1, Owner: 2, Hex: gametest.At(2, 1)})
	fort := s.AddStructure(game.Structure{Kind: 2, Owner: 2, Hex: gametest.At(1, 2)})
	far := s.AddStructure(game.Structure{Kind: 3, Owner: 2, Hex: gametest.At(7, 5)})
	mine := s.AddStructure(game.Structure{Kind: 1, Owner: 1, Hex: gametest.At(6, 0)})
	game.RecordVision(s, rs)
	v1 := game.NewView(s, 1)

	turn := func(change func()) *game.View {
		game.BeginTurnVision(s)
		s.Turn++
		change()
		game.RecordVision(s, rs)
		return game.NewView(s, 1)
	}
	// Turn 2: A walks away; unseen, player 3 takes the farm.
	v2 := turn(func() {
		s.Army(a).Hex = gametest.At(0, 4)
		s.Structure(farm).Owner = 3
	})
	// Turn 3: A comes back next to the farm; the fort was razed unseen.
	v3 := turn(func() {
		s.Army(a).Hex = gametest.At(1, 1)
		s.RemoveStructures(func(st *game.Structure) bool { return st.ID == fort })
	})
	remembered3 := len(s.Memory[0].Structures)
	// Turn 4: player 1 takes the farm.
	v4 := turn(func() { s.Structure(farm).Owner = 1 })

	find := func(v *game.View, id game.StructureID) *game.StructureView {
		for i := range v.Structures {
			if v.Structures[i].ID == id {
				return &v.Structures[i]
			}
		}
		return nil
	}
	tests := []struct {
		name       string
		have, want any
	}{
		{"in sight as it is", *find(v1, farm), game.StructureView{ID: farm, Kind: 1, Owner: 2, Hex: gametest.At(2, 1), Seen: 1}},
		{"out of sight: absent", find(v1, far) == nil, true},
		{"own, out of sight: shown", *find(v1, mine), game.StructureView{ID: mine, Kind: 1, Owner: 1, Hex: gametest.At(6, 0)}},
		{"left sight: remembered as last seen", *find(v2, farm), game.StructureView{ID: farm, Kind: 1, Owner: 2,
			Hex: gametest.At(2, 1), Seen: 1, Remembered: true}},
		{"fort remembered", find(v2, fort) != nil && find(v2, fort).Remembered, true},
		{"back in sight: the new owner", *find(v3, farm), game.StructureView{ID: farm, Kind: 1, Owner: 3, Hex: gametest.At(2, 1), Seen: 3}},
		{"seen gone: forgotten", find(v3, fort) == nil, true},
		{"memory forgot the fort", remembered3, 1},
		{"now own", *find(v4, farm), game.StructureView{ID: farm, Kind: 1, Owner: 1, Hex: gametest.At(2, 1)}},
		{"own structures are not remembered", len(s.Memory[0].Structures), 0},
	}
	for _, tt := range tests {
		if !reflect.DeepEqual(tt.have, tt.want) {
			t.Errorf("%s: have %+v, want %+v", tt.name, tt.have, tt.want)
		}
	}
	for _, pair := range [][2]*game.View{{v1, v2}, {v2, v3}, {v3, v4}} {
		got, err := game.Apply(pair[0], game.Diff(pair[0], pair[1]))
		if err != nil || !reflect.DeepEqual(got, pair[1]) {
			t.Errorf("Apply(Diff) turn %d -> %d: err %v", pair[0].Turn, pair[1].Turn, err)
		}
	}
}

// TestViewStateRoundTripStructures: on random games with structures, the
// state of a player's view holds what the view shows, structures and
// their sightings included, so the view of that state is the view again.
func TestViewStateRoundTripStructures(t *testing.T) {
	structures := 0
	viewRounds(t, func(t *testing.T, s *game.State, _, views []*game.View) {
		for _, v := range views[1 : len(s.Players)+1] {
			structures += len(v.Structures)
			if have := game.NewView(game.ViewState(v), v.You); !reflect.DeepEqual(have, v) {
				t.Fatalf("turn %d, %s: the view of the view's state differs from the view:\n%+v\n%+v",
					s.Turn, v.You, have.Structures, v.Structures)
			}
		}
	})
	if structures == 0 {
		t.Error("no view showed a structure")
	}
}

// TestAllSeeingStructures: the all-seeing view shows every structure as it
// is, seen this turn (nobody's as its own: Seen 0).
func TestAllSeeingStructures(t *testing.T) {
	rs := gametest.New()
	s := gametest.Game(rs, viewScenarioMap, 2, 1)
	s.Turn = 5
	f := s.AddStructure(game.Structure{Kind: 1, Owner: 2, Hex: gametest.At(2, 1)})
	n := s.AddStructure(game.Structure{Kind: 2, Hex: gametest.At(7, 5)})
	v := game.AllSeeingView(s)
	want := []game.StructureView{{ID: f, Kind: 1, Owner: 2, Hex: gametest.At(2, 1), Seen: 5}, {ID: n, Kind: 2, Hex: gametest.At(7, 5)}}
	if !reflect.DeepEqual(v.Structures, want) {
		t.Errorf("structures %+v, want %+v", v.Structures, want)
	}
	viewRoundTrip(t, v)
}
