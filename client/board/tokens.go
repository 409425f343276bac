package board

import (
	"empires/client/art"

	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/game"
	"empires/shared/hex"
)

// Colours of the tokens' badges and labels.
var (
	plateColor   = color.RGBA{24, 26, 32, 255} // the unit count's plate
	plateText    = color.RGBA{250, 250, 250, 255}
	stackColor   = color.RGBA{250, 250, 250, 255} // the stack count's plate
	warlordColor = color.RGBA{232, 184, 48, 255}
	casterColor  = color.RGBA{150, 90, 220, 255}
	enemyChars   = color.RGBA{90, 96, 110, 255}
	seenPlate    = color.RGBA{64, 70, 86, 255} // the turn a sighting was made
	seenText     = color.RGBA{226, 232, 242, 255}
	costPlate    = color.RGBA{12, 28, 44, 255} // the reach's costs
	costInk      = color.RGBA{255, 255, 255, 255}
)

// dimmed is the colour scale of remembered sightings' pictures and
// badges: darker and a little transparent.
func dimmed() ebiten.ColorScale {
	var cs ebiten.ColorScale
	cs.Scale(0.58, 0.58, 0.62, 1)
	cs.ScaleAlpha(rememberedAlpha)
	return cs
}

// A remembered sighting's owner colour is only a little darker
// (rememberedShade) than in sight, so that it stays clearly that
// player's colour and no other's (TestPlayerColorsDistinct); its
// pictures and badges are darker (dimmed), and all of it a little
// transparent.
const (
	rememberedShade = 0.8
	rememberedAlpha = 0.88
)

// ownerTint returns the colour to draw player p's colour in, and the
// colour scale to draw it with, for a sighting in sight or remembered.
func (b *Board) ownerTint(p game.PlayerID, remembered bool) (color.RGBA, ebiten.ColorScale) {
	col := b.palette.Color(p)
	var cs ebiten.ColorScale
	if remembered {
		col = art.ScaleRGB(col, rememberedShade)
		cs.ScaleAlpha(rememberedAlpha)
	}
	return col, cs
}

// farMarkPx is the smallest dot or square, at the far zoom, that shows
// its owner's mark.
const farMarkPx = 9

// farCityPx returns the side of a city's square at the far zoom, where
// hexes are hexPx pixels: a little wider than the hex, a capital's
// larger, and never smaller than farMarkPx: its owner's mark is drawn
// on it 0.7 of its side wide.
func farCityPx(hexPx float64, capital bool) float64 {
	s := math.Max(farMarkPx, hexPx*1.1)
	if capital {
		s *= 1.3
	}
	return s
}

// farDot returns the size of an army's dot at the far zoom, where hexes
// are hexPx pixels, and where its centre is from its hex's: never
// smaller than farMarkPx, so that it always carries its owner's mark,
// and on a city's hex (citySide, the city's square; 0 for none) moved to
// the square's lower right corner, clear of the city's mark.
func farDot(hexPx, citySide float64) (s, dx, dy float64) {
	s = math.Max(farMarkPx, hexPx*0.8)
	if citySide == 0 {
		return s, 0, 0
	}
	// The city's mark fills the square's middle 0.7 (half 0.35); the
	// dot's rim (s+3 wide) clears that box's corner by a pixel and a half
	// (its anti-aliased edge and the rounding to pixels).
	d := 0.35*citySide + 0.75*(s+3)/2 + 1.5
	return s, d, d
}

// cityOn returns the city on h, or nil.
func (b *Board) cityOn(h hex.Hex) *game.CityView {
	for i := range b.cities {
		if b.cities[i].Hex == h {
			return &b.cities[i]
		}
	}
	return nil
}

// tokenPx returns the height of an army token on screen.
func tokenPx(hexPx float64) float64 { return math.Max(16, math.Min(96, hexPx*0.8)) }

// cityPx returns the width of a city icon of the given level on screen.
func cityPx(hexPx float64, level int32) float64 {
	f := [art.CityLevels]float64{1.0, 1.05, 1.1, 1.15, 1.25}[max(1, min(level, art.CityLevels))-1]
	return math.Max(20, math.Min(160, hexPx*f))
}

// textPx returns the size of the labels on a token px pixels high.
func textPx(px float64) float64 { return math.Max(minText, math.Min(maxText, px*0.3)) }

// stackOn returns the stack on h, or nil.
func (b *Board) stackOn(h hex.Hex) *stack {
	if i, ok := b.stackIndex[h]; ok {
		return &b.stacks[i]
	}
	return nil
}

// cityMarkers returns the hex markers of city c for laying it out, with
// the number of armies of the stack on its hex.
func cityMarkers(c *game.CityView, armies int) hexMarkers {
	m := hexMarkers{City: true, Level: c.Level, Capital: c.Capital, Armies: armies}
	if c.Remembered {
		m.CitySeen = c.Seen
	}
	return m
}

// stackMarkers returns the hex markers of a stack of armies (the top one
// first) for laying it out, seen by player you, its characters badged as
// mark says (Style.Mark).
func stackMarkers(armies []*game.ArmyView, you game.PlayerID, mark func(game.Character) (int32, bool)) hexMarkers {
	top := armies[0]
	m := hexMarkers{Armies: len(armies), Naval: top.Naval, Units: top.Units.Total()}
	if top.Owner == you {
		for _, c := range top.Characters {
			if mark == nil {
				break
			}
			switch leader, caster := mark(c); {
			case leader > 0:
				m.Warlord = max(m.Warlord, leader)
			case caster:
				m.Casters++
			}
		}
		m.Stance = top.Stance.Kind == game.Intercept || top.Stance.Kind == game.Withdraw
	} else {
		m.Characters = top.NumCharacters
	}
	if top.Remembered {
		m.Seen = top.Seen
	}
	return m
}

// drawCities draws the cities on screen.
func (b *Board) drawCities(f *frame) {
	for i := range b.cities {
		c := &b.cities[i]
		wx, wy := b.layout.Center(c.Hex)
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		var cs ebiten.ColorScale
		if c.Remembered {
			cs = dimmed()
		}
		if f.detail == detailFar {
			// A square with a light rim, larger than an army's dot.
			s := f.px(farCityPx(f.hex100, c.Capital))
			col, ccs := b.ownerTint(c.Owner, c.Remembered)
			b.square(f.dst, x, y, s+f.px(4), art.OutlineColor, cs)
			b.square(f.dst, x, y, s+f.px(2), art.RimColor, cs)
			b.square(f.dst, x, y, s, col, ccs)
			if m := art.PlayerMark(c.Owner); m != art.MarkNone {
				b.put(f.dst, art.SpriteMark, uint8(m), x, y, s*0.7, 0, art.InkOn(col), ccs)
			}
			continue
		}
		armies := 0
		if st := b.stackOn(c.Hex); st != nil {
			armies = len(st.armies)
		}
		m := cityMarkers(c, armies)
		m.NoLevel = b.style.NoCityLevels
		parts := layoutCity(b.scratch.parts[:0], m, f.hex100, b.fonts)
		scaleParts(parts, f.scale)
		b.scratch.parts = parts
		for k := range parts {
			b.drawCityPart(f, &parts[k], x, y, c, cs)
		}
	}
}

// drawCityPart draws part p of city c, whose hex's centre is on (x, y),
// its pictures and badges scaled by cs.
func (b *Board) drawCityPart(f *frame, p *part, x, y float64, c *game.CityView, cs ebiten.ColorScale) {
	px, py := x+p.x, y+p.y
	col, ccs := b.ownerTint(c.Owner, c.Remembered)
	switch p.kind {
	case partCity:
		b.put(f.dst, art.SpriteShadow, 0, px, py+p.size*0.4, p.size*1.05, 0, art.White, cs)
		b.put(f.dst, art.SpriteCity, uint8(max(1, min(c.Level, art.CityLevels))), px, py, p.size, 0, art.White, cs)
	case partBanner:
		b.put(f.dst, art.SpriteBannerRim, 0, px, py, p.size, 0, art.White, cs)
		b.put(f.dst, art.SpriteBannerFill, 0, px, py, p.size, 0, col, ccs)
		if m := art.PlayerMark(c.Owner); m != art.MarkNone {
			b.put(f.dst, art.SpriteMark, uint8(m), px+p.size*0.04, py-p.size*0.19, p.size*0.36, 0, art.InkOn(col), ccs)
		}
	case partCrown:
		b.put(f.dst, art.SpriteCrown, 0, px, py, p.size, 0, art.White, cs)
	case partLevel:
		if c.Capital {
			// The level on the crown's band.
			b.put(f.dst, art.SpriteCrown, 0, px, py, p.size, 0, art.White, cs)
			b.fonts.draw(f.dst, p.text, b.fonts.face(p.size/2.4, true), px, py+p.size*0.05, art.OutlineColor, cs)
			return
		}
		b.put(f.dst, art.SpriteDisc, 0, px, py, p.size, 0, art.OutlineColor, cs)
		b.put(f.dst, art.SpriteDisc, 0, px, py, p.size-f.px(2), 0, col, ccs)
		b.fonts.draw(f.dst, p.text, b.fonts.face(p.size/1.5, true), px, py, art.InkOn(col), ccs)
	case partCitySeen:
		b.plate(f, p, x, y, seenPlate, seenText, true, ebiten.ColorScale{})
	}
}

// square draws a filled square of side s centred on (x, y).
func (b *Board) square(dst *ebiten.Image, x, y, s float64, c color.RGBA, cs ebiten.ColorScale) {
	b.gfx.sprites.Square(dst, x, y, s, c, cs)
}

// plate draws label p of a hex whose centre is on (x, y): a pill with a
// dark outline filling the part's box in colour fill, and the part's text
// on it in colour ink.
func (b *Board) plate(f *frame, p *part, x, y float64, fill, ink color.RGBA, bold bool, cs ebiten.ColorScale) {
	bx, by, w, h := x+p.box.cx(), y+p.box.cy(), p.box.w(), p.box.h()
	b.pill(f.dst, bx, by, w, h, art.OutlineColor, cs)
	b.pill(f.dst, bx, by, w-f.px(2), h-f.px(2), fill, cs)
	b.fonts.draw(f.dst, p.text, b.fonts.face(p.size, bold), bx, by, ink, cs)
}

// drawArmies draws the stacks of armies on screen, then the armies on the
// move.
func (b *Board) drawArmies(f *frame, o *Overlay) {
	for i := range b.stacks {
		st := &b.stacks[i]
		wx, wy := b.layout.Center(st.hex)
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		armies := st.armies
		if len(o.Moving) > 0 {
			armies = b.scratch.armies[:0]
			for _, a := range st.armies {
				if _, ok := o.Moving[a.ID]; !ok {
					armies = append(armies, a)
				}
			}
			b.scratch.armies = armies
			if len(armies) == 0 {
				continue
			}
		}
		x, y := f.screen(wx, wy)
		if f.detail == detailFar {
			if c := b.cityOn(st.hex); c != nil {
				_, dx, dy := farDot(f.hex100, farCityPx(f.hex100, c.Capital))
				x, y = x+f.px(dx), y+f.px(dy)
			}
		}
		b.drawStack(f, armies, x, y)
	}
	for id, p := range o.Moving {
		k, ok := slices.BinarySearchFunc(b.view.Armies, id, func(a game.ArmyView, id game.ArmyID) int {
			return int(int64(a.ID) - int64(id))
		})
		if !ok {
			continue
		}
		ax, ay := b.layout.Center(p.From)
		bx, by := b.layout.Center(p.To)
		t := math.Max(0, math.Min(1, p.T))
		wx, wy := ax+(bx-ax)*t, ay+(by-ay)*t
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		b.drawStack(f, []*game.ArmyView{&b.view.Armies[k]}, x, y)
	}
}

// drawStack draws armies (the top one first) as a pile of tokens, laid
// out as on a hex whose centre is on (x, y).
func (b *Board) drawStack(f *frame, armies []*game.ArmyView, x, y float64) {
	top := armies[0]
	var cs ebiten.ColorScale
	if top.Remembered {
		cs = dimmed()
	}
	if f.detail == detailFar {
		s, _, _ := farDot(f.hex100, 0)
		s = f.px(s)
		b.put(f.dst, art.SpriteDisc, 0, x, y, s+f.px(3), 0, art.RimColor, cs)
		b.put(f.dst, art.SpriteDisc, 0, x, y, s+f.px(1.5), 0, art.OutlineColor, cs)
		col, ccs := b.ownerTint(top.Owner, top.Remembered)
		b.put(f.dst, art.SpriteDisc, 0, x, y, s, 0, col, ccs)
		b.put(f.dst, art.SpriteMark, uint8(art.PlayerMark(top.Owner)), x, y, s*0.62, 0, art.InkOn(col), ccs)
		return
	}
	sx, sy := stackAt(f.hex100)
	parts := layoutStack(b.scratch.parts[:0], stackMarkers(armies, b.view.You, b.style.Mark), sx, sy, f.hex100, b.fonts)
	scaleParts(parts, f.scale)
	b.scratch.parts = parts
	for k := range parts {
		p := &parts[k]
		px, py := x+p.x, y+p.y
		switch p.kind {
		case partBeneath:
			b.drawToken(f, armies[p.index], px, py, p.size, cs)
		case partToken:
			b.drawToken(f, top, px, py, p.size, cs)
		case partMark:
			col, ccs := b.ownerTint(top.Owner, top.Remembered)
			b.put(f.dst, art.SpriteMark, uint8(art.PlayerMark(top.Owner)), px, py, p.size, 0, art.InkOn(col), ccs)
		case partUnits:
			b.plate(f, p, x, y, plateColor, plateText, true, cs)
		case partStack:
			b.plate(f, p, x, y, stackColor, art.OutlineColor, true, cs)
		case partWarlord:
			b.plate(f, p, x, y, warlordColor, art.InkOn(warlordColor), true, cs)
		case partCasters:
			b.plate(f, p, x, y, casterColor, art.InkOn(casterColor), true, cs)
		case partCharacters:
			bx, by, w, h := x+p.box.cx(), y+p.box.cy(), p.box.w(), p.box.h()
			b.pill(f.dst, bx, by, w, h, art.OutlineColor, cs)
			b.pill(f.dst, bx, by, w-f.px(2), h-f.px(2), enemyChars, cs)
			icon := h - f.px(2)
			b.put(f.dst, art.SpritePerson, 0, x+p.box.x0+f.px(1)+icon*0.55, by, icon*0.8, 0, art.White, cs)
			b.fonts.draw(f.dst, p.text, b.fonts.face(p.size, true), bx+icon*0.4, by, art.White, cs)
		case partStance:
			b.drawStance(f, top, px, py, p.box.w(), cs)
		case partSeen:
			b.plate(f, p, x, y, seenPlate, seenText, true, ebiten.ColorScale{})
		}
	}
}

// drawToken draws army a's token px pixels high centred on (x, y): a
// shield, or a ship for a fleet, in its owner's colour, without the
// owner's mark.
func (b *Board) drawToken(f *frame, a *game.ArmyView, x, y, px float64, cs ebiten.ColorScale) {
	col, ccs := b.ownerTint(a.Owner, a.Remembered)
	b.put(f.dst, art.SpriteShadow, 0, x, y+px*0.46, px*0.92, 0, art.White, cs)
	if a.Naval {
		b.put(f.dst, art.SpriteBoat, 0, x, y, px, 0, art.White, cs)
		b.put(f.dst, art.SpriteSailFill, 0, x, y, px, 0, col, ccs)
		return
	}
	b.put(f.dst, art.SpriteShieldRim, 0, x, y, px, 0, art.White, cs)
	b.put(f.dst, art.SpriteShieldFill, 0, x, y, px, 0, col, ccs)
}

// drawCosts writes the reach overlay's costs over everything else on the
// map, when the hexes are large enough (costHexPx).
func (b *Board) drawCosts(f *frame, o *Overlay) {
	if len(o.Reach) == 0 || f.hex100 < costHexPx {
		return
	}
	for h, cost := range o.Reach {
		wx, wy := b.layout.Center(h)
		if !f.near(wx, wy, HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		ps := [1]part{costPart(cost, f.hex100, b.fonts)}
		scaleParts(ps[:], f.scale)
		p := &ps[0]
		bx, by, w, h := x+p.box.cx(), y+p.box.cy(), p.box.w(), p.box.h()
		b.pill(f.dst, bx, by, w, h, reachColor, ebiten.ColorScale{})
		b.pill(f.dst, bx, by, w-f.px(2), h-f.px(2), costPlate, ebiten.ColorScale{})
		b.fonts.draw(f.dst, p.text, b.fonts.face(p.size, true), bx, by, costInk, ebiten.ColorScale{})
	}
}

// drawStance draws the badge of an own army's standing order, if it has
// one other than Defend, s pixels wide on (x, y).
func (b *Board) drawStance(f *frame, a *game.ArmyView, x, y, s float64, cs ebiten.ColorScale) {
	switch a.Stance.Kind {
	case game.Intercept:
		b.put(f.dst, art.SpriteIntercept, 0, x, y, s, 0, art.White, cs)
	case game.Withdraw:
		angle := 0.0
		if a.Stance.Dir.Valid() {
			ax, ay := b.layout.Center(a.Hex)
			nx, ny := b.layout.Center(a.Hex.Neighbor(a.Stance.Dir))
			angle = math.Atan2(ny-ay, nx-ax)
		}
		b.put(f.dst, art.SpriteWithdraw, 0, x, y, s, angle, art.White, cs)
	}
}

// drawBattles marks the battles with crossed swords.
func (b *Board) drawBattles(f *frame, o *Overlay) {
	px := f.px(math.Max(18, math.Min(96, f.hex100*1.4)))
	for _, h := range o.Battles {
		wx, wy := b.layout.Center(h)
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		b.put(f.dst, art.SpriteSwords, 0, x, y, px, 0, art.White, ebiten.ColorScale{})
	}
}

// hexCorners returns the corners of h on screen, clockwise from the top.
func (b *Board) hexCorners(f *frame, h hex.Hex) [6][2]float32 {
	var out [6][2]float32
	for i, c := range b.layout.Corners(h) {
		x, y := f.screen(c[0], c[1])
		out[i] = [2]float32{float32(x), float32(y)}
	}
	return out
}

// DrawPlayerBadge draws player p's colour and mark as the map shows them:
// a rimmed disc size pixels wide centred on (x, y) of dst, for panels and
// lists of players. Nobody (0) gets a plain grey disc.
func (b *Board) DrawPlayerBadge(dst *ebiten.Image, p game.PlayerID, x, y, size float64) {
	col := b.palette.Color(p)
	var cs ebiten.ColorScale
	b.put(dst, art.SpriteDisc, 0, x, y, size, 0, art.OutlineColor, cs)
	b.put(dst, art.SpriteDisc, 0, x, y, size*0.9, 0, art.RimColor, cs)
	b.put(dst, art.SpriteDisc, 0, x, y, size*0.8, 0, col, cs)
	if m := art.PlayerMark(p); m != art.MarkNone {
		b.put(dst, art.SpriteMark, uint8(m), x, y, size*0.5, 0, art.InkOn(col), cs)
	}
}
