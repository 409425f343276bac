package match

import (
	"slices"
	"time"

	"empires/shared/ruleset"
)

// Clock is the match's source of time: the deadline of a turn and the timer
// that ends it. RealClock is the wall clock; tests pass a fake one they
// advance by hand, so no test sleeps.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// NewTimer returns a timer that sends the time on its channel once, d
	// from now, unless stopped first.
	NewTimer(d time.Duration) Timer
}

// Timer is a one-shot timer made by a Clock.
type Timer interface {
	// C returns the channel the timer sends on when it fires.
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it stopped
	// the timer (false if it had already fired or been stopped).
	Stop() bool
}

// RealClock is the Clock of the time package.
type RealClock struct{}

var _ Clock = RealClock{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// NewTimer returns a time.Timer.
func (RealClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (t realTimer) C() <-chan time.Time { return t.t.C }
func (t realTimer) Stop() bool          { return t.t.Stop() }

// fired is a Timer that has fired already: a deadline already past, or
// a move due at once. The loop's select takes it like any timer, so the
// commands waiting are answered between two such moves.
type fired struct{ c chan time.Time }

func firedAt(now time.Time) fired {
	c := make(chan time.Time, 1)
	c <- now
	return fired{c}
}

func (t fired) C() <-chan time.Time { return t.c }

// Stop reports false: the timer has fired.
func (t fired) Stop() bool { return false }

// newTimer returns a timer of the match's clock that fires d from now, or
// at once if d is not positive.
func (m *Match) newTimer(d time.Duration) Timer {
	if d <= 0 {
		return firedAt(m.clock.Now())
	}
	return m.clock.NewTimer(d)
}

// stepKey tells one step from the next for the clock: a concurrent step
// is one step from its start (Since) to its end, whatever is played in it;
// any other step ends with its Seq.
func stepKey(st ruleset.Step) uint32 {
	if st.Mode == ruleset.Concurrent {
		return st.Since
	}
	return st.Seq
}

// maxBudgets bounds the budgets a match remembers; past it, the one used
// longest ago is forgotten (its steps are long over).
const maxBudgets = 16

// budgetUse is what a budget has spent, and the last step that spent it.
type budgetUse struct {
	spent time.Duration
	seq   uint32
}

// startClock starts the clock of the step being played, a new one: the
// step the clock ran for until now charges its budget with the time it
// took, the last timer stops, and the step's deadline is set, if it has
// one (see limit). On the loop.
func (m *Match) startClock() {
	now := m.clock.Now()
	if b := m.clocked.Budget; b != "" && !m.began.IsZero() {
		m.spend(b, now.Sub(m.began))
	}
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	m.clocked, m.began, m.deadline = m.step, now, time.Time{}
	if over, _ := m.g.Over(); over {
		return
	}
	if d, ok := m.limit(true); ok {
		m.deadline = now.Add(d)
		m.timer = m.newTimer(d)
	}
}

// limit returns how long the step being played has from its start, and
// whether it has a deadline at all: its own Limit, less what its Budget
// has spent (with budget), or the host's turn timer, whichever is
// shorter. CHOICE: the shorter of the two: each is a promise, the
// ruleset's to the players (a defender answers within seconds) and the
// host's to the table (no step waits longer than the timer).
func (m *Match) limit(budget bool) (time.Duration, bool) {
	d, ok := time.Duration(0), false
	if m.step.Limit > 0 {
		d, ok = m.step.Limit, true
		if budget && m.step.Budget != "" {
			d = max(d-m.spent[m.step.Budget].spent, 0)
		}
	}
	if tt := m.set.TurnTimer; tt > 0 && (!ok || tt < d) {
		d, ok = tt, true
	}
	return d, ok
}

// spend charges budget b with d, forgetting the budget used longest ago
// if there are too many. On the loop.
func (m *Match) spend(b string, d time.Duration) {
	u := m.spent[b]
	u.spent += d
	u.seq = m.clocked.Seq
	m.spent[b] = u
	if len(m.spent) <= maxBudgets {
		return
	}
	oldest, first := "", true
	for name, u := range m.spent {
		if first || u.seq < m.spent[oldest].seq {
			oldest, first = name, false
		}
	}
	delete(m.spent, oldest)
}

// expire is the step's time running out: a simultaneous step resolves
// with what was submitted; in an interactive or concurrent one each actor
// who has not acted is played, one after another, while the step lasts
// (see the package doc). On the loop.
func (m *Match) expire() {
	if m.step.Mode == ruleset.Simultaneous {
		m.resolve()
		return
	}
	key := stepKey(m.step)
	for _, seat := range slices.Clone(m.step.Actors) {
		if over, _ := m.g.Over(); over || stepKey(m.step) != key || !m.step.Acting() {
			break // the game moved on
		}
		if !m.step.Acts(seat) || m.canAct(seat) != nil {
			continue // it acted meanwhile, or is out
		}
		m.playFor(seat)
	}
	if over, _ := m.g.Over(); !over && stepKey(m.step) == key && m.timer == nil {
		// Nothing ended the step (every action refused): give it its
		// whole limit again rather than spin.
		d, _ := m.limit(false)
		m.deadline = m.clock.Now().Add(d)
		m.timer = m.newTimer(d)
	}
}

// playFor plays seat's part in the acting step, its time (or grace) having
// run out: the AI's action for a seat the AI plays; for a person's, a
// missed step, then the ruleset's default, or the AI's action where the
// game has none or refuses it. It reports whether the game took an
// action. On the loop.
func (m *Match) playFor(seat ruleset.Seat) bool {
	if m.aiPlays(seat) {
		return m.actAI(seat, true)
	}
	m.miss(seat)
	if d, ok := m.g.(ruleset.Defaulter); ok {
		if action, ok := d.Default(seat); ok {
			err := m.play(seat, action)
			if err == nil {
				return true
			}
			m.log.Warn("the ruleset's default is refused; the AI plays the seat", "match", m.id, "seat", int(seat),
				"step", m.step.Seq, "err", err)
		}
	}
	return m.actAI(seat, true)
}

// absentActors returns the actors of the interactive or concurrent step
// being played, without a deadline, whom a grace waits for: people the AI
// does not play, still in the game, with no subscription. On the loop.
func (m *Match) absentActors() []ruleset.Seat {
	if !m.step.Acting() || !m.deadline.IsZero() {
		return nil
	}
	if over, _ := m.g.Over(); over {
		return nil
	}
	var out []ruleset.Seat
	for _, seat := range m.step.Actors {
		if int(seat) <= m.humans && !m.taken[seat] && m.conns[seat] == 0 && m.g.Player(seat).Alive {
			out = append(out, seat)
		}
	}
	return out
}

// graceEnd returns when the grace of absent actor seat ends: Grace after
// the step started or the player left, whichever is later. On the loop.
func (m *Match) graceEnd(seat ruleset.Seat) time.Time {
	from := m.began
	if m.absent[seat].After(from) {
		from = m.absent[seat]
	}
	return from.Add(m.set.Grace)
}

// arrangeGrace sets the grace timer for the first grace of an absent
// actor to end, stopping one no longer wanted. On the loop.
func (m *Match) arrangeGrace() {
	var when time.Time
	for _, seat := range m.absentActors() {
		if end := m.graceEnd(seat); when.IsZero() || end.Before(when) {
			when = end
		}
	}
	if m.grace != nil && m.graceAt.Equal(when) {
		return
	}
	if m.grace != nil {
		m.grace.Stop()
		m.grace = nil
	}
	if !when.IsZero() {
		m.grace, m.graceAt = m.newTimer(when.Sub(m.clock.Now())), when
	}
}

// lapse plays, the grace timer having fired, each absent actor whose grace
// has ended, while the step lasts, as if its time had run out. An actor
// whose default and AI action the game refused gets a new grace. On the
// loop.
func (m *Match) lapse() {
	key := stepKey(m.step)
	for _, seat := range m.absentActors() {
		if over, _ := m.g.Over(); over || stepKey(m.step) != key {
			return
		}
		now := m.clock.Now()
		if !slices.Contains(m.absentActors(), seat) || now.Before(m.graceEnd(seat)) {
			continue
		}
		if !m.playFor(seat) {
			m.absent[seat] = now
		}
	}
}
