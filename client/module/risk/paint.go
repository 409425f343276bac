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

	"empires/client/art"
	"empires/shared/game"
	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
)

// offMapColor is what lies beyond the board's drawing.
var offMapColor = color.RGBA{12, 16, 24, 255}

// labelPlate is the dark plate under a continent's label.
var labelPlate = art.Alpha(color.RGBA{14, 20, 30, 255}, 0.85)

// layerScale returns the scale the layers are painted at for the
// picture's zoom (the camera's times the interface size): the step of √2 at or above it (the layers are drawn a
// little reduced, sharp; a zoom paints them again only when it passes a
// step), or less where the layers would pass maxLayer.
func (m *Map) layerScale() float64 {
	ww, wh := m.lay.WorldSize()
	step := math.Pow(2, math.Ceil(2*math.Log2(m.zoom())-1e-9)/2)
	return math.Min(step, maxLayer/(math.Max(ww, wh)+2*m.margin()))
}

// margin is the layers' margin around the board, in world pixels: room
// for the link that leaves the board's edges.
func (m *Map) margin() float64 { return 2 * m.lay.CellW }

// px converts a world point to the layers' pixels, on the grid of 1/64
// pixel (snap).
func (m *Map) px(wx, wy float64) (float64, float64) {
	return float64(art.Snap((wx + m.margin()) * m.scale)), float64(art.Snap((wy + m.margin()) * m.scale))
}

// paintLayers paints the layers again where the zoom, the holdings, the
// selection or the territory under the pointer changed since they were
// painted: all of them at a new scale, otherwise only the parts that
// show something else (paint_parts.go).
func (m *Map) paintLayers() {
	if r := discR * math.Ceil(m.ui); m.disc == nil || r != m.discR {
		if m.disc != nil {
			m.disc.Deallocate()
		}
		m.discR = r
		m.disc = ebiten.NewImage(int(2*r+2), int(2*r+2))
		vector.FillCircle(m.disc, float32(r+1), float32(r+1), float32(r), color.White, true)
	}
	if m.pixel == nil {
		px := ebiten.NewImage(3, 3)
		px.Fill(color.White)
		m.pixel = px.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image) // inside: no edge bleeds when scaled
	}
	s := m.layerScale()
	if s != m.scale || m.lines == nil || m.paintedUI != m.ui {
		m.paintedUI = m.ui
		m.scale = s
		ww, wh := m.lay.WorldSize()
		w, h := int(math.Ceil((ww+2*m.margin())*s)), int(math.Ceil((wh+2*m.margin())*s))
		for _, img := range []*ebiten.Image{m.ground, m.lines, m.overlay, m.hovered, m.scratch, m.mask} {
			if img != nil {
				img.Deallocate()
			}
		}
		m.ground, m.lines = ebiten.NewImage(w, h), ebiten.NewImage(w, h)
		m.overlay, m.hovered = ebiten.NewImage(w, h), ebiten.NewImage(w, h)
		m.scratch, m.mask = ebiten.NewImage(w, h), ebiten.NewImage(w, h)
		m.placeLabels()
		for _, t := range tiles(m.lines.Bounds()) {
			m.paintLines(t)
		}
		m.groundOwners = nil
		m.overlayFor, m.hoveredFor = overlayKey{}, overlayKey{}
	}
	for _, t := range tiles(m.groundChanges()...) {
		m.paintGround(t)
	}
	m.groundOwners = m.owners(m.groundOwners)
	key := overlayKey{sel: m.sel, scale: m.scale, painted: true}
	if key != m.overlayFor {
		parts := m.overlayChanges(m.overlayFor, key)
		m.overlayFor = key
		for _, t := range tiles(parts...) {
			m.paintOverlay(t)
		}
	}
	if m.hover.On {
		key.hover = m.hover.At
	}
	if key != m.hoveredFor {
		parts := m.hoveredChanges(m.hoveredFor, key)
		m.hoveredFor = key
		for _, t := range tiles(parts...) {
			m.paintHovered(t)
		}
	}
}

// overlayKey is what the overlay or the hovered layer was painted for.
type overlayKey struct {
	sel, hover board.TerritoryID
	scale      float64
	painted    bool
}

// toLayer converts a point in cells to the layers' pixels.
func (m *Map) toLayer(x, y float64) (float32, float32) {
	px, py := m.px(x*m.lay.CellW, y*m.lay.CellH)
	return float32(px), float32(py)
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
		return m.ownerColor(o)
	}
	return art.Mix(neutralFill, continentColor(int(m.b.Territories[t-1].Continent)), 0.25)
}

// paintGround paints part r of the ground layer (a tile, at most
// tileSide pixels a side): the sea, the surf along the coasts, each
// territory in its fill colour, and each owner's pattern over its
// territories. Each step draws the shapes it draws for the whole layer,
// cut to r, so that a part comes out as the whole layer's painting
// shows it.
func (m *Map) paintGround(r image.Rectangle) {
	m.paints.ground++
	m.paints.groundPixels += r.Dx() * r.Dy()
	s := m.scale
	ww, wh := m.lay.WorldSize()
	x0, y0 := m.px(0, 0)
	x1, y1 := m.px(ww, wh)
	g := sub(m.ground, r)
	g.Fill(offMapColor)
	vector.FillRect(g, float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), seaColor, false)
	// The surf: a wide soft stroke along the coasts, which the land
	// then covers on its side.
	coasts := &vector.Path{}
	for _, polys := range m.geo.shape {
		polyPath(coasts, polys, m.toLayer)
	}
	surf := &vector.Path{}
	surf.AddStroke(coasts, &vector.AddStrokeOptions{StrokeOptions: vector.StrokeOptions{Width: float32(0.9 * m.lay.CellW * s), LineJoin: vector.LineJoinRound}})
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(shallowColor)
	op.ColorScale.ScaleAlpha(0.45)
	vector.FillPath(g, surf, nil, op)
	for i := range m.b.Territories {
		if t := board.TerritoryID(i + 1); m.footprint(t, 0).Overlaps(r) {
			m.fillShape(g, m.geo.shape[i], m.fillOf(t))
		}
	}
	// The patterns, one owner at a time in seat order: the pattern over
	// the owner's territories, cut to them by a mask, in the parts of
	// the layer around them.
	var seats []ruleset.Seat
	for _, h := range m.hold {
		if h.Owner != 0 && !slices.Contains(seats, h.Owner) {
			seats = append(seats, h.Owner)
		}
	}
	slices.Sort(seats)
	period := math.Max(5*m.ui, 0.5*m.lay.CellW*s)
	for _, seat := range seats {
		var boxes []image.Rectangle
		for i, h := range m.hold {
			if p := m.footprint(board.TerritoryID(i+1), 0).Intersect(r); h.Owner == seat && !p.Empty() {
				boxes = append(boxes, p)
			}
		}
		m.paintPattern(disjoint(boxes), seat, period)
	}
	m.paintHalos(r)
}

// paintHalos paints, in part r of the ground layer, a light line inside
// the edge of each territory whose fill is too dark for the borders to
// show on it (haloed), 1.5 pixels of 100 % wide, beside the widest border
// (a frontier's): its shape's outline stroked that much wider than the
// border, the border's own width cleared from its middle, cut to the
// shape by a mask. The borders over it still fall on the dark fill.
func (m *Map) paintHalos(r image.Rectangle) {
	zw, k := m.lay.CellW*m.cam.Zoom, m.scale/m.cam.Zoom
	inner := math.Max(2, 0.2*zw) * k // a frontier's width
	w := inner + 3*k
	for i := range m.b.Territories {
		t := board.TerritoryID(i + 1)
		box := m.footprint(t, 0).Intersect(r)
		if box.Empty() || !haloed(m.fillOf(t)) {
			continue
		}
		sc, mk := sub(m.scratch, box), sub(m.mask, box)
		sc.Clear()
		mk.Clear()
		m.strokeShape(sc, m.geo.shape[i], haloColor, 1, w)
		p := &vector.Path{}
		polyPath(p, m.geo.shape[i], m.toLayer)
		vector.StrokePath(sc, p, &vector.StrokeOptions{Width: float32(inner), LineJoin: vector.LineJoinRound},
			&vector.DrawPathOptions{AntiAlias: true, Blend: ebiten.BlendDestinationOut})
		m.fillShape(mk, m.geo.shape[i], color.White)
		at := &ebiten.DrawImageOptions{Blend: ebiten.BlendDestinationIn}
		at.GeoM.Translate(float64(box.Min.X), float64(box.Min.Y))
		sc.DrawImage(mk, at)
		at = &ebiten.DrawImageOptions{}
		at.GeoM.Translate(float64(box.Min.X), float64(box.Min.Y))
		m.ground.DrawImage(sc, at)
	}
}

// sub returns img's part r.
func sub(img *ebiten.Image, r image.Rectangle) *ebiten.Image { return img.SubImage(r).(*ebiten.Image) }

// paintPattern paints seat's pattern over its territories in parts of
// the ground layer (none overlapping another), its period period
// pixels: the pattern drawn in the scratch image, cut by the
// territories' shapes drawn in the mask. The parts are cleared first,
// then all drawn, then all cut: the GL draws the shapes of all the parts
// in one batch.
func (m *Map) paintPattern(parts []image.Rectangle, seat ruleset.Seat, period float64) {
	for _, box := range parts {
		sub(m.scratch, box).Clear()
		sub(m.mask, box).Clear()
	}
	for _, box := range parts {
		art.DrawPattern(sub(m.scratch, box), m.ground.Bounds(), art.PlayerPattern(game.PlayerID(seat)), period, art.PatternInk(m.ownerColor(seat)), m.disc)
		for i, h := range m.hold {
			if t := board.TerritoryID(i + 1); h.Owner == seat && m.footprint(t, 0).Overlaps(box) {
				m.fillShape(sub(m.mask, box), m.geo.shape[i], color.White)
			}
		}
	}
	for _, box := range parts {
		at := &ebiten.DrawImageOptions{Blend: ebiten.BlendDestinationIn}
		at.GeoM.Translate(float64(box.Min.X), float64(box.Min.Y))
		sub(m.scratch, box).DrawImage(sub(m.mask, box), at)
		at = &ebiten.DrawImageOptions{}
		at.GeoM.Translate(float64(box.Min.X), float64(box.Min.Y))
		m.ground.DrawImage(sub(m.scratch, box), at)
	}
}

// disjoint returns rectangles covering rs, none overlapping another:
// those that overlap are joined into the rectangle around them (a part
// of a layer is painted once, or a pattern would be laid twice on the
// edges of its shapes).
func disjoint(rs []image.Rectangle) []image.Rectangle {
	out := slices.Clone(rs)
	for joined := true; joined; {
		joined = false
		for i := 0; i < len(out) && !joined; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = slices.Delete(out, j, j+1)
					joined = true
					break
				}
			}
		}
	}
	return out
}

// edgePath adds edge e, in the layers' pixels, to path.
func (m *Map) edgePath(path *vector.Path, e edge) {
	path.MoveTo(m.toLayer(float64(e.A.X), float64(e.A.Y)))
	path.LineTo(m.toLayer(float64(e.B.X), float64(e.B.Y)))
}

// paintLines paints the lines layer: the band of each continent's colour
// inside its edge, the borders between territories, the thicker ones
// between continents, the coasts, and the links across the sea.
func (m *Map) paintLines(r image.Rectangle) {
	m.paints.lines++
	l := sub(m.lines, r)
	l.Clear()
	cw := m.lay.CellW * m.scale // a cell's width in the layer
	// Widths are set in the pixels of 100 % at the camera's zoom (zw, a
	// cell's width there) and drawn k times as wide in the layer (the
	// interface size is in k).
	zw, k := m.lay.CellW*m.cam.Zoom, m.scale/m.cam.Zoom
	m.paintBands(l, float32(math.Max(2, 0.26*zw)*k))
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
	stroke(border, math.Max(1.3, 0.09*zw)*k, 0.7)
	stroke(frontier, math.Max(2, 0.2*zw)*k, 0.95)
	coasts := &vector.Path{}
	for _, polys := range m.geo.shape {
		coastPath(coasts, polys, m.toLayer)
	}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(borderColor)
	op.ColorScale.ScaleAlpha(0.95)
	vector.StrokePath(l, coasts, &vector.StrokeOptions{Width: float32(math.Max(1.2, 0.13*zw) * k), LineCap: vector.LineCapRound}, op)
	for _, sl := range m.geo.seaLinks {
		for _, seg := range m.linkSegments(sl) {
			dashed(l, m.segPx(seg), float32(math.Max(1.2, 0.12*zw)*k), float32(0.55*cw), art.Alpha(seaLinkColor, 0.85))
		}
	}
	m.paintContinentLabels(l)
}

// paintBands paints in l the band of each continent's colour inside its
// edge, band pixels wide: the continent's outline stroked in its colour,
// cut to the continent by a mask (the inner half stays).
func (m *Map) paintBands(l *ebiten.Image, band float32) {
	scratch, mask := m.scratch, m.mask
	for i, polys := range m.geo.continent {
		// Only the part of the layer around the continent.
		r := m.around(extentOf(polys), float64(band)).Intersect(l.Bounds())
		if r.Empty() {
			continue
		}
		sc, mk := scratch.SubImage(r).(*ebiten.Image), mask.SubImage(r).(*ebiten.Image)
		sc.Clear()
		mk.Clear()
		p := &vector.Path{}
		polyPath(p, polys, m.toLayer)
		op := &vector.DrawPathOptions{AntiAlias: true}
		op.ColorScale.ScaleWithColor(continentColor(i + 1))
		op.ColorScale.ScaleAlpha(0.85)
		vector.StrokePath(sc, p, &vector.StrokeOptions{Width: 2 * band, LineJoin: vector.LineJoinRound}, op)
		m.fillShape(mk, polys, color.White)
		at := &ebiten.DrawImageOptions{Blend: ebiten.BlendDestinationIn}
		at.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		sc.DrawImage(mk, at)
		at = &ebiten.DrawImageOptions{}
		at.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
		l.DrawImage(sc, at)
	}
}

// segPx converts a segment in world pixels to the layers' pixels.
func (m *Map) segPx(seg segment) segment {
	x0, y0 := m.px(seg.X0, seg.Y0)
	x1, y1 := m.px(seg.X1, seg.Y1)
	return segment{x0, y0, x1, y1}
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

// linkSegments returns the lines of sea link sl in world pixels: from
// the coast of one territory's cell to the other's, or, across the
// drawing's edges, one line from each out past its edge.
func (m *Map) linkSegments(sl seaLink) []segment {
	if sl.Wrap {
		return m.wrapSegments(sl)
	}
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
		return segment{ax + dx*t, ay + dy*t, bx - dx*t, by - dy*t}
	}
	return []segment{one(ax, ay, bx, by)}
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

// paintOverlay paints part r of the overlay layer (a tile): with a
// territory selected, the territories neither it nor linked to it dimmed, its
// neighbours outlined in white, its links across the sea in gold, and
// itself outlined in gold. Widths are in the pixels of 100 % at the
// camera's zoom.
func (m *Map) paintOverlay(r image.Rectangle) {
	m.paints.overlay++
	m.paints.overlayPixels += r.Dx() * r.Dy()
	o := sub(m.overlay, r)
	o.Clear()
	sel := m.b.Territory(m.sel)
	if sel == nil {
		return
	}
	k := m.scale / m.cam.Zoom // 100 %'s pixels to the layers'
	lit := func(t board.TerritoryID) bool { return t == m.sel || slices.Contains(sel.Links, t) }
	// Only the shapes that reach r: a tile of sea draws nothing.
	reach := m.overlayReach()
	dim := &vector.Path{}
	for i, polys := range m.geo.shape {
		if t := board.TerritoryID(i + 1); !lit(t) && m.footprint(t, 0).Overlaps(r) {
			polyPath(dim, polys, m.toLayer)
		}
	}
	w := math.Max(2, 0.12*m.lay.CellW*m.cam.Zoom)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(dimColor)
	op.ColorScale.ScaleAlpha(0.5)
	vector.FillPath(o, dim, nil, op)
	for _, n := range sel.Links {
		if m.footprint(n, reach).Overlaps(r) {
			m.strokeShape(o, m.geo.shape[n-1], neighborColor, 0.95, w*k)
		}
	}
	for _, sl := range m.geo.seaLinks {
		if sl.A != m.sel && sl.B != m.sel {
			continue
		}
		for _, seg := range m.linkSegments(sl) {
			if m.segRect(seg, reach).Overlaps(r) {
				dashed(o, m.segPx(seg), float32(math.Max(2, 0.16*m.lay.CellW*m.cam.Zoom)*k), float32(0.55*m.lay.CellW*m.scale), selectColor)
			}
		}
	}
	if m.footprint(m.sel, reach).Overlaps(r) {
		m.strokeShape(o, m.geo.shape[m.sel-1], selectColor, 0.35, 3*w*k)
		m.strokeShape(o, m.geo.shape[m.sel-1], selectColor, 1, 1.4*w*k)
	}
}

// paintHovered paints part r of the hovered layer (a tile): the territory under the pointer outlined in
// white (unless it is the selected one, outlined in gold already). It is
// a layer of its own so that the pointer crossing from one territory to
// the next paints two outlines' parts, not the selection.
func (m *Map) paintHovered(r image.Rectangle) {
	m.paints.hovered++
	m.paints.hoveredPixels += r.Dx() * r.Dy()
	o := sub(m.hovered, r)
	o.Clear()
	if h := m.hoveredFor.hover; h != 0 && h != m.sel {
		m.strokeShape(o, m.geo.shape[h-1], hoverColor, 1, 1.5*m.scale/m.cam.Zoom)
	}
}

// strokeShape strokes polygons polys in the layers' pixels in colour c
// at opacity a, w pixels wide.
func (m *Map) strokeShape(dst *ebiten.Image, polys []poly, c color.RGBA, a float32, w float64) {
	p := &vector.Path{}
	polyPath(p, polys, m.toLayer)
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	op.ColorScale.ScaleAlpha(a)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound}, op)
}

// drawDisc draws a disc of radius r and colour c centred on (x, y).
func (m *Map) drawDisc(dst *ebiten.Image, x, y, r float64, c color.Color) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	k := r / m.discR
	op.GeoM.Translate(-m.discR-1, -m.discR-1)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(m.disc, op)
}

// rect fills the rectangle at (x, y), w by h pixels, with c: the white
// pixel scaled, which a frame draws in one batch with the discs and the
// text (a vector shape in between would cost a pass of its own).
func (m *Map) rect(dst *ebiten.Image, x, y, w, h float64, c color.Color) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(w, h)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	dst.DrawImage(m.pixel, op)
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
	m.rect(dst, x-w/2+r, y-r, w-2*r, h, c)
}

// badgeRadius returns a badge's radius on the window at the camera's
// zoom: about two thirds of a cell's width, 9 to 17 pixels of 100 %.
func (m *Map) badgeRadius() float64 {
	return m.ui * math.Max(9, math.Min(17, 0.62*m.lay.CellW*m.cam.Zoom))
}

// badgeFace returns the face of a badge's figures for badges of radius r
// (window pixels).
func (m *Map) badgeFace(r float64) *text.GoTextFace {
	return m.faces.Face(math.Max(11*m.ui, r*1.15), true)
}

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
	ring := math.Max(2*m.ui, r*0.26)
	m.drawPill(dst, x, y, w+3*m.ui, 2*r+3*m.ui, inkDark)
	m.drawPill(dst, x, y, w, 2*r, m.ownerColor(h.Owner))
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
		nf := m.faces.Face(math.Min(15, cs*0.5)*m.ui, true)
		nw, _ := text.Measure(name, nf, 0)
		nx, ny := math.Round(x-nw/2), math.Round(y+r+2*m.ui)
		e := math.Round(m.ui) // the dark edge round the letters
		for _, d := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {1, 1}} {
			op := &text.DrawOptions{}
			op.GeoM.Translate(nx+d[0]*e, ny+d[1]*e)
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
	bx, by := x, y-h/2
	n := size / 4 // a battlement's side
	body := func(grow float64, c color.Color) {
		m.rect(dst, bx-grow, by+n-grow, size+2*grow, h-n+2*grow, c)
		for i := range 3 {
			m.rect(dst, bx+float64(i)*1.5*n-grow, by-grow, n+2*grow, n+grow, c)
		}
	}
	body(1.5*m.ui, inkDark)
	body(0, badgeFace)
	// The gate.
	m.rect(dst, bx+size/2-n/2, by+h-1.4*n, n, 1.4*n, inkDark)
}

// continentLabel is where a continent's name and bonus are written on
// the sea: the label's centre in world pixels.
type continentLabel struct {
	C    board.ContinentID
	Text string
	X, Y float64
	W, H float64 // its plate's size in world pixels
}

// continentLabels places each continent's name and bonus ("Asia +7") on
// the sea near it, its plate w by h window pixels at the camera's zoom:
// of the sea cells within three cells of the continent, the one nearest
// the continent's middle where the plate lies on sea only, clear of the
// labels placed before and of the links across the sea. A continent with no such place has no label (its
// tooltip still tells).
func (m *Map) continentLabels(measure func(string) (w, h float64)) []continentLabel {
	b := m.b
	var out []continentLabel
	for _, c := range b.Continents {
		text := c.Name + " +" + strconv.Itoa(c.Bonus)
		tw, th := measure(text)
		w, h := tw/m.cam.Zoom, th/m.cam.Zoom // in world pixels
		var sx, sy, n float64
		near := make([]bool, len(b.Cells)) // sea cells within 4 of the continent
		for i, t := range b.Cells {
			if t == 0 || b.Territories[t-1].Continent != c.ID {
				continue
			}
			x, y := i%b.Width, i/b.Width
			sx, sy, n = sx+float64(x), sy+float64(y), n+1
			for dy := -4; dy <= 4; dy++ {
				for dx := -4; dx <= 4; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < b.Width && yy < b.Height && b.Cell(xx, yy) == 0 {
						near[yy*b.Width+xx] = true
					}
				}
			}
		}
		if n == 0 {
			continue
		}
		mx, my := m.lay.CellCentre(int(sx/n), int(sy/n))
		best, bestD := continentLabel{}, math.Inf(1)
		for i, ok := range near {
			if !ok {
				continue
			}
			x, y := m.lay.CellCentre(i%b.Width, i/b.Width)
			l := continentLabel{C: c.ID, Text: text, X: x, Y: y, W: w, H: h}
			d := math.Hypot(x-mx, y-my)
			if d >= bestD || !m.onSea(l) || overlaps(l, out) || m.crossesLink(l) {
				continue
			}
			best, bestD = l, d
		}
		if bestD < math.Inf(1) {
			out = append(out, best)
		}
	}
	return out
}

// onSea reports whether label l's plate, and a third of a cell around
// it, lies on sea cells only, inside the board.
func (m *Map) onSea(l continentLabel) bool {
	mx, my := m.lay.CellW/3, m.lay.CellH/3
	x0, y0, ok0 := m.lay.CellAt(l.X-l.W/2-mx, l.Y-l.H/2-my)
	x1, y1, ok1 := m.lay.CellAt(l.X+l.W/2+mx, l.Y+l.H/2+my)
	if !ok0 || !ok1 {
		return false
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if m.b.Cell(x, y) != 0 {
				return false
			}
		}
	}
	return true
}

// crossesLink reports whether a link across the sea runs under label
// l's plate.
func (m *Map) crossesLink(l continentLabel) bool {
	for _, sl := range m.geo.seaLinks {
		for _, seg := range m.linkSegments(sl) {
			n := math.Ceil(math.Hypot(seg.X1-seg.X0, seg.Y1-seg.Y0) / 4)
			for i := 0.0; i <= n; i++ {
				x, y := seg.X0+(seg.X1-seg.X0)*i/n, seg.Y0+(seg.Y1-seg.Y0)*i/n
				if math.Abs(x-l.X) < l.W/2+4 && math.Abs(y-l.Y) < l.H/2+4 {
					return true
				}
			}
		}
	}
	return false
}

// overlaps reports whether label l's plate overlaps one of placed.
func overlaps(l continentLabel, placed []continentLabel) bool {
	for _, o := range placed {
		if math.Abs(l.X-o.X) < (l.W+o.W)/2 && math.Abs(l.Y-o.Y) < (l.H+o.H)/2 {
			return true
		}
	}
	return false
}

// labelFace returns the face of the continents' labels in the layers'
// pixels (13 pixels of 100 %), and its plate's padding.
func (m *Map) labelFace() (face *text.GoTextFace, pad float64) {
	return m.faces.Face(13*m.scale/m.cam.Zoom, true), 5 * m.ui
}

// placeLabels places the continents' labels (continentLabels) at the
// camera's zoom, for paintContinentLabels.
func (m *Map) placeLabels() {
	k := m.scale / m.cam.Zoom
	face, pad := m.labelFace()
	measure := func(s string) (float64, float64) {
		w, h := text.Measure(s, face, 0)
		return (w + 2*pad) / k, (h + pad) / k // window pixels at the zoom
	}
	m.labels = m.continentLabels(measure)
}

// paintContinentLabels writes each continent's name and bonus on the
// sea near it (placed by placeLabels) in the continent's colour on a
// dark plate edged in it.
func (m *Map) paintContinentLabels(dst *ebiten.Image) {
	k := m.scale / m.cam.Zoom
	face, _ := m.labelFace()
	for _, l := range m.labels {
		c := continentColor(int(l.C))
		x, y := m.px(l.X, l.Y)
		pw, ph := l.W*m.scale, l.H*m.scale
		vector.FillRect(dst, float32(x-pw/2), float32(y-ph/2), float32(pw), float32(ph), labelPlate, true)
		vector.StrokeRect(dst, float32(x-pw/2), float32(y-ph/2), float32(pw), float32(ph), float32(math.Max(1, 1.2*k)), c, true)
		tw, th := text.Measure(l.Text, face, 0)
		op := &text.DrawOptions{}
		op.GeoM.Translate(math.Round(x-tw/2), math.Round(y-th/2))
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, l.Text, face, op)
	}
}
