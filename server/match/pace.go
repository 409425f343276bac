package match

import "empires/shared/ruleset"

// Steps only the AI plays resolve by themselves (see the package doc):
// the loop resolves them at once while nobody watches (rushing), or when
// the pacer fires.

// aiOnly reports whether the step being played waits for no person: the
// game is not over, it has no turn timer, and every actor still in the
// game is played by the AI. On the loop.
func (m *Match) aiOnly() bool {
	if m.set.TurnTimer > 0 {
		return false
	}
	if over, _ := m.g.Over(); over {
		return false
	}
	for _, seat := range m.step.Actors {
		if !m.aiPlays(seat) && m.g.Player(seat).Alive {
			return false
		}
	}
	return true
}

// watched reports whether the match has a live subscription, a player's
// or a spectator's. On the loop.
func (m *Match) watched() bool {
	for _, n := range m.conns {
		if n > 0 {
			return true
		}
	}
	return false
}

// rushing reports whether the step being played resolves now, without
// waiting for the pacer: a simultaneous step only the AI plays, nobody
// watching, and fewer than AIRush such steps resolved in a row. On the
// loop.
func (m *Match) rushing() bool {
	return m.step.Mode == ruleset.Simultaneous && m.rushed < m.set.AIRush && !m.watched() && m.aiOnly()
}

// arrangePacer starts the pacer for a step only the AI plays that waits
// for it, and stops a pacer that is no longer wanted (the step was played,
// or a person must act now). On the loop, when not rushing.
func (m *Match) arrangePacer() {
	want := m.aiOnly()
	if m.pacer != nil && (!want || m.paced != m.step.Seq) {
		m.pacer.Stop()
		m.pacer = nil
	}
	if want && m.pacer == nil {
		m.pacer, m.paced = m.clock.NewTimer(m.set.AIPace), m.step.Seq
	}
}

// autoStep plays a step only the AI plays, its pacer having fired: a
// simultaneous step resolves with the AI's orders; in an interactive one
// the AI acts again for its actors (their last action was refused). On
// the loop.
func (m *Match) autoStep() {
	if !m.aiOnly() {
		return
	}
	if m.step.Mode == ruleset.Simultaneous {
		m.resolve()
		return
	}
	m.startStep()
}
