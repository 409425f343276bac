package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module"
)

// The card table of Duel, as the probe tells it: a card table's marks
// say what they are in Name (a card's name, a button's label).

// duelMark returns the probe's mark of kind (and, if not "", named name)
// among the player's things and the others', and whether there is one.
func duelMark(p *app.Probe, kind, name string) (module.Mark, bool) {
	for _, m := range append(append([]module.Mark(nil), p.Mine...), p.Others...) {
		if m.Kind == kind && (name == "" || m.Name == name) {
			return m, true
		}
	}
	return module.Mark{}, false
}

// duelMarks returns the probe's marks of kind.
func duelMarks(p *app.Probe, kind string) []module.Mark {
	var out []module.Mark
	for _, m := range append(append([]module.Mark(nil), p.Mine...), p.Others...) {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// clickMark clicks the middle of mark m.
func (d *driver) clickMark(m module.Mark) {
	d.t.Helper()
	d.click(int(m.X), int(m.Y), 1)
}

// duelMove says what the table asks of the player now, from the probe:
// "offer" (no card laid yet), "laid" (a card laid face down, End turn
// not yet pressed), "attack" (the Attack and Pass buttons are on the
// table), "defend" (Block and Take the hit), "over", or "" (the others'
// move).
func duelMove(p *app.Probe) string {
	if _, ok := p.Buttons["Back to the menu"]; ok || p.Buttons["Game over"].Rect != [4]int{} {
		return "over"
	}
	if _, ok := duelMark(p, "button", "Take the hit"); ok {
		return "defend"
	}
	if _, ok := duelMark(p, "button", "Pass"); ok {
		return "attack"
	}
	b, ok := p.Buttons["End turn"]
	switch {
	case !ok || b.Disabled || p.Ready || len(duelMarks(p, "card")) == 0:
		return ""
	case len(p.Drafts) > 0:
		return "laid"
	}
	return "offer"
}

// duel plays the player's moves in the window with the pointer and the
// keys, and keeps what a test checks.
type duel struct {
	d *driver
	// name, if not "", begins the names of the screenshots kept of the
	// first attack and the first question ("duel-1024x768": kept as
	// duel-1024x768-attack); kept says which were.
	name string
	kept map[string]bool
	// questions counts the defender's questions seen, blocks the blocks
	// and hits the hits taken, attacks the attacks made; countdown is the
	// countdown the last question showed.
	questions, blocks, hits, attacks, offers int
	countdown                                string
}

// lowest returns the card of the hand of the lowest rank: the player
// lays and attacks with its low cards and keeps its high ones to block.
func lowest(p *app.Probe) module.Mark {
	cards := duelMarks(p, "card")
	best, rank := cards[0], 100
	for _, c := range cards {
		var r int
		if _, err := fmt.Sscanf(c.Name, "%d of", &r); err == nil && r < rank {
			best, rank = c, r
		}
	}
	return best
}

// offer lays the hand's lowest card face down with a click and ends the
// turn with Enter, the key the help names.
func (g *duel) offer() {
	d := g.d
	p := d.read()
	c := lowest(p)
	d.clickMark(c)
	d.wait("the card laid face down", func(p *app.Probe) bool {
		return len(p.Drafts) == 1 && strings.Contains(p.Drafts[0], c.Name)
	})
	d.key("Return")
	d.wait("the offering played", func(p *app.Probe) bool { m := duelMove(p); return m != "laid" && m != "offer" || p.Ready })
	g.offers++
}

// attack chooses the hand's lowest card with a click and attacks the
// first other player who holds cards with a click on their hand.
func (g *duel) attack() {
	d := g.d
	p := d.read()
	c := lowest(p)
	d.clickMark(c)
	p = d.wait("the card chosen", func(p *app.Probe) bool { return p.Selected == c.Name })
	var target module.Mark
	for _, h := range duelMarks(p, "hand") {
		if h.Units > 0 {
			target = h
			break
		}
	}
	if g.name != "" && !g.kept["attack"] {
		d.move(int(target.X), int(target.Y)) // its tooltip: "Attack Bot 2 with ..."
		d.frames(2)
		g.keep("attack")
	}
	d.clickMark(target)
	d.wait("the attack made", func(p *app.Probe) bool { _, ok := duelMark(p, "button", "Pass"); return !ok })
	g.attacks++
}

// keep saves a screenshot as the name's kind, once.
func (g *duel) keep(kind string) {
	if g.kept == nil {
		g.kept = map[string]bool{}
	}
	g.kept[kind] = true
	g.d.frames(2)
	g.d.screenshot()
	keepShot(g.d, g.name+"-"+kind)
}

// defend answers an attack: Block, when a card blocks, else Take the
// hit.
func (g *duel) defend() {
	d := g.d
	p := d.read()
	q, ok := duelMark(p, "question", "")
	if !ok {
		d.t.Fatal("attacked, and no question on the table")
	}
	if !q.OnMap {
		d.t.Errorf("the question is not on the table: %+v", q)
	}
	g.questions++
	g.countdown = q.Name
	if g.name != "" && !g.kept["question"] {
		g.keep("question")
	}
	log := p.Log
	if b, _ := duelMark(p, "button", "Block"); !b.Disabled {
		d.clickMark(b)
		g.blocks++
	} else {
		t, _ := duelMark(p, "button", "Take the hit")
		d.clickMark(t)
		g.hits++
	}
	d.wait("the attack answered", func(p *app.Probe) bool {
		_, asked := duelMark(p, "question", "")
		return !asked && p.Log > log || duelMove(p) == "over"
	})
}

// play plays the move the probe p asks of the player, and reports false
// when the game is over.
func (g *duel) play(p *app.Probe) bool {
	switch duelMove(p) {
	case "offer":
		g.offer()
	case "laid":
		g.d.key("Return")
		g.d.wait("the offering played", func(p *app.Probe) bool { return duelMove(p) != "laid" })
	case "attack":
		g.attack()
	case "defend":
		g.defend()
	case "over":
		return false
	}
	return true
}

// typeSeed types seed in the setup's Seed field, which Tab reaches after
// the rulesets' buttons: the same game each run.
func typeSeed(d *driver, seed string) {
	d.t.Helper()
	for d.read().Focused != "input" {
		d.key("Tab")
	}
	d.xdo("type", "--delay", "60", seed)
	d.frames(5)
}

// keepShot copies the last screenshot to $EMPIRES_SCREENSHOTS as name.
func keepShot(d *driver, name string) {
	if dir := os.Getenv("EMPIRES_SCREENSHOTS"); dir != "" {
		copyFile(d.t, d.last, filepath.Join(dir, name+".png"))
	}
}

// TestDuelInTheWindow plays Duel in the real client as a new player
// does, with the pointer and the keys the help names: Play vs AI, Duel
// picked in the list, one opponent, Start. In the offering a click on a
// card lays it face down (the turn's orders say so) and Enter (End turn)
// lays it: the offering is revealed. In the player's attack turn a click
// chooses a card (it is raised) and a click on the AI's hand attacks it.
// When the AI attacks, the defender's question is on the table, and a
// click on Block (or, with no card that blocks, Take the hit) answers it.
// Then it plays on with the pointer to the end of the game, which the log
// tells (at 1920x1080 until an attack and a question, then at 1024x768),
// and watches the game again from the Replays screen: from above (no hand
// face up), a step on (the offering revealed), and through the player's
// eyes (the hand, no buttons). It saves the table at 1024x768
// and 1920x1080 (EMPIRES_SCREENSHOTS keeps them).
func TestDuelInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800)
	d.press("Play vs AI")
	d.press("Duel")
	d.frames(5)
	typeSeed(d, "7")
	d.press("−") // the opponents: 3 by default
	d.press("−")
	d.press("−")
	// The clocks: 2 min to answer (the first "2 min": Time to answer's),
	// and the host's turn timer of 60 s, for a server that keeps no
	// clock of the game's own. The table counts them down.
	d.press("2 min")
	d.scrollTo("60 s") // the form is taller than the window: its settings scroll
	d.press("60 s")
	d.press("Start")
	p := d.wait("a Duel game", func(p *app.Probe) bool { return p.Screen == "game" && len(duelMarks(p, "card")) > 0 })
	var hand []string
	for _, c := range duelMarks(p, "card") {
		hand = append(hand, c.Name)
	}
	t.Logf("the hand dealt: %s", strings.Join(hand, ", "))
	if n := len(duelMarks(p, "hand")); n != 1 {
		t.Fatalf("%d other players' hands on the table, want the one AI's", n)
	}
	d.resize(1024, 768)
	g := &duel{d: d, name: "duel-1024x768"}

	// The offering: a click lays the last card face down.
	p = d.wait("the offering", func(p *app.Probe) bool { return duelMove(p) == "offer" })
	laid := lowest(p)
	d.clickMark(laid)
	p = d.wait("the card laid face down", func(p *app.Probe) bool { return len(p.Drafts) == 1 })
	if !strings.Contains(p.Drafts[0], laid.Name) {
		t.Errorf("the click on the %s drafts %q", laid.Name, p.Drafts)
	}
	d.keep("duel-1024x768-laid")
	log := p.Log
	d.key("Return")
	p = d.wait("the offering revealed", func(p *app.Probe) bool { _, ok := duelMark(p, "offering", laid.Name); return ok })
	if p.Log <= log {
		t.Error("the log tells nothing of the offering")
	}
	g.offers++

	// Round 1 begins with seat 1, the player: an attack.
	d.wait("the player's attack turn", func(p *app.Probe) bool { return duelMove(p) == "attack" })
	g.attack()

	// The AI attacks back: the question, answered.
	d.wait("the AI's attack", func(p *app.Probe) bool { return duelMove(p) == "defend" })
	g.defend()

	// On to the end with the pointer and Enter: at 1920x1080 until its
	// pictures of an attack and a question are kept, then at 1024x768
	// (the software rasterizer's cost goes with the window's pixels), and
	// the end at 1920x1080 again.
	d.resize(1920, 1080)
	g.name, g.kept = "duel-1920x1080", nil
	for big := true; ; {
		p = d.wait("the player's move or the end", func(p *app.Probe) bool { return duelMove(p) != "" })
		if !g.play(p) {
			break
		}
		if big && g.kept["attack"] && g.kept["question"] {
			d.resize(1024, 768)
			big = false
		}
	}
	d.resize(1920, 1080)
	d.frames(2)
	d.screenshot()
	keepShot(d, "duel-1920x1080-over")
	p = d.read()
	t.Logf("the game: %d offerings, %d attacks, %d questions answered: %d blocks, %d hits; %d log lines",
		g.offers, g.attacks, g.questions, g.blocks, g.hits, p.Log)
	if g.blocks == 0 {
		t.Error("the player never blocked an attack")
	}
	if g.questions < 2 {
		t.Errorf("the AI attacked the player %d times", g.questions)
	}
	if !strings.HasSuffix(g.countdown, " left") {
		t.Errorf("the last question's countdown says %q", g.countdown)
	}
	d.key("Escape")
	d.wait("the end's window closed", func(p *app.Probe) bool { return !p.WindowOpen })
	d.key("F1")
	d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
	d.keep("duel-1920x1080-help")
	d.key("Escape")
	d.wait("the help closed", func(p *app.Probe) bool { return !p.WindowOpen })

	// The game again, from the Replays screen.
	d.press("Menu")
	d.press("Leave the game")
	d.wait("the main menu", func(p *app.Probe) bool { return p.Screen == "menu" })
	d.press("Replays")
	p = d.wait("the list of saved games", func(p *app.Probe) bool { return p.List[2] > p.List[0] })
	d.click(p.List[0]+60, p.List[1]+14, 1) // its first game
	d.wait("Watch enabled", func(p *app.Probe) bool { b, ok := p.Buttons["Watch"]; return ok && !b.Disabled })
	d.press("Watch")
	p = d.wait("the replay", func(p *app.Probe) bool { return p.Screen == "game" && len(duelMarks(p, "hand")) == 2 })
	if n := len(duelMarks(p, "card")); n != 0 {
		t.Errorf("from above, the replay shows %d cards of a hand face up", n)
	}
	log = p.Log
	d.press("Turn >")
	d.wait("the offering revealed in the replay", func(p *app.Probe) bool { return p.Log > log && len(duelMarks(p, "offering")) == 2 })
	d.press("Watching: everything")
	p = d.wait("the player's eyes", func(p *app.Probe) bool { return len(duelMarks(p, "card")) > 0 })
	if n := len(duelMarks(p, "hand")); n != 1 {
		t.Errorf("through the player's eyes, the replay shows %d other hands", n)
	}
	if n := len(duelMarks(p, "button")); n != 0 {
		t.Errorf("the replay offers %d buttons of a move", n)
	}
	d.keep("duel-1920x1080-replay")
}
