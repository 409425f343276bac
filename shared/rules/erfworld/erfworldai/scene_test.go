package erfworldai

import (
	"math/rand/v2"
	"strings"
	"testing"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/hexmap"
	"empires/shared/rules/erfworld"
)

// scene is a hand-made erfworld game for the planner's unit tests: a map
// drawn in ASCII ('.' Open, '"' Grasslands, 'f' Woods, '^' Mountains, '~'
// Water; odd rows indented) and helpers to place cities and armies.
type scene struct {
	t  *testing.T
	rs *erfworld.Rules
	s  *game.State
}

// newScene starts a game of players on the map of rows with ruleset rs.
func newScene(t *testing.T, rs *erfworld.Rules, players int, rows ...string) *scene {
	t.Helper()
	m, err := hexmap.Parse(strings.Join(rows, "\n"), rs.D.Terrain)
	if err != nil {
		t.Fatal(err)
	}
	return &scene{t: t, rs: rs, s: rs.NewGameOn(m, 1, players, nil)}
}

// at is the hex in column col of row row.
func at(col, row int) hex.Hex { return hex.FromOffset(hex.Offset{Col: col, Row: row}) }

// city places a city of p on h: a Capital, or one of level.
func (sc *scene) city(p game.PlayerID, h hex.Hex, capital bool, level int32) game.CityID {
	if capital {
		level = int32(sc.rs.D.City.CapitalLevel)
	}
	return sc.s.AddCity(game.City{Owner: p, Hex: h, Level: level, Capital: capital})
}

// infantry is n Infantry.
func (sc *scene) infantry(n int32) game.Units {
	k, _ := sc.rs.D.UnitKind("infantry")
	return unitsOf(k, n)
}

// army places an army of p on h with units u, led by a Warlord if led,
// with Casters of kinds.
func (sc *scene) army(p game.PlayerID, h hex.Hex, u game.Units, led bool, kinds ...erfworld.CasterKind) game.ArmyID {
	var chars []game.Character
	if led {
		chars = append(chars, game.Character{ID: game.CharacterID(sc.s.NewID()), Kind: erfworld.CharWarlord, Level: 1})
	}
	for _, k := range kinds {
		chars = append(chars, game.Character{ID: game.CharacterID(sc.s.NewID()), Kind: erfworld.CharCaster + uint8(k)})
	}
	return sc.s.AddArmy(game.Army{Owner: p, Hex: h, Units: u, Characters: chars})
}

// planner returns player p's planner of style st for the scene as it is
// (vision recorded first).
func (sc *scene) planner(p game.PlayerID, st style) *planner {
	game.RecordVision(sc.s, sc.rs)
	v := game.NewView(sc.s, p)
	return newPlanner(newWorld(sc.rs, v, rand.New(rand.NewPCG(1, 1)), nil), st)
}

// valid fails unless the server would accept orders of p on the scene.
func (sc *scene) valid(p game.PlayerID, orders []game.Order) {
	sc.t.Helper()
	if errs := game.ValidateOrders(sc.s, sc.rs, p, orders); len(errs) > 0 {
		sc.t.Errorf("refused orders: %v", errs[0])
	}
}

// rulesWith returns the default ruleset with maxCasters Casters a side.
func rulesWith(t *testing.T, maxCasters int) *erfworld.Rules {
	t.Helper()
	rs := newRules(t)
	rs.D.Caster.MaxPerSide = maxCasters
	return rs
}
