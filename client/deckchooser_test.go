package main

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"empires/client/app"
)

// TestDuelDeckChooser: the host of a LAN game of Duel chooses the deck
// to bring in the lobby, with the pointer and the keys, in a window of
// 1024x768. Ann hosts Duel for two seats, one of them a bot; her seat
// has no deck yet. One click on the ready deck "One suit" sends it: the
// server accepts it and the seat table says "deck chosen". In the editor
// she takes a 1 of cups out (19 cards: Send deck is disabled and the line
// says why), scrolls the card list with the wheel to the clubs, puts a 10
// of clubs in (20 cards), and sends the deck with the keyboard (Tab to
// the first ready deck, on through the list to Send deck, Enter): the server accepts it. She
// says Ready, the game starts, and the hand she is dealt is of that deck:
// cups and the 10 of clubs. The lobby is kept at 1024x768 and 1920x1080
// (EMPIRES_SCREENSHOTS).
func TestDuelDeckChooser(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	addr := freeAddr(t)
	d := startDriver(t, bin, []string{"-lan", addr, "-name", "Ann"}, func(p *app.Probe) bool { return p.Screen == "menu" })

	// Ann hosts: Duel, 2 seats of which 1 bot.
	d.press("Host LAN game")
	d.resize(1024, 768)
	d.press("Duel")
	d.frames(5)
	typeSeed(d, "7")
	d.press("−") // the seats: 4 by default
	d.press("−")
	p := d.read()
	if i := slices.Index(p.Texts, "of which bots"); i < 0 || p.Texts[i-1] != "2" || p.Texts[i+1] != "1" {
		t.Fatalf("the form's seats: %q, want 2 seats of which 1 bot", p.Texts)
	}
	d.press("Start")
	p = d.wait("the lobby and its deck box", func(p *app.Probe) bool {
		_, ok := p.Buttons["One suit"]
		return p.Screen == "lobby" && ok
	})
	if !slices.Contains(p.Texts, "no deck yet") {
		t.Errorf("before a deck is chosen the lobby says %q", p.Texts)
	}

	// One click on a ready deck sends it.
	d.press("One suit")
	accepted := "Your deck is chosen: the server accepted it."
	d.wait("One suit accepted", func(p *app.Probe) bool {
		return slices.Contains(p.Texts, accepted) && slices.Contains(p.Texts, "deck chosen") &&
			slices.Contains(p.Texts, "Sent: One suit, cups only, every rank twice.")
	})
	d.screenshot()
	keepShot(d, "deckchooser-lan-chosen-1024x768")

	// − on the 1 of cups: 19 cards, the problem said, Send deck disabled.
	d.press("1 of cups/−")
	p = d.wait("19 cards", func(p *app.Probe) bool { return slices.Contains(p.Texts, "19 of 20 cards") })
	if !slices.Contains(p.Texts, "Not yet: the deck holds 19 cards, want 20.") || !p.Buttons["Send deck"].Disabled {
		t.Errorf("at 19 cards: Send deck %+v; the lobby says %q", p.Buttons["Send deck"], p.Texts)
	}
	d.screenshot()
	keepShot(d, "deckchooser-lan-19-1024x768")

	// The wheel over the list scrolls it down to the clubs.
	r := d.button("1 of cups/−")
	d.move(r.Min.X, r.Max.Y)
	for i := 0; ; i++ {
		if _, ok := d.read().Buttons["10 of clubs/+"]; ok {
			break
		}
		if i == 40 {
			t.Fatalf("40 notches of the wheel do not bring the 10 of clubs into sight: %v", d.read().Buttons)
		}
		d.xdo("click", "5")
		d.frames(2)
	}
	if _, ok := d.read().Buttons["1 of cups/−"]; ok {
		t.Error("the list scrolled to the clubs still shows the 1 of cups")
	}
	d.press("10 of clubs/+")
	p = d.wait("20 cards", func(p *app.Probe) bool { return slices.Contains(p.Texts, "20 of 20 cards") })
	if p.Buttons["Send deck"].Disabled {
		t.Errorf("at 20 cards Send deck is disabled; the lobby says %q", p.Texts)
	}

	// Send deck with the keyboard: Tab goes to the first ready deck, then
	// through the list's buttons to Send deck; Enter presses it.
	d.key("Tab")
	if f := d.read().Focused; f != "Balanced" {
		t.Errorf("the first Tab in the lobby focuses %q, want the first ready deck", f)
	}
	for i := 0; d.read().Focused != "Send deck"; i++ {
		if i == 100 {
			t.Fatalf("100 Tabs do not reach Send deck: the focus is on %q", d.read().Focused)
		}
		d.key("Tab")
	}
	d.key("Return")
	d.wait("the deck sent and accepted", func(p *app.Probe) bool {
		return slices.Contains(p.Texts, "Sent: your own deck.") && slices.Contains(p.Texts, accepted)
	})
	d.screenshot()
	keepShot(d, "deckchooser-lan-sent-1024x768")
	d.resize(1920, 1080)
	d.frames(3)
	d.screenshot()
	keepShot(d, "deckchooser-lan-sent-1920x1080")

	// Ready: the game starts, and Ann's hand is of her deck.
	d.press("Ready")
	d.wait("the game or Start game", func(p *app.Probe) bool {
		b, ok := p.Buttons["Start game"]
		return p.Screen == "game" || ok && !b.Disabled
	})
	d.pressUnless("Start game", func(p *app.Probe) bool { return p.Screen == "game" })
	p = d.wait("Ann's hand", func(p *app.Probe) bool { return p.Screen == "game" && len(duelMarks(p, "card")) == 5 })
	for _, m := range duelMarks(p, "card") {
		rank, err := strconv.Atoi(strings.Fields(m.Name)[0])
		if !strings.HasSuffix(m.Name, " of cups") && m.Name != "10 of clubs" || err != nil || rank < 1 || rank > 10 {
			t.Errorf("Ann is dealt the %s: not a card of her deck (cups and the 10 of clubs)", m.Name)
		}
	}
}
