package main

import (
	"strings"
	"testing"

	"empires/shared/buildinfo/buildinfotest"
)

func TestVersionFlag(t *testing.T) {
	buildinfotest.CheckVersionFlag(t, func(args []string, out *strings.Builder) error {
		return run(args, out)
	})
}
