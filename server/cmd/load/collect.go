package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/protocol"
)

// turnTimes are the times of one turn of one game.
type turnTimes struct {
	lastReady time.Time   // the last SetReady of the turn, zero if none
	updates   []time.Time // each TurnUpdate resolving it, as it arrived
}

// collector gathers the turn times of one game's clients: when each said
// it was ready for a turn, when each got the turn's TurnUpdate. Its
// methods may be called from any goroutine.
type collector struct {
	mu     sync.Mutex
	turns  map[game.Turn]*turnTimes
	latest game.Turn // the latest turn a TurnUpdate resolved

	// Since the last take: the delays of the turns done with, when each
	// turn resolved (its first TurnUpdate), and the updates that came
	// before the turn's last SetReady.
	delays   []time.Duration
	resolved []time.Time
	late     int

	// The actions of interactive steps, by step: when each was sent, its
	// answer, the other clients' TurnUpdates playing it; the latest step
	// a TurnUpdate played; and since the last takeActs, the delays from
	// an action to its answer (answered) and to the others' TurnUpdates
	// (seen).
	acts             map[uint32]*actTimes
	latestStep       uint32
	answered, others []time.Duration
}

// actTimes are the times of the action of one interactive step.
type actTimes struct {
	actor  int       // the client's seat that sent it
	sent   time.Time // zero until noted
	answer time.Time // its ActResult; zero if none came
	seen   []time.Time
	seenBy []int // the seat of each of seen
}

func newCollector() *collector {
	return &collector{turns: make(map[game.Turn]*turnTimes), acts: make(map[uint32]*actTimes)}
}

// act returns step seq's action times, adding them if new. c.mu is held.
func (c *collector) act(seq uint32) *actTimes {
	a := c.acts[seq]
	if a == nil {
		a = &actTimes{}
		c.acts[seq] = a
	}
	return a
}

// acted notes that the client at seat sent its action for step seq at
// time at (a bot.Hooks Acted).
func (c *collector) acted(seat int, seq uint32, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.act(seq)
	a.actor, a.sent = seat, at
}

// actResult notes that the answer to the action for step seq came at
// time at (a bot.Hooks ActResult).
func (c *collector) actResult(seq uint32, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a := c.act(seq); a.answer.IsZero() {
		a.answer = at
	}
}

// stepped notes that the client at seat got the TurnUpdate playing step
// seq at time at (a bot.Hooks Stepped).
func (c *collector) stepped(seat int, seq uint32, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.act(seq)
	a.seen, a.seenBy = append(a.seen, at), append(a.seenBy, seat)
	c.latestStep = max(c.latestStep, seq)
}

// takeActs returns the delays from an action to its ActResult, and to
// each other client's TurnUpdate playing its step, of the steps done with
// since the last takeActs (as take says), and forgets them. Steps no
// action was sent for (simultaneous ones) give none.
func (c *collector) takeActs(all bool) (answered, others []time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle(all)
	answered, others = c.answered, c.others
	c.answered, c.others = nil, nil
	return answered, others
}

// turn returns turn t's times, adding them if new. c.mu is held.
func (c *collector) turn(t game.Turn) *turnTimes {
	tt := c.turns[t]
	if tt == nil {
		tt = &turnTimes{}
		c.turns[t] = tt
	}
	return tt
}

// ready notes that a client said it was ready for turn t at time at (a
// bot.Hooks Ready).
func (c *collector) ready(t protocol.Turn, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if tt := c.turn(game.Turn(t)); at.After(tt.lastReady) {
		tt.lastReady = at
	}
}

// update notes that a client got the TurnUpdate resolving turn t at time
// at (a bot.Hooks Update).
func (c *collector) update(t protocol.Turn, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	tt := c.turn(game.Turn(t))
	if len(tt.updates) == 0 {
		c.resolved = append(c.resolved, at)
	}
	tt.updates = append(tt.updates, at)
	c.latest = max(c.latest, game.Turn(t))
}

// take returns the delays from a turn's last SetReady to each of its
// TurnUpdates for the turns done with, when turns resolved (their first
// TurnUpdate came), and the updates that came before the turn's last
// SetReady (counted as no delay), each since the last take, and forgets
// them. A turn is done with once a later one has resolved or a new game
// began (newGame), or, if all, at once.
func (c *collector) take(all bool) (delays []time.Duration, resolved []time.Time, late int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle(all)
	delays, resolved, late = c.delays, c.resolved, c.late
	c.delays, c.resolved, c.late = nil, nil, 0
	return delays, resolved, late
}

// newGame notes that the game's clients begin a new game, its turns
// counted from 1 again: the turns so far are done with.
func (c *collector) newGame() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle(true)
	c.latest, c.latestStep = 0, 0
}

// settle turns the times of the turns done with (all of them, if all)
// into delays. c.mu is held.
func (c *collector) settle(all bool) {
	for t, tt := range c.turns {
		if !all && t >= c.latest {
			continue
		}
		if !tt.lastReady.IsZero() {
			for _, u := range tt.updates {
				d := u.Sub(tt.lastReady)
				if d < 0 {
					d = 0
					c.late++
				}
				c.delays = append(c.delays, d)
			}
		}
		delete(c.turns, t)
	}
	for seq, a := range c.acts {
		if !all && seq >= c.latestStep {
			continue
		}
		if !a.sent.IsZero() {
			if !a.answer.IsZero() {
				c.answered = append(c.answered, max(a.answer.Sub(a.sent), 0))
			}
			for i, at := range a.seen {
				if a.seenBy[i] != a.actor {
					c.others = append(c.others, max(at.Sub(a.sent), 0))
				}
			}
		}
		delete(c.acts, seq)
	}
}

// percentile returns the p-th percentile (0 < p <= 1, nearest rank) of the
// sorted durations ds, 0 if there are none.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	i := int(float64(len(ds))*p+0.999999) - 1
	return ds[min(max(i, 0), len(ds)-1)]
}

// sortedCopy returns ds sorted, leaving ds as is.
func sortedCopy(ds []time.Duration) []time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s
}

// gauge counts the clients seated, keeps its peak, notes when it first
// was full and what it was when a client first left for good. Its
// methods may be called from any goroutine.
type gauge struct {
	full int // the count that is full

	mu        sync.Mutex
	now, peak int
	fullAt    time.Time
	left      bool      // a client left for good
	atLeave   int       // the count just before
	leftAt    time.Time // when
}

// join counts a client seated.
func (g *gauge) join() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.now++
	g.peak = max(g.peak, g.now)
	if g.now == g.full && g.fullAt.IsZero() {
		g.fullAt = time.Now()
	}
}

// leave counts a client gone: for good, or to take a seat in a new game.
func (g *gauge) leave(forGood bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if forGood && !g.left {
		g.left, g.atLeave, g.leftAt = true, g.now, time.Now()
	}
	g.now--
}

// get returns the count, its peak, and when it first was full (zero if
// never).
func (g *gauge) get() (now, peak int, fullAt time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.now, g.peak, g.fullAt
}

// end returns the count just before a client first left for good and
// when it did, or the count now and a zero time if none did.
func (g *gauge) end() (int, time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.left {
		return g.atLeave, g.leftAt
	}
	return g.now, time.Time{}
}

// dials gathers how the clients' connections were set up (bot's
// Hooks.Dialed): the attempts, and the time from the first attempt to
// the Welcome. Its methods may be called from any goroutine.
type dials struct {
	mu       sync.Mutex
	welcomed []time.Duration // each dial that got its Welcome: the time it took
	again    int             // dials that got it after more than one attempt
	attempts int             // attempts made, in all
	failed   int             // dials that got no Welcome
	failures []string        // the first few failures
	// why counts the attempts that failed and were tried again, by what
	// failed (attemptKind).
	why map[string]int
}

// retried notes an attempt that failed with err and was tried again.
func (d *dials) retried(_ int, err error, _ time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.why == nil {
		d.why = make(map[string]int)
	}
	d.why[attemptKind(err)]++
}

// attemptKind names what made an attempt to connect fail: a refusal with
// its HTTP status, no Welcome in time, or else the error itself.
func attemptKind(err error) string {
	var re *conn.RefusedError
	var pe *protocol.ProtocolError
	switch {
	case errors.As(err, &re):
		return fmt.Sprintf("refused (HTTP %d)", re.Status)
	case errors.As(err, &pe):
		return "refused (" + pe.Code.String() + ")"
	case errors.Is(err, context.DeadlineExceeded):
		return "no Welcome in time"
	}
	return err.Error()
}

// dialed notes one dial.
func (d *dials) dialed(attempts int, took time.Duration, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.attempts += attempts
	if err != nil {
		d.failed++
		if len(d.failures) < maxFailures {
			d.failures = append(d.failures, err.Error())
		}
		return
	}
	d.welcomed = append(d.welcomed, took)
	if attempts > 1 {
		d.again++
	}
}

// report returns what the dials were, for the Report.
func (d *dials) report() Hellos {
	d.mu.Lock()
	defer d.mu.Unlock()
	return Hellos{Welcomed: len(d.welcomed), Retried: d.again, Attempts: d.attempts, Failed: d.failed,
		Failures: slices.Clone(d.failures), Time: summarize(d.welcomed), Why: maps.Clone(d.why)}
}
