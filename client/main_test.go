package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"empires/shared/mapimage"
	"empires/shared/rules/erfworld"
)

// buildClient compiles the client once per test binary run.
func buildClient(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "empires")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build client: %v\n%s", err, out)
	}
	return bin
}

// needDisplay skips the test when there is no X display, except in CI, where
// `make test` runs the client tests under Xvfb and a missing display is a
// broken set-up.
func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no DISPLAY in CI: run the client tests under xvfb-run (make test-client)")
		}
		t.Skip("no DISPLAY: run `make test-client` to test the client under Xvfb")
	}
}

// TestScreenshot runs the real client in a window, lets it draw, and checks
// the screenshot it saves: the information bar on top and a generated map of
// sea, land and six players' cities below.
func TestScreenshot(t *testing.T) {
	needDisplay(t)
	bin := buildClient(t)
	shot := filepath.Join(t.TempDir(), "shot.png")
	cmd := exec.Command(bin, "-seed", "7", "-size", "64x48", "-players", "6", "-screenshot", shot, "-frames", "10")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("client: %v\n%s", err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode screenshot: %v", err)
	}
	if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
		keep(t, img, filepath.Join(dir, "viewer.png"))
	}

	rs, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() < 640 || b.Dy() < 400 {
		t.Fatalf("screenshot is %dx%d, want at least 640x400", b.Dx(), b.Dy())
	}
	count := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			count[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 255}]++
		}
	}
	total := b.Dx() * b.Dy()
	terrain := mapimage.TerrainColors(rs.Terrain)
	share := func(id string) int {
		tr, ok := rs.Terrain.Lookup(id)
		if !ok {
			t.Fatalf("no terrain %q", id)
		}
		return count[terrain[tr]] * 100 / total
	}
	// Water is a third of the map and Open the largest land type: both
	// must cover a good part of the screen.
	for _, tt := range []struct {
		name string
		have int
		want int // at least, in per cent of the screen
	}{
		{"water", share("water"), 15},
		{"open", share("open"), 8},
		{"woods", share("woods"), 3},
	} {
		if tt.have < tt.want {
			t.Errorf("%s covers %d%% of the screen, want at least %d%%", tt.name, tt.have, tt.want)
		}
	}
	// Every player's capital square is drawn in the player's colour.
	for p := range 6 {
		if n := count[mapimage.PlayerColor(p)]; n < 20 {
			t.Errorf("player %d's colour covers %d pixels, want a capital and cities", p+1, n)
		}
	}
	// The information bar spans the top.
	if r, g, bl, _ := img.At(b.Dx()/2, 2).RGBA(); r>>8 != 24 || g>>8 != 32 || bl>>8 != 46 {
		t.Errorf("top of the screen is (%d,%d,%d), want the bar colour", r>>8, g>>8, bl>>8)
	}
}

// TestBadFlags checks that wrong flags stop the client with a clear message.
func TestBadFlags(t *testing.T) {
	bin := buildClient(t)
	tests := []struct {
		name string
		have []string
		want string
	}{
		{"size too small", []string{"-size", "10x10"}, "each side must be 16 to 512"},
		{"size malformed", []string{"-size", "big"}, `want WIDTHxHEIGHT`},
		{"too many players", []string{"-size", "16x16", "-players", "9"}, "holds at most 2 players"},
		{"missing mod dir", []string{"-rules", filepath.Join(t.TempDir(), "nope")}, "nope"},
		{"stray argument", []string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		out, err := exec.Command(bin, tt.have...).CombinedOutput()
		if err == nil {
			t.Errorf("%s: client exited cleanly, want an error", tt.name)
			continue
		}
		if !strings.Contains(string(out), tt.want) {
			t.Errorf("%s: output %q, want it to contain %q", tt.name, out, tt.want)
		}
	}
}

func keep(t *testing.T, img image.Image, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
