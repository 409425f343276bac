// Package game is the rules engine every ruleset stands on: the game state
// with typed IDs, orders as data, simultaneous step-by-step movement with
// battles, vision and memory (fog of war), per-player views with deltas, and
// per-player events. Ruleset specifics (costs, combat, economy, victory) live
// behind the Ruleset interface.
//
// The engine is deterministic: the same state, orders and seed give the same
// result bit for bit. Randomness comes only from the state's own RNG, every
// slice of entities is kept sorted by ID, and no Go map is ever ranged over
// where order matters.
package game

import (
	"fmt"
	"slices"

	"empires/shared/hex"
	"empires/shared/hexmap"
)

// Typed IDs. The zero value of each means "none".
type (
	// PlayerID numbers the players from 1; 0 is nobody (neutral).
	PlayerID uint8
	// ArmyID identifies an army or fleet for the whole game.
	ArmyID uint32
	// CityID identifies a city for the whole game.
	CityID uint32
	// CharacterID identifies a character (a Warlord, a Caster, ...).
	CharacterID uint32
	// Turn numbers the turns from 1.
	Turn int32
	// UnitKind is a unit type's index in the ruleset's unit table.
	UnitKind uint8
	// StructureID identifies a structure (a farm, a fort, ...) for the
	// whole game.
	StructureID uint32
	// StructureKind is a structure type as the ruleset numbers them.
	StructureKind uint8
)

// MaxPlayers is the most players a game may have.
const MaxPlayers = 16

// String returns "player N", or "nobody" for 0.
func (p PlayerID) String() string {
	if p == 0 {
		return "nobody"
	}
	return fmt.Sprintf("player %d", p)
}

// String returns "army N".
func (a ArmyID) String() string { return fmt.Sprintf("army %d", a) }

// String returns "city N".
func (c CityID) String() string { return fmt.Sprintf("city %d", c) }

// String returns "structure N".
func (id StructureID) String() string { return fmt.Sprintf("structure %d", id) }

// Units counts units by kind: Units[k] is the number of units of kind k.
// Missing trailing kinds count as zero.
type Units []int32

// Total returns the number of units of all kinds.
func (u Units) Total() int {
	n := 0
	for _, c := range u {
		n += int(c)
	}
	return n
}

// Get returns the count of kind k (0 if u is shorter).
func (u Units) Get(k UnitKind) int32 {
	if int(k) < len(u) {
		return u[k]
	}
	return 0
}

// Add returns u + o as a new Units.
func (u Units) Add(o Units) Units {
	out := make(Units, max(len(u), len(o)))
	copy(out, u)
	for k, c := range o {
		out[k] += c
	}
	return out.trim()
}

// Sub returns u - o as a new Units; counts never go below zero.
func (u Units) Sub(o Units) Units {
	out := slices.Clone(u)
	for k, c := range o {
		if k < len(out) {
			out[k] = max(out[k]-c, 0)
		}
	}
	return out.trim()
}

// Contains reports whether u has at least the units of o, kind by kind.
func (u Units) Contains(o Units) bool {
	for k, c := range o {
		if c > u.Get(UnitKind(k)) {
			return false
		}
	}
	return true
}

// trim drops trailing zero counts so equal armies compare equal.
func (u Units) trim() Units {
	for len(u) > 0 && u[len(u)-1] == 0 {
		u = u[:len(u)-1]
	}
	if len(u) == 0 {
		return nil
	}
	return u
}

// Character is a Warlord, Caster or other character travelling with an
// army. Kind and Level mean what the ruleset says.
type Character struct {
	ID    CharacterID
	Kind  uint8
	Level int32
}

// StanceKind is an army's standing order: what it does when it has no
// movement order, and how it reacts to enemies during movement.
type StanceKind uint8

// The standing orders.
const (
	// Defend: stay in place and fight only if attacked. The default.
	Defend StanceKind = iota
	// Intercept: stay in place, but move to engage an enemy that enters one
	// of the six surrounding hexes.
	Intercept
	// Withdraw: stay in place unless an enemy moves to engage, then try to
	// withdraw one hex in the stance's direction instead of fighting.
	Withdraw
)

// Stance is an army's standing order, kept from turn to turn until changed.
type Stance struct {
	Kind StanceKind
	Dir  hex.Direction // for Withdraw
}

// Army is a force on the map: land units, or a fleet (Naval), with the
// characters leading it. A garrison is an army that stays in its city.
type Army struct {
	ID    ArmyID
	Owner PlayerID
	Hex   hex.Hex
	// Naval armies (fleets) move on naval terrain and may carry one army.
	Naval      bool
	Units      Units
	Characters []Character
	// Carrier is the fleet carrying this army, 0 when on land.
	Carrier ArmyID
	Stance  Stance
	// Flags are bits the ruleset gives meaning to (an army that boarded a
	// fleet this turn, say); the engine only keeps them.
	Flags uint32
}

// Strength returns the number of units in the army.
func (a *Army) Strength() int { return a.Units.Total() }

// Empty reports whether the army has neither units nor characters.
func (a *Army) Empty() bool { return a.Units.Total() == 0 && len(a.Characters) == 0 }

// City is a city on the map.
type City struct {
	ID      CityID
	Owner   PlayerID // 0: neutral
	Hex     hex.Hex
	Level   int32
	Capital bool
}

// Structure is something built on a hex that is neither a city nor an
// army: a farm, a fort, a monument. Kind means what the ruleset says; the
// engine only keeps structures, shows them in views to the players who see
// their hex, and has players remember those of others as they do cities. A
// hex may hold several structures, of any owners (0: nobody's).
type Structure struct {
	ID    StructureID
	Kind  StructureKind
	Owner PlayerID
	Hex   hex.Hex
}

// Player is one seat of the game. Treasury and Stock are private: they never
// appear in another player's view.
type Player struct {
	ID    PlayerID
	Name  string
	Alive bool
	// Treasury is the player's money (Schmuckers, in erfworld).
	Treasury int64
	// Stock holds ruleset-defined counters (trade goods, turns without a
	// capital, ...), indexed as the ruleset says.
	Stock []int32
	// EliminatedTurn is the turn the player was knocked out, 0 while alive.
	EliminatedTurn Turn
}

// State is a whole game. Entities are kept sorted by ID; use the accessors
// to find them.
type State struct {
	// Format is the version of this structure, for saves.
	Format  int
	Ruleset string
	Seed    uint64
	Turn    Turn
	Map     *hexmap.Map
	Players []Player // Players[i].ID == i+1
	Cities  []City   // sorted by ID
	Armies  []Army   // sorted by ID
	// Structures are the farms, forts and the like on the map, sorted by
	// ID; rulesets without structures leave it empty.
	Structures []Structure
	// Memory is each player's fog-of-war memory, Memory[i] for player i+1.
	Memory []Memory
	RNG    RNG
	// NextID is the last entity ID handed out (IDs are shared by armies,
	// cities, characters and structures, so an ID never means two things);
	// NewID returns NextID+1.
	NextID uint32
	// Winner is set when the game is over; 0 while it goes on.
	Winner PlayerID
	Over   bool
}

// FormatVersion is the current State.Format. Format 2 added
// State.Structures and Memory.Structures.
const FormatVersion = 2

// NewID returns a fresh entity ID.
func (s *State) NewID() uint32 {
	s.NextID++
	return s.NextID
}

// Player returns player p, or nil if there is no such player.
func (s *State) Player(p PlayerID) *Player {
	if p == 0 || int(p) > len(s.Players) {
		return nil
	}
	return &s.Players[p-1]
}

// Army returns the army with the given ID, or nil.
func (s *State) Army(id ArmyID) *Army {
	i, ok := slices.BinarySearchFunc(s.Armies, id, func(a Army, id ArmyID) int { return cmpID(a.ID, id) })
	if !ok {
		return nil
	}
	return &s.Armies[i]
}

// City returns the city with the given ID, or nil.
func (s *State) City(id CityID) *City {
	i, ok := slices.BinarySearchFunc(s.Cities, id, func(c City, id CityID) int { return cmpID(c.ID, id) })
	if !ok {
		return nil
	}
	return &s.Cities[i]
}

// CityAt returns the city on hex h, or nil.
func (s *State) CityAt(h hex.Hex) *City {
	for i := range s.Cities {
		if s.Cities[i].Hex == h {
			return &s.Cities[i]
		}
	}
	return nil
}

// AddArmy adds a to the state with a fresh ID and returns that ID. Pointers
// to armies obtained before the call may be invalid after it.
func (s *State) AddArmy(a Army) ArmyID {
	a.ID = ArmyID(s.NewID())
	s.Armies = append(s.Armies, a) // IDs only grow: the slice stays sorted
	return a.ID
}

// AddCity adds c with a fresh ID and returns that ID.
func (s *State) AddCity(c City) CityID {
	c.ID = CityID(s.NewID())
	s.Cities = append(s.Cities, c)
	return c.ID
}

// Structure returns the structure with the given ID, or nil.
func (s *State) Structure(id StructureID) *Structure {
	i, ok := slices.BinarySearchFunc(s.Structures, id, func(st Structure, id StructureID) int { return cmpID(st.ID, id) })
	if !ok {
		return nil
	}
	return &s.Structures[i]
}

// StructuresAt returns the indexes in s.Structures of the structures on hex
// h, in ID order.
func (s *State) StructuresAt(h hex.Hex) []int {
	var out []int
	for i := range s.Structures {
		if s.Structures[i].Hex == h {
			out = append(out, i)
		}
	}
	return out
}

// AddStructure adds st with a fresh ID and returns that ID. Pointers to
// structures obtained before the call may be invalid after it.
func (s *State) AddStructure(st Structure) StructureID {
	st.ID = StructureID(s.NewID())
	s.Structures = append(s.Structures, st) // IDs only grow: the slice stays sorted
	return st.ID
}

// RemoveStructures deletes every structure for which gone returns true,
// keeping the order of the rest.
func (s *State) RemoveStructures(gone func(*Structure) bool) {
	s.Structures = slices.DeleteFunc(s.Structures, func(st Structure) bool { return gone(&st) })
	if len(s.Structures) == 0 {
		s.Structures = nil
	}
}

// RemoveArmies deletes every army for which gone returns true, keeping the
// order of the rest, and clears the Carrier of armies whose fleet is gone.
func (s *State) RemoveArmies(gone func(*Army) bool) {
	var removed []ArmyID
	kept := s.Armies[:0]
	for i := range s.Armies {
		if gone(&s.Armies[i]) {
			removed = append(removed, s.Armies[i].ID)
			continue
		}
		kept = append(kept, s.Armies[i])
	}
	clear(s.Armies[len(kept):])
	s.Armies = kept
	if len(removed) == 0 {
		return
	}
	for i := range s.Armies {
		if c := s.Armies[i].Carrier; c != 0 {
			if _, ok := slices.BinarySearch(removed, c); ok {
				s.Armies[i].Carrier = 0
			}
		}
	}
}

// ArmiesAt returns the indexes in s.Armies of the armies on hex h, in ID
// order.
func (s *State) ArmiesAt(h hex.Hex) []int {
	var out []int
	for i := range s.Armies {
		if s.Armies[i].Hex == h {
			out = append(out, i)
		}
	}
	return out
}

// Clone returns a deep copy of s.
func (s *State) Clone() *State {
	c := *s
	if s.Map != nil {
		c.Map = s.Map.Clone()
	}
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Stock = slices.Clone(s.Players[i].Stock)
	}
	c.Cities = slices.Clone(s.Cities)
	c.Armies = slices.Clone(s.Armies)
	c.Structures = slices.Clone(s.Structures)
	for i := range c.Armies {
		c.Armies[i].Units = slices.Clone(s.Armies[i].Units)
		c.Armies[i].Characters = slices.Clone(s.Armies[i].Characters)
	}
	c.Memory = make([]Memory, len(s.Memory))
	for i := range s.Memory {
		c.Memory[i] = s.Memory[i].Clone()
	}
	return &c
}

func cmpID[T ~uint32](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Setup is what a new game starts from.
type Setup struct {
	Ruleset string
	Seed    uint64
	Map     *hexmap.Map
	Players int
	// Names are the players' names; missing names become "Player N".
	Names []string
}

// New returns the state of a new game on turn 1: the map, the players alive
// with empty treasuries and memories, and no armies, cities or structures
// yet.
func New(su Setup) *State {
	s := &State{
		Format:  FormatVersion,
		Ruleset: su.Ruleset,
		Seed:    su.Seed,
		Turn:    1,
		Map:     su.Map,
		RNG:     NewRNG(su.Seed),
	}
	n := su.Map.Rect().Len()
	for i := range su.Players {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(su.Names) && su.Names[i] != "" {
			name = su.Names[i]
		}
		s.Players = append(s.Players, Player{ID: PlayerID(i + 1), Name: name, Alive: true})
		s.Memory = append(s.Memory, Memory{Known: NewBitset(n), Seen: NewBitset(n), Visible: NewBitset(n)})
	}
	return s
}
