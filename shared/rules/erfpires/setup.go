package erfpires

import (
	"empires/shared/game"
	"empires/shared/hexmap"
	"empires/shared/hexrules"
	"empires/shared/mapgen"
)

// NewGame starts a game on a map the generator makes (see MapConfig) for
// players players named names (missing names become "Player N"): each
// player with start.cities cities, an army of start.army in the first,
// and a treasury of start.smuckers (all CHOICES of the data file: the
// document gives no start).
func (r *Rules) NewGame(seed uint64, width, height, players int, names []string) (*game.State, error) {
	return r.start().NewGame(r.D.MapConfig(seed, width, height, players), names)
}

// NewGameOn starts a game on map m with no cities and no armies, the
// players' treasuries and counters set: for tests and scenarios that place
// cities and armies themselves (then call game.RecordVision).
func (r *Rules) NewGameOn(m *hexmap.Map, seed uint64, players int, names []string) *game.State {
	return r.start().NewGameOn(m, seed, players, names)
}

// start is how a game of r starts (see NewGame).
func (r *Rules) start() hexrules.Start {
	return hexrules.Start{Rules: r, Treasury: int64(r.D.Start.Smuckers), Stock: NumStock, Place: r.place}
}

// place gives player owner its cities and, in the first, its army.
func (r *Rules) place(s *game.State, owner game.PlayerID, st mapgen.Start) {
	s.AddCity(game.City{Owner: owner, Hex: st.Capital, Level: 1})
	for _, c := range st.Cities {
		s.AddCity(game.City{Owner: owner, Hex: c, Level: 1})
	}
	if r.D.StartArmy.Total() > 0 {
		s.AddArmy(game.Army{Owner: owner, Hex: st.Capital, Units: game.Units(nil).Add(r.D.StartArmy)})
	}
}
