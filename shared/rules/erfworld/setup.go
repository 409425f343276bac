package erfworld

import (
	"empires/shared/game"
	"empires/shared/hexmap"
	"empires/shared/hexrules"
	"empires/shared/mapgen"
)

// NewGame starts a game on a generated map: "Each player starts with a
// Capital and two other cities", the Capital at city.capital_level and the
// others at start.city_level, a treasury of start.schmuckers, and no
// armies (the first turn's income pays for the first units).
func (r *Rules) NewGame(seed uint64, width, height, players int, names []string) (*game.State, error) {
	return r.start().NewGame(r.D.MapConfig(seed, width, height, players), names)
}

// NewGameOn starts a game on map m with no cities: for tests and scenarios
// that place cities and armies themselves (then call game.RecordVision).
func (r *Rules) NewGameOn(m *hexmap.Map, seed uint64, players int, names []string) *game.State {
	return r.start().NewGameOn(m, seed, players, names)
}

// start is how a game of r starts (see NewGame).
func (r *Rules) start() hexrules.Start {
	return hexrules.Start{Rules: r, Treasury: int64(r.D.Start.Schmuckers), Stock: NumStock, Place: r.place}
}

// place gives player owner its Capital and other cities.
func (r *Rules) place(s *game.State, owner game.PlayerID, st mapgen.Start) {
	s.AddCity(game.City{Owner: owner, Hex: st.Capital, Level: int32(r.D.City.CapitalLevel), Capital: true})
	for _, c := range st.Cities {
		s.AddCity(game.City{Owner: owner, Hex: c, Level: int32(r.D.Start.CityLevel)})
	}
}
