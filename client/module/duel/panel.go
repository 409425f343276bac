package duel

import (
	"fmt"
	"image/color"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/module"
	"empires/shared/game"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
	"empires/shared/words"
)

// text adds a line of text in face size small (or normal, for a title)
// and colour c to c.
func (s *Screen) text(c *widget.Container, line string, title bool, col color.Color) {
	t := s.host.Theme()
	face := t.SmallFace()
	if title {
		face = t.NormalFace()
	}
	c.AddChild(t.NewText(line, face, col, widget.TextOpts.MaxWidth(float64(s.host.PanelWidth()))))
}

// gap adds a little space to c: 6 pixels at 100 %, at the theme's size.
func (s *Screen) gap(c *widget.Container) {
	c.AddChild(widget.NewContainer(widget.ContainerOpts.WidgetOpts(widget.WidgetOpts.MinSize(0, s.host.Theme().Px(6)))))
}

// Side implements module.Screen: the round, what the table waits for and
// what the player may do, the players' points and cards, the keys.
func (s *Screen) Side(c *widget.Container, in module.Input) {
	m := s.m
	v := m.v
	if v == nil {
		return
	}
	pal := s.host.Theme().Palette()
	// The players are written in their colours, the dark ones lightened
	// to be read on the panel; the seat's number goes first.
	panelBg := color.RGBA{pal.Panel.R, pal.Panel.G, pal.Panel.B, 255}
	t := v.Table
	if t.Phase == rules.PhaseOver {
		s.text(c, fmt.Sprintf("Duel · after round %d of %d", t.Round, t.Rounds), true, pal.Accent)
	} else {
		s.text(c, fmt.Sprintf("Duel · round %d of %d · %s", t.Round, t.Rounds, phaseName(t.Phase)), true, pal.Accent)
	}
	s.text(c, m.Situation(), false, pal.Text)
	if hint, _ := s.moveHint(); hint != "" && in.Orders {
		s.text(c, hint, false, pal.Accent)
	}
	s.gap(c)
	s.text(c, "Players", true, pal.Accent)
	for i, p := range v.Players {
		seat := ruleset.Seat(i + 1)
		name := p.Name
		if seat == v.Seat && !m.third {
			name += " (you)"
		}
		line := fmt.Sprintf("%d · %s: %s, %s in hand, %d in the deck", seat, name, words.Count(p.Points, "point", "points"), words.Count(p.Cards, "card", "cards"), p.Deck)
		if !p.Alive {
			line += ", out"
		}
		s.text(c, line, false, s.palette().TextColor(game.PlayerID(seat), panelBg))
	}
	s.text(c, fmt.Sprintf("Discard pile: %s", words.Count(len(v.Discard), "card", "cards")), false, pal.TextMuted)
	if s.watching {
		s.gap(c)
		s.text(c, "A replay: the table as the player whose eyes you watch through saw it, step by step; the log tells each step.", false, pal.TextMuted)
		return
	}
	if v.Seat == 0 {
		return
	}
	s.gap(c)
	s.text(c, "Click a card or press 1-9 to choose it. Attack: a card, then a player's hand (Tab and Enter). P pass, B block, T take the hit, Esc drop the choice. In the offering End turn (Enter) lays your card. F1: the rules.", false, pal.TextMuted)
}

// phaseName names phase p for the side panel's title.
func phaseName(p rules.Phase) string {
	switch p {
	case rules.PhaseOffer:
		return "offering"
	case rules.PhaseAttack:
		return "attacks"
	case rules.PhaseDefend:
		return "an attack"
	}
	return p.String()
}

// Orders implements module.Screen: the offering drafted, with the
// server's refusal; in an attack turn or a defence, the move sent.
func (s *Screen) Orders(c *widget.Container) {
	m := s.m
	v := m.v
	if v == nil || v.Seat == 0 || s.watching {
		return
	}
	pal := s.host.Theme().Palette()
	switch {
	case v.Table.Phase == rules.PhaseOffer && len(v.Hand) > 0:
		s.text(c, "Your offering", true, pal.Accent)
		switch {
		case m.offer.Rank == 0:
			s.text(c, "No card laid yet: click one. If you end the turn without one, your lowest card is laid (rule 4).", false, pal.TextMuted)
		case m.offerErr != "":
			s.text(c, fmt.Sprintf("Lay %s face down\n  refused: %s", m.card(m.offer), m.offerErr), false, pal.Error)
		default:
			s.text(c, fmt.Sprintf("Lay %s face down", m.card(m.offer)), false, pal.Text)
		}
	case m.pending != nil:
		s.text(c, "Your move", true, pal.Accent)
		s.text(c, upper(m.ActionText(*m.pending))+": sent", false, pal.Text)
	case m.actErr != "":
		s.text(c, "Your move", true, pal.Accent)
		s.text(c, "Refused: "+m.actErr, false, pal.Error)
	}
}
