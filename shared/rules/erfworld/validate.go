package erfworld

import (
	"fmt"
	"slices"

	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// Validate checks every cross-field rule of the ruleset and reports all
// problems at once, each as a *rulesfile.FieldError naming the TOML key.
// It does not need the derived fields that Load fills in.
func (r *Ruleset) Validate() error {
	var c rulesfile.Checker
	terrainOK := hexrules.CheckHeader(&c, r.ID, r.Name, r.Currency, r.Terrain)
	r.validateTerrainUse(&c)

	unitsOK := r.validateUnits(&c, terrainOK)
	r.validateCity(&c, unitsOK)
	r.validateStart(&c)
	r.validateArmy(&c, unitsOK)
	r.validateCombat(&c, unitsOK)

	c.AtLeast("upkeep.units_per_schmucker", r.Upkeep.UnitsPerSchmucker, 1)
	c.Check(r.Upkeep.Rounding == "down" || r.Upkeep.Rounding == "up", "upkeep.rounding",
		`must be "down" or "up", got %q`, r.Upkeep.Rounding)

	c.AtLeast("trade_goods.per_capital_per_turn", r.TradeGoods.PerCapitalPerTurn, 0)
	c.Between("trade_goods.value_exponent", r.TradeGoods.ValueExponent, 1, 4)

	r.validateWarlord(&c)
	r.validateCaster(&c)
	r.validateFleet(&c, terrainOK)

	c.AtLeast("autopilot.replace_after_missed", r.Autopilot.ReplaceAfterMissed, 1)
	r.validateTurn(&c)
	return c.Err()
}

// validateTerrainUse checks what this ruleset needs of the terrain table.
func (r *Ruleset) validateTerrainUse(c *rulesfile.Checker) {
	cityTerrains := hexrules.CheckCityTerrain(c, r.Terrain)
	for _, i := range cityTerrains {
		t := r.Terrain[i]
		c.Check(!t.Naval, fmt.Sprintf("terrain[%d].naval", i), "must be false: terrain %q takes cities", t.ID)
	}
	c.Check(len(cityTerrains) == 1, "terrain", "exactly one terrain must have city = true, got %d", len(cityTerrains))
}

func (r *Ruleset) validateUnits(c *rulesfile.Checker, terrainOK bool) bool {
	ok := c.Between("unit", len(r.Units), 1, MaxUnits)
	seen := map[string]int{}
	for i, u := range r.Units {
		key := fmt.Sprintf("unit[%d]", i)
		if !hexrules.CheckID(c, key+".id", "unit", u.ID, i, seen) {
			ok = false
		}
		c.NotEmpty(key+".name", u.Name)
		c.AtLeast(key+".dice", u.Dice, 1)
		c.AtLeast(key+".hits", u.Hits, 1)
		c.AtLeast(key+".cost", u.Cost, 0)
		if u.RequiresTerrain != "" && terrainOK {
			hexrules.CheckTerrainID(c, key+".requires_terrain", u.RequiresTerrain, r.Terrain)
		}
		c.AtLeast(key+".scout_hexes", u.ScoutHexes, 0)
		c.AtLeast(key+".scout_distance", u.ScoutDistance, 0)
		if u.ScoutHexes > 0 {
			c.Check(u.ScoutDistance >= 1, key+".scout_distance",
				"must be at least 1 when scout_hexes is %d, got %d", u.ScoutHexes, u.ScoutDistance)
		}
		c.AtLeast(key+".city_defence_reduction", u.CityDefenceReduction, 0)
	}
	return ok
}

func (r *Ruleset) validateCity(c *rulesfile.Checker, unitsOK bool) {
	ct := r.City
	c.AtLeast("city.min_level", ct.MinLevel, 1)
	c.Check(ct.MaxLevel >= ct.MinLevel, "city.max_level", "must be at least city.min_level (%d), got %d", ct.MinLevel, ct.MaxLevel)
	c.Check(ct.CapitalLevel == ct.MaxLevel, "city.capital_level", "must equal city.max_level (%d), got %d", ct.MaxLevel, ct.CapitalLevel)
	c.Check(ct.MaxUpgradeLevel >= ct.MinLevel && ct.MaxUpgradeLevel < ct.CapitalLevel, "city.max_upgrade_level",
		"must be at least city.min_level (%d) and below city.capital_level (%d), got %d", ct.MinLevel, ct.CapitalLevel, ct.MaxUpgradeLevel)
	c.AtLeast("city.upgrade_cost_per_level", ct.UpgradeCostPerLevel, 0)
	c.AtLeast("city.upgrade_levels_per_turn", ct.UpgradeLevelsPerTurn, 1)
	c.AtLeast("city.income_per_level", ct.IncomePerLevel, 0)
	c.AtLeast("city.defence_per_level", ct.DefencePerLevel, 0)
	c.AtLeast("city.garrison_per_defence", ct.GarrisonPerDefence, 0)
	if unitsOK {
		_, found := r.UnitKind(ct.GarrisonUnit)
		c.Check(found, "city.garrison_unit", "unknown unit id %q (known: %s)", ct.GarrisonUnit, r.unitIDs())
	}
	c.AtLeast("city.sight", ct.Sight, 0)
	c.AtLeast("city.new_city_cost", ct.NewCityCost, 0)
	c.Check(ct.NewCityLevel >= ct.MinLevel && ct.NewCityLevel <= ct.MaxUpgradeLevel, "city.new_city_level",
		"must be between city.min_level (%d) and city.max_upgrade_level (%d), got %d", ct.MinLevel, ct.MaxUpgradeLevel, ct.NewCityLevel)
	c.AtLeast("city.min_distance", ct.MinDistance, 1)
	c.AtLeast("city.units_per_level", ct.UnitsPerLevel, 0)
}

func (r *Ruleset) validateStart(c *rulesfile.Checker) {
	s := r.Start
	c.AtLeast("start.capitals", s.Capitals, 1)
	c.AtLeast("start.cities", s.Cities, 0)
	c.Check(s.CityLevel >= r.City.MinLevel && s.CityLevel <= r.City.MaxUpgradeLevel, "start.city_level",
		"must be between city.min_level (%d) and city.max_upgrade_level (%d), got %d", r.City.MinLevel, r.City.MaxUpgradeLevel, s.CityLevel)
	c.AtLeast("start.schmuckers", s.Schmuckers, 0)
	c.Check(r.Win.Capitals > s.Capitals, "win.capitals",
		"must be more than start.capitals (%d), or every player wins at once; got %d", s.Capitals, r.Win.Capitals)
	c.AtLeast("win.retake_turns", r.Win.RetakeTurns, 0)
}

func (r *Ruleset) validateArmy(c *rulesfile.Checker, unitsOK bool) {
	a := r.Army
	c.AtLeast("army.min_move", a.MinMove, 1)
	c.Check(a.BaseMove >= a.MinMove && a.BaseMove <= a.MaxMove, "army.base_move",
		"must be between army.min_move (%d) and army.max_move (%d), got %d", a.MinMove, a.MaxMove, a.BaseMove)
	c.AtLeast("army.sight", a.Sight, 0)
	for i, m := range a.MoveModifiers {
		key := fmt.Sprintf("army.move_modifier[%d]", i)
		c.Check(m.Change != 0, key+".change", "must not be 0")
		for _, side := range []struct {
			name string
			ids  []string
		}{{"more", m.More}, {"than", m.Than}} {
			if !c.Check(len(side.ids) > 0, key+"."+side.name, "must list at least one unit id") || !unitsOK {
				continue
			}
			for j, id := range side.ids {
				jkey := fmt.Sprintf("%s.%s[%d]", key, side.name, j)
				_, found := r.UnitKind(id)
				c.Check(found, jkey, "unknown unit id %q (known: %s)", id, r.unitIDs())
				c.Check(!slices.Contains(side.ids[:j], id), jkey, "unit id %q is listed twice", id)
			}
		}
		for _, id := range m.More {
			c.Check(!slices.Contains(m.Than, id), key+".than", "unit id %q is in both more and than", id)
		}
	}
}

func (r *Ruleset) validateCombat(c *rulesfile.Checker, unitsOK bool) {
	cb := r.Combat
	c.Between("combat.die_sides", cb.DieSides, 2, 1000)
	c.Check(cb.HitOn >= 1 && cb.HitOn <= cb.DieSides, "combat.hit_on",
		"must be between 1 and combat.die_sides (%d), got %d", cb.DieSides, cb.HitOn)
	c.Check(cb.CriticalOn >= cb.HitOn && cb.CriticalOn <= cb.DieSides, "combat.critical_on",
		"must be between combat.hit_on (%d) and combat.die_sides (%d), got %d", cb.HitOn, cb.DieSides, cb.CriticalOn)
	c.AtLeast("combat.critical_hits", cb.CriticalHits, 1)
	c.AtLeast("combat.warlord_points_per_level", cb.WarlordPointsPerLevel, 0)
	c.AtLeast("combat.rounds", cb.Rounds, 1)
	c.AtLeast("combat.retreat_hexes", cb.RetreatHexes, 0)
	c.Check(cb.TieRetreats == "attacker" || cb.TieRetreats == "defender" || cb.TieRetreats == "none",
		"combat.tie_retreats", `must be "attacker", "defender" or "none", got %q`, cb.TieRetreats)
	if unitsOK {
		r.checkPermutation(c, "combat.casualty_order", cb.CasualtyOrder, r.unitIDList(), "unit id")
	}
}

func (r *Ruleset) validateWarlord(c *rulesfile.Checker) {
	w := r.Warlord
	c.AtLeast("warlord.min_level", w.MinLevel, 1)
	c.Check(w.MaxLevel >= w.MinLevel, "warlord.max_level", "must be at least warlord.min_level (%d), got %d", w.MinLevel, w.MaxLevel)
	c.Check(w.MaxLevel <= 99, "warlord.max_level", "must be at most 99, got %d", w.MaxLevel)
	c.Check(w.PopLevel >= w.MinLevel && w.PopLevel <= w.MaxLevel, "warlord.pop_level",
		"must be between warlord.min_level (%d) and warlord.max_level (%d), got %d", w.MinLevel, w.MaxLevel, w.PopLevel)
	c.AtLeast("warlord.levels_per_victory", w.LevelsPerVictory, 0)
	c.AtLeast("warlord.cost", w.Cost, 0)
	c.AtLeast("warlord.cost_per_extra_level", w.CostPerExtraLevel, 0)
	c.AtLeast("warlord.upkeep", w.Upkeep, 0)
	c.AtLeast("warlord.move_alone", w.MoveAlone, 1)
	c.AtLeast("warlord.per_capital_per_turn", w.PerCapitalPerTurn, 0)
}

func (r *Ruleset) validateCaster(c *rulesfile.Checker) {
	ca := r.Caster
	c.AtLeast("caster.max_per_side", ca.MaxPerSide, 0)
	c.AtLeast("caster.cost", ca.Cost, 0)
	c.AtLeast("caster.upkeep", ca.Upkeep, 0)
	c.AtLeast("caster.per_capital_per_turn", ca.PerCapitalPerTurn, 0)
	for k := range NumCasterKinds {
		c.NotEmpty("caster."+k.ID()+".name", ca.Name(k))
	}
	c.AtLeast("caster.croak.uncroak_divisor", ca.Croak.UncroakDivisor, 1)
	for i, id := range ca.Croak.IncompatibleWith {
		key := fmt.Sprintf("caster.croak.incompatible_with[%d]", i)
		k, found := ParseCasterKind(id)
		if c.Check(found, key, "unknown caster kind %q (known: %s)", id, casterIDList()) {
			c.Check(k != CasterCroak, key, "a Croak-A-Mancer cannot be incompatible with itself")
		}
	}
	c.AtLeast("caster.econ.income", ca.Econ.Income, 0)
	c.AtLeast("caster.look.targets", ca.Look.Targets, 0)
	c.Between("caster.fool.look_block_percent", ca.Fool.LookBlockPercent, 0, 100)
	c.AtLeast("caster.heal.casualty_divisor", ca.Heal.CasualtyDivisor, 1)
	c.AtLeast("caster.heal.max_per_combat", ca.Heal.MaxPerCombat, 1)
	c.AtLeast("caster.dirt.upgrade_cost_divisor", ca.Dirt.UpgradeCostDivisor, 1)
}

func (r *Ruleset) validateFleet(c *rulesfile.Checker, terrainOK bool) {
	f := r.Fleet
	c.AtLeast("fleet.per_side_per_turn", f.PerSidePerTurn, 0)
	if terrainOK {
		for i, id := range f.NeedsCityNextTo {
			hexrules.CheckTerrainID(c, fmt.Sprintf("fleet.needs_city_next_to[%d]", i), id, r.Terrain)
		}
		if f.PerSidePerTurn > 0 {
			c.Check(slices.ContainsFunc(r.Terrain, func(t rulesfile.Terrain) bool { return t.Naval }), "fleet.per_side_per_turn",
				"fleets can be built but no terrain has naval = true")
		}
	}
	c.AtLeast("fleet.cost", f.Cost, 0)
	c.AtLeast("fleet.upkeep", f.Upkeep, 0)
	c.AtLeast("fleet.move", f.Move, 1)
	c.AtLeast("fleet.armies_per_turn", f.ArmiesPerTurn, 0)
	c.Check(f.LoadCost >= 0 && f.LoadCost <= f.Move, "fleet.load_cost", "must be between 0 and fleet.move (%d), got %d", f.Move, f.LoadCost)
	c.Check(f.UnloadCost >= 0 && f.UnloadCost <= f.Move, "fleet.unload_cost", "must be between 0 and fleet.move (%d), got %d", f.Move, f.UnloadCost)
	c.AtLeast("fleet.fishing_income", f.FishingIncome, 0)
	c.AtLeast("fleet.max_per_hex", f.MaxPerHex, 1)
	c.Check(f.DestroyOn >= 1 && f.DestroyOn <= r.Combat.DieSides, "fleet.destroy_on",
		"must be between 1 and combat.die_sides (%d), got %d", r.Combat.DieSides, f.DestroyOn)
	c.AtLeast("fleet.sight", f.Sight, 0)
}

func (r *Ruleset) validateTurn(c *rulesfile.Checker) {
	r.checkPermutation(c, "turn.phases", r.Turn.Phases, phases[:], "phase")
}

// checkPermutation checks that got lists every entry of want exactly once.
func (r *Ruleset) checkPermutation(c *rulesfile.Checker, key string, got, want []string, what string) {
	count := map[string]int{}
	for i, id := range got {
		if !slices.Contains(want, id) {
			c.Add(fmt.Sprintf("%s[%d]", key, i), "unknown %s %q (known: %s)", what, id, hexrules.Quote(want))
			continue
		}
		count[id]++
		if count[id] == 2 {
			c.Add(fmt.Sprintf("%s[%d]", key, i), "%s %q is listed twice", what, id)
		}
	}
	for _, id := range want {
		c.Check(count[id] > 0, key, "must list %s %q", what, id)
	}
}

func (r *Ruleset) unitIDList() []string {
	return hexrules.IDs(r.Units, func(u Unit) string { return u.ID })
}

func (r *Ruleset) unitIDs() string { return hexrules.Quote(r.unitIDList()) }

func casterIDList() string { return hexrules.Quote(casterIDs[:]) }
