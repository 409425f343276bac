package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Target is an OS and architecture to build for, as GOOS and GOARCH name
// them.
type Target struct {
	OS, Arch string
}

// String returns "os/arch".
func (t Target) String() string { return t.OS + "/" + t.Arch }

// exe returns the file name of a program called name on t.
func (t Target) exe(name string) string {
	if t.OS == "windows" {
		return name + ".exe"
	}
	return name
}

// DefaultTargets are the targets a release has.
var DefaultTargets = []string{"linux/amd64", "linux/arm64", "windows/amd64", "darwin/amd64", "darwin/arm64"}

// ParseTargets parses a comma-separated list of OS/arch targets, each of
// DefaultTargets.
func ParseTargets(s string) ([]Target, error) {
	var ts []Target
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if !slices.Contains(DefaultTargets, f) {
			return nil, fmt.Errorf("%q: want one of %s", f, strings.Join(DefaultTargets, ", "))
		}
		os, arch, _ := strings.Cut(f, "/")
		t := Target{OS: os, Arch: arch}
		if slices.Contains(ts, t) {
			return nil, fmt.Errorf("%s twice", f)
		}
		ts = append(ts, t)
	}
	return ts, nil
}

// Config says what Build builds.
type Config struct {
	Root    string // the module's root directory
	Out     string // the directory the archives go to
	Version string // the version the binaries report
	Targets []Target
	Log     io.Writer // progress, one line a step
}

// An audience is who an archive is for: its name, the packages it holds
// (each built into a program of the given name) and the files it copies
// from the repository (repository path: name in the archive).
type audience struct {
	name     string
	programs []program
	files    [][2]string
}

// program is a main package and the name of its binary in an archive.
type program struct {
	pkg, name string
}

// audiences are the two archives of a target.
var audiences = []audience{
	{
		name:     "empires",
		programs: []program{{"./client", "empires"}},
		files:    [][2]string{{"docs/PLAYING.md", "PLAYING.md"}},
	},
	{
		name: "empires-server",
		programs: []program{
			{"./server", "empires-server"},
			{"./server/cmd/backup", "empires-backup"},
			{"./server/cmd/replay", "empires-replay"},
		},
		files: [][2]string{
			{"docs/HOSTING.md", "HOSTING.md"},
			{"packaging/systemd/empires-server.service", "empires-server.service"},
			{"packaging/systemd/empires-backup.service", "empires-backup.service"},
			{"packaging/systemd/empires-backup.timer", "empires-backup.timer"},
			{"packaging/systemd/server.env.example", "server.env.example"},
		},
	},
}

// ArchiveName returns the file name of the archive of audience name
// ("empires" or "empires-server") for target t: a .zip for Windows, a
// .tar.gz otherwise.
func ArchiveName(name, version string, t Target) string {
	base := fmt.Sprintf("%s-%s-%s-%s", name, version, t.OS, t.Arch)
	if t.OS == "windows" {
		return base + ".zip"
	}
	return base + ".tar.gz"
}

// Build builds every target's archives into cfg.Out, which it empties
// first, and writes SHA256SUMS there. It returns the names of the files it
// wrote, SHA256SUMS last.
func Build(cfg Config) ([]string, error) {
	if err := checkVersion(cfg.Version); err != nil {
		return nil, err
	}
	if len(cfg.Targets) == 0 {
		return nil, errors.New("no target to build")
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if err := os.RemoveAll(cfg.Out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return nil, err
	}
	mtime := sourceTime(cfg.Root)
	goLicence, err := goLicence()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, t := range cfg.Targets {
		tmp, err := os.MkdirTemp("", "empires-dist-")
		if err != nil {
			return nil, err
		}
		ns, err := buildTarget(cfg, t, tmp, mtime, goLicence)
		os.RemoveAll(tmp)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
		names = append(names, ns...)
	}
	if err := writeSums(cfg.Out, names); err != nil {
		return nil, err
	}
	return append(names, "SHA256SUMS"), nil
}

// buildTarget builds the archives of target t in cfg.Out, using tmp for
// the binaries.
func buildTarget(cfg Config, t Target, tmp string, mtime time.Time, goLicence []byte) ([]string, error) {
	var names []string
	for _, a := range audiences {
		fmt.Fprintf(cfg.Log, "building %s for %s\n", a.name, t)
		var files []file
		var pkgs []string
		for _, p := range a.programs {
			bin := filepath.Join(tmp, t.exe(p.name))
			if err := goBuild(cfg.Root, t, bin, cfg.Version, p.pkg); err != nil {
				return nil, err
			}
			data, err := os.ReadFile(bin)
			if err != nil {
				return nil, err
			}
			files = append(files, file{name: t.exe(p.name), data: data, exec: true})
			pkgs = append(pkgs, p.pkg)
		}
		for _, f := range a.files {
			data, err := os.ReadFile(filepath.Join(cfg.Root, filepath.FromSlash(f[0])))
			if err != nil {
				return nil, fmt.Errorf("the archive's %s: %w", f[1], err)
			}
			files = append(files, file{name: f[1], data: data})
		}
		lic, err := licences(cfg.Root, t, pkgs, goLicence)
		if err != nil {
			return nil, err
		}
		files = append(files, lic...)
		name := ArchiveName(a.name, cfg.Version, t)
		dir := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
		var buf bytes.Buffer
		if t.OS == "windows" {
			err = writeZip(&buf, dir, files, mtime)
		} else {
			err = writeTarGz(&buf, dir, files, mtime)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(cfg.Out, name), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, nil
}

// buildEnv returns the environment of a go command for target t: no cgo.
func buildEnv(t Target) []string {
	return append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.OS, "GOARCH="+t.Arch)
}

// goBuild builds package pkg for t into bin, reporting version.
func goBuild(root string, t Target, bin, version, pkg string) error {
	ldflags := "-s -w -X empires/shared/buildinfo.version=" + version
	return goCmd(root, t, "build", "-trimpath", "-ldflags", ldflags, "-o", bin, pkg)
}

// Compile compiles the release's programs for t and discards them.
func Compile(root string, t Target) error {
	args := []string{"build"}
	for _, a := range audiences {
		for _, p := range a.programs {
			args = append(args, p.pkg)
		}
	}
	return goCmd(root, t, args...)
}

// goCmd runs the go command with args for target t in root; its error
// holds the command's output.
func goCmd(root string, t Target, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = buildEnv(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s for %s: %w\n%s", strings.Join(args, " "), t, err, out)
	}
	return nil
}

// checkVersion refuses a version that cannot go in a file name and a
// -ldflags -X argument as it is.
func checkVersion(v string) error {
	if v == "" || len(v) > 64 {
		return fmt.Errorf("version %q: want 1 to 64 characters", v)
	}
	for _, r := range v {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_+", r)
		if !ok {
			return fmt.Errorf("version %q: only letters, digits and . - _ + may be in it", v)
		}
	}
	return nil
}

// sourceTime is the time stamp of every file in the archives: the
// SOURCE_DATE_EPOCH of reproducible builds if set, else the time of the
// commit at root, else the Unix epoch. The same sources give the same
// archives.
func sourceTime(root string) time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		var sec int64
		if _, err := fmt.Sscan(s, &sec); err == nil {
			return time.Unix(sec, 0).UTC()
		}
	}
	cmd := exec.Command("git", "log", "-1", "--format=%ct")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		var sec int64
		if _, err := fmt.Sscan(strings.TrimSpace(string(out)), &sec); err == nil {
			return time.Unix(sec, 0).UTC()
		}
	}
	return time.Unix(0, 0).UTC()
}

// writeSums writes SHA256SUMS in dir: a line "HASH  NAME" for each file
// of names, as sha256sum -c reads it.
func writeSums(dir string, names []string) error {
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return os.WriteFile(filepath.Join(dir, "SHA256SUMS"), []byte(b.String()), 0o644)
}
