package match

import (
	"time"

	"empires/shared/ruleset"
)

// The AI's moves that no person waits on (see the package doc's AI
// chains): the loop makes them when the pacer fires, or at once while
// nobody watches (rushing, or a pacer that has fired already).

// aiOnly reports whether the simultaneous step being played waits for no
// person: the game is not over, the step has no deadline, and every actor
// still in the game is played by the AI. On the loop.
func (m *Match) aiOnly() bool {
	if m.step.Mode != ruleset.Simultaneous || !m.deadline.IsZero() {
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

// aiActor returns the first actor of the interactive or concurrent step
// being played that the AI plays, that may act and does not wait (see
// actAI), or 0 if there is none.
// On the loop.
func (m *Match) aiActor() ruleset.Seat {
	if !m.step.Acting() {
		return 0
	}
	if over, _ := m.g.Over(); over {
		return 0
	}
	for _, seat := range m.step.Actors {
		if m.aiPlays(seat) && m.canAct(seat) == nil && !m.waits(seat) {
			return seat
		}
	}
	return 0
}

// waits reports whether the AI playing seat chose to wait in the
// concurrent step being played, and nothing has moved it on since. On
// the loop.
func (m *Match) waits(seat ruleset.Seat) bool {
	w, ok := m.waited[seat]
	return ok && m.step.Mode == ruleset.Concurrent && w == m.step.Seq
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
	return m.rushed < m.set.AIRush && !m.watched() && m.aiOnly()
}

// pace returns how long the AI waits before its next move in the step
// being played, and whether it has one to make: AIPace for a simultaneous
// step only the AI plays (when not rushing); in an interactive or
// concurrent step with an actor the AI plays, ActionPace while anyone
// watches, no time at all while nobody does, and AIPace after a chain of
// maxChain or an action the game refused. On the loop.
func (m *Match) pace() (time.Duration, bool) {
	if m.aiOnly() {
		return m.set.AIPace, true
	}
	switch {
	case m.aiActor() == 0:
		return 0, false
	case m.aiFailed || m.chained >= maxChain:
		return m.set.AIPace, true
	case m.watched():
		return m.set.ActionPace, true
	}
	return 0, true
}

// arrangePacer starts the pacer for the AI's next move in the step being
// played, and stops a pacer that is no longer wanted (a move was played,
// or the pace changed: someone came to watch, say). On the loop, when
// not rushing.
func (m *Match) arrangePacer() {
	d, want := m.pace()
	if m.pacer != nil && (!want || m.paced != m.step.Seq || m.pacedFor != d) {
		m.pacer.Stop()
		m.pacer = nil
	}
	if want && m.pacer == nil {
		m.pacer, m.paced, m.pacedFor = m.newTimer(d), m.step.Seq, d
	}
}

// autoStep makes the AI's move, its pacer having fired: a simultaneous
// step only the AI plays resolves with the AI's orders; in an interactive
// or concurrent one the AI plays one action for its first actor. On the
// loop.
func (m *Match) autoStep() {
	if m.aiOnly() {
		m.resolve()
		return
	}
	seat := m.aiActor()
	if seat == 0 {
		return
	}
	if m.pacedFor > 0 {
		m.chained = 0 // after a pause, a chain starts afresh
	} else if m.chained++; m.chained == maxChain {
		m.log.Warn("the AI played a long chain of actions; it goes on at the AI's pace", "match", m.id, "step", m.step.Seq)
	}
	m.aiFailed = !m.actAI(seat, false)
}
