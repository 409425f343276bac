package dat_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"empires/shared/rules/empire/dat"
)

// Small data files for the error tests: line numbers and columns in them
// are fixed here, not by the built-in files' comments.
const (
	// Columns: name 1, prod 10, hp 12, mp 14, pfmsros 16, av 22, dv 24,
	// a:ph 26, a:kd 28, attributes 30, icon 32.
	testUnits = "# name prod hp mp pfmsros av dv a:ph a:kd attributes icon\n" +
		"Infantry 5 1 2 122-1 2 2 m l - infantry\n" +
		"Cavalry 10 2 4 14--2 5 3 m l - cavalry\n" +
		"Barge 20 2 3 ---11 1 3 m n transport5 barge\n"
	testTerrain = "p Plains . plains #8fbf5a\n" +
		"f Forest f forest #2e6b30\n" +
		"m Mountain ^ mountain #8a7a66\n" +
		"s Sea ~ sea #2f5f9f\n" +
		"town Town t town #d9c38a\n" +
		"city City C city #e8e0d0\n"
	testGame = "town.rate 100\n" +
		"city.rate 150\n" +
		"town.heal 1\n" +
		"city.heal full\n" +
		"town.ros 2\n" +
		"city.ros 3\n" +
		"experience 1 3 5\n" +
		"flee.below 50\n" +
		"battle.rounds 30\n" +
		"start.units Infantry Infantry Cavalry\n" +
		"neutral.garrison Infantry\n" +
		"map.towns 3\n" +
		"map.cities 1\n" +
		"map.land 45\n" +
		"end.turn 200\n" +
		"autopilot.replace 3\n"
)

// testFiles returns the small data files with file name replaced by text.
func testFiles(name, text string) map[string][]byte {
	files := map[string][]byte{
		dat.UnitsFile:   []byte(testUnits),
		dat.TerrainFile: []byte(testTerrain),
		dat.GameFile:    []byte(testGame),
	}
	if name != "" {
		files[name] = []byte(text)
	}
	return files
}

// unitLine returns testUnits with the Infantry line (line 2) replaced.
func unitLine(line string) string {
	return strings.Replace(testUnits, "Infantry 5 1 2 122-1 2 2 m l - infantry", line, 1)
}

// gameLine returns testGame with the line starting with key replaced by
// line ("" to drop it).
func gameLine(key, line string) string {
	var out []string
	for _, l := range strings.SplitAfter(testGame, "\n") {
		if strings.HasPrefix(l, key+" ") {
			if line == "" {
				continue
			}
			l = line + "\n"
		}
		out = append(out, l)
	}
	return strings.Join(out, "")
}

// terrainLine returns testTerrain with the line of slot replaced by line
// ("" to drop it).
func terrainLine(slot, line string) string {
	var out []string
	for _, l := range strings.SplitAfter(testTerrain, "\n") {
		if strings.HasPrefix(l, slot+" ") {
			if line == "" {
				continue
			}
			l = line + "\n"
		}
		out = append(out, l)
	}
	return strings.Join(out, "")
}

func TestSmallFilesParse(t *testing.T) {
	have, err := dat.Parse(testFiles("", ""))
	if err != nil {
		t.Fatalf("the test files: %v", err)
	}
	want := &dat.Data{
		Terrains: [dat.NumTerrains]dat.TerrainInfo{
			{Name: "Plains", Glyph: '.', Icon: "plains", Color: "#8fbf5a"},
			{Name: "Forest", Glyph: 'f', Icon: "forest", Color: "#2e6b30"},
			{Name: "Mountain", Glyph: '^', Icon: "mountain", Color: "#8a7a66"},
			{Name: "Sea", Glyph: '~', Icon: "sea", Color: "#2f5f9f"},
		},
		Town: dat.TerrainInfo{Name: "Town", Glyph: 't', Icon: "town", Color: "#d9c38a"},
		City: dat.TerrainInfo{Name: "City", Glyph: 'C', Icon: "city", Color: "#e8e0d0"},
		Units: []dat.Unit{
			// "Infantry 5 1 2 122-1 2 2 m l - infantry": the move column is
			// plains, forest, mountain, sea, then the range of sight.
			{Name: "Infantry", Prod: 5, HP: 1, MP: 2, Move: [dat.NumTerrains]int{1, 2, 2, 0}, ROS: 1, AV: 2, DV: 2,
				Phase: dat.Melee, Attacks: dat.LandAttack, Icon: "infantry"},
			{Name: "Cavalry", Prod: 10, HP: 2, MP: 4, Move: [dat.NumTerrains]int{1, 4, 0, 0}, ROS: 2, AV: 5, DV: 3,
				Phase: dat.Melee, Attacks: dat.LandAttack, Icon: "cavalry"},
			{Name: "Barge", Prod: 20, HP: 2, MP: 3, Move: [dat.NumTerrains]int{0, 0, 0, 1}, ROS: 1, AV: 1, DV: 3,
				Phase: dat.Melee, Attacks: dat.NavalAttack, Transport: 5, Icon: "barge"},
		},
		Game: dat.Game{TownRate: 100, CityRate: 150, TownHeal: 1, CityHeal: 0, TownROS: 2, CityROS: 3,
			Promotions: []int{1, 3, 5}, FleeBelow: 50, MaxRounds: 30,
			StartUnits: []string{"Infantry", "Infantry", "Cavalry"}, NeutralGarrison: []string{"Infantry"},
			Towns: 3, Cities: 1, LandPercent: 45, LastTurn: 200, ReplaceAfter: 3},
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("the test files parse to\n%+v\nwant\n%+v", have, want)
	}
}

// TestParseErrors checks that a broken file is refused with its name, the
// line and the column of the broken field, and what is wrong.
func TestParseErrors(t *testing.T) {
	many := testUnits
	for i := 0; i < 62; i++ {
		many += fmt.Sprintf("Unit%d 5 1 2 122-1 2 2 m l - pic\n", i)
	}
	for _, tc := range []struct {
		name string
		file string
		have string
		want string
	}{
		// units.dat, column by column.
		{"name starts with a digit", dat.UnitsFile, unitLine("9th 5 1 2 122-1 2 2 m l - infantry"), `units.dat:2:1: name "9th": want a letter`},
		{"name only a star", dat.UnitsFile, unitLine("* 5 1 2 122-1 2 2 m l - infantry"), `units.dat:2:1: name "*": want a letter`},
		{"name too long", dat.UnitsFile, unitLine(strings.Repeat("x", 33) + " 5 1 2 122-1 2 2 m l - infantry"), `units.dat:2:1: name "xxxx`},
		{"prod not a number", dat.UnitsFile, unitLine("Infantry x 1 2 122-1 2 2 m l - infantry"), `units.dat:2:10: prod "x": want a whole number 1 to 999`},
		{"prod 0", dat.UnitsFile, unitLine("Infantry 0 1 2 122-1 2 2 m l - infantry"), `units.dat:2:10: prod "0": want a whole number 1 to 999`},
		{"prod 1000", dat.UnitsFile, unitLine("Infantry 1000 1 2 122-1 2 2 m l - infantry"), `units.dat:2:10: prod "1000": want a whole number 1 to 999`},
		{"prod negative", dat.UnitsFile, unitLine("Infantry -5 1 2 122-1 2 2 m l - infantry"), `units.dat:2:10: prod "-5": want a whole number 1 to 999`},
		{"hp not a number", dat.UnitsFile, unitLine("Infantry 5 x 2 122-1 2 2 m l - infantry"), `units.dat:2:12: hp "x": want a whole number 1 to 99`},
		{"hp 100", dat.UnitsFile, unitLine("Infantry 5 100 2 122-1 2 2 m l - infantry"), `units.dat:2:12: hp "100": want a whole number 1 to 99`},
		{"mp 0", dat.UnitsFile, unitLine("Infantry 5 1 0 122-1 2 2 m l - infantry"), `units.dat:2:14: mp "0": want a whole number 1 to 9`},
		{"mp 10", dat.UnitsFile, unitLine("Infantry 5 1 10 122-1 2 2 m l - infantry"), `units.dat:2:14: mp "10": want a whole number 1 to 9`},
		{"pfmsros too short", dat.UnitsFile, unitLine("Infantry 5 1 2 122 2 2 m l - infantry"), `units.dat:2:16: pfmsros "122": want four movement costs`},
		{"p cost", dat.UnitsFile, unitLine("Infantry 5 1 2 x22-1 2 2 m l - infantry"), `units.dat:2:16: p "x": want a movement cost 1 to 9, or "-"`},
		{"f cost", dat.UnitsFile, unitLine("Infantry 5 1 2 1x2-1 2 2 m l - infantry"), `units.dat:2:17: f "x": want a movement cost`},
		{"m cost", dat.UnitsFile, unitLine("Infantry 5 1 2 12+-1 2 2 m l - infantry"), `units.dat:2:18: m "+": want a movement cost`},
		{"s cost not ASCII", dat.UnitsFile, unitLine("Infantry 5 1 2 122é1 2 2 m l - infantry"), `units.dat:2:19: s "é": want a movement cost`},
		{"ros not a number", dat.UnitsFile, unitLine("Infantry 5 1 2 122-x 2 2 m l - infantry"), `units.dat:2:20: ros "x": want a whole number 0 to 20`},
		{"ros 21", dat.UnitsFile, unitLine("Infantry 5 1 2 122-21 2 2 m l - infantry"), `units.dat:2:20: ros "21": want a whole number 0 to 20`},
		{"no terrain", dat.UnitsFile, unitLine("Infantry 5 1 2 0--01 2 2 m l - infantry"), `units.dat:2:16: pfmsros "0--01": the unit can enter no terrain`},
		{"av not a number", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 x 2 m l - infantry"), `units.dat:2:22: av "x": want a whole number 0 to 99`},
		{"av 100", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 100 2 m l - infantry"), `units.dat:2:22: av "100": want a whole number 0 to 99`},
		{"dv negative", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 -1 m l - infantry"), `units.dat:2:24: dv "-1": want a whole number 0 to 99`},
		{"a:ph unknown", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 x l - infantry"), `units.dat:2:26: a:ph "x": want s (special), d (distance) or m (melee)`},
		{"a:ph two letters", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 sd l - infantry"), `units.dat:2:26: a:ph "sd": want s`},
		{"a:kd unknown letter", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m lx - infantry"), `units.dat:2:28: a:kd "lx": want each of l (land), a (air), n (naval), b (bombing) at most once`},
		{"a:kd repeated letter", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m ll - infantry"), `units.dat:2:28: a:kd "ll": want each of`},
		{"a:kd dash and letter", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m -l - infantry"), `units.dat:2:28: a:kd "-l": want each of`},
		{"unknown attribute", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l flying infantry"), `units.dat:2:30: attribute "flying": unknown: want transport<n>, fly,`},
		{"unknown second attribute", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly, swim infantry"), `units.dat:2:35: attribute "swim": unknown`},
		{"attribute after a comma without a space", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly,swim infantry"), `units.dat:2:34: attribute "swim": unknown`},
		{"dash among attributes", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly, - infantry"), `units.dat:2:35: attribute "-": unknown`},
		{"transport without a number", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l transport infantry"), `units.dat:2:30: attribute "transport": want transport<n> with n 1 to 99`},
		{"transport0", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l transport0 infantry"), `units.dat:2:30: attribute "transport0": want transport<n> with n 1 to 99`},
		{"av+10", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l av+10 infantry"), `units.dat:2:30: attribute "av+10": want av+<n> with n 1 to 9`},
		{"dv+x", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l dv+x infantry"), `units.dat:2:30: attribute "dv+x": want dv+<n> with n 1 to 9`},
		{"mp+0", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l mp+0 infantry"), `units.dat:2:30: attribute "mp+0": want mp+<n> with n 1 to 9`},
		{"attribute twice", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly, fly infantry"), `units.dat:2:35: attribute "fly": given twice`},
		{"whitemage and whitemagic", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l whitemagic, whitemage infantry"), `units.dat:2:42: attribute "whitemage": given twice`},
		{"transport twice", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l transport2, transport3 infantry"), `units.dat:2:42: attribute "transport3": given twice`},
		{"attributes without a comma", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l transport2 fly infantry"), `units.dat:2:30: attributes "transport2 fly": want a comma between two attributes`},
		{"empty attribute", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly,, undead infantry"), `units.dat:2:34: attributes: an empty attribute between commas`},
		{"missing icon", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l -"), `units.dat:2:32: icon: missing: want the attributes ("-" for none), then the icon`},
		{"missing attributes and icon", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l"), `units.dat:2:30: icon: missing`},
		{"missing a:kd", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m"), `units.dat:2:28: a:kd: missing: want the columns name prod hp mp pfmsros av dv a:ph a:kd attributes icon`},
		{"missing everything after the name", dat.UnitsFile, unitLine("Infantry"), `units.dat:2:10: prod: missing`},
		{"icon not lower case", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l - Infantry"), `units.dat:2:32: icon "Infantry": want a lower-case name`},
		{"icon a path", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l - ../infantry"), `units.dat:2:32: icon "../infantry": want a lower-case name`},
		{"duplicate unit name", dat.UnitsFile, testUnits + "cavalry* 10 2 4 14--2 5 3 m l - cavalry\n", `units.dat:5:1: name "cavalry*": a second unit of that name (the first is on line 3)`},
		{"too many units", dat.UnitsFile, many + "Last 5 1 2 122-1 2 2 m l - pic\n", `units.dat:66:1: too many units: at most 64`},
		{"no units", dat.UnitsFile, "# nothing\n\n", `units.dat: no units`},
		{"a control character", dat.UnitsFile, unitLine("Infantry\x00 5 1 2 122-1 2 2 m l - infantry"), `units.dat:2:9: a control character '\x00'`},
		{"not UTF-8", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l - infantry\xff"), `units.dat:2:40: a byte that is not UTF-8 text`},
		{"too many words", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly" + strings.Repeat(" ,", 60) + " infantry"), `units.dat:2:142: too many words on one line: at most 64`},
		{"every unit city-only", dat.UnitsFile, "Infantry* 5 1 2 122-1 2 2 m l - infantry\nCavalry* 10 2 4 14--2 5 3 m l - cavalry\nBarge 20 2 3 ---11 1 3 m n transport5 barge\n",
			`units.dat: no unit a town can build: want at least one unit without "*" that moves on land`},

		// terrain.dat.
		{"a fifth terrain", dat.TerrainFile, testTerrain + "x Flux ~ flux #2040ff\n", `terrain.dat:7:1: slot "x": want p, f, m, s (the four terrains: their number is always four), town or city`},
		{"three terrains", dat.TerrainFile, terrainLine("s", ""), `terrain.dat: no s line: want exactly four terrains p, f, m, s, then town and city`},
		{"no city", dat.TerrainFile, terrainLine("city", ""), `terrain.dat: no city line`},
		{"terrains out of order", dat.TerrainFile, "f Forest f forest #2e6b30\np Plains . plains #8fbf5a\n", `terrain.dat:1:1: slot "f": want the terrains in the order p, f, m, s: p is missing before it`},
		{"a terrain twice", dat.TerrainFile, testTerrain + "p Grass , grass #8fbf5a\n", `terrain.dat:7:1: slot "p": a second line for it (the first is line 1)`},
		{"name of two words", dat.TerrainFile, terrainLine("m", "m Asteroid belt * asteroids #808080"), `terrain.dat:3:29: field "#808080": want nothing after the color (a name is one word)`},
		{"bad name", dat.TerrainFile, terrainLine("m", "m 1st * asteroids #808080"), `terrain.dat:3:3: name "1st": want a letter`},
		{"name twice", dat.TerrainFile, terrainLine("town", "town plains t town #d9c38a"), `terrain.dat:5:6: name "plains": already the name of line 1`},
		{"glyph of two characters", dat.TerrainFile, terrainLine("p", "p Plains .. plains #8fbf5a"), `terrain.dat:1:10: glyph "..": want one ASCII character`},
		{"glyph not ASCII", dat.TerrainFile, terrainLine("p", "p Plains é plains #8fbf5a"), `terrain.dat:1:10: glyph "é": want one ASCII character`},
		{"glyph twice", dat.TerrainFile, terrainLine("city", "city City t city #e8e0d0"), `terrain.dat:6:11: glyph "t": already the glyph of line 5`},
		{"bad icon", dat.TerrainFile, terrainLine("s", "s Sea ~ Sea.png #2f5f9f"), `terrain.dat:4:9: icon "Sea.png": want a lower-case name`},
		{"colour not hex", dat.TerrainFile, terrainLine("p", "p Plains . plains #8fbf5g"), `terrain.dat:1:19: color "#8fbf5g": want "#" and six hexadecimal digits`},
		{"colour short", dat.TerrainFile, terrainLine("p", "p Plains . plains #8fb"), `terrain.dat:1:19: color "#8fb": want "#" and six`},
		{"colour a word", dat.TerrainFile, terrainLine("p", "p Plains . plains green"), `terrain.dat:1:19: color "green": want "#"`},
		{"colour missing", dat.TerrainFile, terrainLine("p", "p Plains . plains"), `terrain.dat:1:19: color: missing`},

		// game.dat.
		{"unknown key", dat.GameFile, gameLine("town.rate", "town.rates 100"), `game.dat:1:1: key "town.rates": unknown: want one of town.rate, city.rate,`},
		{"missing key", dat.GameFile, gameLine("end.turn", ""), `game.dat: missing key end.turn`},
		{"key twice", dat.GameFile, testGame + "map.land 50\n", `game.dat:17:1: key "map.land": a second line for it (the first is line 14)`},
		{"missing value", dat.GameFile, gameLine("town.rate", "town.rate"), `game.dat:1:11: town.rate: missing value: want a whole number 1 to 1000`},
		{"two values", dat.GameFile, gameLine("town.rate", "town.rate 100 150"), `game.dat:1:15: town.rate "150": want one value`},
		{"rate 0", dat.GameFile, gameLine("city.rate", "city.rate 0"), `game.dat:2:11: city.rate "0": want a whole number 1 to 1000`},
		{"heal none", dat.GameFile, gameLine("town.heal", "town.heal none"), `game.dat:3:11: town.heal "none": want "full" or the hp healed a turn`},
		{"heal 0", dat.GameFile, gameLine("city.heal", "city.heal 0"), `game.dat:4:11: city.heal "0": want "full"`},
		{"ros 21", dat.GameFile, gameLine("city.ros", "city.ros 21"), `game.dat:6:10: city.ros "21": want a whole number 0 to 20`},
		{"experience not increasing", dat.GameFile, gameLine("experience", "experience 1 3 3"), `game.dat:7:16: experience "3": want the battles after which a unit is promoted`},
		{"experience 0", dat.GameFile, gameLine("experience", "experience 0"), `game.dat:7:12: experience "0": want the battles`},
		{"experience too long", dat.GameFile, gameLine("experience", "experience 1 2 3 4 5 6 7 8 9 10"), `game.dat:7:30: experience "10": want the battles`},
		{"flee.below 101", dat.GameFile, gameLine("flee.below", "flee.below 101"), `game.dat:8:12: flee.below "101": want a whole number 0 to 100`},
		{"battle.rounds 0", dat.GameFile, gameLine("battle.rounds", "battle.rounds 0"), `game.dat:9:15: battle.rounds "0": want a whole number 1 to 999`},
		{"start.units unknown", dat.GameFile, gameLine("start.units", "start.units Infantry Knight"), `game.dat:10:22: start.units "Knight": no such unit in units.dat`},
		{"start.units not a name", dat.GameFile, gameLine("start.units", "start.units Infantry 2"), `game.dat:10:22: start.units "2": want unit names of units.dat`},
		{"start.units missing", dat.GameFile, gameLine("start.units", "start.units"), `game.dat:10:13: start.units: missing value`},
		{"neutral.garrison unknown", dat.GameFile, gameLine("neutral.garrison", "neutral.garrison Ninja"), `game.dat:11:18: neutral.garrison "Ninja": no such unit in units.dat`},
		{"map.towns 51", dat.GameFile, gameLine("map.towns", "map.towns 51"), `game.dat:12:11: map.towns "51": want a whole number 0 to 50`},
		{"map.cities x", dat.GameFile, gameLine("map.cities", "map.cities x"), `game.dat:13:12: map.cities "x": want a whole number 0 to 50`},
		{"map.land 0", dat.GameFile, gameLine("map.land", "map.land 0"), `game.dat:14:10: map.land "0": want a whole number 1 to 100`},
		{"end.turn 0", dat.GameFile, gameLine("end.turn", "end.turn 0"), `game.dat:15:10: end.turn "0": want a whole number 1 to 9999`},
		{"autopilot.replace 0", dat.GameFile, gameLine("autopilot.replace", "autopilot.replace 0"), `game.dat:16:19: autopilot.replace "0": want a whole number 1 to 99`},
		{"a long value is clipped", dat.GameFile, gameLine("end.turn", "end.turn "+strings.Repeat("9", 100)), `game.dat:15:10: end.turn "9999999999999999999999999999999999999999...": want`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dat.Parse(testFiles(tc.file, tc.have))
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("have %q\nwant %q...", err, tc.want)
			}
			var e *dat.Error
			if !errors.As(err, &e) || e.File != tc.file {
				t.Errorf("the first problem is not a *dat.Error of %s: %#v", tc.file, err)
			}
		})
	}
}

// TestParseAccepts checks what the files allow beyond the built-in ones.
func TestParseAccepts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		have  string
		check func(d *dat.Data) string // "" when d is as wanted
	}{
		{"CRLF line ends and tabs", dat.UnitsFile, strings.ReplaceAll(strings.ReplaceAll(testUnits, "\n", "\r\n"), " ", "\t"), func(d *dat.Data) string {
			if u := d.Units[0]; u.Name != "Infantry" || u.Icon != "infantry" || u.AV != 2 {
				return fmt.Sprintf("%+v", u)
			}
			return ""
		}},
		{"ros of two digits", dat.UnitsFile, unitLine("Infantry 5 1 2 122-12 2 2 m l - infantry"), func(d *dat.Data) string {
			if d.Units[0].ROS != 12 {
				return fmt.Sprintf("ros %d, want 12", d.Units[0].ROS)
			}
			return ""
		}},
		// "p1, f2, m2, s0 ... It cannot move in or pass through sea squares."
		{"0 cannot enter, as the document's s0", dat.UnitsFile, unitLine("Infantry 5 1 2 12201 2 2 m l - infantry"), func(d *dat.Data) string {
			if u := d.Units[0]; u.Move != [4]int{1, 2, 2, 0} || u.CanEnter(dat.Sea) {
				return fmt.Sprintf("move %v", u.Move)
			}
			return ""
		}},
		{"a cost above mp (the one-step rule caps it)", dat.UnitsFile, unitLine("Infantry 5 1 2 19210 2 2 m l - infantry"), func(d *dat.Data) string {
			if u := d.Units[0]; u.Move != [4]int{1, 9, 2, 1} || u.ROS != 0 {
				return fmt.Sprintf("move %v ros %d", u.Move, u.ROS)
			}
			return ""
		}},
		// The document's list of attributes writes "whitemage" and
		// "blackmage" where its table writes "whitemagic".
		{"whitemage and blackmage", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l whitemage,blackmage ,  undead infantry"), func(d *dat.Data) string {
			if u := d.Units[0]; u.Attrs != dat.WhiteMagic|dat.BlackMagic|dat.Undead {
				return fmt.Sprintf("attrs %b", u.Attrs)
			}
			return ""
		}},
		{"every bonus", dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 0 0 m - av+1, dv+2, mp+3, transport99 infantry"), func(d *dat.Data) string {
			if u := d.Units[0]; u.AVBonus != 1 || u.DVBonus != 2 || u.MPBonus != 3 || u.Transport != 99 || u.Attacks != 0 || u.AV != 0 {
				return fmt.Sprintf("%+v", u)
			}
			return ""
		}},
		{"a unit name of letters beyond ASCII", dat.UnitsFile, testUnits + "Bogenschütze 5 1 2 122-1 2 2 d l - bogen\n", func(d *dat.Data) string {
			if k, ok := d.Kind("Bogenschütze"); !ok || k != 3 {
				return fmt.Sprintf("kind %d, %v", k, ok)
			}
			return ""
		}},
		{"upper-case colour", dat.TerrainFile, terrainLine("p", "  p Space . space #0A0B0C"), func(d *dat.Data) string {
			if x := d.Terrains[dat.Plains]; x.Name != "Space" || x.Color != "#0a0b0c" {
				return fmt.Sprintf("%+v", x)
			}
			return ""
		}},
		{"settlements before the terrains", dat.TerrainFile, "city City C city #e8e0d0\ntown Town t town #d9c38a\n" + testTerrain[:strings.Index(testTerrain, "town")], func(d *dat.Data) string {
			if d.City.Name != "City" || d.Town.Name != "Town" || d.Terrains[dat.Sea].Name != "Sea" {
				return fmt.Sprintf("%+v", d)
			}
			return ""
		}},
		{"start.units as units.dat spells them", dat.GameFile, gameLine("start.units", "start.units infantry CAVALRY"), func(d *dat.Data) string {
			if want := []string{"Infantry", "Cavalry"}; !reflect.DeepEqual(d.Game.StartUnits, want) {
				return fmt.Sprintf("%q, want %q", d.Game.StartUnits, want)
			}
			return ""
		}},
		{"empty lists", dat.GameFile, gameLine("experience", "experience -"), func(d *dat.Data) string {
			if len(d.Game.Promotions) != 0 {
				return fmt.Sprint(d.Game.Promotions)
			}
			return ""
		}},
		{"no neutral garrison", dat.GameFile, gameLine("neutral.garrison", "neutral.garrison -"), func(d *dat.Data) string {
			if d.Game.NeutralGarrison == nil || len(d.Game.NeutralGarrison) != 0 {
				return fmt.Sprintf("%#v, want an empty list", d.Game.NeutralGarrison)
			}
			return ""
		}},
		{"comments anywhere", dat.GameFile, "# a comment\n   # an indented one\n\n" + testGame + "#\n", func(d *dat.Data) string {
			if d.Game.LastTurn != 200 {
				return fmt.Sprint(d.Game.LastTurn)
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := dat.Parse(testFiles(tc.file, tc.have))
			if err != nil {
				t.Fatal(err)
			}
			if problem := tc.check(d); problem != "" {
				t.Error(problem)
			}
		})
	}
}

// TestParseFiles checks that Parse wants exactly the three files.
func TestParseFiles(t *testing.T) {
	missing := testFiles("", "")
	delete(missing, dat.TerrainFile)
	extra := testFiles("", "")
	extra["rules.dat"] = nil
	for _, tc := range []struct {
		name string
		have map[string][]byte
		want string
	}{
		{"missing", missing, "terrain.dat: missing"},
		{"unknown", extra, "rules.dat: unknown data file: want units.dat, terrain.dat, game.dat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dat.Parse(tc.have)
			if err == nil || err.Error() != tc.want {
				t.Errorf("have %v, want %q", err, tc.want)
			}
		})
	}
}

// TestParseReportsEveryLine checks that the problems of several lines and
// files are reported together, in the order of the files and lines, and
// that their number is bounded.
func TestParseReportsEveryLine(t *testing.T) {
	files := testFiles(dat.UnitsFile, unitLine("Infantry 5 x 2 122-1 2 2 m l - infantry")+"Ninja 5 1 2 122-1 2 2 q l - ninja\n")
	files[dat.GameFile] = []byte(gameLine("end.turn", "end.turn x"))
	_, err := dat.Parse(files)
	var have []string
	for _, line := range strings.Split(fmt.Sprint(err), "\n") {
		have = append(have, line[:strings.Index(line, ": ")])
	}
	if want := []string{"units.dat:2:12", "units.dat:5:23", "game.dat:15:10"}; !reflect.DeepEqual(have, want) {
		t.Errorf("have %q, want %q", have, want)
	}

	broken := strings.Repeat("x\n", 1000)
	_, err = dat.Parse(testFiles(dat.GameFile, broken))
	if n := strings.Count(err.Error(), "\n") + 1; n != 21 || !strings.HasSuffix(err.Error(), "\nstopped after 20 problems") {
		t.Errorf("%d lines, want 20 problems and \"stopped after 20 problems\":\n%v", n, err)
	}
}

// TestErrorFields checks the fields of an *Error.
func TestErrorFields(t *testing.T) {
	_, err := dat.Parse(testFiles(dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l - Infantry")))
	var e *dat.Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is not a *dat.Error", err)
	}
	want := dat.Error{File: dat.UnitsFile, Line: 2, Col: 32, Problem: `icon "Infantry": want a lower-case name: a-z, then a-z, 0-9, "-" or "_", at most 32 bytes`}
	if *e != want {
		t.Errorf("have %+v\nwant %+v", *e, want)
	}
}
