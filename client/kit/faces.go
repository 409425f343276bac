package kit

import (
	"bytes"
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Faces are the Go fonts, regular and bold, at the sizes a screen draws
// its map or table with: each size's face is made once, on first use.
// Faces belong to one screen (its UI goroutine).
type Faces struct {
	regular, bold *text.GoTextFaceSource
	made          map[faceKey]*text.GoTextFace
}

type faceKey struct {
	size int
	bold bool
}

// NewFaces loads the Go fonts.
func NewFaces() (*Faces, error) {
	reg, err := text.NewGoTextFaceSource(bytes.NewReader(goregular.TTF))
	if err != nil {
		return nil, fmt.Errorf("load Go Regular: %w", err)
	}
	bold, err := text.NewGoTextFaceSource(bytes.NewReader(gobold.TTF))
	if err != nil {
		return nil, fmt.Errorf("load Go Bold: %w", err)
	}
	return &Faces{regular: reg, bold: bold, made: map[faceKey]*text.GoTextFace{}}, nil
}

// Face returns the face of size pixels, rounded to a whole pixel (text
// on whole sizes stays sharp), bold or regular.
func (f *Faces) Face(size float64, bold bool) *text.GoTextFace {
	k := faceKey{int(math.Round(size)), bold}
	fc, ok := f.made[k]
	if !ok {
		src := f.regular
		if bold {
			src = f.bold
		}
		fc = &text.GoTextFace{Source: src, Size: float64(k.size)}
		f.made[k] = fc
	}
	return fc
}
