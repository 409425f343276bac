package model

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
)

// TestPlanPathUnexplored: "Often Armies and Fleets will be operating in
// areas beyond the initial scout report, and encounter enemies and unknown
// terrain": a path may be planned into hexes the player has never seen,
// taken to be passable at the army's cheapest step cost, marked as a
// guess, and the server takes it.
func TestPlanPathUnexplored(t *testing.T) {
	g := newSmallGame(t) // column 6 unexplored
	m := modelOf(t, g.r, g.s, 1)
	to := gametest.At(6, 1)
	p, err := m.PlanPath(g.W, to)
	if err != nil {
		t.Fatalf("plan into the unexplored column: %v", err)
	}
	if p.Path[len(p.Path)-1] != to || p.Steps != len(p.Path) || p.Cost != p.Steps || !p.Estimate || p.Reachable {
		t.Errorf("plan %+v: want an estimate of one move a step to %s, beyond this turn's 2", p, to)
	}
	if len(p.Guessed) != len(p.Path) {
		t.Fatalf("Guessed %v for a path of %d", p.Guessed, len(p.Path))
	}
	// Of the cheapest paths, one that keeps to known hexes: only the goal
	// is a guess.
	for i, h := range p.Path {
		if want := h.Offset().Col == 6; p.Guessed[i] != want {
			t.Errorf("step %d %s: guessed %v, want %v", i+1, h, p.Guessed[i], want)
		}
	}
	if want := []bool{false, false, true}; !reflect.DeepEqual(m.Unexplored([]hex.Hex{gametest.At(2, 1), gametest.At(5, 1), to}), want) {
		t.Errorf("Unexplored: want %v", want)
	}
	if u := m.Unexplored([]hex.Hex{gametest.At(2, 1)}); u != nil {
		t.Errorf("Unexplored of a known hex: %v, want nil", u)
	}

	// The server takes it, and the drafts say the same.
	m.SetMove(g.W, p.Path, p.Attack)
	if errs := game.ValidateOrders(g.s, g.r, 1, m.Orders()); errs != nil {
		t.Errorf("the server refuses the move into the unexplored: %v", errs)
	}
	d := m.Drafts()
	if len(d) != 1 || d[0].Err != "" || !reflect.DeepEqual(d[0].Guessed, p.Guessed) || !strings.HasSuffix(d[0].Label, "through unexplored hexes") {
		t.Errorf("drafts %+v: want the move, valid, guessed as the plan, labelled so", d)
	}

	// Known hexes only: no guess.
	p, err = m.PlanPath(g.W, gametest.At(4, 2))
	if err != nil || p.Estimate || p.Guessed != nil || !p.Reachable {
		t.Errorf("plan over known hexes: %+v, %v: want no guess", p, err)
	}
}

// TestPathThroughUnknownRevealsNothing: "Fog of war: no view, event or
// error may reveal what the player cannot see." The same path through
// hexes the player never saw, there Open or Mountains, gets the same
// answer from the server and the same plan and drafts from the model.
func TestPathThroughUnknownRevealsNothing(t *testing.T) {
	type answer struct {
		plan   Plan
		server string
		drafts []Draft
	}
	var answers []answer
	for _, glyph := range []string{".", "^"} {
		g := newSmallGameOn(t, strings.ReplaceAll(smallMapOpenColumn6, "X", glyph))
		m := modelOf(t, g.r, g.s, 1)
		p, err := m.PlanPath(g.W, gametest.At(6, 2))
		if err != nil {
			t.Fatal(err)
		}
		path := append(p.Path, gametest.At(6, 1), gametest.At(6, 0)) // on through the column
		o := game.Order{Turn: g.s.Turn, Kind: game.OrderMove, Army: g.W, Path: path}
		server := fmt.Sprint(game.ValidateOrders(g.s, g.r, 1, []game.Order{o}))
		m.SetMove(g.W, path, false)
		answers = append(answers, answer{p, server, m.Drafts()})
	}
	if !reflect.DeepEqual(answers[0], answers[1]) {
		t.Errorf("unexplored Open and unexplored Mountains answer differently:\n%+v\n%+v", answers[0], answers[1])
	}
	if answers[0].server != "[]" {
		t.Errorf("the server refuses a path through hexes never seen: %s", answers[0].server)
	}
}

// smallMapOpenColumn6 is smallMap with X for the terrain of the
// unexplored column's top three hexes.
const smallMapOpenColumn6 = `
. . . ^ . . X
 . ~ . ^ . f X
. ~ . . . . X
 . . . . ^ . .
. . . ~ ~ . .`

// newSmallGameOn is newSmallGame on another map of smallMap's size.
func newSmallGameOn(t testing.TB, text string) *smallGame {
	t.Helper()
	g := newSmallGame(t)
	m, err := hexmap.Parse(text, g.r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	copy(g.s.Map.Terrain, m.Terrain)
	return g
}

// corridor is a row of hexes: the Warlord's army at 0,0 sees 1,0; the
// Mountains at 2,0, two steps away, it has never seen.
const corridor = `. . ^ . . . .`

// TestPlanPathTooFar: a goal farther than an order's path may go, in
// the unexplored, is refused with the reason.
func TestPlanPathTooFar(t *testing.T) {
	r := loadRules(t)
	mp, err := hexmap.Parse(strings.Repeat(". ", game.MaxPathLength+8), r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewGameOn(mp, 1, 1, nil)
	w := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 0), Units: game.Units{2},
		Characters: []game.Character{{ID: game.CharacterID(s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	game.RecordVision(s, r)
	m := modelOf(t, r, s, 1)
	if p, err := m.PlanPath(w, gametest.At(game.MaxPathLength, 0)); err != nil || len(p.Path) != game.MaxPathLength || !p.Estimate {
		t.Errorf("plan %d hexes away: %v, %v", game.MaxPathLength, len(p.Path), err)
	}
	want := fmt.Sprintf("is %d steps away: an order's path holds at most %d", game.MaxPathLength+1, game.MaxPathLength)
	if _, err := m.PlanPath(w, gametest.At(game.MaxPathLength+1, 0)); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("plan %d hexes away: %v, want %q", game.MaxPathLength+1, err, want)
	}
}

// TestMoveIntoUnknownMountains plays the whole thing: the player plans a
// move along the corridor into hexes never seen, the server takes it, the
// turn stops the army at the Mountains it then sees ("Armies may enter any
// Terrain except Mountains and Water"), and the log says so in words.
func TestMoveIntoUnknownMountains(t *testing.T) {
	r := loadRules(t)
	mp, err := hexmap.Parse(corridor, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewGameOn(mp, 1, 2, []string{"Red", "Blue"})
	s.AddCity(game.City{Owner: 1, Hex: gametest.At(0, 0), Level: 5, Capital: true})
	s.AddCity(game.City{Owner: 2, Hex: gametest.At(6, 0), Level: 5, Capital: true})
	w := s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(0, 0), Units: game.Units{2},
		Characters: []game.Character{{ID: game.CharacterID(s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	game.RecordVision(s, r)
	m := modelOf(t, r, s, 1)

	// A left click on the unexplored hex in (estimated) reach does not
	// order a move: the lit reach is the known hexes.
	m.SelectArmy(w)
	m.Click(gametest.At(2, 0))
	if d := m.Drafts(); d != nil {
		t.Errorf("a left click into the unexplored ordered %v", labels(d))
	}

	p, err := m.PlanPath(w, gametest.At(4, 0))
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{false, true, true, true}; !reflect.DeepEqual(p.Guessed, want) || p.Reachable || !p.Estimate {
		t.Fatalf("plan %+v: want guesses %v, not reachable this turn", p, want)
	}
	m.SetMove(w, p.Path, p.Attack)
	orders := m.Orders()
	if errs := game.ValidateOrders(s, r, 1, orders); errs != nil {
		t.Fatalf("the server refuses the move: %v", errs)
	}
	view := game.NewView(s, 1)
	ev := game.Resolve(s, r, []game.PlayerOrders{{Player: 1, Orders: orders}, {Player: 2}})
	events, next := serverUpdate(t, view, s, 1, ev)
	var blocked []game.Event
	for _, e := range events {
		if e.Kind == game.EventBlocked {
			blocked = append(blocked, e)
		}
	}
	want := fmt.Sprintf("the path's next hex %s is Mountains, which it cannot enter", gametest.At(2, 0))
	if len(blocked) != 1 || blocked[0].Text != want || blocked[0].From != gametest.At(1, 0) {
		t.Fatalf("blocked events %+v, want one from %s: %q", blocked, gametest.At(1, 0), want)
	}
	m.ApplyUpdate(events, next)
	line := fmt.Sprintf("Your army %d moved to (%s) and stopped: %s", w, gametest.At(1, 0), want)
	found := false
	for _, l := range m.Log() {
		found = found || l.Text == line
	}
	if !found {
		t.Errorf("no log line %q in %+v", line, m.Log())
	}
	// Now the player knows: no way leads on along the corridor.
	if _, err := m.PlanPath(w, gametest.At(4, 0)); err == nil || !strings.Contains(err.Error(), "no known way") {
		t.Errorf("plan past the Mountains now seen: %v, want no way", err)
	}
}
