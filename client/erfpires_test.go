package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// TestErfpiresInTheWindow plays Mighty Erfpires in the real client as a
// new player does, with the pointer and the keys: Play vs AI, the
// ruleset picked in the list, Start; the top bar says the day and the
// tax day; a click on the city (the second: the first selects its army)
// shows its recruits (the idle screen is not drawn again and again);
// recruiting 1 Infantry and then 2 keeps one order,
// the second, in the day's slot; Enter ends the day and the screen shows
// the army grown. Then on the next days it builds a Farm, a Dinglehoober
// and a Fort next to the city by their rows of directions, each drawn on
// the map where it was built; and it saves the screen at 1024x768 and
// 1920x1080 with the city selected, the realm's panel and the help
// (EMPIRES_SCREENSHOTS keeps them).
func TestErfpiresInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800)
	d.press("Play vs AI")
	d.press("Mighty Erfpires")
	d.press("Start")
	p := d.wait("an erfpires game", func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 })
	if have, want := p.TurnText, "Day 1 (week 1, day 1) · tax: today"; have != want {
		t.Errorf("the top bar says %q, want %q", have, want)
	}
	if !strings.HasPrefix(p.Money, "Smuckers 10, tomorrow 10") {
		t.Errorf("the top bar's money is %q", p.Money)
	}
	city := d.mine("city")
	army := d.armyOn(city.Cell)
	// The idle screen is drawn a few times at most while the client
	// updates 120 times: the top bar's fitting and the realm's panel do
	// not redraw it.
	d.move(p.Map[0]+200, p.Map[1]+40)
	d.frames(30)
	idle := d.read()
	d.frames(120)
	if after := d.read(); after.Draws-idle.Draws > 12 {
		t.Errorf("idle game screen drawn %d times in %d updates", after.Draws-idle.Draws, after.Frame-idle.Frame)
	}

	d.selectCity(city)
	d.press("Recruit Infantry/1")
	d.wait("1 Infantry in the day's slot", func(p *app.Probe) bool {
		return p.Orders == 1 && strings.HasPrefix(p.Drafts[0], "Recruit 1 Infantry") && strings.HasPrefix(p.Slot, "Order: Recruit")
	})
	if b := d.read().Buttons["Recruit Infantry/3"]; !b.Disabled {
		t.Error("recruiting 3 Infantry with one city is not disabled")
	}
	d.press("Recruit Infantry/2")
	p = d.wait("2 Infantry in the day's slot, in place of the 1", func(p *app.Probe) bool {
		return p.Orders == 1 && strings.HasPrefix(p.Drafts[0], "Recruit 2 Infantry")
	})
	if !strings.Contains(p.Money, "tomorrow 8") {
		t.Errorf("with 2 Infantry recruited the money says %q", p.Money)
	}
	before := d.screenshot()
	log := p.Log
	d.endDay(2)
	p = d.read()
	if grown := d.armyOn(city.Cell); grown.ID != army.ID || grown.Units != army.Units+2 {
		t.Errorf("after the recruit the army in the city is %+v, before %+v", grown, army)
	}
	if p.Log <= log {
		t.Error("the log says nothing of the day")
	}
	after := d.screenshot()
	r := int(16 * p.Camera[2])
	around := image.Rect(int(city.X)-2*r, int(city.Y)-2*r, int(city.X)+2*r, int(city.Y)+2*r)
	if n := differ(before, after, around); n < 20 {
		t.Errorf("the city's hex changed %d pixels: the recruits are not on the screen", n)
	}

	// Days 2 to 4: a structure of each kind next to the city, each on a
	// hex of its own if it may.
	used := map[string]bool{}
	for day, kind := range []string{"Farm", "Dinglehoober", "Fort"} {
		d.selectCity(city)
		p = d.read()
		pressed := ""
		for _, dir := range []string{"E", "NE", "NW", "W", "SW", "SE"} {
			if b, ok := p.Buttons[kind+"/"+dir]; ok && !b.Disabled && (pressed == "" || used[pressed[len(kind)+1:]]) {
				pressed = kind + "/" + dir
			}
		}
		used[pressed[len(kind)+1:]] = true
		if pressed == "" {
			t.Fatalf("day %d: no hex next to the city takes a %s: %v", day+2, kind, p.Buttons)
		}
		d.press(pressed)
		d.wait("the "+kind+" in the day's slot", func(p *app.Probe) bool {
			return p.Orders == 1 && strings.HasPrefix(p.Drafts[0], "Build a "+kind)
		})
		before := d.screenshot()
		d.endDay(day + 3)
		p = d.read()
		var built *module.Mark
		for i := range p.Mine {
			if p.Mine[i].Kind == kind {
				built = &p.Mine[i]
			}
		}
		if built == nil {
			t.Fatalf("day %d: no %s of the player's on the map: %+v", day+2, kind, p.Mine)
		}
		after := d.screenshot()
		at := image.Rect(int(built.X)-r, int(built.Y)-r, int(built.X)+r, int(built.Y)+r)
		if n := differ(before, after, at); n < 20 {
			t.Errorf("day %d: the %s's hex changed %d pixels: it is not drawn", day+2, kind, n)
		}
	}

	// The screens at two sizes: the city, the realm, the help.
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.key("h", "equal")
		city = d.mine("city")
		d.selectCity(city)
		d.keep(fmt.Sprintf("erfpires-%dx%d-city", size[0], size[1]))
		d.press("Erfpire")
		p = d.wait("the realm's panel", func(p *app.Probe) bool { return len(p.Picked) == 0 && p.Selected == "" })
		// A city's 3, a Farm's 1, less an army's 1.
		if _, ok := p.Buttons["Tax: +3 Smuckers"]; !ok {
			t.Errorf("the realm's panel offers no Tax of +3 (a city, a Farm, an army): %v", p.Buttons)
		}
		d.keep(fmt.Sprintf("erfpires-%dx%d-realm", size[0], size[1]))
		d.key("F1")
		d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
		d.keep(fmt.Sprintf("erfpires-%dx%d-help", size[0], size[1]))
		d.key("Next", "Next", "Next")
		d.keep(fmt.Sprintf("erfpires-%dx%d-help-orders", size[0], size[1]))
		d.key("Escape")
		d.wait("the help closed", func(p *app.Probe) bool { return !p.WindowOpen })
	}
}

// armyOn returns the player's army on hex h (the probe's "col,row").
func (d *driver) armyOn(h string) module.Mark {
	d.t.Helper()
	for _, m := range d.read().Mine {
		if m.Kind == "army" && m.Cell == h {
			return m
		}
	}
	d.t.Fatalf("no army of the player's on %s", h)
	return module.Mark{}
}

// selectCity clicks city until it is selected: a click on its hex
// selects the army in it first, the next the city.
func (d *driver) selectCity(city module.Mark) {
	d.t.Helper()
	d.move(int(city.X), int(city.Y))
	d.key("Escape")
	for range 3 {
		d.click(int(city.X), int(city.Y), 1)
		if d.wait("a selection", func(p *app.Probe) bool { return p.Selected != "" }).Picked[city.Kind] == city.ID {
			return
		}
	}
	d.wait("the city selected", func(p *app.Probe) bool { return p.Picked[city.Kind] == city.ID })
}

// endDay ends the day with Enter, the pointer on the map, and waits for
// day next and its animation.
func (d *driver) endDay(next int) {
	d.t.Helper()
	p := d.read()
	d.move(p.Map[0]+40, p.Map[1]+40)
	d.key("Return")
	d.wait(fmt.Sprintf("day %d", next), func(p *app.Probe) bool { return p.Turn == next })
	d.frames(90) // the day's animation, at most a few steps
}

// keep saves a screenshot (F12) named name in EMPIRES_SCREENSHOTS, if
// set, with the pointer off the map.
func (d *driver) keep(name string) {
	d.t.Helper()
	p := d.read()
	d.move(p.Map[2]+p.Window[0]/100, p.Window[1]-8) // the side panel's foot
	d.frames(2)
	d.screenshot()
	if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
		copyFile(d.t, d.last, filepath.Join(dir, name+".png"))
	}
}
