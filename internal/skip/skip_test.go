package skip

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that records a skip or a failure instead of
// ending the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(format string, args ...any) {
	r.skipped = fmt.Sprintf(format, args...)
	panic(stop{})
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	panic(stop{})
}

// stop ends a call as Skipf and Fatalf end a test.
type stop struct{}

// run calls f with r, as a test would run it.
func (r *recorder) run(f func(testing.TB)) {
	defer func() {
		if p := recover(); p != nil && p != (stop{}) {
			panic(p)
		}
	}()
	f(r)
}

// TestNow: outside CI a skip skips; under CI it fails unless CI accepts
// its reason, by default or through EMPIRES_CI_SKIPS.
func TestNow(t *testing.T) {
	tests := []struct {
		name, ci, extra string
		reason          Reason
		wantSkip        bool
	}{
		{"no CI: a tool missing skips", "", "", Tool, true},
		{"CI=false is no CI", "false", "", Tool, true},
		{"CI: a tool missing fails", "true", "", Tool, false},
		{"CI: no display fails", "true", "", Display, false},
		{"CI: -short fails", "1", "", Short, false},
		{"CI: root fails", "true", "", Root, false},
		{"CI: a data file missing fails", "true", "", Data, false},
		{"CI: another platform is accepted", "true", "", Platform, true},
		{"CI: an environment without the means is accepted", "true", "", Environment, true},
		{"CI: a fuzz input out of range is accepted", "true", "", Input, true},
		{"CI: a host accepts root by name", "true", "tool, root", Root, true},
		{"CI: naming another reason does not accept this one", "true", "tool", Root, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			t.Setenv("EMPIRES_CI_SKIPS", tt.extra)
			r := &recorder{}
			r.run(func(tb testing.TB) { Now(tb, tt.reason, "needs %s", "xdotool") })
			if have := r.skipped != ""; have != tt.wantSkip {
				t.Errorf("skipped %v (%q), failed %q; want skipped %v", have, r.skipped, r.failed, tt.wantSkip)
			}
			if have := r.failed != ""; have == tt.wantSkip {
				t.Errorf("failed %v; want %v", have, !tt.wantSkip)
			}
		})
	}
}

// TestIf skips only when its condition holds.
func TestIf(t *testing.T) {
	t.Setenv("CI", "")
	for _, cond := range []bool{false, true} {
		r := &recorder{}
		r.run(func(tb testing.TB) { If(tb, cond, Tool, "needs xdotool") })
		if have := r.skipped != ""; have != cond {
			t.Errorf("If(%v): skipped %v", cond, have)
		}
	}
}

// TestNoBareSkips: no file of the module that imports testing (the tests
// and their helpers) calls Skip, Skipf or SkipNow itself, so every skip
// goes through Now and CI's rule.
func TestNoBareSkips(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var bare []string
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || filepath.Dir(path) == filepath.Join(root, "internal", "skip") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		if !slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"testing"` }) {
			return nil
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "Skip", "Skipf", "SkipNow":
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "skip" {
					return true
				}
				rel, _ := filepath.Rel(root, path)
				bare = append(bare, fmt.Sprintf("%s:%d", rel, fset.Position(call.Pos()).Line))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("found %d test files under %s: not the module's root", files, root)
	}
	for _, b := range bare {
		t.Errorf("%s: a bare skip: call skip.Now or skip.If with a reason", b)
	}
}
