package art

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestHatch: the hatch darkens level lines through a cell, one through
// its centre and then every HatchPeriod, and leaves the rows between
// them as they were; the period divides the hex rows' spacing (1.5 r),
// so neighbouring rows of hexes continue each other's lines.
func TestHatch(t *testing.T) {
	for _, r := range []float64{8, 16, 32, 64} {
		p := HatchPeriod(r)
		if rows := 1.5 * r / p; math.Abs(rows-math.Round(rows)) > 1e-9 {
			t.Errorf("r %v: period %v does not divide the rows' spacing %v", r, p, 1.5*r)
		}
		w, h := TileSize(r)
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		grey := color.RGBA{200, 200, 200, 255}
		for y := range h {
			for x := range w {
				img.SetRGBA(x, y, grey)
			}
		}
		Hatch(img, r)
		cy := float64(h) / 2
		line, off := img.RGBAAt(w/2, int(cy)), img.RGBAAt(w/2, int(math.Floor(cy+p/2)))
		if line.R > 150 {
			t.Errorf("r %v: the row through the centre is %v, want darkened", r, line)
		}
		if off != grey {
			t.Errorf("r %v: the row between lines (%v below the centre) is %v, want %v", r, p/2, off, grey)
		}
		dark := 0
		for y := range h {
			if img.RGBAAt(w/2, y).R < 190 {
				dark++
			}
		}
		if want := float64(h) / p; float64(dark) < want*0.8 {
			t.Errorf("r %v: %d darkened rows in %d, want a line every %.1f", r, dark, h, p)
		}
	}
}
