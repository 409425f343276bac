package duel

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	rules "empires/shared/rules/duel"
)

// The cards: a face shows its rank in the corners and its suit's mark,
// each suit with a shape of its own and a colour of its own (the shapes
// tell the suits apart for a player who does not see the colours); a
// back is the same pattern for every card.

// Shape is a suit's mark.
type Shape uint8

// The marks. The first four are the built-in deck's suits'; the others
// go to a mod's suits of other names.
const (
	ShapeCup Shape = iota
	ShapeCoin
	ShapeSword
	ShapeClub
	ShapeDiamond
	ShapeTriangle
	ShapeSquare
	ShapeStar
	numShapes
)

// suitShapes are the marks of suits known by name.
var suitShapes = map[string]Shape{
	"cups": ShapeCup, "coins": ShapeCoin, "swords": ShapeSword, "clubs": ShapeClub,
	"diamonds": ShapeDiamond, "stars": ShapeStar,
}

// SuitShapes returns each suit's mark: its own for a suit known by name,
// else the first mark no other suit has, so that no two suits share one
// (a deck has at most 8 suits, and there are 8 marks).
func SuitShapes(suits []string) []Shape {
	out := make([]Shape, len(suits))
	used := map[Shape]bool{}
	known := make([]bool, len(suits))
	for i, s := range suits {
		if sh, ok := suitShapes[s]; ok && !used[sh] {
			out[i], known[i], used[sh] = sh, true, true
		}
	}
	next := Shape(0)
	for i := range suits {
		if known[i] {
			continue
		}
		for used[next] && next < numShapes-1 {
			next++
		}
		out[i], used[next] = next, true
	}
	return out
}

// suitColors are the suits' inks by their place in the deck: colours
// told apart with every common kind of colour blindness (Okabe and Ito's
// palette, darkened to stand on a card's cream).
var suitColors = []color.RGBA{
	{200, 70, 0, 255},   // vermillion
	{160, 110, 0, 255},  // ochre
	{0, 100, 170, 255},  // blue
	{0, 125, 90, 255},   // bluish green
	{170, 75, 130, 255}, // reddish purple
	{40, 40, 40, 255},   // black
	{70, 140, 200, 255}, // sky blue
	{120, 90, 60, 255},  // brown
}

// shapeNames name the marks for the help.
var shapeNames = [numShapes]string{"a goblet", "a ring round a dot", "a sword", "a three-leaved club", "a diamond", "a triangle", "a square", "a star"}

// colorNames name the suits' inks for the help.
var colorNames = []string{"red", "ochre", "blue", "green", "purple", "black", "light blue", "brown"}

// SuitColor returns the ink of the deck's i-th suit.
func SuitColor(i int) color.RGBA { return suitColors[i%len(suitColors)] }

// The colours of the cards.
var (
	cardFace    = color.RGBA{247, 242, 230, 255}
	cardEdge    = color.RGBA{70, 60, 48, 255}
	backFill    = color.RGBA{48, 58, 110, 255}
	backInk     = color.RGBA{110, 124, 190, 255}
	backEdge    = color.RGBA{230, 222, 200, 255}
	chosenEdge  = color.RGBA{255, 196, 60, 255}
	hoverEdge   = color.RGBA{255, 255, 255, 255}
	shadowColor = color.RGBA{0, 0, 0, 90}
)

// cardLook is how a card is drawn.
type cardLook struct {
	chosen, hover bool
	// dim greys a card that may not be chosen now.
	dim bool
	// edge, if not nil, is the border's colour (a card that scored).
	edge color.Color
}

// roundRect returns the path of rectangle r with corners of radius rad.
func roundRect(r image.Rectangle, rad float32) *vector.Path {
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	rad = min(rad, (x1-x0)/2, (y1-y0)/2)
	var p vector.Path
	p.MoveTo(x0+rad, y0)
	p.LineTo(x1-rad, y0)
	p.Arc(x1-rad, y0+rad, rad, -math.Pi/2, 0, vector.Clockwise)
	p.LineTo(x1, y1-rad)
	p.Arc(x1-rad, y1-rad, rad, 0, math.Pi/2, vector.Clockwise)
	p.LineTo(x0+rad, y1)
	p.Arc(x0+rad, y1-rad, rad, math.Pi/2, math.Pi, vector.Clockwise)
	p.LineTo(x0, y0+rad)
	p.Arc(x0+rad, y0+rad, rad, math.Pi, 3*math.Pi/2, vector.Clockwise)
	p.Close()
	return &p
}

// fill fills path p with colour c.
func fill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, &vector.FillOptions{}, op)
}

// stroke strokes path p with colour c, w wide.
func stroke(dst *ebiten.Image, p *vector.Path, w float32, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: w, LineJoin: vector.LineJoinRound}, op)
}

// fillRound fills rectangle r with round corners of radius rad.
func fillRound(dst *ebiten.Image, r image.Rectangle, rad float32, c color.Color) {
	fill(dst, roundRect(r, rad), c)
}

// strokeRound strokes rectangle r with round corners of radius rad.
func strokeRound(dst *ebiten.Image, r image.Rectangle, rad, w float32, c color.Color) {
	stroke(dst, roundRect(r, rad), w, c)
}

// cardRadius is the corner radius of a card of width w.
func cardRadius(w int) float32 { return float32(w) * 0.08 }

// shadowOff is how far a card's shadow falls, right and down, at 100 %.
var shadowOff = image.Pt(2, 3)

// shadow is how far a card's shadow falls at the painter's interface
// size.
func (p *painter) shadow() image.Point {
	return image.Pt(p.px(shadowOff.X), p.px(shadowOff.Y))
}

// sprite returns the picture of key, drawn once: the card at the
// picture's top left, its shadow beside.
func (p *painter) sprite(key spriteKey) *ebiten.Image {
	if img, ok := p.sprites[key]; ok {
		return img
	}
	if len(p.sprites) >= maxSprites {
		for k, img := range p.sprites {
			img.Deallocate()
			delete(p.sprites, k)
		}
	}
	sh := p.shadow()
	img := ebiten.NewImage(key.size.X+sh.X+1, key.size.Y+sh.Y+1)
	r := image.Rectangle{Max: key.size}
	if key.back {
		p.paintBack(img, r)
	} else {
		p.paintFace(img, r, key.card)
	}
	p.sprites[key] = img
	return img
}

// drawSprite draws the picture of key with its card's top left at at.
func (p *painter) drawSprite(dst *ebiten.Image, key spriteKey, at image.Point) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(at.X), float64(at.Y))
	dst.DrawImage(p.sprite(key), op)
}

// drawFace draws card c face up in r.
func (p *painter) drawFace(dst *ebiten.Image, r image.Rectangle, c rules.Card, look cardLook) {
	p.drawSprite(dst, spriteKey{card: c, size: r.Size(), scale: p.scale}, r.Min)
	p.drawEdge(dst, r, look)
}

// drawBack draws a card's back in r.
func (p *painter) drawBack(dst *ebiten.Image, r image.Rectangle, look cardLook) {
	p.drawSprite(dst, spriteKey{back: true, size: r.Size(), scale: p.scale}, r.Min)
	p.drawEdge(dst, r, look)
}

// paintFace paints card c face up in r, with its shadow and its thin
// border.
func (p *painter) paintFace(dst *ebiten.Image, r image.Rectangle, c rules.Card) {
	w, h := r.Dx(), r.Dy()
	rad := cardRadius(w)
	fillRound(dst, r.Add(p.shadow()), rad, shadowColor)
	fillRound(dst, r, rad, cardFace)
	ink := SuitColor(int(c.Suit))
	shape := ShapeDiamond // a card of no suit of the deck
	if int(c.Suit) < len(p.shapes) {
		shape = p.shapes[c.Suit]
	}
	// The rank, large, at the top left, the suit's mark under it; the
	// same upside down at the bottom right; a large mark in the middle.
	rank := strconv.Itoa(int(c.Rank))
	size := float64(h) * 0.2
	face := p.bold(size)
	inset := float64(w) * 0.09
	cx := float64(r.Min.X) + inset + size*0.32
	drawText(dst, rank, face, cx, float64(r.Min.Y)+float64(h)*0.04, ink, text.AlignCenter)
	pip := size * 0.62
	drawShape(dst, shape, cx, float64(r.Min.Y)+float64(h)*0.04+size*1.15+pip/2, pip, ink, cardFace)
	bx := float64(r.Max.X) - inset - size*0.32
	by := float64(r.Max.Y) - float64(h)*0.04
	drawTextRotated(dst, rank, face, bx, by, ink)
	drawShape(dst, shape, bx, by-size*1.15-pip/2, -pip, ink, cardFace)
	big := float64(w) * 0.42
	drawShape(dst, shape, float64(r.Min.X)+float64(w)/2, float64(r.Min.Y)+float64(h)/2, big, ink, cardFace)
	if float64(w) >= p.pxf(60) && int(c.Suit) < len(p.suits) {
		drawText(dst, p.suits[c.Suit], p.regular(max(float64(h)*0.085, p.pxf(10))), float64(r.Min.X)+float64(w)/2,
			float64(r.Min.Y)+float64(h)/2+big*0.62, ink, text.AlignCenter)
	}
	strokeRound(dst, r, rad, float32(p.pxf(1)), cardEdge)
}

// paintBack paints a card's back in r, with its shadow and its thin
// border.
func (p *painter) paintBack(dst *ebiten.Image, r image.Rectangle) {
	w, h := r.Dx(), r.Dy()
	rad := cardRadius(w)
	fillRound(dst, r.Add(p.shadow()), rad, shadowColor)
	fillRound(dst, r, rad, backEdge)
	in := max(p.px(2), w/14)
	inner := r.Inset(in)
	fillRound(dst, inner, rad*0.7, backFill)
	// A lattice of small diamonds, and a larger one in the middle.
	step := max(float64(inner.Dx())/4, p.pxf(5))
	d := step * 0.28
	for y := float64(inner.Min.Y) + step/2; y < float64(inner.Max.Y)-d; y += step {
		for x := float64(inner.Min.X) + step/2; x < float64(inner.Max.X)-d; x += step {
			drawShape(dst, ShapeDiamond, x, y, d*2, backInk, backFill)
		}
	}
	cx, cy := float64(r.Min.X)+float64(w)/2, float64(r.Min.Y)+float64(h)/2
	drawShape(dst, ShapeDiamond, cx, cy, float64(w)*0.5, backFill, backFill)
	drawShape(dst, ShapeDiamond, cx, cy, float64(w)*0.4, backEdge, backFill)
	drawShape(dst, ShapeDiamond, cx, cy, float64(w)*0.22, backFill, backFill)
	strokeRound(dst, r, rad, float32(p.pxf(1)), cardEdge)
}

// drawEdge draws a card's border as look says (its thin one is the
// picture's), and greys it if dim.
func (p *painter) drawEdge(dst *ebiten.Image, r image.Rectangle, look cardLook) {
	rad := cardRadius(r.Dx())
	if look.dim {
		p.box(dst, r, rad, color.RGBA{20, 24, 22, 130}, nil, 0)
	}
	one := float32(p.scale)
	switch {
	case look.chosen:
		p.box(dst, r.Inset(-p.px(2)), rad+2*one, nil, chosenEdge, 4*one)
	case look.edge != nil:
		p.box(dst, r.Inset(-p.px(1)), rad+one, nil, look.edge, 3*one)
	case look.hover:
		p.box(dst, r.Inset(-p.px(1)), rad+one, nil, hoverEdge, 3*one)
	}
}

// drawSlot draws an empty place for a card in r: its outline.
func (p *painter) drawSlot(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	p.box(dst, r, cardRadius(r.Dx()), nil, c, float32(p.pxf(1.5)))
}

// rgba returns c as RGBA, the zero colour for nil.
func rgba(c color.Color) color.RGBA {
	if c == nil {
		return color.RGBA{}
	}
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// box draws rectangle r with corners of radius rad, filled with fill and
// outlined width wide in stroke (nil: none), from a picture drawn once
// for its size and look: a path filled anew each frame costs far more.
func (p *painter) box(dst *ebiten.Image, r image.Rectangle, rad float32, fill, stroke color.Color, width float32) {
	key := boxKey{size: r.Size(), rad: rad, width: width, fill: rgba(fill), stroke: rgba(stroke)}
	if stroke == nil {
		key.width = 0
	}
	m := int(width/2) + 2 // the outline's half outside r
	img, ok := p.boxes[key]
	if !ok {
		if len(p.boxes) >= maxSprites {
			for k, old := range p.boxes {
				old.Deallocate()
				delete(p.boxes, k)
			}
		}
		img = ebiten.NewImage(key.size.X+2*m, key.size.Y+2*m)
		in := image.Rectangle{Max: key.size}.Add(image.Pt(m, m))
		if fill != nil {
			fillRound(img, in, rad, fill)
		}
		if key.width > 0 {
			strokeRound(img, in, rad, width, stroke)
		}
		p.boxes[key] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(r.Min.X-m), float64(r.Min.Y-m))
	dst.DrawImage(img, op)
}

// drawShape draws mark s centred on (cx, cy), size pixels high (upside
// down when size is negative), in ink; hole is the colour under it, for
// the marks with a hole (a coin's ring).
func drawShape(dst *ebiten.Image, s Shape, cx, cy, size float64, ink, hole color.Color) {
	k := float32(size / 2)
	flip := float32(1)
	if k < 0 {
		k, flip = -k, -1
	}
	x0, y0 := float32(cx), float32(cy)
	pt := func(x, y float32) (float32, float32) { return x0 + x*k*flip, y0 + y*k*flip }
	var p vector.Path
	move := func(x, y float32) { p.MoveTo(pt(x, y)) }
	line := func(x, y float32) { p.LineTo(pt(x, y)) }
	cubic := func(x1, y1, x2, y2, x3, y3 float32) {
		ax, ay := pt(x1, y1)
		bx, by := pt(x2, y2)
		ex, ey := pt(x3, y3)
		p.CubicTo(ax, ay, bx, by, ex, ey)
	}
	circle := func(x, y, r float32) {
		px, py := pt(x, y)
		p.MoveTo(px+r*k, py)
		p.Arc(px, py, r*k, 0, 2*math.Pi, vector.Clockwise)
		p.Close()
	}
	switch s {
	case ShapeCup: // a goblet: a bowl on a stem and a foot
		move(-0.72, -0.85)
		line(0.72, -0.85)
		cubic(0.72, -0.15, 0.4, 0.18, 0.12, 0.22)
		line(0.12, 0.55)
		line(0.5, 0.72)
		line(0.5, 0.88)
		line(-0.5, 0.88)
		line(-0.5, 0.72)
		line(-0.12, 0.55)
		line(-0.12, 0.22)
		cubic(-0.4, 0.18, -0.72, -0.15, -0.72, -0.85)
		p.Close()
	case ShapeCoin: // a ring round a dot
		circle(0, 0, 0.88)
		fill(dst, &p, ink)
		p.Reset()
		circle(0, 0, 0.58)
		fill(dst, &p, hole)
		p.Reset()
		circle(0, 0, 0.28)
	case ShapeSword: // a blade, a cross-guard, a grip and a pommel
		move(0, -0.98)
		line(0.15, -0.78)
		line(0.15, 0.32)
		line(0.52, 0.32)
		line(0.52, 0.48)
		line(0.1, 0.48)
		line(0.1, 0.76)
		line(-0.1, 0.76)
		line(-0.1, 0.48)
		line(-0.52, 0.48)
		line(-0.52, 0.32)
		line(-0.15, 0.32)
		line(-0.15, -0.78)
		p.Close()
		circle(0, 0.86, 0.13)
	case ShapeClub: // three leaves on a stem
		circle(0, -0.46, 0.34)
		circle(-0.44, 0.1, 0.34)
		circle(0.44, 0.1, 0.34)
		move(0, -0.1)
		line(0.24, 0.92)
		line(-0.24, 0.92)
		p.Close()
	case ShapeDiamond:
		move(0, -0.95)
		line(0.66, 0)
		line(0, 0.95)
		line(-0.66, 0)
		p.Close()
	case ShapeTriangle:
		move(0, -0.9)
		line(0.85, 0.75)
		line(-0.85, 0.75)
		p.Close()
	case ShapeSquare:
		move(-0.7, -0.7)
		line(0.7, -0.7)
		line(0.7, 0.7)
		line(-0.7, 0.7)
		p.Close()
	case ShapeStar:
		for i := range 10 {
			r := float32(0.95)
			if i%2 == 1 {
				r = 0.42
			}
			a := float64(i)*math.Pi/5 - math.Pi/2
			x, y := r*float32(math.Cos(a)), r*float32(math.Sin(a))
			if i == 0 {
				move(x, y)
			} else {
				line(x, y)
			}
		}
		p.Close()
	}
	fill(dst, &p, ink)
}
