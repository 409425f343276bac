package erfpires

import (
	"empires/shared/game"
	"empires/shared/hex"
)

// What a player knows. Order validation reads only these, so a refusal
// never tells a player what its fog hides, and a client validating on the
// state of its view (game.ViewState) gets the very answers the server
// gives. Resolution, which happens on the whole state, checks the truth
// again and reports what went wrong in the player's events.

// memory returns player p's memory, nil for no player.
func memory(s *game.State, p game.PlayerID) *game.Memory {
	if p == 0 || int(p) > len(s.Memory) {
		return nil
	}
	return &s.Memory[p-1]
}

// visible reports whether p sees hex h now.
func visible(s *game.State, p game.PlayerID, h hex.Hex) bool {
	m := memory(s, p)
	return m != nil && s.Map != nil && m.Visible.Has(s.Map.Rect().Index(h))
}

// knownTerrain reports whether p knows the terrain of h.
func knownTerrain(s *game.State, p game.PlayerID, h hex.Hex) bool {
	m := memory(s, p)
	return m != nil && s.Map != nil && m.Known.Has(s.Map.Rect().Index(h))
}

// knownCity is a city as a player knows it: where, and whose.
type knownCity struct {
	ID    game.CityID
	Owner game.PlayerID
	Hex   hex.Hex
}

// knownCities returns the cities p knows: its own, those on hexes it sees,
// and those it remembers elsewhere (as last seen).
func knownCities(s *game.State, p game.PlayerID) []knownCity {
	var out []knownCity
	for i := range s.Cities {
		c := &s.Cities[i]
		if c.Owner == p || visible(s, p, c.Hex) {
			out = append(out, knownCity{c.ID, c.Owner, c.Hex})
		}
	}
	if m := memory(s, p); m != nil {
		for _, cs := range m.Cities {
			if !visible(s, p, cs.Hex) {
				out = append(out, knownCity{cs.City, cs.Owner, cs.Hex})
			}
		}
	}
	return out
}

// knownCityNear returns a city p knows within d hexes of h, and false if
// there is none.
func knownCityNear(s *game.State, p game.PlayerID, h hex.Hex, d int) (knownCity, bool) {
	for _, c := range knownCities(s, p) {
		if hex.Distance(c.Hex, h) <= d {
			return c, true
		}
	}
	return knownCity{}, false
}

// knownOwnersAt returns the players other than p whose armies, cities or
// structures p knows on hex h (seen now, or remembered there), each once,
// in the order found.
func knownOwnersAt(s *game.State, p game.PlayerID, h hex.Hex) []game.PlayerID {
	var out []game.PlayerID
	add := func(q game.PlayerID) {
		if q != p && q != 0 {
			for _, o := range out {
				if o == q {
					return
				}
			}
			out = append(out, q)
		}
	}
	if visible(s, p, h) {
		for _, i := range s.ArmiesAt(h) {
			add(s.Armies[i].Owner)
		}
		if c := s.CityAt(h); c != nil {
			add(c.Owner)
		}
		for _, i := range s.StructuresAt(h) {
			add(s.Structures[i].Owner)
		}
		return out
	}
	if m := memory(s, p); m != nil {
		for _, sg := range m.Armies {
			if sg.Hex == h {
				add(sg.Owner)
			}
		}
		for _, cs := range m.Cities {
			if cs.Hex == h {
				add(cs.Owner)
			}
		}
		for _, ss := range m.Structures {
			if ss.Hex == h {
				add(ss.Owner)
			}
		}
	}
	return out
}

// knownArmyOwner returns the owner of army id as p knows it (its own, or
// a sighting), and false if p knows of no such army.
func knownArmyOwner(s *game.State, p game.PlayerID, id game.ArmyID) (game.PlayerID, bool) {
	if a := s.Army(id); a != nil && (a.Owner == p || visible(s, p, a.Hex)) {
		return a.Owner, true
	}
	if m := memory(s, p); m != nil {
		for _, sg := range m.Armies {
			if sg.Army == id {
				return sg.Owner, true
			}
		}
	}
	return 0, false
}

// ownArmyAt returns p's army on hex h, nil if none.
func ownArmyAt(s *game.State, p game.PlayerID, h hex.Hex) *game.Army {
	for _, i := range s.ArmiesAt(h) {
		if a := &s.Armies[i]; a.Owner == p {
			return a
		}
	}
	return nil
}

// holdings counts what player p controls: cities, structures by kind and
// armies.
func (r *Rules) holdings(s *game.State, p game.PlayerID) (cities int, structures []int, armies int) {
	for i := range s.Cities {
		if s.Cities[i].Owner == p {
			cities++
		}
	}
	structures = make([]int, len(r.D.Structures))
	for i := range s.Structures {
		if st := &s.Structures[i]; st.Owner == p && int(st.Kind) < len(structures) {
			structures[st.Kind]++
		}
	}
	for i := range s.Armies {
		if s.Armies[i].Owner == p {
			armies++
		}
	}
	return cities, structures, armies
}

// TaxOf returns what a Tax would bring player p now: the revenue ("3
// smuckers per city, and 1 per farm") and the maintenance ("1 Smucker per
// controlled Army"). A player's own holdings are all in its view, so it
// works on game.ViewState too.
func (r *Rules) TaxOf(s *game.State, p game.PlayerID) (revenue, maintenance int64) {
	cities, structures, armies := r.holdings(s, p)
	return r.D.Revenue(cities, structures), r.D.Maintenance(armies)
}
