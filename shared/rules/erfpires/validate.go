package erfpires

import (
	"fmt"
	"slices"
	"sort"

	"empires/shared/game"
	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// Validate checks every cross-field rule of the ruleset and reports all
// problems at once, each as a *rulesfile.FieldError naming the TOML key. It
// does not need the derived fields that Load fills in.
func (r *Ruleset) Validate() error {
	var c rulesfile.Checker
	terrainOK := hexrules.CheckHeader(&c, r.ID, r.Name, r.Currency, r.Terrain)
	c.Check(len(hexrules.CheckCityTerrain(&c, r.Terrain)) > 0, "terrain", "at least one terrain must have city = true")

	c.Between("day.orders", r.Day.Orders, 1, game.MaxOrders)
	c.AtLeast("day.week", r.Day.Week, 1)

	unitsOK := r.validateUnits(&c)
	r.validateStart(&c, unitsOK)
	c.AtLeast("city.cost", r.City.Cost, 0)
	c.AtLeast("city.min_distance", r.City.MinDistance, 1)
	c.AtLeast("city.defence", r.City.Defence, 0)
	c.AtLeast("city.sight", r.City.Sight, 0)
	c.Between("army.move", r.Army.Move, 1, game.MaxPathLength)
	c.AtLeast("army.max_units", r.Army.MaxUnits, 1)
	c.AtLeast("army.sight", r.Army.Sight, 0)
	c.AtLeast("recruit.units_per_city", r.Recruit.UnitsPerCity, 0)
	r.validateStructures(&c, terrainOK)
	c.AtLeast("tax.per_city", r.Tax.PerCity, 0)
	c.AtLeast("tax.maintenance_per_army", r.Tax.MaintenancePerArmy, 0)
	c.AtLeast("trade.divisor", r.Trade.Divisor, 1)
	c.AtLeast("tribute.divisor", r.Tribute.Divisor, 1)
	r.validateCombat(&c, unitsOK)
	c.AtLeast("autopilot.replace_after_missed", r.Autopilot.ReplaceAfterMissed, 1)
	return c.Err()
}

func (r *Ruleset) validateUnits(c *rulesfile.Checker) bool {
	ok := c.Between("unit", len(r.Units), 1, MaxUnits)
	seen := map[string]int{}
	for i, u := range r.Units {
		key := fmt.Sprintf("unit[%d]", i)
		if !hexrules.CheckID(c, key+".id", "unit", u.ID, i, seen) {
			ok = false
		}
		c.NotEmpty(key+".name", u.Name)
		c.AtLeast(key+".cost", u.Cost, 0)
		c.AtLeast(key+".combat", u.Combat, 0)
		c.AtLeast(key+".defence", u.Defence, 0)
		c.Check(u.Hits == 1, key+".hits", "must be 1: each hit removes one unit, got %d", u.Hits)
	}
	return ok
}

func (r *Ruleset) validateStart(c *rulesfile.Checker, unitsOK bool) {
	c.AtLeast("start.cities", r.Start.Cities, 1)
	c.AtLeast("start.smuckers", r.Start.Smuckers, 0)
	c.Check(r.Win.Cities > r.Start.Cities, "win.cities",
		"must be more than start.cities (%d), or every player wins at once; got %d", r.Start.Cities, r.Win.Cities)
	total := 0
	for _, id := range sortedKeys(r.Start.Army) {
		n := r.Start.Army[id]
		key := "start.army." + id
		if unitsOK {
			_, found := r.UnitKind(id)
			c.Check(found, key, "unknown unit id %q (known: %s)", id, r.unitIDs())
		}
		c.AtLeast(key, n, 0)
		total += max(n, 0)
	}
	c.Check(total <= r.Army.MaxUnits, "start.army", "%d units, more than army.max_units (%d)", total, r.Army.MaxUnits)
}

func (r *Ruleset) validateStructures(c *rulesfile.Checker, terrainOK bool) {
	if !c.Between("structure", len(r.Structures), 0, MaxStructures) {
		return
	}
	seen := map[string]int{}
	for i, st := range r.Structures {
		key := fmt.Sprintf("structure[%d]", i)
		hexrules.CheckID(c, key+".id", "structure", st.ID, i, seen)
		c.NotEmpty(key+".name", st.Name)
		c.AtLeast(key+".cost", st.Cost, 0)
		if terrainOK {
			for j, id := range st.Terrain {
				tkey := fmt.Sprintf("%s.terrain[%d]", key, j)
				if t, found := hexrules.CheckTerrainID(c, tkey, id, r.Terrain); found {
					c.Check(r.Terrain[t].Army, tkey, "terrain %q is one armies may not enter: structures stand on land", id)
				}
			}
		}
		c.Check(st.NextToCity || st.WithArmy, key+".next_to_city",
			"next_to_city or with_army must be true, or the structure can be built nowhere")
		c.AtLeast(key+".per_hex", st.PerHex, 1)
		c.AtLeast(key+".tax", st.Tax, 0)
		c.AtLeast(key+".defence", st.Defence, 0)
		c.AtLeast(key+".sight", st.Sight, 0)
		c.AtLeast(key+".die_bonus", st.DieBonus, 0)
		c.AtLeast(key+".die_bonus_range", st.DieBonusRange, 0)
		c.Check(st.EnemyArmy == EnemyCaptures || st.EnemyArmy == EnemyDestroys, key+".enemy_army",
			"must be %q or %q, got %q", EnemyCaptures, EnemyDestroys, st.EnemyArmy)
	}
}

func (r *Ruleset) validateCombat(c *rulesfile.Checker, unitsOK bool) {
	c.AtLeast("combat.die_sides", r.Combat.DieSides, 1)
	c.Check(r.Combat.TieRetreats == "attacker" || r.Combat.TieRetreats == "defender", "combat.tie_retreats",
		`must be "attacker" or "defender", got %q`, r.Combat.TieRetreats)
	if !unitsOK {
		return
	}
	got := slices.Clone(r.Combat.CasualtyOrder)
	want := r.unitIDList()
	slices.Sort(got)
	slices.Sort(want)
	c.Check(slices.Equal(got, want), "combat.casualty_order",
		"must list every unit id once ([%s]), got [%s]", r.unitIDs(), hexrules.Quote(r.Combat.CasualtyOrder))
}

func (r *Ruleset) unitIDList() []string {
	return hexrules.IDs(r.Units, func(u Unit) string { return u.ID })
}

func (r *Ruleset) unitIDs() string { return hexrules.Quote(r.unitIDList()) }

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
