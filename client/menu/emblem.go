package menu

import (
	goimage "image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// hexEmblem returns the game's emblem, size pixels wide: a hex and its six
// neighbours, the centre one in the accent colour.
func hexEmblem(p Palette, size int) *ebiten.Image {
	sqrt3 := math.Sqrt(3)
	s := float64(size) / (3 * sqrt3) // centre to corner of one hex
	h := int(math.Ceil(5 * s))
	img := goimage.NewNRGBA(goimage.Rect(0, 0, size, h))
	cx, cy := float64(size)/2, float64(h)/2
	type hex struct {
		x, y float64
		c    color.NRGBA
	}
	hexes := []hex{{cx, cy, p.Accent}}
	for _, d := range [][2]float64{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}} {
		q, r := d[0], d[1]
		hexes = append(hexes, hex{cx + s*sqrt3*(q+r/2), cy + s*1.5*r, p.Primary})
	}
	const ss = 4
	inner := s * 0.86 // leaves a gap between neighbours
	for y := range h {
		for x := range size {
			var r, g, b, n int
			for sy := range ss {
				for sx := range ss {
					px := float64(x) + (float64(sx)+0.5)/ss
					py := float64(y) + (float64(sy)+0.5)/ss
					for _, hx := range hexes {
						if inHex(px-hx.x, py-hx.y, inner) {
							r += int(hx.c.R)
							g += int(hx.c.G)
							b += int(hx.c.B)
							n++
							break
						}
					}
				}
			}
			if n > 0 {
				img.SetNRGBA(x, y, color.NRGBA{uint8(r / n), uint8(g / n), uint8(b / n), uint8(n * 255 / (ss * ss))})
			}
		}
	}
	return ebiten.NewImageFromImage(img)
}

// inHex reports whether (x, y) is inside the pointy-top hexagon centred on
// the origin with corners s from the centre.
func inHex(x, y, s float64) bool {
	x, y = math.Abs(x), math.Abs(y)
	return x <= s*math.Sqrt(3)/2 && y <= s-x/math.Sqrt(3)
}
