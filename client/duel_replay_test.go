package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/internal/savedgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	duelrules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// The rule the Replays screen keeps (savedreplay.Watchable): "a game of
// hidden holdings not over: the viewer's own seat alone"; over, "the
// all-seeing spectator, then seats 1 to seats". Duel's hands are hidden
// holdings.

// saveDuelGame saves a game of Duel of Ann (seat 1: the client's player,
// who created it), Bob and Cid, both AIs, named name, played for at most
// steps steps, in data directory dir as game id, as the client's server
// would; it returns the names of the cards each seat held after each step
// (the start first), by seat (hands[i][s-1]), and whether it is over.
func saveDuelGame(t *testing.T, dir string, id protocol.GameID, name string, steps int) ([][][]string, bool) {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(duelrules.ID)
	if !ok {
		t.Fatal("no Duel ruleset")
	}
	deck := rs.(*duelrules.Rules).Deck()
	names := []string{"Ann", "Bob", "Cid"}
	set := protocol.Settings{Name: name, Ruleset: duelrules.ID, Seed: 4, Seats: 3, Bots: 2}
	look := func(g ruleset.Game) [][]string {
		var out [][]string
		for s := 1; s <= g.Seats(); s++ {
			var hand []string
			for _, c := range g.View(ruleset.Seat(s), false).(*duelrules.View).Hand {
				hand = append(hand, deck.Name(c))
			}
			out = append(out, hand)
		}
		return out
	}
	start, err := rs.New(set.Config(names))
	if err != nil {
		t.Fatal(err)
	}
	hands := [][][]string{look(start)}
	over := false
	err = savedgame.Play(dir, id, rs, set, names, steps, func(s savedgame.Step) error {
		hands = append(hands, look(s.Game))
		over, _ = s.Game.Over()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hands, over
}

// replayAt returns the step a replay shows (0: the start), from the top
// bar's "Replay: turn 3 of 12", and -1 if it shows none.
func replayAt(p *app.Probe) int {
	var at, of int
	if _, err := fmt.Sscanf(p.Clock, "Replay: turn %d of %d", &at, &of); err != nil {
		return -1
	}
	return at - 1
}

// eyesOffered returns the labels of the Watching buttons on the screen
// and whether each may be pressed.
func eyesOffered(p *app.Probe) map[string]bool {
	out := map[string]bool{}
	for label, b := range p.Buttons {
		if strings.HasPrefix(label, "Watching") && !strings.Contains(label, "/") {
			out[label] = !b.Disabled
		}
	}
	return out
}

// hasKey reports whether m has key k.
func hasKey(m map[string]bool, k string) bool { _, ok := m[k]; return ok }

// handShown returns the names of the cards the table shows face up as a
// hand.
func handShown(p *app.Probe) []string {
	var out []string
	for _, m := range duelMarks(p, "card") {
		out = append(out, m.Name)
	}
	return out
}

// TestDuelReplayEyesInTheWindow watches two saved Duel games of Ann (the
// player), Bob and Cid from the Replays screen of the real client, with
// the pointer and the keys the help names. The game going on: picked, the
// screen says Watch shows it through the player's eyes alone; Watch opens
// it through Ann's eyes, the Watching button offers no other and a click
// on it changes nothing, nor do clicks on the others' hands, the help
// (F1) and the table's keys (Tab, 1-9, A, P, B, T, Esc); Enter, Turn >,
// < Turn and Play step through it, each step showing Ann's hand as she
// held it. The game over: Watch opens it from above (no hand face up) and
// Watching goes through Ann's, Bob's and Cid's eyes, each showing that
// player's hand, and back. It saves the screens at 1024x768 and
// 1920x1080 (EMPIRES_SCREENSHOTS keeps them).
func TestDuelReplayEyesInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	dir := filepath.Join(filepath.Dir(d.shots), "games") // the client's data directory
	done, over := saveDuelGame(t, dir, 1, "Duel over", 1000)
	going, stillOn := saveDuelGame(t, dir, 2, "Duel going on", 20)
	if !over || stillOn {
		t.Fatalf("game 1 over %v, game 2 over %v: want the first over, the second not", over, stillOn)
	}
	const note = "Watch shows it through your eyes alone"
	hasText := func(p *app.Probe, s string) bool {
		return slices.ContainsFunc(p.Texts, func(x string) bool { return strings.Contains(x, s) })
	}
	d.resize(1280, 800)

	// The game going on, the newest, first in the list.
	d.press("Replays")
	p := d.wait("the list of saved games", func(p *app.Probe) bool { return p.List[2] > p.List[0] })
	d.click(p.List[0]+60, p.List[1]+14, 1)
	d.wait("Watch enabled, and what it will show", func(p *app.Probe) bool {
		b, ok := p.Buttons["Watch"]
		return ok && !b.Disabled && hasText(p, note)
	})
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		d.resize(size[0], size[1])
		d.frames(2)
		d.screenshot()
		keepShot(d, fmt.Sprintf("replayseats-%dx%d-list", size[0], size[1]))
	}
	d.resize(1280, 800)
	d.press("Watch")
	p = d.wait("the replay of the game going on", func(p *app.Probe) bool { return p.Screen == "game" && replayAt(p) == 0 })

	// onlyAt checks that the table shows Ann's hand of step at, and that
	// Watching offers her eyes alone, not to be pressed; only, of the
	// step the top bar says it shows.
	onlyAt := func(p *app.Probe, at int, what string) {
		t.Helper()
		if at < 0 || at >= len(going) {
			t.Fatalf("%s: the replay shows step %d of %d (%q)", what, at, len(going), p.Clock)
		}
		if have := eyesOffered(p); len(have) != 1 || !hasKey(have, "Watching: Ann") || have["Watching: Ann"] {
			t.Fatalf("%s: the eyes offered are %v, want Ann's alone, not to be pressed", what, have)
		}
		if have, want := handShown(p), going[at][0]; !slices.Equal(have, want) {
			t.Fatalf("%s: step %d shows the hand %v, want Ann's %v", what, at, have, want)
		}
	}
	only := func(p *app.Probe, what string) {
		t.Helper()
		onlyAt(p, replayAt(p), what)
	}
	only(p, "the start")
	if len(going[0][0]) == 0 {
		t.Fatal("Ann holds no cards at the start")
	}

	// Watching, pressed: nothing changes.
	d.press("Watching: Ann")
	d.frames(5)
	only(d.read(), "Watching pressed")

	// The others' hands, hovered and clicked.
	for _, h := range duelMarks(d.read(), "hand") {
		d.move(int(h.X), int(h.Y))
		d.frames(2)
		d.clickMark(h)
		d.frames(3)
		only(d.read(), fmt.Sprintf("%s's hand clicked", h.Name))
	}

	// The help, and the table's keys.
	d.move(p.Map[0]+20, p.Map[1]+60) // the keys go to the window under the pointer
	d.key("F1")
	d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
	d.frames(2)
	d.screenshot()
	keepShot(d, "replayseats-1280x800-help")
	d.key("Escape")
	d.wait("the help closed", func(p *app.Probe) bool { return !p.WindowOpen })
	for _, k := range []string{"Tab", "1", "2", "a", "p", "b", "t", "Escape"} {
		d.key(k)
		d.frames(2)
		only(d.read(), "the key "+k)
	}

	// Enter steps on, as Turn > does; < Turn steps back.
	for i := 1; i <= 4; i++ {
		d.key("Return")
		only(d.wait(fmt.Sprintf("step %d", i), func(p *app.Probe) bool { return replayAt(p) == i }), fmt.Sprintf("Enter to step %d", i))
	}
	d.press("Turn >")
	only(d.wait("step 5", func(p *app.Probe) bool { return replayAt(p) == 5 }), "Turn >")
	d.press("< Turn")
	only(d.wait("step 4", func(p *app.Probe) bool { return replayAt(p) == 4 }), "< Turn")
	d.press("Play")
	p = d.wait("the replay playing", func(p *app.Probe) bool { return replayAt(p) >= 6 })
	only(p, "playing")
	d.press("Pause")
	p = d.wait("the replay paused", func(p *app.Probe) bool { _, ok := p.Buttons["Play"]; return ok })
	only(p, "paused")
	d.press("Watching: Ann")
	d.frames(5)
	only(d.read(), "Watching pressed again")
	at := replayAt(d.read())
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		// At 1024x768 the top bar has no room for the step: it shows
		// the same one.
		d.resize(size[0], size[1])
		d.keep(fmt.Sprintf("replayseats-%dx%d-going", size[0], size[1]))
		onlyAt(d.read(), at, fmt.Sprintf("at %dx%d", size[0], size[1]))
	}
	d.resize(1280, 800)
	d.frames(3)

	// The game over, second in the list.
	d.press("Menu")
	d.press("Leave the replay")
	p = d.wait("the list of saved games", func(p *app.Probe) bool { return p.Screen == "menu" && p.List[2] > p.List[0] })
	d.click(p.List[0]+60, p.List[1]+14+31, 1) // a row is some 31 pixels high
	p = d.wait("Watch enabled", func(p *app.Probe) bool { b, ok := p.Buttons["Watch"]; return ok && !b.Disabled })
	if hasText(p, note) {
		t.Fatal("the click picked the game going on again, not the one over below it")
	}
	d.press("Watch")
	p = d.wait("the replay of the game over", func(p *app.Probe) bool { return p.Screen == "game" && replayAt(p) == 0 })
	if have := handShown(p); len(have) != 0 {
		t.Errorf("from above, the table shows the hand %v", have)
	}
	seats := []string{"Ann", "Bob", "Cid"}
	for s, name := range seats {
		label := "Watching: everything"
		if s > 0 {
			label = "Watching: " + seats[s-1]
		}
		if have := eyesOffered(p); len(have) != 1 || !hasKey(have, label) || !have[label] {
			t.Fatalf("the eyes offered are %v, want %q, to be pressed", have, label)
		}
		d.press(label)
		p = d.wait(name+"'s eyes", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: "+name]; return ok })
		if have, want := handShown(p), done[0][s]; !slices.Equal(have, want) {
			t.Errorf("through %s's eyes the table shows the hand %v, want %v", name, have, want)
		}
		if name == "Bob" {
			for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
				d.resize(size[0], size[1])
				d.keep(fmt.Sprintf("replayseats-%dx%d-over-bob", size[0], size[1]))
			}
			d.resize(1280, 800)
			d.frames(3)
			p = d.read()
		}
	}
	d.press("Watching: Cid")
	p = d.wait("from above again", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: everything"]; return ok })
	if have := handShown(p); len(have) != 0 {
		t.Errorf("from above again, the table shows the hand %v", have)
	}
	// Ann's eyes on the last step: her hand as the game ended.
	d.press("Watching: everything")
	d.wait("Ann's eyes", func(p *app.Probe) bool { _, ok := p.Buttons["Watching: Ann"]; return ok })
	for replayAt(d.read()) < len(done)-1 {
		at := replayAt(d.read())
		d.key("Return")
		d.wait(fmt.Sprintf("step %d", at+1), func(p *app.Probe) bool { return replayAt(p) == at+1 })
	}
	if have, want := handShown(d.read()), done[len(done)-1][0]; !slices.Equal(have, want) {
		t.Errorf("Ann's hand at the end: %v, want %v", have, want)
	}
}
