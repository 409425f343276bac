package empire

import (
	"cmp"
	"fmt"
	"slices"

	"empires/shared/grid"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/ruleset"
)

// Step implements ruleset.Game: every turn is one simultaneous step of
// every player still in the game; Seq is the turn.
func (g *Game) Step() ruleset.Step {
	st := ruleset.Step{Mode: ruleset.Simultaneous, Turn: ruleset.Turn(g.s.Turn), Seq: uint32(g.s.Turn)}
	if g.s.Over {
		return st
	}
	for i, p := range g.s.Players {
		if p.Alive {
			st.Actors = append(st.Actors, Seat(i+1))
		}
	}
	return st
}

// Resolve implements ruleset.Game: it plays a turn. The orders of each
// player are carried out in seat order, each list in its order (refused
// orders are skipped); then the armies move square by square, fighting and
// bombarding; then the units in transit travel, the settlements produce,
// the wounded heal, and the game looks for who is out and who has won.
// A player who gave no orders is played by the autopilot: its armies keep
// their standing orders and its settlements keep producing.
func (g *Game) Resolve(subs []ruleset.Submission) (ruleset.Outcome, error) {
	s := g.s
	if s.Over {
		return nil, fmt.Errorf("%s: the game is over", ID)
	}
	given := make([]bool, len(s.Players))
	lists := make([][]Order, len(s.Players))
	for _, sub := range subs {
		if sub.Seat < 1 || int(sub.Seat) > len(s.Players) || !s.Players[sub.Seat-1].Alive {
			return nil, fmt.Errorf("%s: orders of seat %d, not in the game", ID, sub.Seat)
		}
		os, err := DecodeOrders(sub.Orders)
		if err != nil {
			return nil, err
		}
		given[sub.Seat-1] = true
		lists[sub.Seat-1] = os
	}
	out := g.newOutcome()
	for i := range s.Players {
		if !s.Players[i].Alive {
			continue
		}
		if given[i] {
			s.Players[i].Missed = 0
		} else {
			s.Players[i].Missed++
		}
		for j := range lists[i] {
			_ = g.apply(Seat(i+1), &lists[i][j]) // refused now: skipped
		}
	}
	g.winkOut()
	g.observe()
	g.moveAll(out)
	g.travel(out)
	g.produce(out)
	g.heal()
	g.endTurn(out)
	// What the players see at the end of the turn is what they see at the
	// start of the next: recorded with the next turn's number, so that a
	// view's squares and sightings of its own turn are the ones in sight
	// now, and only those are not outdated.
	g.observe()
	return out, nil
}

// winkOut removes the forces left without units: "all armies and
// garrisons which are targets of forwarded units should contain at least
// one unit. Otherwise they will wink out of existence and the forwarded
// units will cease to be forwarded and will appear in their production
// site" (at the end of the turn, in travel).
func (g *Game) winkOut() {
	g.s.Forces = slices.DeleteFunc(g.s.Forces, func(f Force) bool { return len(f.Units) == 0 })
}

// moved is one army's move in a movement step.
type moved struct {
	id       ForceID
	from, to grid.Pos
}

// moveAll plays the movement: "An army moves square by square. All armies
// move their first square of the current movement order, then the second
// square and so on. They move simultaneously." An army spends its mp on
// the squares it enters; a square it cannot afford this turn waits for the
// next, a square it cannot enter at all stops it. The armies are processed
// in the order they were made (see the CHOICE below).
func (g *Game) moveAll(out *outcome) {
	s := g.s
	budget := map[ForceID]int{}
	var order []ForceID
	for i := range s.Forces {
		f := &s.Forces[i]
		if !f.Garrison && len(f.Path) > 0 {
			budget[f.ID] = ArmyMovement(g.d, f.Units).MP
			order = append(order, f.ID)
		}
	}
	// CHOICE: the "processing sequence of the movement orders" is the
	// order the forces were made in, each seat counting its own; forces
	// of equal count go in seat order, the first seat moving on by one
	// every turn.
	n := len(s.Players)
	slices.SortStableFunc(order, func(a, b ForceID) int {
		ca, cb := uint32(a)&(1<<idBits-1), uint32(b)&(1<<idBits-1)
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
		ra := (int(IDSeat(uint32(a))) - s.Turn%n + n) % n
		rb := (int(IDSeat(uint32(b))) - s.Turn%n + n) % n
		return cmp.Compare(ra, rb)
	})
	movedOnce := map[ForceID]bool{}
	for step := 1; ; step++ {
		var moves []moved
		for _, id := range order {
			f := s.force(id)
			if f == nil || len(f.Path) == 0 {
				continue
			}
			c, ok := s.stepCost(ArmyMovement(g.d, f.Units), f.Path[0])
			if !ok {
				out.add(Event{Kind: EvBlocked, Step: step, Owner: f.Owner, Force: f.ID, Pos: f.Pos, To: f.Path[0]}, seatMask(f.Owner))
				f.Path = nil
				continue
			}
			if c > budget[id] {
				continue
			}
			budget[id] -= c
			moves = append(moves, moved{id: id, from: f.Pos, to: f.Path[0]})
		}
		if len(moves) == 0 {
			break
		}
		for _, m := range moves {
			f := s.force(m.id)
			f.Pos = m.to
			f.Path = f.Path[1:]
			movedOnce[m.id] = true
		}
		moves = g.meetOnEdges(moves)
		g.observe()
		for _, m := range moves {
			if f := s.force(m.id); f != nil {
				out.add(Event{Kind: EvMoved, Step: step, Owner: f.Owner, Force: f.ID, Pos: m.from, To: m.to}, seatMask(f.Owner)|g.seeing(m.from)|g.seeing(m.to))
			}
		}
		fought := g.battles(moves, step, out)
		for _, m := range moves {
			if f := s.force(m.id); f != nil && f.Pos == m.to && g.bombard(f.ID, step, out) {
				fought = true
			}
		}
		if g.conquer(step, out) || fought {
			g.observe()
		}
	}
	// CHOICE: "After each move all adjacent squares are checked": an army
	// with bombing units that did not move this turn bombards once, after
	// the movement.
	bombed := false
	for _, f := range slices.Clone(s.Forces) {
		if !f.Garrison && !movedOnce[f.ID] && g.bombard(f.ID, 0, out) {
			bombed = true
		}
	}
	if bombed {
		g.observe()
	}
}

// meetOnEdges handles hostile armies that swapped squares in one step:
// they meet between the squares, and the one processed later is held back
// on its square, where the other fights it (CHOICE: armies that cross do
// not pass through each other). It returns the moves that happened.
func (g *Game) meetOnEdges(moves []moved) []moved {
	s := g.s
	back := map[ForceID]bool{}
	for i, a := range moves {
		for _, b := range moves[i+1:] {
			fa, fb := s.force(a.id), s.force(b.id)
			if a.from == b.to && a.to == b.from && fa.Owner != fb.Owner && !(fa.Peace && fb.Peace) && !back[a.id] {
				back[b.id] = true
			}
		}
	}
	if len(back) == 0 {
		return moves
	}
	var kept []moved
	for _, m := range moves {
		if back[m.id] {
			f := s.force(m.id)
			f.Pos = m.from
			f.Path = nil
			continue
		}
		kept = append(kept, m)
	}
	return kept
}

// battles fights the battles of a movement step, square by square in the
// order the armies entering them were processed. It reports whether any
// was fought.
func (g *Game) battles(moves []moved, step int, out *outcome) bool {
	var squares []grid.Pos
	for _, m := range moves {
		if !slices.Contains(squares, m.to) {
			squares = append(squares, m.to)
		}
	}
	fought := false
	for _, p := range squares {
		if g.fightAt(p, moves, step, out) {
			fought = true
		}
	}
	return fought
}

// fightAt fights the battles of square p: "A battle is fought between two
// sides. If one side has more than one force present in the square or
// prepared to move into the square, they are treated as one army/garrison
// for the duration of the battle. A third combatant has to wait until the
// two sides have battled it out between them and then to deal with the
// winner. The sequence of battles are determined by the processing
// sequence of the movement orders."
//
// The defender is the settlement's owner if it has forces there, else the
// player whose forces stood there before the step, else the first army
// processed into it; the others attack in the order their armies were
// processed.
func (g *Game) fightAt(p grid.Pos, moves []moved, step int, out *outcome) bool {
	s := g.s
	var players []Seat
	entered := map[ForceID]grid.Pos{}
	for _, m := range moves {
		if m.to == p {
			if f := s.force(m.id); f != nil && f.Pos == p {
				entered[m.id] = m.from
				if !slices.Contains(players, f.Owner) {
					players = append(players, f.Owner)
				}
			}
		}
	}
	var defender Seat
	hasDefender := false
	if st := s.settlementAt(p); st != nil && g.has(st.Owner, p) {
		defender, hasDefender = st.Owner, true
	}
	if !hasDefender {
		for _, i := range s.forcesAt(p) {
			if _, in := entered[s.Forces[i].ID]; !in {
				defender, hasDefender = s.Forces[i].Owner, true
				break
			}
		}
	}
	if !hasDefender {
		if len(players) < 2 {
			return false
		}
		defender, players = players[0], players[1:]
	}
	fought := false
	for _, att := range players {
		if att == defender || !g.has(att, p) || !g.has(defender, p) {
			if !g.has(defender, p) && g.has(att, p) {
				defender = att
			}
			continue
		}
		if g.allPeace(p, att, defender) {
			continue
		}
		fought = true
		if g.fight(p, att, defender, entered, step, out) {
			defender = att
		}
	}
	return fought
}

// has reports whether seat o has a force on p.
func (g *Game) has(o Seat, p grid.Pos) bool {
	for _, i := range g.s.forcesAt(p) {
		if g.s.Forces[i].Owner == o {
			return true
		}
	}
	return false
}

// allPeace reports whether every force of seats a and b on p is in peace
// mode: "If armies of different players are found in the same square,
// combat occurs. Exception: All armies are in "peace"-mode."
func (g *Game) allPeace(p grid.Pos, a, b Seat) bool {
	for _, i := range g.s.forcesAt(p) {
		f := &g.s.Forces[i]
		if (f.Owner == a || f.Owner == b) && !f.Peace {
			return false
		}
	}
	return true
}

// side gathers seat o's forces on p into a battle side.
func (g *Game) side(p grid.Pos, o Seat) (battle.Side, []ForceID) {
	sd := battle.Side{Player: uint8(o)}
	var ids []ForceID
	for _, i := range g.s.forcesAt(p) {
		f := &g.s.Forces[i]
		if f.Owner != o {
			continue
		}
		ids = append(ids, f.ID)
		sd.Garrison = sd.Garrison || f.Garrison
		for _, u := range f.Units {
			sd.Fighters = append(sd.Fighters, g.fighter(u))
		}
	}
	return sd, ids
}

// fighter is unit u in a battle.
func (g *Game) fighter(u Unit) battle.Fighter {
	return battle.Fighter{ID: u.ID, Kind: u.Kind, HP: u.HP, Level: Level(&g.d.Game, u.Battles), Battles: u.Battles}
}

// Level is the experience level of a unit that has fought battles battles:
// "After the first, third and fifth battle the unit is promoted one level
// (shown as *, ** and ***)."
func Level(gm *dat.Game, battles int) int {
	n := 0
	for _, b := range gm.Promotions {
		if battles >= b {
			n++
		}
	}
	return n
}

// fight fights one battle on p between attacker att and defender def and
// places the forces after it; it reports whether the attacker holds the
// square.
func (g *Game) fight(p grid.Pos, att, def Seat, entered map[ForceID]grid.Pos, step int, out *outcome) bool {
	s := g.s
	as, aids := g.side(p, att)
	ds, dids := g.side(p, def)
	from := grid.Pos{X: -1, Y: -1}
	for _, id := range aids {
		if q, ok := entered[id]; ok {
			from = q
			break
		}
	}
	aEsc, aOK := g.escape(p, att, aids, from)
	dEsc, dOK := g.escape(p, def, dids, grid.Pos{X: -1, Y: -1})
	as.CanFlee = aOK
	ds.CanFlee = dOK && !ds.Garrison
	rep := battle.Fight(g.d, as, ds, g.rnd)
	g.survive(aids, rep.Sides[0].Fighters)
	g.survive(dids, rep.Sides[1].Fighters)
	for _, id := range append(slices.Clone(aids), dids...) {
		if f := s.force(id); f != nil {
			f.Path = nil
		}
	}
	holds := false
	switch rep.Outcome {
	case battle.AttackerFled:
		g.place(aids, aEsc)
	case battle.Stalemate:
		// CHOICE: after a battle no one can win the attacker falls back
		// where it came from, or flees if it cannot.
		switch {
		case from.X >= 0 && !g.hostileArmy(from, att):
			g.place(aids, from)
		case aOK:
			g.place(aids, aEsc)
		}
	case battle.DefenderFled:
		g.place(dids, dEsc)
		holds = true
	case battle.DefenderWiped:
		holds = true
	}
	g.winkOut()
	be := &BattleEvent{Attacker: att, Defender: def, AttackerForces: aids, DefenderForces: dids, Report: rep}
	out.add(Event{Kind: EvBattle, Step: step, Owner: att, Other: def, Pos: p, Battle: be}, seatMask(att)|seatMask(def)|g.seeing(p))
	return holds
}

// survive keeps in forces ids the units among fighters, with their hp and
// battles after the battle.
func (g *Game) survive(ids []ForceID, fighters []battle.Fighter) {
	for _, id := range ids {
		f := g.s.force(id)
		kept := f.Units[:0]
		for _, u := range f.Units {
			i := slices.IndexFunc(fighters, func(x battle.Fighter) bool { return x.ID == u.ID })
			if i < 0 || fighters[i].HP <= 0 {
				continue
			}
			u.HP, u.Battles = fighters[i].HP, fighters[i].Battles
			kept = append(kept, u)
		}
		f.Units = kept
	}
}

// place moves forces ids to q.
func (g *Game) place(ids []ForceID, q grid.Pos) {
	for _, id := range ids {
		if f := g.s.force(id); f != nil && len(f.Units) > 0 {
			f.Pos = q
		}
	}
}

// hostileArmy reports whether q holds a force of a seat other than o.
func (g *Game) hostileArmy(q grid.Pos, o Seat) bool {
	for _, i := range g.s.forcesAt(q) {
		if g.s.Forces[i].Owner != o {
			return true
		}
	}
	return false
}

// escape finds where seat o's forces ids on p flee: "It flees into an
// adjacent empty square (no towns or cities, no other hostile armies)."
// and one each of its armies can enter; prefer is tried first (where the
// attacker came from). ok is false if there is none: "An army does not
// flee, if there is no adjacent square which is a suitable escape target."
func (g *Game) escape(p grid.Pos, o Seat, ids []ForceID, prefer grid.Pos) (grid.Pos, bool) {
	s := g.s
	cands := s.grid().Neighbours(nil, p)
	if i := slices.Index(cands, prefer); i > 0 {
		cands[0], cands[i] = cands[i], cands[0]
	}
	for _, q := range cands {
		if s.settlementAt(q) != nil || g.hostileArmy(q, o) {
			continue
		}
		ok := true
		for _, id := range ids {
			if f := s.force(id); f != nil && !g.canEnter(f.Units, q) {
				ok = false
				break
			}
		}
		if ok {
			return q, true
		}
	}
	return grid.Pos{}, false
}

// bombard lets army id bombard the hostile armies beside it: "After each
// move all adjacent squares are checked if there is a hostile army. Every
// bombing unit bombards the hostile army once. If there are more than one
// hostile army in an adjacent square, the target is chosen randomly. If
// there are more than one adjacent squares with hostile armies, every
// square gets one hit from every bombing unit." An army in peace mode does
// not bombard (CHOICE). It reports whether it bombarded.
func (g *Game) bombard(id ForceID, step int, out *outcome) bool {
	s := g.s
	f := s.force(id)
	if f == nil || f.Garrison || f.Peace {
		return false
	}
	bombers := false
	for _, u := range f.Units {
		if g.d.Unit(u.Kind).Attacks&dat.Bombing != 0 {
			bombers = true
		}
	}
	if !bombers {
		return false
	}
	did := false
	for _, q := range s.grid().Neighbours(nil, f.Pos) {
		var targets []ForceID
		for _, i := range s.forcesAt(q) {
			if t := &s.Forces[i]; t.Owner != f.Owner && !t.Garrison {
				targets = append(targets, t.ID)
			}
		}
		if len(targets) == 0 {
			continue
		}
		tid := targets[0]
		if len(targets) > 1 {
			tid = targets[g.rnd.IntN(len(targets))]
		}
		f = s.force(id)
		t := s.force(tid)
		army := make([]battle.Fighter, 0, len(f.Units))
		for _, u := range f.Units {
			army = append(army, g.fighter(u))
		}
		target := make([]battle.Fighter, 0, len(t.Units))
		for _, u := range t.Units {
			target = append(target, g.fighter(u))
		}
		hits, after := battle.Bombard(g.d, army, target, g.rnd)
		g.survive([]ForceID{tid}, after)
		owner := t.Owner
		g.winkOut()
		out.add(Event{Kind: EvBombard, Step: step, Owner: f.Owner, Other: owner, Force: id, Target: tid, Pos: f.Pos, To: q, Hits: hits},
			seatMask(f.Owner)|seatMask(owner)|g.seeing(q))
		did = true
	}
	return did
}

// conquer hands settlements to the armies that hold them: "A settlement
// is conquered if the defending garrison is defeated. If there is no
// defending garrison, an army occupying the settlement square is enough
// for conquering." An army in peace mode does not conquer, and where
// several players' armies stand in peace "control of the square does not
// change". It reports whether any settlement changed hands.
func (g *Game) conquer(step int, out *outcome) bool {
	s := g.s
	changed := false
	for i := range s.Settlements {
		st := &s.Settlements[i]
		var owner Seat
		found, several, armed := false, false, false
		for _, j := range s.forcesAt(st.Pos) {
			f := &s.Forces[j]
			if found && f.Owner != owner {
				several = true
			}
			owner, found = f.Owner, true
			armed = armed || !f.Peace
		}
		if !found || several || owner == st.Owner || !armed {
			continue
		}
		old := st.Owner
		st.Owner, st.Progress, st.Forward = owner, 0, 0
		g.tell(old, st)
		// CHOICE: a conquered settlement goes on producing the first
		// unit it can.
		st.Produce = g.firstProducible(st)
		changed = true
		out.add(Event{Kind: EvConquered, Step: step, Owner: owner, Other: old, Settlement: st.ID, Pos: st.Pos},
			seatMask(owner)|seatMask(old)|g.seeing(st.Pos))
	}
	return changed
}

// tell updates seat o's memory of settlement st: a player knows who took
// its settlement from it.
func (g *Game) tell(o Seat, st *Settlement) {
	if o == 0 {
		return
	}
	m := &g.s.Memory[o-1]
	seen := SeenSettlement{ID: st.ID, Pos: st.Pos, City: st.City, Owner: st.Owner, Turn: g.s.Turn}
	k, found := slices.BinarySearchFunc(m.Settlements, st.ID, func(x SeenSettlement, id SettlementID) int { return cmp.Compare(x.ID, id) })
	if found {
		m.Settlements[k] = seen
	} else {
		m.Settlements = slices.Insert(m.Settlements, k, seen)
	}
}

// firstProducible is the first kind settlement st can produce, plus one
// (0: none).
func (g *Game) firstProducible(st *Settlement) int {
	for k := range g.d.Units {
		if g.cannotProduce(st, k) == "" {
			return k + 1
		}
	}
	return 0
}

// travel moves the units in transit: "If the target of a forwarded unit
// moves, the number of turns necessary will be recalculated and prolonged
// or shortened accordingly." A unit arrives when it has travelled the
// turns needed. "If the target of a forwarded unit is eliminated, the
// forwarded unit appears in the forwarding settlement at the end of the
// turn the target is eliminated in. If this occurs and the forwarding
// settlement has got a new owner in the meantime, the forwarded unit will
// become property of this lucky fellow."
func (g *Game) travel(out *outcome) {
	s := g.s
	gr := s.grid()
	var still []Transit
	for _, t := range s.Transits {
		st := s.settlement(t.From)
		f := s.force(t.Target)
		if f == nil {
			owner := st.Owner
			fid := g.garrison(st, t.Unit)
			out.add(Event{Kind: EvReturned, Owner: owner, Other: t.Owner, Settlement: st.ID, Force: fid, Pos: st.Pos, Unit: int(t.Unit.Kind) + 1},
				seatMask(owner)|seatMask(t.Owner))
			continue
		}
		t.Elapsed++
		t.Need = ForwardTurns(g.d.Unit(t.Unit.Kind), gr.Distance(st.Pos, f.Pos))
		if t.Elapsed >= t.Need {
			f.Units = append(f.Units, t.Unit)
			out.add(Event{Kind: EvArrived, Owner: f.Owner, Force: f.ID, Pos: f.Pos, Settlement: st.ID, Unit: int(t.Unit.Kind) + 1}, seatMask(f.Owner))
			continue
		}
		still = append(still, t)
	}
	s.Transits = still
}

// garrison puts unit u into settlement st's garrison (its owner's first
// garrison there, or a new one) and returns the garrison. A neutral
// settlement's garrison has owner 0.
func (g *Game) garrison(st *Settlement, u Unit) ForceID {
	s := g.s
	for _, i := range s.forcesAt(st.Pos) {
		if f := &s.Forces[i]; f.Garrison && f.Owner == st.Owner {
			f.Units = append(f.Units, u)
			return f.ID
		}
	}
	f := Force{ID: ForceID(s.newID(st.Owner)), Owner: st.Owner, Pos: st.Pos, Garrison: true, Units: []Unit{u}}
	s.insertForce(f)
	return f.ID
}

// produce runs every settlement's production: "towns: 100% production
// rate", "cities: 150% production rate"; "A produced unit will be part of
// the garrison of the producing settlement if it is not forwarded."
func (g *Game) produce(out *outcome) {
	s := g.s
	gr := s.grid()
	for i := range s.Settlements {
		st := &s.Settlements[i]
		if st.Owner == 0 || st.Produce == 0 {
			continue
		}
		k := dat.Kind(st.Produce - 1)
		ut := g.d.Unit(k)
		rate := g.d.Game.TownRate
		if st.City {
			rate = g.d.Game.CityRate
		}
		st.Progress += rate
		need := ut.Prod * 100
		if st.Progress < need {
			continue
		}
		// One unit at a time: what is left over counts, short of a
		// second unit, towards the next (the queue's first, if any).
		st.Progress = min(st.Progress-need, need-1)
		if len(st.Queue) > 0 {
			st.Produce, st.Queue = st.Queue[0], st.Queue[1:]
			if len(st.Queue) == 0 {
				st.Queue = nil
			}
		}
		u := Unit{ID: UnitID(s.newID(st.Owner)), Kind: k, HP: ut.HP}
		if f := s.force(st.Forward); st.Forward != 0 && f != nil && f.Owner == st.Owner {
			t := Transit{Unit: u, Owner: st.Owner, From: st.ID, Target: f.ID, Need: ForwardTurns(ut, gr.Distance(st.Pos, f.Pos))}
			out.add(Event{Kind: EvForwarded, Owner: st.Owner, Settlement: st.ID, Target: f.ID, Pos: st.Pos, Unit: int(k) + 1, Value: t.Need}, seatMask(st.Owner))
			if t.Need == 0 {
				f.Units = append(f.Units, u)
				continue
			}
			s.Transits = append(s.Transits, t)
			continue
		}
		fid := g.garrison(st, u)
		out.add(Event{Kind: EvProduced, Owner: st.Owner, Settlement: st.ID, Force: fid, Pos: st.Pos, Unit: int(k) + 1}, seatMask(st.Owner))
	}
}

// heal heals the wounded in their owner's settlements: "Own wounded units
// will heal 1 hp per turn" in a town, "will heal completely" in a city.
func (g *Game) heal() {
	s := g.s
	for i := range s.Forces {
		f := &s.Forces[i]
		st := s.settlementAt(f.Pos)
		if st == nil || st.Owner != f.Owner {
			continue
		}
		by := g.d.Game.TownHeal
		if st.City {
			by = g.d.Game.CityHeal
		}
		for j := range f.Units {
			u := &f.Units[j]
			full := g.d.Unit(u.Kind).HP
			if by <= 0 {
				u.HP = full
			} else {
				u.HP = min(u.HP+by, full)
			}
		}
	}
}

// endTurn puts out the players with nothing left, ends the game when one
// is left ("The objective of the game is to conquer the world.") or the
// last turn is played, and starts the next turn.
func (g *Game) endTurn(out *outcome) {
	s := g.s
	for i := range s.Players {
		p := &s.Players[i]
		seat := Seat(i + 1)
		if !p.Alive || g.holds(seat) {
			continue
		}
		p.Alive = false
		out.add(Event{Kind: EvEliminated, Owner: seat}, allSeats)
	}
	var alive []Seat
	for i, p := range s.Players {
		if p.Alive {
			alive = append(alive, Seat(i+1))
		}
	}
	switch {
	case len(alive) <= 1:
		s.Over = true
		if len(alive) == 1 {
			s.Winner = alive[0]
		}
	case s.Turn >= g.d.Game.LastTurn:
		// CHOICE (game.dat end.turn): the player holding the most
		// settlements wins, ties broken by the production value of the
		// units; a tie on both is a draw.
		s.Over = true
		s.Winner = g.leader(alive)
	}
	if s.Over {
		out.add(Event{Kind: EvGameOver, Owner: s.Winner}, allSeats)
	}
	// Every step moves Seq on, the last one too.
	s.Turn++
}

// holds reports whether seat o has anything left: a settlement, a force
// or a unit in transit.
func (g *Game) holds(o Seat) bool {
	s := g.s
	return slices.ContainsFunc(s.Settlements, func(st Settlement) bool { return st.Owner == o }) ||
		slices.ContainsFunc(s.Forces, func(f Force) bool { return f.Owner == o }) ||
		slices.ContainsFunc(s.Transits, func(t Transit) bool { return t.Owner == o })
}

// Score is a player's standing for the last turn's decision: settlements
// held, then the production value of its units.
func (g *Game) Score(o Seat) (settlements, value int) {
	s := g.s
	for _, st := range s.Settlements {
		if st.Owner == o {
			settlements++
		}
	}
	for _, f := range s.Forces {
		if f.Owner == o {
			for _, u := range f.Units {
				value += g.d.Unit(u.Kind).Prod
			}
		}
	}
	for _, t := range s.Transits {
		if t.Owner == o {
			value += g.d.Unit(t.Unit.Kind).Prod
		}
	}
	return settlements, value
}

// leader is the seat among alive with the best Score, 0 on a tie.
func (g *Game) leader(alive []Seat) Seat {
	var best Seat
	bs, bv, tie := -1, -1, false
	for _, o := range alive {
		n, v := g.Score(o)
		switch {
		case n > bs || n == bs && v > bv:
			best, bs, bv, tie = o, n, v, false
		case n == bs && v == bv:
			tie = true
		}
	}
	if tie {
		return 0
	}
	return best
}
