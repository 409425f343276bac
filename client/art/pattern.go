package art

import (
	"empires/shared/game"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Pattern is what a player's areas (a territory, a settlement's banner)
// are hatched with over its colour, so that players who cannot tell two
// colours apart tell the owners apart by their pattern.
type Pattern uint8

// The patterns, one a player (PlayerPattern).
const (
	Plain      Pattern = iota // no one's
	Diagonal                  // stripes rising to the right
	Dots                      // a dot in every square of a grid
	Checks                    // a checkerboard
	Crosshatch                // stripes crossing both ways
	Vertical                  // upright stripes
	Horizontal                // level stripes
)

// PlayerPattern returns player p's pattern: Plain for nobody (0), one of
// the six others for players 1 to 6, repeating after.
func PlayerPattern(p game.PlayerID) Pattern {
	if p == 0 {
		return Plain
	}
	return Pattern(1 + (int(p)-1)%6)
}

// String names the pattern, for the tests' messages and the help.
func (p Pattern) String() string {
	return [...]string{"plain", "diagonal stripes", "dots", "checks", "crosshatch", "upright stripes", "level stripes"}[p]
}

// PatternInk returns the colour a pattern is drawn with over colour c: c
// darkened, or lightened for a dark c, enough to be seen and no more.
func PatternInk(c color.RGBA) color.RGBA {
	if luma(c) < 90 {
		return Mix(c, color.RGBA{255, 255, 255, 255}, 0.35)
	}
	return Mix(c, color.RGBA{0, 0, 0, 255}, 0.32)
}

// DrawPattern covers dst (an image, or a part of one) with pattern p in
// colour c, its period period pixels, on a grid that starts at the
// image's (0, 0) whatever part dst is: two territories of one owner side
// by side join up. The pattern's lines run across whole (the image's
// bounds), those that pass by dst left out, so that a part painted on
// its own is the pixels of the whole image's painting. dot is a white
// disc the dots are drawn with.
func DrawPattern(dst *ebiten.Image, whole image.Rectangle, p Pattern, period float64, c color.RGBA, dot *ebiten.Image) {
	x0 := math.Floor(float64(whole.Min.X)/period) * period
	y0 := math.Floor(float64(whole.Min.Y)/period) * period
	x1, y1 := float64(whole.Max.X)+period, float64(whole.Max.Y)+period
	h := y1 - y0
	lw := float32(math.Max(1, period*0.28))
	in := dst.Bounds()
	pad := float64(lw) + 2
	path := &vector.Path{}
	line := func(ax, ay, bx, by float64) {
		if passesBy(in, ax, ay, bx, by, pad) {
			return
		}
		// The stripe as a quadrilateral turning one way whatever its
		// direction (crossing stripes add up), its corners on a grid of
		// 1/64 pixel (a part of the image is drawn through the same
		// pixels' samples as the whole).
		n := math.Hypot(bx-ax, by-ay)
		nx, ny := (by-ay)/n*float64(lw)/2, (ax-bx)/n*float64(lw)/2
		path.MoveTo(Snap(ax+nx), Snap(ay+ny))
		path.LineTo(Snap(bx+nx), Snap(by+ny))
		path.LineTo(Snap(bx-nx), Snap(by-ny))
		path.LineTo(Snap(ax-nx), Snap(ay-ny))
		path.Close()
	}
	switch p {
	case Diagonal, Crosshatch:
		for x := x0; x < x1+h; x += period {
			line(x, y0, x-h, y1) // rising to the right
			if p == Crosshatch {
				line(x-h, y0, x, y1)
			}
		}
	case Vertical:
		for x := x0 + period/2; x < x1; x += period {
			line(x, y0, x, y1)
		}
	case Horizontal:
		for y := y0 + period/2; y < y1; y += period {
			line(x0, y, x1, y)
		}
	case Dots:
		rad := math.Max(1, period*0.2)
		k := 2 * rad / float64(dot.Bounds().Dx())
		for y := y0 + period/2; y < y1; y += period {
			for x := x0 + period/2; x < x1; x += period {
				if !image.Rect(int(x-rad)-1, int(y-rad)-1, int(x+rad)+2, int(y+rad)+2).Overlaps(in) {
					continue
				}
				op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
				op.GeoM.Scale(k, k)
				op.GeoM.Translate(x-rad, y-rad)
				op.ColorScale.ScaleWithColor(c)
				dst.DrawImage(dot, op)
			}
		}
		return
	case Checks:
		s := period / 2
		for y := y0; y < y1; y += period {
			for x := x0; x < x1; x += period {
				if !image.Rect(int(x)-1, int(y)-1, int(x+period)+2, int(y+period)+2).Overlaps(in) {
					continue
				}
				path.MoveTo(float32(x), float32(y))
				path.LineTo(float32(x+s), float32(y))
				path.LineTo(float32(x+s), float32(y+s))
				path.LineTo(float32(x), float32(y+s))
				path.Close()
				path.MoveTo(float32(x+s), float32(y+s))
				path.LineTo(float32(x+2*s), float32(y+s))
				path.LineTo(float32(x+2*s), float32(y+2*s))
				path.LineTo(float32(x+s), float32(y+2*s))
				path.Close()
			}
		}
		op := &vector.DrawPathOptions{}
		op.ColorScale.ScaleWithColor(c)
		vector.FillPath(dst, path, nil, op)
		return
	default:
		return
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, path, nil, op)
}

// Snap returns v on the grid of 1/64 pixel the layers' shapes are drawn
// on: moved by a whole number of pixels (as the GL's work images move a
// part), such a point stays exact, and a part of a layer painted on its
// own is drawn through the same samples as the whole layer.
func Snap(v float64) float32 { return float32(math.Round(v*64) / 64) }

// passesBy reports whether the line from (ax, ay) to (bx, by) stays
// further than pad pixels from rectangle r.
func passesBy(r image.Rectangle, ax, ay, bx, by, pad float64) bool {
	minX, maxX := float64(r.Min.X)-pad, float64(r.Max.X)+pad
	minY, maxY := float64(r.Min.Y)-pad, float64(r.Max.Y)+pad
	if math.Max(ax, bx) < minX || math.Min(ax, bx) > maxX || math.Max(ay, by) < minY || math.Min(ay, by) > maxY {
		return true
	}
	// The corners' distances from the line, across it: all on one side
	// by more than pad, the line passes by.
	nx, ny := by-ay, ax-bx
	n := math.Hypot(nx, ny)
	if n == 0 {
		return false
	}
	above, below := 0, 0
	for _, c := range [4][2]float64{{minX, minY}, {maxX, minY}, {minX, maxY}, {maxX, maxY}} {
		switch d := ((c[0]-ax)*nx + (c[1]-ay)*ny) / n; {
		case d > 0:
			above++
		case d < 0:
			below++
		}
	}
	return above == 4 || below == 4
}

// luma is c's brightness, 0 to 255.
func luma(c color.RGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}
