package empire

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"empires/shared/grid"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// A map where Ann's city (0,0) lies inland, Bob's far in the south-east,
// with a neutral town between.
const farMap = `
1.......^^......
........^^......
......t.........
................
..............2.`

// A click on a square of the player's selects its settlement first, then
// each of its forces there, then the settlement again.
func TestClickCyclesSettlementThenForces(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	city := m.SettlementAt(at(0, 0))
	if city == nil || city.Owner != 1 {
		t.Fatalf("no city of Ann's at 0,0: %+v", city)
	}
	g := tg.garrisonAt(at(0, 0))
	tests := []struct {
		name string
		want Selection
	}{
		{"first click: the city", Selection{Active: true, Cell: at(0, 0), Settlement: city.ID}},
		{"second click: the garrison", Selection{Active: true, Cell: at(0, 0), Force: g.ID}},
		{"third click: the city again", Selection{Active: true, Cell: at(0, 0), Settlement: city.ID}},
	}
	for _, tc := range tests {
		if _, err := m.Click(at(0, 0)); err != nil {
			t.Fatal(err)
		}
		if have := m.Selection(); have != tc.want {
			t.Errorf("%s: have %+v, want %+v", tc.name, have, tc.want)
		}
	}
	// A square with nothing of the player's is selected alone.
	if _, err := m.Click(at(3, 3)); err != nil {
		t.Fatal(err)
	}
	if have, want := m.Selection(), (Selection{Active: true, Cell: at(3, 3)}); have != want {
		t.Errorf("an empty square: have %+v, want %+v", have, want)
	}
}

// "A new army is created by splitting off units from a garrison." The
// player splits three units off the city's garrison and sends the new
// army east with a click: one Split order carrying the path, which the
// rules accept; after the turn the army has moved two plains squares
// ("An infantry unit can move 2 plain squares") and is still selected,
// under the number the server gave it.
func TestSplitAndMoveByClick(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	gid := g.ID
	take := unitIDs(g.Units[1:])
	nf, err := m.Split(gid, take, false)
	if err != nil {
		t.Fatal(err)
	}
	if !Drafted(nf) || m.Selection().Force != nf {
		t.Fatalf("the new army %d is not drafted and selected: %+v", nf, m.Selection())
	}
	if have, want := tg.garrisonAt(at(0, 0)).Units, g.Units[:1]; !slices.Equal(unitIDs(have), unitIDs(want)) {
		t.Errorf("the garrison keeps %v, want %v", unitIDs(have), unitIDs(want))
	}
	ordered, err := m.Click(at(3, 0))
	if err != nil || !ordered {
		t.Fatalf("a click on an empty square did not order the army there: %t %v", ordered, err)
	}
	want := []rules.Order{{Kind: rules.Split, Force: gid, Units: take, Path: []grid.Pos{at(1, 0), at(2, 0), at(3, 0)}}}
	if have := m.Orders(); len(have) != 1 || have[0].Kind != want[0].Kind || have[0].Force != gid ||
		!slices.Equal(have[0].Units, want[0].Units) || !slices.Equal(have[0].Path, want[0].Path) {
		t.Fatalf("orders %+v, want %+v", have, want)
	}
	if have, want := m.Label(m.Drafts()[0]), "Garrison "; !strings.HasPrefix(have, want) || !strings.Contains(have, "to 3,0: 3 squares, 2 turns") {
		t.Errorf("label %q", have)
	}
	tg.check()
	tg.play()
	sel := m.Selection()
	f := m.Force(sel.Force)
	if f == nil || Drafted(f.ID) || f.Garrison {
		t.Fatalf("after the turn the selection is %+v, want the new army", sel)
	}
	if f.Pos != at(2, 0) || len(f.Units) != 3 {
		t.Errorf("the army is at %v with %d units, want 2,0 with 3", f.Pos, len(f.Units))
	}
	if !strings.Contains(tg.logText(1), "moved from 0,0 to 2,0 (2 squares)") {
		t.Errorf("the log of turn 1 does not tell the move:\n%s", tg.logText(1))
	}
	// The standing order carries on: the path left is the army's.
	if !slices.Equal(f.Path, []grid.Pos{at(3, 0)}) {
		t.Errorf("the standing order is %v, want 3,0", f.Path)
	}
}

// A right click (MoveTo) plans over the squares the view knows with the
// army's movement table: forest costs the infantry 2 ("p1, f2"); through
// squares never seen it guesses, each at the army's cheapest step (rule
// 143's CHOICE: "a path is checked for adjacency only, and an army stops
// before a square it cannot enter").
func TestPlanPath(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	inf := []rules.UnitID{g.Units[1].ID} // an Infantry
	nf, err := m.Split(g.ID, inf, false)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		to       grid.Pos
		steps    int
		turns    int
		guessed  int // squares never seen on the path
		estimate bool
		err      string
	}{
		{"plains", at(2, 0), 2, 1, 0, false, ""},
		{"three plains", at(3, 0), 3, 2, 0, false, ""},
		{"down and across", at(1, 2), 3, 2, 0, false, ""},
		{"unknown", at(15, 4), 19, 10, 16, true, ""},
		{"itself", at(0, 0), 0, 0, 0, false, "is there"},
		{"off the map", at(16, 0), 0, 0, 0, false, "off the map"},
	}
	for _, tc := range tests {
		pl, err := m.PlanPath(nf, tc.to)
		guessed := 0
		for _, g := range pl.Guessed {
			if g {
				guessed++
			}
		}
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case len(pl.Path) != tc.steps || pl.Turns != tc.turns:
			t.Errorf("%s: %d squares in %d turns, want %d in %d", tc.name, len(pl.Path), pl.Turns, tc.steps, tc.turns)
		case guessed != tc.guessed || pl.Estimate != tc.estimate:
			t.Errorf("%s: %d squares guessed (estimate %v), want %d (%v)", tc.name, guessed, pl.Estimate, tc.guessed, tc.estimate)
		}
	}
	// The rules take the path into the dark.
	if err := m.MoveTo(nf, at(15, 4)); err != nil {
		t.Fatal(err)
	}
	tg.check()
}

// seaMap has sea east of what Ann's city sees: an army sent into the
// dark towards it stops on the last plains.
const seaMap = `
1.......~~~~
........~~~~
............
...........2`

// A right click on a square never seen sends the army there through the
// dark (the hex games' guessed path): the rules accept it, the army moves
// square by square, learning the ground, and stops where the real terrain
// blocks it ("an army stops before a square it cannot enter"); the log
// says so, and the army stands with no orders, the sea now known.
func TestExploreIntoTheDark(t *testing.T) {
	tg := newTestGame(t, 2, 1, seaMap)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	goal := at(9, 0)
	if _, known := m.View().TerrainAt(goal); known {
		t.Fatalf("%v is known at the start: the test needs it unknown", goal)
	}
	nf, err := m.Split(g.ID, []rules.UnitID{g.Units[1].ID}, false) // an Infantry: 2 mp, no sea
	if err != nil {
		t.Fatal(err)
	}
	if m.Selection().Force != nf {
		t.Fatalf("the new army %v is not selected: %+v", nf, m.Selection())
	}
	if _, err := m.Click(goal); err != nil {
		t.Fatalf("a click on an unknown square with the army selected: %v", err)
	}
	if d := m.Drafts(); len(d) != 1 || !strings.Contains(m.Label(d[0]), "to 9,0: 9 squares, about 5 turns (through unknown squares)") {
		t.Fatalf("the drafts: %q", m.Label(d[0]))
	}
	tg.check()
	var army rules.ForceID
	for turn := 1; turn <= 6; turn++ {
		tg.play()
		for _, f := range m.Forces() {
			if !f.Garrison {
				army = f.ID
			}
		}
		if f := m.Force(army); f != nil && len(f.Path) == 0 {
			break
		}
	}
	f := m.Force(army)
	if f == nil || f.Pos != at(7, 0) || len(f.Path) != 0 {
		t.Fatalf("the army after its march: %+v, want on 7,0 with no orders", f)
	}
	if tr, known := m.View().TerrainAt(at(8, 0)); !known || m.Data().Terrains[tr].Name != "Sea" {
		t.Errorf("8,0 is not known as sea after the march")
	}
	all := ""
	for _, l := range m.Log() {
		all += l.Text + "\n"
	}
	if !strings.Contains(all, "8,0") {
		t.Errorf("the log does not say where the army was stopped:\n%s", all)
	}
	// A known square it cannot enter is refused, with why.
	if _, err := m.PlanPath(army, at(8, 0)); err == nil || !strings.Contains(err.Error(), "cannot enter 8,0 (Sea)") {
		t.Errorf("a plan onto the sea: %v", err)
	}
}

// "towns: ... all units without "*" (no sea units, if not adjacent to a
// sea square). cities: ... all units including those marked with an "*"":
// the inland city may produce a Golem but no Galleon; choosing what it
// produces already takes the order back.
func TestProduce(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	city := m.SettlementAt(at(0, 0))
	kind := tg.kind
	if err := m.Produce(city.ID, kind("Galleon")); err == nil || !strings.Contains(err.Error(), "next to the sea") {
		t.Errorf("a Galleon inland: %v, want refused for the sea", err)
	}
	if err := m.Produce(city.ID, kind("Golem")); err != nil {
		t.Fatalf("a Golem in a city: %v", err)
	}
	if have := m.Settlement(city.ID).Produce; have != kind("Golem") {
		t.Errorf("the city produces %d, want the Golem's %d", have, kind("Golem"))
	}
	tg.check()
	if err := m.Produce(city.ID, city.Produce); err != nil || len(m.Drafts()) != 0 {
		t.Errorf("choosing the unit it produces leaves %d orders (%v)", len(m.Drafts()), err)
	}
	town := &rules.SettlementView{Pos: at(3, 3)}
	if why := m.CannotProduce(town, dat.Kind(kind("Golem")-1)); !strings.Contains(why, "only in cities") {
		t.Errorf("a Golem in a town: %q", why)
	}
}

// "The player can freely change units between his armies and/or his
// garrisons while they are in the same square." An army split off and
// left in the city gives its units back to the garrison; the army winks
// out; the rules accept it.
func TestTransfer(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	if _, err := m.Split(g.ID, unitIDs(g.Units[2:]), false); err != nil {
		t.Fatal(err)
	}
	tg.play() // the army stays in the city: it has no path
	var army *rules.Force
	for _, f := range m.ForcesAt(at(0, 0)) {
		if !f.Garrison {
			army = f
		}
	}
	if army == nil {
		t.Fatal("no army in the city after the turn")
	}
	aid, gid := army.ID, tg.garrisonAt(at(0, 0)).ID
	if err := m.Transfer(aid, gid, nil); err != nil {
		t.Fatal(err)
	}
	if m.Force(aid) != nil {
		t.Error("the army that gave all its units is still there")
	}
	if have := len(m.Force(gid).Units); have != 4 {
		t.Errorf("the garrison has %d units, want 4", have)
	}
	tg.check()
	if err := m.Transfer(gid, gid, nil); err == nil {
		t.Error("a force joined itself")
	}
}

// "Exception: All armies are in "peace"-mode." Setting peace and setting
// it back leaves no order.
func TestPeaceToggle(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	gid := tg.garrisonAt(at(0, 0)).ID
	if err := m.Peace(gid, true); err != nil {
		t.Fatal(err)
	}
	if !m.Force(gid).Peace || len(m.Drafts()) != 1 {
		t.Fatalf("peace on: force %+v, %d orders", m.Force(gid), len(m.Drafts()))
	}
	tg.check()
	if err := m.Peace(gid, false); err != nil {
		t.Fatal(err)
	}
	if m.Force(gid).Peace || len(m.Drafts()) != 0 {
		t.Errorf("peace back off: force %+v, %d orders", m.Force(gid), len(m.Drafts()))
	}
}

// An order the rules would refuse as the client sees them is not sent;
// the server's refusals, by their index in the list sent, go to the right
// drafts; a verdict on a list changed since is ignored.
func TestRejections(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	city := m.SettlementAt(at(0, 0))
	gid := tg.garrisonAt(at(0, 0)).ID
	if err := m.Produce(city.ID, 2); err != nil {
		t.Fatal(err)
	}
	m.drafts = append(m.drafts, Draft{Order: rules.Order{Kind: rules.Move, Force: 999, Path: []grid.Pos{at(1, 0)}}})
	m.changed()
	if err := m.Peace(gid, true); err != nil {
		t.Fatal(err)
	}
	if d := m.Drafts(); len(d) != 3 || d[1].Err == "" || d[0].Err != "" || d[2].Err != "" {
		t.Fatalf("drafts %+v: want the second refused", d)
	}
	if have := len(m.Orders()); have != 2 {
		t.Fatalf("%d orders to send, want 2", have)
	}
	if _, ok := m.Submission(); !ok {
		t.Fatal("no submission")
	}
	m.Rejected([]protocol.Rejection{{Index: 1, Reason: "no"}})
	if d := m.Drafts(); d[2].Rejected != "no" || d[0].Rejected != "" {
		t.Errorf("the refusal of the second order sent went to %+v", d)
	}
	m.Remove(0)
	m.Rejected([]protocol.Rejection{{Index: 0, Reason: "late"}})
	for _, d := range m.Drafts() {
		if d.Rejected == "late" {
			t.Error("a verdict on a list changed since was taken")
		}
	}
}

// attackNeighbour sends all but one of Ann's first garrison's units
// against Bob's city three squares away and plays until they fight; it
// returns the battle's line of the log.
func attackNeighbour(t *testing.T, tg *testGame) *Line {
	t.Helper()
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	if _, err := m.Split(g.ID, unitIDs(g.Units[1:]), false); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Click(at(3, 0)); err != nil {
		t.Fatal(err)
	}
	tg.check()
	for turn := 1; turn <= 4; turn++ {
		tg.play()
		for i := range m.Log() {
			if l := &m.Log()[i]; l.Battle != nil {
				return l
			}
		}
	}
	t.Fatalf("no battle in four turns; the log:\n%s", tg.logText(1)+"\n"+tg.logText(2)+"\n"+tg.logText(3))
	return nil
}

// neighbours is a map where Ann's and Bob's first cities are three
// squares apart.
const neighbours = `
1..2............
................
................
................
................`

// The log tells a battle in a line that opens its report: the rounds,
// the phases with each attack's rolls and damage, the outcome.
func TestBattleLogAndReport(t *testing.T) {
	tg := newTestGame(t, 2, 1, neighbours)
	m := tg.m
	battle := attackNeighbour(t, tg)
	if !strings.HasPrefix(battle.Text, "Battle at ") || !strings.Contains(battle.Text, "your army") {
		t.Errorf("the battle's line: %q", battle.Text)
	}
	rep := m.Report(battle)
	if len(rep) < 4 || !strings.HasPrefix(rep[0].Text, "You attacked with") {
		t.Fatalf("the report: %+v", rep)
	}
	var rounds, phases, attacks, outcome int
	for _, l := range rep {
		switch l.Kind {
		case ReportHeading:
			rounds++
		case ReportPhase:
			phases++
		case ReportHit, ReportMiss:
			attacks++
			if !strings.Contains(l.Text, " against ") {
				t.Errorf("an attack without its rolls: %q", l.Text)
			}
		case ReportOutcome:
			outcome++
		}
	}
	if rounds == 0 || phases == 0 || attacks == 0 || outcome != 1 {
		t.Errorf("the report has %d rounds, %d phases, %d attacks, %d outcomes:\n%+v", rounds, phases, attacks, outcome, rep)
	}
}

// "A produced unit will be part of the garrison of the producing
// settlement if it is not forwarded": the log says so in words.
func TestProductionLogged(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	for range 4 {
		tg.play()
	}
	all := ""
	for _, l := range tg.m.Log() {
		all += l.Text + "\n"
	}
	if !strings.Contains(all, "Your city at 0,0 produced an Infantry (garrison ") {
		t.Errorf("no production in the log:\n%s", all)
	}
}

// The selection follows the selected army when the turn moves it.
func TestSelectionFollowsArmy(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	if _, err := m.Split(g.ID, unitIDs(g.Units[1:]), false); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Click(at(0, 3)); err != nil {
		t.Fatal(err)
	}
	tg.play()
	sel := m.Selection()
	if f := m.Force(sel.Force); f == nil || sel.Cell != f.Pos || f.Pos == at(0, 0) {
		t.Errorf("after the turn the selection is %+v, the army %+v", sel, f)
	}
}

// A production queue drafted in the client: units added after the one
// the city produces, accepted by the rules, kept by the game after the
// turn, and cleared again.
func TestQueue(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	m := tg.m
	city := m.SettlementAt(at(0, 0))
	kind := tg.kind
	if err := m.Queue(city.ID, kind("Galleon")); err == nil {
		t.Error("a Galleon queued inland")
	}
	for _, name := range []string{"Cavalry", "Archer"} {
		if err := m.Queue(city.ID, kind(name)); err != nil {
			t.Fatalf("queue %s: %v", name, err)
		}
	}
	if have, want := m.Settlement(city.ID).Queue, []int{kind("Cavalry"), kind("Archer")}; !slices.Equal(have, want) {
		t.Errorf("the drafted queue %v, want %v", have, want)
	}
	tg.check()
	tg.play()
	if have := tg.view().SettlementAt(at(0, 0)).Queue; len(have) != 2 {
		t.Errorf("after the turn the city's queue is %v, want the two units", have)
	}
	if err := m.ClearQueue(city.ID); err != nil {
		t.Fatal(err)
	}
	tg.check()
	tg.play()
	if have := tg.view().SettlementAt(at(0, 0)).Queue; len(have) != 0 {
		t.Errorf("after clearing, the city's queue is %v", have)
	}
}

// The report names every unit that fought by its owner, kind and
// experience, the enemy's killed ones too ("After each of the first three
// phases killed units are eliminated": the report's start still holds
// them), two of a kind told apart by their number in the battle, and
// says what each side came with and lost.
func TestReportNamesEveryUnit(t *testing.T) {
	tg := newTestGame(t, 2, 1, neighbours)
	l := attackNeighbour(t, tg)
	r := &l.Battle.Battle.Report
	rep := tg.m.Report(l)
	text := make([]string, len(rep))
	var killedLines []string
	for i, rl := range rep {
		text[i] = rl.Text
		if rl.Kind == ReportKilled {
			killedLines = append(killedLines, rl.Text)
		}
	}
	all := strings.Join(text, "\n")
	if strings.Contains(all, "#") {
		t.Errorf("a unit the report's start holds is named by its number for the game, not its kind:\n%s", all)
	}
	killed := strings.Join(killedLines, "\n")
	n := 0
	for _, rd := range r.Rounds {
		for _, ph := range rd.Phases {
			for _, id := range ph.Killed {
				f, side, ok := startOf(r, id)
				if !ok {
					t.Fatalf("killed unit %d is not in the report's start", id)
				}
				want := []string{"your ", "Bob's "}[side] + tg.m.unitName(f.Kind)
				if !strings.Contains(killed, want) {
					t.Errorf("the report does not name %q (unit %d) among the killed:\n%s", want, id, killed)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatalf("nobody was killed in the battle:\n%s", all)
	}
	// Bob's garrison came with two Infantry: the report tells them apart.
	infantry := 0
	for _, f := range r.Start[1] {
		if tg.m.unitName(f.Kind) == "Infantry" {
			infantry++
		}
	}
	tests := []struct {
		name, want string
	}{
		{"the attacker's units at the start", "You attacked with army "},
		{"the defender's units at the start", "Bob defended with garrison "},
		{"the losses", " lost ("},
	}
	if infantry > 1 {
		tests = append(tests, struct{ name, want string }{"the second of two of a kind", "Bob's Infantry 2"})
	}
	for _, tt := range tests {
		if !strings.Contains(all, tt.want) {
			t.Errorf("%s: no %q in the report:\n%s", tt.name, tt.want, all)
		}
	}
	if !strings.Contains(text[0], "(") || !strings.Contains(text[1], "(") {
		t.Errorf("the first lines do not say what the sides came with: %q, %q", text[0], text[1])
	}
}

// Rewind shows a turn at once with the log of the turns before, told as
// they were told turn by turn, the log of before dropped; the selection
// stays where it still makes sense. A replay steps back, or changes
// eyes, so.
func TestRewind(t *testing.T) {
	tg := newTestGame(t, 2, 1, neighbours)
	m := tg.m
	g := tg.garrisonAt(at(0, 0))
	if _, err := m.Split(g.ID, unitIDs(g.Units[1:]), false); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Click(at(3, 0)); err != nil {
		t.Fatal(err)
	}
	first := tg.view()
	var views []*rules.View
	var events [][]rules.Event
	for range 5 {
		var subs []ruleset.Submission
		if data, ok := m.Submission(); ok {
			subs = append(subs, ruleset.Submission{Seat: tg.p, Orders: data})
		}
		out, err := tg.g.Resolve(subs)
		if err != nil {
			t.Fatal(err)
		}
		b, err := out.Events(tg.p, false)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := rules.DecodeEvents(b)
		if err != nil {
			t.Fatal(err)
		}
		m.Resolved(tg.view(), evs)
		views, events = append(views, tg.view()), append(events, evs)
	}
	text := func(ls []Line) string {
		var out []string
		for _, l := range ls {
			out = append(out, fmt.Sprintf("%d %s", l.Turn, l.Text))
		}
		return strings.Join(out, "\n")
	}
	told := text(m.Log())
	if !strings.Contains(told, "Battle at ") {
		t.Fatalf("no battle in five turns:\n%s", told)
	}

	tests := []struct {
		name string
		to   int // the turn recorded rewound to, -1 for the first view
	}{
		{"to the last turn, from the first", 4},
		{"to an earlier turn", 2},
		{"to the first view", -1},
	}
	for _, tt := range tests {
		r := NewModel(tg.r.Dat())
		r.SetView(views[4])
		r.Resolved(views[4], events[4]) // a log of before, to be dropped
		// A force the first view does not have: the army split off.
		var sel rules.ForceID
		for _, f := range r.Forces() {
			if first.Force(f.ID) == nil {
				sel = f.ID
			}
		}
		if sel == 0 {
			t.Fatal("no force made since the first turn")
		}
		r.SelectForce(sel)
		r.Rewind(first, views[:tt.to+1], events[:tt.to+1])
		want := first
		if tt.to >= 0 {
			want = views[tt.to]
		}
		if have := r.View(); have.Turn != want.Turn || have.Checksum() != want.Checksum() {
			t.Errorf("%s: shows turn %d, want %d", tt.name, have.Turn, want.Turn)
		}
		var wantLog []Line
		for _, l := range m.Log() {
			if l.Turn < want.Turn {
				wantLog = append(wantLog, l)
			}
		}
		if have, want := text(r.Log()), text(wantLog); have != want {
			t.Errorf("%s: the log\n%s\nwant\n%s", tt.name, have, want)
		}
		if have := r.Selection().Force; (have == sel) != (r.Force(sel) != nil) {
			t.Errorf("%s: force %d selected %v, in the view %v", tt.name, sel, have == sel, r.Force(sel) != nil)
		}
	}
}

// Turns played while the player was away reach the log under their own
// turns (protocol.Missed, module.Catcher): the production of each, told
// with the view the player has when it comes back.
func TestMissedTurnsLogged(t *testing.T) {
	tg := newTestGame(t, 2, 1, farMap)
	var missed [][]rules.Event
	for range 4 {
		out, err := tg.g.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := out.Events(tg.p, false)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := rules.DecodeEvents(b)
		if err != nil {
			t.Fatal(err)
		}
		missed = append(missed, evs)
	}
	tg.m.SetView(tg.view()) // back: the whole view, then the turns missed
	for i, evs := range missed {
		tg.m.Missed(i+1, evs)
	}
	all := ""
	for i := 1; i <= 4; i++ {
		all += tg.logText(i)
	}
	if !strings.Contains(all, "Your city at 0,0 produced an Infantry (garrison ") {
		t.Errorf("no production of the turns missed in the log:\n%s", all)
	}
	for _, l := range tg.m.Log() {
		if l.Turn < 1 || l.Turn > 4 {
			t.Errorf("a line of turn %d: %q", l.Turn, l.Text)
		}
	}
}
