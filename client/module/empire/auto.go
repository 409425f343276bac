package empire

import (
	"empires/shared/grid"
	rules "empires/shared/rules/empire"
)

// autoSplitAt is how many units a garrison holds before the demonstration
// player splits an army off it: all but one go.
const autoSplitAt = 4

// AutoOrders drafts a turn's orders the way a plain player gives them, for
// a demonstration (the client's scripted session): cities produce
// Cavalry and towns Infantry; a garrison of autoSplitAt units or more
// sends all but one off as a new army; an army without orders marches on
// the nearest settlement not the player's that it can reach over the
// squares the player knows, or, with none, explores towards the nearest
// unknown square. Every order is one the rules accept.
func (m *Model) AutoOrders() {
	you := m.You()
	if m.v == nil || you == 0 {
		return
	}
	for _, st := range m.Settlements() {
		if st.Owner != you {
			continue
		}
		want := "Infantry"
		if st.City {
			want = "Cavalry"
		}
		if k, ok := m.d.Kind(want); ok && st.Produce != int(k)+1 && m.CannotProduce(&st, k) == "" {
			_ = m.Produce(st.ID, int(k)+1)
		}
	}
	var armies []rules.ForceID
	for _, f := range m.Forces() {
		switch {
		case f.Garrison && len(f.Units) >= autoSplitAt:
			var take []rules.UnitID
			for _, u := range f.Units[1:] {
				take = append(take, u.ID)
			}
			if nf, err := m.Split(f.ID, take, false); err == nil {
				armies = append(armies, nf)
			}
		case !f.Garrison && len(f.Path) == 0:
			armies = append(armies, f.ID)
		}
	}
	for _, id := range armies {
		if to, ok := m.autoTarget(id); ok {
			_ = m.MoveTo(id, to)
		}
	}
	m.Deselect()
}

// autoTarget returns where the demonstration player sends army id: the
// nearest settlement not the player's, or the nearest known square beside
// an unknown one; false if it can reach neither.
func (m *Model) autoTarget(id rules.ForceID) (grid.Pos, bool) {
	f := m.Force(id)
	if f == nil {
		return grid.Pos{}, false
	}
	mv := rules.ArmyMovement(m.d, f.Units)
	g := m.v.Grid()
	dist := g.Distances([]grid.Pos{f.Pos}, m.v.PathCost(mv), 0)
	best, bestD := grid.Pos{}, -1
	for _, st := range m.Settlements() {
		if st.Owner == m.You() {
			continue
		}
		if d := dist[g.Index(st.Pos)]; d > 0 && (bestD < 0 || d < bestD) {
			best, bestD = st.Pos, d
		}
	}
	if bestD > 0 {
		return best, true
	}
	var nb []grid.Pos
	for i, d := range dist {
		if d <= 0 || bestD >= 0 && d >= bestD {
			continue
		}
		p := g.At(i)
		for _, q := range g.Neighbours(nb[:0], p) {
			if _, known := m.v.TerrainAt(q); !known {
				best, bestD = p, d
				break
			}
		}
	}
	return best, bestD > 0
}
