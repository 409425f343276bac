package art

import (
	"image"
	"testing"
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
	for kind := range numSprites {
		args := []uint8{0}
		switch kind {
		case SpriteMark, SpriteMarkEdge:
			args = nil
			for m := MarkCircle; m < NumMarks; m++ {
				args = append(args, uint8(m))
			}
		case SpriteCity:
			args = []uint8{1, 2, 3, 4, 5}
		case SpriteStructure, SpriteStructureFill:
			args = nil
			for p := range NumPictures {
				args = append(args, uint8(p))
			}
		case SpriteUnit:
			args = nil
			for i := range NumIcons {
				args = append(args, uint8(i))
			}
		}
		for _, arg := range args {
			for _, size := range []int{16, 90} {
				img := PaintSprite(kind, arg, size)
				if have, want := img.Rect.Dx(), size+2*SpritePad; have != want || img.Rect.Dy() != want {
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
