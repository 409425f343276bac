package game

import "slices"

// Resolve plays one turn of s with the players' orders and returns what
// happened. It changes s in place (Clone it first to keep the old state)
// and advances s.Turn by one.
//
// The turn runs the ruleset's phases in order. Before they start, every
// player's orders are checked again (an order that became illegal since it
// was submitted is dropped with an EventOrderSkipped saying why); a player
// out of the game is ignored, and a live player with no entry in orders
// sent nothing: it takes part with no orders and Autopilot set, for the
// ruleset to apply its rules for a missed turn. PhaseMove is the engine's: step-by-step movement, battles
// and vision (see Move); every other phase is the ruleset's RunPhase.
//
// With Simultaneous turn order every phase runs once for all players
// together. With RoundOrder each live player in turn, by ID, runs every
// phase but PhaseVictory with only their own orders, checked again just
// before their part, so they act on the state the players before them left;
// PhaseVictory then runs once for all.
//
// A phase that ends the game (sets s.Over: a victory found at the start of
// a turn, say) is the turn's last: the phases after it do not run. Resolve
// on a finished game does nothing and returns no events.
func Resolve(s *State, rs Ruleset, orders []PlayerOrders) *Events {
	ev := &Events{}
	if s.Over {
		return ev
	}
	BeginTurnVision(s)
	byPlayer := make([][]Order, len(s.Players))
	sent := make([]bool, len(s.Players))
	for _, po := range orders {
		if p := s.Player(po.Player); p != nil {
			byPlayer[po.Player-1] = po.Orders
			sent[po.Player-1] = true
		}
	}
	live := func() []PlayerID {
		var out []PlayerID
		for _, p := range s.Players {
			if p.Alive {
				out = append(out, p.ID)
			}
		}
		return out
	}
	check := func(p PlayerID) PlayerOrders {
		return PlayerOrders{Player: p, Orders: Revalidate(s, rs, p, byPlayer[p-1], ev), Autopilot: !sent[p-1]}
	}

	switch rs.TurnOrder() {
	case RoundOrder:
		for _, p := range live() {
			if !s.Player(p).Alive || s.Over {
				continue
			}
			acting := []PlayerOrders{check(p)}
			for _, ph := range rs.Phases() {
				if ph != PhaseVictory && !s.Over {
					runPhase(s, rs, ph, acting, ev)
				}
			}
		}
		if slices.Contains(rs.Phases(), PhaseVictory) && !s.Over {
			runPhase(s, rs, PhaseVictory, all(live()), ev)
		}
	default:
		var acting []PlayerOrders
		for _, p := range live() {
			acting = append(acting, check(p))
		}
		for _, ph := range rs.Phases() {
			if s.Over {
				break
			}
			runPhase(s, rs, ph, acting, ev)
		}
	}
	RecordVision(s, rs)
	s.Turn++
	return ev
}

// all returns an empty order list for each player.
func all(players []PlayerID) []PlayerOrders {
	out := make([]PlayerOrders, len(players))
	for i, p := range players {
		out[i] = PlayerOrders{Player: p}
	}
	return out
}

func runPhase(s *State, rs Ruleset, ph Phase, acting []PlayerOrders, ev *Events) {
	if ph == PhaseMove {
		Move(s, rs, acting, ev)
		return
	}
	rs.RunPhase(s, ph, acting, ev)
}
