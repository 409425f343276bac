// Package buildinfo tells which build of Empires is running: the version
// every binary prints for -version, shows or logs, and sends its peer.
//
// A release build sets it at link time from the git tag or commit:
//
//	go build -ldflags "-X empires/shared/buildinfo.version=$(git describe --tags --always --dirty)" ./server
//
// which scripts/dist (make dist) and the Makefile's run and server targets
// do.
package buildinfo

import (
	"flag"
	"runtime/debug"
	"strings"
)

// version is set by the linker (-X); empty in a plain go build or go run.
var version string

// Dev is the version of a build that knows neither a version set at link
// time nor the commit it was built from.
const Dev = "dev"

// maxLen bounds the length of a version: it travels in Hello and Welcome.
const maxLen = 64

// Version returns the build's version: the one set at link time, else the
// commit that go build recorded (its first 12 hex digits, with "-dirty"
// when the tree had changes), else Dev. It is never empty, at most 64
// bytes, and printable ASCII without spaces.
func Version() string {
	return resolve(version, debug.ReadBuildInfo)
}

// resolve is Version with the link-time version linked and the build
// information that read returns.
func resolve(linked string, read func() (*debug.BuildInfo, bool)) string {
	if v := clean(linked); v != "" {
		return v
	}
	info, ok := read()
	if !ok {
		return Dev
	}
	var rev string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	rev = clean(rev)
	if rev == "" {
		return Dev
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}

// clean returns v trimmed, or "" when it is too long or holds a character
// other than printable ASCII without spaces: such a version was not made
// by git describe, and is not shown.
func clean(v string) string {
	v = strings.TrimSpace(v)
	if len(v) > maxLen {
		return ""
	}
	for i := 0; i < len(v); i++ {
		if v[i] <= ' ' || v[i] > '~' {
			return ""
		}
	}
	return v
}

// VersionFlag defines the flag -version on fs, which asks a command to
// print Version on its own line to stdout and exit 0.
// CHOICE: the version alone, no program name: scripts compare it as it is.
func VersionFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("version", false, "print the version and exit")
}
