package main

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"empires/client/app"
)

// TestFirstTurnAndReplayInTheWindow plays a first turn of erfworld and
// watches it again in the real client, as a new player does, with the
// pointer and the keys: the first turn shows its hint over the top of the
// map, below the top bar and clear of the side panel's buttons, at
// 1024x768 and 1920x1080, and the top bar says whom the turn waits for,
// uncut; Close takes the hint away; Enter ends the turn; Leave goes back
// to the main menu, whose Replays lists the game by its rules, its
// opponents and its turns; Watch opens it centred on the player's
// Capital, where the game opened; the replay's menu says Back to the
// replay, and Leave the replay goes back to the list, the game still
// picked. Interface size 200 %, chosen in the game's Settings, draws the
// top bar and the side panel twice as large and the text at that size.
// EMPIRES_SCREENSHOTS keeps the pictures.
func TestFirstTurnAndReplayInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-play", "-seed", "7", "-size", "24x24"}, func(p *app.Probe) bool {
		return p.Screen == "game" && p.Turn == 1
	})
	p := d.resize(1280, 800)
	capital := d.mine("capital")
	if !strings.Contains(p.FirstHint, "select your Warlord") {
		t.Fatalf("the first turn's hint is %q, want what to do first", p.FirstHint)
	}

	// The hint where it may be, at two sizes; whom the turn waits for.
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		p = d.wait("the hint laid out", func(p *app.Probe) bool { return p.Window == size && hintLaidOut(p) })
		hint := image.Rect(p.FirstHintRect[0], p.FirstHintRect[1], p.FirstHintRect[2], p.FirstHintRect[3])
		if m := image.Rect(p.Map[0], p.Map[1], p.Map[2], p.Map[3]); !hint.In(m) {
			t.Errorf("at %v the hint at %v is not over the map %v: it covers the top bar or the side panel", size, hint, m)
		}
		for label, b := range p.Buttons {
			r := image.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3])
			if r.Overlaps(hint) && !r.In(hint) {
				t.Errorf("at %v the hint at %v covers the button %q at %v", size, hint, label, r)
			}
		}
		if !strings.Contains(p.ReadyTxt, "waiting for you") || strings.Contains(p.ReadyTxt, "…") {
			t.Errorf("at %v the top bar says %q, want whom the turn waits for, uncut", size, p.ReadyTxt)
		}
		d.keep(fmt.Sprintf("firstturn-%dx%d-hint", size[0], size[1]))
	}

	// Interface size 200 % in the game's Settings, as a player sets it,
	// on the 1920x1080 window: the top bar twice as high and the side
	// panel twice as wide as at 100 %, the top bar's words drawn at that
	// size (not a picture drawn at 100 % and blown up), the hint laid out
	// again; then 100 % again.
	at100 := d.read()
	setScale := func(label string) *app.Probe {
		d.press("Menu")
		d.press("Settings")
		d.scrollTo(label)
		d.press(label)
		d.press("Save")
		d.wait("the settings closed", func(p *app.Probe) bool { return !p.WindowOpen })
		d.frames(5)
		return d.wait("the hint laid out at "+label, hintLaidOut)
	}
	p = setScale("200%")
	if p.Map[1] != 2*at100.Map[1] || p.Window[0]-p.Map[2] != 2*(at100.Window[0]-at100.Map[2]) {
		t.Errorf("at 200 %% the map's part is %v in a window %v: want the top bar twice as high and the side panel twice as wide as at 100 %% (map %v)",
			p.Map, p.Window, at100.Map)
	}
	words := image.Rect(0, 0, 2*160, p.Map[1]) // the top bar's start: "Turn 1", at 200 %
	alike, inked := blocky(d.grab(), words)
	t.Logf("at 200 %%: %.2f of the %d blocks of 2x2 pixels with ink in the top bar's words are alike", alike, inked)
	if inked < 100 || alike > 0.6 {
		t.Errorf("at 200 %% the top bar's words: %.2f of the %d blocks of 2x2 pixels with ink in them are alike, want at most 0.6 of at least 100: text drawn at its size, not blown up", alike, inked)
	}
	d.keep("firstturn-1920x1080-200")
	if p = setScale("100%"); p.Map != at100.Map {
		t.Errorf("back at 100 %% the map's part is %v, want %v as before", p.Map, at100.Map)
	}
	d.resize(1280, 800)
	d.wait("the hint laid out again", hintLaidOut)
	d.press("Close")
	d.wait("the hint closed", func(p *app.Probe) bool { return p.FirstHint == "" })

	// End the turn, leave the game.
	p = d.read()
	d.move(p.Map[0]+40, p.Map[1]+40)
	d.key("Return")
	d.wait("turn 2", func(p *app.Probe) bool { return p.Turn == 2 })
	d.press("Menu")
	d.press("Leave the game")
	d.press("Leave")
	d.wait("the main menu", func(p *app.Probe) bool { _, ok := p.Buttons["Replays"]; return ok })

	// The list, a row that says what the game was.
	d.press("Replays")
	p = d.wait("the list of saved games", func(p *app.Probe) bool { return p.List[2] > p.List[0] })
	row := ""
	if len(p.Rows) > 0 {
		row = p.Rows[0]
	}
	if !strings.Contains(row, "Erfworld Empires") || !strings.Contains(row, "vs ") || !strings.Contains(row, "24x24") || !strings.Contains(row, "1 turn ") || !strings.Contains(row, "unfinished") {
		t.Errorf("the game's row reads %q: want its rules, opponents, map, turns and result", row)
	}
	d.keep("firstturn-1280x800-replays")
	d.click(p.List[0]+60, p.List[1]+14, 1)
	d.wait("Watch enabled", func(p *app.Probe) bool { b, ok := p.Buttons["Watch"]; return ok && !b.Disabled })
	d.press("Watch")
	p = d.wait("the replay at its start, laid out", func(p *app.Probe) bool {
		return p.Screen == "game" && strings.HasPrefix(p.Clock, "Replay: turn 1 ") && p.LogRect[1] > p.Map[1]
	})

	// Centred on the player's Capital: the hex in the middle of the map
	// in sight is the Capital's, as when the game opened.
	mid := image.Pt((p.Map[0]+p.Map[2])/2, (p.Map[1]+p.LogRect[1])/2)
	d.move(mid.X, mid.Y)
	p = d.wait("a hex under the pointer", func(p *app.Probe) bool { return p.Hover != "" })
	if p.Hover != capital.Cell {
		t.Errorf("the replay opens with %s in the middle of the map, want the Capital's %s (camera %v)", p.Hover, capital.Cell, p.Camera)
	}
	if p.FirstHint != "" {
		t.Errorf("the replay shows the first turn's hint %q", p.FirstHint)
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.keep(fmt.Sprintf("firstturn-%dx%d-replay", size[0], size[1]))
	}

	// Back to the replay; leave it, back to the list.
	d.press("Menu")
	back := d.button("Back to the replay")
	if _, ok := d.read().Buttons["Back to the game"]; ok || back.Empty() {
		t.Error("the replay's menu says Back to the game")
	}
	d.press("Leave the replay")
	d.wait("the list again, the game picked", func(p *app.Probe) bool {
		b, ok := p.Buttons["Watch"]
		return p.Screen == "menu" && p.List[2] > p.List[0] && ok && !b.Disabled
	})
}

// hintLaidOut reports whether the first turn's hint is laid out for the
// window as it is: on the map, its Close button on it.
func hintLaidOut(p *app.Probe) bool {
	r, c := p.FirstHintRect, p.Buttons["Close"].Rect
	return r[2] > r[0] && r[2] <= p.Map[2] && c[0] >= r[0] && c[2] <= r[2]
}
