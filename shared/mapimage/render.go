package mapimage

import (
	"image"
	"image/color"
	"math"

	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rulesfile"
)

// PlayerColors returns the 16 player colours. Every two differ clearly
// (a CIEDE2000 difference of at least 24), also when a remembered
// sighting draws one of them darker, and each differs from the neutral
// grey and from the terrain colours (client/board's colour tests check
// it); the first eight are the most distinct, for the usual games of up
// to eight players.
func PlayerColors() [16]color.RGBA {
	return [16]color.RGBA{
		{248, 142, 0, 255},   // amber
		{5, 203, 255, 255},   // sky blue
		{229, 35, 33, 255},   // red
		{255, 255, 255, 255}, // white
		{116, 8, 255, 255},   // violet
		{0, 125, 122, 255},   // teal
		{255, 255, 0, 255},   // yellow
		{22, 23, 16, 255},    // black
		{255, 173, 193, 255}, // pink
		{3, 28, 90, 255},     // navy
		{242, 20, 174, 255},  // magenta
		{125, 255, 187, 255}, // mint
		{109, 8, 57, 255},    // maroon
		{163, 145, 255, 255}, // lavender
		{104, 49, 0, 255},    // brown
		{144, 132, 0, 255},   // olive
	}
}

// PlayerColor returns the colour of player i (0-based); colours repeat after
// sixteen players.
func PlayerColor(i int) color.RGBA {
	c := PlayerColors()
	return c[((i%len(c))+len(c))%len(c)]
}

// Marker is a city drawn on the map.
type Marker struct {
	Hex     hex.Hex
	Player  int
	Capital bool
}

// Render draws m with hexes of the given size (centre to corner, pixels),
// each hex filled with its terrain's colour (terrain[TerrainID]), outlined
// when the hexes are large enough to show it, and the markers on top:
// capitals as large squares, other cities as dots, in their player's colour
// with a dark rim.
func Render(m *hexmap.Map, terrain []color.RGBA, markers []Marker, size float64) *image.RGBA {
	return RenderAccents(m, terrain, nil, markers, size)
}

// RenderAccents is Render with a pattern of spots in the accent colour over
// each terrain whose accent (indexed by TerrainID) is set, such as the brown
// spots of Grasslands, when the hexes are large enough to show them.
func RenderAccents(m *hexmap.Map, terrain []color.RGBA, accent []*color.RGBA, markers []Marker, size float64) *image.RGBA {
	w, h, ox, oy := Bounds(size, m.Width, m.Height)
	l := Layout{Size: size, OriginX: ox, OriginY: oy}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	background := color.RGBA{12, 18, 28, 255}
	outline := size >= 6
	for py := range h {
		for px := range w {
			fx, fy := float64(px)+0.5, float64(py)+0.5
			hx := l.HexAt(fx, fy)
			t, ok := m.At(hx)
			if !ok || int(t) >= len(terrain) {
				img.SetRGBA(px, py, background)
				continue
			}
			c := terrain[t]
			if outline && int(t) < len(accent) && accent[t] != nil && onSpot(l, hx, fx, fy) {
				c = *accent[t]
			}
			if outline && nearEdge(l, hx, fx, fy) {
				c = shade(c, 0.8)
			}
			img.SetRGBA(px, py, c)
		}
	}
	for _, mk := range markers {
		cx, cy := l.Center(mk.Hex)
		r := max(size*0.45, 2)
		if mk.Capital {
			r = max(size*0.7, 3)
			fillSquare(img, cx, cy, r+1, color.RGBA{0, 0, 0, 255})
			fillSquare(img, cx, cy, r, PlayerColor(mk.Player))
			continue
		}
		fillCircle(img, cx, cy, r+1, color.RGBA{0, 0, 0, 255})
		fillCircle(img, cx, cy, r, PlayerColor(mk.Player))
	}
	return img
}

// nearEdge reports whether pixel (x, y) lies in the outer tenth of hex h.
func nearEdge(l Layout, h hex.Hex, x, y float64) bool {
	cx, cy := l.Center(h)
	dx, dy := math.Abs(x-cx), math.Abs(y-cy)
	// Distance to the nearest of the hex's three pairs of sides, for a
	// pointy-top hex whose inner radius is Size*sqrt(3)/2.
	inner := l.Size * sqrt3 / 2
	d := max(dx, dx/2+dy*sqrt3/2)
	return d > inner*0.9
}

// onSpot reports whether pixel (x, y) lies on one of three small spots drawn
// inside hex h.
func onSpot(l Layout, h hex.Hex, x, y float64) bool {
	cx, cy := l.Center(h)
	dx, dy := (x-cx)/l.Size, (y-cy)/l.Size
	for _, s := range [3][2]float64{{-0.35, -0.2}, {0.3, -0.3}, {0.05, 0.35}} {
		if (dx-s[0])*(dx-s[0])+(dy-s[1])*(dy-s[1]) < 0.011 {
			return true
		}
	}
	return false
}

func shade(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}

func fillCircle(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	for y := int(cy - r); y <= int(cy+r)+1; y++ {
		for x := int(cx - r); x <= int(cx+r)+1; x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r && image.Pt(x, y).In(img.Rect) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func fillSquare(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	for y := int(math.Round(cy - r)); y < int(math.Round(cy+r)); y++ {
		for x := int(math.Round(cx - r)); x < int(math.Round(cx+r)); x++ {
			if image.Pt(x, y).In(img.Rect) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

// TerrainAccents returns the accent colour of each terrain of table, indexed
// by TerrainID; nil where a terrain has none.
func TerrainAccents(table rulesfile.TerrainTable) []*color.RGBA {
	out := make([]*color.RGBA, len(table))
	for i, t := range table {
		if t.Accent != nil {
			out[i] = &color.RGBA{t.Accent.R, t.Accent.G, t.Accent.B, 255}
		}
	}
	return out
}

// TerrainColors returns the fill colour of each terrain of table, indexed by
// TerrainID.
func TerrainColors(table rulesfile.TerrainTable) []color.RGBA {
	out := make([]color.RGBA, len(table))
	for i, t := range table {
		out[i] = color.RGBA{t.Color.R, t.Color.G, t.Color.B, 255}
	}
	return out
}
