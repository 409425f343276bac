package risk

import (
	"testing"

	"empires/shared/ruleset/rulestable"
)

// TestRulesTable: RULES.md quotes its document word for word, every
// sentence of it, and each row names tests that exist or says "not a
// rule"; rows are numbered 1, 2, ..., so the table cannot drift from the
// document or the tests (see package rulestable).
func TestRulesTable(t *testing.T) {
	rulestable.Test(t, "RULES.md", map[string]string{"": ".", "board": "board", "battle": "battle", "cards": "cards"})
}
