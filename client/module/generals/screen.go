package generals

import (
	"fmt"
	"image"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/generals"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Screen is Empires and Generals' game screen (module.Screen): the card
// table.
type Screen struct {
	host  module.Host
	m     *Model
	paint *painter
	lay   Layout
	// now is the clock the countdown and the animations read: the wall
	// clock, a fake one in tests.
	now func() time.Time

	hover   kit.Hover[Hit]
	pointer image.Point
	// zoom reports that the card under the pointer is shown enlarged at
	// once (Z held down or toggled), without waiting for the pointer to
	// rest.
	zoom bool
	// look reports that the player looks through its discard pile.
	look bool
	// among is the compact place whose cards the pick may target, listed
	// in the middle (0: none).
	among ruleset.Seat
	// tick is the countdown as last drawn, in seconds (-1: none): the
	// table is drawn again when it changes.
	tick int
	// focus is the thing the keys point at (Kind HitNone: none), at
	// focusIndex in the Tab order; keyed reports that the keys moved it
	// since the pointer last moved: the table shows it as under the
	// pointer.
	focus      Hit
	focusIndex int
	keyed      bool
	// drag is the unit of the player's being dragged (0: none).
	drag rules.Ref
	// anims are the animations playing; frame counts the frames drawn.
	anims []anim
	frame int

	log      module.LogCache[int]
	watching bool
}

var (
	_ module.Screen   = (*Screen)(nil)
	_ module.Stepper  = (*Screen)(nil)
	_ module.Replayer = (*Screen)(nil)
	_ module.Bar      = (*Screen)(nil)
	_ module.Hinter   = (*Screen)(nil)
)

// hoverDelay is how many frames the pointer rests on a card before it is
// shown enlarged.
const hoverDelay = 12

// NewScreen returns the table of a game of collection coll whose moves
// legal says, framed by host; SetView shows its first view.
func NewScreen(coll *cards.Collection, legal Legal, host module.Host) (*Screen, error) {
	if coll == nil {
		return nil, fmt.Errorf("the table needs the game's card collection")
	}
	p, err := newPainter()
	if err != nil {
		return nil, err
	}
	return &Screen{host: host, m: NewModel(coll, legal), paint: p, now: time.Now, tick: -1,
		hover: kit.Hover[Hit]{Delay: hoverDelay}}, nil
}

// Model returns the screen's model.
func (s *Screen) Model() *Model { return s.m }

// Layout returns the table's layout as last made.
func (s *Screen) Layout() Layout { return s.lay }

// SetClock sets the clock the countdown reads (tests use a fake one).
func (s *Screen) SetClock(now func() time.Time) { s.now = now }

// view returns rv as a view of a game of generals.
func view(rv ruleset.View) (*rules.View, error) {
	v, ok := rv.(*rules.View)
	if !ok {
		return nil, fmt.Errorf("a %T is not a view of a game of Empires and Generals", rv)
	}
	return v, nil
}

// SetView implements module.Screen.
func (s *Screen) SetView(rv ruleset.View) error {
	v, err := view(rv)
	if err != nil {
		return err
	}
	s.show(v)
	return nil
}

// show shows view v.
func (s *Screen) show(v *rules.View) {
	s.m.SetView(v)
	s.layOut(s.host.MapRect(), s.lay.Corner)
	s.host.Changed(true)
}

// Resolved implements module.Screen: with no view (it did not apply) the
// log tells the events, and the table stays as it was until the whole
// view comes.
func (s *Screen) Resolved(rv ruleset.View, events []byte) error {
	var v *rules.View
	var err error
	if rv != nil {
		if v, err = view(rv); err != nil {
			return err
		}
	}
	var evs []rules.Event
	if len(events) > 0 {
		if err = wire.Unmarshal(events, &evs); err != nil {
			err = fmt.Errorf("the step's events: %w", err)
		}
	}
	s.resolved(v, evs)
	return err
}

// resolved shows view v (nil: the view stays) after events evs.
func (s *Screen) resolved(v *rules.View, evs []rules.Event) {
	old := s.lay
	s.m.Resolved(v, evs)
	s.layOut(s.lay.Map, s.lay.Corner)
	s.animate(old, evs)
	s.host.Changed(true)
}

// Watch implements module.Replayer: the table of a replay speaks of every
// player by name and takes no move.
func (s *Screen) Watch() {
	s.watching = true
	s.m.SetThirdPerson(true)
	s.host.Changed(true)
}

// Rewind implements module.Replayer.
func (s *Screen) Rewind(first ruleset.View, turns []module.Resolution) error {
	fv, err := view(first)
	if err != nil {
		return err
	}
	views := make([]*rules.View, len(turns))
	events := make([][]rules.Event, len(turns))
	for i, t := range turns {
		if views[i], err = view(t.View); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		if len(t.Events) > 0 {
			if err := wire.Unmarshal(t.Events, &events[i]); err != nil {
				return fmt.Errorf("step %d: %w", i+1, err)
			}
		}
	}
	s.m.Rewind(fv, views, events)
	s.anims = nil
	s.layOut(s.lay.Map, s.lay.Corner)
	s.host.Changed(true)
	return nil
}

// Animating implements module.Replayer: an animation is playing.
func (s *Screen) Animating() bool { return len(s.anims) > 0 }

// SetStep implements module.Stepper.
func (s *Screen) SetStep(st module.StepInfo) {
	s.m.SetStep(st)
	s.host.Changed(false)
}

// ActResult implements module.Stepper.
func (s *Screen) ActResult(seq uint32, err string) {
	s.m.ActResult(seq, err)
	if err != "" {
		s.host.Notify("Refused: " + err)
	}
	s.host.Changed(true)
}

// Status implements module.Screen.
func (s *Screen) Status() module.Status {
	v := s.m.v
	if v == nil {
		return module.Status{}
	}
	st := module.Status{You: v.Seat, Turn: v.Turn}
	for _, p := range v.Players {
		st.Players = append(st.Players, module.Player{Name: s.m.PlayerName(p.Seat), Alive: !p.Out})
	}
	return st
}

// buttons returns the buttons to lay out now, with their labels: the
// model's, then the picked card's abilities.
func (s *Screen) buttons() []ButtonBox {
	var out []ButtonBox
	for _, b := range s.m.Buttons() {
		label := b.String()
		switch b {
		case BtnOpen:
			label = fmt.Sprintf("Take %d + %d", s.m.open, OpeningHand-s.m.open)
		case BtnDraw:
			if me := s.m.Me(); me != nil {
				label = fmt.Sprintf("Draw (%d)", me.Draw)
			}
		case BtnSupply:
			if me := s.m.Me(); me != nil {
				label = fmt.Sprintf("Supply (%d)", me.Supply)
			}
		case BtnNext:
			if s.m.InTactics() {
				label = "No more Tactics"
			}
		}
		if k := b.Key(); k != "" && k != "Enter" && k != "Esc" && k != "←" && k != "→" {
			label += " [" + k + "]"
		}
		out = append(out, ButtonBox{Button: b, Rule: -1, Label: label})
	}
	if p := s.m.pick; p.Kind == PickUnit {
		c, _, _ := s.m.Unit(p.Unit)
		card := s.m.Card(c.Card)
		var abilities []ButtonBox
		for _, r := range s.m.Abilities() {
			label := "Ability"
			if card != nil && r < len(card.Rules) {
				label = s.m.RuleText(card.Rules[r])
			}
			abilities = append(abilities, ButtonBox{Button: BtnNone, Rule: r, Label: label})
		}
		// The abilities go with the pick's buttons, before Cancel.
		at := slices.IndexFunc(out, func(b ButtonBox) bool { return b.Button == BtnCancel })
		if at < 0 {
			at = len(out)
		}
		out = slices.Insert(out, at, abilities...)
	}
	return out
}

// layOut lays the table out again for map rectangle mr and corner c, at
// the interface size of the host's theme as it is now.
func (s *Screen) layOut(mr, corner image.Rectangle) {
	sp := Spec{Map: mr, InSight: s.host.MapInSight(), Corner: corner, Scale: s.host.Theme().Scale()}
	o := LayOpts{Buttons: s.buttons(), Look: s.look}
	if s.among != 0 {
		if o.Among = s.m.TargetUnits(s.among); len(o.Among) == 0 {
			s.among = 0
		}
	}
	if s.m.Defends() {
		o.Defends, o.Blockers = true, s.m.Blockers()
	}
	o.Prompt = s.m.Opens() || s.m.DiscardCount() > 0
	s.lay = NewLayout(sp, s.m.v, o)
	s.paint.s = s.lay.Scale()
}

// fresh lays the table out again when the host's interface size is no
// longer the layout's (Settings changed it since the last frame's
// Update): the table is drawn at the size applied now, in the host's map
// as it is now (the corner as last given, until the next frame's input).
func (s *Screen) fresh() {
	if s.host.Theme().Scale() != s.lay.Scale() {
		s.layOut(s.host.MapRect(), s.lay.Corner)
	}
}

// state is what the table shows that input or time may change.
type state struct {
	version int
	hover   Hit
	tick    int
	rested  bool
	anims   int
	look    bool
	zoom    bool
	among   ruleset.Seat
	focus   Hit
	keyed   bool
}

// state returns what the table shows now that input or time may change.
func (s *Screen) state() state {
	return state{version: s.m.version, hover: s.hover.At, tick: s.tick, rested: s.hover.Rested(), anims: len(s.anims),
		look: s.look, zoom: s.zoom, among: s.among, focus: s.focus, keyed: s.keyed}
}

// raise is how far the card under the pointer stands up from the hand.
func (s *Screen) raise() int { return s.lay.Card.Y / 8 }

// Update implements module.Screen: the pointer hovers and clicks the
// cards, the places and the buttons; the keys are the help's.
func (s *Screen) Update(in module.Input) bool {
	if s.m.v == nil {
		return false
	}
	s.hover.Tick()
	s.frame++
	before := s.state()
	s.layOut(in.Map, in.Minimap)
	if in.Cursor != s.pointer {
		s.keyed = false // the pointer shows what it rests on again
	}
	s.pointer = in.Cursor
	h := Hit{}
	if in.Pointer {
		raised := -1
		if s.hover.At.Kind == HitHand {
			raised = s.hover.At.Index
		}
		h = s.lay.At(in.Cursor, raised, s.raise())
	}
	s.hover.Set(h, h != Hit{})
	s.stepAnims(in)
	if in.Pointer && in.Pressed.Has(ebiten.MouseButtonLeft) {
		s.click(h, in.Orders && !s.watching)
		if h.Kind == HitUnit && h.Seat == s.m.v.Seat {
			s.drag = h.Ref
		}
	}
	if s.drag != 0 && in.Released.Has(ebiten.MouseButtonLeft) {
		s.drop(in.Cursor, in.Orders && !s.watching)
	}
	if in.Keys && len(in.KeysPressed) > 0 {
		s.keys(in.Frame, in.Orders && !s.watching)
	}
	s.tick = s.countdownTick()
	s.layOut(in.Map, in.Minimap)
	s.settleFocus()
	// An animation moves every frame.
	return s.state() != before || len(s.anims) > 0
}

// countdownTick is the countdown in whole seconds left, as Countdown
// words it, -1 without a deadline.
func (s *Screen) countdownTick() int {
	d, ok := s.TimeLeft()
	if !ok {
		return -1
	}
	return int((d + time.Second - 1) / time.Second)
}

// TimeLeft returns the time left to answer, false without a deadline.
func (s *Screen) TimeLeft() (time.Duration, bool) {
	d, ok := s.m.Deadline()
	if !ok {
		return 0, false
	}
	return max(d.Sub(s.now()), 0), true
}

// click does what a click on h does; orders reports that the player may
// act.
func (s *Screen) click(h Hit, orders bool) {
	if h.Kind == HitPile && h.Pile == PileDiscard {
		s.look = !s.look
		return
	}
	if s.look && h.Kind != HitDiscard {
		s.look = false
	}
	if !orders {
		return
	}
	switch h.Kind {
	case HitHand:
		s.apply(s.m.ClickHand(h.Index))
	case HitUnit:
		s.apply(s.m.ClickUnit(h.Ref))
	case HitPlayer:
		// A compact place shows no cards: the ones the pick may target are
		// listed in the middle.
		if s.lay.Compact && h.Seat != s.m.v.Seat && !s.m.Targetable(rules.Target{Seat: h.Seat}) && len(s.m.TargetUnits(h.Seat)) > 0 {
			s.among = h.Seat
			return
		}
		s.apply(s.m.ClickPlayer(h.Seat))
	case HitAmong:
		s.among = 0
		s.apply(s.m.ClickUnit(h.Ref))
	case HitBlocker:
		s.apply(s.m.Block(h.Ref))
	case HitButton:
		if h.Rule >= 0 && h.Button == BtnNone {
			s.apply(s.m.UseAbility(h.Rule))
		} else {
			s.apply(s.m.Press(h.Button))
		}
	case HitPile:
		switch h.Pile {
		case PileDraw:
			s.apply(s.m.Press(BtnDraw))
		case PileSupply:
			s.apply(s.m.Press(BtnSupply))
		}
	}
}

// enter does what Enter on the focus h does: what a click on it does.
// A list the click opens (a compact place's cards to target) takes the
// focus.
func (s *Screen) enter(h Hit, orders bool) {
	among, look := s.among, s.look
	s.click(h, orders)
	if s.among != among || s.look != look {
		s.layOut(s.lay.Map, s.lay.Corner)
		s.focus, s.focusIndex = Hit{}, 0
		s.moveFocus(1, false)
	}
}

// drop ends the drag of a unit at pt: dropped on the player's other zone
// of units (Warcamp or Battlefield), it moves there.
func (s *Screen) drop(pt image.Point, orders bool) {
	ref := s.drag
	s.drag = 0
	c, _, ok := s.m.Unit(ref)
	if !ok || !orders {
		return
	}
	to := rules.ZoneBattlefield
	if c.Zone == rules.ZoneBattlefield {
		to = rules.ZoneWarcamp
	}
	if !pt.In(s.lay.Mine.Zones[to]) {
		return
	}
	if s.m.pick.Kind != PickUnit || s.m.pick.Unit != ref {
		s.m.ClickUnit(ref)
	}
	s.apply(s.m.chooseZone(to == rules.ZoneBattlefield))
}

// digitKeys are the keys that pick the hand's cards, the first first.
var digitKeys = [][2]ebiten.Key{
	{ebiten.KeyDigit1, ebiten.KeyNumpad1}, {ebiten.KeyDigit2, ebiten.KeyNumpad2}, {ebiten.KeyDigit3, ebiten.KeyNumpad3},
	{ebiten.KeyDigit4, ebiten.KeyNumpad4}, {ebiten.KeyDigit5, ebiten.KeyNumpad5}, {ebiten.KeyDigit6, ebiten.KeyNumpad6},
	{ebiten.KeyDigit7, ebiten.KeyNumpad7}, {ebiten.KeyDigit8, ebiten.KeyNumpad8}, {ebiten.KeyDigit9, ebiten.KeyNumpad9},
}

// keys does what the keys pressed in frame f do; orders reports that
// the player may act.
func (s *Screen) keys(f kit.Frame, orders bool) {
	shift := f.Down(ebiten.KeyShift) || f.Down(ebiten.KeyShiftLeft) || f.Down(ebiten.KeyShiftRight)
	for _, k := range f.KeysPressed {
		if s.focusKeys(k, shift) {
			continue
		}
		switch k {
		case ebiten.KeyZ:
			s.zoom = !s.zoom
			continue
		case ebiten.KeyL:
			s.look = !s.look
			continue
		case ebiten.KeySpace:
			s.anims = nil
			continue
		case ebiten.KeyEscape:
			s.anims = nil
			if s.among != 0 {
				s.among = 0
				continue
			}
			if s.look {
				s.look = false
				continue
			}
			if s.m.pick.Kind == PickNone && !s.m.resign {
				s.focus = Hit{} // nothing picked: Esc drops the focus
			}
			s.m.Deselect()
			s.host.Changed(false)
			continue
		}
		if (k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter) && !orders {
			if st, ok := s.focusStop(); ok {
				s.enter(st.Hit, false) // a spectator opens a place, the discard pile
			}
			continue
		}
		if !orders {
			continue
		}
		for i, d := range digitKeys {
			if k == d[0] || k == d[1] {
				s.apply(s.m.ClickHand(i))
			}
		}
		if b, ok := keyButtons[k]; ok {
			if s.shown(b) {
				s.apply(s.m.Press(b))
			}
			continue
		}
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			if st, ok := s.focusStop(); ok {
				s.enter(st.Hit, orders)
			} else {
				s.apply(s.m.Confirm())
			}
		case ebiten.KeyLeft, ebiten.KeyMinus, ebiten.KeyNumpadSubtract:
			if s.m.Opens() {
				s.m.SetOpening(s.m.open - 1)
			}
		case ebiten.KeyRight, ebiten.KeyEqual, ebiten.KeyNumpadAdd:
			if s.m.Opens() {
				s.m.SetOpening(s.m.open + 1)
			}
		case ebiten.KeyDigit0, ebiten.KeyNumpad0:
			if s.m.Defends() {
				s.apply(s.m.Block(0))
			}
		}
	}
}

// keyButtons are the buttons pressed by a key of their own.
var keyButtons = map[ebiten.Key]Button{
	ebiten.KeyY: BtnPlay, ebiten.KeyP: BtnPass, ebiten.KeyD: BtnDraw, ebiten.KeyS: BtnSupply, ebiten.KeyN: BtnNext,
	ebiten.KeyW: BtnWarcamp, ebiten.KeyB: BtnField,
}

// shown reports whether button b is on the table now (N is End turn in
// the Resolve Phase).
func (s *Screen) shown(b Button) bool {
	for _, x := range s.m.Buttons() {
		if x == b || b == BtnNext && x == BtnEnd {
			return true
		}
	}
	return false
}

// apply carries out an input's result: the notice shown, the action
// sent.
func (s *Screen) apply(r Result) {
	if r.Notice != "" {
		s.host.Notify(r.Notice)
	}
	if r.Panel {
		s.host.Changed(false)
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
	}
	s.host.Changed(true)
}

// Submission implements module.Screen: a game of single actions has no
// orders to send at the end of a turn.
func (s *Screen) Submission() ([]byte, bool) { return nil, false }

// Rejected implements module.Screen: nothing is submitted, so nothing is
// refused.
func (s *Screen) Rejected([]protocol.Rejection) {}

// Log implements module.Screen: the lines are made again only when the
// log changed.
func (s *Screen) Log() []module.LogLine {
	lines := s.m.Log()
	return s.log.Lines(s.m.LogChanges(), len(lines), func(i int) module.LogLine {
		return module.LogLine{Turn: protocol.Turn(lines[i].Turn), Text: lines[i].Text}
	})
}

// Link implements module.Screen: the log's lines link nowhere.
func (s *Screen) Link(string) {}
