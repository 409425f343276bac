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
