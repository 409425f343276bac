package rulesfile

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// sample is a small ruleset shape exercising every kind of field Decode
// supports.
type sample struct {
	Name    string       `toml:"name"`
	Level   int          `toml:"level"`
	Cost    int          `toml:"cost"`
	Small   int8         `toml:"small"`
	Note    string       `toml:"note" rules:"optional"`
	Color   RGB          `toml:"color"`
	Tags    []string     `toml:"tags"`
	Sub     sampleSub    `toml:"sub"`
	Terrain TerrainTable `toml:"terrain"`
	Derived int          `toml:"-"`
}

type sampleSub struct {
	Flag bool `toml:"flag"`
}

func (s *sample) Validate() error {
	var c Checker
	c.AtLeast("level", s.Level, 1)
	c.AtLeast("cost", s.Cost, 0)
	c.Include(s.Terrain.Validate())
	return c.Err()
}

const goodTerrain = `
[[terrain]]
id = "land"
name = "Land"
color = "#00ff00"
glyph = "."
city = true
army = true
naval = false
mapgen = { layer = "lowland", share_mille = 600 }

[[terrain]]
id = "sea"
name = "Sea"
color = "#0000FF"
accent = "#112233"
glyph = "~"
city = false
army = false
naval = true
mapgen = { layer = "sea", share_mille = 400 }
`

const goodSample = `name = "sample"
level = 2
cost = 0
small = 7
color = "#a0b1c2"
tags = ["x", "y"]

[sub]
flag = true
` + goodTerrain

func decodeSample(t *testing.T, text string) (*sample, error) {
	t.Helper()
	var s sample
	err := Decode(fstest.MapFS{"sample.toml": {Data: []byte(text)}}, "sample.toml", &s)
	return &s, err
}

func TestDecodeGood(t *testing.T) {
	s, err := decodeSample(t, goodSample)
	if err != nil {
		t.Fatalf("good sample: %v", err)
	}
	tests := []struct {
		name string
		have any
		want any
	}{
		{"string", s.Name, "sample"},
		{"int", s.Level, 2},
		{"zero is a legal present value", s.Cost, 0},
		{"optional key absent stays empty", s.Note, ""},
		{"colour parsed", s.Color, RGB{0xa0, 0xb1, 0xc2}},
		{"colour prints lower case", s.Terrain[1].Color.String(), "#0000ff"},
		{"accent present", s.Terrain[1].Accent != nil && *s.Terrain[1].Accent == RGB{0x11, 0x22, 0x33}, true},
		{"accent absent", s.Terrain[0].Accent == nil, true},
		{"layer parsed", s.Terrain[1].MapGen.Layer, LayerSea},
		{"share", s.Terrain[0].MapGen.ShareMille, 600},
		{"nested table", s.Sub.Flag, true},
		{"array", strings.Join(s.Tags, ","), "x,y"},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %v, want %v", tt.name, tt.have, tt.want)
		}
	}
}

// wantProblem asserts err holds a *FieldError for file with the given key
// whose problem contains fragment, and that every leaf names the file.
func wantProblem(t *testing.T, err error, file, key, fragment string) *FieldError {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error at key %q, got none", key)
	}
	for _, line := range strings.Split(err.Error(), "\n") {
		if !strings.HasPrefix(line, file) {
			t.Errorf("error line does not start with the file name %q: %q", file, line)
		}
	}
	fes := FieldErrors(err)
	for _, fe := range fes {
		if fe.File != file {
			t.Errorf("FieldError.File = %q, want %q (%v)", fe.File, file, fe)
		}
	}
	for _, fe := range fes {
		if fe.Key == key && strings.Contains(fe.Problem, fragment) {
			return fe
		}
	}
	t.Fatalf("no problem at key %q containing %q in:\n%v", key, fragment, err)
	return nil
}

func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times in the input, want once", old, n)
	}
	return strings.Replace(s, old, new, 1)
}

func TestDecodeBroken(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		key      string
		fragment string
	}{
		{"unknown key", "small = 7", "small = 7\nsmal = 8", "smal", `unknown key (did you mean "small"?)`},
		{"keys are case-sensitive", "level = 2", "Level = 2", "Level", "unknown key"},
		{"missing required key", "cost = 0\n", "", "cost", "missing required key"},
		{"missing key in array of tables", "glyph = \"~\"\n", "", "terrain[1].glyph", "missing required key"},
		{"string for int", "level = 2", `level = "two"`, "level", `want an integer, got string "two"`},
		{"float for int", "level = 2", `level = 2.5`, "level", "want an integer, got float 2.5"},
		{"int out of range", "small = 7", "small = 300", "small", "out of range -128..127"},
		{"int for bool", "flag = true", "flag = 1", "sub.flag", "want true or false"},
		{"scalar for table", "[sub]\nflag = true", "sub = 3", "sub", "want a table"},
		{"scalar for array", `tags = ["x", "y"]`, `tags = "x"`, "tags", "want an array"},
		{"wrong element type", `tags = ["x", "y"]`, `tags = ["x", 2]`, "tags[1]", "want a string"},
		{"bad colour", `color = "#a0b1c2"`, `color = "green"`, "color", `"#rrggbb"`},
		{"bad colour digits", `color = "#00ff00"`, `color = "#00fg00"`, "terrain[0].color", `"#rrggbb"`},
		{"colour not a string", `color = "#a0b1c2"`, `color = 12`, "color", "want a string"},
		{"bad accent", `accent = "#112233"`, `accent = "#1122"`, "terrain[1].accent", `"#rrggbb"`},
		{"unknown layer", `layer = "sea"`, `layer = "ocean"`, "terrain[1].mapgen.layer", `"sea", "lowland" or "peak"`},
		{"unknown key in inline table", `share_mille = 400 }`, `share_mille = 400, depth = 3 }`, "terrain[1].mapgen.depth", "unknown key"},
		{"validation: level", "level = 2", "level = 0", "level", "must be at least 1, got 0"},
		{"shares must sum to 1000", "share_mille = 400", "share_mille = 390", "terrain", "must sum to 1000 (the whole map), got 990"},
		{"share out of range", "share_mille = 400", "share_mille = 1400", "terrain[1].mapgen.share_mille", "between 0 and 1000"},
		{"duplicate terrain id", `id = "sea"`, `id = "land"`, "terrain[1].id", `duplicate terrain id "land"`},
		{"bad terrain id", `id = "sea"`, `id = "Sea Side"`, "terrain[1].id", "lowercase identifier"},
		{"duplicate glyph", `glyph = "~"`, `glyph = "."`, "terrain[1].glyph", "duplicate glyph"},
		{"long glyph", `glyph = "~"`, `glyph = "~~"`, "terrain[1].glyph", "one printable ASCII character"},
		{"two sea layers", `layer = "lowland"`, `layer = "sea"`, "terrain", `at most one terrain may have mapgen layer "sea"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decodeSample(t, replaceOnce(t, goodSample, tt.old, tt.new))
			wantProblem(t, err, "sample.toml", tt.key, tt.fragment)
		})
	}
}

func TestDecodeReportsAllProblems(t *testing.T) {
	text := replaceOnce(t, goodSample, "small = 7", "small = 7\nextra = 1")
	text = replaceOnce(t, text, "cost = 0\n", "")
	_, err := decodeSample(t, text)
	wantProblem(t, err, "sample.toml", "extra", "unknown key")
	wantProblem(t, err, "sample.toml", "cost", "missing required key")
}

func TestDecodeSyntaxErrorHasLine(t *testing.T) {
	text := replaceOnce(t, goodSample, "level = 2", "level = = 2")
	_, err := decodeSample(t, text)
	fe := wantProblem(t, err, "sample.toml", "", "TOML syntax error")
	if fe.Line != 2 {
		t.Errorf("syntax error line: have %d, want 2", fe.Line)
	}
	if !strings.HasPrefix(err.Error(), "sample.toml:2: ") {
		t.Errorf("syntax error message should start with %q: %v", "sample.toml:2: ", err)
	}
}

func TestDecodeMissingFile(t *testing.T) {
	var s sample
	err := Decode(fstest.MapFS{}, "nope.toml", &s)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "nope.toml: ") {
		t.Fatalf("want a not-exist error naming nope.toml, got %v", err)
	}
}

func TestDecodeNeedsStructPointer(t *testing.T) {
	var s sample
	for _, v := range []any{nil, s, (*sample)(nil), new(int)} {
		if err := DecodeBytes("x.toml", []byte(goodSample), v); err == nil {
			t.Errorf("DecodeBytes into %T: want an error", v)
		}
	}
}

func TestRGBText(t *testing.T) {
	tests := []struct {
		have string
		want RGB
		ok   bool
	}{
		{"#000000", RGB{}, true},
		{"#FFfF80", RGB{255, 255, 128}, true},
		{"#fff", RGB{}, false},
		{"ffffff", RGB{}, false},
		{"#gggggg", RGB{}, false},
		{"", RGB{}, false},
	}
	for _, tt := range tests {
		var c RGB
		err := c.UnmarshalText([]byte(tt.have))
		if (err == nil) != tt.ok || (tt.ok && c != tt.want) {
			t.Errorf("RGB(%q): have %v, %v; want %v, ok=%v", tt.have, c, err, tt.want, tt.ok)
		}
	}
	text, _ := RGB{1, 2, 255}.MarshalText()
	if string(text) != "#0102ff" {
		t.Errorf("MarshalText: have %q, want %q", text, "#0102ff")
	}
}

func TestTerrainLookup(t *testing.T) {
	s, err := decodeSample(t, goodSample)
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		id TerrainID
		ok bool
	}
	res := func(id TerrainID, ok bool) result { return result{id, ok} }
	tests := []struct {
		name       string
		have, want result
	}{
		{"lookup sea", res(s.Terrain.Lookup("sea")), result{1, true}},
		{"lookup unknown", res(s.Terrain.Lookup("lava")), result{NoTerrain, false}},
		{"glyph .", res(s.Terrain.ByGlyph('.')), result{0, true}},
		{"glyph unknown", res(s.Terrain.ByGlyph('#')), result{NoTerrain, false}},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %+v, want %+v", tt.name, tt.have, tt.want)
		}
	}
}

func TestTerrainTableEmpty(t *testing.T) {
	var tt TerrainTable
	wantProblem(t, inFile("f", tt.Validate()), "f", "terrain", "between 1 and 255")
}

func TestLayerText(t *testing.T) {
	for _, l := range []Layer{LayerSea, LayerLowland, LayerPeak} {
		text, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Layer
		if err := back.UnmarshalText(text); err != nil || back != l {
			t.Errorf("layer %v round trip: have %v, %v", l, back, err)
		}
	}
	if _, err := Layer(0).MarshalText(); err == nil {
		t.Error("zero Layer should not marshal")
	}
}

func TestCheckerAndFieldError(t *testing.T) {
	var c Checker
	if c.Err() != nil || !c.OK() {
		t.Fatal("a new Checker has no problems")
	}
	c.Between("a.b", 7, 1, 5)
	c.NotEmpty("name", "  ")
	errs := FieldErrors(inFile("x.toml", c.Err()))
	tests := []struct {
		name string
		have string
		want string
	}{
		{"first", errs[0].Error(), `x.toml: key "a.b": must be between 1 and 5, got 7`},
		{"second", errs[1].Error(), `x.toml: key "name": must not be empty`},
		{"with line", (&FieldError{File: "f.toml", Line: 3, Problem: "bad"}).Error(), "f.toml:3: bad"},
		{"bare", (&FieldError{Key: "k", Problem: "bad"}).Error(), `key "k": bad`},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %q, want %q", tt.name, tt.have, tt.want)
		}
	}
}
