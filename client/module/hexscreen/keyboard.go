package hexscreen

import (
	"slices"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/kit/hexcursor"
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

// moveCursor moves the cursor by the cursor keys pressed this frame (not
// with Shift: Shift and the arrows pan) and reports whether one was. The
// first press shows the cursor where it was last, or on the selection,
// or in the middle of the map in sight; the camera keeps it in sight.
func (g *Screen) moveCursor() bool {
	if g.in.Shift() {
		return false
	}
	moved := false
	for _, k := range kit.CursorKeys {
		if !g.in.Hit(k.Key) {
			continue
		}
		if !moved {
			g.showCursor()
		}
		moved = true
		if next := hexcursor.Step(k, g.cursor.At); g.model.OnMap(next) {
			g.cursor.At = next
		}
	}
	if moved {
		g.focus.Clear()
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
	if dx, dy := kit.FollowPan(sx, sy, w, h, margin); dx != 0 || dy != 0 {
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
	next := list[kit.Cycle(i, len(list), back)]
	if next.Army != 0 {
		g.model.SelectArmy(next.Army)
	} else {
		g.model.SelectCity(next.City)
	}
	g.cursor = cursor{At: next.Hex, Shown: true}
	g.focus.Clear()
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
// before), round and round (kit.PanelFocus.Move).
func (g *Screen) moveFocus(back bool) {
	g.focus.Move(len(g.buttons()), back)
	g.host.Changed(false) // the hint line says the focused choice's why
}

// focused returns the panel's focused button, if any.
func (g *Screen) focused() (panelButton, bool) {
	bs := g.buttons()
	i, ok := g.focus.Index(len(bs))
	if !ok {
		return panelButton{}, false
	}
	return bs[i], true
}

// followFocus scrolls the side panel to its focused button in the frames
// after ] or [ moved the focus, as F6 scrolls it to the shell's focus
// (kit.PanelFocus.Follow).
func (g *Screen) followFocus() {
	if pb, ok := g.focused(); ok {
		g.focus.Follow(pb.b, g.in.Panel)
	}
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
