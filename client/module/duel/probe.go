package duel

import (
	"fmt"
	"image"

	"empires/client/module"
	rules "empires/shared/rules/duel"
)

// Probe implements module.Screen: where the table's things are drawn, for
// tests that drive the real window. A card table has no cells: its marks
// say what they are in Name and, drawn at their centre, are:
//   - Mine: the hand's cards (Kind "card", ID its place from 1, the key
//     that chooses it, Name the card's: "7 of cups") and the buttons
//     (Kind "button", Name its: "Attack", "Pass", "Block", "Take the
//     hit"; Disabled when it does nothing now);
//   - Others: each other player's hand (Kind "hand", ID the seat, Units
//     its cards, Name the player's), the piles (Kind "pile", Units their
//     cards: Name "deck", ID the player's seat, for the player's own
//     deck; Name "discard"), the offering revealed (Kind "offering", ID
//     the seat, Name the card's), the attack card (Kind "attack", ID the
//     attacker, Units the defender, Name the card's) and the defender's
//     question (Kind "question", ID the defender, Name the time left: "12
//     s left", "" for no deadline).
//
// Selected is the card chosen, Picked the card chosen ("card": its place
// from 1) and the player chosen to attack ("target": the seat), Hover
// what is under the pointer ("card 7 of cups", "hand 2", "button Pass"),
// Drafts the offering drafted.
func (s *Screen) Probe() module.Probe {
	var p module.Probe
	m := s.m
	v := m.v
	if v == nil {
		return p
	}
	l := &s.lay
	mark := func(kind string, id, units int, name string, r image.Rectangle) module.Mark {
		c := r.Min.Add(r.Max).Div(2)
		return module.Mark{Kind: kind, ID: id, Units: units, Name: name, X: float64(c.X), Y: float64(c.Y),
			OnMap: c.In(l.Map)}
	}
	if m.sel.Rank != 0 {
		p.Selected = m.deck.Name(m.sel)
	}
	if i := m.ChosenIndex(); i >= 0 {
		p.Picked = map[string]int{"card": i + 1}
	}
	if m.target != 0 {
		if p.Picked == nil {
			p.Picked = map[string]int{}
		}
		p.Picked["target"] = int(m.target)
	}
	switch h := s.hover.At; h.Kind {
	case HitCard:
		if h.Index < len(v.Hand) {
			p.Hover = "card " + m.deck.Name(v.Hand[h.Index])
		}
	case HitSeat:
		p.Hover = fmt.Sprintf("hand %d", h.Seat)
	case HitButton:
		p.Hover = "button " + h.Button.String()
	}
	if o, ok := m.Submission(); ok {
		p.Drafts = append(p.Drafts, fmt.Sprintf("Lay %s face down", m.card(o.Card)))
	}
	chosen := s.m.ChosenIndex()
	for i, c := range v.Hand {
		if i < len(l.Hand) {
			r := l.HandCard(i, i == chosen, false)
			p.Mine = append(p.Mine, mark("card", i+1, 0, m.deck.Name(c), r))
		}
	}
	for _, b := range l.Buttons {
		mk := mark("button", int(b.Kind), 0, b.Kind.String(), b.Rect)
		mk.Disabled = !s.buttonEnabled(b.Kind)
		p.Mine = append(p.Mine, mk)
	}
	for _, sb := range l.Places {
		p.Others = append(p.Others, mark("hand", int(sb.Seat), v.Players[sb.Seat-1].Cards, v.Players[sb.Seat-1].Name, sb.Box))
	}
	if v.Seat != 0 {
		p.Others = append(p.Others, mark("pile", int(v.Seat), v.Players[v.Seat-1].Deck, "deck", l.Deck))
	}
	p.Others = append(p.Others, mark("pile", 0, len(v.Discard), "discard", l.Discard))
	if v.Table.Phase != rules.PhaseOffer {
		laid, _ := m.Offering()
		slots := s.offeringSlots(len(laid))
		for i, c := range laid {
			p.Others = append(p.Others, mark("offering", int(c.Seat), 0, m.deck.Name(c.Card), slots[i]))
		}
	}
	if t := v.Table; t.Phase == rules.PhaseDefend {
		p.Others = append(p.Others, mark("attack", int(t.Attacker), int(t.Defender), m.deck.Name(t.Attack), l.Center))
		left := ""
		if d, ok := s.timeLeft(); ok {
			left = Countdown(d)
		}
		p.Others = append(p.Others, mark("question", int(t.Defender), 0, left, l.Center))
	}
	return p
}
