package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/app"
	"empires/internal/skip"
)

// A driver runs the real client in a window under X and works it the way
// a person does: xdotool moves the pointer, clicks and presses keys; F12
// saves what the screen shows; the client's -probe file says where things
// are drawn and what is selected.
type driver struct {
	t     *testing.T
	cmd   *exec.Cmd
	out   *bytes.Buffer
	win   string // the X window id
	probe string
	shots string // where F12 saves screenshots
	last  string // the newest screenshot taken
	// display is the driver's own X server (startXvfb).
	display string
	// exited is closed when the client exits, with exitErr.
	exited  chan struct{}
	exitErr error
}

// waitLimit bounds every wait for the client: not a measure of speed (the
// machine may be loaded), only a guard against a test that hangs.
const waitLimit = 2 * time.Minute

// needTools skips the test without xdotool or Xvfb, except in CI, where
// `make test` installs them (scripts/deps.sh).
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"xdotool", "Xvfb"} {
		if _, err := exec.LookPath(tool); err != nil {
			skip.Now(t, skip.Tool, "%s is missing: run `make test-client`, which installs it", tool)
		}
	}
}

// The screens of the tests' X servers (startXvfb). A driver's is as large
// as the largest window a test asks for. A scripted session's is the
// smallest on which the client's first window, 1280x800 made to fit its
// monitor, is the smallest it takes, 960x640: the software rasterizer's
// cost goes with the window's pixels, and the session checks what it
// plays, not the layout at a size.
const (
	driverScreen   = "1920x1080"
	scriptedScreen = "960x674"
)

// startXvfb starts a virtual X server of the test's own with a screen of
// size ("WxH"), and returns its display (":N"): the windows of other
// tests that run at the same time (every package's drawing tests open
// one) must not lie over the client's and take its clicks.
func startXvfb(t *testing.T, size string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	x := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", size+"x24", "-nolisten", "tcp")
	x.ExtraFiles = []*os.File{w} // fd 3: Xvfb writes the display's number there when it is ready
	if err := x.Start(); err != nil {
		t.Fatalf("start Xvfb: %v", err)
	}
	w.Close()
	t.Cleanup(func() {
		_ = x.Process.Kill()
		_ = x.Wait()
		logCPU(t, "the X server", x.ProcessState)
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("Xvfb gave no display number: %v", err)
	}
	return ":" + strings.TrimSpace(line)
}

// logCPU logs the CPU time (user and system) that process what spent,
// once it has ended: a window test's cost, which does not depend on the
// machine's load as its wall time does (`go test -v` shows it).
func logCPU(t *testing.T, what string, ps *os.ProcessState) {
	t.Helper()
	if ps == nil {
		return
	}
	u, s := ps.UserTime(), ps.SystemTime()
	t.Logf("CPU of %s: %.1f s (%.1f s user, %.1f s system)", what, (u + s).Seconds(), u.Seconds(), s.Seconds())
}

// freeAddr returns a loopback address with a port free now, for a LAN
// host's server (-lan) that a test starts.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startDriver builds the client, starts it with args (plus -probe) and
// waits for its window and for the probe to satisfy ready.
func startDriver(t *testing.T, bin string, args []string, ready func(*app.Probe) bool) *driver {
	t.Helper()
	needTools(t)
	home := t.TempDir()
	d := &driver{t: t, out: &bytes.Buffer{}, probe: filepath.Join(t.TempDir(), "probe.json"),
		shots: filepath.Join(home, "config", "empires", "screenshots"), display: startXvfb(t, driverScreen)}
	d.cmd = exec.Command(bin, append(args, "-probe", d.probe)...)
	d.cmd.Env = append(os.Environ(), "DISPLAY="+d.display, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, "config"))
	d.cmd.Stdout, d.cmd.Stderr = d.out, d.out
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	d.exited = make(chan struct{})
	go func() {
		d.exitErr = d.cmd.Wait()
		close(d.exited)
	}()
	t.Cleanup(func() {
		var last app.Probe
		if data, err := os.ReadFile(d.probe); err == nil && json.Unmarshal(data, &last) == nil {
			t.Logf("the client updated %d times and drew %d frames", last.Frame, last.Draws)
		}
		_ = d.cmd.Process.Kill()
		<-d.exited
		logCPU(t, "the client", d.cmd.ProcessState)
		if t.Failed() {
			t.Logf("client output:\n%s", d.out.String())
			if keep := os.Getenv("EMPIRES_SCREENSHOTS"); keep != "" && d.last != "" {
				copyFile(t, d.last, filepath.Join(keep, "failed-"+filepath.Base(d.last)))
			}
		}
	})
	d.wait("the client's window", func(p *app.Probe) bool { return p.Window[0] > 0 })
	out := d.xdo("search", "--sync", "--pid", strconv.Itoa(d.cmd.Process.Pid))
	d.win = strings.Fields(out)[0]
	d.xdo("windowmove", d.win, "0", "0")
	d.wait("the first screen", ready)
	return d
}

// xdo runs xdotool with args and returns what it printed.
func (d *driver) xdo(args ...string) string {
	d.t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		d.t.Fatalf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// read returns the probe as the client last wrote it.
func (d *driver) read() *app.Probe {
	d.t.Helper()
	data, err := os.ReadFile(d.probe)
	if err != nil {
		return nil
	}
	var p app.Probe
	if err := json.Unmarshal(data, &p); err != nil {
		d.t.Fatalf("probe: %v\n%s", err, data)
	}
	return &p
}

// wait waits until the probe satisfies ok, and returns it.
func (d *driver) wait(what string, ok func(*app.Probe) bool) *app.Probe {
	d.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		select {
		case <-d.exited:
			d.t.Fatalf("waiting for %s: the client exited: %v", what, d.exitErr)
		default:
		}
		if p := d.read(); p != nil && ok(p) {
			return p
		}
		if time.Now().After(deadline) {
			data, _ := os.ReadFile(d.probe)
			d.t.Fatalf("waiting for %s: not after %v; probe: %s", what, waitLimit, data)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// resize sets the window's size and waits for the client to take it. It
// asks again every 60 of the client's updates: a request that reaches the
// window while the client still sets its own first size is lost.
func (d *driver) resize(w, h int) *app.Probe {
	d.t.Helper()
	asked := -1
	return d.wait(fmt.Sprintf("the window at %dx%d", w, h), func(p *app.Probe) bool {
		if p.Window == [2]int{w, h} {
			return true
		}
		if asked < 0 || p.Frame >= asked+60 {
			d.xdo("windowsize", d.win, strconv.Itoa(w), strconv.Itoa(h))
			asked = p.Frame
		}
		return false
	})
}

// move moves the pointer to window point (x, y).
func (d *driver) move(x, y int) {
	d.t.Helper()
	d.xdo("mousemove", "--window", d.win, strconv.Itoa(x), strconv.Itoa(y))
}

// click clicks button (1 left, 3 right) at window point (x, y): the
// pointer goes there, the button goes down and up, each step seen by the
// client before the next (a press and a release that reach the client
// between two of its frames would be no click at all).
func (d *driver) click(x, y, button int) {
	d.t.Helper()
	d.move(x, y)
	d.wait("the pointer there", func(p *app.Probe) bool { return p.Cursor == [2]int{x, y} })
	held := map[int]int{1: int(ebiten.MouseButtonLeft), 2: int(ebiten.MouseButtonMiddle), 3: int(ebiten.MouseButtonRight)}[button] // the probe's, ebiten's numbers
	d.xdo("mousedown", strconv.Itoa(button))
	d.wait("the button down", func(p *app.Probe) bool { return slices.Contains(p.Mouse, held) })
	d.xdo("mouseup", strconv.Itoa(button))
	d.wait("the button up", func(p *app.Probe) bool { return !slices.Contains(p.Mouse, held) })
	d.frames(1)
}

// ebitenKeys names xdotool's keys as the client's probe does.
var ebitenKeys = map[string]string{
	"Return": "Enter", "Escape": "Escape", "Tab": "Tab", "equal": "Equal", "minus": "Minus",
	"Left": "ArrowLeft", "Right": "ArrowRight", "Up": "ArrowUp", "Down": "ArrowDown",
	"h": "H", "F1": "F1", "F12": "F12", "Next": "PageDown",
	"1": "Digit1", "2": "Digit2", "a": "A", "b": "B", "p": "P", "t": "T",
	"d": "D", "m": "M", "space": "Space", "bracketright": "BracketRight", "shift+Tab": "Tab", "F10": "F10",
}

// key presses and releases each key (xdotool's names: Tab, Return, F1,
// Escape, equal, minus, ...), as typed on the keyboard: they go to the
// window under the pointer. Each key stays down until the client has
// seen it down, and the next waits until it has seen it up.
func (d *driver) key(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		name, ok := ebitenKeys[k]
		if !ok {
			d.t.Fatalf("key %q: add its ebiten name to ebitenKeys", k)
		}
		d.xdo("keydown", k)
		d.wait(k+" down", func(p *app.Probe) bool { return slices.Contains(p.Keys, name) })
		d.xdo("keyup", k)
		d.wait(k+" up", func(p *app.Probe) bool { return !slices.Contains(p.Keys, name) })
		d.frames(1)
	}
}

// frames waits until the client has updated at least n more times.
func (d *driver) frames(n int) {
	d.t.Helper()
	f0 := d.read().Frame
	d.wait("the client to update", func(p *app.Probe) bool { return p.Frame >= f0+n })
}

// hold holds key down while the probe does not satisfy ok.
func (d *driver) hold(key, what string, ok func(*app.Probe) bool) *app.Probe {
	d.t.Helper()
	d.xdo("keydown", key)
	defer func() {
		d.xdo("keyup", key)
		name := ebitenKeys[key]
		d.wait(key+" up", func(p *app.Probe) bool { return !slices.Contains(p.Keys, name) })
	}()
	return d.wait(what, ok)
}

// settleFrames is how many of the client's updates apart two probes must
// show a button at the same place before the driver clicks it: a page may
// lay itself out again after it first shows (a list filling in, a panel
// fitted to the window, a bar to a new size), and a click aimed where the
// button was lands on whatever took its place.
const settleFrames = 3

// button returns the rectangle of the button labelled label once it is
// laid out for the window as it is (after a resize, a bar may keep its
// old layout a few frames: its buttons past the window's right edge) and
// has stopped moving: the same in probes settleFrames updates apart.
func (d *driver) button(label string) image.Rectangle {
	d.t.Helper()
	r, _ := d.settled(label, nil)
	return r
}

// settled waits for the button labelled label to be in place, as button
// does, or for unless (if not nil) to hold; it reports false for the
// latter.
func (d *driver) settled(label string, unless func(*app.Probe) bool) (image.Rectangle, bool) {
	d.t.Helper()
	var at [4]int
	since := -1 // the update at which the button was first seen at at
	p := d.wait("a button "+label+" in place", func(p *app.Probe) bool {
		if unless != nil && unless(p) {
			return true
		}
		b, ok := p.Buttons[label]
		if !ok || b.Rect[2] <= b.Rect[0] || b.Rect[2] > p.Window[0] {
			since = -1
			return false
		}
		if since < 0 || b.Rect != at {
			at, since = b.Rect, p.Frame
			return false
		}
		return p.Frame >= since+settleFrames
	})
	if unless != nil && unless(p) {
		return image.Rectangle{}, false
	}
	return image.Rect(at[0], at[1], at[2], at[3]), true
}

// pressTries bounds the clicks press makes on a button that moves away
// from under the pointer as it is pressed.
const pressTries = 3

// press clicks the button labelled label, once it is in place (button).
// If the client saw the mouse button go down while the button was no
// longer under the pointer (the page laid out again by something the
// client received meanwhile), the pointer is moved onto the button with
// the mouse button held and released there, which clicks nothing (a
// widget takes a click only when pressed and released on it), and the
// press is made again.
func (d *driver) press(label string) {
	d.t.Helper()
	d.pressUnless(label, nil)
}

// scrollTo rolls the mouse wheel down over the middle of the window, as a
// player scrolls a form taller than the window (the setup's settings),
// until the button labelled label is in sight.
func (d *driver) scrollTo(label string) {
	d.t.Helper()
	for range 30 {
		p := d.read()
		if _, ok := p.Buttons[label]; ok {
			return
		}
		d.move(p.Window[0]/2, p.Window[1]/2)
		d.xdo("click", "--window", d.win, "5")
		d.frames(3)
	}
	d.t.Fatalf("the button %q never came in sight with the wheel", label)
}

// pressUnless presses the button labelled label as press does, unless
// unless holds before the button is in place (a game that starts by
// itself before its host presses Start game); it reports whether it
// pressed.
func (d *driver) pressUnless(label string, unless func(*app.Probe) bool) bool {
	d.t.Helper()
	for try := 1; ; try++ {
		r, ok := d.settled(label, unless)
		if !ok {
			return false
		}
		c := r.Min.Add(r.Max).Div(2)
		d.move(c.X, c.Y)
		d.wait("the pointer there", func(p *app.Probe) bool { return p.Cursor == [2]int{c.X, c.Y} })
		d.xdo("mousedown", "1")
		p := d.wait("the button down", func(p *app.Probe) bool { return slices.Contains(p.Mouse, int(ebiten.MouseButtonLeft)) })
		b, ok := p.Buttons[label]
		if ok && c.In(image.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3])) {
			d.xdo("mouseup", "1")
			d.wait("the button up", func(p *app.Probe) bool { return !slices.Contains(p.Mouse, int(ebiten.MouseButtonLeft)) })
			d.frames(1)
			return true
		}
		if !ok && unless != nil && unless(p) {
			d.xdo("mouseup", "1") // too late: gone as it was pressed
			d.wait("the button up", func(p *app.Probe) bool { return !slices.Contains(p.Mouse, int(ebiten.MouseButtonLeft)) })
			return false
		}
		if !ok || try == pressTries {
			d.xdo("mouseup", "1")
			d.t.Fatalf("press %s: the button was at %v when aimed at, at %v (%v) when pressed, %d times", label, r, b.Rect, ok, try)
		}
		n := image.Pt((b.Rect[0]+b.Rect[2])/2, (b.Rect[1]+b.Rect[3])/2)
		d.move(n.X, n.Y)
		d.wait("the pointer moved with the button held", func(p *app.Probe) bool { return p.Cursor == [2]int{n.X, n.Y} })
		d.xdo("mouseup", "1")
		d.wait("the button up", func(p *app.Probe) bool { return !slices.Contains(p.Mouse, int(ebiten.MouseButtonLeft)) })
		d.t.Logf("press %s: it moved from %v to %v as it was pressed; pressing again", label, r, b.Rect)
	}
}

// screenshot presses F12 and returns the picture the client saved.
func (d *driver) screenshot() image.Image {
	d.t.Helper()
	before := d.shotFiles()
	d.key("F12")
	deadline := time.Now().Add(waitLimit)
	for {
		if files := d.shotFiles(); len(files) > len(before) {
			d.last = files[len(files)-1]
			return readPNG(d.t, d.last)
		}
		if time.Now().After(deadline) {
			d.t.Fatalf("F12 saved no screenshot in %s", d.shots)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// grab returns what the X server shows of the client's window, as the
// player sees it (ImageMagick's import): at an interface size above 100
// per cent the picture the client drew, whatever size it drew it at.
func (d *driver) grab() image.Image {
	d.t.Helper()
	cmd := exec.Command("import", "-window", d.win, "png:-")
	cmd.Env = append(os.Environ(), "DISPLAY="+d.display)
	out, err := cmd.Output()
	if err != nil {
		d.t.Fatalf("import the window: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		d.t.Fatalf("import the window: %v", err)
	}
	return img
}

// blocky returns the share of the 2x2 blocks of r (at even window
// coordinates) with ink in them (a pixel not of r's commonest colour)
// whose four pixels are alike: 1 for a picture drawn at half the size and
// blown up two pixels for one, as the window showed 200 per cent before
// the client drew at the window's size; far less for text drawn at its
// size, whose edges fall anywhere.
// It counts the blocks with ink too.
func blocky(img image.Image, r image.Rectangle) (share float64, inked int) {
	count := map[color.Color]int{}
	var bg color.Color
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.At(x, y)
			count[c]++
			if bg == nil || count[c] > count[bg] {
				bg = c
			}
		}
	}
	alike := 0
	for y := r.Min.Y &^ 1; y+1 < r.Max.Y; y += 2 {
		for x := r.Min.X &^ 1; x+1 < r.Max.X; x += 2 {
			a, b, c, e := img.At(x, y), img.At(x+1, y), img.At(x, y+1), img.At(x+1, y+1)
			if a == bg && b == bg && c == bg && e == bg {
				continue
			}
			inked++
			if a == b && a == c && a == e {
				alike++
			}
		}
	}
	if inked == 0 {
		return 0, 0
	}
	return float64(alike) / float64(inked), inked
}

// shotFiles lists the screenshots saved, oldest first.
func (d *driver) shotFiles() []string {
	files, _ := filepath.Glob(filepath.Join(d.shots, "*.png"))
	sort.Strings(files)
	return files
}

// changedTo returns the centre of the pixels that differ between before
// and after and, in after, are within tol of colour c in each channel,
// with their count.
func changedTo(before, after image.Image, c color.RGBA, tol int, in image.Rectangle) (image.Point, int) {
	var sx, sy, n int
	for y := in.Min.Y; y < in.Max.Y; y++ {
		for x := in.Min.X; x < in.Max.X; x++ {
			ar, ag, ab, _ := after.At(x, y).RGBA()
			if before.At(x, y) == after.At(x, y) {
				continue
			}
			if near(int(ar>>8), int(c.R), tol) && near(int(ag>>8), int(c.G), tol) && near(int(ab>>8), int(c.B), tol) {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	if n == 0 {
		return image.Point{}, 0
	}
	return image.Pt(sx/n, sy/n), n
}

func near(a, b, tol int) bool { return a-b <= tol && b-a <= tol }

// differ counts the pixels of r that differ between a and b.
func differ(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}
