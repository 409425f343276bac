package duel

import (
	"testing"

	"empires/shared/ruleset/rulestable"
)

// TestRulesTable: every row of RULES.md quotes a rule of the package doc
// (or a choice it makes) and names tests that exist, or says "not a rule";
// rows are numbered 1, 2, ..., so the table cannot rot (see package
// rulestable). Every numbered rule of the package doc has its row.
func TestRulesTable(t *testing.T) {
	rows, problems, err := rulestable.CheckFile("RULES.md", map[string]string{"": "."})
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
