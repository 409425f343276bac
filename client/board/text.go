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
	maxText = 22
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
