package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// TestLogInTheWindow plays a few days of Mighty Erfpires in the real
// client at 1024x768 and reads the event log on the screen, as a player
// does: the army sent exploring on day 1 and moved back by a right-click
// on its city on day 2 each have their line ("explored to", "moved to"),
// under the days' headings ("Day 1", "Day 2"); a long line (the tax's)
// is wrapped inside the log, its further pieces hanging under it, and
// wrapped again at 1920x1080; the log is saved at both sizes
// (EMPIRES_SCREENSHOTS keeps it).
func TestLogInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.press("Play vs AI")
	d.press("Mighty Erfpires")
	d.press("Start")
	d.wait("an erfpires game", func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 })
	d.resize(1024, 768)
	d.key("h")
	city := d.mine("city")
	army := d.armyOn(city.Cell)

	// Day 1: the army explores, the first way open.
	d.selectArmy(army)
	p := d.read()
	explore := ""
	for _, dir := range []string{"E", "W", "NE", "SE", "NW", "SW"} {
		if b, ok := p.Buttons["Explore/"+dir]; ok && !b.Disabled {
			explore = "Explore/" + dir
			break
		}
	}
	if explore == "" {
		t.Fatalf("no Explore open to the army: %v", p.Buttons)
	}
	d.press(explore)
	d.wait("the explore in the day's slot", func(p *app.Probe) bool {
		return p.Orders == 1 && strings.Contains(p.Drafts[0], "explores")
	})
	d.endDay(2)
	moved := d.armyOn(d.mineArmy(army.ID).Cell)
	p = d.read()
	wantLine(t, p, "Day 1", fmt.Sprintf("Your army %d explored to (%s)", army.ID, moved.Cell))

	// Day 2: back to the city, by a right-click on it.
	d.selectArmy(moved)
	d.click(int(city.X), int(city.Y), 3)
	d.wait("the move in the day's slot", func(p *app.Probe) bool { return p.Orders == 1 })
	d.endDay(3)
	p = d.read()
	wantLine(t, p, "Day 2", fmt.Sprintf("Your army %d moved to (%s)", army.ID, city.Cell))

	// Day 3: the tax, whose line is long.
	d.key("Escape")
	d.press("Erfpire")
	p = d.read()
	tax := ""
	for label, b := range p.Buttons {
		if strings.HasPrefix(label, "Tax") && !b.Disabled {
			tax = label
		}
	}
	if tax == "" {
		t.Fatalf("no Tax on day 3: %v", p.Buttons)
	}
	d.press(tax)
	d.wait("the tax in the day's slot", func(p *app.Probe) bool { return p.Orders == 1 })
	d.endDay(4)
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.frames(5)
		p = d.read()
		line := wantLine(t, p, "Day 3", "You taxed your Erfpire: ")
		if size[0] == 1024 && (line+1 >= len(p.LogText) || !strings.HasPrefix(p.LogText[line+1], "    ")) {
			t.Errorf("%dx%d: the tax's line is not wrapped: %q", size[0], size[1], p.LogText)
		}
		d.keep(fmt.Sprintf("log-%dx%d", size[0], size[1]))
	}
}

// wantLine checks that the log on the screen has a line beginning with
// prefix (after its indent) under the heading day, and returns its index
// in p.LogText.
func wantLine(t *testing.T, p *app.Probe, day, prefix string) int {
	t.Helper()
	at := slices.Index(p.LogText, day)
	for i := at + 1; at >= 0 && i < len(p.LogText) && strings.HasPrefix(p.LogText[i], " "); i++ {
		if strings.HasPrefix(p.LogText[i], "  "+prefix) {
			return i
		}
	}
	t.Errorf("no line %q under %q in the log: %q", prefix, day, p.LogText)
	return -1
}

// mineArmy returns the player's army id as the probe shows it now.
func (d *driver) mineArmy(id int) module.Mark {
	d.t.Helper()
	for _, m := range d.read().Mine {
		if m.Kind == "army" && m.ID == id {
			return m
		}
	}
	d.t.Fatalf("no army %d of the player's", id)
	return module.Mark{}
}
