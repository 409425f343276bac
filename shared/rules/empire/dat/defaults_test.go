package dat_test

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/shared/rules/empire/dat"
	"empires/shared/rulesfile"
)

// defaultFiles returns the built-in data files.
func defaultFiles(t testing.TB) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, name := range dat.FileNames() {
		b, err := fs.ReadFile(assets.Rules(), name)
		if err != nil {
			t.Fatalf("built-in %s: %v", name, err)
		}
		files[name] = b
	}
	return files
}

// loadDefaults parses the built-in data files.
func loadDefaults(t testing.TB) *dat.Data {
	t.Helper()
	d, _, err := dat.Load(assets.Rules())
	if err != nil {
		t.Fatalf("the built-in data: %v", err)
	}
	return d
}

// documentUnits are the rows of the document's "Default Units" table,
// quoted as the document writes them under its header
//
//	Name prod hp mp pfmsros av dv a:ph a:kd attributes
//
// each with the unit it means ("-" in pfmsros: the unit cannot enter the
// terrain; "*: Can only be produced in cities.").
func documentUnits() []struct {
	have string
	want dat.Unit
} {
	const (
		l, a, n, b = dat.LandAttack, dat.AirAttack, dat.NavalAttack, dat.Bombing
		s, d, m    = dat.Special, dat.Distance, dat.Melee
	)
	type row = struct {
		have string
		want dat.Unit
	}
	return []row{
		{"Infantry 5 1 2 122-1 2 2 m l -", dat.Unit{Name: "Infantry", Prod: 5, HP: 1, MP: 2, Move: [4]int{1, 2, 2, 0}, ROS: 1, AV: 2, DV: 2, Phase: m, Attacks: l}},
		{"Cavalry 10 2 4 14--2 5 3 m l -", dat.Unit{Name: "Cavalry", Prod: 10, HP: 2, MP: 4, Move: [4]int{1, 4, 0, 0}, ROS: 2, AV: 5, DV: 3, Phase: m, Attacks: l}},
		{"Archer 15 1 2 112-1 2 2 d la -", dat.Unit{Name: "Archer", Prod: 15, HP: 1, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 2, DV: 2, Phase: d, Attacks: l | a}},
		{"Spirit 15 1 3 11112 2 3 s lan fly", dat.Unit{Name: "Spirit", Prod: 15, HP: 1, MP: 3, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 2, DV: 3, Phase: s, Attacks: l | a | n, Attrs: dat.Fly}},
		{"Barge 20 2 3 ---11 1 3 m n transport5", dat.Unit{Name: "Barge", Prod: 20, HP: 2, MP: 3, Move: [4]int{0, 0, 0, 1}, ROS: 1, AV: 1, DV: 3, Phase: m, Attacks: n, Transport: 5}},
		{"Galleon 30 6 4 ---11 6 4 m nb -", dat.Unit{Name: "Galleon", Prod: 30, HP: 6, MP: 4, Move: [4]int{0, 0, 0, 1}, ROS: 1, AV: 6, DV: 4, Phase: m, Attacks: n | b}},
		{"Balloon* 20 2 4 11113 2 2 d lanb transport2, fly", dat.Unit{Name: "Balloon", CityOnly: true, Prod: 20, HP: 2, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 3, AV: 2, DV: 2, Phase: d, Attacks: l | a | n | b, Transport: 2, Attrs: dat.Fly}},
		{"Firemage* 30 2 2 112-1 4 3 s l firemagic", dat.Unit{Name: "Firemage", CityOnly: true, Prod: 30, HP: 2, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 4, DV: 3, Phase: s, Attacks: l, Attrs: dat.FireMagic}},
		{"Icemage* 30 2 2 121-1 4 3 s l icemagic", dat.Unit{Name: "Icemage", CityOnly: true, Prod: 30, HP: 2, MP: 2, Move: [4]int{1, 2, 1, 0}, ROS: 1, AV: 4, DV: 3, Phase: s, Attacks: l, Attrs: dat.IceMagic}},
		{"Whitemage* 20 2 2 112-1 3 2 s l whitemagic", dat.Unit{Name: "Whitemage", CityOnly: true, Prod: 20, HP: 2, MP: 2, Move: [4]int{1, 1, 2, 0}, ROS: 1, AV: 3, DV: 2, Phase: s, Attacks: l, Attrs: dat.WhiteMagic}},
		{"Zombie* 20 4 2 111-1 3 2 m l undead", dat.Unit{Name: "Zombie", CityOnly: true, Prod: 20, HP: 4, MP: 2, Move: [4]int{1, 1, 1, 0}, ROS: 1, AV: 3, DV: 2, Phase: m, Attacks: l, Attrs: dat.Undead}},
		{"Skeleton* 10 1 2 122-1 3 1 m l undead, dimmune", dat.Unit{Name: "Skeleton", CityOnly: true, Prod: 10, HP: 1, MP: 2, Move: [4]int{1, 2, 2, 0}, ROS: 1, AV: 3, DV: 1, Phase: m, Attacks: l, Attrs: dat.Undead | dat.DImmune}},
		{"Golem* 60 8 2 12--1 8 4 m l undead, mimmune", dat.Unit{Name: "Golem", CityOnly: true, Prod: 60, HP: 8, MP: 2, Move: [4]int{1, 2, 0, 0}, ROS: 1, AV: 8, DV: 4, Phase: m, Attacks: l, Attrs: dat.Undead | dat.MImmune}},
		{"Colossus* 60 16 2 12--1 4 8 m l undead, firsttarget", dat.Unit{Name: "Colossus", CityOnly: true, Prod: 60, HP: 16, MP: 2, Move: [4]int{1, 2, 0, 0}, ROS: 1, AV: 4, DV: 8, Phase: m, Attacks: l, Attrs: dat.Undead | dat.FirstTarget}},
		{"Hero* 30 4 3 112-2 4 4 m l av+1", dat.Unit{Name: "Hero", CityOnly: true, Prod: 30, HP: 4, MP: 3, Move: [4]int{1, 1, 2, 0}, ROS: 2, AV: 4, DV: 4, Phase: m, Attacks: l, AVBonus: 1}},
		{"Coward* 30 2 4 111-2 2 4 m l dv+1", dat.Unit{Name: "Coward", CityOnly: true, Prod: 30, HP: 2, MP: 4, Move: [4]int{1, 1, 1, 0}, ROS: 2, AV: 2, DV: 4, Phase: m, Attacks: l, DVBonus: 1}},
		{"Angel* 30 4 4 11112 4 4 m lan holy, fly", dat.Unit{Name: "Angel", CityOnly: true, Prod: 30, HP: 4, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 4, DV: 4, Phase: m, Attacks: l | a | n, Attrs: dat.Holy | dat.Fly}},
		{"Demon* 30 4 4 11112 5 3 m lan hell, fly", dat.Unit{Name: "Demon", CityOnly: true, Prod: 30, HP: 4, MP: 4, Move: [4]int{1, 1, 1, 1}, ROS: 2, AV: 5, DV: 3, Phase: m, Attacks: l | a | n, Attrs: dat.Hell | dat.Fly}},
		{"Ninja* 20 1 3 111-1 3 2 s l -", dat.Unit{Name: "Ninja", CityOnly: true, Prod: 20, HP: 1, MP: 3, Move: [4]int{1, 1, 1, 0}, ROS: 1, AV: 3, DV: 2, Phase: s, Attacks: l}},
	}
}

// TestDefaultUnitsAreTheDocuments checks the built-in units.dat against
// the document's "Default Units" table: the same 19 units in the same
// order, every number as the document writes it, each unit's icon its
// name in lower case.
func TestDefaultUnitsAreTheDocuments(t *testing.T) {
	d := loadDefaults(t)
	rows := documentUnits()
	if len(d.Units) != len(rows) {
		t.Fatalf("have %d units, want the document's %d", len(d.Units), len(rows))
	}
	for i, r := range rows {
		want := r.want
		want.Icon = strings.ToLower(want.Name)
		if have := d.Units[i]; !reflect.DeepEqual(have, want) {
			t.Errorf("unit %d, the document's %q:\nhave %+v\nwant %+v", i, r.have, have, want)
		}
	}
}

// TestDocumentTableParses checks that the document's table itself, each
// row with an icon added at its end, is a units.dat that reads as the
// document means: the file format is the document's.
func TestDocumentTableParses(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Name prod hp mp pfmsros av dv a:ph a:kd attributes icon\n")
	for _, r := range documentUnits() {
		b.WriteString(r.have + " pic\n")
	}
	files := defaultFiles(t)
	files[dat.UnitsFile] = []byte(b.String())
	d, err := dat.Parse(files)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range documentUnits() {
		want := r.want
		want.Icon = "pic"
		if have := d.Units[i]; !reflect.DeepEqual(have, want) {
			t.Errorf("%q:\nhave %+v\nwant %+v", r.have, have, want)
		}
	}
}

// TestDefaultCityOnly checks "*: Can only be produced in cities." and
// "towns: ... all units without "*"": the first six units a town builds,
// the other thirteen only a city.
func TestDefaultCityOnly(t *testing.T) {
	d := loadDefaults(t)
	var town []string
	for _, u := range d.Units {
		if !u.CityOnly {
			town = append(town, u.Name)
		}
	}
	if want := []string{"Infantry", "Cavalry", "Archer", "Spirit", "Barge", "Galleon"}; !reflect.DeepEqual(town, want) {
		t.Errorf("towns build %v, want %v", town, want)
	}
}

// TestDefaultTerrain checks the built-in terrain.dat: the four terrains
// in the movement table's order "plains (p) ... forest (f) ... mountain
// (m) ... sea (s)", and the two settlements.
func TestDefaultTerrain(t *testing.T) {
	d := loadDefaults(t)
	var have []string
	for _, x := range append(d.Terrains[:], d.Town, d.City) {
		have = append(have, x.Name+" "+string(x.Glyph)+" "+x.Icon+" "+x.Color)
	}
	want := []string{
		"Plains . plains #8fbf5a",
		"Forest f forest #2e6b30",
		"Mountain ^ mountain #8a7a66",
		"Sea ~ sea #2f5f9f",
		"Town t town #d9c38a",
		"City C city #e8e0d0",
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("have %q\nwant %q", have, want)
	}
}

// TestDefaultGame checks the built-in game.dat: the document's numbers
// ("towns: 100% production rate", "cities: 150% production rate", "Own
// wounded units will heal 1 hp per turn.", "Own wounded units will heal
// completely.", "A town has a ros of 2, a city has a ros of 3.", "After the
// first, third and fifth battle the unit is promoted one level", an army
// flees when its hp "is reduced to less than half") and our choices.
func TestDefaultGame(t *testing.T) {
	d := loadDefaults(t)
	want := dat.Game{
		TownRate: 100, CityRate: 150,
		TownHeal: 1, CityHeal: 0,
		TownROS: 2, CityROS: 3,
		Promotions:      []int{1, 3, 5},
		FleeBelow:       50,
		MaxRounds:       30,
		StartUnits:      []string{"Infantry", "Infantry", "Cavalry", "Archer"},
		NeutralGarrison: []string{"Infantry"},
		Towns:           3, Cities: 1, LandPercent: 45,
		LastTurn:     200,
		ReplaceAfter: 3,
	}
	if !reflect.DeepEqual(d.Game, want) {
		t.Errorf("have %+v\nwant %+v", d.Game, want)
	}
}

// TestDefaultGameQuotesTheDocument checks that game.dat gives a reason for
// every key: the comment above it quotes the document or says CHOICE.
func TestDefaultGameQuotesTheDocument(t *testing.T) {
	text := string(defaultFiles(t)[dat.GameFile])
	comment := ""
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
			comment += line + "\n"
		case strings.TrimSpace(line) == "":
			comment = ""
		default:
			if !strings.Contains(comment, `"`) && !strings.Contains(comment, "CHOICE:") {
				t.Errorf("game.dat:%d: %q: no comment quoting the document or naming a CHOICE above it", i+1, line)
			}
		}
	}
}

// TestLoadMod checks Load through rulesfile.Overlay, as rulesfile.OpenSource
// serves a mod directory: "The terrains can be renamed (for instance:
// space, wormhole, asteroid belt, flux)": a mod holding only terrain.dat
// renames them, and the units and game numbers stay the built-in ones.
func TestLoadMod(t *testing.T) {
	mod := fstest.MapFS{dat.TerrainFile: {Data: []byte(
		"p Space . space #000000\nf Wormhole o wormhole #402060\nm Asteroid_belt * asteroids #808080\ns Flux ~ flux #2040ff\n" +
			"town Base b base #c0c0c0\ncity Station S station #ffffff\n")}}
	d, bundle, err := dat.Load(rulesfile.Overlay(mod, assets.Rules()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, x := range d.Terrains {
		names = append(names, x.Name)
	}
	if want := []string{"Space", "Wormhole", "Asteroid_belt", "Flux"}; !reflect.DeepEqual(names, want) {
		t.Errorf("terrains %v, want %v", names, want)
	}
	if len(d.Units) != 19 || d.Game.LastTurn != 200 {
		t.Errorf("the built-in units.dat and game.dat not loaded: %d units, end.turn %d", len(d.Units), d.Game.LastTurn)
	}
	again, err := dat.ParseBundle(bundle)
	if err != nil {
		t.Fatalf("the bundle Load returned: %v", err)
	}
	if !reflect.DeepEqual(again, d) {
		t.Errorf("the bundle Load returned reads differently:\nhave %+v\nwant %+v", again, d)
	}
}

// TestLoadMissingFile checks that Load names a file fsys lacks.
func TestLoadMissingFile(t *testing.T) {
	fsys := fsOf(defaultFiles(t))
	delete(fsys, dat.GameFile)
	_, _, err := dat.Load(fsys)
	if err == nil || !strings.Contains(err.Error(), dat.GameFile) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("have %v, want an error naming %s that is fs.ErrNotExist", err, dat.GameFile)
	}
}

// fsOf returns files as a file system.
func fsOf(files map[string][]byte) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, b := range files {
		fsys[name] = &fstest.MapFile{Data: b}
	}
	return fsys
}
