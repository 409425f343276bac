package store

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"empires/shared/protocol"
)

// copyV1 copies testdata/v1.db, a database of schema version 1 written by
// a server of that version (testdata/genv1.go), into a new directory, and
// returns the copy's path.
func copyV1(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), FileName)
	write(t, path, data)
	return path
}

// v1Turn is a row of version 1's turns: a state after every step, with
// the number of events of the step that led to it.
type v1Turn struct {
	game, turn, events int64
	snapshot           []byte
}

// readV1 reads the turns of the version 1 database at path.
func readV1(t *testing.T, path string) []v1Turn {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int64
	if err := db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != 1 {
		t.Fatalf("testdata/v1.db has schema version %d (%v), want 1", version, err)
	}
	rows, err := db.Query("SELECT game, turn, events, snapshot FROM turns ORDER BY game, turn")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []v1Turn
	for rows.Next() {
		var r v1Turn
		if err := rows.Scan(&r.game, &r.turn, &r.events, &r.snapshot); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMigrateV1: a database of schema version 1 opens, migrated to
// version 2: its games, seats, states and orders are all there, each
// step's events moved to steps; its games replay, each state checked; the
// unfinished one reads at its last step as saved and goes on, its next
// steps saved the new way; opened again, it is not migrated twice.
func TestMigrateV1(t *testing.T) {
	path := copyV1(t)
	v1 := readV1(t, path)
	s := open(t, path)
	var version int64
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != SchemaVersion {
		t.Fatalf("after Open the schema version is %d (%v), want %d", version, err, SchemaVersion)
	}
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Settings.Name != "old" || games[0].First != 1 || games[0].Last != 5 || games[0].Over ||
		len(games[0].Seats) != 3 || !games[0].Seats[1].Token.Valid() || !games[0].Seats[2].Bot ||
		!games[1].Over || games[1].Winner != 1 || games[1].Last != 3 {
		t.Fatalf("games after the migration: %+v", games)
	}
	if unfinished, err := s.Unfinished(); err != nil || len(unfinished) != 1 || unfinished[0].ID != 1 {
		t.Fatalf("unfinished games %+v, %v: want game 1", unfinished, err)
	}
	for _, r := range v1 {
		id, seq := protocol.GameID(r.game), uint32(r.turn)
		sn, err := s.Snapshot(id, seq)
		if err != nil || !bytes.Equal(sn.Data, r.snapshot) || sn.Check() != nil {
			t.Errorf("%s, step %d: the state read back differs from version 1's (%v)", id, seq, err)
		}
		if seq == 1 {
			continue
		}
		if events, err := s.Events(id, seq-1); err != nil || events != int(r.events) {
			t.Errorf("%s, step %d: %d events (%v), version 1 saved %d", id, seq-1, events, err, r.events)
		}
	}
	if _, err := s.Events(1, 5); err == nil {
		t.Errorf("step 5 of game 1, never played, has events")
	}
	if orders, err := s.Orders(1, 2); err != nil || len(orders) != 2 || orders[0].Seat != 1 || orders[1].Seat != 3 {
		t.Errorf("the orders of step 2 (Bob gave none): %+v, %v", orders, err)
	}
	rs := testRules(t)
	for _, g := range games {
		var checked []uint32
		if err := Replay(s, g.ID, rs, func(st Step) error {
			if st.Checked {
				checked = append(checked, st.Seq)
			}
			return nil
		}); err != nil || len(checked) != g.Turns() {
			t.Errorf("replay of %s: steps %v checked, %v; want all %d", g.ID, checked, err, g.Turns())
		}
	}

	game, err := At(s, 1, rs, 5)
	if err != nil {
		t.Fatal(err)
	}
	if save, _ := game.Save(); !bytes.Equal(save, v1[4].snapshot) {
		t.Fatalf("game 1 at step 5 differs from the state version 1 saved")
	}
	out, err := game.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	after := stateOf(t, game)
	want := after.Save
	after.Save = nil // not due: the step alone is saved
	if err := s.SaveTurn(1, 5, nil, after, out.Count()); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open(t, path)
	if g, err := s.Game(1); err != nil || g.Last != 6 {
		t.Fatalf("game 1 after a step: %+v, %v; want it at step 6", g, err)
	}
	game, err = At(s, 1, rs, 6)
	if err != nil {
		t.Fatal(err)
	}
	if save, _ := game.Save(); !bytes.Equal(save, want) {
		t.Errorf("game 1 at step 6 differs from the state played")
	}
	tables, err := tableNames(t.Context(), s.db)
	if err != nil || !slices.Equal(tables, []string{"games", "orders", "seats", "steps", "turns"}) {
		t.Errorf("tables %v, %v", tables, err)
	}
}
