package generals

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/ruleset"
)

// The keyboard's way through the table: a focus, the thing the keys point
// at, moved by Tab and Shift+Tab through every thing a click acts on
// (Stops), by ↑ and ↓ from group to group, and acted on by Enter as a
// click there does. While the keys moved it last, the focus is what the
// table shows as under the pointer: a hand card raised, a card shown
// enlarged, a compact place shown in full.

// Stop is a thing of the table the keys may point at: what a click on it
// is, where it is drawn, and its group (↑ and ↓ go from group to group).
type Stop struct {
	Hit   Hit
	Rect  image.Rectangle
	Group int
}

// Stops returns the things a click acts on, in the order Tab visits
// them: while the defender's box is shown, its rows only; while the
// discard pile is looked through, its cards and the pile (which closes
// it); else the list of a compact place's cards to target (first, when
// shown), the hand left to right, the buttons left to right, the
// player's piles, the player's place and its cards in play, then each
// other player's place and its cards, in seat order. you is the
// player's seat (0: a spectator).
func (l *Layout) Stops(you ruleset.Seat) []Stop {
	var out []Stop
	group := 0
	add := func(h Hit, r image.Rectangle) {
		if !r.Empty() {
			out = append(out, Stop{Hit: h, Rect: r, Group: group})
		}
	}
	if len(l.Blockers) > 0 {
		for _, b := range l.Blockers {
			add(Hit{Kind: HitBlocker, Ref: b.Ref}, b.Rect)
		}
		return out
	}
	if !l.Look.Empty() {
		for i, r := range l.LookCards {
			add(Hit{Kind: HitDiscard, Index: i}, r)
		}
		group++
		add(Hit{Kind: HitPile, Pile: PileDiscard}, l.Discard)
		return out
	}
	for _, b := range l.Among {
		add(Hit{Kind: HitAmong, Ref: b.Ref}, b.Rect)
	}
	group++
	for i, r := range l.Hand {
		add(Hit{Kind: HitHand, Index: i}, r)
	}
	group++
	for _, b := range l.Buttons {
		add(Hit{Kind: HitButton, Button: b.Button, Rule: b.Rule}, b.Rect)
	}
	group++
	for i, r := range []image.Rectangle{l.Draw, l.Supply, l.Discard} {
		add(Hit{Kind: HitPile, Pile: PileDraw + Pile(i)}, r)
	}
	place := func(b PlayerBox) {
		group++
		add(Hit{Kind: HitPlayer, Seat: b.Seat}, b.Box)
		for _, u := range l.Units {
			if u.Seat == b.Seat {
				add(Hit{Kind: HitUnit, Ref: u.Ref, Seat: u.Seat}, u.Rect)
			}
		}
	}
	if you != 0 {
		place(l.Mine)
	}
	for _, b := range l.Others {
		place(b)
	}
	return out
}

// focusAt returns the index of the focus among stops, -1 when it is not
// one of them.
func focusAt(stops []Stop, f Hit) int {
	for i, st := range stops {
		if st.Hit == f {
			return i
		}
	}
	return -1
}

// Focus returns the thing the keys point at (Kind HitNone: none).
func (s *Screen) Focus() Hit { return s.focus }

// settleFocus keeps the focus on the table as laid out now: a focus
// that is gone (the card played) passes to the thing now at its place in
// the order, or the last.
func (s *Screen) settleFocus() {
	if s.focus.Kind == HitNone {
		return
	}
	stops := s.lay.Stops(s.you())
	i := focusAt(stops, s.focus)
	switch {
	case len(stops) == 0:
		s.focus = Hit{}
		return
	case i < 0:
		i = min(s.focusIndex, len(stops)-1)
		s.focus = stops[i].Hit
	}
	s.focusIndex = i
}

// focusStop returns the focus's stop as the table lays it out now, and
// false when there is none.
func (s *Screen) focusStop() (Stop, bool) {
	if s.focus.Kind == HitNone {
		return Stop{}, false
	}
	stops := s.lay.Stops(s.you())
	if i := focusAt(stops, s.focus); i >= 0 {
		return stops[i], true
	}
	return Stop{}, false
}

// you returns the player's seat, 0 for none.
func (s *Screen) you() ruleset.Seat {
	if s.m.v == nil {
		return 0
	}
	return s.m.v.Seat
}

// moveFocus moves the focus: by d stops along the order (wrapping), or
// with group to the first stop of the next group (d > 0) or of the
// group before (d < 0). From none it goes to the first stop (d < 0: the
// last).
func (s *Screen) moveFocus(d int, group bool) {
	stops := s.lay.Stops(s.you())
	if len(stops) == 0 {
		s.focus = Hit{}
		return
	}
	n := len(stops)
	i := focusAt(stops, s.focus)
	switch {
	case i < 0 && d < 0:
		i = n - 1
	case i < 0:
		i = 0
	case !group:
		i = ((i+d)%n + n) % n
	case d > 0:
		g := stops[i].Group
		for i < n && stops[i].Group == g {
			i++
		}
		i %= n
	default:
		// Back to the start of the group; from there, to the start of
		// the group before.
		g := stops[i].Group
		if i > 0 && stops[i-1].Group == g {
			for i > 0 && stops[i-1].Group == g {
				i--
			}
			break
		}
		i = (i - 1 + n) % n
		g = stops[i].Group
		for i > 0 && stops[i-1].Group == g {
			i--
		}
	}
	s.focus, s.focusIndex, s.keyed = stops[i].Hit, i, true
}

// focusKeys does what the focus's keys pressed in keys do: Tab,
// Shift+Tab, ↑, ↓; shift reports Shift held. It reports whether one was
// pressed.
func (s *Screen) focusKeys(k ebiten.Key, shift bool) bool {
	switch k {
	case ebiten.KeyTab:
		if shift {
			s.moveFocus(-1, false)
		} else {
			s.moveFocus(1, false)
		}
	case ebiten.KeyArrowDown:
		s.moveFocus(1, true)
	case ebiten.KeyArrowUp:
		s.moveFocus(-1, true)
	default:
		return false
	}
	return true
}

// drawFocus draws the focus: a ring in the theme's focus colour between
// two dark lines around it, as the shell's focus ring, so that it shows
// on the felt and on a lit card.
func (s *Screen) drawFocus(dst *ebiten.Image) {
	st, ok := s.focusStop()
	if !ok {
		return
	}
	r := st.Rect
	if st.Hit.Kind == HitHand {
		r = s.handRect(st.Hit.Index)
	}
	pal := s.host.Theme().Palette()
	p := s.paint
	strokeRect(dst, r.Inset(-p.px(5)), p.w(5), pal.Background)
	strokeRect(dst, r.Inset(-p.px(5)), p.w(3), pal.Focus)
}

// probeKind names what h is on for the probe, in the probe's words of
// the table's marks.
func (h Hit) probeKind() string {
	switch h.Kind {
	case HitHand:
		return "card"
	case HitUnit:
		return "unit"
	case HitPlayer:
		return "player"
	case HitButton:
		return "button"
	case HitBlocker:
		return "blocker"
	case HitPile:
		return "pile"
	case HitDiscard:
		return "discard"
	case HitAmong:
		return "choice"
	}
	return ""
}

// probeID is the probe's ID of what h is on: the hand's or the discard
// pile's place from 1, the Ref, the seat, the pile, the button.
func (h Hit) probeID() int {
	switch h.Kind {
	case HitHand, HitDiscard:
		return h.Index + 1
	case HitUnit, HitBlocker, HitAmong:
		return int(h.Ref)
	case HitPlayer:
		return int(h.Seat)
	case HitPile:
		return int(h.Pile)
	case HitButton:
		return int(h.Button)
	}
	return 0
}

// TakesKey reports whether the table acts on key k (Enter) this frame,
// rather than the shell: always, for a game of single actions has no
// turn for the shell's End turn to end.
func (s *Screen) TakesKey(k ebiten.Key) bool {
	return k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter
}
