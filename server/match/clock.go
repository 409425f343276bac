package match

import "time"

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
