package generals

import (
	"fmt"
	"image"
	"slices"

	"empires/client/module"
	rules "empires/shared/rules/generals"
)

// Probe implements module.Screen: where the table's things are drawn, for
// tests that drive the real window. A card table has no cells: its marks,
// drawn at their centre, are:
//   - Mine: the hand's cards (Kind "card", ID the place from 1, Name the
//     card's, Disabled when it may not be played now), the player's cards
//     in play (Kind "unit", ID the Ref, Cell the zone, Name the card's,
//     Units its Strength), the buttons (Kind "button", Name the button's
//     label, Disabled when it does nothing now), the defender's rows
//     (Kind "blocker", ID the Ref or 0 for No blocker, Name the forecast),
//     the rows of a compact place's cards that may be targeted (Kind
//     "choice", ID the Ref, Name the card's)
//     and the piles (Kind "pile", Name "draw", "supply", "discard", Units
//     their cards);
//   - Others: each other player's place (Kind "player", ID the seat, Units
//     its hand, Name its name; Disabled when a unit or a card is picked
//     and the place is no attack or target of it) and cards in play (Kind
//     "unit"), what the table asks of the player now (Kind "step",
//     Name one of StepWord's words), and the keys' focus (Kind "focus",
//     Name what it is on, "card", "unit", "player", "button", "blocker",
//     "pile", "discard" or "choice", ID the hand's place from 1, the Ref,
//     the seat, the pile or the place in the order; none without one).
//
// Selected is the phase ("Army"), Picked the pick ("card": the hand place
// from 1, or "unit": the Ref), Hover what is under the pointer ("card
// Attila the Hun", "unit 7", "player 2", "button Next phase"), Drafts
// the move sent and not yet answered, Animating that an animation plays.
func (s *Screen) Probe() module.Probe {
	var p module.Probe
	m := s.m
	v := m.v
	if v == nil {
		return p
	}
	s.fresh()
	l := &s.lay
	mark := func(kind string, id, units int, name string, r image.Rectangle) module.Mark {
		c := r.Min.Add(r.Max).Div(2)
		return module.Mark{Kind: kind, ID: id, Units: units, Name: name, X: float64(c.X), Y: float64(c.Y), OnMap: c.In(l.Map)}
	}
	p.Selected = PhaseName(v.Phase)
	switch m.pick.Kind {
	case PickCard:
		p.Picked = map[string]int{"card": m.pick.Hand + 1}
	case PickUnit:
		p.Picked = map[string]int{"unit": int(m.pick.Unit)}
	}
	p.Animating = len(s.anims) > 0
	switch h := s.hover.At; h.Kind {
	case HitHand:
		if h.Index < len(v.Hand) {
			p.Hover = "card " + m.CardName(v.Hand[h.Index])
		}
	case HitUnit:
		p.Hover = fmt.Sprintf("unit %d", h.Ref)
	case HitPlayer:
		p.Hover = fmt.Sprintf("player %d", h.Seat)
	case HitButton:
		p.Hover = "button " + h.Button.String()
	case HitBlocker:
		p.Hover = fmt.Sprintf("blocker %d", h.Ref)
	}
	if a := m.Pending(); a != nil {
		p.Drafts = append(p.Drafts, m.ActionText(*a))
	}
	if st, ok := s.focusStop(); ok {
		p.Others = append(p.Others, mark("focus", st.Hit.probeID(), 0, st.Hit.probeKind(), st.Rect))
	}
	ticking := m.DiscardCount() > 0
	for i, c := range v.Hand {
		if i < len(l.Hand) {
			mk := mark("card", i+1, 0, m.CardName(c), s.handRect(i))
			mk.Disabled = !ticking && !m.Playable(i)
			p.Mine = append(p.Mine, mk)
		}
	}
	for _, b := range l.Buttons {
		mk := mark("button", int(b.Button), 0, b.Label, b.Rect)
		if b.Button != BtnNone {
			on, _ := m.Enabled(b.Button)
			mk.Disabled = !on
		}
		p.Mine = append(p.Mine, mk)
	}
	for _, b := range l.Blockers {
		p.Mine = append(p.Mine, mark("blocker", int(b.Ref), 0, m.Predict(b.Ref).Words(), b.Rect))
	}
	for _, b := range l.Among {
		c, _, _ := m.Unit(b.Ref)
		p.Mine = append(p.Mine, mark("choice", int(b.Ref), c.Strength, m.CardName(c.Card), b.Rect))
	}
	if me := m.Me(); me != nil {
		p.Mine = append(p.Mine, mark("pile", int(PileDraw), me.Draw, "draw", l.Draw),
			mark("pile", int(PileSupply), me.Supply, "supply", l.Supply),
			mark("pile", int(PileDiscard), len(me.Discard), "discard", l.Discard))
	}
	for _, u := range l.Units {
		c, owner, _ := m.Unit(u.Ref)
		mk := mark("unit", int(u.Ref), c.Strength, m.CardName(c.Card), u.Rect)
		mk.Cell = ZoneName(c.Zone)
		mk.Disabled = owner == v.Seat && !m.Usable(u.Ref)
		if owner == v.Seat {
			p.Mine = append(p.Mine, mk)
		} else {
			p.Others = append(p.Others, mk)
		}
	}
	for _, b := range l.Others {
		pl := m.Player(b.Seat)
		mk := mark("player", int(b.Seat), pl.Hand, m.PlayerName(b.Seat), b.Box)
		if m.pick.Kind != PickNone {
			mk.Disabled = !slices.Contains(m.Attacks(), b.Seat) && !m.Targetable(rules.Target{Seat: b.Seat})
		}
		p.Others = append(p.Others, mk)
	}
	p.Others = append(p.Others, mark("step", 0, 0, m.StepWord(), l.Say))
	return p
}
