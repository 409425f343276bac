package duel

import (
	"fmt"

	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/duel"
	"empires/shared/words"
)

var _ module.Bar = (*Screen)(nil)

// Top implements module.Bar: the round and what it is at, in the
// player's words ("Round 3 of 6 · You attack"), and the player's points.
func (s *Screen) Top() module.Top {
	m := s.m
	v := m.v
	if v == nil {
		return module.Top{}
	}
	t := v.Table
	round := fmt.Sprintf("Round %d of %d", t.Round, t.Rounds)
	var what string
	switch t.Phase {
	case rules.PhaseOffer:
		what = "Offering"
	case rules.PhaseAttack:
		what = fmt.Sprintf("%s %s", m.Name(t.Attacker), m.verb(t.Attacker, "attack", "attacks"))
	case rules.PhaseDefend:
		what = fmt.Sprintf("%s %s", m.Name(t.Defender), m.verb(t.Defender, "defend", "defends"))
	case rules.PhaseOver:
		return module.Top{Turn: "Game over", Money: s.points()}
	}
	return module.Top{Turn: round + " · " + what, Short: fmt.Sprintf("Round %d · %s", t.Round, what), Money: s.points()}
}

// points is the player's points for the top bar, "" for a spectator.
func (s *Screen) points() string {
	v := s.m.v
	if v.Seat == 0 {
		return ""
	}
	p := v.Players[v.Seat-1]
	if s.m.third {
		return fmt.Sprintf("%s: %s", p.Name, words.Count(p.Points, "point", "points"))
	}
	return "You: " + words.Count(p.Points, "point", "points")
}

// TurnName implements module.Bar: a turn of Duel is a round.
func (s *Screen) TurnName(t protocol.Turn) string { return fmt.Sprintf("Round %d", t) }

// Buttons implements module.Bar: the table's buttons are on the table.
func (s *Screen) Buttons() []module.BarButton { return nil }
