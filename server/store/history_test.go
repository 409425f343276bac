package store

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"empires/shared/protocol"
)

// TestSnapshotDue: a state is saved whole at the start of every
// SnapshotEvery-th step, and when the game is over.
func TestSnapshotDue(t *testing.T) {
	tests := []struct {
		seq  uint32
		over bool
		want bool
	}{
		{1, false, false},
		{2, false, false},
		{SnapshotEvery - 1, false, false},
		{SnapshotEvery, false, true},
		{SnapshotEvery + 1, false, false},
		{3 * SnapshotEvery, false, true},
		{5, true, true},
	}
	for _, tt := range tests {
		if have := SnapshotDue(tt.seq, tt.over); have != tt.want {
			t.Errorf("SnapshotDue(%d, %v) = %v, want %v", tt.seq, tt.over, have, tt.want)
		}
	}
}

// TestLongHistory: a long game of Duel (every step an action but the
// offerings), saved as the server saves it, keeps its start, a state every
// SnapshotEvery steps and its end whole, and every step; its state at the
// start of any step (At) is the one the game had then, byte for byte, and
// it replays to its end, each saved state checked.
func TestLongHistory(t *testing.T) {
	rs := duelRules(t)
	d := playDuel(t, rs, 5)
	if len(d.steps) < 2*SnapshotEvery {
		t.Fatalf("a long game of Duel has %d steps, want more than %d", len(d.steps), 2*SnapshotEvery)
	}
	s := open(t, filepath.Join(t.TempDir(), FileName))
	d.save(t, s, 1, false)
	g, err := s.Game(1)
	last := d.steps[len(d.steps)-1].after
	if err != nil || g.First != d.start.Seq || g.Last != last.Seq || !g.Over || g.Winner != last.Winner {
		t.Fatalf("game %+v, %v: want steps %d to %d, over, won by %d", g, err, d.start.Seq, last.Seq, last.Winner)
	}
	var saved []uint32
	rows, err := s.db.Query(`SELECT turn FROM turns WHERE game = 1 ORDER BY turn`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var seq uint32
		if err := rows.Scan(&seq); err != nil {
			t.Fatal(err)
		}
		saved = append(saved, seq)
	}
	rows.Close()
	want := []uint32{d.start.Seq}
	for seq := uint32(SnapshotEvery); seq < last.Seq; seq += SnapshotEvery {
		want = append(want, seq)
	}
	want = append(want, last.Seq)
	if !slices.Equal(saved, want) {
		t.Fatalf("states saved whole at steps %v, want %v", saved, want)
	}

	states := map[uint32][]byte{d.start.Seq: d.start.Save}
	for _, st := range d.steps {
		states[st.after.Seq] = st.after.Save
	}
	for seq := g.First; seq <= g.Last; seq++ {
		at, err := At(s, 1, rs, seq)
		if err != nil {
			t.Fatalf("step %d: %v", seq, err)
		}
		if save, err := at.Save(); err != nil || !bytes.Equal(save, states[seq]) || at.Step().Seq != seq {
			t.Fatalf("the state at step %d read back is at step %d, and differs from the one played (%v)", seq, at.Step().Seq, err)
		}
	}
	if _, err := At(s, 1, rs, g.Last+1); err == nil {
		t.Errorf("a state after the last step: no error")
	}

	var checked []uint32
	n := 0
	err = Replay(s, 1, rs, func(st Step) error {
		n++
		if st.Checked {
			checked = append(checked, st.Game.Step().Seq)
			if save, _ := st.Game.Save(); st.Checksum != Checksum(save) {
				t.Errorf("step %d: checksum %x, the state's %x", st.Seq, st.Checksum, Checksum(save))
			}
		}
		return nil
	})
	if err != nil || n != len(d.steps) || !slices.Equal(checked, want[1:]) {
		t.Fatalf("replay: %d steps, states checked at %v, %v; want %d steps, states checked at %v",
			n, checked, err, len(d.steps), want[1:])
	}
}

// TestHistoryTampered: a game read from the middle of its history checks
// what it plays again: an action changed after the last state saved whole
// is found by the events it makes or by the next state saved whole, a
// step missing stops the reading, and a damaged state is refused.
func TestHistoryTampered(t *testing.T) {
	rs := duelRules(t)
	d := playDuel(t, rs, 5)
	mid := uint32(SnapshotEvery + 10) // a step between two states saved whole
	tests := []struct {
		name   string
		tamper string
		seq    uint32 // read At this step
		want   string
	}{
		{"a step missing", "DELETE FROM steps WHERE game = ? AND turn = 70", mid, "no step 70 of game"},
		{"an action missing", "DELETE FROM orders WHERE game = ? AND turn = 70", mid, "step 70: an interactive step saved with 0 actions"},
		{"events miscounted", "UPDATE steps SET events = events + 3 WHERE game = ? AND turn = 70", mid,
			"step 70: the replay has"},
		{"a damaged state", "UPDATE turns SET checksum = checksum + 1 WHERE game = ? AND turn = 64", mid,
			"the state of step 64 is damaged"},
		{"the state before is read", "UPDATE turns SET checksum = checksum + 1 WHERE game = ? AND turn = 128", mid, ""},
	}
	s := open(t, filepath.Join(t.TempDir(), FileName))
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := protocol.GameID(10 + i)
			d.save(t, s, id, false)
			exec(t, s, tt.tamper, int64(id))
			_, err := At(s, id, rs, tt.seq)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("have %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("have %v, want %q", err, tt.want)
			}
		})
	}
}

// TestHistoryOfVersion1: a game saved whole after every step, as schema
// version 1 did, reads the same: every state is checked on the way.
func TestHistoryOfVersion1(t *testing.T) {
	rs := duelRules(t)
	d := playDuel(t, rs, 8)
	s := open(t, filepath.Join(t.TempDir(), FileName))
	d.save(t, s, 1, true)
	n := 0
	if err := Replay(s, 1, rs, func(st Step) error {
		if !st.Checked {
			t.Errorf("step %d: not checked, its state saved whole", st.Seq)
		}
		n++
		return nil
	}); err != nil || n != len(d.steps) {
		t.Fatalf("replay: %d steps, %v; want %d", n, err, len(d.steps))
	}
	mid := d.steps[len(d.steps)/2].after
	at, err := At(s, 1, rs, mid.Seq)
	if err != nil {
		t.Fatal(err)
	}
	if save, _ := at.Save(); !bytes.Equal(save, mid.Save) {
		t.Errorf("the state at step %d differs from the one played", mid.Seq)
	}
}
