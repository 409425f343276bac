package generals

import (
	"image/color"

	"fmt"

	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/generals"
)

// Top implements module.Bar: the turn, whose it is and its phase
// ("Turn 4 · Ann · Army"), and the player's Cultural Health and pool.
func (s *Screen) Top() module.Top {
	m := s.m
	v := m.v
	if v == nil {
		return module.Top{}
	}
	var t module.Top
	switch v.Phase {
	case rules.PhaseOpening:
		t.Turn = "Opening: every player splits its hand of 7"
		t.Short = "Opening"
	case rules.PhaseOver:
		t.Turn = "Game over"
	default:
		who := m.Name(v.Active)
		t.Turn = fmt.Sprintf("Turn %d · %s · %s", v.Turn, who, PhaseName(v.Phase))
		if v.Rounds > 0 {
			t.Turn = fmt.Sprintf("Turn %d (round %d of %d) · %s · %s", v.Turn, v.Round, v.Rounds, who, PhaseName(v.Phase))
		}
		t.Short = fmt.Sprintf("Turn %d · %s", v.Turn, PhaseName(v.Phase))
		if v.Battle != nil {
			t.Turn += " · battle"
		}
	}
	if me := m.Me(); me != nil {
		t.Money = fmt.Sprintf("Health %d (win %d, lose %d)", me.Health, v.Win, v.Lose)
		if v.Active == v.Seat {
			t.MoneyLines = []string{"Cultural Health: " + fmt.Sprint(me.Health), "Pool this turn: " + Amounts(v.Pool)}
		}
	}
	return t
}

// TurnName implements module.Bar: turn 0 is the opening.
func (s *Screen) TurnName(t protocol.Turn) string {
	if t == 0 {
		return "Opening"
	}
	return fmt.Sprintf("Turn %d", t)
}

// Buttons implements module.Bar: the table's buttons are on the table.
func (s *Screen) Buttons() []module.BarButton { return nil }

// Hint implements module.Hinter: why the button or the card under the
// pointer does nothing now, or the whole rule of an ability's button.
func (s *Screen) Hint() (string, color.Color, bool) {
	h := s.hover.At
	switch h.Kind {
	case HitButton:
		if h.Button == BtnNone {
			// An ability's button: its rule whole (the label may be cut).
			for _, b := range s.lay.Buttons {
				if b.Rule == h.Rule && b.Button == BtnNone {
					return "Use the ability: " + b.Label, s.host.Theme().Palette().Text, false
				}
			}
			return "", nil, false
		}
		if ok, why := s.m.Enabled(h.Button); !ok && why != "" {
			return h.Button.String() + ": " + why, errorColor, false
		}
	case HitHand:
		if s.acting() && s.m.DiscardCount() == 0 {
			if why := s.m.WhyNot(h.Index); why != "" {
				return "Not now: " + why, errorColor, false
			}
		}
	}
	return "", nil, false
}
