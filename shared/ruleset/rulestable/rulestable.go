// Package rulestable checks a ruleset's table of rules: the RULES.md file
// beside each ruleset that quotes every rule sentence of its document and
// names the tests that check it. A ruleset's TestRulesTable is Test (which
// reads the file with CheckFile) and fails on every problem, so the table
// cannot drift from its document or its tests: change a word of a quote,
// drop a row or rename a test and the check fails.
//
// A table names its document in a line of its own, "Document: NAME": a
// file of the rule documents' directory (see DocumentDir), or a Go file
// beside the table (NAME ends in ".go"), whose package doc comment is the
// document, each paragraph read as one line.
//
// A row is "| n | "quoted rule" | `TestName`, `pkg.TestOther` |": rows are
// numbered 1, 2, ... in order; the rule cell quotes; the tests cell names
// tests (`TestX` of the ruleset's package, `prefix.TestX` of another) or
// says "not a rule" (a title, a heading, forum chrome, flavour, an example
// that is no rule: quoted so that the table accounts for the whole
// document).
//
// Quotes. The rule cell's quotes are its “curly” pairs where a curly quote
// opens first, or else its straight quotes paired in order ("a" and "b");
// a quote of the other kind inside them is text, and what follows a quote
// outside it (the ruleset's reading) is not checked. Each quote is split
// at its ellipses ("..." or "…") into fragments, and every fragment must
// occur in the document, both read alike (see Normalize): curly quotes and
// apostrophes as straight ones, markdown emphasis (* and **) dropped, runs
// of white space as one space, lines joined by a space. Case counts. A row
// whose rule cell begins "CHOICE:" (what the ruleset chose where the
// document is silent or vague: its quote is our rule) or "Classic:" (a
// rule of the classic published game the document leans on, quoted from
// that rulebook) is exempt, and covers nothing.
//
// Sentences. The document is cut into lines, and each line after every
// ".", "!" or "?" followed by a space; a piece with fewer than MinLetters
// letters (a number, a date, a short heading) is no sentence. Every
// sentence must be covered: some single fragment of a row that is not
// exempt, where it occurs in the document, covers Covered letters of it
// (or all of it, when it has fewer).
package rulestable

import (
	"errors"
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
	"testing"
	"unicode"

	"empires/internal/skip"
)

const (
	// MinLetters is the fewest letters of a sentence: a shorter piece
	// of the document (a number, a date, "Plague") needs no row.
	MinLetters = 10
	// Covered is how many letters of a sentence one fragment must
	// cover (all of them, when it has fewer).
	Covered = 20
	// DocumentsEnv names the variable that overrides DocumentDir's
	// directory.
	DocumentsEnv = "EMPIRES_RULE_DOCUMENTS"
)

// ErrNoDocument is wrapped by CheckFile's error when the table's document
// is absent (a test skips then, with skip.Data).
var ErrNoDocument = errors.New("the rule document is absent")

var (
	rowNumber    = regexp.MustCompile(`^\|\s*(\d+)\s*\|`)
	testName     = regexp.MustCompile("`(?:(\\w+)\\.)?(Test\\w+)`")
	documentLine = regexp.MustCompile(`^Document:\s*(\S+)\s*$`)
	curly        = regexp.MustCompile(`“([^”]*)”`)
	straight     = regexp.MustCompile(`"([^"]*)"`)
	ellipsis     = regexp.MustCompile(`\.\.\.|…`)
	// sentenceEnd ends a sentence: a stop, then a space or the line's end.
	sentenceEnd = regexp.MustCompile(`[.!?]+(?: |$)`)
)

// Normalize returns s as quotes and documents are compared: curly quotes
// and apostrophes made straight, markdown emphasis (* and **) dropped,
// runs of white space made one space, and the ends trimmed.
func Normalize(s string) string {
	s = strings.NewReplacer("“", `"`, "”", `"`, "„", `"`, "‘", "'", "’", "'", "*", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Document is a rule document read for checking: its normalised text and
// its sentences.
type Document struct {
	// Name names the document in problems.
	Name string
	// text is the normalised lines, joined by a space.
	text      string
	sentences []sentence
}

// sentence is a span of a Document's text.
type sentence struct {
	start, end int // of Document.text
	line       int // of the document, from 1
}

// NewDocument reads text, a document called name, into lines and
// sentences.
func NewDocument(name, text string) *Document {
	d := &Document{Name: name}
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		line = Normalize(line)
		if line == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		base := b.Len()
		b.WriteString(line)
		start := 0
		ends := sentenceEnd.FindAllStringIndex(line, -1)
		ends = append(ends, []int{len(line), len(line)})
		for _, e := range ends {
			if e[1] <= start {
				continue
			}
			if letters(line[start:e[1]]) >= MinLetters {
				d.sentences = append(d.sentences, sentence{base + start, base + e[1], i + 1})
			}
			start = e[1]
		}
	}
	d.text = b.String()
	return d
}

// Sentences returns the document's sentences, in order.
func (d *Document) Sentences() []string {
	out := make([]string, len(d.sentences))
	for i, s := range d.sentences {
		out[i] = strings.TrimSpace(d.text[s.start:s.end])
	}
	return out
}

// letters counts the letters of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// Fragments returns the fragments a rule cell quotes, normalised: its
// quotes (curly pairs, or straight ones paired in order) split at their
// ellipses, less the pieces without a letter.
func Fragments(cell string) []string {
	pairs := straight.FindAllStringSubmatch(cell, -1)
	if c := strings.Index(cell, "“"); c >= 0 && (c < strings.Index(cell, `"`) || !strings.Contains(cell, `"`)) {
		pairs = curly.FindAllStringSubmatch(cell, -1)
	}
	var out []string
	for _, q := range pairs {
		for _, f := range ellipsis.Split(q[1], -1) {
			if f = Normalize(f); letters(f) > 0 {
				out = append(out, f)
			}
		}
	}
	return out
}

// Exempt reports whether a rule cell is a CHOICE: or Classic: row, whose
// quotes are not the document's.
func Exempt(cell string) bool {
	cell = strings.TrimSpace(cell)
	return strings.HasPrefix(cell, "CHOICE:") || strings.HasPrefix(cell, "Classic:")
}

// Check checks the rows of the table in text against doc, the table's
// document, and tests, the names of the test functions by package prefix
// ("" for the ruleset's own), and returns the number of rows and the
// problems found, each naming its line of the table or of the document.
func Check(text string, doc *Document, tests map[string]map[string]bool) (int, []string) {
	var problems []string
	rows, last := 0, 0
	covered := make([]int, len(doc.sentences)) // the most letters one fragment covers
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
		fragments := Fragments(cells[1])
		if len(fragments) == 0 {
			bad("row %d quotes no rule", n)
		}
		if !Exempt(cells[1]) {
			for _, f := range fragments {
				if !doc.cover(f, covered) {
					bad("row %d: %q is not in %s", n, f, doc.Name)
				}
			}
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
	for i, s := range doc.sentences {
		if covered[i] < min(letters(doc.text[s.start:s.end]), Covered) {
			problems = append(problems, fmt.Sprintf("%s line %d: no row quotes %q (quote it in a rule's row, or in a row that says \"not a rule\")",
				doc.Name, s.line, strings.TrimSpace(doc.text[s.start:s.end])))
		}
	}
	return rows, problems
}

// cover finds every place of fragment f in d, raising covered (by
// sentence) to the letters of each sentence it covers, and reports
// whether f occurs.
func (d *Document) cover(f string, covered []int) bool {
	found := false
	for at := 0; ; {
		k := strings.Index(d.text[at:], f)
		if k < 0 {
			return found
		}
		found = true
		start, end := at+k, at+k+len(f)
		for i, s := range d.sentences {
			if s.end <= start || s.start >= end {
				continue
			}
			if n := letters(d.text[max(s.start, start):min(s.end, end)]); n > covered[i] {
				covered[i] = n
			}
		}
		at = start + 1
	}
}

// DocumentDir returns the directory of the rule documents: the variable
// DocumentsEnv where it is set, or else shared/seeds in the parent of the
// module's root (the directory above dir holding go.mod), where the
// documents lie beside a clone of the repository.
func DocumentDir(dir string) (string, error) {
	if env := os.Getenv(DocumentsEnv); env != "" {
		return env, nil
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("rule documents: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared", "seeds"), nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("rule documents: no go.mod above the working directory")
		}
		dir = up
	}
}

// ReadDocument reads the document a table in file names in its
// "Document: NAME" line: a Go file beside the table (NAME ends in ".go"),
// whose package doc comment is the document, or a file of DocumentDir.
// Its error wraps ErrNoDocument when the document is absent.
func ReadDocument(file, table string) (*Document, error) {
	var name string
	for _, line := range strings.Split(table, "\n") {
		if m := documentLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			name = m[1]
			break
		}
	}
	if name == "" {
		return nil, fmt.Errorf("rules table %s: no line \"Document: NAME\" names its document", file)
	}
	if strings.HasSuffix(name, ".go") {
		path := filepath.Join(filepath.Dir(file), name)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			return nil, fmt.Errorf("rules table %s: document: %w", file, err)
		}
		if f.Doc == nil {
			return nil, fmt.Errorf("rules table %s: document %s has no package doc", file, path)
		}
		// Blank lines before the comment keep the file's line numbers.
		before := strings.Repeat("\n", fset.Position(f.Doc.Pos()).Line-1)
		return NewDocument(name, before+unwrap(f.Doc.Text())), nil
	}
	dir, err := DocumentDir(filepath.Dir(file))
	if err != nil {
		return nil, fmt.Errorf("rules table %s: %w", file, err)
	}
	text, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("rules table %s: document %s (set %s to the directory of the rule documents): %w: %w",
			file, filepath.Join(dir, name), DocumentsEnv, ErrNoDocument, err)
	}
	if err != nil {
		return nil, fmt.Errorf("rules table %s: document: %w", file, err)
	}
	return NewDocument(name, string(text)), nil
}

// unwrap joins each paragraph of a doc comment (lines up to a blank one)
// into its first line, so that a sentence wrapped over lines is one, and
// pads the paragraph with blank lines so that the lines after it keep
// their numbers.
func unwrap(text string) string {
	var out []string
	var para []string
	flush := func() {
		if len(para) > 0 {
			out = append(out, strings.Join(para, " "))
			for range len(para) - 1 {
				out = append(out, "")
			}
			para = nil
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			flush()
			out = append(out, line)
			continue
		}
		para = append(para, line)
	}
	flush()
	return strings.Join(out, "\n")
}

// CheckFile checks the table in file (a path) as Check does, against its
// document (ReadDocument) and the tests of the packages in dirs: a prefix
// of the table ("game" in `game.TestX`, "" for the ruleset's own package)
// maps to the directory of that package's tests. Each problem starts with
// the file's name. The error is for a file, a document or a directory that
// cannot be read; it wraps ErrNoDocument when the document is absent.
func CheckFile(file string, dirs map[string]string) (rows int, problems []string, err error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return 0, nil, fmt.Errorf("rules table: %w", err)
	}
	doc, err := ReadDocument(file, string(text))
	if err != nil {
		return 0, nil, err
	}
	tests := make(map[string]map[string]bool, len(dirs))
	for _, prefix := range slices.Sorted(maps.Keys(dirs)) {
		if tests[prefix], err = ListTests(dirs[prefix]); err != nil {
			return 0, nil, fmt.Errorf("rules table %s: package %q: %w", file, prefix, err)
		}
	}
	rows, problems = Check(string(text), doc, tests)
	for i, p := range problems {
		problems[i] = filepath.Base(file) + ": " + p
	}
	return rows, problems, nil
}

// Test is a ruleset's TestRulesTable: it checks the table in file with
// CheckFile against the tests of dirs and reports each problem as an
// error of t. Where the document is absent it skips with skip.Data, which
// fails under CI (where the documents lie beside the clone).
func Test(t testing.TB, file string, dirs map[string]string) {
	t.Helper()
	_, problems, err := CheckFile(file, dirs)
	if errors.Is(err, ErrNoDocument) {
		skip.Now(t, skip.Data, "%v", err)
		return
	}
	if err != nil {
		t.Fatal(err)
		return
	}
	for _, p := range problems {
		t.Error(p)
	}
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
