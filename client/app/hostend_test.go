package app

import (
	"errors"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"empires/client/modules"
	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
)

// newTestApp returns a client of the build's rulesets and modules, named
// name, with its preferences p kept in dir ("" for none).
func newTestApp(t *testing.T, name string, p prefs.Prefs, dir string) *App {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	mods, err := modules.Default()
	if err != nil {
		t.Fatal(err)
	}
	p.Name = name
	a, err := New(Options{Rulesets: reg, Builtin: registry.Default, Modules: mods, Prefs: p, PrefsDir: dir,
		LANAddr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.shutdown)
	return a
}

// TestHostEndsTheGame: Ann hosts a LAN game from her client and Bob joins
// it; once it has started Ann leaves, which stops her client's server.
// Bob's client says, on a screen of its own with a way back to the main
// menu, that the host ended the game, not a connection error, and does
// not try to reconnect to a server that is gone. The playtest's guest got
// a red bar of websocket errors over the top bar's buttons.
func TestHostEndsTheGame(t *testing.T) {
	ann := newTestApp(t, "Ann", prefs.Default(), "")
	bob := newTestApp(t, "Bob", prefs.Default(), "")
	ann.Host(protocol.Settings{Name: "Friday", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 2})
	settle(t, ann, "Ann's lobby", func() bool { return ann.screen == screenLobby && ann.table != nil })

	bob.showJoin()
	bob.Connect(ann.server.Addr().String())
	settle(t, bob, "Bob connected", func() bool { return bob.conn != nil && bob.conn.Welcome() != nil })
	bob.send(&protocol.JoinGame{Game: ann.table.Game})
	settle(t, bob, "Bob's lobby", func() bool { return bob.screen == screenLobby })
	for _, a := range []*App{ann, bob} {
		a.send(&protocol.SetReady{Ready: true})
	}
	settle(t, bob, "Bob's game", func() bool { return bob.game != nil })

	ann.showMainMenu() // Leave, and yes to "leaving ends the game for everyone"
	settle(t, bob, "Bob told", func() bool { return bob.game == nil && bob.conn == nil })
	texts := collectTexts(bob.ui.Container, nil)
	want := []string{"The host ended the game", hostEndedText("Ann")}
	for _, w := range want {
		if !slices.Contains(texts, w) {
			t.Errorf("Bob's screen says %q, want %q", texts, w)
		}
	}
	if strings.Contains(strings.Join(texts, " "), "WebSocket") || bob.status != "" {
		t.Errorf("Bob's screen shows a connection error: %q, status %q", texts, bob.status)
	}
	bob.ui.Container.Validate()
	if !press(bob.ui.Container, "Main menu") {
		t.Fatalf("no Main menu button: %q", texts)
	}
	bob.ui.Container.Validate()
	if findButtonPrefix(bob.ui.Container, "Host LAN game") == nil {
		t.Errorf("after Main menu: %q, want the main menu", collectTexts(bob.ui.Container, nil))
	}
}

// TestReconnectingLine: while the connection is made again the game shows
// a line saying so in words, under the top bar, whose buttons (Menu, to
// leave) stay in sight and in reach; the playtest's guest got the raw
// websocket error in a bar over them.
func TestReconnectingLine(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		showGame(t, a, s, 1)
		const w, h = 1024, 768
		renderApp(a, w, h, 2, nil)
		before := renderApp(a, w, h, 1, func() { a.redraw = true })
		a.handleStatus(conn.Event{Status: conn.Reconnecting, Attempt: 3,
			Err: errors.New("connection lost: cannot reach the server at ws://192.168.1.20:7777/ws: failed to WebSocket dial: connection refused")})
		if want := "Lost the connection to the server: reconnecting (attempt 3) ..."; a.status != want {
			t.Errorf("the line says %q, want %q", a.status, want)
		}
		after := renderApp(a, w, h, 1, func() { a.redraw = true })
		saveShot(t, after, "reconnecting-1024x768.png")
		bar := image.Rect(0, 0, w, topBarHeight)
		if n := differ(before, after, bar); n != 0 {
			t.Errorf("%d pixels of the top bar changed under the line", n)
		}
		banner := color.RGBA{150, 40, 30, 255}
		if n := turnedTo(before, after, banner, 40, image.Rect(0, topBarHeight, w, topBarHeight+30)); n < w {
			t.Errorf("only %d pixels under the top bar turned the line's red", n)
		}
		a.handleStatus(conn.Event{Status: conn.Connected})
		if a.status != "" {
			t.Errorf("connected again, the line still says %q", a.status)
		}
	})
}

// differ counts the pixels of r that differ between a and b.
func differ(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

// turnedTo counts the pixels of r that differ between before and after
// and, in after, are within tol of c in each channel.
func turnedTo(before, after *image.RGBA, c color.RGBA, tol int, r image.Rectangle) int {
	near := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := after.RGBAAt(x, y)
			if p != before.RGBAAt(x, y) && near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				n++
			}
		}
	}
	return n
}
