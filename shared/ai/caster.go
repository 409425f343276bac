package ai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// casterPayback is the most turns an Econ-A-Mancer may take to pay back
// its cost with its income beyond its upkeep.
const casterPayback = 10

// popCaster pops a Caster in the Capital when one pays: an Econ-A-Mancer
// while its income beats its upkeep, then a Heal-A-Mancer with the
// biggest army in the Capital once the income is strong. A Capital that
// pops a Caster forms no units that turn, so it marks the Capital busy.
func (p *planner) popCaster() {
	d := p.rs.D
	cs := &d.Caster
	if p.capital == nil || cs.PerCapitalPerTurn < 1 || p.casters >= cs.MaxPerSide {
		return
	}
	if p.left() < int64(cs.Cost+cs.Upkeep)+1 {
		return
	}
	gain := cs.Econ.Income - cs.Upkeep
	if p.casterKinds[erfworld.CasterEcon] < p.st.econCasters && p.threat == 0 &&
		gain > 0 && cs.Cost <= gain*casterPayback && p.compatible(erfworld.CasterEcon) {
		p.pop(erfworld.CasterEcon, 0)
		return
	}
	if !p.st.healer || p.casterKinds[erfworld.CasterHeal] > 0 || p.income < p.st.healerIncome ||
		cs.Heal.CasualtyDivisor < 2 || cs.Heal.MaxPerCombat < 1 || !p.compatible(erfworld.CasterHeal) {
		return
	}
	leaders, _ := p.roles()
	var best *game.Army
	for _, a := range leaders {
		if a.Hex == p.capital.Hex && (best == nil || a.Units.Total() > best.Units.Total()) {
			best = a
		}
	}
	if best == nil || best.Units.Total() < p.st.minAttack/2 {
		return
	}
	p.pop(erfworld.CasterHeal, best.ID)
}

// compatible reports whether the side may add a Caster of kind k to those
// it has: "A side may not have a Croak-A-Mancer AND a Heal-O-Mancer."
func (p *planner) compatible(k erfworld.CasterKind) bool {
	bad := p.rs.D.Caster.Croak.IncompatibleWith
	for j, n := range p.casterKinds {
		o := erfworld.CasterKind(j)
		if n > 0 && ((k == erfworld.CasterCroak && slices.Contains(bad, o.ID())) ||
			(o == erfworld.CasterCroak && slices.Contains(bad, k.ID()))) {
			return false
		}
	}
	return true
}

// pop orders a Caster of kind k in the Capital, joining army (0: the
// garrison).
func (p *planner) pop(k erfworld.CasterKind, army game.ArmyID) {
	p.spent += int64(p.rs.D.Caster.Cost)
	p.casters++
	p.casterKinds[k]++
	p.capitalBusy = true
	p.add(game.Order{Kind: erfworld.OrderCaster, City: p.capital.ID, Unit: game.UnitKind(k), Army: army})
}

// buildFleet builds a Fleet to go fishing on a free Water hex next to a
// city, one a turn, while the plan wants more and fishing beats the
// fleet's upkeep, with money beyond a reserve.
func (p *planner) buildFleet() {
	f := &p.rs.D.Fleet
	if p.fleets >= p.st.maxFleets || f.PerSidePerTurn < 1 || f.FishingIncome <= f.Upkeep || p.threat > 0 {
		return
	}
	if p.left()-int64(f.Cost) < 2+p.income/4 {
		return
	}
	for _, t := range f.NeedsTerrain {
		if !p.citiesBorder(t) {
			return
		}
	}
	for _, c := range p.cities {
		for _, n := range c.Hex.Neighbors() {
			t, ok := p.s.Map.At(n)
			if !ok || int(t) >= len(p.rs.D.Terrain) || !p.rs.D.Terrain[t].Naval || p.fleetAt(n) {
				continue
			}
			p.spent += int64(f.Cost)
			p.fleets++
			p.add(game.Order{Kind: erfworld.OrderFleet, City: c.ID, Hex: n})
			return
		}
	}
}

// fleetAt reports whether a fleet the player knows of stands on h.
func (p *planner) fleetAt(h hex.Hex) bool {
	for i := range p.s.Armies {
		if p.s.Armies[i].Naval && p.s.Armies[i].Hex == h {
			return true
		}
	}
	return false
}
