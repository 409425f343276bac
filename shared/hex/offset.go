package hex

// Offset is an "odd-r" offset coordinate for rectangular maps of pointy-top
// hexes: Col counts across, Row counts down, and odd rows are shoved right
// by half a hex.
type Offset struct{ Col, Row int }

// FromOffset converts an odd-r offset coordinate to axial:
// Q = Col - (Row - (Row&1))/2, R = Row. It is exact for negative rows too.
func FromOffset(o Offset) Hex {
	return Hex{o.Col - (o.Row-(o.Row&1))/2, o.Row}
}

// Offset converts h to its odd-r offset coordinate; it is the inverse of
// [FromOffset] for every hex, including those with negative (odd) rows.
func (h Hex) Offset() Offset {
	// h.R - (h.R&1) is even for every int (r&1 is 1 for odd negatives in
	// two's complement), so the division is exact.
	return Offset{h.Q + (h.R-(h.R&1))/2, h.R}
}

// Rect is a rectangular map of Width x Height hexes in odd-r offset
// coordinates: Col 0..Width-1, Row 0..Height-1. A Rect with a non-positive
// side is empty.
type Rect struct{ Width, Height int }

// Len returns the number of hexes in r (0 if r is empty).
func (r Rect) Len() int {
	if r.Width <= 0 || r.Height <= 0 {
		return 0
	}
	return r.Width * r.Height
}

// Contains reports whether h lies inside r.
func (r Rect) Contains(h Hex) bool {
	o := h.Offset()
	return o.Col >= 0 && o.Col < r.Width && o.Row >= 0 && o.Row < r.Height
}

// Index returns Row*Width+Col for h's offset coordinate, a number in
// 0..Len()-1 that is unique to h, or -1 if h is outside r.
func (r Rect) Index(h Hex) int {
	o := h.Offset()
	if o.Col < 0 || o.Col >= r.Width || o.Row < 0 || o.Row >= r.Height {
		return -1
	}
	return o.Row*r.Width + o.Col
}

// HexAt returns the hex whose index is i; it is the inverse of
// [Rect.Index]. It panics unless 0 <= i < r.Len().
func (r Rect) HexAt(i int) Hex {
	if i < 0 || i >= r.Len() {
		panic("hex: Rect.HexAt index out of range")
	}
	return FromOffset(Offset{Col: i % r.Width, Row: i / r.Width})
}

// All returns every hex of r in index order (row by row, each row from
// Col 0 upwards).
func (r Rect) All() []Hex {
	out := make([]Hex, 0, r.Len())
	for row := 0; row < r.Height && r.Width > 0; row++ {
		for col := range r.Width {
			out = append(out, FromOffset(Offset{Col: col, Row: row}))
		}
	}
	return out
}
