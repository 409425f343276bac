package risk

import (
	"testing"

	"empires/shared/ruleset/rulestable"
)

// TestRulesTable: every row of RULES.md quotes a rule of the package doc,
// a choice, or a rule of the board, battle and cards packages, and names
// tests that exist (see package rulestable). Every numbered rule of the
// package doc has its row.
func TestRulesTable(t *testing.T) {
	rows, problems, err := rulestable.CheckFile("RULES.md", map[string]string{"": ".", "board": "board", "battle": "battle", "cards": "cards"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if rows < len(rule) {
		t.Errorf("RULES.md: %d rows; the package doc has %d numbered rules", rows, len(rule))
	}
}
