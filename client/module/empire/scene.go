package empire

import (
	"cmp"
	"slices"

	"empires/shared/grid"
	rules "empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// Sight is how well the player knows a square.
type Sight uint8

// The ways a square is known.
const (
	// Unknown: never seen, drawn dark.
	Unknown Sight = iota
	// Remembered: seen before the turn just played, drawn dimmed; what
	// is on it is as it was last seen.
	Remembered
	// Seen: in sight at the newest observations, drawn clear.
	Seen
)

// Square is how the map draws one square's ground: its terrain and how
// well the player knows it.
type Square struct {
	Terrain dat.Terrain
	Sight   Sight
}

// SquareAt returns how the map draws the ground of p.
func (m *Model) SquareAt(p grid.Pos) Square {
	t, known := m.v.TerrainAt(p)
	switch {
	case !known:
		return Square{}
	case m.v.InSight(p):
		return Square{Terrain: t, Sight: Seen}
	}
	return Square{Terrain: t, Sight: Remembered}
}

// Thing is what the map draws on one square over its ground: a
// settlement, the player's forces, the others' forces as sighted.
type Thing struct {
	Pos grid.Pos
	// Settlement is the settlement there, if the view knows one.
	Settlement *rules.SettlementView
	// Garrison counts the units of the player's garrisons there;
	// Armies the player's armies and ArmyUnits their units; Owner is
	// whose they are (the player's, or for the all-seeing spectator,
	// the first force's owner).
	Garrison, Armies, ArmyUnits int
	Owner                       rules.Seat
	// ArmyKind and GarrisonKind are the kinds the armies' and the
	// garrisons' tokens show (MainKind of all their units), when there
	// are any.
	ArmyKind, GarrisonKind dat.Kind
	// Sightings are the others' forces sighted there, by number.
	Sightings []rules.Sighting
	// Outdated reports that every sighting is of an earlier turn; Seen is
	// the turn of the newest.
	Outdated bool
	Seen     int
}

// Things returns what the map draws over the ground, square by square in
// grid order: settlements, the player's forces as its drafted orders
// leave them (an army split off this turn among them), the sightings.
func (m *Model) Things() []Thing { return m.things(nil) }

// things is Things without the forces in hide (those the turn's
// animation draws on their way).
func (m *Model) things(hide map[rules.ForceID]bool) []Thing {
	if m.v == nil {
		return nil
	}
	g := m.v.Grid()
	at := map[grid.Pos]*Thing{}
	get := func(p grid.Pos) *Thing {
		t, ok := at[p]
		if !ok {
			t = &Thing{Pos: p, Outdated: true}
			at[p] = t
		}
		return t
	}
	for i := range m.settlements {
		get(m.settlements[i].Pos).Settlement = &m.settlements[i]
	}
	// The units of the armies and of the garrisons on each square, for
	// the kinds their tokens show.
	type units struct{ army, garrison []rules.Unit }
	of := map[grid.Pos]*units{}
	for _, f := range m.forces {
		if hide[f.ID] {
			continue
		}
		t := get(f.Pos)
		if t.Garrison+t.Armies == 0 {
			t.Owner = f.Owner
		}
		u := of[f.Pos]
		if u == nil {
			u = &units{}
			of[f.Pos] = u
		}
		if f.Garrison {
			t.Garrison += len(f.Units)
			u.garrison = append(u.garrison, f.Units...)
		} else {
			t.Armies++
			t.ArmyUnits += len(f.Units)
			u.army = append(u.army, f.Units...)
		}
	}
	for p, u := range of {
		at[p].ArmyKind, _ = MainKind(m.d, u.army)
		at[p].GarrisonKind, _ = MainKind(m.d, u.garrison)
	}
	for _, s := range m.v.Sightings {
		if hide[s.Force] {
			continue
		}
		t := get(s.Pos)
		t.Sightings = append(t.Sightings, s)
		t.Outdated = t.Outdated && m.v.Outdated(&s)
		t.Seen = max(t.Seen, s.Turn)
	}
	out := make([]Thing, 0, len(at))
	for _, t := range at {
		if len(t.Sightings) == 0 {
			t.Outdated = false
		}
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b Thing) int { return cmp.Compare(g.Index(a.Pos), g.Index(b.Pos)) })
	return out
}

// MainKind returns the kind of units a token shows for a force of units:
// the most numerous, ties broken by the strongest (the highest attack
// plus defence value, AV+DV), then by the kind listed first in units.dat;
// false for no units. CHOICE: the most numerous, because the count beside
// the picture is then mostly of that kind; the strongest among equals,
// because it is the one an opponent fears.
func MainKind(d *dat.Data, units []rules.Unit) (dat.Kind, bool) {
	if len(units) == 0 {
		return 0, false
	}
	n := make([]int, len(d.Units))
	for _, u := range units {
		if int(u.Kind) < len(n) {
			n[u.Kind]++
		}
	}
	best := -1
	for k := range n {
		if n[k] == 0 {
			continue
		}
		if best < 0 || n[k] > n[best] || n[k] == n[best] && strength(&d.Units[k]) > strength(&d.Units[best]) {
			best = k
		}
	}
	if best < 0 {
		return 0, false
	}
	return dat.Kind(best), true
}

// strength is what breaks a tie of MainKind: attack plus defence value.
func strength(u *dat.Unit) int { return u.AV + u.DV }

// Home returns the square the camera starts on: the player's first city,
// or its first settlement or force (a view of no player's, a replay from
// above: the first player's); false if it has none.
func (m *Model) Home() (grid.Pos, bool) {
	home := m.You()
	if home == 0 {
		home = 1
	}
	var first *rules.SettlementView
	for i := range m.settlements {
		s := &m.settlements[i]
		if s.Owner != home {
			continue
		}
		if s.City {
			return s.Pos, true
		}
		if first == nil {
			first = s
		}
	}
	if first != nil {
		return first.Pos, true
	}
	if len(m.forces) > 0 {
		return m.forces[0].Pos, true
	}
	return grid.Pos{}, false
}
