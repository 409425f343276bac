package match

import (
	"fmt"

	"empires/shared/ruleset"
)

// isBot reports whether seat is one of the bots.
func (m *Match) isBot(seat ruleset.Seat) bool { return int(seat) > m.humans }

// aiPlays reports whether the AI plays seat now: a bot, or a human seat
// taken over; on the loop.
func (m *Match) aiPlays(seat ruleset.Seat) bool { return m.isBot(seat) || m.taken[seat] }

// countMissed updates each seat's count of missed steps after a
// simultaneous step was resolved: the ruleset's count, with the acting
// steps the player let pass since last acting, but for a seat the AI
// played all turn, whose player missed one more (the ruleset saw the AI's
// orders and counted none missed). On the loop.
func (m *Match) countMissed(step ruleset.Step) {
	for p := 1; p <= m.set.Seats; p++ {
		seat := ruleset.Seat(p)
		if m.taken[seat] && step.Acts(seat) {
			m.missed[seat]++
			continue
		}
		m.missed[seat] = m.g.Missed(seat) + m.lapsed[seat]
	}
}

// miss counts an interactive or concurrent step whose time (or grace) ran
// out on seat's player. On the loop.
func (m *Match) miss(seat ruleset.Seat) {
	if m.aiPlays(seat) {
		return
	}
	m.lapsed[seat]++
	m.missed[seat] = m.g.Missed(seat) + m.lapsed[seat]
}

// present notes that seat's player acted or submitted: the steps it let
// pass in a row start afresh, and so does the AI's chain. On the loop.
func (m *Match) present(seat ruleset.Seat) {
	m.chained = 0
	if m.lapsed[seat] > 0 {
		m.lapsed[seat] = 0
		m.missed[seat] = m.g.Missed(seat)
	}
}

// tellAI hands the AI, if it is a ruleset.Listener, the events of out for
// each seat it plays now (ruleset.Tell), before it next acts for them; a
// seat's events are encoded only then. An error is logged and the game
// goes on: the AI plays on with what it heard. On the loop.
func (m *Match) tellAI(out ruleset.Outcome) {
	if _, ok := m.ai.(ruleset.Listener); !ok {
		return
	}
	for p := 1; p <= m.set.Seats; p++ {
		seat := ruleset.Seat(p)
		if !m.aiPlays(seat) {
			continue
		}
		if err := ruleset.Tell(m.ai, seat, out); err != nil {
			m.log.Warn("the AI does not hear the step", "match", m.id, "seat", p, "turn", m.step.Turn, "err", err)
		}
	}
}

// startStep is what happens when a step starts (the game's first
// included): the AI takes over the human seats whose players missed the
// ruleset's limit of steps in a row; then in a simultaneous step it gives
// the orders of every actor it plays. (In an interactive or concurrent
// step it acts when its pacer says: see pace.go.) On the loop.
func (m *Match) startStep() {
	if over, _ := m.g.Over(); over {
		return
	}
	m.takeOver()
	if m.step.Mode != ruleset.Simultaneous {
		return
	}
	for _, seat := range m.step.Actors {
		if m.aiPlays(seat) && m.canAct(seat) == nil {
			m.submitAI(seat)
		}
	}
}

// takeOver lets the AI take the human seats whose players missed the
// ruleset's limit of steps in a row. On the loop.
func (m *Match) takeOver() {
	limit := m.g.ReplaceAfter()
	if limit <= 0 {
		return
	}
	for p := 1; p <= m.humans; p++ {
		seat := ruleset.Seat(p)
		if !m.taken[seat] && m.g.Player(seat).Alive && m.missed[seat] >= limit {
			m.taken[seat] = true
			m.observeTakeover()
			m.log.Info("the AI takes a seat over", "match", m.id, "seat", p, "turn", m.step.Turn,
				"missed", m.missed[seat])
		}
	}
}

// handBack gives a taken-over seat back to its player, who came back: the
// AI stops playing it (the orders it gave for this turn stay unless the
// player submits) and the count of missed turns starts afresh. On the
// loop.
func (m *Match) handBack(seat ruleset.Seat) {
	if !m.taken[seat] {
		return
	}
	m.taken[seat] = false
	m.missed[seat], m.lapsed[seat] = 0, 0
	m.log.Info("a seat is handed back to its player", "match", m.id, "seat", int(seat), "turn", m.step.Turn)
}

// submitAI submits the AI's orders as seat's for the simultaneous step, the
// way Submit does for people. Orders the game refuses are logged and the
// seat is left to the ruleset's autopilot: the AI's mistakes never break
// the match. On the loop.
func (m *Match) submitAI(seat ruleset.Seat) {
	orders, err := m.ai.Act(m.aiView(seat), m.step, seat)
	if err != nil {
		m.log.Warn("the AI gives no orders", "match", m.id, "seat", int(seat), "turn", m.step.Turn, "err", err)
		return
	}
	refused, err := m.g.Check(seat, orders)
	if err != nil || refused != nil {
		for _, r := range refused {
			m.log.Warn("an AI order is refused", "match", m.id, "seat", int(seat), "turn", m.step.Turn,
				"order", r.Order, "why", r.Reason)
		}
		m.log.Warn("the AI's orders are refused; the autopilot plays the seat", "match", m.id, "seat", int(seat),
			"turn", m.step.Turn, "err", err)
		return
	}
	m.orders[seat] = own(orders)
}

// actAI plays the AI's action for seat in the interactive or concurrent
// step; a refused or failed action is logged and changes nothing. In a
// concurrent step the AI may wait (a nil action, ruleset.AI): the seat is
// then not asked again before another action moves the step on, unless
// must (the step's time ran out) or no other actor may act, when the
// ruleset's default plays it instead. It reports whether the game took
// the action, or the seat waits. On the loop.
func (m *Match) actAI(seat ruleset.Seat, must bool) bool {
	action, err := m.ai.Act(m.aiView(seat), m.step, seat)
	if err == nil && action == nil && m.step.Mode == ruleset.Concurrent {
		m.waited[seat] = m.step.Seq
		if !must && m.othersMayAct(seat) {
			return true
		}
		action, err = m.defaultFor(seat)
	}
	if err == nil {
		err = m.play(seat, action)
	}
	if err != nil {
		m.log.Warn("the AI's action is refused", "match", m.id, "seat", int(seat), "step", m.step.Seq, "err", err)
		return false
	}
	return true
}

// othersMayAct reports whether an actor of the concurrent step other than
// seat may still act in it: a person, or a seat of the AI that has not
// chosen to wait since the step last moved. On the loop.
func (m *Match) othersMayAct(seat ruleset.Seat) bool {
	for _, s := range m.step.Actors {
		if s == seat || m.canAct(s) != nil {
			continue
		}
		if !m.aiPlays(s) || m.waited[s] != m.step.Seq {
			return true
		}
	}
	return false
}

// defaultFor returns the ruleset's default action for seat (a seat the AI
// plays that waits where it may not). On the loop.
func (m *Match) defaultFor(seat ruleset.Seat) ([]byte, error) {
	if d, ok := m.g.(ruleset.Defaulter); ok {
		if action, ok := d.Default(seat); ok {
			return action, nil
		}
	}
	return nil, fmt.Errorf("the AI waits in step %d and the game has no default for seat %d", m.step.Seq, seat)
}
