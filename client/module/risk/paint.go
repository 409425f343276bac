package risk

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
)

// offMapColor is what lies beyond the board's drawing.
var offMapColor = color.RGBA{12, 16, 24, 255}

// layerScale returns the scale the layers are painted at for the
// camera's zoom: the zoom itself (the layers are drawn pixel for pixel),
// or less where the layers would pass maxLayer.
func (m *Map) layerScale() float64 {
	ww, wh := m.lay.WorldSize()
	return math.Min(m.cam.Zoom, maxLayer/math.Max(ww, wh))
}

// paintLayers paints the layers again where the zoom or the holdings
// changed since they were painted.
func (m *Map) paintLayers() {
	if m.disc == nil {
		m.disc = ebiten.NewImage(2*discR+2, 2*discR+2)
		vector.FillCircle(m.disc, discR+1, discR+1, discR, color.White, true)
	}
	s := m.layerScale()
	if s != m.scale || m.lines == nil {
		m.scale = s
		ww, wh := m.lay.WorldSize()
		w, h := int(math.Ceil(ww*s)), int(math.Ceil(wh*s))
		if m.ground != nil {
			m.ground.Deallocate()
			m.lines.Deallocate()
		}
		m.ground, m.lines = ebiten.NewImage(w, h), ebiten.NewImage(w, h)
		m.paintLines()
		m.groundVersion = -1
	}
	if m.groundVersion != m.version {
		m.groundVersion = m.version
		m.paintGround()
	}
}

// cellRect returns cell (x, y)'s rectangle in the layers' pixels.
func (m *Map) cellRect(x, y int) (x0, y0, x1, y1 float32) {
	s := m.scale
	return float32(float64(x) * m.lay.CellW * s), float32(float64(y) * m.lay.CellH * s),
		float32(float64(x+1) * m.lay.CellW * s), float32(float64(y+1) * m.lay.CellH * s)
}

// runs calls f for each run of cells in a row that are all in territory
// t (or, for t 0, in any territory keep says), in row order.
func (m *Map) runs(keep func(board.TerritoryID) bool, f func(x0, x1, y int)) {
	for y := range m.b.Height {
		start := -1
		for x := 0; x <= m.b.Width; x++ {
			in := x < m.b.Width && keep(m.b.Cell(x, y))
			switch {
			case in && start < 0:
				start = x
			case !in && start >= 0:
				f(start, x, y)
				start = -1
			}
		}
	}
}

// toLayer converts a point in cells to the layers' pixels.
func (m *Map) toLayer(x, y float64) (float32, float32) {
	return float32(x * m.lay.CellW * m.scale), float32(y * m.lay.CellH * m.scale)
}

// fillShape fills polygons polys (a territory's, a continent's) in dst
// with c.
func (m *Map) fillShape(dst *ebiten.Image, polys []poly, c color.Color) {
	p := &vector.Path{}
	polyPath(p, polys, m.toLayer)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

// polyPath adds closed polygons polys to path, their points in cells
// converted by to.
func polyPath(path *vector.Path, polys []poly, to func(x, y float64) (float32, float32)) {
	for _, pl := range polys {
		for i, pt := range pl.Pts {
			x, y := to(pt[0], pt[1])
			if i == 0 {
				path.MoveTo(x, y)
			} else {
				path.LineTo(x, y)
			}
		}
		path.Close()
	}
}

// coastPath adds the sides of polys that face the sea to path.
func coastPath(path *vector.Path, polys []poly, to func(x, y float64) (float32, float32)) {
	for _, pl := range polys {
		n := len(pl.Pts)
		for i, pt := range pl.Pts {
			if !pl.Coast[i] {
				continue
			}
			q := pl.Pts[(i+1)%n]
			x0, y0 := to(pt[0], pt[1])
			x1, y1 := to(q[0], q[1])
			path.MoveTo(x0, y0)
			path.LineTo(x1, y1)
		}
	}
}

// fillOf returns the colour territory t is filled with: its owner's, or
// for no one's a grey touched by its continent's colour.
func (m *Map) fillOf(t board.TerritoryID) color.RGBA {
	if o := m.hold[t-1].Owner; o != 0 {
		return ownerColor(o)
	}
	return mix(neutralFill, continentColor(int(m.b.Territories[t-1].Continent)), 0.25)
}

// paintGround paints the ground layer: the sea, the surf along the
// coasts, each territory in its fill colour, and each owner's pattern
// over its territories.
func (m *Map) paintGround() {
	g := m.ground
	g.Fill(seaColor)
	s := m.scale
	// The surf: a wide soft stroke along the coasts, which the land
	// then covers on its side.
	surf := &vector.Path{}
	for _, polys := range m.geo.shape {
		polyPath(surf, polys, m.toLayer)
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(shallowColor)
	op.ColorScale.ScaleAlpha(0.45)
	vector.StrokePath(g, surf, &vector.StrokeOptions{Width: float32(0.9 * m.lay.CellW * s), LineJoin: vector.LineJoinRound}, op)
	for i := range m.b.Territories {
		m.fillShape(g, m.geo.shape[i], m.fillOf(board.TerritoryID(i+1)))
	}
	// The patterns, one owner at a time: the pattern over the owner's
	// part of the board, cut to its cells by a mask.
	var seats []ruleset.Seat
	for _, h := range m.hold {
		if h.Owner != 0 && !slices.Contains(seats, h.Owner) {
			seats = append(seats, h.Owner)
		}
	}
	if len(seats) == 0 {
		return
	}
	b := g.Bounds()
	scratch, mask := ebiten.NewImage(b.Dx(), b.Dy()), ebiten.NewImage(b.Dx(), b.Dy())
	defer scratch.Deallocate()
	defer mask.Deallocate()
	period := math.Max(5, 0.5*m.lay.CellW*s)
	for _, seat := range seats {
		owned := func(c board.TerritoryID) bool { return c != 0 && m.hold[c-1].Owner == seat }
		box := m.box(owned)
		scratch.Clear()
		mask.Clear()
		drawPattern(scratch.SubImage(box).(*ebiten.Image), SeatPattern(seat), period, patternInk(ownerColor(seat)), m.disc)
		for i, h := range m.hold {
			if h.Owner == seat {
				m.fillShape(mask, m.geo.shape[i], color.White)
			}
		}
		scratch.DrawImage(mask, &ebiten.DrawImageOptions{Blend: ebiten.BlendDestinationIn})
		g.DrawImage(scratch, nil)
	}
}

// box returns the rectangle, in the layers' pixels, around the cells
// keep says yes to.
func (m *Map) box(keep func(board.TerritoryID) bool) image.Rectangle {
	var r image.Rectangle
	m.runs(keep, func(x0, x1, y int) {
		ax, ay, _, _ := m.cellRect(x0, y)
		_, _, bx, by := m.cellRect(x1-1, y)
		r = r.Union(image.Rect(int(ax)-1, int(ay)-1, int(math.Ceil(float64(bx)))+1, int(math.Ceil(float64(by)))+1))
	})
	return r
}

// edgePath adds edge e, in the layers' pixels, to path.
func (m *Map) edgePath(path *vector.Path, e edge) {
	s := m.scale
	path.MoveTo(float32(float64(e.A.X)*m.lay.CellW*s), float32(float64(e.A.Y)*m.lay.CellH*s))
	path.LineTo(float32(float64(e.B.X)*m.lay.CellW*s), float32(float64(e.B.Y)*m.lay.CellH*s))
}

// paintLines paints the lines layer: the band of each continent's colour
// inside its edge, the borders between territories, the thicker ones
// between continents, the coasts, and the links across the sea.
func (m *Map) paintLines() {
	l := m.lines
	s := m.scale
	cw := m.lay.CellW * s
	// The continents' bands: each continent's outline stroked in its
	// colour, cut to the continent by a mask (the inner half stays).
	band := float32(math.Max(2, 0.26*cw))
	b := l.Bounds()
	scratch, mask := ebiten.NewImage(b.Dx(), b.Dy()), ebiten.NewImage(b.Dx(), b.Dy())
	defer scratch.Deallocate()
	defer mask.Deallocate()
	for i, polys := range m.geo.continent {
		scratch.Clear()
		mask.Clear()
		p := &vector.Path{}
		polyPath(p, polys, m.toLayer)
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(continentColor(i + 1))
		op.ColorScale.ScaleAlpha(0.85)
		vector.StrokePath(scratch, p, &vector.StrokeOptions{Width: 2 * band, LineJoin: vector.LineJoinRound}, op)
		m.fillShape(mask, polys, color.White)
		scratch.DrawImage(mask, &ebiten.DrawImageOptions{Blend: ebiten.BlendDestinationIn})
		l.DrawImage(scratch, nil)
	}
	stroke := func(kind edgeKind, w float64, a float32) {
		p := &vector.Path{}
		for _, e := range m.geo.edges[kind] {
			m.edgePath(p, e)
		}
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(borderColor)
		op.ColorScale.ScaleAlpha(a)
		vector.StrokePath(l, p, &vector.StrokeOptions{Width: float32(w), LineCap: vector.LineCapSquare}, op)
	}
	stroke(border, math.Max(1.3, 0.09*cw), 0.7)
	stroke(frontier, math.Max(2, 0.2*cw), 0.95)
	coasts := &vector.Path{}
	for _, polys := range m.geo.shape {
		coastPath(coasts, polys, m.toLayer)
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(borderColor)
	op.ColorScale.ScaleAlpha(0.95)
	vector.StrokePath(l, coasts, &vector.StrokeOptions{Width: float32(math.Max(1.2, 0.13*cw)), LineCap: vector.LineCapRound}, op)
	for _, sl := range m.geo.seaLinks {
		if sl.Wrap {
			continue // drawn each frame, out past the board's edges (drawWrapLinks)
		}
		for _, seg := range m.linkSegments(sl) {
			dashed(l, seg, float32(math.Max(1.2, 0.12*cw)), float32(0.55*cw), fade(seaLinkColor, 0.85))
		}
	}
}

// drawWrapLinks draws the links that cross the board's left and right
// edges (Alaska's to Kamchatka), which the lines layer cannot hold: each
// end from its territory's coast out past the board's edge, into the
// margin beside it, in gold when it is the selected territory's.
func (m *Map) drawWrapLinks(dst *ebiten.Image) {
	for _, sl := range m.geo.seaLinks {
		if !sl.Wrap {
			continue
		}
		c := fade(seaLinkColor, 0.85)
		w := math.Max(1.2, 0.12*m.lay.CellW*m.cam.Zoom)
		if m.sel != 0 && (sl.A == m.sel || sl.B == m.sel) {
			c, w = selectColor, math.Max(2, 0.16*m.lay.CellW*m.cam.Zoom)
		}
		for _, seg := range m.wrapSegments(sl) {
			x0, y0 := m.toWindow(seg.X0, seg.Y0)
			x1, y1 := m.toWindow(seg.X1, seg.Y1)
			dashed(dst, segment{x0, y0, x1, y1}, float32(w), float32(0.55*m.lay.CellW*m.cam.Zoom), c)
		}
	}
}

// wrapSegments returns the two lines of a link across the board's edges
// in world pixels: from each territory's cell out to a cell and a half
// past the edge on its side.
func (m *Map) wrapSegments(sl seaLink) []segment {
	ww, _ := m.lay.WorldSize()
	ax, ay := m.lay.CellCentre(sl.FromA[0], sl.FromA[1])
	bx, by := m.lay.CellCentre(sl.FromB[0], sl.FromB[1])
	out := 1.5 * m.lay.CellW
	end := func(x, y, ox, oy float64) segment {
		// The line from (x, y) towards the other end (ox, oy) moved a
		// board's width, cut where it is out past the edge.
		edge := -out
		if ox > x {
			edge = ww + out
		}
		t := (edge - x) / (ox - x)
		start := math.Min(0.45, 0.8*m.lay.CellW/math.Abs(ox-x))
		return segment{x + (ox-x)*start, y + (oy-y)*start, edge, y + (oy-y)*t}
	}
	if bx > ax {
		return []segment{end(ax, ay, bx-ww, by), end(bx, by, ax+ww, ay)}
	}
	return []segment{end(ax, ay, bx+ww, by), end(bx, by, ax-ww, ay)}
}

// segment is a line from (X0, Y0) to (X1, Y1).
type segment struct{ X0, Y0, X1, Y1 float64 }

// linkSegments returns the lines of sea link sl in the layers' pixels:
// from the coast of one territory's cell to the other's, or, across the
// drawing's edges, one line from each out past its edge.
func (m *Map) linkSegments(sl seaLink) []segment {
	s := m.scale
	ww, _ := m.lay.WorldSize()
	ax, ay := m.lay.CellCentre(sl.FromA[0], sl.FromA[1])
	bx, by := m.lay.CellCentre(sl.FromB[0], sl.FromB[1])
	one := func(ax, ay, bx, by float64) segment {
		// Start and end at the cells' edges, not their centres.
		dx, dy := bx-ax, by-ay
		// A little out from the coast, so that the dash does not cover
		// it; territories that touch at a corner keep a short line
		// across it.
		exit := math.Min(m.lay.CellW/2/math.Max(math.Abs(dx), 1e-9), m.lay.CellH/2/math.Max(math.Abs(dy), 1e-9))
		t := math.Min(0.35, exit+0.3*m.lay.CellW/math.Max(math.Hypot(dx, dy), 1e-9))
		return segment{(ax + dx*t) * s, (ay + dy*t) * s, (bx - dx*t) * s, (by - dy*t) * s}
	}
	if !sl.Wrap {
		return []segment{one(ax, ay, bx, by)}
	}
	shift := ww
	if bx < ax {
		shift = -ww
	}
	return []segment{one(ax, ay, bx-shift, by), one(bx, by, ax+shift, ay)}
}

// dashed draws a dashed line along seg, its dashes dash pixels long.
func dashed(dst *ebiten.Image, seg segment, w, dash float32, c color.Color) {
	dx, dy := float32(seg.X1-seg.X0), float32(seg.Y1-seg.Y0)
	n := float32(math.Hypot(float64(dx), float64(dy)))
	if n < 1 {
		return
	}
	p := &vector.Path{}
	for t := float32(0); t < n; t += 1.8 * dash {
		e := min(t+dash, n)
		p.MoveTo(float32(seg.X0)+dx*t/n, float32(seg.Y0)+dy*t/n)
		p.LineTo(float32(seg.X0)+dx*e/n, float32(seg.Y0)+dy*e/n)
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: w, LineCap: vector.LineCapRound}, op)
}

// toWindow32 converts a point in cells to window pixels.
func (m *Map) toWindow32(x, y float64) (float32, float32) {
	wx, wy := m.toWindow(x*m.lay.CellW, y*m.lay.CellH)
	return float32(wx), float32(wy)
}

// outlinePath returns territory t's outline on the window through the
// camera.
func (m *Map) outlinePath(t board.TerritoryID) *vector.Path {
	p := &vector.Path{}
	polyPath(p, m.geo.shape[t-1], m.toWindow32)
	return p
}

// strokeOutline strokes territory t's outline in colour c at opacity a,
// w pixels wide.
func (m *Map) strokeOutline(dst *ebiten.Image, t board.TerritoryID, c color.RGBA, a float32, w float64) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(a)
	vector.StrokePath(dst, m.outlinePath(t), &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound}, op)
}

// drawSelection dims the territories that are neither the selected one
// nor linked to it, outlines the selected in gold and its neighbours in
// white, and draws its links across the sea in gold.
func (m *Map) drawSelection(dst *ebiten.Image) {
	sel := m.b.Territory(m.sel)
	lit := func(t board.TerritoryID) bool { return t == m.sel || slices.Contains(sel.Links, t) }
	p := &vector.Path{}
	for i, polys := range m.geo.shape {
		if !lit(board.TerritoryID(i + 1)) {
			polyPath(p, polys, m.toWindow32)
		}
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(dimColor)
	op.ColorScale.ScaleAlpha(0.5)
	vector.FillPath(dst, p, nil, op)
	w := math.Max(2, 0.12*m.lay.CellW*m.cam.Zoom)
	for _, o := range sel.Links {
		m.strokeOutline(dst, o, neighborColor, 0.95, w)
	}
	for _, sl := range m.geo.seaLinks {
		if sl.Wrap || (sl.A != m.sel && sl.B != m.sel) {
			continue
		}
		for _, seg := range m.linkSegments(sl) {
			// From the layers' pixels to the window's.
			k := m.cam.Zoom / m.scale
			x0, y0 := m.toWindow(seg.X0/m.scale, seg.Y0/m.scale)
			x1, y1 := m.toWindow(seg.X1/m.scale, seg.Y1/m.scale)
			dashed(dst, segment{x0, y0, x1, y1}, float32(math.Max(2, 0.16*m.lay.CellW*m.cam.Zoom)), float32(0.55*m.lay.CellW*m.scale*k), selectColor)
		}
	}
	m.strokeOutline(dst, m.sel, selectColor, 0.35, 3*w)
	m.strokeOutline(dst, m.sel, selectColor, 1, 1.4*w)
}

// drawDisc draws a disc of radius r and colour c centred on (x, y).
func (m *Map) drawDisc(dst *ebiten.Image, x, y, r float64, c color.Color) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	k := r / discR
	op.GeoM.Translate(-discR-1, -discR-1)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(m.disc, op)
}

// drawPill draws a pill w wide and h high (a disc when w == h) of colour
// c centred on (x, y).
func (m *Map) drawPill(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	r := h / 2
	if w <= h {
		m.drawDisc(dst, x, y, r, c)
		return
	}
	m.drawDisc(dst, x-w/2+r, y, r, c)
	m.drawDisc(dst, x+w/2-r, y, r, c)
	vector.FillRect(dst, float32(x-w/2+r), float32(y-r), float32(w-2*r), float32(h), c, true)
}

// badgeRadius returns a badge's radius on the window at the camera's
// zoom: about two thirds of a cell's width, 9 to 17 pixels.
func (m *Map) badgeRadius() float64 {
	return math.Max(9, math.Min(17, 0.62*m.lay.CellW*m.cam.Zoom))
}

// badgeFace returns the face of a badge's figures for badges of radius r.
func (m *Map) badgeFace(r float64) *text.GoTextFace { return m.faces.Face(math.Max(11, r*1.15), true) }

// badgeWidth returns the width of territory t's badge on the window: a
// disc's, or wider for a count of more figures than a disc holds.
func (m *Map) badgeWidth(t board.TerritoryID) float64 {
	r := m.badgeRadius()
	tw, _ := text.Measure(strconv.Itoa(m.hold[t-1].Armies), m.badgeFace(r), 0)
	return math.Max(2*r, tw+1.1*r)
}

// drawBadge draws territory t's army count at its label cell: the count
// in dark figures on a light pill ringed in the owner's colour; a city
// beside it; its name under it when the map is zoomed in far enough.
func (m *Map) drawBadge(dst *ebiten.Image, t board.TerritoryID) {
	x, y, _ := m.ScreenOf(t)
	r := m.badgeRadius()
	bounds := dst.Bounds()
	if x < float64(bounds.Min.X)-4*r || x > float64(bounds.Max.X)+4*r || y < float64(bounds.Min.Y)-4*r || y > float64(bounds.Max.Y)+4*r {
		return
	}
	h := m.hold[t-1]
	face := m.badgeFace(r)
	s := strconv.Itoa(h.Armies)
	tw, th := text.Measure(s, face, 0)
	w := m.badgeWidth(t)
	ring := math.Max(2, r*0.26)
	m.drawPill(dst, x, y, w+3, 2*r+3, inkDark)
	m.drawPill(dst, x, y, w, 2*r, ownerColor(h.Owner))
	m.drawPill(dst, x, y, w-2*ring, 2*r-2*ring, badgeFace)
	op := &text.DrawOptions{}
	op.GeoM.Translate(math.Round(x-tw/2), math.Round(y-th/2))
	op.ColorScale.ScaleWithColor(inkDark)
	text.Draw(dst, s, face, op)
	if h.City {
		m.drawCity(dst, x+w/2-r*0.1, y-r*0.75, r*1.05)
	}
	if cs := m.lay.CellW * m.cam.Zoom; cs >= 20 {
		name := m.b.Territories[t-1].Name
		nf := m.faces.Face(math.Min(15, cs*0.5), true)
		nw, _ := text.Measure(name, nf, 0)
		nx, ny := math.Round(x-nw/2), math.Round(y+r+2)
		for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, 1}} {
			op := &text.DrawOptions{}
			op.GeoM.Translate(nx+d[0], ny+d[1])
			op.ColorScale.ScaleWithColor(inkDark)
			text.Draw(dst, name, nf, op)
		}
		op := &text.DrawOptions{}
		op.GeoM.Translate(nx, ny)
		op.ColorScale.ScaleWithColor(badgeFace)
		text.Draw(dst, name, nf, op)
	}
}

// drawCity draws a city's mark, a tower with battlements size pixels
// wide and high, the middle of its left side at (x, y).
func (m *Map) drawCity(dst *ebiten.Image, x, y, size float64) {
	h := size
	bx, by := float32(x), float32(y-h/2)
	n := float32(size / 4) // a battlement's side
	body := func(grow float32, c color.Color) {
		vector.FillRect(dst, bx-grow, by+n-grow, float32(size)+2*grow, float32(h)-n+2*grow, c, false)
		for i := range 3 {
			vector.FillRect(dst, bx+float32(i)*1.5*n-grow, by-grow, n+2*grow, n+grow, c, false)
		}
	}
	body(1.5, inkDark)
	body(0, badgeFace)
	// The gate.
	vector.FillRect(dst, bx+float32(size)/2-n/2, by+float32(h)-1.4*n, n, 1.4*n, inkDark, false)
}
