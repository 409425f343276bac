package duel

import (
	"fmt"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/client/kit"
	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/wire"
)

// Screen is Duel's game screen (module.Screen): the card table.
type Screen struct {
	host  module.Host
	m     *Model
	paint *painter
	marks art.Sprites // the players' marks on their dots (drawDot)
	lay   Layout
	// now is the clock the countdown reads: the wall clock, a fake one in
	// tests.
	now func() time.Time

	hover   kit.Hover[Hit]
	pointer image.Point
	// keyed reports that the keys chose the card or the target since the
	// pointer last moved: the focus ring shows them.
	keyed bool
	// tick is the countdown as last drawn, in quarter seconds left (-1:
	// none).
	tick int
	// stepSeen is when the client heard of the step with a deadline.
	stepSeen time.Time
	// layouts counts the layouts made: the table is drawn again after one.
	layouts int
	// log is the log as Log gave it last, by the model's count of its
	// changes.
	log      module.LogCache[int]
	watching bool
}

var (
	_ module.Screen   = (*Screen)(nil)
	_ module.Stepper  = (*Screen)(nil)
	_ module.Replayer = (*Screen)(nil)
)

// tooltipDelay is how many frames the pointer rests on a card before its
// tooltip shows.
const tooltipDelay = 20

// NewScreen returns the table of a game played with the rules' deck,
// framed by host; SetView shows its first view.
func NewScreen(r *rules.Rules, host module.Host) (*Screen, error) {
	p, err := newPainter(r.Deck())
	if err != nil {
		return nil, err
	}
	return &Screen{host: host, m: NewModel(r.Deck()), paint: p, now: time.Now, tick: -1, hover: kit.Hover[Hit]{Delay: tooltipDelay}}, nil
}

// Model returns the screen's model.
func (s *Screen) Model() *Model { return s.m }

// SetClock sets the clock the countdown reads (tests use a fake one).
func (s *Screen) SetClock(now func() time.Time) { s.now = now }

// view returns rv as a Duel view.
func view(rv ruleset.View) (*rules.View, error) {
	v, ok := rv.(*rules.View)
	if !ok {
		return nil, fmt.Errorf("a %T is not a view of a Duel game", rv)
	}
	return v, nil
}

// SetView implements module.Screen.
func (s *Screen) SetView(rv ruleset.View) error {
	v, err := view(rv)
	if err != nil {
		return err
	}
	s.m.SetView(v)
	s.layOut(s.host.MapRect(), image.Rectangle{})
	s.host.Changed(true)
	return nil
}

// Resolved implements module.Screen: with no view (it did not apply) the
// log tells the events, and the table stays as it was until the whole
// view comes.
func (s *Screen) Resolved(rv ruleset.View, events []byte) error {
	var v *rules.View
	var err error
	switch {
	case rv != nil:
		if v, err = view(rv); err != nil {
			return err
		}
	case s.m.v == nil:
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
	s.layOut(s.lay.Map, s.lay.Corner)
	s.host.Changed(true)
	return err
}

// Watch implements module.Replayer: the table of a replay speaks of every
// player by name and takes no move.
func (s *Screen) Watch() {
	s.watching = true
	s.m.SetThirdPerson(true)
	s.host.Changed(true)
}

// Rewind implements module.Replayer: the last of turns' table at once,
// with the log of them all.
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
			if events[i], err = rules.DecodeEvents(t.Events); err != nil {
				return fmt.Errorf("step %d: %w", i+1, err)
			}
		}
	}
	s.m.Rewind(fv, views, events)
	s.layOut(s.lay.Map, s.lay.Corner)
	s.host.Changed(true)
	return nil
}

// Animating implements module.Replayer: the table shows each step at
// once.
func (s *Screen) Animating() bool { return false }

// SetStep implements module.Stepper.
func (s *Screen) SetStep(st module.StepInfo) {
	if st.Seq != s.m.step.Seq || st.Deadline != s.m.step.Deadline {
		s.stepSeen = s.now()
	}
	s.m.SetStep(st)
	s.host.Changed(false)
}

// ActResult implements module.Stepper.
func (s *Screen) ActResult(seq uint32, err string) {
	s.m.ActResult(seq, err)
	s.host.Changed(false)
}

// Status implements module.Screen.
func (s *Screen) Status() module.Status {
	v := s.m.v
	if v == nil {
		return module.Status{}
	}
	st := module.Status{You: v.Seat, Turn: v.Table.Round}
	for _, p := range v.Players {
		st.Players = append(st.Players, module.Player{Name: p.Name, Alive: p.Alive})
	}
	return st
}

// layOut lays the table out again for map rectangle mr and corner c,
// above the log, at the interface size of the host's theme now.
func (s *Screen) layOut(mr, corner image.Rectangle) {
	sp := Spec{Map: mr, InSight: s.host.MapInSight(), Corner: corner, Scale: s.host.Theme().Scale()}
	if v := s.m.v; v != nil {
		sp.Seats, sp.You, sp.Hand = len(v.Players), v.Seat, len(v.Hand)
		sp.Buttons = buttonsFor(s.m.Move())
	}
	if !sameSpec(sp, s.lay.Spec) || s.lay.Hand == nil && sp.Hand > 0 {
		s.lay = NewLayout(sp)
		s.paint.scale = s.lay.scale()
		s.layouts++
	}
}

// sameSpec reports whether a and b lay out alike.
func sameSpec(a, b Spec) bool {
	if a.scale() != b.scale() || a.Map != b.Map || a.InSight != b.InSight || a.Corner != b.Corner || a.Seats != b.Seats || a.You != b.You || a.Hand != b.Hand || len(a.Buttons) != len(b.Buttons) {
		return false
	}
	for i := range a.Buttons {
		if a.Buttons[i] != b.Buttons[i] {
			return false
		}
	}
	return true
}

// state is what the table shows that input or time may change.
type state struct {
	keyed   bool
	version int
	hover   Hit
	tick    int
	tooltip bool
	layouts int
}

func (s *Screen) state() state {
	return state{keyed: s.keyed, version: s.m.version, hover: s.hover.At, tick: s.tick, tooltip: s.hover.JustRested(),
		layouts: s.layouts}
}

// Update implements module.Screen: the pointer hovers and clicks the
// cards, the other players' hands and the buttons; the keys choose cards
// (1 to 9, ← and →), targets (Tab, Shift+Tab), attack or block (Enter,
// A), pass (P), block (B), take the hit (T) and drop the choice (Esc).
// It reads the frame's input from in, as the shell read it.
func (s *Screen) Update(in module.Input) bool {
	if s.m.v == nil {
		return false
	}
	s.hover.Tick()
	before := s.state()
	s.layOut(in.Map, in.Minimap)
	if in.Cursor != s.pointer {
		s.keyed = false
	}
	s.pointer = in.Cursor
	h := Hit{}
	if in.Pointer {
		h = s.lay.At(in.Cursor, s.m.ChosenIndex())
	}
	s.hover.Set(h, h != Hit{})
	if in.Pointer && in.Orders && in.Pressed.Has(ebiten.MouseButtonLeft) {
		s.click(h)
	}
	if in.Keys && in.Orders && len(in.KeysPressed) > 0 {
		s.keys(in.Frame)
	}
	s.tick = s.countdownTick()
	s.layOut(in.Map, in.Minimap) // the move may have changed the buttons
	return s.state() != before
}

// countdownTick is the countdown in quarter seconds left, -1 without a
// deadline.
func (s *Screen) countdownTick() int {
	d, ok := s.m.Deadline()
	if !ok {
		return -1
	}
	return max(int(d.Sub(s.now())/(250*time.Millisecond)), 0)
}

// click does what a click on h does.
func (s *Screen) click(h Hit) {
	switch h.Kind {
	case HitCard:
		if h.Index < len(s.m.Hand()) {
			s.apply(s.m.ClickCard(s.m.Hand()[h.Index]))
		}
	case HitSeat:
		s.apply(s.m.ClickPlayer(h.Seat))
	case HitButton:
		s.press(h.Button)
	}
}

// press does what button b does.
func (s *Screen) press(b ButtonKind) {
	switch b {
	case ButtonAttack:
		s.apply(s.m.Attack())
	case ButtonPass:
		s.apply(s.m.Pass())
	case ButtonBlock:
		s.apply(s.m.Block())
	case ButtonTake:
		s.apply(s.m.Take())
	}
}

// digitKeys are the keys that choose the hand's cards, the first first.
var digitKeys = [][2]ebiten.Key{
	{ebiten.KeyDigit1, ebiten.KeyNumpad1}, {ebiten.KeyDigit2, ebiten.KeyNumpad2}, {ebiten.KeyDigit3, ebiten.KeyNumpad3},
	{ebiten.KeyDigit4, ebiten.KeyNumpad4}, {ebiten.KeyDigit5, ebiten.KeyNumpad5}, {ebiten.KeyDigit6, ebiten.KeyNumpad6},
	{ebiten.KeyDigit7, ebiten.KeyNumpad7}, {ebiten.KeyDigit8, ebiten.KeyNumpad8}, {ebiten.KeyDigit9, ebiten.KeyNumpad9},
}

// keys does what the keys pressed in frame f do.
func (s *Screen) keys(f kit.Frame) {
	shift := f.Down(ebiten.KeyShift) || f.Down(ebiten.KeyShiftLeft) || f.Down(ebiten.KeyShiftRight)
	for _, k := range f.KeysPressed {
		for i, d := range digitKeys {
			if k == d[0] || k == d[1] {
				s.keyed = true
				s.apply(s.m.ClickCardAt(i))
			}
		}
		switch k {
		case ebiten.KeyTab:
			s.keyed = true
			if shift {
				s.apply(s.m.PrevTarget())
			} else {
				s.apply(s.m.NextTarget())
			}
		case ebiten.KeyArrowLeft:
			s.keyed = true
			s.apply(s.m.StepCard(-1))
		case ebiten.KeyArrowRight:
			s.keyed = true
			s.apply(s.m.StepCard(1))
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			// In the offering Enter is the shell's: End turn lays the card.
			s.apply(s.m.Confirm())
		case ebiten.KeyA:
			s.apply(s.m.Attack())
		case ebiten.KeyP:
			s.apply(s.m.Pass())
		case ebiten.KeyB:
			s.apply(s.m.Block())
		case ebiten.KeyT:
			s.apply(s.m.Take())
		case ebiten.KeyEscape:
			s.m.Deselect()
		}
	}
}

// apply carries out an input's result: the action sent, the orders
// changed, the notice shown.
func (s *Screen) apply(r Result) {
	if r.Notice != "" {
		s.host.Notify(r.Notice)
	}
	if r.Orders {
		s.host.Changed(true)
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
	s.host.Changed(false)
}

// Submission implements module.Screen: the offer drafted.
func (s *Screen) Submission() ([]byte, bool) {
	o, ok := s.m.Submission()
	if !ok {
		return nil, false
	}
	data, err := wire.Marshal(&o)
	if err != nil {
		return nil, false
	}
	return data, true
}

// Rejected implements module.Screen.
func (s *Screen) Rejected(errs []protocol.Rejection) {
	why := ""
	if len(errs) > 0 {
		why = errs[0].Reason
	}
	s.m.Rejected(why)
	s.host.Changed(true)
}

// Log implements module.Screen: the lines are made again only when the
// log changed (the shell asks every frame).
func (s *Screen) Log() []module.LogLine {
	lines := s.m.Log()
	return s.log.Lines(s.m.LogChanges(), len(lines), func(i int) module.LogLine {
		return module.LogLine{Turn: protocol.Turn(lines[i].Round), Text: lines[i].Text}
	})
}

// Link implements module.Screen: the log's lines link nowhere.
func (s *Screen) Link(string) {}
