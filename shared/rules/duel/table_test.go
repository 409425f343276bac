package duel

import (
	"testing"

	"empires/shared/ruleset/rulestable"
)

// TestRulesTable: RULES.md quotes the package doc (duel.go, the rules of
// Duel: the project's own design) word for word, every sentence of it,
// and each row names tests that exist or says "not a rule"; the choices
// the doc does not state are CHOICE: rows. Rows are numbered 1, 2, ...,
// so the table cannot drift from the doc or the tests (see package
// rulestable).
func TestRulesTable(t *testing.T) {
	rulestable.Test(t, "RULES.md", map[string]string{"": "."})
}
