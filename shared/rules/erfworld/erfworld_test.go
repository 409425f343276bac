package erfworld

import (
	"encoding/binary"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/internal/skip"
	"empires/shared/rulesfile"
)

func load(t testing.TB) *Ruleset {
	t.Helper()
	r, err := Default()
	if err != nil {
		t.Fatalf("embedded %s: %v", File, err)
	}
	return r
}

func kind(t *testing.T, r *Ruleset, id string) UnitKind {
	t.Helper()
	k, ok := r.UnitKind(id)
	if !ok {
		t.Fatalf("no unit %q", id)
	}
	return k
}

func TestDefaultNumbers(t *testing.T) {
	r := load(t)
	terrain := func(id string) rulesfile.Terrain {
		i, ok := r.Terrain.Lookup(id)
		if !ok {
			t.Fatalf("no terrain %q", id)
		}
		return r.Terrain[i]
	}
	unit := func(id string) Unit { return r.Units[kind(t, r, id)] }
	tests := []struct {
		rule string
		have any
		want any
	}{
		{"currency: Schmuckers", r.Currency, "Schmuckers"},
		{"five terrain types", len(r.Terrain), 5},
		{"Players may build cities in Open hexes only", r.Terrain[r.CityTerrain].ID, "open"},
		{"Armies may enter any Terrain except Mountains", terrain("mountains").Army, false},
		{"...and Water", terrain("water").Army, false},
		{"Armies may enter Woods", terrain("woods").Army, true},
		{"Fleets sail on Water", terrain("water").Naval, true},
		{"Grasslands (Green with Brown Spots)", terrain("grasslands").Accent != nil, true},
		{"Each player starts with a Capital", r.Start.Capitals, 1},
		{"...and two other cities", r.Start.Cities, 2},
		{"CHOICE: other cities start at level 1", r.Start.CityLevel, 1},
		{"THREE Capitals win", r.Win.Capitals, 3},
		{"one turn to retake a Capital", r.Win.RetakeTurns, 1},
		{"a Capital (level 5)", r.City.CapitalLevel, 5},
		{"No City may be upgraded to a Capital", r.City.MaxUpgradeLevel, 4},
		{"New Cities cost 2 Schmuckers", r.City.NewCityCost, 2},
		{"New city needs an Army", r.City.NewCityNeedsArmy, true},
		{"not adjacent to any other City", r.City.MinDistance, 2},
		{"Cities may not upgrade multiple levels in a turn", r.City.UpgradeLevelsPerTurn, 1},
		{"Cities report the surrounding 6 hexes", r.City.Sight, 1},
		{"the City provides ... Infantry", r.Units[r.GarrisonUnit].ID, "infantry"},
		{"four kinds of units", len(r.Units), 4},
		{"2d6 for each Cavalry unit", unit("cavalry").Dice, 2},
		{"A d6 is rolled for each Unit", unit("infantry").Dice, 1},
		{"Infantry can take 2 hits", unit("infantry").Hits, 2},
		{"Siege take 1 hit", unit("siege").Hits, 1},
		{"Siege if a City borders a Woods Hex", unit("siege").RequiresTerrain, "woods"},
		{"Cavalry if a City borders a Grasslands Hex", unit("cavalry").RequiresTerrain, "grasslands"},
		{"Flyers if a City borders a Mountains Hex", unit("flyers").RequiresTerrain, "mountains"},
		{"Siege requirement resolved", r.Terrain[unit("siege").Requires].ID, "woods"},
		{"An Empire can always form Infantry", unit("infantry").Requires, rulesfile.NoTerrain},
		{"Each Flyer may Scout a hex", unit("flyers").ScoutHexes, 1},
		{"...adjacent to the 6 neighbouring the Army", unit("flyers").ScoutDistance, 2},
		{"CHOICE: units are free to form", unit("cavalry").Cost, 0},
		{"Armies have a base move of two", r.Army.BaseMove, 2},
		{"Armies report the surrounding 6 hexes", r.Army.Sight, 1},
		{"For every 5 units ... 1 Schmucker", r.Upkeep.UnitsPerSchmucker, 5},
		{"d6", r.Combat.DieSides, 6},
		{"Each roll of 4+ is a hit", r.Combat.HitOn, 4},
		{"Each roll of 6 is a critical hit", r.Combat.CriticalOn, 6},
		{"...and counts as two hits", r.Combat.CriticalHits, 2},
		{"increase the score of a d6 roll by 1 for each of its levels", r.Combat.WarlordPointsPerLevel, 1},
		{"Infantry, then Cavalry, then Flyers, then Siege", r.CasualtyOrder[0] == kind(t, r, "infantry") && r.CasualtyOrder[3] == kind(t, r, "siege"), true},
		{"Warlords have a level, 1 to 9", r.Warlord.MaxLevel, 9},
		{"They are popped at level 1", r.Warlord.PopLevel, 1},
		{"gain 1 level per Victorious Combat", r.Warlord.LevelsPerVictory, 1},
		{"costs 1 Schmuckers per turn to maintain", r.Warlord.Upkeep, 1},
		{"may move 4 hexes per turn", r.Warlord.MoveAlone, 4},
		{"up to THREE Casters", r.Caster.MaxPerSide, 3},
		{"Casters cost 2 Schmuckers a turn", r.Caster.Upkeep, 2},
		{"+5 Schmuckers per Econ-A-Mancer", r.Caster.Econ.Income, 5},
		{"Look at one other player side", r.Caster.Look.Targets, 1},
		{"reduces the ability ... by 50%", r.Caster.Fool.LookBlockPercent, 50},
		{"Heal-A-Mancer, not Heal-O-Mancer", r.Caster.Name(CasterHeal), "Heal-A-Mancer"},
		{"Only one Heal-A-Mancer per combat", r.Caster.Heal.MaxPerCombat, 1},
		{"no Croak-A-Mancer AND Heal-O-Mancer", strings.Join(r.Caster.Croak.IncompatibleWith, ","), "heal"},
		{"A Cancel-A-Mancer cannot cancel a Cancel-A-Mancer", r.Caster.Cancel.CancelsCancel, false},
		{"1 Fleet per turn", r.Fleet.PerSidePerTurn, 1},
		{"Each Fleet costs 5 schmuckers", r.Fleet.Cost, 5},
		{"no maintenance cost", r.Fleet.Upkeep, 0},
		{"Fleets move 3 hexes per turn", r.Fleet.Move, 3},
		{"transport one Army per turn", r.Fleet.ArmiesPerTurn, 1},
		{"1 move to load", r.Fleet.LoadCost, 1},
		{"one move to unload", r.Fleet.UnloadCost, 1},
		{"Gone Fishing generate 1 Schmucker", r.Fleet.FishingIncome, 1},
		{"Only 1 Fleet is permitted in a hex", r.Fleet.MaxPerHex, 1},
		{"On a d6 roll of 6, the opposing fleet is destroyed", r.Fleet.DestroyOn, 6},
		{"city adjacent to Water and to woods", len(r.Fleet.NeedsTerrain), 2},
		{"No Schmuckers are generated on autopilot", r.Autopilot.Income, false},
		{"not send in orders twice in a row", r.Autopilot.ReplaceAfterMissed, 2},
		{"Turn Procedure", strings.Join(r.Turn.Phases, ","), "income,build,create,upkeep,orders"},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%q: have %v, want %v", tt.rule, tt.have, tt.want)
		}
	}
}

func TestArithmetic(t *testing.T) {
	r := load(t)
	cost := func(level int) int {
		c, err := r.WarlordCost(level)
		if err != nil {
			t.Errorf("WarlordCost(%d): %v", level, err)
		}
		return c
	}
	siege := make([]int, len(r.Units))
	siege[kind(t, r, "siege")] = 2
	tests := []struct {
		rule string
		have int
		want int
	}{
		{"upgrade a level two to a level three, pay Six Schmuckers", r.UpgradeCost(3), 6},
		{"upgrade to level 2 costs 4", r.UpgradeCost(2), 4},
		{"upgrade to level 4 costs 8", r.UpgradeCost(4), 8},
		{"Dirt-A-Mancer: upgrade cost HALVED", r.DirtUpgradeCost(3), 3},
		{"a level 5 City generates 5 Schmuckers per turn", r.Income(5), 5},
		{"a level 1 City generates 1", r.Income(1), 1},
		{"A Level 3 city can form 3 units in a turn", r.UnitsFormable(3), 3},
		{"If a side has 14 units, it must pay 2", r.UnitUpkeep(14), 2},
		{"If a side has 16 units, they must pay 3", r.UnitUpkeep(16), 3},
		{"For every 5 units, 1 Schmucker", r.UnitUpkeep(5), 1},
		{"4 units: no whole group of 5", r.UnitUpkeep(4), 0},
		{"no units, no upkeep", r.UnitUpkeep(0), 0},
		{"If three goods were cashed, then the nine Schmuckers", r.TradeGoodsValue(3), 9},
		{"If five were cashed, 25 Schmuckers", r.TradeGoodsValue(5), 25},
		{"one good is worth one", r.TradeGoodsValue(1), 1},
		{"no goods, nothing", r.TradeGoodsValue(0), 0},
		{"spend 6 Schmuckers. The Warlord begins at level 4", cost(4), 6},
		{"popped at level 1 for free", cost(1), 0},
		{"level 9, the top, costs 16", cost(9), 16},
		{"a level 3 city attacked with 2 siege units: defence 1", r.CityDefence(3, siege), 1},
		{"siege lowers defence to a minimum of 0", r.CityDefence(1, siege), 0},
		{"no siege: defence equals level", r.CityDefence(4, nil), 4},
		{"a Level 1 City is defended by 2 additional Infantry", r.GarrisonUnits(r.CityDefence(1, nil)), 2},
		{"a Level 4 city by 8 Additional Infantry", r.GarrisonUnits(r.CityDefence(4, nil)), 8},
		{"Croak: one half (round down) of 5 casualties", r.Uncroaked(5), 2},
		{"Heal: casualties reduced by half (rounded down)", r.HealedCasualties(5), 2},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%q: have %d, want %d", tt.rule, tt.have, tt.want)
		}
	}
	for _, level := range []int{0, 10, -1} {
		if _, err := r.WarlordCost(level); err == nil {
			t.Errorf("WarlordCost(%d): want an error (levels are 1 to 9)", level)
		}
	}
}

func TestArmyMove(t *testing.T) {
	r := load(t)
	army := func(r *Ruleset, counts map[string]int) []int {
		c := make([]int, len(r.Units))
		for id, n := range counts {
			c[kind(t, r, id)] = n
		}
		return c
	}
	// A ruleset whose modifiers are too big, to see the clamps at work.
	strong := load(t)
	strong.Army.MoveModifiers[0].Change = 5
	strong.Army.MoveModifiers[1].Change = -5
	tests := []struct {
		rule string
		r    *Ruleset
		have map[string]int
		want int
	}{
		{"base move of two hexes", r, map[string]int{"infantry": 3}, 2},
		{"an empty army moves the base", r, nil, 2},
		{"more Cavalry and Flyers than Infantry and Siege: +1", r, map[string]int{"cavalry": 2, "infantry": 1}, 3},
		{"flyers count as fast", r, map[string]int{"flyers": 2, "infantry": 1}, 3},
		{"equal is not more", r, map[string]int{"cavalry": 2, "infantry": 2}, 2},
		{"more Siege than Cavalry: -1", r, map[string]int{"siege": 2, "cavalry": 1}, 1},
		{"siege alone", r, map[string]int{"siege": 1}, 1},
		{"both rules apply", r, map[string]int{"flyers": 3, "siege": 2}, 2},
		{"fast army with siege fewer than cavalry", r, map[string]int{"cavalry": 3, "siege": 1}, 3},
		{"to a maximum of 3 hexes per turn", strong, map[string]int{"cavalry": 1}, 3},
		{"to a minimum of 1 hex per turn", strong, map[string]int{"siege": 1}, 1},
	}
	for _, tt := range tests {
		if have := tt.r.ArmyMove(army(tt.r, tt.have)); have != tt.want {
			t.Errorf("%q: ArmyMove(%v) = %d, want %d", tt.rule, tt.have, have, tt.want)
		}
	}
	if have := r.ArmyMove([]int{0, 5}); have != 3 {
		t.Errorf("short counts slice: have %d, want 3", have)
	}
}

func TestCasterKinds(t *testing.T) {
	r := load(t)
	for k := range NumCasterKinds {
		back, ok := ParseCasterKind(k.ID())
		if !ok || back != k {
			t.Errorf("caster kind %d: id %q does not parse back", k, k.ID())
		}
		if name := r.Caster.Name(k); !strings.HasSuffix(name, "-A-Mancer") {
			t.Errorf("caster kind %q: name %q", k.ID(), name)
		}
	}
	if _, ok := ParseCasterKind("bogus"); ok {
		t.Error("bogus caster kind parsed")
	}
}

// embedded returns the text of the embedded erfworld.toml.
func embedded(t *testing.T) string {
	t.Helper()
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func loadText(text string) (*Ruleset, error) {
	return Load(fstest.MapFS{File: {Data: []byte(text)}})
}

func TestBrokenFiles(t *testing.T) {
	good := embedded(t)
	tests := []struct {
		name     string
		old, new string
		key      string
		fragment string
	}{
		{"unknown key", "[city]\n", "[city]\nbogus = 1\n", "city.bogus", "unknown key"},
		{"misspelt key", "income_per_level = 1", "incom_per_level = 1", "city.incom_per_level", `did you mean "income_per_level"?`},
		{"wrong type", "dice = 2 ", `dice = "two" `, "unit[1].dice", "want an integer"},
		{"missing required key", "hits = 2                #", "#", "unit[0].hits", "missing required key"},
		{"missing caster kind", "[caster.cancel]\nname = \"Cancel-A-Mancer\"", "[caster.cancelled]\nname = \"Cancel-A-Mancer\"", "caster.cancel", "missing required key"},
		{"max_level 0", "max_level = 5", "max_level = 0", "city.max_level", "must be at least city.min_level (1), got 0"},
		{"capital below max", "capital_level = 5", "capital_level = 4", "city.capital_level", "must equal city.max_level (5)"},
		{"upgrade to a Capital", "max_upgrade_level = 4", "max_upgrade_level = 5", "city.max_upgrade_level", "below city.capital_level"},
		{"unknown terrain in unit requirement", `requires_terrain = "woods"`, `requires_terrain = "forest"`, "unit[3].requires_terrain", `unknown terrain id "forest"`},
		{"unknown unit in move modifier", `more = ["siege"]`, `more = ["catapult"]`, "army.move_modifier[1].more[0]", `unknown unit id "catapult"`},
		{"shares must sum to 1000", "share_mille = 350", "share_mille = 300", "terrain", "must sum to 1000"},
		{"bad colour", `color = "#3a78c9"`, `color = "blue"`, "terrain[4].color", `"#rrggbb"`},
		{"cities on two terrains", "city = false\narmy = true\nnaval = false\nmapgen = { layer = \"lowland\", share_mille = 150 }",
			"city = true\narmy = true\nnaval = false\nmapgen = { layer = \"lowland\", share_mille = 150 }", "terrain", "exactly one terrain must have city = true, got 2"},
		{"casualty order misses siege", `casualty_order = ["infantry", "cavalry", "flyers", "siege"]`, `casualty_order = ["infantry", "cavalry", "flyers"]`, "combat.casualty_order", `must list unit id "siege"`},
		{"casualty order repeats", `casualty_order = ["infantry", "cavalry", "flyers", "siege"]`, `casualty_order = ["infantry", "cavalry", "flyers", "siege", "cavalry"]`, "combat.casualty_order[4]", "listed twice"},
		{"duplicate unit id", `id = "siege"`, `id = "cavalry"`, "unit[3].id", `duplicate unit id "cavalry"`},
		{"no dice", "dice = 2 ", "dice = 0 ", "unit[1].dice", "must be at least 1, got 0"},
		{"hit_on beyond the die", "hit_on = 4", "hit_on = 7", "combat.hit_on", "must be between 1 and combat.die_sides (6), got 7"},
		{"critical below hit", "critical_on = 6", "critical_on = 3", "combat.critical_on", "must be between combat.hit_on (4)"},
		{"negative cost", "cost = 5", "cost = -5", "fleet.cost", "must be at least 0, got -5"},
		{"upkeep rounding", `rounding = "down"`, `rounding = "sideways"`, "upkeep.rounding", `must be "down" or "up"`},
		{"unknown phase", `"upkeep", "orders"]`, `"upkeep", "battle"]`, "turn.phases[4]", `unknown phase "battle"`},
		{"unknown caster kind", `incompatible_with = ["heal"]`, `incompatible_with = ["hael"]`, "caster.croak.incompatible_with[0]", `unknown caster kind "hael"`},
		{"fleet destroy roll off the die", "destroy_on = 6", "destroy_on = 7", "fleet.destroy_on", "combat.die_sides (6)"},
		{"warlord pop level above max", "pop_level = 1", "pop_level = 10", "warlord.pop_level", "between warlord.min_level (1) and warlord.max_level (9)"},
		{"everyone wins at start", "capitals = 3", "capitals = 1", "win.capitals", "must be more than start.capitals (1)"},
		{"comment-only change still loads", "[win]\n", "[win]\n# a modder's note\n", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := strings.Count(good, tt.old); n != 1 {
				t.Fatalf("%q occurs %d times in %s, want once", tt.old, n, File)
			}
			r, err := loadText(strings.Replace(good, tt.old, tt.new, 1))
			if tt.key == "" && tt.fragment == "" {
				if err != nil {
					t.Fatalf("a comment-only change must load: %v", err)
				}
				return
			}
			if r != nil || err == nil {
				t.Fatalf("want an error at %q, got a ruleset", tt.key)
			}
			wantFieldError(t, err, tt.key, tt.fragment)
		})
	}
}

func wantFieldError(t *testing.T, err error, key, fragment string) {
	t.Helper()
	for _, line := range strings.Split(err.Error(), "\n") {
		if !strings.HasPrefix(line, File+": ") && !strings.HasPrefix(line, File+":") {
			t.Errorf("error line does not start with %q: %q", File, line)
		}
	}
	for _, fe := range rulesfile.FieldErrors(err) {
		if fe.File != File {
			t.Errorf("FieldError.File: have %q, want %q", fe.File, File)
		}
	}
	for _, fe := range rulesfile.FieldErrors(err) {
		if fe.Key == key && strings.Contains(fe.Problem, fragment) {
			return
		}
	}
	t.Errorf("no problem at key %q containing %q in:\n%v", key, fragment, err)
}

func TestSyntaxErrorNamesFileAndLine(t *testing.T) {
	good := embedded(t)
	const old = "max_level = 5"
	line := strings.Count(good[:strings.Index(good, old)], "\n") + 1
	_, err := loadText(strings.Replace(good, old, "max_level = = 5", 1))
	if err == nil {
		t.Fatal("want a syntax error")
	}
	fes := rulesfile.FieldErrors(err)
	if len(fes) != 1 || fes[0].File != File || fes[0].Line != line {
		t.Fatalf("want one error at %s:%d, got %#v", File, line, err)
	}
	if want := File + ":"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("message should start with %q: %v", want, err)
	}
}

func TestMissingFile(t *testing.T) {
	_, err := Load(fstest.MapFS{})
	if err == nil || !strings.Contains(err.Error(), File) {
		t.Fatalf("want an error naming %s, got %v", File, err)
	}
}

func TestModDirOverridesEmbedded(t *testing.T) {
	dir := t.TempDir()
	edited := strings.Replace(embedded(t), "units_per_schmucker = 5", "units_per_schmucker = 4", 1)
	if err := os.WriteFile(filepath.Join(dir, File), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := rulesfile.OpenSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := r.UnitUpkeep(16), 4; have != want {
		t.Errorf("mod with 4 units per Schmucker: upkeep of 16 units: have %d, want %d", have, want)
	}

	// An empty mod directory falls back to the embedded file.
	fsys, err = rulesfile.OpenSource(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Load(fsys); err != nil || r.Upkeep.UnitsPerSchmucker != 5 {
		t.Errorf("empty mod dir: want the embedded ruleset, got %v", err)
	}

	// A broken mod file is reported, not replaced by the default.
	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, File), []byte("id = \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err = rulesfile.OpenSource(broken)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(fsys); err == nil || !strings.HasPrefix(err.Error(), File) {
		t.Errorf("broken mod file: want an error naming %s, got %v", File, err)
	}
}

func TestValidateReportsEverything(t *testing.T) {
	r := load(t)
	r.City.MaxLevel = 0
	r.Combat.HitOn = 0
	r.Fleet.Move = 0
	var keys []string
	for _, fe := range rulesfile.FieldErrors(r.Validate()) {
		keys = append(keys, fe.Key)
	}
	for _, want := range []string{"city.max_level", "combat.hit_on", "fleet.move"} {
		if !strings.Contains(strings.Join(keys, " "), want) {
			t.Errorf("Validate: no problem reported at %q (got %v)", want, keys)
		}
	}
}

// compact returns the TOML text data without its comments and blank
// lines: the same ruleset in a fifth of the bytes, for the fuzzer.
func compact(data []byte) []byte {
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		cut, quote := len(line), byte(0)
		for i := 0; i < len(line) && cut == len(line); i++ {
			switch c := line[i]; {
			case quote == '"' && c == '\\':
				i++ // an escaped character
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '#':
				cut = i
			}
		}
		if l := strings.TrimRight(line[:cut], " \t"); l != "" {
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n") + "\n")
}

// TestCompact: the compact file is the same ruleset.
func TestCompact(t *testing.T) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		t.Fatal(err)
	}
	small := compact(data)
	have, err := Parse(small)
	if err != nil {
		t.Fatal(err)
	}
	if want := load(t); !reflect.DeepEqual(have, want) {
		t.Errorf("the compact file (%d bytes of %d) reads as another ruleset", len(small), len(data))
	}
	if len(small) > len(data)/3 {
		t.Errorf("the compact file has %d bytes of %d", len(small), len(data))
	}
}

// checkHelpers runs the ruleset's helpers, which must not panic on any
// valid ruleset.
func checkHelpers(t *testing.T, r *Ruleset) {
	t.Helper()
	counts := make([]int, len(r.Units))
	for i := range counts {
		counts[i] = i + 1
	}
	r.ArmyMove(counts)
	r.CityDefence(r.City.MaxLevel, counts)
	r.UnitUpkeep(16)
	r.TradeGoodsValue(5)
	r.DirtUpgradeCost(r.City.MaxUpgradeLevel)
	r.Uncroaked(5)
	r.HealedCasualties(5)
	if _, err := r.WarlordCost(r.Warlord.PopLevel); err != nil {
		t.Fatalf("WarlordCost(pop level): %v", err)
	}
}

// sections cuts text, a compact TOML file, before each table header: its
// top-level keys, then each table and each entry of an array of tables.
func sections(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '[' && (i == 0 || text[i-1] == '\n') && i > start {
			out = append(out, text[start:i])
			start = i
		}
	}
	return append(out, text[start:])
}

// FuzzLoad feeds Load arbitrary ruleset files: either a ruleset that
// validates and whose helpers do not panic, or an error naming the file.
// The seeds are the sections of the default file without its comments
// (each a table or an entry of a list, 36 to 336 bytes), which miss every
// other key, and small broken files: the parser and the shape checks see
// every kind of key and value, and each input costs tens of
// microseconds, not the milliseconds a whole file costs (the fuzzer also
// runs each input that finds new code up to millions of times to shrink
// it, for up to a minute). Inputs over 1 KiB are skipped for that reason.
// FuzzNumbers reaches what a whole valid file would.
func FuzzLoad(f *testing.F) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		f.Fatal(err)
	}
	parts := sections(string(compact(data)))
	if len(parts) < 10 {
		f.Fatalf("the default file cuts into %d sections", len(parts))
	}
	for _, part := range parts {
		f.Add([]byte(part))
	}
	f.Add([]byte(""))
	f.Add([]byte("id = 1\n[city]\nmax_level = 0\n"))
	f.Add([]byte(parts[0] + "[city]\nmax_level = 99999999999\nmax_levle = 1\n[[unit]]\n[[unit]]\nid = [1, 'a']\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<10 {
			skip.Now(t, skip.Input, "over the sizes the target checks")
		}
		r, err := Load(fstest.MapFS{File: {Data: text}})
		if (r == nil) == (err == nil) {
			t.Fatalf("want exactly one of a ruleset and an error, got %v and %v", r, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), File) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("loaded ruleset does not validate: %v", err)
		}
		checkHelpers(t, r)
	})
}

// FuzzNumbers sets the default ruleset's numbers (every integer field,
// in lists too) to the fuzzer's values, without TOML: each 5 bytes of the
// input set field number b[0] (modulo their number) to the int32 of
// b[1:5]. Validate never panics, and the helpers do not panic on a
// ruleset it accepts. Load's text is FuzzLoad's; this reaches the numbers
// that only a whole valid file would, thousands of times faster.
func FuzzNumbers(f *testing.F) {
	r := load(f)
	var fields []reflect.Value
	intFields(reflect.ValueOf(r).Elem(), &fields)
	if len(fields) < 64 {
		f.Fatalf("only %d integer fields found", len(fields))
	}
	original := make([]int64, len(fields))
	for i, v := range fields {
		original[i] = v.Int()
	}
	set := func(i int, x int32) []byte {
		return []byte{byte(i), byte(x >> 24), byte(x >> 16), byte(x >> 8), byte(x)}
	}
	f.Add([]byte{})
	f.Add(set(0, 0))
	f.Add(append(set(3, -1), set(40, 1<<30)...))
	f.Add(set(17, math.MaxInt32))
	f.Fuzz(func(t *testing.T, data []byte) {
		defer func() {
			for i, v := range fields {
				v.SetInt(original[i])
			}
		}()
		for ; len(data) >= 5; data = data[5:] {
			fields[int(data[0])%len(fields)].SetInt(int64(int32(binary.BigEndian.Uint32(data[1:]))))
		}
		if err := r.Validate(); err != nil {
			return
		}
		checkHelpers(t, r)
	})
}

// intFields appends the settable signed integer fields in v, a struct,
// and in the structs and lists it holds (the TOML's numbers; the derived
// fields are unsigned ids).
func intFields(v reflect.Value, out *[]reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				intFields(v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			intFields(v.Index(i), out)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		*out = append(*out, v)
	}
}

// BenchmarkParse reads the default ruleset file.
func BenchmarkParse(b *testing.B) {
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}
