package erfworld_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/shared/rules/erfworld"
)

// TestOpen: the built-in rules, a mod that changes a number, and a mod
// directory that is not there.
func TestOpen(t *testing.T) {
	rs, err := erfworld.Open("")
	if err != nil || rs.ID() != "erfworld" {
		t.Fatalf("Open(\"\") = %v, %v; want the built-in erfworld rules", rs, err)
	}
	if _, err := erfworld.Open(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("Open of a missing mod directory: no error")
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "assets", "rules", erfworld.File))
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	edited := strings.Replace(string(data), "replace_after_missed = 2", "replace_after_missed = 3", 1)
	if edited == string(data) {
		t.Fatal("the ruleset file has no replace_after_missed = 2 to edit")
	}
	if err := os.WriteFile(filepath.Join(mod, erfworld.File), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	modded, err := erfworld.Open(mod)
	if err != nil || modded.D.Autopilot.ReplaceAfterMissed != 3 {
		t.Fatalf("Open(mod) = %v; want the mod's replace_after_missed 3", err)
	}
}
