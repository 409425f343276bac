package generals

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/shared/rules/generals/cards"
)

// The table's colours.
var (
	feltColor   = color.RGBA{28, 52, 40, 255}
	feltEdge    = color.RGBA{70, 56, 36, 255}
	zoneColor   = color.RGBA{20, 40, 30, 255}
	zoneEdge    = color.RGBA{58, 84, 66, 255}
	placeColor  = color.RGBA{24, 44, 34, 255}
	textColor   = color.RGBA{236, 230, 214, 255}
	mutedColor  = color.RGBA{170, 176, 160, 255}
	dimColor    = color.RGBA{140, 146, 132, 255}
	goldColor   = color.RGBA{232, 190, 80, 255}
	litColor    = color.RGBA{120, 220, 120, 255}
	targetColor = color.RGBA{250, 120, 70, 255}
	faceColor   = color.RGBA{246, 240, 224, 255}
	inkColor    = color.RGBA{34, 30, 26, 255}
	inkMuted    = color.RGBA{80, 72, 62, 255}
	backColor   = color.RGBA{92, 40, 36, 255}
	buttonColor = color.RGBA{64, 78, 66, 255}
	buttonOff   = color.RGBA{44, 50, 46, 255}
	boxColor    = color.RGBA{30, 28, 26, 255}
	loseColor   = color.RGBA{250, 125, 110, 255}
	winColor    = color.RGBA{90, 170, 90, 255}
	errorColor  = color.RGBA{230, 120, 100, 255}
	// changedColor is a unit's Strength and Life changed in play.
	changedColor = color.RGBA{30, 120, 40, 255}
	// rowColor is a question's row (a target, a blocker).
	rowColor = color.RGBA{46, 58, 48, 255}
)

// kindColor is the band of a card of kind k.
func kindColor(k cards.Kind) color.RGBA {
	switch k {
	case cards.General:
		return color.RGBA{196, 150, 50, 255}
	case cards.Soldier:
		return color.RGBA{170, 60, 52, 255}
	case cards.Kingdom:
		return color.RGBA{116, 70, 150, 255}
	case cards.Strategy:
		return color.RGBA{60, 96, 170, 255}
	case cards.Tactics:
		return color.RGBA{206, 110, 40, 255}
	case cards.Resource:
		return color.RGBA{70, 140, 70, 255}
	case cards.Trader:
		return color.RGBA{40, 140, 140, 255}
	case cards.ActOfGod:
		return color.RGBA{110, 110, 120, 255}
	}
	return color.RGBA{90, 90, 90, 255}
}

// painter draws the table's things in window pixels at the interface
// size s (the layout's: Screen.layOut sets it): it holds the fonts at
// every size asked for.
type painter struct {
	faces *kit.Faces
	s     float64
}

// newPainter returns a painter at 100 %.
func newPainter() (*painter, error) {
	f, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("the table's fonts: %w", err)
	}
	return &painter{faces: f, s: 1}, nil
}

// px returns n pixels at 100 % in window pixels, rounded.
func (p *painter) px(n int) int { return int(math.Round(float64(n) * max(p.s, 1))) }

// pxf returns v pixels at 100 % in window pixels.
func (p *painter) pxf(v float64) float64 { return v * max(p.s, 1) }

// w returns a line's width of v pixels at 100 % in window pixels.
func (p *painter) w(v float32) float32 { return v * float32(max(p.s, 1)) }

// face returns the font at size pixels.
func (p *painter) face(size float64, bold bool) *text.GoTextFace { return p.faces.Face(size, bold) }

// lineH is the height of a line of face f.
func lineH(f text.Face) float64 {
	m := f.Metrics()
	return m.HAscent + m.HDescent
}

// drawText draws s with its top at y, aligned on x.
func drawText(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color, align text.Align) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = align
	text.Draw(dst, s, f, op)
}

// fillRect fills r with c.
func fillRect(dst *ebiten.Image, r image.Rectangle, c color.Color) {
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy()), c, false)
}

// strokeRect draws r's edge w pixels wide in c.
func strokeRect(dst *ebiten.Image, r image.Rectangle, w float32, c color.Color) {
	vector.StrokeRect(dst, float32(r.Min.X)+w/2, float32(r.Min.Y)+w/2, float32(r.Dx())-w, float32(r.Dy())-w, w, c, false)
}

// look is how a card is drawn: lit (playable), picked, ticked, a target,
// dimmed (may not be played now).
type look struct {
	lit, picked, ticked, target, dim bool
}

// edge draws the frame of a card drawn with lk.
func (p *painter) edge(dst *ebiten.Image, r image.Rectangle, lk look) {
	switch {
	case lk.picked:
		strokeRect(dst, r.Inset(-p.px(3)), p.w(3), goldColor)
	case lk.target:
		strokeRect(dst, r.Inset(-p.px(3)), p.w(3), targetColor)
	case lk.ticked:
		strokeRect(dst, r.Inset(-p.px(3)), p.w(3), loseColor)
	case lk.lit:
		strokeRect(dst, r.Inset(-p.px(2)), p.w(2), litColor)
	}
}

// drawCard draws card c's face in r: the larger r, the more of it. A
// card of the hand (about 96 by 134 at 100 %) shows its name, kind,
// cost, Strength and Life and rarity; an enlarged one (200 wide or more
// at 100 %) its rules and its flavour text too.
func (p *painter) drawCard(dst *ebiten.Image, r image.Rectangle, c *cards.Card, m *Model, lk look) {
	fillRect(dst, r, faceColor)
	if c == nil {
		strokeRect(dst, r, p.w(1), inkMuted)
		return
	}
	big := r.Dx() >= p.px(200)
	size := p.pxf(11)
	if big {
		size = float64(r.Dx()) / 17
	} else if r.Dx() >= p.px(120) {
		size = p.pxf(13)
	}
	pad := float64(max(p.px(3), r.Dx()/24))
	bold, reg := p.face(size, true), p.face(size*0.9, false)
	one := p.pxf(1)
	lh := lineH(bold) + one
	x, y := float64(r.Min.X)+pad, float64(r.Min.Y)+pad
	w := float64(r.Dx()) - 2*pad
	band := image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+int(pad/2)+p.px(2))
	fillRect(dst, band, kindColor(c.ID.Kind))
	y += 2 * one
	nameLines := kit.Wrap(c.Name, bold, w)
	if len(nameLines) > 2 {
		nameLines = []string{nameLines[0], kit.Fit(nameLines[1]+" "+nameLines[2], bold, w)}
	}
	for _, s := range nameLines {
		drawText(dst, s, bold, x, y, inkColor, text.AlignStart)
		y += lh
	}
	head, rls, flavour := m.CardLines(c)
	if !big {
		head = head[:1] // the kind; the empire and the cost are shown below
		if !c.Cost.Free() {
			head = append(head, costText(m.coll, c.Cost))
		}
	}
	for _, s := range head {
		for _, l := range kit.Wrap(s, reg, w) {
			drawText(dst, l, reg, x, y, inkMuted, text.AlignStart)
			y += lineH(reg) + one
		}
	}
	bottom := float64(r.Max.Y) - pad - lh
	if big {
		y += lh / 3
		for _, s := range rls {
			for _, l := range kit.Wrap(s, reg, w) {
				if y+lineH(reg) > bottom {
					break
				}
				drawText(dst, l, reg, x, y, inkColor, text.AlignStart)
				y += lineH(reg) + one
			}
		}
		if flavour != "" {
			y += lh / 3
			it := p.face(size*0.8, false)
			for _, l := range kit.Wrap(flavour, it, w) {
				if y+lineH(it) > bottom {
					break
				}
				drawText(dst, l, it, x, y, inkMuted, text.AlignStart)
				y += lineH(it) + one
			}
		}
	} else if len(rls) > 0 && y+lineH(reg) <= bottom {
		drawText(dst, kit.Fit(rls[0], reg, w), reg, x, y, inkColor, text.AlignStart)
	}
	if c.ID.Kind.Unit() {
		drawText(dst, fmt.Sprintf("%d/%d", c.Strength, c.Life), bold, x, bottom, inkColor, text.AlignStart)
	}
	drawText(dst, RarityMark(c.Rarity), bold, float64(r.Max.X)-pad, bottom, rarityColor(c.Rarity), text.AlignEnd)
	strokeRect(dst, r, p.w(1), inkMuted)
	if lk.dim {
		fillRect(dst, r, color.RGBA{0, 0, 0, 90})
	}
	p.edge(dst, r, lk)
}

// rarityColor is the colour of rarity r's mark.
func rarityColor(r cards.Rarity) color.RGBA {
	switch r {
	case cards.Uncommon:
		return color.RGBA{90, 110, 130, 255}
	case cards.Rare:
		return color.RGBA{140, 100, 10, 255}
	case cards.UltraRare:
		return color.RGBA{170, 50, 140, 255}
	}
	return inkColor
}

// back draws a card's back in r.
func (p *painter) back(dst *ebiten.Image, r image.Rectangle) {
	fillRect(dst, r, backColor)
	strokeRect(dst, r.Inset(p.px(2)), p.w(1), goldColor)
	strokeRect(dst, r, p.w(1), inkColor)
}

// button draws a button in r labelled s in a face of size pixels: lit
// when on, hovered under the pointer.
func (p *painter) button(dst *ebiten.Image, r image.Rectangle, s string, size float64, on, hover bool) {
	bg, fg := buttonColor, textColor
	if !on {
		bg, fg = buttonOff, dimColor
	}
	if hover && on {
		bg = color.RGBA{bg.R + 24, bg.G + 24, bg.B + 24, 255}
	}
	fillRect(dst, r, bg)
	col := zoneEdge
	if on {
		col = goldColor
	}
	strokeRect(dst, r, p.w(1), col)
	f := p.face(size, true)
	drawText(dst, kit.Fit(s, f, float64(r.Dx()-p.px(6))), f, float64(r.Min.X+r.Dx()/2), float64(r.Min.Y)+(float64(r.Dy())-lineH(f))/2, fg, text.AlignCenter)
}

// track draws Cultural Health h on a track from lose to win in r, the
// start marked.
func (p *painter) track(dst *ebiten.Image, r image.Rectangle, lose, win, start, h int) {
	if win <= lose || r.Dx() < p.px(10) {
		return
	}
	fillRect(dst, r, color.RGBA{0, 0, 0, 110})
	n := win - lose
	x := func(v int) float32 { return float32(r.Min.X) + float32(r.Dx())*float32(v-lose)/float32(n) }
	vector.FillRect(dst, float32(r.Min.X), float32(r.Min.Y), x(lose+1)-float32(r.Min.X), float32(r.Dy()), loseColor, false)
	vector.FillRect(dst, x(win-1), float32(r.Min.Y), float32(r.Max.X)-x(win-1), float32(r.Dy()), winColor, false)
	for v := lose + 1; v < win; v++ {
		vector.StrokeLine(dst, x(v), float32(r.Min.Y), x(v), float32(r.Max.Y), p.w(1), color.RGBA{80, 80, 70, 255}, false)
	}
	sx := x(start)
	vector.StrokeLine(dst, sx, float32(r.Min.Y)-p.w(2), sx, float32(r.Max.Y)+p.w(2), p.w(1), mutedColor, false)
	hx := x(max(lose, min(h, win)))
	vector.FillCircle(dst, hx, float32(r.Min.Y+r.Dy()/2), float32(r.Dy())/2+p.w(2), goldColor, true)
}

// trackEnds draws the numbers of a Health track's ends, Lose at its left
// and Win at its right, outside r, in face f.
func (p *painter) trackEnds(dst *ebiten.Image, r image.Rectangle, lose, win int, f text.Face) {
	if win <= lose || r.Dx() < p.px(40) {
		return
	}
	y := float64(r.Min.Y+r.Dy()/2) - lineH(f)/2
	drawText(dst, fmt.Sprint(lose), f, float64(r.Min.X-p.px(3)), y, loseColor, text.AlignEnd)
	drawText(dst, fmt.Sprintf("+%d", win), f, float64(r.Max.X+p.px(3)), y, winColor, text.AlignStart)
}
