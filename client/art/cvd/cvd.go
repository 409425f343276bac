// Package cvd simulates colour vision deficiency: how a colour, or a
// picture, looks to a person with protanopia, deuteranopia or
// tritanopia, by the matrices of Machado, Oliveira and Fernandes, "A
// Physiologically-based Model for Simulation of Color Vision
// Deficiency" (IEEE TVCG 15(6), 2009), at severity 1.0, applied to
// linear RGB. The client's tests use it to choose colours that stay
// apart, and scripts/cvdsim to make the screenshots in the docs.
package cvd

import (
	"fmt"
	"image"
	"image/color"
	"math"
)

// Kind is a kind of colour vision deficiency.
type Kind uint8

// The kinds simulated; Normal leaves colours as they are.
const (
	Normal       Kind = iota
	Protanopia        // no long-wavelength (red) cones
	Deuteranopia      // no medium-wavelength (green) cones
	Tritanopia        // no short-wavelength (blue) cones
)

// Kinds returns the three deficiencies, in the order of the constants.
func Kinds() []Kind { return []Kind{Protanopia, Deuteranopia, Tritanopia} }

// String names k in lower case, e.g. "deuteranopia".
func (k Kind) String() string {
	switch k {
	case Normal:
		return "normal"
	case Protanopia:
		return "protanopia"
	case Deuteranopia:
		return "deuteranopia"
	case Tritanopia:
		return "tritanopia"
	}
	return fmt.Sprintf("cvd.Kind(%d)", uint8(k))
}

// Parse returns the kind named s (as String names it).
func Parse(s string) (Kind, error) {
	for _, k := range append([]Kind{Normal}, Kinds()...) {
		if k.String() == s {
			return k, nil
		}
	}
	return Normal, fmt.Errorf("colour vision %q: want normal, protanopia, deuteranopia or tritanopia", s)
}

// Matrix returns k's matrix from linear RGB to linear RGB (Machado et
// al. 2009, table of severity 1.0); the identity for Normal.
func Matrix(k Kind) [3][3]float64 {
	switch k {
	case Protanopia:
		return [3][3]float64{
			{0.152286, 1.052583, -0.204868},
			{0.114503, 0.786281, 0.099216},
			{-0.003882, -0.048116, 1.051998},
		}
	case Deuteranopia:
		return [3][3]float64{
			{0.367322, 0.860646, -0.227968},
			{0.280085, 0.672501, 0.047413},
			{-0.011820, 0.042940, 0.968881},
		}
	case Tritanopia:
		return [3][3]float64{
			{1.255528, -0.076749, -0.178779},
			{-0.078411, 0.930809, 0.147602},
			{0.004733, 0.691367, 0.303900},
		}
	}
	return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
}

// Simulate returns c as a person with k sees it (alpha kept).
func Simulate(c color.RGBA, k Kind) color.RGBA {
	if k == Normal {
		return c
	}
	m := Matrix(k)
	lin := [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)}
	var out [3]uint8
	for i := range 3 {
		out[i] = toSRGB(m[i][0]*lin[0] + m[i][1]*lin[1] + m[i][2]*lin[2])
	}
	return color.RGBA{out[0], out[1], out[2], c.A}
}

// Image returns img as a person with k sees it, a new picture of the
// same bounds.
func Image(img image.Image, k Kind) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	var table [256]float64
	for v := range table {
		table[v] = toLinear(uint8(v))
	}
	m := Matrix(k)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if k != Normal && c.A == 255 {
				lin := [3]float64{table[c.R], table[c.G], table[c.B]}
				c.R = toSRGB(m[0][0]*lin[0] + m[0][1]*lin[1] + m[0][2]*lin[2])
				c.G = toSRGB(m[1][0]*lin[0] + m[1][1]*lin[1] + m[1][2]*lin[2])
				c.B = toSRGB(m[2][0]*lin[0] + m[2][1]*lin[1] + m[2][2]*lin[2])
			} else if k != Normal {
				c = Simulate(c, k) // premultiplied: near enough for a translucent pixel
			}
			out.SetRGBA(x, y, c)
		}
	}
	return out
}

// toLinear converts an sRGB channel to linear light, 0 to 1.
func toLinear(v uint8) float64 {
	x := float64(v) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

// toSRGB converts linear light to an sRGB channel, clamped to 0..255.
func toSRGB(x float64) uint8 {
	x = math.Max(0, math.Min(1, x))
	if x <= 0.0031308 {
		x *= 12.92
	} else {
		x = 1.055*math.Pow(x, 1/2.4) - 0.055
	}
	return uint8(math.Round(x * 255))
}
