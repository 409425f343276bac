package camera

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestNewFitsAndCentres(t *testing.T) {
	tests := []struct {
		name                   string
		worldW, worldH         float64
		screenW, screenH       float64
		wantZoom               float64
		wantCentreX, wantCentY float64
	}{
		{"wide world", 2000, 500, 1000, 1000, 0.5, 1000, 250},
		{"small world", 100, 100, 1000, 800, MaxZoom, 50, 50},
		{"huge world", 10000, 10000, 1000, 1000, MinZoom, 5000, 5000},
	}
	for _, tt := range tests {
		c := New(tt.worldW, tt.worldH, tt.screenW, tt.screenH)
		if !near(c.Zoom, tt.wantZoom) {
			t.Errorf("%s: zoom %v, want %v", tt.name, c.Zoom, tt.wantZoom)
		}
		x, y := c.ToWorld(tt.screenW/2, tt.screenH/2)
		if !near(x, tt.wantCentreX) || !near(y, tt.wantCentY) {
			t.Errorf("%s: screen centre shows (%v, %v), want (%v, %v)", tt.name, x, y, tt.wantCentreX, tt.wantCentY)
		}
	}
}

func TestScreenWorldRoundTrip(t *testing.T) {
	c := New(4000, 3000, 800, 600)
	c.ZoomAt(2, 100, 100)
	c.Pan(-37, 12)
	for _, p := range [][2]float64{{0, 0}, {799, 599}, {400, 300}, {13.5, 77.25}} {
		wx, wy := c.ToWorld(p[0], p[1])
		sx, sy := c.ToScreen(wx, wy)
		if !near(sx, p[0]) || !near(sy, p[1]) {
			t.Errorf("ToScreen(ToWorld(%v)) = (%v, %v)", p, sx, sy)
		}
	}
}

func TestZoomKeepsPointUnderCursor(t *testing.T) {
	c := New(4000, 3000, 800, 600)
	c.ZoomAt(3, 0, 0) // fit zoom is 0.2 -> clamped to MinZoom; zoom in from there
	before := [2]float64{}
	before[0], before[1] = c.ToWorld(500, 200)
	c.ZoomAt(1.5, 500, 200)
	x, y := c.ToWorld(500, 200)
	if !near(x, before[0]) || !near(y, before[1]) {
		t.Errorf("point under cursor moved from %v to (%v, %v)", before, x, y)
	}
	for range 50 {
		c.ZoomAt(2, 400, 300)
	}
	if c.Zoom != MaxZoom {
		t.Errorf("zoom %v after zooming in far, want MaxZoom %v", c.Zoom, MaxZoom)
	}
	for range 50 {
		c.ZoomAt(0.5, 400, 300)
	}
	if c.Zoom != MinZoom {
		t.Errorf("zoom %v after zooming out far, want MinZoom %v", c.Zoom, MinZoom)
	}
}

func TestPanStaysOnTheWorld(t *testing.T) {
	c := New(4000, 3000, 800, 600)
	c.ZoomAt(4, 400, 300)
	c.Pan(1e9, 1e9) // drag far right and down: look at the top-left
	x, y := c.ToWorld(c.ScreenW/2, c.ScreenH/2)
	if x < 0 || y < 0 {
		t.Errorf("after panning away the screen centre is off the world at (%v, %v)", x, y)
	}
	c.Pan(-1e9, -1e9)
	x, y = c.ToWorld(c.ScreenW/2, c.ScreenH/2)
	if x > c.WorldW || y > c.WorldH {
		t.Errorf("after panning away the screen centre is off the world at (%v, %v)", x, y)
	}
	c.Pan(30, 0)
	x2, _ := c.ToWorld(c.ScreenW/2, c.ScreenH/2)
	if !(x2 < x) {
		t.Errorf("dragging right did not move the view left: centre x %v -> %v", x, x2)
	}
}

func TestResizeKeepsCentre(t *testing.T) {
	c := New(4000, 3000, 800, 600)
	c.ZoomAt(2, 300, 300)
	x, y := c.ToWorld(400, 300)
	c.Resize(1200, 900)
	x2, y2 := c.ToWorld(600, 450)
	if !near(x, x2) || !near(y, y2) {
		t.Errorf("centre moved from (%v, %v) to (%v, %v) on resize", x, y, x2, y2)
	}
}

// TestLookAt: the world point looked at lands on the screen point asked
// for, unless that would take the view further off the world than Pan
// goes.
func TestLookAt(t *testing.T) {
	tests := []struct {
		name           string
		wx, wy, sx, sy float64
		wantSX, wantSY float64 // where (wx, wy) is drawn after
	}{
		{"the middle on the screen's middle", 2000, 1500, 400, 300, 400, 300},
		{"a point at the top-left corner", 1000, 800, 0, 0, 0, 0},
		{"a point above the screen's middle", 2500, 2000, 400, 150, 400, 150},
		{"the world's corner to the bottom-right: it stops halfway", 0, 0, 800, 600, 400, 300},
	}
	for _, tt := range tests {
		c := New(4000, 3000, 800, 600)
		c.Zoom = 2
		c.LookAt(tt.wx, tt.wy, tt.sx, tt.sy)
		sx, sy := c.ToScreen(tt.wx, tt.wy)
		if !near(sx, tt.wantSX) || !near(sy, tt.wantSY) {
			t.Errorf("%s: (%v, %v) is drawn at (%v, %v), want (%v, %v)", tt.name, tt.wx, tt.wy, sx, sy, tt.wantSX, tt.wantSY)
		}
	}
}

// TestScaled: a camera kept at 100 % and drawn at interface size s puts
// every world point at s times its place at 100 %, on a screen s times as
// large; a scale of 1 or less changes nothing.
func TestScaled(t *testing.T) {
	c := New(4000, 3000, 960, 540)
	c.ZoomAt(1.5, 300, 200)
	for _, tt := range []struct{ scale, want float64 }{{1, 1}, {0.5, 1}, {1.5, 1.5}, {2, 2}} {
		s := c.Scaled(tt.scale)
		if !near(s.ScreenW, c.ScreenW*tt.want) || !near(s.ScreenH, c.ScreenH*tt.want) || !near(s.Zoom, c.Zoom*tt.want) {
			t.Errorf("scale %v: screen %vx%v at zoom %v, want %vx%v at %v", tt.scale, s.ScreenW, s.ScreenH, s.Zoom,
				c.ScreenW*tt.want, c.ScreenH*tt.want, c.Zoom*tt.want)
		}
		for _, w := range [][2]float64{{0, 0}, {1234.5, 987}, {4000, 3000}} {
			x1, y1 := c.ToScreen(w[0], w[1])
			xs, ys := s.ToScreen(w[0], w[1])
			if !near(xs, x1*tt.want) || !near(ys, y1*tt.want) {
				t.Errorf("scale %v: world %v at (%v, %v), want (%v, %v)", tt.scale, w, xs, ys, x1*tt.want, y1*tt.want)
			}
		}
	}
	if s := c.Scaled(2); s == c {
		t.Error("Scaled returned the camera itself, not a copy")
	}
}
