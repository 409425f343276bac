package app

import (
	"testing"

	"empires/client/conn"
	"empires/client/modules"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/registry"
)

// testApp returns a client of the build's rulesets and modules, the rules
// of its erfworld, and a new game of Ann and Bob on a 24x24 map (seed 5).
func testApp(t *testing.T) (*App, *erfworld.Rules, *game.State) {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	mods, err := modules.Default()
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(Options{Rulesets: reg, Modules: mods, Prefs: prefs.Default()})
	if err != nil {
		t.Fatal(err)
	}
	rs := erfworldRules(t, a)
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	return a, rs, s
}

// erfworldRules returns the engine's rules of a's erfworld.
func erfworldRules(t *testing.T, a *App) *erfworld.Rules {
	t.Helper()
	hr, _, err := a.hexRuleset("erfworld")
	if err != nil {
		t.Fatal(err)
	}
	return hr.Rules().(*erfworld.Rules)
}

// showGame opens a's game screen on player p's view of s, as a FullView
// from the server would.
func showGame(t *testing.T, a *App, s *game.State, p game.PlayerID) *gameScreen {
	t.Helper()
	v := game.NewView(s, p)
	data, err := game.EncodeView(v)
	if err != nil {
		t.Fatal(err)
	}
	hr, _, err := a.hexRuleset(s.Ruleset)
	if err != nil {
		t.Fatal(err)
	}
	a.play = conn.NewGame(hr)
	g, err := newGameScreen(a, a.play, &protocol.FullView{View: data, Checksum: v.Checksum()})
	if err != nil {
		t.Fatal(err)
	}
	a.game = g
	a.setRoot(g.root, screenGame)
	return g
}

// hexScreen returns a's game screen of a game on the hex engine, nil if it
// shows none.
func hexScreen(a *App) *gameScreen {
	g, _ := a.game.(*gameScreen)
	return g
}

// turnUpdate is the TurnUpdate taking a player's view prev to next, with
// events, as the server sends it.
func turnUpdate(t *testing.T, prev, next *game.View, events []game.Event) *protocol.TurnUpdate {
	t.Helper()
	delta, err := game.EncodeDelta(game.Diff(prev, next))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := hexgame.EncodeEvents(events)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: delta, Checksum: next.Checksum(), Events: ev}
}
