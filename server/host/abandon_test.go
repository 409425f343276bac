package host_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"empires/server/host"
	"empires/server/lobby"
	"empires/server/match/matchtest"
	"empires/shared/protocol"
)

// leave has c leave its game and waits until the server has handled it:
// LeaveGame has no answer, but a connection's messages are handled in
// order, so the Pong after it says it is done.
func (c *wsClient) leave() {
	c.t.Helper()
	c.send(&protocol.LeaveGame{})
	c.send(&protocol.Ping{})
	expect[*protocol.Pong](c)
}

// soloSettings is a game of one person and a bot, open to spectators.
func soloSettings() protocol.Settings {
	return protocol.Settings{Name: "solo", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 2, Bots: 1,
		Spectators: true}
}

// TestAbandonedFreePlaces is the lockout of the server's places: games
// created and left by their players filled -max-games for good. Now they
// are ended once none of their players has been connected for
// AbandonAfter (the server's sweeper, on its clock), and the places are
// free again.
func TestAbandonedFreePlaces(t *testing.T) {
	clock := matchtest.NewClock()
	cfg := host.DefaultConfig()
	cfg.MaxGames, cfg.GamesPerAddr, cfg.Clock = 10, 0, clock // every client is on loopback
	r, _ := startOps(t, cfg)
	for range 10 {
		c := dial(t, r.URL(), "Mallory")
		c.send(&protocol.CreateGame{Settings: soloSettings()})
		expect[*protocol.Joined](c)
		c.send(&protocol.SetReady{Ready: true})
		expect[*protocol.FullView](c)
		c.leave()
	}
	watcher := dial(t, r.URL(), "Watcher")
	watcher.send(&protocol.JoinGame{Game: 10, Spectate: true})
	expect[*protocol.FullView](watcher)
	ann := dial(t, r.URL(), "Ann")
	ann.send(&protocol.CreateGame{Settings: soloSettings()})
	if e := expect[*protocol.Error](ann); e.Code != protocol.Unavailable || !strings.Contains(e.Message, "the server holds 10 games") {
		t.Fatalf("a game on a full server: %s %q, want unavailable, the server full", e.Code, e.Message)
	}

	clock.Advance(lobby.DefaultAbandonAfter)
	// The games go in order: the last one's spectator hears of it last.
	if e := expect[*protocol.Error](watcher); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, "game 10 was closed: ended") {
		t.Fatalf("the spectator is told %s %q, want game 10 ended", e.Code, e.Message)
	}
	ann.send(&protocol.CreateGame{Settings: soloSettings()})
	if j := expect[*protocol.Joined](ann); j.Game != 11 {
		t.Fatalf("Ann's game after the sweep is %s, want game 11", j.Game)
	}
}

// TestGamesPerAddr: a connection may hold one game it created, and the
// connections of an address four (DefaultConfig): the server counts a
// client's games by its remote IP address.
func TestGamesPerAddr(t *testing.T) {
	r, _ := startOps(t, host.DefaultConfig())
	var first *wsClient
	for i := range host.DefaultGamesPerAddr {
		c, _, _ := startGame(t, r.URL())
		c.leave()
		if i == 0 {
			first = c
		}
	}
	first.send(&protocol.CreateGame{Settings: soloSettings()})
	if e := expect[*protocol.Error](first); e.Code != protocol.NotAllowed ||
		!strings.Contains(e.Message, "lets a connection hold 1 games it created at a time, and you hold game 1") {
		t.Fatalf("a second game of a connection: %s %q, want it not allowed", e.Code, e.Message)
	}
	c := dial(t, r.URL(), "Mallory")
	c.send(&protocol.CreateGame{Settings: soloSettings()})
	if e := expect[*protocol.Error](c); e.Code != protocol.NotAllowed ||
		!strings.Contains(e.Message, "lets an address hold 4 games it created at a time, and you hold game 1, game 2, game 3, game 4") {
		t.Fatalf("a fifth game of an address: %s %q, want it not allowed", e.Code, e.Message)
	}
}

// TestAdminEnd: the admin ends a game with POST /admin/games/ID/end, as
// curl does (the bearer token) or as the page's button does (a form of a
// logged-in session with its CSRF value, sent back to the page); its
// player is told; the page shows an abandoned game's idle time and an End
// button for each game.
func TestAdminEnd(t *testing.T) {
	clock := matchtest.NewClock()
	cfg := host.DefaultConfig()
	cfg.AdminToken, cfg.Clock, cfg.GamesPerAddr = adminToken, clock, 0
	r, base := startOps(t, cfg)
	ann, id, _ := startGame(t, r.URL())
	bob, left, _ := startGame(t, r.URL())
	bob.leave()
	clock.Advance(3 * time.Minute)

	b := login(t, base)
	code, body := b.get(t, "/admin")
	for _, want := range []string{
		`action="/admin/games/1/end"`, `action="/admin/games/2/end"`, `name="csrf" value="` + b.csrf + `"`,
		"Abandoned: no player connected for 3m0s; ended in 7m0s.",
	} {
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET /admin: %d, the page does not say %q:\n%s", code, want, body)
		}
	}
	code, body = request(t, "GET", base+"/admin/games", adminToken)
	var games []lobby.AdminGame
	if err := json.Unmarshal([]byte(body), &games); code != http.StatusOK || err != nil || len(games) != 2 {
		t.Fatalf("GET /admin/games: %d %q (%v)", code, body, err)
	}
	if g := games[1]; g.ID != left || !g.Abandoned || g.IdleSeconds != 180 || g.LeavesInSeconds != 420 || g.CreatedBy != "127.0.0.1" {
		t.Fatalf("the game Bob left: %+v, want it abandoned for 180 s, ending in 420 s, created from 127.0.0.1", g)
	}

	end := func(id protocol.GameID) string { return base + "/admin/games/" + strconv.Itoa(int(id)) + "/end" }
	for _, tt := range []struct {
		url, token string
		code       int
	}{
		{end(id), "", http.StatusUnauthorized},
		{end(id), "wrong", http.StatusUnauthorized},
		{end(99), adminToken, http.StatusNotFound},
		{base + "/admin/games/x/end", adminToken, http.StatusNotFound},
		{end(id), adminToken, http.StatusOK},
		{end(id), adminToken, http.StatusNotFound}, // gone
	} {
		if code, body := request(t, "POST", tt.url, tt.token); code != tt.code {
			t.Errorf("POST %s with token %q: %d %q, want %d", tt.url, tt.token, code, body, tt.code)
		}
	}
	if e := expect[*protocol.Error](ann); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, lobby.ReasonEnded) {
		t.Fatalf("Ann is told %s %q, want %q", e.Code, e.Message, lobby.ReasonEnded)
	}

	for _, tt := range []struct {
		csrf string
		code int
	}{{"", http.StatusForbidden}, {"forged", http.StatusForbidden}, {b.csrf, http.StatusSeeOther}} {
		code, loc := b.post(t, strings.TrimPrefix(end(left), base), tt.csrf)
		if code != tt.code {
			t.Fatalf("the page's End button with CSRF value %q: %d, want %d", tt.csrf, code, tt.code)
		}
		if tt.code == http.StatusSeeOther && loc != "/admin" {
			t.Fatalf("the End button sends back to %q, want the page", loc)
		}
	}
	if code, body := request(t, "GET", base+"/admin/games", adminToken); code != http.StatusOK || strings.TrimSpace(body) != "[]" {
		t.Fatalf("GET /admin/games after both ended: %d %q, want no game", code, body)
	}
}
