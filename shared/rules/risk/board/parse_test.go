package board

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"empires/assets"
	"empires/shared/rulesfile"
)

// tiny is a small good map file: two continents of two territories, East
// and West, linked across the sea by Alpha and Delta.
const tiny = `# A small map.
name = Tiny
continent = East | 2
continent = West | 1
territory = a | Alpha   | East | quake | Delta
territory = b | Bravo   | East | -     | -
territory = c | Charlie | West | flood | -
territory = d | Delta   | West | -     | Alpha
map
aab.cc
aab.cd
end
`

func TestParseTiny(t *testing.T) {
	b, err := Parse("tiny.txt", []byte(tiny))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	want := &Board{
		Name: "Tiny",
		Territories: []Territory{
			{ID: 1, Name: "Alpha", Key: 'a', Continent: 1, Links: []TerritoryID{2, 4}, Quake: true},
			{ID: 2, Name: "Bravo", Key: 'b', Continent: 1, Links: []TerritoryID{1}},
			{ID: 3, Name: "Charlie", Key: 'c', Continent: 2, Links: []TerritoryID{4}, Flood: true},
			{ID: 4, Name: "Delta", Key: 'd', Continent: 2, Links: []TerritoryID{1, 3}},
		},
		Continents: []Continent{
			{ID: 1, Name: "East", Bonus: 2, Territories: []TerritoryID{1, 2}},
			{ID: 2, Name: "West", Bonus: 1, Territories: []TerritoryID{3, 4}},
		},
		Width: 6, Height: 2,
		Cells: []TerritoryID{1, 1, 2, 0, 3, 3, 1, 1, 2, 0, 3, 4},
	}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("Parse(tiny):\nhave %+v\nwant %+v", b, want)
	}
}

// TestParseErrors feeds broken map files, each tiny with one change, and
// checks that each is refused with a *rulesfile.FieldError naming the file,
// the line and the problem.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name     string
		old, new string   // tiny with old replaced by new
		more     []string // more pairs of old and new
		line     int
		want     string
	}{
		{"unknown territory in a link", "quake | Delta", "quake | Delt", nil, 5, `sea link to unknown territory "Delt"`},
		{"territory in no continent", "Bravo   | East", "Bravo   | -", nil, 6, `territory "Bravo" is in no continent`},
		{"unknown continent", "Bravo   | East", "Bravo   | Middle", nil, 6, `unknown continent "Middle"`},
		{"one-way link", "-     | Alpha", "-     | -", nil, 5, `one-way link: "Alpha" lists "Delta" across the sea, but "Delta" does not list "Alpha"`},
		{"disconnected cells", "aab.cc\naab.cd", "aab.cc\nbab.cd", nil, 6, `"Bravo" (key 'b') is drawn in 2 pieces`},
		{"territory with no cell", "aab.cc\naab.cd", "aaa.cc\naaa.cd", nil, 6, `"Bravo" (key 'b') has no cell`},
		{"bonus out of range", "East | 2", "East | 21", nil, 3, "bonus 21 is out of range 0 to 20"},
		{"negative bonus", "East | 2", "East | -1", nil, 3, "bonus -1 is out of range"},
		{"bonus not a number", "East | 2", "East | two", nil, 3, `bonus "two" is not a whole number`},
		{"duplicate territory name", "b | Bravo", "b | Alpha", nil, 6, `a second territory named "Alpha" (the first is line 5)`},
		{"duplicate continent name", "West | 1", "East | 1", nil, 4, `a second continent named "East" (the first is line 3)`},
		{"duplicate key", "c | Charlie", "a | Charlie", nil, 7, `key 'a' is taken by "Alpha" (line 5)`},
		{"key of two letters", "c | Charlie", "cc | Charlie", nil, 7, `key "cc" is not one letter or digit`},
		{"key not a letter", "c | Charlie", "# | Charlie", nil, 7, `key "#" is not one letter or digit`},
		{"bad character in the picture", "aab.cc\n", "aab.c?\n", nil, 10, `map row 1, column 6: '?' is neither the sea '.' nor a territory's key`},
		{"unknown key in the picture", "aab.cc\n", "aab.cx\n", nil, 10, `column 6: 'x' is neither`},
		{"ragged row", "aab.cd", "aab.cdd", nil, 11, "map row 2 is 7 cells wide, the first row 6"},
		{"empty row", "aab.cc\n", "aab.cc\n\n", nil, 11, "map row 2 is empty"},
		{"no map", "map\naab.cc\naab.cd\nend\n", "", nil, 0, `no map: the drawing goes between a line "map" and a line "end"`},
		{"no end", "end\n", "", nil, 9, `the map has no "end" line`},
		{"text after the end", "end\n", "end\nterritory = e | Echo | West | - | -\n", nil, 13, "text after the map's end line"},
		{"unknown keyword", "name = Tiny", "name = Tiny\ncolour = red", nil, 3, `unknown keyword "colour"`},
		{"no equals sign", "name = Tiny", "name Tiny", nil, 2, `"name Tiny" is no setting`},
		{"too few fields", "quake | Delta", "quake", nil, 5, "a territory line has 4 fields separated by |, want 5"},
		{"unknown mark", "quake | Delta", "fire | Delta", nil, 5, `mark "fire" is not quake or flood`},
		{"mark twice", "quake | Delta", "quake quake | Delta", nil, 5, `mark "quake" is not quake or flood, or is given twice`},
		{"continent with no territory", "continent = West | 1", "continent = West | 1\ncontinent = North | 1", nil, 5, `continent "North" has no territory`},
		{"unreachable territory", "quake | Delta", "quake | -", []string{"-     | Alpha", "-     | -"}, 7, `territory "Charlie" cannot be reached from "Alpha": add a sea link`},
		{"sea link to itself", "quake | Delta", "quake | Delta, Alpha", nil, 5, `"Alpha": sea link to itself`},
		{"sea link to a land neighbour", "quake | Delta", "quake | Delta, Bravo", nil, 5, `"Bravo" shares a border with it in the map`},
		{"sea link twice", "quake | Delta", "quake | Delta, Delta", nil, 5, `sea link to "Delta" listed twice`},
		{"no name", "name = Tiny\n", "", nil, 0, `no "name =" line`},
		{"second name", "name = Tiny", "name = Tiny\nname = Small", nil, 3, "a second name line (the first is line 2)"},
		{"empty name", "Bravo   | East", "   | East", nil, 6, "a territory's name is empty"},
		{"long name", "Bravo   | East", strings.Repeat("B", 41) + " | East", nil, 6, "is longer than 40 bytes"},
		{"comma in a name", "Bravo   | East", "Bravo, Jr | East", nil, 6, `a territory's name "Bravo, Jr" is "-" or holds a comma`},
		{"continent named none", "West | 1", "- | 1", nil, 4, `a continent's name "-" is "-" or holds a comma`},
		{"control character in a name", "name = Tiny", "name = Ti\x01ny", nil, 2, "holds a control or invalid character"},
		{"map before the territories", "territory = a", "map\nend\nterritory = a", nil, 5, "the map comes before any territory line"},
		{"too wide", "aab.cc\naab.cd", "aab.cc" + strings.Repeat(".", 200) + "\naab.cd", nil, 10, "map row 1 is 206 cells wide, at most 200"},
		{"too high", "aab.cd\n", "aab.cd\n" + strings.Repeat("......\n", 199), nil, 210, "the map is more than 200 rows high"},
		{"one territory", "territory = b | Bravo   | East | -     | -\nterritory = c | Charlie | West | flood | -\nterritory = d | Delta   | West | -     | Alpha\n", "", nil, 0, "1 territory lines: a map needs at least 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strings.NewReplacer(append([]string{tt.old, tt.new}, tt.more...)...).Replace(tiny)
			if data == tiny {
				t.Fatalf("%q is not in the tiny map", tt.old)
			}
			b, err := Parse("tiny.txt", []byte(data))
			if err == nil {
				t.Fatalf("Parse accepted the broken file (board %q)", b.Name)
			}
			for _, fe := range rulesfile.FieldErrors(err) {
				if fe.File == "tiny.txt" && fe.Line == tt.line && strings.Contains(fe.Problem, tt.want) {
					return
				}
			}
			t.Errorf("have error %q\nwant one at tiny.txt line %d with %q", err, tt.line, tt.want)
		})
	}
}

func TestParseErrorNamesFileAndLine(t *testing.T) {
	_, err := Parse("tiny.txt", []byte(strings.Replace(tiny, "East | 2", "East | 99", 1)))
	if have, want := err.Error(), `tiny.txt:3: continent "East": bonus 99 is out of range 0 to 20`; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}

func TestParseListsEveryProblem(t *testing.T) {
	data := strings.NewReplacer("East | 2", "East | 99", "West | 1", "West | x").Replace(tiny)
	_, err := Parse("tiny.txt", []byte(data))
	if have, want := len(rulesfile.FieldErrors(err)), 2; have != want {
		t.Errorf("have %d problems (%v), want %d", have, err, want)
	}
}

// TestOpenReadsTheModDirectory checks that the board comes from the file
// system it is given: a host's mod directory replaces the built-in map.
func TestOpenReadsTheModDirectory(t *testing.T) {
	mod := fstest.MapFS{ClassicFile: {Data: []byte(tiny)}}
	b, err := Classic(rulesfile.Overlay(mod, assets.Rules()))
	if err != nil {
		t.Fatalf("Classic(mod over the built-in rules): %v", err)
	}
	if have, want := b.Name, "Tiny"; have != want {
		t.Errorf("name: have %q, want %q", have, want)
	}
	b, err = Classic(rulesfile.Overlay(fstest.MapFS{}, assets.Rules()))
	if err != nil {
		t.Fatalf("Classic(empty mod over the built-in rules): %v", err)
	}
	if have, want := b.Name, "Classic"; have != want {
		t.Errorf("name with no mod map: have %q, want %q", have, want)
	}
	_, err = Classic(fstest.MapFS{})
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Classic of an empty folder: have %v, want fs.ErrNotExist", err)
	}
	if _, err := Open(assets.Rules(), "duel.txt"); err == nil {
		t.Error("Open of the duel deck file: have no error, want one")
	}
}

func TestFormatRoundTrip(t *testing.T) {
	for _, b := range []*Board{classic(t), mustParse(t, tiny)} {
		data, err := Format(b)
		if err != nil {
			t.Fatalf("Format(%s): %v", b.Name, err)
		}
		back, err := Parse("formatted.txt", data)
		if err != nil {
			t.Fatalf("Parse(Format(%s)): %v\n%s", b.Name, err, data)
		}
		if !reflect.DeepEqual(back, b) {
			t.Errorf("Parse(Format(%s)) differs from the board", b.Name)
		}
	}
}

func TestFormatRefusesARowSpellingEnd(t *testing.T) {
	b := mustParse(t, `name = Three
continent = All | 1
territory = e | East  | All | - | -
territory = n | North | All | - | -
territory = d | Down  | All | - | -
map
enn
edd
end
`)
	copy(b.Cells[3:], []TerritoryID{1, 2, 3}) // the second row: "end"
	if _, err := Format(b); err == nil || !strings.Contains(err.Error(), `row 2 of the drawing would read as the line "end"`) {
		t.Errorf("Format: have %v, want the row refused", err)
	}
}

func TestFormatRefusesBadKeys(t *testing.T) {
	b := mustParse(t, tiny)
	b.Territories[1].Key = 'a'
	if _, err := Format(b); err == nil || !strings.Contains(err.Error(), `key 'a'`) {
		t.Errorf("Format with a key twice: have %v, want an error naming key 'a'", err)
	}
}

// mustParse parses a map file or fails the test.
func mustParse(t testing.TB, data string) *Board {
	t.Helper()
	b, err := Parse("test.txt", []byte(data))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return b
}

// FuzzParse checks that Parse never panics, and that every board it
// accepts is written back by Format as the same board.
func FuzzParse(f *testing.F) {
	classicData, err := fs.ReadFile(assets.Rules(), ClassicFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(classicData)
	f.Add([]byte(tiny))
	f.Add([]byte(strings.Replace(tiny, "quake | Delta", "quake | -", 1)))
	f.Add([]byte(strings.Replace(tiny, "aab.cd", "aab.cdd", 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse("fuzz.txt", data)
		if err != nil {
			return
		}
		out, err := Format(b)
		if err != nil {
			t.Fatalf("Format of a parsed board: %v", err)
		}
		back, err := Parse("formatted.txt", out)
		if err != nil {
			t.Fatalf("Parse(Format(b)): %v\n%s", err, out)
		}
		if !reflect.DeepEqual(back, b) {
			t.Fatalf("Parse(Format(b)) differs from b\n%s", out)
		}
	})
}
