package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnreadableDatabase: a data directory whose empires.db is not an
// Empires database stops the server with exit code 1 and says so, leaving
// the file as it was.
func TestUnreadableDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "empires.db")
	junk := []byte("these are not the games you are looking for")
	if err := os.WriteFile(db, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	code := realMain([]string{"-addr", "127.0.0.1:0", "-data", dir}, &out, &out)
	if code != 1 || !strings.Contains(out.String(), "is not an Empires database") {
		t.Errorf("exit %d, %q: want 1 and a message saying the file is not an Empires database", code, out.String())
	}
	if have, err := os.ReadFile(db); err != nil || string(have) != string(junk) {
		t.Errorf("the file was changed: %q, %v", have, err)
	}
}
