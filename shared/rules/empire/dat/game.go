package dat

import "strings"

// The bounds of game.dat's numbers.
const (
	maxRate       = 1000 // town.rate, city.rate, in percent
	maxHeal       = 99
	maxPromotions = 9    // levels of experience
	maxBattles    = 999  // a promotion's battle
	maxRounds     = 999  // battle.rounds
	maxUnitList   = 32   // start.units, neutral.garrison
	maxSettlers   = 50   // map.towns, map.cities
	maxLastTurn   = 9999 // end.turn
	maxReplace    = 99   // autopilot.replace
)

// gameKeys returns game.dat's keys, in the order of the default file.
func gameKeys() []string {
	return []string{
		"town.rate", "city.rate", "town.heal", "city.heal", "town.ros", "city.ros",
		"experience", "flee.below", "battle.rounds", "start.units", "neutral.garrison",
		"map.towns", "map.cities", "map.land", "end.turn", "autopilot.replace",
	}
}

// parseGame reads game.dat into d.Game and returns the unit names it uses,
// for crossCheck.
//
// A line is "key value...": every key of gameKeys exactly once, each with
// its number, or its list of numbers or unit names ("-" for an empty list).
func parseGame(src []byte, d *Data, errs *errList) []unitRef {
	s := newScanner(GameFile, src)
	keys := gameKeys()
	lineOf := map[string]int{}
	var refs []unitRef
	for !errs.full() && s.next() {
		if s.bad != nil {
			errs.add(s.bad)
			continue
		}
		k := s.fields[0]
		if !contains(keys, k.text) {
			errs.add(s.errField(k, "key", "unknown: want one of %s", strings.Join(keys, ", ")))
			continue
		}
		if line, ok := lineOf[k.text]; ok {
			errs.add(s.errField(k, "key", "a second line for it (the first is line %d)", line))
			continue
		}
		lineOf[k.text] = s.n
		r, e := gameValue(s, k.text, s.fields[1:], &d.Game)
		if e != nil {
			errs.add(e)
			continue
		}
		refs = append(refs, r...)
	}
	for _, k := range keys {
		if lineOf[k] == 0 && !errs.full() {
			errs.add(&Error{File: GameFile, Problem: "missing key " + k})
		}
	}
	return refs
}

// gameValue reads the values vals of key into g.
func gameValue(s *scanner, key string, vals []field, g *Game) ([]unitRef, *Error) {
	missing := func(want string) *Error {
		return s.errAt(s.lineEnd(), "%s: missing value: %s", key, want)
	}
	// one reads a single number lo..hi into dst.
	one := func(lo, hi int, dst *int) *Error {
		want := wantNumber(lo, hi)
		switch {
		case len(vals) == 0:
			return missing(want)
		case len(vals) > 1:
			return s.errField(vals[1], key, "want one value")
		}
		n, ok := number(vals[0].text, lo, hi)
		if !ok {
			return s.errField(vals[0], key, "%s", want)
		}
		*dst = n
		return nil
	}
	switch key {
	case "town.rate":
		return nil, one(1, maxRate, &g.TownRate)
	case "city.rate":
		return nil, one(1, maxRate, &g.CityRate)
	case "town.heal", "city.heal":
		dst := &g.TownHeal
		if key == "city.heal" {
			dst = &g.CityHeal
		}
		const want = `want "full" or the hp healed a turn, a whole number 1 to 99`
		switch {
		case len(vals) == 0:
			return nil, missing(want)
		case len(vals) > 1:
			return nil, s.errField(vals[1], key, "want one value")
		case vals[0].text == "full":
			*dst = 0
			return nil, nil
		}
		n, ok := number(vals[0].text, 1, maxHeal)
		if !ok {
			return nil, s.errField(vals[0], key, want)
		}
		*dst = n
	case "town.ros":
		return nil, one(0, maxROS, &g.TownROS)
	case "city.ros":
		return nil, one(0, maxROS, &g.CityROS)
	case "experience":
		const want = `want the battles after which a unit is promoted, whole numbers 1 to 999 each above the one before, at most 9, or "-" for none`
		if len(vals) == 0 {
			return nil, missing(want)
		}
		g.Promotions = []int{}
		if len(vals) == 1 && vals[0].text == "-" {
			return nil, nil
		}
		if len(vals) > maxPromotions {
			return nil, s.errField(vals[maxPromotions], key, want)
		}
		for _, v := range vals {
			n, ok := number(v.text, 1, maxBattles)
			if !ok || len(g.Promotions) > 0 && n <= g.Promotions[len(g.Promotions)-1] {
				return nil, s.errField(v, key, want)
			}
			g.Promotions = append(g.Promotions, n)
		}
	case "flee.below":
		return nil, one(0, 100, &g.FleeBelow)
	case "battle.rounds":
		return nil, one(1, maxRounds, &g.MaxRounds)
	case "start.units", "neutral.garrison":
		const want = `want unit names of units.dat, at most 32, or "-" for none`
		if len(vals) == 0 {
			return nil, missing(want)
		}
		list := []string{}
		var refs []unitRef
		if len(vals) > 1 || vals[0].text != "-" {
			if len(vals) > maxUnitList {
				return nil, s.errField(vals[maxUnitList], key, want)
			}
			for i, v := range vals {
				if !validName(v.text) {
					return nil, s.errField(v, key, want)
				}
				list = append(list, v.text)
				refs = append(refs, unitRef{key: key, index: i, line: s.n, col: v.col})
			}
		}
		if key == "start.units" {
			g.StartUnits = list
		} else {
			g.NeutralGarrison = list
		}
		return refs, nil
	case "map.towns":
		return nil, one(0, maxSettlers, &g.Towns)
	case "map.cities":
		return nil, one(0, maxSettlers, &g.Cities)
	case "map.land":
		return nil, one(1, 100, &g.LandPercent)
	case "end.turn":
		return nil, one(1, maxLastTurn, &g.LastTurn)
	case "autopilot.replace":
		return nil, one(1, maxReplace, &g.ReplaceAfter)
	}
	return nil, nil
}
