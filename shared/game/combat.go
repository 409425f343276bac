package game

import (
	"slices"

	"empires/shared/hex"
)

// Battle orchestration for Move: which armies fight where, in what order,
// and what happens to them afterwards. The rules are in Move's comment.

// edgeArmy is an army fighting on an edge: the map indexes of the edge's
// two hexes (lo < hi) and the army's index.
type edgeArmy struct {
	lo, hi int
	army   int32
}

// edgeGroup is a run of m.edges sharing one edge.
type edgeGroup struct {
	start, end int
}

// crossings finds the enemy armies stepping across the same edge in
// opposite directions; they fight there instead of moving.
func (m *movement) crossings() {
	s := m.s
	m.edges = m.edges[:0]
	for _, i32 := range m.movers {
		st := &m.st[i32]
		a := &s.Armies[i32]
		to := m.rect.Index(st.to)
		if to < 0 {
			continue
		}
		for j := m.head[to]; j >= 0; j = m.st[j].next {
			sj := &m.st[j]
			if sj.want && sj.to == a.Hex && s.Armies[j].Owner != a.Owner {
				st.edge = true
				break
			}
		}
		if st.edge {
			lo, hi := m.rect.Index(a.Hex), to
			if lo > hi {
				lo, hi = hi, lo
			}
			m.edges = append(m.edges, edgeArmy{lo: lo, hi: hi, army: i32})
		}
	}
}

// battles fights this step's battles: edges first, then hexes.
func (m *movement) battles() {
	s := m.s
	if len(m.edges) > 0 {
		slices.SortFunc(m.edges, func(x, y edgeArmy) int {
			if x.lo != y.lo {
				return x.lo - y.lo
			}
			if x.hi != y.hi {
				return x.hi - y.hi
			}
			return int(x.army - y.army)
		})
		m.groups = m.groups[:0]
		for k := 0; k < len(m.edges); {
			e := k + 1
			for e < len(m.edges) && m.edges[e].lo == m.edges[k].lo && m.edges[e].hi == m.edges[k].hi {
				e++
			}
			m.groups = append(m.groups, edgeGroup{start: k, end: e})
			k = e
		}
		// By the lower hex, then by the lowest army (the first of each run).
		slices.SortFunc(m.groups, func(x, y edgeGroup) int {
			if d := m.edges[x.start].lo - m.edges[y.start].lo; d != 0 {
				return d
			}
			return int(m.edges[x.start].army - m.edges[y.start].army)
		})
		for _, g := range m.groups {
			m.list = m.list[:0]
			var def PlayerID
			for k := g.start; k < g.end; k++ {
				i := m.edges[k].army
				m.list = append(m.list, i)
				if p := s.Armies[i].Owner; k == g.start || p < def {
					def = p
				}
			}
			m.fightChain(m.list, true, hex.Hex{}, def, nil)
		}
		m.edges = m.edges[:0]
	}
	slices.Sort(m.entered)
	for _, h := range m.entered {
		m.list = m.list[:0]
		var def, low PlayerID
		haveDef, mixed := false, false
		for j := m.head[h]; j >= 0; j = m.st[j].next {
			p := s.Armies[j].Owner
			if len(m.list) > 0 && p != s.Armies[m.list[0]].Owner {
				mixed = true
			}
			if len(m.list) == 0 || p < low {
				low = p
			}
			if !m.st[j].moved && (!haveDef || p < def) {
				def, haveDef = p, true
			}
			m.list = append(m.list, j)
		}
		site := m.rect.HexAt(int(h))
		// A city with no army on its hex at the start of the step, and
		// none of its owner's now, defends itself against the armies that
		// came in.
		var city *City
		if !haveDef {
			if c := m.defendingCity(s.Armies[m.list[0]].Owner, site); c != nil && !m.ownerAmong(c.Owner, m.list) {
				city, def = c, c.Owner
			}
		}
		if !mixed && city == nil {
			continue
		}
		if !haveDef && city == nil {
			def = low
		}
		m.fightChain(m.list, false, site, def, city)
	}
}

// ownerAmong reports whether one of the armies in list belongs to p.
func (m *movement) ownerAmong(p PlayerID, list []int32) bool {
	for _, i := range list {
		if m.s.Armies[i].Owner == p {
			return true
		}
	}
	return false
}

// fightChain fights the battles among the armies in list (indexes, in
// order), of two or more players: def defends against the lowest attacking
// player, the winner holds and fights the next. On an edge each army fights
// from its own hex; else all stand on site. city, if not nil, is a city of
// def with no army on site that defends itself: def's side is the city
// alone until an attacker beats it.
func (m *movement) fightChain(list []int32, edge bool, site hex.Hex, def PlayerID, city *City) {
	s := m.s
	m.players = m.players[:0]
	for _, i := range list {
		if p := s.Armies[i].Owner; !slices.Contains(m.players, p) {
			m.players = append(m.players, p)
		}
	}
	slices.Sort(m.players)
	holder := def
	for _, p := range m.players {
		if p == holder {
			continue
		}
		m.sides[0] = m.side(m.sides[0][:0], list, holder, edge, site)
		cityFights := city != nil && holder == city.Owner
		if len(m.sides[0]) == 0 && !cityFights {
			holder = p
			continue
		}
		m.sides[1] = m.side(m.sides[1][:0], list, p, edge, site)
		if len(m.sides[1]) == 0 {
			continue
		}
		w := m.fight(m.sides[0], m.sides[1], holder, edge, site)
		if w == 1 {
			holder = p
		}
		if cityFights && w != 1 && !slices.Contains(m.held, city.ID) {
			m.held = append(m.held, city.ID)
		}
	}
}

// side appends to dst the armies of player p in list still in the fight:
// alive and on site (on an edge: still on their own hex).
func (m *movement) side(dst, list []int32, p PlayerID, edge bool, site hex.Hex) []int32 {
	for _, i := range list {
		a, st := &m.s.Armies[i], &m.st[i]
		if a.Owner != p || st.dead {
			continue
		}
		if (edge && a.Hex == st.from) || (!edge && a.Hex == site) {
			dst = append(dst, i)
		}
	}
	return dst
}

// fight fights one battle between the defending armies def of player
// defender and the attacking armies att (indexes, in ID order; def is
// empty when a city defends itself alone), applies its outcome and returns
// the winning side (0 defender, 1 attacker, -1 none). On an edge the battle
// is on the defender's hex, else on site.
func (m *movement) fight(def, att []int32, defender PlayerID, edge bool, site hex.Hex) int {
	s := m.s
	armies := [2][]int32{def, att}
	at := site
	if edge {
		at = s.Armies[def[0]].Hex
	}
	b := Battle{Hex: at, Edge: edge, Dice: &s.RNG, Winner: -1}
	if t, ok := s.Map.At(b.Hex); ok {
		b.Terrain = t
	}
	if !edge {
		if c := s.CityAt(b.Hex); c != nil {
			b.City = c.ID
		}
	}
	rep := &b.Report
	rep.Hex, rep.City = b.Hex, b.City
	for k, role := range [2]Role{Defender, Attacker} {
		ids := make([]ArmyID, len(armies[k]))
		var before Units
		for n, i := range armies[k] {
			ids[n] = s.Armies[i].ID
			before = before.Add(s.Armies[i].Units)
		}
		p := defender
		if k == 1 {
			p = s.Armies[armies[k][0]].Owner
		}
		b.Sides[k] = Side{Player: p, Role: role, Armies: ids}
		rep.Sides[k] = SideReport{Player: b.Sides[k].Player, Role: role, Armies: ids, Before: before}
	}
	// An army that comes in with no units and no characters (a fleet, say)
	// is not destroyed for being empty afterwards: only the battle's doing
	// counts.
	var empty [2][]bool
	for k := range armies {
		empty[k] = make([]bool, len(armies[k]))
		for n, i := range armies[k] {
			empty[k][n] = s.Armies[i].Empty()
		}
	}
	m.rs.Battle(s, &b)
	w := b.Winner
	if w < -1 || w > 1 {
		w = -1
	}
	for k := range armies {
		sd := &b.Sides[k]
		var after Units
		for n, i := range armies[k] {
			a := &s.Armies[i]
			if n < len(sd.Losses) && len(sd.Losses[n]) > 0 {
				a.Units = a.Units.Sub(sd.Losses[n])
			}
			if len(sd.LostCharacters) > 0 {
				a.Characters = withoutCharacters(a.Characters, sd.LostCharacters)
			}
			after = after.Add(a.Units)
			if n < len(sd.Gains) {
				a.Units = a.Units.Add(gains(sd.Gains[n]))
			}
			m.st[i].stopped = true
		}
		rs := &rep.Sides[k]
		rs.Losses = rs.Before.Sub(after)
		rs.Rolls = sd.Rolls
		rs.Won = k == w
		rs.Uncroaked = nil
		for n := range min(len(sd.Gains), len(armies[k])) {
			rs.Uncroaked = rs.Uncroaked.Add(gains(sd.Gains[n]))
		}
	}
	rep.Winner = 0
	if w >= 0 {
		rep.Winner = b.Sides[w].Player
		if c := s.City(b.City); c != nil && b.City != 0 && b.Sides[1-w].Player == c.Owner && !slices.Contains(m.beaten, c.ID) {
			m.beaten = append(m.beaten, c.ID)
		}
	}
	from := b.Hex
	if edge {
		from = s.Armies[att[0]].Hex
	}
	report := b.Report
	m.ev.Add(Event{Turn: s.Turn, Step: m.step, Kind: EventBattle, City: b.City,
		From: from, To: b.Hex, HasHex: true, Battle: &report})
	for k := range armies {
		for n, i := range armies[k] {
			a := &s.Armies[i]
			if (a.Empty() && !empty[k][n]) || slices.Contains(b.Sides[k].Destroyed, a.ID) {
				m.kill(int(i), "destroyed in battle")
			}
		}
	}
	m.progress = true
	if w < 0 {
		return w
	}
	// The losers retreat away from the winner: from where the winner's
	// first army came this step, or where it stands across the edge (a
	// city that won alone holds the hex: East first).
	var enemy hex.Hex
	haveEnemy := false
	if len(armies[w]) > 0 {
		wa := armies[w][0]
		enemy, haveEnemy = s.Armies[wa].Hex, edge
		if !edge && m.st[wa].moved && m.st[wa].from != s.Armies[wa].Hex {
			enemy, haveEnemy = m.st[wa].from, true
		}
	}
	for _, i := range armies[1-w] {
		if !m.st[i].dead {
			m.retreat(int(i), enemy, haveEnemy)
		}
	}
	return w
}

// gains returns g without its negative counts.
func gains(g Units) Units {
	out := make(Units, len(g))
	for k, c := range g {
		out[k] = max(c, 0)
	}
	return out
}

// withoutCharacters returns cs without the characters in lost (a new slice
// if any is removed).
func withoutCharacters(cs []Character, lost []CharacterID) []Character {
	n := 0
	for _, c := range cs {
		if !slices.Contains(lost, c.ID) {
			n++
		}
	}
	if n == len(cs) {
		return cs
	}
	if n == 0 {
		return nil
	}
	out := make([]Character, 0, n)
	for _, c := range cs {
		if !slices.Contains(lost, c.ID) {
			out = append(out, c)
		}
	}
	return out
}

// retreat moves losing army i to its first free hex (see Move), or
// destroys it.
func (m *movement) retreat(i int, enemy hex.Hex, haveEnemy bool) {
	a := &m.s.Armies[i]
	st := &m.st[i]
	var cands [hex.NumDirections + 1]hex.Hex
	n := 0
	if st.moved && hex.Distance(st.from, a.Hex) == 1 {
		cands[n] = st.from
		n++
	}
	away := hex.East
	if haveEnemy {
		if d, ok := hex.DirectionTo(a.Hex, enemy); ok {
			away = d.Opposite()
		}
	}
	for k := range hex.Direction(hex.NumDirections) {
		cands[n] = a.Hex.Neighbor((away + k) % hex.NumDirections)
		n++
	}
	for _, c := range cands[:n] {
		if m.free(i, c) {
			m.relocate(i, c, EventRetreat)
			return
		}
	}
	m.kill(i, "no room to retreat")
}

// free reports whether army i may step to its neighbour h away from a
// fight: it may enter h, no enemy army stands there, no enemy city that
// defends itself, and stacking allows.
func (m *movement) free(i int, h hex.Hex) bool {
	a := &m.s.Armies[i]
	if _, ok := m.cost(a, a.Hex, h); !ok {
		return false
	}
	idx := m.rect.Index(h)
	if m.head[idx] < 0 && m.defendingCity(a.Owner, h) != nil {
		return false
	}
	others := m.others[:0]
	for j := m.head[idx]; j >= 0; j = m.st[j].next {
		b := &m.s.Armies[j]
		if b.Owner != a.Owner {
			return false
		}
		others = append(others, b)
	}
	m.others = others
	return len(others) == 0 || m.rs.CanStack(m.s, a, h, others)
}
