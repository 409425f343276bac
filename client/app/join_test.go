package app

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"empires/server/host"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// waitLimit only keeps a broken test from hanging: every wait ends long
// before it in a passing run.
const waitLimit = 2 * time.Minute

// startHost starts a server of rulesets (modded against builtin) on
// loopback for the test.
func startHost(t *testing.T, rulesets, builtin *ruleset.Registry) *host.Running {
	t.Helper()
	cfg := host.DefaultConfig()
	cfg.Rulesets, cfg.Builtin = rulesets, builtin
	srv, err := host.Start(cfg, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Errorf("stop the server: %v", err)
		}
	})
	return srv
}

// settle hands a what the network delivers, waiting for it, until done
// holds.
func settle(t *testing.T, a *App, what string, done func() bool) {
	t.Helper()
	deadline := time.After(waitLimit)
	for !done() {
		var events <-chan conn.Event
		if a.conn != nil {
			events = a.conn.Events()
		}
		select {
		case r := <-a.dialing:
			a.dialed(r)
		case ev, ok := <-events:
			if !ok {
				t.Fatalf("%s: the connection closed", what)
			}
			a.handle(ev)
		case <-deadline:
			t.Fatalf("%s: not done in %v", what, waitLimit)
		}
	}
}

// TestNewGameHere: connected to a server from Join, the client lists the
// server's rulesets; New game here makes a game of one of them on it, and
// its lobby opens.
func TestNewGameHere(t *testing.T) {
	a, _, _ := testApp(t)
	srv := startHost(t, a.opts.Rulesets, a.opts.Rulesets)
	a.showJoin()
	a.Connect(srv.Addr().String())
	settle(t, a, "connect", func() bool { return a.conn != nil })

	a.showCreate()
	if a.setup == nil || a.screen != screenMenu {
		t.Fatal("New game here shows no setup")
	}
	a.createHere(protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 3, Bots: 1})
	settle(t, a, "create", func() bool { return a.screen == screenLobby && a.table != nil })
	if a.table.Settings.Ruleset != "erfworld" || a.joined == nil || a.joined.Seat != 1 {
		t.Errorf("the lobby of %+v, joined %+v: want an erfworld game, the player at seat 1", a.table.Settings, a.joined)
	}
	if a.play == nil || a.play.Ruleset() == nil || a.play.Info().Modded {
		t.Errorf("the game's ruleset: %+v, want the build's own erfworld", a.play)
	}
}

// TestJoinModdedGame: a game of the host's mod (another currency) needs
// nothing from the player: the client fetches the host's rules as it takes
// its seat, keeps them in its cache under their hash, and the game screen
// plays them.
func TestJoinModdedGame(t *testing.T) {
	a, _, _ := testApp(t)
	cache := t.TempDir()
	a.rules = conn.NewRules(a.opts.Rulesets, cache)
	own, _ := a.opts.Rulesets.Get("erfworld")
	data := bytes.Replace(own.Data(), []byte(`currency = "Schmuckers"`), []byte(`currency = "Crowns"`), 1)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, erfworld.File), data, 0o644); err != nil {
		t.Fatal(err)
	}
	mod, err := registry.New(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := startHost(t, mod, a.opts.Rulesets)
	a.showJoin()
	a.Connect(srv.Addr().String())
	settle(t, a, "connect", func() bool { return a.conn != nil })
	if in, _ := conn.Info(a.conn.Welcome(), "erfworld"); !in.Modded || in.Hash != ruleset.HashData(data) {
		t.Fatalf("the server describes erfworld as %+v, want the mod's hash, modded", in)
	}

	a.createHere(protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 2, Bots: 1})
	settle(t, a, "create", func() bool { return a.screen == screenLobby })
	a.send(&protocol.SetReady{Ready: true})
	settle(t, a, "start", func() bool { return a.game != nil })
	if have := hexOf(a.game).Model().Rules().Currency(); have != "Crowns" {
		t.Errorf("the game plays with %s, want the mod's Crowns", have)
	}
	a.game.hud.update()
	if have := a.game.hud.money.Label; !strings.HasPrefix(have, "Crowns ") {
		t.Errorf("the top bar's money %q, want it in Crowns", have)
	}
	if a.play.Ruleset().Info().Hash != ruleset.HashData(data) {
		t.Error("the game's ruleset is not the mod's")
	}
	if saved, err := os.ReadFile(filepath.Join(cache, ruleset.HashData(data))); err != nil || !bytes.Equal(saved, data) {
		t.Errorf("the cache holds %d bytes under the mod's hash (%v), want the mod's %d", len(saved), err, len(data))
	}
}

// TestConnectTriesAgain: Join's Connect to an address where no server
// listens tries again, saying on the status line which attempt failed and
// why, and at the end says what failed and how many attempts were made.
func TestConnectTriesAgain(t *testing.T) {
	a, _, _ := testApp(t)
	addr := freeAddr(t) // nothing listens there
	a.showJoin()
	a.Connect(addr)
	notes := dialToEnd(t, a)
	if len(notes) < 2 || !strings.Contains(notes[0], "attempt 1 failed, trying again in") ||
		!strings.Contains(notes[0], "cannot reach the server") {
		t.Errorf("status lines %q: want the first to say attempt 1 failed, why, and that the client tries again", notes)
	}
	last := a.join.Status()
	for _, want := range []string{"cannot reach the server at ws://" + addr, fmt.Sprintf("gave up after %d attempts", conn.DefaultDialAttempts)} {
		if !strings.Contains(last, want) {
			t.Errorf("the last status %q, want it to say %q", last, want)
		}
	}
}

// TestConnectCertificateInWords: Join's Connect to a wss:// server whose
// certificate the machine does not trust says so in words on the status
// line at once ("is not trusted"), without trying again, as the
// connection words it (conn.CertError).
func TestConnectCertificateInWords(t *testing.T) {
	a, _, _ := testApp(t)
	srv := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(srv.Close)
	addr := "wss://" + strings.TrimPrefix(srv.URL, "https://")
	a.showJoin()
	a.Connect(addr)
	notes := dialToEnd(t, a)
	last := a.join.Status()
	if !strings.Contains(last, "certificate") || !strings.Contains(last, "not trusted") {
		t.Errorf("the status %q, want it to say in words that the server's certificate is not trusted", last)
	}
	for _, n := range notes[:max(0, len(notes)-1)] {
		if strings.Contains(n, "trying again") {
			t.Errorf("status line %q: a certificate the machine does not trust is tried again", n)
		}
	}
}

// dialToEnd polls Join's dial until it ends and returns the status lines
// it showed on the way, in order.
func dialToEnd(t *testing.T, a *App) []string {
	t.Helper()
	var notes []string
	deadline := time.After(waitLimit)
	for a.dialing != nil {
		if a.pollDial() {
			notes = append(notes, a.join.Status())
			continue
		}
		select {
		case <-deadline:
			t.Fatalf("the dial did not end in %v; status lines %q", waitLimit, notes)
		case <-time.After(10 * time.Millisecond):
		}
	}
	return notes
}
