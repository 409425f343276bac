package dat

import (
	"strings"
	"unicode/utf8"
)

// unitColumns are units.dat's columns, in order.
const unitColumns = "name prod hp mp pfmsros av dv a:ph a:kd attributes icon"

// The bounds of units.dat's numbers.
const (
	maxProd      = 999
	maxHP        = 99
	maxMP        = 9
	maxROS       = 20
	maxValue     = 99 // av and dv
	maxTransport = 99
	maxBonus     = 9 // av+<n>, dv+<n>, mp+<n>
)

// parseUnits reads units.dat into d.Units.
//
// A line is "name prod hp mp pfmsros av dv a:ph a:kd attributes icon", as the
// document's "Default Units" table with the icon added: the icon is the
// last field, the attributes all between a:kd and the icon.
func parseUnits(src []byte, d *Data, errs *errList) {
	s := newScanner(UnitsFile, src)
	firstLine := map[string]int{} // lower-case name -> line
	for !errs.full() && s.next() {
		if s.bad != nil {
			errs.add(s.bad)
			continue
		}
		if len(d.Units) == MaxUnits {
			errs.add(s.errAt(1, "too many units: at most %d", MaxUnits))
			return
		}
		u, e := parseUnit(s)
		if e != nil {
			errs.add(e)
			continue
		}
		key := strings.ToLower(u.Name)
		if line, ok := firstLine[key]; ok {
			errs.add(s.errField(s.fields[0], "name", "a second unit of that name (the first is on line %d)", line))
			continue
		}
		firstLine[key] = s.n
		d.Units = append(d.Units, u)
	}
	if len(d.Units) == 0 && len(errs.errs) == 0 {
		errs.add(&Error{File: UnitsFile, Problem: "no units: want one line a unit: " + unitColumns})
	}
}

// parseUnit reads the scanner's current line as one unit.
func parseUnit(s *scanner) (Unit, *Error) {
	var u Unit
	f := s.fields
	names := strings.Fields(unitColumns)
	// The nine columns before the attributes, left to right.
	for i := 0; i < 9; i++ {
		if i == len(f) {
			return u, s.errAt(s.lineEnd(), "%s: missing: want the columns %s", names[i], unitColumns)
		}
		if e := unitColumn(s, i, f[i], &u); e != nil {
			return u, e
		}
	}
	if len(f) < 11 {
		return u, s.errAt(s.lineEnd(), `icon: missing: want the attributes ("-" for none), then the icon`)
	}
	if e := unitAttributes(s, f[9].col, f[len(f)-2].end(), &u); e != nil {
		return u, e
	}
	icon := f[len(f)-1]
	if !validIcon(icon.text) {
		return u, s.errField(icon, "icon", wantIcon)
	}
	u.Icon = icon.text
	return u, nil
}

// unitColumn reads field f as column i (0 name to 8 a:kd) of u.
func unitColumn(s *scanner, i int, f field, u *Unit) *Error {
	num := func(what string, lo, hi int, dst *int) *Error {
		n, ok := number(f.text, lo, hi)
		if !ok {
			return s.errField(f, what, "%s", wantNumber(lo, hi))
		}
		*dst = n
		return nil
	}
	switch i {
	case 0:
		name, star := strings.CutSuffix(f.text, "*")
		if !validName(name) {
			return s.errField(f, "name", `%s, and a "*" after it for a unit only cities build`, wantName)
		}
		u.Name, u.CityOnly = name, star
	case 1:
		return num("prod", 1, maxProd, &u.Prod)
	case 2:
		return num("hp", 1, maxHP, &u.HP)
	case 3:
		return num("mp", 1, maxMP, &u.MP)
	case 4:
		return moveColumn(s, f, u)
	case 5:
		return num("av", 0, maxValue, &u.AV)
	case 6:
		return num("dv", 0, maxValue, &u.DV)
	case 7:
		switch f.text {
		case "s":
			u.Phase = Special
		case "d":
			u.Phase = Distance
		case "m":
			u.Phase = Melee
		default:
			return s.errField(f, "a:ph", "want s (special), d (distance) or m (melee)")
		}
	case 8:
		if f.text == "-" {
			return nil
		}
		for j := 0; j < len(f.text); j++ {
			var a Attack
			switch f.text[j] {
			case 'l':
				a = LandAttack
			case 'a':
				a = AirAttack
			case 'n':
				a = NavalAttack
			case 'b':
				a = Bombing
			}
			if a == 0 || u.Attacks&a != 0 {
				return s.errField(f, "a:kd", `want each of l (land), a (air), n (naval), b (bombing) at most once, or "-" for none`)
			}
			u.Attacks |= a
		}
	}
	return nil
}

// moveColumn reads the pfmsros column: four movement costs then the range
// of sight.
//
// CHOICE: a cost of "0" means the unit cannot enter the terrain, like "-":
// the document's table writes "-" ("122-1") where its text writes the same
// table as "p1, f2, m2, s0" and explains "It cannot move in or pass through
// sea squares".
//
// CHOICE: a unit must be able to enter at least one terrain: one that
// could enter none would never leave its settlement, and no kind of attack
// could reach it ("land attack can attack units which can move on at least
// one kind of dry land", "naval attack ... units which can move at sea").
func moveColumn(s *scanner, f field, u *Unit) *Error {
	if len(f.text) < 5 {
		return s.errField(f, "pfmsros", `want four movement costs (p f m s) then the range of sight, e.g. "122-1"`)
	}
	for t := Plains; t < NumTerrains; t++ {
		c := f.text[t]
		switch {
		case c == '-':
			u.Move[t] = 0
		case '0' <= c && c <= '9':
			u.Move[t] = int(c - '0')
		default:
			r, _ := utf8.DecodeRuneInString(f.text[t:]) // the bytes before it are ASCII
			return s.errAt(f.col+int(t), `%c %q: want a movement cost 1 to 9, or "-" for a terrain it cannot enter`, "pfms"[t], string(r))
		}
	}
	ros := field{text: f.text[4:], col: f.col + 4}
	n, ok := number(ros.text, 0, maxROS)
	if !ok {
		return s.errField(ros, "ros", "%s", wantNumber(0, maxROS))
	}
	u.ROS = n
	if !u.Land() && !u.Naval() {
		return s.errField(f, "pfmsros", "the unit can enter no terrain: want a movement cost for at least one")
	}
	return nil
}

// attrByName returns the attribute without a number that units.dat
// writes as name, or 0.
//
// CHOICE: "whitemage" and "blackmage", the names the document's list of
// attributes gives (its table writes "whitemagic"), are read as whitemagic
// and blackmagic.
func attrByName(name string) Attr {
	switch name {
	case "fly":
		return Fly
	case "firemagic":
		return FireMagic
	case "icemagic":
		return IceMagic
	case "whitemagic", "whitemage":
		return WhiteMagic
	case "blackmagic", "blackmage":
		return BlackMagic
	case "undead":
		return Undead
	case "dimmune":
		return DImmune
	case "mimmune":
		return MImmune
	case "firsttarget":
		return FirstTarget
	case "holy":
		return Holy
	case "hell":
		return Hell
	}
	return 0
}

const wantAttr = "want transport<n>, fly, firemagic, icemagic, whitemagic, blackmagic, undead, dimmune, mimmune, firsttarget, av+<n>, dv+<n>, mp+<n>, holy or hell"

// unitAttributes reads the attributes between columns from and to (the
// column after their last byte) of the current line: "-" for none, or a
// list separated by commas, spaces allowed around them.
func unitAttributes(s *scanner, from, to int, u *Unit) *Error {
	text := s.text[from-1 : to-1]
	if text == "-" {
		return nil
	}
	for col := from; ; {
		item, rest, more := strings.Cut(text, ",")
		itemCol := col + len(item) - len(strings.TrimLeft(item, " \t"))
		item = strings.TrimSpace(item)
		if item == "" {
			return s.errAt(itemCol, "attributes: an empty attribute between commas")
		}
		f := field{text: item, col: itemCol}
		if strings.ContainsAny(item, " \t") {
			return s.errField(f, "attributes", "want a comma between two attributes")
		}
		if e := unitAttribute(s, f, u); e != nil {
			return e
		}
		if !more {
			return nil
		}
		col += len(text) - len(rest)
		text = rest
	}
}

// unitAttribute reads one attribute f into u.
func unitAttribute(s *scanner, f field, u *Unit) *Error {
	for _, b := range [...]struct {
		prefix string
		hi     int
		dst    *int
	}{
		{"transport", maxTransport, &u.Transport},
		{"av+", maxBonus, &u.AVBonus},
		{"dv+", maxBonus, &u.DVBonus},
		{"mp+", maxBonus, &u.MPBonus},
	} {
		digits, ok := strings.CutPrefix(f.text, b.prefix)
		if !ok {
			continue
		}
		n, ok := number(digits, 1, b.hi)
		switch {
		case !ok:
			return s.errField(f, "attribute", "want %s<n> with n 1 to %d", b.prefix, b.hi)
		case *b.dst != 0:
			return s.errField(f, "attribute", "given twice")
		}
		*b.dst = n
		return nil
	}
	a := attrByName(f.text)
	switch {
	case a == 0:
		return s.errField(f, "attribute", "unknown: %s", wantAttr)
	case u.Attrs&a != 0:
		return s.errField(f, "attribute", "given twice")
	}
	u.Attrs |= a
	return nil
}
