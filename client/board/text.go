package board

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/kit"
)

// Text sizes in pixels: labels are never drawn smaller than minText,
// where they could not be read; they are left out instead.
const (
	minText = 10
	maxText = 22
)

// fonts holds the Go fonts at the sizes used so far.
type fonts struct{ faces *kit.Faces }

func newFonts() (*fonts, error) {
	f, err := kit.NewFaces()
	if err != nil {
		return nil, err
	}
	return &fonts{faces: f}, nil
}

// face returns the face of the given size in pixels (rounded, within
// minText..maxText).
func (f *fonts) face(size float64, bold bool) *text.GoTextFace {
	return f.faces.Face(math.Max(minText, math.Min(maxText, size)), bold)
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
