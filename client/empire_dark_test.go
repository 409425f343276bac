package main

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"

	"empires/client/app"
)

// TestEmpireIntoTheDark plays a turn of empire in the real client as the
// playtest did, at 1024x768 and with the pointer and the keys: the city's
// Production… window, whose two columns of units each keep their labels
// inside their buttons; the city's whole garrison split off as a new army
// (the city's panel then warns, in red, that nothing guards it); a right
// click on a square never seen, which drafts a guessed path into the dark
// instead of refusing it; the pointer resting beside the army, where the
// path's tooltip and the square's own both show; Enter, and the server
// takes the order: the army sets off. EMPIRES_SCREENSHOTS keeps the
// screens at 1024x768 and 1920x1080.
func TestEmpireIntoTheDark(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-play", "-ruleset", "empire", "-size", "24x16", "-seed", "7"}, func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1
	})
	d.frames(5)
	p := d.resize(1024, 768)
	d.move(p.Map[0]+(p.Map[2]-p.Map[0])/2, p.Map[1]+(p.Map[3]-p.Map[1])/3)
	d.key("h")
	city := d.mine("city")
	garrison := d.thingOn("garrison", city.Cell)

	// The production window: no label runs past its button.
	d.click(int(city.X), int(city.Y), 1)
	d.wait("the city selected", func(p *app.Probe) bool { return p.Picked["city"] == city.ID })
	before := d.screenshot() // the city's panel, guarded
	d.press("Production…")
	p = d.wait("the production window", func(p *app.Probe) bool { return p.WindowOpen })
	shot := d.screenshot()
	keepShot(d, "empire-dark-1024x768-production")
	units := 0
	for label, b := range p.Buttons {
		if !strings.Contains(label, " · ") {
			continue
		}
		units++
		if label == p.Focused {
			continue // the focus ring is drawn just outside its button
		}
		r := image.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3])
		past := image.Rect(r.Max.X+1, r.Min.Y+2, r.Max.X+10, r.Max.Y-2) // just right of the button
		if n := bright(shot, past); n > 0 {
			t.Errorf("the label %q runs past its button %v: %d bright pixels right of it", label, r, n)
		}
	}
	if units < 8 {
		t.Fatalf("the production window has %d units: %v", units, p.Buttons)
	}
	d.key("Escape")
	d.wait("the window closed", func(p *app.Probe) bool { return !p.WindowOpen })

	// The whole garrison as a new army: the city unguarded.
	d.click(int(city.X), int(city.Y), 1)
	d.wait("the garrison selected", func(p *app.Probe) bool { return p.Picked["garrison"] == garrison.ID })
	d.press("Split off…")
	d.wait("the split window", func(p *app.Probe) bool { return p.WindowOpen })
	d.pressPrefix("[ ] ") // the one unit the window leaves
	all := fmt.Sprintf("Split off %d units as a new army", garrison.Units)
	d.press(all)
	p = d.wait("the new army drafted and selected", func(p *app.Probe) bool {
		return !p.WindowOpen && p.Orders == 1 && p.Picked["army"] >= 1<<31
	})

	// A right click on a square never seen: a guessed path into the dark.
	cell := p.CellSize
	var dark image.Point
	for _, off := range [][2]int{{7, 0}, {-7, 0}, {0, 6}, {0, -6}, {5, 4}, {-5, -4}, {5, -4}, {-5, 4}} {
		at := image.Pt(int(city.X+float64(off[0])*cell), int(city.Y+float64(off[1])*cell))
		if at.In(image.Rect(p.Map[0]+20, p.Map[1]+20, p.Map[2]-20, p.Map[3]-200)) {
			dark = at
			break
		}
	}
	if dark == (image.Point{}) {
		t.Fatalf("no square 6 or 7 squares from the city on the map: city %+v, map %v", city, p.Map)
	}
	d.click(dark.X, dark.Y, 3)
	p = d.wait("the move drafted", func(p *app.Probe) bool {
		return p.Orders == 1 && strings.Contains(p.Drafts[0], "as a new army, to ")
	})
	if !strings.Contains(p.Drafts[0], "(through unknown squares)") {
		t.Errorf("the right click into the dark drafted %q, want a guessed path", p.Drafts[0])
	}

	// The pointer beside the army: the path's tooltip over the square's.
	near := image.Pt(int(city.X+cell), int(city.Y))
	d.move(near.X, near.Y)
	d.wait("the pointer there", func(p *app.Probe) bool { return p.Cursor == [2]int{near.X, near.Y} })
	d.frames(40) // the square's tooltip shows after a moment
	tips := d.screenshot()
	keepShot(d, "empire-dark-1024x768-tooltips")
	if n := boxEdges(tips, near.X+20, near.Y-60, near.Y+220); n < 4 {
		t.Errorf("beside the army %d tooltip edges, want the path's box and the square's (4)", n)
	}

	// The city's panel warns.
	d.click(int(city.X), int(city.Y), 1)
	p = d.wait("the city selected", func(p *app.Probe) bool { return p.Picked["city"] == city.ID })
	d.move(p.Map[0]+10, p.Map[1]+10)
	d.frames(2)
	after := d.screenshot()
	keepShot(d, "empire-dark-1024x768-unguarded")
	side := image.Rect(p.Map[2], p.Map[1], p.Window[0], p.Window[1])
	errorRed := color.RGBA{242, 112, 92, 255} // the theme's error colour
	_, was := changedTo(image.NewRGBA(before.Bounds()), before, errorRed, 12, side)
	_, now := changedTo(image.NewRGBA(after.Bounds()), after, errorRed, 12, side)
	if was > 20 || now < 100 {
		t.Errorf("the city's panel has %d red pixels with its garrison, %d without: want a warning only without", was, now)
	}

	// Enter: the server takes the path into the dark.
	d.key("Return")
	d.wait("turn 2", func(p *app.Probe) bool { return p.Turn == 2 })
	p = d.wait("the turn's moves shown", func(p *app.Probe) bool { return !p.Animating })
	moved := false
	for _, m := range p.Mine {
		if m.Kind == "army" && m.Cell != city.Cell {
			moved = true
		}
	}
	if !moved {
		t.Errorf("no army left the city for the dark: %+v", p.Mine)
	}

	// The same screens at 1920x1080.
	d.resize(1920, 1080)
	d.key("h")
	city = d.mine("city")
	d.click(int(city.X), int(city.Y), 1)
	d.wait("the city selected", func(p *app.Probe) bool { return p.Picked["city"] == city.ID })
	d.keep("empire-dark-1920x1080-unguarded")
	d.press("Production…")
	d.wait("the production window", func(p *app.Probe) bool { return p.WindowOpen })
	d.keep("empire-dark-1920x1080-production")
	d.key("Escape")
	d.wait("the window closed", func(p *app.Probe) bool { return !p.WindowOpen })
	d.key("Tab")
	p = d.wait("the army selected", func(p *app.Probe) bool { return p.Picked["army"] != 0 })
	cell = p.CellSize
	army := d.thing("army")
	near = image.Pt(int(army.X-cell), int(army.Y))
	d.move(near.X, near.Y)
	d.frames(40)
	d.screenshot()
	keepShot(d, "empire-dark-1920x1080-tooltips")
}

// bright counts the pixels of r in img bright enough to be text on the
// dark windows.
func bright(img image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr>>8+cg>>8+cb>>8 > 450 {
				n++
			}
		}
	}
	return n
}

// boxEdges counts the tooltip box edges (the rims drawBox draws, in
// {120, 110, 90}) crossed going down column x of img from y0 to y1: two a
// box.
func boxEdges(img image.Image, x, y0, y1 int) int {
	rim := color.RGBA{120, 110, 90, 255}
	n, on := 0, false
	for y := y0; y < y1; y++ {
		r, g, b, _ := img.At(x, y).RGBA()
		at := near(int(r>>8), int(rim.R), 3) && near(int(g>>8), int(rim.G), 3) && near(int(b>>8), int(rim.B), 3)
		if at && !on {
			n++
		}
		on = at
	}
	return n
}
