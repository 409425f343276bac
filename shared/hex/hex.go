package hex

import "strconv"

// Hex is an axial hex coordinate. The third cube coordinate S is derived
// (Q+R+S == 0); see [Hex.S]. The zero value is the origin.
type Hex struct{ Q, R int }

// S returns the derived cube coordinate -Q-R, so that Q+R+S == 0.
func (h Hex) S() int { return -h.Q - h.R }

// Add returns the component-wise sum h+o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub returns the component-wise difference h-o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Scale returns h with both coordinates multiplied by k.
func (h Hex) Scale(k int) Hex { return Hex{h.Q * k, h.R * k} }

// String returns h as people read a map: its column and row (the odd-r
// Offset), "col,row", for example "4,7" (never negative on the map).
func (h Hex) String() string {
	o := h.Offset()
	return strconv.Itoa(o.Col) + "," + strconv.Itoa(o.Row)
}

// Length returns the number of steps from h to the origin, that is
// Distance(h, Hex{}).
func (h Hex) Length() int {
	return (abs(h.Q) + abs(h.R) + abs(h.S())) / 2
}

// Distance returns the number of single steps between neighbouring hexes
// needed to get from a to b. It is symmetric and obeys the triangle
// inequality.
func Distance(a, b Hex) int { return a.Sub(b).Length() }

// Neighbor returns the hex adjacent to h in direction d. It panics if d is
// not valid.
func (h Hex) Neighbor(d Direction) Hex { return h.Add(d.Vector()) }

// Neighbors returns the six hexes adjacent to h, in Direction order
// (East, NorthEast, NorthWest, West, SouthWest, SouthEast).
func (h Hex) Neighbors() [NumDirections]Hex {
	return [NumDirections]Hex{
		{h.Q + 1, h.R},
		{h.Q + 1, h.R - 1},
		{h.Q, h.R - 1},
		{h.Q - 1, h.R},
		{h.Q - 1, h.R + 1},
		{h.Q, h.R + 1},
	}
}

// DirectionTo returns the direction in which b lies from a, and true, if b
// is adjacent to a. Otherwise (including a == b) it returns East and false.
func DirectionTo(a, b Hex) (Direction, bool) {
	switch b.Sub(a) {
	case Hex{1, 0}:
		return East, true
	case Hex{1, -1}:
		return NorthEast, true
	case Hex{0, -1}:
		return NorthWest, true
	case Hex{-1, 0}:
		return West, true
	case Hex{-1, 1}:
		return SouthWest, true
	case Hex{0, 1}:
		return SouthEast, true
	}
	return East, false
}

// Ring returns the hexes at exactly the given distance from center.
// Radius 0 gives [center]; radius r > 0 gives exactly 6r distinct hexes,
// starting at center+SouthWest*r (center.Add(SouthWest.Vector().Scale(r)))
// and walking counter-clockwise: r steps East, then r steps NorthEast,
// NorthWest, West, SouthWest and SouthEast, each hex listed once. A
// negative radius gives nil.
func Ring(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	return appendRing(out, center, radius)
}

// appendRing appends the ring of radius > 0 around center to out, in the
// order documented on Ring.
func appendRing(out []Hex, center Hex, radius int) []Hex {
	h := center.Add(SouthWest.Vector().Scale(radius))
	for d := range Direction(NumDirections) {
		v := d.Vector()
		for range radius {
			out = append(out, h)
			h = h.Add(v)
		}
	}
	return out
}

// Spiral returns center followed by Ring(center, 1), Ring(center, 2), ...
// up to Ring(center, radius): all 1+3r(r+1) hexes within distance radius,
// each once. A negative radius gives nil.
func Spiral(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	out := make([]Hex, 0, 1+3*radius*(radius+1))
	out = append(out, center)
	for r := 1; r <= radius; r++ {
		out = appendRing(out, center, r)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
