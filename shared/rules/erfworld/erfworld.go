// Package erfworld is the typed form of the "Erfworld Empires v2.0" ruleset
// (assets/rules/erfworld.toml): Load decodes and validates the file, and the
// Ruleset's small helper methods do the rules' pure arithmetic (costs,
// income, upkeep, army moves) so the engine never repeats a number.
//
// RULES.md, beside this file, quotes every rule sentence of the document
// and names the tests that check it; TestRulesTable keeps it honest.
package erfworld

import (
	"io/fs"

	"empires/assets"
	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// File is the name of the ruleset file inside a rules source.
const File = "erfworld.toml"

// Ruleset is the whole erfworld ruleset. Field documentation names the
// TOML key; the TOML file quotes the rule behind each number.
type Ruleset struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Currency string `toml:"currency"`

	Terrain    rulesfile.TerrainTable `toml:"terrain"`
	Start      Start                  `toml:"start"`
	Win        Win                    `toml:"win"`
	City       City                   `toml:"city"`
	Units      []Unit                 `toml:"unit"`
	Army       Army                   `toml:"army"`
	Upkeep     Upkeep                 `toml:"upkeep"`
	Combat     Combat                 `toml:"combat"`
	TradeGoods TradeGoods             `toml:"trade_goods"`
	Warlord    Warlord                `toml:"warlord"`
	Caster     Caster                 `toml:"caster"`
	Fleet      Fleet                  `toml:"fleet"`
	Autopilot  Autopilot              `toml:"autopilot"`
	Turn       Turn                   `toml:"turn"`

	// Derived by Load from the string ids above.

	// CityTerrain is the one terrain cities may be built on.
	CityTerrain rulesfile.TerrainID `toml:"-"`
	// GarrisonUnit is the unit kind a city provides when attacked.
	GarrisonUnit UnitKind `toml:"-"`
	// CasualtyOrder is Combat.CasualtyOrder as unit kinds.
	CasualtyOrder []UnitKind `toml:"-"`
}

// Start is [start]: what each player begins with.
type Start struct {
	Capitals   int `toml:"capitals"`   // capitals per player
	Cities     int `toml:"cities"`     // other cities per player
	CityLevel  int `toml:"city_level"` // level of the other cities
	Schmuckers int `toml:"schmuckers"` // starting treasury
}

// Win is [win]: victory and elimination.
type Win struct {
	Capitals    int `toml:"capitals"`     // capitals held at the start of one's turn to win
	RetakeTurns int `toml:"retake_turns"` // turns to retake a capital after losing the last
}

// City is [city]: levels, costs and yields of cities.
type City struct {
	MinLevel             int    `toml:"min_level"`
	MaxLevel             int    `toml:"max_level"`
	CapitalLevel         int    `toml:"capital_level"`
	MaxUpgradeLevel      int    `toml:"max_upgrade_level"`
	UpgradeCostPerLevel  int    `toml:"upgrade_cost_per_level"`
	UpgradeLevelsPerTurn int    `toml:"upgrade_levels_per_turn"`
	IncomePerLevel       int    `toml:"income_per_level"`
	DefencePerLevel      int    `toml:"defence_per_level"`
	GarrisonPerDefence   int    `toml:"garrison_per_defence"`
	GarrisonUnit         string `toml:"garrison_unit"`
	Sight                int    `toml:"sight"`
	NewCityCost          int    `toml:"new_city_cost"`
	NewCityLevel         int    `toml:"new_city_level"`
	NewCityNeedsArmy     bool   `toml:"new_city_needs_army"`
	MinDistance          int    `toml:"min_distance"`
	UnitsPerLevel        int    `toml:"units_per_level"`
}

// UnitKind is a unit type's index in Ruleset.Units.
type UnitKind uint8

// MaxUnits is the largest number of unit types a ruleset may have.
const MaxUnits = 64

// Unit is one [[unit]] entry.
type Unit struct {
	ID                   string `toml:"id"`
	Name                 string `toml:"name"`
	Dice                 int    `toml:"dice"`
	Hits                 int    `toml:"hits"`
	Cost                 int    `toml:"cost"`
	RequiresTerrain      string `toml:"requires_terrain"`
	ScoutHexes           int    `toml:"scout_hexes"`
	ScoutDistance        int    `toml:"scout_distance"`
	CityDefenceReduction int    `toml:"city_defence_reduction"`

	// Requires is RequiresTerrain resolved by Load, rulesfile.NoTerrain for "".
	Requires rulesfile.TerrainID `toml:"-"`
}

// Army is [army]: movement and sight of armies.
type Army struct {
	BaseMove      int            `toml:"base_move"`
	MaxMove       int            `toml:"max_move"`
	MinMove       int            `toml:"min_move"`
	Sight         int            `toml:"sight"`
	MoveModifiers []MoveModifier `toml:"move_modifier"`
}

// MoveModifier is one [[army.move_modifier]]: when an army has more units of
// the kinds in More than of the kinds in Than, its move changes by Change.
type MoveModifier struct {
	More   []string `toml:"more"`
	Than   []string `toml:"than"`
	Change int      `toml:"change"`

	// MoreKinds and ThanKinds are More and Than resolved by Load.
	MoreKinds []UnitKind `toml:"-"`
	ThanKinds []UnitKind `toml:"-"`
}

// Upkeep is [upkeep]: the cost of maintaining units.
type Upkeep struct {
	UnitsPerSchmucker int    `toml:"units_per_schmucker"`
	Rounding          string `toml:"rounding"` // "down" or "up"
}

// Combat is [combat]: the dice.
type Combat struct {
	DieSides               int      `toml:"die_sides"`
	HitOn                  int      `toml:"hit_on"`
	CriticalOn             int      `toml:"critical_on"`
	CriticalHits           int      `toml:"critical_hits"`
	WarlordPointsPerLevel  int      `toml:"warlord_points_per_level"`
	WarlordCanMakeCritical bool     `toml:"warlord_can_make_critical"`
	CasualtyOrder          []string `toml:"casualty_order"`
	Rounds                 int      `toml:"rounds"`
	RetreatHexes           int      `toml:"retreat_hexes"`
	TieRetreats            string   `toml:"tie_retreats"` // "attacker", "defender" or "none"
}

// TradeGoods is [trade_goods].
type TradeGoods struct {
	PerCapitalPerTurn int  `toml:"per_capital_per_turn"`
	ValueExponent     int  `toml:"value_exponent"`
	BlocksUnits       bool `toml:"blocks_units"`
	BlocksCharacters  bool `toml:"blocks_characters"`
}

// Warlord is [warlord].
type Warlord struct {
	MinLevel          int  `toml:"min_level"`
	MaxLevel          int  `toml:"max_level"`
	PopLevel          int  `toml:"pop_level"`
	LevelsPerVictory  int  `toml:"levels_per_victory"`
	Cost              int  `toml:"cost"`
	CostPerExtraLevel int  `toml:"cost_per_extra_level"`
	Upkeep            int  `toml:"upkeep"`
	MoveAlone         int  `toml:"move_alone"`
	OnlyInCapital     bool `toml:"only_in_capital"`
	PerCapitalPerTurn int  `toml:"per_capital_per_turn"`
}

// Caster is [caster] with one sub-table per kind of caster.
type Caster struct {
	MaxPerSide        int  `toml:"max_per_side"`
	Cost              int  `toml:"cost"`
	Upkeep            int  `toml:"upkeep"`
	OnlyInCapital     bool `toml:"only_in_capital"`
	PerCapitalPerTurn int  `toml:"per_capital_per_turn"`
	BlocksUnits       bool `toml:"blocks_units"`
	BlocksTradeGoods  bool `toml:"blocks_trade_goods"`

	Croak  Croak  `toml:"croak"`
	Econ   Econ   `toml:"econ"`
	Look   Look   `toml:"look"`
	Fool   Fool   `toml:"fool"`
	Heal   Heal   `toml:"heal"`
	Dirt   Dirt   `toml:"dirt"`
	Cancel Cancel `toml:"cancel"`
}

// Croak is [caster.croak], the Croak-A-Mancer.
type Croak struct {
	Name             string   `toml:"name"`
	UncroakDivisor   int      `toml:"uncroak_divisor"`
	IncompatibleWith []string `toml:"incompatible_with"` // caster kind ids
}

// Econ is [caster.econ], the Econ-A-Mancer.
type Econ struct {
	Name   string `toml:"name"`
	Income int    `toml:"income"`
}

// Look is [caster.look], the Look-A-Mancer.
type Look struct {
	Name    string `toml:"name"`
	Targets int    `toml:"targets"`
}

// Fool is [caster.fool], the Fool-A-Mancer.
type Fool struct {
	Name              string `toml:"name"`
	LookBlockPercent  int    `toml:"look_block_percent"`
	RevealsCasterLook bool   `toml:"reveals_looker"`
}

// Heal is [caster.heal], the Heal-A-Mancer.
type Heal struct {
	Name            string `toml:"name"`
	CasualtyDivisor int    `toml:"casualty_divisor"`
	MaxPerCombat    int    `toml:"max_per_combat"`
}

// Dirt is [caster.dirt], the Dirt-A-Mancer.
type Dirt struct {
	Name               string `toml:"name"`
	UpgradeCostDivisor int    `toml:"upgrade_cost_divisor"`
}

// Cancel is [caster.cancel], the Cancel-A-Mancer.
type Cancel struct {
	Name          string `toml:"name"`
	CancelsCancel bool   `toml:"cancels_cancel"`
}

// CasterKind names one kind of caster.
type CasterKind uint8

// The seven kinds of caster, in the document's order.
const (
	CasterCroak  CasterKind = iota // Croak-A-Mancer, id "croak"
	CasterEcon                     // Econ-A-Mancer, id "econ"
	CasterLook                     // Look-A-Mancer, id "look"
	CasterFool                     // Fool-A-Mancer, id "fool"
	CasterHeal                     // Heal-A-Mancer, id "heal"
	CasterDirt                     // Dirt-A-Mancer, id "dirt"
	CasterCancel                   // Cancel-A-Mancer, id "cancel"
	NumCasterKinds
)

var casterIDs = [NumCasterKinds]string{"croak", "econ", "look", "fool", "heal", "dirt", "cancel"}

// ID returns the kind's id, which is also its sub-table name under [caster].
func (k CasterKind) ID() string {
	if k < NumCasterKinds {
		return casterIDs[k]
	}
	return ""
}

// ParseCasterKind returns the kind with the given id.
func ParseCasterKind(id string) (CasterKind, bool) {
	for k, s := range casterIDs {
		if s == id {
			return CasterKind(k), true
		}
	}
	return 0, false
}

// Name returns the display name of a kind of caster, "" for an invalid kind.
func (c *Caster) Name(k CasterKind) string {
	switch k {
	case CasterCroak:
		return c.Croak.Name
	case CasterEcon:
		return c.Econ.Name
	case CasterLook:
		return c.Look.Name
	case CasterFool:
		return c.Fool.Name
	case CasterHeal:
		return c.Heal.Name
	case CasterDirt:
		return c.Dirt.Name
	case CasterCancel:
		return c.Cancel.Name
	}
	return ""
}

// Fleet is [fleet].
type Fleet struct {
	PerSidePerTurn   int      `toml:"per_side_per_turn"`
	NeedsCityNextTo  []string `toml:"needs_city_next_to"` // terrain ids
	Cost             int      `toml:"cost"`
	Upkeep           int      `toml:"upkeep"`
	Move             int      `toml:"move"`
	ArmiesPerTurn    int      `toml:"armies_per_turn"`
	LoadCost         int      `toml:"load_cost"`
	UnloadCost       int      `toml:"unload_cost"`
	CarriedArmyMoves bool     `toml:"carried_army_moves"`
	FishingIncome    int      `toml:"fishing_income"`
	MaxPerHex        int      `toml:"max_per_hex"`
	DestroyOn        int      `toml:"destroy_on"`
	Sight            int      `toml:"sight"`

	// NeedsTerrain is NeedsCityNextTo resolved by Load.
	NeedsTerrain []rulesfile.TerrainID `toml:"-"`
}

// Autopilot is [autopilot]: what happens for a player who sent no orders.
type Autopilot struct {
	Income             bool `toml:"income"`
	Upkeep             bool `toml:"upkeep"`
	Moves              bool `toml:"moves"`
	CharacterActions   bool `toml:"character_actions"`
	ReplaceAfterMissed int  `toml:"replace_after_missed"`
}

// Turn is [turn]: the order of a turn's phases.
type Turn struct {
	Phases []string `toml:"phases"`
}

// The phases a turn is made of, as written in [turn] phases.
const (
	PhaseIncome = "income" // income from cities, trade goods cashed in
	PhaseBuild  = "build"  // build and upgrade cities
	PhaseCreate = "create" // create units, warlords, casters, fleets, trade goods
	PhaseUpkeep = "upkeep" // pay upkeep
	PhaseOrders = "orders" // orders to armies and fleets: moves and combat
)

// phases lists every phase a [turn] phases list must contain once.
var phases = [...]string{PhaseIncome, PhaseBuild, PhaseCreate, PhaseUpkeep, PhaseOrders}

// Load decodes and validates File from fsys (see rulesfile.OpenSource) and
// resolves its string ids. Every error names the file and the key.
func Load(fsys fs.FS) (*Ruleset, error) { return hexrules.Load[Ruleset](fsys, File) }

// Parse decodes and validates the bytes of a ruleset file (File), as Load
// does.
func Parse(data []byte) (*Ruleset, error) { return hexrules.Parse[Ruleset](File, data) }

// Default loads the embedded erfworld ruleset.
func Default() (*Ruleset, error) {
	return Load(assets.Rules())
}

// Open returns the rules a server or a client plays: the built-in files,
// with the mod in directory dir replacing them if dir is not empty (see
// rulesfile.OpenSource).
func Open(dir string) (*Rules, error) { return hexrules.Open(dir, Load, NewRules) }

// UnitKind returns the kind of the unit with the given id.
func (r *Ruleset) UnitKind(id string) (UnitKind, bool) {
	for i := range r.Units {
		if r.Units[i].ID == id && i < MaxUnits {
			return UnitKind(i), true
		}
	}
	return 0, false
}

// Resolve fills the derived fields; r must be valid (Load calls it).
func (r *Ruleset) Resolve() {
	for i := range r.Terrain {
		if r.Terrain[i].City {
			r.CityTerrain = rulesfile.TerrainID(i)
		}
	}
	r.GarrisonUnit, _ = r.UnitKind(r.City.GarrisonUnit)
	for i := range r.Units {
		u := &r.Units[i]
		u.Requires = rulesfile.NoTerrain
		if u.RequiresTerrain != "" {
			u.Requires, _ = r.Terrain.Lookup(u.RequiresTerrain)
		}
	}
	r.CasualtyOrder = r.kinds(r.Combat.CasualtyOrder)
	for i := range r.Army.MoveModifiers {
		m := &r.Army.MoveModifiers[i]
		m.MoreKinds = r.kinds(m.More)
		m.ThanKinds = r.kinds(m.Than)
	}
	r.Fleet.NeedsTerrain = make([]rulesfile.TerrainID, 0, len(r.Fleet.NeedsCityNextTo))
	for _, id := range r.Fleet.NeedsCityNextTo {
		t, _ := r.Terrain.Lookup(id)
		r.Fleet.NeedsTerrain = append(r.Fleet.NeedsTerrain, t)
	}
}

func (r *Ruleset) kinds(ids []string) []UnitKind {
	out := make([]UnitKind, 0, len(ids))
	for _, id := range ids {
		k, _ := r.UnitKind(id)
		out = append(out, k)
	}
	return out
}
