package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"empires/client/app"
	"empires/client/module/generals/deck"
	"empires/client/modules"
)

// TestGeneralsDeckBuilder: a player builds a deck of Empires and Generals
// from the main menu, with the pointer and the keys, in a window of
// 1024x768. Decks opens the builder; the filters Huns and General leave
// the Huns' four Generals; two clicks on Hun Chieftain put two in the deck
// ("General 2/5"), and the deck's problem says the Draw Pile is short.
// Load, then the Huns' ready-made deck: no problem. A click on Hun
// Chieftain adds a sixth General (6/5 against the balanced deck), a
// right-click takes it out again. The deck sizes of a Southpole game make a problem
// appear ("at least 400"), those of a standard game make it go. Save with
// no name asks for one in the Name field; typed, Save keeps the deck as a
// file of the player's configuration folder, in the deck's own text. The
// builder is kept at 1024x768 and 1920x1080 (EMPIRES_SCREENSHOTS). Then,
// in a build with the generals client module, Ann hosts a game of Empires
// and Generals: its lobby offers Horde, one click sends it and the server
// accepts it ("deck chosen"); Build a deck opens the builder for that game
// with Horde in it, and Use this deck sends it and shows the lobby again.
func TestGeneralsDeckBuilder(t *testing.T) {
	t.Parallel()
	bin := buildClient(t)
	addr := freeAddr(t)
	d := startDriver(t, bin, []string{"-lan", addr, "-name", "Ann"}, func(p *app.Probe) bool { return p.Screen == "menu" })
	d.resize(1024, 768)
	d.frames(3)
	has := func(s string) func(p *app.Probe) bool {
		return func(p *app.Probe) bool { return slices.Contains(p.Texts, s) }
	}

	d.press("Decks")
	d.wait("the deck builder", has("Decks · Empires and Generals"))
	d.press("Huns")
	d.press("General")
	p := d.wait("the Huns' Generals", has("Page 1 of 1 · 4 cards"))
	for _, name := range []string{"Attila, Scourge of God", "Bleda, Elder King", "Uldin the Raider", "Hun Chieftain"} {
		if _, ok := p.Buttons[name]; !ok {
			t.Errorf("the Huns' Generals lack %s: %v", name, p.Buttons)
		}
	}
	d.press("Hun Chieftain")
	d.press("Hun Chieftain")
	p = d.wait("two Hun Chieftains", has("General 2/5"))
	if !slices.Contains(p.Texts, "The Draw Pile holds 2 Playing Cards: at least 25") {
		t.Errorf("two cards in the deck, and the problems say %q", p.Texts)
	}
	d.screenshot()
	keepShot(d, "gdeck-two-1024x768")

	d.press("Load")
	d.press("Huns (ready-made)/Load")
	d.wait("the Huns' deck, legal", has("No problems: a legal deck for Open."))
	d.press("Hun Chieftain")
	d.wait("a sixth General", has("General 6/5"))
	r := d.button("Hun Chieftain")
	c := r.Min.Add(r.Max).Div(2)
	d.click(c.X, c.Y, 3)
	d.wait("a right-click took it out", has("General 5/5"))

	// A problem appears with the Southpole's deck sizes, and goes.
	d.press("Decks: None")
	d.press("Decks: Blitzkrieg")
	p = d.wait("the Southpole's problem", has("The decks hold 49 cards: at least 400"))
	if b := p.Buttons["Use this deck"]; b.Rect != [4]int{} {
		t.Errorf("the builder opened from the menu offers Use this deck")
	}
	d.press("Decks: Southpole")
	d.wait("no problem again", has("No problems: a legal deck for Open."))

	// Save: a name asked for, typed, the deck kept.
	d.press("Save")
	d.wait("a name asked for", has("A deck needs a name: type it in the Name field, then Save."))
	if f := d.read().Focused; f != "input" {
		t.Errorf("Save without a name leaves the focus on %q, not the Name field", f)
	}
	d.xdo("type", "--delay", "60", "Horde")
	d.frames(5)
	d.press("Save")
	d.wait("saved", has("Saved as Horde."))
	file := filepath.Join(filepath.Dir(d.shots), "decks", "generals", "Horde.deck")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the saved deck: %v", err)
	}
	if !strings.Contains(string(data), "generals deck 1\n") || !strings.Contains(string(data), "EGFETHG4 1\n") {
		t.Errorf("Horde.deck holds %q", data)
	}
	d.screenshot()
	keepShot(d, "gdeck-saved-1024x768")
	d.resize(1920, 1080)
	d.frames(5)
	d.press("All types")
	d.wait("every Hun card", func(p *app.Probe) bool {
		return slices.ContainsFunc(p.Texts, func(s string) bool { return strings.HasSuffix(s, " · 24 cards") })
	})
	d.screenshot()
	keepShot(d, "gdeck-saved-1920x1080")

	// Load lists it.
	d.press("Load")
	p = d.wait("Horde listed", func(p *app.Probe) bool { _, ok := p.Buttons["Horde/Load"]; return ok })
	if !slices.Contains(p.Texts, "29 Playing + 20 Resource Cards") {
		t.Errorf("the saved Horde is listed as %q", p.Texts)
	}
	d.press("Back")
	d.wait("the main menu", func(p *app.Probe) bool { _, ok := p.Buttons["Play vs AI"]; return ok })

	// The lobby of a game of Empires and Generals offers Horde: one click
	// sends it, the server accepts it. Build a deck opens the builder for
	// the game; Use this deck sends the deck and shows the lobby again.
	// This needs the generals client module in the build.
	if mods, err := modules.Default(); err != nil {
		t.Fatal(err)
	} else if _, ok := mods.Get(deck.RulesetID); !ok {
		t.Log("the build has no client module of generals: its lobby is not tried")
		return
	}
	// (The form of Empires and Generals is wider than 1024 pixels.)
	d.press("Host LAN game")
	d.press("Empires and Generals")
	d.frames(3)
	d.press("Start")
	d.wait("the lobby's deck box", func(p *app.Probe) bool { _, ok := p.Buttons["Horde"]; return p.Screen == "lobby" && ok })
	d.press("Horde")
	accepted := "Your deck is chosen: the server accepted it."
	d.wait("Horde accepted", func(p *app.Probe) bool {
		return slices.Contains(p.Texts, accepted) && slices.Contains(p.Texts, "deck chosen") && slices.Contains(p.Texts, "Sent: Horde.")
	})
	d.resize(1024, 768)
	d.frames(5) // the lobby laid out again for the window
	d.screenshot()
	keepShot(d, "gdeck-lobby-1024x768")
	d.press("Build a deck")
	p = d.wait("the builder for the game", has("For this game: Open"))
	if !slices.Contains(p.Texts, "General 5/5") {
		t.Errorf("the builder opens without the deck sent: %q", p.Texts)
	}
	d.press("Use this deck")
	d.wait("the lobby again, the deck accepted", func(p *app.Probe) bool {
		return p.Screen == "lobby" && slices.Contains(p.Texts, accepted) && slices.Contains(p.Texts, "Sent: the deck built.")
	})
}
