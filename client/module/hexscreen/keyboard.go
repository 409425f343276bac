package hexscreen

import (
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/model"
	"empires/shared/hex"
)

// The keyboard's way through the hex screen: a cursor on the map moved
// hex by hex (the arrows, the keypad), Space to act on it as a click does
// and M as a right click does, Tab and Shift+Tab through everything that
// takes orders, and a focus walked through the side panel's buttons
// (] and [) that Space presses.

// cursor is the keyboard's place on the map: shown once a key put it
// there, hidden by a click of the pointer on the map.
type cursor struct {
	At    hex.Hex
	Shown bool
}

// cursorKeys are the keys that move the cursor a hex, by the direction
// they go: the keypad's six hex directions (7 9 / 4 6 / 1 3 around 5,
// as Wesnoth's and Freeciv's keypads go) and the arrows (left and right
// along the row; up and down to the row above or below, keeping the
// column: the hexes of odd rows lie half a hex right).
var cursorKeys = []struct {
	key  ebiten.Key
	dir  hex.Direction
	vert int // -1 up, +1 down, 0 for a direction of its own
}{
	{ebiten.KeyArrowLeft, hex.West, 0},
	{ebiten.KeyArrowRight, hex.East, 0},
	{ebiten.KeyArrowUp, 0, -1},
	{ebiten.KeyArrowDown, 0, +1},
	{ebiten.KeyNumpad4, hex.West, 0},
	{ebiten.KeyNumpad6, hex.East, 0},
	{ebiten.KeyNumpad7, hex.NorthWest, 0},
	{ebiten.KeyNumpad9, hex.NorthEast, 0},
	{ebiten.KeyNumpad1, hex.SouthWest, 0},
	{ebiten.KeyNumpad3, hex.SouthEast, 0},
	{ebiten.KeyNumpad8, 0, -1},
	{ebiten.KeyNumpad2, 0, +1},
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

// cursorStep returns the hex a cursor key moves from h: vert moves a row
// up or down keeping the odd-r column, else a step in direction dir.
func cursorStep(h hex.Hex, dir hex.Direction, vert int) hex.Hex {
	if vert == 0 {
		return h.Neighbor(dir)
	}
	o := h.Offset()
	o.Row += vert
	return hex.FromOffset(o)
}

// moveCursor moves the cursor by the cursor keys pressed this frame (not
// with Shift: Shift and the arrows pan) and reports whether one was. The
// first press shows the cursor where it was last, or on the selection,
// or in the middle of the map in sight; the camera keeps it in sight.
func (g *Screen) moveCursor() bool {
	if shift(g.in.Frame) {
		return false
	}
	moved := false
	for _, k := range cursorKeys {
		if !g.in.Hit(k.key) {
			continue
		}
		if !moved {
			g.showCursor()
		}
		moved = true
		next := cursorStep(g.cursor.At, k.dir, k.vert)
		if g.model.OnMap(next) {
			g.cursor.At = next
		}
	}
	if moved {
		g.focus = -1
		g.followCursor()
		g.updatePreview()
	}
	return moved
}

// showCursor shows the cursor, where it was if it was shown, else on the
// selection, else on the hex in the middle of the map in sight.
func (g *Screen) showCursor() {
	if g.cursor.Shown {
		return
	}
	g.cursor.Shown = true
	if sel := g.model.Selection(); sel.Active {
		g.cursor.At = sel.Hex
		if a := g.ownArmy(sel.Army); a != nil {
			g.cursor.At = a.Hex
		}
		return
	}
	cx, cy := g.mapCenter()
	if h, ok := g.board.HexAt(g.cam, cx, cy); ok {
		g.cursor.At = h
	}
}

// refollowFrames is how many frames after a change of the map's size the
// camera keeps the cursor in sight: the HUD's parts (the log, what the map
// leaves in sight) settle on the new size a frame or two later.
const refollowFrames = 3

// followCursor pans the camera just enough that the cursor's hex is in
// the part of the map in sight, a hex from its edges.
func (g *Screen) followCursor() {
	wx, wy := g.board.HexCenter(g.cursor.At)
	sx, sy := g.cam.ToScreen(wx, wy)
	w := float64(g.cam.ScreenW)
	h := g.sightH()
	margin := 2 * 32 * g.cam.Zoom // two hexes' radius: the hex and a hex around it
	margin = min(margin, w/3, h/3)
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
		g.cam.Pan(dx, dy)
	}
}

// takers lists what takes orders, in the order Tab goes through it: the
// player's armies by id (those carried by a fleet aside: the fleet takes
// their orders), then the player's cities by id.
func (g *Screen) takers() []model.Selection {
	v := g.model.View()
	var out []model.Selection
	for _, a := range v.Armies {
		if a.Owner == v.You && v.You != 0 && a.Carrier == 0 {
			out = append(out, model.Selection{Active: true, Hex: a.Hex, Army: a.ID})
		}
	}
	slices.SortFunc(out, func(a, b model.Selection) int { return int(a.Army - b.Army) })
	var cities []model.Selection
	for _, c := range v.Cities {
		if c.Owner == v.You && v.You != 0 {
			cities = append(cities, model.Selection{Active: true, Hex: c.Hex, City: c.ID})
		}
	}
	slices.SortFunc(cities, func(a, b model.Selection) int { return int(a.City - b.City) })
	return append(out, cities...)
}

// selectNext selects what takes orders after the selection (back: before
// it), round and round, from the first (back: the last) when nothing of
// the list is selected; the cursor goes to it and the camera centres it.
func (g *Screen) selectNext(back bool) {
	list := g.takers()
	if len(list) == 0 {
		return
	}
	sel := g.model.Selection()
	i := slices.IndexFunc(list, func(s model.Selection) bool {
		return s.Army == sel.Army && s.City == sel.City && (s.Army != 0 || s.City != 0)
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
	if next.Army != 0 {
		g.model.SelectArmy(next.Army)
	} else {
		g.model.SelectCity(next.City)
	}
	g.cursor = cursor{At: next.Hex, Shown: true}
	g.focus = -1
	g.centerOn(next.Hex)
	g.host.Changed(false)
	g.updatePreview()
}

// actAtCursor acts on the cursor's hex as a left click does: selects
// what is there, or moves the selected army there.
func (g *Screen) actAtCursor() {
	if !g.cursor.Shown {
		g.showCursor()
		g.followCursor()
		g.updatePreview()
		return
	}
	g.click(g.cursor.At)
}

// moveToCursor sends the selected army to the cursor's hex as a right
// click does: into hexes never seen too, onto an enemy an attack.
func (g *Screen) moveToCursor() {
	if !g.cursor.Shown || g.model.Selection().Army == 0 {
		return
	}
	g.orderMoveTo(g.cursor.At)
}

// panelButton is a button of the side panel that the keyboard's focus
// goes through: a choice (tip, an index in tips) or an order's remove
// button.
type panelButton struct {
	b     *widget.Button
	press func()
	tip   int // the choice's index in tips, -1 for an order's button
	label string
}

// buttons lists the side panel's buttons in the order the focus goes
// through them: the choices, then the orders' remove buttons.
func (g *Screen) buttons() []panelButton {
	out := make([]panelButton, 0, len(g.tips)+len(g.removes))
	for i, t := range g.tips {
		out = append(out, panelButton{b: t.b, press: t.press, tip: i, label: t.label})
	}
	return append(out, g.removes...)
}

// moveFocus moves the panel's focus to the next button (back: the one
// before), round and round; with no focus, to the first (back: the last).
func (g *Screen) moveFocus(back bool) {
	n := len(g.buttons())
	if n == 0 {
		g.focus = -1
		return
	}
	switch {
	case g.focus < 0 || g.focus >= n:
		g.focus = 0
		if back {
			g.focus = n - 1
		}
	case back:
		g.focus = (g.focus + n - 1) % n
	default:
		g.focus = (g.focus + 1) % n
	}
	g.host.Changed(false) // the hint line says the focused choice's why
}

// focused returns the panel's focused button, if any.
func (g *Screen) focused() (panelButton, bool) {
	bs := g.buttons()
	if g.focus < 0 || g.focus >= len(bs) {
		return panelButton{}, false
	}
	return bs[g.focus], true
}

// pressFocused presses the focused button of the panel; a disabled one
// says why.
func (g *Screen) pressFocused() {
	pb, ok := g.focused()
	if !ok {
		return
	}
	if pb.b.GetWidget().Disabled {
		why := "This button does nothing now"
		if pb.tip >= 0 && g.tips[pb.tip].why != "" {
			why = pb.label + ": " + g.tips[pb.tip].why
		}
		g.host.Notify(why)
		return
	}
	pb.press()
}
