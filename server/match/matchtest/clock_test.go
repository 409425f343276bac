package matchtest

import (
	"testing"
	"time"
)

// TestClock: a timer fires once the clock has moved on by its duration or
// more, once, and never after Stop.
func TestClock(t *testing.T) {
	tests := []struct {
		name    string
		timer   time.Duration
		stop    bool
		advance []time.Duration
		want    []bool // fired after each advance
	}{
		{name: "due", timer: time.Minute, advance: []time.Duration{time.Minute}, want: []bool{true}},
		{name: "in two steps", timer: time.Minute, advance: []time.Duration{59 * time.Second, time.Second}, want: []bool{false, true}},
		{name: "past it", timer: time.Second, advance: []time.Duration{time.Hour, time.Hour}, want: []bool{true, false}},
		{name: "stopped", timer: time.Second, stop: true, advance: []time.Duration{time.Hour}, want: []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClock()
			start := c.Now()
			tm := c.NewTimer(tt.timer)
			if tt.stop && !tm.Stop() {
				t.Fatal("Stop of a timer armed: false, want true")
			}
			var moved time.Duration
			for i, d := range tt.advance {
				c.Advance(d)
				moved += d
				if have := c.Now().Sub(start); have != moved {
					t.Fatalf("the clock moved %v, want %v", have, moved)
				}
				select {
				case at := <-tm.C():
					if !tt.want[i] || !at.Equal(start.Add(moved)) {
						t.Fatalf("advance %d: fired at %v, want fired %v at %v", i, at, tt.want[i], start.Add(moved))
					}
				default:
					if tt.want[i] {
						t.Fatalf("advance %d: not fired, want fired", i)
					}
				}
			}
		})
	}
}
