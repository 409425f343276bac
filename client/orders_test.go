package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// TestOrdersInTheWindow gives orders as a new player does, with the
// pointer and the keys, in an erfworld game and then an erfpires one (one
// client: Leave, then Play vs AI again). Erfworld, turn 1: in the Capital
// "Form N Infantry" (the most) leaves every other button where it was,
// and the one now under the pointer is still Infantry's; a Warlord is
// popped. Turn 2: the lone Warlord takes all the garrison's units; the
// side panel shows them with what it holds now, the path's tooltip counts
// the move points of the Warlord with his Infantry, not alone, and the
// army marches that far. Erfpires, day 1: the army's path to a hex 4
// hexes away says it moves 2 of them today; ordered, it stands 2 hexes
// on the next day. The screens are kept at 1024x768 and 1920x1080
// (EMPIRES_SCREENSHOTS).
func TestOrdersInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-play", "-seed", "7", "-size", "24x24"}, func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1
	})
	d.resize(1024, 768)
	capital := d.mine("capital")
	d.selectCity(capital)

	// Form the most Infantry: the buttons stay put.
	p := d.read()
	form := ""
	most := 0
	for label, b := range p.Buttons {
		var n int
		if _, err := fmt.Sscanf(label, "Form %d Infantry", &n); err == nil && n > most && !b.Disabled {
			form, most = label, n
		}
	}
	if most < 2 {
		t.Fatalf("the Capital offers no Form of 2 or more Infantry: %v", p.Buttons)
	}
	before := p.Buttons
	r := d.button(form)
	at := r.Min.Add(r.Max).Div(2)
	d.click(at.X, at.Y, 1)
	d.wait("the Infantry drafted", func(p *app.Probe) bool { return p.Orders == 1 })
	// The panel laid out again: the client may update several times
	// between two draws on a busy machine, and lays widgets out as it
	// draws them.
	p = d.wait("the panel laid out with the order", func(p *app.Probe) bool {
		for label, was := range before {
			if b, ok := p.Buttons[label]; ok && was.Rect[0] > p.Map[2] && b.Rect == [4]int{} {
				return false // rebuilt, not laid out yet
			}
		}
		infantry := 0
		for label, b := range p.Buttons {
			if strings.Contains(label, "Infantry") {
				if b.Rect == [4]int{} {
					return false // a button of the new draft, not laid out yet
				}
				infantry++
			}
		}
		return infantry > 0
	})
	under := ""
	for label, b := range p.Buttons {
		if image.Pt(at.X, at.Y).In(image.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3])) {
			under = label
		}
	}
	if !strings.Contains(under, "Infantry") {
		t.Errorf("after %q the pointer is on %q, not on Infantry's button", form, under)
	}
	for label, b := range before {
		if a, ok := p.Buttons[label]; ok && a.Rect != b.Rect && !strings.Contains(label, "Infantry") && b.Rect[0] > p.Map[2] {
			t.Errorf("after %q the button %q moved from %v to %v", form, label, b.Rect, a.Rect)
		}
	}
	d.keep("orders-1024x768-formed")
	d.selectCity(capital)
	d.press("Warlord level/1")
	d.wait("the Warlord drafted", func(p *app.Probe) bool { return p.Orders == 2 })
	d.endTurnAnyway(2)

	// Turn 2: the Warlord takes the garrison's units.
	var lord, garrison module.Mark
	for _, m := range d.read().Mine {
		switch {
		case m.Kind != "army" || m.Cell != capital.Cell:
		case m.Units == 0:
			lord = m
		case m.Units == most:
			garrison = m
		}
	}
	if lord.ID == 0 || garrison.ID == 0 {
		t.Fatalf("no lone Warlord and garrison of %d in the Capital: %+v", most, d.read().Mine)
	}
	d.selectArmy(lord)
	d.press(fmt.Sprintf("Take all %d units of army %d", most, garrison.ID))
	p = d.wait("the transfer drafted", func(p *app.Probe) bool { return p.Orders == 1 })
	if want := fmt.Sprintf("Infantry %d (now: no units)", most); !slices.Contains(p.Side, want) {
		t.Errorf("the Warlord's panel does not say %q: %q", want, p.Side)
	}
	rules, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	points := rules.ArmyMove([]int{most})
	if points >= rules.Warlord.MoveAlone {
		t.Fatalf("the data: %d Infantry move %d, a lone Warlord %d: the test needs them slower", most, points, rules.Warlord.MoveAlone)
	}
	goal, p := d.hoverAway(lord, points+1)
	if want := fmt.Sprintf("Beyond this turn's %d move points: it goes as far as it can", points); !slices.Contains(p.Preview, want) {
		t.Errorf("the path to %s says %q, want %q", goal, p.Preview, want)
	}
	d.keepHere("orders-1024x768-transfer-path")
	d.click(int(p.Cursor[0]), int(p.Cursor[1]), 3)
	d.wait("the march drafted", func(p *app.Probe) bool { return p.Orders == 2 })
	d.endTurnAnyway(3)
	for _, m := range d.read().Mine {
		if m.ID == lord.ID {
			if dist := hex.Distance(cellHex(t, m.Cell), cellHex(t, capital.Cell)); dist != points || m.Units != most {
				t.Errorf("on turn 3 the Warlord's army of %d units is %d hexes from the Capital, want %d units %d hexes on", m.Units, dist, most, points)
			}
		}
	}
	d.resize(1920, 1080)
	d.key("h")
	d.selectCity(d.mine("capital"))
	d.keep("orders-1920x1080-city")

	// Erfpires: a move of 4 hexes goes 2 today.
	d.press("Menu")
	d.press("Leave the game")
	d.press("Leave")
	d.wait("the main menu", func(p *app.Probe) bool { return p.Screen == "menu" })
	d.press("Play vs AI")
	d.press("Mighty Erfpires")
	d.press("Start")
	d.wait("an erfpires game", func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 })
	for _, size := range [][2]int{{1920, 1080}, {1024, 768}} {
		d.resize(size[0], size[1])
		d.key("h")
		city := d.mine("city")
		army := d.armyOn(city.Cell)
		d.selectArmy(army)
		goal, p = d.hoverAway(army, 4)
		// The path may go round what stands in the way (a Mountain, a
		// city): its steps are the first line's.
		steps := 0
		if len(p.Preview) > 0 {
			fmt.Sscanf(p.Preview[0], "%d steps", &steps)
		}
		if want := fmt.Sprintf("Moves 2 of %d hexes today (2 move points): order the rest tomorrow", steps); steps < 4 || !slices.Contains(p.Preview, want) {
			t.Errorf("%dx%d: the path to %s says %q, want %d steps or more and %q", size[0], size[1], goal, p.Preview, 4, want)
		}
		d.keepHere(fmt.Sprintf("orders-%dx%d-erfpires-path", size[0], size[1]))
	}
	city := d.mine("city")
	army := d.armyOn(city.Cell)
	d.click(int(p.Cursor[0]), int(p.Cursor[1]), 3)
	p = d.wait("the move drafted", func(p *app.Probe) bool { return p.Orders == 1 })
	if !strings.HasPrefix(p.Drafts[0], fmt.Sprintf("Move army %d: 2 steps to", army.ID)) {
		t.Errorf("the day's order: %q, want the army's 2 steps", p.Drafts)
	}
	d.endDay(2)
	for _, m := range d.read().Mine {
		if m.ID == army.ID {
			// Two steps of a path that may bend: 1 or 2 hexes away.
			if dist := hex.Distance(cellHex(t, m.Cell), cellHex(t, city.Cell)); dist < 1 || dist > 2 {
				t.Errorf("on day 2 the army is %d hexes from its city, want 2 steps on", dist)
			}
		}
	}
}

// selectArmy clicks army's hex until it is selected (a click selects the
// next of the player's things there).
func (d *driver) selectArmy(army module.Mark) {
	d.t.Helper()
	d.move(int(army.X), int(army.Y))
	d.key("Escape")
	for range 4 {
		d.click(int(army.X), int(army.Y), 1)
		if d.wait("a selection", func(p *app.Probe) bool { return p.Selected != "" }).Picked["army"] == army.ID {
			return
		}
	}
	d.t.Fatalf("army %d not selected", army.ID)
}

// hoverAway moves the pointer from thing east, then west, a hex at a
// time, to a hex n hexes from it whose path's tooltip shows, and returns
// that hex and the probe.
func (d *driver) hoverAway(thing module.Mark, n int) (hex.Hex, *app.Probe) {
	d.t.Helper()
	from := cellHex(d.t, thing.Cell)
	p := d.read()
	for _, dir := range []float64{1, -1} {
		for k := float64(n); k <= float64(n)+1; k++ {
			x, y := int(thing.X+dir*k*p.CellSize), int(thing.Y)
			if !image.Pt(x, y).In(image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3])) {
				continue
			}
			d.move(x, y)
			d.wait("the pointer there", func(p *app.Probe) bool { return p.Cursor == [2]int{x, y} })
			d.frames(2)
			q := d.read()
			if q.Hover != "" && hex.Distance(from, cellHex(d.t, q.Hover)) == n && len(q.Preview) > 0 {
				return cellHex(d.t, q.Hover), q
			}
		}
	}
	d.t.Fatalf("no hex %d from %s with a path to it east or west", n, thing.Cell)
	return hex.Hex{}, nil
}

// endTurnAnyway ends the turn with Enter, the pointer on the map, says
// End turn anyway if the game asks, and waits for turn next.
func (d *driver) endTurnAnyway(next int) {
	d.t.Helper()
	p := d.read()
	d.move(p.Map[0]+40, p.Map[1]+40)
	d.key("Return")
	p = d.wait(fmt.Sprintf("turn %d or a question", next), func(p *app.Probe) bool { return p.Turn == next || p.WindowOpen })
	if p.WindowOpen && p.Turn != next {
		d.press("End turn anyway")
	}
	d.wait(fmt.Sprintf("turn %d", next), func(p *app.Probe) bool { return p.Turn == next })
	d.frames(90) // the turn's animation
}

// keepHere saves a screenshot named name in EMPIRES_SCREENSHOTS, if set,
// with the pointer where it is.
func (d *driver) keepHere(name string) {
	d.t.Helper()
	d.screenshot()
	if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
		copyFile(d.t, d.last, filepath.Join(dir, name+".png"))
	}
}

// cellHex reads a probe's place, "col,row".
func cellHex(t *testing.T, cell string) hex.Hex {
	t.Helper()
	m := regexp.MustCompile(`^(-?\d+),(-?\d+)$`).FindStringSubmatch(cell)
	if m == nil {
		t.Fatalf("place %q is not col,row", cell)
	}
	col, _ := strconv.Atoi(m[1])
	row, _ := strconv.Atoi(m[2])
	return hex.FromOffset(hex.Offset{Col: col, Row: row})
}
