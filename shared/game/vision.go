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
// enemy armies and other players' cities and structures on visible hexes
// are remembered as sighted this turn, and sightings on visible hexes whose
// army, city or structure is no longer there (or is now the player's own)
// are dropped. Structures give no sight of their own: a ruleset lends them
// some through ExtraSight. Movement calls it after every step, so an army
// sees what it passes.
//
// It runs in O(players * (armies + cities + structures + sightings)) plus the hexes in
// sight, which it marks a row of hexes at a time; sighting lists are
// updated in place, allocating only for newly sighted entities and changed
// unit lists.
func RecordVision(s *State, rs Ruleset) {
	if s.Map == nil {
		return
	}
	r := s.Map.Rect()
	for i := range s.Memory {
		s.Memory[i].Visible.Clear()
	}
	for i := range s.Cities {
		c := &s.Cities[i]
		if p := c.Owner; p != 0 && int(p) <= len(s.Memory) {
			markSight(s.Memory[p-1].Visible, r, c.Hex, rs.CitySight(s, c))
		}
	}
	for i := range s.Armies {
		a := &s.Armies[i]
		if p := a.Owner; p != 0 && int(p) <= len(s.Memory) {
			markSight(s.Memory[p-1].Visible, r, a.Hex, rs.Sight(s, a))
		}
	}
	for i := range s.Players {
		if i >= len(s.Memory) {
			break
		}
		for _, h := range rs.ExtraSight(s, s.Players[i].ID) {
			s.Memory[i].Visible.Set(r.Index(h))
		}
	}

	// Each army's, city's and structure's owner, ID and hex index,
	// computed once in small arrays that the loop over players reads
	// sixteen times.
	na, nc, ns := len(s.Armies), len(s.Cities), len(s.Structures)
	at := make([]int32, na+nc+ns)
	ids := make([]uint32, na+nc+ns)
	owners := make([]PlayerID, na+nc+ns)
	for i := range s.Armies {
		a := &s.Armies[i]
		at[i], ids[i], owners[i] = int32(r.Index(a.Hex)), uint32(a.ID), a.Owner
	}
	for i := range s.Cities {
		c := &s.Cities[i]
		at[na+i], ids[na+i], owners[na+i] = int32(r.Index(c.Hex)), uint32(c.ID), c.Owner
	}
	for i := range s.Structures {
		st, k := &s.Structures[i], na+nc+i
		at[k], ids[k], owners[k] = int32(r.Index(st.Hex)), uint32(st.ID), st.Owner
	}
	var sel []int32
	for i := range s.Memory {
		pid := PlayerID(i + 1)
		m := &s.Memory[i]
		m.Seen.Union(m.Visible)
		m.Known.Union(m.Visible)
		sel = inSight(sel[:0], m.Visible, pid, owners[:na], at[:na])
		m.Armies = updateArmySightings(s, r, m.Visible, m.Armies, sel, ids[:na])
		sel = inSight(sel[:0], m.Visible, pid, owners[na:na+nc], at[na:na+nc])
		m.Cities = updateCitySightings(s, r, pid, m.Visible, m.Cities, sel, ids[na:na+nc])
		if ns > 0 || len(m.Structures) > 0 {
			sel = inSight(sel[:0], m.Visible, pid, owners[na+nc:], at[na+nc:])
			m.Structures = updateStructureSightings(s, r, pid, m.Visible, m.Structures, sel, ids[na+nc:])
		}
	}
}

// inSight appends to sel the indexes k of the entities not owned by pid
// whose hex index at[k] is in vis.
func inSight(sel []int32, vis Bitset, pid PlayerID, owners []PlayerID, at []int32) []int32 {
	for k, i := range at {
		if owners[k] != pid && i >= 0 && int(i>>6) < len(vis) && vis[i>>6]&(1<<(uint32(i)&63)) != 0 {
			sel = append(sel, int32(k))
		}
	}
	return sel
}

// markSight adds to vis every hex of r within radius of center: for each
// row of the disc, one run of consecutive indexes.
func markSight(vis Bitset, r hex.Rect, center hex.Hex, radius int) {
	// No hex of r is farther than this from center: a larger radius marks
	// the same hexes (and must not overflow the sums below).
	radius = min(radius, r.Width+r.Height+sightAbs(center.Q)+sightAbs(center.R))
	for dr := max(-radius, -center.R); dr <= radius && center.R+dr < r.Height; dr++ {
		row := center.R + dr
		// On this row the disc holds the hexes with dq in
		// [max(-radius, -radius-dr), min(radius, radius-dr)]; in odd-r
		// offset columns that is a run shifted by the row's offset.
		shift := (row - row&1) / 2
		lo := center.Q + max(-radius, -radius-dr) + shift
		hi := center.Q + min(radius, radius-dr) + shift
		lo, hi = max(lo, 0), min(hi, r.Width-1)
		if lo <= hi {
			setRange(vis, row*r.Width+lo, row*r.Width+hi+1)
		}
	}
}

// setRange adds the indexes lo..hi-1 (0 <= lo < hi) to b, a word at a
// time.
func setRange(b Bitset, lo, hi int) {
	last := (hi - 1) >> 6
	if last >= len(b) {
		if last = len(b) - 1; lo>>6 > last {
			return
		}
		hi = (last + 1) << 6
	}
	for w := lo >> 6; w <= last; w++ {
		mask := ^uint64(0)
		if w == lo>>6 {
			mask <<= uint(lo) & 63
		}
		if w == last && hi&63 != 0 {
			mask &= uint64(1)<<(uint(hi)&63) - 1
		}
		b[w] |= mask
	}
}

// updateArmySightings returns list updated in place: the armies at the
// indexes sel of s.Armies (the enemy armies in sight, in ID order) are
// remembered as they are now, and the other sightings on visible hexes
// whose army is no longer there are dropped.
func updateArmySightings(s *State, r hex.Rect, vis Bitset, list []Sighting, sel []int32, ids []uint32) []Sighting {
	// Forward pass: update and compact the existing sightings, counting the
	// armies in sight that have none yet.
	w, j, added := 0, 0, 0
	for i := range list {
		sg := &list[i]
		id := uint32(sg.Army)
		for j < len(sel) && ids[sel[j]] < id {
			added++
			j++
		}
		if j < len(sel) && ids[sel[j]] == id {
			a := &s.Armies[sel[j]]
			j++
			sg.Owner, sg.Hex, sg.Naval, sg.Characters, sg.Turn = a.Owner, a.Hex, a.Naval, int32(len(a.Characters)), s.Turn
			if !slices.Equal(sg.Units, a.Units) {
				sg.Units = slices.Clone(a.Units)
			}
		} else if vis.Has(r.Index(sg.Hex)) {
			if a := s.Army(sg.Army); a == nil || a.Hex != sg.Hex {
				continue // seen to be gone
			}
		}
		if w != i {
			list[w] = *sg
		}
		w++
	}
	added += len(sel) - j
	clear(list[w:])
	list = list[:w]
	if added == 0 {
		return list
	}
	// Backward pass: merge in the new sightings from the end, in place.
	n := w + added
	list = slices.Grow(list, added)[:n]
	i, k := w-1, n-1
	for j = len(sel) - 1; j >= 0; {
		id := ArmyID(ids[sel[j]])
		switch {
		case i >= 0 && list[i].Army > id:
			list[k] = list[i]
			i--
		case i >= 0 && list[i].Army == id: // updated above
			list[k] = list[i]
			i--
			j--
		default:
			a := &s.Armies[sel[j]]
			list[k] = Sighting{Army: a.ID, Owner: a.Owner, Hex: a.Hex, Naval: a.Naval,
				Units: slices.Clone(a.Units), Characters: int32(len(a.Characters)), Turn: s.Turn}
			j--
		}
		k--
	}
	return list
}

// updateCitySightings is updateArmySightings for the cities of other
// players in sight of player pid; a sighting on a visible hex is dropped
// when its city is gone or now belongs to pid.
func updateCitySightings(s *State, r hex.Rect, pid PlayerID, vis Bitset, list []CitySighting, sel []int32, ids []uint32) []CitySighting {
	return updateSightings(list, sel, ids, vis, r, citySightings{s, pid})
}

// updateStructureSightings is updateCitySightings for structures.
func updateStructureSightings(s *State, r hex.Rect, pid PlayerID, vis Bitset, list []StructureSighting, sel []int32, ids []uint32) []StructureSighting {
	return updateSightings(list, sel, ids, vis, r, structureSightings{s, pid})
}

// sightingKind is what updateSightings needs to know of a kind of
// sighting T: a sighting's ID and hex, the sighting of entity k (an index
// into the state's list) as it is now, and whether a sighting on a hex in
// sight is stale (its entity is gone, or is now the player's own).
type sightingKind[T any] interface {
	key(T) (uint32, hex.Hex)
	now(k int32) T
	stale(T) bool
}

// citySightings is the sightingKind of cities for player pid.
type citySightings struct {
	s   *State
	pid PlayerID
}

func (c citySightings) key(cs CitySighting) (uint32, hex.Hex) { return uint32(cs.City), cs.Hex }

func (c citySightings) now(k int32) CitySighting {
	x := &c.s.Cities[k]
	return CitySighting{City: x.ID, Owner: x.Owner, Hex: x.Hex, Level: x.Level, Capital: x.Capital, Turn: c.s.Turn}
}

func (c citySightings) stale(cs CitySighting) bool {
	x := c.s.City(cs.City)
	return x == nil || x.Owner == c.pid
}

// structureSightings is the sightingKind of structures for player pid.
type structureSightings struct {
	s   *State
	pid PlayerID
}

func (c structureSightings) key(ss StructureSighting) (uint32, hex.Hex) {
	return uint32(ss.Structure), ss.Hex
}

func (c structureSightings) now(k int32) StructureSighting {
	x := &c.s.Structures[k]
	return StructureSighting{Structure: x.ID, Kind: x.Kind, Owner: x.Owner, Hex: x.Hex, Turn: c.s.Turn}
}

func (c structureSightings) stale(ss StructureSighting) bool {
	x := c.s.Structure(ss.Structure)
	return x == nil || x.Owner == c.pid || x.Hex != ss.Hex
}

// updateSightings returns list, sightings of entities that never move
// (cities, structures) sorted by ID, updated in place: the entities at the
// indexes sel (those of other players in sight, in ID order; ids[k] is the
// ID of entity k) are remembered as they are now, and the other sightings
// on visible hexes are dropped when stale.
func updateSightings[T any, K sightingKind[T]](list []T, sel []int32, ids []uint32, vis Bitset, r hex.Rect, kind K) []T {
	w, j, added := 0, 0, 0
	for i := range list {
		x := list[i]
		id, at := kind.key(x)
		for j < len(sel) && ids[sel[j]] < id {
			added++
			j++
		}
		if j < len(sel) && ids[sel[j]] == id {
			x = kind.now(sel[j])
			j++
		} else if vis.Has(r.Index(at)) && kind.stale(x) {
			continue
		}
		list[w] = x
		w++
	}
	added += len(sel) - j
	list = list[:w]
	if added == 0 {
		return list
	}
	// Merge in the new sightings from the end, in place.
	n := w + added
	list = slices.Grow(list, added)[:n]
	i, k := w-1, n-1
	for j = len(sel) - 1; j >= 0; {
		id := ids[sel[j]]
		var have uint32
		if i >= 0 {
			have, _ = kind.key(list[i])
		}
		switch {
		case i >= 0 && have > id:
			list[k] = list[i]
			i--
		case i >= 0 && have == id:
			list[k] = list[i]
			i--
			j--
		default:
			list[k] = kind.now(sel[j])
			j--
		}
		k--
	}
	return list
}

func sightAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
