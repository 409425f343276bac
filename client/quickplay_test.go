package main

import (
	"strings"
	"testing"

	"empires/shared/registry"
)

// TestQuickPlay: -play starts a game of the ruleset asked for, on the
// map size asked for if it has a map; a card or territory game takes no
// size (the default 32x24 made the server refuse risk and generals, and
// the client wait at "Starting" for good).
func TestQuickPlay(t *testing.T) {
	rs, err := registry.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ruleset, size string
		wantW, wantH  int
		wantErr       string
	}{
		{"erfworld", "32x24", 32, 24, ""},
		{"empire", "40x30", 40, 30, ""},
		{"risk", "32x24", 0, 0, ""},
		{"generals", "32x24", 0, 0, ""},
		{"duel", "32x24", 0, 0, ""},
		{"erfworld", "32by24", 0, 0, "-size"},
	} {
		r, ok := rs.Get(tc.ruleset)
		if !ok {
			t.Fatalf("no ruleset %s", tc.ruleset)
		}
		have, err := quickPlay(r.Info(), tc.size, 7)
		switch {
		case tc.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s %s: error %v, want one naming %s", tc.ruleset, tc.size, err, tc.wantErr)
			}
		case err != nil:
			t.Errorf("%s %s: %v", tc.ruleset, tc.size, err)
		case have.Ruleset != tc.ruleset || have.Width != tc.wantW || have.Height != tc.wantH || have.Bots != 3:
			t.Errorf("%s %s: %+v, want the ruleset on %dx%d with 3 bots", tc.ruleset, tc.size, have, tc.wantW, tc.wantH)
		}
	}
}
