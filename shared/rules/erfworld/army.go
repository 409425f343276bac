package erfworld

import (
	"fmt"
	"slices"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// Armies and fleets: their moves, terrain, stacking and sight, the Flyers'
// scouting, the Look-A-Mancer and Fool-A-Mancer, loading and landing, and
// fishing. Where the document is silent the choice is marked CHOICE:
//
//   - CHOICE: a leaderless army outside a city (a garrison that lost a
//     battle and retreated out of its city, or units whose Warlord was
//     moved to another army) moves as an army of its units would, so it
//     can reach a city or a Warlord again: "Units must either be assigned
//     to an Army (ie, With a Warlord) or in the same hex as a City" says
//     where units belong, never that stray units are frozen. In a city hex
//     the same units are the garrison and stay.
//   - CHOICE: any number of land armies may share a hex; only fleets are
//     limited ("Only 1 Fleet is permitted in a hex").
//   - CHOICE: Flyers scout from wherever their army stands, so a moving
//     army's scouts look ahead of it at every step; the scouted hexes and
//     the Look stay in sight until the next turn starts, so the turn report
//     shows them ("That player's map and turn report is sent to the
//     Look-a-mancer's side").
//   - CHOICE: a Look shows what the looked-at side's own cities, armies,
//     fleets and Flyers see, not what its own Look-A-Mancer shows it: no
//     chains of Looks, and the result does not depend on player order.
//   - CHOICE: a ferry takes two turns at least: an army boards in one turn
//     (the fleet may still move, one hex less) and lands in a later one, on
//     a hex next to where its fleet ends its movement. Landing never
//     fights: the hex must be free of other players' armies and cities.
//   - CHOICE: a fleet with an army aboard is transporting it, and does not
//     go fishing; neither does a fleet that fought. Fishing pays after
//     movement, when it is known which fleets stayed idle.
//   - CHOICE: on autopilot ("No Armies may move or attack") a player's
//     armies and fleets get no move points for the turn, so their standing
//     orders do not move them either: an Intercept does not sally out and a
//     Withdraw does not withdraw; they defend where they stand. Forced
//     retreats after a lost battle still happen. Autopilot fleets catch no
//     fish ("No Schmuckers are generated").
//   - A Cancel-A-Mancer does nothing outside combat.

// unitCounts converts u to the []int that Ruleset.ArmyMove wants.
func unitCounts(u game.Units) []int {
	out := make([]int, len(u))
	for k, n := range u {
		out[k] = int(n)
	}
	return out
}

// MovePoints implements game.Ruleset:
//   - an army led by a Warlord: "Armies have a base move of two hexes per
//     turn", with the move modifiers ("If the Army has more Cavalry and
//     Flyers than Infantry and Siege, the Move is increased by 1 to a maximum
//     of 3 hexes per turn. If the Army has more Siege than Cavalry, the Move
//     is reduced by 1 to a minimum of 1 hex per turn.");
//   - "A Warlord that is not leading an Army (ie, they have no units
//     assigned to them) may move 4 hexes per turn";
//   - units without a Warlord in a city hex: 0, they are its garrison ("In
//     order for units to leave a City hex, they must be a part of an
//     Army"); outside a city they move as an army would (CHOICE above);
//   - a fleet: "Fleets move 3 hexes per turn", less one "to load an Army,
//     and one move to unload the Army";
//   - an army carried or boarded this turn: 0 ("Armies may not move in the
//     same turn they are loaded and unloaded"), and every army of a player
//     on autopilot: 0 ("No Armies may move or attack").
func (r *Rules) MovePoints(s *game.State, a *game.Army) int {
	if a.Carrier != 0 || a.Flags&(FlagBoarded|FlagHold) != 0 {
		return 0
	}
	if a.Naval {
		m := r.D.Fleet.Move
		if a.Flags&FlagLoadedFleet != 0 {
			m -= r.D.Fleet.LoadCost
		}
		if a.Flags&FlagUnloading != 0 {
			m -= r.D.Fleet.UnloadCost
		}
		return max(m, 0)
	}
	if warlord(a) < 0 {
		if s.CityAt(a.Hex) != nil {
			return 0
		}
		return r.D.ArmyMove(unitCounts(a.Units))
	}
	if a.Units.Total() == 0 {
		return r.D.Warlord.MoveAlone
	}
	return r.D.ArmyMove(unitCounts(a.Units))
}

// StepCost implements game.Ruleset: one move a hex. "Armies may enter any
// Terrain except Mountains and Water. To Cross Water, Armies must be
// transported by a Fleet." Fleets sail the naval terrain (Water) only.
func (r *Rules) StepCost(s *game.State, a *game.Army, from, to hex.Hex) (int, bool) {
	t, ok := s.Map.At(to)
	if !ok || int(t) >= len(r.D.Terrain) {
		return 0, false
	}
	return r.terrainCost(a, t)
}

// terrainCost is StepCost into a hex of terrain t.
func (r *Rules) terrainCost(a *game.Army, t rulesfile.TerrainID) (int, bool) {
	if a.Naval {
		return 1, r.D.Terrain[t].Naval
	}
	return 1, r.D.Terrain[t].Army
}

// GuessStepCost returns what a step of army a into a hex whose terrain its
// player has never seen is taken to cost when a path is planned through
// it: the cheapest StepCost over the terrains a may enter, and false if a
// may enter none. CHOICE: "Often Armies and Fleets will be operating in
// areas beyond the initial scout report, and encounter enemies and
// unknown terrain": a player may order a path through unexplored hexes,
// planned as if they were passable at this cost; the move finds out (an
// army stops for good before a hex it cannot enter, game.Move's
// EventBlocked).
func (r *Rules) GuessStepCost(a *game.Army) (int, bool) {
	best, found := 0, false
	for t := range r.D.Terrain {
		if c, ok := r.terrainCost(a, rulesfile.TerrainID(t)); ok && (!found || c < best) {
			best, found = c, true
		}
	}
	return best, found
}

// DearestStepCost returns the dearest StepCost army a pays into a terrain
// it may enter (0 if none): a path of n steps costs a at most n times it,
// which bounds a search for paths of at most game.MaxPathLength steps.
func (r *Rules) DearestStepCost(a *game.Army) int {
	dear := 0
	for t := range r.D.Terrain {
		if c, ok := r.terrainCost(a, rulesfile.TerrainID(t)); ok {
			dear = max(dear, c)
		}
	}
	return dear
}

// GarrisonOf returns the city whose garrison army a is, or nil: a land
// army without a Warlord on a city hex ("Units in a City hex are assumed
// to be a part of the Garrison"), which may not leave it ("In order for
// units to leave a City hex, they must be a part of an Army"). It gets no
// move points, so movement orders are refused and the standing orders
// Intercept and Withdraw, which move an army, would never move it.
func (r *Rules) GarrisonOf(s *game.State, a *game.Army) *game.City {
	if a.Naval || a.Carrier != 0 || warlord(a) >= 0 {
		return nil
	}
	return s.CityAt(a.Hex)
}

// CanStack implements game.Ruleset: "Only 1 Fleet is permitted in a hex"
// (fleet.max_per_hex); land armies stack without limit (CHOICE).
func (r *Rules) CanStack(s *game.State, a *game.Army, to hex.Hex, others []*game.Army) bool {
	if !a.Naval {
		return true
	}
	fleets := 0
	for _, o := range others {
		if o.Naval {
			fleets++
		}
	}
	return fleets < r.D.Fleet.MaxPerHex
}

// Sight implements game.Ruleset: "Armies automatically report on units and
// terrain in the surrounding 6 hexes" and "Fleets automatically reveal
// units and terrain in the surrounding 6 hexes".
func (r *Rules) Sight(s *game.State, a *game.Army) int {
	if a.Naval {
		return r.D.Fleet.Sight
	}
	return r.D.Army.Sight
}

// CitySight implements game.Ruleset: "Cities automatically report on units
// and terrain in the surrounding 6 hexes at the start of each turn."
func (r *Rules) CitySight(s *game.State, c *game.City) int { return r.D.City.Sight }

// ExtraSight implements game.Ruleset: the hexes p's Flyers scout ("Each
// Flyer unit in an Army at the start of the turn may 'Scout' a hex adjacent
// to the 6 neighbouring the Army"), and, when p's Look-A-Mancer looks at a
// side this turn (StockLook), what that side sees: "That player's map and
// turn report is sent to the Look-a-mancer's side."
func (r *Rules) ExtraSight(s *game.State, p game.PlayerID) []hex.Hex {
	out := r.scoutedHexes(s, p, nil)
	pl := s.Player(p)
	if pl == nil {
		return out
	}
	q := game.PlayerID(stock(pl, StockLook))
	if tq := s.Player(q); q != p && tq != nil && tq.Alive {
		out = r.ownSight(s, q, out)
	}
	return out
}

// scoutedHexes appends to out the hexes p's armies scout: for each scout
// bit d of an army, the hex scout_distance steps away in direction d.
func (r *Rules) scoutedHexes(s *game.State, p game.PlayerID, out []hex.Hex) []hex.Hex {
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p || a.Flags&FlagScouts == 0 {
			continue
		}
		dist := r.scoutDistance(a)
		for d := range hex.Direction(hex.NumDirections) {
			if a.Flags&(FlagScoutE<<uint(d)) != 0 {
				if h := a.Hex.Add(d.Vector().Scale(dist)); s.Map.Contains(h) {
					out = append(out, h)
				}
			}
		}
	}
	return out
}

// ownSight appends to out what player q sees by itself: around its cities
// and armies, and where its Flyers scout (not what its own Look shows it).
func (r *Rules) ownSight(s *game.State, q game.PlayerID, out []hex.Hex) []hex.Hex {
	around := func(center hex.Hex, radius int) {
		for _, h := range hex.Spiral(center, radius) {
			if s.Map.Contains(h) {
				out = append(out, h)
			}
		}
	}
	for i := range s.Cities {
		if c := &s.Cities[i]; c.Owner == q {
			around(c.Hex, r.CitySight(s, c))
		}
	}
	for i := range s.Armies {
		if a := &s.Armies[i]; a.Owner == q {
			around(a.Hex, r.Sight(s, a))
		}
	}
	return r.scoutedHexes(s, q, out)
}

// scoutCapacity is how many hexes army a's units may scout this turn: one
// per Flyer (unit.scout_hexes).
func (r *Rules) scoutCapacity(a *game.Army) int {
	n := 0
	for k, u := range r.D.Units {
		n += int(a.Units.Get(game.UnitKind(k))) * u.ScoutHexes
	}
	return n
}

// scoutDistance is how far army a's scouts look (unit.scout_distance, the
// farthest of its scouting units).
func (r *Rules) scoutDistance(a *game.Army) int {
	d := 0
	for k, u := range r.D.Units {
		if u.ScoutHexes > 0 && a.Units.Get(game.UnitKind(k)) > 0 {
			d = max(d, u.ScoutDistance)
		}
	}
	return d
}

// scoutNames names the unit kinds that scout, for messages ("Flyers").
func (r *Rules) scoutNames() string {
	var names []string
	for _, u := range r.D.Units {
		if u.ScoutHexes > 0 {
			names = append(names, u.Name)
		}
	}
	if len(names) == 0 {
		return "scouts"
	}
	return strings.Join(names, " or ")
}

// hasCaster reports whether player p has a Caster of kind k anywhere.
func hasCaster(s *game.State, p game.PlayerID, k CasterKind) bool {
	for i := range s.Armies {
		a := &s.Armies[i]
		if a.Owner != p {
			continue
		}
		for _, c := range a.Characters {
			if ck, ok := CasterOf(c); ok && ck == k {
				return true
			}
		}
	}
	return false
}

// carrying returns how many armies fleet f carries.
func carrying(s *game.State, f *game.Army) int {
	n := 0
	for i := range s.Armies {
		if s.Armies[i].Carrier == f.ID {
			n++
		}
	}
	return n
}

// garrisonRule is quoted when units without a Warlord try to leave a city.
const garrisonRule = `"In order for units to leave a City hex, they must be a part of an Army"`

// validateArmyOrder checks the ruleset's limits on the engine's movement
// orders (the engine has checked ownership, paths and targets) and the
// army orders of erfworld in full: OrderScout, OrderLook, OrderLoad and
// OrderUnload.
func (r *Rules) validateArmyOrder(s *game.State, p game.PlayerID, o *game.Order) error {
	switch o.Kind {
	case OrderScout:
		return r.validateScout(s, p, o)
	case OrderLook:
		return r.validateLook(s, p, o)
	case OrderLoad:
		return r.validateLoad(s, p, o)
	case OrderUnload:
		return r.validateUnload(s, p, o)
	}
	if !o.IsMove() {
		return nil
	}
	a := s.Army(o.Army)
	if a == nil || a.Owner != p {
		return nil // the engine has refused it already
	}
	if a.Carrier != 0 {
		return game.Rejectf("%s is aboard %s and moves only with it", a.ID, a.Carrier)
	}
	if a.Flags&FlagBoarded != 0 {
		return game.Rejectf(`%s boarded a fleet this turn: "Armies may not move in the same turn they are loaded and unloaded"`, a.ID)
	}
	if c := r.GarrisonOf(s, a); c != nil {
		return game.Rejectf("%s has no Warlord: it is the garrison of %s and cannot leave it (%s)", a.ID, c.ID, garrisonRule)
	}
	return nil
}

// validateScout checks an OrderScout: one of p's armies with a Flyer to
// send, and a direction. How many Flyers the army's scout orders use
// together is checked when they are carried out (startTurn).
func (r *Rules) validateScout(s *game.State, p game.PlayerID, o *game.Order) error {
	a, err := game.OwnArmy(s, p, o.Army)
	if err != nil {
		return err
	}
	if !o.Dir.Valid() {
		return game.Rejectf("direction %d is not one of E, NE, NW, W, SW, SE (0 to 5)", int(o.Dir))
	}
	if r.scoutCapacity(a) == 0 {
		return game.Rejectf(`%s has no %s to scout with: "Each Flyer unit in an Army at the start of the turn may 'Scout' a hex adjacent to the 6 neighbouring the Army"`,
			a.ID, r.scoutNames())
	}
	return nil
}

// validateLook checks an OrderLook: "each turn a side with a Look-a-mancer
// may choose one other player side to 'Look' at."
func (r *Rules) validateLook(s *game.State, p game.PlayerID, o *game.Order) error {
	name := r.D.Caster.Look.Name
	if r.D.Caster.Look.Targets < 1 {
		return game.Rejectf("%s may not look at anyone in this ruleset", AName(name))
	}
	if !hasCaster(s, p, CasterLook) {
		return game.Rejectf("you have no %s", name)
	}
	q := s.Player(o.Player)
	switch {
	case o.Player == 0:
		return game.Rejectf("no player given to look at")
	case o.Player == p:
		return game.Rejectf("%s looks at another player's side, not its own", AName(name))
	case q == nil:
		return game.Rejectf("%s is not in this game", o.Player)
	case !q.Alive:
		return game.Rejectf("%s is out of the game", o.Player)
	}
	return nil
}

// validateLoad checks an OrderLoad: Army, one of p's land armies led by a
// Warlord, boards Target, one of p's fleets on a neighbouring hex with room:
// "Fleets ... may transport one Army per turn."
func (r *Rules) validateLoad(s *game.State, p game.PlayerID, o *game.Order) error {
	a, err := game.OwnArmy(s, p, o.Army)
	if err != nil {
		return err
	}
	_, err = r.loadable(s, p, a, o.Target)
	return err
}

// loadable returns the fleet with ID id if army a of p may board it now,
// else why not.
func (r *Rules) loadable(s *game.State, p game.PlayerID, a *game.Army, id game.ArmyID) (*game.Army, error) {
	switch {
	case a.Naval:
		return nil, game.Rejectf("%s is a fleet: only armies board fleets", a.ID)
	case a.Carrier != 0:
		return nil, game.Rejectf("%s is already aboard %s", a.ID, a.Carrier)
	case warlord(a) < 0:
		return nil, game.Rejectf("%s has no Warlord: only an Army may board a fleet (%s)", a.ID, garrisonRule)
	}
	if id == 0 {
		return nil, game.Rejectf("no fleet given")
	}
	f := s.Army(id)
	if f == nil || f.Owner != p || !f.Naval {
		return nil, game.Rejectf("%s is not one of your fleets", id)
	}
	if hex.Distance(a.Hex, f.Hex) != 1 {
		return nil, game.Rejectf("%s at %s is not next to %s at %s", f.ID, f.Hex, a.ID, a.Hex)
	}
	if n := carrying(s, f); n >= r.D.Fleet.ArmiesPerTurn || f.Flags&FlagLoadedFleet != 0 {
		return nil, game.Rejectf(`%s has no room: "Fleets ... may transport one Army per turn"`, f.ID)
	}
	return f, nil
}

// validateUnload checks an OrderUnload: Army is aboard one of p's fleets
// and Hex a land hex it may enter, within reach of the fleet: the army
// lands after the fleet moves, next to where the fleet then stands, so Hex
// may be at most the fleet's move (less the unloading) plus one away now.
// Whether Hex is next to the fleet, free and enterable is checked again
// when the army lands (land).
func (r *Rules) validateUnload(s *game.State, p game.PlayerID, o *game.Order) error {
	a, err := game.OwnArmy(s, p, o.Army)
	if err != nil {
		return err
	}
	if a.Carrier == 0 {
		return game.Rejectf("%s is not aboard a fleet", a.ID)
	}
	f := s.Army(a.Carrier)
	if f == nil {
		return game.Rejectf("%s is not aboard a fleet", a.ID)
	}
	idx := s.Map.Rect().Index(o.Hex)
	if idx < 0 {
		return game.Rejectf("hex %s is off the map", o.Hex)
	}
	d := hex.Distance(f.Hex, o.Hex)
	unloading := *f
	unloading.Flags |= FlagUnloading
	reach := r.MovePoints(s, &unloading)
	if d < 1 || d > reach+1 {
		return game.Rejectf("hex %s is %d hexes from %s at %s: an army lands next to its fleet, which can move %d hexes while unloading",
			o.Hex, d, f.ID, f.Hex, reach)
	}
	if p >= 1 && int(p) <= len(s.Memory) && s.Memory[p-1].Known.Has(idx) {
		if _, ok := r.StepCost(s, a, f.Hex, o.Hex); !ok {
			t, _ := s.Map.At(o.Hex)
			return game.Rejectf(`%s cannot land on hex %s (%s): "Armies may enter any Terrain except Mountains and Water"`,
				a.ID, o.Hex, r.D.Terrain[t].Name)
		}
	}
	return nil
}

// startTurn runs PhaseScout, the first phase of a turn. Victory first: "A
// Player is deemed to be the Winner of the Game if, at the beginning of
// their Turn, they control THREE Capitals" (checkVictory). Then last turn's
// scouts and Look end, and this turn's begin: "Each Flyer unit in an Army at
// the start of the turn may 'Scout' a hex adjacent to the 6 neighbouring
// the Army. The Player should specify in their orders in which direction
// each additional Scout should be used." (one OrderScout per Flyer), and
// "each turn a side with a Look-a-mancer may choose one other player side
// to 'Look' at", where "each side with a Fool-A-Mancer reduces the ability
// of a Look-A-Mancer to 'Look' at their side by 50%. If 'Looked' at, the
// Fool-A-Mancer reports who looked." Players on autopilot sent no orders,
// so they neither scout nor look ("No Characters may perform any
// actions"; CHOICE: nor does their Fool-A-Mancer hide them or report a
// Look, which are its actions too); their armies hold (FlagHold: "No
// Armies may move or attack").
func (r *Rules) startTurn(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if r.checkVictory(s, ev); s.Over {
		return
	}
	for i := range s.Armies {
		s.Armies[i].Flags &^= FlagScouts
	}
	for i := range s.Players {
		if pl := &s.Players[i]; stock(pl, StockLook) != 0 {
			setStock(pl, StockLook, 0)
		}
	}
	var idle []game.PlayerID // on autopilot, characters idle
	for _, po := range orders {
		if po.Autopilot && !r.D.Autopilot.CharacterActions {
			idle = append(idle, po.Player)
		}
	}
	for _, po := range orders {
		if po.Autopilot {
			if !r.D.Autopilot.Moves {
				for i := range s.Armies {
					if s.Armies[i].Owner == po.Player {
						s.Armies[i].Flags |= FlagHold
					}
				}
			}
			continue
		}
		r.scout(s, po, ev)
		r.look(s, po, ev, idle)
	}
}

// skipped reports an order dropped while being carried out.
func skipped(s *game.State, p game.PlayerID, a game.ArmyID, format string, args ...any) game.Event {
	return game.Event{Turn: s.Turn, Kind: game.EventOrderSkipped, Player: p, Army: a, Text: fmt.Sprintf(format, args...)}
}

// scout sets the scout bits of po's OrderScouts, one Flyer a direction.
func (r *Rules) scout(s *game.State, po game.PlayerOrders, ev *game.Events) {
	var used map[game.ArmyID]int // looked up only, never ranged over
	for k := range po.Orders {
		o := &po.Orders[k]
		if o.Kind != OrderScout {
			continue
		}
		a := s.Army(o.Army)
		if a == nil || a.Owner != po.Player || !o.Dir.Valid() {
			ev.Add(skipped(s, po.Player, o.Army, "scout with %s skipped: no such army or direction", o.Army))
			continue
		}
		bit := FlagScoutE << uint(o.Dir)
		if a.Flags&bit != 0 {
			ev.Add(skipped(s, po.Player, a.ID, "scout with %s to %s skipped: already scouting there", a.ID, o.Dir))
			continue
		}
		if used == nil {
			used = map[game.ArmyID]int{}
		}
		if n := r.scoutCapacity(a); used[a.ID] >= n {
			ev.Add(skipped(s, po.Player, a.ID, "scout with %s to %s skipped: it has %d %s, one scout each",
				a.ID, o.Dir, n, r.scoutNames()))
			continue
		}
		used[a.ID]++
		a.Flags |= bit
	}
}

// look carries out po's OrderLook (the first one; a side Looks once a
// turn), rolling against the target's Fool-A-Mancer, and reports it to the
// looker and, if the target has a Fool-A-Mancer, to the target. A Look
// that goes through sends the looker the target's turn report: "That
// player's map and turn report is sent to the Look-a-mancer's side"; the
// map through StockLook (ExtraSight), the report as a
// game.EventReportShared (Events.For then gives the looker the events
// that concern the target this turn, but not the reports the target
// receives itself). The
// Fool-A-Mancer of a player in idle (on autopilot: "No Characters may
// perform any actions") neither hides its side nor reports the Look.
func (r *Rules) look(s *game.State, po game.PlayerOrders, ev *game.Events, idle []game.PlayerID) {
	p := po.Player
	looked := false
	look, fool := r.D.Caster.Look.Name, r.D.Caster.Fool.Name
	for k := range po.Orders {
		o := &po.Orders[k]
		if o.Kind != OrderLook {
			continue
		}
		if looked {
			ev.Add(skipped(s, p, 0, "look at %s skipped: a side Looks at one other side a turn", o.Player))
			continue
		}
		if err := r.validateLook(s, p, o); err != nil {
			ev.Add(skipped(s, p, 0, "look at %s skipped: %v", o.Player, err))
			continue
		}
		looked = true
		q := o.Player
		fooled := hasCaster(s, q, CasterFool) && !slices.Contains(idle, q)
		blocked := fooled && s.RNG.IntN(100) < r.D.Caster.Fool.LookBlockPercent
		text := fmt.Sprintf("your %s looked at %s", look, q)
		if blocked {
			text = fmt.Sprintf("your %s tried to look at %s, but %s hid its side", look, q, AName(fool))
		} else {
			setStock(s.Player(p), StockLook, int32(q))
		}
		ev.Add(game.Event{Turn: s.Turn, Kind: EventLook, Player: p, Amount: int64(q), Text: text})
		if !blocked {
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventReportShared, Player: p, Amount: int64(q),
				Text: fmt.Sprintf("%s's turn report is sent to you", q)})
		}
		if fooled && r.D.Caster.Fool.RevealsCasterLook {
			text := foolReports(fool) + fmt.Sprintf("%s of %s looked at your side", AName(look), p)
			if blocked {
				text = foolReports(fool) + fmt.Sprintf("%s of %s tried to look at your side and was fooled", AName(look), p)
			}
			ev.Add(game.Event{Turn: s.Turn, Kind: EventLook, Player: q, Amount: int64(p), Text: text})
		}
	}
}

// foolReports begins the text of a Fool-A-Mancer's report of a Look
// (named fool), and only of that.
func foolReports(fool string) string { return fmt.Sprintf("your %s reports: ", fool) }

// FoolReport reports whether e, an event told to side e.Player, is its
// Fool-A-Mancer's report of a Look at that side ("If 'Looked' at, the
// Fool-A-Mancer reports who looked"), and which side looked; the looker's
// own EventLook, which names the side it looked at, is not one.
func (r *Rules) FoolReport(e game.Event) (looker game.PlayerID, ok bool) {
	if e.Kind != EventLook || !strings.HasPrefix(e.Text, foolReports(r.D.Caster.Fool.Name)) {
		return 0, false
	}
	return game.PlayerID(e.Amount), true
}

// board runs PhaseBoard, before movement: each OrderLoad puts its army
// aboard its fleet ("It costs the Fleet 1 move to load an Army"; the army
// does not move this turn: "Armies may not move in the same turn they are
// loaded and unloaded"), and each OrderUnload marks its fleet unloading
// ("and one move to unload the Army"), so MovePoints counts both.
func (r *Rules) board(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	for _, po := range orders {
		for k := range po.Orders {
			o := &po.Orders[k]
			if o.Kind != OrderLoad {
				continue
			}
			a, err := game.OwnArmy(s, po.Player, o.Army)
			var f *game.Army
			if err == nil {
				f, err = r.loadable(s, po.Player, a, o.Target)
			}
			if err != nil {
				ev.Add(skipped(s, po.Player, o.Army, "%s boards %s skipped: %v", o.Army, o.Target, err))
				continue
			}
			from := a.Hex
			a.Hex, a.Carrier = f.Hex, f.ID
			a.Flags |= FlagBoarded
			f.Flags |= FlagLoadedFleet
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventMove, Player: po.Player, Army: a.ID,
				From: from, To: f.Hex, HasHex: true, Text: fmt.Sprintf("boards %s", f.ID)})
		}
		for k := range po.Orders {
			o := &po.Orders[k]
			if o.Kind != OrderUnload {
				continue
			}
			if a := s.Army(o.Army); a != nil && a.Owner == po.Player && a.Carrier != 0 {
				if f := s.Army(a.Carrier); f != nil {
					f.Flags |= FlagUnloading
				}
			}
		}
	}
}

// land runs PhaseLand, after movement: each OrderUnload lands its army on
// its hex, which must be next to the fleet where it now stands, enterable
// and free of other players' armies and cities (else the army stays
// aboard, with an EventBlocked saying why); then the idle fleets go
// fishing: "Fleets that do not move or transport Armies in a turn may 'go
// fishing'. Fleets that have 'Gone Fishing' generate 1 Schmucker per turn."
func (r *Rules) land(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	for _, po := range orders {
		for k := range po.Orders {
			o := &po.Orders[k]
			if o.Kind != OrderUnload {
				continue
			}
			a := s.Army(o.Army)
			if a == nil || a.Owner != po.Player || a.Carrier == 0 {
				ev.Add(skipped(s, po.Player, o.Army, "%s lands skipped: it is gone or not aboard a fleet", o.Army))
				continue
			}
			if why := r.landing(s, a, o.Hex); why != "" {
				ev.Add(game.Event{Turn: s.Turn, Kind: game.EventBlocked, Player: po.Player, Army: a.ID,
					From: a.Hex, To: o.Hex, Text: "stays aboard: " + why})
				continue
			}
			from, fleet := a.Hex, a.Carrier
			a.Hex, a.Carrier = o.Hex, 0
			ev.Add(game.Event{Turn: s.Turn, Kind: game.EventMove, Player: po.Player, Army: a.ID,
				From: from, To: o.Hex, HasHex: true, Text: fmt.Sprintf("lands from %s", fleet)})
		}
	}
	r.fish(s, orders, ev)
}

// landing returns why carried army a may not land on hex h now, or "".
func (r *Rules) landing(s *game.State, a *game.Army, h hex.Hex) string {
	f := s.Army(a.Carrier)
	if f == nil {
		return "its fleet is gone"
	}
	if hex.Distance(f.Hex, h) != 1 {
		return fmt.Sprintf("hex %s is not next to %s at %s", h, f.ID, f.Hex)
	}
	if _, ok := r.StepCost(s, a, f.Hex, h); !ok {
		if t, on := s.Map.At(h); on {
			return fmt.Sprintf("hex %s is %s", h, r.D.Terrain[t].Name)
		}
		return fmt.Sprintf("hex %s is off the map", h)
	}
	if c := s.CityAt(h); c != nil && c.Owner != a.Owner {
		return fmt.Sprintf("%s on hex %s is not yours: land beside it and attack", c.ID, h)
	}
	var friends []*game.Army
	for _, i := range s.ArmiesAt(h) {
		b := &s.Armies[i]
		if b.Carrier != 0 {
			continue
		}
		if b.Owner != a.Owner {
			return fmt.Sprintf("enemies hold hex %s: land beside them and attack", h)
		}
		friends = append(friends, b)
	}
	if len(friends) > 0 && !r.CanStack(s, a, h, friends) {
		return fmt.Sprintf("hex %s is full", h)
	}
	return ""
}

// fish pays fleet.fishing_income to each fleet's player for each fleet that
// stayed idle this turn: no move, retreat or withdrawal, no battle, no army
// loaded, unloaded or aboard (CHOICE: carrying an army is transporting
// it). Players on autopilot catch nothing when autopilot.income is false.
func (r *Rules) fish(s *game.State, orders []game.PlayerOrders, ev *game.Events) {
	if r.D.Fleet.FishingIncome <= 0 {
		return
	}
	var busy map[game.ArmyID]bool // looked up only, never ranged over
	mark := func(id game.ArmyID) {
		if busy == nil {
			busy = map[game.ArmyID]bool{}
		}
		busy[id] = true
	}
	for i := range s.Armies {
		if c := s.Armies[i].Carrier; c != 0 {
			mark(c)
		}
	}
	for i := range ev.List {
		e := &ev.List[i]
		switch e.Kind {
		case game.EventMove, game.EventRetreat, game.EventWithdraw:
			mark(e.Army)
		case game.EventBattle:
			if e.Battle != nil {
				for _, sd := range e.Battle.Sides {
					for _, id := range sd.Armies {
						mark(id)
					}
				}
			}
		}
	}
	for _, po := range orders {
		if po.Autopilot && !r.D.Autopilot.Income {
			continue
		}
		n := 0
		for i := range s.Armies {
			f := &s.Armies[i]
			if f.Owner != po.Player || !f.Naval || busy[f.ID] || f.Flags&(FlagLoadedFleet|FlagUnloading) != 0 {
				continue
			}
			n++
		}
		if n == 0 {
			continue
		}
		amount := int64(n * r.D.Fleet.FishingIncome)
		s.Player(po.Player).Treasury += amount
		ev.Add(game.Event{Turn: s.Turn, Kind: EventFishing, Player: po.Player, Amount: amount,
			Text: fmt.Sprintf("fleets gone fishing: %d", n)})
	}
}
