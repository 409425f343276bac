package game

import (
	"math/bits"
	"slices"

	"empires/shared/hex"
)

// Bitset is a set of hex indexes (hex.Rect.Index) of one map.
type Bitset []uint64

// NewBitset returns an empty set for n hexes.
func NewBitset(n int) Bitset { return make(Bitset, (n+63)/64) }

// Has reports whether i is in the set.
func (b Bitset) Has(i int) bool {
	return i >= 0 && i/64 < len(b) && b[i/64]&(1<<(uint(i)%64)) != 0
}

// Set adds i to the set; out-of-range indexes are ignored.
func (b Bitset) Set(i int) {
	if i >= 0 && i/64 < len(b) {
		b[i/64] |= 1 << (uint(i) % 64)
	}
}

// Clear empties the set.
func (b Bitset) Clear() { clear(b) }

// Union adds every member of o to b.
func (b Bitset) Union(o Bitset) {
	for i := range min(len(b), len(o)) {
		b[i] |= o[i]
	}
}

// Count returns the number of members.
func (b Bitset) Count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Sighting is what a player remembers of an enemy army: where and how strong
// it was when last seen, and on which turn.
type Sighting struct {
	Army       ArmyID
	Owner      PlayerID
	Hex        hex.Hex
	Naval      bool
	Units      Units
	Characters int32
	Turn       Turn
}

// CitySighting is what a player remembers of a city not its own.
type CitySighting struct {
	City    CityID
	Owner   PlayerID
	Hex     hex.Hex
	Level   int32
	Capital bool
	Turn    Turn
}

// StructureSighting is what a player remembers of a structure not its
// own.
type StructureSighting struct {
	Structure StructureID
	Kind      StructureKind
	Owner     PlayerID
	Hex       hex.Hex
	Turn      Turn
}

// Memory is one player's fog of war: what it knows of the map and of the
// other players' forces and cities.
type Memory struct {
	// Known holds the hexes whose terrain the player has ever seen.
	Known Bitset
	// Seen holds the hexes the player saw at some step of the current turn.
	Seen Bitset
	// Visible holds the hexes in the player's sight now, at the end of the
	// last step.
	Visible Bitset
	// Armies are the enemy armies last seen, sorted by army ID.
	Armies []Sighting
	// Cities are the other players' cities last seen, sorted by city ID.
	Cities []CitySighting
	// Structures are the other players' structures last seen, sorted by
	// structure ID.
	Structures []StructureSighting
}

// Clone returns a deep copy of m.
func (m Memory) Clone() Memory {
	c := Memory{
		Known:   slices.Clone(m.Known),
		Seen:    slices.Clone(m.Seen),
		Visible: slices.Clone(m.Visible),
		Armies:  slices.Clone(m.Armies),
		Cities:  slices.Clone(m.Cities),

		Structures: slices.Clone(m.Structures),
	}
	for i := range c.Armies {
		c.Armies[i].Units = slices.Clone(m.Armies[i].Units)
	}
	return c
}
