package erfpires

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
	"":               ".",
	"game":           "../../game",
	"erfpiresai":     "erfpiresai",
	"erfpiresclient": "../../../client/module/erfpires",
}

// TestRulesTable: every row of RULES.md quotes a rule of the document (or
// a choice it leaves open) and names tests that exist, or says "not a
// rule"; rows are numbered 1, 2, ..., so the table cannot rot (see package
// rulestable). The document has 33 sentences.
func TestRulesTable(t *testing.T) {
	rows, problems, err := rulestable.CheckFile(rulesTable, testPackages)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	if rows < 33 {
		t.Errorf("%s: %d rows: the document has 33 rule sentences and headings", rulesTable, rows)
	}
}
