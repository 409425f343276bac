package lobby

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"empires/server/store"
	"empires/shared/game"
	"empires/shared/protocol"
)

// TestRestoreVersion1: a lobby resumes the unfinished game of a database
// of the store's schema version 1 (written by a server of that version:
// ../store/testdata/v1.db), at the turn it was at; its players come back
// with their seat tokens and play on, and the turn they play is saved the
// new way: its orders, no state whole (not due), read back by playing the
// game on from the last one.
func TestRestoreVersion1(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "store", "testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), store.FileName)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	saved, err := st.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	l := newLobby(t, Options{Store: st})
	if n, err := l.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want game 1 resumed (game 2 is over)", n, err)
	}
	var players []*tconn
	for i, name := range []string{"Ann", "Bob"} {
		c := hello(t, l, name)
		c.send(&protocol.JoinGame{Game: 1, Token: saved.Seats[i].Token})
		if j := await[*protocol.Joined](c); j.Seat != protocol.Seat(i+1) {
			t.Fatalf("%s rejoined %+v, want seat %d", name, j, i+1)
		}
		if v := viewOf(t, await[*protocol.FullView](c)); v.Turn != 5 || v.You != game.PlayerID(i+1) {
			t.Fatalf("%s's view after the restore: turn %d of player %d; want turn 5", name, v.Turn, v.You)
		}
		players = append(players, c)
	}
	for _, c := range players {
		c.send(&protocol.SubmitOrders{Turn: 5, Seq: 5, Orders: noOrders(t)})
		c.send(&protocol.SetReady{Ready: true, Seq: 5})
	}
	for _, c := range players {
		await[*protocol.TurnUpdate](c)
	}
	g, err := st.Game(1)
	if err != nil || g.Last != 6 || g.First != 1 {
		t.Fatalf("game 1 after a turn: %+v, %v; want steps 1 to 6", g, err)
	}
	if orders, err := st.Orders(1, 5); err != nil || len(orders) != 3 {
		t.Errorf("the orders of turn 5: %+v, %v; want Ann's, Bob's and the bot's", orders, err)
	}
	if _, err := st.Snapshot(1, 6); !errors.Is(err, store.ErrNoGame) {
		t.Errorf("the state of turn 6 is saved whole (%v), want it played from turn 5's", err)
	}
	if _, err := store.At(st, 1, builtin(t).Default(), 6); err != nil {
		t.Errorf("game 1 at turn 6: %v", err)
	}
}
