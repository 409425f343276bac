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

// head returns the leader the player's other Warlords join (style
// mainStack): the one with the most units this turn on the Capital's land
// mass, the lowest ID on a tie, or nil.
func (p *planner) head() *game.Army {
	if !p.st.mainStack {
		return nil
	}
	if p.headDone {
		return p.headArmy
	}
	p.headDone = true
	leaders, _ := p.roles()
	for _, a := range leaders {
		if p.abroad(a) {
			continue
		}
		if p.headArmy == nil || p.unitsNow(a) > p.unitsNow(p.headArmy) {
			p.headArmy = a
		}
	}
	return p.headArmy
}

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

// joinStack moves Warlord a toward the head's hex when it is elsewhere
// within joinRadius, and reports whether it did: the Warlords fight
// together rather than one by one.
func (p *planner) joinStack(a *game.Army) bool {
	h := p.head()
	if h == nil || h == a || h.Hex == a.Hex || hex.Distance(a.Hex, h.Hex) > joinRadius {
		return false
	}
	path := p.descend(a.Hex, p.fieldTo(h.Hex), p.movePoints(a))
	if len(path) == 0 {
		return false
	}
	p.moveAlong(a, path, game.OrderMove)
	return true
}

// followHead gives Warlord a, on the head's hex, the head's order (a copy
// of it, the path cut to a's move): the stack moves as one. It reports
// whether a is on the head's hex (then it has its order, or stays with a
// head that stays).
func (p *planner) followHead(a *game.Army) bool {
	h := p.head()
	if h == nil || h == a || h.Hex != a.Hex || !p.moved[h.ID] {
		return h != nil && h != a && h.Hex == a.Hex
	}
	o := p.headOrder
	o.Army = a.ID
	if len(o.Path) > 0 {
		o.Path = o.Path[:min(len(o.Path), p.movePoints(a))]
	}
	p.moved[a.ID] = true
	p.add(o)
	return true
}

// moveHead moves the head first, so that those on its hex follow it
// (order keeps its order).
func (p *planner) moveHead() {
	h := p.head()
	if h == nil || p.moved[h.ID] {
		return
	}
	wl, _ := warlordOf(h)
	p.moveLeader(h, wl)
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
	h := p.head()
	if h == nil {
		return
	}
	for _, a := range p.armies {
		if a == h || a.Hex != h.Hex {
			continue
		}
		for _, c := range a.Characters {
			if k, ok := erfworld.CasterOf(c); ok && fightingCaster(k) {
				p.add(game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: h.ID, Count: int32(c.ID)})
				p.joined = append(p.joined, c)
			}
		}
	}
}

