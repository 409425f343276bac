package game

import (
	"fmt"
	"slices"

	"empires/shared/hex"
)

// maxSteps bounds the steps of one Move. Every step that changes anything
// spends move points or stops armies, so movement ends long before this;
// the bound only guards against a ruleset handing out absurd move points.
const maxSteps = 1024

// Move runs the movement phase of a turn for the players in orders: all
// players when turns are simultaneous, one player in round order (the armies
// of the others then act only through their standing orders). Orders are
// expected to be validated already; an order that no longer makes sense is
// skipped with an EventOrderSkipped saying why, and Move never panics on odd
// input. These are the rules.
//
// Orders. An OrderStance sets the army's Stance at once, before the first
// step. Of an army's movement orders (OrderMove, OrderAttack, OrderFollow,
// OrderExplore) the last one counts. An army carried by a fleet (Carrier
// set) never moves on its own: it goes wherever its fleet goes, never
// fights while carried, and is destroyed with its fleet. Each army has
// Ruleset.MovePoints points for the turn, counted before the first step; a
// step costs Ruleset.StepCost (at least 1) and is taken only while the
// points left cover it.
//
// Steps. Movement goes in steps 1, 2, ... until a step in which nothing
// moves and nothing fights. At the start of each step every army with an
// order still running picks its next hex, in army ID order:
//
//   - OrderMove takes the next hex of its Path. It stops for good (with an
//     EventBlocked) if that hex is not adjacent ("path no longer valid at
//     Q,R"), if it may not enter it ("the path's next hex Q,R is Water,
//     which it cannot enter"; a path may cross hexes its owner had never
//     seen, and the text names the terrain only if the owner knows it now),
//     or if an enemy it can see is there ("enemy ahead at Q,R"): Move
//     avoids enemies. An enemy here and below is an army of another player,
//     or a city of another player with no army on its hex that defends
//     itself (see City battles).
//   - OrderAttack with a Target heads for the target's hex, chasing it as
//     it moves while its owner sees it, else for the hex where its owner last
//     saw it; each step follows a cheapest path over the terrain. It stops
//     when the target is lost from sight and memory, or cannot be reached.
//     OrderAttack with a Path follows the path like OrderMove but enters
//     enemy hexes to fight. Attacks (and interceptions) go through enemy
//     cities on their way and fight them.
//   - OrderFollow heads for the hex of a friendly army, going around enemies
//     it sees. It joins that hex when adjacent to it and stacking allows,
//     else it waits beside it; it goes on following while it has points.
//   - OrderExplore steps in its direction Dir; if that hex is impassable or
//     holds an enemy it sees, it tries Dir+1 (counter-clockwise), then Dir-1,
//     and stops when none of the three will do. It tries Dir first again at
//     every step, so it goes around obstacles and on to its full move.
//   - An army without a movement order follows its Stance. Defend: it stays
//     and fights if entered. Intercept: when at the start of a step it sees
//     an enemy army on one of the six neighbouring hexes, it leaves its post
//     (EventIntercept) and attacks that army (the lowest army ID among those
//     it may step to), exactly as OrderAttack with that Target, with its
//     move points; it reacts so once a turn. Withdraw: see below.
//
// Resolving a step. All the chosen steps then happen at once:
//
//  1. Crossing. Two enemy armies stepping across the same edge in opposite
//     directions meet on the edge: neither enters, each stays on its own
//     hex, and they fight (Battle.Edge set, Battle.Hex the defender's hex,
//     no city); the loser retreats from its own hex.
//
//  2. Stacking. In army ID order, an army entering a hex where friendly
//     armies will stand after this step (those there that are not leaving,
//     and the friendly entrants already accepted this step) must be allowed
//     by Ruleset.CanStack. If not, it waits: it stays where it is, keeps its
//     order and points, and tries again next step (EventBlocked "waits: hex
//     full", once a turn). If a refusal keeps on its hex an army that an
//     earlier entrant counted as leaving, the check runs again with it
//     staying, until nothing changes.
//
//  3. The accepted steps are taken (EventMove for each, carried armies
//     moving with their fleet).
//
//  4. Withdraw. An army with stance Withdraw and no movement order, on a
//     hex an enemy entered this step, steps to its neighbour in the stance's
//     direction if it may enter it, has the points for it, no enemy stands
//     there, no entering enemy came from there and stacking allows it. It
//     then leaves before the battle (EventWithdraw) and the enemy takes an
//     empty hex; else it stays and fights.
//
//  5. Battles, in this order: first the battles on edges, ordered by the
//     lower map index (hex.Rect.Index) of their two hexes, then by their
//     lowest army ID; then the battles on hexes, in map index order. A hex
//     battle happens on every hex an army entered this step that then holds
//     armies of two or more players, or a city battle (below). Its defender
//     is the player whose armies were on the hex at the start of the step
//     (the lowest such player ID if several), or, if all of them came in
//     this step, the lowest player ID; the others attack. On an edge the
//     lowest player ID defends. With three or more players the defender
//     fights the attacking player with the lowest ID, the winner (or the
//     defender again after a drawn battle) holds the hex and fights the
//     next, and so on.
//
//     City battles. When the ruleset is a CityDefender, a hex entered this
//     step that had no army at the start of the step and holds a city whose
//     owner has no army there now is defended by the city, if
//     CityDefender.CityDefends says so (neutral cities, owner 0, too): the
//     city's owner defends with no armies (Side.Armies empty, Battle.City
//     set; the ruleset's Battle supplies the city's forces) against the
//     entering players, lowest ID first, as above. An attacker that beats
//     the city holds the hex and fights the next; a city that wins or draws
//     fights the next attacker afresh. A city not beaten in the end (a
//     draw) is not captured this turn (see below).
//
//  6. Each battle is fought by Ruleset.Battle between one player's armies
//     (in ID order, carried armies left out; none for a city alone) and the
//     other's. Losses are taken, lost characters removed, gains added; an
//     army the battle left with no units and no characters (one that came
//     in with none, like a fleet without units, is not destroyed for that)
//     and every army the ruleset listed in Side.Destroyed is destroyed
//     (EventDestroyed). If there is a winner, the losing side's surviving
//     armies retreat one by one, each to the first free hex among: the hex
//     it came from this step (if it moved), then its six neighbours in
//     direction order starting with the direction pointing away from the
//     winner (away from the hex the winner's first army came from this
//     step, or stands on across the edge; East if the winner held the hex
//     or is a city alone) and turning counter-clockwise. A free hex is one
//     it may enter (StepCost, points not needed), with no enemy (no enemy
//     army, no enemy city that would defend itself) and where stacking
//     allows it. An army with no free hex is destroyed ("no room to
//     retreat"). Every army that fought, winner or loser, moves no more
//     this turn and no longer reacts to its stance.
//
//  7. Destroyed armies are removed, and vision is recorded (RecordVision),
//     so an army sees what it passes. Vision is recorded before step 1 too.
//
// After the last step a city whose hex holds armies (carried armies aside)
// of exactly one player other than its owner, and none of its owner's,
// passes to that player (EventCapture, step 0); neutral armies (owner 0)
// take no cities. A city that defends itself (CityDefender) must have been
// beaten this turn first, in a battle on its hex that its owner's side
// lost. If it was not, then: if it defended itself alone this turn and was
// not beaten (a draw) it stays its owner's; otherwise (the armies were on
// its hex before the turn, say) it fights them now, a city battle at the
// last step number, and passes only if they win (the losers retreat as
// from any battle, then vision is recorded again).
//
// Events of a step come in this order: EventIntercept and EventBlocked as
// armies choose their steps, EventMove for each step taken (in army ID
// order), EventWithdraw, then each battle: EventBattle, EventDestroyed for
// the armies it destroyed, EventRetreat (or EventDestroyed) for each loser.
// EventBlocked and EventOrderSkipped go only to the army's owner; battles,
// moves, retreats, withdrawals, interceptions and captures are located on
// the map (HasHex) so that players who see them learn of them too.
//
// In round order Move runs once per player; "for the rest of the turn" then
// means for the rest of that player's movement.
func Move(s *State, rs Ruleset, orders []PlayerOrders, ev *Events) {
	if s == nil || rs == nil || s.Map == nil {
		return
	}
	if ev == nil {
		ev = &Events{}
	}
	m := newMovement(s, rs, ev)
	if n := m.setup(orders); n > 0 {
		// Most movers step more than once: save the list some regrowing.
		ev.List = slices.Grow(ev.List, 2*n)
	}
	RecordVision(s, rs)
	for step := 1; step <= maxSteps; step++ {
		if !m.runStep(step) {
			break
		}
	}
	m.capture()
	m.ended()
}

// ended marks the last EventMove of each army that moved on its movement
// order with the order's kind, and an attack's that found nobody (see
// EventMove).
func (m *movement) ended() {
	for i := range m.st {
		st := &m.st[i]
		if st.ordered == 0 || st.lastMove == 0 {
			continue
		}
		e := &m.ev.List[st.lastMove-1]
		e.Amount = int64(st.ordered)
		if st.ordered == OrderAttack && st.arrived && !st.stopped {
			e.Text = "found nobody"
		}
	}
}

// movement is the working state of one Move.
type movement struct {
	s  *State
	rs Ruleset
	ev *Events
	// cd is rs as a CityDefender, nil if its cities do not defend
	// themselves.
	cd   CityDefender
	rect hex.Rect
	step int
	// st is parallel to s.Armies: st[i] belongs to s.Armies[i].
	st []armyState
	// head[h] is the first (lowest index) army standing on the hex of map
	// index h, -1 if none; armyState.next links the others in index order.
	// Carried and destroyed armies are not in it.
	head []int32
	// enter[h] lists (through armyState.enext) the armies accepted into hex
	// h by the stacking check of this step; touched lists the hexes set.
	enter   []int32
	touched []int32
	// enteredAt[h] is the last step in which an army entered hex h;
	// entered lists the hexes entered this step.
	enteredAt []int32
	entered   []int32
	// movers are the armies that chose a step this step, in index order.
	movers []int32
	// cargo are the carried armies, in index order, as of this step.
	cargo []int32
	// Scratch buffers.
	others  []*Army
	edges   []edgeArmy
	groups  []edgeGroup
	list    []int32
	players []PlayerID
	sides   [2][]int32
	deadIDs []ArmyID
	// beaten lists the cities whose owner's side lost a battle on their
	// hex this turn; held those that defended themselves alone and did not
	// lose (a draw, or they won).
	beaten, held []CityID
	// progress is set when anything moved or fought this step.
	progress bool
}

// armyState is what movement tracks for one army.
type armyState struct {
	// The movement order: kind 0 for none.
	kind   OrderKind
	target ArmyID
	path   []hex.Hex
	pos    int // next hex of path
	dir    hex.Direction
	// route is a cached cheapest path to goal (without the army's hex).
	route []hex.Hex
	goal  hex.Hex
	// points are the move points left.
	points int
	// ordered is the movement order's kind as given (0: none; an
	// interception is none); arrived is set when the order got where it
	// was going (its path's end, or where its target was believed to
	// be); lastMove is the index in the events of the army's last
	// EventMove, plus one (0: none yet).
	ordered  OrderKind
	arrived  bool
	lastMove int

	next, enext int32

	// This step: the hex at the start of the step, the hex chosen and its
	// cost.
	from, to hex.Hex
	cost     int
	want     bool // chose a step
	moved    bool // entered a new hex (moved or withdrew)
	edge     bool // fights on an edge instead of moving
	refused  bool // waits: stacking refused

	// The whole turn.
	done        bool // the order is over
	stopped     bool // fought: no more moves or reactions
	dead        bool
	waitNoted   bool
	intercepted bool
}

func newMovement(s *State, rs Ruleset, ev *Events) *movement {
	r := s.Map.Rect()
	n := r.Len()
	m := &movement{s: s, rs: rs, ev: ev, rect: r,
		head: make([]int32, n), enter: make([]int32, n), enteredAt: make([]int32, n)}
	m.cd, _ = rs.(CityDefender)
	for i := range m.enter {
		m.enter[i] = -1
	}
	return m
}

// setup applies the stance orders and records the movement orders; it
// returns the number of armies with a movement order.
func (m *movement) setup(orders []PlayerOrders) int {
	s := m.s
	m.st = make([]armyState, len(s.Armies))
	for _, po := range orders {
		for k := range po.Orders {
			o := &po.Orders[k]
			if o.Kind != OrderStance && !o.IsMove() {
				continue
			}
			i := armyIndex(s, o.Army)
			if i < 0 {
				m.skip(po.Player, o, "%s no longer exists", o.Army)
				continue
			}
			a := &s.Armies[i]
			if a.Owner != po.Player {
				m.skip(po.Player, o, "%s is not yours", o.Army)
				continue
			}
			if o.Kind == OrderStance {
				switch o.Stance {
				case Defend, Intercept:
					a.Stance = Stance{Kind: o.Stance}
				case Withdraw:
					if !o.Dir.Valid() {
						m.skip(po.Player, o, "direction %d is not one of 0 to 5", int(o.Dir))
						continue
					}
					a.Stance = Stance{Kind: Withdraw, Dir: o.Dir}
				default:
					m.skip(po.Player, o, "unknown stance %d", o.Stance)
				}
				continue
			}
			if a.Carrier != 0 {
				m.skip(po.Player, o, "%s is carried by %s", a.ID, a.Carrier)
				continue
			}
			if why := m.checkMove(a, o); why != "" {
				m.skip(po.Player, o, "%s", why)
				continue
			}
			m.st[i] = armyState{kind: o.Kind, target: o.Target, path: o.Path, dir: o.Dir, ordered: o.Kind}
		}
	}
	movers := 0
	for i := range s.Armies {
		if s.Armies[i].Carrier == 0 {
			m.st[i].points = max(m.rs.MovePoints(s, &s.Armies[i]), 0)
		}
		if m.st[i].kind != 0 {
			movers++
		}
	}
	return movers
}

// checkMove returns why movement order o of army a makes no sense, or "".
func (m *movement) checkMove(a *Army, o *Order) string {
	switch o.Kind {
	case OrderMove:
		if len(o.Path) == 0 {
			return "the path is empty"
		}
	case OrderAttack:
		if o.Target == 0 {
			if len(o.Path) == 0 {
				return "no target army and no path"
			}
			return ""
		}
		if t := m.s.Army(o.Target); t != nil && t.Owner == a.Owner {
			return fmt.Sprintf("%s is yours", o.Target)
		}
	case OrderFollow:
		if o.Target == 0 || o.Target == a.ID {
			return "no army to follow"
		}
		t := m.s.Army(o.Target)
		if t == nil {
			return fmt.Sprintf("%s no longer exists", o.Target)
		}
		if t.Owner != a.Owner {
			return fmt.Sprintf("%s is not yours", o.Target)
		}
	case OrderExplore:
		if !o.Dir.Valid() {
			return fmt.Sprintf("direction %d is not one of 0 to 5", int(o.Dir))
		}
	}
	return ""
}

func (m *movement) skip(p PlayerID, o *Order, format string, args ...any) {
	m.ev.Add(Event{Turn: m.s.Turn, Kind: EventOrderSkipped, Player: p, Army: o.Army,
		Text: o.String() + ": " + fmt.Sprintf(format, args...)})
}

// runStep plays step number step and reports whether anything happened.
func (m *movement) runStep(step int) bool {
	m.step = step
	m.progress = false
	m.entered = m.entered[:0]
	m.buildIndex()
	m.intents()
	if len(m.movers) == 0 {
		return false
	}
	m.crossings()
	m.stack()
	m.applyMoves()
	m.withdrawals()
	m.battles()
	if !m.progress {
		return false
	}
	m.removeDead()
	RecordVision(m.s, m.rs)
	return true
}

// buildIndex rebuilds the hex index and the cargo list from the armies'
// positions.
func (m *movement) buildIndex() {
	for i := range m.head {
		m.head[i] = -1
	}
	m.cargo = m.cargo[:0]
	for i := len(m.s.Armies) - 1; i >= 0; i-- {
		a := &m.s.Armies[i]
		st := &m.st[i]
		st.next = -1
		if st.dead {
			continue
		}
		if a.Carrier != 0 {
			m.cargo = append(m.cargo, int32(i))
			continue
		}
		if h := m.rect.Index(a.Hex); h >= 0 {
			st.next = m.head[h]
			m.head[h] = int32(i)
		}
	}
	// cargo was gathered backwards.
	for l, r := 0, len(m.cargo)-1; l < r; l, r = l+1, r-1 {
		m.cargo[l], m.cargo[r] = m.cargo[r], m.cargo[l]
	}
}

// unlink takes army i out of the hex index.
func (m *movement) unlink(i int) {
	h := m.rect.Index(m.s.Armies[i].Hex)
	if h < 0 {
		return
	}
	for p := &m.head[h]; *p >= 0; p = &m.st[*p].next {
		if int(*p) == i {
			*p = m.st[i].next
			m.st[i].next = -1
			return
		}
	}
}

// link puts army i into the hex index at its hex, keeping index order.
func (m *movement) link(i int) {
	h := m.rect.Index(m.s.Armies[i].Hex)
	if h < 0 {
		return
	}
	p := &m.head[h]
	for *p >= 0 && int(*p) < i {
		p = &m.st[*p].next
	}
	m.st[i].next = *p
	*p = int32(i)
}

// relocate moves army i (and its cargo) to hex to, keeping the index.
func (m *movement) relocate(i int, to hex.Hex, kind EventKind) {
	a := &m.s.Armies[i]
	from := a.Hex
	m.unlink(i)
	a.Hex = to
	m.link(i)
	m.moved(i, from, to, kind, "")
}

// moved records army i going from -> to with an event of kind, and takes
// its cargo along.
func (m *movement) moved(i int, from, to hex.Hex, kind EventKind, text string) {
	a := &m.s.Armies[i]
	if kind == EventMove {
		m.st[i].lastMove = len(m.ev.List) + 1
	}
	m.ev.Add(Event{Turn: m.s.Turn, Step: m.step, Kind: kind, Player: a.Owner, Army: a.ID,
		From: from, To: to, HasHex: true, Text: text})
	for _, c := range m.cargo {
		b := &m.s.Armies[c]
		if b.Carrier == a.ID && !m.st[c].dead {
			cfrom := b.Hex
			b.Hex = to
			m.ev.Add(Event{Turn: m.s.Turn, Step: m.step, Kind: kind, Player: b.Owner, Army: b.ID,
				From: cfrom, To: to, HasHex: true, Text: fmt.Sprintf("aboard %s", a.ID)})
		}
	}
}

// kill destroys army i (and its cargo).
func (m *movement) kill(i int, why string) {
	st := &m.st[i]
	if st.dead {
		return
	}
	a := &m.s.Armies[i]
	m.unlink(i)
	st.dead = true
	m.ev.Add(Event{Turn: m.s.Turn, Step: m.step, Kind: EventDestroyed, Player: a.Owner, Army: a.ID,
		From: a.Hex, To: a.Hex, HasHex: true, Amount: int64(a.Units.Total()), Text: why})
	for _, c := range m.cargo {
		if m.s.Armies[c].Carrier == a.ID {
			m.kill(int(c), fmt.Sprintf("went down with %s", a.ID))
		}
	}
}

// removeDead deletes the destroyed armies from the state.
func (m *movement) removeDead() {
	ids := m.deadIDs[:0]
	for i := range m.st {
		if m.st[i].dead {
			ids = append(ids, m.s.Armies[i].ID)
		}
	}
	m.deadIDs = ids
	if len(ids) == 0 {
		return
	}
	// s.Armies is sorted by ID, so ids is too.
	m.s.RemoveArmies(func(a *Army) bool { return containsID(ids, a.ID) })
	out := m.st[:0]
	for i := range m.st {
		if !m.st[i].dead {
			out = append(out, m.st[i])
		}
	}
	clear(m.st[len(out):])
	m.st = out
}

// containsID reports whether sorted ids holds id.
func containsID(ids []ArmyID, id ArmyID) bool {
	lo, hi := 0, len(ids)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ids[mid] < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < len(ids) && ids[lo] == id
}

// armyIndex returns the index in s.Armies of the army with ID id, or -1.
func armyIndex(s *State, id ArmyID) int {
	lo, hi := 0, len(s.Armies)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.Armies[mid].ID < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(s.Armies) && s.Armies[lo].ID == id {
		return lo
	}
	return -1
}

// cost is what a step from -> to costs army a (at least 1), and false if a
// may not take it (off the map included).
func (m *movement) cost(a *Army, from, to hex.Hex) (int, bool) {
	if !m.rect.Contains(to) {
		return 0, false
	}
	c, ok := m.rs.StepCost(m.s, a, from, to)
	if !ok {
		return 0, false
	}
	return max(c, 1), true
}

// visible reports whether player p sees the hex of map index h now.
func (m *movement) visible(p PlayerID, h int) bool {
	return p >= 1 && int(p) <= len(m.s.Memory) && m.s.Memory[p-1].Visible.Has(h)
}

// knownEnemyAt reports whether the owner of a sees an enemy on h: an enemy
// army, or an enemy city that would defend itself against a (one with no
// army on it).
func (m *movement) knownEnemyAt(a *Army, h hex.Hex) bool {
	idx := m.rect.Index(h)
	if idx < 0 || !m.visible(a.Owner, idx) {
		return false
	}
	if m.head[idx] < 0 {
		return m.defendingCity(a.Owner, h) != nil
	}
	for j := m.head[idx]; j >= 0; j = m.st[j].next {
		if m.s.Armies[j].Owner != a.Owner {
			return true
		}
	}
	return false
}

// defendingCity returns the city on h if it belongs to another player than
// p and defends itself (CityDefender), nil otherwise. Whether armies stand
// on h is the caller's business.
func (m *movement) defendingCity(p PlayerID, h hex.Hex) *City {
	if m.cd == nil {
		return nil
	}
	c := m.s.CityAt(h)
	if c == nil || c.Owner == p || !m.cd.CityDefends(m.s, c) {
		return nil
	}
	return c
}

// cannotEnter says why army a may not enter hex h, for its owner: "hex
// 4,7 is Water, which it cannot enter". The terrain is named only if the
// owner knows it (it sees the hex, or saw it before), so the words never
// tell more than the owner's map shows: a blind army is only told "hex
// 4,7 cannot be entered".
func (m *movement) cannotEnter(a *Army, h hex.Hex) string {
	idx := m.rect.Index(h)
	if idx < 0 {
		return fmt.Sprintf("hex %s is off the map", h)
	}
	p := a.Owner
	known := p >= 1 && int(p) <= len(m.s.Memory) && m.s.Memory[p-1].Known.Has(idx)
	if tt, t := m.rs.Terrain(), m.s.Map.Terrain[idx]; known && int(t) < len(tt) {
		return fmt.Sprintf("hex %s is %s, which it cannot enter", h, tt[t].Name)
	}
	return fmt.Sprintf("hex %s cannot be entered", h)
}

// blocked ends army i's order with an EventBlocked for its owner.
func (m *movement) blocked(i int, at hex.Hex, format string, args ...any) {
	a := &m.s.Armies[i]
	m.st[i].done = true
	m.ev.Add(Event{Turn: m.s.Turn, Step: m.step, Kind: EventBlocked, Player: a.Owner, Army: a.ID,
		From: a.Hex, To: at, Text: fmt.Sprintf(format, args...)})
}

// want records army i's chosen step.
func (m *movement) want(i int, to hex.Hex, cost int) {
	st := &m.st[i]
	st.to, st.cost, st.want = to, cost, true
	m.movers = append(m.movers, int32(i))
}

// intents lets every army with an order running choose its step.
func (m *movement) intents() {
	s := m.s
	m.movers = m.movers[:0]
	for i := range s.Armies {
		st := &m.st[i]
		a := &s.Armies[i]
		st.from, st.to = a.Hex, a.Hex
		st.cost = 0
		st.want, st.moved, st.edge, st.refused = false, false, false, false
		if st.dead || st.stopped || st.done || a.Carrier != 0 {
			continue
		}
		if st.kind == 0 && (a.Stance.Kind != Intercept || st.intercepted || !m.intercept(i)) {
			continue
		}
		switch st.kind {
		case OrderMove:
			m.alongPath(i, false)
		case OrderAttack:
			if st.target != 0 {
				m.chase(i)
			} else {
				m.alongPath(i, true)
			}
		case OrderFollow:
			m.follow(i)
		case OrderExplore:
			m.explore(i)
		}
	}
}

// alongPath picks the next hex of army i's path; engage lets it enter hexes
// with enemies.
func (m *movement) alongPath(i int, engage bool) {
	a := &m.s.Armies[i]
	st := &m.st[i]
	if st.pos >= len(st.path) {
		st.done, st.arrived = true, true
		return
	}
	next := st.path[st.pos]
	if hex.Distance(a.Hex, next) != 1 {
		m.blocked(i, next, "path no longer valid at %s", next)
		return
	}
	cost, ok := m.cost(a, a.Hex, next)
	if !ok {
		m.blocked(i, next, "the path's next %s", m.cannotEnter(a, next))
		return
	}
	if !engage && m.knownEnemyAt(a, next) {
		m.blocked(i, next, "enemy ahead at %s", next)
		return
	}
	if cost > st.points {
		st.done = true
		return
	}
	m.want(i, next, cost)
}

// targetHex is where the owner of a believes army id is: its hex if the
// owner sees it now, else its last sighting.
func (m *movement) targetHex(a *Army, id ArmyID) (hex.Hex, bool) {
	if t := m.s.Army(id); t != nil {
		if t.Owner == a.Owner || m.visible(a.Owner, m.rect.Index(t.Hex)) {
			return t.Hex, true
		}
	}
	if a.Owner < 1 || int(a.Owner) > len(m.s.Memory) {
		return hex.Hex{}, false
	}
	sg := m.s.Memory[a.Owner-1].Armies
	lo, hi := 0, len(sg)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if sg[mid].Army < id {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(sg) && sg[lo].Army == id {
		return sg[lo].Hex, true
	}
	return hex.Hex{}, false
}

// chase picks army i's next step toward its target.
func (m *movement) chase(i int) {
	a := &m.s.Armies[i]
	st := &m.st[i]
	goal, ok := m.targetHex(a, st.target)
	if !ok {
		m.blocked(i, a.Hex, "lost sight of %s", st.target)
		return
	}
	if goal == a.Hex {
		st.done, st.arrived = true, true
		return
	}
	next, ok := m.nextToward(i, goal, false)
	if !ok {
		m.blocked(i, goal, "no way to %s at %s", st.target, goal)
		return
	}
	cost, ok := m.cost(a, a.Hex, next)
	if !ok {
		m.blocked(i, next, "the next %s", m.cannotEnter(a, next))
		return
	}
	if cost > st.points {
		st.done = true
		return
	}
	m.want(i, next, cost)
}

// follow picks army i's next step toward the friendly army it follows.
func (m *movement) follow(i int) {
	s := m.s
	a := &s.Armies[i]
	st := &m.st[i]
	t := s.Army(st.target)
	if t == nil {
		m.blocked(i, a.Hex, "%s is gone", st.target)
		return
	}
	goal := t.Hex
	if goal == a.Hex {
		return // with it: wait, in case it moves on
	}
	var next hex.Hex
	if hex.Distance(a.Hex, goal) == 1 {
		if m.knownEnemyAt(a, goal) || !m.mayJoin(i, goal) {
			return // wait beside it
		}
		next = goal
	} else {
		var ok bool
		if next, ok = m.nextToward(i, goal, true); !ok {
			m.blocked(i, goal, "no way to %s at %s", st.target, goal)
			return
		}
	}
	cost, ok := m.cost(a, a.Hex, next)
	if !ok {
		return // beside it, on a hex it cannot enter
	}
	if cost > st.points {
		st.done = true
		return
	}
	m.want(i, next, cost)
}

// mayJoin reports whether army i may stack with the friendly armies now on
// hex h.
func (m *movement) mayJoin(i int, h hex.Hex) bool {
	a := &m.s.Armies[i]
	idx := m.rect.Index(h)
	if idx < 0 {
		return false
	}
	others := m.others[:0]
	for j := m.head[idx]; j >= 0; j = m.st[j].next {
		if b := &m.s.Armies[j]; int(j) != i && b.Owner == a.Owner {
			others = append(others, b)
		}
	}
	m.others = others
	return len(others) == 0 || m.rs.CanStack(m.s, a, h, others)
}

// nextToward returns the next hex of a cheapest path of army i to goal
// (not its own hex); avoid keeps the path off hexes with enemies the owner
// sees (but the goal).
func (m *movement) nextToward(i int, goal hex.Hex, avoid bool) (hex.Hex, bool) {
	a := &m.s.Armies[i]
	st := &m.st[i]
	d := hex.Distance(a.Hex, goal)
	if d == 1 {
		return goal, true
	}
	if st.goal == goal && len(st.route) > 0 && hex.Distance(a.Hex, st.route[0]) == 1 &&
		(!avoid || !m.knownEnemyAt(a, st.route[0])) {
		return st.route[0], true
	}
	cost := func(from, to hex.Hex) (int, bool) {
		if avoid && to != goal && m.knownEnemyAt(a, to) {
			return 0, false
		}
		return m.cost(a, from, to)
	}
	path, _, ok := hex.Path(a.Hex, goal, cost, max(64, 4*d))
	if !ok || len(path) < 2 {
		st.route = nil
		return hex.Hex{}, false
	}
	st.goal, st.route = goal, path[1:]
	return st.route[0], true
}

// explore picks army i's next step in its direction.
func (m *movement) explore(i int) {
	a := &m.s.Armies[i]
	st := &m.st[i]
	for _, d := range [3]hex.Direction{st.dir, (st.dir + 1) % hex.NumDirections, (st.dir + hex.NumDirections - 1) % hex.NumDirections} {
		n := a.Hex.Neighbor(d)
		cost, ok := m.cost(a, a.Hex, n)
		if !ok || m.knownEnemyAt(a, n) {
			continue
		}
		if cost > st.points {
			st.done = true
			return
		}
		m.want(i, n, cost)
		return
	}
	m.blocked(i, a.Hex.Neighbor(st.dir), "no way on to the %s from %s", st.dir, a.Hex)
}

// intercept turns stationary army i into an attacker of the lowest-ID
// enemy army it sees on a neighbouring hex it may enter, and reports
// whether it found one.
func (m *movement) intercept(i int) bool {
	s := m.s
	a := &s.Armies[i]
	st := &m.st[i]
	best := -1
	for _, n := range a.Hex.Neighbors() {
		h := m.rect.Index(n)
		if h < 0 || !m.visible(a.Owner, h) {
			continue
		}
		for j := m.head[h]; j >= 0; j = m.st[j].next {
			e := &s.Armies[j]
			if e.Owner == a.Owner {
				continue
			}
			// The list is in ID order: the first enemy is the lowest here.
			if best < 0 || e.ID < s.Armies[best].ID {
				if c, ok := m.cost(a, a.Hex, n); ok && c <= st.points {
					best = int(j)
				}
			}
			break
		}
	}
	if best < 0 {
		return false
	}
	e := &s.Armies[best]
	st.kind, st.target, st.intercepted = OrderAttack, e.ID, true
	m.ev.Add(Event{Turn: s.Turn, Step: m.step, Kind: EventIntercept, Player: a.Owner, Army: a.ID,
		From: a.Hex, To: e.Hex, HasHex: true, Text: fmt.Sprintf("intercepts %s", e.ID)})
	return true
}

// stack runs the stacking check over the chosen steps.
func (m *movement) stack() {
	s := m.s
	for {
		again := false
		for _, h := range m.touched {
			m.enter[h] = -1
		}
		m.touched = m.touched[:0]
		for _, i32 := range m.movers {
			i := int(i32)
			st := &m.st[i]
			if st.edge || st.refused {
				continue
			}
			a := &s.Armies[i]
			h := m.rect.Index(st.to)
			if h < 0 {
				st.refused = true
				continue
			}
			others := m.others[:0]
			for j := m.head[h]; j >= 0; j = m.st[j].next {
				b, sj := &s.Armies[j], &m.st[j]
				if b.Owner != a.Owner || (sj.want && !sj.edge && !sj.refused) {
					continue // an enemy, or leaving
				}
				others = append(others, b)
			}
			for j := m.enter[h]; j >= 0; j = m.st[j].enext {
				if b := &s.Armies[j]; b.Owner == a.Owner {
					others = append(others, b)
				}
			}
			m.others = others
			if len(others) > 0 && !m.rs.CanStack(s, a, st.to, others) {
				st.refused, again = true, true
				continue
			}
			if m.enter[h] < 0 {
				m.touched = append(m.touched, int32(h))
			}
			st.enext = m.enter[h]
			m.enter[h] = i32
		}
		if !again {
			break
		}
	}
	for _, i32 := range m.movers {
		st := &m.st[i32]
		if st.refused && !st.waitNoted {
			st.waitNoted = true
			a := &s.Armies[i32]
			m.ev.Add(Event{Turn: s.Turn, Step: m.step, Kind: EventBlocked, Player: a.Owner, Army: a.ID,
				From: a.Hex, To: st.to, Text: "waits: hex full"})
		}
	}
}

// applyMoves takes the accepted steps.
func (m *movement) applyMoves() {
	s := m.s
	for _, i32 := range m.movers {
		i := int(i32)
		st := &m.st[i]
		if st.edge || st.refused {
			continue
		}
		a := &s.Armies[i]
		a.Hex = st.to
		st.points -= st.cost
		st.moved = true
		if st.target == 0 {
			st.pos++
		}
		if len(st.route) > 0 && st.route[0] == st.to {
			st.route = st.route[1:]
		} else {
			st.route = nil
		}
		m.moved(i, st.from, st.to, EventMove, "")
		if h := m.rect.Index(st.to); h >= 0 && m.enteredAt[h] != int32(m.step) {
			m.enteredAt[h] = int32(m.step)
			m.entered = append(m.entered, int32(h))
		}
		m.progress = true
	}
	m.buildIndex()
}

// withdrawals lets armies with stance Withdraw leave hexes enemies entered.
func (m *movement) withdrawals() {
	s := m.s
	for i := range s.Armies {
		a := &s.Armies[i]
		st := &m.st[i]
		if a.Stance.Kind != Withdraw || st.kind != 0 || st.dead || st.stopped || st.moved || a.Carrier != 0 {
			continue
		}
		h := m.rect.Index(a.Hex)
		if h < 0 || m.enteredAt[h] != int32(m.step) || !a.Stance.Dir.Valid() {
			continue
		}
		n := a.Hex.Neighbor(a.Stance.Dir)
		entered, backway := false, false
		for j := m.head[h]; j >= 0; j = m.st[j].next {
			if s.Armies[j].Owner != a.Owner && m.st[j].moved {
				entered = true
				backway = backway || m.st[j].from == n
			}
		}
		if !entered || backway {
			continue
		}
		cost, ok := m.cost(a, a.Hex, n)
		if !ok || cost > st.points || !m.free(i, n) {
			continue
		}
		st.points -= cost
		st.moved = true
		m.relocate(i, n, EventWithdraw)
		m.progress = true
	}
}

// capture hands over the cities held by one other player's armies; a city
// that defends itself and was not beaten this turn fights them first.
func (m *movement) capture() {
	s := m.s
	m.buildIndex()
	fought := false
	for ci := range s.Cities {
		c := &s.Cities[ci]
		h := m.rect.Index(c.Hex)
		if h < 0 {
			continue
		}
		// The first army's owner takes the city if every army there is its.
		j := m.head[h]
		if j < 0 {
			continue
		}
		taker := s.Armies[j].Owner
		for ; j >= 0 && s.Armies[j].Owner == taker; j = m.st[j].next {
		}
		if j >= 0 || taker == 0 || taker == c.Owner {
			continue
		}
		if m.defendingCity(taker, c.Hex) != nil && !slices.Contains(m.beaten, c.ID) {
			if slices.Contains(m.held, c.ID) {
				continue
			}
			m.list = m.list[:0]
			for j := m.head[h]; j >= 0; j = m.st[j].next {
				m.list = append(m.list, j)
			}
			fought = true
			if m.fight(nil, m.list, c.Owner, false, c.Hex) != 1 {
				continue
			}
		}
		was := c.Owner
		c.Owner = taker
		m.ev.Add(Event{Turn: s.Turn, Kind: EventCapture, Player: taker, City: c.ID,
			From: c.Hex, To: c.Hex, HasHex: true, Text: fmt.Sprintf("%s takes %s from %s", taker, c.ID, was)})
	}
	if fought {
		m.removeDead()
		RecordVision(s, m.rs)
	}
}
