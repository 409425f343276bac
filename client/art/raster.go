package art

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point of a sprite, in pixels.
type pt struct{ X, Y float64 }

// poly is a closed polygon. Polygons filled together add up: two of the
// same winding cover their union, one wound the other way cuts a hole.
type poly []pt

// canvas draws anti-aliased shapes into an RGBA image on the CPU: the
// sprites are painted here once, then handed to the GPU.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))}
}

// fill paints the union of ps in colour c (premultiplied) over the canvas.
func (cv *canvas) fill(c color.RGBA, ps ...poly) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range ps {
		for _, q := range p {
			x0, y0 = min(x0, q.X), min(y0, q.Y)
			x1, y1 = max(x1, q.X), max(y1, q.Y)
		}
	}
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1))).Intersect(cv.img.Rect)
	if r.Empty() {
		return
	}
	// The rasterizer covers only the shapes' bounding box, offset by r.Min.
	cv.z.Reset(r.Dx(), r.Dy())
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	for _, p := range ps {
		if len(p) < 3 {
			continue
		}
		cv.z.MoveTo(float32(p[0].X-ox), float32(p[0].Y-oy))
		for _, q := range p[1:] {
			cv.z.LineTo(float32(q.X-ox), float32(q.Y-oy))
		}
		cv.z.ClosePath()
	}
	cv.z.Draw(cv.img, r, image.NewUniform(c), image.Point{})
}

// stroke paints a line of the given width through pts, with round joins
// and ends; closed joins the last point to the first.
func (cv *canvas) stroke(c color.RGBA, width float64, closed bool, pts ...pt) {
	cv.fill(c, strokePolys(width, closed, pts)...)
}

// strokePolys returns the polygons covering a line of the given width
// through pts: a rectangle per segment and a disc per point, all wound the
// same way so they add up to their union.
func strokePolys(width float64, closed bool, pts []pt) []poly {
	var out []poly
	n := len(pts)
	segs := n - 1
	if closed {
		segs = n
	}
	h := width / 2
	for i := range segs {
		a, b := pts[i], pts[(i+1)%n]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*h, dx/l*h
		out = append(out, wound(poly{{a.X + nx, a.Y + ny}, {b.X + nx, b.Y + ny}, {b.X - nx, b.Y - ny}, {a.X - nx, a.Y - ny}}))
	}
	for _, p := range pts {
		out = append(out, circle(p.X, p.Y, h))
	}
	return out
}

// wound returns p wound clockwise on screen (y down), the winding of
// circle and the other shape helpers.
func wound(p poly) poly {
	if area(p) < 0 {
		return reversed(p)
	}
	return p
}

// area returns the signed area of p, positive when p winds clockwise on
// screen.
func area(p poly) float64 {
	s := 0.0
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s / 2
}

func reversed(p poly) poly {
	out := make(poly, len(p))
	for i, q := range p {
		out[len(p)-1-i] = q
	}
	return out
}

// ellipse returns an ellipse of radii rx, ry around (cx, cy).
func ellipse(cx, cy, rx, ry float64) poly {
	n := int(math.Min(96, math.Max(12, math.Ceil(math.Max(rx, ry)*2))))
	out := make(poly, n)
	for i := range out {
		a := 2 * math.Pi * float64(i) / float64(n)
		out[i] = pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)}
	}
	return out
}

// circle returns a circle of radius r around (cx, cy).
func circle(cx, cy, r float64) poly { return ellipse(cx, cy, r, r) }

// regular returns a regular n-gon of circumradius r around (cx, cy) with a
// corner at angle rot (radians, 0 pointing right, clockwise on screen).
func regular(cx, cy, r float64, n int, rot float64) poly {
	out := make(poly, n)
	for i := range out {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		out[i] = pt{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	return out
}

// star returns an n-pointed star with outer radius r and inner radius ri,
// its first point straight up.
func star(cx, cy, r, ri float64, n int) poly {
	out := make(poly, 2*n)
	for i := range out {
		a := -math.Pi/2 + math.Pi*float64(i)/float64(n)
		rr := r
		if i%2 == 1 {
			rr = ri
		}
		out[i] = pt{cx + rr*math.Cos(a), cy + rr*math.Sin(a)}
	}
	return out
}

// hexagon returns a pointy-top hexagon of radius r (centre to corner)
// around (cx, cy), the shape of a map hex.
func hexagon(cx, cy, r float64) poly { return regular(cx, cy, r, 6, -math.Pi/2) }

// rect returns the rectangle from (x0, y0) to (x1, y1).
func rect(x0, y0, x1, y1 float64) poly {
	return poly{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// quad returns the quadratic Bézier curve from a through control point c
// to b as n+1 points.
func quad(a, c, b pt, n int) []pt {
	out := make([]pt, n+1)
	for i := range out {
		t := float64(i) / float64(n)
		u := 1 - t
		out[i] = pt{u*u*a.X + 2*u*t*c.X + t*t*b.X, u*u*a.Y + 2*u*t*c.Y + t*t*b.Y}
	}
	return out
}

// transform returns p scaled by s and moved by (dx, dy).
func transform(p poly, s, dx, dy float64) poly {
	out := make(poly, len(p))
	for i, q := range p {
		out[i] = pt{q.X*s + dx, q.Y*s + dy}
	}
	return out
}
