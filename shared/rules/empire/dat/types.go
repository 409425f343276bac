// Package dat holds the data of the empire ruleset (the PBEM "Empire"
// game): its units (units.dat), its four terrains (terrain.dat) and the
// game's own numbers (game.dat), each a plain-text table a modder edits,
// and the parser that reads them, refusing a broken file with its name,
// line and column.
package dat

// Terrain is the index of one of the four terrains, also the column of a
// unit's movement table: plains, forest, mountain, sea. The document fixes
// four; terrain.dat names them and gives their icons.
type Terrain uint8

// The four terrains, in the movement table's order (p, f, m, s).
const (
	Plains Terrain = iota
	Forest
	Mountain
	Sea
	NumTerrains
)

// Land reports whether t is dry land (plains, forest or mountain).
func (t Terrain) Land() bool { return t < Sea }

// TerrainInfo is one terrain as terrain.dat names and draws it.
type TerrainInfo struct {
	// Name is the terrain's name for people ("Plains", or "Space" in a mod).
	Name string
	// Glyph is its character in maps drawn as text (tests, the ASCII map).
	Glyph byte
	// Icon is the name of its picture.
	Icon string
	// Color is its colour on the map, "#rrggbb".
	Color string
}

// Phase is the phase of a combat round a unit attacks in.
type Phase uint8

// The attack phases, in the order a round plays them.
const (
	Special  Phase = iota // s: mages
	Distance              // d: archers
	Melee                 // m: infantry, cavalry
	NumPhases
)

// Attack is a set of kinds of attack a unit has.
type Attack uint8

// The kinds of attack (a:kd): l, a, n, b.
const (
	LandAttack  Attack = 1 << iota // l: units that move on dry land and do not fly
	AirAttack                      // a: units that fly
	NavalAttack                    // n: units that move at sea
	Bombing                        // b: bombards hostile armies in adjacent squares
)

// Attr is a set of special attributes without a number.
type Attr uint32

// The special attributes a unit may have.
const (
	Fly         Attr = 1 << iota // fly
	FireMagic                    // firemagic: double damage against icemagic units
	IceMagic                     // icemagic: double damage against firemagic units
	WhiteMagic                   // whitemagic: double damage against blackmagic and undead units
	BlackMagic                   // blackmagic: double damage against whitemagic and holy units
	Undead                       // undead: half damage from normal units
	DImmune                      // dimmune: immune against distance attacks
	MImmune                      // mimmune: immune against melee attacks
	FirstTarget                  // firsttarget: a preferred target regardless of its value
	Holy                         // holy: double damage against undead and hell units
	Hell                         // hell: double damage against holy and whitemagic units
)

// Kind is the index of a unit kind in Data.Units.
type Kind uint8

// Unit is one kind of unit, one line of units.dat.
type Unit struct {
	Name string
	// Prod is the production time in turns at a 100 % production rate;
	// it is also the unit's "value" when a target is chosen.
	Prod int
	HP   int
	MP   int
	// Move is the movement table: the mp one square of each terrain costs,
	// 0 for a terrain the unit cannot enter ("-" in the file).
	Move [NumTerrains]int
	ROS  int
	AV   int
	DV   int
	// Phase is the phase it attacks in (a:ph).
	Phase Phase
	// Attacks are its kinds of attack (a:kd); 0 for none ("-").
	Attacks Attack
	// CityOnly is the "*" mark: produced only in cities.
	CityOnly bool
	// Attrs are its special attributes without a number.
	Attrs Attr
	// Transport is how many units it carries (transport<n>), 0 for none.
	Transport int
	// AVBonus, DVBonus and MPBonus are the army-wide bonuses av+<n>,
	// dv+<n> and mp+<n> (accumulative over the army's units).
	AVBonus, DVBonus, MPBonus int
	// Icon is the name of its picture.
	Icon string
}

// Has reports whether u has every attribute of a.
func (u *Unit) Has(a Attr) bool { return u.Attrs&a == a }

// CanEnter reports whether u can move on terrain t.
func (u *Unit) CanEnter(t Terrain) bool { return u.Move[t] > 0 }

// Land reports whether u can move on at least one kind of dry land.
func (u *Unit) Land() bool { return u.Move[Plains] > 0 || u.Move[Forest] > 0 || u.Move[Mountain] > 0 }

// Naval reports whether u can move at sea.
func (u *Unit) Naval() bool { return u.Move[Sea] > 0 }

// Game is game.dat: the game's numbers the document leaves open or fixes,
// each with its key in the file.
type Game struct {
	// TownRate and CityRate are the production rates in percent
	// (town.rate 100, city.rate 150).
	TownRate, CityRate int
	// TownHeal and CityHeal are the hp a town and a city heal their
	// owner's units a turn (town.heal 1); 0 means "completely" (city.heal
	// full), for either.
	TownHeal, CityHeal int
	// TownROS and CityROS are the settlements' ranges of sight (2, 3).
	TownROS, CityROS int
	// Promotions are the battles after which a unit is promoted
	// (experience 1 3 5).
	Promotions []int
	// FleeBelow is the share of its hp at the start of a battle, in
	// percent, below which an army flees (flee.below 50).
	FleeBelow int
	// MaxRounds ends a battle in which neither side can harm the other or
	// that lasts too long: after it the attacker falls back
	// (battle.rounds).
	MaxRounds int
	// StartUnits are the units of each player's first garrison, by name
	// (start.units).
	StartUnits []string
	// NeutralGarrison are the units guarding each neutral settlement at
	// the start (neutral.garrison), perhaps none.
	NeutralGarrison []string
	// Towns and Cities are the neutral settlements per player on a new map
	// (map.towns, map.cities); LandPercent the share of land (map.land).
	Towns, Cities, LandPercent int
	// LastTurn ends a game the world's conquest never ends: after it the
	// player holding the most settlements wins, ties broken by the value
	// of their units (end.turn).
	LastTurn int
	// ReplaceAfter is how many turns in a row a player may miss before the
	// AI takes the seat over (autopilot.replace).
	ReplaceAfter int
}

// Data is the whole of the ruleset's data.
type Data struct {
	Terrains [NumTerrains]TerrainInfo
	// Town and City name and draw the settlements (terrain.dat's town and
	// city lines).
	Town, City TerrainInfo
	Units      []Unit
	Game       Game
}

// Kind returns the kind of the unit named name (case-insensitive), and
// false if there is none.
func (d *Data) Kind(name string) (Kind, bool) {
	for i := range d.Units {
		if equalFold(d.Units[i].Name, name) {
			return Kind(i), true
		}
	}
	return 0, false
}

// Unit returns kind k's unit; k must be a kind of d.
func (d *Data) Unit(k Kind) *Unit { return &d.Units[k] }

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
