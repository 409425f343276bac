package model

import (
	"fmt"
	"strings"

	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
	"empires/shared/words"
)

// Describe returns the tooltip lines for hex h: its terrain and whether it
// is in sight ("Woods (3,4), out of sight"; "Unexplored (3,4)"), its city
// (owner, level, Capital; when last seen for one out of sight), its
// structures (owner and kind: "Red's Fort 12"; when last seen), and its
// armies, the player's first (units by name, Warlord and Casters, standing
// order, the fleet carrying it) then the others (units, number of
// characters; when last seen for those out of sight). Nil off the map.
func (m *Model) Describe(h hex.Hex) []string {
	if m.view == nil || !m.onMap(h) {
		return nil
	}
	v := m.view
	idx := hex.Rect{Width: v.Width, Height: v.Height}.Index(h)
	t := v.Terrain[idx]
	var out []string
	switch {
	case t == rulesfile.NoTerrain:
		return []string{"Unexplored " + At(h)}
	case v.Visible.Has(idx):
		out = append(out, fmt.Sprintf("%s %s, in sight", m.terrainName(t), At(h)))
	default:
		out = append(out, fmt.Sprintf("%s %s, out of sight", m.terrainName(t), At(h)))
	}
	for _, c := range v.Cities {
		if c.Hex != h {
			continue
		}
		kind := "city"
		if c.Capital {
			kind = "Capital"
		}
		line := fmt.Sprintf("%s %s %d, level %d", Capital(m.Whose(c.Owner)), kind, uint32(c.ID), c.Level)
		if c.Remembered {
			line += ", as last seen on " + m.turnWords(c.Seen)
		}
		out = append(out, line)
	}
	for _, st := range v.Structures {
		if st.Hex != h {
			continue
		}
		line := fmt.Sprintf("%s %s %d", Capital(m.Whose(st.Owner)), m.rs.StructureName(st.Kind), uint32(st.ID))
		if st.Remembered {
			line += ", as last seen on " + m.turnWords(st.Seen)
		}
		out = append(out, line)
	}
	for _, own := range []bool{true, false} {
		for i := range v.Armies {
			a := &v.Armies[i]
			if a.Hex == h && (a.Owner == v.You) == own {
				out = append(out, m.describeArmy(a))
			}
		}
	}
	return out
}

// describeArmy is the tooltip line of an army: "Your army 12: Infantry 4;
// level 2 Warlord, Econ-A-Mancer; intercepts", "Red's fleet 30: no units;
// last seen on turn 3".
func (m *Model) describeArmy(a *game.ArmyView) string {
	parts := []string{m.UnitsText(a.Units)}
	if a.Owner == m.You() && m.You() != 0 {
		var chars []string
		for _, c := range a.Characters {
			chars = append(chars, m.rs.CharacterName(c))
		}
		if len(chars) > 0 {
			parts = append(parts, strings.Join(chars, ", "))
		}
		if a.Carrier != 0 {
			parts = append(parts, "aboard "+m.armyName(a.Carrier, true))
		}
		if a.Stance != (game.Stance{}) {
			parts = append(parts, "standing order: "+stanceText(a.Stance.Kind, a.Stance.Dir))
		}
	} else if a.NumCharacters > 0 {
		parts = append(parts, words.Plural(int(a.NumCharacters), "character"))
	}
	if a.Remembered {
		parts = append(parts, "last seen on "+m.turnWords(a.Seen))
	}
	return fmt.Sprintf("%s %s: %s", Capital(m.Whose(a.Owner)), m.armyName(a.ID, a.Naval), strings.Join(parts, "; "))
}
