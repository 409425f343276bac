package art

import (
	"image"
	"image/color"
	"math"
	"strings"
)

// Decor is the kind of drawing over a terrain's colour.
type Decor uint8

// The decors.
const (
	DecorGrass Decor = iota // a few grass tufts (open land)
	DecorSpots              // spots of the accent colour (grasslands)
	DecorTrees              // trees (woods, forests)
	DecorPeaks              // peaks (mountains, hills)
	DecorWaves              // waves (water)
)

// DecorOf chooses a terrain's drawing from its id and flags, so renamed
// and modded terrains, and those of other rulesets, get a fitting one:
// water (naval: the terrain fleets sail) has waves, woods and forests
// trees, mountains and hills peaks, a terrain with an accent colour
// spots, any other grass.
func DecorOf(id string, naval, accent bool) Decor {
	id = strings.ToLower(id)
	switch {
	case naval:
		return DecorWaves
	case strings.Contains(id, "wood") || strings.Contains(id, "forest") || strings.Contains(id, "jungle"):
		return DecorTrees
	case strings.Contains(id, "mountain") || strings.Contains(id, "hill") || strings.Contains(id, "peak"):
		return DecorPeaks
	case accent:
		return DecorSpots
	}
	return DecorGrass
}

// TileVariants is the number of drawings of each terrain, chosen per cell
// so the map does not repeat itself.
const TileVariants = 4

// TileStyle is what a terrain tile is painted from.
type TileStyle struct {
	Color  color.RGBA
	Accent color.RGBA // the spots' colour (DecorSpots)
	Decor  Decor
}

// UnknownColor is the colour of hexes never seen.
var UnknownColor = color.RGBA{20, 23, 30, 255}

// TileSize returns the image size of a tile of hex radius r: the hex's
// bounding box and a margin.
func TileSize(r float64) (w, h int) {
	return int(math.Ceil(sqrt3*r)) + 2*SpritePad, int(math.Ceil(2*r)) + 2*SpritePad
}

const sqrt3 = 1.7320508075688772

// PaintHexTile paints one hex of terrain style st (or of unknown land when
// unknown is set) with hex radius r, variant v: the hex grown by half a
// pixel, so neighbouring tiles overlap without a seam, centred in an
// image of TileSize(r).
func PaintHexTile(st TileStyle, unknown bool, v int, r float64) *image.RGBA {
	w, h := TileSize(r)
	return paintTile(st, unknown, v, r, newCanvas(w, h), false)
}

// SquareTileSize returns the image size of a square tile of side side:
// the square and a margin.
func SquareTileSize(side float64) int { return int(math.Ceil(side)) + 2*SpritePad }

// PaintSquareTile paints one square of terrain style st (or of unknown
// land when unknown is set) of side side pixels, variant v, as
// PaintHexTile paints a hex: the same decor at the size of a hex whose
// inner circle is the square's, the square grown by half a pixel and
// centred in an image of SquareTileSize(side).
func PaintSquareTile(st TileStyle, unknown bool, v int, side float64) *image.RGBA {
	n := SquareTileSize(side)
	return paintTile(st, unknown, v, side/sqrt3, newCanvas(n, n), true)
}

// paintTile paints a tile on cv, centred: a hex of radius r, or (square)
// the square whose inner circle is that hex's.
func paintTile(st TileStyle, unknown bool, v int, r float64, cv *canvas, square bool) *image.RGBA {
	cx, cy := float64(cv.img.Rect.Dx())/2, float64(cv.img.Rect.Dy())/2
	cell := hexagon(cx, cy, r+0.6)
	if square {
		h := r*sqrt3/2 + 0.5
		cell = rect(cx-h, cy-h, cx+h, cy+h)
	}
	rng := newRNG(uint64(st.Decor)<<8 | uint64(v) | uint64(st.Color.R)<<16 | uint64(st.Color.G)<<24 | uint64(st.Color.B)<<32)
	rng.square = square
	if unknown {
		rng = newRNG(0xfade + uint64(v))
		rng.square = square
		cv.fill(UnknownColor, cell)
		if r >= 12 {
			dot := Mix(UnknownColor, White, 0.05)
			for range 7 {
				x, y := rng.inCell(0.85)
				cv.fill(dot, circle(cx+x*r, cy+y*r, math.Max(0.8, r*0.035)))
			}
		}
		return cv.img
	}
	cv.fill(st.Color, cell)
	shadeCell(cv.img, cx, cy, r, square)
	if r < 7 {
		return cv.img
	}
	switch st.Decor {
	case DecorGrass:
		grass(cv, &rng, cx, cy, r, ScaleRGB(st.Color, 0.78), 5)
	case DecorSpots:
		n := 4 + rng.intn(3)
		for range n {
			x, y := rng.inCell(0.7)
			rx := r * (0.07 + 0.04*rng.float())
			cv.fill(Alpha(st.Accent, 0.85), ellipse(cx+x*r, cy+y*r, rx, rx*0.7))
		}
		grass(cv, &rng, cx, cy, r, Mix(st.Color, White, 0.25), 3)
	case DecorTrees:
		trees(cv, &rng, cx, cy, r, st.Color)
	case DecorPeaks:
		peaks(cv, &rng, cx, cy, r, st.Color)
	case DecorWaves:
		waves(cv, &rng, cx, cy, r, st.Color)
	}
	return cv.img
}

// shadeCell lights the top of the hex of radius r around (cx, cy) (or of
// the square of that inner radius) and darkens it near its edges, so
// cells of one terrain still read as cells.
func shadeCell(img *image.RGBA, cx, cy, r float64, square bool) {
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
			if square {
				d = max(dx, ady) / inner
			}
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
		x, y := rng.inCell(0.75)
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
	leaf := Mix(base, color.RGBA{96, 170, 80, 255}, 0.55)
	dark := ScaleRGB(base, 0.6)
	trunk := color.RGBA{84, 58, 36, 255}
	for _, s := range spots {
		if rng.float() < 0.2 {
			continue
		}
		x := cx + (s[0]+(rng.float()-0.5)*0.12)*r
		y := cy + (s[1]+(rng.float()-0.5)*0.12)*r
		t := r * (0.15 + 0.05*rng.float()) // the tree's half-width
		cv.fill(Alpha(color.RGBA{0, 0, 0, 255}, 0.25), ellipse(x+t*0.2, y+t*0.95, t*1.0, t*0.35))
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
	lit := Mix(base, White, 0.22)
	shade := ScaleRGB(base, 0.62)
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
		cv.stroke(Alpha(color.RGBA{0, 0, 0, 255}, 0.35), math.Max(1, r*0.05), true, left, top, right)
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
	c := Alpha(Mix(base, White, 0.45), 0.75)
	w := math.Max(1, r*0.045)
	n := 2 + rng.intn(2)
	for range n {
		x, y := rng.inCell(0.6)
		bx, by := cx+x*r, cy+y*r
		l := r * (0.16 + 0.06*rng.float())
		crest := quad(pt{bx - l, by}, pt{bx - l/2, by - l*0.6}, pt{bx, by}, 8)
		crest = append(crest, quad(pt{bx, by}, pt{bx + l/2, by - l*0.6}, pt{bx + l, by}, 8)[1:]...)
		cv.stroke(c, w, false, crest...)
	}
}

// rng is a small deterministic random generator (SplitMix64), for the
// drawings only.
type rng struct {
	s uint64
	// square makes inCell pick points in a square cell, not a hex.
	square bool
}

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

// inCell returns a point in the unit hex (radius 1) shrunk by f, or in
// the square of the same inner radius when r.square is set.
func (r *rng) inCell(f float64) (x, y float64) {
	if r.square {
		return (r.float()*2 - 1) * sqrt3 / 2 * f, (r.float()*2 - 1) * sqrt3 / 2 * f
	}
	for {
		x, y = (r.float()*2-1)*sqrt3/2, r.float()*2-1
		ax, ay := math.Abs(x), math.Abs(y)
		if ax <= sqrt3/2 && ax/2+ay*sqrt3/2 <= sqrt3/2 {
			return x * f, y * f
		}
	}
}
