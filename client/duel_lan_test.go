package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"empires/client/app"
)

// TestDuelTwoPlayers plays Duel between two people over the server: two
// real clients, each in a window of its own (its own X server), driven
// with the pointer and the keys. Ann hosts a LAN game of Duel for two
// seats and no bots (Host LAN game, Duel, the seats' − and, by Tab and
// Enter, the bots' −, 2 min to answer, a turn timer of 60 s), Bob types the host's address
// on the Join screen, connects, picks the game in the list and joins;
// each picks the balanced deck with a click in the lobby, both say Ready,
// and the game starts. Then, in windows of 960x640, each lays a card in every
// offering, attacks the other in every attack turn, and answers every
// question the other's attack asks (Block when a card blocks, else Take
// the hit), until the game is over for both. Each client's screens at the
// first attack and the first question are kept (EMPIRES_SCREENSHOTS).
func TestDuelTwoPlayers(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	addr := freeAddr(t)
	menu := func(p *app.Probe) bool { return p.Screen == "menu" }
	host := startDriver(t, bin, []string{"-lan", addr, "-name", "Ann"}, menu)
	guest := startDriver(t, bin, []string{"-name", "Bob"}, menu)

	// Ann hosts: Duel, 2 seats, no bots.
	host.press("Host LAN game")
	host.press("Duel")
	host.frames(5)
	typeSeed(host, "7")
	host.press("−") // the seats: 4 by default
	host.press("−")
	// The bots' − has the seats' label: Tab reaches it after the seed's
	// field and the seats' +.
	for host.read().Focused != "input" {
		host.key("Tab")
	}
	host.key("Tab", "Tab")
	host.key("Return")
	p := host.read()
	if i := slices.Index(p.Texts, "of which bots"); i < 0 || p.Texts[i-1] != "2" || p.Texts[i+1] != "0" {
		t.Fatalf("the form's seats: %q, want 2 seats of which 0 bots", p.Texts)
	}
	host.press("2 min") // Time to answer
	host.press("60 s")  // the turn timer
	host.press("Start")
	host.wait("the lobby", func(p *app.Probe) bool { return p.Screen == "lobby" })

	// Bob joins: the host's address typed, Connect, the game picked.
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
	// The list's first game is a little below the Connect button: a click
	// there picks it, and Join may be pressed.
	picked := false
	for dy := 20; dy < 100 && !picked; dy += 6 {
		guest.click(c.Min.X, c.Max.Y+dy, 1)
		picked = !guest.read().Buttons["Join"].Disabled
	}
	if !picked {
		t.Fatalf("no click below Connect picks Ann's game: %q", guest.read().Texts)
	}
	guest.press("Join")
	guest.wait("the lobby", func(p *app.Probe) bool { return p.Screen == "lobby" })
	// Each brings the balanced deck: one click in the lobby's deck box.
	for _, d := range []*driver{host, guest} {
		d.press("Balanced")
		d.wait("the deck accepted", func(p *app.Probe) bool {
			return slices.Contains(p.Texts, "Your deck is chosen: the server accepted it.")
		})
	}
	guest.press("Ready")
	host.press("Ready")
	// Everyone ready, the game starts; or Ann, the host, starts it.
	host.wait("the game or Start game", func(p *app.Probe) bool {
		b, ok := p.Buttons["Start game"]
		return p.Screen == "game" || ok && !b.Disabled
	})
	host.pressUnless("Start game", func(p *app.Probe) bool { return p.Screen == "game" })
	inGame := func(p *app.Probe) bool { return p.Screen == "game" && len(duelMarks(p, "card")) > 0 }
	host.wait("Ann's table", inGame)
	guest.wait("Bob's table", inGame)
	// The game at the smallest window the client takes: the software
	// rasterizer's cost goes with the window's pixels, and the test plays
	// the game, it does not check its layout at a size.
	host.resize(960, 640)
	guest.resize(960, 640)

	// They play to the end, each with the pointer and Enter. A guard
	// against a game that hangs: no move for waitLimit.
	players := []*duel{{d: host, name: "duel-lan-ann-960x640"}, {d: guest, name: "duel-lan-bob-960x640"}}
	last := time.Now()
	for {
		over := 0
		for _, g := range players {
			p := g.d.read()
			switch m := duelMove(p); m {
			case "over":
				over++
			case "":
			default:
				g.play(p)
				last = time.Now()
			}
		}
		if over == len(players) {
			break
		}
		if time.Since(last) > waitLimit {
			t.Fatalf("no move for %v: Ann's probe %+v; Bob's %+v", waitLimit, host.read(), guest.read())
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, g := range players {
		p := g.d.read()
		t.Logf("%s: %d offerings, %d attacks, %d questions (%d blocks, %d hits), %d log lines",
			g.name, g.offers, g.attacks, g.questions, g.blocks, g.hits, p.Log)
		if g.offers == 0 || g.attacks == 0 || g.questions == 0 {
			t.Errorf("%s: %d offerings, %d attacks, %d questions answered: not a game played", g.name, g.offers, g.attacks, g.questions)
		}
		if !strings.HasSuffix(g.countdown, " left") {
			t.Errorf("%s: the last question's countdown says %q", g.name, g.countdown)
		}
		// Each table shows the other's hand.
		if hands := duelMarks(p, "hand"); len(hands) != 1 {
			t.Errorf("%s: %d other hands on the table", g.name, len(hands))
		}
	}
	if players[0].attacks != players[1].questions || players[1].attacks != players[0].questions {
		t.Errorf("Ann attacked %d times and Bob was asked %d times; Bob attacked %d times and Ann was asked %d times",
			players[0].attacks, players[1].questions, players[1].attacks, players[0].questions)
	}
}
