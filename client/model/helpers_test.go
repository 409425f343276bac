package model

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldtest"
)

// testRules are erfworld's engine rules (movement, stacking, validation)
// with none of its own choices, costs or words: a ruleset that gives the
// model nothing but the engine's, enough for the model's own tests
// (selection, paths, drafts of moves and stances, the engine's events).
// The erfworld client module's tests play the whole ruleset on the model.
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

func (r testRules) CityChoices(*Model, *game.City) []Choice { return nil }

func (r testRules) ArmyChoices(m *Model, a *game.Army) []Choice { return m.StanceChoices(a, true) }

func (r testRules) Label(*Model, *game.Order) string { return "" }

func (r testRules) Costs(_ *Model, orders []game.Order) []int64 { return make([]int64, len(orders)) }

func (r testRules) Forecast(_ *Model, orders []game.Order) Forecast {
	return Forecast{Skips: make([]string, len(orders))}
}

func (r testRules) Burdens(_ *game.Order, cost int64) bool { return cost > 0 }

func (r testRules) EventText(Namer, *game.Event) string { return "" }

var _ Rules = testRules{}

// loadRules returns the erfworld ruleset.
func loadRules(t testing.TB) *erfworld.Rules {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	return erfworld.NewRules(d)
}

// modelOf returns a model holding player p's view of s, as the server
// sends it.
func modelOf(t testing.TB, r *erfworld.Rules, s *game.State, p game.PlayerID) *Model {
	t.Helper()
	m := New(testRules{r})
	if err := m.SetFullView(game.NewView(s, p)); err != nil {
		t.Fatal(err)
	}
	return m
}

// playGame starts an erfworld game and plays turns of grow for every
// player.
func playGame(t testing.TB, r *erfworld.Rules, seed uint64, turns int) *game.State {
	t.Helper()
	s, err := r.NewGame(seed, 24, 18, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	for range turns {
		game.Resolve(s, r, growAll(rng, s, r))
	}
	return s
}

// growAll is grow for every live player.
func growAll(rng *rand.Rand, s *game.State, r *erfworld.Rules) []game.PlayerOrders {
	var orders []game.PlayerOrders
	for _, pl := range s.Players {
		if pl.Alive {
			orders = append(orders, game.PlayerOrders{Player: pl.ID, Orders: erfworldtest.Grow(rng, s, r, pl.ID)})
		}
	}
	return orders
}

// The small map of the movement tests, in offset coordinates (col,row):
//
//	col:    0 1 2 3 4 5 6
//	row 0:  . . . ^ . . .
//	row 1:   . ~ . ^ . f .
//	row 2:  . ~ . . . . .     W: player 1's Warlord with 2 Infantry at 2,2
//	row 3:   . . . . ^ . .    E: player 2's army at 2,3, next to W
//	row 4:  . . . ~ ~ . .     column 6 unexplored
const smallMap = `
. . . ^ . . .
 . ~ . ^ . f .
. ~ . . . . .
 . . . . ^ . .
. . . ~ ~ . .`

// smallGame is the game on smallMap for players Red, Blue and Green: Red's
// Capital at 0,4 and a city at 0,0; its Warlord's army W (2 Infantry) at
// 2,2; its fleet F at 1,1; Blue's army E at 2,3, next to W; Blue's Capital
// at 6,4. Red knows every hex but column 6.
type smallGame struct {
	s       *game.State
	r       *erfworld.Rules
	W, F, E game.ArmyID
	Capital game.CityID
	City    game.CityID
}

func newSmallGame(t testing.TB) *smallGame {
	t.Helper()
	r := loadRules(t)
	m, err := hexmap.Parse(smallMap, r.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewGameOn(m, 1, 3, []string{"Red", "Blue", "Green"})
	g := &smallGame{s: s, r: r}
	g.Capital = s.AddCity(game.City{Owner: 1, Hex: gametest.At(0, 4), Level: 5, Capital: true})
	g.City = s.AddCity(game.City{Owner: 1, Hex: gametest.At(0, 0), Level: 1})
	g.W = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(2, 2), Units: game.Units{2},
		Characters: []game.Character{{ID: game.CharacterID(s.NewID()), Kind: erfworld.CharWarlord, Level: 1}}})
	g.F = s.AddArmy(game.Army{Owner: 1, Hex: gametest.At(1, 1), Naval: true})
	g.E = s.AddArmy(game.Army{Owner: 2, Hex: gametest.At(2, 3), Units: game.Units{3}})
	s.AddCity(game.City{Owner: 2, Hex: gametest.At(6, 4), Level: 5, Capital: true})
	game.RecordVision(s, r)
	rect := m.Rect()
	for i := range rect.Len() {
		if rect.HexAt(i).Offset().Col != 6 {
			s.Memory[0].Known.Set(i)
		}
	}
	return g
}

// labels returns the drafts' labels.
func labels(ds []Draft) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Label)
	}
	return out
}
