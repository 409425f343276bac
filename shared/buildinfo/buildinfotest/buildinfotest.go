// Package buildinfotest checks a command's -version flag.
package buildinfotest

import (
	"strings"
	"testing"

	"empires/shared/buildinfo"
)

// CheckVersionFlag runs a command with -version through run, which gets
// the command's standard output, and fails t unless it succeeded and
// printed buildinfo.Version and a newline, nothing else.
func CheckVersionFlag(t *testing.T, run func(args []string, stdout *strings.Builder) error) {
	t.Helper()
	var out strings.Builder
	if err := run([]string{"-version"}, &out); err != nil {
		t.Fatalf("-version failed: %v (printed %q)", err, out.String())
	}
	if have, want := out.String(), buildinfo.Version()+"\n"; have != want {
		t.Errorf("-version printed %q, want %q", have, want)
	}
}
