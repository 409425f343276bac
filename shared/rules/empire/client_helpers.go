package empire

import (
	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// What a client (or a player's program) needs from a view to show it the
// way the rules see it: which squares are in sight, which sightings are
// outdated, what a step and a path cost, how long a path takes.

// ObservedTurn is the turn stamped on the view's newest observations: a
// turn's last observation, at its end, is recorded with the next turn's
// number, the view's, so the squares in sight now were last seen on Turn.
func (v *View) ObservedTurn() int { return v.Turn }

// InSight reports whether the view's player saw square p at its newest
// observations: at the end of the turn just played (or the game's start).
// A square seen only earlier is remembered (its terrain and settlement as
// they were); one never seen is unknown.
func (v *View) InSight(p grid.Pos) bool {
	i := v.Grid().Index(p)
	return i >= 0 && i < len(v.Seen) && int(v.Seen[i]) >= v.ObservedTurn()
}

// Outdated reports whether sighting sg is of an earlier turn than the
// view's newest observations: "Outdated observations are visualized in a
// "shaded" manner."
func (v *View) Outdated(sg *Sighting) bool { return sg.Turn < v.ObservedTurn() }

// TerrainAt returns the terrain of square p as the view knows it, and
// false if the player never saw it (or p is off the map).
func (v *View) TerrainAt(p grid.Pos) (dat.Terrain, bool) {
	i := v.Grid().Index(p)
	if i < 0 || i >= len(v.Terrain) || v.Terrain[i] == Unknown {
		return 0, false
	}
	return dat.Terrain(v.Terrain[i]), true
}

// StepCost returns what moving onto square p costs an army with movement
// m, as the view knows the square, and false if it cannot go there or
// the square is unknown. A settlement's square costs m.Settlement ("It
// works like a combination of plains ... and sea").
func (v *View) StepCost(m Movement, p grid.Pos) (int, bool) {
	t, ok := v.TerrainAt(p)
	if !ok {
		return 0, false
	}
	c := m.Cost[t]
	if v.SettlementAt(p) != nil {
		c = m.Settlement
	}
	return c, c > 0
}

// PathCost is the cost function of grid.Path for an army with movement m
// over the squares the view knows.
func (v *View) PathCost(m Movement) grid.CostFunc {
	return func(_, to grid.Pos) (int, bool) { return v.StepCost(m, to) }
}

// PathTurns returns how many turns an army with movement m takes to pass
// squares whose step costs are costs, as the movement spends its points:
// every turn it has m.MP, and a square it cannot afford in a turn waits
// for the next. It is 0 for no squares, and -1 if a square costs more
// than m.MP or nothing (it can never be passed).
func PathTurns(m Movement, costs []int) int {
	if len(costs) == 0 {
		return 0
	}
	turns, left := 1, m.MP
	for _, c := range costs {
		if c <= 0 || c > m.MP {
			return -1
		}
		if c > left {
			turns++
			left = m.MP
		}
		left -= c
	}
	return turns
}

// ProductionTurns returns how many turns a settlement (a city or a town)
// takes to produce a unit of kind ut from progress done (in percent-turns,
// as Settlement.Progress counts): "The time necessary depends from the
// kind of settlement and the kind of unit to be produced."
func ProductionTurns(gm *dat.Game, city bool, ut *dat.Unit, done int) int {
	rate := gm.TownRate
	if city {
		rate = gm.CityRate
	}
	if rate <= 0 {
		return -1
	}
	need := ut.Prod*100 - done
	if need <= 0 {
		return 1
	}
	return (need + rate - 1) / rate
}
