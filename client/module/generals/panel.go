package generals

import (
	"fmt"
	"image/color"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/module"
	rules "empires/shared/rules/generals"
)

// text adds a line of text in the small face (the normal one for a
// title) and colour col to c.
func (s *Screen) text(c *widget.Container, line string, title bool, col color.Color) {
	t := s.host.Theme()
	face := t.SmallFace()
	if title {
		face = t.NormalFace()
	}
	c.AddChild(t.NewText(line, face, col, widget.TextOpts.MaxWidth(float64(s.host.PanelWidth()))))
}

// Side implements module.Screen: the turn and what it waits for, the
// pick and what it may do, the players' Health and cards, the pool.
func (s *Screen) Side(c *widget.Container, in module.Input) {
	m := s.m
	v := m.v
	if v == nil {
		return
	}
	pal := s.host.Theme().Palette()
	s.text(c, "Empires and Generals · "+PhaseName(v.Phase), true, pal.Accent)
	s.text(c, m.Situation(), false, pal.Text)
	if b := m.Battle(); b != "" {
		s.text(c, b, false, pal.TextMuted)
	}
	if me := m.Me(); me != nil && v.Active == v.Seat {
		s.text(c, "Pool this turn: "+Amounts(v.Pool), false, pal.Text)
	}
	if p := m.pick; p.Kind == PickCard && p.Hand < len(v.Hand) {
		s.text(c, "Playing "+m.CardName(v.Hand[p.Hand]), true, pal.Accent)
	}
	s.text(c, "Players", true, pal.Accent)
	for _, p := range v.Players {
		line := fmt.Sprintf("%d · %s: Health %d, hand %d, draw %d, supply %d", p.Seat, m.PlayerName(p.Seat), p.Health, p.Hand, p.Draw, p.Supply)
		if p.Seat == v.Seat && !m.third {
			line += " (you)"
		}
		if p.Out {
			line += ", out"
		}
		col := pal.Text
		if p.Seat == v.Active {
			col = pal.Accent
		}
		s.text(c, line, false, col)
	}
	if len(v.Banned) > 0 {
		s.text(c, "Out of the game (ultra rare): "+m.cardNames(v.Banned), false, pal.TextMuted)
	}
	if s.watching {
		s.text(c, "A replay: the table as the player whose eyes you watch through saw it; the log tells each step.", false, pal.TextMuted)
		return
	}
	if v.Seat != 0 {
		s.text(c, "Click a lit card to play it, your unit to move, use or attack with it. Rest the pointer on a card (or press Z) to read it. F1: the rules and the keys.", false, pal.TextMuted)
	}
}

// Orders implements module.Screen: the move sent and not yet answered,
// or the server's refusal.
func (s *Screen) Orders(c *widget.Container) {
	m := s.m
	if m.v == nil || m.v.Seat == 0 || s.watching {
		return
	}
	pal := s.host.Theme().Palette()
	switch {
	case m.Pending() != nil:
		s.text(c, "Your move", true, pal.Accent)
		s.text(c, m.ActionText(*m.Pending())+": sent", false, pal.Text)
	case m.ActErr() != "":
		s.text(c, "Your move", true, pal.Accent)
		s.text(c, "Refused: "+m.ActErr(), false, pal.Error)
	}
}

// ActionText says action a in words: "Play Attila the Hun".
func (m *Model) ActionText(a rules.Action) string {
	switch a.Kind {
	case rules.ActOpening:
		return fmt.Sprintf("Open with %d from the Draw Pile", a.Count)
	case rules.ActPlay:
		return "Play the turn"
	case rules.ActPass:
		return "Pass"
	case rules.ActDraw:
		if a.Supply {
			return "Draw from the Supply Pile"
		}
		return "Draw from the Draw Pile"
	case rules.ActNext:
		return "Next phase"
	case rules.ActCard:
		return "Play " + m.CardName(a.Card)
	case rules.ActAbility:
		c, _, _ := m.Unit(a.Unit)
		return "Use the ability of " + m.CardName(c.Card)
	case rules.ActMove:
		c, _, _ := m.Unit(a.Unit)
		to := "the Warcamp"
		if a.Battlefield {
			to = "the Battlefield"
		}
		return fmt.Sprintf("Move %s to %s", m.CardName(c.Card), to)
	case rules.ActDiscardPlay:
		c, _, _ := m.Unit(a.Unit)
		return "Discard " + m.CardName(c.Card) + " from play"
	case rules.ActAttack:
		c, _, _ := m.Unit(a.Unit)
		return fmt.Sprintf("Attack %s with %s", m.PlayerName(a.Seat), m.CardName(c.Card))
	case rules.ActBlock:
		if a.Unit == 0 {
			return "No blocker"
		}
		c, _, _ := m.Unit(a.Unit)
		return "Block with " + m.CardName(c.Card)
	case rules.ActDiscard:
		return fmt.Sprintf("Discard %d cards", len(a.Cards))
	case rules.ActResign:
		return "Resign"
	case rules.ActContinue:
		return "Play on"
	case rules.ActStop:
		return "Stop"
	}
	return "?"
}
