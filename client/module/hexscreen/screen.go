package hexscreen

import (
	"errors"
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/board"
	"empires/client/camera"
	"empires/client/kit"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Screen is the game screen of a game on the hex engine: the map with
// its overlays, the side panel's selection and choices, the turn's orders
// and its animation. It lives on the client's UI goroutine; the shell
// (host) frames it. What only the ruleset knows comes from its module's
// Game (mod).
//
// It draws in the window's pixels at the interface size of the host's
// theme as it is now (Theme().Scale(), s): every length given for 100 %
// is s times as long on screen. Its camera (cam) is kept in the units of
// 100 %: the zoom the player sets, the pan, the limits, on a screen of
// the map's size divided by s; it draws and finds the hex under the
// pointer through the camera on screen (onScreen), s times as large.
type Screen struct {
	host  module.Host
	mod   Game
	pal   menu.Palette
	model *model.Model // nil until the first view
	board *board.Board
	cam   *camera.Camera // in the units of 100 %: see onScreen

	// Input.
	in         module.Input // the last frame's
	hover      kit.Hover[hex.Hex]
	drag       kit.Drag
	pathDrag   bool // the drag began on the selected army: it draws its path
	miniDrag   bool // the drag began on the minimap
	preview    *model.Plan
	previewTo  hex.Hex
	previewErr string

	// The keyboard: the cursor on the map, and whether the keys moved it
	// since the pointer last moved (then the path planned is to the
	// cursor, not to the hex under the pointer); where the pointer was
	// last frame; the side panel's focused button (kit.PanelFocus over
	// buttons); whether Space skipped the animation this frame.
	cursor    cursor
	keyLast   bool
	lastPoint image.Point
	focus     kit.PanelFocus
	spaceSkip bool
	refollow  int // frames left in which the camera follows the cursor after a resize

	// drawnScale is the interface size the last frame was at: a new one
	// draws the map again.
	drawnScale float64

	// The selected army's reach, computed once per army, view and
	// change of the drafts (which change the army as it will move).
	reach     map[hex.Hex]int
	reachArmy game.ArmyID
	reachView *game.View
	reachOf   int

	// The turn's animation.
	anim     []model.StepFrame
	animStep int
	animT    float64

	// The side panel's choice buttons, and the one under the pointer that
	// marks a hex.
	tips    []choiceTip
	removes []panelButton // the orders' remove buttons (Orders)
	marked  *choiceTip
	// linesBox holds the module's lines on selection linesSel, at least
	// linesMin high (panel), laid out at interface size linesScale.
	linesBox   *widget.Container
	linesSel   model.Selection
	linesMin   int
	linesScale float64

	// log is Log's lines, of the log of the model shown (the log only
	// grows).
	log module.LogCache[*model.Model]

	step     module.StepInfo // the step being played, as the server last said
	watching bool            // a replay's (Watch)
}

var (
	_ module.Screen     = (*Screen)(nil)
	_ module.Stepper    = (*Screen)(nil)
	_ module.Bar        = (*Screen)(nil)
	_ module.Hinter     = (*Screen)(nil)
	_ module.Warner     = (*Screen)(nil)
	_ module.Pruner     = (*Screen)(nil)
	_ module.Replayer   = (*Screen)(nil)
	_ module.Autoplayer = (*Screen)(nil)
)

// New returns the screen of a game of mod, framed by host; SetView shows
// its first view.
func New(mod Game, host module.Host) *Screen {
	t := host.Theme()
	return &Screen{host: host, mod: mod, pal: t.Palette(), hover: kit.Hover[hex.Hex]{Delay: tooltipDelay}}
}

// theme returns the host's theme as it is now: Settings or a resize may
// change the interface size in the middle of a game.
func (g *Screen) theme() *menu.Theme { return g.host.Theme() }

// scale returns the interface size the screen draws at now: 2 at 200 %.
func (g *Screen) scale() float64 { return g.theme().Scale() }

// px returns n pixels at 100 % in window pixels at the interface size.
func (g *Screen) px(n int) int { return g.theme().Px(n) }

// pxf returns v pixels at 100 % in window pixels at the interface size.
func (g *Screen) pxf(v float64) float64 { return g.theme().Pxf(v) }

// onScreen returns the camera on screen: the camera kept at 100 % (cam)
// drawn at the interface size, in the map's window pixels.
func (g *Screen) onScreen() *camera.Camera { return g.cam.Scaled(g.scale()) }

// Model returns the screen's view model, nil before the first view.
func (g *Screen) Model() *model.Model { return g.model }

// hexView returns the hex engine's view of a ruleset's view.
func hexView(v ruleset.View) (*game.View, error) {
	hv, ok := v.(*hexgame.View)
	if !ok || hv.V == nil {
		return nil, fmt.Errorf("a %T is not a view of a game on hexes", v)
	}
	return hv.V, nil
}

// defaultZoom is the camera's zoom when a game opens, and after H: the
// smallest at which the map shows every badge and the reach's costs
// (board's thresholds).
const defaultZoom = 1.2

// tooltipDelay is how many frames the pointer rests on a hex before its
// tooltip shows.
const tooltipDelay = 25

// SetView implements module.Screen: the first view lays out the board and
// puts the camera on the player's home; a later one (after a reconnection
// or a mismatch) replaces the view, the log kept.
func (g *Screen) SetView(rv ruleset.View) error {
	v, err := hexView(rv)
	if err != nil {
		return err
	}
	if g.model != nil {
		if err := g.model.SetFullView(v); err != nil {
			return err
		}
		g.anim = nil
		return g.board.SetView(g.model.View())
	}
	m := model.New(g.mod.Rules())
	m.SetThirdPerson(g.watching)
	if err := m.SetFullView(v); err != nil {
		return err
	}
	b, err := board.New(g.mod.Style(), v.Width, v.Height)
	if err != nil {
		return err
	}
	if err := b.SetView(m.View()); err != nil {
		return err
	}
	g.model, g.board = m, b
	ww, wh := b.WorldSize()
	mr := g.host.MapRect()
	g.in.Map = mr
	s := g.scale()
	b.SetScale(s)
	g.cam = camera.New(ww, wh, float64(mr.Dx())/s, float64(mr.Dy())/s)
	g.cam.Zoom = defaultZoom
	g.centerOnHome()
	return nil
}

// Resolved implements module.Screen: the events the player saw go to the
// log, then the view after the turn is shown, with its animation. With
// no view (the turn's did not apply) the events are logged and the view
// kept.
func (g *Screen) Resolved(rv ruleset.View, data []byte) error {
	var events []game.Event
	var evErr error
	if len(data) > 0 {
		events, evErr = hexgame.DecodeEvents(data, g.mod.Rules())
	}
	if rv == nil {
		if g.model != nil {
			g.model.ApplyUpdate(events, nil)
		}
		return evErr
	}
	next, err := hexView(rv)
	if err != nil {
		return errors.Join(evErr, err)
	}
	if g.model == nil {
		return errors.Join(evErr, g.SetView(rv))
	}
	g.applyTurn(events, next)
	return evErr
}

// applyTurn shows a resolved turn: the events the player saw, then the
// view after it, with its animation.
func (g *Screen) applyTurn(events []game.Event, next *game.View) {
	g.model.ApplyUpdate(events, next)
	if err := g.board.SetView(g.model.View()); err != nil {
		g.host.Notify(err.Error())
	}
	g.updatePreview() // the path, or its refusal, of the new turn
	g.startAnimation()
}

// Status implements module.Screen.
func (g *Screen) Status() module.Status {
	if g.model == nil || g.model.View() == nil {
		return module.Status{}
	}
	v := g.model.View()
	st := module.Status{You: ruleset.Seat(v.You), Turn: int(v.Turn)}
	for _, p := range v.Players {
		st.Players = append(st.Players, module.Player{Name: p.Name, Alive: p.Alive})
	}
	return st
}

// out reports whether the player is out of the game; a spectator is not.
func (g *Screen) out() bool {
	v := g.model.View()
	return v.You != 0 && int(v.You) <= len(v.Players) && !v.Players[v.You-1].Alive
}

// SetStep implements module.Stepper.
func (g *Screen) SetStep(st module.StepInfo) { g.step = st }

// ActResult implements module.Stepper: the shell says a refusal.
func (g *Screen) ActResult(uint32, string) {}

// interactive reports whether the step played is interactive: the player
// acts, and gives no orders for the turn.
func (g *Screen) interactive() bool {
	return g.step.Mode == ruleset.Interactive || g.step.Mode == ruleset.Concurrent
}

// resize follows the map's part of the window and the interface size:
// the camera's screen is the map's size at 100 %, and the board draws at
// the size (a new size paints it again). It reports whether the size
// changed.
func (g *Screen) resize(r image.Rectangle) bool {
	s := g.scale()
	g.board.SetScale(s)
	rescaled := s != g.drawnScale
	g.drawnScale = s
	if w, h := float64(r.Dx())/s, float64(r.Dy())/s; g.cam.ScreenW != w || g.cam.ScreenH != h {
		g.cam.Resize(w, h)
		g.refollow = refollowFrames
	}
	if g.refollow > 0 && g.cursor.Shown {
		g.refollow--
		g.followCursor() // the cursor stays in sight as the HUD settles on the new size
	}
	return rescaled
}

// Update implements module.Screen: the animation runs; the pointer
// hovers, selects (a click), pans (a drag), draws the selected army's
// path (a drag from it) and orders it (a right click); the minimap moves
// the camera; the wheel zooms; the keys pan, zoom, select and take back.
func (g *Screen) Update(in module.Input) bool {
	g.hover.Tick()
	g.in = in
	g.spaceSkip = false
	if !in.Keys && !in.Modal && g.focus.On() {
		g.focus.Clear() // the keyboard went to another part of the screen (the shell's): one ring at a time
		g.host.Changed(false)
	}
	g.followFocus()
	if g.model == nil {
		return false
	}
	rescaled := g.resize(in.Map)
	cam := *g.cam
	wasAnimating := g.animating()
	g.stepAnimation()
	g.input()
	return rescaled || *g.cam != cam || wasAnimating || g.animating() ||
		g.hover.JustRested() // the tooltip shows
}

// toMap converts a window point (the pointer's) to the camera's screen
// coordinates, at 100 %.
func (g *Screen) toMap(x, y int) (float64, float64) {
	r := g.in.Map
	s := g.scale()
	return float64(x-r.Min.X) / s, float64(y-r.Min.Y) / s
}

// edgePan returns how far the pointer resting on the window's edge pans
// the map this frame, in the camera's pixels of 100 % (kit's edge and
// speed at the interface size, divided by it).
func (g *Screen) edgePan() (dx, dy float64) {
	s := g.scale()
	dx, dy = g.in.EdgePanScaled(g.in.Size, s)
	return dx / s, dy / s
}

// input handles the keyboard and the mouse over the map. A press that
// begins on the HUD or on a window (the click that closes it, say) never
// acts on the map when it ends.
func (g *Screen) input() {
	in := g.in
	mx, my := in.Cursor.X, in.Cursor.Y
	inMini := in.OnMinimap && in.Cursor.In(in.Minimap)
	if in.Keys {
		g.keys()
	}

	// Hover. A move of the pointer makes the path planned its again.
	if in.Cursor != g.lastPoint {
		g.lastPoint = in.Cursor
		if g.keyLast && in.Pointer {
			g.keyLast = false
			g.updatePreview()
		}
	}
	lx, ly := g.toMap(mx, my)
	h, ok := g.board.HexAt(g.cam, lx, ly)
	ok = ok && in.Pointer
	if g.hover.Set(h, ok) {
		g.updatePreview()
	}

	// Wheel zoom.
	if z := in.WheelZoom(); z != 1 && in.Pointer {
		g.cam.ZoomAt(z, lx, ly)
	}
	if !in.Modal && g.host.Prefs().EdgePan && !g.drag.On {
		if dx, dy := g.edgePan(); dx != 0 || dy != 0 {
			g.cam.Pan(dx, dy)
		}
	}

	// Left button: click selects, drag pans, drag from the selected army
	// draws its path; on the minimap it moves the camera.
	if in.Pressed.Has(ebiten.MouseButtonLeft) && (in.Pointer || inMini) {
		g.cursor.Shown = false
		g.focus.Clear() // the pointer plays: the keyboard's cursor and focus go
		g.drag.StartScaled(in.Frame, g.scale())
		g.miniDrag = inMini
		g.pathDrag = false
		if sel := g.model.Selection(); sel.Army != 0 && ok {
			if a := g.ownArmy(sel.Army); a != nil && a.Hex == h {
				g.pathDrag = true
			}
		}
	}
	if g.drag.On && in.Modal {
		g.drag.On = false // a window opened under the press
	}
	if dx, dy, held := g.drag.Follow(in.Frame); held {
		switch {
		case g.miniDrag:
			g.minimapJump(mx, my)
		case g.drag.Moved && !g.pathDrag:
			s := g.scale()
			g.cam.Pan(float64(dx)/s, float64(dy)/s)
		}
	}
	if g.drag.End(in.Frame) {
		switch {
		case g.miniDrag:
			g.minimapJump(mx, my)
		case g.pathDrag && g.drag.Moved && ok:
			g.orderMoveTo(h)
		case !g.drag.Moved && ok:
			g.click(h)
		}
		g.miniDrag, g.pathDrag = false, false
	}

	// Right button: the selected army goes there.
	if in.Pressed.Has(ebiten.MouseButtonRight) && ok {
		if g.model.Selection().Army != 0 {
			g.orderMoveTo(h)
		}
	}
}

// keys handles the map's keyboard shortcuts, as the help and the side
// panel name them (the shell keeps Enter, F1 and F12): the cursor
// (keyboard.go), the pan, the zoom, Tab through what takes orders, the
// side panel's focus.
func (g *Screen) keys() {
	in := g.in
	if dx, dy := in.CursorPanKeys(); dx != 0 || dy != 0 {
		g.cam.Pan(dx, dy)
	}
	if g.moveCursor() {
		g.keyLast = true
		return
	}
	cx, cy := g.mapCenter()
	switch {
	case in.KeyZoom() != 1:
		g.cam.ZoomAt(in.KeyZoom(), cx, cy)
	case in.Hit(ebiten.KeyEscape) && g.focus.On():
		g.focus.Clear() // back to the map; a second Escape deselects
		g.host.Changed(false)
	case in.Hit(ebiten.KeyEscape):
		g.model.Deselect()
		g.preview, g.previewErr = nil, "" // no army selected: no path, and no refusal of one
		g.host.Changed(false)
	case in.Hit(ebiten.KeyTab):
		g.keyLast = true
		g.selectNext(in.Shift())
	case in.Hit(ebiten.KeyBracketRight):
		g.moveFocus(false)
	case in.Hit(ebiten.KeyBracketLeft):
		g.moveFocus(true)
	case in.Hit(ebiten.KeySpace) && !g.spaceSkip && g.focus.On():
		g.pressFocused()
	case in.Hit(ebiten.KeySpace) && !g.spaceSkip:
		g.keyLast = true
		g.actAtCursor()
	case in.Hit(ebiten.KeyM):
		g.keyLast = true
		g.moveToCursor()
	case in.Hit(ebiten.KeyH):
		g.cam.Zoom = defaultZoom
		g.centerOnHome()
	case in.Hit(ebiten.KeyBackspace, ebiten.KeyDelete):
		if n := len(g.model.Drafts()); n > 0 {
			g.model.RemoveOrder(n - 1)
			g.ordersChanged()
		}
	}
}

// ordersChanged notes that the player changed the orders: the shell shows
// them, words the top bar again and sends them soon.
func (g *Screen) ordersChanged() {
	g.preview = nil
	g.host.Changed(true)
}

// centerOnHome centres the camera on the player's Capital, or its first
// army or city; a view of no player's (a replay from above, a spectator's)
// on the first player's.
func (g *Screen) centerOnHome() {
	v := g.model.View()
	home := v.You
	if home == 0 {
		home = 1
	}
	var at hex.Hex
	found := false
	for _, c := range v.Cities {
		if c.Owner == home && (!found || c.Capital) {
			at, found = c.Hex, true
			if c.Capital {
				break
			}
		}
	}
	if !found {
		for _, ar := range v.Armies {
			if ar.Owner == home {
				at, found = ar.Hex, true
				break
			}
		}
	}
	if found {
		g.centerOn(at)
	}
}

// centerOn moves the camera so h is in the middle of the part of the map
// in sight.
func (g *Screen) centerOn(h hex.Hex) {
	wx, wy := g.board.HexCenter(h)
	sx, sy := g.mapCenter()
	g.cam.LookAt(wx, wy, sx, sy)
}

// mapCenter is the middle of the part of the map the HUD leaves in sight
// (above the log), in the camera's screen coordinates (at 100 %).
func (g *Screen) mapCenter() (float64, float64) {
	return g.cam.ScreenW / 2, g.sightH() / 2
}

// sightH is the height of the part of the map the HUD leaves in sight, at
// 100 %.
func (g *Screen) sightH() float64 {
	return float64(max(g.host.MapInSight().Dy(), 0)) / g.scale()
}

// click selects what is on h, or sends the selected army there.
func (g *Screen) click(h hex.Hex) {
	before := len(g.model.Drafts())
	g.model.Click(h)
	if g.watching {
		g.model.ClearOrders() // a replay takes no orders: a click only selects
	}
	if len(g.model.Drafts()) != before {
		g.ordersChanged()
	}
	g.preview = nil
	g.updatePreview()
	g.host.Changed(false)
}

// orderMoveTo gives the selected army a move (or, onto a known enemy, an
// attack) to h, as far as the server takes it (model.MoveTo); a move the
// server would refuse is not drafted, and the notice says why.
func (g *Screen) orderMoveTo(h hex.Hex) {
	if g.watching {
		return // a replay takes no orders
	}
	sel := g.model.Selection()
	a := g.ownArmy(sel.Army)
	if a == nil || a.Hex == h {
		return
	}
	if _, err := g.model.MoveTo(a.ID, h, g.enemyAt(h)); err != nil {
		g.host.Notify(err.Error())
		return
	}
	g.ordersChanged()
}

// enemyAt reports whether the view shows an enemy army on h.
func (g *Screen) enemyAt(h hex.Hex) bool {
	v := g.model.View()
	for _, a := range v.Armies {
		if a.Hex == h && a.Owner != v.You && !a.Remembered {
			return true
		}
	}
	for _, c := range v.Cities {
		if c.Hex == h && c.Owner != v.You && !c.Remembered {
			return true
		}
	}
	return false
}

// ownArmy returns the player's army id, or nil.
func (g *Screen) ownArmy(id game.ArmyID) *game.ArmyView {
	v := g.model.View()
	for i := range v.Armies {
		if a := &v.Armies[i]; a.ID == id && a.Owner == v.You {
			return a
		}
	}
	return nil
}

// target returns the hex the selected army's path is planned to: the
// keyboard's cursor after the keys moved it, else the hex under the
// pointer; false for none.
func (g *Screen) target() (hex.Hex, bool) {
	if g.cursor.Shown && (g.keyLast || !g.hover.On) {
		return g.cursor.At, true
	}
	return g.hover.At, g.hover.On
}

// updatePreview plans the selected army's path to the target hex (the
// cursor's or the pointer's).
func (g *Screen) updatePreview() {
	g.preview, g.previewErr = nil, ""
	sel := g.model.Selection()
	a := g.ownArmy(sel.Army)
	to, ok := g.target()
	if a == nil || !ok || to == a.Hex {
		return
	}
	plan, err := g.model.PlanPath(a.ID, to)
	if err != nil {
		g.previewErr = err.Error()
		return
	}
	g.preview, g.previewTo = &plan, to
}

// minimapJump centres the camera on the minimap point (mx, my).
func (g *Screen) minimapJump(mx, my int) {
	wx, wy, ok := g.board.MinimapToWorld(g.in.Minimap, mx, my)
	if !ok {
		return
	}
	cx, cy := g.mapCenter()
	g.cam.LookAt(wx, wy, cx, cy)
}

// Submission implements module.Screen: the orders drafted, encoded.
func (g *Screen) Submission() ([]byte, bool) {
	if g.model == nil {
		return nil, false
	}
	sub := g.model.Submission()
	if sub == nil {
		return nil, false
	}
	return sub.Orders, true
}

// Rejected implements module.Screen: each refusal goes to its draft.
func (g *Screen) Rejected(errs []protocol.Rejection) {
	g.model.ApplyResult(&protocol.OrdersResult{Turn: protocol.Turn(g.model.Turn()), Errors: errs})
}

// EndWarning implements module.Warner: the orders the server refuses
// (Draft.Rejected, or Draft.Err: the same validation on the view), each
// with its reason, else the forecast's warning of units that upkeep would
// remove.
func (g *Screen) EndWarning() (title, text string) {
	var refused []string
	for _, d := range g.model.Drafts() {
		why := d.Rejected
		if why == "" {
			why = d.Err
		}
		if why != "" {
			refused = append(refused, fmt.Sprintf("%s: %s.", d.Label, why))
		}
	}
	if len(refused) > 0 {
		head := "1 order is refused by the server:"
		if len(refused) > 1 {
			head = fmt.Sprintf("%d orders are refused by the server:", len(refused))
		}
		return "Orders refused", head + "\n" + strings.Join(refused, "\n") +
			"\nChange or remove them, or end the turn anyway without them."
	}
	w := g.model.Forecast().Warning
	if w == "" {
		return "", ""
	}
	return "Units will be lost", kit.CapitalFirst(w) + ". Remove or change orders to keep them, or end the turn anyway."
}

// DropRefused implements module.Pruner: the drafts the server refuses
// (as EndWarning lists them) are taken out, and so are those the orders
// left then refuse, so that the rest may be sent.
func (g *Screen) DropRefused() {
	dropped := false
	for {
		// A removal forgets the server's answer: every order it refused
		// goes at once, then those the view's check refuses after them.
		ds := g.model.Drafts()
		var refused []int
		for i, d := range ds {
			if d.Rejected != "" || d.Err != "" {
				refused = append(refused, i)
			}
		}
		if len(refused) == 0 {
			break
		}
		for _, i := range slices.Backward(refused) {
			g.model.RemoveOrder(i)
		}
		dropped = true
	}
	if dropped {
		g.ordersChanged()
	}
}

// Help implements module.Screen.
func (g *Screen) Help() menu.HelpContent { return g.mod.Help() }
