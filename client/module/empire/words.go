package empire

import (
	"fmt"
	"strings"

	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/battle"
	"empires/shared/rules/empire/dat"
	"empires/shared/words"
)

// What the screen says of forces, units, settlements and orders, in
// words.

// forceName names force f: "Army 12", "Garrison 7", "New army" for an
// army drafted this turn.
func forceName(f *rules.Force) string {
	switch {
	case Drafted(f.ID):
		return "New army"
	case f.Garrison:
		return fmt.Sprintf("Garrison %v", f.ID)
	}
	return fmt.Sprintf("Army %v", f.ID)
}

// hexWords says "hex" where a text says "square": on a map of hexes.
var hexWords = strings.NewReplacer("squares", "hexes", "Squares", "Hexes", "square", "hex", "Square", "Hex")

// cw returns s in the words of the map's cells: as it is on squares,
// with "hex" for "square" on hexes.
func (m *Model) cw(s string) string {
	if m.v != nil && m.v.Shape == grid.Hex {
		return hexWords.Replace(s)
	}
	return s
}

// lower returns s with its first letter in lower case: "army 12".
func lower(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// upper returns s with its first letter in upper case.
func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// article returns "a" or "an" for word.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// Stars shows an experience level as the document does: "", "*", "**",
// "***".
func Stars(level int) string { return strings.Repeat("*", level) }

// unitName returns the name of unit kind k.
func (m *Model) unitName(k dat.Kind) string {
	if int(k) >= len(m.d.Units) {
		return fmt.Sprintf("unit kind %d", k)
	}
	return m.d.Unit(k).Name
}

// UnitLine describes one unit: "Infantry 1/1 hp **".
func (m *Model) UnitLine(u rules.Unit) string {
	s := fmt.Sprintf("%s %d/%d hp", m.unitName(u.Kind), u.HP, m.d.Unit(u.Kind).HP)
	if st := Stars(rules.Level(&m.d.Game, u.Battles)); st != "" {
		s += " " + st
	}
	return s
}

// Summary counts units by kind, in the data's order: "2 Infantry, 1
// Cavalry".
func (m *Model) Summary(units []rules.Unit) string {
	counts := make([]int, len(m.d.Units))
	for _, u := range units {
		if int(u.Kind) < len(counts) {
			counts[u.Kind]++
		}
	}
	var parts []string
	for k, n := range counts {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, m.d.Units[k].Name))
		}
	}
	if len(parts) == 0 {
		return "no units"
	}
	return strings.Join(parts, ", ")
}

// HP returns the hit points of units and their most.
func (m *Model) HP(units []rules.Unit) (hp, maxHP int) {
	for _, u := range units {
		hp += u.HP
		maxHP += m.d.Unit(u.Kind).HP
	}
	return hp, maxHP
}

// PlayerName names seat s: its name, "Neutral" for 0.
func (m *Model) PlayerName(s rules.Seat) string {
	if s == 0 {
		return "Neutral"
	}
	if m.v != nil && int(s) <= len(m.v.Players) {
		return m.v.Players[s-1].Name
	}
	return fmt.Sprintf("Player %d", s)
}

// SetThirdPerson makes the model speak of the view's player by name, as
// of the others ("Ann's army 7", "Ann took Bob's town"), not as "you": a
// replay's watcher is not the player whose eyes it shows.
func (m *Model) SetThirdPerson(on bool) { m.third = on }

// me reports whether seat s is the one the model speaks to as "you": the
// view's player, unless the model speaks in the third person.
func (m *Model) me(s rules.Seat) bool { return s != 0 && s == m.You() && !m.third }

// whose returns "your" for the player, "Bob's" for another, "neutral" for
// nobody.
func (m *Model) whose(s rules.Seat) string {
	switch {
	case s == 0:
		return "neutral"
	case m.me(s):
		return "your"
	}
	return m.PlayerName(s) + "'s"
}

// who returns "you" for the player, the name of another, "neutral" for
// nobody.
func (m *Model) who(s rules.Seat) string {
	switch {
	case s == 0:
		return "the neutral garrison"
	case m.me(s):
		return "you"
	}
	return m.PlayerName(s)
}

// settlementWord names a settlement: "city", "town".
func settlementWord(city bool) string {
	if city {
		return "city"
	}
	return "town"
}

// SettlementName names settlement s for its owner's eyes: "your city at
// 5,5", "Bob's town at 3,9", "the neutral town at 1,2".
func (m *Model) SettlementName(s *rules.SettlementView) string {
	w := m.whose(s.Owner)
	if s.Owner == 0 {
		w = "the neutral"
	}
	return fmt.Sprintf("%s %s at %v", w, settlementWord(s.City), s.Pos)
}

// Label describes draft d for the list of the turn's orders.
func (m *Model) Label(d Draft) string { return m.cw(m.label(d)) }

func (m *Model) label(d Draft) string {
	o := &d.Order
	switch o.Kind {
	case rules.Move:
		name := fmt.Sprintf("Army %v", o.Force)
		if len(o.Path) == 0 {
			return name + ": stop"
		}
		return name + ": " + m.pathWords(o.Force, o.Path)
	case rules.Produce:
		s := m.Settlement(o.Settlement)
		where := fmt.Sprintf("settlement %d", o.Settlement)
		if s != nil {
			where = fmt.Sprintf("%s at %v", upper(settlementWord(s.City)), s.Pos)
		}
		if o.Value == 0 {
			return where + ": produce nothing"
		}
		k := dat.Kind(o.Value - 1)
		then := ""
		if len(o.Queue) > 0 {
			names := make([]string, 0, len(o.Queue))
			for _, q := range o.Queue {
				if q >= 1 && q <= len(m.d.Units) {
					names = append(names, m.unitName(dat.Kind(q-1)))
				}
			}
			then = ", then " + strings.Join(names, ", ")
		}
		if s != nil && int(k) < len(m.d.Units) {
			return fmt.Sprintf("%s: produce %s (%s)%s", where, m.unitName(k),
				words.Count(rules.ProductionTurns(&m.d.Game, s.City, m.d.Unit(k), 0), "turn", "turns"), then)
		}
		return fmt.Sprintf("%s: produce %s%s", where, m.unitName(k), then)
	case rules.Forward:
		s := m.Settlement(o.Settlement)
		where := fmt.Sprintf("settlement %d", o.Settlement)
		if s != nil {
			where = fmt.Sprintf("%s at %v", upper(settlementWord(s.City)), s.Pos)
		}
		if o.To == 0 {
			return where + ": keep its units in the garrison"
		}
		to := fmt.Sprintf("force %v", o.To)
		if f := m.Force(o.To); f != nil {
			to = lower(forceName(f))
		}
		return fmt.Sprintf("%s: forward its units to %s", where, to)
	case rules.Split:
		from := fmt.Sprintf("Force %v", o.Force)
		if f := m.v.Force(o.Force); f != nil {
			from = forceName(f)
		}
		if o.Garrison {
			return fmt.Sprintf("%s: %s stay as a garrison", from, words.Count(len(o.Units), "unit", "units"))
		}
		s := fmt.Sprintf("%s: split off %s as a new army", from, words.Count(len(o.Units), "unit", "units"))
		if len(o.Path) > 0 {
			s += ", " + m.pathWords(d.NewArmy, o.Path)
		}
		return s
	case rules.Transfer:
		from, to := fmt.Sprintf("Force %v", o.Force), fmt.Sprintf("force %v", o.To)
		if f := m.v.Force(o.Force); f != nil {
			from = forceName(f)
		}
		if f := m.v.Force(o.To); f != nil {
			to = lower(forceName(f))
		}
		n := "all units"
		if len(o.Units) > 0 {
			n = words.Count(len(o.Units), "unit", "units")
		}
		return fmt.Sprintf("%s: %s join %s", from, n, to)
	case rules.Peace:
		name := fmt.Sprintf("Force %v", o.Force)
		if f := m.v.Force(o.Force); f != nil {
			name = forceName(f)
		}
		if o.Value != 0 {
			return name + ": peace on"
		}
		return name + ": peace off"
	}
	return o.String()
}

// pathWords describes army id's path: "to 6,4: 3 squares, 2 turns"; "to
// 9,4: 6 squares, about 3 turns (through unknown squares)".
func (m *Model) pathWords(id rules.ForceID, path []grid.Pos) string {
	s := fmt.Sprintf("to %v: %s", path[len(path)-1], words.Count(len(path), "square", "squares"))
	if f := m.Force(id); f != nil {
		mv := rules.ArmyMovement(m.d, f.Units)
		costs, guessed := m.PathCosts(mv, path)
		switch t := rules.PathTurns(mv, costs); {
		case t > 0 && guessed != nil:
			s += ", about " + words.Count(t, "turn", "turns") + " (through unknown squares)"
		case t > 0:
			s += ", " + words.Count(t, "turn", "turns")
		case t < 0:
			s += ", blocked on the way"
		}
	}
	return s
}

// Line is a line of the event log.
type Line struct {
	Turn int
	Text string
	// Cell is where it happened, when HasCell is set.
	Cell    grid.Pos
	HasCell bool
	// Battle is the battle, for a battle's line: its report opens from
	// the log.
	Battle *rules.Event
	// Mine reports that it concerns the player.
	Mine bool
	// kinds are the kinds of a battle's units the player knew, and sides
	// the side each fought on (0 the attacker's), for its report.
	kinds map[rules.UnitID]dat.Kind
	sides map[rules.UnitID]int
	// forces are a battle's sides' forces as the log named them ("army
	// 12", "garrison 9 and army 31"), with what the views around the
	// battle knew of them.
	forces [2]string
}

// Log returns the event log, oldest first.
func (m *Model) Log() []Line { return m.log }

// tell returns the log's lines of a resolved turn's events: the turn the
// model's view is of, told with what it knew (the units of the player's
// forces) and what next, the view after, knows (who holds what).
func (m *Model) tell(next *rules.View, events []rules.Event) []Line {
	turn := m.v.Turn
	var out []Line
	add := func(l Line) { l.Turn, l.Text = turn, m.cw(l.Text); out = append(out, l) }
	// The moves of a force in the turn's steps make one line: from its
	// first square to its last.
	type trip struct {
		line     int
		from, to grid.Pos
		steps    int
		owner    rules.Seat
		force    rules.ForceID
	}
	trips := map[rules.ForceID]*trip{}
	var order []rules.ForceID
	for i := range events {
		e := &events[i]
		mine := e.Owner == m.You() || e.Other == m.You()
		switch e.Kind {
		case rules.EvMoved:
			t, ok := trips[e.Force]
			if !ok {
				t = &trip{from: e.Pos, owner: e.Owner, force: e.Force, line: len(out)}
				trips[e.Force] = t
				order = append(order, e.Force)
				add(Line{Mine: e.Owner == m.You()}) // its words come once the trip is known
			}
			t.to, t.steps = e.To, t.steps+1
		case rules.EvBlocked:
			who := upper(m.forceWord(e.Owner, e.Force, next))
			text := fmt.Sprintf("%s at %v cannot enter %v: it stops.", who, e.Pos, e.To)
			t, ok := next.TerrainAt(e.To)
			if !ok {
				t, ok = m.v.TerrainAt(e.To)
			}
			if ok {
				text = fmt.Sprintf("%s at %v: %v is %s it cannot enter: it stops.", who, e.Pos, e.To, m.d.Terrains[t].Name)
			}
			add(Line{Text: text, Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvBattle:
			l := Line{Text: m.battleWords(e, next), Cell: e.Pos, HasCell: true, Battle: e, Mine: mine}
			l.kinds, l.sides = m.battleUnits(e, next)
			if b := e.Battle; b != nil {
				l.forces = [2]string{
					strings.TrimPrefix(m.sideWords(b.Attacker, b.AttackerForces, next), m.whose(b.Attacker)+" "),
					strings.TrimPrefix(m.sideWords(b.Defender, b.DefenderForces, next), m.whose(b.Defender)+" "),
				}
			}
			add(l)
		case rules.EvBombard:
			hits, dmg := 0, 0
			for _, h := range e.Hits {
				if h.Damage > 0 {
					hits++
					dmg += h.Damage
				}
			}
			add(Line{Text: fmt.Sprintf("%s on %v bombarded %s on %v: %s of %d, %d hp lost.",
				upper(m.forceWord(e.Owner, e.Force, next)), e.Pos, m.forceWord(e.Other, e.Target, next), e.To,
				words.Count(hits, "hit", "hits"), len(e.Hits), dmg), Cell: e.To, HasCell: true, Mine: mine})
		case rules.EvConquered:
			add(Line{Text: m.conquestWords(e, next), Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvProduced:
			add(Line{Text: fmt.Sprintf("%s produced %s (garrison %v).", upper(m.settlementAt(e.Pos, e.Owner, next)),
				article(m.unitName(dat.Kind(e.Unit-1))), e.Force), Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvForwarded:
			add(Line{Text: fmt.Sprintf("%s produced %s and forwarded it to %s: it arrives in %s.",
				upper(m.settlementAt(e.Pos, e.Owner, next)), article(m.unitName(dat.Kind(e.Unit-1))),
				m.forceWord(e.Owner, e.Target, next), words.Count(e.Value, "turn", "turns")), Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvArrived:
			add(Line{Text: fmt.Sprintf("%s forwarded from %s joined %s at %v.", upper(article(m.unitName(dat.Kind(e.Unit-1)))),
				m.settlementByID(e.Settlement, next), m.forceWord(e.Owner, e.Force, next), e.Pos), Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvReturned:
			unit := m.unitName(dat.Kind(e.Unit - 1))
			where := m.settlementAt(e.Pos, e.Owner, next)
			text := fmt.Sprintf("%s forwarded to a force that is gone came back to %s.", upper(article(unit)), where)
			if e.Owner != e.Other {
				text = fmt.Sprintf("%s of %s, forwarded to a force that is gone, came back to %s: it is %s now.",
					upper(article(unit)), m.who(e.Other), where, m.PlayerName(e.Owner)+"'s")
				if m.me(e.Owner) {
					text = strings.TrimSuffix(text, m.PlayerName(e.Owner)+"'s now.") + "yours now."
				}
			}
			add(Line{Text: text, Cell: e.Pos, HasCell: true, Mine: mine})
		case rules.EvEliminated:
			text := fmt.Sprintf("%s is out of the game.", m.PlayerName(e.Owner))
			if m.me(e.Owner) {
				text = "You are out of the game: your empire fell."
			}
			add(Line{Text: text, Mine: mine})
		case rules.EvGameOver:
			text := "The game is over: nobody won."
			switch {
			case m.me(e.Owner):
				text = "The game is over: you conquered the world!"
			case e.Owner != 0:
				text = fmt.Sprintf("The game is over: %s won.", m.PlayerName(e.Owner))
			}
			add(Line{Text: text, Mine: true})
		default:
			add(Line{Text: e.Kind.String(), Mine: mine})
		}
	}
	for _, id := range order {
		t := trips[id]
		out[t.line].Text = m.cw(fmt.Sprintf("%s moved from %v to %v (%s).", upper(m.forceWord(t.owner, t.force, next)), t.from, t.to,
			words.Count(t.steps, "square", "squares")))
		out[t.line].Cell, out[t.line].HasCell = t.to, true
	}
	return out
}

// battleUnits returns the kinds of the units of battle e the player
// knows (every unit that fought, as the report's start holds them; its
// own forces before and after the battle; the survivors) and the side
// each fought on.
func (m *Model) battleUnits(e *rules.Event, next *rules.View) (map[rules.UnitID]dat.Kind, map[rules.UnitID]int) {
	kinds, sides := map[rules.UnitID]dat.Kind{}, map[rules.UnitID]int{}
	b := e.Battle
	if b == nil {
		return kinds, sides
	}
	for _, v := range []*rules.View{m.v, next} {
		for _, f := range v.Forces {
			for _, u := range f.Units {
				kinds[u.ID] = u.Kind
				switch f.Owner {
				case b.Attacker:
					sides[u.ID] = 0
				case b.Defender:
					sides[u.ID] = 1
				}
			}
		}
	}
	for s := range 2 {
		for _, f := range b.Report.Start[s] {
			kinds[f.ID], sides[f.ID] = f.Kind, s
		}
		for _, f := range b.Report.Sides[s].Fighters {
			kinds[f.ID], sides[f.ID] = f.Kind, s
		}
	}
	return kinds, sides
}

// forceWord names force id of seat owner as the player knows it: "your
// army 12", "Bob's garrison 9", "Bob's force 31" when the player does not
// know which.
func (m *Model) forceWord(owner rules.Seat, id rules.ForceID, next *rules.View) string {
	kind := ""
	for _, v := range []*rules.View{m.v, next} {
		if f := v.Force(id); f != nil {
			kind = lower(forceName(f))
			break
		}
		for _, s := range v.Sightings {
			if s.Force == id {
				kind = "army"
				if s.Garrison {
					kind = "garrison"
				}
				kind = fmt.Sprintf("%s %v", kind, id)
			}
		}
		if kind != "" {
			break
		}
	}
	if kind == "" {
		kind = fmt.Sprintf("force %v", id)
	}
	return m.whose(owner) + " " + kind
}

// settlementAt names the settlement on p of seat owner: "your city at
// 5,5".
func (m *Model) settlementAt(p grid.Pos, owner rules.Seat, next *rules.View) string {
	city := false
	if s := next.SettlementAt(p); s != nil {
		city = s.City
	} else if s := m.v.SettlementAt(p); s != nil {
		city = s.City
	}
	w := m.whose(owner)
	if owner == 0 {
		w = "the neutral"
	}
	return fmt.Sprintf("%s %s at %v", w, settlementWord(city), p)
}

// settlementByID names settlement id: "your city at 5,5".
func (m *Model) settlementByID(id rules.SettlementID, next *rules.View) string {
	for _, v := range []*rules.View{next, m.v} {
		for i := range v.Settlements {
			if s := &v.Settlements[i]; s.ID == id {
				return m.settlementAt(s.Pos, s.Owner, next)
			}
		}
	}
	return fmt.Sprintf("settlement %d", id)
}

// conquestWords tells of a settlement taken.
func (m *Model) conquestWords(e *rules.Event, next *rules.View) string {
	city := false
	if s := next.SettlementAt(e.Pos); s != nil {
		city = s.City
	}
	w := settlementWord(city)
	switch {
	case m.me(e.Owner) && e.Other == 0:
		return fmt.Sprintf("You took the neutral %s at %v.", w, e.Pos)
	case m.me(e.Owner):
		return fmt.Sprintf("You took %s's %s at %v.", m.PlayerName(e.Other), w, e.Pos)
	case m.me(e.Other):
		return fmt.Sprintf("%s took your %s at %v!", m.PlayerName(e.Owner), w, e.Pos)
	case e.Other == 0:
		return fmt.Sprintf("%s took the neutral %s at %v.", m.PlayerName(e.Owner), w, e.Pos)
	}
	return fmt.Sprintf("%s took %s's %s at %v.", m.PlayerName(e.Owner), m.PlayerName(e.Other), w, e.Pos)
}

// sideWords names a battle's side: "your army 12", "Bob's garrison 9 and
// army 31".
func (m *Model) sideWords(owner rules.Seat, ids []rules.ForceID, next *rules.View) string {
	if len(ids) == 0 {
		return m.whose(owner) + " forces"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strings.TrimPrefix(m.forceWord(owner, id, next), m.whose(owner)+" ")
	}
	return m.whose(owner) + " " + strings.Join(parts, " and ")
}

// battleWords tells a battle in a line: who attacked whom and how it
// ended.
func (m *Model) battleWords(e *rules.Event, next *rules.View) string {
	b := e.Battle
	if b == nil {
		return fmt.Sprintf("A battle at %v.", e.Pos)
	}
	att := m.sideWords(b.Attacker, b.AttackerForces, next)
	def := m.sideWords(b.Defender, b.DefenderForces, next)
	s := fmt.Sprintf("Battle at %v: %s attacked %s", e.Pos, att, def)
	r := &b.Report
	lost := func(i int) int { return r.StartHP[i] - sideHP(r.Sides[i]) }
	switch r.Outcome {
	case battle.AttackerWiped:
		s += fmt.Sprintf(" and was wiped out; %s %s the square", m.who(b.Defender), verb(m, b.Defender, "hold", "holds"))
	case battle.AttackerFled:
		s += fmt.Sprintf(" and fled; %s %s the square", m.who(b.Defender), verb(m, b.Defender, "hold", "holds"))
	case battle.DefenderFled:
		s += fmt.Sprintf("; %s fled and %s took the square", m.sideName(b.Defender), m.who(b.Attacker))
	case battle.DefenderWiped:
		s += fmt.Sprintf("; %s was wiped out and %s took the square", m.sideName(b.Defender), m.who(b.Attacker))
	case battle.Stalemate:
		s += fmt.Sprintf("; neither could win and %s fell back", m.who(b.Attacker))
	}
	return s + fmt.Sprintf(" (hp lost: %d and %d).", lost(0), lost(1))
}

// sideName names seat s's side of a battle: "your side", "Bob's side",
// "the neutral side".
func (m *Model) sideName(s rules.Seat) string {
	if s == 0 {
		return "the neutral side"
	}
	return m.whose(s) + " side"
}

// sideHP is the hp of a battle side's survivors.
func sideHP(s battle.Side) int {
	n := 0
	for _, f := range s.Fighters {
		n += f.HP
	}
	return n
}

// SightingLine describes a sighting: "Bob's army 31: 5 units, 7/9 hp,
// seen on turn 4".
func (m *Model) SightingLine(sg *rules.Sighting) string {
	kind := "army"
	if sg.Garrison {
		kind = "garrison"
	}
	s := fmt.Sprintf("%s %s %v: %s, %d/%d hp", upper(m.whose(sg.Owner)), kind, sg.Force, words.Count(sg.Units, "unit", "units"), sg.HP, sg.MaxHP)
	if sg.Peace {
		s += ", in peace"
	}
	if m.v.Outdated(sg) {
		return s + fmt.Sprintf(", seen on turn %d (outdated)", sg.Turn)
	}
	return s + fmt.Sprintf(", seen on turn %d", sg.Turn)
}

// ForceLine describes one of the player's forces: "Army 12: 4 units (2
// Infantry, 1 Cavalry, 1 Archer), 5/5 hp".
func (m *Model) ForceLine(f *rules.Force) string {
	hp, most := m.HP(f.Units)
	s := fmt.Sprintf("%s: %s (%s), %d/%d hp", forceName(f), words.Count(len(f.Units), "unit", "units"), m.Summary(f.Units), hp, most)
	if f.Peace {
		s += ", in peace"
	}
	return s
}

// Describe tells what the player knows of square p, a line each: the
// ground, the settlement, the player's forces, the others' as sighted.
func (m *Model) Describe(p grid.Pos) []string {
	lines := m.describe(p)
	for i := range lines {
		lines[i] = m.cw(lines[i])
	}
	return lines
}

func (m *Model) describe(p grid.Pos) []string {
	if m.v == nil || !m.v.Grid().Contains(p) {
		return nil
	}
	sq := m.SquareAt(p)
	var out []string
	switch sq.Sight {
	case Unknown:
		return []string{fmt.Sprintf("Unknown square at %v: never seen", p)}
	case Remembered:
		out = append(out, fmt.Sprintf("%s at %v, last seen on turn %d", m.d.Terrains[sq.Terrain].Name, p, m.v.Seen[m.v.Grid().Index(p)]))
	default:
		out = append(out, fmt.Sprintf("%s at %v, in sight", m.d.Terrains[sq.Terrain].Name, p))
	}
	if st := m.SettlementAt(p); st != nil {
		line := upper(m.SettlementName(st))
		if st.Owner != m.You() && st.Turn < m.v.ObservedTurn() {
			line += fmt.Sprintf(" (as seen on turn %d)", st.Turn)
		}
		out = append(out, line)
	}
	for _, f := range m.ForcesAt(p) {
		out = append(out, upper(m.whose(f.Owner))+" "+lower(m.ForceLine(f)))
	}
	for _, sg := range m.SightingsAt(p) {
		out = append(out, m.SightingLine(&sg))
	}
	return out
}
