package empire

import (
	"image"
	"image/color"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/client/kit"
	"empires/client/kit/hexcursor"
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

// cursorStep returns the cell key k moves the cursor to from p on a map
// of shape sh: on squares by (DX, DY), on hexes as on the hex games
// (hexcursor.Step).
func cursorStep(k kit.CursorKey, sh grid.Shape, p grid.Pos) grid.Pos {
	if sh != grid.Hex {
		return grid.Pos{X: p.X + k.DX, Y: p.Y + k.DY}
	}
	o := hexcursor.Step(k, hex.FromOffset(hex.Offset{Col: p.X, Row: p.Y})).Offset()
	return grid.Pos{X: o.Col, Y: o.Row}
}

// moveCursor moves the cursor by the cursor keys pressed this frame (not
// with Shift: Shift and the arrows pan) and reports whether one was. The
// first press shows the cursor where it was last, or on the selection,
// or in the middle of the map; the camera keeps it in sight.
func (s *Screen) moveCursor(in kit.Frame) bool {
	if in.Shift() {
		return false
	}
	moved := false
	for _, k := range kit.CursorKeys {
		if !in.Hit(k.Key) {
			continue
		}
		if !moved {
			s.showCursor()
		}
		moved = true
		if next := cursorStep(k, s.m.v.Shape, s.cursor.At); s.m.v.Grid().Contains(next) {
			s.cursor.At = next
		}
	}
	if moved {
		s.focus.Clear()
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
	if dx, dy := kit.FollowPan(sx, sy, w, h, margin); dx != 0 || dy != 0 {
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
	next := list[kit.Cycle(i, len(list), back)]
	s.m.Select(next.Cell, next.Force, next.Settlement)
	s.cursor = cursor{At: next.Cell, Shown: true}
	s.focus.Clear()
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
// before), round and round (kit.PanelFocus.Move).
func (s *Screen) moveFocus(back bool) { s.focus.Move(len(s.buttons()), back) }

// focused returns the panel's focused button, if any.
func (s *Screen) focused() (panelButton, bool) {
	bs := s.buttons()
	i, ok := s.focus.Index(len(bs))
	if !ok {
		return panelButton{}, false
	}
	return bs[i], true
}

// followFocus scrolls the side panel to its focused button in the frames
// after ] or [ moved the focus, as F6 scrolls it to the shell's focus
// (kit.PanelFocus.Follow).
func (s *Screen) followFocus() {
	if pb, ok := s.focused(); ok {
		s.focus.Follow(pb.b, s.in.Panel)
	}
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
// of the panel in sight (kit.DrawFocusRing).
func (s *Screen) drawFocusRing(dst *ebiten.Image) {
	if pb, ok := s.focused(); ok {
		kit.DrawFocusRing(dst, s.host.Theme(), pb.b.GetWidget().Rect, s.in.Panel)
	}
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
