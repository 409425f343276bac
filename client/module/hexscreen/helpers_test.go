package hexscreen

import (
	"fmt"
	"image"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/board"
	"empires/client/menu"
	"empires/client/model"
	"empires/client/module"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
)

// testRules are erfworld's engine rules (movement, stacking, validation)
// with none of its own choices, costs or words but the engine's standing
// orders: a ruleset that gives the screen nothing but the engine's, enough
// for the screen's own tests. The erfworld and erfpires modules' screens
// are tested whole with the client (package app).
type testRules struct{ *erfworld.Rules }

func (r testRules) Currency() string { return r.D.Currency }

func (r testRules) UnitName(k game.UnitKind) string {
	if int(k) < len(r.D.Units) {
		return r.D.Units[k].Name
	}
	return fmt.Sprintf("unit kind %d", k)
}

func (r testRules) CharacterName(c game.Character) string { return fmt.Sprintf("character %d", c.ID) }

func (r testRules) StructureName(k game.StructureKind) string {
	return fmt.Sprintf("structure kind %d", k)
}

func (r testRules) CityChoices(*model.Model, *game.City) []model.Choice { return nil }

func (r testRules) ArmyChoices(m *model.Model, a *game.Army) []model.Choice {
	return m.StanceChoices(a, true)
}

func (r testRules) Label(*model.Model, *game.Order) string { return "" }

func (r testRules) Costs(_ *model.Model, orders []game.Order) []int64 {
	return make([]int64, len(orders))
}

func (r testRules) Forecast(_ *model.Model, orders []game.Order) model.Forecast {
	return model.Forecast{Skips: make([]string, len(orders))}
}

func (r testRules) Burdens(_ *game.Order, cost int64) bool { return cost > 0 }

func (r testRules) EventText(model.Namer, *game.Event) string { return "" }

// testGame is the Game of testRules: no words of its own.
type testGame struct{ r testRules }

func (g testGame) Rules() model.Rules                           { return g.r }
func (g testGame) Style() board.Style                           { return board.Style{Terrain: g.r.D.Terrain} }
func (g testGame) Panel(*model.Model, model.Selection) []string { return nil }
func (g testGame) Group(model.Choice) (string, string)          { return "", "" }
func (g testGame) Note(model.Choice) (string, string)           { return "", "" }
func (g testGame) Help() menu.HelpContent                       { return menu.HelpContent{Title: "Help"} }
func (g testGame) Battle() Battle                               { return Battle{DieSides: 6} }
func (g testGame) Suggest(*model.Model, model.Selection) (model.Choice, bool) {
	return model.Choice{}, false
}

// testHost is a shell for the screen's tests: a map of 950x760 pixels
// under a top bar of 40, and what the screen asked of it.
type testHost struct {
	theme   *menu.Theme
	prefs   prefs.Prefs
	notices []string
	changed int
	acts    [][]byte
	window  *widget.Container
}

func (h *testHost) Theme() *menu.Theme             { return h.theme }
func (h *testHost) Prefs() prefs.Prefs             { return h.prefs }
func (h *testHost) Notify(msg string)              { h.notices = append(h.notices, msg) }
func (h *testHost) Changed(bool)                   { h.changed++ }
func (h *testHost) OpenWindow(c *widget.Container) { h.window = c }
func (h *testHost) CloseWindow()                   { h.window = nil }
func (h *testHost) MapRect() image.Rectangle       { return image.Rect(0, 40, 950, 800) }
func (h *testHost) MapInSight() image.Rectangle    { return image.Rect(0, 40, 950, 630) }
func (h *testHost) PanelWidth() int                { return 290 }
func (h *testHost) Act(action []byte) bool         { h.acts = append(h.acts, action); return true }

// testScreen returns the screen of a new game of Ann and Bob on a 24x24
// map (seed 5), Ann with an army of 3 Infantry and a Warlord in her
// Capital, through
// Ann's eyes, framed by a test host; mod, if not nil, is its Game in place
// of testGame.
func testScreen(t *testing.T, mod func(testGame) Game) (*Screen, *testHost, *game.State) {
	t.Helper()
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	h := &testHost{theme: th, prefs: prefs.Default()}
	scr, s := testScreenOn(t, h, mod)
	return scr, h, s
}

// testScreenOn returns the screen of testScreen's game framed by host h.
func testScreenOn(t *testing.T, h module.Host, mod func(testGame) Game) (*Screen, *game.State) {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := erfworld.NewRules(d)
	s, err := r.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range s.Cities {
		if c.Owner == 1 && c.Capital {
			warlord := game.Character{ID: game.CharacterID(s.NewID()), Kind: erfworld.CharWarlord, Level: 1}
			s.AddArmy(game.Army{Owner: 1, Hex: c.Hex, Units: game.Units{3}, Characters: []game.Character{warlord}})
		}
	}
	game.RecordVision(s, r)
	var g Game = testGame{testRules{r}}
	if mod != nil {
		g = mod(testGame{testRules{r}})
	}
	scr := New(g, h)
	if err := scr.SetView(&hexgame.View{V: game.NewView(s, 1)}); err != nil {
		t.Fatal(err)
	}
	return scr, s
}
