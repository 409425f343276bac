package erfworld

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hex"
	erf "empires/shared/rules/erfworld"
)

// capitalPair adds to the small game's Capital a garrison of 5 Infantry
// and a lone level 1 Warlord, and returns the model of Red's view with
// them.
func capitalPair(t *testing.T) (*smallGame, *model.Model, game.ArmyID, game.ArmyID) {
	t.Helper()
	g := newSmallGame(t)
	g.s.Player(1).Treasury = 100
	capital := gametest.At(0, 4)
	garrison := g.s.AddArmy(game.Army{Owner: 1, Hex: capital, Units: game.Units{5}})
	lord := g.s.AddArmy(game.Army{Owner: 1, Hex: capital,
		Characters: []game.Character{{ID: game.CharacterID(g.s.NewID()), Kind: erf.CharWarlord, Level: 1}}})
	game.RecordVision(g.s, g.r)
	return g, modelOf(t, g.r, g.s, 1), garrison, lord
}

// choose gives the choice labelled label of cs, failing if there is
// none or it is disabled.
func choose(t *testing.T, m *model.Model, cs []model.Choice, label string) model.Choice {
	t.Helper()
	for _, c := range cs {
		if c.Label == label {
			if c.Reason != "" {
				t.Fatalf("%q is disabled: %s", label, c.Reason)
			}
			m.Choose(c)
			return c
		}
	}
	t.Fatalf("no choice %q among %q", label, labelsOf(cs))
	return model.Choice{}
}

// farthest is the dearest cost in a reach.
func farthest(reach map[hex.Hex]int) int {
	n := 0
	for _, c := range reach {
		n = max(n, c)
	}
	return n
}

// TestPendingTransfersCount: a lone Warlord "may move 4 hexes per turn";
// once it takes all 5 units of the garrison (drafted, not yet made) the
// panel, the reach and the path show the army as the turn's movement will
// find it: 5 Infantry with the Warlord, which moves as they do, and the
// order the path gives moves that far.
func TestPendingTransfersCount(t *testing.T) {
	g, m, garrison, lord := capitalPair(t)
	gm := Game{R: Rules{Rules: g.r}}
	sel := model.Selection{Active: true, Hex: gametest.At(0, 4), Army: lord}
	if have := farthest(m.Reach(lord)); have != g.r.D.Warlord.MoveAlone {
		t.Fatalf("the lone Warlord reaches %d move points away, want %d", have, g.r.D.Warlord.MoveAlone)
	}
	if have := gm.Panel(m, sel); have[0] != "no units" {
		t.Errorf("the lone Warlord's panel: %q", have)
	}
	choose(t, m, m.ArmyChoices(lord), "Take all 5 units of "+garrison.String())
	want := g.r.MovePoints(g.s, &game.Army{Units: game.Units{5},
		Characters: []game.Character{{Kind: erf.CharWarlord, Level: 1}}})
	if want >= g.r.D.Warlord.MoveAlone {
		t.Fatalf("the rules' data: 5 Infantry move %d, a lone Warlord %d: the test needs them slower", want, g.r.D.Warlord.MoveAlone)
	}
	if a := m.AsOrdered(lord); a == nil || a.Units.Total() != 5 {
		t.Fatalf("the Warlord's army as ordered: %+v, want 5 Infantry with it", a)
	}
	if have := farthest(m.Reach(lord)); have != want {
		t.Errorf("with the units taken the reach goes %d move points, want %d", have, want)
	}
	p, err := m.PlanPath(lord, gametest.At(5, 4))
	if err != nil {
		t.Fatal(err)
	}
	if p.Points != want || p.Reachable != (p.Cost <= want) {
		t.Errorf("the path's points: %d (reachable %v, cost %d), want %d", p.Points, p.Reachable, p.Cost, want)
	}
	if have := gm.Panel(m, sel); have[0] != "Infantry 5 (now: no units)" {
		t.Errorf("the panel with the units taken: %q, want them with what it holds now", have)
	}
	if a := m.AsOrdered(garrison); a != nil {
		t.Errorf("the garrison that gave all is still there as ordered: %+v", a)
	}
	if _, err := m.PlanPath(garrison, gametest.At(1, 4)); err == nil {
		t.Error("the garrison that gave all may still be moved")
	}
}

// TestGarrisonTakingAWarlord: units in a city without a Warlord cannot
// leave it ("In order for units to leave a City hex, they must be a part
// of an Army"), and a move is checked on the armies as the turn begins,
// before the turn's transfers: a garrison that takes a Warlord is shown
// with it, is warned it still may not march this turn and how to march
// now, and a path for it says why it is refused.
func TestGarrisonTakingAWarlord(t *testing.T) {
	g, m, garrison, lord := capitalPair(t)
	gm := Game{R: Rules{Rules: g.r}}
	ch := choose(t, m, m.ArmyChoices(garrison), "Take the level 1 Warlord of "+lord.String())
	if !strings.Contains(ch.Warn, "To march now, select "+lord.String()) {
		t.Errorf("the choice's warning: %q, want how to march now", ch.Warn)
	}
	panel := gm.Panel(m, model.Selection{Active: true, Hex: gametest.At(0, 4), Army: garrison})
	if !slices.Contains(panel, "Level 1 Warlord, upkeep 1 a turn") || !strings.HasSuffix(panel[0], "(now: Infantry 5, no Warlord)") {
		t.Errorf("the garrison's panel with the Warlord taken: %q", panel)
	}
	_, err := m.PlanPath(garrison, gametest.At(1, 4))
	if err == nil || !strings.Contains(err.Error(), "has no Warlord") || !strings.Contains(err.Error(), "only as the turn begins") {
		t.Errorf("a path for the garrison: %v, want the refusal and why the Warlord does not count yet", err)
	}
}

// TestFormButtonsStayPut: choosing "Form 5 Infantry" leaves the city's
// buttons as they were, each in its place (the panel must not move under
// the pointer): the most Infantry is now disabled, with why.
func TestFormButtonsStayPut(t *testing.T) {
	g, m, _, _ := capitalPair(t)
	before := labelsOf(m.CityChoices(g.Capital))
	choose(t, m, m.CityChoices(g.Capital), "Form 5 Infantry")
	after := m.CityChoices(g.Capital)
	if have := labelsOf(after); len(have) != len(before) {
		t.Fatalf("the Capital's choices before Form 5 Infantry:\n%q\nafter:\n%q", before, have)
	}
	for i, c := range after {
		if strings.HasPrefix(before[i], "Form ") != strings.HasPrefix(c.Label, "Form ") {
			t.Errorf("choice %d was %q, is %q", i, before[i], c.Label)
		}
	}
	if c := after[slices.Index(before, "Form 5 Infantry")]; c.Reason == "" {
		t.Errorf("after Form 5 Infantry the button in its place, %q, is not disabled", c.Label)
	}
}

// TestPendingCityHasNoNumber: a city the orders will build has no number
// yet (the turn gives it one): the choice a second build would take says
// a city is ordered there, and names no city the player does not know.
func TestPendingCityHasNoNumber(t *testing.T) {
	g := newSmallGame(t)
	g.s.Player(1).Treasury = 100
	m := modelOf(t, g.r, g.s, 1)
	choose(t, m, m.ArmyChoices(g.W), "Build a city here")
	var build model.Choice
	for _, c := range m.ArmyChoices(g.W) {
		if c.Label == "Build a city here" {
			build = c
		}
	}
	if have, want := build.Reason, "a city is ordered on hex 2,2 already"; have != want {
		t.Errorf("a second city on the hex: %q, want %q", have, want)
	}
	known := map[string]bool{}
	for _, c := range m.View().Cities {
		known[c.ID.String()] = true
	}
	for _, c := range m.ArmyChoices(g.W) {
		for _, id := range regexp.MustCompile(`city \d+`).FindAllString(c.Reason+c.Warn, -1) {
			if !known[id] {
				t.Errorf("%q names %s, which the player does not know: %q", c.Label, id, c.Reason+c.Warn)
			}
		}
	}
}
