package erfworldai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// joinRadius is the farthest, in hexes, a Warlord goes to join the main
// stack (style.mainStack).
const joinRadius = 12

// head returns the leader the player's other Warlords on the Capital's
// land mass join (style mainStack): the one there with the most units
// this turn, the lowest ID on a tie, or nil.
func (p *planner) head() *game.Army { return p.heads()[0] }

// headOf returns the head army a joins: the head (head) for an army on
// the Capital's land mass, else the head of the leaders abroad (those
// carried over the water), or nil.
func (p *planner) headOf(a *game.Army) *game.Army {
	if p.abroad(a) {
		return p.heads()[1]
	}
	return p.heads()[0]
}

// heads returns the head at home and the head abroad (either nil), the
// leaders with the most units there this turn, found once a turn.
func (p *planner) heads() *[2]*game.Army {
	if !p.st.mainStack || p.headDone {
		return &p.headArmies
	}
	p.headDone = true
	leaders, _ := p.roles()
	for _, a := range leaders {
		i := 0
		if p.abroad(a) {
			i = 1
		}
		if h := p.headArmies[i]; h == nil || p.unitsNow(a) > p.unitsNow(h) {
			p.headArmies[i] = a
		}
	}
	return &p.headArmies
}

// isHead reports whether army a is a head (headOf).
func (p *planner) isHead(a *game.Army) bool { return p.st.mainStack && a == p.headOf(a) }

// unitsNow is how many units army a has this turn: its own, less those
// given, with those gained.
func (p *planner) unitsNow(a *game.Army) int {
	return p.unitsLeft(a).Add(p.gain[a.ID]).Total()
}

// follower reports whether lone Warlord a (a builder's role, with at most
// an escort) follows the main stack rather than found cities: every lone
// Warlord but the first style.builders, by ID. Its points add to the
// stack's ("the side's points are the sum over its Warlords").
func (p *planner) follower(a *game.Army) bool {
	if !p.st.mainStack {
		return false
	}
	_, lone := p.roles()
	i := slices.Index(lone, a)
	return i >= p.st.builders || (i >= 0 && carriesFighter(a))
}

// carriesFighter reports whether army a carries a fighting Caster
// (fightingCaster): such an army joins the head to hand it over.
func carriesFighter(a *game.Army) bool {
	for _, c := range a.Characters {
		if k, ok := erfworld.CasterOf(c); ok && fightingCaster(k) {
			return true
		}
	}
	return false
}

// mates returns the player's armies on a's hex that fight with it as one
// stack: the other leaders, and with style.mainStack the followers.
func (p *planner) mates(a *game.Army) []*game.Army {
	leaders, lone := p.roles()
	var out []*game.Army
	for _, b := range leaders {
		if b != a && b.Hex == a.Hex {
			out = append(out, b)
		}
	}
	if p.st.mainStack {
		for _, b := range lone {
			if b != a && b.Hex == a.Hex && p.follower(b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// joinStack moves Warlord a toward its head's hex when it is elsewhere
// within joinRadius (at any distance when it carries a fighting Caster),
// and reports whether it did: the Warlords fight together rather than one
// by one.
func (p *planner) joinStack(a *game.Army) bool {
	h := p.headOf(a)
	if h == nil || h == a || h.Hex == a.Hex || (hex.Distance(a.Hex, h.Hex) > joinRadius && !carriesFighter(a)) {
		return false
	}
	path := p.descend(a.Hex, p.fieldTo(h.Hex), p.movePoints(a))
	if len(path) == 0 {
		return false
	}
	p.moveAlong(a, path, game.OrderMove)
	return true
}

// followHead gives Warlord a, on its head's hex, the head's move or attack
// (a copy of it, the path cut to a's move): the stack moves as one. It
// reports whether a is on the head's hex (then it has its order, or stays
// with a head that stays or boards a fleet).
func (p *planner) followHead(a *game.Army) bool {
	h := p.headOf(a)
	if h == nil || h == a || h.Hex != a.Hex {
		return false
	}
	o, ok := p.headOrders[h.ID]
	if !ok {
		return true // the head stays, or boards a fleet alone
	}
	o.Army = a.ID
	if len(o.Path) > 0 {
		o.Path = o.Path[:min(len(o.Path), p.movePoints(a))]
	}
	p.moved[a.ID] = true
	p.add(o)
	return true
}

// moveHeads moves the heads first, so that those on their hexes follow
// them (order keeps their orders).
func (p *planner) moveHeads() {
	for _, h := range p.heads() {
		if h != nil && !p.moved[h.ID] {
			wl, _ := warlordOf(h)
			p.moveLeader(h, wl)
		}
	}
}

// fightingCaster reports whether Caster kind k acts in a battle where it
// is present: the Heal-, Croak- and Cancel-A-Mancers.
func fightingCaster(k erfworld.CasterKind) bool {
	return k == erfworld.CasterHeal || k == erfworld.CasterCroak || k == erfworld.CasterCancel
}

// gatherCasters hands the head the fighting Casters (fightingCaster) of
// the player's other armies on its hex, a garrison's included: "Casualties
// in Combat where the Heal-A-Mancer is present are reduced by half", and
// "the effects of all enemy A-Mancers are ignored if a Cancel-A-Mancer is
// present", so they go where the stack fights.
func (p *planner) gatherCasters() {
	for _, h := range p.heads() {
		if h != nil {
			p.handCasters(h)
		}
	}
}

// handCasters hands head h the fighting Casters on its hex (gatherCasters).
func (p *planner) handCasters(h *game.Army) {
	for _, a := range p.armies {
		if a == h || a.Hex != h.Hex {
			continue
		}
		for _, c := range a.Characters {
			if k, ok := erfworld.CasterOf(c); ok && fightingCaster(k) {
				p.add(game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: h.ID, Count: int32(c.ID)})
				p.joined[h.ID] = append(p.joined[h.ID], c)
			}
		}
	}
}

// dangerRadius is how near the Capital, in hexes, an enemy army seen
// lately (recentSighting) calls the head home when it would take the
// Capital from its garrison (capitalInDanger).
const dangerRadius = 3

// dangerOdds is the chance of taking the Capital from its garrison that
// makes an enemy army a danger (capitalInDanger).
const dangerOdds = 0.3

// warAtHome reports whether the player knows an enemy city on its
// Capital's land mass (or plans no ferries): the enemy comes by land.
// Once the land mass is its own, the head's work is beyond the water and
// it leaves the landings to the garrisons.
func (p *planner) warAtHome() bool { return !p.ferryPlan.on || p.ferryPlan.landFoe }

// capitalInDanger reports whether an enemy army seen lately within
// dangerRadius of the Capital would take it, with dangerOdds at least,
// from the units that stay there when the head leaves (its garrison and
// the Infantry the city provides), by the combat rules (winChance).
func (p *planner) capitalInDanger() bool {
	if p.capital == nil {
		return false
	}
	home := p.capital.Hex
	var def fighter
	if g := p.garrisonAt(home); g != nil {
		def.units = p.unitsLeft(g)
	}
	d := p.rs.D
	for i := range p.enemies {
		e := &p.enemies[i]
		if e.Seen+recentSighting < p.turn || hex.Distance(e.Hex, home) > dangerRadius || !p.armed(*e) ||
			p.foeCityAt(e.Hex) != nil {
			continue
		}
		att := fighter{units: e.Units, heal: e.NumCharacters >= 2}
		if e.NumCharacters > 0 {
			att.points = enemyWarlordLevel * d.Combat.WarlordPointsPerLevel
		}
		counts := make([]int, len(e.Units))
		for k, n := range e.Units {
			counts[k] = int(n)
		}
		def.city = d.GarrisonUnits(d.CityDefence(int(p.capital.Level), counts))
		if p.winChance(att, def) >= dangerOdds {
			return true
		}
	}
	return false
}
