package board

import (
	"image"
	"image/color"
	"math"
	"strings"

	"empires/shared/rulesfile"
)

// decor is the kind of drawing over a terrain's colour.
type decor uint8

const (
	decorGrass decor = iota // a few grass tufts (Open)
	decorSpots              // spots of the accent colour (Grasslands)
	decorTrees              // trees (Woods)
	decorPeaks              // peaks (Mountains)
	decorWaves              // waves (Water)
)

// decorOf chooses a terrain's drawing from its id and flags, so terrains
// of other rulesets get a fitting one: fleets' terrain has waves, woods
// and forests trees, mountains and hills peaks, an accent colour spots.
func decorOf(t *rulesfile.Terrain) decor {
	id := strings.ToLower(t.ID)
	switch {
	case t.Naval:
		return decorWaves
	case strings.Contains(id, "wood") || strings.Contains(id, "forest") || strings.Contains(id, "jungle"):
		return decorTrees
	case strings.Contains(id, "mountain") || strings.Contains(id, "hill") || strings.Contains(id, "peak"):
		return decorPeaks
	case t.Accent != nil:
		return decorSpots
	}
	return decorGrass
}

// tileVariants is the number of drawings of each terrain, chosen per hex
// so the map does not repeat itself.
const tileVariants = 4

// tileStyle is what a terrain tile is painted from.
type tileStyle struct {
	color  color.RGBA
	accent color.RGBA
	decor  decor
}

// styleOf returns the tile style of terrain t.
func styleOf(t *rulesfile.Terrain) tileStyle {
	st := tileStyle{color: color.RGBA{t.Color.R, t.Color.G, t.Color.B, 255}, decor: decorOf(t)}
	st.accent = scaleRGB(st.color, 0.7)
	if t.Accent != nil {
		st.accent = color.RGBA{t.Accent.R, t.Accent.G, t.Accent.B, 255}
	}
	return st
}

// unknownColor is the colour of hexes never seen.
var unknownColor = color.RGBA{20, 23, 30, 255}

// tileSize returns the image size of a tile of hex radius r: the hex's
// bounding box and a margin.
func tileSize(r float64) (w, h int) {
	return int(math.Ceil(sqrt3*r)) + 2*spritePad, int(math.Ceil(2*r)) + 2*spritePad
}

const sqrt3 = 1.7320508075688772

// paintTile paints one hex of terrain style st (or of unknown land when
// unknown is set) with hex radius r, variant v: the hex grown by half a
// pixel, so neighbouring tiles overlap without a seam, centred in an
// image of tileSize(r).
func paintTile(st tileStyle, unknown bool, v int, r float64) *image.RGBA {
	w, h := tileSize(r)
	cv := newCanvas(w, h)
	cx, cy := float64(w)/2, float64(h)/2
	rng := newRNG(uint64(st.decor)<<8 | uint64(v) | uint64(st.color.R)<<16 | uint64(st.color.G)<<24 | uint64(st.color.B)<<32)
	if unknown {
		rng = newRNG(0xfade + uint64(v))
		cv.fill(unknownColor, hexagon(cx, cy, r+0.6))
		if r >= 12 {
			dot := mix(unknownColor, white, 0.05)
			for range 7 {
				x, y := rng.inHex(0.85)
				cv.fill(dot, circle(cx+x*r, cy+y*r, math.Max(0.8, r*0.035)))
			}
		}
		return cv.img
	}
	cv.fill(st.color, hexagon(cx, cy, r+0.6))
	shadeHex(cv.img, cx, cy, r)
	if r < 7 {
		return cv.img
	}
	switch st.decor {
	case decorGrass:
		grass(cv, &rng, cx, cy, r, scaleRGB(st.color, 0.78), 5)
	case decorSpots:
		n := 4 + rng.intn(3)
		for range n {
			x, y := rng.inHex(0.7)
			rx := r * (0.07 + 0.04*rng.float())
			cv.fill(alpha(st.accent, 0.85), ellipse(cx+x*r, cy+y*r, rx, rx*0.7))
		}
		grass(cv, &rng, cx, cy, r, mix(st.color, white, 0.25), 3)
	case decorTrees:
		trees(cv, &rng, cx, cy, r, st.color)
	case decorPeaks:
		peaks(cv, &rng, cx, cy, r, st.color)
	case decorWaves:
		waves(cv, &rng, cx, cy, r, st.color)
	}
	return cv.img
}

// shadeHex lights the top of the hex around (cx, cy) and darkens it near
// its edges, so hexes of one terrain still read as hexes.
func shadeHex(img *image.RGBA, cx, cy, r float64) {
	inner := r * sqrt3 / 2
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		dy := float64(y) + 0.5 - cy
		ady := dy
		if ady < 0 {
			ady = -ady
		}
		light := 1.03 - 0.06*(dy/r+1)/2
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			i := img.PixOffset(x, y)
			a := img.Pix[i+3]
			if a == 0 {
				continue
			}
			dx := float64(x) + 0.5 - cx
			if dx < 0 {
				dx = -dx
			}
			d := max(dx, dx/2+ady*sqrt3/2) / inner
			f := light
			if d > 0.82 {
				f -= 0.07 * smoothstep(0.82, 1.0, d)
			}
			for c := range 3 {
				img.Pix[i+c] = uint8(min(float64(a), float64(img.Pix[i+c])*f))
			}
		}
	}
}

func smoothstep(a, b, x float64) float64 {
	t := math.Max(0, math.Min(1, (x-a)/(b-a)))
	return t * t * (3 - 2*t)
}

// grass paints n tufts of three blades.
func grass(cv *canvas, rng *rng, cx, cy, r float64, c color.RGBA, n int) {
	if r < 12 {
		return
	}
	w := math.Max(1, r*0.03)
	for range n {
		x, y := rng.inHex(0.75)
		bx, by := cx+x*r, cy+y*r
		l := r * (0.09 + 0.04*rng.float())
		for _, a := range []float64{-0.45, 0, 0.45} {
			cv.stroke(c, w, false, pt{bx + a*l*0.3, by}, pt{bx + a*l, by - l})
		}
	}
}

// trees paints a small wood: round and pointed trees lighter than the
// woods' colour, from the back row to the front.
func trees(cv *canvas, rng *rng, cx, cy, r float64, base color.RGBA) {
	spots := [][2]float64{{-0.3, -0.32}, {0.22, -0.38}, {-0.02, -0.05}, {0.4, 0.02}, {-0.4, 0.12}, {0.18, 0.34}, {-0.18, 0.38}}
	leaf := mix(base, color.RGBA{96, 170, 80, 255}, 0.55)
	dark := scaleRGB(base, 0.6)
	trunk := color.RGBA{84, 58, 36, 255}
	for _, s := range spots {
		if rng.float() < 0.2 {
			continue
		}
		x := cx + (s[0]+(rng.float()-0.5)*0.12)*r
		y := cy + (s[1]+(rng.float()-0.5)*0.12)*r
		t := r * (0.15 + 0.05*rng.float()) // the tree's half-width
		cv.fill(alpha(color.RGBA{0, 0, 0, 255}, 0.25), ellipse(x+t*0.2, y+t*0.95, t*1.0, t*0.35))
		if r < 12 {
			cv.fill(leaf, circle(x, y, t))
			continue
		}
		cv.fill(trunk, rect(x-t*0.14, y, x+t*0.14, y+t*0.9))
		if rng.float() < 0.5 {
			// A pointed tree: two stacked triangles.
			for i, f := range []float64{1, 0.75} {
				top := y - t*(1.1+0.5*float64(i))
				tri := poly{{x, top}, {x + t*f, y + t*0.35 - t*0.5*float64(i)}, {x - t*f, y + t*0.35 - t*0.5*float64(i)}}
				cv.fill(dark, transform(tri, 1, 0, 0))
				cv.fill(leaf, poly{tri[0], {x, tri[1].Y}, tri[2]})
			}
			continue
		}
		cv.fill(dark, circle(x, y-t*0.3, t))
		cv.fill(leaf, circle(x-t*0.18, y-t*0.45, t*0.78))
	}
}

// peaks paints one or two mountains with a lit and a shaded face and snow.
func peaks(cv *canvas, rng *rng, cx, cy, r float64, base color.RGBA) {
	lit := mix(base, white, 0.22)
	shade := scaleRGB(base, 0.62)
	snow := color.RGBA{244, 244, 240, 255}
	type peak struct{ x, y, w, h float64 }
	ps := []peak{{-0.25, 0.3, 0.42, 0.62}, {0.12, 0.42, 0.55, 0.78}}
	if rng.float() < 0.4 {
		ps = []peak{{0.0 + (rng.float()-0.5)*0.1, 0.42, 0.62, 0.85}}
	}
	for _, p := range ps {
		bx, by := cx+p.x*r, cy+p.y*r
		top := pt{bx + (rng.float()-0.5)*0.08*r, by - p.h*r}
		left, right := pt{bx - p.w*r, by}, pt{bx + p.w*r, by}
		mid := pt{top.X + 0.08*r, by}
		cv.stroke(alpha(color.RGBA{0, 0, 0, 255}, 0.35), math.Max(1, r*0.05), true, left, top, right)
		cv.fill(lit, poly{left, top, mid})
		cv.fill(shade, poly{top, right, mid})
		if r >= 10 {
			f := 0.32
			a := pt{top.X + (left.X-top.X)*f, top.Y + (left.Y-top.Y)*f}
			b := pt{top.X + (right.X-top.X)*f, top.Y + (right.Y-top.Y)*f}
			cv.fill(snow, poly{top, b, {top.X + 0.04*r, a.Y + 0.03*r}, {top.X - 0.06*r, b.Y}, a})
		}
	}
}

// waves paints a few light crests.
func waves(cv *canvas, rng *rng, cx, cy, r float64, base color.RGBA) {
	c := alpha(mix(base, white, 0.45), 0.75)
	w := math.Max(1, r*0.045)
	n := 2 + rng.intn(2)
	for range n {
		x, y := rng.inHex(0.6)
		bx, by := cx+x*r, cy+y*r
		l := r * (0.16 + 0.06*rng.float())
		crest := quad(pt{bx - l, by}, pt{bx - l/2, by - l*0.6}, pt{bx, by}, 8)
		crest = append(crest, quad(pt{bx, by}, pt{bx + l/2, by - l*0.6}, pt{bx + l, by}, 8)[1:]...)
		cv.stroke(c, w, false, crest...)
	}
}

// rng is a small deterministic random generator (SplitMix64), for the
// drawings only.
type rng struct{ s uint64 }

func newRNG(seed uint64) rng { return rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// intn returns a number in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// inHex returns a point in the unit hex (radius 1) shrunk by f.
func (r *rng) inHex(f float64) (x, y float64) {
	for {
		x, y = (r.float()*2-1)*sqrt3/2, r.float()*2-1
		ax, ay := math.Abs(x), math.Abs(y)
		if ax <= sqrt3/2 && ax/2+ay*sqrt3/2 <= sqrt3/2 {
			return x * f, y * f
		}
	}
}

// fadePad is the transparent margin left and right of a fade sprite.
const fadePad = 1

// paintFade paints the fade along one edge of a hex of radius r: white,
// opaque at its top row (the edge, r long) and fading out towards the
// hex's centre over a third of the radius, its ends cut along the lines
// from the edge's corners to the centre, so the fades of a hex's edges
// meet without gap or overlap. Tinted, it shades the fog's border and
// lights the coasts.
func paintFade(r float64) *image.RGBA {
	depth := r * 0.34
	w, h := int(math.Ceil(r))+2*fadePad, int(math.Ceil(depth))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for py := range h {
		y := float64(py) + 0.5
		inset := y / sqrt3 // the corners' lines meet the edge at 60 degrees
		v := math.Pow(math.Max(0, 1-y/depth), 1.7)
		for px := range w {
			x := float64(px) + 0.5 - fadePad
			cov := math.Max(0, math.Min(1, x-inset+0.5)) * math.Max(0, math.Min(1, r-inset-x+0.5))
			a := uint8(math.Round(255 * v * cov))
			i := img.PixOffset(px, py)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = a, a, a, a
		}
	}
	return img
}
