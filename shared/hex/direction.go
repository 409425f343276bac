package hex

import (
	"fmt"
	"strconv"
	"strings"
)

// Direction is one of the six directions from a hex to a neighbour,
// numbered 0..5 counter-clockwise starting East. Values outside 0..5 are
// invalid; see [Direction.Valid].
type Direction int

// The six directions, counter-clockwise starting East. Their axial vectors
// (dQ, dR) are E(+1,0) NE(+1,-1) NW(0,-1) W(-1,0) SW(-1,+1) SE(0,+1).
const (
	East Direction = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
)

// NumDirections is the number of directions (and of neighbours of a hex).
const NumDirections = 6

// Directions returns all six directions in order, East first.
func Directions() [NumDirections]Direction {
	return [NumDirections]Direction{East, NorthEast, NorthWest, West, SouthWest, SouthEast}
}

// Valid reports whether d is one of the six directions (0..5).
func (d Direction) Valid() bool { return d >= 0 && d < NumDirections }

// Vector returns the axial offset of one step in direction d:
// E(+1,0) NE(+1,-1) NW(0,-1) W(-1,0) SW(-1,+1) SE(0,+1). It panics if d is
// not valid.
func (d Direction) Vector() Hex {
	switch d {
	case East:
		return Hex{1, 0}
	case NorthEast:
		return Hex{1, -1}
	case NorthWest:
		return Hex{0, -1}
	case West:
		return Hex{-1, 0}
	case SouthWest:
		return Hex{-1, 1}
	case SouthEast:
		return Hex{0, 1}
	}
	panic("hex: invalid " + d.String())
}

// Opposite returns the direction pointing the other way (d+3 modulo 6).
// It panics if d is not valid.
func (d Direction) Opposite() Direction {
	if !d.Valid() {
		panic("hex: invalid " + d.String())
	}
	return (d + 3) % NumDirections
}

// String returns the short name of d: "E", "NE", "NW", "W", "SW" or "SE".
// An invalid direction gives "Direction(n)".
func (d Direction) String() string {
	switch d {
	case East:
		return "E"
	case NorthEast:
		return "NE"
	case NorthWest:
		return "NW"
	case West:
		return "W"
	case SouthWest:
		return "SW"
	case SouthEast:
		return "SE"
	}
	return "Direction(" + strconv.Itoa(int(d)) + ")"
}

// ParseDirection returns the direction whose short name (as returned by
// [Direction.String]: "E", "NE", "NW", "W", "SW", "SE") equals s, ignoring
// case. Any other input gives an error that quotes s.
func ParseDirection(s string) (Direction, error) {
	for _, d := range Directions() {
		if strings.EqualFold(s, d.String()) {
			return d, nil
		}
	}
	return 0, fmt.Errorf("hex: unknown direction %q (want one of E, NE, NW, W, SW, SE)", s)
}
