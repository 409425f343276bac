package game

import (
	"slices"

	"empires/shared/hex"
)

// BeginTurnVision starts a turn's fog of war: it forgets which hexes were
// seen during the last turn. Resolve calls it before the first phase.
func BeginTurnVision(s *State) {
	for i := range s.Memory {
		s.Memory[i].Seen.Clear()
	}
}

// RecordVision records what every player sees now: each live player's
// Visible set is recomputed from its cities, armies (fleets included) and
// the ruleset's extra sight, added to Seen (this turn) and Known (ever);
// enemy armies and other players' cities on visible hexes are remembered as
// sighted this turn, and sightings on visible hexes whose army or city is no
// longer there are dropped. Movement calls it after every step, so an army
// sees what it passes.
func RecordVision(s *State, rs Ruleset) {
	r := s.Map.Rect()
	for i := range s.Memory {
		m := &s.Memory[i]
		m.Visible.Clear()
	}
	mark := func(p PlayerID, center hex.Hex, radius int) {
		if p == 0 || int(p) > len(s.Memory) {
			return
		}
		vis := s.Memory[p-1].Visible
		for _, h := range hex.Spiral(center, radius) {
			vis.Set(r.Index(h))
		}
	}
	for i := range s.Cities {
		c := &s.Cities[i]
		mark(c.Owner, c.Hex, rs.CitySight(s, c))
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		mark(a.Owner, a.Hex, rs.Sight(s, a))
	}
	for i := range s.Players {
		p := s.Players[i].ID
		for _, h := range rs.ExtraSight(s, p) {
			s.Memory[i].Visible.Set(r.Index(h))
		}
	}
	for i := range s.Memory {
		pid := PlayerID(i + 1)
		m := &s.Memory[i]
		m.Seen.Union(m.Visible)
		m.Known.Union(m.Visible)
		// Drop sightings the player can now see are stale.
		m.Armies = slices.DeleteFunc(m.Armies, func(sg Sighting) bool {
			if !m.Visible.Has(r.Index(sg.Hex)) {
				return false
			}
			a := s.Army(sg.Army)
			return a == nil || a.Hex != sg.Hex
		})
		for k := range s.Armies {
			a := &s.Armies[k]
			if a.Owner == pid || !m.Visible.Has(r.Index(a.Hex)) {
				continue
			}
			m.Armies = upsertSighting(m.Armies, Sighting{
				Army: a.ID, Owner: a.Owner, Hex: a.Hex, Naval: a.Naval,
				Units: slices.Clone(a.Units), Characters: int32(len(a.Characters)), Turn: s.Turn,
			})
		}
		m.Cities = slices.DeleteFunc(m.Cities, func(cs CitySighting) bool {
			if !m.Visible.Has(r.Index(cs.Hex)) {
				return false
			}
			c := s.City(cs.City)
			return c == nil || c.Owner == pid
		})
		for k := range s.Cities {
			c := &s.Cities[k]
			if c.Owner == pid || !m.Visible.Has(r.Index(c.Hex)) {
				continue
			}
			m.Cities = upsertCitySighting(m.Cities, CitySighting{
				City: c.ID, Owner: c.Owner, Hex: c.Hex, Level: c.Level, Capital: c.Capital, Turn: s.Turn,
			})
		}
	}
}

func upsertSighting(list []Sighting, sg Sighting) []Sighting {
	i, ok := slices.BinarySearchFunc(list, sg.Army, func(x Sighting, id ArmyID) int { return cmpID(x.Army, id) })
	if ok {
		list[i] = sg
		return list
	}
	return slices.Insert(list, i, sg)
}

func upsertCitySighting(list []CitySighting, cs CitySighting) []CitySighting {
	i, ok := slices.BinarySearchFunc(list, cs.City, func(x CitySighting, id CityID) int { return cmpID(x.City, id) })
	if ok {
		list[i] = cs
		return list
	}
	return slices.Insert(list, i, cs)
}
