// Package hex is the integer hex-grid geometry that the Empires rules and
// the map generator stand on. It follows Red Blob Games' "Hexagonal Grids"
// guide: hexes are stored in axial coordinates and the algorithms work in
// cube coordinates.
//
// # Coordinates
//
// A [Hex] is an axial coordinate (Q, R). The third cube coordinate S is
// derived, so that Q+R+S == 0 always holds; it is available as [Hex.S].
// Q grows towards the east, R grows towards the south-east (downwards on
// screen), and S grows towards the north-west.
//
// # Orientation
//
// Hexes are POINTY-TOP: every hex has a neighbour due east and due west,
// and rows are horizontal. Rectangular maps use "odd-r" offset coordinates
// ([Offset], [Rect]): Col counts across, Row counts down, and odd rows are
// shoved right by half a hex. The conversion is
//
//	q = col - (row - (row&1)) / 2
//	r = row
//
// and it is correct for negative rows as well.
//
// # Directions
//
// The six directions form a fixed table, counter-clockwise starting east:
//
//	Direction   name  axial vector (dQ, dR)
//	East        E     (+1,  0)
//	NorthEast   NE    (+1, -1)
//	NorthWest   NW    ( 0, -1)
//	West        W     (-1,  0)
//	SouthWest   SW    (-1, +1)
//	SouthEast   SE    ( 0, +1)
//
// [Direction.Opposite] is d+3 modulo 6.
//
// # Determinism
//
// The package is integers only: there is no floating-point arithmetic
// anywhere, so results are bit-for-bit identical on every platform. It
// holds no mutable global state. Every function that returns several hexes
// returns them in a documented, fixed order: [Ring] starts at
// center+SouthWest*radius and walks counter-clockwise, [Spiral] is the
// rings from the inside out, [Line] breaks ties on hex edges with an exact
// integer version of Red Blob's epsilon nudge, [Rect.All] is in index
// order, [Path] breaks ties between equally cheap paths by a fixed rule,
// and [Reachable] is sorted by (Cost, Q, R). No result depends on map
// iteration order. The same inputs therefore always give the same outputs,
// which the lockstep multiplayer simulation relies on.
//
// Coordinates are plain ints; the arithmetic does not check for overflow,
// which cannot happen for any coordinate within ±2^26 (far beyond any map).
package hex
