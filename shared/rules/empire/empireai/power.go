package empireai

import (
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/dat"
)

// The factors of a unit's fighting power beyond its dice and hit points.
const (
	// flyFactor: a flying unit is out of reach of every unit without an
	// air attack (Infantry, Cavalry, most of the list).
	flyFactor = 3
	// groundFactor: a unit without an air attack cannot hurt flying
	// units at all.
	groundFactor = 0.5
)

// kindPower is the fighting power of a unit of kind ut with hp hit points:
// the mean of its attacking and defending values (with its army bonuses)
// times its hit points, times flyFactor if it flies and groundFactor if it
// cannot attack flying units. Only the ratio of two powers means anything:
// an Infantry is 1, a Cavalry 4, a Spirit 7.5, an Angel 48.
func kindPower(ut *dat.Unit, hp int) float64 {
	p := float64(ut.AV+ut.AVBonus+ut.DV+ut.DVBonus) / 2 * float64(hp)
	if ut.Has(dat.Fly) {
		p *= flyFactor
	}
	if ut.Attacks&dat.AirAttack == 0 {
		p *= groundFactor
	}
	return p
}

// unitsPower is the fighting power of units: the sum of kindPower.
func unitsPower(d *dat.Data, units []empire.Unit) float64 {
	p := 0.0
	for _, u := range units {
		p += kindPower(d.Unit(u.Kind), u.HP)
	}
	return p
}

// sightingPower estimates the power of a sighted force, of which a player
// knows only "the number of units, the sum of the actual hp and the sum of
// the maximum hp": the units are taken for the average unit kind whose hp
// is closest to the sighting's maximum hp per unit, wounded in proportion.
// A neutral garrison (owner 0) no larger than game.dat's neutral.garrison
// with its maximum hp is taken for those units: neutral settlements
// produce nothing, so their garrisons are what the game began with, less
// the dead.
func sightingPower(d *dat.Data, sg *empire.Sighting) float64 {
	if sg.Units <= 0 || sg.MaxHP <= 0 {
		return 0
	}
	wounds := float64(sg.HP) / float64(sg.MaxHP)
	if n := len(d.Game.NeutralGarrison); sg.Owner == 0 && sg.Units <= n && neutralHP(d, sg.Units) == sg.MaxHP {
		p := 0.0
		for _, name := range d.Game.NeutralGarrison[:sg.Units] {
			if k, ok := d.Kind(name); ok {
				p += kindPower(d.Unit(k), d.Unit(k).HP)
			}
		}
		return p * wounds
	}
	per := typicalPower(d, (sg.MaxHP+sg.Units/2)/sg.Units)
	return float64(sg.Units) * per * wounds
}

// neutralHP is the maximum hp of the first n units of a neutral garrison.
func neutralHP(d *dat.Data, n int) int {
	hp := 0
	for _, name := range d.Game.NeutralGarrison[:min(n, len(d.Game.NeutralGarrison))] {
		if k, ok := d.Kind(name); ok {
			hp += d.Unit(k).HP
		}
	}
	return hp
}

// typicalPower is the mean power of the unit kinds of d at full health
// whose hp is nearest hp.
func typicalPower(d *dat.Data, hp int) float64 {
	best := -1
	for i := range d.Units {
		if dist := abs(d.Units[i].HP - hp); best < 0 || dist < best {
			best = dist
		}
	}
	sum, n := 0.0, 0
	for i := range d.Units {
		if abs(d.Units[i].HP-hp) == best {
			sum += kindPower(&d.Units[i], d.Units[i].HP)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// sendScore orders a garrison's units by how well they serve in an army
// rather than at home: fast, flying and hard-hitting units leave first;
// slow ones with good defence stay, and so do those that shoot at fliers
// without flying (Archers: a garrison's answer to Spirits).
func sendScore(ut *dat.Unit) int {
	s := 4*ut.MP + 2*ut.AV - ut.DV
	switch {
	case ut.Has(dat.Fly):
		s += 8
	case ut.Attacks&dat.AirAttack != 0:
		s -= 4
	}
	return s
}

// producible lists the kinds a city or a town (next to the sea or not)
// may produce: those empire.CannotProduce allows that can move on land.
//
// CHOICE: the units an army is made of for fighting move on land; ships
// and other transports are built only to carry the walkers that reach
// nothing on foot (sea.go), and fliers (Spirits, Angels) cross the sea to
// the islands' settlements by themselves.
func producible(d *dat.Data, city, nextToSea bool) []dat.Kind {
	var out []dat.Kind
	for k := range d.Units {
		ut := &d.Units[k]
		if !ut.Land() {
			continue
		}
		if empire.CannotProduce(d, city, nextToSea, dat.Kind(k)) == "" {
			out = append(out, dat.Kind(k))
		}
	}
	return out
}

// bestValue returns the kind among kinds with the most power per turn of
// production, the cheaper on a tie; false if kinds is empty.
func bestValue(d *dat.Data, kinds []dat.Kind) (dat.Kind, bool) {
	var best dat.Kind
	bv, found := 0.0, false
	for _, k := range kinds {
		ut := d.Unit(k)
		v := kindPower(ut, ut.HP) / float64(max(ut.Prod, 1))
		if !found || v > bv || v == bv && ut.Prod < d.Unit(best).Prod {
			best, bv, found = k, v, true
		}
	}
	return best, found
}

// cheapest returns the kind among kinds that takes the fewest turns to
// produce, the more powerful on a tie; false if kinds is empty.
func cheapest(d *dat.Data, kinds []dat.Kind) (dat.Kind, bool) {
	var best dat.Kind
	found := false
	for _, k := range kinds {
		ut, bu := d.Unit(k), d.Unit(best)
		if !found || ut.Prod < bu.Prod || ut.Prod == bu.Prod && kindPower(ut, ut.HP) > kindPower(bu, bu.HP) {
			best, found = k, true
		}
	}
	return best, found
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
