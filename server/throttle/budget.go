// Package throttle keeps the accounts of what clients cost a server and
// says when they must wait: a Budget of units refilled over time and
// charged per request, a Meter that also tells a client that keeps asking
// past its budget, and a Backoff that makes each failure past the first
// few cost a longer wait.
//
// Nothing here reads a clock: every call is given the time, so a server
// passes its clock's and tests pass a fake one, and every result is exact
// (integer units, whole nanoseconds). Nothing here is safe for concurrent
// use: its owner guards it.
package throttle

import (
	"fmt"
	"math"
	"math/bits"
	"time"
)

// Never is the wait for what can never be granted: a cost over a budget's
// Burst.
const Never = time.Duration(math.MaxInt64)

// Rate is the shape of a budget: it holds at most Burst units and regains
// Refill units every Per. A Rate whose fields are not all positive is no
// limit.
type Rate struct {
	Burst  int64
	Refill int64
	Per    time.Duration
}

// Limited reports whether r limits anything.
func (r Rate) Limited() bool { return r.Burst > 0 && r.Refill > 0 && r.Per > 0 }

// String describes r for people, e.g. "1048576 at once and 65536 more
// every 1s"; "no limit" for a Rate that is none.
func (r Rate) String() string {
	if !r.Limited() {
		return "no limit"
	}
	return fmt.Sprintf("%d at once and %d more every %s", r.Burst, r.Refill, r.Per)
}

// Budget is a token bucket of integer units: it starts full, holds at most
// its Rate's Burst, regains Refill units every Per, and a request takes
// its cost from it, all or nothing. The zero Budget is no limit.
type Budget struct {
	rate   Rate
	tokens int64
	// frac/Per is the part of a unit regained by last and not yet
	// counted in tokens: 0 <= frac < Per.
	frac int64
	last time.Time
}

// NewBudget returns a full budget of rate r.
func NewBudget(r Rate) Budget {
	return Budget{rate: r, tokens: r.Burst}
}

// Rate returns the budget's rate.
func (b *Budget) Rate() Rate { return b.rate }

// Left returns the units b holds at now.
func (b *Budget) Left(now time.Time) int64 {
	if !b.rate.Limited() {
		return math.MaxInt64
	}
	b.refill(now)
	return b.tokens
}

// Wait returns how long after now b will hold cost units: 0 if it holds
// them now, Never if cost is over the Burst. It takes nothing.
func (b *Budget) Wait(now time.Time, cost int64) time.Duration {
	if !b.rate.Limited() || cost <= 0 {
		return 0
	}
	if cost > b.rate.Burst {
		return Never
	}
	b.refill(now)
	if b.tokens >= cost {
		return 0
	}
	// The units missing, less the part regained already, come in at
	// Refill per Per.
	r := b.rate
	need := mulDivCeil(uint64(cost-b.tokens), uint64(r.Per), 1) - uint64(b.frac)
	w := time.Duration(mulDivCeil(need, 1, uint64(r.Refill)))
	if now.Before(b.last) { // the time went back: it must come to last first
		w += b.last.Sub(now)
	}
	return w
}

// Charge takes cost units from b at now if it holds them, and returns 0;
// otherwise it takes nothing and returns Wait(now, cost). A cost of 0 or
// less always passes.
func (b *Budget) Charge(now time.Time, cost int64) time.Duration {
	if w := b.Wait(now, cost); w > 0 {
		return w
	}
	if b.rate.Limited() && cost > 0 {
		b.tokens -= cost
	}
	return 0
}

// refill adds what b regained from last to now. Time that goes backwards
// regains nothing.
func (b *Budget) refill(now time.Time) {
	r := b.rate
	switch {
	case b.last.IsZero() || b.tokens >= r.Burst:
		b.frac, b.last = 0, now
		return
	case !now.After(b.last):
		return
	}
	// Regained: (elapsed*Refill + frac)/Per units, unless that fills b.
	elapsed := uint64(now.Sub(b.last))
	full := mulDivCeil(uint64(r.Burst-b.tokens), uint64(r.Per), uint64(r.Refill))
	if elapsed >= full {
		b.tokens, b.frac, b.last = r.Burst, 0, now
		return
	}
	hi, lo := bits.Mul64(elapsed, uint64(r.Refill))
	lo, carry := bits.Add64(lo, uint64(b.frac), 0)
	gained, frac := bits.Div64(hi+carry, lo, uint64(r.Per)) // elapsed < full: no overflow
	b.tokens += int64(gained)
	b.frac, b.last = int64(frac), now
}

// mulDivCeil returns a*b/c rounded up, computed without overflow, at
// most math.MaxInt64; c > 0.
func mulDivCeil(a, b, c uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi >= c {
		return math.MaxInt64
	}
	q, rem := bits.Div64(hi, lo, c)
	if rem != 0 {
		q++
	}
	return min(q, math.MaxInt64)
}

// Verdict is what a Meter decides about a request.
type Verdict uint8

// The verdicts.
const (
	// Granted: the budget paid for the request; go on.
	Granted Verdict = iota + 1
	// Refused: over the budget; answer the request with the wait.
	Refused
	// Exceeded: refused, and the client has been refused so much that it
	// asked for twice what its budget allows: drop it.
	Exceeded
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case Granted:
		return "granted"
	case Refused:
		return "refused"
	case Exceeded:
		return "exceeded"
	}
	return fmt.Sprintf("verdict %d", v)
}

// Meter is a Budget for what a client asks, and a second budget of the
// same Rate for what it is refused: each refused request takes its cost
// (at most a Burst) from the second, and a client that asks for more
// than that one holds, at least twice what the rate allows, is Exceeded.
// The zero Meter is no limit.
type Meter struct {
	used, refused Budget
}

// NewMeter returns a meter of rate r, both budgets full.
func NewMeter(r Rate) Meter {
	return Meter{used: NewBudget(r), refused: NewBudget(r)}
}

// Rate returns the meter's rate.
func (m *Meter) Rate() Rate { return m.used.rate }

// Left returns the units the meter's budget holds at now.
func (m *Meter) Left(now time.Time) int64 { return m.used.Left(now) }

// Charge charges a request of cost at now: Granted (with no wait) if the
// budget pays for it, else Refused with how long to wait before it could
// (Never for a cost over the Burst), or Exceeded.
func (m *Meter) Charge(now time.Time, cost int64) (Verdict, time.Duration) {
	w := m.used.Charge(now, cost)
	if w == 0 {
		return Granted, 0
	}
	if m.refused.Charge(now, min(cost, m.refused.rate.Burst)) != 0 {
		return Exceeded, w
	}
	return Refused, w
}
