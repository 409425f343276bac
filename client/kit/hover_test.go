package kit

import "testing"

// TestHover: the tooltip shows once the pointer has rested on one thing
// for more than Delay frames, and waits again when it moves to another
// thing or off the map; the frame it first shows is told apart.
func TestHover(t *testing.T) {
	type set struct {
		at int
		on bool
	}
	tests := []struct {
		name string
		// have are the frames: what the pointer is on in each.
		have []set
		// wantChanged is what the last Set reports; wantRested and
		// wantJust what Rested and JustRested report after it.
		wantChanged, wantRested, wantJust bool
	}{
		{"nothing", []set{{0, false}}, false, false, false},
		{"the first frame on a cell", []set{{7, true}}, true, false, false},
		{"Delay frames on it", []set{{7, true}, {7, true}, {7, true}}, false, false, false},
		{"Delay+1 frames on it: it shows", []set{{7, true}, {7, true}, {7, true}, {7, true}}, false, true, true},
		{"and goes on showing", []set{{7, true}, {7, true}, {7, true}, {7, true}, {7, true}}, false, true, false},
		{"another cell: it waits again", []set{{7, true}, {7, true}, {7, true}, {7, true}, {8, true}}, true, false, false},
		{"off the map: nothing shows", []set{{7, true}, {7, true}, {7, true}, {7, true}, {7, false}}, true, false, false},
		{"off the map for long: nothing shows", []set{{7, false}, {7, false}, {7, false}, {7, false}, {7, false}}, false, false, false},
		{"the zero thing is a thing while on", []set{{0, false}, {0, true}}, true, false, false},
	}
	for _, tt := range tests {
		h := Hover[int]{Delay: 2}
		var changed bool
		for _, s := range tt.have {
			h.Tick()
			changed = h.Set(s.at, s.on)
		}
		if changed != tt.wantChanged || h.Rested() != tt.wantRested || h.JustRested() != tt.wantJust {
			t.Errorf("%s: changed %v, Rested %v, JustRested %v; want %v, %v, %v",
				tt.name, changed, h.Rested(), h.JustRested(), tt.wantChanged, tt.wantRested, tt.wantJust)
		}
		last := tt.have[len(tt.have)-1]
		if h.On != last.on || (last.on && h.At != last.at) || (!last.on && h.At != 0) {
			t.Errorf("%s: on %v at %v after the last frame; want on %v at %v", tt.name, h.On, h.At, last.on, last.at)
		}
	}
}
