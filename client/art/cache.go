package art

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Sprites draws sprites with Ebitengine, painting each on the CPU the
// first time it is drawn at a size (see spriteSize) and keeping it. The
// zero value is ready to use. A Sprites is used from the game loop's
// goroutine only.
type Sprites struct {
	imgs  map[spriteKey]*ebiten.Image
	white *ebiten.Image
	op    ebiten.DrawImageOptions
}

// Image returns the image of sprite (kind, arg) for drawing px pixels
// wide, painting it the first time, and the size it was painted at (its
// box; the image has SpritePad more on each side).
func (s *Sprites) Image(kind Sprite, arg uint8, px float64) (*ebiten.Image, int) {
	key := spriteKey{kind, arg, spriteSize(px)}
	if img, ok := s.imgs[key]; ok {
		return img, key.size
	}
	if s.imgs == nil {
		s.imgs = map[spriteKey]*ebiten.Image{}
	}
	img := ebiten.NewImageFromImage(PaintSprite(kind, arg, key.size))
	s.imgs[key] = img
	return img, key.size
}

// Put draws sprite (kind, arg) with its box px pixels wide, centred on
// screen point (x, y), turned by angle radians, its colours multiplied by
// tint and then by cs.
func (s *Sprites) Put(dst *ebiten.Image, kind Sprite, arg uint8, x, y, px, angle float64, tint color.RGBA, cs ebiten.ColorScale) {
	img, size := s.Image(kind, arg, px)
	half := float64(size)/2 + SpritePad
	op := &s.op
	op.GeoM.Reset()
	op.GeoM.Translate(-half, -half)
	if angle != 0 {
		op.GeoM.Rotate(angle)
	}
	op.GeoM.Scale(px/float64(size), px/float64(size))
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(tint)
	op.ColorScale.ScaleWithColorScale(cs)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, op)
}

// Rect draws a filled rectangle of w x h pixels whose top-left corner is
// (x, y), in colour c scaled by cs.
func (s *Sprites) Rect(dst *ebiten.Image, x, y, w, h float64, c color.RGBA, cs ebiten.ColorScale) {
	op := &s.op
	op.GeoM.Reset()
	op.GeoM.Scale(w, h)
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleWithColorScale(cs)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(s.White(), op)
}

// Square draws a filled square of side w centred on (x, y).
func (s *Sprites) Square(dst *ebiten.Image, x, y, w float64, c color.RGBA, cs ebiten.ColorScale) {
	s.Rect(dst, x-w/2, y-w/2, w, w, c, cs)
}

// Pill draws a rounded plate of height h and width w (at least h)
// centred on (x, y) in colour c.
func (s *Sprites) Pill(dst *ebiten.Image, x, y, w, h float64, c color.RGBA, cs ebiten.ColorScale) {
	w = math.Max(w, h)
	s.Put(dst, SpriteDisc, 0, x-w/2+h/2, y, h, 0, c, cs)
	s.Put(dst, SpriteDisc, 0, x+w/2-h/2, y, h, 0, c, cs)
	s.Rect(dst, x-w/2+h/2, y-h/2, w-h, h, c, cs)
}

// White returns a white pixel: the middle of a white 3x3 image, so
// linear filtering reads only white around it. Everything drawn through
// Sprites uses linear filtering, so the draws batch together.
func (s *Sprites) White() *ebiten.Image {
	if s.white == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(White)
		s.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return s.white
}

// Deallocate frees the painted sprites' images; they are painted again
// when next drawn.
func (s *Sprites) Deallocate() {
	for _, img := range s.imgs {
		img.Deallocate()
	}
	s.imgs = nil
	if s.white != nil {
		s.white.Deallocate()
		s.white = nil
	}
}

// OutlinedMark draws mark m with its box px pixels wide, centred on (x,
// y), in colour c, with an edge px/7 wide in colour edge around it and
// around its holes, all scaled by cs: a player's mark standing alone on
// the ground, as on the minimaps, reads on every terrain.
func (s *Sprites) OutlinedMark(dst *ebiten.Image, m Mark, x, y, px float64, c, edge color.RGBA, cs ebiten.ColorScale) {
	s.Put(dst, SpriteMarkEdge, uint8(m), x, y, px*markEdgeBox, 0, edge, cs)
	s.Put(dst, SpriteMark, uint8(m), x, y, px, 0, c, cs)
}
