package empire

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"empires/client/art"
	"empires/shared/game"
	rules "empires/shared/rules/empire"
)

// The things on the map's squares, drawn with the kit's sprites as the
// hex board draws its cities and armies: a settlement as a town's or a
// city's picture with its owner's banner; an army as a shield in its
// owner's colour with its owner's mark, and beside it a plate with the
// picture of its main kind (MainKind) and its unit count; a garrison as a
// flat plate on its settlement, its owner's colour and mark, the picture
// and the count side by side. Others' forces sighted carry no kinds: the
// shield or the garrison's plate with the count alone, shaded with the
// turn they were seen when outdated.

// The sizes of the tokens below are in pixels at 100 %; at another
// interface size they are multiplied by it (painter.px), as the cell's
// side on screen is.

// farCell is the cell's side on screen, in pixels, below which the map
// shows its things as plain squares (cities), discs (towns, armies) in
// their owners' colours, as the hex board does at its far zoom.
const farCell = 26

// farMarkPx is the smallest square or disc that shows its owner's mark.
const farMarkPx = 9

// minPicPx is the smallest picture of a unit drawn: below it a plate
// shows the count alone.
const minPicPx = 11

// farRim is how much wider than a far square or disc its rim is: a light
// ring of half of it inside a dark one (drawFar).
const farRim = 4

// The settlements' pictures: the kit's city levels. CHOICE: a town is the
// kit's village (two houses, level 2), a city its walled town with towers
// and a gate (level 4): told apart at a glance by their walls.
const (
	townLevel = 2
	cityLevel = 4
)

// Colours of the tokens.
var (
	countPlate = color.RGBA{24, 26, 32, 255} // behind a unit count
	countInk   = color.RGBA{250, 250, 250, 255}
	seenPlate  = color.RGBA{64, 70, 86, 255} // the turn an outdated sighting was made
	seenInk    = color.RGBA{226, 232, 242, 255}
)

// outdatedScale is the colour scale of outdated sightings: darker and a
// little transparent, as the hex board draws remembered armies.
func outdatedScale() ebiten.ColorScale {
	var cs ebiten.ColorScale
	cs.Scale(0.58, 0.58, 0.62, 1)
	cs.ScaleAlpha(0.88)
	return cs
}

// spot is where a token stands on screen: its centre and its size (a
// picture's width, a shield's height, a plate's height); on reports that
// it is drawn. An army's spot is its row's: the shield, and beside it its
// count's plate.
type spot struct {
	x, y, size float64
	on         bool
}

// spots are where the things of a square stand.
type spots struct {
	far        bool // plain squares and discs (farCell)
	settlement spot // the town's or city's picture
	banner     spot
	army       spot // the player's armies' row
	sighting   spot // the row of others' armies sighted
	garrison   spot // the middle of the garrison's plate (the player's or sighted)
}

// picPx returns the size of a unit's picture on a cell c pixels wide at
// interface size scale: a size sprites are painted at, so it is drawn
// unscaled.
func picPx(c, scale float64) int { return art.SpriteSizeAtMost(math.Min(45*scale, c*0.28)) }

// outlinePx is the width of a plate's outline at interface size scale:
// whole pixels, so that the picture inside stays on whole pixels.
func outlinePx(scale float64) int { return max(1, int(math.Round(scale))) }

// platePx returns the height of a count's plate on a cell c pixels wide
// at interface size scale: the picture and its outline.
func platePx(c, scale float64) float64 {
	return math.Max(12*scale, float64(picPx(c, scale)+2*outlinePx(scale)))
}

// layoutThing returns where the things of t stand on a square c pixels
// wide whose centre is on (x, y), at 100 % (layoutThingAt).
func layoutThing(t *Thing, x, y, c float64) spots { return layoutThingAt(t, x, y, c, 1) }

// layoutThingAt returns where the things of t stand on a square c pixels
// wide whose centre is on (x, y), at interface size scale: a
// settlement's picture in the middle, the armies in a row above it, its
// garrison in a row below; on a square without one, an army in the
// middle, or the player's above and others' below.
func layoutThingAt(t *Thing, x, y, c, scale float64) spots {
	var sp spots
	sightArmy := len(t.Sightings) > 0 && !t.Sightings[0].Garrison
	sightGarrison := len(t.Sightings) > 0 && t.Sightings[0].Garrison
	if c < farCell*scale {
		sp.far = true
		// Every square and disc is large enough for its owner's mark
		// (farMarkPx), however far the zoom.
		set, dot := math.Max(farMarkPx*scale, c*0.66), math.Max(farMarkPx*scale, c*0.46)
		if t.Settlement != nil {
			sp.settlement = spot{x, y, set, true}
		}
		// A garrison is told by its settlement's square or disc. Armies
		// beside a settlement stand at its upper corners, clear of its
		// mark (farBeside); two rows of armies side by side.
		ax, sx, ay := x, x, y-c*0.18
		switch {
		case t.Settlement != nil:
			d := farBeside(set, dot, scale)
			ax, sx, ay = x-d, x+d, y-d
		case t.Armies > 0 && sightArmy:
			d := math.Max(c*0.22, dot/2+2*scale)
			ax, sx = x-d, x+d
		}
		if t.Armies > 0 {
			sp.army = spot{ax, ay, dot, true}
		}
		if sightArmy || sightGarrison && t.Settlement == nil {
			sp.sighting = spot{sx, ay, dot, true}
		}
		return sp
	}
	top, bottom := y-c*0.29, y+c*0.2 // the rows of a square of two
	if t.Settlement != nil {
		sp.settlement = spot{x, y - c*0.02, c * 0.86, true}
		sp.banner = spot{x + c*0.3, y - c*0.29, c * 0.4, true}
		if t.Armies > 0 || sightArmy {
			// The row above takes the banner's corner: it flies at the
			// settlement's side.
			sp.banner = spot{x + c*0.33, y + c*0.02, c * 0.34, true}
		}
		if t.Armies > 0 {
			sp.army = spot{x, top, c * 0.4, true}
		}
		if sightArmy {
			sp.sighting = spot{x, top, c * 0.4, true}
			if t.Armies > 0 {
				sp.sighting.y = y + c*0.02
			}
		}
	} else {
		switch {
		case t.Armies > 0 && sightArmy:
			sp.army = spot{x, top, c * 0.4, true}
			sp.sighting = spot{x, bottom, c * 0.4, true}
		case t.Armies > 0:
			sp.army = spot{x, y - c*0.02, c * 0.52, true}
		case sightArmy:
			sp.sighting = spot{x, y - c*0.02, c * 0.52, true}
		}
	}
	if t.Garrison > 0 || sightGarrison {
		ph := platePx(c, scale)
		sp.garrison = spot{x, y + c*0.5 - ph/2 - c*0.03, ph, true}
	}
	return sp
}

// plate is the layout of a count's plate, in dst's pixels: its outline,
// the owner's colour and mark before the rest (a garrison's), the unit's
// picture, the count.
type plate struct {
	outer, lead, pic, count image.Rectangle
	text                    string
	textPx                  float64
}

// layoutPlate lays out a plate for cells c pixels wide whose left edge is
// x0 and whose middle is y, with the count n, a picture when pic is set
// and there is room for one (minPicPx), the owner's colour and mark first
// when lead is set, at the painter's interface size. Its parts lie on
// whole pixels, the picture's box a size sprites are painted at, so the
// picture is drawn unscaled.
func (p *painter) layoutPlate(x0, y, c float64, n int, pic, lead bool) plate {
	var pl plate
	ps := picPx(c, p.scale)
	ol := outlinePx(p.scale)
	in := int(platePx(c, p.scale)) - 2*ol // the height inside the outline
	if float64(ps) < p.px(minPicPx) {
		pic = false
	}
	pl.text = strconv.Itoa(n)
	pl.textPx = math.Round(float64(in) * 0.8)
	tw, _ := text.Measure(pl.text, p.face(pl.textPx), 0)
	lw := 0
	if lead {
		lw = in
	}
	pw := 0
	if pic {
		pw = ps + ol
	}
	cw := int(math.Ceil(tw)) + int(math.Round(float64(in)*0.45))
	w := lw + pw + cw
	left := int(math.Round(x0)) + ol
	top := int(math.Round(y - float64(in)/2))
	pl.outer = image.Rect(left-ol, top-ol, left+w+ol, top+in+ol)
	pl.lead = image.Rect(left, top, left+lw, top+in)
	if pic {
		py := top + (in-ps)/2
		pl.pic = image.Rect(left+lw, py, left+lw+ps, py+ps)
	}
	pl.count = image.Rect(left+lw+pw, top, left+w, top+in)
	return pl
}

// centredPlate lays out a plate as layoutPlate does, centred on x.
func (p *painter) centredPlate(x, y, c float64, n int, pic, lead bool) plate {
	w := p.layoutPlate(0, y, c, n, pic, lead).outer.Dx()
	return p.layoutPlate(x-float64(w)/2, y, c, n, pic, lead)
}

// shieldW is a shield's width, in its heights.
const shieldW = 0.8

// rowPlate lays out the count's plate of an army's row at a: the shield
// at its left, the plate beside it, the whole centred on a.x.
func (p *painter) rowPlate(a spot, c float64, n int, pic bool) (shieldX float64, pl plate) {
	w := float64(p.layoutPlate(0, 0, c, n, pic, false).outer.Dx())
	sw := a.size * shieldW
	left := a.x - (sw+w-a.size*0.1)/2
	return left + sw/2, p.layoutPlate(left+sw-a.size*0.1, a.y+a.size*0.08, c, n, pic, false)
}

// drawPlate draws plate pl of owner's (the lead's colour and mark) with
// the picture of icon, its colours scaled by cs.
func (p *painter) drawPlate(dst *ebiten.Image, pl *plate, owner rules.Seat, icon art.Icon, cs ebiten.ColorScale) {
	rect := func(r image.Rectangle, c color.RGBA) {
		p.sprites.Rect(dst, float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), c, cs)
	}
	rect(pl.outer, art.OutlineColor)
	if !pl.lead.Empty() {
		col := p.color(owner)
		rect(pl.lead, col)
		if m := art.PlayerMark(game.PlayerID(owner)); m != art.MarkNone {
			p.sprites.Put(dst, art.SpriteMark, uint8(m), float64(pl.lead.Min.X+pl.lead.Max.X)/2, float64(pl.lead.Min.Y+pl.lead.Max.Y)/2,
				float64(pl.lead.Dx())*0.72, 0, art.InkOn(col), cs)
		}
	}
	if !pl.pic.Empty() {
		// The picture's plate covers its column, the box and an
		// outline's width either side.
		ol := outlinePx(p.scale)
		rect(image.Rect(pl.pic.Min.X-ol, pl.outer.Min.Y+ol, pl.pic.Max.X+ol, pl.outer.Max.Y-ol), art.PlateColor)
		ps := float64(pl.pic.Dx())
		p.sprites.Put(dst, art.SpriteUnit, uint8(icon), float64(pl.pic.Min.X)+ps/2, float64(pl.pic.Min.Y)+ps/2, ps, 0, art.White, cs)
	}
	rect(pl.count, countPlate)
	face := p.face(pl.textPx)
	tw, th := text.Measure(pl.text, face, 0)
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(pl.count.Min.X+pl.count.Max.X)/2-tw/2, float64(pl.count.Min.Y+pl.count.Max.Y)/2-th/2)
	op.ColorScale.ScaleWithColor(countInk)
	op.ColorScale.ScaleWithColorScale(cs)
	text.Draw(dst, pl.text, face, op)
}

// drawShield draws a shield h pixels high centred on (x, y) in owner's
// colour with owner's mark; behind it a second one when more is set (a
// square of several armies).
func (p *painter) drawShield(dst *ebiten.Image, x, y, h float64, owner rules.Seat, more bool, cs ebiten.ColorScale) {
	col := p.color(owner)
	if more {
		bx, by := x+h*0.16, y-h*0.12
		p.sprites.Put(dst, art.SpriteShieldRim, 0, bx, by, h, 0, art.White, cs)
		p.sprites.Put(dst, art.SpriteShieldFill, 0, bx, by, h, 0, art.ScaleRGB(col, 0.72), cs)
	}
	p.sprites.Put(dst, art.SpriteShadow, 0, x, y+h*0.46, h*0.92, 0, art.White, cs)
	p.sprites.Put(dst, art.SpriteShieldRim, 0, x, y, h, 0, art.White, cs)
	p.sprites.Put(dst, art.SpriteShieldFill, 0, x, y, h, 0, col, cs)
	// The mark whenever the shield is farMarkPx or larger: never the
	// colour alone.
	if m := art.PlayerMark(game.PlayerID(owner)); m != art.MarkNone && h >= p.px(farMarkPx) {
		p.sprites.Put(dst, art.SpriteMark, uint8(m), x, y-h*0.07, h*0.42, 0, art.InkOn(col), cs)
	}
}

// farBeside returns how far, across and up, the centre of an army's
// disc of size dot stands from a settlement's square of side set at the
// far zoom, at interface size scale: its rim (farRim wider) clear of the
// settlement's mark (the square's middle 0.66, see drawFar) by a pixel
// and a half.
func farBeside(set, dot, scale float64) float64 {
	return 0.33*set + 0.75*(dot+farRim*scale)/2 + 1.5*scale
}

// drawFar draws a token at the far zoom: a square or a disc of size px
// centred on (x, y) in owner's colour with a light rim, the owner's mark
// on it when it is farMarkPx or larger.
func (p *painter) drawFar(dst *ebiten.Image, x, y, px float64, owner rules.Seat, square bool, cs ebiten.ColorScale) {
	col := p.color(owner)
	rim := p.px(farRim)
	if square {
		p.sprites.Square(dst, x, y, px+rim, art.OutlineColor, cs)
		p.sprites.Square(dst, x, y, px+rim/2, art.RimColor, cs)
		p.sprites.Square(dst, x, y, px, col, cs)
	} else {
		p.sprites.Put(dst, art.SpriteDisc, 0, x, y, px+rim, 0, art.OutlineColor, cs)
		p.sprites.Put(dst, art.SpriteDisc, 0, x, y, px+rim/2, 0, art.RimColor, cs)
		p.sprites.Put(dst, art.SpriteDisc, 0, x, y, px, 0, col, cs)
	}
	if m := art.PlayerMark(game.PlayerID(owner)); m != art.MarkNone && px >= p.px(farMarkPx) {
		p.sprites.Put(dst, art.SpriteMark, uint8(m), x, y, px*0.66, 0, art.InkOn(col), cs)
	}
}

// drawSettlement draws settlement st at sp: its picture and its owner's
// banner (grey and bare for nobody's), dimmed when not in sight.
func (p *painter) drawSettlement(dst *ebiten.Image, st *rules.SettlementView, sp *spots, inSight bool) {
	var cs ebiten.ColorScale
	if !inSight {
		cs.Scale(0.72, 0.72, 0.75, 1)
	}
	s := sp.settlement
	if sp.far {
		p.drawFar(dst, s.x, s.y, s.size, st.Owner, st.City, cs)
		return
	}
	level := uint8(townLevel)
	if st.City {
		level = cityLevel
	}
	p.sprites.Put(dst, art.SpriteShadow, 0, s.x, s.y+s.size*0.4, s.size*1.05, 0, art.White, cs)
	p.sprites.Put(dst, art.SpriteCity, level, s.x, s.y, s.size, 0, art.White, cs)
	if b := sp.banner; b.on {
		col := p.color(st.Owner)
		p.sprites.Put(dst, art.SpriteBannerRim, 0, b.x, b.y, b.size, 0, art.White, cs)
		p.sprites.Put(dst, art.SpriteBannerFill, 0, b.x, b.y, b.size, 0, col, cs)
		if m := art.PlayerMark(game.PlayerID(st.Owner)); m != art.MarkNone {
			p.sprites.Put(dst, art.SpriteMark, uint8(m), b.x+b.size*0.04, b.y-b.size*0.19, b.size*0.36, 0, art.InkOn(col), cs)
		}
	}
}

// drawThing draws what is on a square: its settlement, the player's
// garrison and armies with the picture of their main kind and their
// units, the others' forces sighted (those of an earlier turn shaded,
// with the turn they were seen).
func (s *Screen) drawThing(f *frame, t *Thing, c float64) {
	x, y := f.pt(s.lay.Center(t.Pos))
	r := f.dst.Bounds()
	if x < float64(r.Min.X)-c || x > float64(r.Max.X)+c || y < float64(r.Min.Y)-c || y > float64(r.Max.Y)+c {
		return
	}
	p := s.paint
	sp := layoutThingAt(t, x, y, c, p.scale)
	if st := t.Settlement; st != nil {
		p.drawSettlement(f.dst, st, &sp, s.m.v.InSight(t.Pos))
	}
	var none ebiten.ColorScale
	if sp.far {
		if a := sp.army; a.on {
			p.drawFar(f.dst, a.x, a.y, a.size, t.Owner, false, none)
		}
		if a := sp.sighting; a.on {
			cs := none
			if t.Outdated {
				cs = outdatedScale()
			}
			p.drawFar(f.dst, a.x, a.y, a.size, t.Sightings[0].Owner, false, cs)
		}
		return
	}
	if g := sp.garrison; g.on && t.Garrison > 0 {
		pl := p.centredPlate(g.x, g.y, c, t.Garrison, true, true)
		p.drawPlate(f.dst, &pl, t.Owner, p.icon(t.GarrisonKind), none)
	}
	if a := sp.army; a.on {
		sx, pl := p.rowPlate(a, c, t.ArmyUnits, true)
		p.drawShield(f.dst, sx, a.y, a.size, t.Owner, t.Armies > 1, none)
		p.drawPlate(f.dst, &pl, t.Owner, p.icon(t.ArmyKind), none)
	}
	if len(t.Sightings) == 0 {
		return
	}
	units := 0
	for _, sg := range t.Sightings {
		units += sg.Units
	}
	owner := t.Sightings[0].Owner
	cs := none
	if t.Outdated {
		cs = outdatedScale()
	}
	var pl plate
	if a := sp.sighting; a.on {
		var sx float64
		sx, pl = p.rowPlate(a, c, units, false)
		p.drawShield(f.dst, sx, a.y, a.size, owner, len(t.Sightings) > 1, cs)
	} else {
		g := sp.garrison
		pl = p.centredPlate(g.x, g.y, c, units, false, true)
	}
	p.drawPlate(f.dst, &pl, owner, art.IconNone, cs)
	if t.Outdated && c >= p.px(40) {
		// The turn it was seen, on a plate under the count's.
		face := p.face(math.Round(math.Min(p.px(13), math.Max(p.px(10), c*0.19))))
		label(f.dst, face, fmt.Sprintf("T%d", t.Seen), float64(pl.outer.Min.X+pl.outer.Max.X)/2,
			float64(pl.outer.Max.Y)+c*0.1, p.px(labelPad), seenPlate, seenInk)
	}
}

// drawMover draws an army of the turn's animation on its way, centred on
// (x, y) on cells c pixels wide: the token it has on its square.
func (s *Screen) drawMover(f *frame, mv *Move, x, y, c float64) {
	p := s.paint
	var none ebiten.ColorScale
	if c < p.px(farCell) {
		p.drawFar(f.dst, x, y-c*0.18, math.Max(p.px(farMarkPx), c*0.46), mv.Owner, false, none)
		return
	}
	a := spot{x, y - c*0.02, c * 0.52, true}
	sx, pl := p.rowPlate(a, c, mv.Units, mv.Kinded)
	p.drawShield(f.dst, sx, a.y, a.size, mv.Owner, false, none)
	p.drawPlate(f.dst, &pl, mv.Owner, p.icon(mv.Kind), none)
}

// pictures returns, for the probe, where the picture of each force of the
// player's is drawn on the screen now and which: by force, the icon's
// name and its box in window pixels. A force whose picture is not drawn
// (cells too small, off the map) is not in it.
func (s *Screen) pictures() map[rules.ForceID]forcePic {
	out := map[rules.ForceID]forcePic{}
	if s.paint == nil {
		return out
	}
	s.sync()
	p := s.paint
	c := 2 * s.lay.Inner() * s.cam.Zoom * s.camScale
	if c < p.px(farCell) {
		return out
	}
	for _, t := range s.m.Things() {
		if t.Armies == 0 && t.Garrison == 0 {
			continue
		}
		x, y := s.ScreenOf(t.Pos)
		sp := layoutThingAt(&t, x, y, c, p.scale)
		var army, garrison forcePic
		if a := sp.army; a.on {
			_, pl := p.rowPlate(a, c, t.ArmyUnits, true)
			army = forcePic{p.icon(t.ArmyKind), pl.pic}
		}
		if g := sp.garrison; g.on && t.Garrison > 0 {
			pl := p.centredPlate(g.x, g.y, c, t.Garrison, true, true)
			garrison = forcePic{p.icon(t.GarrisonKind), pl.pic}
		}
		for _, fo := range s.m.ForcesAt(t.Pos) {
			fp := army
			if fo.Garrison {
				fp = garrison
			}
			if !fp.box.Empty() && fp.box.In(s.mapRect) {
				out[fo.ID] = fp
			}
		}
	}
	return out
}

// forcePic is a force's picture on the screen: which, and its box.
type forcePic struct {
	icon art.Icon
	box  image.Rectangle
}
