package cvd

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestMatrices checks the matrices as Machado et al. 2009 give them:
// each row sums to 1, so white, black and every grey are seen as they
// are; and the confusions each kind is known for: under protanopia and
// deuteranopia pure red and green come out alike in hue (red and green
// both yellowish: blue channel well under red and green), and under
// tritanopia blue and green come out alike.
func TestMatrices(t *testing.T) {
	for _, k := range Kinds() {
		for i, row := range Matrix(k) {
			if s := row[0] + row[1] + row[2]; math.Abs(s-1) > 1e-5 {
				t.Errorf("%v: row %d sums to %.6f, want 1", k, i, s)
			}
		}
		for _, v := range []uint8{0, 64, 128, 200, 255} {
			grey := color.RGBA{v, v, v, 255}
			if have := Simulate(grey, k); !near(have, grey, 1) {
				t.Errorf("%v: grey %v seen as %v, want itself", k, grey, have)
			}
		}
	}
	// Table values of severity 1.0 (the paper's supplement).
	for _, tc := range []struct {
		k    Kind
		i, j int
		want float64
	}{
		{Protanopia, 0, 0, 0.152286}, {Protanopia, 2, 2, 1.051998},
		{Deuteranopia, 0, 1, 0.860646}, {Deuteranopia, 1, 2, 0.047413},
		{Tritanopia, 2, 1, 0.691367}, {Tritanopia, 0, 0, 1.255528},
	} {
		if have := Matrix(tc.k)[tc.i][tc.j]; have != tc.want {
			t.Errorf("%v[%d][%d] = %v, want %v", tc.k, tc.i, tc.j, have, tc.want)
		}
	}
	red, green := color.RGBA{220, 40, 30, 255}, color.RGBA{40, 160, 40, 255}
	for _, k := range []Kind{Protanopia, Deuteranopia} {
		r, g := Simulate(red, k), Simulate(green, k)
		if r.B > r.R/2 || g.B > g.G/2 || absDiff(r.R, r.G) > 60 || absDiff(g.R, g.G) > 60 {
			t.Errorf("%v: red %v and green %v seen as %v and %v, want both yellowish", k, red, green, r, g)
		}
	}
	if have := Simulate(color.RGBA{0, 0, 0, 255}, Normal); have != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("Normal changed black to %v", have)
	}
}

// TestImage: a picture is simulated pixel by pixel as Simulate does.
func TestImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 2, 1))
	img.SetRGBA(0, 0, color.RGBA{200, 30, 40, 255})
	img.SetRGBA(1, 0, color.RGBA{30, 90, 220, 255})
	for _, k := range Kinds() {
		out := Image(img, k)
		for x := range 2 {
			if have, want := out.RGBAAt(x, 0), Simulate(img.RGBAAt(x, 0), k); have != want {
				t.Errorf("%v: pixel %d is %v, want %v", k, x, have, want)
			}
		}
	}
}

// TestParse reads back every kind's name and refuses others.
func TestParse(t *testing.T) {
	for _, k := range append([]Kind{Normal}, Kinds()...) {
		if have, err := Parse(k.String()); err != nil || have != k {
			t.Errorf("Parse(%q) = %v, %v; want %v", k.String(), have, err, k)
		}
	}
	if _, err := Parse("achromatopsia"); err == nil {
		t.Error("Parse(achromatopsia) took it")
	}
}

func near(a, b color.RGBA, d uint8) bool {
	return absDiff(a.R, b.R) <= d && absDiff(a.G, b.G) <= d && absDiff(a.B, b.B) <= d
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
