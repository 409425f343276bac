package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestRunPrintsTable plays a tiny ladder and checks the table: a header,
// one row per pairing, and counts that add up to the games played.
func TestRunPrintsTable(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-games", "2", "-turns", "40", "-size", "24x24"}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(pairings()) {
		t.Fatalf("have %d lines, want %d:\n%s", len(lines), 1+len(pairings()), out.String())
	}
	if f := strings.Fields(lines[0]); strings.Join(f, " ") != "pairing wins A wins B draws games avg turns" {
		t.Errorf("header: have %q", lines[0])
	}
	for i, pr := range pairings() {
		f := strings.Fields(lines[i+1])
		if len(f) != 8 || f[0] != pr[0].String() || f[1] != "vs" || f[2] != pr[1].String() {
			t.Errorf("row %d: have %q, want %s vs %s and 5 numbers", i+1, lines[i+1], pr[0], pr[1])
			continue
		}
		sum := 0
		for _, s := range f[3:6] {
			n := 0
			for _, c := range s {
				n = n*10 + int(c-'0')
			}
			sum += n
		}
		if f[6] != "2" || sum != 2 {
			t.Errorf("row %d: %q: wins and draws must add up to the 2 games", i+1, lines[i+1])
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-size", "24"}, {"-games", "0"}, {"extra"}} {
		var out bytes.Buffer
		if err := run(args, &out); !errors.Is(err, errUsage) {
			t.Errorf("run(%q) = %v, want a usage error", args, err)
		}
	}
}

func TestPrintTable(t *testing.T) {
	var out bytes.Buffer
	rows := []row{{a: 3, b: 2, winsA: 3, winsB: 1, draws: 1, games: 5, turns: 100}, {a: 1, b: 0, draws: 2, games: 2}}
	if err := printTable(&out, rows); err != nil {
		t.Fatal(err)
	}
	have := out.String()
	for _, want := range []string{"normal vs easy       3       1      1      5", "25.0", "random vs passive", "-"} {
		if !strings.Contains(have, want) {
			t.Errorf("table lacks %q:\n%s", want, have)
		}
	}
}
