package dat_test

import (
	"errors"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"empires/internal/skip"
	"empires/shared/rules/empire/dat"
)

// TestBundleRoundTrip checks that the built-in files, bundled, read back
// as the same data, and that the bundle is the documented format.
func TestBundleRoundTrip(t *testing.T) {
	files := defaultFiles(t)
	want, err := dat.Parse(files)
	if err != nil {
		t.Fatal(err)
	}
	b := dat.Bundle(files)
	have, err := dat.ParseBundle(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("the bundle reads differently:\nhave %+v\nwant %+v", have, want)
	}
	var rebuilt strings.Builder
	for _, name := range []string{"units.dat", "terrain.dat", "game.dat"} {
		rebuilt.WriteString("=== " + name + " " + strconv.Itoa(len(files[name])) + "\n" + string(files[name]) + "\n")
	}
	if string(b) != rebuilt.String() {
		t.Errorf("the bundle is not the three files in order, each after its \"=== name length\" line")
	}
	_, loaded, err := dat.Load(fsOf(files))
	if err != nil || string(loaded) != string(b) {
		t.Errorf("Load's bundle differs from Bundle's (err %v)", err)
	}
}

// part returns a bundle part.
func part(name, body string) string {
	return "=== " + name + " " + strconv.Itoa(len(body)) + "\n" + body + "\n"
}

// TestParseBundleErrors checks that a malformed bundle is refused with what
// is wrong, and a well-formed one with a broken file with that file's error.
func TestParseBundleErrors(t *testing.T) {
	u, tr, g := part("units.dat", testUnits), part("terrain.dat", testTerrain), part("game.dat", testGame)
	for _, tc := range []struct {
		name string
		have string
		want string
	}{
		{"empty", "", "bundle: ends before units.dat"},
		{"only units", u, "bundle: ends before terrain.dat"},
		{"not a header", "units.dat 3\nabc\n", `bundle: byte 0: want a line "=== units.dat <length>", have "units.dat 3"`},
		{"no line end in the header", "=== units.dat " + strings.Repeat("1", 100), `bundle: byte 0: want a line "=== units.dat <length>", have "=== units.dat 1111`},
		{"no length", "=== units.dat\n", `bundle: byte 0: want a line "=== units.dat <length>"`},
		{"unknown file", "=== rules.dat 0\n\n", `bundle: byte 0: unknown file "rules.dat": want units.dat`},
		{"repeated file", u + u, "bundle: byte " + strconv.Itoa(len(u)) + ": units.dat repeated"},
		{"missing file", u + g, "bundle: byte " + strconv.Itoa(len(u)) + ": terrain.dat missing before game.dat"},
		{"out of order", tr + u + g, "bundle: byte 0: units.dat missing before terrain.dat"},
		{"length not a number", "=== units.dat x\n", `bundle: units.dat: length "x": want a decimal number of bytes`},
		{"length with a sign", "=== units.dat +3\nabc\n", `bundle: units.dat: length "+3": want a decimal number`},
		{"length negative", "=== units.dat -1\n", `bundle: units.dat: length "-1": want a decimal number`},
		{"length with a leading zero", "=== units.dat 03\nabc\n", `bundle: units.dat: length "03": want a decimal number`},
		{"length with a space", "=== units.dat 3 \nabc\n", `bundle: units.dat: length "3 ": want a decimal number`},
		{"length overflowing", "=== units.dat 99999999999999999999\n", `bundle: units.dat: length "99999999999999999999": want a decimal number`},
		{"length past the end", "=== units.dat 1000000\nabc\n", "bundle: units.dat: 1000000 bytes and a line end claimed, 4 left"},
		{"no line end after the file", "=== units.dat 3\nabc", "bundle: units.dat: 3 bytes and a line end claimed, 3 left"},
		{"length too short", "=== units.dat 2\nabc\n", "bundle: units.dat: byte 18: want a line end after its 2 bytes"},
		{"trailing junk", u + tr + g + "x", "bundle: byte " + strconv.Itoa(len(u+tr+g)) + ": 1 bytes after game.dat, the last file"},
		{"trailing line end", u + tr + g + "\n", "bundle: byte " + strconv.Itoa(len(u+tr+g)) + ": 1 bytes after game.dat"},
		{"a broken file", u + part("terrain.dat", "p Plains . plains #8fbf5a\n") + g, "terrain.dat: no f line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := dat.ParseBundle([]byte(tc.have))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("have %v\nwant %q...", err, tc.want)
			}
		})
	}
}

// FuzzParseBundle feeds ParseBundle arbitrary bytes, seeded with the
// built-in bundle (its files without their comments: 2 KB, not 7) and
// broken ones. Whatever the input: no panic, an error that is a bundle
// problem or a *dat.Error, no allocation much larger than the input
// (checkAlloc), and data within the files' bounds when it is accepted.
//
// Inputs over 4 KiB are skipped: the fuzzer shrinks every input that
// reaches new code, a parse per try, and with the whole 7 KB bundle it
// spent its time doing that (11 executions in 30 s). TestBundleRoundTrip
// and TestParseBundleHostile read larger bundles.
func FuzzParseBundle(f *testing.F) {
	f.Add(dat.Bundle(stripComments(defaultFiles(f))))
	f.Add(dat.Bundle(testFiles("", "")))
	f.Add(dat.Bundle(testFiles(dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly, - infantry"))))
	f.Add([]byte("=== units.dat 3\nabc\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 4<<10 {
			skip.Now(t, skip.Input, "over the sizes the target checks")
		}
		var d *dat.Data
		var err error
		checkAlloc(t, len(b), func() { d, err = dat.ParseBundle(b) })
		if err != nil {
			var e *dat.Error
			if !strings.HasPrefix(err.Error(), "bundle: ") && !errors.As(err, &e) {
				t.Fatalf("an error neither of the bundle nor a *dat.Error: %v", err)
			}
			return
		}
		checkData(t, d)
	})
}

// FuzzParse feeds Parse three arbitrary files, seeded with the built-in
// ones and the small test files, so the fuzzer works on the files' lines
// (a bundle it mutates is mostly refused for its lengths). Whatever the
// input: no panic, only *dat.Error problems, no allocation much larger
// than the input, and data within the files' bounds when it is accepted.
//
// The seeds are small (the built-in files without their comments) and
// inputs over 4 KiB are skipped: the fuzzer shrinks every input that
// reaches new code, a parse per try, and spends its time on that with
// large inputs.
func FuzzParse(f *testing.F) {
	files := stripComments(defaultFiles(f))
	f.Add(files[dat.UnitsFile], files[dat.TerrainFile], files[dat.GameFile])
	f.Add([]byte(testUnits), []byte(testTerrain), []byte(testGame))
	f.Fuzz(func(t *testing.T, units, terrain, game []byte) {
		size := len(units) + len(terrain) + len(game)
		if size > 4<<10 {
			skip.Now(t, skip.Input, "over the sizes the target checks")
		}
		var d *dat.Data
		var err error
		checkAlloc(t, size, func() {
			d, err = dat.Parse(map[string][]byte{dat.UnitsFile: units, dat.TerrainFile: terrain, dat.GameFile: game})
		})
		if err != nil {
			for _, e := range leaves(err) {
				var de *dat.Error
				if !errors.As(e, &de) && !strings.HasPrefix(e.Error(), "stopped after ") {
					t.Fatalf("a problem that is not a *dat.Error: %v", e)
				}
			}
			return
		}
		checkData(t, d)
	})
}

// checkAlloc runs parse, which reads size bytes, and fails t if it
// allocated more than 16 bytes a byte of input and 64 KiB. Measured: the
// built-in bundle takes 4.4 bytes a byte (BenchmarkParseBundle).
func checkAlloc(t *testing.T, size int, parse func()) {
	t.Helper()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	parse()
	runtime.ReadMemStats(&ms)
	if alloc := ms.TotalAlloc - before; alloc > uint64(16*size+64<<10) {
		t.Fatalf("parsing %d bytes allocated %d", size, alloc)
	}
}

// TestParseBundleHostile checks that bundles made to make the parser work
// or allocate are refused at the cost of their size: a length claiming a
// gigabyte, a file broken on each of 100,000 lines, a field of a megabyte,
// a megabyte of commas among a unit's attributes, a line of 100,000 words.
func TestParseBundleHostile(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		name string
		have []byte
		want string
	}{
		{"a gigabyte claimed", []byte("=== units.dat 1000000000\nabc\n"), "bundle: units.dat: 1000000000 bytes"},
		{"every line broken", dat.Bundle(testFiles(dat.GameFile, strings.Repeat("x 1\n", 100000))), "game.dat:1:1: key \"x\": unknown"},
		{"a field of a megabyte", dat.Bundle(testFiles(dat.UnitsFile, big)), "units.dat:1:1: name \"xxxx"},
		{"a megabyte of commas", dat.Bundle(testFiles(dat.UnitsFile, unitLine("Infantry 5 1 2 122-1 2 2 m l fly"+strings.Repeat(",", 1<<20)+" infantry"))), "units.dat:2:34: attributes: an empty attribute"},
		{"100,000 words", dat.Bundle(testFiles(dat.GameFile, "start.units"+strings.Repeat(" Infantry", 100000))), "game.dat:1:580: too many words on one line: at most 64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			checkAlloc(t, len(tc.have), func() { _, err = dat.ParseBundle(tc.have) })
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("have %v\nwant %q...", err, tc.want)
			}
		})
	}
}

// stripComments returns files without their comment lines.
func stripComments(files map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for name, b := range files {
		var kept []string
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(line, "#") && line != "" {
				kept = append(kept, line)
			}
		}
		out[name] = []byte(strings.Join(kept, "\n") + "\n")
	}
	return out
}

// leaves returns the errors joined in err.
func leaves(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// checkData fails t unless d is within the files' bounds.
func checkData(t *testing.T, d *dat.Data) {
	t.Helper()
	if n := len(d.Units); n < 1 || n > dat.MaxUnits {
		t.Fatalf("%d units", n)
	}
	town := false
	for _, u := range d.Units {
		if u.Prod < 1 || u.HP < 1 || u.MP < 1 || u.Name == "" || u.Icon == "" || u.Phase >= dat.NumPhases {
			t.Fatalf("a unit out of bounds: %+v", u)
		}
		town = town || !u.CityOnly && u.Land()
	}
	if !town {
		t.Fatal("no unit a town can build")
	}
	for _, x := range append(d.Terrains[:], d.Town, d.City) {
		if x.Name == "" || x.Icon == "" || len(x.Color) != 7 {
			t.Fatalf("a terrain without a name, icon or colour: %+v", x)
		}
	}
	for _, name := range append(d.Game.StartUnits, d.Game.NeutralGarrison...) {
		if _, ok := d.Kind(name); !ok {
			t.Fatalf("game.dat names %q, no unit", name)
		}
	}
}
