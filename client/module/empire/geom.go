package empire

import (
	"math"

	"empires/shared/grid"
)

// Layout is where a map's cells are drawn, in world pixels (the map at
// zoom 1): squares Size pixels wide, or pointy-top hexes of Size pixels
// from the centre to a corner, odd rows shoved right by half a hex (the
// odd-r rows of package grid).
type Layout struct {
	Shape         grid.Shape
	Width, Height int // in cells
	Size          float64
}

// maxWorld bounds the side of the map's picture at zoom 1, in pixels: a
// picture larger than a GPU's textures is not drawn.
const maxWorld = 4096

// NewLayout returns the layout of a w x h map of shape: cells of 40
// pixels (hexes of 23), smaller on a map that would not fit maxWorld.
func NewLayout(shape grid.Shape, w, h int) Layout {
	l := Layout{Shape: shape, Width: w, Height: h, Size: 40}
	if shape == grid.Hex {
		l.Size = 23
	}
	if ww, wh := l.WorldSize(); max(ww, wh) > maxWorld {
		l.Size *= maxWorld / max(ww, wh)
	}
	return l
}

// hexW is a hex's width: √3 times its size.
func (l Layout) hexW() float64 { return math.Sqrt(3) * l.Size }

// WorldSize returns the map's size in world pixels.
func (l Layout) WorldSize() (w, h float64) {
	if l.Shape == grid.Hex {
		return l.hexW() * (float64(l.Width) + 0.5), l.Size * (1.5*float64(l.Height) + 0.5)
	}
	return l.Size * float64(l.Width), l.Size * float64(l.Height)
}

// Center returns the centre of cell p in world pixels.
func (l Layout) Center(p grid.Pos) (x, y float64) {
	if l.Shape == grid.Hex {
		x = l.hexW() * (float64(p.X) + 0.5 + 0.5*float64(p.Y&1))
		y = l.Size * (1 + 1.5*float64(p.Y))
		return x, y
	}
	return l.Size * (float64(p.X) + 0.5), l.Size * (float64(p.Y) + 0.5)
}

// CellAt returns the cell under world point (x, y), and false off the
// map.
func (l Layout) CellAt(x, y float64) (grid.Pos, bool) {
	g := grid.New(l.Shape, l.Width, l.Height)
	if l.Shape != grid.Hex {
		p := grid.Pos{X: int(math.Floor(x / l.Size)), Y: int(math.Floor(y / l.Size))}
		return p, g.Contains(p)
	}
	// The nearest centre is the hex: try the rows and columns around.
	row := int(math.Floor((y - l.Size/2) / (1.5 * l.Size)))
	best, bestD := grid.Pos{}, math.Inf(1)
	for r := row - 1; r <= row+1; r++ {
		col := int(math.Floor(x/l.hexW() - 0.5*float64(r&1)))
		for c := col - 1; c <= col+1; c++ {
			p := grid.Pos{X: c, Y: r}
			cx, cy := l.Center(p)
			if d := (cx-x)*(cx-x) + (cy-y)*(cy-y); d < bestD {
				best, bestD = p, d
			}
		}
	}
	return best, g.Contains(best)
}

// Corners returns the corners of cell p in world pixels, clockwise from
// the top (a hex's six) or the top left (a square's four).
func (l Layout) Corners(p grid.Pos) [][2]float64 {
	cx, cy := l.Center(p)
	if l.Shape != grid.Hex {
		h := l.Size / 2
		return [][2]float64{{cx - h, cy - h}, {cx + h, cy - h}, {cx + h, cy + h}, {cx - h, cy + h}}
	}
	out := make([][2]float64, 6)
	for i := range out {
		a := math.Pi / 180 * float64(60*i-90)
		out[i] = [2]float64{cx + l.Size*math.Cos(a), cy + l.Size*math.Sin(a)}
	}
	return out
}

// Inner is the radius of the circle inside a cell: half a square's side,
// or a hex's inner radius.
func (l Layout) Inner() float64 {
	if l.Shape == grid.Hex {
		return l.hexW() / 2
	}
	return l.Size / 2
}
