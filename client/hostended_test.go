package main

import (
	"slices"
	"strings"
	"testing"

	"empires/client/app"
)

// TestHostEndsLANGame plays the playtest's LAN evening, each client in a
// window of its own, with the pointer and the keys. Ann hosts a LAN game
// of erfworld on a Small map (Host LAN game, Small, Start): her lobby
// tells her that she is not ready, not that "Player at seat 1" is. Bob
// joins by typing her address: his lobby says that he and Ann are to be
// ready, and that the game starts when everyone is (not that the host
// starts it). Both press Ready and the game starts. In it Ann's Settings
// say Close, as on the main menu. Then Ann leaves the game ("Leave and end
// the game"), which stops the server her client runs: Bob's client says
// that the host ended the game, with a Main menu button, instead of a red
// bar of websocket errors over his buttons. Last, Ann's next Host LAN
// game offers the Small map she picked, not Medium. The screens are kept
// at 1024x768 (Ann's) and 1920x1080 (Bob's; his message at both sizes)
// in $EMPIRES_SCREENSHOTS.
func TestHostEndsLANGame(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	addr := freeAddr(t)
	menu := func(p *app.Probe) bool { return p.Screen == "menu" }
	host := startDriver(t, bin, []string{"-lan", addr, "-name", "Ann"}, menu)
	guest := startDriver(t, bin, []string{"-name", "Bob"}, menu)
	host.resize(1024, 768)
	guest.resize(1920, 1080)
	hasText := func(d *driver, what, prefix string) *app.Probe {
		return d.wait(what, func(p *app.Probe) bool {
			return slices.ContainsFunc(p.Texts, func(s string) bool { return strings.HasPrefix(s, prefix) })
		})
	}

	// Ann hosts erfworld on a Small map: 4 seats, 2 of them bots.
	host.press("Settings")
	checkClose(t, host, "the main menu's settings")
	host.press("Close")
	host.press("Host LAN game")
	host.press("Small 32×24")
	host.press("Start")
	host.wait("Ann's lobby", func(p *app.Probe) bool { return p.Screen == "lobby" })
	p := hasText(host, "Ann's lobby line", "You are not ready: press Ready.")
	if slices.ContainsFunc(p.Texts, func(s string) bool { return strings.Contains(s, "at seat") }) {
		t.Errorf("Ann's lobby speaks of a player by seat: %q", p.Texts)
	}
	host.screenshot()
	keepShot(host, "lan-lobby-host-1024x768")

	// Bob types Ann's address, connects and joins her game.
	guest.press("Join game")
	c := guest.button("Connect")
	guest.click(c.Min.X-100, (c.Min.Y+c.Max.Y)/2, 1) // the address field, left of Connect
	guest.wait("the address field focused", func(p *app.Probe) bool { return p.Focused == "input" })
	guest.xdo("key", "--delay", "80", "ctrl+a", "BackSpace")
	guest.frames(5)
	guest.xdo("type", "--delay", "60", addr)
	guest.frames(5)
	guest.press("Connect")
	guest.wait("connected", func(p *app.Probe) bool { return slices.Contains(p.Texts, "Connected to Ann") })
	picked := false
	for dy := 20; dy < 100 && !picked; dy += 6 {
		guest.click(c.Min.X, c.Max.Y+dy, 1)
		picked = !guest.read().Buttons["Join"].Disabled
	}
	if !picked {
		t.Fatalf("no click below Connect picks Ann's game: %q", guest.read().Texts)
	}
	guest.press("Join")
	guest.wait("Bob's lobby", func(p *app.Probe) bool { return p.Screen == "lobby" })
	hasText(guest, "Bob's lobby line",
		"You are not ready: press Ready. Waiting for Ann to be ready. The game starts when everyone is ready.")
	guest.screenshot()
	keepShot(guest, "lan-lobby-guest-1920x1080")

	host.press("Ready")
	hasText(host, "Ann waiting for Bob", "Waiting for Bob to be ready. The game starts when everyone is ready.")
	hasText(guest, "Bob told Ann is ready", "You are not ready: press Ready. The game starts when everyone is ready.")
	guest.press("Ready")
	inGame := func(p *app.Probe) bool { return p.Screen == "game" && p.Turn >= 1 }
	host.wait("Ann's game", inGame)
	guest.wait("Bob's game", inGame)
	host.screenshot()
	keepShot(host, "lan-game-host-1024x768") // the chat field says "Chat (Enter sends)" whole

	// Ann's Settings in the game say Close too.
	host.press("Menu")
	host.press("Settings")
	checkClose(t, host, "the game's settings")
	host.press("Close")

	// Ann leaves, which ends the game for everyone.
	host.press("Menu")
	host.press("Leave the game")
	host.press("Leave and end the game")
	host.wait("Ann's main menu", menu)
	p = guest.wait("Bob told the host ended the game", func(p *app.Probe) bool {
		return p.Screen == "menu" && slices.Contains(p.Texts, "The host ended the game")
	})
	if want := "Ann hosted this game and has left it, which ends it for everyone at the table."; !slices.Contains(p.Texts, want) {
		t.Errorf("Bob's message: %q, want %q", p.Texts, want)
	}
	if slices.ContainsFunc(p.Texts, func(s string) bool { return strings.Contains(s, "WebSocket") }) {
		t.Errorf("Bob is shown a websocket error: %q", p.Texts)
	}
	guest.button("Main menu")
	guest.screenshot()
	keepShot(guest, "lan-host-ended-1920x1080")
	guest.resize(1024, 768)
	guest.screenshot()
	keepShot(guest, "lan-host-ended-1024x768")
	guest.press("Main menu")
	guest.button("Join game")

	// Ann's next LAN game offers the Small map of the last one.
	host.press("Host LAN game")
	host.press("Start")
	host.wait("Ann's second lobby", func(p *app.Probe) bool { return p.Screen == "lobby" })
	p = host.read()
	if !slices.ContainsFunc(p.Texts, func(s string) bool { return strings.Contains(s, "map 32×24") }) {
		t.Errorf("Ann's second game is not on the Small map she picked last: %q", p.Texts)
	}
}

// checkClose checks that the settings on d's screen have a Close button
// and no Back (the playtest found Back in the menus and Close in a game).
func checkClose(t *testing.T, d *driver, where string) {
	t.Helper()
	d.button("Close")
	if _, ok := d.read().Buttons["Back"]; ok {
		t.Errorf("%s have a Back button", where)
	}
}
