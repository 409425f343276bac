package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"empires/internal/skip"
)

func TestStartsGoroutines(t *testing.T) {
	tests := []struct {
		name string
		have string
		want string // "" or the line found
	}{
		{"none", "package p\nfunc f() { g() }\nfunc g() {}\n", ""},
		{"go statement", "package p\nfunc f() {\n\tgo g()\n}\nfunc g() {}\n", "x.go:3"},
		{"go func literal", "package p\nfunc f() {\n\n\tgo func() {}()\n}\n", "x.go:4"},
		{"time.AfterFunc", "package p\nimport \"time\"\nfunc f() { time.AfterFunc(0, f) }\n", "x.go:3"},
		{"t.Parallel", "package p\nimport \"testing\"\nfunc TestX(t *testing.T) {\n\tt.Parallel()\n}\n", "x.go:4"},
		{"a word in a string", "package p\nvar s = \"go func() t.Parallel()\"\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "x.go")
			if err := os.WriteFile(file, []byte(tt.have), 0o644); err != nil {
				t.Fatal(err)
			}
			have, err := startsGoroutines(file)
			if err != nil || have != tt.want {
				t.Errorf("startsGoroutines = %q, %v; want %q", have, err, tt.want)
			}
		})
	}
}

func TestReadPackage(t *testing.T) {
	tests := []struct {
		name    string
		imports []string
		want    finding
	}{
		{"plain", []string{"fmt", "empires/shared/game"}, finding{}},
		{"a server", []string{"net/http"}, finding{concurrent: "p imports net/http"}},
		{"a test variant", []string{"os/exec [p.test]"}, finding{concurrent: "p imports os/exec"}},
		{"a screen", []string{"github.com/hajimehoshi/ebiten/v2/vector"}, finding{
			draws:      "p imports github.com/hajimehoshi/ebiten/v2/vector",
			concurrent: "p imports github.com/hajimehoshi/ebiten/v2/vector"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have, err := readPackage("p", t.TempDir(), nil, tt.imports)
			if err != nil || have != tt.want {
				t.Errorf("readPackage = %+v, %v; want %+v", have, err, tt.want)
			}
		})
	}
}

// TestSortsTheModule sorts this module's own packages: the ones its rules
// name land where they must, and every package with tests lands in one set.
func TestSortsTheModule(t *testing.T) {
	if testing.Short() {
		skip.Now(t, skip.Short, "-short: runs go list over the module")
	}
	sets, err := sortPackages([]string{"empires/..."})
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]Set{
		"empires/server/lobby":       Race,    // websockets
		"empires/server/match":       Race,    // go statements
		"empires/shared/rules/duel":  Plain,   // plays games on one goroutine
		"empires/shared/protocol":    Plain,   // encodes and decodes
		"empires/client/module/duel": Display, // draws
		"empires/scripts/testpkgs":   Race,    // runs go list
	} {
		if have := sets[path].Set; have != want {
			t.Errorf("%s: in %q (%s), want %q", path, have, sets[path].Why, want)
		}
	}
	for path, p := range sets {
		if p.Why == "" || !strings.HasPrefix(path, "empires") {
			t.Errorf("%s: %+v", path, p)
		}
	}
	// Every package go list says has tests is in a set (a package is in
	// one set at most: sets maps each to one): none is left out of make
	// test, as three client packages once were.
	out, err := exec.Command("go", "list", "-f", "{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}", "empires/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	withTests := strings.Fields(string(out))
	if len(withTests) < 50 {
		t.Fatalf("go list found %d packages with tests: %q", len(withTests), withTests)
	}
	for _, path := range withTests {
		if _, ok := sets[path]; !ok {
			t.Errorf("%s has tests and is in no set: make test would not run them", path)
		}
	}
	if len(sets) != len(withTests) {
		t.Errorf("%d packages sorted, %d with tests", len(sets), len(withTests))
	}
}
