package erfworld

import (
	"fmt"

	"empires/shared/game"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
)

// NewGame starts a game on a generated map: "Each player starts with a
// Capital and two other cities", the Capital at city.capital_level and the
// others at start.city_level, a treasury of start.schmuckers, and no
// armies (the first turn's income pays for the first units).
func (r *Rules) NewGame(seed uint64, width, height, players int, names []string) (*game.State, error) {
	res, err := mapgen.Generate(r.D.MapConfig(seed, width, height, players))
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", r.D.ID, err)
	}
	s := r.NewGameOn(res.Map, seed, players, names)
	for p, st := range res.Starts {
		owner := game.PlayerID(p + 1)
		s.AddCity(game.City{Owner: owner, Hex: st.Capital, Level: int32(r.D.City.CapitalLevel), Capital: true})
		for _, c := range st.Cities {
			s.AddCity(game.City{Owner: owner, Hex: c, Level: int32(r.D.Start.CityLevel)})
		}
	}
	game.RecordVision(s, r)
	return s, nil
}

// NewGameOn starts a game on map m with no cities: for tests and scenarios
// that place cities and armies themselves (then call game.RecordVision).
func (r *Rules) NewGameOn(m *hexmap.Map, seed uint64, players int, names []string) *game.State {
	s := game.New(game.Setup{Ruleset: r.D.ID, Seed: seed, Map: m, Players: players, Names: names})
	for i := range s.Players {
		s.Players[i].Treasury = int64(r.D.Start.Schmuckers)
		s.Players[i].Stock = make([]int32, NumStock)
	}
	return s
}
