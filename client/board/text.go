package board

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
)

// Text sizes in pixels at 100 %: labels are never drawn smaller than
// minText, where they could not be read; they are left out instead.
const (
	minText = 10
	maxText = 22
)

// fonts holds the Go fonts at the sizes used so far, for labels drawn at
// interface size scale.
type fonts struct {
	faces *kit.Faces
	scale float64 // the interface size: 2 makes faces twice as large (Board.SetScale)
}

// newFonts returns the fonts at 100 %.
func newFonts() (*fonts, error) {
	f, err := kit.NewFaces()
	if err != nil {
		return nil, err
	}
	return &fonts{faces: f, scale: 1}, nil
}

// face returns the face of the given size in pixels on screen (rounded,
// within minText..maxText times the scale).
func (f *fonts) face(size float64, bold bool) *text.GoTextFace {
	return f.faces.Face(math.Max(minText*f.scale, math.Min(maxText*f.scale, size)), bold)
}

// draw draws s centred on (x, y) in colour c (premultiplied), on whole
// pixels, so that small text stays sharp.
func (f *fonts) draw(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c color.RGBA, cs ebiten.ColorScale) {
	w, h := text.Measure(s, face, 0)
	op := &text.DrawOptions{}
	op.Filter = ebiten.FilterLinear
	op.GeoM.Translate(math.Round(x-w/2), math.Round(y-h/2))
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleWithColorScale(cs)
	text.Draw(dst, s, face, op)
}
