package store

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/ruleset"
)

var defaultRegistry = sync.OnceValues(registry.Default)

// testRules returns the built-in erfworld ruleset, as a server plays it.
func testRules(tb testing.TB) ruleset.Ruleset {
	tb.Helper()
	reg, err := defaultRegistry()
	if err != nil {
		tb.Fatal(err)
	}
	rs, ok := reg.Get("erfworld")
	if !ok {
		tb.Fatal("no erfworld in the registry")
	}
	return rs
}

func open(tb testing.TB, path string) *Store {
	tb.Helper()
	s, err := Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// testSettings are the settings of the games saved in these tests.
func testSettings() protocol.Settings {
	return protocol.Settings{Name: "saved", Ruleset: "erfworld", Width: 24, Height: 20, Seed: 7, Seats: 3, Bots: 1,
		Password: "open sesame", Spectators: true}
}

func testSeats() []Seat {
	return []Seat{
		{Seat: 1, Name: "Ann", Token: protocol.NewToken()},
		{Seat: 2, Name: "Bob"},
		{Seat: 3, Name: "Bot 3", Bot: true},
	}
}

// stateOf returns g as the store keeps it.
func stateOf(tb testing.TB, g ruleset.Game) State {
	tb.Helper()
	data, err := g.Save()
	if err != nil {
		tb.Fatal(err)
	}
	over, winner := g.Over()
	return State{Seq: g.Step().Seq, Save: data, Over: over, Winner: winner}
}

// played is a game played and saved by playGame: its saves by step (the
// game at the start of each step), and what each step was played with
// and its number of events.
type played struct {
	id     protocol.GameID
	saves  map[uint32][]byte
	orders map[uint32][]ruleset.Submission
	events map[uint32]int // by the step played
}

// playGame saves erfworld game id and plays steps of it, every seat played
// by the AI but seat 2, which submits nothing every other turn; it saves
// the start and every step as the server does.
func playGame(t *testing.T, s *Store, id protocol.GameID, steps int) *played {
	t.Helper()
	rs := testRules(t)
	set := testSettings()
	g, err := rs.New(set.Config([]string{"Ann", "Bob", "Bot 3"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(id, set, testSeats()); err != nil {
		t.Fatal(err)
	}
	start := stateOf(t, g)
	if err := s.SaveState(id, start); err != nil {
		t.Fatal(err)
	}
	p := &played{id: id, saves: map[uint32][]byte{start.Seq: start.Save},
		orders: map[uint32][]ruleset.Submission{}, events: map[uint32]int{}}
	ai, err := rs.NewAI("normal", set.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for range steps {
		step := g.Step()
		var subs []ruleset.Submission
		for _, seat := range step.Actors {
			if seat == 2 && step.Seq%2 == 0 {
				continue
			}
			orders, err := ai.Act(g.View(seat, false), step, seat)
			if err != nil {
				t.Fatal(err)
			}
			if refused, err := g.Check(seat, orders); refused != nil || err != nil {
				t.Fatalf("step %d: seat %d's orders refused: %v, %v", step.Seq, seat, refused, err)
			}
			subs = append(subs, ruleset.Submission{Seat: seat, Orders: orders})
		}
		out, err := g.Resolve(subs)
		if err != nil {
			t.Fatal(err)
		}
		after := stateOf(t, g)
		if err := s.SaveTurn(id, step.Seq, subs, after, out.Count()); err != nil {
			t.Fatal(err)
		}
		p.orders[step.Seq], p.events[step.Seq], p.saves[after.Seq] = subs, out.Count(), after.Save
	}
	return p
}

// TestRoundTrip saves a game, closes the database, opens it again and
// reads back the settings (password and options included), the seats and
// tokens, every state, byte for byte, and what every step was played with.
func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s := open(t, path)
	p := playGame(t, s, 3, 4)
	withOptions := testSettings()
	withOptions.Options = []protocol.Option{{Key: "deck", Value: 2}}
	if err := s.SaveGame(5, withOptions, testSeats()); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(5, State{Seq: 5, Save: p.saves[5], Over: true, Winner: 2}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(3, State{Seq: 5, Save: p.saves[5]}); err != nil { // as a resumed game does
		t.Fatal(err)
	}
	seat := Seat{Seat: 2, Name: "Bea", Token: protocol.NewToken()}
	if err := s.SaveSeat(3, seat); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open(t, path)
	games, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].ID != 3 || games[1].ID != 5 {
		t.Fatalf("have games %+v, want games 3 and 5", games)
	}
	g := games[0]
	wantSeats := testSeats()
	wantSeats[0].Token = g.Seats[0].Token // made at random
	wantSeats[1] = seat
	switch {
	case !reflect.DeepEqual(g.Settings, testSettings()):
		t.Errorf("settings %+v, want %+v", g.Settings, testSettings())
	case !reflect.DeepEqual(games[1].Settings, withOptions):
		t.Errorf("settings %+v, want %+v", games[1].Settings, withOptions)
	case !g.Seats[0].Token.Valid() || !reflect.DeepEqual(g.Seats, wantSeats):
		t.Errorf("seats %+v, want %+v", g.Seats, wantSeats)
	case g.First != 1 || g.Last != 5 || g.Turns() != 4 || g.Over || g.Created.IsZero():
		t.Errorf("game %+v: want steps 1 to 5, not over, a time of creation", g)
	case !games[1].Over || games[1].Winner != 2 || games[1].First != 5 || games[1].Turns() != 0:
		t.Errorf("game 5: over %v, winner %d, steps %d to %d; want over, won by 2, step 5 alone",
			games[1].Over, games[1].Winner, games[1].First, games[1].Last)
	}
	rs := testRules(t)
	for seq, want := range p.saves {
		sn, err := s.Snapshot(3, seq)
		if err != nil {
			t.Fatal(err)
		}
		if sn.Seq != seq || !bytes.Equal(sn.Data, want) || sn.Checksum != Checksum(want) || sn.Check() != nil {
			t.Errorf("step %d: the state read back differs from the one saved", seq)
		}
		if events, err := s.Events(3, seq-1); seq > 1 && (events != p.events[seq-1] || err != nil) {
			t.Errorf("step %d: %d events saved (%v), want %d", seq-1, events, err, p.events[seq-1])
		}
		loaded, err := sn.Load(rs)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := loaded.Save(); !bytes.Equal(again, want) || loaded.Step().Seq != seq {
			t.Errorf("step %d: the loaded game saves other bytes, or is at step %d", seq, loaded.Step().Seq)
		}
	}
	for seq, want := range p.orders {
		have, err := s.Orders(3, seq)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(have, want, func(a, b ruleset.Submission) bool { return a.Seat == b.Seat && bytes.Equal(a.Orders, b.Orders) }) {
			t.Errorf("step %d: orders read back %v, want %v", seq, have, want)
		}
	}
	if len(p.orders[2]) != 2 || p.orders[2][1].Seat != 3 {
		t.Errorf("step 2: seat 2 submitted nothing and has orders saved: %+v", p.orders[2])
	}
	unfinished, err := s.Unfinished()
	if err != nil || len(unfinished) != 1 || unfinished[0].ID != 3 {
		t.Errorf("unfinished games %+v, %v: want game 3 only", unfinished, err)
	}
	if id, err := s.MaxGameID(); id != 5 || err != nil {
		t.Errorf("MaxGameID = %d, %v; want 5", id, err)
	}
	if _, err := s.Game(4); !errors.Is(err, ErrNoGame) {
		t.Errorf("game 4: %v, want ErrNoGame", err)
	}
	if _, err := s.Snapshot(3, 9); !errors.Is(err, ErrNoGame) || !strings.Contains(err.Error(), "no state of step 9 of game 3") {
		t.Errorf("step 9: %v, want ErrNoGame", err)
	}
	if err := s.SaveState(4, State{Seq: 1, Save: p.saves[1]}); err == nil || !strings.Contains(err.Error(), "not saved when it started") {
		t.Errorf("a state of a game never saved: %v, want an error", err)
	}
	if err := s.SaveState(3, State{Seq: 6}); err == nil || !strings.Contains(err.Error(), "save game 3, step 6: no state to save") {
		t.Errorf("a state without a save: %v, want an error", err)
	}
}

// TestEmptyOrders: a seat that gave an empty payload has a row of no
// bytes, not a missing one (which would mean it gave nothing).
func TestEmptyOrders(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), FileName))
	if err := s.SaveGame(1, protocol.Settings{Ruleset: "tally", Seats: 2}, nil); err != nil {
		t.Fatal(err)
	}
	subs := []ruleset.Submission{{Seat: 1}, {Seat: 2, Orders: []byte{0x90}}}
	if err := s.SaveTurn(1, 1, subs, State{Seq: 2, Save: []byte{0x01}}, 0); err != nil {
		t.Fatal(err)
	}
	have, err := s.Orders(1, 1)
	if err != nil || len(have) != 2 || have[0].Seat != 1 || len(have[0].Orders) != 0 || !bytes.Equal(have[1].Orders, []byte{0x90}) {
		t.Errorf("orders read back %v, %v", have, err)
	}
	if none, err := s.Orders(1, 2); err != nil || len(none) != 0 {
		t.Errorf("a step nobody played: %v, %v", none, err)
	}
}

// TestChecksum: Checksum is the 64-bit FNV-1a hash of the bytes, so a hex
// game's save has the engine's State.Checksum.
func TestChecksum(t *testing.T) {
	// FNV-1a test vectors.
	tests := []struct {
		have string
		want uint64
	}{{"", 0xcbf29ce484222325}, {"a", 0xaf63dc4c8601ec8c}, {"foobar", 0x85944171f73967e8}}
	for _, tt := range tests {
		if got := Checksum([]byte(tt.have)); got != tt.want {
			t.Errorf("Checksum(%q) = %016x, want %016x", tt.have, got, tt.want)
		}
	}
	g, err := testRules(t).New(ruleset.Config{Seed: 3, Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	if have, want := Checksum(data), g.(*hexgame.Game).State().Checksum(); have != want {
		t.Fatalf("Checksum = %x, State.Checksum = %x", have, want)
	}
}

// TestOpenRefuses: Open refuses, with a clear message and without
// changing the file, what is not an Empires database, a corrupt one and
// one of a newer schema.
func TestOpenRefuses(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"random bytes", func(t *testing.T, path string) {
			junk := make([]byte, 8192)
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range junk {
				junk[i] = byte(rng.UintN(256))
			}
			write(t, path, junk)
		}, "is not an Empires database: it is not an SQLite database file"},
		{"text", func(t *testing.T, path string) { write(t, path, []byte("hello\n")) },
			"is not an Empires database"},
		{"another program's database", func(t *testing.T, path string) {
			sqlite(t, path, "CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)")
		}, "is not an Empires database: it belongs to another program (application id 0x0, tables accounts)"},
		{"a newer schema", func(t *testing.T, path string) {
			sqlite(t, path, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID), "PRAGMA user_version = 7",
				"CREATE TABLE games (id INTEGER)")
		}, "has schema version 7, newer than this server's 2"},
		{"a missing table", func(t *testing.T, path string) {
			s := open(t, path)
			if _, err := s.db.Exec("DROP TABLE orders"); err != nil {
				t.Fatal(err)
			}
			s.Close()
		}, "is corrupt: table orders is missing"},
		{"damaged pages", func(t *testing.T, path string) {
			s := open(t, path)
			playGame(t, s, 1, 3)
			if _, err := s.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
				t.Fatal(err)
			}
			s.Close()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) < 4*4096 {
				t.Fatalf("the database holds %d bytes only", len(data))
			}
			for i := 4096 + 100; i < len(data); i += 7 { // past the first page
				data[i] ^= 0x5a
			}
			write(t, path, data)
		}, "is corrupt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "data", FileName)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			tt.make(t, path)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Open(path)
			if err == nil {
				s.Close()
				t.Fatal("Open accepted the file")
			}
			if !strings.HasPrefix(err.Error(), path+" ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("have error %q, want %q after the file's name", err, tt.want)
			}
			if after, err := os.ReadFile(path); err != nil || string(after) != string(before) {
				t.Errorf("the file was changed (%v)", err)
			}
		})
	}
}

// TestOpenNew: a missing file and an empty one become new databases, which
// open again.
func TestOpenNew(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	write(t, empty, nil)
	for _, path := range []string{filepath.Join(dir, "new.db"), empty} {
		s := open(t, path)
		if games, err := s.Games(); err != nil || len(games) != 0 {
			t.Fatalf("%s: games %v, %v; want none", path, games, err)
		}
		s.Close()
		open(t, path)
	}
	s, err := OpenDir(filepath.Join(dir, "a", "b"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Path() != filepath.Join(dir, "a", "b", FileName) {
		t.Errorf("OpenDir's database is %s", s.Path())
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// sqlite runs statements on the SQLite database at path.
func sqlite(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// exec runs a statement on the store's database, as someone tampering
// with it would.
func exec(t *testing.T, s *Store, q string, args ...any) {
	t.Helper()
	if _, err := s.db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// plain is a ruleset that cannot say how two saves differ.
type plain struct{ ruleset.Ruleset }

// TestReplay: a saved game replays with every checksum matching, step by
// step; what was tampered with stops the replay at that step and says what
// differs.
func TestReplay(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), FileName))
	p := playGame(t, s, 2, 5)
	rs := testRules(t)
	var seqs []uint32
	err := Replay(s, 2, rs, func(st Step) error {
		seqs = append(seqs, st.Seq)
		save, err := st.Game.Save()
		if err != nil {
			t.Fatal(err)
		}
		if want := p.saves[st.Seq+1]; st.Game.Step().Seq != st.Seq+1 || st.Checksum != Checksum(want) ||
			!bytes.Equal(save, want) || st.Outcome.Count() != p.events[st.Seq] {
			t.Errorf("step %d replayed: at step %d, checksum %x, %d events; want %x and %d events",
				st.Seq, st.Game.Step().Seq, st.Checksum, st.Outcome.Count(), Checksum(want), p.events[st.Seq])
		}
		return nil
	})
	if err != nil || !reflect.DeepEqual(seqs, []uint32{1, 2, 3, 4, 5}) {
		t.Fatalf("replay: steps %v, %v; want steps 1 to 5 and no error", seqs, err)
	}
	stop := errors.New("enough")
	if err := Replay(s, 2, rs, func(Step) error { return stop }); err != stop {
		t.Errorf("a callback's error: replay returned %v", err)
	}
	if err := Replay(s, 9, rs, nil); !errors.Is(err, ErrNoGame) {
		t.Errorf("replay of a game not saved: %v, want ErrNoGame", err)
	}
	if err := Replay(s, 2, tally{}, nil); err == nil || err.Error() != `replay game 2: the game is of ruleset "erfworld", not "tally"` {
		t.Errorf("replay with another ruleset: %v", err)
	}

	tests := []struct {
		name   string
		tamper func(t *testing.T, s *Store, id protocol.GameID)
		rs     ruleset.Ruleset
		seqs   []uint32 // the steps replayed before the error
		want   []string // parts of the error
		check  func(t *testing.T, err error)
	}{
		{"orders missing", func(t *testing.T, s *Store, id protocol.GameID) {
			// Seat 1 gave no orders on step 3 after all: the autopilot
			// plays it.
			exec(t, s, "DELETE FROM orders WHERE game = ? AND turn = 3 AND seat = 1", int64(id))
		}, rs, []uint32{1, 2}, []string{"step 3: the replayed state", "Players"}, func(t *testing.T, err error) {
			var mm *MismatchError
			if !errors.As(err, &mm) || mm.Seq != 3 || mm.Have == mm.Want || !strings.Contains(mm.Diff, "Players") {
				t.Errorf("want a mismatch at step 3 naming the players (their treasuries), have %v", err)
			}
		}},
		{"a ruleset that cannot tell how", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "DELETE FROM orders WHERE game = ? AND turn = 3 AND seat = 1", int64(id))
		}, plain{rs}, []uint32{1, 2}, []string{"step 3", "the states' bytes differ"}, nil},
		{"events miscounted", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "UPDATE steps SET events = events + 1 WHERE game = ? AND turn = 2", int64(id))
		}, rs, []uint32{1}, []string{"step 2: the replay has", "events, the game had"}, func(t *testing.T, err error) {
			var mm *MismatchError
			if !errors.As(err, &mm) || mm.Have != mm.Want || mm.WantEvents != mm.HaveEvents+1 {
				t.Errorf("want a mismatch of events alone, have %v", err)
			}
		}},
		{"a damaged state", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "UPDATE turns SET checksum = checksum + 1 WHERE game = ? AND turn = 1", int64(id))
		}, rs, nil, []string{"the state of step 1 is damaged: checksum"}, nil},
		{"a state that does not load", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "UPDATE turns SET snapshot = ?, checksum = ? WHERE game = ? AND turn = 1", []byte{0xc1}, int64(Checksum([]byte{0xc1})), int64(id))
		}, rs, nil, []string{"the state of step 1: decode game:"}, nil},
		{"orders of seat 0", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "UPDATE orders SET seat = 0 WHERE game = ? AND turn = 2 AND seat = 1", int64(id))
		}, rs, []uint32{1}, []string{"orders of step 2 of game", "seat 0"}, nil},
		{"orders that do not decode", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "UPDATE orders SET orders = ? WHERE game = ? AND turn = 2 AND seat = 1", []byte{0xdd, 0xff, 0xff, 0xff, 0xff}, int64(id))
		}, rs, []uint32{1}, []string{"step 2: orders of seat 1:", "4294967295 elements claimed"}, nil},
		{"a step missing", func(t *testing.T, s *Store, id protocol.GameID) {
			exec(t, s, "DELETE FROM steps WHERE game = ? AND turn = 3", int64(id))
		}, rs, []uint32{1, 2}, []string{"no step 3 of game", "saved"}, nil},
		{"orders missing before a state not saved whole", func(t *testing.T, s *Store, id protocol.GameID) {
			// The state after step 3 has no checksum to check: its
			// number of events is checked still.
			exec(t, s, "DELETE FROM turns WHERE game = ? AND turn = 4", int64(id))
			exec(t, s, "DELETE FROM orders WHERE game = ? AND turn = 3 AND seat = 1", int64(id))
		}, rs, []uint32{1, 2}, []string{"step 3: the replay has", "events, the game had"}, func(t *testing.T, err error) {
			var mm *MismatchError
			if !errors.As(err, &mm) || mm.Have != 0 || mm.Want != 0 {
				t.Errorf("want a mismatch of events, no checksums, have %v", err)
			}
		}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := protocol.GameID(10 + i)
			playGame(t, s, id, 4)
			tt.tamper(t, s, id)
			var seqs []uint32
			err := Replay(s, id, tt.rs, func(st Step) error { seqs = append(seqs, st.Seq); return nil })
			if err == nil || !slices.Equal(seqs, tt.seqs) {
				t.Fatalf("steps %v, error %v; want steps %v, then an error", seqs, err, tt.seqs)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("have %v, want %q in it", err, w)
				}
			}
			if tt.check != nil {
				tt.check(t, err)
			}
		})
	}
}

// TestReplayInteractive: a game of interactive steps, saved after every
// action with the action as its actor's orders, replays action by action;
// an action of the wrong seat, two actions for a step, or another action
// stop it.
func TestReplayInteractive(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), FileName))
	// save plays game id of tally, adding adds, and saves it as the
	// server does.
	save := func(id protocol.GameID, adds ...int) {
		t.Helper()
		if err := s.SaveGame(id, protocol.Settings{Name: "tally", Ruleset: "tally", Seats: 2}, nil); err != nil {
			t.Fatal(err)
		}
		g, _ := tally{}.New(ruleset.Config{Seats: 2})
		if err := s.SaveState(id, stateOf(t, g)); err != nil {
			t.Fatal(err)
		}
		for _, n := range adds {
			step := g.Step()
			action := []byte{byte(n)}
			out, err := g.Act(step.Actors[0], action)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SaveTurn(id, step.Seq, []ruleset.Submission{{Seat: step.Actors[0], Orders: action}}, stateOf(t, g), out.Count()); err != nil {
				t.Fatal(err)
			}
		}
	}
	save(1, 9, 9, 9, 4)
	var totals []int
	err := Replay(s, 1, tally{}, func(st Step) error {
		totals = append(totals, st.Game.(*tallyGame).Total)
		return nil
	})
	if err != nil || !slices.Equal(totals, []int{9, 18, 27, 31}) {
		t.Fatalf("replay: totals %v, %v; want 9, 18, 27, 31", totals, err)
	}
	g, err := s.Game(1)
	if err != nil || !g.Over || g.Winner != 2 || g.Last != 5 {
		t.Errorf("game %+v, %v: want over at step 5, won by seat 2", g, err)
	}

	tests := []struct {
		name   string
		tamper string
		want   string
	}{
		{"the wrong seat", "UPDATE orders SET seat = 2 WHERE game = ? AND turn = 3", "replay game %d, step 3: the saved action of seat 2 is refused: not the turn of seat 2"},
		{"two actions", "INSERT INTO orders (game, turn, seat, orders) VALUES (?, 2, 1, X'01')", "replay game %d, step 2: an interactive step saved with 2 actions, not 1"},
		{"no action", "DELETE FROM orders WHERE game = ? AND turn = 2", "replay game %d, step 2: an interactive step saved with 0 actions, not 1"},
		{"another action", "UPDATE orders SET orders = X'05' WHERE game = ? AND turn = 2", "game %d, step 2: the replayed state"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := protocol.GameID(10 + i)
			save(id, 9, 9, 9)
			exec(t, s, tt.tamper, int64(id))
			err := Replay(s, id, tally{}, nil)
			if want := fmt.Sprintf(tt.want, id); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("have %v, want %q", err, want)
			}
		})
	}
}
