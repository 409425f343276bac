package empire

import (
	"empires/shared/grid"
	"empires/shared/rules/empire/dat"
)

// Movement is an army's movement points and table, as the document's
// rules make them from its units.
type Movement struct {
	// MP is the mp of the unit with the least mp, plus the army's mp+<n>
	// bonuses.
	MP int
	// Cost is what one square of each terrain costs, 0 where the army
	// cannot go; Settlement what a settlement's square costs.
	Cost       [dat.NumTerrains]int
	Settlement int
}

// ArmyMovement returns the movement of a force of units: "An army has the
// mp of the unit with the least mp and the movement table of the worst
// values of all the units. If the movement table value for a certain
// terrain exceeds the mp value, it is put on a level with the mp value
// (one-step-rule)."
//
// CHOICE: transport<n> carries: a terrain some units cannot enter is open
// to the army if those units number no more than the transport capacity
// of the units that can enter it; its cost is then the worst of the units
// that walk (or sail, or fly) it. A settlement "works like a combination
// of plains (for land units and flying units) and sea (for sea units)": a
// unit that can move on plains pays its plains cost there, any other its
// sea cost.
func ArmyMovement(d *dat.Data, units []Unit) Movement {
	var m Movement
	if len(units) == 0 {
		return m
	}
	m.MP = -1
	bonus := 0
	for _, u := range units {
		ut := d.Unit(u.Kind)
		if m.MP < 0 || ut.MP < m.MP {
			m.MP = ut.MP
		}
		bonus += ut.MPBonus
	}
	m.MP = max(m.MP+bonus, 1)
	for t := dat.Terrain(0); t < dat.NumTerrains; t++ {
		m.Cost[t] = worst(d, units, m.MP, func(ut *dat.Unit) int { return ut.Move[t] })
	}
	m.Settlement = worst(d, units, m.MP, func(ut *dat.Unit) int {
		if ut.Move[dat.Plains] > 0 {
			return ut.Move[dat.Plains]
		}
		return ut.Move[dat.Sea]
	})
	return m
}

// worst is the army's cost of a terrain whose per-unit cost is cost (0:
// cannot), with transports and the one-step rule.
func worst(d *dat.Data, units []Unit, mp int, cost func(*dat.Unit) int) int {
	w, stranded, capacity := 0, 0, 0
	for _, u := range units {
		ut := d.Unit(u.Kind)
		c := cost(ut)
		if c <= 0 {
			stranded++
			continue
		}
		w = max(w, c)
		capacity += ut.Transport
	}
	if w == 0 || stranded > capacity {
		return 0
	}
	return min(w, mp)
}

// StepCost returns what moving onto p costs an army with movement m, and
// false if it cannot go there.
func (s *State) stepCost(m Movement, p grid.Pos) (int, bool) {
	c := m.Cost[s.terrain(p)]
	if s.settlementAt(p) != nil {
		c = m.Settlement
	}
	return c, c > 0
}

// canEnter reports whether an army of units may move onto p.
func (g *Game) canEnter(units []Unit, p grid.Pos) bool {
	_, ok := g.s.stepCost(ArmyMovement(g.d, units), p)
	return ok
}

// ForwardTurns is how many turns a unit of kind ut forwarded over distance
// dist takes: "halving the distance between sending settlement and target
// force and then applying the most favourable terrain movement cost for
// this unit. The result is rounded up." — the favourable cost as the
// squares it passes in a turn, mp over the least cost: 5 squares for an
// infantry (2 a turn on plains) is 5/2/2 = 1.25, so 2 turns.
func ForwardTurns(ut *dat.Unit, dist int) int {
	best := 0
	for _, c := range ut.Move {
		if c > 0 && (best == 0 || c < best) {
			best = c
		}
	}
	if best == 0 || ut.MP <= 0 {
		return dist
	}
	// dist/2 / (mp/best), rounded up.
	num, den := dist*best, 2*ut.MP
	return (num + den - 1) / den
}
