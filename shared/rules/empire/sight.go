package empire

import (
	"cmp"
	"slices"

	"empires/shared/grid"
)

// mask is a set of seats, bit s for seat s (bit 0 unused).
type mask uint16

// allSeats is every seat.
const allSeats mask = 0xfffe

// seatMask is the set of seat o alone (empty for 0, nobody).
func seatMask(o Seat) mask {
	if o == 0 {
		return 0
	}
	return 1 << o
}

// ROS is a force's range of sight: "The range of sight (ros) of each army
// is equal to the unit with the best ros."
func (g *Game) ROS(f *Force) int {
	r := 0
	for _, u := range f.Units {
		r = max(r, g.d.Unit(u.Kind).ROS)
	}
	return r
}

// SettlementROS is a settlement's range of sight: "A town has a ros of 2,
// a city has a ros of 3."
func (g *Game) SettlementROS(st *Settlement) int {
	if st.City {
		return g.d.Game.CityROS
	}
	return g.d.Game.TownROS
}

// observe records what every player sees now: "After each movement step
// of each army the observations are recorded." A player sees the squares
// within the ros of its forces and settlements; it remembers their
// terrain and settlements, and records every other player's force on them
// ("its owner, its internal number, the number of units, the sum of the
// actual hp and the sum of the maximum hp"). A sighting stays, shown as
// outdated, until the player sees its square again.
func (g *Game) observe() {
	s := g.s
	gr := s.grid()
	if len(g.vis) != len(s.Players) {
		g.vis = make([][]bool, len(s.Players))
	}
	var cells []grid.Pos
	for i := range s.Players {
		if len(g.vis[i]) != gr.Len() {
			g.vis[i] = make([]bool, gr.Len())
		} else {
			clear(g.vis[i])
		}
		if !s.Players[i].Alive {
			continue
		}
		seat := Seat(i + 1)
		vis := g.vis[i]
		m := &s.Memory[i]
		see := func(p grid.Pos, r int) {
			cells = gr.Within(cells[:0], p, r)
			for _, q := range cells {
				j := gr.Index(q)
				vis[j] = true
				m.Seen[j] = int32(s.Turn)
			}
		}
		for j := range s.Forces {
			if f := &s.Forces[j]; f.Owner == seat {
				see(f.Pos, g.ROS(f))
			}
		}
		for j := range s.Settlements {
			if st := &s.Settlements[j]; st.Owner == seat {
				see(st.Pos, g.SettlementROS(st))
			}
		}
		for j := range s.Settlements {
			st := &s.Settlements[j]
			if !vis[gr.Index(st.Pos)] {
				continue
			}
			seen := SeenSettlement{ID: st.ID, Pos: st.Pos, City: st.City, Owner: st.Owner, Turn: s.Turn}
			k, found := slices.BinarySearchFunc(m.Settlements, st.ID, func(x SeenSettlement, id SettlementID) int { return cmp.Compare(x.ID, id) })
			if found {
				m.Settlements[k] = seen
			} else {
				m.Settlements = slices.Insert(m.Settlements, k, seen)
			}
		}
		m.Sightings = slices.DeleteFunc(m.Sightings, func(sg Sighting) bool {
			return vis[gr.Index(sg.Pos)]
		})
		for j := range s.Forces {
			f := &s.Forces[j]
			if f.Owner == seat || !vis[gr.Index(f.Pos)] {
				continue
			}
			sg := Sighting{Force: f.ID, Owner: f.Owner, Garrison: f.Garrison, Peace: f.Peace, Pos: f.Pos, Units: len(f.Units), Turn: s.Turn}
			for _, u := range f.Units {
				sg.HP += u.HP
				sg.MaxHP += g.d.Unit(u.Kind).HP
			}
			k, found := slices.BinarySearchFunc(m.Sightings, f.ID, func(x Sighting, id ForceID) int { return cmp.Compare(x.Force, id) })
			if found {
				m.Sightings[k] = sg
			} else {
				m.Sightings = slices.Insert(m.Sightings, k, sg)
			}
		}
	}
}

// seeing is the set of seats that see p now (after the last observe).
func (g *Game) seeing(p grid.Pos) mask {
	i := g.s.grid().Index(p)
	var m mask
	for s := range g.vis {
		if i >= 0 && i < len(g.vis[s]) && g.vis[s][i] {
			m |= seatMask(Seat(s + 1))
		}
	}
	return m
}
