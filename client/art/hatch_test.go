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

// TestHatchAt: at interface size s a cell s times as large is hatched as
// the cell at 100 %, s times as large: the period and each row's cover
// follow the row s times as far from the centre; at 1 it is Hatch.
func TestHatchAt(t *testing.T) {
	for _, r := range []float64{8, 16, 20, 32, 64} {
		for _, s := range []float64{1, 1.5, 2} {
			if have, want := HatchPeriodAt(r*s, s), HatchPeriod(r)*s; math.Abs(have-want) > 1e-9 {
				t.Errorf("r %v at %v: period %v, want %v", r, s, have, want)
			}
			for _, dy := range []float64{0, 1.5, 3, 4.5, 6, 10} {
				// The middle of a line, and halfway between two lines, as
				// at 100 %.
				p := HatchPeriod(r)
				for _, at := range []float64{0, p / 2} {
					have, want := HatchCoverAt((dy*p+at)*s, r*s, s), HatchCover(dy*p+at, r)
					if math.Abs(have-want) > 1e-9 && (want == 0 || want == 1) {
						t.Errorf("r %v at %v: the row %v lines and %v down covers %v, want %v", r, s, dy, at, have, want)
					}
				}
			}
		}
		if HatchCoverAt(0.7, r, 1) != HatchCover(0.7, r) {
			t.Errorf("r %v: HatchCoverAt at 1 is not HatchCover", r)
		}
	}
}
