package kit

import "testing"

// TestLogLink: a log line's link reads back as its kind and index;
// anything else the shell could hand back is refused.
func TestLogLink(t *testing.T) {
	kinds := []string{"battle", "cell"}
	tests := []struct {
		have     string
		wantKind string
		wantI    int
		wantOK   bool
	}{
		{LogLink("battle", 0), "battle", 0, true},
		{LogLink("battle", 12), "battle", 12, true},
		{LogLink("cell", 7), "cell", 7, true},
		{"hex3", "", 0, false},
		{"battle", "", 0, false},
		{"battle-1", "", 0, false},
		{"battle+1", "", 0, false},
		{"battle12x", "", 0, false},
		{"cell99999999999999999999", "", 0, false},
		{"", "", 0, false},
	}
	for _, tt := range tests {
		kind, i, ok := ParseLogLink(tt.have, kinds...)
		if kind != tt.wantKind || i != tt.wantI || ok != tt.wantOK {
			t.Errorf("ParseLogLink(%q) = %q, %d, %v; want %q, %d, %v", tt.have, kind, i, ok, tt.wantKind, tt.wantI, tt.wantOK)
		}
	}
}
