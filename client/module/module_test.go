package module_test

import (
	"strings"
	"testing"

	"empires/client/module"
	"empires/client/module/erfworld"
	"empires/shared/protocol"
	"empires/shared/rules/registry"
	"empires/shared/ruleset"
)

// other is a module of another ruleset, that shows nothing.
type other struct{ id string }

func (o other) ID() string                                { return o.id }
func (o other) Open(ruleset.Ruleset) (module.Game, error) { return nil, nil }

func TestNewRegistry(t *testing.T) {
	tests := []struct {
		name string
		have []module.Module
		want string // "" for none
	}{
		{"one module", []module.Module{erfworld.Module{}}, ""},
		{"two rulesets", []module.Module{erfworld.Module{}, other{"erfpires"}}, ""},
		{"two of one ruleset", []module.Module{erfworld.Module{}, other{"erfworld"}}, "two modules of ruleset erfworld"},
		{"a module of no ruleset", []module.Module{other{""}}, "a module of no ruleset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := module.NewRegistry(tt.have...)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("NewRegistry: %v, want none", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("NewRegistry: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestRegistryCheck: a ruleset without a module is refused with a reason
// for the player; one with a module opens.
func TestRegistryCheck(t *testing.T) {
	r, err := module.NewRegistry(erfworld.Module{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Check(protocol.RulesetInfo{ID: "erfworld", Title: "Erfworld Empires"}); err != nil {
		t.Errorf("Check(erfworld): %v", err)
	}
	err = r.Check(protocol.RulesetInfo{ID: "generals", Title: "Empires and Generals"})
	if err == nil || !strings.Contains(err.Error(), "cannot show games of Empires and Generals") {
		t.Errorf("Check(a ruleset without a module): %v, want the reason naming it", err)
	}
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Open(reg.Default())
	if err != nil || g == nil || g.Rules().ID() != "erfworld" {
		t.Errorf("Open(the build's erfworld) = %v, %v; want its game", g, err)
	}
}
