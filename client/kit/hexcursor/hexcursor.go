// Package hexcursor moves a map's keyboard cursor on hexes: the step of
// each of kit.CursorKeys on an odd-r hex map. It is apart from kit so that
// the client's shell, which uses kit, knows no hex engine.
package hexcursor

import (
	"empires/client/kit"
	"empires/shared/hex"
)

// Step returns the hex key k moves a cursor to from h: with k.DX 0 a row
// up or down (k.DY) keeping the odd-r column (the hexes of odd rows lie
// half a hex right), else the neighbour that way: West or East along the
// row, the diagonals of the keypad to the four neighbours above and below.
func Step(k kit.CursorKey, h hex.Hex) hex.Hex {
	if k.DX == 0 {
		o := h.Offset()
		o.Row += k.DY
		return hex.FromOffset(o)
	}
	return h.Neighbor(direction(k.DX, k.DY))
}

// direction is the hex direction of a step (dx, dy), dx not 0.
func direction(dx, dy int) hex.Direction {
	switch {
	case dy < 0 && dx < 0:
		return hex.NorthWest
	case dy < 0:
		return hex.NorthEast
	case dy > 0 && dx < 0:
		return hex.SouthWest
	case dy > 0:
		return hex.SouthEast
	case dx < 0:
		return hex.West
	}
	return hex.East
}
