package main

import (
	"bytes"
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/assets"
	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/generals"
	"empires/shared/ruleset"
)

// saveGame saves game 4 of a server in a new data directory, which it
// returns: three turns of erfworld played by the AI for both seats, saved
// as the server saves them.
func saveGame(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := reg.Default()
	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	set := protocol.Settings{Name: "duel", Ruleset: "erfworld", Width: 24, Height: 20, Seed: 5, Seats: 2, Bots: 1}
	g, err := rs.New(set.Config([]string{"Ann", "Bot 2"}))
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bot 2", Bot: true}}
	if err := s.SaveGame(4, set, seats); err != nil {
		t.Fatal(err)
	}
	state := func() store.State {
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		over, winner := g.Over()
		return store.State{Seq: g.Step().Seq, Save: data, Over: over, Winner: winner}
	}
	if err := s.SaveState(4, state()); err != nil {
		t.Fatal(err)
	}
	brain, err := rs.NewAI("normal", set.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		step := g.Step()
		var subs []ruleset.Submission
		for _, seat := range step.Actors {
			orders, err := brain.Act(g.View(seat, false), step, seat)
			if err != nil {
				t.Fatal(err)
			}
			if refused, err := g.Check(seat, orders); refused != nil || err != nil {
				t.Fatalf("the AI's orders are refused: %v, %v", refused, err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SaveTurn(4, step.Seq, subs, state(), out.Count()); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// modDir returns a mod directory whose erfworld.toml gives each player
// 50 Schmuckers at the start instead of none.
func modDir(t *testing.T) string {
	t.Helper()
	data, err := fs.ReadFile(assets.Rules(), erfworld.File)
	if err != nil {
		t.Fatal(err)
	}
	edited := bytes.Replace(data, []byte("schmuckers = 0"), []byte("schmuckers = 50"), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("erfworld.toml has no schmuckers = 0 to edit")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), edited, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestReplay(t *testing.T) {
	const data = "DATA" // replaced by each case's data directory
	tests := []struct {
		name     string
		args     []string
		tamper   []string // SQL run on the database first
		code     int
		want     []string // in stdout and stderr
		wantNone string   // in neither
	}{
		{"list", []string{"-data", data, "-list"}, []string{"UPDATE games SET over = 1, winner = 2"}, 0,
			[]string{"4\t\"duel\"\terfworld 24x20", "3 steps\tover at step 4, won by seat 2 (Bot 2)"}, ""},
		{"list of a game going on", []string{"-data", data, "-list"}, nil, 0,
			[]string{"4\t\"duel\"", "3 steps\tplaying step 4"}, "over"},
		{"all match", []string{"-data", data, "-game", "4"}, nil, 0,
			[]string{"game 4 \"duel\": erfworld 24x20", "steps 1 to 4", "start: checksum", "ok, made from seed 5",
				"step 1: checksum", "step 2: checksum", "step 3: checksum", "3 steps replayed, every state as saved"}, "MISMATCH"},
		{"tampered orders", []string{"-data", data, "-game", "4"}, []string{"DELETE FROM orders WHERE turn = 2 AND seat = 1"}, 1,
			[]string{"step 1: checksum", "ok", "step 2: checksum", "MISMATCH", "step 2: the replayed state", "Players"},
			"step 3"},
		{"another seed", []string{"-data", data, "-game", "4"}, []string{"UPDATE games SET settings = json_set(settings, '$.Seed', 6)"}, 1,
			[]string{"the first saved state (checksum", "is not the start seed 6 makes"}, "step 1"},
		{"saved from a later step", []string{"-data", data, "-game", "4"},
			[]string{"DELETE FROM turns WHERE turn = 1", "DELETE FROM orders WHERE turn = 1"}, 0,
			[]string{"steps 2 to 4", "start: the game was saved from step 2, not from its seed", "step 2: checksum", "2 steps replayed"}, "step 1"},
		{"another ruleset", []string{"-data", data, "-game", "4"},
			[]string{"UPDATE games SET ruleset = 'chess', settings = json_set(settings, '$.Ruleset', 'chess')"}, 1,
			[]string{`the game is of ruleset "chess"; this build plays erfworld`}, "step"},
		{"a mod", []string{"-data", data, "-game", "4", "-rules", modDir(t)}, nil, 1,
			[]string{"is not the start seed 5 makes", "Players"}, "step 1"},
		{"a mod not there", []string{"-data", data, "-game", "4", "-rules", filepath.Join(t.TempDir(), "nope")}, nil, 1,
			[]string{"ruleset: rules directory", "does not exist"}, ""},
		{"no such game", []string{"-data", data, "-game", "9"}, nil, 1, []string{"no such game"}, ""},
		{"no database", []string{"-data", filepath.Join(t.TempDir(), "nope"), "-list"}, nil, 1, []string{"no saved games"}, ""},
		{"no -game", []string{"-data", data}, nil, 2, []string{"give -list or -game N"}, ""},
		{"both", []string{"-data", data, "-list", "-game", "4"}, nil, 2, []string{"give -list or -game N"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := saveGame(t)
			for _, q := range tt.tamper {
				db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				db.Close()
			}
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.ReplaceAll(a, data, dir)
			}
			var out, errs strings.Builder
			code := realMain(args, &out, &errs)
			all := out.String() + errs.String()
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("want %q in the output", w)
				}
			}
			if tt.wantNone != "" && strings.Contains(all, tt.wantNone) {
				t.Errorf("want no %q in the output", tt.wantNone)
			}
			if t.Failed() {
				t.Logf("output:\n%s", all)
			}
		})
	}
}

// saveGenerals saves game 7 of a server in a new data directory, which it
// returns: a game of generals for two, each player with a deck of its own
// (Rome's and Egypt's ready-made decks, not the default), its first 40
// actions played by the random AI and saved as the server saves them.
func saveGenerals(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := reg.Get("generals")
	coll := rs.(*generals.Rules).Collection()
	var decks [][]byte
	for _, name := range []string{"rome", "egypt"} {
		d, ok := coll.Ready(name)
		if !ok {
			t.Fatalf("no ready-made deck %s", name)
		}
		decks = append(decks, d.Encode())
	}
	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	set := protocol.Settings{Name: "decks", Ruleset: "generals", Seed: 5, Seats: 2}
	cfg := set.Config([]string{"Ann", "Bob"})
	cfg.SeatData = decks
	g, err := rs.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bob", Token: protocol.NewToken()}}
	if err := s.SaveGame(7, set, seats); err != nil {
		t.Fatal(err)
	}
	state := func() store.State {
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		over, winner := g.Over()
		return store.State{Seq: g.Step().Seq, Save: data, Over: over, Winner: winner}
	}
	if err := s.SaveState(7, state()); err != nil {
		t.Fatal(err)
	}
	ai, err := rs.NewAI("random", set.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for range 40 {
		step := g.Step()
		seat, action, err := ruleset.FirstAIAction(g, step, 0, func(p ruleset.Seat) ([]byte, error) {
			return ai.Act(g.View(p, false), step, p)
		})
		if err != nil {
			t.Fatal(err)
		}
		out, err := g.Act(seat, action)
		if err != nil {
			t.Fatalf("the AI's action is refused: %v", err)
		}
		after := state()
		if !store.SnapshotDue(after.Seq, after.Over) {
			after.Save = nil
		}
		if err := s.SaveTurn(7, step.Seq, []ruleset.Submission{{Seat: seat, Orders: action}}, after, out.Count()); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestReplayGenerals replays a saved game of generals, whose players
// brought decks of their own: its start is not the one its seed makes
// with the default decks, which the replay says without failing, and every
// one of its 40 actions replays as saved.
func TestReplayGenerals(t *testing.T) {
	dir := saveGenerals(t)
	var out, errs strings.Builder
	if code := realMain([]string{"-data", dir, "-game", "7"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out.String(), errs.String())
	}
	for _, want := range []string{`game 7 "decks": generals`, "not the start seed 5 makes with the default set-up data",
		"the players brought their own (decks)", "step 39:", "40 steps replayed, every state as saved"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("want %q in the output:\n%s", want, out.String())
		}
	}
}
