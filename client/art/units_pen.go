package art

import (
	"image/color"
	"math"
)

// pen paints one unit picture in box units: x and y from -0.5 to 0.5
// across the picture's box, y down, widths in box units too. It keeps the
// pictures' common style: parts filled in their own colour inside a dark
// edge, their right side shaded (the light comes from the upper left).
type pen struct {
	cv   *canvas
	at   func(x, y float64) pt
	s    float64 // the box's side in pixels
	line float64 // the width of dark edges in pixels
}

// shadeInk darkens what it is painted over: the shaded side of a part.
var shadeInk = color.RGBA{0, 0, 0, 60}

// glossInk lightens what it is painted over: a highlight.
var glossInk = Alpha(White, 0.4)

// turned returns the pen with its box turned by angle radians (clockwise
// on screen) about the box's centre.
func (d pen) turned(angle float64) pen {
	c, s := math.Cos(angle), math.Sin(angle)
	at := d.at
	d.at = func(x, y float64) pt { return at(x*c-y*s, x*s+y*c) }
	return d
}

// moved returns the pen with its box's centre moved to (x, y): what is
// drawn at (0, 0) is drawn there.
func (d pen) moved(x, y float64) pen {
	at := d.at
	d.at = func(u, v float64) pt { return at(u+x, v+y) }
	return d
}

// pts returns the points given as x, y pairs in box units.
func (d pen) pts(xy ...float64) []pt {
	out := make([]pt, len(xy)/2)
	for i := range out {
		out[i] = d.at(xy[2*i], xy[2*i+1])
	}
	return out
}

// poly returns the polygon through the x, y pairs.
func (d pen) poly(xy ...float64) poly { return wound(d.pts(xy...)) }

// circle returns a circle of radius r (box units) around (x, y).
func (d pen) circle(x, y, r float64) poly {
	c := d.at(x, y)
	return circle(c.X, c.Y, r*d.s)
}

// ellipse returns an ellipse of radii rx, ry around (x, y), turned with
// the pen.
func (d pen) ellipse(x, y, rx, ry float64) poly {
	n := int(math.Min(96, math.Max(12, math.Ceil(math.Max(rx, ry)*d.s*2))))
	out := make(poly, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = d.at(x+rx*math.Cos(a), y+ry*math.Sin(a))
	}
	return out
}

// rect returns the rectangle from (x0, y0) to (x1, y1), turned with the
// pen.
func (d pen) rect(x0, y0, x1, y1 float64) poly {
	return d.poly(x0, y0, x1, y0, x1, y1, x0, y1)
}

// mirror returns p reflected in the box's vertical middle line (an
// unturned pen's).
func (d pen) mirror(p poly) poly {
	cx := d.at(0, 0).X
	out := make(poly, len(p))
	for i, q := range p {
		out[len(p)-1-i] = pt{2*cx - q.X, q.Y}
	}
	return out
}

// path starts an outline at (x, y); its lines and curves follow.
func (d pen) path(x, y float64) *path { return &path{d: d, p: poly{d.at(x, y)}} }

// path builds an outline of lines and quadratic curves, in box units.
type path struct {
	d pen
	p poly
}

// to adds straight lines to each x, y pair in turn.
func (b *path) to(xy ...float64) *path {
	b.p = append(b.p, b.d.pts(xy...)...)
	return b
}

// curve adds a quadratic curve through control point (cx, cy) to (x, y).
func (b *path) curve(cx, cy, x, y float64) *path {
	n := int(math.Max(6, math.Min(24, b.d.s/6)))
	b.p = append(b.p, quad(b.p[len(b.p)-1], b.d.at(cx, cy), b.d.at(x, y), n)[1:]...)
	return b
}

// done returns the closed outline, wound like the shape helpers.
func (b *path) done() poly { return wound(b.p) }

// open returns the outline's points, for a line through them.
func (b *path) open() []pt { return b.p }

// part paints ps in colour c inside a dark edge; parts painted together
// share one edge around their union.
func (d pen) part(c color.RGBA, ps ...poly) { outlined(d.cv, c, d.line, ps...) }

// fill paints ps in colour c, no edge.
func (d pen) fill(c color.RGBA, ps ...poly) { d.cv.fill(c, ps...) }

// width returns w box units in pixels, at least a pixel, so that thin
// things (a spear, a bowstring) still show in a small picture.
func (d pen) width(w float64) float64 { return math.Max(1, w*d.s) }

// rod paints a line of width w through the points (x, y pairs) in colour
// c inside a dark edge: a spear, an arm, a rope.
func (d pen) rod(c color.RGBA, w float64, xy ...float64) { d.rodPts(c, w, d.pts(xy...)) }

// rodPts is rod through points already in pixels (a path's).
func (d pen) rodPts(c color.RGBA, w float64, pts []pt) {
	d.cv.stroke(OutlineColor, d.width(w)+2*d.line, false, pts...)
	d.cv.stroke(c, d.width(w), false, pts...)
}

// stroke paints a line of width w through the points in colour c, no edge:
// a seam, a crack, a fold.
func (d pen) stroke(c color.RGBA, w float64, xy ...float64) {
	d.cv.stroke(c, d.width(w), false, d.pts(xy...)...)
}

// shade darkens the parts of ps right of x (box units, an unturned pen's):
// the side away from the light.
func (d pen) shade(x float64, ps ...poly) {
	cut := d.at(x, 0).X
	for _, p := range ps {
		if q := clipRight(p, cut); len(q) >= 3 {
			d.cv.fill(shadeInk, q)
		}
	}
}

// clipRight returns the part of p whose x is at least x (pixels).
func clipRight(p poly, x float64) poly {
	var out poly
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		ina, inb := a.X >= x, b.X >= x
		if ina {
			out = append(out, a)
		}
		if ina != inb {
			t := (x - a.X) / (b.X - a.X)
			out = append(out, pt{x, a.Y + t*(b.Y-a.Y)})
		}
	}
	return out
}

// dot paints a dark dot of radius r (box units, at least half a pixel):
// an eye, a rivet.
func (d pen) dot(c color.RGBA, x, y, r float64) {
	p := d.at(x, y)
	d.cv.fill(c, circle(p.X, p.Y, math.Max(0.5, r*d.s)))
}
