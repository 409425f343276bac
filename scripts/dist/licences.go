package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// module is a Go module a binary links, as go list -json gives it.
type module struct {
	Path    string
	Version string
	Dir     string
	Main    bool
	Replace *module
}

// listed is the part of go list -json's package this needs.
type listed struct {
	ImportPath string
	Standard   bool
	Module     *module
}

// licences returns the licence files of the Go modules that pkgs link on
// t, under LICENSES/MODULE/ (the Go distribution's as LICENSES/go/LICENSE),
// and LICENSES/MODULES.txt listing each module with its version. It fails
// naming the module when one has no licence file.
func licences(root string, t Target, pkgs []string, goLicence []byte) ([]file, error) {
	mods, err := linkedModules(root, t, pkgs)
	if err != nil {
		return nil, err
	}
	files := []file{{name: "LICENSES/go/LICENSE", data: goLicence}}
	var list strings.Builder
	list.WriteString("The Go modules linked into the programs of this archive, and the Go distribution.\n" +
		"Each one's licence texts are in the directory of its path.\n\n")
	fmt.Fprintf(&list, "go (the Go runtime and standard library)\n")
	var missing []string
	for _, m := range mods {
		dir := m.Dir
		if m.Replace != nil && m.Replace.Dir != "" {
			dir = m.Replace.Dir
		}
		found, err := licenceFiles(dir)
		if err != nil {
			return nil, fmt.Errorf("the licence of %s %s: %w", m.Path, m.Version, err)
		}
		if len(found) == 0 {
			missing = append(missing, fmt.Sprintf("%s %s (in %s)", m.Path, m.Version, dir))
			continue
		}
		fmt.Fprintf(&list, "%s %s\n", m.Path, m.Version)
		for _, f := range found {
			files = append(files, file{name: path.Join("LICENSES", m.Path, f.name), data: f.data})
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no licence file (LICENSE, LICENCE, COPYING, NOTICE...) at the root of %d module(s): %s; "+
			"a release may not ship code without its licence: check the module's terms and drop or replace it",
			len(missing), strings.Join(missing, "; "))
	}
	files = append(files, file{name: "LICENSES/MODULES.txt", data: []byte(list.String())})
	return files, nil
}

// linkedModules returns the modules other than the main one that pkgs
// depend on when built for t, sorted by path.
func linkedModules(root string, t Target, pkgs []string) ([]module, error) {
	cmd := exec.Command("go", append([]string{"list", "-deps", "-json=ImportPath,Standard,Module"}, pkgs...)...)
	cmd.Dir = root
	cmd.Env = buildEnv(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s for %s: %w\n%s", strings.Join(pkgs, " "), t, err, stderr.Bytes())
	}
	byPath := make(map[string]module)
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list's output: %w", err)
		}
		if p.Standard || p.Module == nil || p.Module.Main {
			continue
		}
		if p.Module.Dir == "" && (p.Module.Replace == nil || p.Module.Replace.Dir == "") {
			return nil, fmt.Errorf("module %s %s is not in the module cache: run go mod download", p.Module.Path, p.Module.Version)
		}
		byPath[p.Module.Path] = *p.Module
	}
	mods := make([]module, 0, len(byPath))
	for _, m := range byPath {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b module) int { return strings.Compare(a.Path, b.Path) })
	return mods, nil
}

// isLicence reports whether a file name at a module's root names a
// licence text: LICENSE, LICENCE, COPYING, NOTICE or PATENTS, in any case,
// alone or with a prefix or suffix (LICENSE.md, LICENSE-MIT,
// SQLITE-LICENSE).
func isLicence(name string) bool {
	u := strings.ToUpper(name)
	for _, w := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"} {
		if strings.Contains(u, w) {
			return true
		}
	}
	return false
}

// licenceFiles returns the licence files at the root of dir, sorted by
// name.
func licenceFiles(dir string) ([]file, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []file
	for _, e := range entries {
		if !e.Type().IsRegular() || !isLicence(e.Name()) || strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, file{name: e.Name(), data: data})
	}
	return files, nil
}

// goLicence returns the licence of the Go distribution the binaries are
// built with.
func goLicence() ([]byte, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "LICENSE"))
	if err != nil {
		return nil, fmt.Errorf("the Go distribution's licence: %w", err)
	}
	return data, nil
}
