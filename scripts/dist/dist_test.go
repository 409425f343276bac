package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"empires/internal/skip"
	"empires/shared/bot"
	"empires/shared/protocol"
)

// waitLimit only keeps a broken test from hanging.
const waitLimit = 3 * time.Minute

// testVersion is the version the test's archives are built with.
const testVersion = "v0.0.0-disttest"

// TestDist builds the release archives of this machine's target (when it
// is a release target), checks SHA256SUMS, unpacks them, runs -version on
// every program, plays a short game of two headless bots on the unpacked
// server, stops it with SIGTERM, backs its data up with the unpacked
// empires-backup and replays the backup with the unpacked empires-replay.
func TestDist(t *testing.T) {
	host := hostTarget()
	if !slices.Contains(DefaultTargets, host.String()) {
		skip.Now(t, skip.Platform, "%s is no release target: nothing to unpack and run here", host)
	}
	if host.OS == "windows" {
		skip.Now(t, skip.Platform, "the test unpacks .tar.gz archives and stops the server with SIGTERM: not on Windows")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	// The archives are built as make dist builds them, by the command in a
	// process of its own: this test may be built with the race detector,
	// under which compressing the binaries took ten times as long.
	cmd := exec.Command("go", "run", "./scripts/dist", "-version", testVersion, "-out", out, "-targets", host.String())
	cmd.Dir = root
	o, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run ./scripts/dist: %v\n%s", err, stderrOf(err))
	}
	var names []string // the files it says it wrote, after what it is building
	for _, l := range strings.Split(strings.TrimSpace(string(o)), "\n") {
		if strings.HasPrefix(l, out+string(filepath.Separator)) {
			names = append(names, filepath.Base(l))
		}
	}
	player, server := ArchiveName("empires", testVersion, host), ArchiveName("empires-server", testVersion, host)
	if want := []string{player, server, "SHA256SUMS"}; !slices.Equal(names, want) {
		t.Fatalf("make dist wrote %v, want %v", names, want)
	}
	checkSums(t, out, []string{player, server})

	dir := t.TempDir()
	pdir := unpack(t, filepath.Join(out, player), dir)
	sdir := unpack(t, filepath.Join(out, server), dir)
	for _, f := range []string{"empires", "PLAYING.md", "LICENSES/MODULES.txt", "LICENSES/go/LICENSE",
		"LICENSES/github.com/hajimehoshi/ebiten/v2/LICENSE"} {
		mustExist(t, filepath.Join(pdir, f))
	}
	for _, f := range []string{"empires-server", "empires-backup", "empires-replay", "HOSTING.md", "empires-server.service",
		"empires-backup.service", "empires-backup.timer", "server.env.example", "LICENSES/MODULES.txt",
		"LICENSES/modernc.org/sqlite/LICENSE"} {
		mustExist(t, filepath.Join(sdir, f))
	}
	for _, bin := range []string{filepath.Join(pdir, "empires"), filepath.Join(sdir, "empires-server"),
		filepath.Join(sdir, "empires-backup"), filepath.Join(sdir, "empires-replay")} {
		have, err := exec.Command(bin, "-version").Output()
		if err != nil || string(have) != testVersion+"\n" {
			t.Errorf("%s -version: %q, %v; want %q", filepath.Base(bin), have, err, testVersion)
		}
	}

	data := filepath.Join(dir, "data")
	addr, srv := startServer(t, filepath.Join(sdir, "empires-server"), data)
	playGame(t, addr)
	metrics := get(t, "http://"+addr+"/metrics")
	if want := fmt.Sprintf("empires_build_info{version=%q} 1", testVersion); !strings.Contains(metrics, want) {
		t.Errorf("/metrics has no %s", want)
	}
	stopServer(t, srv)
	if !strings.Contains(srv.String(), "version="+testVersion) {
		t.Errorf("the server did not log its version at start:\n%s", srv.String())
	}

	backup := filepath.Join(dir, "backup")
	if err := os.Mkdir(backup, 0o755); err != nil {
		t.Fatal(err)
	}
	if o, err := exec.Command(filepath.Join(sdir, "empires-backup"), "-data", data,
		"-out", filepath.Join(backup, "empires.db")).CombinedOutput(); err != nil {
		t.Fatalf("empires-backup: %v\n%s", err, o)
	}
	o, err = exec.Command(filepath.Join(sdir, "empires-replay"), "-data", backup, "-game", "1").CombinedOutput()
	if err != nil || !strings.Contains(string(o), "every state as saved") {
		t.Errorf("empires-replay of the backup: %v\n%s", err, o)
	}
}

// stderrOf returns what a failed command wrote to its standard error.
func stderrOf(err error) []byte {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.Stderr
	}
	return nil
}

// checkSums checks that SHA256SUMS in dir gives each of names its hash.
func checkSums(t *testing.T, dir string, names []string) {
	t.Helper()
	sums, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&want, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	if string(sums) != want.String() {
		t.Errorf("SHA256SUMS:\n%s\nwant\n%s", sums, want.String())
	}
}

// unpack unpacks the .tar.gz archive into dir and returns the directory
// it holds, named as the archive.
func unpack(t *testing.T, archive, dir string) string {
	t.Helper()
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	top := strings.TrimSuffix(filepath.Base(archive), ".tar.gz")
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Name != top+"/" && !strings.HasPrefix(h.Name, top+"/") {
			t.Fatalf("%s holds %s, outside its directory %s", archive, h.Name, top)
		}
		p := filepath.Join(dir, filepath.FromSlash(h.Name))
		switch h.Typeflag {
		case tar.TypeDir:
			err = os.MkdirAll(p, 0o755)
		case tar.TypeReg:
			var b bytes.Buffer
			if _, err = io.Copy(&b, tr); err == nil {
				err = os.WriteFile(p, b.Bytes(), os.FileMode(h.Mode))
			}
		default:
			t.Fatalf("%s: %s is neither a file nor a directory", archive, h.Name)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, top)
}

func mustExist(t *testing.T, path string) {
	t.Helper()
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		t.Errorf("the archive has no %s (%v)", path, err)
	}
}

// server is an unpacked server running in a child process.
type server struct {
	cmd    *exec.Cmd
	exited chan error
	mu     sync.Mutex
	logs   strings.Builder
}

// startServer starts the server program bin on data directory data and
// a free loopback port, and returns its address once it listens.
func startServer(t *testing.T, bin, data string) (string, *server) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{exited: make(chan error, 1)}
	s.cmd = exec.Command(bin, "-addr", addr, "-data", data, "-name", "dist test")
	s.cmd.Env = append(os.Environ(), "EMPIRES_LOG_LEVEL=info")
	pr, pw := io.Pipe()
	s.cmd.Stderr = pw
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		var once sync.Once
		for sc.Scan() {
			s.mu.Lock()
			fmt.Fprintln(&s.logs, sc.Text())
			s.mu.Unlock()
			if strings.Contains(sc.Text(), "msg=listening") {
				once.Do(func() { close(listening) })
			}
		}
	}()
	go func() {
		err := s.cmd.Wait()
		pw.Close()
		s.exited <- err
	}()
	t.Cleanup(func() {
		_ = s.cmd.Process.Kill()
		if t.Failed() {
			t.Logf("the server's logs:\n%s", s.String())
		}
	})
	select {
	case <-listening:
	case err := <-s.exited:
		t.Fatalf("the server exited: %v\n%s", err, s.String())
	case <-time.After(waitLimit):
		t.Fatal("the server did not start listening")
	}
	return addr, s
}

// stopServer sends the server SIGTERM and checks it exits 0.
func stopServer(t *testing.T, s *server) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.exited:
		if err != nil {
			t.Errorf("the server's exit after SIGTERM: %v", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("the server did not stop after SIGTERM")
	}
}

// String returns the server's logs.
func (s *server) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

// playGame plays a short game of two headless bots on the server at addr
// and checks that both played every turn with nothing refused.
func playGame(t *testing.T, addr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	const turns = 3
	set := protocol.Settings{Name: "dist", Width: 24, Height: 24, Seed: 3, Seats: 2}
	url := "ws://" + addr + "/ws"
	opts := []bot.Options{
		{URL: url, Name: "Ann", Level: "normal", Create: &set, LastTurn: turns},
		{URL: url, Name: "Bob", Level: "normal", LastTurn: turns, ListInterval: 20 * time.Millisecond},
	}
	results := make([]bot.Result, len(opts))
	errs := make([]error, len(opts))
	var wg sync.WaitGroup
	for i, o := range opts {
		b, err := bot.New(o)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { results[i], errs[i] = b.Run(ctx) })
	}
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			t.Fatalf("bot %s: %v", opts[i].Name, errs[i])
		}
		if r.TurnsPlayed < turns || len(r.Rejections) > 0 || r.Mismatches > 0 || len(r.ServerErrors) > 0 {
			t.Errorf("bot %s: %d turns played, rejections %v, %d mismatches, server errors %v",
				opts[i].Name, r.TurnsPlayed, r.Rejections, r.Mismatches, r.ServerErrors)
		}
	}
}

// get returns the body of an HTTP GET of url.
func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s, %v", url, resp.Status, err)
	}
	return string(b)
}

// TestCrossCompile compiles the release's programs for every release
// target this machine cannot run, as make dist builds them (no cgo): each
// must build everywhere. It writes nothing. -short skips it.
func TestCrossCompile(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "-short: the release targets are not compiled")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := ParseTargets(strings.Join(DefaultTargets, ","))
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range ts {
		if tg == hostTarget() {
			continue // TestDist builds and runs it
		}
		t.Run(tg.OS+"-"+tg.Arch, func(t *testing.T) {
			if err := Compile(root, tg); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestParseTargets(t *testing.T) {
	tests := []struct {
		have string
		want []Target
		err  string
	}{
		{"linux/amd64", []Target{{"linux", "amd64"}}, ""},
		{"windows/amd64, darwin/arm64", []Target{{"windows", "amd64"}, {"darwin", "arm64"}}, ""},
		{"plan9/386", nil, `"plan9/386": want one of`},
		{"linux/amd64,linux/amd64", nil, "linux/amd64 twice"},
		{"", nil, `"": want one of`},
	}
	for _, tt := range tests {
		have, err := ParseTargets(tt.have)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseTargets(%q): %v, want an error with %q", tt.have, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(have, tt.want) {
			t.Errorf("ParseTargets(%q) = %v, %v; want %v", tt.have, have, err, tt.want)
		}
	}
}

func TestArchiveName(t *testing.T) {
	tests := []struct {
		name string
		t    Target
		want string
	}{
		{"empires", Target{"linux", "arm64"}, "empires-v1.2.0-linux-arm64.tar.gz"},
		{"empires-server", Target{"windows", "amd64"}, "empires-server-v1.2.0-windows-amd64.zip"},
		{"empires", Target{"darwin", "arm64"}, "empires-v1.2.0-darwin-arm64.tar.gz"},
	}
	for _, tt := range tests {
		if have := ArchiveName(tt.name, "v1.2.0", tt.t); have != tt.want {
			t.Errorf("ArchiveName(%q, %s) = %q, want %q", tt.name, tt.t, have, tt.want)
		}
	}
	for _, v := range []string{"", "v1 beta", "v1/2", strings.Repeat("1", 65)} {
		if err := checkVersion(v); err == nil {
			t.Errorf("checkVersion(%q) = nil, want an error", v)
		}
	}
}

// TestLicences checks that every module the server links has its
// licence in the archive, and that a module without one is refused.
func TestLicences(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := licences(root, hostTarget(), []string{"./server"}, []byte("go licence"))
	if err != nil {
		t.Fatal(err)
	}
	mods, err := linkedModules(root, hostTarget(), []string{"./server"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		if !slices.ContainsFunc(files, func(f file) bool { return strings.HasPrefix(f.name, "LICENSES/"+m.Path+"/") }) {
			t.Errorf("no licence of %s", m.Path)
		}
	}
	if found, err := licenceFiles(t.TempDir()); err != nil || len(found) != 0 {
		t.Errorf("an empty directory has licences %v, %v", found, err)
	}
	for name, want := range map[string]bool{"LICENSE": true, "LICENCE.txt": true, "COPYING": true, "SQLITE-LICENSE": true,
		"license.md": true, "NOTICE": true, "PATENTS": true, "README.md": false, "go.mod": false} {
		if have := isLicence(name); have != want {
			t.Errorf("isLicence(%q) = %v, want %v", name, have, want)
		}
	}
}
