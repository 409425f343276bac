package main

import (
	"context"
	"strings"
	"testing"

	"empires/shared/buildinfo/buildinfotest"
)

func TestVersionFlag(t *testing.T) {
	buildinfotest.CheckVersionFlag(t, func(args []string, out *strings.Builder) error {
		return run(context.Background(), args, out)
	})
}
