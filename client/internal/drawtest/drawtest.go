// Package drawtest runs a package's tests beside an Ebitengine game loop,
// for tests that draw: images may be made, drawn and read only while the
// loop runs, on its goroutine. A test package calls Main from its
// TestMain and runs its drawing through OnFrame. Without a display the
// tests run as usual and OnFrame skips the test (in CI, where `make
// test-client` runs them under Xvfb, it fails instead).
package drawtest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime/debug"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/art"
	"empires/internal/skip"
)

// frames carries functions to run in the game loop; nil without a display
// (or before Main). It is set once, by Main, before any test runs.
var frames chan func()

// loop is the game whose Update runs what OnFrame sends, until the tests
// are done.
type loop struct{}

func (loop) Update() error {
	select {
	case f, ok := <-frames:
		if !ok {
			return ebiten.Termination
		}
		f()
	default:
	}
	return nil
}

func (loop) Draw(*ebiten.Image) {}

func (loop) Layout(int, int) (int, int) { return 320, 200 }

// Main runs the tests of m and exits with their code: in a goroutine beside
// a game loop in a small window titled title when there is a display,
// alone otherwise.
func Main(m *testing.M, title string) {
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	frames = make(chan func())
	code := 0
	go func() {
		code = m.Run()
		close(frames)
	}()
	ebiten.SetWindowSize(320, 200)
	ebiten.SetWindowTitle(title)
	if err := ebiten.RunGame(loop{}); err != nil {
		fmt.Fprintln(os.Stderr, "run the drawing tests:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// OnFrame runs f during a frame of the game loop (the loop waits for it)
// and waits for it to return. A panic in f fails the test with its stack;
// f may call t.Fatal, which ends the test as it would outside. Without a
// display it skips the test, or fails it in CI. t may be a benchmark's,
// which then times what f draws.
func OnFrame(t testing.TB, f func()) {
	t.Helper()
	if frames == nil {
		skip.Now(t, skip.Display, "no DISPLAY: run `make test-client` to test drawing under Xvfb")
	}
	done := make(chan string)
	frames <- func() {
		// f runs on a goroutine of its own, the loop waiting for it, so
		// that a t.Fatal in f (runtime.Goexit) ends that goroutine, not
		// the loop's.
		res := make(chan string)
		go func() {
			returned := false
			defer func() {
				switch p := recover(); {
				case p != nil:
					res <- fmt.Sprintf("panic in the game loop: %v\n%s", p, debug.Stack())
				case !returned:
					res <- goexit
				default:
					res <- ""
				}
			}()
			f()
			returned = true
		}()
		done <- <-res
	}
	switch r := <-done; r {
	case "":
	case goexit:
		t.FailNow() // f called t.Fatal or t.FailNow: its message is logged
	default:
		t.Fatal(r)
	}
}

// goexit is what OnFrame hears when f ended by runtime.Goexit.
const goexit = "goexit"

// ColourMask returns which pixels of the square of side n centred on (x,
// y) of img are in colour c (within a deltaE of 12): the shape drawn there
// in c, row by row.
func ColourMask(img *image.RGBA, x, y float64, n int, c color.RGBA) []bool {
	out := make([]bool, 0, n*n)
	x0, y0 := int(x)-n/2, int(y)-n/2
	for py := y0; py < y0+n; py++ {
		for px := x0; px < x0+n; px++ {
			out = append(out, art.DeltaE(img.RGBAAt(px, py), c) < 12)
		}
	}
	return out
}

// Count returns how many of m are set.
func Count(m []bool) int {
	n := 0
	for _, b := range m {
		if b {
			n++
		}
	}
	return n
}
