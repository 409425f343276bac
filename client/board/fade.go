package board

import (
	"image"
	"math"
)

// fadePad is the transparent margin left and right of a fade sprite.
const fadePad = 1

// paintFade paints the fade along one edge of a hex of radius r: art.White,
// opaque at its top row (the edge, r long) and fading out towards the
// hex's centre over a third of the radius, its ends cut along the lines
// from the edge's corners to the centre, so the fades of a hex's edges
// meet without gap or overlap. Tinted, it shades the fog's border and
// lights the coasts.
func paintFade(r float64) *image.RGBA {
	depth := r * 0.34
	w, h := int(math.Ceil(r))+2*fadePad, int(math.Ceil(depth))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for py := range h {
		y := float64(py) + 0.5
		inset := y / sqrt3 // the corners' lines meet the edge at 60 degrees
		v := math.Pow(math.Max(0, 1-y/depth), 1.7)
		for px := range w {
			x := float64(px) + 0.5 - fadePad
			cov := math.Max(0, math.Min(1, x-inset+0.5)) * math.Max(0, math.Min(1, r-inset-x+0.5))
			a := uint8(math.Round(255 * v * cov))
			i := img.PixOffset(px, py)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = a, a, a, a
		}
	}
	return img
}
