package main

import (
	"image"
	"slices"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// TestGameScreenKeys works the game screen with the keyboard and the
// pointer as a new player does, and checks what the help and the side
// panel promise: Tab selects the next army and Enter ends the turn
// whatever button was clicked last (Tab, Tab, Enter once left the game);
// D pans after a click on a button; F1 opens the help and Esc
// closes it; Leave asks first; a click that closes a window does not also
// act on the map under it; a disabled choice says why under the pointer;
// the top bar says who is ready, the player included; and the idle screen
// is not drawn again and again. Then by keys alone: F10 opens the menu
// with its first button focused, Down and Enter open Settings, Esc closes
// it; F6 gives the keyboard to the log, + and - size it; / opens the chat
// line and Enter sends it; Leave by F10, Shift+Tab, Enter, Tab, Enter;
// and the main menu opens with Play vs AI focused, so Enter sets up a
// game.
func TestGameScreenKeys(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-play", "-seed", "7", "-size", "32x24"}, func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1
	})
	p := d.resize(1280, 800)
	capital := d.mine("capital")

	// The idle screen is drawn a few times at most while the client
	// updates 120 times (it once redrew every frame).
	d.move(p.Map[0]+200, p.Map[1]+40)
	d.frames(30)
	before := d.read()
	d.frames(120)
	if after := d.read(); after.Draws-before.Draws > 12 {
		t.Errorf("idle game screen drawn %d times in %d updates", after.Draws-before.Draws, after.Frame-before.Frame)
	}

	// A disabled choice says why: the Capital's level 9 Warlord costs more
	// than turn 1 has.
	d.click(int(capital.X), int(capital.Y), 1)
	d.wait("the Capital selected", func(p *app.Probe) bool { return p.Picked["capital"] == capital.ID })
	nine := d.button("9")
	if !d.read().Buttons["9"].Disabled {
		t.Fatal("the level 9 Warlord is not disabled on turn 1")
	}
	d.move((nine.Min.X+nine.Max.X)/2, (nine.Min.Y+nine.Max.Y)/2)
	p = d.wait("the hint of the level 9 Warlord", func(p *app.Probe) bool { return p.Hint != "" })
	if !strings.Contains(p.Hint, "not enough") {
		t.Errorf("hint on a Warlord the treasury cannot pay: %q, want why", p.Hint)
	}

	// Pop a Warlord (the "1" of the Warlord's levels), end the turn with
	// Enter after clicking a button.
	d.press("1")
	d.wait("the Warlord's order", func(p *app.Probe) bool { return p.Orders == 1 })
	d.move(p.Map[0]+200, p.Map[1]+40)
	d.key("Escape")
	d.key("Return")
	p = d.wait("ready", func(p *app.Probe) bool { return p.Ready || p.Turn == 2 })
	if p.Turn == 1 && !strings.Contains(p.ReadyTxt, "you") {
		t.Errorf("ready, the top bar says %q: want it to name you", p.ReadyTxt)
	}
	d.wait("turn 2", func(p *app.Probe) bool { return p.Turn == 2 && !p.Ready })

	// Tab, Tab, Enter: armies selected, the turn ended, still in the game.
	d.key("Tab")
	d.wait("an army selected by Tab", func(p *app.Probe) bool { return p.Picked["army"] != 0 })
	d.key("Tab", "Return")
	p = d.wait("ready after Tab, Tab, Enter", func(p *app.Probe) bool { return p.Ready || p.Turn == 3 })
	if p.Screen != "game" {
		t.Fatalf("Tab, Tab, Enter left the game: screen %q", p.Screen)
	}
	if p.Focused != "" {
		t.Errorf("a widget holds the focus on the game screen: %q", p.Focused)
	}
	p = d.wait("turn 3", func(p *app.Probe) bool { return p.Turn == 3 && !p.Ready })

	// The wheel over the log scrolls the log (its lines move on the
	// screen), not the map (the zoom stays).
	lr := image.Rect(p.LogRect[0], p.LogRect[1], p.LogRect[2], p.LogRect[3])
	d.move((lr.Min.X+lr.Max.X)/2, (lr.Min.Y+lr.Max.Y)/2)
	d.wait("no hover over the log", func(p *app.Probe) bool { return p.Hover == "" })
	logBefore := d.screenshot()
	zoom := d.read().Camera[2]
	for range 4 {
		d.xdo("click", "4") // the wheel, up
		d.frames(2)
	}
	logAfter := d.screenshot()
	if z := d.read().Camera[2]; z != zoom {
		t.Errorf("the wheel over the log zoomed the map from %.2f to %.2f", zoom, z)
	}
	if changed := differ(logBefore, logAfter, lr); changed < 200 {
		t.Errorf("the wheel over the log changed %d of its pixels: it did not scroll", changed)
	}

	// After a click on a button the keys still pan (D) and H goes home.
	d.press("Help")
	d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
	d.key("Escape")
	p = d.wait("the help closed", func(p *app.Probe) bool { return !p.WindowOpen })
	d.move(p.Map[0]+200, p.Map[1]+40)
	x0 := p.Camera[0]
	d.hold("d", "a pan after a click on a button", func(p *app.Probe) bool { return p.Camera[0] > x0+40 }) // D pans; the arrows move the cursor
	d.key("F1")
	d.wait("the help (F1)", func(p *app.Probe) bool { return p.WindowOpen })
	d.key("F1")
	d.wait("the help closed (F1)", func(p *app.Probe) bool { return !p.WindowOpen })

	// A click that closes a window does not act on the map under it: the
	// menu's first button lies over the map.
	d.key("Escape")
	d.wait("no selection", func(p *app.Probe) bool { return p.Selected == "" })
	d.press("Menu")
	d.wait("the menu", func(p *app.Probe) bool { return p.WindowOpen })
	back := d.button("Back to the game")
	if m := d.read().Map; back.Max.X > m[2] || back.Min.Y < m[1] {
		t.Fatalf("the menu's button %v is not over the map %v", back, m)
	}
	d.press("Back to the game")
	d.wait("the menu closed", func(p *app.Probe) bool { return !p.WindowOpen })
	d.frames(4)
	if p = d.read(); p.Selected != "" || len(p.Picked) != 0 {
		t.Errorf("the click that closed the menu also selected %q (%v)", p.Selected, p.Picked)
	}

	// Leave asks first; Esc keeps the player in the game.
	d.press("Menu")
	d.press("Leave the game")
	d.wait("the question", func(p *app.Probe) bool { _, ok := p.Buttons["Leave"]; return ok && p.WindowOpen })
	d.key("Escape")
	p = d.wait("the question closed", func(p *app.Probe) bool { return !p.WindowOpen })
	if p.Screen != "game" {
		t.Fatalf("Esc on the question left the game: screen %q", p.Screen)
	}

	// The windows by keys alone: F10 opens the menu with its first button
	// focused; Down, Enter opens Settings, Esc closes it.
	d.keyAs("F10", "F10")
	d.wait("the menu by F10", func(p *app.Probe) bool { return p.WindowOpen && p.Focused == "Back to the game" })
	d.key("Down")
	d.wait("Settings focused", func(p *app.Probe) bool { return p.Focused == "Settings" })
	d.key("Return")
	d.wait("the settings by keys", func(p *app.Probe) bool {
		return p.WindowOpen && slices.Contains(p.WindowTexts, "Turn animation") && p.Focused != ""
	})
	d.key("Escape")
	d.wait("the settings closed", func(p *app.Probe) bool { return !p.WindowOpen })

	// The log by keys: F6 gives it the keyboard (past the side panel,
	// empty with nothing selected), + makes it bigger, - smaller, Esc
	// gives the keyboard back to the map.
	p = d.read()
	for p.KeysIn != "log" {
		before := p.KeysIn
		d.keyAs("F6", "F6")
		p = d.wait("the keyboard moved by F6", func(p *app.Probe) bool { return p.KeysIn != before })
		if p.KeysIn == "map" {
			t.Fatal("F6 went round the screen without the log")
		}
	}
	d.key("equal")
	d.wait("the log bigger by +", func(p *app.Probe) bool { return p.BigLog })
	d.key("minus")
	d.wait("the log smaller by -", func(p *app.Probe) bool { return !p.BigLog })
	d.key("Escape")
	d.wait("the map's keyboard again", func(p *app.Probe) bool { return p.KeysIn == "map" })

	// The chat by keys: / opens the chat line, the typed words go to the
	// others with Enter, and the keyboard is the map's again.
	d.keyAs("slash", "Slash")
	d.wait("the chat line by /", func(p *app.Probe) bool { return p.KeysIn == "chat" && p.Focused == "input" })
	d.xdo("type", "--delay", "120", "hello all")
	d.key("Return")
	d.wait("the chat line in the log", func(p *app.Probe) bool {
		return p.KeysIn == "map" && slices.ContainsFunc(p.LogText, func(l string) bool { return strings.Contains(l, "hello all") })
	})

	// Leave by keys: F10, Shift+Tab to Leave the game, Enter; the question
	// opens on Cancel, Tab goes to Leave, Enter leaves; the main menu
	// opens with the focus on Play vs AI, so Enter sets up a game.
	d.keyAs("F10", "F10")
	d.wait("the menu by F10", func(p *app.Probe) bool { return p.WindowOpen && p.Focused == "Back to the game" })
	d.keyAs("Tab", "Tab", "shift")
	d.wait("Leave the game focused", func(p *app.Probe) bool { return p.Focused == "Leave the game" })
	d.key("Return")
	d.wait("the question by keys", func(p *app.Probe) bool { _, ok := p.Buttons["Leave"]; return ok && p.Focused == "Cancel" })
	d.key("Tab")
	d.wait("Leave focused", func(p *app.Probe) bool { return p.Focused == "Leave" })
	d.key("Return")
	d.wait("the main menu, Play vs AI focused", func(p *app.Probe) bool { return p.Screen == "menu" && p.Focused == "Play vs AI" })
	d.key("Return")
	d.wait("the setup of a game vs AI by Enter", func(p *app.Probe) bool {
		_, start := p.Buttons["Start"]
		return p.Screen == "menu" && start && slices.Contains(p.Texts, "Play vs AI")
	})
}

// keyAs presses and releases key (xdotool's name), which the client's
// probe calls name, with mods (xdotool's names: shift) held, as key does.
func (d *driver) keyAs(key, name string, mods ...string) {
	d.t.Helper()
	for _, m := range mods {
		d.xdo("keydown", m)
	}
	d.xdo("keydown", key)
	d.wait(key+" down", func(p *app.Probe) bool { return slices.Contains(p.Keys, name) })
	d.xdo("keyup", key)
	d.wait(key+" up", func(p *app.Probe) bool { return !slices.Contains(p.Keys, name) })
	for _, m := range mods {
		d.xdo("keyup", m)
	}
	d.frames(1)
}

// mine returns the first of the player's things of kind on the probe.
func (d *driver) mine(kind string) module.Mark {
	d.t.Helper()
	p := d.wait("a "+kind, func(p *app.Probe) bool {
		for _, m := range p.Mine {
			if m.Kind == kind {
				return true
			}
		}
		return false
	})
	for _, m := range p.Mine {
		if m.Kind == kind {
			return m
		}
	}
	return module.Mark{}
}
