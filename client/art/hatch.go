package art

import (
	"image"
	"math"
)

// HatchPeriod returns the distance, in pixels, between the lines of the
// hatch of remembered cells on a map whose cells are r pixels from centre
// to corner (a hex's radius; a square's half side): 0.375 r, or 0.75 r on
// small cells (below 24 px). Both divide the hex rows' spacing (1.5 r), so
// the lines of hexes painted one by one, each from its centre, meet
// across the map.
func HatchPeriod(r float64) float64 {
	if r < 24 {
		return r * 0.75
	}
	return r * 0.375
}

// hatchShade is how much of a pixel's colour a hatch line keeps.
const hatchShade = 0.55

// HatchCover returns how much of the pixel row whose middle is dy pixels
// below a cell's centre (r pixels to its corners) a hatch line covers,
// from 0 to 1: lines a quarter of HatchPeriod thick (at least a pixel),
// the first centred on the cell's centre.
func HatchCover(dy, r float64) float64 {
	p := HatchPeriod(r)
	w := math.Max(1, p/4)
	d := math.Abs(dy - p*math.Round(dy/p)) // from the nearest line's middle
	return math.Max(0, math.Min(1, w/2-d+0.5))
}

// Hatch draws the hatch of remembered cells over img, a cell r pixels
// from centre to corner painted centred in it (PaintHexTile,
// PaintSquareTile): level lines darkening its pixels, so that cells out
// of sight are told from those in sight by a pattern as well as by their
// dimmer colour (for players who see the two colours alike).
func Hatch(img *image.RGBA, r float64) { HatchAt(img, r, 1) }

// HatchPeriodAt returns the distance between the hatch's lines on cells r
// pixels from centre to corner drawn at interface size scale (2 at
// 200 %): HatchPeriod of the cell at 100 % (r/scale), scale times as far
// apart, so that a map drawn at 200 % looks as at 100 %, twice as large.
// A scale of 1 or less is HatchPeriod.
func HatchPeriodAt(r, scale float64) float64 {
	scale = max(scale, 1)
	return HatchPeriod(r/scale) * scale
}

// HatchCoverAt is HatchCover at interface size scale: lines a quarter of
// HatchPeriodAt thick (at least scale pixels).
func HatchCoverAt(dy, r, scale float64) float64 {
	scale = max(scale, 1)
	p := HatchPeriodAt(r, scale)
	w := math.Max(scale, p/4)
	d := math.Abs(dy - p*math.Round(dy/p)) // from the nearest line's middle
	return math.Max(0, math.Min(1, w/2-d+0.5))
}

// HatchAt is Hatch on a cell drawn at interface size scale: the lines of
// the cell at 100 % (r/scale), scale times as far apart and as thick.
func HatchAt(img *image.RGBA, r, scale float64) {
	b := img.Bounds()
	cy := float64(b.Min.Y+b.Max.Y) / 2
	for y := b.Min.Y; y < b.Max.Y; y++ {
		cov := HatchCoverAt(float64(y)+0.5-cy, r, scale)
		if cov == 0 {
			continue
		}
		f := 1 - cov*(1-hatchShade)
		for x := b.Min.X; x < b.Max.X; x++ {
			i := img.PixOffset(x, y)
			for k := range 3 { // premultiplied: alpha stays, colour darkens
				img.Pix[i+k] = uint8(math.Round(float64(img.Pix[i+k]) * f))
			}
		}
	}
}
