package board

import (
	"image"
	"image/color"
	"testing"

	"empires/shared/rules/erfworld"
)

func TestSpriteSize(t *testing.T) {
	for _, tc := range []struct {
		px   float64
		want int
	}{
		{1, 8}, {8, 8}, {8.5, 11}, {20, 22}, {22, 22}, {100, 128}, {256, 256}, {1000, 256},
	} {
		if have := spriteSize(tc.px); have != tc.want {
			t.Errorf("spriteSize(%v) = %d, want %d", tc.px, have, tc.want)
		}
	}
}

// TestSpritesPainted paints every sprite at a small and a large size and
// checks that it shows something and keeps its margin clear, so that
// nothing is cut when drawn.
func TestSpritesPainted(t *testing.T) {
	for kind := range numSpriteKinds {
		args := []uint8{0}
		switch kind {
		case spriteMark:
			args = nil
			for m := MarkCircle; m < numMarks; m++ {
				args = append(args, uint8(m))
			}
		case spriteCity:
			args = []uint8{1, 2, 3, 4, 5}
		case spriteStructure, spriteStructureFill:
			args = nil
			for p := range numPictures {
				args = append(args, uint8(p))
			}
		}
		for _, arg := range args {
			for _, size := range []int{16, 90} {
				img := paintSprite(spriteKey{kind, arg, size})
				if have, want := img.Rect.Dx(), size+2*spritePad; have != want || img.Rect.Dy() != want {
					t.Errorf("sprite %d/%d at %d: %v, want %dx%d", kind, arg, size, img.Rect, want, want)
				}
				if coverage(img) < 0.02 {
					t.Errorf("sprite %d/%d at %d is empty", kind, arg, size)
				}
				if n := edgeOpacity(img); n > 0 {
					t.Errorf("sprite %d/%d at %d: %d opaque pixels on its edge", kind, arg, size, n)
				}
			}
		}
	}
}

// edgeOpacity returns how many pixels on the outer rows and columns of
// img are not transparent.
func edgeOpacity(img *image.RGBA) int {
	n := 0
	b := img.Rect
	for x := b.Min.X; x < b.Max.X; x++ {
		for _, y := range []int{b.Min.Y, b.Max.Y - 1} {
			if img.RGBAAt(x, y).A > 0 {
				n++
			}
		}
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for _, x := range []int{b.Min.X, b.Max.X - 1} {
			if img.RGBAAt(x, y).A > 0 {
				n++
			}
		}
	}
	return n
}

// TestTiles checks the terrain tiles: opaque in the hex, near the
// terrain's colour, transparent in the corners of the image outside the
// hex; unknown land dark.
func TestTiles(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []float64{8, 32, 128} {
		for i := range rs.Terrain {
			st := styleOf(&rs.Terrain[i])
			for v := range tileVariants {
				img := paintTile(st, false, v, r)
				checkTile(t, rs.Terrain[i].ID, img, r, st.color)
			}
		}
		img := paintTile(tileStyle{}, true, 0, r)
		checkTile(t, "unknown", img, r, unknownColor)
	}
}

func checkTile(t *testing.T, name string, img *image.RGBA, r float64, want color.RGBA) {
	t.Helper()
	w, h := tileSize(r)
	if img.Rect.Dx() != w || img.Rect.Dy() != h {
		t.Errorf("%s tile of radius %v is %v, want %dx%d", name, r, img.Rect, w, h)
		return
	}
	if c := img.RGBAAt(0, 0); c.A != 0 {
		t.Errorf("%s tile of radius %v: corner %v, want transparent", name, r, c)
	}
	// The mean colour of the hex's inner part is near the terrain's:
	// decorations change it a little.
	var sum [4]float64
	n := 0.0
	for y := h/2 - int(r/3); y <= h/2+int(r/3); y++ {
		for x := w/2 - int(r/3); x <= w/2+int(r/3); x++ {
			c := img.RGBAAt(x, y)
			sum[0], sum[1], sum[2], sum[3] = sum[0]+float64(c.R), sum[1]+float64(c.G), sum[2]+float64(c.B), sum[3]+float64(c.A)
			n++
		}
	}
	mean := color.RGBA{uint8(sum[0] / n), uint8(sum[1] / n), uint8(sum[2] / n), uint8(sum[3] / n)}
	if mean.A != 255 {
		t.Errorf("%s tile of radius %v: middle not opaque (%v)", name, r, mean)
	}
	if d := deltaE(mean, want); d > 25 {
		t.Errorf("%s tile of radius %v: middle %v is %.0f from %v", name, r, mean, d, want)
	}
}

// TestFade checks the fade painted along hex edges: strong at the edge,
// gone at its depth, and its slanted ends.
func TestFade(t *testing.T) {
	const r = 64.0
	img := paintFade(r)
	mid := img.Rect.Dx() / 2
	if a := img.RGBAAt(mid, 0).A; a < 200 {
		t.Errorf("fade at the edge's middle: opacity %d, want nearly opaque", a)
	}
	if a := img.RGBAAt(mid, img.Rect.Dy()-1).A; a > 10 {
		t.Errorf("fade at its depth: opacity %d, want nearly none", a)
	}
	// Ten rows in, the ends are cut by 10/sqrt(3) pixels.
	if a := img.RGBAAt(fadePad+3, 10).A; a != 0 {
		t.Errorf("fade near its left end, ten rows in: opacity %d, want 0", a)
	}
	if a := img.RGBAAt(img.Rect.Dx()-fadePad-4, 10).A; a != 0 {
		t.Errorf("fade near its right end, ten rows in: opacity %d, want 0", a)
	}
}

func TestDecorOf(t *testing.T) {
	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]decor{"open": decorGrass, "grasslands": decorSpots, "woods": decorTrees, "mountains": decorPeaks, "water": decorWaves}
	for i := range rs.Terrain {
		tr := &rs.Terrain[i]
		if have := decorOf(tr); have != want[tr.ID] {
			t.Errorf("decorOf(%s) = %d, want %d", tr.ID, have, want[tr.ID])
		}
	}
}

// TestCityShapes paints the city icons and checks that every pixel
// drawn lies in the boxes cityShapes gives for them, which the layout
// keeps labels out of.
func TestCityShapes(t *testing.T) {
	const size = 256
	for level := 1; level <= cityLevels; level++ {
		img := paintSprite(spriteKey{spriteCity, uint8(level), size})
		c := float64(img.Rect.Dx()) / 2
		shape := cityShapes[level-1]
		const tol = 1.0 / size
		outside := 0
		for y := range img.Rect.Dy() {
			for x := range img.Rect.Dx() {
				if img.Pix[y*img.Stride+4*x+3] < 40 {
					continue
				}
				fx, fy := (float64(x)+0.5-c)/size, (float64(y)+0.5-c)/size
				in := false
				for _, b := range shape {
					if fx >= b.x0-tol && fx <= b.x1+tol && fy >= b.y0-tol && fy <= b.y1+tol {
						in = true
					}
				}
				if !in {
					outside++
				}
			}
		}
		if outside > 0 {
			t.Errorf("city level %d: %d pixels outside its shape %v", level, outside, shape)
		}
	}
}

// TestStructureShapes paints the structures' pictures, the owner's part
// with them, and checks that every pixel drawn lies in the box
// structureShape gives for it (the layout keeps other hexes' labels out
// of it), and that the box is not much larger than the picture: its
// sides are within a few hundredths of a drawn pixel.
func TestStructureShapes(t *testing.T) {
	const size = 256
	for p := range numPictures {
		shape := structureShape[p]
		const tol = 1.0 / size
		drawn := box{1, 1, -1, -1}
		outside := 0
		for _, kind := range []spriteKind{spriteStructure, spriteStructureFill} {
			img := paintSprite(spriteKey{kind, uint8(p), size})
			c := float64(img.Rect.Dx()) / 2
			for y := range img.Rect.Dy() {
				for x := range img.Rect.Dx() {
					if img.Pix[y*img.Stride+4*x+3] < 40 {
						continue
					}
					fx, fy := (float64(x)+0.5-c)/size, (float64(y)+0.5-c)/size
					drawn = box{min(drawn.x0, fx), min(drawn.y0, fy), max(drawn.x1, fx), max(drawn.y1, fy)}
					if fx < shape.x0-tol || fx > shape.x1+tol || fy < shape.y0-tol || fy > shape.y1+tol {
						outside++
					}
				}
			}
		}
		if outside > 0 {
			t.Errorf("picture %d: %d pixels outside its shape %v (drawn %v)", p, outside, shape, drawn)
		}
		const slack = 0.03
		if drawn.x0 > shape.x0+slack || drawn.y0 > shape.y0+slack || drawn.x1 < shape.x1-slack || drawn.y1 < shape.y1-slack {
			t.Errorf("picture %d: shape %v, drawn %v: the shape is larger than the picture", p, shape, drawn)
		}
	}
}
