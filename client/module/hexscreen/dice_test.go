package hexscreen

import "testing"

// TestDieText: a battle report's die shows a dot per hit beside its
// number, so hits, misses and criticals differ in shape as well as in
// colour (item 6 of the accessibility issue: dark green and dark grey
// look alike to protanopes and deuteranopes).
func TestDieText(t *testing.T) {
	for _, tc := range []struct {
		label string
		hits  int32
		want  string
	}{
		{"2", 0, "2"},
		{"4", 1, "4●"},
		{"6", 2, "6●●"},
		{"3→4", 1, "3→4●"},
		{"1", -1, "1"},
	} {
		if have := dieText(tc.label, tc.hits); have != tc.want {
			t.Errorf("dieText(%q, %d) = %q, want %q", tc.label, tc.hits, have, tc.want)
		}
	}
}
