package erfworld

import (
	"testing"

	"empires/shared/ruleset/rulestable"
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

// TestRulesTable: RULES.md quotes its document word for word, every
// sentence of it, and each row names tests that exist or says "not a
// rule"; rows are numbered 1, 2, ..., so the table cannot drift from the
// document or the tests (see package rulestable).
func TestRulesTable(t *testing.T) {
	rulestable.Test(t, rulesTable, testPackages)
}
