package game

import (
	"slices"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// ViewState returns a State holding exactly what view v shows, for running
// the engine's and the ruleset's fog-safe functions (ValidateOrders,
// MovePoints, StepCost, hex.Path over StepCost, ...) on the client, which
// holds only its view. The state shares no memory with v; v is not changed.
//
// What it holds:
//
//   - Map: v's size and terrain, rulesfile.NoTerrain on the hexes You never saw.
//   - Players: every player's public data; You's Treasury and Stock.
//   - Armies: You's own in full but for Flags, which a view does not carry
//     (rulesets clear their per-turn flags at the end of a turn, so none
//     are set between turns anyway; scout bits only widen sight). The
//     other players' armies in sight with their Owner, Hex, Naval and Units,
//     and as many zero Characters as their NumCharacters, standing for
//     characters the view does not describe; never a Carrier or a Stance.
//   - Remembered armies (seen before, out of sight now) are not armies of
//     the state: where they are now is unknown, and an army in Armies is
//     one the engine takes to be there. They are sightings in You's Memory,
//     as on the server, so ValidateOrder knows of them ("army 31 is not
//     yours" rather than "does not exist") and an OrderAttack may target
//     them.
//   - Cities: You's own, the others in sight, and the remembered others
//     where they were last seen (cities do not move), with their last known
//     owner and level.
//   - Structures: like cities, You's own, the others in sight and the
//     remembered others where they were last seen.
//   - Memory of You: Known is the hexes whose terrain v shows, Seen and
//     Visible are v.Visible, and a sighting of every army, city and
//     structure of another player that v shows (on v's turn for those in sight, on the
//     turn last seen for the others). The other players' memories are empty
//     sets of the map's size.
//   - Turn, Ruleset, Over and Winner of v; NextID the highest ID v shows
//     (armies, cities, characters, structures), so NewID never returns one
//     of them;
//     Seed and RNG zero.
//
// With these choices ValidateOrders(ViewState(NewView(s, p)), rs, p, orders)
// gives the same errors as ValidateOrders(s, rs, p, orders) for a ruleset
// whose validation uses only what p may know, and NewView(ViewState(v),
// v.You) equals v for a view made by NewView. A city p remembers that has
// since left the map is "not yours" on both (see OwnCity).
func ViewState(v *View) *State {
	s := &State{Format: FormatVersion, Ruleset: v.Ruleset, Turn: v.Turn, Over: v.Over, Winner: v.Winner}
	r := hex.Rect{Width: max(v.Width, 0), Height: max(v.Height, 0)}
	n := r.Len()
	m := &hexmap.Map{Width: r.Width, Height: r.Height, Terrain: make([]rulesfile.TerrainID, n)}
	copy(m.Terrain, v.Terrain)
	for i := len(v.Terrain); i < n; i++ {
		m.Terrain[i] = rulesfile.NoTerrain
	}
	s.Map = m

	maxID := uint32(0)
	seen := func(id uint32) { maxID = max(maxID, id) }

	s.Players = make([]Player, len(v.Players))
	s.Memory = make([]Memory, len(v.Players))
	for i := range v.Players {
		pv := &v.Players[i]
		s.Players[i] = Player{ID: pv.ID, Name: pv.Name, Alive: pv.Alive, EliminatedTurn: pv.EliminatedTurn,
			Treasury: pv.Treasury, Stock: slices.Clone(pv.Stock)}
		s.Memory[i] = Memory{Known: NewBitset(n), Seen: NewBitset(n), Visible: NewBitset(n)}
	}
	var mem *Memory
	if v.You >= 1 && int(v.You) <= len(s.Memory) {
		mem = &s.Memory[v.You-1]
		for i, t := range m.Terrain {
			if t != rulesfile.NoTerrain {
				mem.Known.Set(i)
			}
		}
		copy(mem.Visible, v.Visible)
		copy(mem.Seen, v.Visible)
	}

	for i := range v.Armies {
		av := &v.Armies[i]
		seen(uint32(av.ID))
		if av.Owner == v.You {
			a := Army{ID: av.ID, Owner: av.Owner, Hex: av.Hex, Naval: av.Naval, Units: slices.Clone(av.Units),
				Characters: slices.Clone(av.Characters), Carrier: av.Carrier, Stance: av.Stance}
			for _, c := range av.Characters {
				seen(uint32(c.ID))
			}
			s.Armies = append(s.Armies, a)
			continue
		}
		if mem != nil {
			mem.Armies = append(mem.Armies, Sighting{Army: av.ID, Owner: av.Owner, Hex: av.Hex, Naval: av.Naval,
				Units: slices.Clone(av.Units), Characters: av.NumCharacters, Turn: av.Seen})
		}
		if av.Remembered {
			continue
		}
		a := Army{ID: av.ID, Owner: av.Owner, Hex: av.Hex, Naval: av.Naval, Units: slices.Clone(av.Units)}
		if av.NumCharacters > 0 {
			a.Characters = make([]Character, min(int(av.NumCharacters), maxWireCharacters))
		}
		s.Armies = append(s.Armies, a)
	}

	if len(v.Cities) > 0 {
		s.Cities = make([]City, 0, len(v.Cities))
	}
	for i := range v.Cities {
		cv := &v.Cities[i]
		seen(uint32(cv.ID))
		s.Cities = append(s.Cities, City{ID: cv.ID, Owner: cv.Owner, Hex: cv.Hex, Level: cv.Level, Capital: cv.Capital})
		if mem != nil && cv.Owner != v.You {
			mem.Cities = append(mem.Cities, CitySighting{City: cv.ID, Owner: cv.Owner, Hex: cv.Hex, Level: cv.Level,
				Capital: cv.Capital, Turn: cv.Seen})
		}
	}
	if len(v.Structures) > 0 {
		s.Structures = make([]Structure, 0, len(v.Structures))
	}
	for i := range v.Structures {
		sv := &v.Structures[i]
		seen(uint32(sv.ID))
		s.Structures = append(s.Structures, Structure{ID: sv.ID, Kind: sv.Kind, Owner: sv.Owner, Hex: sv.Hex})
		if mem != nil && sv.Owner != v.You {
			mem.Structures = append(mem.Structures, StructureSighting{Structure: sv.ID, Kind: sv.Kind, Owner: sv.Owner,
				Hex: sv.Hex, Turn: sv.Seen})
		}
	}
	s.NextID = maxID
	return s
}
