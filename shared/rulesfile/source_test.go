package rulesfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func TestOverlay(t *testing.T) {
	base := fstest.MapFS{
		"a.toml":     {Data: []byte("base a")},
		"b.toml":     {Data: []byte("base b")},
		"sub/c.toml": {Data: []byte("base c")},
	}
	mod := fstest.MapFS{
		"a.toml": {Data: []byte("mod a")},
		"m.toml": {Data: []byte("mod m")},
	}
	o := Overlay(mod, base)
	read := func(name string) string {
		data, err := fs.ReadFile(o, name)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(data)
	}
	tests := []struct {
		name string
		have string
		want string
	}{
		{"mod overrides base", read("a.toml"), "mod a"},
		{"base fills in", read("b.toml"), "base b"},
		{"mod-only file", read("m.toml"), "mod m"},
		{"base subdirectory", read("sub/c.toml"), "base c"},
	}
	for _, tt := range tests {
		if tt.have != tt.want {
			t.Errorf("%s: have %q, want %q", tt.name, tt.have, tt.want)
		}
	}
	if _, err := fs.ReadFile(o, "zzz.toml"); err == nil {
		t.Error("a file in neither layer must not be found")
	}
	entries, err := fs.ReadDir(o, ".")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if have, want := strings.Join(names, ","), "a.toml,b.toml,m.toml,sub"; have != want {
		t.Errorf("ReadDir: have %s, want %s", have, want)
	}
	if err := fstest.TestFS(o, "a.toml", "b.toml", "m.toml", "sub/c.toml"); err != nil {
		t.Errorf("overlay is not a well-behaved fs.FS: %v", err)
	}
}

func TestOpenSourceDefault(t *testing.T) {
	fsys, err := OpenSource("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(fsys, "erfworld.toml"); err != nil {
		t.Errorf("embedded rules lack erfworld.toml: %v", err)
	}
}

func TestOpenSourceModDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "erfworld.toml"), []byte("# edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys, err := OpenSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := fs.ReadFile(fsys, "erfworld.toml")
	if err != nil || string(data) != "# edited\n" {
		t.Errorf("mod file should override the embedded one: have %q, %v", data, err)
	}
}

func TestOpenSourceBadDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file.toml")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		have string
		want string
	}{
		{"missing", filepath.Join(dir, "no-such-mod"), "does not exist"},
		{"not a directory", file, "is not a directory"},
	}
	for _, tt := range tests {
		_, err := OpenSource(tt.have)
		if err == nil || !strings.Contains(err.Error(), tt.have) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: want an error naming %q and saying %q, got %v", tt.name, tt.have, tt.want, err)
		}
	}
}
