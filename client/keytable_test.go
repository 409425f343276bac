package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/client/app"
)

// The table games by keys alone, in one launch of the client: a turn of
// risk, then Duel, then Empires and Generals, each started from the main
// menu and left by keys. The pointer never moves: a step that needs it
// cannot be done and its wait fails.

// tableKeys names xdotool's keys as the client's probe does, for the
// keys of the three games' help and the shell's.
var tableKeys = map[string]string{"Return": "Enter", "Tab": "Tab", "Escape": "Escape", "Left": "ArrowLeft",
	"Right": "ArrowRight", "Down": "ArrowDown", "F10": "F10", "F12": "F12", "bracketright": "BracketRight",
	"e": "E", "k": "K", "t": "T", "y": "Y", "d": "D", "n": "N", "p": "P", "w": "W"}

// tkey presses each of keys as the driver's key does, with the names of
// tableKeys; shift holds Shift down through them.
func tkey(d *driver, shift bool, keys ...string) {
	d.t.Helper()
	if shift {
		d.xdo("keydown", "Shift_L")
		d.wait("Shift down", func(p *app.Probe) bool {
			return slices.ContainsFunc(p.Keys, func(k string) bool { return strings.Contains(k, "Shift") })
		})
		defer func() {
			d.xdo("keyup", "Shift_L")
			d.wait("Shift up", func(p *app.Probe) bool {
				return !slices.ContainsFunc(p.Keys, func(k string) bool { return strings.Contains(k, "Shift") })
			})
		}()
	}
	for _, k := range keys {
		name, ok := tableKeys[k]
		if !ok {
			d.t.Fatalf("key %q: add its ebiten name to tableKeys", k)
		}
		d.xdo("keydown", k)
		d.wait(k+" down", func(p *app.Probe) bool { return slices.Contains(p.Keys, name) })
		d.xdo("keyup", k)
		d.wait(k+" up", func(p *app.Probe) bool { return !slices.Contains(p.Keys, name) })
		d.frames(1)
	}
}

// tabTo presses Tab until the button labelled label has the focus (the
// n-th such button after the one labelled after, when after is not "").
func tabTo(d *driver, label, after string) {
	d.t.Helper()
	seen := after == ""
	for range 80 {
		f := d.read().Focused
		if seen && f == label {
			return
		}
		if f == after {
			seen = true
		}
		tkey(d, false, "Tab")
	}
	d.t.Fatalf("Tab never reaches %q (after %q): the focus is on %q", label, after, d.read().Focused)
}

// pressByKeys presses the button labelled label with Tab and Enter.
func pressByKeys(d *driver, label string) {
	d.t.Helper()
	tabTo(d, label, "")
	tkey(d, false, "Return")
}

// startByKeys presses the setup form's Start, its last button: Shift+Tab
// goes round to it from the top.
func startByKeys(d *driver) {
	d.t.Helper()
	for range 80 {
		if d.read().Focused == "Start" {
			tkey(d, false, "Return")
			return
		}
		tkey(d, true, "Tab")
	}
	d.t.Fatalf("Shift+Tab never reaches Start: the focus is on %q", d.read().Focused)
}

// leaveByKeys leaves the game for the main menu with the keys: F10 opens
// the menu, Tab and Enter press Leave the game, then Leave.
func leaveByKeys(d *driver) {
	d.t.Helper()
	tkey(d, false, "F10")
	d.wait("the menu (F10)", func(p *app.Probe) bool { return p.WindowOpen })
	pressByKeys(d, "Leave the game")
	d.wait("the question", func(p *app.Probe) bool { _, ok := p.Buttons["Leave"]; return ok && p.WindowOpen })
	pressByKeys(d, "Leave")
	d.wait("the main menu", func(p *app.Probe) bool { return p.Screen == "menu" })
}

// acted waits until what the probe tells of the player's move (sig) is
// other than before and no move of the player's is on its way.
func acted(d *driver, what, before string, sig func(*app.Probe) string) *app.Probe {
	d.t.Helper()
	return d.wait(what, func(p *app.Probe) bool { return len(p.Drafts) == 0 && sig(p) != before })
}

// TestTableGamesByKeys plays the table games with keys only, in one
// window: risk (a small generated map against one AI, set up from the
// menu by Tab and Enter): the starting armies placed with Tab and Enter,
// the round's with Shift+] and Enter, an attack chosen with Tab and Enter and
// rolled with Enter, the raised limit (]) and the attacks ended with E,
// the turn with E (or the building, when no free move is asked); then, left by F10 and the menu's buttons, a round of
// Duel: a card laid with →, End turn with Enter, a target and a card
// chosen with Tab and → and the attack sent with Enter (or, attacked,
// the hit taken with T); then Empires and Generals: the opening taken
// with Enter, Play with Y, a card of the hand played with Tab and Enter,
// the phase ended with N. The pointer never moves.
func TestTableGamesByKeys(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	start := time.Now()
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800) // the setup's Start is below 768
	pointer := d.xdo("getmouselocation")

	// Risk: 1 opponent, a generated map of 11 territories.
	pressByKeys(d, "Play vs AI")
	pressByKeys(d, "Empires: the Risk extended scenario")
	tabTo(d, "−", "") // the opponents: 3 by default, down to 1
	tkey(d, false, "Return", "Return")
	pressByKeys(d, "Generated")
	tabTo(d, "−", "Generated") // the territories: 42 down to 11
	for range 42 - 11 {
		tkey(d, false, "Return")
	}
	if p := d.read(); !slices.Contains(p.Texts, "11") {
		t.Fatalf("the territories are not set to 11: %q", p.Texts)
	}
	startByKeys(d)
	d.wait("a risk game", func(p *app.Probe) bool { return p.Screen == "game" && len(riskMarks(p, "territory", false)) > 0 })
	d.resize(1024, 768)
	riskTurnByKeys(t, d)
	t.Logf("risk played after %v", time.Since(start).Round(time.Second))
	leaveByKeys(d)

	// Duel, as the menu sets it.
	d.resize(1280, 800)
	pressByKeys(d, "Play vs AI")
	pressByKeys(d, "Duel")
	startByKeys(d)
	d.wait("a game of Duel", func(p *app.Probe) bool { return p.Screen == "game" && duelMove(p) != "" })
	d.resize(1024, 768)
	duelByKeys(t, d)
	t.Logf("Duel played after %v", time.Since(start).Round(time.Second))
	leaveByKeys(d)

	// Empires and Generals, as the menu sets it.
	d.resize(1280, 800)
	pressByKeys(d, "Play vs AI")
	pressByKeys(d, "Empires and Generals")
	startByKeys(d)
	d.wait("a game of generals", func(p *app.Probe) bool { return p.Screen == "game" && len(gMarks(p, "player", false)) > 0 })
	d.resize(1024, 768)
	generalsByKeys(t, d)
	t.Logf("generals played after %v", time.Since(start).Round(time.Second))
	leaveByKeys(d)

	if now := d.xdo("getmouselocation"); now != pointer {
		t.Errorf("the pointer moved from %q to %q", pointer, now)
	}
}

// riskSig is what an action of the player's changes in the probe: the
// move, the armies left to place, the territories' armies, the log.
func riskSig(p *app.Probe) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/%d/", riskMove(p), p.Log)
	for _, m := range p.Others {
		if m.Kind == "move" {
			fmt.Fprintf(&b, "%d/", m.Units)
		}
	}
	for _, m := range append(riskMarks(p, "territory", true), riskMarks(p, "city", true)...) {
		fmt.Fprintf(&b, "%d:%d ", m.ID, m.Units)
	}
	return b.String()
}

// riskFocus returns the ID of the territory the keys' focus is on, 0 for
// none, and whether it is drawn on the map in sight.
func riskFocus(p *app.Probe) (int, bool) {
	for _, m := range p.Others {
		if m.Kind == "focus" {
			return m.ID, m.OnMap
		}
	}
	return 0, false
}

// riskTurnByKeys plays risk with keys until the player ends its turn.
func riskTurnByKeys(t *testing.T, d *driver) {
	t.Helper()
	tab := func() {
		t.Helper()
		tkey(d, false, "Tab")
		if f, shown := riskFocus(d.read()); f == 0 || !shown {
			t.Fatalf("Tab: the focus is on %d, shown on the map: %v", f, shown)
		}
	}
	attacked, shot := false, false
	for i := 0; ; i++ {
		if i > 300 {
			t.Fatal("300 moves and the turn is not over")
		}
		p := d.wait("the player's move", func(p *app.Probe) bool { return riskMove(p) != "" && len(p.Drafts) == 0 })
		before := riskSig(p)
		switch mv := riskMove(p); mv {
		case "claim", "deploy":
			tab()
			tkey(d, false, "Return")
		case "place", "reinforce":
			tab()
			if !shot {
				d.screenshot() // the focus at 1024x768: EMPIRES_SCREENSHOTS keeps it on a failure
				shot = true
			}
			tkey(d, true, "bracketright") // all the armies left
			tkey(d, false, "Return")
		case "attack":
			if attacked || len(riskMarks(p, "target", false)) == 0 {
				tkey(d, false, "e")
				break
			}
			tab()
			tkey(d, false, "Return")
			d.wait("the territory to attack from", func(p *app.Probe) bool { return p.Selected != "" })
			tab()
			tkey(d, false, "Return")
			d.wait("the territory to attack", func(p *app.Probe) bool { return p.Picked["target"] != 0 })
			tkey(d, false, "bracketright", "Return")
			attacked = true
		case "defend":
			tkey(d, false, "k")
		case "occupy":
			tkey(d, false, "Return")
		case "free move", "build":
			// End turn; or, when the step went on to the cities (no free
			// move to make), End building: the turn's moves are over.
			tkey(d, false, "e")
			acted(d, "the turn ended", before, riskSig)
			if !attacked {
				t.Error("the turn ended without an attack")
			}
			return
		default:
			t.Fatalf("move %q before the end of the turn", mv)
		}
		acted(d, "the "+riskMove(p)+" played", before, riskSig)
	}
}

// duelByKeys plays Duel with keys until the player has attacked once
// (or the game is over).
func duelByKeys(t *testing.T, d *driver) {
	t.Helper()
	sig := func(p *app.Probe) string { return fmt.Sprintf("%s/%d/%v", duelMove(p), p.Log, p.Ready) }
	for i := 0; ; i++ {
		if i > 60 {
			t.Fatal("60 moves and no attack of the player's")
		}
		p := d.wait("the player's move", func(p *app.Probe) bool { return duelMove(p) != "" && len(p.Drafts) == 0 || duelMove(p) == "laid" })
		before := sig(p)
		switch duelMove(p) {
		case "offer":
			tkey(d, false, "Right")
			d.wait("a card laid", func(p *app.Probe) bool { return duelMove(p) == "laid" })
			continue
		case "laid":
			tkey(d, false, "Return") // End turn
		case "attack":
			tkey(d, false, "Tab", "Right", "Return")
			acted(d, "the attack", before, sig)
			return
		case "defend":
			tkey(d, false, "t")
		case "over":
			return
		}
		acted(d, "the move played", before, sig)
	}
}

// generalsByKeys plays Empires and Generals with keys until the player
// has played a card of its hand and ended that phase.
func generalsByKeys(t *testing.T, d *driver) {
	t.Helper()
	sig := func(p *app.Probe) string { return fmt.Sprintf("%s/%s/%d", gStep(p), p.Selected, p.Log) }
	played := false
	start := time.Now()
	for i := 0; ; i++ {
		if i > 200 {
			t.Fatal("200 moves and no card played")
		}
		p := d.wait("the player's move", func(p *app.Probe) bool {
			return gStep(p) != "wait" && gStep(p) != "" && len(p.Drafts) == 0 && !p.Animating || p.Selected == "Game over"
		})
		if p.Selected == "Game over" {
			return
		}
		before := sig(p)
		t.Logf("generals after %v: %s, %s", time.Since(start).Round(time.Second), gStep(p), p.Selected)
		switch gStep(p) {
		case "opening":
			tkey(d, false, "Return") // the split as it stands
		case "defend":
			tkey(d, false, "Tab", "Return") // the first row
		case "tactics":
			tkey(d, false, "n")
		case "discard":
			for range 10 {
				if _, lit := gButton(d.read(), "Discard"); lit {
					break
				}
				tkey(d, false, "Tab", "Return") // tick the next card
			}
			tkey(d, false, "Escape", "Return") // no focus: Enter discards the ticked
		default:
			switch p.Selected {
			case "Declare":
				tkey(d, false, "y")
			case "Draw":
				tkey(d, false, "d")
			case "Harvest", "Kingdom", "Army":
				if !played && playCardByKeys(t, d) {
					played = true
					break
				}
				tkey(d, false, "n")
				if played {
					acted(d, "the phase ended", before, sig)
					return
				}
			default:
				tkey(d, false, "n")
			}
		}
		acted(d, "the move played", before, sig)
	}
}

// playCardByKeys presses Tab through the hand to a card that may be
// played now and Enter; a General asks where it goes: W, to the
// Warcamp. A card that asks for targets is dropped with Esc.
// It reports whether a card was played.
func playCardByKeys(t *testing.T, d *driver) bool {
	t.Helper()
	var id int
	for _, c := range gMarks(d.read(), "card", true) {
		if !c.Disabled {
			id = c.ID
			break
		}
	}
	if id == 0 {
		return false
	}
	focus := func(p *app.Probe) (string, int) {
		for _, m := range p.Others {
			if m.Kind == "focus" {
				return m.Name, m.ID
			}
		}
		return "", 0
	}
	for range 40 {
		if k, i := focus(d.read()); k == "card" && i == id {
			break
		}
		tkey(d, false, "Tab")
	}
	if k, i := focus(d.read()); k != "card" || i != id {
		t.Fatalf("Tab never reaches card %d of the hand", id)
	}
	logged := d.read().Log
	tkey(d, false, "Return")
	d.frames(3)
	if p := d.read(); p.Picked["card"] != 0 {
		if _, ok := gButton(p, "To the Warcamp"); !ok {
			tkey(d, false, "Escape") // it asks for targets: another test's matter
			return false
		}
		tkey(d, false, "w")
	}
	d.wait("the card played", func(p *app.Probe) bool { return p.Log > logged && len(p.Drafts) == 0 })
	return true
}
