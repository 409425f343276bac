package match

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"empires/shared/ruleset"
)

// Update is one message of a match to a subscriber. Exactly one of Full and
// Delta is set when the subscriber's view changes (Full on subscribing and
// on RequestFull, Delta after each step); a clock update (readiness
// changed) has neither. Full, Delta and Events are the ruleset's bytes.
//
// An Update is shared: the same Full, Delta, Events and Clock go to every
// subscriber of a seat. Treat everything it points to as read-only.
type Update struct {
	// Full is the subscriber's whole view (ruleset.View.Encode).
	Full []byte
	// Delta turns the subscriber's previous view into the new one
	// (ruleset.View.Apply).
	Delta []byte
	// Checksum is the View.Checksum of the subscriber's view after this
	// update: a client whose view has another checksum asks for a Full
	// view again (Subscription.RequestFull).
	Checksum uint64
	// Events are what the subscriber may know of the step just played
	// (ruleset.Outcome.Events), with a Delta only.
	Events []byte
	// Clock is the turn clock, in every update.
	Clock *ClockInfo
	// Over and Winner tell whether the game has ended, and who won (0:
	// nobody, or not over).
	Over   bool
	Winner ruleset.Seat
	// Missed are, with the Full view of a seat's player who comes back
	// (its only subscription), what it may know of the steps played
	// while the seat had no subscription, oldest first (at most
	// KeepAway): the Events their Deltas would have carried.
	Missed []MissedStep
}

// MissedStep is one step of Update.Missed: its turn and the events the
// seat's player saw in it (ruleset.Outcome.Events).
type MissedStep struct {
	Turn   ruleset.Turn
	Events []byte
}

// ClockInfo is the turn clock: the turn being played, its deadline, the
// human seats ready to end it, and the step.
type ClockInfo struct {
	Turn ruleset.Turn
	// Deadline is when the step's time runs out (the host's turn timer
	// or the step's own limit, see the package doc); zero when the step
	// has no deadline or the game is over.
	Deadline time.Time
	// Ready lists the human seats that are ready, in seat order.
	Ready []ruleset.Seat
	// Step is the step being played: its mode, number, actors, phase and
	// (in a concurrent step) Since.
	Step ruleset.Step
}

// Subscription is one subscriber's stream of updates from a match: a
// player's seat, or a spectator (seat 0). Updates arrive on a bounded
// channel; a subscriber that does not keep up is dropped (the channel is
// closed, Err says why) so it never stalls the match.
type Subscription struct {
	seat ruleset.Seat
	m    *Match
	ch   chan Update
	// closed is set by Close; the loop then closes ch.
	closed atomic.Bool
	// live is true while the match delivers to the subscription; only
	// the match's loop reads or writes it.
	live bool

	mu  sync.Mutex
	err error // why ch was closed (nil while open); guarded by mu
}

// Seat returns the subscription's seat (0 for a spectator).
func (s *Subscription) Seat() ruleset.Seat { return s.seat }

// Updates returns the channel the updates arrive on. The match closes it
// when the subscription ends (Close, a subscriber too slow, the match
// stopping); Err then says why.
func (s *Subscription) Updates() <-chan Update { return s.ch }

// Err returns why the subscription ended: ErrUnsubscribed after Close,
// ErrSlow for a subscriber that fell behind, ErrStopped when the match
// stopped; nil while it goes on.
func (s *Subscription) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// setErr records why the subscription ended, keeping the first reason.
func (s *Subscription) setErr(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// Close ends the subscription. It never blocks: it marks the subscription
// closed and wakes the match, which closes the Updates channel soon after
// (a reader ranging over it stops). Updates already queued may still be
// read. Close may be called more than once, and from any goroutine.
func (s *Subscription) Close() {
	if s.closed.Swap(true) {
		return
	}
	s.setErr(ErrUnsubscribed)
	select {
	case s.m.wake <- struct{}{}:
	default: // a wake-up is pending already; its sweep will see closed
	}
}

// RequestFull makes the match send this subscriber its whole view again,
// as the next update (after a checksum mismatch, say). It fails if the
// subscription has ended.
func (s *Subscription) RequestFull(ctx context.Context) error {
	var err error
	if e := s.m.do(ctx, func() {
		if !s.live {
			err = s.Err()
			if err == nil {
				err = ErrUnsubscribed
			}
			return
		}
		s.m.sendFull(s)
		if !s.live {
			err = s.Err()
		}
	}); e != nil {
		return e
	}
	return err
}
