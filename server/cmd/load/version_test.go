package main

import (
	"context"
	"strings"
	"testing"

	"empires/shared/buildinfo"
)

func TestVersionFlag(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"-version"}, &out); err != nil {
		t.Fatalf("-version failed: %q", out.String())
	}
	if have, want := out.String(), buildinfo.Version()+"\n"; have != want {
		t.Errorf("-version printed %q, want %q", have, want)
	}
}
