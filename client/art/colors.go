package art

import (
	"image/color"
	"math"

	"empires/shared/game"
	"empires/shared/mapimage"
)

// NeutralColor is the grey of cities that belong to nobody.
var NeutralColor = color.RGBA{150, 150, 150, 255}

// PlayerColor returns the colour of player p, mapimage.PlayerColor(p-1)
// (the map images use the same) for players 1 to 16, four colours of
// their own for players 17 to 20 (who sit only at tables larger than the
// hex games', such as Duel's of twenty), and a grey for nobody (0).
// Colours repeat after MaxColors players. Every two of the first sixteen
// differ clearly (see the tests); the dark ones stay visible on dark
// terrain because tokens and banners are drawn with a light rim, and text
// is written in PlayerTextColor.
func PlayerColor(p game.PlayerID) color.RGBA {
	if p == 0 {
		return NeutralColor
	}
	i := (int(p) - 1) % MaxColors
	if i < game.MaxPlayers {
		return mapimage.PlayerColor(i)
	}
	return extraColor(i - game.MaxPlayers)
}

// MaxColors is the number of players with a colour of their own.
const MaxColors = game.MaxPlayers + 4

// extraColor returns the colour of player 17+i, i from 0 to 3: chosen
// as far as could be from the sixteen, the neutral grey and the card
// table's felt (CIEDE2000 above 20), and light enough for text on dark
// panels.
func extraColor(i int) color.RGBA {
	return [...]color.RGBA{
		{0, 165, 60, 255},    // green
		{0, 120, 210, 255},   // azure
		{195, 195, 135, 255}, // khaki
		{150, 105, 120, 255}, // mauve
	}[i]
}

// PlayerTextColor returns the colour to write player p's name in on a
// background of bg: p's colour, lightened (mixed towards White) just
// enough to stand out from bg with a contrast of at least 4.5, the
// least that text needs to be read (WCAG AA). Light colours are returned
// as they are.
func PlayerTextColor(p game.PlayerID, bg color.RGBA) color.RGBA {
	return PaletteStandard.TextColor(p, bg)
}

// TextColor returns the colour to write player p's name in on a
// background of bg, in palette pl, as PlayerTextColor does in the
// standard palette.
func (pl Palette) TextColor(p game.PlayerID, bg color.RGBA) color.RGBA {
	c := pl.Color(p)
	White := color.RGBA{255, 255, 255, 255}
	for t := 0.0; t < 1; t += 0.05 {
		if l := Mix(c, White, t); Contrast(l, bg) >= 4.5 {
			return l
		}
	}
	return White
}

// InkOn returns the colour to draw marks and text on a background of c:
// near black or White, whichever stands out more.
func InkOn(c color.RGBA) color.RGBA {
	dark, light := color.RGBA{20, 20, 24, 255}, color.RGBA{255, 255, 255, 255}
	if Contrast(c, dark) >= Contrast(c, light) {
		return dark
	}
	return light
}

// Over returns colour fg (premultiplied, as color.RGBA is) laid over the
// opaque colour bg: what the eye sees of a translucent fill, for Contrast.
func Over(fg, bg color.RGBA) color.RGBA {
	a := 1 - float64(fg.A)/255
	ch := func(f, b uint8) uint8 { return uint8(float64(f) + a*float64(b) + 0.5) }
	return color.RGBA{ch(fg.R, bg.R), ch(fg.G, bg.G), ch(fg.B, bg.B), 255}
}

// Opaque returns c without its transparency, as an opaque color.RGBA:
// a theme's colour, for Contrast.
func Opaque(c color.NRGBA) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// Contrast returns the WCAG contrast ratio of a and b: 1 for equal
// luminance, 21 for black on White.
func Contrast(a, b color.RGBA) float64 {
	la, lb := Luminance(a), Luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// Luminance returns the relative luminance of c, 0 (black) to 1 (White).
func Luminance(c color.RGBA) float64 {
	return 0.2126*linear(c.R) + 0.7152*linear(c.G) + 0.0722*linear(c.B)
}

// linear converts an sRGB channel to linear light, 0 to 1.
func linear(v uint8) float64 {
	x := float64(v) / 255
	if x <= 0.04045 {
		return x / 12.92
	}
	return math.Pow((x+0.055)/1.055, 2.4)
}

// lab returns c in CIE L*a*b* (D65 White).
func lab(c color.RGBA) (l, a, b float64) {
	r, g, bl := linear(c.R), linear(c.G), linear(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*bl) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*bl
	z := (0.0193*r + 0.1192*g + 0.9505*bl) / 1.08883
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	return 116*f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))
}

// DeltaE returns the CIE76 colour difference of a and b: about 2 is barely
// visible, above 20 two colours are told apart at a glance.
func DeltaE(a, b color.RGBA) float64 {
	l1, a1, b1 := lab(a)
	l2, a2, b2 := lab(b)
	return math.Sqrt((l1-l2)*(l1-l2) + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}

// DeltaE2000 returns the CIEDE2000 colour difference of a and b, which
// follows what the eye sees more closely than deltaE: about 1 is barely
// visible, and two colours more than 20 apart are never mistaken for
// each other.
func DeltaE2000(a, b color.RGBA) float64 {
	l1, a1, b1 := lab(a)
	l2, a2, b2 := lab(b)
	return ciede2000(l1, a1, b1, l2, a2, b2)
}

// ciede2000 returns the CIEDE2000 difference of two colours in L*a*b*
// (Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula", 2005).
func ciede2000(l1, a1, b1, l2, a2, b2 float64) float64 {
	const deg = math.Pi / 180
	c1, c2 := math.Hypot(a1, b1), math.Hypot(a2, b2)
	cm7 := math.Pow((c1+c2)/2, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1, a2 = a1*(1+g), a2*(1+g)
	c1, c2 = math.Hypot(a1, b1), math.Hypot(a2, b2)
	hue := func(a, b float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / deg
		if h < 0 {
			h += 360
		}
		return h
	}
	h1, h2 := hue(a1, b1), hue(a2, b2)
	dh := h2 - h1
	switch {
	case c1*c2 == 0:
		dh = 0
	case dh > 180:
		dh -= 360
	case dh < -180:
		dh += 360
	}
	dL, dC := l2-l1, c2-c1
	dH := 2 * math.Sqrt(c1*c2) * math.Sin(dh/2*deg)
	lm, cm := (l1+l2)/2, (c1+c2)/2
	hm := h1 + h2
	if c1*c2 != 0 {
		hm /= 2
		if math.Abs(h1-h2) > 180 {
			hm += 180
			if hm >= 360 {
				hm -= 360
			}
		}
	}
	t := 1 - 0.17*math.Cos((hm-30)*deg) + 0.24*math.Cos(2*hm*deg) + 0.32*math.Cos((3*hm+6)*deg) - 0.20*math.Cos((4*hm-63)*deg)
	cm7 = math.Pow(cm, 7)
	rc := 2 * math.Sqrt(cm7/(cm7+math.Pow(25, 7)))
	rt := -math.Sin(2*30*math.Exp(-math.Pow((hm-275)/25, 2))*deg) * rc
	sl := 1 + 0.015*(lm-50)*(lm-50)/math.Sqrt(20+(lm-50)*(lm-50))
	sc := 1 + 0.045*cm
	sh := 1 + 0.015*cm*t
	return math.Sqrt((dL/sl)*(dL/sl) + (dC/sc)*(dC/sc) + (dH/sh)*(dH/sh) + rt*(dC/sc)*(dH/sh))
}

// ScaleRGB returns c with its colour channels multiplied by f (alpha kept).
func ScaleRGB(c color.RGBA, f float64) color.RGBA {
	ch := func(v uint8) uint8 { return uint8(math.Min(255, math.Round(float64(v)*f))) }
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), c.A}
}

// mix returns a + (b-a)*t, channel by channel.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	ch := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{ch(a.R, b.R), ch(a.G, b.G), ch(a.B, b.B), ch(a.A, b.A)}
}

// alpha returns the opaque colour c at opacity a (0 to 1), premultiplied.
func Alpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}
