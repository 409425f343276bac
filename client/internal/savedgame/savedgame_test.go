package savedgame

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"empires/assets"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/registry"
	rules "empires/shared/rules/empire"
)

// A game Play saves is in the store as the client's server saves one: its
// settings and seats, and steps the store's Replay plays again to the
// same states, with the outcomes Play saw.
func TestPlaySavesAReplayableGame(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	dir := t.TempDir()
	set := protocol.Settings{Name: "Ann vs Bob", Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 2}
	var counts []int
	err = Play(dir, 7, rs, set, []string{"Ann", "Bob"}, 5, func(s Step) error {
		counts = append(counts, s.Outcome.Count())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, err := st.Game(7)
	if err != nil {
		t.Fatal(err)
	}
	if g.Settings.Name != set.Name || g.Turns() != 5 || len(g.Seats) != 2 || g.Seats[1].Name != "Bob" || !g.Seats[1].Bot {
		t.Errorf("the saved game: %+v", g)
	}
	var replayed []int
	if err := store.Replay(st, 7, rs, func(s store.Step) error {
		replayed = append(replayed, s.Outcome.Count())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(replayed) != len(counts) {
		t.Fatalf("the replay played %d steps, want %d", len(replayed), len(counts))
	}
	for i := range counts {
		if replayed[i] != counts[i] {
			t.Errorf("step %d: %d events replayed, %d played", i+1, replayed[i], counts[i])
		}
	}
}

// Play saves the seats as the client's server does: the people's first
// (seat 1 the creator's), each with a seat token, then the bots'.
func TestPlaySavesTheSeats(t *testing.T) {
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	tests := []struct {
		name  string
		bots  int
		bot   []bool // by seat
		token []bool
	}{
		{"one person against the AI", 2, []bool{false, true, true}, []bool{true, false, false}},
		{"two people and a bot", 1, []bool{false, false, true}, []bool{true, true, false}},
		{"bots only", 3, []bool{true, true, true}, []bool{false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			set := protocol.Settings{Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 3, Bots: tt.bots}
			if err := Play(dir, 1, rs, set, []string{"Ann", "Bob", "Cid"}, 1, nil); err != nil {
				t.Fatal(err)
			}
			st, err := store.OpenDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			g, err := st.Game(1)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Seats) != 3 {
				t.Fatalf("have %d seats, want 3", len(g.Seats))
			}
			for i, s := range g.Seats {
				if s.Seat != protocol.Seat(i+1) || s.Bot != tt.bot[i] || (s.Token != "") != tt.token[i] {
					t.Errorf("seat %d saved as %+v; want bot %v, a token %v", i+1, s, tt.bot[i], tt.token[i])
				}
			}
		})
	}
}

// wyvernMod writes a mod of empire into a new directory: the built-in
// units.dat with a unit added whose picture no client knows, and returns
// the directory.
func wyvernMod(t *testing.T) string {
	t.Helper()
	units, err := fs.ReadFile(assets.Rules(), "units.dat")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	units = append(units, "Wyvern*       30  3  4 11112    4  3 m    lan  fly                 wyvern\n"...)
	if err := os.WriteFile(filepath.Join(dir, "units.dat"), units, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Save stores a game as it stands, made with a mod's rules: its settings,
// its seats (the player's at seat 1 with a seat token, the AI's), and its
// state as the first, which the mod's rules load to the same game.
func TestSaveStoresAGameAsItStands(t *testing.T) {
	reg, err := registry.New(wyvernMod(t))
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	set := protocol.Settings{Name: "Ann's wyverns", Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 1}
	g, err := rs.New(set.Config([]string{"Ann", "Bob"}))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Save(dir, 4, rs, set, g); err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	saved, err := st.Game(4)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Settings.Name != set.Name || saved.Turns() != 0 || saved.Over {
		t.Errorf("saved as %+v, want %q, no turn played, not over", saved, set.Name)
	}
	want := []struct {
		name  string
		bot   bool
		token bool
	}{{"Ann", false, true}, {"Bob", true, false}}
	if len(saved.Seats) != len(want) {
		t.Fatalf("have %d seats, want %d", len(saved.Seats), len(want))
	}
	for i, s := range saved.Seats {
		if s.Name != want[i].name || s.Bot != want[i].bot || (s.Token != "") != want[i].token {
			t.Errorf("seat %d saved as %+v; want %s, a bot %v, a token %v", i+1, s, want[i].name, want[i].bot, want[i].token)
		}
	}
	first, err := st.Snapshot(4, saved.First)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := first.Load(rs)
	if err != nil {
		t.Fatal(err)
	}
	have, err := loaded.Save()
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := g.Save(); !bytes.Equal(have, want) {
		t.Error("the saved game loads to another game than the one saved")
	}
}

// Save refuses a game its ruleset cannot load (a mod's game with the
// built-in rules: "it was played with other data"), and stores nothing.
func TestSaveRefusesAGameItsRulesCannotLoad(t *testing.T) {
	mod, err := registry.New(wyvernMod(t))
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	modded, _ := mod.Get(rules.ID)
	plain, _ := builtin.Get(rules.ID)
	set := protocol.Settings{Ruleset: rules.ID, Width: 16, Height: 16, Seed: 3, Seats: 2, Bots: 1}
	g, err := modded.New(set.Config(nil))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = Save(dir, 1, plain, set, g)
	if err == nil || !strings.Contains(err.Error(), "other data") {
		t.Errorf("Save with the built-in rules: %v, want a refusal for other data", err)
	}
	if _, err := os.Stat(filepath.Join(dir, store.FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused game left a store behind: %v", err)
	}
}
