package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// TestEmpireInTheWindow plays the empire ruleset in the real client as a
// new player does, with the pointer and the keys: Play vs AI, Empire
// picked in the list, Start; a click on the square where the player's
// city is drawn selects it, and its Production… window sets it to
// produce Cavalry; a second click selects its garrison, whose Split off…
// window splits three units off as a new army, which a click on a square
// nearby sends there. Enter, the key the help names, ends the turn; on
// the next turn the army stands on another square, and the screen shows
// it there (the player's colour where it was not before). Then it saves
// the screen at 1024x768 and 1920x1080 with the city selected, the
// production window, the army selected and the help (EMPIRES_SCREENSHOTS
// keeps them).
func TestEmpireInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800)
	d.press("Play vs AI")
	d.press("Empire")
	d.button("Squares") // the form of Empire, laid out: its board's shape
	d.frames(5)
	d.press("Start")
	p := d.wait("an empire game", func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 })
	if have, want := p.TurnText, "Turn 1"; have != want {
		t.Errorf("the top bar says %q, want %q", have, want)
	}
	city := d.mine("city")
	garrison := d.thingOn("garrison", city.Cell)
	if !city.OnMap {
		t.Fatalf("the city is not on the map: %+v", city)
	}

	// The city: its production.
	d.click(int(city.X), int(city.Y), 1)
	d.wait("the city selected", func(p *app.Probe) bool { return p.Picked["city"] == city.ID && p.Selected == city.Cell })
	d.press("Production…")
	d.wait("the production window", func(p *app.Probe) bool { return p.WindowOpen })
	d.pressPrefix("Cavalry · ")
	d.wait("Cavalry in the orders", func(p *app.Probe) bool {
		return !p.WindowOpen && p.Orders == 1 && strings.Contains(p.Drafts[0], "produce Cavalry")
	})

	// Its garrison: a new army of three units, sent to a square nearby
	// by a click.
	d.click(int(city.X), int(city.Y), 1)
	d.wait("the garrison selected", func(p *app.Probe) bool { return p.Picked["garrison"] == garrison.ID })
	d.press("Split off…")
	d.wait("the split window", func(p *app.Probe) bool { return p.WindowOpen })
	d.press("Split off 3 units as a new army")
	p = d.wait("the new army drafted and selected", func(p *app.Probe) bool {
		return !p.WindowOpen && p.Orders == 2 && p.Picked["army"] >= 1<<31
	})
	cell := p.CellSize
	city = d.mine("city") // where it is drawn now
	newArmy := p.Picked["army"]
	var target image.Point
	for _, off := range [][2]int{{2, 0}, {0, 2}, {-2, 0}, {0, -2}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		at := image.Pt(int(city.X+float64(off[0])*cell), int(city.Y+float64(off[1])*cell))
		if !at.In(image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3]-200)) {
			continue
		}
		d.click(at.X, at.Y, 1)
		d.frames(2)
		if p = d.read(); p.Orders == 2 && strings.Contains(p.Drafts[1], "as a new army, to ") {
			target = at
			break
		}
		if p.Picked["army"] != newArmy {
			t.Fatalf("a click at %v (the city at %.0f,%.0f, a square %.0f pixels) took the new army's selection: %s selected, %v picked; side panel %q",
				at, city.X, city.Y, cell, p.Selected, p.Picked, p.Side)
		}
	}
	if target == (image.Point{}) {
		p = d.read()
		t.Fatalf("no square near the city takes the new army: %v; %s selected, %v picked; hint %q, side panel %q",
			p.Drafts, p.Selected, p.Picked, p.Hint, p.Side)
	}
	goal := d.read().Hover
	d.move(p.Map[0]+10, p.Map[1]+10) // the pointer off the army's way
	d.frames(2)
	before := d.screenshot()
	log := d.read().Log

	// Enter ends the turn.
	d.key("Return")
	d.wait("turn 2", func(p *app.Probe) bool { return p.Turn == 2 })
	d.wait("the turn's moves shown", func(p *app.Probe) bool { return !p.Animating })
	d.frames(2)
	p = d.read()
	var army *module.Mark
	for i := range p.Mine {
		if m := &p.Mine[i]; m.Kind == "army" && m.Units == 3 {
			army = m
		}
	}
	if army == nil {
		t.Fatalf("no army of 3 units after the turn: %+v", p.Mine)
	}
	if army.Cell == city.Cell {
		t.Fatalf("the army did not leave the city (%s) for %s", city.Cell, goal)
	}
	if p.Log <= log {
		t.Error("the log says nothing of the turn")
	}
	after := d.screenshot()
	r := int(cell / 2)
	around := image.Rect(int(army.X)-r, int(army.Y)-r, int(army.X)+r, int(army.Y)+r)
	amber := color.RGBA{248, 142, 0, 255} // the first player's colour
	if _, n := changedTo(before, after, amber, 40, around); n < 30 {
		t.Errorf("the army's square %s changed to the player's colour in %d pixels: the army is not drawn there", army.Cell, n)
	}

	// The screens at two sizes: the city, its production, the army, the
	// help.
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.key("h")
		city = d.mine("city")
		d.key("Escape")
		d.click(int(city.X), int(city.Y), 1)
		d.wait("the city selected", func(p *app.Probe) bool { return p.Picked["city"] == city.ID })
		d.keep(fmt.Sprintf("empire-%dx%d-city", size[0], size[1]))
		d.press("Production…")
		d.wait("the production window", func(p *app.Probe) bool { return p.WindowOpen })
		d.keep(fmt.Sprintf("empire-%dx%d-production", size[0], size[1]))
		d.key("Escape")
		d.wait("the window closed", func(p *app.Probe) bool { return !p.WindowOpen })
		a := d.thing("army")
		if a.OnMap {
			d.click(int(a.X), int(a.Y), 1)
			d.wait("the army selected", func(p *app.Probe) bool { return p.Picked["army"] == a.ID })
			d.keep(fmt.Sprintf("empire-%dx%d-army", size[0], size[1]))
		}
		d.key("F1")
		d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
		d.keep(fmt.Sprintf("empire-%dx%d-help", size[0], size[1]))
		d.key("Escape")
		d.wait("the help closed", func(p *app.Probe) bool { return !p.WindowOpen })
	}
}

// thing returns the player's first thing of kind.
func (d *driver) thing(kind string) module.Mark {
	d.t.Helper()
	for _, m := range d.read().Mine {
		if m.Kind == kind {
			return m
		}
	}
	d.t.Fatalf("no %s of the player's", kind)
	return module.Mark{}
}

// thingOn returns the player's thing of kind on cell c.
func (d *driver) thingOn(kind, c string) module.Mark {
	d.t.Helper()
	for _, m := range d.read().Mine {
		if m.Kind == kind && m.Cell == c {
			return m
		}
	}
	d.t.Fatalf("no %s of the player's on %s", kind, c)
	return module.Mark{}
}

// pressPrefix clicks the first button (by label, sorted) whose label
// begins with prefix.
func (d *driver) pressPrefix(prefix string) {
	d.t.Helper()
	p := d.wait("a button "+prefix+"…", func(p *app.Probe) bool {
		for l, b := range p.Buttons {
			if strings.HasPrefix(l, prefix) && b.Rect[2] > b.Rect[0] {
				return true
			}
		}
		return false
	})
	best := ""
	for l := range p.Buttons {
		if strings.HasPrefix(l, prefix) && (best == "" || l < best) {
			best = l
		}
	}
	d.press(best)
}

// TestAutoplayEmpire plays a whole game of empire in the real client under
// X, scripted against two AI seats (-ruleset empire) on a small map: each
// turn the orders a plain player gives (the screen's Autoplayer: cities
// produce, garrisons send armies off to the nearest settlement not the
// player's), until the game has a winner; then it watches the game again
// from the Replays screen, a turn through the first player's eyes. The
// client exits non-zero on any error, a refused order among them or a
// replay refused; the test checks that the game ended with a winner, and
// that the screenshots show the map.
func TestAutoplayEmpire(t *testing.T) {
	needTools(t)
	t.Parallel()
	bin := buildClient(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "-autoplay", dir, "-ruleset", "empire", "-turns", "300", "-seed", "7", "-size", "16x16")
	cmd.Env = append(os.Environ(), "DISPLAY="+startXvfb(t, scriptedScreen), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	logCPU(t, "the client", cmd.ProcessState)
	if err != nil {
		t.Fatalf("client -autoplay -ruleset empire: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "autoplay: the game is over: ") || strings.Contains(out.String(), "over: nobody won") {
		t.Errorf("the game did not end with a winner:\n%s", out.String())
	}
	for _, name := range []string{"menu", "setup", "turn1-orders", "turn2-orders", "final", "replays", "replay"} {
		img := readPNG(t, filepath.Join(dir, name+".png"))
		if keep := os.Getenv("EMPIRES_SCREENSHOTS"); keep != "" {
			copyFile(t, filepath.Join(dir, name+".png"), filepath.Join(keep, "empire-autoplay-"+name+".png"))
		}
		if n := len(colours(img)); n < 8 {
			t.Errorf("%s: only %d colours: a blank screen", name, n)
		}
	}
	// The first turn's screen shows the map: the terrain in sight is in
	// terrain.dat's saturated colours, where the unknown, the background
	// and the HUD are dark or grey.
	img := readPNG(t, filepath.Join(dir, "turn1-orders.png"))
	n := 0
	for c, k := range colours(img) {
		if hi, lo := max(c.R, c.G, c.B), min(c.R, c.G, c.B); int(hi)-int(lo) > 60 && hi > 90 {
			n += k
		}
	}
	if total := img.Bounds().Dx() * img.Bounds().Dy(); n*100 < total*3 {
		t.Errorf("turn1-orders: %d of %d pixels in colour: no map in sight", n, total)
	}
}
