package rulesfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"

	"empires/assets"
)

// Overlay returns a file system in which mod overrides base file by file: a
// file that mod has is read from mod (even when it is broken: a mod's error
// is reported, never hidden), and a file mod lacks is read from base. This is
// how a mod directory holding only the edited files of a ruleset is combined
// with the embedded defaults.
//
// Directories list the union of both layers' entries, mod's winning.
func Overlay(mod, base fs.FS) fs.FS {
	return overlay{mod: mod, base: base}
}

type overlay struct {
	mod, base fs.FS
}

// Open opens name from mod, or from base when mod does not have it. A
// directory present in both is opened as the union of their entries.
func (o overlay) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	f, err := o.mod.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return o.base.Open(name)
		}
		return nil, err
	}
	info, err := f.Stat()
	if err != nil || !info.IsDir() {
		return f, nil
	}
	entries, err := o.ReadDir(name)
	if err != nil {
		f.Close()
		return nil, err
	}
	return &mergedDir{File: f, name: name, entries: entries}, nil
}

// mergedDir is an open directory listing the union of both layers.
type mergedDir struct {
	fs.File // mod's directory, for Stat and Close
	name    string
	entries []fs.DirEntry
	offset  int
}

func (d *mergedDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: errors.New("is a directory")}
}

func (d *mergedDir) ReadDir(n int) ([]fs.DirEntry, error) {
	rest := d.entries[d.offset:]
	if n <= 0 {
		d.offset = len(d.entries)
		return rest, nil
	}
	if len(rest) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(rest))
	d.offset += n
	return rest[:n], nil
}

// ReadFile reads name from mod, or from base when mod does not have it.
func (o overlay) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	data, err := fs.ReadFile(o.mod, name)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return data, err
	}
	return fs.ReadFile(o.base, name)
}

// ReadDir lists the union of the directory in mod and in base, sorted by
// name; an entry present in both comes from mod.
func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	modEntries, modErr := fs.ReadDir(o.mod, name)
	if modErr != nil && !errors.Is(modErr, fs.ErrNotExist) {
		return nil, modErr
	}
	baseEntries, baseErr := fs.ReadDir(o.base, name)
	if baseErr != nil && !errors.Is(baseErr, fs.ErrNotExist) {
		return nil, baseErr
	}
	if modErr != nil && baseErr != nil {
		return nil, modErr
	}
	seen := map[string]bool{}
	var out []fs.DirEntry
	for _, e := range modEntries {
		seen[e.Name()] = true
		out = append(out, e)
	}
	for _, e := range baseEntries {
		if !seen[e.Name()] {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// OpenSource returns the file system rulesets are loaded from. With modDir ""
// it is the embedded default rules (assets.Rules()). Otherwise modDir must be
// an existing directory; its files override the embedded ones by name and
// files it lacks still come from the defaults (see Overlay). A modDir that
// does not exist or is not a directory is an error naming it.
func OpenSource(modDir string) (fs.FS, error) {
	if modDir == "" {
		return assets.Rules(), nil
	}
	info, err := os.Stat(modDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("rules directory %q does not exist", modDir)
		}
		return nil, fmt.Errorf("rules directory %q: %w", modDir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("rules directory %q is not a directory", modDir)
	}
	return Overlay(os.DirFS(modDir), assets.Rules()), nil
}
