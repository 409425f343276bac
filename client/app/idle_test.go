package app

import (
	"testing"

	"empires/client/prefs"
)

// TestIdleMenuNotRedrawn: a menu left alone is drawn about once a second,
// not every frame (drawn every frame in software it cost most of a core of
// a player's machine); a change (input, the network, a new screen) is drawn
// at once and then every frame for a second, for what follows it by itself
// (a tooltip 0.8 s after the pointer rests, a button springing back).
func TestIdleMenuNotRedrawn(t *testing.T) {
	a := newTestApp(t, "Ann", prefs.Default(), "")
	// frames runs n frames of the policy, a change on the first if
	// changed, and counts those it draws.
	frames := func(n int, changed bool) (drawn int) {
		for i := range n {
			a.frame++
			if a.wantsDraw(changed && i == 0) {
				drawn++
			}
		}
		return drawn
	}
	frames(1, true) // the main menu shown
	tests := []struct {
		name     string
		frames   int
		change   func()
		min, max int
	}{
		{"the second after the menu was shown", 59, nil, 14, 16},
		{"the idle main menu, 4 s", 240, nil, 3, 5},
		{"a change (the pointer moved) and the second after it", 60, func() {}, 15, 17},
		{"idle again, 2 s", 120, nil, 1, 3},
		{"Settings opened and the second after it", 60, a.showSettings, 15, 17},
		{"idle again, 2 s", 120, nil, 1, 3},
	}
	for _, tt := range tests {
		if tt.change != nil {
			tt.change()
		}
		if have := frames(tt.frames, tt.change != nil); have < tt.min || have > tt.max {
			t.Errorf("%s: drawn %d times in %d frames, want %d to %d", tt.name, have, tt.frames, tt.min, tt.max)
		}
	}
}
