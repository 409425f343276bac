package rulestable

import (
	"os"
	"path/filepath"
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
		rows, problems := Check(tt.table, tests)
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
	good := write("GOOD.md", head+"| 1 | \"A rule.\" | `TestCheckFile`, `other.TestListTests` |\n")
	rotten := write("ROTTEN.md", head+"| 1 | \"A rule.\" | `TestGone` |\n")
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
		{"rotten", rotten, here, 1, "ROTTEN.md: line 3: row 1: TestGone does not exist", ""},
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
