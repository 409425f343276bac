package main

import (
	"fmt"
	"strings"
	"testing"

	"empires/shared/buildinfo/buildinfotest"
)

func TestVersionFlag(t *testing.T) {
	buildinfotest.CheckVersionFlag(t, func(args []string, out *strings.Builder) error {
		if code := realMain(args, out, out); code != 0 {
			return fmt.Errorf("exit code %d", code)
		}
		return nil
	})
}
