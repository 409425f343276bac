package board

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Text sizes in pixels: labels are never drawn smaller than minText,
// where they could not be read; they are left out instead.
const (
	minText = 10
	maxText = 18
)

// fonts holds the Go fonts at the sizes used so far.
type fonts struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceKey]*text.GoTextFace
}

type faceKey struct {
	size int
	bold bool
}

func newFonts() (*fonts, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("load Go Regular: %w", err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, fmt.Errorf("load Go Bold: %w", err)
	}
	return &fonts{regular: reg, bold: bold, faces: map[faceKey]*text.GoTextFace{}}, nil
}

// face returns the face of the given size in pixels (rounded, within
// minText..maxText).
func (f *fonts) face(size float64, bold bool) *text.GoTextFace {
	k := faceKey{int(math.Round(math.Max(minText, math.Min(maxText, size)))), bold}
	fc, ok := f.faces[k]
	if !ok {
		src := f.regular
		if bold {
			src = f.bold
		}
		fc = &text.GoTextFace{Source: src, Size: float64(k.size)}
		f.faces[k] = fc
	}
	return fc
}

// draw draws s centred on (x, y) in colour c (premultiplied).
func (f *fonts) draw(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c color.RGBA, cs ebiten.ColorScale) {
	op := &text.DrawOptions{}
	op.Filter = ebiten.FilterLinear
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleWithColorScale(cs)
	op.LayoutOptions.PrimaryAlign = text.AlignCenter
	op.LayoutOptions.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, face, op)
}

// drawShadowed draws s centred on (x, y) in colour c over a dark shadow,
// readable on any terrain.
func (f *fonts) drawShadowed(dst *ebiten.Image, s string, face *text.GoTextFace, x, y float64, c color.RGBA, cs ebiten.ColorScale) {
	d := math.Max(1, face.Size/12)
	f.draw(dst, s, face, x+d, y+d, color.RGBA{0, 0, 0, 220}, cs)
	f.draw(dst, s, face, x, y, c, cs)
}
