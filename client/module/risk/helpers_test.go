package risk

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"empires/assets"
	"empires/client/internal/drawtest"
	"empires/client/kit"
	"empires/client/module"
	"empires/shared/rules/risk/board"
)

// The tests that draw run in a real window, under Xvfb: TestMain runs the
// game loop. Without a display they are skipped (in CI they fail).
// EMPIRES_SCREENSHOTS=DIR saves their pictures in DIR, to look at.

func TestMain(m *testing.M) { drawtest.Main(m, "risk tests") }

// classic returns the classic board.
func classic(t testing.TB) *board.Board {
	t.Helper()
	b, err := board.Classic(assets.Rules())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// id returns the ID of the territory named name on b.
func id(t testing.TB, b *board.Board, name string) board.TerritoryID {
	t.Helper()
	for _, tt := range b.Territories {
		if tt.Name == name {
			return tt.ID
		}
	}
	t.Fatalf("no territory %q", name)
	return 0
}

// shell is the shell's frame of a window: the top bar, the side panel on
// the right, the minimap's corner and the log along the bottom, which
// leave sight, the part of the map in sight.
type shell struct {
	win, mapR, sight, corner, log image.Rectangle
}

func shellOf(w, h int) shell {
	return shell{
		win:    image.Rect(0, 0, w, h),
		mapR:   image.Rect(0, 40, w-330, h),
		sight:  image.Rect(0, 40, w-330, h-172),
		corner: image.Rect(6, h-176, 226, h-6),
		log:    image.Rect(234, h-172, w-334, h-2),
	}
}

// input is a frame's input in the shell: the pointer at pt, the left
// button pressed if press, released if release.
func (sh shell) input(pt image.Point, press, release bool) module.Input {
	f := kit.Frame{Cursor: pt, Focused: true}
	if press {
		f.Pressed, f.Held = f.Pressed.With(ebiten.MouseButtonLeft), f.Held.With(ebiten.MouseButtonLeft)
	}
	if release {
		f.Released = f.Released.With(ebiten.MouseButtonLeft)
	}
	return module.Input{Frame: f, Map: sh.mapR, Size: sh.win.Size(), Minimap: sh.corner, Keys: true, Orders: true,
		Pointer: pt.In(sh.mapR) && !pt.In(sh.log) && !pt.In(sh.corner)}
}

// click clicks the map at pt as a player does, pressing and releasing
// the button, and returns the territory the map says was clicked.
func (sh shell) click(m *Map, pt image.Point) board.TerritoryID {
	m.Update(sh.input(pt, true, false), sh.sight)
	_, clicked := m.Update(sh.input(pt, false, true), sh.sight)
	return clicked
}

// render draws the map in the shell with the pointer at pt, after frames
// frames, and returns the window's pixels.
func render(t *testing.T, m *Map, sh shell, pt image.Point, frames int) *image.RGBA {
	t.Helper()
	var out *image.RGBA
	drawtest.OnFrame(t, func() {
		for range frames {
			m.Update(sh.input(pt, false, false), sh.sight)
		}
		img := ebiten.NewImage(sh.win.Dx(), sh.win.Dy())
		defer img.Deallocate()
		img.Fill(color.RGBA{22, 20, 18, 255})
		m.Draw(img.SubImage(sh.mapR).(*ebiten.Image))
		// The shell's parts over and beside the map, in their colours.
		vector.FillRect(img, 0, 0, float32(sh.win.Dx()), 40, color.RGBA{36, 33, 30, 255}, false)
		vector.FillRect(img, float32(sh.mapR.Max.X), 40, 330, float32(sh.win.Dy()-40), color.RGBA{36, 33, 30, 255}, false)
		vector.FillRect(img, float32(sh.log.Min.X), float32(sh.log.Min.Y), float32(sh.log.Dx()), float32(sh.log.Dy()), color.RGBA{25, 23, 21, 230}, false)
		vector.FillRect(img, float32(sh.corner.Min.X), float32(sh.corner.Min.Y), float32(sh.corner.Dx()), float32(sh.corner.Dy()), color.RGBA{25, 23, 21, 230}, false)
		m.DrawOver(img)
		out = image.NewRGBA(sh.win)
		img.ReadPixels(out.Pix)
	})
	return out
}

// saveShot writes img to name in $EMPIRES_SCREENSHOTS, if set.
func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("EMPIRES_SCREENSHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// count counts the pixels of r in img within tol of colour c in each
// channel.
func count(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if near(img.RGBAAt(x, y), c, tol) {
				n++
			}
		}
	}
	return n
}

// near reports whether a is within tol of b in each channel.
func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { v := int(x) - int(y); return v <= tol && -v <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// size names a window size in the pictures' names: "1024x768".
func size(sh shell) string { return fmt.Sprintf("%dx%d", sh.win.Dx(), sh.win.Dy()) }

// cpuTime returns the CPU time the process has spent, its threads'
// together (the software GL's with the test's).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time spent since since, by op, as cpu-ms/op.
func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64(cpuTime()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
