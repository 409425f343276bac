package duel

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
	rules "empires/shared/rules/duel"
)

// painter draws the table's things: it holds the fonts, at every size
// asked for, and the marks of the deck's suits.
type painter struct {
	faces  *kit.Faces
	suits  []string
	shapes []Shape
	// sprites are the cards drawn once at each size they are shown at,
	// face up or as backs: a table redrawn draws images, not paths.
	sprites map[spriteKey]*ebiten.Image
	// boxes are the rounded boxes drawn once at each size and look: the
	// players' places, the question, the buttons, the cards' frames.
	boxes map[boxKey]*ebiten.Image
	// scale is the interface size the table is drawn at (its layout's):
	// the lengths of the cards' insides given at 100 % (a border, a
	// shadow, the least size of a text) are multiplied by it.
	scale float64
}

// pxf returns length v given at 100 % at the painter's interface size;
// px the same, rounded to a whole pixel.
func (p *painter) pxf(v float64) float64 { return v * p.scale }
func (p *painter) px(n int) int          { return upLen(n, p.scale) }

// boxKey names a rounded box's picture.
type boxKey struct {
	size         image.Point
	rad, width   float32
	fill, stroke color.RGBA
}

// spriteKey names a card's picture: a face (its card) or a back, at a
// size, painted at an interface size.
type spriteKey struct {
	back  bool
	card  rules.Card
	size  image.Point
	scale float64
}

// maxSprites bounds the pictures kept: past it (a window resized again and
// again) they are all drawn afresh.
const maxSprites = 160

// newPainter returns the painter of a game played with deck d.
func newPainter(d rules.Deck) (*painter, error) {
	faces, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("the table's fonts: %w", err)
	}
	return &painter{faces: faces,
		suits: d.Suits, shapes: SuitShapes(d.Suits), sprites: map[spriteKey]*ebiten.Image{},
		boxes: map[boxKey]*ebiten.Image{}, scale: 1}, nil
}

// face returns the font at size pixels.
func (p *painter) face(bold bool, size float64) *text.GoTextFace {
	return p.faces.Face(size, bold)
}

func (p *painter) bold(size float64) *text.GoTextFace    { return p.face(true, size) }
func (p *painter) regular(size float64) *text.GoTextFace { return p.face(false, size) }

// drawText draws s with its top at y, aligned on x as align says.
func drawText(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color, align text.Align) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = align
	text.Draw(dst, s, face, op)
}

// drawTextRotated draws s upside down, centred on x, its top (now at the
// bottom) at y.
func drawTextRotated(dst *ebiten.Image, s string, face text.Face, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Rotate(math.Pi)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = text.AlignCenter
	text.Draw(dst, s, face, op)
}

// textWidth is how wide s is drawn in face.
func textWidth(s string, face text.Face) float64 {
	w, _ := text.Measure(s, face, 0)
	return w
}

// lineHeight is the height of a line of face.
func lineHeight(face text.Face) float64 {
	m := face.Metrics()
	return m.HAscent + m.HDescent
}
