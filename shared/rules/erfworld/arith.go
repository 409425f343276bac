package erfworld

import "fmt"

// UpgradeCost is the price of upgrading a city to newLevel:
// "To upgrade a City to the next level, pay Schmuckers equal to the level
// desired x 2. e.g. To upgrade a level two to a level three, pay Six
// Schmuckers." It does not check that the upgrade is allowed.
func (r *Ruleset) UpgradeCost(newLevel int) int {
	return newLevel * r.City.UpgradeCostPerLevel
}

// DirtUpgradeCost is UpgradeCost for a side with a Dirt-A-Mancer:
// "the Upgrade cost of any City is HALVED if a Dirt-A-Mancer is present."
// (rounded down).
func (r *Ruleset) DirtUpgradeCost(newLevel int) int {
	return r.UpgradeCost(newLevel) / r.Caster.Dirt.UpgradeCostDivisor
}

// Income is a city's income per turn: "Cities generate income equal to their
// level each turn. So a level 5 City generates 5 Schmuckers per turn."
func (r *Ruleset) Income(level int) int {
	return max(level, 0) * r.City.IncomePerLevel
}

// UnitsFormable is how many units a city may form in a turn: "One unit can be
// formed in each City per level; e.g. A Level 3 city can form 3 units in a
// turn."
func (r *Ruleset) UnitsFormable(level int) int {
	return max(level, 0) * r.City.UnitsPerLevel
}

// CityDefence is the defence level of a city of the given level attacked by
// units counted per kind in attackers (indexed by UnitKind): "Cities have a
// defence factor equivalent to its level." and "Each Siege unit in an Attack
// lowers the level of any City defence by 1, to a minimum of 0. For example,
// a stack of units attacking a level 3 city has 2 siege units. The level of
// defence for the city is reduced to 1."
func (r *Ruleset) CityDefence(level int, attackers []int) int {
	d := max(level, 0) * r.City.DefencePerLevel
	for k, n := range attackers {
		if k < len(r.Units) && n > 0 {
			d -= n * r.Units[k].CityDefenceReduction
		}
	}
	return max(d, 0)
}

// GarrisonUnits is how many units of kind r.GarrisonUnit a city with the
// given defence level provides when attacked: "the City provides a number of
// Infantry Units equal to twice its level. So a Level 1 City is defended by 2
// additional Infantry, and a Level 4 city by 8 Additional Infantry."
func (r *Ruleset) GarrisonUnits(defence int) int {
	return max(defence, 0) * r.City.GarrisonPerDefence
}

// UnitUpkeep is what a side with the given number of units pays each turn: "For
// every 5 units in the side, 1 Schmucker must be paid each turn. If a side
// has 14 units, it must pay 2 Schmuckers each turn. If a side has 16 units,
// they must pay 3 Schmuckers." Characters are not units.
func (r *Ruleset) UnitUpkeep(units int) int {
	if units <= 0 {
		return 0
	}
	per := r.Upkeep.UnitsPerSchmucker
	if r.Upkeep.Rounding == "up" {
		return (units + per - 1) / per
	}
	return units / per
}

// TradeGoodsValue is what cashing in n trade goods at once yields: "a value
// of Schmuckers equal to the square of the number of goods being cashed. If
// three goods were cashed, then the nine Schmuckers would be generated. If
// five were cashed, 25 Schmuckers would be generated."
func (r *Ruleset) TradeGoodsValue(n int) int {
	if n <= 0 {
		return 0
	}
	v := 1
	for range r.TradeGoods.ValueExponent {
		v *= n
	}
	return v
}

// WarlordCost is the price of popping a new Warlord at startLevel: "They are
// popped at level 1 ... For each 2 Schmuckers, the Warlord is formed with +1
// to its starting level. So a player can form a new Warlord, and spend 6
// Schmuckers. The Warlord begins at level 4." It is an error to ask for a
// level below the pop level or above "Warlords have a level, 1 to 9".
func (r *Ruleset) WarlordCost(startLevel int) (int, error) {
	w := r.Warlord
	if startLevel < w.PopLevel || startLevel > w.MaxLevel {
		return 0, fmt.Errorf("a new Warlord's starting level must be between %d and %d, got %d", w.PopLevel, w.MaxLevel, startLevel)
	}
	return w.Cost + (startLevel-w.PopLevel)*w.CostPerExtraLevel, nil
}

// ArmyMove is the move in hexes per turn of an army whose units are counted
// per kind in counts (indexed by UnitKind; missing kinds count 0): "Armies
// have a base move of two hexes per turn. If the Army has more Cavalry and
// Flyers than Infantry and Siege, the Move is increased by 1 to a maximum of
// 3 hexes per turn. If the Army has more Siege than Cavalry, the Move is
// reduced by 1 to a minimum of 1 hex per turn." Every modifier whose
// condition holds applies; the sum is then kept within min and max move.
// (A Warlord leading no units moves Warlord.MoveAlone instead.)
func (r *Ruleset) ArmyMove(counts []int) int {
	count := func(kinds []UnitKind) int {
		n := 0
		for _, k := range kinds {
			if int(k) < len(counts) && counts[k] > 0 {
				n += counts[k]
			}
		}
		return n
	}
	a := r.Army
	move := a.BaseMove
	for _, m := range a.MoveModifiers {
		if count(m.MoreKinds) > count(m.ThanKinds) {
			move += m.Change
		}
	}
	return min(max(move, a.MinMove), a.MaxMove)
}

// Uncroaked is how many of the enemy's casualties a victorious side with a
// Croak-A-Mancer gains: "one half (round down) of the opposing casualties are
// 'uncroaked' and become part of your faction."
func (r *Ruleset) Uncroaked(enemyCasualties int) int {
	return max(enemyCasualties, 0) / r.Caster.Croak.UncroakDivisor
}

// HealedCasualties is how many casualties a side with a Heal-A-Mancer
// present actually takes: "Casualties in Combat where the Heal-A-Mancer is
// present are reduced by half (rounded down)."
func (r *Ruleset) HealedCasualties(casualties int) int {
	return max(casualties, 0) / r.Caster.Heal.CasualtyDivisor
}
