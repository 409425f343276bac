package art

import (
	"image"
	"image/color"
	"math"
)

// Sprite names a sprite. Sprites are painted on the CPU at a few sizes
// (see spriteSize) and drawn scaled a little, so they stay sharp at every
// zoom. Sprites named "fill" are White or grey, for drawing tinted with a
// player's colour; the rest carry their own colours.
type Sprite uint8

const (
	SpriteShieldFill    Sprite = iota // an army token's face
	SpriteShieldRim                   // its dark edge and light rim
	SpriteSailFill                    // a fleet token's sail
	SpriteBoat                        // its hull, mast, edge and rim
	SpriteBannerFill                  // a city banner's cloth
	SpriteBannerRim                   // its pole, edge and rim
	SpriteMark                        // arg: the Mark, White
	SpriteDisc                        // a White disc
	SpriteShadow                      // a soft shadow under a token
	SpriteCity                        // arg: the icon's level, 1 to CityLevels
	SpriteCrown                       // a capital's crown
	SpriteSwords                      // a battle: crossed swords on a flash
	SpritePerson                      // a character, White
	SpriteIntercept                   // the intercept stance's badge
	SpriteWithdraw                    // the withdraw stance's badge, pointing right
	SpriteHex                         // a White map hex, radius half the size
	SpriteStructure                   // arg: the Picture, its owner's part left out
	SpriteStructureFill               // arg: the Picture: its owner's part, White
	SpriteUnit                        // arg: the Icon, a unit's picture
	SpriteMarkEdge                    // arg: the Mark, its edge, White (see Sprites.OutlinedMark)
	numSprites
)

// CityLevels is the number of city icons; higher levels share the last.
const CityLevels = 5

// spriteKey names one painted sprite.
type spriteKey struct {
	kind Sprite
	arg  uint8
	size int // the side of the sprite's box in pixels, see spriteSize
}

// spriteSizes are the sizes sprites are painted at, each about 1.4 times
// the one before: a sprite is drawn from the smallest size at least as
// large as it appears, shrunk by a factor of at most 1.4.
var spriteSizes = [...]int{8, 11, 16, 22, 32, 45, 64, 90, 128, 180, 256}

// spriteSize returns the painted size to draw a sprite px pixels wide from.
func spriteSize(px float64) int {
	for _, s := range spriteSizes {
		if float64(s) >= px {
			return s
		}
	}
	return spriteSizes[len(spriteSizes)-1]
}

// SpritePad is the transparent margin around a sprite's box, so linear
// filtering never cuts an edge.
const SpritePad = 2

// Colours of the drawings.
var (
	OutlineColor = color.RGBA{26, 22, 20, 255}
	RimColor     = color.RGBA{246, 242, 230, 255}
	wallColor    = color.RGBA{214, 202, 176, 255}
	wallShade    = color.RGBA{172, 158, 128, 255}
	roofColor    = color.RGBA{178, 74, 48, 255}
	roofShade    = color.RGBA{128, 48, 30, 255}
	windowColor  = color.RGBA{60, 46, 36, 255}
	woodColor    = color.RGBA{112, 76, 44, 255}
	goldColor    = color.RGBA{242, 196, 64, 255}
	steelColor   = color.RGBA{222, 230, 238, 255}
	White        = color.RGBA{255, 255, 255, 255}
)

// PaintSprite paints sprite (kind, arg) at size pixels: a square of size
// pixels plus SpritePad on each side, its box centred in the image. What
// arg means depends on the kind: the Mark of SpriteMark, the level of
// SpriteCity, the Picture of SpriteStructure and SpriteStructureFill, the
// Icon of SpriteUnit.
func PaintSprite(kind Sprite, arg uint8, size int) *image.RGBA {
	k := spriteKey{kind, arg, size}
	side := k.size + 2*SpritePad
	cv := newCanvas(side, side)
	s := float64(k.size)
	c := float64(side) / 2
	// at maps a point of the unit box [-0.5, 0.5]² to pixels.
	at := func(x, y float64) pt { return pt{c + x*s, c + y*s} }
	line := math.Max(1, s*0.045) // the width of dark edges
	switch k.kind {
	case SpriteShieldFill:
		cv.fill(White, shield(at, 0))
		shadeVertical(cv.img, 1.0, 0.78)
	case SpriteShieldRim:
		cv.fill(OutlineColor, shield(at, 0.075))
		cv.fill(RimColor, shield(at, 0.04))
	case SpriteSailFill:
		cv.fill(White, sail(at, 0))
		shadeVertical(cv.img, 1.0, 0.82)
	case SpriteBoat:
		cv.fill(OutlineColor, sail(at, 0.07), hull(at, 0.06), mast(at, 0.05))
		cv.fill(RimColor, sail(at, 0.035))
		cv.fill(woodColor, hull(at, 0))
		cv.fill(color.RGBA{150, 106, 64, 255}, rect(at(-0.36, 0).X, at(0, 0.13).Y, at(0.36, 0).X, at(0, 0.18).Y))
		cv.fill(OutlineColor, mast(at, 0))
	case SpriteBannerFill:
		cv.fill(White, flag(at, 0))
		shadeVertical(cv.img, 1.0, 0.8)
	case SpriteBannerRim:
		cv.fill(OutlineColor, flag(at, 0.06), rect(at(-0.44, 0).X, at(0, -0.47).Y, at(-0.34, 0).X, at(0, 0.47).Y))
		cv.fill(RimColor, flag(at, 0.03))
		cv.fill(woodColor, rect(at(-0.42, 0).X, at(0, -0.45).Y, at(-0.36, 0).X, at(0, 0.45).Y))
		cv.fill(goldColor, circle(at(-0.39, 0).X, at(0, -0.44).Y, s*0.04))
	case SpriteMark:
		drawMark(cv, Mark(k.arg), c, c, s/2, White)
	case SpriteMarkEdge:
		paintMarkEdge(cv, Mark(k.arg), c, s)
	case SpriteDisc:
		cv.fill(White, circle(c, c, s/2))
	case SpriteShadow:
		for i := range 4 {
			f := 1 - float64(i)*0.12
			cv.fill(color.RGBA{0, 0, 0, 40}, ellipse(c, c, s*0.48*f, s*0.2*f))
		}
	case SpriteCity:
		paintCity(cv, int(k.arg), at, s, line)
	case SpriteCrown:
		crown := poly{at(-0.36, 0.3), at(-0.38, -0.2), at(-0.18, 0.02), at(0, -0.32), at(0.18, 0.02), at(0.38, -0.2), at(0.36, 0.3)}
		cv.stroke(OutlineColor, line*2, true, crown...)
		cv.fill(goldColor, crown)
		cv.fill(color.RGBA{200, 150, 30, 255}, rect(at(-0.36, 0).X, at(0, 0.16).Y, at(0.36, 0).X, at(0, 0.3).Y))
		for _, x := range []float64{-0.38, 0, 0.38} {
			y := -0.2
			if x == 0 {
				y = -0.32
			}
			p := at(x, y)
			cv.fill(OutlineColor, circle(p.X, p.Y, s*0.08))
			cv.fill(color.RGBA{230, 60, 60, 255}, circle(p.X, p.Y, s*0.055))
		}
	case SpriteSwords:
		paintSwords(cv, at, s, line)
	case SpritePerson:
		cv.fill(White, circle(c, c-s*0.18, s*0.17))
		body := append(poly{at(-0.34, 0.42)}, quad(at(-0.34, 0.02), at(0, -0.12), at(0.34, 0.02), 10)...)
		body = append(body, at(0.34, 0.42))
		cv.fill(White, body)
	case SpriteIntercept:
		cv.fill(OutlineColor, circle(c, c, s*0.5))
		cv.fill(color.RGBA{196, 48, 40, 255}, circle(c, c, s*0.44))
		cv.fill(White, circle(c, c, s*0.27), reversed(circle(c, c, s*0.19)))
		for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			a, b := at(d[0]*0.1, d[1]*0.1), at(d[0]*0.38, d[1]*0.38)
			cv.stroke(White, s*0.08, false, a, b)
		}
	case SpriteWithdraw:
		cv.fill(OutlineColor, circle(c, c, s*0.5))
		cv.fill(color.RGBA{52, 96, 150, 255}, circle(c, c, s*0.44))
		cv.fill(White, poly{at(-0.3, -0.07), at(0.04, -0.07), at(0.04, -0.24), at(0.34, 0), at(0.04, 0.24), at(0.04, 0.07), at(-0.3, 0.07)})
	case SpriteHex:
		cv.fill(White, hexagon(c, c, s/2))
	case SpriteStructure:
		paintStructure(cv, Picture(k.arg), at, s, line)
	case SpriteUnit:
		paintUnit(cv, Icon(k.arg), at, s, line)
	case SpriteStructureFill:
		cv.fill(White, structureFill(Picture(k.arg), at))
		shadeVertical(cv.img, 1.0, 0.85)
	}
	return cv.img
}

// shield returns an army token's outline grown by g (in box units).
func shield(at func(x, y float64) pt, g float64) poly {
	x0, x1, y0, ymid, y1 := -0.38-g, 0.38+g, -0.42-g, 0.04, 0.38+g*1.3
	var p poly
	p = append(p, at(x0, y0+0.06), at(x0+0.06, y0), at(x1-0.06, y0), at(x1, y0+0.06), at(x1, ymid))
	p = append(p, quad(at(x1, ymid), at(x1, y1-0.1), at(0, y1), 12)[1:]...)
	p = append(p, quad(at(0, y1), at(x0, y1-0.1), at(x0, ymid), 12)[1:]...)
	return p
}

// sail returns a fleet token's sail grown by g.
func sail(at func(x, y float64) pt, g float64) poly {
	x0, x1, y0, y1 := -0.32-g, 0.32+g, -0.38-g, 0.0
	p := poly{at(x0, y1), at(x0+0.05, y0), at(x1-0.05, y0), at(x1, y1)}
	p = append(p, quad(at(x1, y1), at(0, y1+0.14+g), at(x0, y1), 12)[1:]...)
	return p
}

// hull returns a fleet token's hull grown by g.
func hull(at func(x, y float64) pt, g float64) poly {
	p := poly{at(-0.44-g, 0.08-g), at(0.44+g, 0.08-g)}
	p = append(p, quad(at(0.44+g, 0.08-g), at(0.28, 0.4+g), at(0, 0.4+g), 10)[1:]...)
	p = append(p, quad(at(0, 0.4+g), at(-0.28, 0.4+g), at(-0.44-g, 0.08-g), 10)[1:]...)
	return p
}

// mast returns a fleet token's mast grown by g.
func mast(at func(x, y float64) pt, g float64) poly {
	return rect(at(-0.03-g, 0).X, at(0, -0.44-g).Y, at(0.03+g, 0).X, at(0, 0.12).Y)
}

// flag returns a city banner's cloth grown by g: a swallow-tailed flag
// flying right from a pole on the left of the box.
func flag(at func(x, y float64) pt, g float64) poly {
	return poly{at(-0.36-g, -0.42-g), at(0.42+g, -0.42-g), at(0.24+g, -0.18), at(0.42+g, 0.06+g), at(-0.36-g, 0.06+g)}
}

// shadeVertical darkens img from factor top at its top row to bottom at
// its bottom row, giving flat shapes a little depth.
func shadeVertical(img *image.RGBA, top, bottom float64) {
	h := img.Rect.Dy()
	for y := range h {
		f := top + (bottom-top)*float64(y)/float64(max(h-1, 1))
		row := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for i := 0; i < len(row); i += 4 {
			row[i] = uint8(float64(row[i]) * f)
			row[i+1] = uint8(float64(row[i+1]) * f)
			row[i+2] = uint8(float64(row[i+2]) * f)
		}
	}
}

// outlined paints ps in colour c with a dark edge of width w.
func outlined(cv *canvas, c color.RGBA, w float64, ps ...poly) {
	for _, p := range ps {
		cv.stroke(OutlineColor, 2*w, true, p...)
	}
	cv.fill(c, ps...)
}

// house paints a house of width w whose wall's bottom centre is at (x, y)
// in box units.
func house(cv *canvas, at func(x, y float64) pt, x, y, w, line float64) {
	h := w * 0.72
	wall := rect(at(x-w/2, 0).X, at(0, y-h).Y, at(x+w/2, 0).X, at(0, y).Y)
	roof := poly{at(x-w*0.62, y-h), at(x, y-h-w*0.62), at(x+w*0.62, y-h)}
	outlined(cv, wallColor, line, wall)
	cv.fill(wallShade, rect(at(x+w*0.18, 0).X, at(0, y-h).Y, at(x+w/2, 0).X, at(0, y).Y))
	outlined(cv, roofColor, line, roof)
	cv.fill(roofShade, poly{at(x, y-h-w*0.62), at(x+w*0.62, y-h), at(x+w*0.1, y-h)})
	cv.fill(windowColor, rect(at(x-w*0.12, 0).X, at(0, y-h*0.5).Y, at(x+w*0.08, 0).X, at(0, y).Y))
}

// tower paints a crenellated tower of width w and height h standing on
// (x, y) in box units.
func tower(cv *canvas, at func(x, y float64) pt, x, y, w, h, line float64) {
	body := rect(at(x-w/2, 0).X, at(0, y-h).Y, at(x+w/2, 0).X, at(0, y).Y)
	outlined(cv, wallColor, line, body)
	cv.fill(wallShade, rect(at(x+w*0.15, 0).X, at(0, y-h).Y, at(x+w/2, 0).X, at(0, y).Y))
	m := w / 5
	for i := 0; i < 5; i += 2 {
		x0 := x - w/2 + float64(i)*m
		outlined(cv, wallColor, line, rect(at(x0, 0).X, at(0, y-h-m*1.1).Y, at(x0+m, 0).X, at(0, y-h).Y))
	}
	cv.fill(windowColor, rect(at(x-w*0.1, 0).X, at(0, y-h*0.62).Y, at(x+w*0.1, 0).X, at(0, y-h*0.38).Y))
}

// wall paints a crenellated wall from x0 to x1 of height h standing on y
// in box units, with a gate in the middle when gate is set.
func wall(cv *canvas, at func(x, y float64) pt, x0, x1, y, h, line float64, gate bool) {
	outlined(cv, wallColor, line, rect(at(x0, 0).X, at(0, y-h).Y, at(x1, 0).X, at(0, y).Y))
	m := h * 0.45
	for x := x0; x+m <= x1+1e-9; x += 2 * m {
		outlined(cv, wallColor, line, rect(at(x, 0).X, at(0, y-h-m).Y, at(x+m, 0).X, at(0, y-h).Y))
	}
	cv.fill(wallShade, rect(at(x0, 0).X, at(0, y-h*0.3).Y, at(x1, 0).X, at(0, y).Y))
	if gate {
		g := h * 0.45
		arch := append(poly{at(-g, y)}, quad(at(-g, y-h*0.55), at(0, y-h*0.95), at(g, y-h*0.55), 8)...)
		arch = append(arch, at(g, y))
		cv.fill(windowColor, arch)
	}
}

// paintCity paints the icon of a city of the given level (1 to
// CityLevels): a hamlet, a village, a town behind a palisade, a walled
// town, a castle.
func paintCity(cv *canvas, level int, unit func(x, y float64) pt, s, line float64) {
	// Larger towns are drawn smaller, standing on the same ground line,
	// to fit the box.
	f := 1.0
	switch {
	case level == 4:
		f = 0.9
	case level >= 5:
		f = 0.76
	}
	at := func(x, y float64) pt { return unit(x*f, 0.44+(y-0.44)*f) }
	switch {
	case level <= 1:
		house(cv, at, 0, 0.3, 0.46, line)
	case level == 2:
		house(cv, at, -0.16, 0.18, 0.34, line)
		house(cv, at, 0.14, 0.34, 0.42, line)
	case level == 3:
		house(cv, at, -0.22, 0.12, 0.3, line)
		house(cv, at, 0.2, 0.1, 0.32, line)
		house(cv, at, 0, 0.26, 0.36, line)
		wall(cv, at, -0.43, 0.43, 0.42, 0.12, line, false)
	case level == 4:
		house(cv, at, -0.14, 0.06, 0.3, line)
		house(cv, at, 0.16, 0.1, 0.32, line)
		wall(cv, at, -0.36, 0.36, 0.42, 0.2, line, true)
		tower(cv, at, -0.38, 0.44, 0.2, 0.44, line)
		tower(cv, at, 0.38, 0.44, 0.2, 0.44, line)
	default:
		tower(cv, at, 0, 0.22, 0.3, 0.62, line)
		outlined(cv, roofColor, line, poly{at(-0.19, -0.47), at(0, -0.72+0.05), at(0.19, -0.47)})
		house(cv, at, -0.24, 0.2, 0.24, line)
		house(cv, at, 0.25, 0.2, 0.24, line)
		wall(cv, at, -0.36, 0.36, 0.44, 0.2, line, true)
		tower(cv, at, -0.4, 0.46, 0.2, 0.5, line)
		tower(cv, at, 0.4, 0.46, 0.2, 0.5, line)
	}
}

// paintSwords paints crossed swords over an orange flash.
func paintSwords(cv *canvas, at func(x, y float64) pt, s, line float64) {
	c := at(0, 0)
	cv.fill(Alpha(color.RGBA{255, 150, 40, 255}, 0.8), star(c.X, c.Y, s*0.5, s*0.3, 12))
	cv.fill(Alpha(color.RGBA{255, 226, 120, 255}, 0.9), star(c.X, c.Y, s*0.36, s*0.2, 12))
	for _, dir := range []float64{1, -1} {
		// A sword from its pommel at the bottom corner to its tip at the
		// opposite top corner.
		ux, uy := -dir/math.Sqrt2, -1/math.Sqrt2 // along the blade
		px, py := -uy, ux                        // across it
		p := func(along, across float64) pt {
			return at(dir*0.3+ux*along+px*across, 0.3+uy*along+py*across)
		}
		blade := poly{p(0.14, -0.045), p(0.7, -0.045), p(0.8, 0), p(0.7, 0.045), p(0.14, 0.045)}
		guard := poly{p(0.1, -0.13), p(0.16, -0.13), p(0.16, 0.13), p(0.1, 0.13)}
		grip := poly{p(-0.04, -0.03), p(0.1, -0.03), p(0.1, 0.03), p(-0.04, 0.03)}
		outlined(cv, steelColor, line, blade)
		outlined(cv, woodColor, line, grip)
		outlined(cv, goldColor, line, guard)
		q := p(-0.06, 0)
		outlined(cv, goldColor, line, circle(q.X, q.Y, s*0.045))
	}
}
