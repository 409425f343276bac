package app

import (
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/menu"
)

// Sizes of the game screen's frame at an interface size of 100 %, in
// pixels: the theme's Px gives each at the size applied (gameScreen.px).
const (
	topBarHeight = 40
	sideWidth    = 330
	logHeight    = 170
	minimapW     = 220
	minimapH     = 170
)

// bannerHeight is the height of the connection's banner at 100 %.
const bannerHeight = 30

// drawBanner draws msg in a bar across the screen, top pixels from its
// top: the connection's state, over everything.
func drawBanner(screen *ebiten.Image, t *menu.Theme, msg string, top int) {
	w := float32(screen.Bounds().Dx())
	vector.FillRect(screen, 0, float32(top), w, float32(t.Px(bannerHeight)), color.RGBA{150, 40, 30, 230}, false)
	kit.DrawText(screen, t.NormalFace(), msg, t.Pxf(12), float64(top)+t.Pxf(6), color.White)
}

// Sizes of a box of text over the game at 100 %, in pixels (drawBox).
const (
	boxPad   = 8   // between the box's edge and its text
	boxWidth = 440 // the widest its text runs before it wraps (kit.TipWidth)
	boxGap   = 36  // a box that goes left of the point it is drawn at keeps this clear of it
)

// drawBox draws lines of text in face in a box whose top-left corner is
// near (x, y), kept inside in, as kit.DrawBox does, with its padding, rim,
// line spacing and widest line at the theme's interface size: the
// tooltips and notices of the game screen. It returns the box it drew
// (empty for no lines).
func drawBox(dst *ebiten.Image, t *menu.Theme, face text.Face, lines []string, x, y float64, in image.Rectangle, bg, fg color.Color) image.Rectangle {
	pad := t.Pxf(boxPad)
	maxW := min(t.Pxf(boxWidth), float64(in.Dx())-2*pad)
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, kit.Wrap(l, face, maxW)...)
	}
	if len(wrapped) == 0 {
		return image.Rectangle{}
	}
	s := strings.Join(wrapped, "\n")
	lh := face.Metrics().HAscent + face.Metrics().HDescent + t.Pxf(2)
	w, _ := text.Measure(s, face, lh)
	bw, bh := w+2*pad, lh*float64(len(wrapped))+2*pad
	if x+bw > float64(in.Max.X) {
		x = min(x-bw-t.Pxf(boxGap), float64(in.Max.X)-bw) // left of the pointer
	}
	if y+bh > float64(in.Max.Y) {
		y = float64(in.Max.Y) - bh
	}
	x, y = max(x, float64(in.Min.X)), max(y, float64(in.Min.Y))
	rim := float32(t.Px(1))
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bg, false)
	vector.StrokeRect(dst, float32(x)+rim/2, float32(y)+rim/2, float32(bw)-rim, float32(bh)-rim, rim, color.RGBA{120, 110, 90, 255}, false)
	op := &text.DrawOptions{}
	op.GeoM.Translate(x+pad, y+pad)
	op.ColorScale.ScaleWithColor(fg)
	op.LineSpacing = lh
	text.Draw(dst, s, face, op)
	return image.Rect(int(x), int(y), int(math.Ceil(x+bw)), int(math.Ceil(y+bh)))
}
