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

// musterCapital returns the player's Capital, other than its first, that
// leader a reaches on foot and whose garrison has the most units beyond
// its keep, at least style.minAttack of them and no other leader standing
// there or sent there this turn; or nil. It is for a style that ferries.
func (p *planner) musterCapital(a *game.Army) *game.City {
	f := &p.ferryPlan
	if !f.on {
		return nil
	}
	leaders, _ := p.roles()
	var best *game.City
	bestSpare := p.st.minAttack - 1
	for _, c := range p.cities {
		if !c.Capital || c == p.capital || f.mustered[c.ID] {
			continue
		}
		g := p.garrisonAt(c.Hex)
		if g == nil {
			continue
		}
		spare := p.unitsLeft(g).Total() - p.keepAt(c)
		if spare <= bestSpare || p.leaderAt(leaders, c.Hex) {
			continue
		}
		if i := p.rect.Index(a.Hex); i < 0 || p.fieldTo(c.Hex).at(i) < 0 {
			continue
		}
		best, bestSpare = c, spare
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
