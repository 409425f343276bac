package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"empires/client/app"
	"empires/client/module"
)

// The risk game's screen, as the probe tells it: territories are marks of
// kind "territory" (or "city"), the player's among Mine, with their armies
// in Units and their names in Cell; "target" marks ring the territories a
// click acts on now; the "move" mark names the player's move; "die" marks
// are the dice of the last roll; the defender's question is a "question"
// mark with its buttons.

// riskMarks returns the probe's marks of kind among mine (or the others').
func riskMarks(p *app.Probe, kind string, mine bool) []module.Mark {
	list := p.Others
	if mine {
		list = p.Mine
	}
	var out []module.Mark
	for _, m := range list {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// riskMove returns the player's move now, "" for none.
func riskMove(p *app.Probe) string {
	for _, m := range p.Others {
		if m.Kind == "move" {
			return m.Name
		}
	}
	return ""
}

// riskTerritory returns territory id's mark, and whether it is the
// player's.
func riskTerritory(p *app.Probe, id int) (module.Mark, bool) {
	for _, m := range p.Mine {
		if (m.Kind == "territory" || m.Kind == "city") && m.ID == id {
			return m, true
		}
	}
	for _, m := range p.Others {
		if (m.Kind == "territory" || m.Kind == "city") && m.ID == id {
			return m, false
		}
	}
	return module.Mark{}, false
}

// targets returns the territories ringed now, split into the player's
// and the others'.
func targets(p *app.Probe) (mine, others []module.Mark) {
	for _, t := range riskMarks(p, "target", false) {
		m, own := riskTerritory(p, t.ID)
		if !m.OnMap {
			continue
		}
		if own {
			mine = append(mine, m)
		} else {
			others = append(others, m)
		}
	}
	return mine, others
}

// riskKeys names xdotool's keys as the client's probe does, for the keys
// of the risk screen's help.
var riskKeys = map[string]string{"Return": "Enter", "space": "Space", "e": "E", "k": "K", "c": "C", "u": "U",
	"Escape": "Escape", "F1": "F1", "Tab": "Tab", "F12": "F12"}

// riskKey presses key as the driver's key does, with the risk screen's
// key names.
func riskKey(d *driver, key string) {
	d.t.Helper()
	name, ok := riskKeys[key]
	if !ok {
		d.t.Fatalf("key %q: add its ebiten name to riskKeys", key)
	}
	d.xdo("keydown", key)
	d.wait(key+" down", func(p *app.Probe) bool { return slices.Contains(p.Keys, name) })
	d.xdo("keyup", key)
	d.wait(key+" up", func(p *app.Probe) bool { return !slices.Contains(p.Keys, name) })
	d.frames(1)
}

// shiftClick clicks mark m with Shift held.
func shiftClick(d *driver, m module.Mark) {
	d.t.Helper()
	d.xdo("keydown", "Shift_L")
	d.wait("Shift down", func(p *app.Probe) bool {
		return slices.ContainsFunc(p.Keys, func(k string) bool { return strings.Contains(k, "Shift") })
	})
	d.clickMark(m)
	d.xdo("keyup", "Shift_L")
	d.wait("Shift up", func(p *app.Probe) bool {
		return !slices.ContainsFunc(p.Keys, func(k string) bool { return strings.Contains(k, "Shift") })
	})
}

// risk plays the player's moves in the window and keeps what the test
// checks.
type risk struct {
	t *testing.T
	d *driver
	// placed counts the armies placed by a click; rolls the rolls seen on
	// the screen; cities the cities built; trade what happened at the
	// trading table; questions the city questions answered.
	placed, rolls, cities, questions, deployed int
	trade                                      string
	shots                                      map[string]bool
}

// shot keeps a screenshot as risk-NAME, once.
func (g *risk) shot(name string) {
	if g.shots[name] {
		return
	}
	g.shots[name] = true
	g.d.frames(2)
	g.d.screenshot()
	keepShot(g.d, "risk-"+name)
}

// acted waits until the action sent is played: the log grows or the move
// changes.
func (g *risk) acted(p *app.Probe) *app.Probe {
	move, log := riskMove(p), p.Log
	return g.d.wait("the action played", func(q *app.Probe) bool {
		return q.Log > log || riskMove(q) != move || len(q.Drafts) == 0 && q.Log > log
	})
}

// deploy places a starting army on one of the player's first three
// territories, in turn, with a click where it is drawn.
func (g *risk) deploy(p *app.Probe) {
	mine, _ := targets(p)
	if len(mine) == 0 {
		g.t.Fatal("placing a starting army: none of your territories is ringed")
	}
	m := mine[g.deployed%min(3, len(mine))]
	g.d.clickMark(m)
	g.deployed++
	g.d.wait("the starting army placed", func(q *app.Probe) bool {
		n, _ := riskTerritory(q, m.ID)
		return n.Units > m.Units
	})
}

// place places the round's armies: a click places one (the armies shown
// grow by one), a Shift-click the rest.
func (g *risk) place(p *app.Probe) {
	mine, _ := targets(p)
	m := mine[0]
	g.d.clickMark(m)
	q := g.d.wait("an army placed", func(q *app.Probe) bool { n, _ := riskTerritory(q, m.ID); return n.Units > m.Units })
	if n, _ := riskTerritory(q, m.ID); n.Units != m.Units+1 {
		g.t.Errorf("a click on %s placed %d armies, want 1", m.Cell, n.Units-m.Units)
	}
	g.placed++
	if riskMove(q) != "place" {
		return
	}
	m2, _ := riskTerritory(q, mine[len(mine)-1].ID)
	shiftClick(g.d, m2)
	g.d.wait("the rest placed", func(q *app.Probe) bool { return riskMove(q) != "place" })
}

// attack attacks once: a click on a ringed territory of the player's, a
// click on a ringed enemy territory, Enter rolls; the dice are on the
// screen. Then E stops the attacks.
func (g *risk) attack(p *app.Probe, name string) {
	d := g.d
	if g.rolls > 0 {
		riskKey(d, "e")
		d.wait("the attacks stopped", func(q *app.Probe) bool { return riskMove(q) != "attack" })
		return
	}
	mine, _ := targets(p)
	from := mine[0]
	d.clickMark(from)
	q := d.wait("the territory to attack from chosen", func(q *app.Probe) bool { return q.Selected == from.Cell })
	_, others := targets(q)
	if len(others) == 0 {
		g.t.Fatalf("%s is chosen to attack from, and no enemy territory is ringed", from.Cell)
	}
	to := others[0]
	d.clickMark(to)
	d.wait("the territory to attack chosen", func(q *app.Probe) bool { return q.Picked["target"] == to.ID })
	log := d.read().Log
	riskKey(d, "Return")
	q = d.wait("the dice on the screen", func(q *app.Probe) bool { return len(riskMarks(q, "die", false)) > 0 && q.Log > log })
	for _, die := range riskMarks(q, "die", false) {
		if !die.OnMap || die.Units < 1 || die.Units > 8 {
			g.t.Errorf("a die of the roll: %+v", die)
		}
	}
	if log := strings.Join(strings.Fields(strings.Join(q.LogText, " ")), " "); !strings.Contains(log, to.Cell+" from "+from.Cell) {
		g.t.Errorf("the log does not tell the roll on %s: %q", to.Cell, q.LogText)
	}
	g.rolls++
	g.shot(name + "-dice")
}

// build builds cities on the ringed territories, with a click each, then
// E ends the step.
func (g *risk) build(p *app.Probe) {
	d := g.d
	mine, _ := targets(p)
	if len(mine) == 0 {
		riskKey(d, "e")
		d.wait("the building ended", func(q *app.Probe) bool { return riskMove(q) != "build" })
		return
	}
	m := mine[0]
	d.clickMark(m)
	d.wait("the city built", func(q *app.Probe) bool { n, _ := riskTerritory(q, m.ID); return n.Kind == "city" })
	g.cities++
}

// riskAccept returns the trading table's Accept button of an offer to the
// player, if the window shows one.
func riskAccept(p *app.Probe) *module.Mark {
	for _, m := range p.Mine {
		if m.Kind == "button" && strings.HasPrefix(m.Name, "cards/Accept offer") && p.WindowOpen && m.X > 0 {
			return &m
		}
	}
	return nil
}

// riskButton returns the card window's button named name (with its
// "cards/" prefix) where the probe p last saw it.
func riskButton(t *testing.T, p *app.Probe, name string) module.Mark {
	t.Helper()
	for _, m := range p.Mine {
		if m.Kind == "button" && m.Name == name {
			return m
		}
	}
	t.Fatalf("no button %q in the card window", name)
	return module.Mark{}
}

// riskOpened returns how many times the card window name ("trade",
// "purchase") opened by itself.
func riskOpened(p *app.Probe, name string) int {
	for _, m := range p.Others {
		if m.Kind == "opened" && m.Name == name {
			return m.Units
		}
	}
	return 0
}

// endInWindow ends the step of a card window with the keys: Esc closes the
// window, E ends the step (the purchase keeps the 5 Goods cards worth the
// most).
func (g *risk) endInWindow() {
	d := g.d
	move := riskMove(d.read())
	if d.read().WindowOpen {
		riskKey(d, "Escape")
		d.wait("the window closed", func(q *app.Probe) bool { return !q.WindowOpen })
	}
	riskKey(d, "e")
	d.wait("the step ended", func(q *app.Probe) bool { return riskMove(q) != move })
}

// play plays the move probe p asks of the player, and reports whether
// the trading table was reached.
func (g *risk) play(p *app.Probe, name string) bool {
	d := g.d
	switch riskMove(p) {
	case "deploy":
		g.deploy(p)
	case "place", "reinforce":
		g.place(p)
	case "attack":
		g.attack(p, name)
	case "occupy", "free move", "disasters":
		riskKey(d, "e")
		g.acted(p)
	case "defend":
		if q, ok := duelMark(p, "question", ""); !ok || !q.OnMap || !strings.HasSuffix(q.Name, " left") {
			g.t.Errorf("the city question: %+v", q)
		}
		g.shot(name + "-question")
		riskKey(d, "k")
		g.questions++
		g.acted(p)
	case "build":
		g.build(p)
	case "trade":
		return true
	case "purchase":
		g.endInWindow()
		g.acted(p)
	default:
		g.t.Fatalf("move %q", riskMove(p))
	}
	return false
}

// TestRiskInTheWindow plays the risk game in the real client as a new
// player does, with the pointer and the keys the help names: Play vs AI,
// Risk picked in the list, one opponent, a generated map of 9
// territories, Start. It places its starting armies with clicks where
// its territories are drawn; in step 3 a click places one army and a
// Shift-click the rest; in step 4 a click on its territory and one on a
// ringed enemy territory choose the attack and Enter rolls: the dice are
// on the screen and the log tells the roll; E stops the attacks and
// ends the turn; in step 5 clicks build cities, which show on the map;
// an AI attacking a city asks the question, answered with K. It plays
// the rounds until the trading table opens by itself in step 6, and
// trades with the AI there (accepts its offer, or makes one). It saves
// the screens at 1024x768 and 1920x1080 (EMPIRES_SCREENSHOTS keeps them).
func TestRiskInTheWindow(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	start := time.Now()
	d := startDriver(t, bin, []string{"-seed", "7"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1280, 800) // the setup's Start is below 768
	d.press("Play vs AI")
	d.press("Empires: the Risk extended scenario")
	d.frames(5)
	typeSeed(d, "36")
	d.press("−") // the opponents: 3 by default, down to 1
	d.press("−")
	d.press("Generated")
	// The territories: Tab goes to the stepper after the map's choices,
	// Enter presses its − from 42 down to 11.
	for prev := ""; ; {
		d.key("Tab")
		f := d.read().Focused
		if prev == "Generated" && f == "−" {
			break
		}
		prev = f
	}
	for range 42 - 11 {
		d.key("Return")
	}
	if p := d.read(); !slices.Contains(p.Texts, "11") {
		t.Fatalf("the territories are not set to 11: %q", p.Texts)
	}
	d.press("Start")
	t.Logf("the game starts after %v", time.Since(start).Round(time.Second))
	p := d.wait("a risk game", func(p *app.Probe) bool { return p.Screen == "game" && len(riskMarks(p, "territory", false)) > 0 })
	if n := len(riskMarks(p, "territory", true)) + len(riskMarks(p, "territory", false)); n != 11 {
		t.Fatalf("the probe shows %d territories for a map of 11", n)
	}
	d.resize(1024, 768)
	g := &risk{t: t, d: d, shots: map[string]bool{}}
	name := "1024x768"
	for {
		p = d.wait("the player's move", func(p *app.Probe) bool { return riskMove(p) != "" || riskOpened(p, "trade") > 0 })
		if riskOpened(p, "trade") > 0 {
			break
		}
		if riskMove(p) == "deploy" && g.deployed == 0 {
			g.shot(name + "-setup")
		}
		if riskMove(p) == "build" && g.cities == 0 && name != "1920x1080" {
			g.shot(name + "-build")
			d.resize(1920, 1080)
			name = "1920x1080"
		}
		if g.play(d.read(), name) {
			break
		}
		if p.Turn > 4 {
			t.Fatalf("round %d and no trading table", p.Turn)
		}
	}
	t.Logf("the trading step, round %d, after %v", p.Turn, time.Since(start).Round(time.Second))

	// The trading table, opened by itself when the step begins. The AI
	// offers the player its cards and stays at the table until the offer
	// is answered (an AI waits for the answers to its open offers): the
	// player accepts it with a click, then leaves the table with E; the AI,
	// its offer answered, leaves too and the step ends.
	p = d.wait("the AI's offer at the table", func(p *app.Probe) bool { return riskAccept(p) != nil })
	// Accepting gives 3 or more cards back, with a statement of them: three
	// cards ticked, their total stated, then Accept.
	var gave int
	for _, m := range p.Mine {
		if m.Kind == "button" && strings.HasPrefix(m.Name, "cards/Give card ") && gave < 3 {
			d.clickMark(riskButton(t, d.read(), m.Name))
			d.frames(3)
			gave++
		}
	}
	d.clickMark(riskButton(t, d.read(), "cards/State the total"))
	d.frames(3)
	accept := *riskAccept(d.read())
	g.trade = strings.TrimPrefix(accept.Name, "cards/")
	d.clickMark(accept)
	d.wait("the trade", func(p *app.Probe) bool { return strings.Contains(strings.Join(p.LogText, " "), " trade (offer ") })
	g.shot(name + "-after-trade")
	g.endInWindow() // Esc closes the window, E leaves the table: the step ends
	p = d.read()
	traded := strings.Join(strings.Fields(strings.Join(p.LogText, " ")), " ")
	if !strings.Contains(traded, "Bot 2 offers you") || !strings.Contains(traded, "Bot 2 and you trade (offer") {
		t.Errorf("the log tells no offer of the AI's taken at the trading table: %q", p.LogText)
	}
	t.Logf("placed %d, rolled %d, built %d cities, %d questions, the trade: %s; log: %q", g.placed, g.rolls, g.cities, g.questions, g.trade, p.LogText)
	if g.rolls == 0 || g.cities == 0 || g.placed == 0 {
		t.Errorf("the game went by without a roll, a city or an army placed")
	}
	d.key("F1")
	d.wait("the help", func(p *app.Probe) bool { return p.WindowOpen })
	g.shot(name + "-help")
}
