package empire

import (
	"fmt"
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/camera"
	"empires/client/kit"
	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/grid"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// Screen is the empire ruleset's game screen (module.Screen): the map of
// squares (or hexes) with the settlements, the player's forces and the
// others' as sighted; the selection and its side panel; the orders
// drafted for the turn; the log of the turns and the battle reports.
type Screen struct {
	host module.Host
	m    *Model
	lay  Layout
	// cam looks at the map in the pixels of the interface at 100 %: its
	// zoom is the player's, its screen the map's part of the window
	// divided by camScale, the interface size it was sized for. The map
	// is drawn camScale times as large (see scale).
	cam      *camera.Camera
	camScale float64
	paint    *painter

	// Input.
	hover      kit.Hover[grid.Pos]
	drag       kit.Drag
	mapRect    image.Rectangle
	in         module.Input // the last frame's input
	miniDrag   bool         // the left button went down on the minimap
	preview    *Plan
	previewErr string

	// The keyboard (keyboard.go): the cursor on the map, and whether the
	// keys moved it since the pointer last moved (then the path planned
	// is to the cursor); where the pointer was last frame; the side
	// panel's buttons and the focused one (kit.PanelFocus over
	// buttons); whether Space skipped the animation this frame.
	cursor       cursor
	keyLast      bool
	lastPoint    image.Point
	sideButtons  []panelButton
	orderButtons []panelButton
	focus        kit.PanelFocus
	spaceSkip    bool
	refollow     int // frames left in which the camera follows the cursor after a resize

	// The resolved turn's movement, shown step by step.
	anim     [][]Move
	animStep int
	animT    float64

	// watching is set in a replay (Watch).
	watching bool

	// log is Log's lines, of the model's log by its first line (a log
	// told again is a new one).
	log module.LogCache[*Line]

	// pics are the units' pictures of the panel's lists, by icon and
	// size.
	pics map[picKey]*ebiten.Image
}

var (
	_ module.Screen   = (*Screen)(nil)
	_ module.Replayer = (*Screen)(nil)
)

// defaultZoom is the camera's zoom when the game opens and after H: a
// square is 60 pixels wide at 100 % (120 at 200 %), its badges' numbers
// easy to read.
const defaultZoom = 1.5

// tooltipDelay is how many frames the pointer rests on a square before
// its tooltip shows.
const tooltipDelay = 25

// NewScreen returns the screen of a game played with the rules' data,
// framed by host; SetView shows its first view.
func NewScreen(r *rules.Rules, host module.Host) *Screen {
	return &Screen{host: host, m: NewModel(r.Dat()), hover: kit.Hover[grid.Pos]{Delay: tooltipDelay}}
}

// Model returns the screen's model.
func (s *Screen) Model() *Model { return s.m }

// SetView implements module.Screen.
func (s *Screen) SetView(rv ruleset.View) error {
	v, ok := rv.(*rules.View)
	if !ok {
		return fmt.Errorf("a %T is not a view of an empire game", rv)
	}
	first := s.newMap(v)
	s.m.SetView(v)
	if first {
		if err := s.layOut(v); err != nil {
			return err
		}
	}
	s.updatePreview()
	s.host.Changed(true)
	return nil
}

// newMap reports whether view v is of another map than the one shown (or
// the first view).
func (s *Screen) newMap(v *rules.View) bool {
	return s.m.v == nil || s.m.v.Width != v.Width || s.m.v.Height != v.Height || s.m.v.Shape != v.Shape
}

// layOut lays out the map of view v, the model's view now, and puts the
// camera on the player's home.
func (s *Screen) layOut(v *rules.View) error {
	s.lay = NewLayout(v.Shape, v.Width, v.Height)
	p, err := newPainter(s.m.d, s.lay)
	if err != nil {
		return err
	}
	s.paint = p
	ww, wh := s.lay.WorldSize()
	r := s.host.MapRect()
	s.camScale = s.scale()
	s.cam = camera.New(ww, wh, float64(r.Dx())/s.camScale, float64(r.Dy())/s.camScale)
	s.cam.Zoom = defaultZoom
	s.mapRect = r
	s.CenterHome()
	return nil
}

// scale is the interface size the screen is drawn at now (the host's
// theme's: 2 at 200 %): every length given for 100 % is multiplied by it.
func (s *Screen) scale() float64 { return s.host.Theme().Scale() }

// fitCamera gives the camera the map's part of the window, map, at the
// interface size now, keeping the world point in the map's middle where
// it is; it reports whether either changed.
func (s *Screen) fitCamera(r image.Rectangle) bool {
	k := s.scale()
	if r == s.mapRect && k == s.camScale {
		return false
	}
	s.mapRect, s.camScale = r, k
	s.cam.Resize(float64(r.Dx())/k, float64(r.Dy())/k)
	return true
}

// Resolved implements module.Screen.
func (s *Screen) Resolved(rv ruleset.View, events []byte) error {
	if rv == nil {
		return nil // the turn's view did not apply: its events cannot be told without it
	}
	v, ok := rv.(*rules.View)
	if !ok {
		return fmt.Errorf("a %T is not a view of an empire game", rv)
	}
	var evs []rules.Event
	var err error
	if len(events) > 0 { // a turn of nothing to tell comes without events
		evs, err = rules.DecodeEvents(events)
	}
	s.anim, s.animStep, s.animT = nil, 0, 0
	if prefs.StepSeconds(s.host.Prefs().AnimSpeed) > 0 { // the player's Settings may turn it off
		s.anim = Steps(s.m.d, evs, v)
	}
	s.m.Resolved(v, evs)
	s.updatePreview()
	s.host.Changed(true)
	if err != nil {
		return err
	}
	return nil
}

// Missed implements module.Catcher: a turn played while the player was
// away goes to the log, told with the view the screen has.
func (s *Screen) Missed(turn protocol.Turn, events []byte) error {
	evs, err := rules.DecodeEvents(events)
	if err != nil {
		return err
	}
	s.m.Missed(int(turn), evs)
	s.host.Changed(true)
	return nil
}

// Watch implements module.Replayer: the screen of a replay speaks of
// every player by name and takes no orders.
func (s *Screen) Watch() {
	s.watching = true
	s.m.SetThirdPerson(true)
	s.host.Changed(true)
}

// Rewind implements module.Replayer (Model.Rewind), without the
// animation; the camera stays where it is.
func (s *Screen) Rewind(first ruleset.View, turns []module.Resolution) error {
	fv, ok := first.(*rules.View)
	if !ok {
		return fmt.Errorf("a %T is not a view of an empire game", first)
	}
	views := make([]*rules.View, len(turns))
	events := make([][]rules.Event, len(turns))
	for i, t := range turns {
		v, ok := t.View.(*rules.View)
		if !ok {
			return fmt.Errorf("turn %d: a %T is not a view of an empire game", i+1, t.View)
		}
		views[i] = v
		if len(t.Events) > 0 {
			evs, err := rules.DecodeEvents(t.Events)
			if err != nil {
				return fmt.Errorf("turn %d: %w", i+1, err)
			}
			events[i] = evs
		}
	}
	fresh := s.newMap(fv)
	s.m.Rewind(fv, views, events)
	if fresh {
		if err := s.layOut(fv); err != nil {
			return err
		}
	}
	s.anim, s.animStep, s.animT = nil, 0, 0
	s.updatePreview()
	s.host.Changed(true)
	return nil
}

// Animating implements module.Replayer.
func (s *Screen) Animating() bool { return s.animating() }

// Status implements module.Screen.
func (s *Screen) Status() module.Status {
	v := s.m.v
	if v == nil {
		return module.Status{}
	}
	st := module.Status{You: v.Seat, Turn: v.Turn}
	for _, p := range v.Players {
		st.Players = append(st.Players, module.Player{Name: p.Name, Alive: p.Alive})
	}
	return st
}

// CenterHome centres the camera on the player's first city.
func (s *Screen) CenterHome() {
	if p, ok := s.m.Home(); ok {
		s.centerOn(p)
	}
}

// centerOn moves the camera so cell p is in the middle of the map.
func (s *Screen) centerOn(p grid.Pos) {
	wx, wy := s.lay.Center(p)
	s.cam.LookAt(wx, wy, s.cam.ScreenW/2, s.cam.ScreenH/2)
}

// cellAt returns the cell under map point (x, y) (window pixels from the
// map's top-left corner).
func (s *Screen) cellAt(x, y float64) (grid.Pos, bool) {
	wx, wy := s.cam.ToWorld(x/s.camScale, y/s.camScale)
	return s.lay.CellAt(wx, wy)
}

// ScreenOf returns where the centre of cell p is drawn, in window pixels.
func (s *Screen) ScreenOf(p grid.Pos) (float64, float64) {
	wx, wy := s.lay.Center(p)
	x, y := s.cam.ToScreen(wx, wy)
	return x*s.camScale + float64(s.mapRect.Min.X), y*s.camScale + float64(s.mapRect.Min.Y)
}

// state is what the map shows that input may change.
type state struct {
	cam      camera.Camera
	hover    grid.Pos
	has      bool
	sel      Selection
	version  int
	preview  *Plan
	tooltip  bool
	previewE string
	anim     int
	animT    float64
	cursor   cursor
	focus    kit.PanelFocus
	scale    float64
}

func (s *Screen) state() state {
	return state{cam: *s.cam, hover: s.hover.At, has: s.hover.On, sel: s.m.sel, version: s.m.version, preview: s.preview,
		tooltip: s.hover.JustRested(), previewE: s.previewErr, anim: s.animStep, animT: s.animT, cursor: s.cursor, focus: s.focus,
		scale: s.camScale}
}

// Update implements module.Screen: the pointer hovers, selects (a click),
// pans (a drag) and orders the selected army (a right click, or a click
// on a square with nothing of the player's); the wheel zooms; the keys
// pan, zoom, go home, select the next army, deselect and take back the
// last order. A new interface size (the host's theme) or a new size of
// the map redraws it, the world point in its middle kept there.
func (s *Screen) Update(in module.Input) bool {
	s.hover.Tick()
	if s.m.v == nil {
		return false
	}
	before := s.state()
	if s.fitCamera(in.Map) {
		s.refollow = refollowFrames
	}
	if s.refollow > 0 && s.cursor.Shown {
		s.refollow--
		s.followCursor() // the cursor stays in sight as the HUD settles on the new size
	}
	s.in = in
	s.spaceSkip = false
	if !in.Keys && !in.Modal {
		s.focus.Clear() // the keyboard went to another part of the screen (the shell's): one ring at a time
	}
	s.followFocus()
	s.stepAnimation(in)
	mx, my := in.Cursor.X, in.Cursor.Y
	if in.Cursor != s.lastPoint { // a move of the pointer makes the path planned its again
		s.lastPoint = in.Cursor
		if s.keyLast && in.Pointer {
			s.keyLast = false
			s.updatePreview()
		}
	}
	if in.Pressed.Has(ebiten.MouseButtonLeft) && in.OnMinimap {
		s.miniDrag = true
	}
	if s.miniDrag {
		if in.Held.Has(ebiten.MouseButtonLeft) {
			s.minimapJump(mx, my)
		} else {
			s.miniDrag = false
		}
	}
	lx, ly := float64(mx-in.Map.Min.X), float64(my-in.Map.Min.Y)
	p, ok := s.cellAt(lx, ly)
	ok = ok && in.Pointer
	if s.hover.Set(p, ok) {
		s.updatePreview()
	}
	if z := in.WheelZoom(); z != 1 && in.Pointer {
		s.cam.ZoomAt(z, lx/s.camScale, ly/s.camScale)
	}
	if in.Pressed.Has(ebiten.MouseButtonLeft) && in.Pointer {
		s.cursor.Shown = false
		s.focus.Clear() // the pointer plays: the keyboard's cursor and focus go
		s.drag.StartScaled(in.Frame, s.host.Theme().Scale())
	}
	if dx, dy, held := s.drag.Follow(in.Frame); held && s.drag.Moved {
		s.cam.Pan(float64(dx)/s.camScale, float64(dy)/s.camScale) // the map follows the pointer
	}
	if s.drag.End(in.Frame) && !s.drag.Moved && ok {
		s.click(p, in.Orders)
	}
	if in.Pressed.Has(ebiten.MouseButtonRight) && ok && in.Orders {
		s.orderMove(p)
	}
	if in.Keys {
		s.keys(in)
	}
	after := s.state()
	if after.sel != before.sel {
		s.host.Changed(false)
	}
	return after != before
}

// keys handles the map's keys, as the help names them: the cursor
// (keyboard.go), the pan, the zoom, home, Tab through what takes orders,
// the side panel's focus, Escape and taking back the last order.
func (s *Screen) keys(in module.Input) {
	if dx, dy := in.CursorPanKeys(); dx != 0 || dy != 0 {
		s.cam.Pan(dx, dy)
	}
	if s.moveCursor(in.Frame) {
		return
	}
	cx, cy := s.cam.ScreenW/2, s.cam.ScreenH/2
	switch {
	case in.KeyZoom() != 1:
		s.cam.ZoomAt(in.KeyZoom(), cx, cy)
	case in.Hit(ebiten.KeyH):
		s.cam.Zoom = defaultZoom
		s.CenterHome()
	case in.Hit(ebiten.KeyEscape) && s.focus.On():
		s.focus.Clear() // back to the map; a second Escape deselects
	case in.Hit(ebiten.KeyEscape):
		s.m.Deselect()
		s.preview, s.previewErr = nil, "" // no army selected: no path, and no refusal of one
	case in.Hit(ebiten.KeyTab):
		s.selectNext(in.Shift())
	case in.Hit(ebiten.KeyBracketRight):
		s.moveFocus(false)
		s.host.Changed(false)
	case in.Hit(ebiten.KeyBracketLeft):
		s.moveFocus(true)
		s.host.Changed(false)
	case in.Hit(ebiten.KeySpace) && !s.spaceSkip && s.focus.On():
		s.pressFocused()
	case in.Hit(ebiten.KeySpace) && !s.spaceSkip:
		s.keyLast = true
		if !s.cursor.Shown {
			s.showCursor()
			s.followCursor()
			s.updatePreview()
		} else {
			s.click(s.cursor.At, in.Orders)
		}
	case in.Hit(ebiten.KeyM) && s.cursor.Shown && in.Orders:
		s.keyLast = true
		s.orderMove(s.cursor.At)
	case in.Hit(ebiten.KeyBackspace, ebiten.KeyDelete):
		if n := len(s.m.Drafts()); n > 0 && in.Orders {
			s.m.Remove(n - 1)
			s.host.Changed(true)
		}
	}
}

// click selects what is on p, or sends the selected army there.
func (s *Screen) click(p grid.Pos, orders bool) {
	if !orders {
		s.m.sel = Selection{Active: true, Cell: p}
		if st := s.m.SettlementAt(p); st != nil && st.Owner == s.m.You() && s.m.You() != 0 {
			s.m.sel.Settlement = st.ID
		}
		return
	}
	ordered, err := s.m.Click(p)
	if err != nil {
		s.notify(err.Error())
	}
	if ordered {
		s.host.Changed(true)
	}
	s.preview = nil
	s.updatePreview()
}

// orderMove sends the selected army to p (onto another player's force:
// an attack).
func (s *Screen) orderMove(p grid.Pos) {
	f := s.m.Force(s.m.sel.Force)
	if f == nil || f.Garrison || f.Pos == p {
		if f != nil && f.Garrison {
			s.notify("A garrison does not move: split off an army first")
		}
		return
	}
	if err := s.m.MoveTo(f.ID, p); err != nil {
		s.notify(err.Error())
		return
	}
	s.preview = nil
	s.host.Changed(true)
}

// updatePreview plans the selected army's path to the hovered square.
func (s *Screen) updatePreview() {
	s.preview, s.previewErr = nil, ""
	f := s.m.Force(s.m.sel.Force)
	to, ok := s.target()
	if f == nil || f.Garrison || !ok || to == f.Pos {
		return
	}
	pl, err := s.m.PlanPath(f.ID, to)
	if err != nil {
		s.previewErr = err.Error()
		return
	}
	s.preview = &pl
}

// Draw implements module.Screen.
func (s *Screen) Draw(dst *ebiten.Image) {
	s.draw(dst)
	if s.m.v != nil && s.cursor.Shown && !s.in.Modal {
		s.drawCursor(dst)
	}
}

// DrawOver implements module.Screen: the minimap; the planned path's
// turns, or the hovered square's description after a moment.
func (s *Screen) DrawOver(dst *ebiten.Image) {
	if s.m.v == nil {
		return
	}
	s.drawMinimap(dst)
	s.drawFocusRing(dst)
	t := s.host.Theme()
	if s.animating() {
		msg := fmt.Sprintf("Turn %d: movement step %d of %d (Space skips)", s.m.v.Turn-1, s.animStep+1, len(s.anim))
		kit.DrawBoxScaled(dst, t.Scale(), t.NormalFace(), []string{msg}, float64(s.mapRect.Min.X+s.mapRect.Dx()/2-t.Px(170)), float64(s.mapRect.Min.Y+t.Px(10)),
			s.mapRect, color.RGBA{30, 26, 22, 220}, color.RGBA{250, 220, 140, 255})
		return
	}
	if _, ok := s.target(); !ok {
		return
	}
	mx, my := s.in.Cursor.X, s.in.Cursor.Y
	pp := s.previewPoint()
	face := t.SmallFace()
	bg, fg := color.RGBA{30, 26, 22, 235}, color.RGBA{235, 228, 210, 255}
	right := t.Pxf(18)               // a tooltip's left edge from the pointer
	below := float64(my) + t.Pxf(18) // the top of the square's own tooltip: under the pointer and the path's
	switch {
	case s.preview != nil:
		box := kit.DrawBoxScaled(dst, t.Scale(), face, s.previewLines(s.preview), float64(pp.X)+right, float64(pp.Y)-t.Pxf(40), s.mapRect, bg, color.RGBA{250, 240, 200, 255})
		below = max(below, float64(box.Max.Y+t.Px(4)))
	case s.previewErr != "":
		box := kit.DrawBoxScaled(dst, t.Scale(), face, []string{s.m.cw(s.previewErr)}, float64(pp.X)+right, float64(pp.Y)-t.Pxf(30), s.mapRect, bg, color.RGBA{255, 150, 130, 255})
		below = max(below, float64(box.Max.Y+t.Px(4)))
	}
	// The square's own tooltip (terrain, settlement, forces), after a
	// moment: a path's box leaves it in sight.
	if s.hover.Rested() && !s.drag.On && !s.keyLast { // the keys moved last: no tooltip of the resting pointer
		kit.DrawBoxScaled(dst, t.Scale(), face, s.m.Describe(s.hover.At), float64(mx)+right, below, s.mapRect, bg, fg)
	}
}

// previewLines are the lines of the tooltip of planned path pl: its
// squares and turns, a guess through squares never seen, and what a
// right click does.
func (s *Screen) previewLines(pl *Plan) []string {
	lines := []string{fmt.Sprintf("%s, %s", words.Count(len(pl.Path), "square", "squares"), words.Count(pl.Turns, "turn", "turns"))}
	if pl.Estimate {
		lines = []string{fmt.Sprintf("%s, about %s", words.Count(len(pl.Path), "square", "squares"), words.Count(pl.Turns, "turn", "turns")),
			"A guess through unknown squares: it stops where it finds it cannot go on"}
	}
	if pl.Attack {
		lines = append(lines, "Right-click to attack")
	} else {
		lines = append(lines, "Right-click to move")
	}
	lines[0] = s.m.cw(lines[0])
	return lines
}

// Submission implements module.Screen.
func (s *Screen) Submission() ([]byte, bool) { return s.m.Submission() }

// Rejected implements module.Screen.
func (s *Screen) Rejected(errs []protocol.Rejection) {
	s.m.Rejected(errs)
	s.host.Changed(true)
}

// Log implements module.Screen: battles link to their report, other
// lines to their square.
func (s *Screen) Log() []module.LogLine {
	lines := s.m.Log()
	if len(lines) == 0 {
		return nil
	}
	return s.log.Lines(&lines[0], len(lines), func(i int) module.LogLine {
		l := lines[i]
		out := module.LogLine{Turn: protocol.Turn(l.Turn), Text: l.Text}
		switch {
		case l.Battle != nil:
			out.Link = kit.LogLink(linkBattle, i)
		case l.HasCell:
			out.Link = kit.LogLink(linkCell, i)
		}
		return out
	})
}

// The kinds of the log's links (kit.LogLink).
const linkBattle, linkCell = "battle", "cell"

// Link implements module.Screen: a battle opens its report, a square
// centres the map on it.
func (s *Screen) Link(id string) {
	lines := s.m.Log()
	kind, i, ok := kit.ParseLogLink(id, linkBattle, linkCell)
	if !ok || i >= len(lines) {
		return
	}
	switch kind {
	case linkBattle:
		if lines[i].Battle != nil {
			s.centerOn(lines[i].Cell)
			s.showBattle(lines[i])
		}
	case linkCell:
		if lines[i].HasCell {
			s.centerOn(lines[i].Cell)
			s.m.sel = Selection{Active: true, Cell: lines[i].Cell}
			s.host.Changed(false)
		}
	}
}

// Probe implements module.Screen.
func (s *Screen) Probe() module.Probe {
	var p module.Probe
	if s.m.v == nil {
		return p
	}
	p.Camera = [3]float64{s.cam.X, s.cam.Y, s.cam.Zoom}
	p.World[0], p.World[1] = s.lay.WorldSize()
	p.CellSize = 2 * s.lay.Inner() * s.cam.Zoom * s.camScale
	if s.hover.On {
		p.Hover = s.hover.At.String()
	}
	sel := s.m.Selection()
	if sel.Active {
		p.Selected = sel.Cell.String()
	}
	if f := s.m.Force(sel.Force); f != nil {
		p.Picked = map[string]int{forceKind(f.Garrison): int(f.ID)}
	}
	if st := s.m.Settlement(sel.Settlement); st != nil {
		if p.Picked == nil {
			p.Picked = map[string]int{}
		}
		p.Picked[settlementWord(st.City)] = int(st.ID)
	}
	p.Animating = s.animating()
	if s.cursor.Shown {
		p.MapCursor = s.cursor.At.String()
	}
	if pb, ok := s.focused(); ok {
		p.PanelFocus = pb.label
	}
	for _, d := range s.m.Drafts() {
		p.Drafts = append(p.Drafts, s.m.Label(d))
	}
	mark := func(kind string, id, units int, q grid.Pos) module.Mark {
		x, y := s.ScreenOf(q)
		return module.Mark{Kind: kind, ID: id, Units: units, Cell: q.String(), X: x, Y: y,
			OnMap: image.Pt(int(x), int(y)).In(s.mapRect)}
	}
	for _, st := range s.m.Settlements() {
		if st.Owner == s.m.You() && s.m.You() != 0 {
			p.Mine = append(p.Mine, mark(settlementWord(st.City), int(st.ID), 0, st.Pos))
		}
	}
	pics := s.pictures()
	for _, f := range s.m.Forces() {
		mk := mark(forceKind(f.Garrison), int(f.ID), len(f.Units), f.Pos)
		if pic, ok := pics[f.ID]; ok {
			mk.Icon = pic.icon.String()
			mk.Pic = [4]int{pic.box.Min.X, pic.box.Min.Y, pic.box.Max.X, pic.box.Max.Y}
		}
		p.Mine = append(p.Mine, mk)
	}
	for _, sg := range s.m.v.Sightings {
		mk := mark("sighting", int(sg.Force), sg.Units, sg.Pos)
		mk.Outdated = s.m.v.Outdated(&sg)
		p.Others = append(p.Others, mk)
	}
	return p
}

// forceKind is what the probe calls a force: "army", or "garrison".
func forceKind(garrison bool) string {
	if garrison {
		return "garrison"
	}
	return "army"
}

var _ module.Autoplayer = (*Screen)(nil)

// Autoplay implements module.Autoplayer: the model's AutoOrders, the
// first army that moves selected (a screenshot shows its path).
func (s *Screen) Autoplay() error {
	s.m.AutoOrders()
	for _, f := range s.m.Forces() {
		if !f.Garrison && len(f.Path) > 0 {
			s.m.SelectForce(f.ID)
			break
		}
	}
	s.updatePreview()
	s.host.Changed(true)
	return nil
}
