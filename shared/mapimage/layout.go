// Package mapimage turns hexes into pixels: the pointy-top pixel layout that
// the client and the map tools share, the players' colours, and a renderer
// that draws a whole map with its cities into an image (for the mapgen
// command's PNGs and the client's minimap).
//
// Rules never use this package: it is the one place where hexes meet floating
// point.
package mapimage

import (
	"math"

	"empires/shared/hex"
)

// Layout maps hexes to pixels for pointy-top hexes of the given size (centre
// to corner, in pixels) with the hex at Col 0, Row 0 centred at Origin.
type Layout struct {
	Size    float64
	OriginX float64
	OriginY float64
}

const sqrt3 = 1.7320508075688772

// HexWidth is the distance between the centres of two hexes side by side.
func (l Layout) HexWidth() float64 { return sqrt3 * l.Size }

// RowHeight is the vertical distance between the centres of two rows.
func (l Layout) RowHeight() float64 { return 1.5 * l.Size }

// Center returns the pixel centre of h.
func (l Layout) Center(h hex.Hex) (x, y float64) {
	x = l.Size * sqrt3 * (float64(h.Q) + float64(h.R)/2)
	y = l.Size * 1.5 * float64(h.R)
	return x + l.OriginX, y + l.OriginY
}

// Corners returns the six corners of h, clockwise from the top.
func (l Layout) Corners(h hex.Hex) [6][2]float64 {
	cx, cy := l.Center(h)
	var c [6][2]float64
	for i := range c {
		a := math.Pi / 180 * float64(60*i-90)
		c[i] = [2]float64{cx + l.Size*math.Cos(a), cy + l.Size*math.Sin(a)}
	}
	return c
}

// HexAt returns the hex under pixel (x, y).
func (l Layout) HexAt(x, y float64) hex.Hex {
	x, y = (x-l.OriginX)/l.Size, (y-l.OriginY)/l.Size
	q := sqrt3/3*x - y/3
	r := 2.0 / 3 * y
	return round(q, r)
}

// round returns the hex nearest fractional axial (q, r).
func round(q, r float64) hex.Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return hex.Hex{Q: int(rq), R: int(rr)}
}

// Bounds returns the pixel size of a width x height map drawn with l, from
// the top-left corner of the map's bounding box, and the origin that puts the
// map's top-left hex fully inside it.
func Bounds(size float64, width, height int) (w, h int, originX, originY float64) {
	hw := sqrt3 * size
	w = int(math.Ceil(hw*(float64(width)+0.5))) + 1
	h = int(math.Ceil(size*(1.5*float64(height-1)+2))) + 1
	return w, h, hw / 2, size
}
