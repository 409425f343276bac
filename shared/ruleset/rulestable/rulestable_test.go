package rulestable

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCheckCatchesRot: the check refuses a table with a test that does not
// exist, a row without tests, a missing quote and a row out of order.
func TestCheckCatchesRot(t *testing.T) {
	tests := map[string]map[string]bool{"": {"TestA": true}, "game": {"TestB": true}}
	const head = "| # | Rule | Tests |\n|---|---|---|\n"
	for _, tt := range []struct {
		name, table, want string
		rows              int
	}{
		{"good", head + "| 1 | \"A rule.\" | `TestA`, `game.TestB` |\n| 2 | \"Flavour.\" | not a rule |\n", "", 2},
		{"curly quotes", head + "| 1 | “A rule.” | `TestA` |\n", "", 1},
		{"renamed test", head + "| 1 | \"A rule.\" | `TestGone` |\n", "TestGone does not exist", 1},
		{"test of another package", head + "| 1 | \"A rule.\" | `game.TestA` |\n", "game.TestA does not exist", 1},
		{"unknown package", head + "| 1 | \"A rule.\" | `ai.TestA` |\n", "unknown package", 1},
		{"no test", head + "| 1 | \"A rule.\" | soon |\n", "names no test", 1},
		{"no quote", head + "| 1 | A rule. | `TestA` |\n", "quotes no rule", 1},
		{"numbering", head + "| 1 | \"A rule.\" | `TestA` |\n| 3 | \"B.\" | `TestA` |\n", "line 4: row 3 after row 1", 2},
		{"bad row", head + "| 1 | \"A rule.\" |\n", "not a row", 1},
	} {
		rows, problems := Check(tt.table, NewDocument("doc.txt", "A rule. B. Flavour."), tests)
		got := strings.Join(problems, "; ")
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) || rows != tt.rows {
			t.Errorf("%s: %d rows, problems %q; want %d rows, %q", tt.name, rows, got, tt.rows, tt.want)
		}
	}
}

// TestListTests finds this file's tests, and refuses a directory without
// tests.
func TestListTests(t *testing.T) {
	got, err := ListTests(".")
	if err != nil || !got["TestCheckCatchesRot"] || !got["TestListTests"] || got["Check"] {
		t.Errorf("ListTests(.) = %v, %v", got, err)
	}
	if _, err := ListTests(t.TempDir()); err == nil {
		t.Error("a directory without tests: no error")
	}
}

// TestCheckFile reads the table from its file and the tests from each
// package's directory, names the file in every problem, and refuses a
// file or a directory that cannot be read.
func TestCheckFile(t *testing.T) {
	dir := t.TempDir()
	const head = "| # | Rule | Tests |\n|---|---|---|\n"
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	t.Setenv(DocumentsEnv, dir)
	write("doc.txt", "A rule of the game.\n")
	good := write("GOOD.md", "Document: doc.txt\n\n"+head+"| 1 | \"A rule of the game.\" | `TestCheckFile`, `other.TestListTests` |\n")
	rotten := write("ROTTEN.md", "Document: doc.txt\n\n"+head+"| 1 | \"A rule of the game.\" | `TestGone` |\n")
	here := map[string]string{"": ".", "other": "."}
	for _, tt := range []struct {
		name     string
		file     string
		dirs     map[string]string
		wantRows int
		want     string // in the problems, "" for none
		wantErr  string // in the error, "" for none
	}{
		{"good", good, here, 1, "", ""},
		{"rotten", rotten, here, 1, "ROTTEN.md: line 5: row 1: TestGone does not exist", ""},
		{"no file", filepath.Join(dir, "NONE.md"), here, 0, "", "NONE.md"},
		{"no tests in a package", good, map[string]string{"": ".", "other": dir}, 0, "", `package "other": no test files`},
	} {
		rows, problems, err := CheckFile(tt.file, tt.dirs)
		have := strings.Join(problems, "; ")
		if rows != tt.wantRows || (tt.want == "") != (have == "") || !strings.Contains(have, tt.want) {
			t.Errorf("%s: %d rows, problems %q; want %d rows, %q", tt.name, rows, have, tt.wantRows, tt.want)
		}
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.wantErr)
		}
	}
}

// doc is a small document for the tests of quotes and sentences: a
// heading, flavour, three rules (one with markdown emphasis and a curly
// apostrophe), a list cut by a line break, and a line too short to be a
// sentence.
const doc = `RULES OF THE GAME

Welcome, and have fun!
Each day you can issue **one** order. An army can’t enter the sea.
Towns pay tax to their owner every turn.
Armies may move:
- two hexes on roads,
- one hex elsewhere.
Page 2
`

// TestQuotes: every fragment a row quotes must occur in the document,
// read alike (quotes, emphasis, apostrophes, white space); a fragment
// that does not is reported with its row and line; CHOICE: and Classic:
// rows are exempt.
func TestQuotes(t *testing.T) {
	const head = "| # | Rule | Tests |\n|---|---|---|\n"
	rest := "| 2 | \"RULES OF THE GAME\" \"Welcome, and have fun!\" | not a rule |\n" +
		"| 3 | \"An army can't enter the sea.\" | `TestA` |\n" +
		"| 4 | \"Towns pay tax to their owner every turn.\" | `TestA` |\n" +
		"| 5 | \"Armies may move: ... two hexes on roads, ... one hex elsewhere.\" | `TestA` |\n"
	tests := map[string]map[string]bool{"": {"TestA": true}}
	for _, tt := range []struct {
		name, row1 string
		want       string // in the problems, "" for none
	}{
		{"verbatim", "| 1 | \"Each day you can issue one order.\" | `TestA` |", ""},
		{"curly quotes, emphasis and spaces", "| 1 | “Each day  you can issue *one* order.” | `TestA` |", ""},
		{"two fragments", "| 1 | \"Each day you can issue one ... order.\" | `TestA` |", ""},
		{"a fragment after an ellipsis", "| 1 | \"Each day you can issue one order …\" | `TestA` |", ""},
		{"the engine's paraphrase after the quote", "| 1 | \"Each day you can issue one order.\": a turn is a day | `TestA` |", ""},
		{"a changed word", "| 1 | \"Each day you may issue one order.\" | `TestA` |",
			`line 3: row 1: "Each day you may issue one order." is not in doc.txt`},
		{"a changed word after an ellipsis", "| 1 | \"Each day ... you can issue two orders.\" | `TestA` |",
			`line 3: row 1: "you can issue two orders." is not in doc.txt`},
		{"case counts", "| 1 | \"each day you can issue one order.\" | `TestA` |", `row 1: "each day`},
		{"CHOICE is exempt", "| 1 | CHOICE: \"Each day you can issue one order, or none.\" | `TestA` |",
			`no row quotes "Each day you can issue one order."`},
		{"Classic is exempt", "| 1 | Classic: \"Each day you can issue one order, or none.\" | `TestA` |",
			`no row quotes "Each day you can issue one order."`},
		{"CHOICE only at the start", "| 1 | \"Each day you can issue one order, or none.\" CHOICE: | `TestA` |",
			`row 1: "Each day you can issue one order, or none." is not in doc.txt`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, problems := Check(head+tt.row1+"\n"+rest, NewDocument("doc.txt", doc), tests)
			have := strings.Join(problems, "; ")
			if (tt.want == "") != (have == "") || !strings.Contains(have, tt.want) {
				t.Errorf("problems %q, want %q", have, tt.want)
			}
		})
	}
}

// TestFragments: a cell's quotes are its curly pairs where a curly quote
// opens first, or else its straight ones paired in order; a quote of the
// other kind inside is text; ellipses split a quote.
func TestFragments(t *testing.T) {
	for _, tt := range []struct {
		have string
		want []string
	}{
		{`"A rule." and "another"`, []string{"A rule.", "another"}},
		{`"Create a “Trade Good” here."`, []string{`Create a "Trade Good" here.`}},
		{`“Any "lie" voids it.”`, []string{`Any "lie" voids it.`}},
		{`"One ... two … three..."`, []string{"One", "two", "three"}},
		{`"..." (no words)`, nil},
		{`no quote`, nil},
	} {
		if got := Fragments(tt.have); !slices.Equal(got, tt.want) {
			t.Errorf("Fragments(%q) = %q, want %q", tt.have, got, tt.want)
		}
	}
}

// TestSentences: a document is cut at its lines and at ".", "!" or "?"
// before a space; pieces of fewer than MinLetters letters are dropped.
func TestSentences(t *testing.T) {
	want := []string{
		"RULES OF THE GAME",
		"Welcome, and have fun!",
		"Each day you can issue one order.",
		"An army can't enter the sea.",
		"Towns pay tax to their owner every turn.",
		"Armies may move:",
		"- two hexes on roads,",
		"- one hex elsewhere.",
	}
	if have := NewDocument("doc.txt", doc).Sentences(); !slices.Equal(have, want) {
		t.Errorf("sentences %q, want %q", have, want)
	}
	if have := NewDocument("d", "e.g. 3 v. 4? No! Yes... ok").Sentences(); len(have) != 0 {
		t.Errorf("short pieces: sentences %q, want none", have)
	}
}

// TestCoverage: every sentence must be quoted by a row that is not
// exempt, by one fragment covering Covered of its letters or all of
// them; one that is not is reported with its line of the document.
func TestCoverage(t *testing.T) {
	const head = "| # | Rule | Tests |\n|---|---|---|\n"
	all := []string{
		"| 1 | \"RULES OF THE GAME\" \"Welcome, and have fun!\" | not a rule |",
		"| 2 | \"Each day you can issue one order.\" | `TestA` |",
		"| 3 | \"An army can’t enter the sea.\" | `TestA` |",
		"| 4 | \"Towns pay tax to their owner every turn.\" | `TestA` |",
		"| 5 | \"Armies may move: - two hexes on roads, - one hex elsewhere.\" | `TestA` |",
	}
	tests := map[string]map[string]bool{"": {"TestA": true}}
	for _, tt := range []struct {
		name string
		rows []string
		want string // in the problems, "" for none
	}{
		{"every sentence", all, ""},
		{"a deleted row", slices.Delete(slices.Clone(all), 3, 4), `doc.txt line 5: no row quotes "Towns pay tax to their owner every turn."`},
		{"a heading left out", append([]string{"| 1 | \"Welcome, and have fun!\" | not a rule |"}, all[1:]...),
			`doc.txt line 1: no row quotes "RULES OF THE GAME"`},
		{"in part: 20 letters", append(slices.Clone(all[:3]), "| 4 | \"Towns pay tax to their owner\" | `TestA` |", all[4]), ""},
		{"too little of it", append(slices.Clone(all[:3]), "| 4 | \"Towns pay tax\" | `TestA` |", all[4]),
			`line 5: no row quotes "Towns pay tax to their owner every turn."`},
		{"a quote over two lines", append(slices.Clone(all[:4]), "| 5 | \"Armies may move: - two hexes on roads, - one hex\" | `TestA` |"),
			`line 8: no row quotes "- one hex elsewhere."`},
		{"an exempt row covers nothing", append(slices.Clone(all[:3]), "| 4 | CHOICE: \"Towns pay tax to their owner every turn.\" | `TestA` |", all[4]),
			`line 5: no row quotes "Towns pay tax to their owner every turn."`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for i := range tt.rows { // renumber
				_, rest, _ := strings.Cut(tt.rows[i][2:], " |")
				tt.rows[i] = "| " + strconv.Itoa(i+1) + " |" + rest
			}
			_, problems := Check(head+strings.Join(tt.rows, "\n")+"\n", NewDocument("doc.txt", doc), tests)
			have := strings.Join(problems, "; ")
			if (tt.want == "") != (have == "") || !strings.Contains(have, tt.want) {
				t.Errorf("problems %q, want %q", have, tt.want)
			}
		})
	}
}

// recorder is a testing.TB that records errors, a skip or a failure, a
// skip or a failure ending the call as it ends a test.
type recorder struct {
	testing.TB
	errors          []string
	skipped, failed string
}

type stop struct{}

func (r *recorder) Helper()                      {}
func (r *recorder) Error(args ...any)            { r.errors = append(r.errors, fmt.Sprint(args...)) }
func (r *recorder) Fatal(args ...any)            { r.failed = fmt.Sprint(args...); panic(stop{}) }
func (r *recorder) Fatalf(f string, args ...any) { r.failed = fmt.Sprintf(f, args...); panic(stop{}) }
func (r *recorder) Skipf(f string, args ...any)  { r.skipped = fmt.Sprintf(f, args...); panic(stop{}) }

// run calls Test with r, as a test would run it.
func (r *recorder) run(file string, dirs map[string]string) {
	defer func() {
		if p := recover(); p != nil && p != (stop{}) {
			panic(p)
		}
	}()
	Test(r, file, dirs)
}

// TestDocumentAbsent: where the table's document is absent, Test skips
// saying so, and fails under CI; a table that names no document, and one
// whose Go document has no package doc, fail; a Go file's package doc is
// the document.
func TestDocumentAbsent(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(DocumentsEnv, dir)
	t.Setenv("EMPIRES_CI_SKIPS", "")
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const head = "| # | Rule | Tests |\n|---|---|---|\n| 1 | \"A rule of the game.\" | `TestQuotes` |\n"
	absent := write("ABSENT.md", "Document: gone.txt\n\n"+head)
	unnamed := write("UNNAMED.md", head)
	write("game.go", "// A rule of the game.\npackage game\n")
	write("bare.go", "package game\n")
	gofile := write("GO.md", "Document: game.go\n\n"+head)
	bare := write("BARE.md", "Document: bare.go\n\n"+head)
	misquoted := write("GOBAD.md", "Document: game.go\n\n"+strings.Replace(head, "of the", "of a", 1))
	here := map[string]string{"": "."}
	for _, tt := range []struct {
		name, ci, file  string
		skipped, failed string // in the skip and the failure, "" for none
		errors          string // in the errors, "" for none
	}{
		{"absent: skips", "", absent, "gone.txt", "", ""},
		{"absent under CI: fails", "true", absent, "", "would skip under CI (data", ""},
		{"no Document line", "", unnamed, "", `no line "Document: NAME"`, ""},
		{"a Go file's package doc", "true", gofile, "", "", ""},
		{"a Go file's package doc misquoted", "true", misquoted, "", "", `GOBAD.md: line 5: row 1: "A rule of a game." is not in game.go`},
		{"a Go file without a package doc", "", bare, "", "has no package doc", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CI", tt.ci)
			r := &recorder{}
			r.run(tt.file, here)
			if (tt.skipped == "") != (r.skipped == "") || !strings.Contains(r.skipped, tt.skipped) {
				t.Errorf("skipped %q, want %q", r.skipped, tt.skipped)
			}
			if (tt.failed == "") != (r.failed == "") || !strings.Contains(r.failed, tt.failed) {
				t.Errorf("failed %q, want %q", r.failed, tt.failed)
			}
			if have := strings.Join(r.errors, "; "); (tt.errors == "") != (have == "") || !strings.Contains(have, tt.errors) {
				t.Errorf("errors %q, want %q", have, tt.errors)
			}
		})
	}
	_, _, err := CheckFile(absent, here)
	if !errors.Is(err, ErrNoDocument) || !strings.Contains(err.Error(), DocumentsEnv) {
		t.Errorf("CheckFile of a table whose document is absent: %v, want ErrNoDocument naming %s", err, DocumentsEnv)
	}
}

// TestDocumentDir: the variable overrides; otherwise the documents lie in
// shared/seeds beside the module's root.
func TestDocumentDir(t *testing.T) {
	t.Setenv(DocumentsEnv, "")
	have, err := DocumentDir(".")
	root, _ := filepath.Abs("../../..")
	if want := filepath.Join(filepath.Dir(root), "shared", "seeds"); err != nil || have != want {
		t.Errorf("DocumentDir(.) = %q, %v, want %q", have, err, want)
	}
	t.Setenv(DocumentsEnv, "/docs")
	if have, err := DocumentDir("."); err != nil || have != "/docs" {
		t.Errorf("with %s set: %q, %v", DocumentsEnv, have, err)
	}
}
