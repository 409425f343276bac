package rulestable

import (
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
