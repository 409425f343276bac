package empire

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"empires/shared/grid"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// UnitID names a unit for the whole game.
type UnitID = battle.UnitID

// ForceID names an army or a garrison.
type ForceID uint32

// String is the force's number as players read it: the count of the seat
// that made it (newID), without the seat.
func (id ForceID) String() string { return strconv.Itoa(int(uint32(id) & (1<<idBits - 1))) }

// SettlementID names a town or a city: its index in State.Settlements
// plus one.
type SettlementID uint32

// Seat is a player (1..n); 0 is nobody (a neutral settlement).
type Seat = ruleset.Seat

// Unit is one unit of a force.
type Unit struct {
	ID   UnitID
	Kind dat.Kind
	HP   int
	// Battles is how many battles it has fought; its experience level
	// follows from it (Game.Level).
	Battles int
}

// Force is an army (it moves) or a garrison (it stays in its settlement).
// "Every force can be made up of all possible units."
type Force struct {
	ID       ForceID
	Owner    Seat
	Pos      grid.Pos
	Garrison bool
	// Peace is the force's "peace" mode: armies of several players meet
	// without combat when all of them are in it.
	Peace bool
	Units []Unit
	// Path is the army's standing movement order: the squares still to
	// pass, the next first. It is kept from turn to turn until the army
	// arrives, is stopped by a battle or a square it cannot enter, or is
	// given another order.
	Path []grid.Pos
}

// Settlement is a town or a city.
type Settlement struct {
	ID    SettlementID
	Pos   grid.Pos
	City  bool
	Owner Seat
	// Produce is the kind of unit it produces plus one; 0: nothing.
	Produce int
	// Queue are the kinds (plus one) it produces next, in order: when a
	// unit is done the first of the queue takes its place; with the queue
	// empty it goes on producing the same kind.
	Queue []int
	// Progress is the production done, in percent-turns: each turn adds
	// the settlement's rate (100 a town, 150 a city); a unit is done at
	// its prod x 100, and what is left over counts towards the next.
	Progress int
	// Forward is the force its produced units are forwarded to; 0: they
	// join its garrison.
	Forward ForceID
}

// Transit is a produced unit on its way to the force it was forwarded to.
type Transit struct {
	Unit  Unit
	Owner Seat
	From  SettlementID
	// Target is the force it goes to.
	Target ForceID
	// Elapsed is how many turns it has travelled; Need how many it needs
	// (recalculated every turn from where the target is).
	Elapsed, Need int
}

// Player is one seat.
type Player struct {
	Name  string
	Alive bool
	// Missed is how many turns in a row the player gave no orders.
	Missed int
}

// Sighting is what a player recorded of another player's force: "its
// owner, its internal number, the number of units, the sum of the actual
// hp and the sum of the maximum hp", where and when.
type Sighting struct {
	Force    ForceID
	Owner    Seat
	Garrison bool
	Peace    bool
	Pos      grid.Pos
	Units    int
	HP       int
	MaxHP    int
	Turn     int
}

// SeenSettlement is a settlement as a player last saw it.
type SeenSettlement struct {
	ID    SettlementID
	Pos   grid.Pos
	City  bool
	Owner Seat
	Turn  int
}

// Memory is what one player knows of the world beyond its own: the turn
// each square was last seen (0: never), the settlements and the others'
// forces as last seen.
type Memory struct {
	Seen        []int32
	Settlements []SeenSettlement // sorted by ID
	Sightings   []Sighting       // sorted by Force
}

// State is a whole game, as saved.
type State struct {
	Format string
	// Hash is the content hash of the data the game plays with.
	Hash        string
	Shape       grid.Shape
	Width       int
	Height      int
	Terrain     []dat.Terrain // by grid index
	Turn        int
	Players     []Player // seat s at s-1
	Settlements []Settlement
	Forces      []Force   // sorted by ID
	Transits    []Transit // in the order they were sent
	Memory      []Memory  // seat s at s-1
	// NextID is, for each seat (0: the neutral settlements), the last
	// number it gave a force or unit: IDs are a seat's own (see newID).
	NextID []uint32
	Over   bool
	Winner Seat
	// RNG is the generator's state (math/rand/v2 PCG), filled only in a
	// save.
	RNG []byte
	// at is each square's settlement (its index plus one; 0: none), by
	// grid index, made when first needed; not saved.
	at []int32
}

// saveFormat names the save format; Load refuses any other.
const saveFormat = "empire 1"

func (s *State) grid() grid.Grid { return grid.New(s.Shape, s.Width, s.Height) }

// idBits is how many low bits of an ID a seat counts in; the seat is above.
const idBits = 24

// newID returns a fresh ID of seat o's: o in the high bits, o's own count
// below. A player's new IDs follow its own, so they tell nothing of what the
// others built.
func (s *State) newID(o Seat) uint32 {
	s.NextID[o]++
	return uint32(o)<<idBits | s.NextID[o]
}

// IDSeat is the seat whose count gave id.
func IDSeat(id uint32) Seat { return Seat(id >> idBits) }

// insertForce adds f to the forces, kept sorted by ID.
func (s *State) insertForce(f Force) {
	i, _ := slices.BinarySearchFunc(s.Forces, f.ID, func(x Force, id ForceID) int { return cmp.Compare(x.ID, id) })
	s.Forces = slices.Insert(s.Forces, i, f)
}

// force returns the force with id, or nil.
func (s *State) force(id ForceID) *Force {
	i, ok := slices.BinarySearchFunc(s.Forces, id, func(f Force, id ForceID) int { return cmp.Compare(f.ID, id) })
	if !ok {
		return nil
	}
	return &s.Forces[i]
}

// settlement returns the settlement with id, or nil.
func (s *State) settlement(id SettlementID) *Settlement {
	if id == 0 || int(id) > len(s.Settlements) {
		return nil
	}
	return &s.Settlements[id-1]
}

// settlementAt returns the settlement on p, or nil.
func (s *State) settlementAt(p grid.Pos) *Settlement {
	g := s.grid()
	i := g.Index(p)
	if i < 0 {
		return nil
	}
	if len(s.at) != g.Len() {
		// Settlements never move: the index is made once.
		s.at = make([]int32, g.Len())
		for j := range s.Settlements {
			if k := g.Index(s.Settlements[j].Pos); k >= 0 {
				s.at[k] = int32(j + 1)
			}
		}
	}
	if j := s.at[i]; j > 0 {
		return &s.Settlements[j-1]
	}
	return nil
}

// forcesAt returns the indexes of the forces on p, in ID order.
func (s *State) forcesAt(p grid.Pos) []int {
	var out []int
	for i := range s.Forces {
		if s.Forces[i].Pos == p {
			out = append(out, i)
		}
	}
	return out
}

// terrain returns the terrain of p.
func (s *State) terrain(p grid.Pos) dat.Terrain { return s.Terrain[s.grid().Index(p)] }

// clone returns a deep copy of s.
func (s *State) clone() *State {
	c := *s
	c.Terrain = slices.Clone(s.Terrain)
	c.Players = slices.Clone(s.Players)
	c.Settlements = slices.Clone(s.Settlements)
	for i := range c.Settlements {
		c.Settlements[i].Queue = slices.Clone(s.Settlements[i].Queue)
	}
	c.Forces = make([]Force, len(s.Forces))
	for i, f := range s.Forces {
		f.Units = slices.Clone(f.Units)
		f.Path = slices.Clone(f.Path)
		c.Forces[i] = f
	}
	c.Transits = slices.Clone(s.Transits)
	c.NextID = slices.Clone(s.NextID)
	c.Memory = make([]Memory, len(s.Memory))
	for i, m := range s.Memory {
		c.Memory[i] = Memory{Seen: slices.Clone(m.Seen), Settlements: slices.Clone(m.Settlements), Sightings: slices.Clone(m.Sightings)}
	}
	c.RNG = slices.Clone(s.RNG)
	c.at = nil
	return &c
}

// check checks a state read from a save against the data: what the rules
// rely on to never panic.
func (s *State) check(d *dat.Data) error {
	g := s.grid()
	n := len(s.Players)
	switch {
	case s.Format != saveFormat:
		return fmt.Errorf("format %q, want %q", s.Format, saveFormat)
	case s.Shape != grid.Square && s.Shape != grid.Hex:
		return fmt.Errorf("board %d", s.Shape)
	case s.Width < MinSide || s.Width > MaxSide || s.Height < MinSide || s.Height > MaxSide:
		return fmt.Errorf("map %dx%d", s.Width, s.Height)
	case len(s.Terrain) != g.Len():
		return fmt.Errorf("%d squares of terrain for a %dx%d map", len(s.Terrain), s.Width, s.Height)
	case n < MinSeats || n > MaxSeats:
		return fmt.Errorf("%d players", n)
	case len(s.NextID) != n+1:
		return fmt.Errorf("%d ID counts for %d players", len(s.NextID), n)
	case len(s.Memory) != n:
		return fmt.Errorf("%d memories for %d players", len(s.Memory), n)
	case s.Turn < 1:
		return fmt.Errorf("turn %d", s.Turn)
	case int(s.Winner) > n:
		return fmt.Errorf("winner %d of %d players", s.Winner, n)
	}
	for i, t := range s.Terrain {
		if t >= dat.NumTerrains {
			return fmt.Errorf("square %v: terrain %d", g.At(i), t)
		}
	}
	ids := map[uint32]bool{}
	id := func(v uint32, what string) error {
		o, n := IDSeat(v), v&(1<<idBits-1)
		if n == 0 || int(o) >= len(s.NextID) || n > s.NextID[o] || ids[v] {
			return fmt.Errorf("%s: id %d repeated or beyond its seat's count", what, v)
		}
		ids[v] = true
		return nil
	}
	unit := func(u Unit, what string) error {
		if int(u.Kind) >= len(d.Units) {
			return fmt.Errorf("%s: unit kind %d of %d", what, u.Kind, len(d.Units))
		}
		if u.HP < 1 || u.HP > d.Units[u.Kind].HP || u.Battles < 0 {
			return fmt.Errorf("%s: unit %d with %d hp (of %d), %d battles", what, u.ID, u.HP, d.Units[u.Kind].HP, u.Battles)
		}
		return id(uint32(u.ID), what)
	}
	places := map[grid.Pos]bool{}
	for i, st := range s.Settlements {
		if places[st.Pos] {
			return fmt.Errorf("two settlements at %v", st.Pos)
		}
		places[st.Pos] = true
		switch {
		case st.ID != SettlementID(i+1):
			return fmt.Errorf("settlement %d numbered %d", i+1, st.ID)
		case !g.Contains(st.Pos) || int(st.Owner) > n:
			return fmt.Errorf("settlement %d at %v of seat %d", st.ID, st.Pos, st.Owner)
		case st.Produce < 0 || st.Produce > len(d.Units) || st.Progress < 0 || len(st.Queue) > MaxQueue:
			return fmt.Errorf("settlement %d produces %d (progress %d, %d queued)", st.ID, st.Produce, st.Progress, len(st.Queue))
		}
		for _, k := range st.Queue {
			if k < 1 || k > len(d.Units) {
				return fmt.Errorf("settlement %d queues unit kind %d", st.ID, k-1)
			}
		}
	}
	for i := range s.Forces {
		f := &s.Forces[i]
		what := fmt.Sprintf("force %d", f.ID)
		if i > 0 && s.Forces[i-1].ID >= f.ID {
			return fmt.Errorf("%s out of order", what)
		}
		if err := id(uint32(f.ID), what); err != nil {
			return err
		}
		switch {
		case !g.Contains(f.Pos) || int(f.Owner) > n || f.Owner == 0 && !f.Garrison:
			return fmt.Errorf("%s at %v of seat %d", what, f.Pos, f.Owner)
		case len(f.Units) == 0:
			return fmt.Errorf("%s has no units", what)
		case f.Garrison && s.settlementAt(f.Pos) == nil:
			return fmt.Errorf("%s: a garrison outside a settlement", what)
		case len(f.Path) > maxPath(s.Width, s.Height):
			return fmt.Errorf("%s: a path of %d squares", what, len(f.Path))
		}
		for _, u := range f.Units {
			if err := unit(u, what); err != nil {
				return err
			}
		}
		prev := f.Pos
		for _, p := range f.Path {
			if !g.Contains(p) || !g.Adjacent(prev, p) {
				return fmt.Errorf("%s: path step %v from %v", what, p, prev)
			}
			prev = p
		}
	}
	for _, t := range s.Transits {
		if s.settlement(t.From) == nil || t.Owner < 1 || int(t.Owner) > n || t.Elapsed < 0 || t.Need < 0 {
			return fmt.Errorf("unit %d in transit from settlement %d of seat %d", t.Unit.ID, t.From, t.Owner)
		}
		if err := unit(t.Unit, "a unit in transit"); err != nil {
			return err
		}
	}
	for i, m := range s.Memory {
		if len(m.Seen) != g.Len() {
			return fmt.Errorf("seat %d remembers %d squares of %d", i+1, len(m.Seen), g.Len())
		}
		for _, ss := range m.Settlements {
			if s.settlement(ss.ID) == nil || int(ss.Owner) > n {
				return fmt.Errorf("seat %d remembers settlement %d of seat %d", i+1, ss.ID, ss.Owner)
			}
		}
		for _, sg := range m.Sightings {
			if !g.Contains(sg.Pos) || int(sg.Owner) > n {
				return fmt.Errorf("seat %d remembers force %d at %v of seat %d", i+1, sg.Force, sg.Pos, sg.Owner)
			}
		}
	}
	return nil
}

// maxPath bounds a movement order's length on a w x h map.
func maxPath(w, h int) int { return 2 * (w + h) }
