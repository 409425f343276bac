package lobby

import (
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"empires/server/internal/logbuf"
	"empires/server/store"
	"empires/shared/game"
	"empires/shared/protocol"
)

// TestRestore: a lobby with a store saves a game as it starts, the seat a
// player takes after the start, and every turn; a new lobby on the store
// resumes it where it was, and its players come back with their tokens.
// A saved game it cannot resume (another ruleset's) is logged and left,
// a game over is not resumed, and new games are numbered after every
// saved one.
func TestRestore(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	first := newLobby(t, Options{Store: st})
	ann := hello(t, first, "Ann")
	set := small()
	set.Seats, set.Bots, set.TurnSeconds, set.Password = 4, 1, 60, "pw"
	annTok := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set})).Token
	ann.do(&protocol.SetReady{Ready: true})
	ann.send(&protocol.StartGame{})
	await[*protocol.FullView](ann)
	bob := hello(t, first, "Bob")
	bob.send(&protocol.JoinGame{Game: 1, Password: "pw"})
	bobTok := await[*protocol.Joined](bob).Token
	await[*protocol.FullView](bob)
	for _, c := range []*tconn{ann, bob} {
		c.send(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})
		c.send(&protocol.SetReady{Ready: true, Seq: 1})
	}
	await[*protocol.TurnUpdate](ann)
	await[*protocol.TurnUpdate](bob)
	first.Close()

	if err := st.SaveGame(7, protocol.Settings{Name: "modded", Ruleset: "other", Seats: 2}, nil); err != nil {
		t.Fatal(err)
	}
	over := set
	over.Name = "finished"
	if err := st.SaveGame(6, over, nil); err != nil {
		t.Fatal(err)
	}
	at2, err := store.At(st, 1, builtin(t).Default(), 2)
	if err != nil {
		t.Fatal(err)
	}
	data, err := at2.Save()
	if err != nil {
		t.Fatal(err)
	}
	done, err := game.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	done.Over, done.Winner = true, 1
	save, err := game.Encode(done)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SaveState(6, store.State{Seq: 2, Save: save, Over: true, Winner: 1}); err != nil {
		t.Fatal(err)
	}

	logs := &logbuf.Buffer{}
	second := newLobby(t, Options{Store: st, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if n, err := second.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want game 1 resumed", n, err)
	}
	if !strings.Contains(logs.String(), "cannot resume a saved game") || !strings.Contains(logs.String(), `ruleset \"other\"`) {
		t.Errorf("the game of another ruleset: logs %q", logs.String())
	}
	watcher := hello(t, second, "Watcher")
	list := watcher.do(&protocol.ListGames{})
	games := find[*protocol.GameList](t, list).Games
	if len(games) != 1 || games[0].Game != 1 || !games[0].Started || games[0].Turn != 2 || games[0].Humans != 2 ||
		!games[0].HasPassword {
		t.Fatalf("games after the restore: %+v, want game 1 started, on turn 2, with Ann and Bob and a password", games)
	}
	for _, c := range []struct {
		name string
		tok  protocol.SeatToken
		seat protocol.Seat
	}{{"Ann", annTok, 1}, {"Bob", bobTok, 2}} {
		back := hello(t, second, c.name)
		back.send(&protocol.JoinGame{Game: 1, Token: c.tok})
		if j := await[*protocol.Joined](back); j.Seat != c.seat {
			t.Fatalf("%s rejoined %+v, want seat %d", c.name, j, c.seat)
		}
		if v := viewOf(t, await[*protocol.FullView](back)); v.Turn != 2 || v.You != game.PlayerID(c.seat) {
			t.Fatalf("%s's view after the restore: turn %d of player %d", c.name, v.Turn, v.You)
		}
	}
	eve := hello(t, second, "Eve")
	eve.fails(&protocol.JoinGame{Game: 1, Seat: 3}, protocol.BadPassword, "needs a password")
	if j := find[*protocol.Joined](t, eve.do(&protocol.CreateGame{Settings: small()})); j.Game != 8 {
		t.Fatalf("a new game is %s, want game 8: after every saved one", j.Game)
	}
}

// TestRestoreNone: a lobby that resumes none of the saved games (a server
// whose games are for replays) still numbers its new games after them, so
// it never overwrites one.
func TestRestoreNone(t *testing.T) {
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.SaveGame(5, small(), nil); err != nil {
		t.Fatal(err)
	}
	l := newLobby(t, Options{Store: st})
	if n, err := l.Restore(func(protocol.GameID) bool { return false }); n != 0 || err != nil {
		t.Fatalf("Restore(none) = %d, %v; want nothing resumed", n, err)
	}
	ann := hello(t, l, "Ann")
	if j := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: small()})); j.Game != 6 {
		t.Fatalf("a new game is %s, want game 6: after the saved one", j.Game)
	}
	if g, err := st.Game(5); err != nil || g.Settings.Name != small().Name {
		t.Errorf("the saved game after a new one: %+v, %v; want it unchanged", g, err)
	}
}
