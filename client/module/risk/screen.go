package risk

import (
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/risk"
	"empires/shared/rules/risk/board"
	"empires/shared/rules/risk/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Screen is the risk game's screen (module.Screen): the Map, with the
// side panel, the dice, the defender's question and the card windows.
type Screen struct {
	host  module.Host
	r     *rules.Rules
	m     *Model
	mp    *Map
	lay   Layout // the board's layout: the probe's world size
	cards *Cards
	faces *kit.Faces
	// now is the clock the countdown and the marks read: the wall clock,
	// a fake one in tests.
	now func() time.Time

	pointer image.Point
	// keyed reports that the keys moved the focus since the pointer last
	// moved: the focus's tooltip shows rather than the pointer's.
	keyed bool
	// sight is the map's part in sight as the last frame had it.
	sight  image.Rectangle
	struck []struck
	// win is the card window the screen opened (winNone when the player
	// closed it); opened the step (round and phase) it was opened for, so
	// that it opens once by itself.
	win    window
	opened [2]int
	// autoOpened counts the windows opened by themselves, for the probe.
	autoOpened [3]int
	// seen is the model's version the panel was last built for; tick the
	// countdown as last drawn, in quarter seconds (-1: none).
	seen, tick int
	// updatedAt is the interface size Update last saw: a change builds
	// the side panel and the card window again.
	updatedAt float64
	log       module.LogCache[int]
	watching  bool
}

// window is a card window the screen opens over the map.
type window uint8

const (
	winNone window = iota
	winTrade
	winPurchase
)

var (
	_ module.Screen   = (*Screen)(nil)
	_ module.Stepper  = (*Screen)(nil)
	_ module.Replayer = (*Screen)(nil)
	_ module.Bar      = (*Screen)(nil)
)

// NewScreen returns the screen of a game played by r, framed by host;
// SetView shows its first view (and makes its board).
func NewScreen(r *rules.Rules, host module.Host) (*Screen, error) {
	faces, err := kit.NewFaces()
	if err != nil {
		return nil, fmt.Errorf("risk screen: the font: %w", err)
	}
	k := NewCards(host.Theme())
	k.UseRules(r)
	return &Screen{host: host, r: r, cards: k, faces: faces, now: time.Now, tick: -1, seen: -1}, nil
}

// ui returns the interface size the host's theme is at now: a length of
// 100 % is ui times as many window pixels.
func (s *Screen) ui() float64 { return s.host.Theme().Scale() }

// px returns n pixels of 100 % in window pixels at the interface size.
func (s *Screen) px(n int) int { return s.host.Theme().Px(n) }

// follow takes the host's theme as it is now (Settings or a resize may
// change the interface size in the middle of a game): the map and the
// card half draw and lay out at its size from then on.
func (s *Screen) follow() {
	s.cards.SetTheme(s.host.Theme())
	s.cards.SetRoom(s.host.MapRect().Size())
	if s.mp != nil {
		s.mp.SetInterfaceScale(s.ui())
	}
}

// Model returns the screen's model, nil before the first view.
func (s *Screen) Model() *Model { return s.m }

// Map returns the screen's map, nil before the first view.
func (s *Screen) Map() *Map { return s.mp }

// SetClock sets the clock the countdown and the marks read.
func (s *Screen) SetClock(now func() time.Time) { s.now = now }

// view returns rv as a risk view.
func view(rv ruleset.View) (*rules.View, error) {
	v, ok := rv.(*rules.View)
	if !ok {
		return nil, fmt.Errorf("a %T is not a view of a risk game", rv)
	}
	return v, nil
}

// ensure makes the board, the map and the model of view v's game, once.
func (s *Screen) ensure(v *rules.View) error {
	if s.m != nil {
		return nil
	}
	b, err := s.r.Board(v.Map, v.Size, v.MapSeed)
	if err != nil {
		return fmt.Errorf("risk screen: the board: %w", err)
	}
	if len(b.Territories) != len(v.Board) {
		return fmt.Errorf("risk screen: a view of %d territories on a board of %d", len(v.Board), len(b.Territories))
	}
	mp, err := NewMap(b)
	if err != nil {
		return err
	}
	mp.SetInterfaceScale(s.ui())
	s.mp, s.m, s.lay = mp, NewModel(s.r, b), NewLayout(b)
	return nil
}

// show gives the map and the card half what the view holds.
func (s *Screen) show() {
	v := s.m.v
	h := make([]Holding, len(v.Board))
	for i, t := range v.Board {
		h[i] = Holding{Owner: t.Owner, Armies: t.Armies, City: t.City}
	}
	_ = s.mp.SetHoldings(h) // the view was checked: its board is the map's
	names := make([]string, len(v.Players))
	for i, p := range v.Players {
		names[i] = p.Name
	}
	s.mp.SetPlayers(names)
	s.mp.Select(s.m.sel)
	s.cards.SetView(v)
	for _, st := range s.m.TakeStrikes() {
		s.struck = append(s.struck, struck{Strike: st, at: s.now()})
		if !s.watching {
			s.host.Notify(s.strikeNotice(st))
		}
	}
	s.refreshWindow()
	s.host.Changed(true)
}

// strikeNotice says a Disaster as it strikes, for the notice.
func (s *Screen) strikeNotice(st Strike) string {
	m := s.m
	var names []string
	for _, t := range st.Hit {
		names = append(names, m.tname(t))
	}
	msg := fmt.Sprintf("%s %s %s: %s lost", st.Disaster, map[bool]string{true: "strikes", false: "strike"}[st.Disaster == cards.Plague], m.name(st.Seat), armies(st.Lost))
	if len(names) > 0 {
		msg += " on " + joinAnd(names)
	}
	return msg
}

// SetView implements module.Screen.
func (s *Screen) SetView(rv ruleset.View) error {
	v, err := view(rv)
	if err != nil {
		return err
	}
	if err := s.ensure(v); err != nil {
		return err
	}
	s.m.SetView(v)
	s.show()
	return nil
}

// Resolved implements module.Screen: with no view (it did not apply) the
// log tells the events, and the map stays as it was until the whole view
// comes.
func (s *Screen) Resolved(rv ruleset.View, events []byte) error {
	var v *rules.View
	var err error
	switch {
	case rv != nil:
		if v, err = view(rv); err != nil {
			return err
		}
		if err := s.ensure(v); err != nil {
			return err
		}
	case s.m == nil || s.m.v == nil:
		return nil // nothing to tell the events with
	default:
		v = s.m.v
	}
	var evs []rules.Event
	if len(events) > 0 {
		if evs, err = rules.DecodeEvents(events); err != nil {
			err = fmt.Errorf("the step's events: %w", err)
		}
	}
	s.m.Resolved(v, evs)
	s.show()
	return err
}

// Watch implements module.Replayer: a replay speaks of every player by
// name and takes no move.
func (s *Screen) Watch() {
	s.watching = true
	if s.m != nil {
		s.m.SetThirdPerson(true)
	}
	s.host.Changed(true)
}

// Rewind implements module.Replayer: the last of turns' view at once,
// with the log of them all.
func (s *Screen) Rewind(first ruleset.View, turns []module.Resolution) error {
	fv, err := view(first)
	if err != nil {
		return err
	}
	if err := s.ensure(fv); err != nil {
		return err
	}
	s.m.SetThirdPerson(s.watching)
	views := make([]*rules.View, len(turns))
	events := make([][]rules.Event, len(turns))
	for i, t := range turns {
		if views[i], err = view(t.View); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		if len(t.Events) > 0 {
			if events[i], err = rules.DecodeEvents(t.Events); err != nil {
				return fmt.Errorf("step %d: %w", i+1, err)
			}
		}
	}
	s.m.Rewind(fv, views, events)
	s.show()
	return nil
}

// Animating implements module.Replayer: each step is shown at once.
func (s *Screen) Animating() bool { return false }

// SetStep implements module.Stepper.
func (s *Screen) SetStep(st module.StepInfo) {
	if s.m == nil {
		return
	}
	s.m.SetStep(st)
	s.refreshWindow()
	s.host.Changed(false)
}

// ActResult implements module.Stepper: a refusal is said in a notice.
func (s *Screen) ActResult(seq uint32, err string) {
	if s.m == nil {
		return
	}
	s.m.ActResult(seq, err)
	if err != "" {
		s.host.Notify("Refused: " + err)
		if s.win != winNone {
			s.cards.Refused(err)
		}
	}
	s.host.Changed(false)
}

// Status implements module.Screen.
func (s *Screen) Status() module.Status {
	if s.m == nil || s.m.v == nil {
		return module.Status{}
	}
	v := s.m.v
	st := module.Status{You: v.Seat, Turn: max(v.Round, 1)}
	for _, p := range v.Players {
		st.Players = append(st.Players, module.Player{Name: p.Name, Alive: p.Alive})
	}
	return st
}

// overBox reports whether point p is on a box the screen draws over the
// map (the dice, the question): the map under it takes no click.
func (s *Screen) overBox(p image.Point) bool {
	q, _ := s.question()
	return p.In(q) || p.In(s.diceBox())
}

// Update implements module.Screen: the pointer hovers and clicks the
// territories and the question's buttons; the keys move the focus
// through the territories (Tab, Shift+Tab; the arrows to a neighbour) and act on it (Enter), roll (Space; Enter on the attack chosen), press on (U),
// choose the dice (1 to 3) or the count (number keys, [ and ]), end the
// step (E), answer the question (C, K), arm the Nuke (N) and the Air Drop
// (Y), open the trading table (T) and the purchase window (P), and drop
// the choice, then the focus (Esc); the Map's own keys pan and zoom.
func (s *Screen) Update(in module.Input) bool {
	if s.m == nil || s.m.v == nil {
		return false
	}
	if !in.Modal {
		s.win = winNone // the player closed it, or none was open
	}
	s.follow()
	scaled := s.ui() != s.updatedAt && s.updatedAt != 0
	s.updatedAt = s.ui()
	moved := in.Cursor != s.pointer
	s.pointer = in.Cursor
	mapIn := in
	if s.overBox(in.Cursor) {
		mapIn.Pointer = false
	}
	sight := s.host.MapInSight()
	redraw, clicked := s.mp.Update(mapIn, sight)
	if s.mp.SetPalette(s.palette()) { // Settings may change it in the game
		redraw = true
	}
	if scaled {
		redraw = true
		s.host.Changed(false) // the side panel at the new size
		if s.win != winNone {
			s.openWindow(s.win) // the card window at the new size
		}
	}
	if sight.Size() != s.sight.Size() {
		if !s.sight.Empty() {
			s.mp.Fit() // the window's size changed: the board fits it again
		}
		s.sight, redraw = sight, true
	}
	if moved && (s.overBox(in.Cursor) || s.diceBox() != image.Rectangle{}) {
		redraw = true // a box's button lit or unlit
	}
	if in.Pointer && in.Orders && in.Pressed.Has(ebiten.MouseButtonLeft) {
		_, buttons := s.question()
		for _, b := range buttons {
			if in.Cursor.In(b.Rect) {
				b.press()
			}
		}
	}
	if clicked != 0 && in.Orders && !s.watching {
		shift := in.Shift()
		s.apply(s.m.ClickTerritory(clicked, shift))
	}
	if moved && s.keyed {
		s.keyed, redraw = false, true // the pointer shows what it rests on again
	}
	if in.Keys && len(in.KeysPressed) > 0 {
		s.arrows(in.Frame) // a spectator reads the territories too
		if in.Orders && !s.watching {
			s.keys(in.Frame)
		} else if in.Hit(ebiten.KeyTab) {
			s.m.FocusNext(in.Shift()) // a spectator reads the territories too
			s.keyed = true
			s.showFocus()
		}
	}
	if in.Orders && !s.watching {
		s.apply(s.m.Continue())
	}
	s.mp.Select(s.m.sel)
	if t := s.countdownTick(); t != s.tick {
		s.tick, redraw = t, true
	}
	if s.striking() {
		redraw = true
	}
	if v := s.m.Version(); v != s.seen {
		s.seen, redraw = v, true
		s.host.Changed(false)
	}
	return redraw
}

// striking reports whether a Disaster's marks are on the map.
func (s *Screen) striking() bool {
	now := s.now()
	s.struck = slices.DeleteFunc(s.struck, func(st struck) bool { return now.Sub(st.at) > strikeShown+time.Second })
	return len(s.struck) > 0
}

// countdownTick is the countdown in quarter seconds left, -1 without a
// deadline.
func (s *Screen) countdownTick() int {
	d, ok := s.timeLeft()
	if !ok {
		return -1
	}
	return int(d / (250 * time.Millisecond))
}

// arrows moves the focus by the arrows pressed in frame f (not with
// Shift: Shift and the arrows pan) to the neighbour in their direction on
// screen (neighbourToward); from no focus an arrow goes where Tab would. The
// camera brings the focus into sight.
func (s *Screen) arrows(f kit.Frame) {
	if f.Shift() {
		return
	}
	for _, a := range arrowDirs {
		if !f.Hit(a.key) {
			continue
		}
		if s.m.focus == 0 {
			s.m.FocusNext(false)
		} else if t := neighbourToward(s.mp.Board(), s.m.focus, a.dx, a.dy, s.mp.ScreenOf); t != 0 {
			s.m.SetFocus(t)
		}
		s.keyed = true
		s.showFocus()
	}
}

// numberKeys are the number keys, 0 to 9, of the row and the keypad.
var numberKeys = [10][2]ebiten.Key{
	{ebiten.KeyDigit0, ebiten.KeyNumpad0}, {ebiten.KeyDigit1, ebiten.KeyNumpad1}, {ebiten.KeyDigit2, ebiten.KeyNumpad2},
	{ebiten.KeyDigit3, ebiten.KeyNumpad3}, {ebiten.KeyDigit4, ebiten.KeyNumpad4}, {ebiten.KeyDigit5, ebiten.KeyNumpad5},
	{ebiten.KeyDigit6, ebiten.KeyNumpad6}, {ebiten.KeyDigit7, ebiten.KeyNumpad7}, {ebiten.KeyDigit8, ebiten.KeyNumpad8},
	{ebiten.KeyDigit9, ebiten.KeyNumpad9},
}

// number returns the number key k is, and false for another key.
func number(k ebiten.Key) (int, bool) {
	for n, ks := range numberKeys {
		if k == ks[0] || k == ks[1] {
			return n, true
		}
	}
	return 0, false
}

// keys does what the keys pressed in frame f do.
func (s *Screen) keys(f kit.Frame) {
	m := s.m
	shift := f.Shift()
	for _, k := range f.KeysPressed {
		if n, ok := number(k); ok {
			switch {
			case m.Move() == MoveAttack && n >= 1 && n <= 3:
				s.apply(m.SetDice(n))
			case m.CountKey(n):
			}
			continue
		}
		switch k {
		case ebiten.KeyTab:
			m.FocusNext(shift)
			s.keyed = true
			s.showFocus()
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			s.apply(m.Enter())
		case ebiten.KeySpace:
			switch m.Move() {
			case MoveAttack:
				s.apply(m.Roll())
			case MoveOccupy:
				s.apply(m.MoveIn())
			case MoveFree:
				s.apply(m.FreeMove())
			}
		case ebiten.KeyBracketLeft:
			m.StepCount(-1, shift)
		case ebiten.KeyBracketRight:
			m.StepCount(1, shift)
		case ebiten.KeyU:
			s.apply(m.AttackUntil())
		case ebiten.KeyE:
			s.apply(m.EndStep())
		case ebiten.KeyC:
			s.apply(m.Convert())
		case ebiten.KeyK:
			s.apply(m.Keep())
		case ebiten.KeyN:
			s.apply(m.SetMode(ModeNuke))
		case ebiten.KeyY:
			s.apply(m.SetMode(ModeAirDrop))
		case ebiten.KeyT:
			s.openWindow(winTrade)
		case ebiten.KeyP:
			s.openWindow(winPurchase)
		case ebiten.KeyEscape:
			m.Escape()
		}
	}
}

// showFocus pans the map to bring the focus into sight when it is not.
func (s *Screen) showFocus() {
	x, y, ok := s.mp.ScreenOf(s.m.focus)
	sight := s.host.MapInSight()
	if !ok || sight.Empty() || image.Pt(int(x), int(y)).In(sight.Inset(min(s.px(40), sight.Dx()/4, sight.Dy()/4))) {
		return
	}
	c := sight.Min.Add(sight.Max).Div(2)
	s.mp.Pan(float64(c.X)-x, float64(c.Y)-y)
}

// apply carries out an input's result: the notice shown, the action sent.
func (s *Screen) apply(r Result) {
	if r.Notice != "" {
		s.host.Notify(r.Notice)
	}
	if r.Action == nil {
		return
	}
	data, err := wire.Marshal(r.Action)
	if err != nil {
		s.host.Notify(fmt.Sprintf("Your move cannot be sent: %v", err))
		return
	}
	if s.host.Act(data) {
		s.m.Sent(*r.Action)
	} else {
		s.m.StopAuto()
	}
	s.host.Changed(false)
}

// act sends action a of the card windows, stamped with the step's Seq.
func (s *Screen) act(a rules.Action) {
	if s.m == nil || s.m.v == nil {
		return
	}
	a.Seq = s.m.v.Seq
	if s.m.pending != nil {
		s.host.Notify("Your move is on its way to the server")
		return
	}
	s.apply(Result{Action: &a})
}

// refreshWindow opens the card window the step asks for, once a step;
// builds the open one again from the view; closes it when its step ends.
func (s *Screen) refreshWindow() {
	if s.m == nil || s.m.v == nil || s.watching {
		return
	}
	v := s.m.v
	step := [2]int{v.Round, int(v.Phase)}
	switch mv := s.m.Move(); {
	case mv == MoveTrade && s.opened != step:
		s.opened = step
		s.autoOpened[winTrade]++
		s.openWindow(winTrade)
	case mv == MovePurchase && s.opened != step:
		s.opened = step
		s.autoOpened[winPurchase]++
		s.openWindow(winPurchase)
	case s.win == winTrade && mv != MoveTrade, s.win == winPurchase && mv != MovePurchase:
		s.win = winNone
		s.host.CloseWindow()
	case s.win != winNone:
		s.openWindow(s.win)
	}
}

// openWindow opens card window w (its step must be the player's).
func (s *Screen) openWindow(w window) {
	switch mv := s.m.Move(); {
	case w == winTrade && mv != MoveTrade:
		s.host.Notify("The trading table is open in step 6 to the players holding 3 or more Goods cards")
		return
	case w == winPurchase && mv != MovePurchase:
		s.host.Notify("Empire cards are bought in step 8, in your turn")
		return
	}
	s.win = w
	s.follow()
	if w == winTrade {
		s.host.OpenWindow(s.cards.TradeTable(s.act))
	} else {
		s.host.OpenWindow(s.cards.Purchase(s.act))
	}
}

// Draw implements module.Screen: the map, the marks, the dice and the
// question.
func (s *Screen) Draw(dst *ebiten.Image) {
	if s.mp == nil {
		return
	}
	s.follow()
	s.mp.SetPalette(s.palette()) // Settings may change it in the game
	s.mp.Draw(dst)
	s.drawMarks(dst)
	s.drawDice(dst)
	s.drawQuestion(dst)
}

// DrawOver implements module.Screen: the tooltip of the territory under
// the pointer, or of the focus while the keys moved it last.
func (s *Screen) DrawOver(dst *ebiten.Image) {
	if s.mp == nil {
		return
	}
	s.follow()
	if s.keyed && s.m.focus != 0 {
		s.mp.DrawFocusTip(dst, s.m.focus)
		return
	}
	if s.overBox(s.pointer) {
		return
	}
	// The pointer resting on the attack's own territories while its dice
	// show: their tooltip would tell nothing new and could cover the dice.
	if h, _ := s.mp.Hovered(); h != 0 && s.rollShown() != nil && (h == s.m.Selected() || h == s.m.Target()) {
		return
	}
	s.mp.DrawOver(dst)
}

// Submission implements module.Screen: risk takes no orders for a turn,
// only actions.
func (s *Screen) Submission() ([]byte, bool) { return nil, false }

// Rejected implements module.Screen: there are no orders to refuse.
func (s *Screen) Rejected([]protocol.Rejection) {}

// Log implements module.Screen: a line that names a territory links to
// it.
func (s *Screen) Log() []module.LogLine {
	if s.m == nil {
		return nil
	}
	lines := s.m.Log()
	return s.log.Lines(s.m.LogChanges(), len(lines), func(i int) module.LogLine {
		l := module.LogLine{Turn: protocol.Turn(lines[i].Round), Text: lines[i].Text}
		if lines[i].Territory != 0 {
			l.Link = kit.LogLink("t", int(lines[i].Territory))
		}
		return l
	})
}

// Link implements module.Screen: a territory's line centres the map on it
// and marks it for a moment.
func (s *Screen) Link(id string) {
	_, i, ok := kit.ParseLogLink(id, "t")
	if !ok || s.mp == nil {
		return
	}
	t := board.TerritoryID(i)
	x, y, ok := s.mp.ScreenOf(t)
	if !ok {
		return
	}
	sight := s.host.MapInSight()
	c := sight.Min.Add(sight.Max).Div(2)
	s.mp.Pan(float64(c.X)-x, float64(c.Y)-y)
	s.struck = append(s.struck, struck{Strike: Strike{Hit: []board.TerritoryID{t}}, at: s.now()})
}
