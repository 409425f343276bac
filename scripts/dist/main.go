// Command dist builds the release archives of Empires: for each target
// (OS/arch) an archive for players (the desktop client) and one for hosts
// (the dedicated server and its tools), each with its guide and the
// licence texts of the Go modules linked in, and a SHA256SUMS file of the
// archives. make dist runs it:
//
//	go run ./scripts/dist -version "$(git describe --tags --always --dirty)" -out dist
//
// Every binary is built with CGO_ENABLED=0 and -trimpath, its version set
// with -ldflags -X (package buildinfo). With -compile-only it only
// compiles the targets' binaries, writing nothing: what CI does for the
// targets it cannot run.
//
// CHOICE: a Go program rather than a shell script: the archives, the
// licence collection and the checksums need no zip, sha256sum or GNU tar
// on the machine that makes the release, and the same sources give the
// same archives on any of them.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		if errors.Is(err, errUsage) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// errUsage marks an error in the command line.
var errUsage = errors.New("usage")

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("dist", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Builds the release archives of Empires into -out.

Usage: go run ./scripts/dist [flags]

Flags:
`)
		fs.PrintDefaults()
	}
	version := fs.String("version", "", "the `version` the binaries report (default: git describe --tags --always --dirty)")
	out := fs.String("out", "dist", "the `directory` the archives and SHA256SUMS go to; emptied first")
	targets := fs.String("targets", strings.Join(DefaultTargets, ","), "the `targets` to build, OS/arch, comma-separated")
	compileOnly := fs.Bool("compile-only", false, "only compile the binaries of every target, writing nothing")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	ts, err := ParseTargets(*targets)
	if err != nil {
		return fmt.Errorf("%w: -targets: %v", errUsage, err)
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	if *compileOnly {
		for _, t := range ts {
			fmt.Fprintf(stdout, "compiling %s\n", t)
			if err := Compile(root, t); err != nil {
				return err
			}
		}
		return nil
	}
	if *version == "" {
		*version = describe(root)
	}
	cfg := Config{Root: root, Out: *out, Version: *version, Targets: ts, Log: stdout}
	files, err := Build(cfg)
	if err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintln(stdout, filepath.Join(*out, f))
	}
	return nil
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside the Empires module: run make dist from the repository")
	}
	return filepath.Dir(mod), nil
}

// describe returns git describe's name of the checkout at root, or "dev"
// when there is no git or no repository.
func describe(root string) string {
	cmd := exec.Command("git", "describe", "--tags", "--always", "--dirty")
	cmd.Dir = root
	out, err := cmd.Output()
	if v := strings.TrimSpace(string(out)); err == nil && v != "" {
		return v
	}
	return "dev"
}

// hostTarget is the target of the machine this runs on.
func hostTarget() Target { return Target{OS: runtime.GOOS, Arch: runtime.GOARCH} }
