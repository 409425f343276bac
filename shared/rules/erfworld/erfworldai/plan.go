package erfworldai

import (
	"slices"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rules/erfworld"
	"empires/shared/rulesfile"
)

// style is what sets Easy and Normal apart: one plan, different knobs.
type style struct {
	upgrades    bool    // upgrade cities with spare money
	builders    int     // Warlords with an escort founding cities and scouting
	maxLeaders  int     // Warlords leading units
	unitsLeader int     // units per extra leader
	capitalKeep int     // units kept in the Capital's garrison
	cityKeep    int     // units kept in other cities' garrisons
	attackRatio float64 // attack when power >= ratio x defence; 0: never compare
	minAttack   int     // units a leader needs before it marches out
	growthShare float64 // share of income kept out of upkeep early, for growth
	defend      bool    // call leaders home and grow the garrison under threat
	extraLevels bool    // buy Warlord levels when rich
	// leadersFound lets Warlords leading units found cities too.
	leadersFound bool
	econCasters  int   // Econ-A-Mancers popped while they pay
	healerIncome int64 // the income before the Heal-A-Mancer is popped
	// casters are the Casters the plan pops, each when it pays, in order
	// of preference; extras those it pops in the places casters leave
	// free (popCaster).
	casters, extras []wish
	maxFleets       int // fleets built to go fishing while fishing pays
	// spendTurns, when above 0, lets the treasury pay upkeep beyond the
	// income: the treasury spread over that many turns counts as income
	// for the units the plan keeps (unitRoom).
	spendTurns int
	// ferry carries armies by Fleet to enemies beyond the water.
	ferry bool
	// look points a Look-A-Mancer, when the player has one.
	look bool
	// healAtWar pops the Heal-A-Mancer only once an enemy is known.
	healAtWar bool
	// guard keeps the Capital: an enemy army with no more units than a
	// builder's escort, which a city's own Infantry keeps out, is no
	// threat to it and not worth leaving it for; an enemy army seen near
	// it lately and out of sight now still is one (recentSighting); a
	// builder comes home to lead the Capital's spare units when leaders
	// are short (recall).
	guard bool
	// retake sends every army at the nearest enemy Capital, whatever the
	// odds, when the player holds none: it is out of the game unless it
	// takes one back within a turn.
	retake bool
	// flank sends an army that would attack a city from the hex another
	// army attacks it from this turn round by another neighbour of the
	// city: an enemy army stepping out of the city meets those that step
	// across its edge, and "every army that fought ... moves no more this
	// turn", so one Warlord sent out each turn would stop them all.
	flank bool
	// stack weighs an attack on a city with all the leaders on the army's
	// hex, which take the same decision and go in together.
	stack bool
	// retakeLost sends the nearest leader strong enough at each enemy city
	// in the player's own land (retakeLost), before any other move.
	retakeLost bool
	// together marches the leaders of one stack at the pace of the
	// slowest (marchPoints).
	together bool
	// maxSiege caps the Siege the player keeps (0: no cap).
	maxSiege int
	// odds, when above 0, is the chance of winning an attack needs
	// (winChance), instead of attackRatio times the defence.
	odds float64
	// cavalry is the share of Cavalry in the units formed (0: a third).
	cavalry float64
	// mainStack gathers the leaders into one stack (joinStack).
	mainStack bool
	// stackWarlords is how many Warlords beyond the leaders and builders
	// the player pops to follow the main stack (follower).
	stackWarlords int
}

// recentSighting is how many turns an enemy army seen near the Capital
// and now out of sight still counts as a threat (a style with guard).
const recentSighting = 2

var (
	easyStyle = style{builders: 1, maxLeaders: 1, unitsLeader: 1000, capitalKeep: 2, cityKeep: 1,
		attackRatio: 0, minAttack: 10}
	// normalV1Style is Normal before ferries, the Look-, Fool-, Dirt- and
	// Cancel-A-Mancers, guard, retake, flank and stack (level NormalV1).
	normalV1Style = style{upgrades: true, builders: 2, maxLeaders: 3, unitsLeader: 40, capitalKeep: 4, cityKeep: 2,
		attackRatio: 1.3, minAttack: 20, growthShare: 0.3, defend: true, extraLevels: true, leadersFound: true,
		econCasters: 2, casters: []wish{wishEcon, wishHeal}, healerIncome: 20, maxFleets: 3}
	normalStyle = withAll(normalV1Style)
	hardStyle   = withHard(normalStyle)
)

// withHard returns st with the plans of the Hard level:
//   - one main stack (mainStack): the leader with the most units is the
//     head, every other leader within joinRadius walks to it and then
//     copies its orders, the Warlords beyond the builders follow it, and
//     the Heal- and Cancel-A-Mancers are popped into it and handed to it:
//     "the side's points are the sum over its Warlords", and only an army
//     with a Heal-A-Mancer or a Cancel-A-Mancer beats one that has a
//     Heal-A-Mancer. Leaders carried over the water gather under a head of
//     their own;
//   - up to 6 leaders (one per 15 units), every Warlord popped at the
//     highest level the money pays, and 4 more for the stack when 80
//     Schmuckers are left;
//   - battle odds computed from the combat rules (winChance) rather than
//     1.3 times a rated power: it attacks at an even chance or better, the
//     head with its whole stack;
//   - the head comes home when an enemy army within dangerRadius of the
//     Capital would take it from its garrison (capitalInDanger), and the
//     Capital keeps 10 units, no more for the threats: the stack defends;
//   - cities keep 6 units (Normal's 2);
//   - half its units Cavalry (two dice each, behind the Infantry that take
//     the hits first: "casualties are taken in the following order:
//     Infantry, then Cavalry"), and no more than 6 Siege (a Capital's
//     defence is 5, and the stack attacks together);
//   - the leaders of one stack march at the pace of the slowest;
//   - a treasury that pays upkeep beyond the income, spread over 20 turns
//     (Normal ends long games with thousands of Schmuckers unspent);
//   - one Econ-A-Mancer, not two, and a Cancel-A-Mancer with the stack as
//     soon as it knows its one rival (cancelWanted); its only extra Caster
//     is the Look-A-Mancer that finds the Capitals beyond the water.
//
// CHOICE: the stack, measured against Normal with -games 40 -mirror on
// 24x24 (seeds 1, 100, 2000 and the tuning seeds 1000), one change at a
// time: Hard as it was 14-17, 16-14, 19-14, 19-9; 6 leaders 16-7, 19-13,
// 17-15, 21-8; the stack with its Casters 25-9, 28-10, 19-11, 24-11 (cities
// keeping 12); Casters popped into the head 35-3, 28-8, 28-7, 31-6; cities
// keeping 2: 29-6, 20-15, 17-14, 20-15, 6: 24-8, 27-7, 22-10, 25-6, 20:
// 5-19, 2-27, 3-25, 4-26. Earlier, with -games 100 -mirror -seed 1000: a
// third Cavalry (Normal's) 38-40, a half 51-29, 0.6 51-30, 0.7 37-48, a
// fifth 29-51; Siege capped at 6 with half Cavalry 56-24; the odds: an
// even chance 60-17, 0.35 56-18, 0.65 47-20, 0.8 50-24. A third
// Econ-A-Mancer lost 3-37; units formed in every city with the treasury
// lost (26-41).
func withHard(st style) style {
	st.capitalKeep = 10
	st.spendTurns = 20
	st.together = true
	st.cavalry = 0.5
	st.maxSiege = 6
	st.odds = 0.5
	st.econCasters = 1
	st.casters = []wish{wishLookStuck, wishEcon, wishHeal, wishCancel}
	st.extras = []wish{wishLook}
	st.maxLeaders = 6
	st.unitsLeader = 15
	st.stackWarlords = 4
	st.cityKeep = 6
	st.mainStack = true
	return st
}

// withAll returns st with ferries, every Caster it may use, guard,
// retake, flank and stack.
func withAll(st style) style {
	st.ferry, st.look, st.healAtWar = true, true, true
	st.guard, st.retake, st.flank, st.stack = true, true, true, true
	st.retakeLost = true
	st.casters = []wish{wishLookStuck, wishEcon, wishHeal}
	st.extras = []wish{wishCancel, wishLook, wishDirt, wishFool}
	return st
}

// planner builds one turn's orders of style st on world w.
type planner struct {
	*world
	st     style
	orders []game.Order

	income, funds, spent int64
	units, warlords      int
	casters              int
	casterKinds          [erfworld.NumCasterKinds]int
	// held counts the Casters the player has at the start of the turn,
	// by kind (casterKinds adds those popped this turn).
	held       [erfworld.NumCasterKinds]int
	fleetCount int
	// capitalBusy is set when the Capital pops a Caster this turn: it
	// forms no units then.
	capitalBusy bool
	// claimed are the hexes of cities ordered this turn.
	claimed []hex.Hex
	// assaults are the edges (army's hex, city's hex) armies step across
	// into enemy cities this turn.
	assaults [][2]hex.Hex
	// forming are the hexes of the cities that form units this turn.
	forming []hex.Hex
	// moved marks the armies given a movement order.
	moved map[game.ArmyID]bool
	// gain is units transferred into an army this turn.
	gain map[game.ArmyID]game.Units
	// given is units transferred out of an army this turn. The view's
	// state is left as it is: the turn's orders are checked on it
	// (keepValid).
	given map[game.ArmyID]game.Units
	// threat is the enemy power in sight near the Capital (with guard:
	// armies p.armed counts, in sight or seen lately).
	threat float64
	// biggest is the power of the strongest enemy army seen lately.
	biggest float64
	// enemyCapital is the nearest enemy Capital known, if any.
	enemyCapital *game.CityView
	// ferryPlan is what the planner knows beyond its land mass (styles
	// with ferry only).
	ferryPlan ferryPlan
	// headArmies are the leaders the others join at home and abroad
	// (heads), once headDone.
	headArmies [2]*game.Army
	headDone   bool
	// headOrders are the heads' moves or attacks this turn.
	headOrders map[game.ArmyID]game.Order
	// joined are the Casters handed to each head this turn
	// (gatherCasters).
	joined map[game.ArmyID][]game.Character
}

// plan returns the turn's orders of style st.
func (w *world) plan(st style) []game.Order {
	if len(w.cities) == 0 && len(w.armies) == 0 {
		return nil
	}
	p := newPlanner(w, st)
	p.recruitWarlord()
	p.popCaster()
	p.look()
	p.buildCities()
	p.buildFleet()
	p.formUnits()
	p.upgrade()
	p.transfers()
	p.gatherCasters()
	p.carriedArmies()
	p.moveArmies()
	p.exploreSea()
	return p.orders
}

// newPlanner reads what the turn's decisions share: the player's money
// and forces, the threats and targets it knows, and its ferry plan.
func newPlanner(w *world, st style) *planner {
	p := &planner{world: w, st: st, moved: map[game.ArmyID]bool{}, gain: map[game.ArmyID]game.Units{},
		given: map[game.ArmyID]game.Units{}, headOrders: map[game.ArmyID]game.Order{},
		joined: map[game.ArmyID][]game.Character{}}
	p.account()
	if w.capital != nil {
		for _, e := range w.enemies {
			recent := !e.Remembered || (st.guard && e.Seen+recentSighting >= w.turn)
			if recent && hex.Distance(e.Hex, w.capital.Hex) <= 5 && p.armed(e) {
				p.threat += w.power(e.Units) + 0.4*float64(e.NumCharacters)
			}
		}
		for _, e := range w.enemies {
			if e.Seen+15 >= w.turn && w.foeCityAt(e.Hex) == nil {
				p.biggest = max(p.biggest, w.power(e.Units))
			}
		}
		best := -1
		for i := range w.foes {
			c := &w.foes[i]
			if c.Capital && c.Owner != 0 {
				if d := hex.Distance(c.Hex, w.capital.Hex); best < 0 || d < best {
					best, p.enemyCapital = d, c
				}
			}
		}
	}
	p.prepareFerry()
	return p
}

func (p *planner) add(o game.Order) {
	o.Turn = p.turn
	p.orders = append(p.orders, o)
}

// account sums the player's income, money and forces.
func (p *planner) account() {
	for _, c := range p.cities {
		p.income += int64(p.rs.D.Income(int(c.Level)))
	}
	for _, a := range append(p.armies[:len(p.armies):len(p.armies)], p.carried...) {
		p.units += a.Units.Total()
		for _, c := range a.Characters {
			if c.Kind == erfworld.CharWarlord {
				p.warlords++
			} else if k, ok := erfworld.CasterOf(c); ok {
				p.casters++
				p.casterKinds[k]++
			}
		}
	}
	p.held = p.casterKinds
	p.income += int64(p.casterKinds[erfworld.CasterEcon] * p.rs.D.Caster.Econ.Income)
	p.fleetCount = len(p.fleets)
	if pl := p.s.Player(p.me); pl != nil {
		p.funds = pl.Treasury + p.income
	}
}

// upkeep is the bill for units units and warlords Warlords.
func (p *planner) upkeep(units, warlords int) int64 {
	d := p.rs.D
	return int64(d.UnitUpkeep(units) + warlords*d.Warlord.Upkeep + p.casters*d.Caster.Upkeep + p.fleetCount*d.Fleet.Upkeep)
}

// left is the money left this turn after what is ordered and the upkeep.
func (p *planner) left() int64 { return p.funds - p.spent - p.upkeep(p.units, p.warlords) }

// growthReserve is the income kept out of upkeep for growth.
func (p *planner) growthReserve() int64 {
	if p.turn < 60 && p.threat == 0 {
		return max(1, int64(p.st.growthShare*float64(p.income)))
	}
	return 1
}

// unitRoom is how many more units the income sustains.
func (p *planner) unitRoom() int {
	d := p.rs.D
	budget := p.income + p.reserveShare() - p.growthReserve() - int64(p.warlords*d.Warlord.Upkeep+p.casters*d.Caster.Upkeep+p.fleetCount*d.Fleet.Upkeep)
	if budget < 0 {
		return 0
	}
	most := int(budget)*d.Upkeep.UnitsPerSchmucker + d.Upkeep.UnitsPerSchmucker - 1
	return most - p.units
}

// reserveShare is the share of the treasury a turn may spend on upkeep
// beyond the income: the treasury at the start of the turn spread over
// style.spendTurns turns, or 0.
func (p *planner) reserveShare() int64 {
	if p.st.spendTurns <= 0 {
		return 0
	}
	return max(0, p.funds-p.income) / int64(p.st.spendTurns)
}

// escort is the most units a builder leads: a Warlord with no units leads
// no Army and founds no city, so a builder takes one unit along.
const escort = 1

// roles counts the Warlords leading armies and the builders (lone, or
// with their escort).
func (p *planner) roles() (leaders, lone []*game.Army) {
	for _, a := range p.armies {
		if _, ok := warlordOf(a); !ok {
			continue
		}
		if a.Units.Total() > escort {
			leaders = append(leaders, a)
		} else {
			lone = append(lone, a)
		}
	}
	return leaders, lone
}

func (p *planner) wantLeaders() int {
	return min(p.st.maxLeaders, 1+p.units/p.st.unitsLeader)
}

// stackWarlordFunds is the money left this turn from which the player
// pops the Warlords of style.stackWarlords.
const stackWarlordFunds = 80

// recruitWarlord pops a Warlord in the Capital when the plan wants one more
// and the income bears its upkeep.
func (p *planner) recruitWarlord() {
	if p.capital == nil {
		return
	}
	leaders, lone := p.roles()
	want := p.wantLeaders() + p.st.builders
	if p.left() >= stackWarlordFunds {
		want += p.st.stackWarlords
	}
	if len(leaders)+len(lone) >= want {
		return
	}
	d := p.rs.D
	if p.upkeep(p.units, p.warlords+1) > p.income+p.reserveShare()-1 || p.left() < int64(d.Warlord.Upkeep)+1 {
		return
	}
	level := int32(0)
	if p.st.extraLevels && (len(leaders) < p.wantLeaders() || p.st.mainStack) {
		for l := d.Warlord.MaxLevel; l > d.Warlord.PopLevel; l-- {
			cost, err := d.WarlordCost(l)
			if err == nil && int64(cost) <= p.left()-int64(2*d.Warlord.Upkeep)-10 {
				level = int32(l)
				p.spent += int64(cost)
				break
			}
		}
	}
	p.warlords++
	p.add(game.Order{Kind: erfworld.OrderWarlord, City: p.capital.ID, Level: level})
}

// buildCities founds a city where a Warlord's army stands on a free site.
func (p *planner) buildCities() {
	cost := int64(p.rs.D.City.NewCityCost)
	for _, a := range p.armies {
		if _, ok := warlordOf(a); !ok || p.left() < cost+1 || a.Units.Total() == 0 {
			continue
		}
		i := p.rect.Index(a.Hex)
		if i < 0 || !p.citySite(a.Hex, i) || !p.freeOfClaims(a.Hex) {
			continue
		}
		if !p.st.leadersFound && a.Units.Total() > escort {
			continue
		}
		p.spent += cost
		p.claimed = append(p.claimed, a.Hex)
		p.add(game.Order{Kind: erfworld.OrderBuildCity, Hex: a.Hex, Army: a.ID})
	}
}

// freeOfClaims reports whether h keeps the minimum distance from the cities
// ordered this turn.
func (p *planner) freeOfClaims(h hex.Hex) bool {
	for _, c := range p.claimed {
		if hex.Distance(c, h) < p.rs.D.City.MinDistance {
			return false
		}
	}
	return true
}

// formable returns the unit kinds the player may form now.
func (p *planner) formable() []erfworld.UnitKind {
	var out []erfworld.UnitKind
	for k := range p.rs.D.Units {
		u := &p.rs.D.Units[k]
		if u.Requires == rulesfile.NoTerrain || p.citiesBorder(u.Requires) {
			out = append(out, erfworld.UnitKind(k))
		}
	}
	return out
}

func (p *planner) citiesBorder(t rulesfile.TerrainID) bool {
	for _, c := range p.cities {
		for _, n := range c.Hex.Neighbors() {
			if tt, ok := p.s.Map.At(n); ok && tt == t {
				return true
			}
		}
	}
	return false
}

// formUnits forms units, most in the Capital, as far as the income bears
// their upkeep; other cities keep a small garrison.
func (p *planner) formUnits() {
	room := p.unitRoom()
	if room <= 0 {
		return
	}
	kinds := p.formable()
	totals := game.Units{}
	for _, a := range p.armies {
		totals = totals.Add(a.Units)
	}
	order := make([]*game.City, 0, len(p.cities))
	if p.capital != nil {
		order = append(order, p.capital)
	}
	for _, c := range p.cities {
		if c != p.capital {
			order = append(order, c)
		}
	}
	for _, c := range order {
		if c == p.capital && p.capitalBusy {
			continue
		}
		n := p.rs.D.UnitsFormable(int(c.Level))
		if c != p.capital && !c.Capital && !p.arming() {
			have := 0
			if g := p.garrisonAt(c.Hex); g != nil {
				have = g.Units.Total()
			}
			n = min(n, p.keepAt(c)-have)
		}
		n = min(n, room)
		if n <= 0 {
			continue
		}
		// One order per kind, chosen one unit at a time to keep the mix.
		var counts []int32 = make([]int32, len(p.rs.D.Units))
		for range n {
			k := p.pickKind(kinds, totals)
			counts[k]++
			totals = totals.Add(unitsOf(k, 1))
		}
		for k, m := range counts {
			if m > 0 {
				p.add(game.Order{Kind: erfworld.OrderForm, City: c.ID, Unit: game.UnitKind(k), Count: m})
			}
		}
		room -= n
		p.units += n
		p.forming = append(p.forming, c.Hex)
	}
}

// pickKind chooses the next unit kind: Infantry by default, Cavalry for a
// third of the army, Siege (which slows an army with fewer Cavalry) never
// beyond the Cavalry.
func (p *planner) pickKind(kinds []erfworld.UnitKind, totals game.Units) erfworld.UnitKind {
	d := p.rs.D
	inf, _ := d.UnitKind("infantry")
	cav, hasCav := d.UnitKind("cavalry")
	siege, hasSiege := d.UnitKind("siege")
	can := func(k erfworld.UnitKind) bool {
		for _, x := range kinds {
			if x == k {
				return true
			}
		}
		return false
	}
	total := totals.Total()
	if hasCav && can(cav) && hasSiege && can(siege) && p.st.upgrades {
		c, s := totals.Get(game.UnitKind(cav)), totals.Get(game.UnitKind(siege))
		if s < c && int(s)*5 < total && (p.st.maxSiege == 0 || int(s) < p.st.maxSiege) {
			return siege
		}
	}
	if hasCav && can(cav) && float64(totals.Get(game.UnitKind(cav))) < p.cavalryShare()*float64(total) {
		return cav
	}
	return inf
}

// cavalryShare is the share of Cavalry pickKind keeps in the player's
// units: a third, or style.cavalry when set.
func (p *planner) cavalryShare() float64 {
	if p.st.cavalry > 0 {
		return p.st.cavalry
	}
	return 1.0 / 3
}

// upgrade raises the cheapest cities with the money beyond a reserve.
func (p *planner) upgrade() {
	if !p.st.upgrades {
		return
	}
	d := p.rs.D
	for lvl := int32(d.City.MinLevel); lvl < int32(d.City.MaxUpgradeLevel); lvl++ {
		for _, c := range p.cities {
			if c.Level != lvl || c.Capital {
				continue
			}
			cost := p.upgradeCost(int(lvl) + 1)
			if p.left()-cost < 2+p.income/4 {
				return
			}
			p.spent += cost
			p.add(game.Order{Kind: erfworld.OrderUpgrade, City: c.ID})
		}
	}
}

// upgradeCost is what upgrading a city to newLevel costs the player: "the
// Upgrade cost of any City is HALVED if a Dirt-A-Mancer is present" (the
// side has one anywhere, as the ruleset reads "present"). Cities are
// upgraded in step 2 of the turn, before Casters are popped in step 3, so
// only a Dirt-A-Mancer held at the start of the turn counts.
func (p *planner) upgradeCost(newLevel int) int64 {
	if p.held[erfworld.CasterDirt] > 0 {
		return int64(p.rs.D.DirtUpgradeCost(newLevel))
	}
	return int64(p.rs.D.UpgradeCost(newLevel))
}

// keepAt is the garrison the plan keeps in city c: in the Capital
// style.capitalKeep, and for a style that defends the threats seen near
// it and the biggest enemy army seen lately, unless it keeps a main
// stack, which comes home to defend and forms only from the units beyond
// the keep.
func (p *planner) keepAt(c *game.City) int {
	if c.Capital {
		k := p.st.capitalKeep + p.watchedKeep()
		if p.st.defend && !p.st.mainStack {
			k += int((p.threat + p.biggest) / 1.2)
		}
		return k
	}
	return p.st.cityKeep
}

// transfers hands garrison units beyond the keep to Warlords in cities and
// gathers stray units into Warlords' armies.
func (p *planner) transfers() {
	leaders, lone := p.roles()
	newLeaders := p.wantLeaders() - len(leaders)
	// A builder without units takes its escort from the garrison it
	// stands with.
	for _, a := range lone {
		if a.Units.Total() > 0 {
			continue
		}
		if p.ownCityAt(a.Hex) == nil {
			continue
		}
		if g := p.garrisonAt(a.Hex); g != nil && p.unitsLeft(g).Total() > 0 {
			p.transfer(g, a, p.escortOf(p.unitsLeft(g)))
		}
	}
	for _, c := range p.cities {
		g := p.garrisonAt(c.Hex)
		if g == nil {
			continue
		}
		extra := p.unitsLeft(g).Total() - p.keepAt(c)
		if extra <= 0 {
			continue
		}
		var to *game.Army
		for _, a := range leaders {
			if a.Hex == c.Hex {
				to = a
				break
			}
		}
		if to == nil && newLeaders > 0 && extra >= 3 {
			for _, a := range lone {
				if a.Hex == c.Hex {
					to = a
					newLeaders--
					break
				}
			}
		}
		if to == nil {
			continue
		}
		p.transfer(g, to, p.takeUnits(p.unitsLeft(g), extra))
	}
	// Strays (units without a Warlord outside a city) join a Warlord on
	// their hex.
	for _, a := range p.armies {
		if _, ok := warlordOf(a); ok || p.ownCityAt(a.Hex) != nil || a.Units.Total() == 0 {
			continue
		}
		for _, b := range p.armies {
			if _, ok := warlordOf(b); ok && b.Hex == a.Hex {
				p.gain[b.ID] = p.gain[b.ID].Add(a.Units)
				p.add(game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: b.ID, Units: a.Units})
				p.moved[a.ID] = true
				break
			}
		}
	}
}

// unitsLeft returns army a's units less those transferred out this turn.
func (p *planner) unitsLeft(a *game.Army) game.Units { return a.Units.Sub(p.given[a.ID]) }

// transfer orders units u from army from to army to and notes them given
// and gained.
func (p *planner) transfer(from, to *game.Army, u game.Units) {
	p.given[from.ID] = p.given[from.ID].Add(u)
	p.gain[to.ID] = p.gain[to.ID].Add(u)
	p.add(game.Order{Kind: erfworld.OrderTransfer, Army: from.ID, Target: to.ID, Units: u})
}

// escortOf picks one unit of u for a builder: the kind it moves fastest
// with (the first such kind).
func (p *planner) escortOf(u game.Units) game.Units {
	best, bestMove := -1, 0
	for k, n := range u {
		if n <= 0 {
			continue
		}
		counts := make([]int, k+1)
		counts[k] = 1
		if m := p.rs.D.ArmyMove(counts); best < 0 || m > bestMove {
			best, bestMove = k, m
		}
	}
	out := make(game.Units, best+1)
	out[best] = 1
	return out
}

// takeUnits picks n of u, the last kinds in the casualty order first (so
// the garrison keeps its Infantry).
func (p *planner) takeUnits(u game.Units, n int) game.Units {
	out := make(game.Units, len(u))
	for k := len(u) - 1; k >= 0 && n > 0; k-- {
		m := min(int(u[k]), n)
		out[k] = int32(m)
		n -= m
	}
	return out
}

// moveArmies gives each movable army its move.
func (p *planner) moveArmies() {
	recall := p.recall()
	p.retakeLost()
	p.moveHeads()
	for _, a := range p.armies {
		if p.moved[a.ID] {
			continue
		}
		wl, led := warlordOf(a)
		switch {
		case !led:
			if p.ownCityAt(a.Hex) == nil {
				p.moveStray(a)
			}
		case p.st.mainStack && (a.Units.Total()+p.gain[a.ID].Total() > escort || p.follower(a)) && p.followHead(a):
		case p.follower(a) && p.joinStack(a):
		case a.Units.Total()+p.gain[a.ID].Total() > escort:
			p.moveLeader(a, wl)
		case a.ID == recall:
			home := p.capital.Hex
			p.moveAlong(a, p.search(a.Hex, recallRadius, func(h hex.Hex, _ int) bool { return h == home }), game.OrderMove)
		default:
			p.moveBuilder(a)
		}
	}
}

// lostRadius is the farthest from the Capital, in hexes, that an enemy
// city counts as one of the player's own land (retakeLost), and the
// farthest from such a city a leader is sent at it.
const lostRadius = 8

// retakeLost answers a city lost (or founded by an enemy) in the
// player's own land, for a style with retakeLost: an enemy city within
// lostRadius of the Capital and no nearer to a known enemy Capital: a
// city the player lost shows in the view as an enemy's, and its events
// tell it of one the view does not show (heardLost, events.go). For each
// such city,
// nearest to the Capital first, the nearest leader within lostRadius that
// is strong enough alone (strongEnough, as for any city) and not needed at
// the Capital (none is while a threat is near it) attacks it.
func (p *planner) retakeLost() {
	if !p.st.retakeLost || p.capital == nil {
		return
	}
	home := p.capital.Hex
	var lost []game.CityView
	for _, c := range append(p.heardLost(), p.foes...) {
		d := hex.Distance(c.Hex, home)
		if c.Owner == 0 || d > lostRadius || slices.ContainsFunc(lost, func(l game.CityView) bool { return l.ID == c.ID }) {
			continue
		}
		if p.enemyCapital != nil && hex.Distance(c.Hex, p.enemyCapital.Hex) < d {
			continue
		}
		lost = append(lost, c)
	}
	slices.SortStableFunc(lost, func(a, b game.CityView) int {
		return hex.Distance(a.Hex, home) - hex.Distance(b.Hex, home)
	})
	leaders, _ := p.roles()
	for _, c := range lost {
		var best *game.Army
		for _, a := range leaders {
			d := hex.Distance(a.Hex, c.Hex)
			if p.moved[a.ID] || d > lostRadius || (p.threat > 0 && (a.Hex == home || a == p.head())) {
				continue
			}
			if best != nil && d >= hex.Distance(best.Hex, c.Hex) {
				continue
			}
			units := a.Units.Add(p.gain[a.ID])
			if p.strongEnough(a, units, false, c.Hex, p.armyPower(a, units), p.st.attackRatio, 1) {
				best = a
			}
		}
		if best == nil {
			continue
		}
		if path := p.descend(best.Hex, p.fieldTo(c.Hex), p.movePoints(best)); len(path) > 0 {
			p.moveAlong(best, path, game.OrderAttack)
		}
	}
}

// recallRadius is the farthest, in steps, a builder is called home from.
const recallRadius = 24

// recall returns the builder that goes home to the Capital to lead the
// units its garrison has beyond the keep, when the plan wants more
// leaders than it has (a leader worn down to its last unit counts as a
// builder), or 0: the builder nearest the Capital on foot (within
// recallRadius), not in it.
func (p *planner) recall() game.ArmyID {
	if p.capital == nil || !p.st.guard {
		return 0
	}
	leaders, lone := p.roles()
	g := p.garrisonAt(p.capital.Hex)
	if len(leaders) >= p.wantLeaders() || g == nil || p.unitsLeft(g).Total()-p.keepAt(p.capital) < 3 {
		return 0
	}
	builderAt := func(h hex.Hex) game.ArmyID {
		for _, a := range lone {
			if a.Hex == h {
				return a.ID
			}
		}
		return 0
	}
	if builderAt(p.capital.Hex) != 0 {
		return 0 // it takes the units this turn, or will
	}
	path := p.search(p.capital.Hex, recallRadius, func(h hex.Hex, _ int) bool { return builderAt(h) != 0 })
	if len(path) == 0 {
		return 0
	}
	return builderAt(path[len(path)-1])
}

// moveStray sends units without a Warlord to the nearest own city.
func (p *planner) moveStray(a *game.Army) {
	path := p.search(a.Hex, 16, func(h hex.Hex, _ int) bool { return p.ownCityAt(h) != nil })
	p.moveAlong(a, path, game.OrderMove)
}

// moveAlong orders a along path, cut to its move points.
func (p *planner) moveAlong(a *game.Army, path []hex.Hex, kind game.OrderKind) {
	mp := p.movePoints(a)
	if mp <= 0 || len(path) == 0 {
		return
	}
	path = path[:min(len(path), mp, game.MaxPathLength)]
	p.order(a, game.Order{Kind: kind, Army: a.ID, Path: path})
}

// order gives army a its move or attack o, and keeps it as the head's
// order when a is the head (followHead).
func (p *planner) order(a *game.Army, o game.Order) {
	p.moved[a.ID] = true
	if p.isHead(a) {
		p.headOrders[a.ID] = o
	}
	p.add(o)
}

// moveBuilder sends a builder (a Warlord with its escort, or alone) to the
// next free city site near home, or to explore. A builder with no units
// (none gained this turn either) founds no city ("Where the player has an
// Army"): unless it scouts, it fetches an escort first (fetchEscort).
func (p *planner) moveBuilder(a *game.Army) {
	_, lone := p.roles()
	scout := len(lone) > 0 && lone[len(lone)-1] == a && p.enemyCapital == nil && (p.turn >= 8 || len(lone) > 1)
	if !scout && a.Units.Total()+p.gain[a.ID].Total() == 0 {
		p.fetchEscort(a)
		return
	}
	if !scout {
		home := a.Hex
		if p.capital != nil {
			home = p.capital.Hex
		}
		radius := 10
		path := p.search(a.Hex, 12, func(h hex.Hex, i int) bool {
			return hex.Distance(h, home) <= radius && p.citySite(h, i) && p.freeOfClaims(h) &&
				p.enemyPowerNear(h, 2) == 0
		})
		if len(path) > 0 {
			p.claimed = append(p.claimed, path[len(path)-1])
			p.moveAlong(a, path, game.OrderMove)
			return
		}
	}
	if path := p.explore(a.Hex, p.movePoints(a)); len(path) > 0 {
		p.moveAlong(a, path, game.OrderMove)
		return
	}
	if p.capital != nil && a.Hex != p.capital.Hex {
		p.moveAlong(a, p.descend(a.Hex, p.fieldTo(p.capital.Hex), p.movePoints(a)), game.OrderMove)
	}
}

// fetchEscort takes a builder without units where it gets one: it waits
// in an own city whose garrison has units or forms some this turn, else
// walks to the nearest such city, else home to the Capital.
func (p *planner) fetchEscort(a *game.Army) {
	source := func(h hex.Hex) bool {
		if p.ownCityAt(h) == nil {
			return false
		}
		if g := p.garrisonAt(h); g != nil && p.unitsLeft(g).Total() > 0 {
			return true
		}
		return slices.Contains(p.forming, h)
	}
	if source(a.Hex) {
		return
	}
	if path := p.search(a.Hex, 16, func(h hex.Hex, _ int) bool { return source(h) }); len(path) > 0 {
		p.moveAlong(a, path, game.OrderMove)
		return
	}
	if p.capital != nil && a.Hex != p.capital.Hex {
		p.moveAlong(a, p.descend(a.Hex, p.fieldTo(p.capital.Hex), p.movePoints(a)), game.OrderMove)
	}
}

// moveLeader decides where a Warlord's army goes: a near enemy it beats, an
// enemy city it can take (Capitals first), home when the Capital is
// threatened or to gather, or out to explore.
func (p *planner) moveLeader(a *game.Army, wl game.Character) {
	units := a.Units.Add(p.gain[a.ID])
	pow := p.power(units) + 0.4*float64(wl.Level)
	n := units.Total()
	c := p.ownCityAt(a.Hex)

	// Leave a garrison behind in a city that lacks one.
	if c != nil && !c.Capital {
		have := 0
		g := p.garrisonAt(c.Hex)
		if g != nil {
			have = p.unitsLeft(g).Total()
		}
		if need := p.keepAt(c) - have; need > 0 && n > need+2 && len(a.Units) > 0 {
			u := p.takeUnits(game.Units{a.Units.Get(0)}, min(need, int(a.Units.Get(0))))
			if u.Total() > 0 {
				to := game.ArmyID(0)
				if g != nil {
					to = g.ID
				}
				p.add(game.Order{Kind: erfworld.OrderTransfer, Army: a.ID, Target: to, Units: u})
				units = units.Sub(u)
				pow = p.power(units) + 0.4*float64(wl.Level)
				n = units.Total()
			}
		}
	}

	// Retake a Capital when the player holds none.
	if p.st.retake && p.capital == nil {
		if t, ok := p.nearestCapital(a); ok {
			if path := p.descend(a.Hex, p.fieldTo(t.Hex), p.movePoints(a)); len(path) > 0 {
				p.moveAlong(a, path, game.OrderAttack)
				return
			}
		}
	}
	// The head weighs an army with its whole stack.
	isHead := p.isHead(a)
	if isHead && p.capital != nil && a.Hex != p.capital.Hex && p.warAtHome() && !p.abroad(a) && p.capitalInDanger() {
		p.moveAlong(a, p.descend(a.Hex, p.fieldTo(p.capital.Hex), p.marchPoints(a)), game.OrderMove)
		return
	}
	// Defend: an enemy near the Capital (if on its land mass).
	if p.st.defend && p.capital != nil && p.threat > 0 && !p.abroad(a) {
		t, ok := p.nearestEnemy(p.capital.Hex, 5, false)
		if ok && p.strongEnough(a, units, isHead, t.Hex, pow, 1.2, 0) {
			p.attackArmy(a, t)
			return
		}
		if ok || p.st.guard { // too strong, or out of sight now but seen lately
			if a.Hex != p.capital.Hex {
				p.moveAlong(a, p.descend(a.Hex, p.fieldTo(p.capital.Hex), p.movePoints(a)), game.OrderMove)
			}
			return
		}
	}
	// A beatable enemy army close by (not a builder, from the Capital).
	atCapital := p.capital != nil && a.Hex == p.capital.Hex
	if t, ok := p.nearestEnemy(a.Hex, 3, !atCapital); ok && p.foeCityAt(t.Hex) == nil {
		if p.st.attackRatio == 0 || p.strongEnough(a, units, isHead, t.Hex, pow, p.st.attackRatio, 0) {
			p.attackArmy(a, t)
			return
		}
	}
	// Join the main stack, or wait there for those joining it.
	if p.joinStack(a) {
		return
	}
	// An enemy city, with the other leaders on the hex for a style that
	// stacks.
	atHome := p.capital != nil && a.Hex == p.capital.Hex
	sUnits, sPow := units, pow
	if p.st.stack {
		sUnits, sPow = p.stackOf(a, units, pow)
	}
	if sUnits.Total() >= p.st.minAttack || !atHome {
		if t, ok := p.cityTarget(a, units, sUnits, sPow); ok {
			path := p.descend(a.Hex, p.fieldTo(t.Hex), p.marchPoints(a))
			if len(path) > 0 && path[0] == t.Hex && p.strongEnough(a, units, false, t.Hex, pow, p.st.attackRatio, 1) {
				path = p.flankPath(a.Hex, t.Hex, path) // strong enough alone
			}
			if len(path) > 0 {
				p.moveAlong(a, path, game.OrderAttack)
				return
			}
		}
	}
	// Cross the water to an enemy beyond it.
	if p.wantsFerry(a, units, pow) && p.embark(a, units, pow) {
		return
	}
	// Explore for the enemy when strong and it is unknown.
	if p.enemyCapital == nil && n >= p.st.minAttack && p.turn >= 15 {
		if path := p.explore(a.Hex, p.movePoints(a)); len(path) > 0 {
			p.moveAlong(a, path, game.OrderMove)
			return
		}
	}
	// Gather at home, or where a Capital's spare garrison waits (gatherAt).
	if p.capital != nil {
		if home := p.gatherAt(a); a.Hex != home {
			p.moveAlong(a, p.descend(a.Hex, p.fieldTo(home), p.movePoints(a)), game.OrderMove)
		}
	}
}

// stackOf returns the units and power of leader a's army (units, pow
// this turn) with those of the player's other leaders on its hex: armies
// that attack together from one hex into the next fight one battle.
func (p *planner) stackOf(a *game.Army, units game.Units, pow float64) (game.Units, float64) {
	for _, b := range p.mates(a) {
		u := p.unitsLeft(b).Add(p.gain[b.ID])
		units = units.Add(u)
		pow += p.armyPower(b, u)
	}
	return units, pow
}

// marchPoints is how far army a marches on a city this turn: its move,
// or for a style that keeps together the least move of the leaders on its
// hex, which weigh the city as one stack (stackOf) and so stay one.
func (p *planner) marchPoints(a *game.Army) int {
	mp := p.movePoints(a)
	if !p.st.together {
		return mp
	}
	for _, b := range p.mates(a) {
		mp = min(mp, p.movePoints(b))
	}
	return mp
}

// flankPath returns the path of an attack from hex from into the enemy
// city next to it on hex city: path, the step across their edge, unless
// another army steps across it this turn and the style flanks; then, if
// there is one, the way round by the first neighbour of both hexes that
// the player knows free (passable, no enemy city or army seen there).
func (p *planner) flankPath(from, city hex.Hex, path []hex.Hex) []hex.Hex {
	edge := [2]hex.Hex{from, city}
	if !p.st.flank || !slices.Contains(p.assaults, edge) {
		p.assaults = append(p.assaults, edge)
		return path
	}
	for _, n := range from.Neighbors() {
		i := p.rect.Index(n)
		if i < 0 || hex.Distance(n, city) != 1 || !p.passable(i) || p.foeCityAt(n) != nil || p.enemyPowerAt(n) > 0 {
			continue
		}
		return []hex.Hex{n, city}
	}
	return path
}

// nearestEnemy returns the nearest enemy army in sight within r of h:
// any army if all is set, else one that p.armed counts.
func (p *planner) nearestEnemy(h hex.Hex, r int, all bool) (game.ArmyView, bool) {
	best, found := -1, game.ArmyView{}
	for _, e := range p.enemies {
		if e.Remembered || p.untouchable(e) || !(all || p.armed(e)) {
			continue
		}
		if d := hex.Distance(e.Hex, h); d <= r && (best < 0 || d < best) {
			best, found = d, e
		}
	}
	return found, best >= 0
}

// armed reports whether enemy army e counts as a threat to the Capital
// and a target worth leaving it for: any army for a style without guard,
// else one with more units than a builder's escort.
func (p *planner) armed(e game.ArmyView) bool { return !p.st.guard || e.Units.Total() > escort }

// nearestCapital returns the enemy Capital nearest to army a on foot.
func (p *planner) nearestCapital(a *game.Army) (game.CityView, bool) {
	return p.nearestCity(a.Hex, 0, func(c *game.CityView) bool { return c.Capital })
}

// foeCityAt returns the other player's city the player knows on hex h, or
// nil.
func (w *world) foeCityAt(h hex.Hex) *game.CityView {
	if i := w.rect.Index(h); i >= 0 && w.sc.foe[i] > 0 {
		return &w.foes[w.sc.foe[i]-1]
	}
	return nil
}

// defenceAt is the power an attacker with units meets on hex h: the enemy
// armies the player knows there, and on an enemy city its Infantry ("When
// attacked, the City provides a number of Infantry Units equal to twice
// its level"), whether or not an army stands in it.
func (p *planner) defenceAt(h hex.Hex, units game.Units) float64 {
	def := p.enemyPowerAt(h)
	if c := p.foeCityAt(h); c != nil {
		def += p.cityDefence(c.Level, units)
	}
	return def
}

// attackArmy sends a after enemy army t.
func (p *planner) attackArmy(a *game.Army, t game.ArmyView) {
	if p.movePoints(a) <= 0 {
		return
	}
	p.order(a, game.Order{Kind: game.OrderAttack, Army: a.ID, Target: t.ID})
}

// capitalBonus is the steps a Capital's score in cityTarget gains: an army
// goes for a Capital it can take before a nearer city, up to that many
// steps nearer.
const capitalBonus = 12

// cityTarget picks the enemy city for a's army of units (own, this turn;
// with the leaders on its hex, units, of power pow): the Capital if it
// can be taken, else the nearest city it can take.
func (p *planner) cityTarget(a *game.Army, own, units game.Units, pow float64) (game.CityView, bool) {
	return p.nearestCity(a.Hex, capitalBonus, func(c *game.CityView) bool {
		if p.st.attackRatio <= 0 {
			return true
		}
		if p.st.odds > 0 {
			return p.beats(a, own, p.st.stack, c.Hex)
		}
		return pow >= p.st.attackRatio*p.defenceAt(c.Hex, units)+1
	})
}

// strongEnough reports whether army a with units (power pow) is strong
// enough to attack hex h: with the chance style.odds asks (beats) for a
// style with odds, else with ratio times the defence there and extra.
func (p *planner) strongEnough(a *game.Army, units game.Units, together bool, h hex.Hex, pow, ratio, extra float64) bool {
	if p.st.odds > 0 {
		return p.beats(a, units, together, h)
	}
	return pow >= ratio*p.defenceAt(h, units)+extra
}
