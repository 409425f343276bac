package app

import "testing"

// TestShortList: the top bar names at most four players of a list, "you"
// first, and says how many more there are: a table of 20 stays a line.
func TestShortList(t *testing.T) {
	tests := []struct {
		have []string
		want string
	}{
		{[]string{"Anna"}, "Anna"},
		{[]string{"Anna", "you", "Bob"}, "you, Anna, Bob"},
		{[]string{"Anna", "Bob", "Cleo", "Dan"}, "Anna, Bob, Cleo, Dan"},
		{[]string{"Anna", "Bob", "Cleo", "Dan", "Eve"}, "Anna, Bob, Cleo, Dan and 1 more"},
		{[]string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13", "P14", "P15", "P16", "P17", "P18", "P19", "you"},
			"you, P1, P2, P3 and 16 more"},
	}
	for _, tt := range tests {
		names := append([]string(nil), tt.have...)
		if have := shortList(tt.have); have != tt.want {
			t.Errorf("shortList(%q) = %q, want %q", tt.have, have, tt.want)
		}
		for i := range names {
			if names[i] != tt.have[i] {
				t.Errorf("shortList changed its argument: %q, was %q", tt.have, names)
			}
		}
	}
}
