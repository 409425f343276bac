package empire

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/art"
	"empires/client/kit"
	"empires/shared/game"
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// The map's colours beyond terrain.dat's.
var (
	unknownColor  = color.RGBA{18, 20, 26, 255}
	offMapColor   = color.RGBA{12, 14, 20, 255}
	gridColor     = color.RGBA{0, 0, 0, 255}
	selectColor   = color.RGBA{255, 220, 90, 255}
	hoverColor    = color.RGBA{255, 255, 255, 255}
	pathColor     = color.RGBA{255, 236, 150, 255}
	standingColor = color.RGBA{235, 235, 235, 255}
	previewColor  = color.RGBA{255, 170, 80, 255}
	forwardColor  = color.RGBA{140, 220, 255, 255}
	inkDark       = color.RGBA{20, 20, 24, 255}
	inkLight      = color.RGBA{255, 255, 255, 255}
)

// parseColor reads "#rrggbb"; a colour it cannot read is a grey.
func parseColor(s string) color.RGBA {
	if len(s) == 7 && s[0] == '#' {
		if v, err := strconv.ParseUint(s[1:], 16, 32); err == nil {
			return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
		}
	}
	return color.RGBA{128, 128, 128, 255}
}

// dim darkens c towards the unknown's colour by f (0: c, 1: dark).
func dim(c color.RGBA, f float64) color.RGBA {
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-f) + float64(b)*f) }
	return color.RGBA{mix(c.R, unknownColor.R), mix(c.G, unknownColor.G), mix(c.B, unknownColor.B), 255}
}

// ink returns near black or white, whichever reads better on c.
func ink(c color.RGBA) color.RGBA {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 140 {
		return inkDark
	}
	return inkLight
}

// playerColor is seat s's colour, the one the hex games give it (grey for
// nobody).
func playerColor(s rules.Seat) color.RGBA { return art.PlayerColor(game.PlayerID(s)) }

// painter draws the map: the ground cached in an image at zoom 1, and the
// things over it each frame.
type painter struct {
	lay     Layout
	ground  *ebiten.Image
	groundV *rules.View // the view the ground was painted for
	colors  [dat.NumTerrains]color.RGBA
	faces   *kit.Faces
	// disc is a white disc drawn once with anti-aliasing: the badges and
	// marks are it, scaled and tinted, which costs far less each frame
	// than anti-aliased paths.
	disc *ebiten.Image
}

// discR is the disc sprite's radius in pixels.
const discR = 32

func newPainter(d *dat.Data, lay Layout) (*painter, error) {
	faces, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("the map's font: %w", err)
	}
	p := &painter{lay: lay, faces: faces}
	for i := range p.colors {
		p.colors[i] = parseColor(d.Terrains[i].Color)
	}
	p.disc = ebiten.NewImage(2*discR+2, 2*discR+2)
	vector.FillCircle(p.disc, discR+1, discR+1, discR, color.White, true)
	return p, nil
}

// drawDisc draws a disc of radius r and colour c centred on (x, y).
func (p *painter) drawDisc(dst *ebiten.Image, x, y, r float64, c color.Color) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	k := r / discR
	op.GeoM.Translate(-discR-1, -discR-1)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(p.disc, op)
}

// face returns the map's font, bold, at size pixels.
func (p *painter) face(size float64) *text.GoTextFace { return p.faces.Face(size, true) }

// groundColor is the colour of a square's ground.
func (p *painter) groundColor(sq Square) color.RGBA {
	switch sq.Sight {
	case Unknown:
		return unknownColor
	case Remembered:
		return dim(p.colors[sq.Terrain], 0.5)
	}
	return p.colors[sq.Terrain]
}

// paintGround paints the ground of the model's view at zoom 1, once per
// view: each square in its terrain's colour, dimmed where it is only
// remembered, dark where unknown, with a faint grid.
func (p *painter) paintGround(m *Model) {
	if p.groundV == m.v && p.ground != nil {
		return
	}
	p.groundV = m.v
	ww, wh := p.lay.WorldSize()
	if p.ground == nil {
		p.ground = ebiten.NewImage(int(math.Ceil(ww)), int(math.Ceil(wh)))
	}
	p.ground.Fill(offMapColor)
	g := m.v.Grid()
	paths := map[color.RGBA]*vector.Path{}
	var order []color.RGBA
	for i := range g.Len() {
		q := g.At(i)
		c := p.groundColor(m.SquareAt(q))
		if p.lay.Shape != grid.Hex {
			x, y := float64(q.X)*p.lay.Size, float64(q.Y)*p.lay.Size
			vector.FillRect(p.ground, float32(x), float32(y), float32(p.lay.Size), float32(p.lay.Size), c, false)
			continue
		}
		path, ok := paths[c]
		if !ok {
			path = &vector.Path{}
			paths[c] = path
			order = append(order, c)
		}
		cellPath(path, p.lay.Corners(q))
	}
	for _, c := range order {
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(c)
		vector.FillPath(p.ground, paths[c], nil, op)
	}
	// The grid.
	lines := &vector.Path{}
	if p.lay.Shape == grid.Hex {
		for i := range g.Len() {
			cellPath(lines, p.lay.Corners(g.At(i)))
		}
	} else {
		for x := 0; x <= g.Width; x++ {
			lines.MoveTo(float32(float64(x)*p.lay.Size), 0)
			lines.LineTo(float32(float64(x)*p.lay.Size), float32(wh))
		}
		for y := 0; y <= g.Height; y++ {
			lines.MoveTo(0, float32(float64(y)*p.lay.Size))
			lines.LineTo(float32(ww), float32(float64(y)*p.lay.Size))
		}
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(gridColor)
	op.ColorScale.ScaleAlpha(0.22)
	vector.StrokePath(p.ground, lines, &vector.StrokeOptions{Width: 1}, op)
}

// cellPath adds the outline of a cell of corners cs to path.
func cellPath(path *vector.Path, cs [][2]float64) {
	path.MoveTo(float32(cs[0][0]), float32(cs[0][1]))
	for _, c := range cs[1:] {
		path.LineTo(float32(c[0]), float32(c[1]))
	}
	path.Close()
}

// frame is one drawing of the map: where it goes and through which
// camera.
type frame struct {
	dst    *ebiten.Image
	ox, oy float64 // dst's top-left corner, the camera's (0, 0)
	cam    camView
}

// camView is the camera's transform.
type camView struct{ X, Y, Zoom float64 }

// at converts a world point to dst's pixels.
func (f *frame) at(wx, wy float64) (float32, float32) {
	return float32((wx-f.cam.X)*f.cam.Zoom + f.ox), float32((wy-f.cam.Y)*f.cam.Zoom + f.oy)
}

// cellAt returns the centre of cell q in dst's pixels.
func (s *Screen) cellScreen(f *frame, q grid.Pos) (float32, float32) {
	return f.at(s.lay.Center(q))
}

// draw draws the map into dst.
func (s *Screen) draw(dst *ebiten.Image) {
	m := s.m
	dst.Fill(offMapColor)
	if m.v == nil {
		return
	}
	p := s.paint
	p.paintGround(m)
	r := dst.Bounds()
	f := &frame{dst: dst, ox: float64(r.Min.X), oy: float64(r.Min.Y), cam: camView{s.cam.X, s.cam.Y, s.cam.Zoom}}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	op.GeoM.Translate(-s.cam.X, -s.cam.Y)
	op.GeoM.Scale(s.cam.Zoom, s.cam.Zoom)
	op.GeoM.Translate(f.ox, f.oy)
	dst.DrawImage(p.ground, op)

	inner := s.lay.Inner() * s.cam.Zoom // a cell's inner radius on screen
	sel := m.Selection()
	if s.animating() {
		for _, t := range m.things(s.hidden()) {
			s.drawThing(f, &t, inner)
		}
		s.drawMoving(f, inner)
		return
	}
	// Paths: the player's armies' standing and drafted orders, the
	// selected army's on top.
	for _, fo := range m.Forces() {
		if fo.Garrison || len(fo.Path) == 0 || fo.ID == sel.Force {
			continue
		}
		s.drawPath(f, fo.Pos, fo.Path, standingColor, 0.55, math.Max(1.5, inner*0.08), false)
	}
	if fo := m.Force(sel.Force); fo != nil && !fo.Garrison && len(fo.Path) > 0 {
		s.drawPath(f, fo.Pos, fo.Path, pathColor, 0.95, math.Max(2.5, inner*0.14), true)
	}
	if s.preview != nil && s.hover.On {
		if fo := m.Force(sel.Force); fo != nil {
			s.drawPath(f, fo.Pos, s.preview.Path, previewColor, 0.9, math.Max(2, inner*0.11), true)
		}
	}
	// Forwarding of the selected settlement.
	if st := m.Settlement(sel.Settlement); st != nil && st.Forward != 0 {
		if to := m.Force(st.Forward); to != nil {
			x0, y0 := s.cellScreen(f, st.Pos)
			x1, y1 := s.cellScreen(f, to.Pos)
			dashed(dst, x0, y0, x1, y1, float32(math.Max(1.5, inner*0.08)), forwardColor)
		}
	}
	for _, t := range m.Things() {
		s.drawThing(f, &t, inner)
	}
	if sel.Active {
		s.outline(f, sel.Cell, selectColor, math.Max(2, inner*0.12))
	}
	if s.hover.On {
		s.outline(f, s.hover.At, hoverColor, 1.2)
	}
}

// drawPath draws a path from square from through path; with steps, a dot
// on each square and the turn it is reached at the end of each turn.
func (s *Screen) drawPath(f *frame, from grid.Pos, path []grid.Pos, c color.RGBA, a, w float64, steps bool) {
	if len(path) == 0 {
		return
	}
	// Steps onto squares never seen are a guess: dashed, over the rest.
	pa := &vector.Path{}
	type seg struct{ x0, y0, x1, y1 float32 }
	var guessed []seg
	x, y := s.cellScreen(f, from)
	pa.MoveTo(x, y)
	for _, q := range path {
		x1, y1 := s.cellScreen(f, q)
		if _, known := s.m.v.TerrainAt(q); known {
			pa.LineTo(x1, y1)
		} else {
			guessed = append(guessed, seg{x, y, x1, y1})
			pa.MoveTo(x1, y1)
		}
		x, y = x1, y1
	}
	aa := s.lay.Shape == grid.Hex // a path on squares runs along the axes
	op := &vector.DrawPathOptions{AntiAlias: aa}
	op.ColorScale.ScaleWithColor(color.RGBA{0, 0, 0, 255})
	op.ColorScale.ScaleAlpha(float32(a * 0.6))
	vector.StrokePath(f.dst, pa, &vector.StrokeOptions{Width: float32(w + 2), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
	op = &vector.DrawPathOptions{AntiAlias: aa}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(float32(a))
	vector.StrokePath(f.dst, pa, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
	faint := color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
	for _, g := range guessed {
		dashed(f.dst, g.x0, g.y0, g.x1, g.y1, float32(w), faint)
	}
	end := path[len(path)-1]
	ex, ey := s.cellScreen(f, end)
	s.paint.drawDisc(f.dst, float64(ex), float64(ey), w*1.6, c)
	if !steps {
		return
	}
	// Where each turn ends: the turn's number by the square (guessed
	// through squares never seen, as the plan guesses them).
	mv := s.m.Movement(s.m.Selection().Force)
	costs, _ := s.m.PathCosts(mv, path)
	left, turn := mv.MP, 1
	inner := s.lay.Inner() * f.cam.Zoom
	for i, q := range path {
		cost := costs[i]
		if cost <= 0 || cost > mv.MP {
			break
		}
		if cost > left {
			turn++
			left = mv.MP
		}
		left -= cost
		last := i == len(path)-1
		nextCost := 0
		if !last {
			nextCost = costs[i+1]
		}
		if (last || nextCost > left) && inner >= 12 {
			x, y := s.cellScreen(f, q)
			label(f.dst, s.paint.face(math.Min(15, math.Max(10, inner*0.5))), strconv.Itoa(turn), float64(x), float64(y)-inner*0.55, c, inkDark)
		}
	}
}

// dashed draws a dashed line.
func dashed(dst *ebiten.Image, x0, y0, x1, y1, w float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n < 1 {
		return
	}
	const dash = 8
	for t := float32(0); t < n; t += 2 * dash {
		e := min(t+dash, n)
		vector.StrokeLine(dst, x0+dx*t/n, y0+dy*t/n, x0+dx*e/n, y0+dy*e/n, w, c, false)
	}
}

// outline draws the outline of cell q.
func (s *Screen) outline(f *frame, q grid.Pos, c color.RGBA, w float64) {
	pa := &vector.Path{}
	cs := s.lay.Corners(q)
	for i, c := range cs {
		x, y := f.at(c[0], c[1])
		if i == 0 {
			pa.MoveTo(x, y)
		} else {
			pa.LineTo(x, y)
		}
	}
	pa.Close()
	op := &vector.DrawPathOptions{AntiAlias: s.lay.Shape == grid.Hex}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(f.dst, pa, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound}, op)
}

// label draws s centred on (x, y) on a small plate of colour bg.
func label(dst *ebiten.Image, face *text.GoTextFace, s string, x, y float64, bg, fg color.RGBA) {
	w, h := text.Measure(s, face, 0)
	pad := 2.0
	vector.FillRect(dst, float32(x-w/2-pad), float32(y-h/2-pad/2), float32(w+2*pad), float32(h+pad), bg, false)
	op := &text.DrawOptions{}
	op.GeoM.Translate(x-w/2, y-h/2)
	op.ColorScale.ScaleWithColor(fg)
	text.Draw(dst, s, face, op)
}

// badge draws a count n on a token of colour c centred on (x, y) with
// radius r: round for an army (filled with c), square for a garrison
// (dark, rimmed with c, so it stands out on its settlement); faded at
// alpha a.
func (s *Screen) badge(dst *ebiten.Image, x, y, r float64, c color.RGBA, n int, round bool, a float32) {
	fade := func(c color.RGBA, k float32) color.RGBA {
		return color.RGBA{uint8(float32(c.R) * k), uint8(float32(c.G) * k), uint8(float32(c.B) * k), uint8(float32(c.A) * k)}
	}
	fill, fg := fade(c, a), fade(ink(c), a)
	if round {
		s.paint.drawDisc(dst, x, y, r+2, fade(color.RGBA{250, 250, 250, 240}, a))
		s.paint.drawDisc(dst, x, y, r, fill)
	} else {
		h := r * 0.85
		vector.FillRect(dst, float32(x-r-2), float32(y-h-2), float32(2*r+4), float32(2*h+4), fade(c, a), false)
		vector.FillRect(dst, float32(x-r), float32(y-h), float32(2*r), float32(2*h), fade(color.RGBA{28, 28, 34, 255}, a), false)
		fg = fade(inkLight, a)
	}
	if r < 6 || n <= 0 {
		return
	}
	face := s.paint.face(math.Min(20, r*1.25))
	str := strconv.Itoa(n)
	w, h := text.Measure(str, face, 0)
	op := &text.DrawOptions{}
	op.GeoM.Translate(x-w/2, y-h/2)
	op.ColorScale.ScaleWithColor(fg)
	text.Draw(dst, str, face, op)
}

// drawThing draws what is on a square: its settlement, the player's
// garrison and armies with their units, the others' forces sighted (those
// of an earlier turn shaded, with the turn they were seen).
func (s *Screen) drawThing(f *frame, t *Thing, inner float64) {
	x32, y32 := s.cellScreen(f, t.Pos)
	x, y := float64(x32), float64(y32)
	r := f.dst.Bounds()
	if x < float64(r.Min.X)-2*inner || x > float64(r.Max.X)+2*inner || y < float64(r.Min.Y)-2*inner || y > float64(r.Max.Y)+2*inner {
		return
	}
	inSight := s.m.v.InSight(t.Pos)
	if st := t.Settlement; st != nil {
		c := playerColor(st.Owner)
		a := float32(1)
		if !inSight {
			a = 0.75
		}
		fill := color.RGBA{uint8(float32(c.R) * a), uint8(float32(c.G) * a), uint8(float32(c.B) * a), 255}
		if st.City {
			h := inner * 0.62
			vector.FillRect(f.dst, float32(x-h-2), float32(y-h-2), float32(2*h+4), float32(2*h+4), inkDark, false)
			vector.FillRect(f.dst, float32(x-h), float32(y-h), float32(2*h), float32(2*h), fill, false)
			// Battlements: the notches of a city's wall.
			n := float32(h / 2.5)
			for i := range 3 {
				bx := float32(x-h) + float32(i)*float32(h)*0.8 + n*0.3
				vector.FillRect(f.dst, bx, float32(y-h)-n, n, n, fill, false)
			}
			vector.StrokeRect(f.dst, float32(x-h*0.55), float32(y-h*0.55), float32(h*1.1), float32(h*1.1), float32(math.Max(1, inner*0.07)), ink(c), false)
		} else {
			rr := inner * 0.5
			lw := math.Max(1, inner*0.07)
			s.paint.drawDisc(f.dst, x, y, rr+2, inkDark)
			s.paint.drawDisc(f.dst, x, y, rr, fill)
			s.paint.drawDisc(f.dst, x, y, rr*0.55+lw/2, ink(c))
			s.paint.drawDisc(f.dst, x, y, rr*0.55-lw/2, fill)
		}
	}
	you := playerColor(t.Owner)
	br := math.Max(5, inner*0.36) // a badge's radius
	if t.Garrison > 0 {
		s.badge(f.dst, x+inner*0.5, y+inner*0.55, br, you, t.Garrison, false, 1)
	}
	if t.Armies > 0 {
		ax, ay := x, y
		if t.Settlement != nil || len(t.Sightings) > 0 {
			ax, ay = x-inner*0.45, y-inner*0.45
		}
		if t.Armies > 1 {
			s.badge(f.dst, ax+br*0.35, ay-br*0.35, br, dim(you, 0.3), 0, true, 1)
		}
		s.badge(f.dst, ax, ay, br, you, t.ArmyUnits, true, 1)
	}
	if len(t.Sightings) > 0 {
		sx, sy := x, y
		if t.Settlement != nil || t.Armies > 0 {
			sx, sy = x+inner*0.45, y-inner*0.45
		}
		units := 0
		for _, sg := range t.Sightings {
			units += sg.Units
		}
		c := playerColor(t.Sightings[0].Owner)
		a := float32(1)
		if t.Outdated {
			a = 0.55
		}
		s.badge(f.dst, sx, sy, br, c, units, !t.Sightings[0].Garrison, a)
		if t.Outdated {
			// Shaded: hatched across, with the turn it was seen.
			for i := -1; i <= 1; i++ {
				o := float32(i) * float32(br) * 0.6
				vector.StrokeLine(f.dst, float32(sx-br)+o, float32(sy+br), float32(sx+br)+o, float32(sy-br), 1.5, color.RGBA{20, 20, 24, 200}, false)
			}
			if inner >= 14 {
				label(f.dst, s.paint.face(math.Min(13, math.Max(10, inner*0.38))), fmt.Sprintf("T%d", t.Seen), sx, sy+br+inner*0.22,
					color.RGBA{30, 28, 26, 220}, color.RGBA{230, 225, 210, 255})
			}
		}
	}
}
