package dat

import "strings"

// terrainSlots are terrain.dat's slots, in the order the file gives them:
// the four terrains of the movement table, then the two settlements.
const terrainSlots = "p f m s town city"

// parseTerrain reads terrain.dat into d.Terrains, d.Town and d.City.
//
// A line is "slot name glyph icon color": slot is p, f, m, s (the four
// terrains, in that order: "the number of terrains is always four"), town or
// city; name is one word; glyph one printable ASCII character, different on
// every line; icon a lower-case name; color "#rrggbb". Every slot has
// exactly one line.
func parseTerrain(src []byte, d *Data, errs *errList) {
	s := newScanner(TerrainFile, src)
	slots := strings.Fields(terrainSlots)
	lineOf := make([]int, len(slots)) // slot -> its line, 0 while unseen
	for !errs.full() && s.next() {
		if s.bad != nil {
			errs.add(s.bad)
			continue
		}
		f := s.fields
		slot := -1
		for i, name := range slots {
			if f[0].text == name {
				slot = i
			}
		}
		switch {
		case slot < 0:
			errs.add(s.errField(f[0], "slot", "want p, f, m, s (the four terrains: their number is always four), town or city"))
			continue
		case lineOf[slot] > 0:
			errs.add(s.errField(f[0], "slot", "a second line for it (the first is line %d)", lineOf[slot]))
			continue
		case slot < int(NumTerrains) && slot > 0 && lineOf[slot-1] == 0:
			errs.add(s.errField(f[0], "slot", "want the terrains in the order p, f, m, s: %s is missing before it", slots[slot-1]))
			continue
		}
		lineOf[slot] = s.n
		info, e := parseTerrainLine(s)
		if e != nil {
			errs.add(e)
			continue
		}
		for i, line := range lineOf {
			if i == slot || line == 0 {
				continue
			}
			other := terrainAt(d, i)
			switch {
			case strings.EqualFold(other.Name, info.Name):
				errs.add(s.errField(f[1], "name", "already the name of line %d", line))
			case other.Glyph == info.Glyph:
				errs.add(s.errField(f[2], "glyph", "already the glyph of line %d", line))
			default:
				continue
			}
			info = TerrainInfo{}
			break
		}
		*terrainAt(d, slot) = info
	}
	for i, line := range lineOf {
		if line == 0 && !errs.full() {
			errs.add(&Error{File: TerrainFile, Problem: "no " + slots[i] + " line: want exactly four terrains p, f, m, s, then town and city"})
		}
	}
}

// terrainAt returns the TerrainInfo of slot i (0 to 5, as terrainSlots).
func terrainAt(d *Data, i int) *TerrainInfo {
	switch i {
	case 4:
		return &d.Town
	case 5:
		return &d.City
	}
	return &d.Terrains[i]
}

// parseTerrainLine reads the fields after the slot of the current line.
func parseTerrainLine(s *scanner) (TerrainInfo, *Error) {
	var t TerrainInfo
	f := s.fields
	if len(f) < 5 {
		what := [...]string{"", "name", "glyph", "icon", "color"}[len(f)]
		return t, s.errAt(s.lineEnd(), "%s: missing: want slot name glyph icon color, e.g. \"p Plains . plains #8fbf5a\" (a name is one word)", what)
	}
	if len(f) > 5 {
		return t, s.errField(f[5], "field", "want nothing after the color (a name is one word)")
	}
	if !validName(f[1].text) {
		return t, s.errField(f[1], "name", wantName)
	}
	if len(f[2].text) != 1 || f[2].text[0] >= 0x80 {
		return t, s.errField(f[2], "glyph", "want one ASCII character that is not a space")
	}
	if !validIcon(f[3].text) {
		return t, s.errField(f[3], "icon", wantIcon)
	}
	if !validColor(f[4].text) {
		return t, s.errField(f[4], "color", `want "#" and six hexadecimal digits, e.g. "#8fbf5a"`)
	}
	t.Name, t.Glyph, t.Icon, t.Color = f[1].text, f[2].text[0], f[3].text, strings.ToLower(f[4].text)
	return t, nil
}

// validColor reports whether s is "#rrggbb".
func validColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
