package hexscreen

import (
	"testing"

	"empires/shared/registry"
	"empires/shared/rules/erfworld"
)

// TestRulesOf: a module gets its ruleset's rules from a hex ruleset of
// that ruleset, and a clear refusal for another hex ruleset or a game not
// on the hex engine.
func TestRulesOf(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		ruleset string
		want    string // the error, "" for none
	}{
		{"erfworld", ""},
		{"erfpires", "the erfworld module shows erfworld's rules, not a *erfpires.Rules"},
		{"duel", "the erfworld module shows hex games, not a *duel.Rules"},
	} {
		rs, ok := reg.Get(tt.ruleset)
		if !ok {
			t.Fatalf("no %s in the build's registry", tt.ruleset)
		}
		r, err := RulesOf[*erfworld.Rules]("erfworld", rs)
		if tt.want == "" {
			if err != nil || r == nil || r.ID() != "erfworld" {
				t.Errorf("%s: RulesOf = %v, %v; want erfworld's rules", tt.ruleset, r, err)
			}
			continue
		}
		if err == nil || err.Error() != tt.want || r != nil {
			t.Errorf("%s: RulesOf = %v, %v; want the error %q", tt.ruleset, r, err, tt.want)
		}
	}
}
