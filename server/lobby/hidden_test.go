package lobby

import (
	"path/filepath"
	"testing"

	"empires/server/store"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// hiddenRuleset is a ruleset whose games have hidden holdings
// (ruleset.Info.Hidden), for the lobby's tests: the built-in ruleset it
// wraps, saying so.
type hiddenRuleset struct{ ruleset.Ruleset }

func (r hiddenRuleset) Info() ruleset.Info {
	in := r.Ruleset.Info()
	in.Hidden = true
	return in
}

// hiddenErfworld returns the build's rulesets with erfworld saying its
// games have hidden holdings.
func hiddenErfworld(tb testing.TB) *ruleset.Registry {
	tb.Helper()
	var all []ruleset.Ruleset
	for _, rs := range builtin(tb).All() {
		if rs.Info().ID == "erfworld" {
			rs = hiddenRuleset{rs}
		}
		all = append(all, rs)
	}
	r, err := ruleset.NewRegistry(all...)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// TestNoAllSeeingOfHiddenHoldings: the lobby never offers all-seeing
// spectators for a game of hidden holdings: the settings it sends of a
// game created with them, and of one resumed from a store that has them,
// say spectators see what is public; a game of a ruleset without hidden
// holdings keeps them.
func TestNoAllSeeingOfHiddenHoldings(t *testing.T) {
	set := small()
	set.Spectators, set.AllSeeing = true, true
	tests := []struct {
		name string
		reg  *ruleset.Registry
		want bool
	}{
		{"hidden holdings", hiddenErfworld(t), false},
		{"no hidden holdings", builtin(t), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLobby(t, Options{Rulesets: tt.reg})
			ann := hello(t, l, "Ann")
			out := ann.do(&protocol.CreateGame{Settings: set})
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
	reg := hiddenErfworld(t)
	rs, _ := reg.Get("erfworld")
	g, err := rs.New(set.Config([]string{"Ann", "Bob", "Bot 3"}))
	if err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.Seat{{Seat: 1, Name: "Ann", Token: protocol.NewToken()}, {Seat: 2, Name: "Bob", Token: protocol.NewToken()},
		{Seat: 3, Name: "Bot 3", Bot: true}}
	if err := st.SaveGame(4, set, seats); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveState(4, store.State{Seq: g.Step().Seq, Save: save}); err != nil {
		t.Fatal(err)
	}
	l := newLobby(t, Options{Rulesets: reg, Store: st})
	if n, err := l.Restore(nil); n != 1 || err != nil {
		t.Fatalf("Restore = %d, %v; want the game resumed", n, err)
	}
	watcher := hello(t, l, "Watcher")
	if j := find[*protocol.Joined](t, watcher.do(&protocol.JoinGame{Game: 4, Spectate: true})); j.Settings.AllSeeing {
		t.Errorf("a spectator of the resumed game joined with settings %+v, want spectators who are not all-seeing", j.Settings)
	}
}
