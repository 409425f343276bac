package erfworldai

import (
	"empires/shared/game"
	"empires/shared/hex"
)

// Mustering: a player that holds a second Capital (taken from a rival)
// forms five units a turn there too ("One unit can be formed in each City
// per level"), but its leaders gather at its first Capital, so that
// Capital's garrison grows turn after turn and no army ever leads it out:
// in island games the island winners sat on garrisons of 700 to 1200 units
// in their second Capital while their armies crossed the water with 50 to
// 130 and could take no Capital beyond it. A leader with nothing else to
// do gathers instead at the own Capital whose garrison has the most units
// beyond its keep (at least an attack's), where it takes them
// (transfers).

// gatherAt returns the hex where leader a gathers when it has nothing
// else to do: the Capital whose spare garrison it should lead out
// (musterCapital), else the player's first Capital.
func (p *planner) gatherAt(a *game.Army) hex.Hex {
	if c := p.musterCapital(a); c != nil {
		return c.Hex
	}
	return p.capital.Hex
}

// musterCapital returns the player's city, other than its first Capital,
// that leader a reaches on foot and whose garrison has the most units
// beyond its keep less the steps to it, at least style.minAttack of them
// and no other leader standing there or sent there this turn; or nil. It
// is for a style that ferries. Only Capitals count unless the player is
// arming.
func (p *planner) musterCapital(a *game.Army) *game.City {
	f := &p.ferryPlan
	if !f.on {
		return nil
	}
	leaders, _ := p.roles()
	arming := p.arming()
	var from *field // the walk from the leader, made once a city is worth it
	var best *game.City
	bestScore := 0
	for _, c := range p.cities {
		if (!c.Capital && !arming) || c == p.capital || f.mustered[c.ID] {
			continue
		}
		g := p.garrisonAt(c.Hex)
		if g == nil {
			continue
		}
		spare := p.unitsLeft(g).Total() - p.keepAt(c)
		if spare < p.st.minAttack || p.leaderAt(leaders, c.Hex) {
			continue
		}
		if from == nil {
			from = p.fieldTo(a.Hex)
		}
		d := int(from.at(p.rect.Index(c.Hex)))
		if score := spare - d; d >= 0 && (best == nil || score > bestScore) {
			best, bestScore = c, score
		}
	}
	if best != nil {
		if f.mustered == nil {
			f.mustered = map[game.CityID]bool{}
		}
		f.mustered[best.ID] = true
	}
	return best
}

// leaderAt reports whether one of leaders stands on h.
func (p *planner) leaderAt(leaders []*game.Army, h hex.Hex) bool {
	for _, a := range leaders {
		if a.Hex == h {
			return true
		}
	}
	return false
}

// armingFunds is the treasury beyond which a player of more than two
// arms: it forms units in every city, not only in its Capitals.
const armingFunds = 2000

// arming reports whether the player forms units in every city as far as
// the income bears them, not only in its Capitals: a style that ferries,
// in a game of more than two players, with a treasury beyond armingFunds.
// Its leaders gather the spare garrisons (musterCapital).
func (p *planner) arming() bool {
	return p.ferryPlan.on && len(p.v.Players) > 2 && p.funds > armingFunds
}
