package match

import (
	"slices"

	"empires/shared/game"
	"empires/shared/rules/erfworld"
)

// stockMissed returns the ruleset's count of turns in a row seat sent no
// orders (erfworld.StockMissed).
func stockMissed(s *game.State, seat game.PlayerID) int {
	pl := s.Player(seat)
	if pl == nil || erfworld.StockMissed >= len(pl.Stock) {
		return 0
	}
	return int(pl.Stock[erfworld.StockMissed])
}

// isBot reports whether seat is one of the bots.
func (m *Match) isBot(seat game.PlayerID) bool { return int(seat) > m.humans }

// aiPlays reports whether the AI gives seat's orders this turn: a bot, or
// a human seat taken over; on the loop.
func (m *Match) aiPlays(seat game.PlayerID) bool { return m.isBot(seat) || m.taken[seat] }

// countMissed updates each seat's count of missed turns after a turn was
// resolved: the ruleset's count, but for a seat the AI played all turn,
// whose player missed one more (the ruleset saw the AI's orders and counted
// none missed). On the loop.
func (m *Match) countMissed() {
	for p := 1; p <= m.set.Seats; p++ {
		seat := game.PlayerID(p)
		if m.taken[seat] && m.state.Players[p-1].Alive {
			m.missed[seat]++
			continue
		}
		m.missed[seat] = stockMissed(m.state, seat)
	}
}

// startTurn is what happens when a turn starts (the game's first included):
// the AI takes over the human seats whose players missed
// Autopilot.ReplaceAfterMissed turns in a row, and gives the orders of
// every live seat it plays. On the loop.
func (m *Match) startTurn() {
	if m.state.Over {
		return
	}
	if limit := m.rs.D.Autopilot.ReplaceAfterMissed; limit > 0 {
		for p := 1; p <= m.humans; p++ {
			seat := game.PlayerID(p)
			if !m.taken[seat] && m.state.Players[p-1].Alive && m.missed[seat] >= limit {
				m.taken[seat] = true
				m.observeTakeover()
				m.log.Info("the AI takes a seat over", "match", m.id, "seat", p, "turn", m.state.Turn,
					"missed", m.missed[seat])
			}
		}
	}
	for p := 1; p <= m.set.Seats; p++ {
		seat := game.PlayerID(p)
		if m.aiPlays(seat) && m.canAct(seat) == nil {
			m.submitAI(seat, m.ai(m.viewOf(seat)))
		}
	}
}

// handBack gives a taken-over seat back to its player, who came back: the
// AI stops playing it (the orders it gave for this turn stay unless the
// player submits) and the count of missed turns starts afresh. On the
// loop.
func (m *Match) handBack(seat game.PlayerID) {
	if !m.taken[seat] {
		return
	}
	m.taken[seat] = false
	m.missed[seat] = 0
	m.log.Info("a seat is handed back to its player", "match", m.id, "seat", int(seat), "turn", m.state.Turn)
}

// submitAI submits orders as seat's for the turn, the way Submit does for
// people. Orders the book refuses are logged and dropped, and the rest
// submitted again, down to no orders at all if need be: the AI's mistakes
// never break the match. On the loop.
func (m *Match) submitAI(seat game.PlayerID, orders []game.Order) {
	for {
		refused := m.book.Submit(m.state, m.rs, seat, orders)
		if refused == nil {
			return
		}
		for _, e := range refused {
			m.log.Warn("an AI order is refused and dropped", "match", m.id, "seat", int(seat), "turn", m.state.Turn,
				"order", e.Order, "why", e.Reason)
		}
		kept := dropRefused(orders, refused)
		if len(kept) >= len(orders) { // cannot happen: a refusal names an order
			m.log.Error("the AI's orders are refused as a whole", "match", m.id, "seat", int(seat), "turn", m.state.Turn)
			return
		}
		orders = kept
	}
}

// dropRefused returns orders without the refused ones, and without any
// beyond game.MaxOrders.
func dropRefused(orders []game.Order, refused []*game.OrderError) []game.Order {
	kept := make([]game.Order, 0, len(orders))
	for i, o := range orders[:min(len(orders), game.MaxOrders)] {
		if !slices.ContainsFunc(refused, func(e *game.OrderError) bool { return e.Index == i }) {
			kept = append(kept, o)
		}
	}
	return kept
}
