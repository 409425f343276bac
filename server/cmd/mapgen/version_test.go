package main

import (
	"strings"
	"testing"

	"empires/shared/buildinfo"
)

func TestVersionFlag(t *testing.T) {
	var out strings.Builder
	if err := run([]string{"-version"}, &out); err != nil {
		t.Fatalf("-version failed: %q", out.String())
	}
	if have, want := out.String(), buildinfo.Version()+"\n"; have != want {
		t.Errorf("-version printed %q, want %q", have, want)
	}
}
