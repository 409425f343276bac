package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"empires/server/store"
	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

// saveGame saves game 4 of a server in dir: three turns played by the AI
// for both seats.
func saveGame(t *testing.T, dir string) {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworld.NewRules(d)
	s, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	set := protocol.Settings{Name: "duel", Ruleset: "erfworld", Width: 24, Height: 20, Seed: 5, Seats: 2, Bots: 1}
	state, err := rs.NewGame(set.Seed, set.Width, set.Height, set.Seats, []string{"Ann", "Bot 2"})
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bot 2", Bot: true}}
	if err := s.SaveGame(4, set, seats); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(4, state); err != nil {
		t.Fatal(err)
	}
	brain := ai.New(rs, ai.Normal, set.Seed)
	for range 3 {
		turn := state.Turn
		var book game.OrderBook
		for p := game.PlayerID(1); p <= 2; p++ {
			if refused := book.Submit(state, rs, p, brain.Orders(game.NewView(state, p))); refused != nil {
				t.Fatalf("the AI's orders are refused: %v", refused)
			}
		}
		ev := game.Resolve(state, rs, book.All())
		if err := s.SaveTurn(4, turn, book.All(), state, len(ev.List)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReplay(t *testing.T) {
	dir := t.TempDir()
	saveGame(t, dir)
	tests := []struct {
		name     string
		args     []string
		tamper   string // SQL run on the database first
		code     int
		want     []string // in stdout and stderr
		wantNone string   // in neither
	}{
		{"list", []string{"-data", dir, "-list"}, "UPDATE games SET over = 1, winner = 2", 0,
			[]string{"4\t\"duel\"\terfworld 24x20", "3 turns\tover on turn 4, won by seat 2 (Bot 2)"}, ""},
		{"all match", []string{"-data", dir, "-game", "4"}, "", 0,
			[]string{"start: checksum", "ok, made from seed 5", "turn 1: checksum", "turn 2: checksum",
				"turn 3: checksum", "3 turns replayed, every state as saved"}, "MISMATCH"},
		{"tampered orders", []string{"-data", dir, "-game", "4"}, "DELETE FROM orders WHERE turn = 2 AND seat = 1", 1,
			[]string{"turn 1: checksum", "ok", "turn 2: checksum", "MISMATCH", "turn 2: the replayed state", "Players"},
			"turn 3"},
		{"no such game", []string{"-data", dir, "-game", "9"}, "", 1, []string{"no such game"}, ""},
		{"no database", []string{"-data", filepath.Join(dir, "nope"), "-list"}, "", 1, []string{"no saved games"}, ""},
		{"no -game", []string{"-data", dir}, "", 2, []string{"give -list or -game N"}, ""},
		{"both", []string{"-data", dir, "-list", "-game", "4"}, "", 2, []string{"give -list or -game N"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.tamper != "" {
				db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.Exec(tt.tamper); err != nil {
					t.Fatal(err)
				}
				db.Close()
			}
			var out, errs strings.Builder
			code := realMain(tt.args, &out, &errs)
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
