package main

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/shared/mapimage"
)

func TestWritesPNGAndStarts(t *testing.T) {
	out := filepath.Join(t.TempDir(), "map.png")
	var stdout bytes.Buffer
	err := run([]string{"-seed", "7", "-size", "32x24", "-players", "3", "-hex", "5", "-png", out, "-ascii"}, &stdout)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode %s: %v", out, err)
	}
	w, h, _, _ := mapimage.Bounds(5, 32, 24)
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Errorf("PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		if !strings.HasPrefix(l, "changed to give starts") {
			lines = append(lines, l)
		}
	}
	// Title, terrain mix, table header, 3 players, 24 map rows, "wrote".
	if want := 3 + 3 + 24 + 1; len(lines) != want {
		t.Fatalf("printed %d lines, want %d:\n%s", len(lines), want, stdout.String())
	}
	for p, line := range lines[3:6] {
		if !strings.HasPrefix(line, string(rune('1'+p))+" ") || !strings.Contains(line, "Open") {
			t.Errorf("player line %d = %q", p+1, line)
		}
	}
	for _, row := range lines[6:30] {
		if n := len(strings.Fields(row)); n != 32 {
			t.Errorf("ASCII row has %d hexes, want 32: %q", n, row)
		}
	}
}

func TestRejectsBadFlags(t *testing.T) {
	tests := []struct {
		name  string
		have  []string
		want  string
		usage bool
	}{
		{"size syntax", []string{"-size", "64by48"}, "want WIDTHxHEIGHT", true},
		{"size numbers", []string{"-size", "ax9"}, "whole numbers", true},
		{"hex size", []string{"-hex", "1"}, "-hex 1: must be 2 to 64", true},
		{"ruleset", []string{"-ruleset", "risk"}, `-ruleset "risk": known rulesets: erfworld`, true},
		{"stray argument", []string{"now"}, `unexpected argument "now"`, true},
		{"unknown flag", []string{"-colour"}, "flag provided but not defined", true},
		{"size range", []string{"-size", "8x8"}, "each side must be 16 to 512", false},
		{"players", []string{"-players", "40"}, "players 40: must be 2 to 16", false},
		{"mod dir", []string{"-rules", "/nonexistent/mod"}, "/nonexistent/mod", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout bytes.Buffer
			err := run(tt.have, &stdout)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if errors.Is(err, errUsage) != tt.usage {
				t.Errorf("errors.Is(err, errUsage) = %v, want %v", !tt.usage, tt.usage)
			}
		})
	}
}
