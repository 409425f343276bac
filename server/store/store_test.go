package store

import (
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"empires/shared/ai"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

var loadRules = sync.OnceValues(func() (*erfworld.Rules, error) {
	d, err := erfworld.Default()
	if err != nil {
		return nil, err
	}
	return erfworld.NewRules(d), nil
})

func testRules(tb testing.TB) *erfworld.Rules {
	tb.Helper()
	rs, err := loadRules()
	if err != nil {
		tb.Fatal(err)
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

// played is a game played and saved by playGame: its states by turn (the
// state at the start of each turn) and the orders of each turn.
type played struct {
	id     protocol.GameID
	states map[game.Turn]*game.State
	orders map[game.Turn][]game.PlayerOrders
	events map[game.Turn]int // by the turn resolved
}

// playGame saves game id and plays turns of it, every seat played by the
// AI but seat 2, which submits nothing every other turn; it saves the
// start and every turn as the server does.
func playGame(t *testing.T, s *Store, id protocol.GameID, turns int) *played {
	t.Helper()
	rs := testRules(t)
	set := testSettings()
	state, err := rs.NewGame(set.Seed, set.Width, set.Height, set.Seats, []string{"Ann", "Bob", "Bot 3"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(id, set, testSeats()); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(id, state); err != nil {
		t.Fatal(err)
	}
	p := &played{id: id, states: map[game.Turn]*game.State{state.Turn: state.Clone()},
		orders: map[game.Turn][]game.PlayerOrders{}, events: map[game.Turn]int{}}
	player := ai.New(rs, ai.Normal, set.Seed)
	for range turns {
		turn := state.Turn
		var book game.OrderBook
		for seat := game.PlayerID(1); seat <= 3; seat++ {
			if seat == 2 && turn%2 == 0 {
				continue
			}
			if refused := book.Submit(state, rs, seat, player.Orders(game.NewView(state, seat))); refused != nil {
				book.Submit(state, rs, seat, nil)
			}
		}
		orders := book.All()
		ev := game.Resolve(state, rs, book.All())
		if err := s.SaveTurn(id, turn, orders, state, len(ev.List)); err != nil {
			t.Fatal(err)
		}
		p.orders[turn], p.events[turn], p.states[state.Turn] = orders, len(ev.List), state.Clone()
	}
	return p
}

// TestRoundTrip saves a game, closes the database, opens it again and
// reads back the settings (password included), the seats and tokens, every
// state and every turn's orders as they were.
func TestRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	s := open(t, path)
	p := playGame(t, s, 3, 4)
	if err := s.SaveGame(5, testSettings(), testSeats()); err != nil {
		t.Fatal(err)
	}
	over := p.states[5].Clone()
	over.Over, over.Winner = true, 2
	if err := s.SaveState(5, over); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveState(3, p.states[5]); err != nil { // as a resumed game does
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
	case g.Settings != testSettings():
		t.Errorf("settings %+v, want %+v", g.Settings, testSettings())
	case !g.Seats[0].Token.Valid() || !reflect.DeepEqual(g.Seats, wantSeats):
		t.Errorf("seats %+v, want %+v", g.Seats, wantSeats)
	case g.First != 1 || g.Last != 5 || g.Turns() != 4 || g.Over || g.Created.IsZero():
		t.Errorf("game %+v: want turns 1 to 5, not over, a time of creation", g)
	case !games[1].Over || games[1].Winner != 2:
		t.Errorf("game 5: over %v, winner %d; want over, won by 2", games[1].Over, games[1].Winner)
	}
	for turn, want := range p.states {
		sn, err := s.Snapshot(3, turn)
		if err != nil {
			t.Fatal(err)
		}
		have, err := sn.State()
		if err != nil {
			t.Fatal(err)
		}
		if sn.Checksum != want.Checksum() || have.Checksum() != want.Checksum() || !reflect.DeepEqual(have, want) {
			t.Errorf("turn %d: the state read back differs from the one saved", turn)
		}
		if turn > 1 && sn.Events != p.events[turn-1] {
			t.Errorf("turn %d: %d events saved, want %d", turn, sn.Events, p.events[turn-1])
		}
	}
	for turn, want := range p.orders {
		have, err := s.Orders(3, turn)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(normal(have), normal(want)) {
			t.Errorf("turn %d: orders read back %+v, want %+v", turn, have, want)
		}
	}
	if len(p.orders[2]) != 2 || p.orders[2][1].Player != 3 {
		t.Errorf("turn 2: seat 2 submitted nothing and has orders saved: %+v", p.orders[2])
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
	if _, err := s.Snapshot(3, 9); !errors.Is(err, ErrNoGame) {
		t.Errorf("turn 9: %v, want ErrNoGame", err)
	}
	if err := s.SaveState(4, p.states[1]); err == nil || !strings.Contains(err.Error(), "not saved when it started") {
		t.Errorf("a state of a game never saved: %v, want an error", err)
	}
}

// normal returns orders with empty lists as nil, for comparisons.
func normal(orders []game.PlayerOrders) []game.PlayerOrders {
	out := make([]game.PlayerOrders, len(orders))
	for i, po := range orders {
		out[i] = po
		if len(po.Orders) == 0 {
			out[i].Orders = nil
		}
		for j := range out[i].Orders {
			o := &out[i].Orders[j]
			if len(o.Path) == 0 {
				o.Path = nil
			}
			if len(o.Units) == 0 {
				o.Units = nil
			}
		}
	}
	return out
}

// TestChecksum: Checksum of a save is the state's checksum.
func TestChecksum(t *testing.T) {
	rs := testRules(t)
	s, err := rs.NewGame(3, 20, 20, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := game.Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	if have, want := Checksum(data), s.Checksum(); have != want {
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
		}, "has schema version 7, newer than this server's 1"},
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

// TestReplay: a saved game replays with every checksum matching, turn by
// turn; orders tampered with make the replay stop at that turn and say
// what differs.
func TestReplay(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), FileName))
	p := playGame(t, s, 2, 5)
	rs := testRules(t)
	var turns []game.Turn
	err := Replay(s, 2, rs, func(st Step) error {
		turns = append(turns, st.Turn)
		if want := p.states[st.Turn+1]; st.State.Turn != st.Turn+1 || st.Checksum != want.Checksum() ||
			len(st.Events.List) != p.events[st.Turn] {
			t.Errorf("turn %d replayed: state of turn %d, checksum %x, %d events; want %x and %d events",
				st.Turn, st.State.Turn, st.Checksum, len(st.Events.List), want.Checksum(), p.events[st.Turn])
		}
		return nil
	})
	if err != nil || !reflect.DeepEqual(turns, []game.Turn{1, 2, 3, 4, 5}) {
		t.Fatalf("replay: turns %v, %v; want turns 1 to 5 and no error", turns, err)
	}

	stop := errors.New("enough")
	if err := Replay(s, 2, rs, func(Step) error { return stop }); err != stop {
		t.Errorf("a callback's error: replay returned %v", err)
	}
	if err := Replay(s, 9, rs, nil); !errors.Is(err, ErrNoGame) {
		t.Errorf("replay of a game not saved: %v, want ErrNoGame", err)
	}

	// Seat 1 gave no orders on turn 3 after all: the autopilot plays it.
	if _, err := s.db.Exec("DELETE FROM orders WHERE game = 2 AND turn = 3 AND seat = 1"); err != nil {
		t.Fatal(err)
	}
	turns = nil
	err = Replay(s, 2, rs, func(st Step) error { turns = append(turns, st.Turn); return nil })
	var mm *MismatchError
	if !errors.As(err, &mm) || mm.Turn != 3 || mm.Have == mm.Want || mm.Diff == "" ||
		!reflect.DeepEqual(turns, []game.Turn{1, 2}) {
		t.Fatalf("replay of tampered orders: turns %v, error %v; want turns 1 and 2, then a mismatch at turn 3", turns, err)
	}
	if !strings.Contains(err.Error(), "turn 3") || !strings.Contains(err.Error(), "Players") {
		t.Errorf("mismatch %q: want the turn and the fields that differ (the players' treasuries)", err)
	}
}

// TestDiff names the fields of two states that differ.
func TestDiff(t *testing.T) {
	rs := testRules(t)
	a, err := rs.NewGame(3, 20, 20, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := a.Clone()
	if d := Diff(a, b); d != "" {
		t.Errorf("equal states: %q", d)
	}
	b.Turn++
	b.Cities = b.Cities[1:]
	b.Players[1].Name = "Zed"
	want := fmt.Sprintf("Turn 1 != 2; Players[1] differs; Cities: %d != %d entries", len(a.Cities), len(b.Cities))
	if have := Diff(a, b); have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}
