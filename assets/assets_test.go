package assets

import (
	"io/fs"
	"testing"
)

func TestRulesHasErfworldAtTop(t *testing.T) {
	data, err := fs.ReadFile(Rules(), "erfworld.toml")
	if err != nil {
		t.Fatalf("embedded erfworld.toml: %v", err)
	}
	if len(data) == 0 {
		t.Fatal("embedded erfworld.toml is empty")
	}
	if _, err := fs.Stat(Rules(), "rules/erfworld.toml"); err == nil {
		t.Error(`Rules() is not rooted at the rules folder: "rules/erfworld.toml" exists`)
	}
}

// TestRulesHasEmpireData checks that the empire ruleset's three data files
// are embedded at the top.
func TestRulesHasEmpireData(t *testing.T) {
	for _, name := range []string{"units.dat", "terrain.dat", "game.dat"} {
		data, err := fs.ReadFile(Rules(), name)
		if err != nil {
			t.Errorf("embedded %s: %v", name, err)
		} else if len(data) == 0 {
			t.Errorf("embedded %s is empty", name)
		}
	}
}
