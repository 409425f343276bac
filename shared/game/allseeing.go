package game

import "slices"

// AllSeeingView returns a view of s that sees everything: every hex's
// terrain in sight, every army, city and structure as a player sees those
// in sight
// (owner, hex, units, level; not what armies carry, nor the players'
// treasuries). It is the view of an all-seeing spectator and of a replay
// watched from above. You is 0.
func AllSeeingView(s *State) *View {
	v := NewView(s, 0) // the players' public data, the sizes; nothing seen
	if s.Map == nil {
		return v
	}
	n := s.Map.Rect().Len()
	v.Terrain = slices.Clone(s.Map.Terrain[:n])
	for i := range v.Visible {
		v.Visible[i] = ^uint64(0)
	}
	if tail := n % 64; tail != 0 {
		v.Visible[len(v.Visible)-1] = 1<<tail - 1
	}
	seen := func(owner PlayerID) Turn {
		if owner == 0 {
			return 0 // as NewView has player 0's own
		}
		return s.Turn
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		var units Units
		if len(a.Units) > 0 {
			units = slices.Clone(a.Units)
		}
		v.Armies = append(v.Armies, ArmyView{ID: a.ID, Owner: a.Owner, Hex: a.Hex, Naval: a.Naval,
			Units: units, NumCharacters: int32(len(a.Characters)), Seen: seen(a.Owner)})
	}
	for i := range s.Cities {
		c := &s.Cities[i]
		v.Cities = append(v.Cities, CityView{ID: c.ID, Owner: c.Owner, Hex: c.Hex, Level: c.Level,
			Capital: c.Capital, Seen: seen(c.Owner)})
	}
	for i := range s.Structures {
		st := &s.Structures[i]
		v.Structures = append(v.Structures, StructureView{ID: st.ID, Kind: st.Kind, Owner: st.Owner, Hex: st.Hex,
			Seen: seen(st.Owner)})
	}
	return v
}
