package kit

import (
	"image"
	"image/color"
	"math"
	"strings"

	eimage "github.com/ebitenui/ebitenui/image"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/menu"
)

// DrawText draws s with its top-left corner at (x, y), its lines 2
// pixels apart: DrawTextScaled at 100 %.
func DrawText(dst *ebiten.Image, face text.Face, s string, x, y float64, c color.Color) {
	DrawTextScaled(dst, 1, face, s, x, y, c)
}

// DrawTextScaled draws s with its top-left corner at (x, y) at interface
// size scale (Theme.Scale): its lines are 2 pixels at 100 % apart, at
// scale's size. face is made at the size the text is drawn.
func DrawTextScaled(dst *ebiten.Image, scale float64, face text.Face, s string, x, y float64, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.LineSpacing = lineHeight(face, scale)
	text.Draw(dst, s, face, op)
}

// lineHeight is the height of a line of text in face, with 2 pixels at
// 100 % between lines, at interface size scale.
func lineHeight(face text.Face, scale float64) float64 {
	return face.Metrics().HAscent + face.Metrics().HDescent + 2*max(scale, 1)
}

// TipWidth is the widest a tooltip's text runs before it wraps, in
// pixels at 100 %.
const TipWidth = 440

// DrawBox draws lines of text in a box whose top-left corner is near (x,
// y), kept inside the rectangle in: a box that would cross in's right edge
// goes to the left of x instead (tooltips never spill over the side panel
// or off the window). Lines wider than TipWidth (or than in) wrap. It
// returns the box it drew (empty for no lines), so that another can be
// put beside it. It is DrawBoxScaled at 100 %.
func DrawBox(dst *ebiten.Image, face text.Face, lines []string, x, y float64, in image.Rectangle, bg, fg color.Color) image.Rectangle {
	return DrawBoxScaled(dst, 1, face, lines, x, y, in, bg, fg)
}

// DrawBoxScaled is DrawBox at interface size scale (Theme.Scale): the
// box's padding, rim and line gap, the room it leaves left of the pointer
// and TipWidth are its sizes at 100 % times scale. face, x, y and in are
// in window pixels, face made at the size the text is drawn.
func DrawBoxScaled(dst *ebiten.Image, scale float64, face text.Face, lines []string, x, y float64, in image.Rectangle, bg, fg color.Color) image.Rectangle {
	scale = max(scale, 1)
	pad := math.Round(8 * scale)
	maxW := min(TipWidth*scale, float64(in.Dx())-2*pad)
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, Wrap(l, face, maxW)...)
	}
	if len(wrapped) == 0 {
		return image.Rectangle{}
	}
	s := strings.Join(wrapped, "\n")
	lh := lineHeight(face, scale)
	w, _ := text.Measure(s, face, lh)
	h := lh * float64(len(wrapped))
	bw, bh := w+2*pad, h+2*pad
	if x+bw > float64(in.Max.X) {
		x = min(x-bw-36*scale, float64(in.Max.X)-bw) // left of the pointer
	}
	if y+bh > float64(in.Max.Y) {
		y = float64(in.Max.Y) - bh
	}
	x, y = max(x, float64(in.Min.X)), max(y, float64(in.Min.Y))
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bg, false)
	rim := float32(math.Round(scale)) // whole pixels: a sharp line
	vector.StrokeRect(dst, float32(x)+rim/2, float32(y)+rim/2, float32(bw)-rim, float32(bh)-rim, rim, color.RGBA{120, 110, 90, 255}, false)
	DrawTextScaled(dst, scale, face, s, x+pad, y+pad, fg)
	return image.Rect(int(x), int(y), int(math.Ceil(x+bw)), int(math.Ceil(y+bh)))
}

// Wrap breaks s into lines no wider than w pixels in face, at spaces
// where it can (a word wider than w is cut; a letter wider than w stays
// whole and runs over). An empty s is one empty line.
func Wrap(s string, face text.Face, w float64) []string {
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
			if len(r) <= 1 {
				break // one letter wider than w: it runs over, it cannot be cut
			}
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

// Fit shortens s with an ellipsis until it is at most w pixels wide in
// face.
func Fit(s string, face text.Face, w float64) string {
	if width, _ := text.Measure(s, face, 0); width <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if width, _ := text.Measure(string(r)+"…", face, 0); width <= w {
			return strings.TrimRight(string(r), " ") + "…"
		}
	}
	return s
}

// CapitalFirst upper-cases the first letter of s.
func CapitalFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// LowerFirst returns s with its first letter in lower case: "Day 9"
// inside a sentence, "day 9".
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Panel returns a flat panel background of colour c.
func Panel(c color.Color) *eimage.NineSlice { return eimage.NewNineSliceColor(c) }

// Text returns a text widget with the theme's face and colour c.
func Text(t *menu.Theme, s string, c color.Color, opts ...widget.TextOpt) *widget.Text {
	face := t.NormalFace()
	return widget.NewText(append([]widget.TextOpt{widget.TextOpts.Text(s, &face, c)}, opts...)...)
}

// SmallText returns a text widget with the theme's small face.
func SmallText(t *menu.Theme, s string, c color.Color, opts ...widget.TextOpt) *widget.Text {
	face := t.SmallFace()
	return widget.NewText(append([]widget.TextOpt{widget.TextOpts.Text(s, &face, c)}, opts...)...)
}
