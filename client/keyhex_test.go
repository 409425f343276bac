package main

import (
	"strings"
	"testing"

	"empires/client/app"
	"empires/internal/skip"
)

// TestHexGamesByKeys plays a turn of erfworld, then of empire and of
// erfpires, by the keys alone, as the games' help names them: the menus
// by Tab and Enter, Tab to what takes orders, ] to the side panel's
// buttons and Space to press one, the arrows to move the cursor and Space
// to act there, M to send an army there, Enter to end the turn, the
// shell's keys to leave the game (F10, then the windows' buttons by Tab
// and Enter). The pointer is never moved: a step that needs it fails. It
// keeps the cursor and the panel's focus at 1024x768 and 1920x1080
// (EMPIRES_SCREENSHOTS).
func TestHexGamesByKeys(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1024, 768)

	// Erfworld: the Capital by Tab, a unit formed by ] and Space, the
	// cursor moved and a hex selected by Space, the turn ended by Enter.
	d.startByKeys("Erfworld")
	d.key("Tab")
	p := d.wait("the Capital selected by Tab", func(p *app.Probe) bool { return p.Picked["capital"] != 0 && p.MapCursor == p.Selected })
	d.focusPanel("Form 1 ")
	d.keepHere("keyhex-erfworld-1024x768-focus")
	d.key("space")
	d.wait("the unit's order", func(p *app.Probe) bool { return p.Orders == 1 })
	start := p.MapCursor
	d.key("Escape", "Right", "Right", "Down")
	p = d.wait("the cursor moved", func(p *app.Probe) bool { return p.MapCursor != "" && p.MapCursor != start })
	if p.Picked["capital"] == 0 {
		t.Errorf("Escape in the panel, then the arrows: the Capital is no longer selected (%v)", p.Picked)
	}
	d.key("space")
	d.wait("the hex at the cursor selected", func(p *app.Probe) bool { return p.Selected == p.MapCursor && len(p.Picked) == 0 })
	d.resize(1920, 1080)
	d.frames(3)
	d.keepHere("keyhex-erfworld-1920x1080-cursor")
	d.resize(1024, 768)
	d.key("Return")
	d.wait("erfworld's turn 2", func(p *app.Probe) bool { return p.Turn == 2 })
	d.leaveByKeys()

	// Empire: the garrison by Tab (no armies yet), its Peace by ] and
	// Space, the cursor moved two squares; the turn ended by Enter.
	d.startByKeys("Empire")
	d.key("Tab")
	d.wait("the garrison selected by Tab", func(p *app.Probe) bool { return p.Picked["garrison"] != 0 })
	d.focusPanel("Peace ")
	d.keepHere("keyhex-empire-1024x768-focus")
	d.key("space")
	d.wait("the garrison's stance ordered", func(p *app.Probe) bool { return p.Orders == 1 })
	d.key("Escape", "Right", "Right")
	d.wait("the cursor moved", func(p *app.Probe) bool { return p.MapCursor != "" && p.MapCursor != p.Selected })
	d.resize(1920, 1080)
	d.frames(3)
	d.keepHere("keyhex-empire-1920x1080-cursor")
	d.resize(1024, 768)
	d.key("Return")
	d.wait("empire's turn 2", func(p *app.Probe) bool { return p.Turn == 2 })
	d.leaveByKeys()

	// Erfpires: the army in the city by Tab, sent two hexes east (into
	// hexes never seen) by the cursor and M, the turn ended by Enter.
	d.startByKeys("Mighty Erfpires")
	d.key("Tab")
	d.wait("the army selected by Tab", func(p *app.Probe) bool { return p.Picked["army"] != 0 })
	d.key("Right", "Right", "m")
	d.wait("the army's move", func(p *app.Probe) bool { return p.Orders == 1 && strings.HasPrefix(p.Drafts[0], "Move army") })
	d.keepHere("keyhex-erfpires-1024x768-move")
	d.key("Return")
	d.wait("erfpires' day 2", func(p *app.Probe) bool { return p.Turn == 2 })
}

// focusTo presses Tab until the focused widget is the one labelled
// label (a prefix of it), as a keyboard player looks for it.
func (d *driver) focusTo(label string) {
	d.t.Helper()
	for range 40 {
		if strings.HasPrefix(d.read().Focused, label) {
			return
		}
		d.key("Tab")
	}
	d.t.Fatalf("Tab never reached %q (focus on %q)", label, d.read().Focused)
}

// focusPanel presses ] until the side panel's focused button is the one
// labelled label (a prefix of it).
func (d *driver) focusPanel(label string) {
	d.t.Helper()
	for range 60 {
		if strings.HasPrefix(d.read().PanelFocus, label) {
			return
		}
		d.key("bracketright")
	}
	d.t.Fatalf("] never reached %q (focus on %q)", label, d.read().PanelFocus)
}

// startByKeys starts a game of ruleset against the AI from the main
// menu, by Tab and Enter.
func (d *driver) startByKeys(ruleset string) {
	d.t.Helper()
	d.focusTo("Play vs AI")
	d.key("Return")
	d.wait("the setup form", func(p *app.Probe) bool { _, ok := p.Buttons["Start"]; return ok })
	d.focusTo(ruleset)
	d.key("Return")
	d.frames(5)
	d.focusTo("Start")
	d.key("Return")
	d.wait("a game of "+ruleset, func(p *app.Probe) bool { return p.Screen == "game" && p.Turn == 1 && !p.Animating })
}

// leaveByKeys leaves the game for the main menu by the shell's keys:
// F10 opens the game's menu, Tab and Enter answer its windows. Without
// them (a shell that gives its menu no key) the rest cannot be played by
// keys: the test stops there.
func (d *driver) leaveByKeys() {
	d.t.Helper()
	d.key("F10")
	d.frames(10)
	if !d.read().WindowOpen {
		skip.Now(d.t, skip.Partial, "the shell gives the game's menu no key (F10) yet: the games after the first cannot be reached by keys")
	}
	d.focusTo("Leave the game")
	d.key("Return")
	d.wait("the question", func(p *app.Probe) bool { _, ok := p.Buttons["Leave"]; return ok && p.WindowOpen })
	d.focusTo("Leave")
	d.key("Return")
	d.wait("the main menu", func(p *app.Probe) bool { return p.Screen == "menu" })
}
