package throttle

import (
	"fmt"
	"testing"
	"time"
)

// policy is the tests' Backoff: three free failures, then 1s, 2s, 4s, ...
// up to 10s; forgotten a minute after the last.
var policy = Backoff{Free: 3, First: time.Second, Max: 10 * time.Second, Forget: time.Minute}

func TestBackoff(t *testing.T) {
	type try struct {
		at   time.Duration // after t0
		wait time.Duration // Wait before the try
		fail time.Duration // Fail's result, if the try is made (wait 0)
	}
	tests := []struct {
		name  string
		tries []try
	}{
		{"free failures, then a doubling wait up to Max", []try{
			{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, time.Second},
			{0, time.Second, 0},
			{time.Second, 0, 2 * time.Second},
			{3 * time.Second, 0, 4 * time.Second},
			{5 * time.Second, 2 * time.Second, 0},
			{7 * time.Second, 0, 8 * time.Second},
			{15 * time.Second, 0, 10 * time.Second},
			{25 * time.Second, 0, 10 * time.Second},
		}},
		{"forgotten a minute after the last failure", []try{
			{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, time.Second},
			{time.Second, 0, 2 * time.Second},
			{time.Second + time.Minute - 1, 0, 4 * time.Second}, // not yet forgotten
			{time.Second + 2*time.Minute, 0, 0},                 // forgotten: the first again
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Strikes
			for i, tr := range tt.tries {
				if have := policy.Wait(s, at(tr.at)); have != tr.wait {
					t.Fatalf("try %d at %v: have wait %v, want %v", i+1, tr.at, have, tr.wait)
				}
				if tr.wait > 0 {
					continue
				}
				if have := policy.Fail(&s, at(tr.at)); have != tr.fail {
					t.Fatalf("try %d at %v fails: have wait %v after it, want %v", i+1, tr.at, have, tr.fail)
				}
			}
		})
	}
}

// TestBackoffNoMax: without Max the wait doubles on, and never
// overflows.
func TestBackoffNoMax(t *testing.T) {
	b := Backoff{First: time.Second}
	var s Strikes
	tests := []struct {
		have, want time.Duration
	}{
		{b.Fail(&s, t0), time.Second},
		{b.Fail(&s, t0), 2 * time.Second},
		{b.Fail(&s, t0), 4 * time.Second},
	}
	for i, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("failure %d: have %v, want %v", i+1, tt.have, tt.want)
		}
	}
	for range 100 {
		if w := b.Fail(&s, t0); w <= 0 {
			t.Fatalf("after %d failures: wait %v", b.Count(s, t0), w)
		}
	}
}

func TestTable(t *testing.T) {
	tab := NewTable(policy, 3)
	for range 4 {
		tab.Fail("192.0.2.1", t0)
	}
	tests := []struct {
		name       string
		have, want time.Duration
	}{
		{"the address that failed waits", tab.Wait("192.0.2.1", t0), time.Second},
		{"another does not", tab.Wait("192.0.2.2", t0), 0},
		{"and is counted on its own", tab.Fail("192.0.2.2", t0), 0},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %v, want %v", tt.name, tt.have, tt.want)
		}
	}
	if have := tab.Count("192.0.2.1", t0); have != 4 {
		t.Errorf("count: have %d, want 4", have)
	}
}

// TestTableBounded: a table never holds more than its size; a new key
// makes room by clearing forgotten keys first, then the oldest.
func TestTableBounded(t *testing.T) {
	tab := NewTable(policy, 4)
	for i := range 4 {
		for range 4 {
			tab.Fail(fmt.Sprintf("k%d", i), at(time.Duration(i)*time.Second))
		}
	}
	tab.Fail("new", at(5*time.Second))
	if tab.Len() != 4 || tab.Count("k0", at(5*time.Second)) != 0 || tab.Count("k1", at(5*time.Second)) != 4 {
		t.Fatalf("full table: %d keys, k0 %d, k1 %d; want 4, k0 gone (the oldest), k1 kept",
			tab.Len(), tab.Count("k0", at(5*time.Second)), tab.Count("k1", at(5*time.Second)))
	}
	later := at(time.Hour) // everything forgotten
	tab.Fail("newer", later)
	if tab.Len() != 1 {
		t.Fatalf("after every key was forgotten: %d keys, want the new one only", tab.Len())
	}
	for i := range 1000 {
		tab.Fail(fmt.Sprintf("flood%d", i), later)
	}
	if tab.Len() != 4 {
		t.Fatalf("after a flood of keys: %d keys, want 4", tab.Len())
	}
}
