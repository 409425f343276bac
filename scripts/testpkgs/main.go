// Command testpkgs sorts the module's packages with tests by how `make test`
// runs them:
//
//   - display: their tests draw (the package or one it imports from the
//     module imports ebiten), so they run under a virtual X server;
//   - race: their tests can run two goroutines at once, so they run under
//     the race detector;
//   - plain: their tests run on one goroutine, where the race detector can
//     find nothing and only makes them slower (ten times, for a ruleset
//     that plays whole games), so they run without it.
//
// Usage:
//
//	go run ./scripts/testpkgs [-set race|plain|display] [-why] [packages]
//
// It prints the import paths of the set's packages, one per line (with
// -why, each followed by a tab and the reason it is in the set); packages
// default to ./..., so that every package with tests is in exactly one set.
//
// A package's tests are concurrent when the package, its tests, or any
// package of the module they import has a go statement or calls a function
// named AfterFunc or Parallel (time.AfterFunc, context.AfterFunc,
// t.Parallel), or directly imports a package that runs its caller's code on
// goroutines of its own (net/http, os/exec, os/signal, database/sql, the
// websocket library, ...: callsBack). A new go statement anywhere below a
// plain package moves it to the race detector by itself.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// module is the import path of this module: only its own files are read.
// A library's goroutines that never call back into the module's code (a
// cache filled in the background) cannot race with it.
const module = "empires"

// draws is the package whose importers draw and need a display.
const draws = "github.com/hajimehoshi/ebiten/v2"

// callsBack are the packages (and the packages under them) whose importers
// are counted as concurrent: each runs its caller's code, or copies into its
// caller's buffers, on goroutines of its own (a server's handlers, a
// command's output, a signal, a database's connections, a game loop).
var callsBack = []string{
	"net/http", "os/exec", "os/signal", "database/sql",
	"github.com/coder/websocket", "github.com/hashicorp/mdns",
	"github.com/prometheus/client_golang", draws,
}

// Set is one of the ways make test runs a package's tests.
type Set string

const (
	Display Set = "display"
	Race    Set = "race"
	Plain   Set = "plain"
)

// pkg is the part of `go list -json` this command reads.
type pkg struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	TestGoFiles  []string
	XTestGoFiles []string
	Imports      []string
	TestImports  []string
	XTestImports []string
	Deps         []string
}

func main() {
	set := flag.String("set", string(Race), "the set to print: race, plain or display")
	why := flag.Bool("why", false, "after each package, say why it is in the set")
	flag.Parse()
	if s := Set(*set); s != Race && s != Plain && s != Display {
		fmt.Fprintf(os.Stderr, "testpkgs: -set %q: want race, plain or display\n", *set)
		os.Exit(2)
	}
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	sets, err := sortPackages(patterns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testpkgs:", err)
		os.Exit(1)
	}
	paths := make([]string, 0, len(sets))
	for p := range sets {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if sets[p].Set != Set(*set) {
			continue
		}
		if *why {
			fmt.Printf("%s\t%s\n", p, sets[p].Why)
			continue
		}
		fmt.Println(p)
	}
}

// Placed is the set a package's tests run in, and why.
type Placed struct {
	Set Set
	Why string
}

// sortPackages places every package matched by patterns that has tests.
func sortPackages(patterns []string) (map[string]Placed, error) {
	all, err := list(append([]string{"-deps", "-test"}, patterns...))
	if err != nil {
		return nil, err
	}
	byPath := map[string]pkg{}
	for _, p := range all {
		byPath[p.ImportPath] = p
	}
	tested, err := list(patterns)
	if err != nil {
		return nil, err
	}
	read := map[string]finding{} // a module package's own files, by import path
	out := map[string]Placed{}
	for _, p := range tested {
		if len(p.TestGoFiles)+len(p.XTestGoFiles) == 0 {
			continue
		}
		files := append(append(append([]string{}, p.GoFiles...), p.TestGoFiles...), p.XTestGoFiles...)
		imports := append(append(append([]string{}, p.Imports...), p.TestImports...), p.XTestImports...)
		f, err := readPackage(p.ImportPath, p.Dir, files, imports)
		if err != nil {
			return nil, err
		}
		// The dependencies of the package compiled with its tests and of its
		// external tests, not those of the generated test main, which
		// imports the fuzzing engine (os/exec) for every package alike.
		for _, v := range []string{p.ImportPath, p.ImportPath + "_test"} {
			for _, d := range byPath[v+" ["+p.ImportPath+".test]"].Deps {
				if d = strip(d); d == p.ImportPath || !inModule(d) {
					continue
				}
				df, ok := read[d]
				if !ok {
					dp := byPath[d]
					if df, err = readPackage(d, dp.Dir, dp.GoFiles, dp.Imports); err != nil {
						return nil, err
					}
					read[d] = df
				}
				f = f.or(df)
			}
		}
		switch {
		case f.draws != "":
			out[p.ImportPath] = Placed{Display, f.draws}
		case f.concurrent != "":
			out[p.ImportPath] = Placed{Race, f.concurrent}
		default:
			out[p.ImportPath] = Placed{Plain, "one goroutine"}
		}
	}
	return out, nil
}

// finding is what a package's files show: where they draw and where they
// start a goroutine, or "".
type finding struct{ draws, concurrent string }

// or keeps f's findings and adds g's where f has none.
func (f finding) or(g finding) finding {
	if f.draws == "" {
		f.draws = g.draws
	}
	if f.concurrent == "" {
		f.concurrent = g.concurrent
	}
	return f
}

// readPackage reads a module package's files and imports.
func readPackage(path, dir string, files, imports []string) (finding, error) {
	var f finding
	for _, imp := range imports {
		imp = strip(imp)
		if imp == draws || strings.HasPrefix(imp, draws+"/") {
			f.draws = path + " imports " + imp
		}
		if f.concurrent == "" && callsBackPkg(imp) {
			f.concurrent = path + " imports " + imp
		}
	}
	for _, file := range files {
		if f.concurrent != "" {
			break
		}
		at, err := startsGoroutines(filepath.Join(dir, file))
		if err != nil {
			return f, err
		}
		if at != "" {
			f.concurrent = path + ": " + at
		}
	}
	return f, nil
}

// startsGoroutines returns where the Go file has its first go statement or
// call of a function named AfterFunc or Parallel, as file:line, or "".
func startsGoroutines(file string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return "", fmt.Errorf("parse %s: %w", file, err)
	}
	var at token.Pos
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			at = n.Pos()
		case *ast.CallExpr:
			if s, ok := n.Fun.(*ast.SelectorExpr); ok && (s.Sel.Name == "AfterFunc" || s.Sel.Name == "Parallel") {
				at = n.Pos()
			}
		}
		return at == token.NoPos
	})
	if at == token.NoPos {
		return "", nil
	}
	pos := fset.Position(at)
	return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line), nil
}

// callsBackPkg reports whether path is one of callsBack or below one.
func callsBackPkg(path string) bool {
	for _, c := range callsBack {
		if path == c || strings.HasPrefix(path, c+"/") {
			return true
		}
	}
	return false
}

// inModule reports whether path is a package of this module.
func inModule(path string) bool {
	return path == module || strings.HasPrefix(path, module+"/")
}

// strip drops the " [x.test]" suffix go list gives a package compiled for a
// test.
func strip(path string) string {
	if i := strings.Index(path, " ["); i >= 0 {
		return path[:i]
	}
	return path
}

// list runs go list -json with args and decodes its packages.
func list(args []string) ([]pkg, error) {
	cmd := exec.Command("go", append([]string{"list",
		"-json=ImportPath,Dir,GoFiles,TestGoFiles,XTestGoFiles,Imports,TestImports,XTestImports,Deps"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %w: %s", strings.Join(args, " "), err, stderr.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs, nil
		} else if err != nil {
			return nil, fmt.Errorf("go list %s: %w", strings.Join(args, " "), err)
		}
		pkgs = append(pkgs, p)
	}
}
