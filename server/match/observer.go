package match

import (
	"time"

	"empires/shared/ruleset"
)

// Observer is told what a match does, for the server's metrics. Its
// methods are called on the match's goroutine, so they must be safe for
// concurrent use (every match of a server shares one) and quick: they must
// not block.
type Observer interface {
	// TurnResolved is called after each simultaneous step is resolved,
	// with the time the resolution took: the rules and the record (the
	// save); the views and deltas sent after are not in it.
	TurnResolved(took time.Duration)
	// ActionPlayed is called after each action of an interactive or
	// concurrent step is applied (a person's, the AI's or the ruleset's
	// default), with the time it took, as for TurnResolved.
	ActionPlayed(took time.Duration)
	// AITookOver is called when the AI takes a human seat over from a
	// player who missed too many steps.
	AITookOver()
}

// observeStep tells the observer, if any, of step played since start: a
// resolution or an action.
func (m *Match) observeStep(step ruleset.Step, start time.Time) {
	if m.set.Observer == nil {
		return
	}
	if step.Acting() {
		m.set.Observer.ActionPlayed(time.Since(start))
		return
	}
	m.set.Observer.TurnResolved(time.Since(start))
}

// observeTakeover tells the observer, if any, of a seat the AI took over.
func (m *Match) observeTakeover() {
	if m.set.Observer != nil {
		m.set.Observer.AITookOver()
	}
}
