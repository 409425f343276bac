package throttle

import (
	"testing"
	"time"
)

// t0 is the tests' time zero; no test reads a clock.
var t0 = time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)

// at returns the time d after t0.
func at(d time.Duration) time.Time { return t0.Add(d) }

// charge is one request made of a budget in a table test.
type charge struct {
	at   time.Duration // after t0
	cost int64
	want time.Duration // Charge's result
	left int64         // Left after it
}

func TestBudget(t *testing.T) {
	tests := []struct {
		name    string
		rate    Rate
		charges []charge
	}{
		{"full at first, then waits for what is missing", Rate{Burst: 100, Refill: 10, Per: time.Second}, []charge{
			{0, 60, 0, 40},
			{0, 60, 2 * time.Second, 40},       // 20 missing at 10 a second
			{time.Second, 60, time.Second, 50}, // 10 regained, 10 missing
			{2 * time.Second, 60, 0, 0},        // the wait was right
			{2*time.Second + 50*time.Millisecond, 1, 50 * time.Millisecond, 0}, // half a unit regained: none counted
			{2*time.Second + 100*time.Millisecond, 1, 0, 0},                    // and the half is kept
		}},
		{"never more than the burst", Rate{Burst: 100, Refill: 10, Per: time.Second}, []charge{
			{0, 100, 0, 0},
			{time.Hour, 0, 0, 100},
			{time.Hour, 101, Never, 100},
			{time.Hour, 100, 0, 0},
		}},
		{"a slow rate: one line every 2s", Rate{Burst: 3, Refill: 1, Per: 2 * time.Second}, []charge{
			{0, 1, 0, 2}, {0, 1, 0, 1}, {0, 1, 0, 0},
			{0, 1, 2 * time.Second, 0},
			{500 * time.Millisecond, 1, 1500 * time.Millisecond, 0},
			{2 * time.Second, 1, 0, 0},
			{7 * time.Second, 2, 0, 0}, // 2.5 regained: 2 counted, the half kept
			{8 * time.Second, 1, 0, 0}, // the half and another half
		}},
		{"a rate that does not divide a second", Rate{Burst: 10, Refill: 3, Per: time.Second}, []charge{
			{0, 10, 0, 0},
			{0, 1, 333333334, 0},
			{333333334, 1, 0, 0},
			{time.Second, 2, 0, 0},
			{time.Second, 1, 333333334, 0},
		}},
		{"time going back regains nothing", Rate{Burst: 10, Refill: 1, Per: time.Second}, []charge{
			{5 * time.Second, 10, 0, 0},
			{4 * time.Second, 1, 2 * time.Second, 0},
			{6 * time.Second, 1, 0, 0},
		}},
		{"no limit", Rate{}, []charge{
			{0, 1 << 40, 0, 1<<63 - 1},
			{0, 1 << 40, 0, 1<<63 - 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := NewBudget(tt.rate)
			for i, c := range tt.charges {
				if have := b.Charge(at(c.at), c.cost); have != c.want {
					t.Fatalf("charge %d (%d at %v): have wait %v, want %v", i+1, c.cost, c.at, have, c.want)
				}
				if have := b.Left(at(c.at)); have != c.left {
					t.Fatalf("charge %d (%d at %v): have %d left, want %d", i+1, c.cost, c.at, have, c.left)
				}
			}
		})
	}
}

// TestBudgetWaitIsEnough: whatever the rate and the times, a request
// refused with a wait passes when made again after that wait, and not a
// nanosecond before.
func TestBudgetWaitIsEnough(t *testing.T) {
	rates := []Rate{
		{Burst: 7, Refill: 3, Per: time.Second},
		{Burst: 1 << 21, Refill: 1 << 16, Per: time.Second},
		{Burst: 5, Refill: 1, Per: 1500 * time.Millisecond},
		{Burst: 1000, Refill: 999, Per: 7 * time.Nanosecond},
	}
	for _, r := range rates {
		b := NewBudget(r)
		now := t0
		for i := range 200 {
			cost := 1 + int64(i*7919)%r.Burst
			w := b.Charge(now, cost)
			if w == 0 {
				now = now.Add(time.Duration(i*104729) % r.Per)
				continue
			}
			probe := b
			if probe.Charge(now.Add(w-1), cost) == 0 {
				t.Fatalf("%v: %d refused with a wait of %v, granted 1ns earlier", r, cost, w)
			}
			now = now.Add(w)
			if have := b.Charge(now, cost); have != 0 {
				t.Fatalf("%v: %d refused with a wait of %v, still refused after it (wait %v)", r, cost, w, have)
			}
		}
	}
}

func TestMeter(t *testing.T) {
	type step struct {
		at   time.Duration
		cost int64
		want Verdict
		wait time.Duration
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"within the budget", []step{
			{0, 60, Granted, 0}, {0, 40, Granted, 0},
			{time.Second, 10, Granted, 0},
		}},
		{"refused, then granted after the wait", []step{
			{0, 90, Granted, 0},
			{0, 30, Refused, 2 * time.Second},
			{2 * time.Second, 30, Granted, 0},
		}},
		{"asking for twice the budget is exceeding it", []step{
			{0, 100, Granted, 0},
			{0, 60, Refused, 6 * time.Second},
			{0, 40, Refused, 4 * time.Second},
			{0, 1, Exceeded, 100 * time.Millisecond},
		}},
		{"refusals are forgiven as time passes", []step{
			{0, 100, Granted, 0},
			{0, 60, Refused, 6 * time.Second},
			{6 * time.Second, 60, Granted, 0},
			{6 * time.Second, 60, Refused, 6 * time.Second}, // 100 refused in all, but 60 forgiven
		}},
		{"a request over the burst is never granted", []step{
			{0, 101, Refused, Never},
			{time.Hour, 101, Refused, Never},
			{time.Hour, 101, Exceeded, Never},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMeter(Rate{Burst: 100, Refill: 10, Per: time.Second})
			for i, s := range tt.steps {
				v, w := m.Charge(at(s.at), s.cost)
				if v != s.want || w != s.wait {
					t.Fatalf("step %d (%d at %v): have %v with wait %v, want %v with wait %v", i+1, s.cost, s.at, v, w, s.want, s.wait)
				}
			}
		})
	}
}
