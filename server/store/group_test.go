package store

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// TestGroupedCommit: the turns of several games that wait together are
// committed in one transaction, each saved in full before its caller is
// answered; a turn that cannot be saved (its game was never saved) fails
// alone, and the store, opened again, holds every other turn.
func TestGroupedCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	const games = 8
	const lost = protocol.GameID(99) // never saved
	state := func(id protocol.GameID, seq uint32) State {
		return State{Seq: seq, Save: fmt.Appendf(nil, "game %d at step %d", id, seq)}
	}
	var group []*turnSave
	for id := protocol.GameID(1); id <= games; id++ {
		set := testSettings()
		set.Name = fmt.Sprintf("game %d", id)
		if err := s.SaveGame(id, set, testSeats()); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveState(id, state(id, 1)); err != nil {
			t.Fatal(err)
		}
		group = append(group, &turnSave{id: id, played: 1, after: state(id, 2), events: int(id),
			orders: []ruleset.Submission{{Seat: 1, Orders: []byte{byte(id)}}}, done: make(chan error, 1)})
		if id == games/2 {
			group = append(group, &turnSave{id: lost, played: 1, after: state(lost, 2), done: make(chan error, 1)})
		}
	}
	before := s.commits

	// While the writes are held, every turn reaches the committer: it
	// saves them together once they are released.
	s.mu.Lock()
	for _, ts := range group {
		s.turns <- ts
	}
	s.mu.Unlock()
	for _, ts := range group {
		err := <-ts.done
		switch {
		case ts.id == lost && (err == nil || !strings.Contains(err.Error(), "not saved when it started")):
			t.Errorf("%s: have %v, want the error of a game never saved", ts.id, err)
		case ts.id != lost && err != nil:
			t.Errorf("%s: %v", ts.id, err)
		}
	}
	if have := s.commits - before; have != 1 {
		t.Errorf("%d transactions for %d turns waiting together, want 1", have, len(group))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveTurn(1, 2, nil, state(1, 3), 0); err == nil || !strings.Contains(err.Error(), ErrClosed.Error()) {
		t.Errorf("a turn saved to a closed store: have %v, want %v", err, ErrClosed)
	}

	s = open(t, path)
	for id := protocol.GameID(1); id <= games; id++ {
		sn, err := s.Snapshot(id, 2)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		events, err := s.Events(id, 1)
		if want := state(id, 2).Save; !bytes.Equal(sn.Data, want) || events != int(id) || err != nil || sn.Check() != nil {
			t.Errorf("%s step 2: have %q after %d events (%v), want %q after %d", id, sn.Data, events, err, want, id)
		}
		orders, err := s.Orders(id, 1)
		if err != nil || len(orders) != 1 || orders[0].Seat != 1 || !bytes.Equal(orders[0].Orders, []byte{byte(id)}) {
			t.Errorf("%s step 1's orders: have %v, %v; want seat 1's [%d]", id, orders, err, id)
		}
	}
	if _, err := s.Snapshot(lost, 2); err == nil {
		t.Errorf("%s, never saved, has a step 2", lost)
	}
}

// BenchmarkSaveTurn saves turns of 64 games at once, as a server's
// matches do, each game's goroutine waiting for its turn to be committed
// before it saves the next. It reports the turns saved in each
// transaction (turns/commit): one sync of the log is shared by that many
// turns.
func BenchmarkSaveTurn(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), FileName))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const games = 64
	save := bytes.Repeat([]byte("state "), 2000) // about a 32x32 game's save
	for id := protocol.GameID(1); id <= games; id++ {
		if err := s.SaveGame(id, testSettings(), testSeats()); err != nil {
			b.Fatal(err)
		}
		if err := s.SaveState(id, State{Seq: 1, Save: save}); err != nil {
			b.Fatal(err)
		}
	}
	orders := []ruleset.Submission{{Seat: 1, Orders: []byte{0x90}}, {Seat: 2, Orders: []byte{0x90}}}
	before := s.commits
	turns := make(chan int, b.N)
	for i := range b.N {
		turns <- i
	}
	close(turns)
	b.ResetTimer()
	errs := make(chan error, games)
	for id := protocol.GameID(1); id <= games; id++ {
		go func() {
			seq := uint32(1)
			for range turns {
				if err := s.SaveTurn(id, seq, orders, State{Seq: seq + 1, Save: save}, 3); err != nil {
					errs <- err
					return
				}
				seq++
			}
			errs <- nil
		}()
	}
	for range games {
		if err := <-errs; err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	s.mu.Lock()
	commits := s.commits - before
	s.mu.Unlock()
	b.ReportMetric(float64(b.N)/float64(max(commits, 1)), "turns/commit")
}

// TestStepAlone: a step saved alone (a group of one, committed without a
// savepoint) is saved in full or not at all. Saved again, it replaces
// what was saved for it (its orders and events); a step whose orders name
// a seat twice is refused whole, and one of a game never saved too, with
// nothing of either left. The committer's CPU time is counted (on unix)
// before SaveTurn returns.
func TestStepAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s := open(t, path)
	if err := s.SaveGame(1, testSettings(), testSeats()); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(1, State{Seq: 1, Save: []byte("start")}); err != nil {
		t.Fatal(err)
	}
	first := []ruleset.Submission{{Seat: 1, Orders: []byte{1}}, {Seat: 2, Orders: []byte{2}}}
	if err := s.SaveTurn(1, 1, first, State{Seq: 2}, 4); err != nil {
		t.Fatal(err)
	}
	// The commit's CPU time is counted before SaveTurn returns.
	if threadCPU() != 0 && s.CommitCPU() <= 0 { // a system whose thread clock the store reads
		t.Errorf("CommitCPU once a step is saved: have %v, want more than 0", s.CommitCPU())
	}
	again := []ruleset.Submission{{Seat: 3, Orders: []byte{3}}}
	if err := s.SaveTurn(1, 1, again, State{Seq: 2}, 7); err != nil {
		t.Fatal(err)
	}
	twice := []ruleset.Submission{{Seat: 1, Orders: []byte{1}}, {Seat: 1, Orders: []byte{9}}}
	if err := s.SaveTurn(1, 2, twice, State{Seq: 3}, 1); err == nil || !strings.Contains(err.Error(), "save game 1, step 2") {
		t.Errorf("a seat's orders twice: have %v, want the step refused", err)
	}
	if err := s.SaveTurn(99, 1, first, State{Seq: 2}, 1); err == nil || !strings.Contains(err.Error(), "not saved when it started") {
		t.Errorf("a step of a game never saved: have %v, want the error of a game never saved", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open(t, path)
	orders, err := s.Orders(1, 1)
	if err != nil || len(orders) != 1 || orders[0].Seat != 3 || !bytes.Equal(orders[0].Orders, []byte{3}) {
		t.Errorf("step 1 saved again: have orders %v (%v), want seat 3's [3] only", orders, err)
	}
	if events, err := s.Events(1, 1); events != 7 || err != nil {
		t.Errorf("step 1 saved again: have %d events (%v), want 7", events, err)
	}
	if orders, err := s.Orders(1, 2); err != nil || len(orders) != 0 {
		t.Errorf("step 2, refused: have orders %v (%v), want none", orders, err)
	}
	if _, err := s.Events(1, 2); !errors.Is(err, ErrNoGame) {
		t.Errorf("step 2, refused: have %v, want no step saved", err)
	}
	g, err := s.Game(1)
	if err != nil || g.Last != 2 {
		t.Errorf("game 1 is at step %d (%v), want 2", g.Last, err)
	}
}
