package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	info := func(settings ...string) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			bi := &debug.BuildInfo{}
			for i := 0; i+1 < len(settings); i += 2 {
				bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
			}
			return bi, true
		}
	}
	none := func() (*debug.BuildInfo, bool) { return nil, false }
	const rev = "d61e546a0b1c2d3e4f5061728394a5b6c7d8e9f0"
	tests := []struct {
		name   string
		linked string
		read   func() (*debug.BuildInfo, bool)
		want   string
	}{
		{"the linked version wins", "v0.7.0-3-gd61e546", info("vcs.revision", rev), "v0.7.0-3-gd61e546"},
		{"the linked version trimmed", " v0.7.0\n", none, "v0.7.0"},
		{"the commit when nothing is linked", "", info("vcs.revision", rev, "vcs.modified", "false"), "d61e546a0b1c"},
		{"a modified tree", "", info("vcs.revision", rev, "vcs.modified", "true"), "d61e546a0b1c-dirty"},
		{"a short revision kept whole", "", info("vcs.revision", "abc123"), "abc123"},
		{"no revision", "", info("vcs.modified", "true"), Dev},
		{"no build information", "", none, Dev},
		{"a linked version with a space is refused", "v1 beta", none, Dev},
		{"a linked version too long is refused", strings.Repeat("v", 65), info("vcs.revision", rev), "d61e546a0b1c"},
		{"a control character is refused", "v1\x00", none, Dev},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if have := resolve(tt.linked, tt.read); have != tt.want {
				t.Errorf("have %q, want %q", have, tt.want)
			}
		})
	}
}

// TestVersionIsUsable checks the contract of Version in this test binary,
// whatever built it: never empty, short, no spaces.
func TestVersionIsUsable(t *testing.T) {
	v := Version()
	if v == "" || len(v) > maxLen || clean(v) != v {
		t.Errorf("Version() = %q: want 1 to %d printable characters without spaces", v, maxLen)
	}
}
