package art

import (
	"fmt"
	"image"
	"image/color"
	"testing"
)

// TestSquareTiles checks the square tiles of each decor: opaque over the
// whole square, its mean colour near the terrain's (the decor changes it
// a little), transparent in the margin; unknown land dark.
func TestSquareTiles(t *testing.T) {
	styles := map[string]TileStyle{
		"grass": {Color: color.RGBA{143, 191, 90, 255}, Decor: DecorGrass},
		"spots": {Color: color.RGBA{143, 191, 90, 255}, Accent: color.RGBA{200, 180, 60, 255}, Decor: DecorSpots},
		"trees": {Color: color.RGBA{46, 107, 48, 255}, Decor: DecorTrees},
		"peaks": {Color: color.RGBA{138, 122, 102, 255}, Decor: DecorPeaks},
		"waves": {Color: color.RGBA{47, 95, 159, 255}, Decor: DecorWaves},
	}
	for _, side := range []float64{6, 24, 64} {
		for name, st := range styles {
			for v := range TileVariants {
				checkSquare(t, name, PaintSquareTile(st, false, v, side), side, st.Color)
			}
		}
		checkSquare(t, "unknown", PaintSquareTile(TileStyle{}, true, 0, side), side, UnknownColor)
	}
}

func checkSquare(t *testing.T, name string, img *image.RGBA, side float64, want color.RGBA) {
	t.Helper()
	n := SquareTileSize(side)
	if img.Rect.Dx() != n || img.Rect.Dy() != n {
		t.Fatalf("%s tile of side %v is %v, want %dx%d", name, side, img.Rect, n, n)
	}
	if c := img.RGBAAt(0, 0); c.A != 0 {
		t.Errorf("%s tile of side %v: the margin is %v, want transparent", name, side, c)
	}
	var sum [4]float64
	px := 0.0
	for y := SpritePad; y < n-SpritePad; y++ {
		for x := SpritePad; x < n-SpritePad; x++ {
			c := img.RGBAAt(x, y)
			if c.A != 255 {
				t.Fatalf("%s tile of side %v: (%d, %d) is %v, want opaque", name, side, x, y, c)
			}
			sum[0], sum[1], sum[2] = sum[0]+float64(c.R), sum[1]+float64(c.G), sum[2]+float64(c.B)
			px++
		}
	}
	mean := color.RGBA{uint8(sum[0] / px), uint8(sum[1] / px), uint8(sum[2] / px), 255}
	if d := DeltaE(mean, want); d > 25 {
		t.Errorf("%s tile of side %v: mean %v is %.0f from %v", name, side, mean, d, want)
	}
}

// BenchmarkPaintHexTile paints a wooded hex tile of each radius the hex
// board paints at its levels of detail: 128 px is its closest at 100 %,
// 256 px its closest at 200 % (a tile is painted once per terrain, variant
// and level, the first time it is drawn).
func BenchmarkPaintHexTile(b *testing.B) {
	st := TileStyle{Color: color.RGBA{46, 107, 48, 255}, Decor: DecorTrees}
	for _, r := range []float64{32, 64, 128, 256} {
		b.Run(fmt.Sprintf("r%.0f", r), func(b *testing.B) {
			for b.Loop() {
				Hatch(PaintHexTile(st, false, 0, r), r)
			}
		})
	}
}
