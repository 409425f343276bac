package empire

import (
	"image"
	"image/color"

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
// for it: the ground, the settlements in their owners' colours, the
// player's forces, and the part of the map in sight.
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
	dot := float32(max(p.px(2), s.lay.Size*k*0.45))
	for _, st := range s.m.Settlements() {
		cx, cy := s.lay.Center(st.Pos)
		vector.FillRect(dst, float32(x+cx*k)-dot-one, float32(y+cy*k)-dot-one, 2*dot+2*one, 2*dot+2*one, inkDark, false)
		vector.FillRect(dst, float32(x+cx*k)-dot, float32(y+cy*k)-dot, 2*dot, 2*dot, s.seatColor(st.Owner), false)
	}
	for _, f := range s.m.Forces() {
		if f.Garrison {
			continue
		}
		cx, cy := s.lay.Center(f.Pos)
		p.drawDisc(dst, x+cx*k, y+cy*k, float64(dot), inkLight)
		p.drawDisc(dst, x+cx*k, y+cy*k, float64(dot)*0.7, s.seatColor(f.Owner)) // everyone's, all-seeing
	}
	// The part of the map the camera shows.
	x0, y0 := s.cam.ToWorld(0, 0)
	x1, y1 := s.cam.ToWorld(s.cam.ScreenW, s.cam.ScreenH)
	in := image.Rect(int(x+x0*k), int(y+y0*k), int(x+x1*k), int(y+y1*k)).Intersect(r.Inset(int(one)))
	if !in.Empty() {
		vector.StrokeRect(dst, float32(in.Min.X), float32(in.Min.Y), float32(in.Dx()), float32(in.Dy()), 1.5*one, color.RGBA{255, 255, 255, 220}, false)
	}
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
