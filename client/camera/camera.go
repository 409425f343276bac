// Package camera holds the view onto the map: where it looks and how close,
// and the conversion between screen pixels and map pixels. It is plain Go,
// tested without a display.
package camera

// Zoom limits: the map drawn at a quarter of its size up to four times.
const (
	MinZoom = 0.25
	MaxZoom = 4
)

// Camera maps world pixels (the map image at zoom 1) to screen pixels:
// screen = (world - (X, Y)) * Zoom. The zero value is not useful; use New.
type Camera struct {
	X, Y float64 // world point at the screen's top-left corner
	Zoom float64
	// World and screen sizes, for clamping.
	WorldW, WorldH   float64
	ScreenW, ScreenH float64
}

// New returns a camera over a world of the given size, on a screen of the
// given size, zoomed to fit the whole world and centred on it.
func New(worldW, worldH, screenW, screenH float64) *Camera {
	c := &Camera{WorldW: worldW, WorldH: worldH, ScreenW: screenW, ScreenH: screenH, Zoom: 1}
	c.Fit()
	return c
}

// Fit zooms so the whole world fits the screen and centres it.
func (c *Camera) Fit() {
	if c.WorldW <= 0 || c.WorldH <= 0 {
		c.Zoom = 1
		return
	}
	c.Zoom = clamp(min(c.ScreenW/c.WorldW, c.ScreenH/c.WorldH), MinZoom, MaxZoom)
	c.X = c.WorldW/2 - c.ScreenW/2/c.Zoom
	c.Y = c.WorldH/2 - c.ScreenH/2/c.Zoom
	c.clamp()
}

// Resize tells the camera the screen's new size, keeping the world point at
// the screen's centre where it is.
func (c *Camera) Resize(screenW, screenH float64) {
	cx, cy := c.ToWorld(c.ScreenW/2, c.ScreenH/2)
	c.ScreenW, c.ScreenH = screenW, screenH
	c.X, c.Y = cx-screenW/2/c.Zoom, cy-screenH/2/c.Zoom
	c.clamp()
}

// ToWorld converts a screen point to world pixels.
func (c *Camera) ToWorld(sx, sy float64) (wx, wy float64) {
	return c.X + sx/c.Zoom, c.Y + sy/c.Zoom
}

// ToScreen converts a world point to screen pixels.
func (c *Camera) ToScreen(wx, wy float64) (sx, sy float64) {
	return (wx - c.X) * c.Zoom, (wy - c.Y) * c.Zoom
}

// Pan moves the view by a screen-pixel offset: dragging the map right by dx
// shows what lies further left.
func (c *Camera) Pan(dx, dy float64) {
	c.X -= dx / c.Zoom
	c.Y -= dy / c.Zoom
	c.clamp()
}

// ZoomAt multiplies the zoom by factor, keeping the world point under screen
// point (sx, sy) fixed, within MinZoom..MaxZoom.
func (c *Camera) ZoomAt(factor, sx, sy float64) {
	wx, wy := c.ToWorld(sx, sy)
	c.Zoom = clamp(c.Zoom*factor, MinZoom, MaxZoom)
	c.X, c.Y = wx-sx/c.Zoom, wy-sy/c.Zoom
	c.clamp()
}

// LookAt moves the view so that world point (wx, wy) is at screen point
// (sx, sy), as near as the world's edges allow (Pan's limits): the map
// centred on a place, or on the minimap's point.
func (c *Camera) LookAt(wx, wy, sx, sy float64) {
	c.X, c.Y = wx-sx/c.Zoom, wy-sy/c.Zoom
	c.clamp()
}

// clamp keeps at least half the screen on the world, so the map can never be
// panned out of sight; a world smaller than the screen stays centred.
func (c *Camera) clamp() {
	viewW, viewH := c.ScreenW/c.Zoom, c.ScreenH/c.Zoom
	c.X = clampAxis(c.X, viewW, c.WorldW)
	c.Y = clampAxis(c.Y, viewH, c.WorldH)
}

func clampAxis(pos, view, world float64) float64 {
	if world <= view {
		return world/2 - view/2
	}
	return clamp(pos, -view/2, world-view/2)
}

func clamp(v, lo, hi float64) float64 { return max(lo, min(hi, v)) }

// Scaled returns the camera as it draws on a screen scale times as large
// (an interface size of 2 draws the map twice as large, in the window's
// own pixels): the same world point at the screen's top-left corner, the
// zoom and the screen's size multiplied by scale. A screen keeps its
// camera in the units of 100 % (the zoom the player sets, the pan and the
// limits) and draws and hit-tests through Scaled. A scale of 1 or less
// returns a copy of c.
func (c *Camera) Scaled(scale float64) *Camera {
	s := *c
	if scale > 1 {
		s.Zoom *= scale
		s.ScreenW *= scale
		s.ScreenH *= scale
	}
	return &s
}
