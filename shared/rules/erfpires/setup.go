package erfpires

import (
	"fmt"

	"empires/shared/game"
	"empires/shared/hexmap"
	"empires/shared/mapgen"
)

// NewGame starts a game on a map the generator makes (see MapConfig) for
// players players named names (missing names become "Player N"): each
// player with start.cities cities, an army of start.army in the first,
// and a treasury of start.smuckers (all CHOICES of the data file: the
// document gives no start).
func (r *Rules) NewGame(seed uint64, width, height, players int, names []string) (*game.State, error) {
	res, err := mapgen.Generate(r.D.MapConfig(seed, width, height, players))
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", r.D.ID, err)
	}
	s := r.NewGameOn(res.Map, seed, players, names)
	for p, st := range res.Starts {
		owner := game.PlayerID(p + 1)
		s.AddCity(game.City{Owner: owner, Hex: st.Capital, Level: 1})
		for _, c := range st.Cities {
			s.AddCity(game.City{Owner: owner, Hex: c, Level: 1})
		}
		if r.D.StartArmy.Total() > 0 {
			s.AddArmy(game.Army{Owner: owner, Hex: st.Capital, Units: game.Units(nil).Add(r.D.StartArmy)})
		}
	}
	game.RecordVision(s, r)
	return s, nil
}

// NewGameOn starts a game on map m with no cities and no armies, the
// players' treasuries and counters set: for tests and scenarios that place
// cities and armies themselves (then call game.RecordVision).
func (r *Rules) NewGameOn(m *hexmap.Map, seed uint64, players int, names []string) *game.State {
	s := game.New(game.Setup{Ruleset: r.D.ID, Seed: seed, Map: m, Players: players, Names: names})
	for i := range s.Players {
		s.Players[i].Treasury = int64(r.D.Start.Smuckers)
		s.Players[i].Stock = make([]int32, NumStock)
	}
	return s
}
