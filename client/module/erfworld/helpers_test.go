package erfworld

import (
	"math/rand/v2"
	"testing"

	"empires/client/model"
	"empires/shared/game"
	"empires/shared/game/gametest"
	"empires/shared/hexgame"
	"empires/shared/hexmap"
	"empires/shared/registry"
	erf "empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldtest"
)

// loadRules returns the erfworld ruleset.
func loadRules(t testing.TB) *erf.Rules {
	t.Helper()
	d, err := erf.Default()
	if err != nil {
		t.Fatal(err)
	}
	return erf.NewRules(d)
}

// modelOf returns a model of the erfworld module's rules holding player
// p's view of s, as the server sends it.
func modelOf(t testing.TB, r *erf.Rules, s *game.State, p game.PlayerID) *model.Model {
	t.Helper()
	m := model.New(Rules{Rules: r})
	if err := m.SetFullView(game.NewView(s, p)); err != nil {
		t.Fatal(err)
	}
	return m
}

// playGame starts an erfworld game and plays turns of grow for every
// player.
func playGame(t testing.TB, r *erf.Rules, seed uint64, turns int) *game.State {
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
func growAll(rng *rand.Rand, s *game.State, r *erf.Rules) []game.PlayerOrders {
	var orders []game.PlayerOrders
	for _, pl := range s.Players {
		if pl.Alive {
			orders = append(orders, game.PlayerOrders{Player: pl.ID, Orders: erfworldtest.Grow(rng, s, r, pl.ID)})
		}
	}
	return orders
}

// hexRuleset returns the build's erfworld on the platform, as the server
// plays it.
func hexRuleset(t testing.TB) *hexgame.Ruleset {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(ID)
	if !ok {
		t.Fatal("no erfworld in the build's registry")
	}
	return rs.(*hexgame.Ruleset)
}

// labels returns the drafts' labels.
func labels(ds []model.Draft) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Label)
	}
	return out
}

// The small map of the tests, in offset coordinates (col,row):
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
	r       *erf.Rules
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
		Characters: []game.Character{{ID: game.CharacterID(s.NewID()), Kind: erf.CharWarlord, Level: 1}}})
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

// forecast is the rules' own forecast (the model's Detail) with the
// model's Warning, Loss and Money.
type forecast struct {
	*erf.Forecast
	Warning string
	Loss    int
	Money   string
}

// forecastOf returns m's forecast with the rules' own.
func forecastOf(m *model.Model) forecast {
	f := m.Forecast()
	d, _ := f.Detail.(*erf.Forecast)
	if d == nil {
		d = &erf.Forecast{}
	}
	return forecast{Forecast: d, Warning: f.Warning, Loss: f.Loss, Money: f.Money}
}
