// Package skip is how a test steps aside where what it needs is missing
// (a tool, a privilege, a display, a network), and how CI keeps such a
// step from hiding a failure: under CI a skip fails the test unless its
// reason is one CI accepts.
//
// A test never calls t.Skip itself (TestNoBareSkips checks the module): it
// calls If or Now with a Reason. Outside CI they skip as t.Skip does. Under
// CI (the environment variable CI set to anything but "" or "false"; .ci/run
// sets it) they fail with the reason, unless the reason is accepted: by
// default Platform (the test means nothing on this operating system),
// Environment (the machine cannot give what the test needs, whatever is
// installed: a kernel that refuses network namespaces, no interface that
// sends multicast) and Input (a fuzz input outside what the target
// checks). A CI host may accept more by naming them, comma-separated, in
// EMPIRES_CI_SKIPS ("tool,root").
package skip

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Reason is why a test does not run here.
type Reason string

// The reasons a test may give.
const (
	// Short: the test is long and -short asked for the quick ones.
	Short Reason = "short"
	// Partial: the test needs another one that did not run (-run chose
	// part of a whole).
	Partial Reason = "partial"
	// Tool: a program the test runs is missing (scripts/deps.sh test
	// installs every one).
	Tool Reason = "tool"
	// Root: the test needs root.
	Root Reason = "root"
	// Display: the test draws and there is no X display (make test-client
	// runs them under Xvfb).
	Display Reason = "display"
	// Platform: the test means nothing on this operating system.
	Platform Reason = "platform"
	// Environment: the machine cannot give what the test needs, whatever
	// is installed (the kernel refuses namespaces, no interface sends
	// multicast).
	Environment Reason = "environment"
	// Input: a fuzz input outside the sizes the target checks.
	Input Reason = "input"
	// Data: a file outside the repository that the test reads is absent
	// (a rules table's document, looked up beside the clone).
	Data Reason = "data"
)

// InCI reports whether the tests run under CI: the variable CI is set to
// anything but "" or "false".
func InCI() bool {
	v := strings.TrimSpace(os.Getenv("CI"))
	return v != "" && !strings.EqualFold(v, "false") && v != "0"
}

// Accepted reports whether CI accepts a skip for r: one of the reasons
// accepted by default, or named in EMPIRES_CI_SKIPS.
func Accepted(r Reason) bool {
	switch r {
	case Platform, Environment, Input:
		return true
	}
	for _, s := range strings.Split(os.Getenv("EMPIRES_CI_SKIPS"), ",") {
		if Reason(strings.TrimSpace(s)) == r {
			return true
		}
	}
	return false
}

// Now skips t for reason r, saying why in format and args, or, under CI
// and for a reason CI does not accept, fails it with the same words.
func Now(t testing.TB, r Reason, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if InCI() && !Accepted(r) {
		t.Fatalf("would skip under CI (%s, a reason CI does not accept): %s", r, msg)
	}
	t.Skipf("%s (%s)", msg, r)
}

// If calls Now when cond holds.
func If(t testing.TB, cond bool, r Reason, format string, args ...any) {
	t.Helper()
	if cond {
		Now(t, r, format, args...)
	}
}
