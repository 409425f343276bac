package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"empires/shared/buildinfo"
)

// testBin is the client the window tests run: built by the first
// buildClient, into a directory TestMain removes.
var testBin struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// TestMain runs the tests with a directory for the client they build once.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "empires-client-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "client tests:", err)
		os.Exit(1)
	}
	testBin.dir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildClient returns the client's binary, compiled once for all the
// tests of a run (each used to link its own: 3 s of CPU or more a test).
// The tests that run it run in parallel (t.Parallel, as many at once as
// go test's -parallel): a test that drives the window with the pointer
// and keys has an X server of its own (startXvfb), and so has each
// scripted one (-autoplay), on a small screen; each has its own home
// directory and its servers their own loopback ports.
func buildClient(t *testing.T) string {
	t.Helper()
	testBin.once.Do(func() {
		bin := filepath.Join(testBin.dir, "empires")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			testBin.err = fmt.Errorf("build client: %v\n%s", err, out)
			return
		}
		testBin.path = bin
	})
	if testBin.err != nil {
		t.Fatal(testBin.err)
	}
	return testBin.path
}

// TestAutoplay runs the real client through a scripted session under X:
// the main menu, the Play vs AI setup, a game against two AI seats on the
// embedded server, orders and End turn for two turns with their animation.
// The client exits non-zero on any error; the test then checks each
// screenshot.
func TestAutoplay(t *testing.T) {
	needTools(t)
	t.Parallel()
	bin := buildClient(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-autoplay", dir, "-turns", "2", "-seed", "7", "-size", "32x24")
	cmd.Env = append(os.Environ(), "DISPLAY="+startXvfb(t, scriptedScreen), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	logCPU(t, "the client", cmd.ProcessState)
	if err != nil {
		t.Fatalf("client -autoplay: %v\n%s", err, out.String())
	}
	// Turn 1 pops a Warlord (garrisons may not leave their city without
	// one); on turn 2 the Warlord's army moves, animated.
	// At the end it watches the game again from the Replays screen (the
	// client's server saved it as it went), then goes on with it where it
	// stopped, for one more turn.
	want := []string{"menu", "setup", "turn1-orders", "turn2-orders", "turn2-moves", "final", "replays", "replay", "continued"}
	shots := map[string]image.Image{}
	for _, name := range want {
		img := readPNG(t, filepath.Join(dir, name+".png"))
		shots[name] = img
		if keep := os.Getenv("EMPIRES_SCREENSHOTS"); keep != "" {
			copyFile(t, filepath.Join(dir, name+".png"), filepath.Join(keep, name+".png"))
		}
		b := img.Bounds()
		if b.Dx() < 960 || b.Dy() < 640 {
			t.Errorf("%s: %dx%d, want at least 960x640", name, b.Dx(), b.Dy())
		}
		if n := len(colours(img)); n < 8 {
			t.Errorf("%s: only %d colours: a blank screen", name, n)
		}
	}

	// The game screens show the map: the terrain in sight is drawn in
	// saturated colours (grass, woods, water), where the fog, the
	// background and the HUD are dark or grey.
	for _, name := range []string{"turn1-orders", "turn2-orders", "final"} {
		img := shots[name]
		n := 0
		for c, k := range colours(img) {
			hi := max(c.R, c.G, c.B)
			lo := min(c.R, c.G, c.B)
			if int(hi)-int(lo) > 60 && hi > 90 {
				n += k
			}
		}
		total := img.Bounds().Dx() * img.Bounds().Dy()
		if n*100 < total*3 {
			t.Errorf("%s: %d of %d pixels in colour: no map in sight", name, n, total)
		}
	}
	if same(shots["turn1-orders"], shots["turn2-orders"]) {
		t.Error("turn 1 and turn 2 look the same: the turn did not move on")
	}
}

// TestAutoplayErfpires plays a whole game of Mighty Erfpires in the
// real client under X, scripted against two AI seats (-ruleset erfpires):
// each day one order (a structure next to the city, recruits, a city
// where an army may found one, or a move), until the game has a winner;
// then its replay. The client exits non-zero on any error, a refused
// order among them; the test checks that the game ended with a winner,
// and the screenshots.
func TestAutoplayErfpires(t *testing.T) {
	needTools(t)
	t.Parallel()
	bin := buildClient(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-autoplay", dir, "-ruleset", "erfpires", "-turns", "300", "-seed", "7", "-size", "24x18")
	cmd.Env = append(os.Environ(), "DISPLAY="+startXvfb(t, scriptedScreen), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	logCPU(t, "the client", cmd.ProcessState)
	if err != nil {
		t.Fatalf("client -autoplay -ruleset erfpires: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "autoplay: the game is over: ") || strings.Contains(out.String(), "over: nobody won") {
		t.Errorf("the game did not end with a winner:\n%s", out.String())
	}
	for _, name := range []string{"setup", "turn1-orders", "turn2-orders", "final", "replay"} {
		img := readPNG(t, filepath.Join(dir, name+".png"))
		if keep := os.Getenv("EMPIRES_SCREENSHOTS"); keep != "" {
			copyFile(t, filepath.Join(dir, name+".png"), filepath.Join(keep, "erfpires-autoplay-"+name+".png"))
		}
		if n := len(colours(img)); n < 8 {
			t.Errorf("%s: only %d colours: a blank screen", name, n)
		}
	}
}

// TestBadFlags checks that wrong flags give a clear error and a non-zero
// exit, without opening a window.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-size", "8x8", "-autoplay", "x"}, "each side must be"},
		{[]string{"-size", "big", "-autoplay", "x"}, "want WIDTHxHEIGHT"},
		{[]string{"-turns", "0", "-autoplay", "x"}, "-turns 0"},
		{[]string{"-seats", "1", "-autoplay", "x"}, "-seats 1: must be at least 2"},
		{[]string{"-autoplay-everything"}, "-autoplay-everything need -autoplay DIR"},
		{[]string{"-name", " "}, "-name"},
		{[]string{"-rules", "/nonexistent/mod"}, "-rules"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-play", "-autoplay", "x"}, "-play and -autoplay exclude each other"},
		{[]string{"-autoplay", "x", "-autoplay-join", "https://example.org"}, `-autoplay-join: server address "https://example.org": https:// is not a websocket scheme`},
		{[]string{"-autoplay", "x", "-autoplay-join", "example.org"}, `-autoplay-join: server address "example.org": want host:port or wss://host`},
		{[]string{"-play", "-size", "8x8"}, "each side must be"},
		{[]string{"-play", "-ruleset", "chess"}, `-ruleset "chess": this build has no such ruleset`},
		{[]string{"-play", "-probe", "/nonexistent/dir/probe.json"}, "-probe /nonexistent/dir/probe.json: its directory does not exist"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := run(tt.args, &out, &out)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
}

// TestVersionFlag checks that -version prints the build's version and
// opens no window.
func TestVersionFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-version"}, &stdout, &stderr); err != nil {
		t.Fatalf("-version: %v", err)
	}
	if have, want := stdout.String(), buildinfo.Version()+"\n"; have != want {
		t.Errorf("-version printed %q, want %q", have, want)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", path, err)
	}
	return img
}

// colours counts the pixels of each colour of img.
func colours(img image.Image) map[color.RGBA]int {
	b := img.Bounds()
	count := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			count[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	return count
}

// same reports whether two images have the same pixels.
func same(a, b image.Image) bool {
	return a.Bounds() == b.Bounds() && differ(a, b, a.Bounds()) == 0
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err == nil {
		err = os.WriteFile(to, data, 0o644)
	}
	if err != nil {
		t.Errorf("keep screenshot: %v", err)
	}
}

// TestLANGame runs two real clients under X: one hosts a LAN game with a
// seat open (Host LAN game), the other finds it on the Join screen, takes
// the seat, and both play two turns together. Each exits non-zero on any
// error.
func TestLANGame(t *testing.T) {
	needTools(t)
	t.Parallel()
	bin := buildClient(t)
	addr := freeAddr(t)
	hostDir, joinDir := t.TempDir(), t.TempDir()
	env := append(os.Environ(), "DISPLAY="+startXvfb(t, scriptedScreen), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	host := exec.Command(bin, "-autoplay", hostDir, "-autoplay-host", "-lan", addr, "-name", "Host")
	join := exec.Command(bin, "-autoplay", joinDir, "-autoplay-join", addr, "-name", "Guest")
	var hostOut, joinOut bytes.Buffer
	host.Env, host.Stdout, host.Stderr = env, &hostOut, &hostOut
	join.Env, join.Stdout, join.Stderr = env, &joinOut, &joinOut
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	joinErr := join.Run()
	hostErr := host.Wait()
	logCPU(t, "the host's client", host.ProcessState)
	logCPU(t, "the guest's client", join.ProcessState)
	if hostErr != nil || joinErr != nil {
		t.Fatalf("host: %v\n%s\nguest: %v\n%s", hostErr, hostOut.String(), joinErr, joinOut.String())
	}
	for dir, names := range map[string][]string{
		hostDir: {"setup", "lobby", "turn1-orders", "final"},
		joinDir: {"join", "lobby", "turn1-orders", "final"},
	} {
		for _, name := range names {
			img := readPNG(t, filepath.Join(dir, name+".png"))
			if n := len(colours(img)); n < 8 {
				t.Errorf("%s: only %d colours: a blank screen", name, n)
			}
		}
	}
}

// A window larger than its monitor is made to fit it (a 1280x800 window
// on a 1024x768 screen hid the side panel), never below 960x640.
func TestFitWindow(t *testing.T) {
	tests := []struct {
		name         string
		w, h, mw, mh int
		wantW, wantH int
	}{
		{"fits", 1280, 800, 1920, 1080, 1280, 800},
		{"a small screen", 1280, 800, 1024, 768, 1024, 729},
		{"a tiny screen", 1280, 800, 800, 600, 960, 640},
		{"no monitor size", 1280, 800, 0, 0, 1280, 800},
	}
	for _, tc := range tests {
		if w, h := fitWindow(tc.w, tc.h, tc.mw, tc.mh); w != tc.wantW || h != tc.wantH {
			t.Errorf("%s: have %dx%d, want %dx%d", tc.name, w, h, tc.wantW, tc.wantH)
		}
	}
}
