package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"empires/shared/registry"
)

// TestTinyGame plays a tiny game (2 players, 16x16, 3 turns) of each
// ruleset of the registry and checks that the report is consistent: every
// turn counted, the phases' shares summing to 100 %, the game's counts
// there, and the printed report and the CSV saying the same. It checks no
// timing.
func TestTinyGame(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ruleset    string
		wantCounts []string
	}{
		{"erfworld", []string{"armies", "cities"}},
		{"erfpires", []string{"armies", "cities"}},
		{"empire", []string{"armies", "garrisons", "settlements", "units"}},
	}
	for _, tt := range tests {
		t.Run(tt.ruleset, func(t *testing.T) {
			rs, ok := reg.Get(tt.ruleset)
			if !ok {
				t.Fatalf("the registry has no %s", tt.ruleset)
			}
			const turns = 3
			rep, err := play(rs, config{players: 2, width: 16, height: 16, turns: turns, level: rs.Info().DefaultLevel, seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			if have, want := len(rep.Turns), turns; have != want && !rep.Over {
				t.Fatalf("turns played: have %d, want %d (the game is not over)", have, want)
			}
			for i, ts := range rep.Turns {
				if have, want := int(ts.Turn), i+1; have != want {
					t.Errorf("row %d: have turn %d, want %d", i, have, want)
				}
				if ts.Steps < 1 || ts.Actors < 1 {
					t.Errorf("turn %d: %d steps, %d actors: want at least 1 each", ts.Turn, ts.Steps, ts.Actors)
				}
				if ts.ViewBytes == 0 || ts.SaveBytes == 0 {
					t.Errorf("turn %d: view bytes %d, save bytes %d: want both counted", ts.Turn, ts.ViewBytes, ts.SaveBytes)
				}
				// Every seat gets a TurnUpdate per step and its FullView
				// is measured at each step's end; a frame holds its
				// payloads and more.
				if have, want := ts.Frames, 2*ts.Steps; have != want {
					t.Errorf("turn %d: have %d update frames, want %d", ts.Turn, have, want)
				}
				if have, want := ts.ViewFrames, 2*ts.Steps; have != want {
					t.Errorf("turn %d: have %d view frames, want %d", ts.Turn, have, want)
				}
				if ts.FrameBytes <= ts.DeltaBytes+ts.EventBytes {
					t.Errorf("turn %d: update frames of %d bytes hold deltas of %d and events of %d", ts.Turn, ts.FrameBytes, ts.DeltaBytes, ts.EventBytes)
				}
				if ts.ViewFrameBytes <= ts.ViewBytes {
					t.Errorf("turn %d: view frames of %d bytes hold views of %d", ts.Turn, ts.ViewFrameBytes, ts.ViewBytes)
				}
				for p, d := range ts.Phase {
					if d < 0 {
						t.Errorf("turn %d: phase %s took %v", ts.Turn, phaseNames[p], d)
					}
				}
			}
			ws := rep.windows()
			if have, want := len(ws), 1; have != want {
				t.Fatalf("windows of %d turns: have %d, want %d", len(rep.Turns), have, want)
			}
			if ws[0].First != 1 || int(ws[0].Last) != len(rep.Turns) {
				t.Errorf("window: have turns %d-%d, want 1-%d", ws[0].First, ws[0].Last, len(rep.Turns))
			}
			var sum float64
			var phases time.Duration
			for p := range numPhases {
				sum += ws[0].Share[p]
				phases += ws[0].Phase[p]
			}
			if ws[0].Thread > 0 && math.Abs(sum-100) > 0.01 {
				t.Errorf("the phases' shares sum to %.3f %%, want 100", sum)
			}
			// The mean of the phases may lose a nanosecond per phase to
			// the division.
			if d := ws[0].Thread - phases; d < 0 || d > time.Duration(numPhases) {
				t.Errorf("thread %v, phases' sum %v: want the same", ws[0].Thread, phases)
			}
			for _, k := range tt.wantCounts {
				if n, ok := rep.Counts[k]; !ok || n <= 0 {
					t.Errorf("count %q: have %d (present %t), want more than 0", k, n, ok)
				}
			}

			var out bytes.Buffer
			if err := rep.print(&out); err != nil {
				t.Fatal(err)
			}
			for _, want := range append([]string{tt.ruleset + ": 2 players", "1-", "all", "bytes per turn", "TurnUpdate/FullView"}, tt.wantCounts...) {
				if !strings.Contains(out.String(), want) {
					t.Errorf("report has no %q:\n%s", want, out.String())
				}
			}
			var buf bytes.Buffer
			if err := writeCSV(&buf, rep); err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(&buf).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if have, want := len(recs), 1+len(rep.Turns); have != want {
				t.Errorf("CSV rows: have %d, want %d (a header and one a turn)", have, want)
			}
			for i, rec := range recs {
				if have, want := len(rec), len(csvHeader); have != want {
					t.Errorf("CSV row %d: have %d fields, want %d", i, have, want)
				}
			}
			f := rep.frames()
			if f.Update <= 0 || f.View <= 0 || f.P50 <= 0 || f.P90 < f.P50 {
				t.Errorf("frames: have %+v, want both sizes and p50 <= p90", f)
			}
		})
	}
}

// TestRun runs the command line with -csv and checks its output and
// file, and that bad flags are usage errors.
func TestRun(t *testing.T) {
	name := filepath.Join(t.TempDir(), "turns.csv")
	var out bytes.Buffer
	if err := run([]string{"-ruleset", "erfpires", "-players", "2", "-size", "16x16", "-turns", "2", "-csv", name}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "erfpires: 2 players") {
		t.Errorf("output has no header line:\n%s", out.String())
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := strings.Count(string(data), "\n"), 3; have != want {
		t.Errorf("CSV lines: have %d, want %d:\n%s", have, want, data)
	}

	bad := []struct {
		name string
		have []string
	}{
		{"unknown ruleset", []string{"-ruleset", "chess"}},
		{"too many players", []string{"-players", "99"}},
		{"bad size", []string{"-size", "16"}},
		{"no turns", []string{"-turns", "0"}},
		{"unknown level", []string{"-level", "genius"}},
		{"not an option", []string{"-option", "rounds"}},
		{"an option erfworld has not", []string{"-option", "rounds=3"}},
		{"the map's size as an option", []string{"-option", "height=30"}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			err := run(tt.have, &bytes.Buffer{})
			if !errors.Is(err, errUsage) {
				t.Errorf("have %v, want a usage error", err)
			}
		})
	}
}

// TestPercentile checks the nearest-rank percentile of sorted ratios.
func TestPercentile(t *testing.T) {
	tests := []struct {
		have []float64
		p    int
		want float64
	}{
		{nil, 50, 0},
		{[]float64{7}, 50, 7},
		{[]float64{7}, 90, 7},
		{[]float64{1, 2, 3, 4}, 50, 2},
		{[]float64{1, 2, 3, 4}, 90, 4},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 90, 9},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 50, 5},
	}
	for _, tt := range tests {
		if have := percentile(tt.have, tt.p); have != tt.want {
			t.Errorf("percentile(%v, %d): have %v, want %v", tt.have, tt.p, have, tt.want)
		}
	}
}

// TestRunGenerals plays a whole game of generals, a card game played one
// action at a time, with four random AIs (the Quick length, a limit of 3
// rounds: the game ends) through the command line, and checks the report:
// every step counted in the turn it was played in (many actions a turn),
// the views, deltas and events measured, the game over.
func TestRunGenerals(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get("generals")
	if !ok {
		t.Fatal("the registry has no generals")
	}
	opts := map[string]int{"length": 0, "rounds": 3}
	rep, err := play(rs, config{players: 4, turns: 1000, level: "random", seed: 3, options: opts})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Over || len(rep.Turns) < 4 {
		t.Fatalf("a game of 3 rounds for 4: over %v after %d turns, want over after 4 turns at least", rep.Over, len(rep.Turns))
	}
	steps := 0
	for _, ts := range rep.Turns {
		steps += ts.Steps
		if ts.Steps < 1 || ts.ViewBytes == 0 || ts.SaveBytes == 0 || ts.Frames != 4*ts.Steps {
			t.Errorf("turn %d: %d steps, view bytes %d, save bytes %d, %d update frames: want steps, bytes, and one frame a seat a step",
				ts.Turn, ts.Steps, ts.ViewBytes, ts.SaveBytes, ts.Frames)
		}
	}
	if steps < 4*len(rep.Turns) {
		t.Errorf("%d steps in %d turns: a turn of generals is many actions (declare, draw, the phases)", steps, len(rep.Turns))
	}
	var out bytes.Buffer
	if err := run([]string{"-ruleset", "generals", "-players", "4", "-level", "random", "-option", "length=0,rounds=3"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"generals: 4 players", "bytes per turn", "TurnUpdate/FullView"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report has no %q:\n%s", want, out.String())
		}
	}
	t.Logf("the report:\n%s", out.String())
}
