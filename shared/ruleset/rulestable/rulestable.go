// Package rulestable checks a ruleset's table of rules: the RULES.md file
// beside each ruleset that quotes every rule sentence of its document and
// names the tests that check it. A ruleset's TestRulesTable reads the file
// with CheckFile (or Check) and fails on every problem, so the table cannot rot: rename a
// test and the table must follow.
//
// A row is "| n | "quoted rule" | `TestName`, `pkg.TestOther` |": rows are
// numbered 1, 2, ... in order; the rule cell quotes (straight or curly
// quotes); the tests cell names tests (`TestX` of the ruleset's package,
// `prefix.TestX` of another) or says "not a rule".
package rulestable

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	rowNumber = regexp.MustCompile(`^\|\s*(\d+)\s*\|`)
	testName  = regexp.MustCompile("`(?:(\\w+)\\.)?(Test\\w+)`")
)

// Check checks the rows of the table in text against tests, the names of
// the test functions by package prefix ("" for the ruleset's own), and
// returns the number of rows and the problems found, each naming its
// line.
func Check(text string, tests map[string]map[string]bool) (int, []string) {
	var problems []string
	rows, last := 0, 0
	for i, line := range strings.Split(text, "\n") {
		m := rowNumber.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		bad := func(format string, args ...any) {
			problems = append(problems, fmt.Sprintf("line %d: ", i+1)+fmt.Sprintf(format, args...))
		}
		n, _ := strconv.Atoi(m[1])
		if n != last+1 {
			bad("row %d after row %d", n, last)
		}
		last, rows = n, rows+1
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) != 3 {
			bad("not a row of three cells: %q", line)
			continue
		}
		if !strings.ContainsAny(cells[1], `"“`) {
			bad("row %d quotes no rule", n)
		}
		names := testName.FindAllStringSubmatch(cells[2], -1)
		if len(names) == 0 && !strings.Contains(cells[2], "not a rule") {
			bad("row %d names no test and does not say \"not a rule\"", n)
		}
		for _, nm := range names {
			pkg, ok := tests[nm[1]]
			switch {
			case !ok:
				bad("row %d: %s.%s: unknown package %q", n, nm[1], nm[2], nm[1])
			case !pkg[nm[2]] && nm[1] != "":
				bad("row %d: %s.%s does not exist", n, nm[1], nm[2])
			case !pkg[nm[2]]:
				bad("row %d: %s does not exist", n, nm[2])
			}
		}
	}
	return rows, problems
}

// CheckFile checks the table in file (a path) as Check does, against the
// tests of the packages in dirs: a prefix of the table ("game" in
// `game.TestX`, "" for the ruleset's own package) maps to the directory
// of that package's tests. Each problem starts with the file's name. The
// error is for a file or a directory that cannot be read.
func CheckFile(file string, dirs map[string]string) (rows int, problems []string, err error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return 0, nil, fmt.Errorf("rules table: %w", err)
	}
	tests := make(map[string]map[string]bool, len(dirs))
	for _, prefix := range slices.Sorted(maps.Keys(dirs)) {
		if tests[prefix], err = ListTests(dirs[prefix]); err != nil {
			return 0, nil, fmt.Errorf("rules table %s: package %q: %w", file, prefix, err)
		}
	}
	rows, problems = Check(string(text), tests)
	for i, p := range problems {
		problems[i] = filepath.Base(file) + ": " + p
	}
	return rows, problems, nil
}

// ListTests returns the names of the test functions (func TestX(t
// *testing.T)) in the _test.go files of directory dir.
func ListTests(dir string) (map[string]bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no test files in %s", dir)
	}
	out := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("read tests: %w", err)
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				out[fn.Name.Name] = true
			}
		}
	}
	return out, nil
}
