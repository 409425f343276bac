package match

import "time"

// Observer is told what a match does, for the server's metrics. Its
// methods are called on the match's goroutine, so they must be safe for
// concurrent use (every match of a server shares one) and quick: they must
// not block.
type Observer interface {
	// TurnResolved is called after each turn is resolved, with the time
	// the resolution took: the rules, then the views and deltas of every
	// subscriber.
	TurnResolved(took time.Duration)
	// AITookOver is called when the AI takes a human seat over from a
	// player who missed too many turns.
	AITookOver()
}

// observeTurn tells the observer, if any, of a turn resolved since start.
func (m *Match) observeTurn(start time.Time) {
	if m.set.Observer != nil {
		m.set.Observer.TurnResolved(time.Since(start))
	}
}

// observeTakeover tells the observer, if any, of a seat the AI took over.
func (m *Match) observeTakeover() {
	if m.set.Observer != nil {
		m.set.Observer.AITookOver()
	}
}
