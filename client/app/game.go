package app

import (
	"errors"
	"fmt"
	"image"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/board"
	"empires/client/camera"
	"empires/client/conn"
	"empires/client/kit"
	"empires/client/model"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// gameScreen is the game: the map with its overlays, the HUD, the turn's
// animation. It lives on the UI goroutine, like App. It is the shell of a
// game on the hex engine: what only the ruleset knows comes from its
// module (mod).
type gameScreen struct {
	shell
	play  *conn.Game // the game's ruleset and view; nil in a replay
	mod   module.Game
	model *model.Model
	board *board.Board
	cam   *camera.Camera

	// Input.
	in         kit.Frame // this frame's
	hover      hex.Hex
	hasHover   bool
	hoverSince int // frame the cursor came to the hovered hex
	drag       kit.Drag
	pathDrag   bool
	miniDrag   bool
	preview    *model.Plan
	previewTo  hex.Hex
	previewErr string

	// The selected army's reach, computed once per army and view.
	reach     map[hex.Hex]int
	reachArmy game.ArmyID
	reachView *game.View

	// The turn's animation.
	anim     []model.StepFrame
	animStep int
	animT    float64

	replay *replay // nil in a game being played
}

// newGameScreen returns the screen of a game being played, of play's
// ruleset, showing the view of fv.
func newGameScreen(a *App, play *conn.Game, fv *protocol.FullView) (*gameScreen, error) {
	if play == nil || play.Ruleset() == nil {
		return nil, errors.New("the game's rules are not here")
	}
	rv, err := play.FullView(fv)
	if err != nil {
		return nil, err
	}
	v, err := hexView(rv)
	if err != nil {
		return nil, err
	}
	mod, err := a.opts.Modules.Open(play.Ruleset())
	if err != nil {
		return nil, err
	}
	g, err := newGameScreenFor(a, mod, v, nil)
	if err != nil {
		return nil, err
	}
	g.play = play
	return g, nil
}

// hexView returns the hex engine's view of a ruleset's view: the game
// screen shows games on the hex engine.
func hexView(v ruleset.View) (*game.View, error) {
	hv, ok := v.(*hexgame.View)
	if !ok || hv.V == nil {
		return nil, fmt.Errorf("a %T is not a view of a game on hexes", v)
	}
	return hv.V, nil
}

// newGameScreenFor returns the game screen of a game of module mod showing
// v: a game being played, or with r, a replay.
func newGameScreenFor(a *App, mod module.Game, v *game.View, r *replay) (*gameScreen, error) {
	m := model.New(mod.Rules())
	m.SetThirdPerson(r != nil)
	if err := m.SetFullView(v); err != nil {
		return nil, err
	}
	b, err := board.New(mod.Style(), v.Width, v.Height)
	if err != nil {
		return nil, err
	}
	if err := b.SetView(m.View()); err != nil {
		return nil, err
	}
	g := &gameScreen{shell: shell{app: a}, mod: mod, model: m, board: b, replay: r}
	g.part = g
	ww, wh := b.WorldSize()
	g.winW, g.winH = a.width, a.height
	mr := g.mapRect()
	g.cam = camera.New(ww, wh, float64(mr.Dx()), float64(mr.Dy()))
	g.cam.Zoom = defaultZoom
	g.hud = newHUD(&g.shell, g)
	g.root = g.hud.root
	g.clock.Turn = protocol.Turn(v.Turn)
	g.centerOnHome()
	g.refresh()
	return g, nil
}

// resize follows the window's size, each frame: the camera's screen is
// the map's part of the window (see mapRect).
func (g *gameScreen) resize(w, h int) {
	g.resizeShell(w, h)
	r := g.mapRect()
	if g.cam.ScreenW != float64(r.Dx()) || g.cam.ScreenH != float64(r.Dy()) {
		g.cam.Resize(float64(r.Dx()), float64(r.Dy()))
	}
}

// toMap converts a window point (the cursor's) to the camera's screen
// coordinates.
func (g *gameScreen) toMap(x, y int) (float64, float64) {
	r := g.mapRect()
	return float64(x - r.Min.X), float64(y - r.Min.Y)
}

// defaultZoom is the camera's zoom when a game opens, and after H: the
// smallest at which the map shows every badge and the reach's costs
// (board's thresholds).
const defaultZoom = 1.2

// centerOnHome centres the camera on the player's Capital, or its first
// army or city.
func (g *gameScreen) centerOnHome() {
	v := g.model.View()
	var at hex.Hex
	found := false
	for _, c := range v.Cities {
		if c.Owner == v.You && (!found || c.Capital) {
			at, found = c.Hex, true
			if c.Capital {
				break
			}
		}
	}
	if !found {
		for _, ar := range v.Armies {
			if ar.Owner == v.You {
				at, found = ar.Hex, true
				break
			}
		}
	}
	if found {
		g.centerOn(at)
	}
}

// centerOn moves the camera so h is in the middle of the map area.
func (g *gameScreen) centerOn(h hex.Hex) {
	wx, wy := g.board.HexCenter(h)
	sx, sy := g.mapCenter()
	g.cam.X = wx - sx/g.cam.Zoom
	g.cam.Y = wy - sy/g.cam.Zoom
	g.cam.Pan(0, 0) // clamp
}

// mapCenter is the middle of the part of the map the HUD leaves in sight
// (above the log), in the camera's screen coordinates.
func (g *gameScreen) mapCenter() (float64, float64) {
	return g.cam.ScreenW / 2, max(g.cam.ScreenH-float64(g.hud.logHeightNow()), 0) / 2
}

// fullView replaces the view, after a checksum mismatch or a reconnect.
func (g *gameScreen) fullView(fv *protocol.FullView) {
	rv, err := g.play.FullView(fv)
	if err != nil {
		g.notify(err.Error())
		return
	}
	v, err := hexView(rv)
	if err == nil {
		err = g.model.SetFullView(v)
	}
	if err != nil {
		g.notify(err.Error())
		return
	}
	if err := g.board.SetView(g.model.View()); err != nil {
		g.notify(err.Error())
	}
	g.anim = nil
	g.sent = nil
	g.refresh()
}

// turnUpdate applies a resolved turn of the server's (its view through
// the game's ruleset, checked against the server's checksum; its events
// logged whatever the view) and starts its animation. A view that does not
// apply asks for the whole view.
func (g *gameScreen) turnUpdate(u *protocol.TurnUpdate) {
	events, err := hexgame.DecodeEvents(u.Events)
	if err != nil {
		g.notify(err.Error())
	}
	rv, err := g.play.Update(u)
	var next *game.View
	if err == nil {
		next, err = hexView(rv)
	}
	if err != nil {
		g.model.ApplyUpdate(events, nil)
		if errors.Is(err, conn.ErrOutOfSync) {
			g.notify("Out of step with the server: fetching the whole view")
		} else {
			g.notify(err.Error())
		}
		g.play.Forget()
		g.app.send(&protocol.RequestView{})
		return
	}
	g.applyTurn(events, next)
}

// applyTurn shows a resolved turn: the events the player saw, then the
// view after it, with its animation.
func (g *gameScreen) applyTurn(events []game.Event, next *game.View) {
	wasOut := g.out()
	defer func() {
		if !wasOut && g.out() && g.replay == nil && g.over == nil {
			g.hud.showOut()
		}
	}()
	g.model.ApplyUpdate(events, next)
	if err := g.board.SetView(g.model.View()); err != nil {
		g.notify(err.Error())
	}
	g.ready = false
	g.sent = nil
	g.preview = nil
	g.startAnimation()
	g.refresh()
}

// act sends the player's action in an interactive step (TurnClock's
// Mode): a module whose ruleset asks for actions, not orders, gives them
// here. The server's answer comes to actResult.
func (g *gameScreen) act(action []byte) {
	switch {
	case g.replay != nil || g.over != nil || g.out():
		return
	case !g.interactive():
		g.notify("This step takes orders for the whole turn, not single actions")
		return
	case !slices.Contains(g.clock.Actors, protocol.Seat(g.model.You())):
		g.notify("It is not your move")
		return
	}
	if g.app.conn == nil {
		return
	}
	if _, err := g.app.conn.Act(g.clock.Seq, action); err != nil {
		g.notify(fmt.Sprintf("not sent: %v", err))
	}
}

// ordersChanged notes that the player changed the orders: the HUD shows
// them and they are sent soon.
func (g *gameScreen) ordersChanged() {
	g.hud.dirtyOrders = true
	g.hud.dirtySide = true
	g.hud.dirtyTop = true
	g.preview = nil
}

// update handles a frame's input and time, and reports whether the HUD
// changed.
func (g *gameScreen) update() bool {
	g.frame++
	g.in = g.app.in
	cam := *g.cam
	wasAnimating := g.animating()
	g.stepAnimation()
	tickReplay(g, g.animating())
	g.input()
	changed := g.tick()
	return changed || *g.cam != cam || wasAnimating || g.animating() ||
		g.frame-g.hoverSince == tooltipDelay+1 // the tooltip shows
}

// tooltipDelay is how many frames the pointer rests on a hex before its
// tooltip shows.
const tooltipDelay = 25

// overHUD reports whether window point (x, y) is on the HUD rather than on
// the map: outside the map's part of the window, on the log, the chat line
// or the minimap, or anywhere while a window is open (windows are modal).
func (g *gameScreen) overHUD(x, y int) bool {
	p := image.Pt(x, y)
	switch {
	case g.hud.window != nil:
		return true
	case !p.In(g.mapRect()):
		return true
	case p.In(g.minimapRect().Inset(-4)):
		return true
	}
	return p.In(g.hud.logBox.GetWidget().Rect)
}

// input handles the keyboard and the mouse over the map. A press that
// begins on the HUD or on a window (the click that closes it, say) never
// acts on the map when it ends.
func (g *gameScreen) input() {
	in := g.in
	mx, my := in.Cursor.X, in.Cursor.Y
	overUI := g.overHUD(mx, my)
	mini := g.minimapRect()
	inMini := in.Cursor.In(mini) && g.hud.window == nil
	g.keys()

	// Hover.
	lx, ly := g.toMap(mx, my)
	h, ok := g.board.HexAt(g.cam, lx, ly)
	ok = ok && !overUI
	if ok != g.hasHover || h != g.hover {
		g.hover, g.hasHover, g.hoverSince = h, ok, g.frame
		g.updatePreview()
	}

	// Wheel zoom.
	if z := in.WheelZoom(); z != 1 && !overUI {
		g.cam.ZoomAt(z, lx, ly)
	}
	if g.hud.window == nil && g.app.opts.Prefs.EdgePan && !g.drag.On {
		if dx, dy := in.EdgePan(image.Pt(g.winW, g.winH)); dx != 0 || dy != 0 {
			g.cam.Pan(dx, dy)
		}
	}

	// Left button: click selects, drag pans, drag from the selected army
	// draws its path; on the minimap it moves the camera.
	if in.Pressed.Has(ebiten.MouseButtonLeft) && (!overUI || inMini) {
		g.drag.Start(in)
		g.miniDrag = inMini
		g.pathDrag = false
		if sel := g.model.Selection(); sel.Army != 0 && ok {
			if a := g.ownArmy(sel.Army); a != nil && a.Hex == h {
				g.pathDrag = true
			}
		}
	}
	if g.drag.On && g.hud.window != nil {
		g.drag.On = false // a window opened under the press
	}
	if dx, dy, held := g.drag.Follow(in); held {
		switch {
		case g.miniDrag:
			g.minimapJump(mx, my)
		case g.drag.Moved && !g.pathDrag:
			g.cam.Pan(float64(dx), float64(dy))
		}
	}
	if g.drag.End(in) {
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

// keys handles the keyboard shortcuts, as the help and the side panel
// name them. The HUD's buttons never keep the keyboard's focus (Tab
// selects the next army, Enter ends the turn, whatever was clicked last);
// while a text field has it, the keys are the field's, and while a window
// is open only Esc (close it) and F1 (the help) work.
func (g *gameScreen) keys() {
	if g.windowKeys() {
		return
	}
	in := g.app.in
	if dx, dy := in.PanKeys(); dx != 0 || dy != 0 {
		g.cam.Pan(dx, dy)
	}
	cx, cy := g.mapCenter()
	switch {
	case in.Hit(ebiten.KeyF1):
		g.hud.toggleHelp()
	case in.KeyZoom() != 1:
		g.cam.ZoomAt(in.KeyZoom(), cx, cy)
	case in.Hit(ebiten.KeyEscape):
		g.model.Deselect()
		g.preview = nil
		g.hud.dirtySide = true
	case in.Hit(ebiten.KeyTab):
		g.selectNextArmy()
	case in.Hit(ebiten.KeyH):
		g.cam.Zoom = defaultZoom
		g.centerOnHome()
	case in.Hit(ebiten.KeyEnter) && g.replay != nil:
		g.replayStep(false)
	case in.Hit(ebiten.KeyEnter, ebiten.KeyKPEnter):
		g.endTurnClicked()
	case in.Hit(ebiten.KeyBackspace, ebiten.KeyDelete):
		if n := len(g.model.Drafts()); n > 0 {
			g.model.RemoveOrder(n - 1)
			g.ordersChanged()
		}
	}
}

// click selects what is on h, or sends the selected army there.
func (g *gameScreen) click(h hex.Hex) {
	before := len(g.model.Drafts())
	g.model.Click(h)
	if g.replay != nil {
		g.model.ClearOrders() // a replay takes no orders: a click only selects
	}
	if len(g.model.Drafts()) != before {
		g.ordersChanged()
	}
	g.preview = nil
	g.updatePreview()
	g.hud.dirtySide = true
}

// orderMoveTo gives the selected army a move (or, onto a known enemy, an
// attack) to h.
func (g *gameScreen) orderMoveTo(h hex.Hex) {
	if g.replay != nil {
		return // a replay takes no orders
	}
	sel := g.model.Selection()
	a := g.ownArmy(sel.Army)
	if a == nil || a.Hex == h {
		return
	}
	plan, err := g.model.PlanPath(a.ID, h)
	if err != nil {
		g.notify(err.Error())
		return
	}
	g.model.SetMove(a.ID, plan.Path, g.enemyAt(h))
	g.ordersChanged()
}

// enemyAt reports whether the view shows an enemy army on h.
func (g *gameScreen) enemyAt(h hex.Hex) bool {
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
func (g *gameScreen) ownArmy(id game.ArmyID) *game.ArmyView {
	v := g.model.View()
	for i := range v.Armies {
		if a := &v.Armies[i]; a.ID == id && a.Owner == v.You {
			return a
		}
	}
	return nil
}

// selectNextArmy selects the player's next army after the selected one.
func (g *gameScreen) selectNextArmy() {
	v := g.model.View()
	cur := g.model.Selection().Army
	var first, next *game.ArmyView
	for i := range v.Armies {
		a := &v.Armies[i]
		if a.Owner != v.You || a.Carrier != 0 {
			continue
		}
		if first == nil {
			first = a
		}
		if next == nil && a.ID > cur {
			next = a
		}
	}
	if next == nil {
		next = first
	}
	if next != nil {
		g.model.SelectArmy(next.ID)
		g.centerOn(next.Hex)
		g.hud.dirtySide = true
		g.updatePreview()
	}
}

// updatePreview plans the selected army's path to the hovered hex.
func (g *gameScreen) updatePreview() {
	g.preview, g.previewErr = nil, ""
	sel := g.model.Selection()
	a := g.ownArmy(sel.Army)
	if a == nil || !g.hasHover || g.hover == a.Hex {
		return
	}
	plan, err := g.model.PlanPath(a.ID, g.hover)
	if err != nil {
		g.previewErr = err.Error()
		return
	}
	g.preview, g.previewTo = &plan, g.hover
}

// minimapRect is where the minimap is drawn: bottom left, above the log.
func (g *gameScreen) minimapRect() image.Rectangle {
	h := g.winH
	return image.Rect(6, h-minimapH-6, 6+minimapW, h-6)
}

// minimapJump centres the camera on the minimap point (mx, my).
func (g *gameScreen) minimapJump(mx, my int) {
	wx, wy, ok := g.board.MinimapToWorld(g.minimapRect(), mx, my)
	if !ok {
		return
	}
	cx, cy := g.mapCenter()
	g.cam.X, g.cam.Y = wx-cx/g.cam.Zoom, wy-cy/g.cam.Zoom
	g.cam.Pan(0, 0)
}
