package erfworld

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// rulesTable is the file that maps each rule sentence of the document to
// its tests.
const rulesTable = "RULES.md"

// testPackages maps a prefix of RULES.md ("game." in `game.TestX`) to the
// directory of that package's tests, from this one; "" is this package.
var testPackages = map[string]string{
	"":       ".",
	"game":   "../../game",
	"mapgen": "../../mapgen",
	"match":  "../../../server/match",
}

// TestRulesTable: every row of RULES.md quotes a rule of the document and
// names tests that exist (or says "not a rule"), rows numbered 1, 2, ...,
// so the table cannot rot.
func TestRulesTable(t *testing.T) {
	text, err := os.ReadFile(rulesTable)
	if err != nil {
		t.Fatal(err)
	}
	tests := map[string]map[string]bool{}
	for prefix, dir := range testPackages {
		if tests[prefix], err = testFuncs(dir); err != nil {
			t.Fatal(err)
		}
	}
	rows, problems := checkRulesTable(string(text), tests)
	for _, p := range problems {
		t.Errorf("%s: %s", rulesTable, p)
	}
	if rows < 130 {
		t.Errorf("%s: %d rows: the document has more rules than that", rulesTable, rows)
	}
}

// TestRulesTableCatchesRot: the check refuses a table with a test that does
// not exist, a row without tests, a missing quote and a row out of order.
func TestRulesTableCatchesRot(t *testing.T) {
	tests := map[string]map[string]bool{"": {"TestA": true}, "game": {"TestB": true}}
	const head = "| # | Rule | Tests |\n|---|---|---|\n"
	for _, tt := range []struct {
		name, table, want string
	}{
		{"good", head + "| 1 | \"A rule.\" | `TestA`, `game.TestB` |\n| 2 | \"Flavour.\" | not a rule |\n", ""},
		{"renamed test", head + "| 1 | \"A rule.\" | `TestGone` |\n", "TestGone does not exist"},
		{"test of another package", head + "| 1 | \"A rule.\" | `game.TestA` |\n", "game.TestA does not exist"},
		{"unknown package", head + "| 1 | \"A rule.\" | `ai.TestA` |\n", "unknown package"},
		{"no test", head + "| 1 | \"A rule.\" | soon |\n", "names no test"},
		{"no quote", head + "| 1 | A rule. | `TestA` |\n", "quotes no rule"},
		{"numbering", head + "| 1 | \"A rule.\" | `TestA` |\n| 3 | \"B.\" | `TestA` |\n", "row 3 after row 1"},
		{"bad row", head + "| 1 | \"A rule.\" |\n", "not a row"},
	} {
		_, problems := checkRulesTable(tt.table, tests)
		got := strings.Join(problems, "; ")
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: problems %q, want %q", tt.name, got, tt.want)
		}
	}
}

var (
	rowNumber = regexp.MustCompile(`^\|\s*(\d+)\s*\|`)
	testName  = regexp.MustCompile("`(?:(\\w+)\\.)?(Test\\w+)`")
)

// checkRulesTable checks the rows of the table in text against tests (the
// test functions by package prefix) and returns the number of rows and
// the problems found.
func checkRulesTable(text string, tests map[string]map[string]bool) (int, []string) {
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

// testFuncs returns the names of the test functions (func TestX(t
// *testing.T)) in the _test.go files of directory dir.
func testFuncs(dir string) (map[string]bool, error) {
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
			return nil, err
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				out[fn.Name.Name] = true
			}
		}
	}
	return out, nil
}
