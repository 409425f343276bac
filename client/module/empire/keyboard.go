package empire

import (
	"image"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/shared/grid"
	"empires/shared/hex"
)

// The keyboard's way through the empire screen, as on the hex games'
// (hexscreen): a cursor on the map moved a square at a time (the arrows,
// the keypad), Space to act on it as a click does and M as a right click
// does, Tab and Shift+Tab through everything that takes orders (armies,
// garrisons, settlements), and a focus walked through the side panel's
// buttons (] and [) that Space presses.

// cursor is the keyboard's place on the map: shown once a key put it
// there, hidden by a click of the pointer on the map.
type cursor struct {
	At    grid.Pos
	Shown bool
}

// cursorKey is a key that moves the cursor: by (dx, dy) on squares; on
// hexes a step in direction dir, or with vert a row up or down keeping
// the column.
type cursorKey struct {
	key    ebiten.Key
	dx, dy int
	dir    hex.Direction
	vert   bool
}

// cursorKeys are the arrows and the keypad around 5 (7 9 1 3 diagonal on
// squares; on hexes the keypad's six directions, as on the hex games).
var cursorKeys = []cursorKey{
	{ebiten.KeyArrowLeft, -1, 0, hex.West, false},
	{ebiten.KeyArrowRight, 1, 0, hex.East, false},
	{ebiten.KeyArrowUp, 0, -1, 0, true},
	{ebiten.KeyArrowDown, 0, 1, 0, true},
	{ebiten.KeyNumpad4, -1, 0, hex.West, false},
	{ebiten.KeyNumpad6, 1, 0, hex.East, false},
	{ebiten.KeyNumpad8, 0, -1, 0, true},
	{ebiten.KeyNumpad2, 0, 1, 0, true},
	{ebiten.KeyNumpad7, -1, -1, hex.NorthWest, false},
	{ebiten.KeyNumpad9, 1, -1, hex.NorthEast, false},
	{ebiten.KeyNumpad1, -1, 1, hex.SouthWest, false},
	{ebiten.KeyNumpad3, 1, 1, hex.SouthEast, false},
}

// step returns the cell key k moves the cursor to from p on a map of
// shape sh.
func (k cursorKey) step(sh grid.Shape, p grid.Pos) grid.Pos {
	if sh != grid.Hex || k.vert {
		return grid.Pos{X: p.X + k.dx, Y: p.Y + k.dy}
	}
	o := hex.FromOffset(hex.Offset{Col: p.X, Row: p.Y}).Neighbor(k.dir).Offset()
	return grid.Pos{X: o.Col, Y: o.Row}
}

// shift reports whether a Shift key is down.
func shift(f kit.Frame) bool {
	return f.Down(ebiten.KeyShift) || f.Down(ebiten.KeyShiftLeft) || f.Down(ebiten.KeyShiftRight)
}

// panKeys returns how far the keys pan the map this frame: W, A, S, D,
// and the arrows only with Shift (alone they move the cursor).
func panKeys(f kit.Frame) (dx, dy float64) {
	if !shift(f) {
		f.Keys = slices.DeleteFunc(slices.Clone(f.Keys), func(k ebiten.Key) bool {
			return k == ebiten.KeyArrowLeft || k == ebiten.KeyArrowRight || k == ebiten.KeyArrowUp || k == ebiten.KeyArrowDown
		})
	}
	return f.PanKeys()
}

// moveCursor moves the cursor by the cursor keys pressed this frame (not
// with Shift: Shift and the arrows pan) and reports whether one was. The
// first press shows the cursor where it was last, or on the selection,
// or in the middle of the map; the camera keeps it in sight.
func (s *Screen) moveCursor(in kit.Frame) bool {
	if shift(in) {
		return false
	}
	moved := false
	for _, k := range cursorKeys {
		if !in.Hit(k.key) {
			continue
		}
		if !moved {
			s.showCursor()
		}
		moved = true
		if next := k.step(s.m.v.Shape, s.cursor.At); s.m.v.Grid().Contains(next) {
			s.cursor.At = next
		}
	}
	if moved {
		s.focus = -1
		s.keyLast = true
		s.followCursor()
		s.updatePreview()
	}
	return moved
}

// showCursor shows the cursor, where it was if it was shown, else on the
// selection, else on the cell in the middle of the map.
func (s *Screen) showCursor() {
	if s.cursor.Shown {
		return
	}
	s.cursor.Shown = true
	if sel := s.m.Selection(); sel.Active {
		s.cursor.At = sel.Cell
		return
	}
	if p, ok := s.cellAt(float64(s.mapRect.Dx())/2, float64(s.mapRect.Dy())/2); ok {
		s.cursor.At = p
	}
}

// refollowFrames is how many frames after a change of the map's size the
// camera keeps the cursor in sight: the HUD's parts (the log, what the map
// leaves in sight) settle on the new size a frame or two later.
const refollowFrames = 3

// followCursor pans the camera just enough that the cursor's cell is in
// the part of the map in sight (above the log), a cell from its edges.
// It reckons in the camera's pixels, those of the interface at 100 %.
func (s *Screen) followCursor() {
	wx, wy := s.lay.Center(s.cursor.At)
	sx, sy := s.cam.ToScreen(wx, wy)
	w := s.cam.ScreenW
	h := float64(max(s.host.MapInSight().Dy(), 0)) / s.camScale
	margin := min(3*s.lay.Inner()*s.cam.Zoom, w/3, h/3)
	dx, dy := 0.0, 0.0
	switch {
	case sx < margin:
		dx = margin - sx
	case sx > w-margin:
		dx = w - margin - sx
	}
	switch {
	case sy < margin:
		dy = margin - sy
	case sy > h-margin:
		dy = h - margin - sy
	}
	if dx != 0 || dy != 0 {
		s.cam.Pan(dx, dy)
	}
}

// takers lists what takes orders, in the order Tab goes through it: the
// player's armies by number, then its garrisons, then its settlements.
func (s *Screen) takers() []Selection {
	var armies, garrisons, settlements []Selection
	for _, f := range s.m.Forces() {
		sel := Selection{Active: true, Cell: f.Pos, Force: f.ID}
		if f.Garrison {
			garrisons = append(garrisons, sel)
		} else {
			armies = append(armies, sel)
		}
	}
	byForce := func(a, b Selection) int { return int(a.Force) - int(b.Force) }
	slices.SortFunc(armies, byForce)
	slices.SortFunc(garrisons, byForce)
	if you := s.m.You(); you != 0 {
		for _, st := range s.m.Settlements() {
			if st.Owner == you {
				settlements = append(settlements, Selection{Active: true, Cell: st.Pos, Settlement: st.ID})
			}
		}
	}
	slices.SortFunc(settlements, func(a, b Selection) int { return int(a.Settlement) - int(b.Settlement) })
	return slices.Concat(armies, garrisons, settlements)
}

// selectNext selects what takes orders after the selection (back: before
// it), round and round, from the first (back: the last) when nothing of
// the list is selected; the cursor goes to it and the camera centres it.
// It reports whether there was anything to select.
func (s *Screen) selectNext(back bool) bool {
	list := s.takers()
	if len(list) == 0 {
		return false
	}
	sel := s.m.Selection()
	i := slices.IndexFunc(list, func(t Selection) bool {
		return t.Force == sel.Force && t.Settlement == sel.Settlement && (t.Force != 0 || t.Settlement != 0)
	})
	switch {
	case i < 0 && back:
		i = len(list) - 1
	case i < 0:
		i = 0
	case back:
		i = (i + len(list) - 1) % len(list)
	default:
		i = (i + 1) % len(list)
	}
	next := list[i]
	s.m.Select(next.Cell, next.Force, next.Settlement)
	s.cursor = cursor{At: next.Cell, Shown: true}
	s.focus = -1
	s.keyLast = true
	s.centerOn(next.Cell)
	s.updatePreview()
	return true
}

// panelButton is a button of the side panel that the keyboard's focus
// goes through, with what a click on it does.
type panelButton struct {
	b     *widget.Button
	press func()
	label string
}

// buttons lists the side panel's buttons in the order the focus goes
// through them: the selection's, then the orders' remove buttons.
func (s *Screen) buttons() []panelButton { return slices.Concat(s.sideButtons, s.orderButtons) }

// moveFocus moves the panel's focus to the next button (back: the one
// before), round and round; with no focus, to the first (back: the
// last).
func (s *Screen) moveFocus(back bool) {
	n := len(s.buttons())
	switch {
	case n == 0:
		s.focus = -1
	case s.focus < 0 || s.focus >= n:
		s.focus = 0
		if back {
			s.focus = n - 1
		}
	case back:
		s.focus = (s.focus + n - 1) % n
	default:
		s.focus = (s.focus + 1) % n
	}
}

// focused returns the panel's focused button, if any.
func (s *Screen) focused() (panelButton, bool) {
	bs := s.buttons()
	if s.focus < 0 || s.focus >= len(bs) {
		return panelButton{}, false
	}
	return bs[s.focus], true
}

// pressFocused presses the panel's focused button; a disabled one says
// so.
func (s *Screen) pressFocused() {
	pb, ok := s.focused()
	if !ok {
		return
	}
	if pb.b.GetWidget().Disabled {
		s.notify(pb.label + ": not now")
		return
	}
	pb.press()
}

// drawCursor rings the cursor's cell: a thick ring in the theme's focus
// colour on a dark edge with a white thread through it, inside the cell,
// unlike the selection's thin yellow outline and the hover's white.
func (s *Screen) drawCursor(dst *ebiten.Image) {
	wx, wy := s.lay.Center(s.cursor.At)
	sx, sy := s.cam.ToScreen(wx, wy)
	o := dst.Bounds().Min
	k := float32(s.camScale)
	r := float32(s.lay.Inner() * s.cam.Zoom * s.camScale)
	x, y := float32(sx)*k+float32(o.X)-r, float32(sy)*k+float32(o.Y)-r
	w := max(3*k, r/5)
	in := w/2 + k // inside the cell, clear of the selection's outline on its edge
	x, y = x+in, y+in
	side := 2*r - 2*in
	vector.StrokeRect(dst, x, y, side, side, w+3*k, color.RGBA{20, 16, 12, 230}, true)
	vector.StrokeRect(dst, x, y, side, side, w, s.host.Theme().Palette().Focus, true)
	vector.StrokeRect(dst, x, y, side, side, k, color.White, true)
}

// drawFocusRing rings the panel's focused button while it is in the part
// of the panel in sight.
func (s *Screen) drawFocusRing(dst *ebiten.Image) {
	pb, ok := s.focused()
	if !ok {
		return
	}
	t := s.host.Theme()
	rect := pb.b.GetWidget().Rect
	if rect.Empty() || !rect.In(s.in.Panel.Inset(-t.Px(2))) {
		return
	}
	r := rect.Inset(-t.Px(3))
	x, y, w, h := float32(r.Min.X), float32(r.Min.Y), float32(r.Dx()), float32(r.Dy())
	vector.StrokeRect(dst, x, y, w, h, float32(t.Pxf(5)), color.RGBA{20, 16, 12, 230}, true)
	vector.StrokeRect(dst, x, y, w, h, float32(t.Pxf(2.5)), t.Palette().Focus, true)
}

// target returns the cell the selected army's path is planned to: the
// cursor's after the keys moved it, else the one under the pointer.
func (s *Screen) target() (grid.Pos, bool) {
	if s.cursor.Shown && (s.keyLast || !s.hover.On) {
		return s.cursor.At, true
	}
	return s.hover.At, s.hover.On
}

// previewPoint is where the path's tooltip is drawn from: the pointer,
// or the cursor's cell when the path is planned to the cursor.
func (s *Screen) previewPoint() image.Point {
	if s.cursor.Shown && (s.keyLast || !s.hover.On) {
		x, y := s.ScreenOf(s.cursor.At)
		return image.Pt(int(x)+s.host.Theme().Px(10), int(y))
	}
	return s.in.Cursor
}
