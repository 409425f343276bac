package empire

import (
	"image"
	"image/color"
	"math"

	"empires/client/art"
	"empires/shared/game"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// minimapFit returns where the whole map is drawn in the minimap's
// rectangle r, keeping its proportions, a margin inside it: the top-left
// corner and the scale from world pixels.
func (s *Screen) minimapFit(r image.Rectangle) (x, y, scale float64) {
	ww, wh := s.lay.WorldSize()
	m := s.host.Theme().Pxf(8)
	scale = min((float64(r.Dx())-m)/ww, (float64(r.Dy())-m)/wh)
	x = float64(r.Min.X) + (float64(r.Dx())-ww*scale)/2
	y = float64(r.Min.Y) + (float64(r.Dy())-wh*scale)/2
	return x, y, scale
}

// drawMinimap draws the whole map small in the corner the shell leaves
// for it: the ground, the settlements as their owners' marks in their
// colours edged in dark (nobody's as grey squares), the player's forces
// as smaller marks edged in light, and the part of the map in sight.
func (s *Screen) drawMinimap(dst *ebiten.Image) {
	r := s.in.Minimap
	if r.Empty() || s.paint == nil {
		return
	}
	s.sync()
	p := s.paint
	p.paintGround(s.m)
	one := float32(p.px(1)) // a line at 100 %
	vector.FillRect(dst, float32(r.Min.X)-2*one, float32(r.Min.Y)-2*one, float32(r.Dx())+4*one, float32(r.Dy())+4*one, color.RGBA{20, 18, 16, 240}, false)
	x, y, k := s.minimapFit(r)
	ww, wh := s.lay.WorldSize()
	g := s.paint.ground.Bounds()
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(ww*k/float64(g.Dx()), wh*k/float64(g.Dy()))
	op.GeoM.Translate(x, y)
	dst.DrawImage(s.paint.ground, op)
	vector.StrokeRect(dst, float32(x)-one, float32(y)-one, float32(ww*k)+2*one, float32(wh*k)+2*one, one, color.RGBA{110, 100, 85, 255}, false)
	for _, st := range s.m.Settlements() {
		cx, cy := s.lay.Center(st.Pos)
		mx, my, px := math.Round(x+cx*k), math.Round(y+cy*k), miniSettlementPx(s.lay.Size*k, p.scale, st.City)
		if m := art.PlayerMark(game.PlayerID(st.Owner)); m != art.MarkNone {
			p.sprites.OutlinedMark(dst, m, mx, my, px, s.seatColor(st.Owner), inkDark, ebiten.ColorScale{})
			continue
		}
		// Nobody's: a grey square, smaller than the marks.
		p.sprites.Square(dst, mx, my, 0.55*px+p.px(1), inkDark, ebiten.ColorScale{})
		p.sprites.Square(dst, mx, my, 0.55*px-p.px(1), s.seatColor(st.Owner), ebiten.ColorScale{})
	}
	for _, f := range s.m.Forces() {
		if f.Garrison {
			continue
		}
		cx, cy := s.lay.Center(f.Pos)
		px := miniForcePx(s.lay.Size*k, p.scale)
		mx, my := x+cx*k, y+cy*k
		if st := s.m.SettlementAt(f.Pos); st != nil {
			// At the settlement's upper right corner, clear of its
			// mark, as the map's far zoom places it.
			d := 0.4 * (miniSettlementPx(s.lay.Size*k, p.scale, st.City) + px)
			mx, my = mx+d, my-d
		}
		rim := inkDark
		if f.Owner == s.m.You() {
			rim = inkLight
		}
		p.sprites.OutlinedMark(dst, art.PlayerMark(game.PlayerID(f.Owner)), math.Round(mx), math.Round(my), px, s.seatColor(f.Owner), rim, ebiten.ColorScale{}) // everyone's, all-seeing
	}
	// The part of the map the camera shows.
	x0, y0 := s.cam.ToWorld(0, 0)
	x1, y1 := s.cam.ToWorld(s.cam.ScreenW, s.cam.ScreenH)
	in := image.Rect(int(x+x0*k), int(y+y0*k), int(x+x1*k), int(y+y1*k)).Intersect(r.Inset(int(one)))
	if !in.Empty() {
		vector.StrokeRect(dst, float32(in.Min.X), float32(in.Min.Y), float32(in.Dx()), float32(in.Dy()), 1.5*one, color.RGBA{255, 255, 255, 220}, false)
	}
}

// miniSettlementPx returns the width of a settlement's mark on the
// minimap, where squares are cell pixels wide and the interface is drawn
// at scale sc: 8 pixels at 100 % (a size marks are painted at, so drawn
// unscaled and sharp), a city's 10, wider when the squares are.
func miniSettlementPx(cell, sc float64, city bool) float64 {
	s := math.Max(8*sc, cell*0.9)
	if city {
		s *= 10.0 / 8
	}
	return s
}

// miniForcePx returns the width of an army's mark on the minimap:
// smaller than a settlement's, 6 pixels at 100 %.
func miniForcePx(cell, sc float64) float64 {
	return math.Max(6*sc, cell*0.7)
}

// minimapJump centres the camera on the world point under window point
// (mx, my) of the minimap.
func (s *Screen) minimapJump(mx, my int) {
	x, y, k := s.minimapFit(s.in.Minimap)
	if k <= 0 {
		return
	}
	wx, wy := (float64(mx)-x)/k, (float64(my)-y)/k
	s.cam.LookAt(wx, wy, s.cam.ScreenW/2, s.cam.ScreenH/2)
}
