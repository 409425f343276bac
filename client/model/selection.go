package model

import (
	"empires/shared/game"
	"empires/shared/hex"
)

// Selection is what the player has selected: nothing (Active false), a hex,
// one of its own armies, or one of its own cities. Hex is always the
// selected hex; Army or City (at most one of them) what on it is selected.
type Selection struct {
	Active bool
	Hex    hex.Hex
	Army   game.ArmyID
	City   game.CityID
}

// Selection returns the current selection.
func (m *Model) Selection() Selection { return m.sel }

// Deselect clears the selection.
func (m *Model) Deselect() { m.sel = Selection{} }

// Click acts on a click on hex h. It selects what is on h: the player's
// armies on h in ID order, then the player's city there, one after the
// other on repeated clicks (round and round). With one of the player's
// armies selected and h another hex holding nothing of the player's that
// the army surely reaches this turn (PlanPath: Reachable over known hexes
// only, as Reach lights them, and not Refused), it plans the army's move
// there instead (an attack if an enemy in sight holds h) and keeps the
// army selected;
// otherwise a hex with nothing of the player's selects the bare hex. (A
// move into the unexplored is ordered with SetMove, from PlanPath.) A
// click off the map, or before the first view, deselects.
func (m *Model) Click(h hex.Hex) {
	if m.view == nil || !m.onMap(h) {
		m.Deselect()
		return
	}
	items := m.selectables(h)
	if a := m.ownArmy(m.sel.Army); a != nil && a.Hex != h && len(items) == 0 {
		if p, err := m.PlanPath(a.ID, h); err == nil && p.Reachable && !p.Estimate && p.Refused == "" {
			m.SetMove(a.ID, p.Sent, p.Attack)
			return
		}
	}
	if len(items) == 0 {
		m.sel = Selection{Active: true, Hex: h}
		return
	}
	next := 0
	if m.sel.Active && m.sel.Hex == h {
		for i, it := range items {
			if it == m.sel {
				next = (i + 1) % len(items)
			}
		}
	}
	m.sel = items[next]
}

// SelectArmy selects the player's army a; any other army deselects.
func (m *Model) SelectArmy(a game.ArmyID) {
	ar := m.ownArmy(a)
	if ar == nil {
		m.Deselect()
		return
	}
	m.sel = Selection{Active: true, Hex: ar.Hex, Army: a}
}

// SelectCity selects the player's city c; any other city deselects.
func (m *Model) SelectCity(c game.CityID) {
	if m.view == nil || m.You() == 0 {
		m.Deselect()
		return
	}
	for i := range m.view.Cities {
		if city := &m.view.Cities[i]; city.ID == c && city.Owner == m.You() {
			m.sel = Selection{Active: true, Hex: city.Hex, City: c}
			return
		}
	}
	m.Deselect()
}

// selectables lists what a click on h selects in turn: the player's armies
// on h by ID, then its city there.
func (m *Model) selectables(h hex.Hex) []Selection {
	var out []Selection
	you := m.You()
	if you == 0 {
		return nil
	}
	for i := range m.view.Armies {
		if a := &m.view.Armies[i]; a.Owner == you && a.Hex == h {
			out = append(out, Selection{Active: true, Hex: h, Army: a.ID})
		}
	}
	for i := range m.view.Cities {
		if c := &m.view.Cities[i]; c.Owner == you && c.Hex == h {
			out = append(out, Selection{Active: true, Hex: h, City: c.ID})
		}
	}
	return out
}

// OnMap reports whether h is on the map of the view (false before the
// first view).
func (m *Model) OnMap(h hex.Hex) bool { return m.onMap(h) }

// onMap reports whether h is on the map of the view.
func (m *Model) onMap(h hex.Hex) bool {
	return m.view != nil && hex.Rect{Width: m.view.Width, Height: m.view.Height}.Contains(h)
}
