package main

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"empires/client/app"
	"empires/client/board"
	"empires/client/module"
)

// selectColour is the outline of the selected hex (board's selectColor).
var selectColour = color.RGBA{255, 214, 64, 255}

// TestPointerPicksHex clicks hexes across the whole visible map, at two
// window sizes, three zooms and after a pan, and checks on the screen that
// the hex outlined as selected is the one under the pointer; then that a
// click where the Capital is drawn selects the Capital.

func TestPointerPicksHex(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-play", "-seed", "7", "-size", "32x24"}, func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1
	})
	for _, size := range []struct {
		w, h  int
		views []string
	}{
		{1024, 768, []string{"home", "zoomed out", "panned"}},
		{1920, 1080, []string{"zoomed in", "home", "panned"}},
	} {
		d.resize(size.w, size.h)
		for _, view := range size.views {
			t.Run(fmt.Sprintf("%dx%d %s", size.w, size.h, view), func(t *testing.T) {
				d.t = t
				p := d.setView(view)
				for _, pt := range d.pointsOnMap(p) {
					d.checkPick(pt)
				}
				d.checkCapital()
			})
		}
	}
}

// setView sets the camera: "home" centres on the Capital at the default
// zoom (H), "zoomed in" and "zoomed out" zoom with + and - from there,
// "panned" holds A down (A pans left; the arrow keys move the map's cursor).
func (d *driver) setView(view string) *app.Probe {
	d.t.Helper()
	p := d.read()
	d.move(p.Map[0]+(p.Map[2]-p.Map[0])/2, p.Map[1]+(p.Map[3]-p.Map[1])/3) // keys go to the window under the pointer
	d.key("Escape", "h")
	p = d.wait("home, nothing selected", func(p *app.Probe) bool { return p.Selected == "" })
	home := p.Camera[2]
	switch view {
	case "zoomed in":
		d.key("equal", "equal", "equal")
		return d.wait("zoom in", func(p *app.Probe) bool { return p.Camera[2] > home*1.9 })
	case "zoomed out":
		d.key("minus", "minus", "minus")
		return d.wait("zoom out", func(p *app.Probe) bool { return p.Camera[2] < home*0.6 })
	case "panned":
		x0 := p.Camera[0]
		return d.hold("a", "a pan", func(p *app.Probe) bool { return p.Camera[0] < x0-100 })
	}
	return p
}

// pointsOnMap returns window points spread over the part of the map the
// HUD leaves in sight (above the log and the minimap), each over a hex of
// the map.
func (d *driver) pointsOnMap(p *app.Probe) []image.Point {
	cx, cy, z := p.Camera[0], p.Camera[1], p.Camera[2]
	// The map's world rectangle on screen, less a hex at its ragged edges.
	margin := board.HexSize * 2.0
	x0 := max(p.Map[0]+30, p.Map[0]+int((margin-cx)*z))
	y0 := max(p.Map[1]+30, p.Map[1]+int((margin-cy)*z))
	x1 := min(p.Map[2]-30, p.Map[0]+int((p.World[0]-margin-cx)*z))
	y1 := min(p.Map[3]-200, p.Map[1]+int((p.World[1]-margin-cy)*z))
	if x1-x0 < 40 || y1-y0 < 40 {
		d.t.Fatalf("no map in sight: %+v", p)
	}
	var out []image.Point
	for _, f := range [][2]int{{1, 1}, {5, 3}, {3, 5}} { // sixths: top left, right, bottom
		out = append(out, image.Pt(x0+(x1-x0)*f[0]/6+7, y0+(y1-y0)*f[1]/6+5)) // off the grid of hex centres
	}
	return out
}

// checkPick clicks window point pt with nothing selected and checks that
// the selection outline the screen then shows surrounds pt. The pointer
// rests on the side panel for the pictures, so that no hover outline or
// tooltip covers the map there.
func (d *driver) checkPick(pt image.Point) {
	d.t.Helper()
	p := d.read()
	away := image.Pt(p.Map[2]+20, p.Map[3]-20) // on the side panel
	d.move(pt.X, pt.Y)
	d.key("Escape")
	d.wait("no selection", func(p *app.Probe) bool { return p.Selected == "" })
	d.move(away.X, away.Y)
	d.wait("no hover", func(p *app.Probe) bool { return p.Hover == "" })
	before := d.screenshot()
	d.click(pt.X, pt.Y, 1)
	p = d.wait("a selection", func(p *app.Probe) bool { return p.Selected != "" })
	if p.Hover != p.Selected {
		d.t.Errorf("at %v: hovered hex %s, selected %s", pt, p.Hover, p.Selected)
	}
	d.move(away.X, away.Y)
	d.wait("no hover", func(p *app.Probe) bool { return p.Hover == "" })
	after := d.screenshot()
	if q := d.read(); q.Camera != p.Camera || q.Selected != p.Selected {
		d.t.Fatalf("at %v: the camera moved or the selection changed while the test looked: %v %s, then %v %s",
			pt, p.Camera, p.Selected, q.Camera, q.Selected)
	}
	m := image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3])
	c, n := changedTo(before, after, selectColour, 12, m)
	r := board.HexSize * p.Camera[2] // a hex's radius on screen
	if n < 10 {
		d.t.Fatalf("at %v: no selection outline on the screen (%d pixels)", pt, n)
	}
	if !inHex(pt, c, r, 3) {
		d.t.Errorf("at %v (zoom %.2f): the selected hex %s is outlined around %v, and the pointer is outside it (a hex's radius is %.0f)",
			pt, p.Camera[2], p.Selected, c, r)
	}
}

// inHex reports whether point p lies in the pointy-top hexagon of radius r
// (centre to corner) centred on c, give or take tol pixels.
func inHex(p, c image.Point, r, tol float64) bool {
	dx := math.Abs(float64(p.X - c.X))
	dy := math.Abs(float64(p.Y - c.Y))
	return dx <= r*math.Sqrt(3)/2+tol && dy <= r-dx/math.Sqrt(3)+tol
}

// checkCapital clicks where the Capital is drawn: the Capital is
// selected.
func (d *driver) checkCapital() {
	d.t.Helper()
	p := d.read()
	var capital *module.Mark
	for i := range p.Mine {
		if p.Mine[i].Kind == "capital" {
			capital = &p.Mine[i]
		}
	}
	if capital == nil || !capital.OnMap {
		return // zoomed in elsewhere
	}
	d.move(int(capital.X), int(capital.Y))
	d.key("Escape")
	d.wait("no selection", func(p *app.Probe) bool { return p.Selected == "" })
	d.click(int(capital.X), int(capital.Y), 1)
	d.wait("the Capital selected", func(p *app.Probe) bool { return p.Picked["capital"] == capital.ID })
}
