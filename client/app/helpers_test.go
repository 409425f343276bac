package app

import (
	"testing"

	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
)

// testApp returns a client on the default rules, its rules, and a new game
// of Ann and Bob on a 24x24 map (seed 5).
func testApp(t *testing.T) (*App, *erfworld.Rules, *game.State) {
	t.Helper()
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworld.NewRules(d)
	a, err := New(Options{Rules: rs, Prefs: prefs.Default()})
	if err != nil {
		t.Fatal(err)
	}
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	return a, rs, s
}

// showGame opens a's game screen on player p's view of s, as a FullView
// from the server would.
func showGame(t *testing.T, a *App, s *game.State, p game.PlayerID) *gameScreen {
	t.Helper()
	v := game.NewView(s, p)
	g, err := newGameScreen(a, &protocol.FullView{View: v, Checksum: v.Checksum()})
	if err != nil {
		t.Fatal(err)
	}
	a.game = g
	a.setRoot(g.root, screenGame)
	return g
}
