package lobby

import (
	"path/filepath"
	"testing"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/rules/duel"
)

// TestNoAllSeeingOfHiddenHoldings: the lobby never offers all-seeing
// spectators for a game of hidden holdings (Duel's hands): the settings it
// sends of a Duel game created with them, and of one resumed from a store
// that has them, say spectators see what is public; a game of a ruleset
// without hidden holdings (erfworld) keeps them.
func TestNoAllSeeingOfHiddenHoldings(t *testing.T) {
	duelSet := protocol.Settings{Ruleset: duel.ID, Seed: 3, Seats: 2, Spectators: true, AllSeeing: true}
	erfSet := small()
	erfSet.Spectators, erfSet.AllSeeing = true, true
	tests := []struct {
		name string
		set  protocol.Settings
		want bool
	}{
		{"hidden holdings", duelSet, false},
		{"no hidden holdings", erfSet, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLobby(t, Options{})
			ann := hello(t, l, "Ann")
			out := ann.do(&protocol.CreateGame{Settings: tt.set})
			if j := find[*protocol.Joined](t, out); j.Settings.AllSeeing != tt.want || !j.Settings.Spectators {
				t.Errorf("joined with settings %+v, want spectators, all-seeing %v", j.Settings, tt.want)
			}
			if lob := find[*protocol.Lobby](t, out); lob.Settings.AllSeeing != tt.want {
				t.Errorf("the lobby's settings %+v, want all-seeing %v", lob.Settings, tt.want)
			}
		})
	}

	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, ok := builtin(t).Get(duel.ID)
	if !ok {
		t.Fatal("no Duel among the build's rulesets")
	}
	g, err := rs.New(duelSet.Config([]string{"Ann", "Bob"}))
	if err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bob", Token: protocol.NewToken()}}
	if err := st.SaveGame(4, duelSet, seats); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveState(4, store.State{Seq: g.Step().Seq, Save: save}); err != nil {
		t.Fatal(err)
	}
	l := newLobby(t, Options{Store: st})
	if n, err := l.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want the game resumed", n, err)
	}
	watcher := hello(t, l, "Watcher")
	if j := find[*protocol.Joined](t, watcher.do(&protocol.JoinGame{Game: 4, Spectate: true})); j.Settings.AllSeeing {
		t.Errorf("a spectator of the resumed game joined with settings %+v, want spectators who are not all-seeing", j.Settings)
	}
}
