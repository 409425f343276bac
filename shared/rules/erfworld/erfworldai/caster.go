package erfworldai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
)

// casterPayback is the most turns an Econ-A-Mancer may take to pay back
// its cost with its income beyond its upkeep.
const casterPayback = 10

// wish is a Caster the plan may pop, when its test says it pays.
type wish int

const (
	// wishEcon: an Econ-A-Mancer, up to style.econCasters, while its
	// income beats its upkeep and the Capital is safe (econWanted).
	wishEcon wish = iota
	// wishHeal: a Heal-A-Mancer with the main army once the income is
	// style.healerIncome (healWanted).
	wishHeal
	// wishCancel: a Cancel-A-Mancer with the main army when an enemy army
	// in the field carries a Caster (cancelWanted).
	wishCancel
	// wishLook: a Look-A-Mancer when a rival's cities are unknown, or
	// with several rivals (lookWanted).
	wishLook
	// wishLookStuck: a Look-A-Mancer when the player has explored its
	// land mass, knows no enemy city and a rival's cities are unknown: the
	// Look shows where they are (stuckLook).
	wishLookStuck
	// wishDirt: a Dirt-A-Mancer when the planned upgrades save more than
	// its upkeep (dirtWanted).
	wishDirt
	// wishFool: a Fool-A-Mancer when the player leads (leading).
	wishFool
)

// popCaster pops in the Capital the first Caster whose test says it pays,
// one a turn, at most Caster.MaxPerSide a side ("Each Empire may have up
// to THREE Casters"), never a Croak-A-Mancer with a Heal-A-Mancer
// (compatible): first those of st.casters, then those of st.extras, but
// the extras only in the places the Casters of st.casters leave free
// (coreMissing). A Capital that pops a Caster forms no units that turn,
// so it marks the Capital busy.
//
// CHOICE: Econ-A-Mancers and a Heal-A-Mancer come first. Played against
// the Normal level without the extras (the ladder's normal-v1), giving
// any of the three places to a Look-, Fool-, Dirt- or Cancel-A-Mancer
// instead lost more games than it won, so these come only where a place
// is free (a ruleset with more Casters a side), but for the Look that
// finds a rival when nothing else can (wishLookStuck).
func (p *planner) popCaster() {
	d := p.rs.D
	cs := &d.Caster
	if p.capital == nil || cs.PerCapitalPerTurn < 1 || p.casters >= cs.MaxPerSide {
		return
	}
	// A style with a main stack keeps its places for the Casters it
	// fights and looks with: a Fool-A-Mancer answering a Look took the
	// place of Hard's Look-A-Mancer, and island games stopped ending.
	if p.left() < int64(cs.Cost+cs.Upkeep)+1 || (!p.st.mainStack && p.answerLook()) {
		return
	}
	try := func(wishes []wish) bool {
		for _, w := range wishes {
			k, army, ok := p.wanted(w)
			if ok && p.compatible(k) {
				p.pop(k, army)
				return true
			}
		}
		return false
	}
	if try(p.st.casters) || p.casters+p.coreMissing() >= cs.MaxPerSide {
		return
	}
	try(p.st.extras)
}

// coreMissing counts the Casters of st.casters that the player lacks:
// Econ-A-Mancers up to st.econCasters, and a Heal-A-Mancer.
func (p *planner) coreMissing() int {
	n := 0
	for _, w := range p.st.casters {
		switch w {
		case wishEcon:
			n += max(0, p.econLimit()-p.casterKinds[erfworld.CasterEcon])
		case wishHeal:
			if p.casterKinds[erfworld.CasterHeal] == 0 && p.compatible(erfworld.CasterHeal) {
				n++
			}
		}
	}
	return n
}

// wanted returns the Caster kind of wish w, the army it joins (0: the
// Capital's garrison), and whether it pays now.
func (p *planner) wanted(w wish) (erfworld.CasterKind, game.ArmyID, bool) {
	cs := &p.rs.D.Caster
	held := func(k erfworld.CasterKind) bool { return p.casterKinds[k] > 0 }
	switch w {
	case wishEcon:
		return erfworld.CasterEcon, 0, p.econWanted(p.econLimit())
	case wishHeal:
		if !p.healWanted() {
			return erfworld.CasterHeal, 0, false
		}
		return p.withMainArmy(erfworld.CasterHeal)
	case wishCancel:
		if held(erfworld.CasterCancel) || !p.cancelWanted() {
			return erfworld.CasterCancel, 0, false
		}
		return p.withMainArmy(erfworld.CasterCancel)
	case wishLook:
		return erfworld.CasterLook, 0, !held(erfworld.CasterLook) && cs.Look.Targets > 0 && p.lookWanted()
	case wishLookStuck:
		return erfworld.CasterLook, 0, !held(erfworld.CasterLook) && cs.Look.Targets > 0 && p.stuckLook()
	case wishDirt:
		return erfworld.CasterDirt, 0, !held(erfworld.CasterDirt) && p.dirtWanted()
	case wishFool:
		return erfworld.CasterFool, 0, !held(erfworld.CasterFool) && p.leading()
	}
	return 0, 0, false
}

// withMainArmy returns Caster kind k with the main army, if there is one.
func (p *planner) withMainArmy(k erfworld.CasterKind) (erfworld.CasterKind, game.ArmyID, bool) {
	a := p.mainArmy()
	if a == nil {
		return k, 0, false
	}
	return k, a.ID, true
}

// econLimit is how many Econ-A-Mancers the plan keeps: style.econCasters,
// one fewer (one at least) for a style with look in a game of more than
// two players. With several rivals a place stays free for the
// Look-A-Mancer (style.extras): once the player has taken its land mass,
// the Capitals it still needs are beyond the water, where only a Look
// shows them.
//
// CHOICE: measured on -islands -players 4 -size 64x32 -games 20 -mirror,
// Normal against Easy: two Econ-A-Mancers 8-0-12 (seed 1) and 7-0-13
// (seed 50), one 16-0-4 and 15-0-5.
func (p *planner) econLimit() int {
	if p.st.mainStack && len(p.v.Players) > 2 {
		return 0 // the places go to the Heal-, Look- and Cancel-A-Mancers
	}
	if p.st.look && len(p.v.Players) > 2 {
		return max(1, p.st.econCasters-1)
	}
	return p.st.econCasters
}

// econWanted reports whether one more Econ-A-Mancer, up to limit, repays
// its cost within casterPayback turns while the Capital is safe.
func (p *planner) econWanted(limit int) bool {
	cs := &p.rs.D.Caster
	gain := cs.Econ.Income - cs.Upkeep
	return p.casterKinds[erfworld.CasterEcon] < limit && p.threat == 0 &&
		gain > 0 && cs.Cost <= gain*casterPayback
}

// healWanted reports whether the plan wants a Heal-A-Mancer now: none
// yet, an income of st.healerIncome, and with st.healAtWar an enemy known
// (until then its place may go to a Look-A-Mancer that finds one).
func (p *planner) healWanted() bool {
	cs := &p.rs.D.Caster
	if p.st.healAtWar && len(p.foes) == 0 && len(p.enemies) == 0 {
		return false
	}
	return p.casterKinds[erfworld.CasterHeal] == 0 && p.income >= p.st.healerIncome &&
		cs.Heal.CasualtyDivisor >= 2 && cs.Heal.MaxPerCombat >= 1
}

// mainArmy returns the biggest Warlord's army in the Capital with at least
// half the units of an attack, or nil: the army a fighting Caster joins.
func (p *planner) mainArmy() *game.Army {
	if h := p.head(); h != nil {
		if h.Hex != p.capital.Hex || h.Units.Total() < p.st.minAttack/2 {
			return nil
		}
		return h
	}
	leaders, _ := p.roles()
	var best *game.Army
	for _, a := range leaders {
		if a.Hex == p.capital.Hex && (best == nil || a.Units.Total() > best.Units.Total()) {
			best = a
		}
	}
	if best == nil || best.Units.Total() < p.st.minAttack/2 {
		return nil
	}
	return best
}

// casterSightingTurns is how long a sighting of an enemy army counts for
// the Casters the planner pops against it.
const casterSightingTurns = 10

// cancelWanted reports whether the player faces an enemy army with a
// Caster: "In a combat, the effects of all enemy A-Mancers are ignored if
// a Cancel-A-Mancer is present." A view shows how many characters an enemy
// army has, not which; an army outside its cities has a Warlord ("Units
// must either be assigned to an Army (ie, With a Warlord) or in the same
// hex as a City"), so one seen there with units and two characters or
// more carries a Caster, and the Casters that go to war with an army are
// the Heal- and Croak-A-Mancers, which the Cancel-A-Mancer cancels. A
// style with mainStack in a game of two wants one as soon as it knows the
// enemy: its stack meets the enemy's Heal-A-Mancer sooner or later, and
// an army with one halves its losses (with a few units it cannot lose an
// attack on it). With more players it wants one once it holds the
// Look-A-Mancer that finds the Capitals beyond the water (its third place
// then, since it keeps no Econ-A-Mancer: econLimit).
func (p *planner) cancelWanted() bool {
	if p.st.mainStack && (len(p.v.Players) <= 2 || p.held[erfworld.CasterLook] > 0) && (len(p.foes) > 0 || len(p.enemies) > 0) {
		return true // the stack meets the enemy's Heal-A-Mancer sooner or later
	}
	for _, e := range p.enemies {
		if e.NumCharacters >= 2 && e.Units.Total() > 0 && e.Seen+casterSightingTurns >= p.turn &&
			p.foeCityAt(e.Hex) == nil {
			return true
		}
	}
	return false
}

// rivals returns the other players still in the game, by ID.
func (p *planner) rivals() []game.PlayerID {
	var out []game.PlayerID
	for _, pl := range p.v.Players {
		if pl.Alive && pl.ID != p.me {
			out = append(out, pl.ID)
		}
	}
	return out
}

// knownCities counts the cities the player knows of player q, and of
// them the Capitals.
func (p *planner) knownCities(q game.PlayerID) (cities, capitals int) {
	for _, c := range p.foes {
		if c.Owner == q {
			cities++
			if c.Capital {
				capitals++
			}
		}
	}
	return cities, capitals
}

// lookFindsAfter is the turn after which a rival the player has found no
// city of is worth a Look-A-Mancer with one rival: by then exploring on
// foot has had its chance.
const lookFindsAfter = 10

// lookWanted reports whether a Look-A-Mancer pays: "each turn a side with
// a Look-a-mancer may choose one other player side to 'Look' at. That
// player's map and turn report is sent to the Look-a-mancer's side." It
// does when a rival's cities are all unknown (after lookFindsAfter turns
// with one rival: the Look shows where they are), or with several rivals
// (the Look shows the strongest's or the nearest's armies).
func (p *planner) lookWanted() bool {
	rivals := p.rivals()
	if len(rivals) > 1 {
		return true
	}
	for _, q := range rivals {
		if n, _ := p.knownCities(q); n == 0 && p.turn > lookFindsAfter {
			return true
		}
	}
	return false
}

// stuckLook reports whether the player has explored its land mass, knows
// no enemy city on it or beyond the water, and has a rival whose cities
// it has never seen: only a Look (or a fleet exploring) finds that rival.
func (p *planner) stuckLook() bool {
	f := &p.ferryPlan
	if !f.on || f.landFoe || len(f.overseas) > 0 {
		return false
	}
	for _, q := range p.rivals() {
		if n, _ := p.knownCities(q); n == 0 {
			return p.isStuck()
		}
	}
	return false
}

// lookTarget returns the rival the Look-A-Mancer looks at: the first rival
// whose cities are all unknown (the Look shows them); else the one whose
// army seen lately stands nearest the Capital, within lookThreatRange;
// else the strongest known (most Capitals, then most cities).
func (p *planner) lookTarget() game.PlayerID {
	rivals := p.rivals()
	for _, q := range rivals {
		if n, _ := p.knownCities(q); n == 0 {
			return q
		}
	}
	if q := p.lookedBy(); q != 0 {
		return q // it looked at the player: look back (events.go)
	}
	best, bestDist := game.PlayerID(0), 0
	for _, e := range p.enemies {
		if e.Owner == 0 || e.Seen+lookThreatTurns < p.turn || !slices.Contains(rivals, e.Owner) {
			continue
		}
		if d := hex.Distance(e.Hex, p.capital.Hex); d <= lookThreatRange && (best == 0 || d < bestDist) {
			best, bestDist = e.Owner, d
		}
	}
	if best != 0 {
		return best
	}
	bestScore := -1
	for _, q := range rivals {
		n, caps := p.knownCities(q)
		if score := caps*1000 + n; score > bestScore {
			best, bestScore = q, score
		}
	}
	return best
}

// How near the Capital, and how lately seen, a rival's army makes that
// rival the one to look at.
const (
	lookThreatRange = 8
	lookThreatTurns = 3
)

// look points the player's Look-A-Mancer at lookTarget. What it sees is in
// the next turn's view, where the planner uses it like any sighting: the
// rival's cities become targets (for ferries too), its armies threats.
func (p *planner) look() {
	if !p.st.look || p.capital == nil || p.held[erfworld.CasterLook] == 0 {
		return
	}
	if q := p.lookTarget(); q != 0 {
		p.add(game.Order{Kind: erfworld.OrderLook, Player: q})
	}
}

// dirtWanted reports whether a Dirt-A-Mancer pays: "the Upgrade cost of
// any City is HALVED if a Dirt-A-Mancer is present." The ruleset counts it
// present when the side has one anywhere (caster.dirt, CHOICE), so it
// stays safe in the Capital's garrison. It pays when the upgrades the plan
// has left (every city but the Capitals, to the highest level), as far as
// a third of the income buys them over casterPayback turns, save more
// than its upkeep over those turns.
func (p *planner) dirtWanted() bool {
	d := p.rs.D
	if !p.st.upgrades || d.Caster.Dirt.UpgradeCostDivisor < 2 {
		return false
	}
	pending := int64(0)
	for _, c := range p.cities {
		if c.Capital {
			continue
		}
		for l := int(c.Level) + 1; l <= d.City.MaxUpgradeLevel; l++ {
			pending += int64(d.UpgradeCost(l))
		}
	}
	spend := min(pending, p.income*casterPayback/3)
	saved := spend - spend/int64(d.Caster.Dirt.UpgradeCostDivisor)
	return saved > int64(d.Caster.Upkeep*casterPayback)
}

// leading reports whether the player leads the game as far as it knows:
// it holds two Capitals or more, or twice the cities known of any rival
// (and knows a city of each). "Each side with a Fool-A-Mancer reduces the
// ability of a Look-A-Mancer to 'Look' at their side by 50%": the leader
// is the side the others look at.
func (p *planner) leading() bool {
	capitals := 0
	for _, c := range p.cities {
		if c.Capital {
			capitals++
		}
	}
	if capitals >= 2 {
		return true
	}
	rivals := p.rivals()
	if len(rivals) == 0 {
		return false
	}
	for _, q := range rivals {
		n, _ := p.knownCities(q)
		if n == 0 || len(p.cities) < 2*n {
			return false
		}
	}
	return true
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
//
// A side that will ferry an army and has no fleet without cargo that can
// carry it (ferryPlan.transport) builds one whatever fishing brings, where
// it can sail to a landing (not on a lake).
func (p *planner) buildFleet() {
	f := &p.rs.D.Fleet
	if f.PerSidePerTurn < 1 || p.threat > 0 {
		return
	}
	if !p.ferryPlan.transport && (p.fleetCount >= p.st.maxFleets || f.FishingIncome <= f.Upkeep) {
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
			if p.ferryPlan.transport && !p.seaworthy(n) {
				continue
			}
			p.spent += int64(f.Cost)
			p.fleetCount++
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

// healedFew is the most units an enemy army with a Caster may have and
// still never lose a battle: "Casualties in Combat where the Heal-A-Mancer
// is present are reduced by half (rounded down)", so one unit is never
// lost, and its Warlord's points ("A Warlord can turn a 5 into a 6") make
// the few dice it rolls hits that cost the attacker more than it loses
// ("The Side which loses the most units must retreat"). A level-9
// Warlord with 1 Siege and a Heal-A-Mancer held off armies of 500 for a
// hundred turns of an island game: each turn they attacked it, lost a
// unit and fell back.
const healedFew = 4

// untouchable reports whether enemy army e is not worth attacking as a
// target: it stands on Water (afloat), or it may carry a Heal-A-Mancer
// (two characters or more) with so few units (healedFew) that it cannot
// lose, while the player has no Cancel-A-Mancer.
func (p *planner) untouchable(e game.ArmyView) bool {
	if p.afloat(e) {
		return true
	}
	return e.NumCharacters >= 2 && e.Units.Total() <= healedFew && p.held[erfworld.CasterCancel] == 0
}
