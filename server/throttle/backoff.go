package throttle

import (
	"cmp"
	"time"
)

// Backoff is a policy of growing waits after failures (wrong passwords,
// say): the first Free failures cost nothing; after failure Free+1 the next
// try must wait First, and each failure after that doubles the wait, up to
// Max. Failures are forgotten Forget after the last one. A Backoff whose
// First is not positive never makes anyone wait.
type Backoff struct {
	Free   int
	First  time.Duration
	Max    time.Duration
	Forget time.Duration
}

// Strikes are one party's failures under a Backoff. The zero Strikes has
// none.
type Strikes struct {
	n    int       // failures, not counting those forgotten
	last time.Time // of the last failure
}

// Count returns the failures counted at now: those not yet forgotten.
func (b Backoff) Count(s Strikes, now time.Time) int {
	if s.n > 0 && b.Forget > 0 && now.Sub(s.last) >= b.Forget {
		return 0
	}
	return s.n
}

// delay is the wait that follows n failures.
func (b Backoff) delay(n int) time.Duration {
	if b.First <= 0 || n <= b.Free {
		return 0
	}
	d := b.First
	for i := b.Free + 1; i < n; i++ {
		if b.Max > 0 && d >= b.Max || d > Never/2 {
			break
		}
		d *= 2
	}
	if b.Max > 0 {
		d = min(d, b.Max)
	}
	return d
}

// Wait returns how long after now the party with strikes s must wait
// before its next try, 0 if it may try now.
func (b Backoff) Wait(s Strikes, now time.Time) time.Duration {
	n := b.Count(s, now)
	if n == 0 {
		return 0
	}
	return max(0, s.last.Add(b.delay(n)).Sub(now))
}

// Fail records a failure at now in s and returns the wait it imposes on
// the next try.
func (b Backoff) Fail(s *Strikes, now time.Time) time.Duration {
	s.n = b.Count(*s, now) + 1
	s.last = now
	return b.delay(s.n)
}

// Table keeps Strikes by key (a remote address, say) under one Backoff,
// for at most Size keys: a new key that finds the table full first clears
// the keys whose failures are forgotten, then, if it must, the key whose
// last failure is the oldest. The zero Table is not usable: make one with
// NewTable.
type Table struct {
	policy Backoff
	size   int
	keys   map[string]*Strikes
}

// NewTable returns an empty table of policy for at most size keys (at
// least 1).
func NewTable(policy Backoff, size int) *Table {
	return &Table{policy: policy, size: max(1, size), keys: make(map[string]*Strikes)}
}

// Policy returns the table's Backoff.
func (t *Table) Policy() Backoff { return t.policy }

// Len returns the number of keys the table holds.
func (t *Table) Len() int { return len(t.keys) }

// Count returns key's failures counted at now.
func (t *Table) Count(key string, now time.Time) int {
	if s := t.keys[key]; s != nil {
		return t.policy.Count(*s, now)
	}
	return 0
}

// Wait returns how long after now key must wait before its next try.
func (t *Table) Wait(key string, now time.Time) time.Duration {
	if s := t.keys[key]; s != nil {
		return t.policy.Wait(*s, now)
	}
	return 0
}

// Fail records a failure of key at now and returns the wait it imposes
// on key's next try.
func (t *Table) Fail(key string, now time.Time) time.Duration {
	s := t.keys[key]
	if s == nil {
		t.makeRoom(now)
		s = &Strikes{}
		t.keys[key] = s
	}
	return t.policy.Fail(s, now)
}

// makeRoom makes room for one more key.
func (t *Table) makeRoom(now time.Time) {
	if len(t.keys) < t.size {
		return
	}
	for k, s := range t.keys {
		if t.policy.Count(*s, now) == 0 {
			delete(t.keys, k)
		}
	}
	if len(t.keys) < t.size {
		return
	}
	// The oldest last failure goes; ties by key, so the choice does not
	// depend on the map's order.
	var oldest string
	var at time.Time
	first := true
	for k, s := range t.keys {
		if c := s.last.Compare(at); first || c < 0 || c == 0 && cmp.Less(k, oldest) {
			oldest, at, first = k, s.last, false
		}
	}
	delete(t.keys, oldest)
}
