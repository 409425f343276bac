package board

import (
	"empires/client/art"

	"image"
	"image/color"
	"math"
	"reflect"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/shared/game"
	"empires/shared/hex"
)

// Colours of the overlays.
var (
	hoverColor    = color.RGBA{255, 255, 255, 255}
	selectColor   = color.RGBA{255, 214, 64, 255}
	reachColor    = color.RGBA{150, 225, 255, 255}
	pathColor     = color.RGBA{255, 244, 200, 255}
	badPathColor  = color.RGBA{232, 56, 48, 255}
	markColor     = color.RGBA{80, 236, 255, 255}
	outlineShadow = color.RGBA{0, 0, 0, 255}
)

// strokePath strokes p on dst with width w in colour c at opacity a.
func strokePath(dst *ebiten.Image, p *vector.Path, w float64, c color.RGBA, a float64) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(float32(a))
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
}

// fillPath fills p on dst in colour c at opacity a.
func fillPath(dst *ebiten.Image, p *vector.Path, c color.RGBA, a float64) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(float32(a))
	vector.FillPath(dst, p, nil, op)
}

// reachLayer is the reach overlay drawn once into an image and reused
// while nothing it depends on changes: its anti-aliased border strokes are
// the costliest thing the board draws without a GPU.
type reachLayer struct {
	img  *ebiten.Image   // at least the size of box
	box  image.Rectangle // where on dst the layer goes
	key  reachKey
	used bool
}

// reachKey is what the reach layer depends on.
type reachKey struct {
	reach       uintptr // the Reach map's identity: callers keep one map per army and view
	n           int
	selected    hex.Hex
	hasSelected bool
	x, y, zoom  float64
	bounds      image.Rectangle
}

// drawReach draws the reach overlay, from the cached layer when the reach,
// the selection and the camera are those it was drawn for. The layer covers
// only the reached hexes' bounding box: blending a layer the size of the
// screen costs as much as drawing the overlay.
func (b *Board) drawReach(f *frame, o *Overlay) {
	if len(o.Reach) == 0 {
		return
	}
	r := f.dst.Bounds()
	key := reachKey{reach: reflect.ValueOf(o.Reach).Pointer(), n: len(o.Reach), selected: o.Selected, hasSelected: o.HasSelected,
		x: f.cam.X, y: f.cam.Y, zoom: f.cam.Zoom, bounds: r}
	l := &b.reach
	if !l.used || l.key != key {
		box := b.reachBox(f, o).Intersect(r)
		if box.Empty() {
			return
		}
		if l.img == nil || l.img.Bounds().Dx() < box.Dx() || l.img.Bounds().Dy() < box.Dy() {
			if l.img != nil {
				l.img.Deallocate()
			}
			l.img = ebiten.NewImage(max(box.Dx(), 64), max(box.Dy(), 64))
		}
		l.img.Clear()
		lf := *f
		lf.dst, lf.ox, lf.oy = l.img, f.ox-float64(box.Min.X), f.oy-float64(box.Min.Y)
		b.paintReach(&lf, o)
		l.key, l.box, l.used = key, box, true
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(l.box.Min.X), float64(l.box.Min.Y))
	f.dst.DrawImage(l.img.SubImage(image.Rect(0, 0, l.box.Dx(), l.box.Dy())).(*ebiten.Image), op)
}

// reachBox returns the screen rectangle the reach overlay draws in.
func (b *Board) reachBox(f *frame, o *Overlay) image.Rectangle {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for h := range o.Reach {
		x, y := f.screen(b.layout.Center(h))
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	m := f.hexPx*1.1 + f.px(4) // a hex and its border
	return image.Rect(int(math.Floor(x0-m)), int(math.Floor(y0-m)), int(math.Ceil(x1+m)), int(math.Ceil(y1+m)))
}

// paintReach lights the hexes the selected army can reach and borders
// them (drawCosts writes their costs, over the tokens).
func (b *Board) paintReach(f *frame, o *Overlay) {
	inside := func(h hex.Hex) bool {
		_, ok := o.Reach[h]
		return ok || (o.HasSelected && h == o.Selected)
	}
	var cs ebiten.ColorScale
	cs.ScaleAlpha(0.2)
	var border vector.Path
	for h := range o.Reach {
		wx, wy := b.layout.Center(h)
		if !f.near(wx, wy, HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		b.put(f.dst, art.SpriteHex, 0, x, y, 2*f.hexPx, 0, reachColor, cs)
		corners := b.hexCorners(f, h)
		for d := range hex.Direction(hex.NumDirections) {
			if inside(h.Neighbor(d)) {
				continue
			}
			a, c := corners[(7-int(d))%6], corners[(8-int(d))%6]
			border.MoveTo(a[0], a[1])
			border.LineTo(c[0], c[1])
		}
	}
	w := f.px(math.Max(1.5, math.Min(3, f.hex100*0.08)))
	strokePath(f.dst, &border, w+f.px(2), outlineShadow, 0.35)
	strokePath(f.dst, &border, w, reachColor, 0.9)
}

// drawOutlines outlines the hovered and the selected hex.
func (b *Board) drawOutlines(f *frame, o *Overlay) {
	hexPath := func(h hex.Hex) *vector.Path {
		var p vector.Path
		for i, c := range b.hexCorners(f, h) {
			if i == 0 {
				p.MoveTo(c[0], c[1])
			} else {
				p.LineTo(c[0], c[1])
			}
		}
		p.Close()
		return &p
	}
	if o.HasHover && b.rect.Contains(o.Hover) && !(o.HasSelected && o.Hover == o.Selected) {
		p := hexPath(o.Hover)
		w := f.px(math.Max(1.5, math.Min(2.5, f.hex100*0.06)))
		strokePath(f.dst, p, w+f.px(2), outlineShadow, 0.4)
		strokePath(f.dst, p, w, hoverColor, 0.9)
	}
	if o.HasSelected && b.rect.Contains(o.Selected) {
		p := hexPath(o.Selected)
		w := f.px(math.Max(2.5, math.Min(5, f.hex100*0.12)))
		strokePath(f.dst, p, w+f.px(3), outlineShadow, 0.55)
		strokePath(f.dst, p, w, selectColor, 1)
	}
	if o.HasMarked && b.rect.Contains(o.Marked) {
		p := hexPath(o.Marked)
		w := f.px(math.Max(2.5, math.Min(5, f.hex100*0.12)))
		strokePath(f.dst, p, w+f.px(3), outlineShadow, 0.55)
		strokePath(f.dst, p, w, markColor, 1)
		fillPath(f.dst, p, markColor, 0.18)
	}
}

// drawPath draws the selected army's planned path: solid, and from its
// first guessed hex on (PathGuessed) dashed and paler.
func (b *Board) drawPath(f *frame, o *Overlay) {
	if len(o.Path) == 0 {
		return
	}
	from := o.Path[0]
	steps := o.Path[1:]
	guess := firstGuess(o.PathGuessed) // the index in steps of the first guess
	if o.HasSelected {
		from, steps = o.Selected, o.Path
	} else if guess > 0 {
		guess-- // (a guessed Path[0] makes every step a guess)
	}
	if len(steps) == 0 {
		return
	}
	c := pathColor
	if !o.PathOK {
		c = badPathColor
	}
	w := f.px(math.Max(2.5, math.Min(7, f.hex100*0.13)))
	pts, head := b.arrowPoints(f, from, steps, w*3.2)
	sure, guessed := splitAt(pts, guess)
	line := polyline(sure)
	strokePath(f.dst, line, w+f.px(3), outlineShadow, 0.5)
	strokePath(f.dst, line, w, c, 1)
	headAlpha := 1.0
	if guessed != nil {
		dash := dashed(guessed, w*2.4, w*1.8)
		strokePath(f.dst, dash, w+f.px(3), outlineShadow, 0.3)
		strokePath(f.dst, dash, w, c, guessedAlpha)
		headAlpha = guessedAlpha
	}
	fillPath(f.dst, head, outlineShadow, 0.5*headAlpha)
	fillPath(f.dst, head, c, headAlpha)
	// A dot on each hex passed through.
	for i, h := range steps[:len(steps)-1] {
		x, y := f.screen(b.layout.Center(h))
		var cs ebiten.ColorScale
		if guess >= 0 && i >= guess {
			cs.ScaleAlpha(guessedAlpha)
		}
		b.put(f.dst, art.SpriteDisc, 0, x, y, w*2.4+f.px(3), 0, outlineShadow, cs)
		b.put(f.dst, art.SpriteDisc, 0, x, y, w*2.4, 0, c, cs)
	}
}

// guessedAlpha is the opacity of the guessed part of a path or arrow.
const guessedAlpha = 0.6

// drawOrders draws the planned moves as thin arrows, one stroke per
// owner, their guessed parts dashed and paler.
func (b *Board) drawOrders(f *frame, o *Overlay) {
	if len(o.Orders) == 0 {
		return
	}
	w := f.px(math.Max(1.5, math.Min(3.5, f.hex100*0.07)))
	// For each owner: sure lines, sure heads, guessed dashes, guessed heads.
	byOwner := map[game.PlayerID]*[4]vector.Path{}
	var owners []game.PlayerID
	for _, a := range o.Orders {
		if len(a.Path) == 0 {
			continue
		}
		owner := a.Owner
		if owner == 0 {
			owner = b.view.You
		}
		p, ok := byOwner[owner]
		if !ok {
			p = &[4]vector.Path{}
			byOwner[owner] = p
			owners = append(owners, owner)
		}
		pts, head := b.arrowPoints(f, a.From, a.Path, w*3.5)
		sure, guessed := splitAt(pts, firstGuess(a.Guessed))
		p[0].AddPath(polyline(sure), nil)
		if guessed == nil {
			p[1].AddPath(head, nil)
			continue
		}
		p[2].AddPath(dashed(guessed, w*2.6, w*2), nil)
		p[3].AddPath(head, nil)
	}
	for _, owner := range owners {
		p := byOwner[owner]
		c := b.palette.Color(owner)
		strokePath(f.dst, &p[0], w+f.px(2), outlineShadow, 0.45)
		fillPath(f.dst, &p[1], outlineShadow, 0.45)
		strokePath(f.dst, &p[0], w, c, 0.95)
		fillPath(f.dst, &p[1], c, 0.95)
		strokePath(f.dst, &p[2], w+f.px(2), outlineShadow, 0.25)
		fillPath(f.dst, &p[3], outlineShadow, 0.25)
		strokePath(f.dst, &p[2], w, c, 0.95*guessedAlpha)
		fillPath(f.dst, &p[3], c, 0.95*guessedAlpha)
	}
}

// arrowPoints returns the screen points of the line from the centre of
// from through the centres of steps, the last point where the arrowhead
// (of length l) begins, short of the last step's centre, and the
// arrowhead. Point i+1 is the centre of steps[i], but for the last.
func (b *Board) arrowPoints(f *frame, from hex.Hex, steps []hex.Hex, l float64) (pts [][2]float64, head *vector.Path) {
	head = &vector.Path{}
	x, y := f.screen(b.layout.Center(from))
	pts = append(pts, [2]float64{x, y})
	px, py := x, y
	for i, h := range steps {
		x, y = f.screen(b.layout.Center(h))
		if i < len(steps)-1 {
			pts = append(pts, [2]float64{x, y})
			px, py = x, y
		}
	}
	dx, dy := x-px, y-py
	d := math.Hypot(dx, dy)
	if d == 0 {
		return pts, head
	}
	dx, dy = dx/d, dy/d
	l = math.Min(l, d*0.6)
	bx, by := x-dx*l, y-dy*l
	pts = append(pts, [2]float64{bx + dx*l*0.2, by + dy*l*0.2})
	wing := l * 0.55
	head.MoveTo(float32(x), float32(y))
	head.LineTo(float32(bx-dy*wing), float32(by+dx*wing))
	head.LineTo(float32(bx+dy*wing), float32(by-dx*wing))
	head.Close()
	return pts, head
}

// splitAt splits the points of an arrow at the hex before step i (point
// i): the sure part up to it and the guessed part from it on, nil when i
// is negative (no guess).
func splitAt(pts [][2]float64, i int) (sure, guessed [][2]float64) {
	if i < 0 || i >= len(pts)-1 {
		return pts, nil
	}
	return pts[:i+1], pts[i:]
}

// polyline returns the line through pts.
func polyline(pts [][2]float64) *vector.Path {
	p := &vector.Path{}
	for i, q := range pts {
		if i == 0 {
			p.MoveTo(float32(q[0]), float32(q[1]))
		} else {
			p.LineTo(float32(q[0]), float32(q[1]))
		}
	}
	return p
}

// dashed returns the line through pts as dashes of length on with gaps
// of length off, starting with a dash.
func dashed(pts [][2]float64, on, off float64) *vector.Path {
	p := &vector.Path{}
	if on <= 0 || off <= 0 {
		return polyline(pts)
	}
	drawing, left := true, on // in a dash or a gap, and how much of it is left
	for i := 1; i < len(pts); i++ {
		x0, y0 := pts[i-1][0], pts[i-1][1]
		dx, dy := pts[i][0]-x0, pts[i][1]-y0
		d := math.Hypot(dx, dy)
		if d == 0 {
			continue
		}
		ux, uy := dx/d, dy/d
		for at := 0.0; at < d; {
			n := math.Min(left, d-at)
			if drawing {
				p.MoveTo(float32(x0+ux*at), float32(y0+uy*at))
				p.LineTo(float32(x0+ux*(at+n)), float32(y0+uy*(at+n)))
			}
			at += n
			left -= n
			if left <= 0 {
				drawing = !drawing
				left = off
				if drawing {
					left = on
				}
			}
		}
	}
	return p
}
