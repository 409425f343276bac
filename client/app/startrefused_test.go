package app

import (
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/protocol"
)

// TestStartRefusedSaysWhy: a game the embedded server refuses to create
// (a map size for a ruleset without a map) is said on the screen the
// player looks at, with a way back to the menu; "Starting the game
// server ..." stayed up for good.
func TestStartRefusedSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		start func(*App, protocol.Settings)
	}{
		{"Play vs AI", (*App).PlayAI},
		{"Host LAN game", func(a *App, set protocol.Settings) { a.opts.LANAddr = "127.0.0.1:0"; a.Host(set) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t, "Ann", prefs.Default(), t.TempDir())
			tc.start(a, protocol.Settings{Ruleset: "risk", Width: 32, Height: 24, Seats: 4, Bots: 3, Seed: 7})
			settle(t, a, "the refusal shown", func() bool {
				return hasText(a.ui.Container, "Cannot start the game")
			})
			if !hasText(a.ui.Container, "no map") {
				t.Errorf("the message does not say why (the server's words: no map)")
			}
			a.ui.Container.Validate()
			if !press(a.ui.Container, "Main menu") {
				t.Fatal("no Main menu button under the message")
			}
			a.ui.Container.Validate()
			if hasText(a.ui.Container, "Cannot start") || findButtonPrefix(a.ui.Container, "Play vs AI") == nil {
				t.Error("Main menu did not lead back to the main menu")
			}
			if a.conn != nil {
				t.Errorf("still connected to the server that refused the game")
			}
		})
	}
}

// hasText reports whether a text under c contains s.
func hasText(c widget.Containerer, s string) bool {
	found := false
	walkUI(c, func(w widget.PreferredSizeLocateableWidget) {
		if x, ok := w.(*widget.Text); ok && strings.Contains(x.Label, s) {
			found = true
		}
	})
	return found
}
