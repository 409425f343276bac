package board

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// Colours of the tokens' badges.
var (
	plateColor   = color.RGBA{24, 26, 32, 255}
	warlordColor = color.RGBA{232, 184, 48, 255}
	casterColor  = color.RGBA{150, 90, 220, 255}
	enemyChars   = color.RGBA{90, 96, 110, 255}
	plateText    = color.RGBA{250, 250, 250, 255}
	stackColor   = color.RGBA{250, 250, 250, 255}
	seenText     = color.RGBA{214, 220, 230, 255} // the turn a sighting was made
)

// dimmed is the colour scale of remembered sightings: darker and a little
// transparent.
func dimmed() ebiten.ColorScale {
	var cs ebiten.ColorScale
	cs.Scale(0.58, 0.58, 0.62, 1)
	cs.ScaleAlpha(0.88)
	return cs
}

// farMarkPx is the smallest dot or square, at the far zoom, that shows
// its owner's mark.
const farMarkPx = 9

// tokenPx returns the height of an army token on screen.
func tokenPx(hexPx float64) float64 { return math.Max(20, math.Min(64, hexPx*1.05)) }

// cityPx returns the width of a city icon of the given level on screen.
func cityPx(hexPx float64, level int32) float64 {
	f := [cityLevels]float64{1.0, 1.15, 1.3, 1.45, 1.9}[max(1, min(level, cityLevels))-1]
	return math.Max(22, math.Min(200, hexPx*f))
}

// textPx returns the size of the labels on a token px pixels high.
func textPx(px float64) float64 { return math.Max(minText, math.Min(maxText-2, px*0.34)) }

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
		col := PlayerColor(c.Owner)
		if f.detail == detailFar {
			// A square with a light rim, larger than an army's dot.
			s := math.Max(6, f.hexPx*1.1)
			if c.Capital {
				s *= 1.3
			}
			b.square(f.dst, x, y, s+4, outlineColor, cs)
			b.square(f.dst, x, y, s+2, rimColor, cs)
			b.square(f.dst, x, y, s, col, cs)
			if m := PlayerMark(c.Owner); m != MarkNone && s >= farMarkPx {
				b.put(f.dst, spriteMark, uint8(m), x, y, s*0.7, 0, inkOn(col), cs)
			}
			continue
		}
		px := cityPx(f.hexPx, c.Level)
		y -= px * 0.08
		b.put(f.dst, spriteShadow, 0, x, y+px*0.4, px*1.05, 0, white, cs)
		b.put(f.dst, spriteCity, uint8(max(1, min(c.Level, cityLevels))), x, y, px, 0, white, cs)
		// The banner flies from a pole planted at the icon's left.
		bp := px * 0.52
		bx, by := x-px*0.32, y-px*0.36
		b.put(f.dst, spriteBannerRim, 0, bx, by, bp, 0, white, cs)
		b.put(f.dst, spriteBannerFill, 0, bx, by, bp, 0, col, cs)
		if m := PlayerMark(c.Owner); m != MarkNone {
			b.put(f.dst, spriteMark, uint8(m), bx+bp*0.04, by-bp*0.19, bp*0.36, 0, inkOn(col), cs)
		}
		if c.Capital {
			b.put(f.dst, spriteCrown, 0, x+px*0.1, y-px*0.62, px*0.34, 0, white, cs)
		}
		if f.detail < detailNear {
			continue
		}
		// The level, on a plate at the icon's lower left (armies stand on its right).
		t := textPx(px * 0.7)
		face := b.fonts.face(t, true)
		lx, ly := x-px*0.42, y+px*0.34
		b.put(f.dst, spriteDisc, 0, lx, ly, t*1.5, 0, outlineColor, cs)
		b.put(f.dst, spriteDisc, 0, lx, ly, t*1.5-2, 0, col, cs)
		b.fonts.draw(f.dst, strconv.Itoa(int(c.Level)), face, lx, ly, inkOn(col), cs)
		if c.Remembered && f.hexPx >= nearHexPx*1.2 {
			b.fonts.drawShadowed(f.dst, "seen T"+strconv.Itoa(int(c.Seen)), b.fonts.face(t, false), x, y+px*0.6, seenText, ebiten.ColorScale{})
		}
	}
}

// square draws a filled square of side s centred on (x, y).
func (b *Board) square(dst *ebiten.Image, x, y, s float64, c color.RGBA, cs ebiten.ColorScale) {
	op := &b.scratch.op
	op.GeoM.Reset()
	op.GeoM.Scale(s, s)
	op.GeoM.Translate(x-s/2, y-s/2)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleWithColorScale(cs)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(b.white(), op)
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
		if _, ok := b.cityAt[st.hex]; ok && f.detail > detailFar {
			// Beside the city icon, not over it.
			x, y = x+f.hexPx*0.42, y+f.hexPx*0.28
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

// drawStack draws armies (the top one first) as a pile of tokens centred
// on (x, y).
func (b *Board) drawStack(f *frame, armies []*game.ArmyView, x, y float64) {
	top := armies[0]
	var cs ebiten.ColorScale
	if top.Remembered {
		cs = dimmed()
	}
	if f.detail == detailFar {
		s := math.Max(5, f.hexPx*0.8)
		b.put(f.dst, spriteDisc, 0, x, y, s+3, 0, rimColor, cs)
		b.put(f.dst, spriteDisc, 0, x, y, s+1.5, 0, outlineColor, cs)
		col := PlayerColor(top.Owner)
		b.put(f.dst, spriteDisc, 0, x, y, s, 0, col, cs)
		if s >= farMarkPx {
			b.put(f.dst, spriteMark, uint8(PlayerMark(top.Owner)), x, y, s*0.62, 0, inkOn(col), cs)
		}
		return
	}
	px := tokenPx(f.hexPx)
	// The armies under the top one peek out above and to the left.
	step := px * 0.13
	for i := min(len(armies), 3) - 1; i >= 1; i-- {
		a := armies[i]
		d := step * float64(i)
		b.drawToken(f, a, x-d, y-d, px, false, cs)
	}
	b.drawToken(f, top, x, y, px, true, cs)
	if f.detail < detailNear {
		return
	}
	t := textPx(px)
	if len(armies) > 1 {
		// How many armies share the hex, at the top left.
		bx, by := x-px*0.46, y-px*0.42
		b.put(f.dst, spriteDisc, 0, bx, by, t*1.45, 0, outlineColor, cs)
		b.put(f.dst, spriteDisc, 0, bx, by, t*1.45-2, 0, stackColor, cs)
		b.fonts.draw(f.dst, strconv.Itoa(len(armies)), b.fonts.face(t*0.9, true), bx, by, outlineColor, cs)
	}
	if top.Remembered {
		// The turn it was seen, under its unit count.
		b.fonts.drawShadowed(f.dst, "T"+strconv.Itoa(int(top.Seen)), b.fonts.face(t, false), x, y+px*0.5+t*1.5, seenText, ebiten.ColorScale{})
	}
}

// drawToken draws army a as a token px pixels high centred on (x, y): a
// shield, or a ship for a fleet, in its owner's colour with the owner's
// mark; with details, its unit count and badges for its characters and
// stance.
func (b *Board) drawToken(f *frame, a *game.ArmyView, x, y, px float64, details bool, cs ebiten.ColorScale) {
	col := PlayerColor(a.Owner)
	ink := inkOn(col)
	b.put(f.dst, spriteShadow, 0, x, y+px*0.46, px*1.0, 0, white, cs)
	if a.Naval {
		b.put(f.dst, spriteBoat, 0, x, y, px, 0, white, cs)
		b.put(f.dst, spriteSailFill, 0, x, y, px, 0, col, cs)
		b.put(f.dst, spriteMark, uint8(PlayerMark(a.Owner)), x, y-px*0.18, px*0.34, 0, ink, cs)
	} else {
		b.put(f.dst, spriteShieldRim, 0, x, y, px, 0, white, cs)
		b.put(f.dst, spriteShieldFill, 0, x, y, px, 0, col, cs)
		b.put(f.dst, spriteMark, uint8(PlayerMark(a.Owner)), x, y-px*0.07, px*0.42, 0, ink, cs)
	}
	if !details {
		return
	}
	t := textPx(px)
	if n := a.Units.Total(); n > 0 || !a.Naval {
		face := b.fonts.face(t, true)
		s := strconv.Itoa(n)
		w := float64(len(s))*t*0.62 + t*0.7
		py := y + px*0.5
		b.pill(f.dst, x, py, w+2, t*1.3+2, outlineColor, cs)
		b.pill(f.dst, x, py, w, t*1.3, plateColor, cs)
		b.fonts.draw(f.dst, s, face, x, py, plateText, cs)
	}
	if f.detail < detailNear {
		return
	}
	// Characters at the top right: own armies show their Warlord's level
	// and Casters, others only how many characters they have.
	bx, by := x+px*0.5, y-px*0.36
	badge := func(s string, c color.RGBA) {
		face := b.fonts.face(t*0.9, true)
		w := float64(len(s))*t*0.6 + t*0.5
		b.pill(f.dst, bx, by, w+2, t*1.25+2, outlineColor, cs)
		b.pill(f.dst, bx, by, w, t*1.25, c, cs)
		b.fonts.draw(f.dst, s, face, bx, by, inkOn(c), cs)
		by += t * 1.4
	}
	if a.Owner == b.view.You {
		warlord, casters := int32(0), 0
		for _, c := range a.Characters {
			if c.Kind == erfworld.CharWarlord {
				warlord = max(warlord, max(c.Level, 1))
			} else if _, ok := erfworld.CasterOf(c); ok {
				casters++
			}
		}
		if warlord > 0 {
			badge("W"+strconv.Itoa(int(warlord)), warlordColor)
		}
		if casters == 1 {
			badge("C", casterColor)
		} else if casters > 1 {
			badge("C"+strconv.Itoa(casters), casterColor)
		}
		b.drawStance(f, a, x-px*0.48, y+px*0.2, t*1.5, cs)
	} else if a.NumCharacters > 0 {
		s := strconv.Itoa(int(a.NumCharacters))
		h := t * 1.25
		w := float64(len(s))*t*0.6 + h + t*0.3
		b.pill(f.dst, bx, by, w+2, h+2, outlineColor, cs)
		b.pill(f.dst, bx, by, w, h, enemyChars, cs)
		b.put(f.dst, spritePerson, 0, bx-w/2+h*0.62, by, h*0.85, 0, white, cs)
		b.fonts.draw(f.dst, s, b.fonts.face(t*0.9, true), bx+h*0.3, by, white, cs)
	}
}

// drawStance draws the badge of an own army's standing order, if it has
// one other than Defend, s pixels wide on (x, y).
func (b *Board) drawStance(f *frame, a *game.ArmyView, x, y, s float64, cs ebiten.ColorScale) {
	switch a.Stance.Kind {
	case game.Intercept:
		b.put(f.dst, spriteIntercept, 0, x, y, s, 0, white, cs)
	case game.Withdraw:
		angle := 0.0
		if a.Stance.Dir.Valid() {
			ax, ay := b.layout.Center(a.Hex)
			nx, ny := b.layout.Center(a.Hex.Neighbor(a.Stance.Dir))
			angle = math.Atan2(ny-ay, nx-ax)
		}
		b.put(f.dst, spriteWithdraw, 0, x, y, s, angle, white, cs)
	}
}

// drawBattles marks the battles with crossed swords.
func (b *Board) drawBattles(f *frame, o *Overlay) {
	px := math.Max(18, math.Min(96, f.hexPx*1.4))
	for _, h := range o.Battles {
		wx, wy := b.layout.Center(h)
		if !f.near(wx, wy, 2*HexSize) {
			continue
		}
		x, y := f.screen(wx, wy)
		b.put(f.dst, spriteSwords, 0, x, y, px, 0, white, ebiten.ColorScale{})
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
	col := PlayerColor(p)
	var cs ebiten.ColorScale
	b.put(dst, spriteDisc, 0, x, y, size, 0, outlineColor, cs)
	b.put(dst, spriteDisc, 0, x, y, size*0.9, 0, rimColor, cs)
	b.put(dst, spriteDisc, 0, x, y, size*0.8, 0, col, cs)
	if m := PlayerMark(p); m != MarkNone {
		b.put(dst, spriteMark, uint8(m), x, y, size*0.5, 0, inkOn(col), cs)
	}
}
