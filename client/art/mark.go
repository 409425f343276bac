package art

import (
	"image/color"
	"math"

	"empires/shared/game"
)

// Mark is a player's marker: a shape drawn on every army token and city
// banner of the player, so players can be told apart without their
// colours (for colour-blind players, and on grey remembered sightings).
type Mark uint8

// The marks of players 1 to 16, in order; MarkNone is nobody's.
const (
	MarkNone Mark = iota
	MarkCircle
	MarkSquare
	MarkTriangle
	MarkDiamond
	MarkStar
	MarkCross
	MarkSaltire
	MarkTriangleDown
	MarkRing
	MarkHollowSquare
	MarkHollowTriangle
	MarkHollowDiamond
	MarkCrescent
	MarkBars
	MarkHourglass
	MarkBullseye
	NumMarks
)

var markNames = [NumMarks]string{"none", "circle", "square", "triangle", "diamond", "star", "cross",
	"saltire", "triangle down", "ring", "hollow square", "hollow triangle", "hollow diamond",
	"crescent", "bars", "hourglass", "bullseye"}

// String names the mark, e.g. "hollow diamond".
func (m Mark) String() string {
	if m < NumMarks {
		return markNames[m]
	}
	return "mark?"
}

// PlayerMark returns the mark of player p: the marks follow the order of
// the constants from MarkCircle for player 1 and repeat after sixteen
// players; nobody (0) has MarkNone.
func PlayerMark(p game.PlayerID) Mark {
	if p == 0 {
		return MarkNone
	}
	return Mark(1 + (int(p)-1)%game.MaxPlayers)
}

// markPolys returns the shape of m as polygons within the circle of
// radius r around (cx, cy).
func markPolys(m Mark, cx, cy, r float64) []poly {
	w := r * 0.32 // the width of hollow shapes' lines
	switch m {
	case MarkCircle:
		return []poly{circle(cx, cy, r*0.72)}
	case MarkSquare:
		s := r * 0.74
		return []poly{rect(cx-s, cy-s, cx+s, cy+s)}
	case MarkTriangle:
		return []poly{regular(cx, cy+r*0.18, r*1.0, 3, -math.Pi/2)}
	case MarkDiamond:
		return []poly{diamond(cx, cy, r*0.62, r*1.0)}
	case MarkStar:
		return []poly{star(cx, cy+r*0.08, r*1.02, r*0.45, 5)}
	case MarkCross:
		s := r * 0.27
		return []poly{rect(cx-s, cy-r*0.9, cx+s, cy+r*0.9), rect(cx-r*0.9, cy-s, cx+r*0.9, cy+s)}
	case MarkSaltire:
		return []poly{bar(cx, cy, r*1.0, r*0.26, math.Pi/4), bar(cx, cy, r*1.0, r*0.26, -math.Pi/4)}
	case MarkTriangleDown:
		return []poly{regular(cx, cy-r*0.18, r*1.0, 3, math.Pi/2)}
	case MarkRing:
		return []poly{circle(cx, cy, r*0.82), reversed(circle(cx, cy, r*0.82-w))}
	case MarkHollowSquare:
		s := r * 0.72
		return []poly{rect(cx-s, cy-s, cx+s, cy+s), reversed(rect(cx-s+w, cy-s+w, cx+s-w, cy+s-w))}
	case MarkHollowTriangle:
		outer := regular(cx, cy+r*0.22, r*1.15, 3, -math.Pi/2)
		inner := regular(cx, cy+r*0.22, r*0.72, 3, -math.Pi/2)
		return []poly{outer, reversed(inner)}
	case MarkHollowDiamond:
		return []poly{diamond(cx, cy, r*0.78, r*1.02), reversed(diamond(cx, cy, r*0.78-w*1.15, r*1.02-w*1.45))}
	case MarkCrescent:
		return crescent(cx, cy, r)
	case MarkBars:
		h := r * 0.22
		return []poly{
			rect(cx-r*0.8, cy-r*0.62-h, cx+r*0.8, cy-r*0.62+h),
			rect(cx-r*0.8, cy-h, cx+r*0.8, cy+h),
			rect(cx-r*0.8, cy+r*0.62-h, cx+r*0.8, cy+r*0.62+h),
		}
	case MarkHourglass:
		s := r * 0.78
		return []poly{
			{{cx - s, cy - r*0.85}, {cx + s, cy - r*0.85}, {cx, cy}},
			{{cx, cy}, {cx + s, cy + r*0.85}, {cx - s, cy + r*0.85}},
		}
	case MarkBullseye:
		return []poly{circle(cx, cy, r*0.86), reversed(circle(cx, cy, r*0.86-w*0.85)), circle(cx, cy, r*0.3)}
	}
	return nil
}

// drawMark paints m in colour c within the circle of radius r.
func drawMark(cv *canvas, m Mark, cx, cy, r float64, c color.RGBA) {
	cv.fill(c, markPolys(m, cx, cy, r)...)
}

func diamond(cx, cy, rx, ry float64) poly {
	return poly{{cx, cy - ry}, {cx + rx, cy}, {cx, cy + ry}, {cx - rx, cy}}
}

// crescent returns a crescent opening to the right: a disc less a disc
// moved right.
func crescent(cx, cy, r float64) []poly {
	const n = 40
	outerR, innerR := r*0.9, r*0.74
	icx := cx + r*0.42
	var out poly
	// The outer arc from the top tip round the left to the bottom tip,
	// then the inner arc back; the tips are where the circles cross.
	tip := math.Acos((outerR*outerR + (icx-cx)*(icx-cx) - innerR*innerR) / (2 * outerR * (icx - cx)))
	for i := 0; i <= n; i++ {
		a := -tip - (2*math.Pi-2*tip)*float64(i)/n
		out = append(out, pt{cx + outerR*math.Cos(a), cy + outerR*math.Sin(a)})
	}
	x0, y0 := out[len(out)-1].X-icx, out[len(out)-1].Y-cy
	a0 := math.Atan2(y0, x0)
	a1 := math.Atan2(out[0].Y-cy, out[0].X-icx)
	if a1 < a0 {
		a1 += 2 * math.Pi
	}
	for i := 1; i < n; i++ {
		a := a0 + (a1-a0)*float64(i)/n
		out = append(out, pt{icx + innerR*math.Cos(a), cy + innerR*math.Sin(a)})
	}
	return []poly{wound(out)}
}

// bar returns a rectangle of half-length l and half-width w centred on
// (cx, cy), turned by angle a.
func bar(cx, cy, l, w, a float64) poly {
	c, s := math.Cos(a), math.Sin(a)
	p := poly{{-l, -w}, {l, -w}, {l, w}, {-l, w}}
	for i, q := range p {
		p[i] = pt{cx + q.X*c - q.Y*s, cy + q.X*s + q.Y*c}
	}
	return wound(p)
}

// markEdgeBox is how much wider the box of a SpriteMarkEdge is than the
// mark it edges: the mark takes 7/9 of it, its edge 1/9 on each side.
const markEdgeBox = 9.0 / 7

// paintMarkEdge paints the edge of mark m in White, in a box of side s
// centred on (c, c): the mark's shape as drawn markEdgeBox times smaller,
// widened by s/9 all round and around its holes, so that the mark drawn
// over it has an edge s/9 wide outside and inside.
func paintMarkEdge(cv *canvas, m Mark, c, s float64) {
	ps := markPolys(m, c, c, s/2/markEdgeBox)
	for _, p := range ps {
		cv.stroke(White, 2*s/9, true, p...)
	}
	cv.fill(White, ps...)
}
