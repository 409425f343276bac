package duel

import (
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
)

// StepCard chooses the card of the hand d places on from the one chosen
// (← and →: d is -1 or 1), among those that may be chosen now (Selectable),
// round the hand; from none, the first (d < 0: the last). In the offering
// it lays that card face down, as a click does. It reaches every card of a
// hand of any size, where the number keys reach the first nine.
func (m *Model) StepCard(d int) Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	h := m.Hand()
	n := len(h)
	if n == 0 || m.Move() == MoveNone {
		return Result{}
	}
	cur, at := m.sel, m.ChosenIndex()
	if m.Move() == MoveOffer {
		cur, at = m.offer, m.OfferIndex()
	}
	if at < 0 && d < 0 {
		at = n
	}
	for range n {
		at = ((at+d)%n + n) % n
		if c := h[at]; c != cur && m.Selectable(c) {
			return m.ClickCard(c)
		}
	}
	if m.Move() == MoveDefend && len(m.Blockers()) == 0 {
		a := m.v.Table.Attack
		return Result{Notice: fmt.Sprintf("You hold no %s card higher than %d: take the hit (T)", m.suit(a), a.Rank)}
	}
	return Result{}
}

// PrevTarget chooses the player before the target to attack, around the
// table (Shift+Tab).
func (m *Model) PrevTarget() Result {
	if why := m.busy(); why != "" {
		return Result{Notice: why}
	}
	ts := m.Targets()
	if len(ts) == 0 {
		return Result{}
	}
	m.version++
	i := slices.Index(ts, m.target)
	if i < 0 {
		i = 0
	}
	m.target = ts[(i-1+len(ts))%len(ts)]
	return Result{}
}

// drawFocus draws the keys' focus while the keys chose last: a ring in
// the theme's focus colour between dark lines around the card chosen (in the offering, its
// place, the card laid face down) and around the target's place.
func (s *Screen) drawFocus(dst *ebiten.Image) {
	if !s.keyed {
		return
	}
	m, l := s.m, &s.lay
	pal := s.host.Theme().Palette()
	i := m.ChosenIndex()
	if i < 0 {
		i = m.OfferIndex()
	}
	if i >= 0 && i < len(l.Hand) {
		r := l.HandCard(i, m.ChosenIndex() == i, false)
		strokeFocus(dst, r, pal.Focus, pal.Background, l.scale())
	}
	for _, sb := range l.Places {
		if sb.Seat == m.target && slices.Contains(m.Targets(), sb.Seat) {
			strokeFocus(dst, sb.Box, pal.Focus, pal.Background, l.scale())
		}
	}
}

// strokeFocus draws the focus ring around r: a band of colour c between
// two lines of colour dark, as the shell's focus ring, so that it shows
// on the felt and on a card; its lengths are those at 100 % times scale.
func strokeFocus(dst *ebiten.Image, r image.Rectangle, c, dark color.Color, scale float64) {
	k := float32(scale)
	out := r.Inset(-upLen(5, scale))
	strokeRound(dst, out, 9*k, 5*k, dark)
	strokeRound(dst, out, 9*k, 3*k, c)
}

// TakesKey reports whether the table acts on key k (Enter) this frame,
// rather than the shell: in the player's attack turn and defence (Enter
// attacks or blocks); in the offering Enter is the shell's End turn,
// which lays the card.
func (s *Screen) TakesKey(k ebiten.Key) bool {
	mv := s.m.Move()
	return (k == ebiten.KeyEnter || k == ebiten.KeyNumpadEnter) && (mv == MoveAttack || mv == MoveDefend)
}
