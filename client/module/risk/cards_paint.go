package risk

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/shared/rules/risk/cards"
)

// The cards' pictures: a Goods card shows its value big and its starting
// pile; a Disaster its rank and suit big, in the suit's ink, and the
// Disaster's name; a Disaster face down is a card's back with what it is
// written on it (only its holder's view holds it); an Empire card its rank
// and suit and what it costs.

// The colours of the cards.
var (
	cardsFace     = color.RGBA{247, 242, 230, 255}
	cardsEdge     = color.RGBA{70, 60, 48, 255}
	cardsInk      = color.RGBA{28, 26, 24, 255}
	cardsMuted    = color.RGBA{110, 100, 88, 255}
	cardsRed      = color.RGBA{176, 28, 24, 255}
	cardsBack     = color.RGBA{120, 36, 40, 255}
	cardsBackInk  = color.RGBA{172, 84, 80, 255}
	cardsBackText = color.RGBA{255, 236, 220, 255}
	// cardsBackPlate is the plate under a face-down card's words.
	cardsBackPlate = color.RGBA{90, 24, 28, 230}
	cardsEmpire    = color.RGBA{236, 228, 200, 255}
)

// suitInk is the ink of a suit: red for Diamonds and Hearts, black for
// the others (the symbols' shapes tell all four apart).
func suitInk(s cards.Suit) color.RGBA {
	if s == cards.Diamonds || s == cards.Hearts {
		return cardsRed
	}
	return cardsInk
}

// cardImageKey names a picture drawn once.
type cardImageKey struct {
	goods  cards.GoodsCard
	empire cards.EmpireCard
	cost   int
	down   bool
	size   image.Point // in window pixels
	ui     float64     // the interface size it is drawn at
	// framed is a card to tick (tickImage): a margin round it, filled
	// in the accent colour if ticked.
	framed, ticked bool
}

// face returns the face of size px, bold or regular.
func (k *Cards) face(px float64, bold bool) text.Face {
	if k.faces == nil {
		return k.theme.SmallFace()
	}
	return k.faces.Face(px, bold)
}

// centred draws s centred on x with its top at y.
func centred(dst *ebiten.Image, face text.Face, s string, x, y float64, c color.Color) {
	w, _ := text.Measure(s, face, 0)
	op := &text.DrawOptions{}
	op.GeoM.Translate(math.Round(x-w/2), math.Round(y))
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, face, op)
}

// cardShape fills and strokes a card's rounded shape on img, its edge
// as wide as the interface size ui makes 1.2 pixels.
func cardShape(img *ebiten.Image, sz image.Point, fillC, edge color.Color, ui float64) {
	r := float32(sz.X) * 0.1
	w, h := float32(sz.X)-1, float32(sz.Y)-1
	var p vector.Path
	p.MoveTo(r+0.5, 0.5)
	p.LineTo(w-r, 0.5)
	p.ArcTo(w, 0.5, w, r, r)
	p.LineTo(w, h-r)
	p.ArcTo(w, h, w-r, h, r)
	p.LineTo(r+0.5, h)
	p.ArcTo(0.5, h, 0.5, h-r, r)
	p.LineTo(0.5, r)
	p.ArcTo(0.5, 0.5, r, 0.5, r)
	p.Close()
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(fillC)
	vector.FillPath(img, &p, &vector.FillOptions{}, op)
	op = &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(edge)
	vector.StrokePath(img, &p, &vector.StrokeOptions{Width: float32(1.2 * ui)}, op)
}

// picture returns the picture of key, drawing it with paint once (at
// the theme's interface size, which the key takes).
func (k *Cards) picture(key cardImageKey, paint func(img *ebiten.Image)) *ebiten.Image {
	key.ui = k.theme.Scale()
	if img, ok := k.images[key]; ok {
		return img
	}
	if len(k.images) > 400 { // a game's cards at a few sizes stay far below
		for key, img := range k.images {
			img.Deallocate()
			delete(k.images, key)
		}
	}
	img := ebiten.NewImage(key.size.X, key.size.Y)
	paint(img)
	k.images[key] = img
	return img
}

// goodsImage returns the picture of Goods card c, face down if down, of
// size sz (window pixels).
func (k *Cards) goodsImage(c cards.GoodsCard, down bool, sz image.Point) *ebiten.Image {
	c.Traded = false // not shown
	return k.picture(cardImageKey{goods: c, down: down, size: sz}, func(img *ebiten.Image) {
		w, h, ui := float64(sz.X), float64(sz.Y), k.theme.Scale()
		big := k.face(h*0.42, true)
		small := k.face(math.Max(10*ui, h*0.17), false)
		if down {
			cardShape(img, sz, cardsBack, cardsEdge, ui)
			for i := 0.0; i < w+h; i += 7 * ui { // the back's stripes
				vector.StrokeLine(img, float32(i), float32(3*ui), float32(i-h), float32(h-3*ui), float32(ui), cardsBackInk, true)
			}
			cardShape(img, image.Pt(sz.X, sz.Y), color.Transparent, cardsEdge, ui)
			vector.FillRect(img, float32(3*ui), float32(h*0.06), float32(w-6*ui), float32(h*0.88), cardsBackPlate, false)
			centred(img, small, "down", w/2, h*0.06, cardsBackText)
			centred(img, k.face(h*0.3, true), cardRankShort(c.Rank)+suitSymbol(c.Suit), w/2, h*0.26, cardsBackText)
			centred(img, small, disasterWord(c.Disaster()), w/2, h*0.72, cardsBackText)
			return
		}
		cardShape(img, sz, cardsFace, cardsEdge, ui)
		if c.Value != 0 {
			centred(img, big, strconv.Itoa(c.Value), w/2, h*0.12, cardsInk)
			centred(img, small, "pile "+strconv.Itoa(c.Pile), w/2, h*0.7, cardsMuted)
			return
		}
		ink := suitInk(c.Suit)
		vector.FillRect(img, float32(2*ui), float32(2*ui), float32(w-4*ui), float32(h*0.16), color.RGBA{ink.R, ink.G, ink.B, 40}, false)
		centred(img, small, "Disaster", w/2, h*0.02, ink)
		centred(img, k.face(h*0.32, true), cardRankShort(c.Rank)+suitSymbol(c.Suit), w/2, h*0.22, ink)
		centred(img, small, disasterWord(c.Disaster()), w/2, h*0.56, ink)
		centred(img, small, "pile "+strconv.Itoa(c.Pile), w/2, h*0.76, cardsMuted)
	})
}

// empireImage returns the picture of Empire card c, costing cost (0: not
// shown), of size sz (window pixels).
func (k *Cards) empireImage(c cards.EmpireCard, cost int, sz image.Point) *ebiten.Image {
	return k.picture(cardImageKey{empire: c, cost: cost, size: sz}, func(img *ebiten.Image) {
		w, h, ui := float64(sz.X), float64(sz.Y), k.theme.Scale()
		ink := suitInk(c.Suit)
		cardShape(img, sz, cardsEmpire, cardsEdge, ui)
		centred(img, k.face(h*0.34, true), cardRankShort(c.Rank)+suitSymbol(c.Suit), w/2, h*0.1, ink)
		if cost > 0 {
			centred(img, k.face(math.Max(10*ui, h*0.17), false), "cost "+strconv.Itoa(cost), w/2, h*0.66, cardsMuted)
		}
	})
}

// tickMargin is the margin round a card to tick, where its frame shows,
// in pixels of 100 %.
const tickMargin = 5

// tickImage returns the picture of Goods card c of size sz (window
// pixels) to tick: the card with a margin round it, framed in accent and
// marked with a tick at its top right when ticked.
func (k *Cards) tickImage(c cards.GoodsCard, ticked bool, sz image.Point, accent color.Color) *ebiten.Image {
	c.Traded = false
	margin := k.px(tickMargin)
	key := cardImageKey{goods: c, size: sz.Add(image.Pt(2*margin, 2*margin)), framed: true, ticked: ticked}
	return k.picture(key, func(img *ebiten.Image) {
		ui := float32(k.theme.Scale())
		face := k.goodsImage(c, false, sz)
		if ticked {
			cardShape(img, key.size, accent, accent, float64(ui))
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(margin), float64(margin))
		img.DrawImage(face, op)
		if ticked {
			x, y := float32(key.size.X)-9*ui, 9*ui
			vector.FillCircle(img, x, y, 8*ui, accent, true)
			vector.StrokeLine(img, x-4*ui, y, x-ui, y+3*ui, 2*ui, cardsInk, true)
			vector.StrokeLine(img, x-ui, y+3*ui, x+4*ui, y-3*ui, 2*ui, cardsInk, true)
		}
	})
}
