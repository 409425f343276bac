package erfpires

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/rulesfile"
)

// TestDefaultNumbers: every number of the document is the data file's.
func TestDefaultNumbers(t *testing.T) {
	d := load(t)
	terrain := func(id string) rulesfile.Terrain {
		i, ok := d.Terrain.Lookup(id)
		if !ok {
			t.Fatalf("no terrain %q", id)
		}
		return d.Terrain[i]
	}
	unit := func(id string) Unit {
		k, ok := d.UnitKind(id)
		if !ok {
			t.Fatalf("no unit %q", id)
		}
		return d.Units[k]
	}
	structure := func(id string) Structure {
		k, ok := d.StructureKind(id)
		if !ok {
			t.Fatalf("no structure %q", id)
		}
		return d.Structures[k]
	}
	tests := []struct {
		rule       string
		have, want any
	}{
		{"Each day you can issue one order.", d.Day.Orders, 1},
		{"a week is 7 days", d.Day.Week, 7},
		{"Spend 5 smuckers to build new city.", d.City.Cost, 5},
		{"no other cities within 2 hexes", d.City.MinDistance, 3},
		{"Spend 2 smuckers to build a farm", structure("farm").Cost, 2},
		{"a farm in a plains hex", strings.Join(structure("farm").Terrain, ","), "plains"},
		{"a farm ... adjacent to a controlled city", structure("farm").NextToCity && !structure("farm").WithArmy, true},
		{"Only one farm per hex.", structure("farm").PerHex, 1},
		{"Spend 2 smuckers to build a fort", structure("fort").Cost, 2},
		{"a fort either in a hex adjacent to a city, or in a hex with an Army", structure("fort").NextToCity && structure("fort").WithArmy, true},
		{"Spend 2 smuckers to build a Dinglehoober", structure("dinglehoober").Cost, 2},
		{"a Dinglehoober in a hex adjacent to a city", structure("dinglehoober").NextToCity && !structure("dinglehoober").WithArmy, true},
		{"CHOICE: the Dinglehoober's din: +1 to the die", structure("dinglehoober").DieBonus, 1},
		{"CHOICE: ... on its hex or next to it", structure("dinglehoober").DieBonusRange, 1},
		{"An Army may not have more than 8 units.", d.Army.MaxUnits, 8},
		{"if you control 3 cities, you may pop 6 units per turn", d.RecruitLimit(3), 6},
		{"Choose one Army to move two hexes.", d.Army.Move, 2},
		{"Armies may not enter Mountain", terrain("mountain").Army, false},
		{"... or Ocean hexes", terrain("ocean").Army, false},
		{"armies enter Plains", terrain("plains").Army, true},
		{"3 smuckers per city", d.Tax.PerCity, 3},
		{"and 1 per farm", structure("farm").Tax, 1},
		{"maintenance of 1 Smucker per controlled Army", d.Tax.MaintenancePerArmy, 1},
		{"half of what they would from Tax", d.Trade.Divisor, 2},
		{"equal to half your tax revenue", d.Tribute.Divisor, 2},
		{"Infantry – Cost 1 Smucker", unit("infantry").Cost, 1},
		{"Infantry ... has 1 Combat", unit("infantry").Combat, 1},
		{"Infantry ... and 1 Hit", unit("infantry").Hits, 1},
		{"Flyer – Cost 3 Smuckers", unit("flyer").Cost, 3},
		{"Flyer ... has 3 Combat", unit("flyer").Combat, 3},
		{"Flyer ... and 1 Hit", unit("flyer").Hits, 1},
		{"Heavy – Cost 2 Smuckers", unit("heavy").Cost, 2},
		{"Heavy ... has 1 Combat", unit("heavy").Combat, 1},
		{"Heavy ... 1 Defence", unit("heavy").Defence, 1},
		{"Heavy ... and 1 Hit", unit("heavy").Hits, 1},
		{"Infantry has no Defence", unit("infantry").Defence, 0},
		{"d6", d.Combat.DieSides, 6},
		{"If an Army is in a Fort or City, it gains 3 Defence. (City)", d.City.Defence, 3},
		{"If an Army is in a Fort or City, it gains 3 Defence. (Fort)", structure("fort").Defence, 3},
		{"first to control 5 cities", d.Win.Cities, 5},
		{"CHOICE: the cheapest units fall first", d.Combat.CasualtyOrder[0] + ">" + d.Combat.CasualtyOrder[2], "infantry>flyer"},
		{"CHOICE: equal hits: the attacker retreats", d.Combat.TieRetreats, "attacker"},
		{"CHOICE: a farm is razed by an enemy army", structure("farm").EnemyArmy, EnemyDestroys},
		{"CHOICE: a fort is captured by an enemy army", structure("fort").EnemyArmy, EnemyCaptures},
		{"CHOICE: one city to start", d.Start.Cities, 1},
		{"CHOICE: 10 Smuckers to start", d.Start.Smuckers, 10},
		{"CHOICE: an army of 2 Infantry to start", d.StartArmy.Total(), 2},
		{"CHOICE: the AI takes a seat over after 2 missed days", d.Autopilot.ReplaceAfterMissed, 2},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%q: have %v, want %v", tt.rule, tt.have, tt.want)
		}
	}
}

// TestArithmetic checks the Ruleset's sums with the document's examples.
func TestArithmetic(t *testing.T) {
	d := load(t)
	farms := make([]int, len(d.Structures))
	farm, _ := d.StructureKind("farm")
	fort, _ := d.StructureKind("fort")
	farms[farm], farms[fort] = 2, 3
	u := func(spec string) game.Units { return units(t, NewRules(d), spec) }
	strength := func(spec string) [2]int {
		c, def := d.Strength(u(spec))
		return [2]int{c, def}
	}
	tests := []struct {
		rule       string
		have, want any
	}{
		{"3 smuckers per city, and 1 per farm (forts pay nothing)", d.Revenue(2, farms), int64(8)},
		{"no cities, no farms, nothing", d.Revenue(0, nil), int64(0)},
		{"maintenance of 1 Smucker per controlled Army", d.Maintenance(3), int64(3)},
		{"Trade: half of what they would from Tax, rounded down (9-2=7: 3)", d.TradeGain(9, 2), int64(3)},
		{"Trade: a Tax that would lose brings nothing", d.TradeGain(3, 5), int64(0)},
		{"Tribute: half your tax revenue (7: 3)", d.TributeAmount(7), int64(3)},
		{"if you control 3 cities, you may pop 6 units per turn", d.RecruitLimit(3), 6},
		{"Infantry – Cost 1, Flyer – Cost 3, Heavy – Cost 2", d.UnitsCost(u("2 infantry, 1 flyer, 1 heavy")), int64(7)},
		{"total Combat and Defence (3 Infantry, 2 Heavy)", strength("3 infantry, 2 heavy"), [2]int{5, 2}},
		{"a Flyer has 3 Combat", strength("1 flyer"), [2]int{3, 0}},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%q: have %v, want %v", tt.rule, tt.have, tt.want)
		}
	}
}

// embedded returns the text of the embedded erfpires.toml.
func embedded(t *testing.T) string {
	t.Helper()
	data, err := fs.ReadFile(assets.Rules(), File)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBrokenFiles: a broken data file is refused with the file's name and
// the key (the line, for a syntax error) and what is wrong, never a panic.
func TestBrokenFiles(t *testing.T) {
	good := embedded(t)
	tests := []struct {
		name, old, new string
		want           []string // fragments of the error
	}{
		{"syntax error", "[win]\n", "[win\n", []string{File + ":", "TOML syntax error"}},
		{"unknown key", "[city]\n", "[city]\nbogus = 1\n", []string{File, `key "city.bogus"`, "unknown key"}},
		{"misspelt key", "per_city = 3", "per_cty = 3", []string{`key "tax.per_cty"`, `did you mean "per_city"?`}},
		{"wrong type", "cost = 5\n", "cost = \"five\"\n", []string{`key "city.cost"`, "want an integer"}},
		{"missing key", "max_units = 8\n", "\n", []string{`key "army.max_units"`, "missing required key"}},
		{"two orders a day is fine, none is not", "orders = 1", "orders = 0", []string{`key "day.orders"`, "between 1 and"}},
		{"a unit of 2 hits", "hits = 1\n\n[[unit]]\n# \"Flyer", "hits = 2\n\n[[unit]]\n# \"Flyer", []string{`key "unit[0].hits"`, "must be 1"}},
		{"unknown start unit", "army = { infantry = 2 }", "army = { knight = 2 }", []string{`key "start.army.knight"`, `unknown unit id "knight"`}},
		{"too big a start army", "army = { infantry = 2 }", "army = { infantry = 9 }", []string{`key "start.army"`, "more than army.max_units (8)"}},
		{"farm on ocean", `terrain = ["plains"]`, `terrain = ["ocean"]`, []string{`key "structure[0].terrain[0]"`, "armies may not enter"}},
		{"farm on unknown terrain", `terrain = ["plains"]`, `terrain = ["grass"]`, []string{`key "structure[0].terrain[0]"`, `unknown terrain id "grass"`}},
		{"enemy army does what", `enemy_army = "destroy"`, `enemy_army = "eat"`, []string{`key "structure[0].enemy_army"`, `must be "capture" or "destroy"`}},
		{"a structure built nowhere", "next_to_city = true\nwith_army = false\nper_hex = 1\n# \"Tax", "next_to_city = false\nwith_army = false\nper_hex = 1\n# \"Tax",
			[]string{`key "structure[0].next_to_city"`, "built nowhere"}},
		{"casualty order misses a unit", `casualty_order = ["infantry", "heavy", "flyer"]`, `casualty_order = ["infantry", "heavy"]`,
			[]string{`key "combat.casualty_order"`, "must list every unit id once"}},
		{"tie", `tie_retreats = "attacker"`, `tie_retreats = "both"`, []string{`key "combat.tie_retreats"`, `"attacker" or "defender"`}},
		{"everyone wins at once", "cities = 5", "cities = 1", []string{`key "win.cities"`, "more than start.cities (1)"}},
		{"cities on water", "city = false\narmy = false # \"Armies may not enter Mountain or Ocean hexes.\"\nnaval = true",
			"city = true\narmy = false # \"Armies may not enter Mountain or Ocean hexes.\"\nnaval = true", []string{`key "terrain[4].army"`, "must be true"}},
		{"divisor 0", "divisor = 2\n\n# ---------------------------------------------------------------------------\n[tribute]",
			"divisor = 0\n\n# ---------------------------------------------------------------------------\n[tribute]", []string{`key "trade.divisor"`, "at least 1"}},
		{"a comment-only change still loads", "[win]\n", "[win]\n# a modder's note\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := strings.Count(good, tt.old); n != 1 {
				t.Fatalf("%q occurs %d times in %s, want once", tt.old, n, File)
			}
			_, err := Load(fstest.MapFS{File: {Data: []byte(strings.Replace(good, tt.old, tt.new, 1))}})
			if tt.want == nil {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("loaded without error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
	if _, err := Load(fstest.MapFS{}); err == nil || !strings.Contains(err.Error(), File) {
		t.Errorf("no file: error %v", err)
	}
}

// TestOpen: the built-in rules, a mod that changes a number, and a mod
// directory that is not there.
func TestOpen(t *testing.T) {
	rs, err := Open("")
	if err != nil || rs.ID() != "erfpires" {
		t.Fatalf("Open(\"\") = %v, %v; want the built-in erfpires rules", rs, err)
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("Open of a missing mod directory: no error")
	}
	mod := t.TempDir()
	edited := strings.Replace(embedded(t), "replace_after_missed = 2", "replace_after_missed = 3", 1)
	if err := os.WriteFile(filepath.Join(mod, File), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	modded, err := Open(mod)
	if err != nil || modded.D.Autopilot.ReplaceAfterMissed != 3 {
		t.Fatalf("Open(mod) = %v; want the mod's replace_after_missed 3", err)
	}
}

// TestNewGame: on generated maps each player starts with its city, an
// army of two Infantry in it and 10 Smuckers; cities stand at least 3
// hexes apart ("no other cities within 2 hexes"), on land, each next to
// Plains for a farm; the map is the same for the same seed.
func TestNewGame(t *testing.T) {
	r := NewRules(load(t))
	plains, _ := r.D.Terrain.Lookup("plains")
	for _, tt := range []struct {
		seed                   uint64
		size, players          int
		names                  []string
		wantName0, wantNameEnd string
	}{
		{1, 16, 2, []string{"Ann"}, "Ann", "Player 2"},
		{2, 24, 3, nil, "Player 1", "Player 3"},
		{3, 32, 4, nil, "Player 1", "Player 4"},
	} {
		s, err := r.NewGame(tt.seed, tt.size, tt.size, tt.players, tt.names)
		if err != nil {
			t.Fatalf("seed %d: %v", tt.seed, err)
		}
		if err := s.Validate(len(r.D.Terrain)); err != nil {
			t.Fatalf("seed %d: invalid state: %v", tt.seed, err)
		}
		if s.Players[0].Name != tt.wantName0 || s.Players[tt.players-1].Name != tt.wantNameEnd {
			t.Errorf("seed %d: names %q, %q", tt.seed, s.Players[0].Name, s.Players[tt.players-1].Name)
		}
		for _, pl := range s.Players {
			cities, _, armies := r.holdings(s, pl.ID)
			if cities != 1 || armies != 1 || pl.Treasury != 10 || len(pl.Stock) != NumStock {
				t.Errorf("seed %d, %s: %d cities, %d armies, %d Smuckers, %d counters", tt.seed, pl.ID, cities, armies, pl.Treasury, len(pl.Stock))
			}
		}
		for _, a := range s.Armies {
			if c := s.CityAt(a.Hex); c == nil || c.Owner != a.Owner || a.Units.Total() != 2 {
				t.Errorf("seed %d: %s of %s with %d units is not in its city", tt.seed, a.ID, a.Owner, a.Units.Total())
			}
		}
		for i, c := range s.Cities {
			nextToPlains := false
			for _, n := range c.Hex.Neighbors() {
				if tr, ok := s.Map.At(n); ok && tr == plains {
					nextToPlains = true
				}
			}
			if !nextToPlains {
				t.Errorf("seed %d: %s has no Plains next to it for a farm", tt.seed, c.ID)
			}
			for _, o := range s.Cities[i+1:] {
				if d := hex.Distance(c.Hex, o.Hex); d < 3 {
					t.Errorf("seed %d: %s and %s are %d hexes apart", tt.seed, c.ID, o.ID, d)
				}
			}
		}
		again, _ := r.NewGame(tt.seed, tt.size, tt.size, tt.players, tt.names)
		if again.Checksum() != s.Checksum() {
			t.Errorf("seed %d: two new games differ", tt.seed)
		}
	}
	if _, err := r.NewGame(1, 8, 8, 2, nil); err == nil {
		t.Error("a map too small: no error")
	}
}
