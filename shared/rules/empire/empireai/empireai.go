// Package empireai plays the empire ruleset from a player's view: the
// levels passive (no orders), random (legal orders at random), easy and
// normal.
package empireai

import (
	"fmt"
	"math/rand/v2"

	"empires/shared/grid"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// Levels are the AI's levels, weakest first.
func Levels() []string { return []string{"passive", "random"} }

// With returns r playing with this package's AI at its levels.
func With(r *empire.Rules) *empire.Rules { return r.WithAI(Levels(), New) }

// New returns a player at level, seeded with seed.
func New(d *dat.Data, level string, seed uint64) (ruleset.AI, error) {
	switch level {
	case "passive":
		return passive{}, nil
	case "random":
		return &random{d: d, rnd: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}, nil
	}
	return nil, fmt.Errorf("%s has no AI level %q", empire.ID, level)
}

type passive struct{}

func (passive) Act(ruleset.View, ruleset.Step, ruleset.Seat) ([]byte, error) {
	return empire.EncodeOrders(nil)
}

// random gives legal orders at random: each settlement produces a unit it
// may, garrisons now and then split off an army, and armies wander.
type random struct {
	d   *dat.Data
	rnd *rand.Rand
}

func (a *random) Act(rv ruleset.View, _ ruleset.Step, s ruleset.Seat) ([]byte, error) {
	v, ok := rv.(*empire.View)
	if !ok {
		return nil, fmt.Errorf("%s AI: a %T is not an empire view", empire.ID, rv)
	}
	var os []empire.Order
	for _, st := range v.Settlements {
		if st.Owner != s || st.Produce != 0 && a.rnd.IntN(10) > 0 {
			continue
		}
		var can []int
		for k := range a.d.Units {
			if empire.CannotProduce(a.d, st.City, v.NextToSea(st.Pos), dat.Kind(k)) == "" {
				can = append(can, k)
			}
		}
		if len(can) > 0 {
			os = append(os, empire.Order{Kind: empire.Produce, Settlement: st.ID, Value: can[a.rnd.IntN(len(can))] + 1})
		}
	}
	g := v.Grid()
	for _, f := range v.Forces {
		if f.Owner != s {
			continue
		}
		if f.Garrison {
			if len(f.Units) > 1 && a.rnd.IntN(3) == 0 {
				os = append(os, empire.Order{Kind: empire.Split, Force: f.ID, Units: []empire.UnitID{f.Units[0].ID}, Path: a.walk(g, f.Pos)})
			}
			continue
		}
		if len(f.Path) == 0 {
			os = append(os, empire.Order{Kind: empire.Move, Force: f.ID, Path: a.walk(g, f.Pos)})
		}
	}
	return empire.EncodeOrders(os)
}

// walk is a random path of one to four squares from p.
func (a *random) walk(g grid.Grid, p grid.Pos) []grid.Pos {
	var path []grid.Pos
	for range 1 + a.rnd.IntN(4) {
		nb := g.Neighbours(nil, p)
		p = nb[a.rnd.IntN(len(nb))]
		path = append(path, p)
	}
	return path
}
