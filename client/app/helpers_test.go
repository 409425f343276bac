package app

import (
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/module/hexscreen"
	"empires/client/modules"
	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
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
	a, err := New(Options{Rulesets: reg, Builtin: registry.Default, Modules: mods, Prefs: prefs.Default()})
	if err != nil {
		t.Fatal(err)
	}
	rs := hexRuleset(t, a, "erfworld").Rules().(*erfworld.Rules)
	s, err := rs.NewGame(5, 24, 24, 2, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	return a, rs, s
}

// hexRuleset returns a's ruleset id, a game on the hex engine.
func hexRuleset(t *testing.T, a *App, id string) *hexgame.Ruleset {
	t.Helper()
	rs, ok := a.opts.Rulesets.Get(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	hr, ok := rs.(*hexgame.Ruleset)
	if !ok {
		t.Fatalf("%s is a %T, not a game on hexes", id, rs)
	}
	return hr
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
	a.play = conn.NewGame(hexRuleset(t, a, s.Ruleset))
	g, err := newGameScreen(a, a.play, &protocol.FullView{View: data, Checksum: v.Checksum()})
	if err != nil {
		t.Fatal(err)
	}
	a.game = g
	a.setRoot(g.root, screenGame)
	return g
}

// hexOf returns the hex screen g shows, nil if it shows another.
func hexOf(g *gameScreen) *hexscreen.Screen {
	hx, _ := g.scr.(*hexscreen.Screen)
	return hx
}

// turnUpdate is the TurnUpdate taking a player's view prev to next, with
// events, as the server sends it.
func turnUpdate(t *testing.T, prev, next *game.View, events []game.Event) *protocol.TurnUpdate {
	t.Helper()
	delta, err := game.EncodeDelta(game.Diff(prev, next))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := hexgame.EncodeEvents(events, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &protocol.TurnUpdate{Delta: delta, Checksum: next.Checksum(), Events: ev}
}

// press clicks the first button under c whose label begins with label,
// as ebitenui does on a click, and reports whether there was one.
func press(c widget.Containerer, label string) bool {
	b := findButtonPrefix(c, label)
	if b == nil {
		return false
	}
	b.Click()
	event.ExecuteDeferred()
	return true
}

// findButtonPrefix returns the first button under c whose label begins
// with prefix, nil if none.
func findButtonPrefix(c widget.Containerer, prefix string) *widget.Button {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Button:
			if x.Text() != nil && strings.HasPrefix(x.Text().Label, prefix) {
				return x
			}
		case widget.Containerer:
			if b := findButtonPrefix(x, prefix); b != nil {
				return b
			}
		case *widget.ScrollContainer: // a scroll panel that names its content
			if content, ok := x.GetWidget().CustomData.(widget.Containerer); ok {
				if b := findButtonPrefix(content, prefix); b != nil {
					return b
				}
			}
		}
	}
	return nil
}

// pressInRow clicks the button labelled label in the row under c that a
// text heads (the side panel's rows of small buttons: "Recruit Infantry"
// 1, 2, ...), and reports whether there was one.
func pressInRow(c widget.Containerer, heading, label string) bool {
	for _, w := range c.Children() {
		row, ok := w.(widget.Containerer)
		if !ok {
			continue
		}
		kids := row.Children()
		if len(kids) > 0 {
			if t, ok := kids[0].(*widget.Text); ok && t.Label == heading {
				for _, k := range kids[1:] {
					if b, ok := k.(*widget.Button); ok && b.Text() != nil && b.Text().Label == label {
						b.Click()
						event.ExecuteDeferred()
						return true
					}
				}
			}
		}
		if pressInRow(row, heading, label) {
			return true
		}
	}
	return false
}
