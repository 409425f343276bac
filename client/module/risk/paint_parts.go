package risk

import (
	"image"
	"math"

	"empires/shared/rules/risk/board"
	"empires/shared/ruleset"
)

// The layers are painted again in parts: a change of holdings, of the
// selection or of the territory under the pointer paints the rectangles
// of the layer where what it shows changed (each from scratch, with
// the shapes the whole layer's painting draws, cut to the rectangle), so
// that on a slow GL a conquest or a move of the pointer costs a
// territory's painting, not the board's.

// tileSide is the side of the largest part of a layer painted at once,
// in pixels. The GL's work image for the shapes of a painting (Ebiten's
// vector atlas) grows to the largest painting's size and is cleared
// whole at each painting after: painted in tiles, every painting clears
// a tile's worth, not the layer's.
const tileSide = 512

// tiles returns rectangles rs cut into tiles of at most tileSide pixels
// a side, in order.
func tiles(rs ...image.Rectangle) []image.Rectangle {
	var out []image.Rectangle
	for _, r := range rs {
		for y := r.Min.Y; y < r.Max.Y; y += tileSide {
			for x := r.Min.X; x < r.Max.X; x += tileSide {
				out = append(out, image.Rect(x, y, x+tileSide, y+tileSide).Intersect(r))
			}
		}
	}
	return out
}

// paintCount counts the layers' paintings and the pixels painted.
type paintCount struct {
	ground, groundPixels   int
	lines                  int
	overlay, overlayPixels int
	hovered, hoveredPixels int
}

// hoverReach is how far the hovered outline reaches out of its
// territory's shape, in the layers' pixels: half its width at the
// smallest zoom of a step (1.5 pixels of 100 % drawn reduced by up to
// √2, at the interface size ui) and a pixel for the anti-aliasing; 2 at
// 100 %.
func (m *Map) hoverReach() float64 { return 2 * m.ui }

// overlayReach is how far the selection's lines reach out of the shapes
// they follow, in the layers' pixels, at any zoom of the step: half the
// gold glow's width (3 times a neighbour's line, whose width is 2
// pixels of 100 % or 0.12 of a cell, and the gold links' 0.16 of a
// cell) and a pixel.
func (m *Map) overlayReach() float64 {
	return 1.5*math.Max(2*math.Sqrt2*m.ui, 0.16*m.lay.CellW*m.scale) + 1
}

// footprint returns the rectangle of the layers' pixels that territory
// t's shape covers, grown by reach pixels and a pixel for the
// anti-aliasing, within the layers.
func (m *Map) footprint(t board.TerritoryID, reach float64) image.Rectangle {
	return m.around(m.geo.extent[t-1], reach)
}

// around returns the rectangle of the layers' pixels around extent e,
// grown by reach pixels and a pixel for the anti-aliasing, within the
// layers.
func (m *Map) around(e extent, reach float64) image.Rectangle {
	x0, y0 := m.toLayer(e.Min[0], e.Min[1])
	x1, y1 := m.toLayer(e.Max[0], e.Max[1])
	r := image.Rect(int(math.Floor(float64(x0)-reach))-1, int(math.Floor(float64(y0)-reach))-1,
		int(math.Ceil(float64(x1)+reach))+1, int(math.Ceil(float64(y1)+reach))+1)
	return r.Intersect(m.ground.Bounds())
}

// owners returns the territories' owners by territory ID less one, in
// buf's room.
func (m *Map) owners(buf []ruleset.Seat) []ruleset.Seat {
	buf = buf[:0]
	for _, h := range m.hold {
		buf = append(buf, h.Owner)
	}
	return buf
}

// groundChanges returns the parts of the ground to paint again for the
// holdings: none when no owner changed since it was painted (armies and
// cities are the badges'), the whole layer when it was not painted at
// this scale or when the parts would cover half of it, otherwise the
// parts around the territories whose owner changed (none overlapping
// another).
func (m *Map) groundChanges() []image.Rectangle {
	whole := m.ground.Bounds()
	if m.groundOwners == nil {
		return []image.Rectangle{whole}
	}
	var parts []image.Rectangle
	for i, h := range m.hold {
		if h.Owner != m.groundOwners[i] {
			parts = append(parts, m.footprint(board.TerritoryID(i+1), 0))
		}
	}
	parts = disjoint(parts)
	area := 0
	for _, r := range parts {
		area += r.Dx() * r.Dy()
	}
	if 2*area > whole.Dx()*whole.Dy() {
		return []image.Rectangle{whole}
	}
	return parts
}

// overlayChanges returns the parts of the overlay to paint again when
// it shows was instead of now: none when it is to show no selection
// (Draw leaves it out then), the whole layer when it was not painted at
// this scale or had no selection, otherwise the parts the two
// selections light (selectionParts), none overlapping another.
func (m *Map) overlayChanges(was, now overlayKey) []image.Rectangle {
	switch {
	case now.sel == 0:
		return nil // the overlay is not drawn
	case !was.painted || was.scale != now.scale || was.sel == 0:
		return []image.Rectangle{m.overlay.Bounds()}
	}
	return disjoint(append(m.selectionParts(was.sel), m.selectionParts(now.sel)...))
}

// selectionParts returns the parts of the overlay that territory sel's
// selection changes: its shape's and its neighbours' (outlined, not
// dimmed), and its links' across the sea, each grown by the lines'
// reach.
func (m *Map) selectionParts(sel board.TerritoryID) []image.Rectangle {
	reach := m.overlayReach()
	tt := m.b.Territory(sel)
	parts := []image.Rectangle{m.footprint(sel, reach)}
	for _, n := range tt.Links {
		parts = append(parts, m.footprint(n, reach))
	}
	for _, sl := range m.geo.seaLinks {
		if sl.A != sel && sl.B != sel {
			continue
		}
		for _, seg := range m.linkSegments(sl) {
			parts = append(parts, m.segRect(seg, reach))
		}
	}
	return parts
}

// segRect returns the rectangle of the layers' pixels around segment seg
// (in world pixels), grown by reach pixels and a pixel, within the
// layers.
func (m *Map) segRect(seg segment, reach float64) image.Rectangle {
	s := m.segPx(seg)
	r := image.Rect(int(math.Floor(math.Min(s.X0, s.X1)-reach))-1, int(math.Floor(math.Min(s.Y0, s.Y1)-reach))-1,
		int(math.Ceil(math.Max(s.X0, s.X1)+reach))+1, int(math.Ceil(math.Max(s.Y0, s.Y1)+reach))+1)
	return r.Intersect(m.overlay.Bounds())
}

// hoveredChanges returns the parts of the hovered layer to paint again
// when it shows was instead of now: the whole layer when it was not
// painted at this scale, otherwise the outlines' of the territory the
// pointer left and of the one it entered, none overlapping another.
func (m *Map) hoveredChanges(was, now overlayKey) []image.Rectangle {
	if !was.painted || was.scale != now.scale {
		return []image.Rectangle{m.hovered.Bounds()}
	}
	var parts []image.Rectangle
	for _, t := range []board.TerritoryID{was.hover, now.hover} {
		if t != 0 {
			parts = append(parts, m.footprint(t, m.hoverReach()))
		}
	}
	return disjoint(parts)
}
