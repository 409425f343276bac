package app

import (
	"image"
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

// tipWidth is the widest a tooltip's text runs before it wraps.
const tipWidth = 440

// drawBox draws lines of text in a box whose top-left corner is near (x,
// y), kept inside the rectangle in: a box that would cross in's right edge
// goes to the left of x instead (tooltips never spill over the side panel
// or off the window). Lines wider than tipWidth (or than in) wrap.
func drawBox(dst *ebiten.Image, face text.Face, lines []string, x, y float64, in image.Rectangle, bg, fg color.Color) {
	const pad = 8
	maxW := min(float64(tipWidth), float64(in.Dx()-2*pad))
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, wrapText(l, face, maxW)...)
	}
	if len(wrapped) == 0 {
		return
	}
	s := strings.Join(wrapped, "\n")
	lh := face.Metrics().HAscent + face.Metrics().HDescent + 2
	w, _ := text.Measure(s, face, lh)
	h := lh * float64(len(wrapped))
	bw, bh := w+2*pad, h+2*pad
	if x+bw > float64(in.Max.X) {
		x = min(x-bw-36, float64(in.Max.X)-bw) // left of the pointer
	}
	if y+bh > float64(in.Max.Y) {
		y = float64(in.Max.Y) - bh
	}
	x, y = max(x, float64(in.Min.X)), max(y, float64(in.Min.Y))
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bg, false)
	vector.StrokeRect(dst, float32(x)+0.5, float32(y)+0.5, float32(bw)-1, float32(bh)-1, 1, color.RGBA{120, 110, 90, 255}, false)
	drawText(dst, face, s, x+pad, y+pad, fg)
}

// wrapText breaks s into lines no wider than w pixels in face, at spaces
// where it can (a word wider than w is cut). An empty s is one empty line.
func wrapText(s string, face text.Face, w float64) []string {
	if width, _ := text.Measure(s, face, 0); width <= w || w <= 0 {
		return []string{s}
	}
	var out []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if width, _ := text.Measure(try, face, 0); width <= w {
			line = try
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		line = word
		for {
			if width, _ := text.Measure(line, face, 0); width <= w {
				break
			}
			r := []rune(line)
			n := len(r) - 1
			for n > 1 {
				if width, _ := text.Measure(string(r[:n]), face, 0); width <= w {
					break
				}
				n--
			}
			out = append(out, string(r[:n]))
			line = string(r[n:])
		}
	}
	return append(out, line)
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
