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
	offMapColor   = color.RGBA{12, 14, 20, 255}
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

// playerColor is seat s's colour in the standard palette, the one the
// hex games give it (grey for nobody).
func playerColor(s rules.Seat) color.RGBA { return art.PlayerColor(game.PlayerID(s)) }

// color returns the colour of seat s (0 for nobody) in the palette the
// map is drawn in.
func (p *painter) color(s rules.Seat) color.RGBA { return p.palette.Color(game.PlayerID(s)) }

// palette returns the players' palette chosen in Settings.
func (s *Screen) palette() art.Palette { return art.PaletteOf(s.host.Prefs().ColourBlind) }

// seatColor returns the colour of seat seat in the palette chosen in
// Settings, for the panels and the minimap.
func (s *Screen) seatColor(seat rules.Seat) color.RGBA { return s.palette().Color(game.PlayerID(seat)) }

// seatText returns the colour to write seat seat's name and things in on
// the side panel and the reports: its colour in the palette chosen in
// Settings, lightened as much as reading it on the panel needs.
func (s *Screen) seatText(seat rules.Seat) color.RGBA {
	bg := s.host.Theme().Palette().Panel
	return s.palette().TextColor(game.PlayerID(seat), color.RGBA{bg.R, bg.G, bg.B, 255})
}

// painter draws the map: the ground (see ground.go) and the things over
// it (tokens.go), with the drawing kit's tiles and sprites.
type painter struct {
	lay    Layout
	styles [dat.NumTerrains]art.TileStyle
	faces  *kit.Faces
	// icons are the pictures of the unit kinds, by kind (units.dat's
	// icon column; art.IconNone, the plain mark, for a name the kit
	// does not know).
	icons   []art.Icon
	sprites art.Sprites
	palette art.Palette // the players' colours (color)
	// scale is the interface size the map is drawn at (Screen.scale):
	// the lengths of the tokens, the lines and the marks given for 100 %
	// are multiplied by it (px).
	scale   float64
	sheets  map[sheetKey]*tileSheet
	verts   []ebiten.Vertex
	indices []uint32

	// The view the lists were made for (prepare): each cell's ground and
	// the edges drawn over it.
	preparedV *rules.View
	squares   []Square
	edges     []groundEdge
	// ground is the minimap's picture of the ground, painted for groundV.
	ground  *ebiten.Image
	groundV *rules.View
	// far is the whole ground at farScale, painted for farV (paintFar).
	far      *ebiten.Image
	farV     *rules.View
	farScale float64
	farAt    float64 // the interface size it was painted at (scale)
}

func newPainter(d *dat.Data, lay Layout) (*painter, error) {
	faces, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("the map's font: %w", err)
	}
	p := &painter{lay: lay, faces: faces, icons: Icons(d), scale: 1}
	for t := range p.styles {
		p.styles[t] = terrainStyle(d, dat.Terrain(t))
	}
	return p, nil
}

// Icons returns the pictures of d's unit kinds, by kind: the picture
// units.dat's icon column names, or the plain mark (art.IconNone) for a
// name the drawing kit does not know (a mod's new unit).
func Icons(d *dat.Data) []art.Icon {
	out := make([]art.Icon, len(d.Units))
	for k, u := range d.Units {
		out[k], _ = art.IconOf(u.Icon)
	}
	return out
}

// icon returns the picture of kind k.
func (p *painter) icon(k dat.Kind) art.Icon {
	if int(k) < len(p.icons) {
		return p.icons[k]
	}
	return art.IconNone
}

// drawDisc draws a disc of radius r and colour c centred on (x, y).
func (p *painter) drawDisc(dst *ebiten.Image, x, y, r float64, c color.RGBA) {
	p.sprites.Put(dst, art.SpriteDisc, 0, x, y, 2*r, 0, c, ebiten.ColorScale{})
}

// face returns the map's font, bold, at size pixels.
func (p *painter) face(size float64) *text.GoTextFace { return p.faces.Face(size, true) }

// px returns v pixels at 100 % at the interface size the map is drawn at.
func (p *painter) px(v float64) float64 { return v * p.scale }

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
	x, y := f.pt(wx, wy)
	return float32(x), float32(y)
}

// pt converts a world point to dst's pixels, which are the window's (the
// map is drawn into a sub-image of it), as Screen.ScreenOf does.
func (f *frame) pt(wx, wy float64) (float64, float64) {
	return (wx-f.cam.X)*f.cam.Zoom + f.ox, (wy-f.cam.Y)*f.cam.Zoom + f.oy
}

// cellScreen returns the centre of cell q in dst's pixels.
func (s *Screen) cellScreen(f *frame, q grid.Pos) (float32, float32) {
	return f.at(s.lay.Center(q))
}

// sync gives the painter what Settings may change in the middle of a
// game: the players' palette and the interface size.
func (s *Screen) sync() {
	s.paint.palette = s.palette()
	s.paint.scale = s.camScale
}

// draw draws the map into dst, camScale times as large as the camera
// sees it.
func (s *Screen) draw(dst *ebiten.Image) {
	m := s.m
	dst.Fill(offMapColor)
	if m.v == nil {
		return
	}
	s.sync()
	r := dst.Bounds()
	f := &frame{dst: dst, ox: float64(r.Min.X), oy: float64(r.Min.Y), cam: camView{s.cam.X, s.cam.Y, s.cam.Zoom * s.camScale}}
	s.drawGround(f)

	p := s.paint
	inner := s.lay.Inner() * f.cam.Zoom // a cell's inner radius on screen
	c := 2 * inner                      // a cell's width on screen
	sel := m.Selection()
	if s.animating() {
		for _, t := range m.things(s.hidden()) {
			s.drawThing(f, &t, c)
		}
		s.drawMoving(f, c)
		return
	}
	// Paths: the player's armies' standing and drafted orders, the
	// selected army's on top.
	for _, fo := range m.Forces() {
		if fo.Garrison || len(fo.Path) == 0 || fo.ID == sel.Force {
			continue
		}
		s.drawPath(f, fo.Pos, fo.Path, standingColor, 0.55, math.Max(p.px(1.5), inner*0.08), false)
	}
	if fo := m.Force(sel.Force); fo != nil && !fo.Garrison && len(fo.Path) > 0 {
		s.drawPath(f, fo.Pos, fo.Path, pathColor, 0.95, math.Max(p.px(2.5), inner*0.14), true)
	}
	if s.preview != nil {
		if fo := m.Force(sel.Force); fo != nil {
			s.drawPath(f, fo.Pos, s.preview.Path, previewColor, 0.9, math.Max(p.px(2), inner*0.11), true)
		}
	}
	// Forwarding of the selected settlement.
	if st := m.Settlement(sel.Settlement); st != nil && st.Forward != 0 {
		if to := m.Force(st.Forward); to != nil {
			x0, y0 := s.cellScreen(f, st.Pos)
			x1, y1 := s.cellScreen(f, to.Pos)
			dashed(dst, x0, y0, x1, y1, float32(math.Max(p.px(1.5), inner*0.08)), float32(p.px(dashLen)), forwardColor)
		}
	}
	for _, t := range m.Things() {
		s.drawThing(f, &t, c)
	}
	if sel.Active {
		s.outline(f, sel.Cell, selectColor, math.Max(p.px(2), inner*0.12))
	}
	if s.hover.On && !s.keyLast { // the keys moved last: the resting pointer's square is not the one played
		s.outline(f, s.hover.At, hoverColor, p.px(1.2))
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
	p := s.paint
	aa := s.lay.Shape == grid.Hex // a path on squares runs along the axes
	op := &vector.DrawPathOptions{AntiAlias: aa}
	op.ColorScale.ScaleWithColor(color.RGBA{0, 0, 0, 255})
	op.ColorScale.ScaleAlpha(float32(a * 0.6))
	vector.StrokePath(f.dst, pa, &vector.StrokeOptions{Width: float32(w + p.px(2)), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
	op = &vector.DrawPathOptions{AntiAlias: aa}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(float32(a))
	vector.StrokePath(f.dst, pa, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, op)
	faint := color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
	for _, g := range guessed {
		dashed(f.dst, g.x0, g.y0, g.x1, g.y1, float32(w), float32(p.px(dashLen)), faint)
	}
	end := path[len(path)-1]
	ex, ey := s.cellScreen(f, end)
	p.drawDisc(f.dst, float64(ex), float64(ey), w*1.6, c)
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
		if (last || nextCost > left) && inner >= p.px(12) {
			x, y := s.cellScreen(f, q)
			label(f.dst, p.face(math.Min(p.px(15), math.Max(p.px(10), inner*0.5))), strconv.Itoa(turn), float64(x), float64(y)-inner*0.55,
				p.px(labelPad), c, inkDark)
		}
	}
}

// dashLen is the length of a dashed line's dashes and gaps, in pixels at
// 100 %.
const dashLen = 8

// dashed draws a dashed line w wide of dashes and gaps dash long.
func dashed(dst *ebiten.Image, x0, y0, x1, y1, w, dash float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n < 1 {
		return
	}
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

// labelPad is the room around a label's text on its plate, in pixels at
// 100 %.
const labelPad = 2

// label draws s centred on (x, y) on a small plate of colour bg, pad
// pixels beside the text.
func label(dst *ebiten.Image, face *text.GoTextFace, s string, x, y, pad float64, bg, fg color.RGBA) {
	w, h := text.Measure(s, face, 0)
	vector.FillRect(dst, float32(x-w/2-pad), float32(y-h/2-pad/2), float32(w+2*pad), float32(h+pad), bg, false)
	op := &text.DrawOptions{}
	op.GeoM.Translate(x-w/2, y-h/2)
	op.ColorScale.ScaleWithColor(fg)
	text.Draw(dst, s, face, op)
}
