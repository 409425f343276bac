package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"empires/client/app"
)

// TestSettingsShowsPlaces opens Settings in the real window and checks
// that it shows where the player's files are (the config directory, in
// the driver's XDG_CONFIG_HOME) and the log file (in the user's cache
// directory), that the log is there, and that the main menu shows the
// build's version and, left alone, is not drawn every frame.
func TestSettingsShowsPlaces(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	out, err := exec.Command(bin, "-version").Output()
	if err != nil {
		t.Fatal(err)
	}
	version := strings.TrimSpace(string(out)) // the binary's: go test's own may differ
	d := startDriver(t, bin, nil, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.wait("the main menu's version", func(p *app.Probe) bool {
		return slices.ContainsFunc(p.Texts, func(s string) bool { return strings.Contains(s, "Empires "+version+" ·") })
	})
	// The idle main menu is drawn about once a second, not every frame.
	d.frames(90)
	before := d.read()
	d.frames(180)
	if after := d.read(); after.Draws-before.Draws > 8 {
		t.Errorf("idle main menu drawn %d times in %d updates", after.Draws-before.Draws, after.Frame-before.Frame)
	}
	d.press("Settings")
	p := d.wait("the settings", func(p *app.Probe) bool { return slices.Contains(p.Texts, "Your files") })

	// startDriver's HOME holds its XDG_CONFIG_HOME, "config", and the
	// screenshots in config/empires/screenshots.
	config := filepath.Dir(d.shots)
	home := filepath.Dir(filepath.Dir(config))
	cache := userCacheDir(home)
	log := filepath.Join(cache, "empires", "empires.log")
	for _, want := range []string{config, log} {
		if !slices.Contains(p.Texts, want) {
			t.Errorf("Settings does not show %s; its texts: %q", want, p.Texts)
		}
	}
	data, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(data), "version="+version) {
		t.Errorf("the log %s: %q, %v; want the client's start with its version", log, data, err)
	}
}

// userCacheDir is os.UserCacheDir for a process whose HOME is home and
// whose environment sets no XDG_CACHE_HOME, as startDriver starts the
// client.
func userCacheDir(home string) string {
	if dir := os.Getenv("XDG_CACHE_HOME"); dir != "" {
		return dir // startDriver passes the test's environment on
	}
	return filepath.Join(home, ".cache")
}
