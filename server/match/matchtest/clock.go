// Package matchtest holds what tests of the packages that run matches
// share: a Clock whose time moves only when the test says so, so that no
// test sleeps or depends on the machine's speed.
package matchtest

import (
	"sync"
	"time"

	"empires/server/match"
)

// Clock is a match.Clock whose time moves only by Advance. Its methods may
// be called from any goroutine.
type Clock struct {
	mu     sync.Mutex // guards the fields below and every timer's done
	now    time.Time
	timers []*timer
}

var _ match.Clock = (*Clock)(nil)

type timer struct {
	clock *Clock
	c     chan time.Time
	when  time.Time
	done  bool // fired or stopped
}

// NewClock returns a clock at 2026-01-02 15:04:05 UTC.
func NewClock() *Clock { return &Clock{now: time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// NewTimer returns a timer that fires once the clock has been advanced by
// d or more.
func (c *Clock) NewTimer(d time.Duration) match.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{clock: c, c: make(chan time.Time, 1), when: c.now.Add(d)}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the time on by d and fires the timers due: each sends the
// new time on its channel (buffered: Advance never waits for a reader).
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.timers[:0]
	for _, t := range c.timers {
		if !t.done && !t.when.After(c.now) {
			t.done = true
			t.c <- c.now
		}
		if !t.done {
			kept = append(kept, t)
		}
	}
	c.timers = kept
}

func (t *timer) C() <-chan time.Time { return t.c }

func (t *timer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}
