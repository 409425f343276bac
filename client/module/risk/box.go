package risk

import (
	"image"
	"image/color"
	"math"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/menu"
)

// drawBox draws lines of text in face in a box whose top-left corner is
// near (x, y), kept inside in, as kit.DrawBox does, at interface size ui:
// its padding, its widest line (kit.TipWidth), its border and its step
// aside from the pointer are ui times kit's. It returns the box drawn.
func drawBox(dst *ebiten.Image, face text.Face, lines []string, x, y float64, in image.Rectangle, ui float64, bg, fg color.Color) image.Rectangle {
	pad := 8 * ui
	maxW := min(kit.TipWidth*ui, float64(in.Dx())-2*pad)
	var wrapped []string
	for _, l := range lines {
		wrapped = append(wrapped, kit.Wrap(l, face, maxW)...)
	}
	if len(wrapped) == 0 {
		return image.Rectangle{}
	}
	lh := face.Metrics().HAscent + face.Metrics().HDescent + 2*ui
	w := 0.0
	for _, l := range wrapped {
		lw, _ := text.Measure(l, face, 0)
		w = max(w, lw)
	}
	h := lh * float64(len(wrapped))
	bw, bh := w+2*pad, h+2*pad
	if x+bw > float64(in.Max.X) {
		x = min(x-bw-36*ui, float64(in.Max.X)-bw) // left of the pointer
	}
	if y+bh > float64(in.Max.Y) {
		y = float64(in.Max.Y) - bh
	}
	x, y = max(x, float64(in.Min.X)), max(y, float64(in.Min.Y))
	vector.FillRect(dst, float32(x), float32(y), float32(bw), float32(bh), bg, false)
	vector.StrokeRect(dst, float32(x+ui/2), float32(y+ui/2), float32(bw-ui), float32(bh-ui), float32(ui), color.RGBA{120, 110, 90, 255}, false)
	for i, l := range wrapped {
		kit.DrawText(dst, face, l, x+pad, y+pad+float64(i)*lh, fg)
	}
	return image.Rect(int(x), int(y), int(math.Ceil(x+bw)), int(math.Ceil(y+bh)))
}

// panelButton returns a button of the side panel's look, as
// kit.PanelButton's narrow one, with its room beside the label (pad) and
// above and below it (3) given in pixels of 100 % and drawn at the
// theme's size: a button at 200 % is twice the one at 100 %.
func panelButton(t *menu.Theme, label string, pad int, onClick func()) *widget.Button {
	face := t.SmallFace()
	return widget.NewButton(
		widget.ButtonOpts.Image(t.ButtonImage()),
		widget.ButtonOpts.TextColor(t.ButtonTextColor()),
		widget.ButtonOpts.TextLabel(label),
		widget.ButtonOpts.TextFace(&face),
		widget.ButtonOpts.TextPadding(&widget.Insets{Left: t.Px(pad), Right: t.Px(pad), Top: t.Px(3), Bottom: t.Px(3)}),
		widget.ButtonOpts.DisableDefaultKeys(),
		widget.ButtonOpts.ClickedHandler(func(*widget.ButtonClickedEventArgs) { onClick() }),
	)
}
