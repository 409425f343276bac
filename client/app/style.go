package app

import (
	"image/color"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/menu"
)

// Heights of the game screen's bars, in pixels.
const (
	topBarHeight = 40
	sideWidth    = 330
	logHeight    = 170
	minimapW     = 220
	minimapH     = 170
)

// drawBanner draws msg in a bar across the top of the screen: the
// connection's state, over everything.
func drawBanner(screen *ebiten.Image, t *menu.Theme, msg string) {
	w := float32(screen.Bounds().Dx())
	vector.FillRect(screen, 0, 0, w, 30, color.RGBA{150, 40, 30, 230}, false)
	drawText(screen, t.NormalFace(), msg, 12, 6, color.White)
}

// drawText draws s with its top-left corner at (x, y).
func drawText(dst *ebiten.Image, face text.Face, s string, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = face.Metrics().HAscent + face.Metrics().HDescent + 2
	text.Draw(dst, s, face, op)
}

// drawBox draws lines of text in a box whose top-left corner is near (x,
// y), kept on the screen: the tooltips.
func drawBox(dst *ebiten.Image, face text.Face, lines []string, x, y float64, bg, fg color.Color) {
	if len(lines) == 0 {
		return
	}
	s := strings.Join(lines, "\n")
	lh := face.Metrics().HAscent + face.Metrics().HDescent + 2
	w, _ := text.Measure(s, face, lh)
	h := lh * float64(len(lines))
	const pad = 8
	bw, bh := w+2*pad, h+2*pad
	b := dst.Bounds()
	if x+bw > float64(b.Dx()) {
		x = float64(b.Dx()) - bw
	}
	if y+bh > float64(b.Dy()) {
		y = float64(b.Dy()) - bh
	}
	x, y = max(x, 0), max(y, 0)
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bg, false)
	vector.StrokeRect(dst, float32(x)+0.5, float32(y)+0.5, float32(bw)-1, float32(bh)-1, 1, color.RGBA{120, 110, 90, 255}, false)
	drawText(dst, face, s, x+pad, y+pad, fg)
}

// panelImage returns a flat panel background of colour c.
func panelImage(c color.Color) *eimage.NineSlice { return eimage.NewNineSliceColor(c) }

// newText returns a text widget with the theme's face and colour c.
func newText(t *menu.Theme, s string, c color.Color, opts ...widget.TextOpt) *widget.Text {
	face := t.NormalFace()
	return widget.NewText(append([]widget.TextOpt{widget.TextOpts.Text(s, &face, c)}, opts...)...)
}

// newSmallText returns a text widget with the theme's small face.
func newSmallText(t *menu.Theme, s string, c color.Color, opts ...widget.TextOpt) *widget.Text {
	face := t.SmallFace()
	return widget.NewText(append([]widget.TextOpt{widget.TextOpts.Text(s, &face, c)}, opts...)...)
}
