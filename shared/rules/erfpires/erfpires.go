// Package erfpires is the "Mighty Erfpires" (Empires V) ruleset on the hex
// engine (shared/game): one order a day, cities, farms, forts and
// Dinglehoobers, three kinds of units, a weekly tax, trade and tribute, and
// battles of total Combat plus a d6 against the enemy's Defence. Its
// numbers live in assets/rules/erfpires.toml: Load decodes and validates
// that file, and the Ruleset's small methods do the rules' arithmetic.
//
// RULES.md, beside this file, quotes every rule sentence of the document
// and names the tests that check it; TestRulesTable keeps it honest.
package erfpires

import (
	"io/fs"

	"empires/assets"
	"empires/shared/game"
	"empires/shared/hexrules"
	"empires/shared/rulesfile"
)

// File is the name of the ruleset file inside a rules source.
const File = "erfpires.toml"

// Ruleset is the whole erfpires ruleset, as the data file gives it. Field
// documentation names the TOML key; the file quotes the rule behind each
// number.
type Ruleset struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Currency string `toml:"currency"`

	Terrain    rulesfile.TerrainTable `toml:"terrain"`
	Day        Day                    `toml:"day"`
	Start      Start                  `toml:"start"`
	Win        Win                    `toml:"win"`
	City       City                   `toml:"city"`
	Army       Army                   `toml:"army"`
	Recruit    Recruit                `toml:"recruit"`
	Units      []Unit                 `toml:"unit"`
	Structures []Structure            `toml:"structure"`
	Tax        Tax                    `toml:"tax"`
	Trade      Trade                  `toml:"trade"`
	Tribute    Tribute                `toml:"tribute"`
	Combat     Combat                 `toml:"combat"`
	Autopilot  Autopilot              `toml:"autopilot"`

	// Derived by Load from the string ids above.

	// StartArmy is Start.Army as unit counts by kind.
	StartArmy game.Units `toml:"-"`
	// CasualtyOrder is Combat.CasualtyOrder as unit kinds.
	CasualtyOrder []game.UnitKind `toml:"-"`
}

// Day is [day]: a turn is a day.
type Day struct {
	Orders int `toml:"orders"` // orders a player may give a day
	Week   int `toml:"week"`   // days in a week
}

// Start is [start]: what each player begins with.
type Start struct {
	Cities   int            `toml:"cities"`   // cities, placed by the map generator
	Army     map[string]int `toml:"army"`     // units by unit id of the army in the first city
	Smuckers int            `toml:"smuckers"` // the treasury
}

// Win is [win].
type Win struct {
	Cities int `toml:"cities"` // cities to control to win
}

// City is [city].
type City struct {
	Cost        int `toml:"cost"`         // Smuckers to build one
	MinDistance int `toml:"min_distance"` // least hex distance between two cities
	Defence     int `toml:"defence"`      // Defence its owner's army gains in it
	Sight       int `toml:"sight"`        // how far it sees
}

// Army is [army].
type Army struct {
	Move     int `toml:"move"`      // hexes a day
	MaxUnits int `toml:"max_units"` // units an army may hold
	Sight    int `toml:"sight"`     // how far it sees
}

// Recruit is [recruit].
type Recruit struct {
	UnitsPerCity int `toml:"units_per_city"` // units a day per city controlled
}

// MaxUnits is the largest number of unit kinds a ruleset may have.
const MaxUnits = 16

// Unit is one [[unit]] entry.
type Unit struct {
	ID      string `toml:"id"`
	Name    string `toml:"name"`
	Cost    int    `toml:"cost"`
	Combat  int    `toml:"combat"`
	Defence int    `toml:"defence"`
	Hits    int    `toml:"hits"`
}

// MaxStructures is the largest number of structure kinds a ruleset may
// have.
const MaxStructures = 16

// What an enemy army does to a structure (Structure.EnemyArmy).
const (
	EnemyCaptures = "capture"
	EnemyDestroys = "destroy"
)

// Structure is one [[structure]] entry: a kind of thing built on a hex.
// Its index in Ruleset.Structures is its game.StructureKind.
type Structure struct {
	ID            string   `toml:"id"`
	Name          string   `toml:"name"`
	Cost          int      `toml:"cost"`
	Terrain       []string `toml:"terrain"`      // terrain ids; empty: any land
	NextToCity    bool     `toml:"next_to_city"` // may be built next to a city of the builder
	WithArmy      bool     `toml:"with_army"`    // may be built where an army of the builder stands
	PerHex        int      `toml:"per_hex"`
	Tax           int      `toml:"tax"`
	Defence       int      `toml:"defence"`
	Sight         int      `toml:"sight"`
	DieBonus      int      `toml:"die_bonus"`
	DieBonusRange int      `toml:"die_bonus_range"`
	EnemyArmy     string   `toml:"enemy_army"` // EnemyCaptures or EnemyDestroys

	// Terrains is Terrain resolved by Load.
	Terrains []rulesfile.TerrainID `toml:"-"`
}

// Tax is [tax].
type Tax struct {
	PerCity            int `toml:"per_city"`
	MaintenancePerArmy int `toml:"maintenance_per_army"`
}

// Trade is [trade].
type Trade struct {
	Divisor int `toml:"divisor"` // a trade brings the Tax's gain divided by this
}

// Tribute is [tribute].
type Tribute struct {
	Divisor int `toml:"divisor"` // a tribute is the tax revenue divided by this
}

// Combat is [combat].
type Combat struct {
	DieSides      int      `toml:"die_sides"`
	CasualtyOrder []string `toml:"casualty_order"` // unit ids, first lost first
	TieRetreats   string   `toml:"tie_retreats"`   // "attacker" or "defender"
}

// Autopilot is [autopilot].
type Autopilot struct {
	ReplaceAfterMissed int `toml:"replace_after_missed"`
}

// Load decodes and validates File from fsys (see rulesfile.OpenSource) and
// resolves its string ids. Every error names the file and the key (and
// the line, for syntax errors).
func Load(fsys fs.FS) (*Ruleset, error) { return hexrules.Load[Ruleset](fsys, File) }

// Parse decodes and validates the bytes of a ruleset file (File), as Load
// does.
func Parse(data []byte) (*Ruleset, error) { return hexrules.Parse[Ruleset](File, data) }

// Missed returns how many days in a row player p sent no orders (its
// StockMissed counter); 0 for no such player.
func Missed(s *game.State, p game.PlayerID) int {
	return int(hexrules.PlayerStock(s, p, StockMissed))
}

// Default loads the embedded erfpires ruleset.
func Default() (*Ruleset, error) {
	return Load(assets.Rules())
}

// Open returns the rules a server or a client plays: the built-in file,
// or the one in the mod directory dir if dir is not empty and has it (see
// rulesfile.OpenSource).
func Open(dir string) (*Rules, error) { return hexrules.Open(dir, Load, NewRules) }

// UnitKind returns the kind of the unit with the given id.
func (r *Ruleset) UnitKind(id string) (game.UnitKind, bool) {
	for i := range r.Units {
		if r.Units[i].ID == id && i < MaxUnits {
			return game.UnitKind(i), true
		}
	}
	return 0, false
}

// StructureKind returns the kind of the structure with the given id.
func (r *Ruleset) StructureKind(id string) (game.StructureKind, bool) {
	for i := range r.Structures {
		if r.Structures[i].ID == id && i < MaxStructures {
			return game.StructureKind(i), true
		}
	}
	return 0, false
}

// Resolve fills the derived fields; r must be valid (Load calls it).
func (r *Ruleset) Resolve() {
	r.StartArmy = make(game.Units, len(r.Units))
	for id, n := range r.Start.Army {
		if k, ok := r.UnitKind(id); ok {
			r.StartArmy[k] = int32(n)
		}
	}
	r.StartArmy = game.Units(nil).Add(r.StartArmy) // trimmed
	r.CasualtyOrder = r.CasualtyOrder[:0]
	for _, id := range r.Combat.CasualtyOrder {
		k, _ := r.UnitKind(id)
		r.CasualtyOrder = append(r.CasualtyOrder, k)
	}
	for i := range r.Structures {
		st := &r.Structures[i]
		st.Terrains = st.Terrains[:0]
		for _, id := range st.Terrain {
			t, _ := r.Terrain.Lookup(id)
			st.Terrains = append(st.Terrains, t)
		}
	}
}

// UnitsCost is what units cost to recruit.
func (r *Ruleset) UnitsCost(u game.Units) int64 {
	n := int64(0)
	for k, c := range u {
		if k < len(r.Units) {
			n += int64(c) * int64(r.Units[k].Cost)
		}
	}
	return n
}

// Revenue is the tax revenue of an Erfpire of cities cities and structures
// (structures[k] of kind k), before maintenance: "3 smuckers per city, and
// 1 per farm".
func (r *Ruleset) Revenue(cities int, structures []int) int64 {
	n := int64(cities) * int64(r.Tax.PerCity)
	for k, c := range structures {
		if k < len(r.Structures) {
			n += int64(c) * int64(r.Structures[k].Tax)
		}
	}
	return n
}

// Maintenance is what armies armies cost at each Tax: "1 Smucker per
// controlled Army".
func (r *Ruleset) Maintenance(armies int) int64 {
	return int64(armies) * int64(r.Tax.MaintenancePerArmy)
}

// TradeGain is what a Trade brings an Erfpire whose Tax would bring
// revenue - maintenance: "half of what they would from Tax, rounded down",
// never below 0.
func (r *Ruleset) TradeGain(revenue, maintenance int64) int64 {
	return max(revenue-maintenance, 0) / int64(r.Trade.Divisor)
}

// TributeAmount is the gift of an Erfpire of tax revenue revenue: "half
// your tax revenue", rounded down.
func (r *Ruleset) TributeAmount(revenue int64) int64 {
	return max(revenue, 0) / int64(r.Tribute.Divisor)
}

// RecruitLimit is how many units a player of cities cities may recruit a
// day: "double the number of cities you control".
func (r *Ruleset) RecruitLimit(cities int) int {
	return cities * r.Recruit.UnitsPerCity
}

// Strength returns the total Combat and Defence of units.
func (r *Ruleset) Strength(u game.Units) (combat, defence int) {
	for k, c := range u {
		if k < len(r.Units) {
			combat += int(c) * r.Units[k].Combat
			defence += int(c) * r.Units[k].Defence
		}
	}
	return combat, defence
}
