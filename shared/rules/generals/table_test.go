package generals

import (
	"testing"

	"empires/shared/ruleset/rulestable"
)

// TestRulesTable: RULES.md quotes the rule document word for word, every
// sentence of it, and each row names tests that exist (of this package, or
// of package cards with the prefix cards.) or says "not a rule" (see
// package rulestable).
func TestRulesTable(t *testing.T) {
	rulestable.Test(t, "RULES.md", map[string]string{"": ".", "cards": "cards"})
}
