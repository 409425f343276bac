package deck

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// seatRuleset is a ruleset of settings that checks seats as the engine
// does: the collection's check for the game the options say.
type seatRuleset struct {
	fakeRuleset
	c *cards.Collection
}

func (r seatRuleset) CheckSeat(opts ruleset.Options, data []byte) ([]ruleset.Rejection, error) {
	g := GameOf(r.c, r, opts)
	_, problems, err := r.c.CheckDeck(g.Type, g.Limits, data)
	return problems, err
}

func (r seatRuleset) DefaultSeat(ruleset.Options) []byte {
	d, _ := r.c.Ready("huns")
	return d.Encode()
}

func (r seatRuleset) Collection() *cards.Collection { return r.c }

// TestChooser: the lobby's part of a Blitzkrieg game: the saved decks,
// then the ready-made ones, each sent with one click; Build a deck opens
// the builder in the lobby's place for that game (its problems the
// server's), whose Use this deck sends the deck and shows the lobby
// again, and the list then holds a deck saved meanwhile. Play vs AI's
// list (Choices) is the same.
func TestChooser(t *testing.T) {
	c := collection(t)
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	cfg := t.TempDir()
	huns, _ := c.Ready("huns")
	if err := storeOf(cfg).Save("Raid", huns, false); err != nil {
		t.Fatal(err)
	}
	rs := seatRuleset{fakeRuleset{settings: []ruleset.Setting{
		{Key: KeyType, Choices: []string{"Open"}},
		{Key: KeyVariation, Choices: []string{"None", "Blitzkrieg", "Southpole", "Slaughterhouse", "Architect"}},
	}}, c}
	var sent [][]byte
	var page *widget.Container
	pages := 0
	setup := module.SeatSetup{Ruleset: rs, Options: ruleset.Options{KeyVariation: 1}, Theme: th, Width: 360, ConfigDir: cfg,
		Send: func(d []byte) { sent = append(sent, d) }, Page: func(p *widget.Container) { page = p; pages++ }}
	drawtest.OnFrame(t, func() {
		ch, err := NewChooser(setup)
		if err != nil {
			t.Fatal(err)
		}
		saveShot(t, render(&ebitenui.UI{Container: ch.Widget(), PrimaryTheme: th.UI()}, 400, 400, 2), "deck-chooser-360.png")
		bs := buttons(ch.Widget(), map[string]*widget.Button{})
		var labels []string
		for _, w := range ch.picks.Children() {
			labels = append(labels, w.(*widget.Button).Text().Label)
		}
		want := []string{"Raid", "Egypt (ready-made)", "Han (ready-made)", "Huns (ready-made)", "Rome (ready-made)"}
		if !slices.Equal(labels, want) {
			t.Errorf("the lobby's decks: %q, want %q", labels, want)
		}
		var listed []string
		for _, sc := range Choices(setup) {
			listed = append(listed, sc.Label)
		}
		if !slices.Equal(listed, want) {
			t.Errorf("Play vs AI's decks: %q, want %q", listed, want)
		}
		if ch.note.Label != "Decks for Open · Blitzkrieg: yours, then the ready-made ones." {
			t.Errorf("the chooser says %q", ch.note.Label)
		}
		bs["Rome (ready-made)"].Click()
		render(&ebitenui.UI{Container: ch.Widget(), PrimaryTheme: th.UI()}, 400, 400, 1)
		rome, _ := c.Ready("rome")
		if len(sent) != 1 || !bytes.Equal(sent[0], rome.Encode()) || ch.note.Label != "Sent: Rome (ready-made)." {
			t.Fatalf("a click on Rome sent %q; the chooser says %q", sent, ch.note.Label)
		}

		// Build a deck: the builder, Rome's deck in it, checked for
		// Blitzkrieg by the ruleset.
		bs["Build a deck"].Click()
		render(&ebitenui.UI{Container: ch.Widget(), PrimaryTheme: th.UI()}, 400, 400, 1)
		if page == nil || pages != 1 {
			t.Fatal("Build a deck opened no page")
		}
		ui := &ebitenui.UI{Container: page, PrimaryTheme: th.UI()}
		render(ui, 1024, 768, 2)
		in := buttons(page, map[string]*widget.Button{})
		if _, ok := in["Decks: None"]; ok {
			t.Error("the builder of a lobby lets the player choose the deck sizes")
		}
		if !slices.Contains(texts(page, nil), "For this game: Open · Blitzkrieg") || !slices.Contains(texts(page, nil), "No problems: a legal deck for Open · Blitzkrieg.") {
			t.Errorf("the lobby's builder says %q", texts(page, nil))
		}
		saveShot(t, render(ui, 1024, 768, 1), "deck-lobby-1024x768.png")
		// Resource Cards out down to 9: the ruleset's problem, Use
		// disabled; two back in: Use sends the deck, the lobby again.
		b := ch.builder
		for b.b.Counts().Supply > 9 {
			l := b.b.Lines()[len(b.b.Lines())-1]
			b.change(l.ID, -1)
		}
		render(ui, 1024, 768, 1)
		if !b.useB.GetWidget().Disabled || !slices.ContainsFunc(texts(page, nil), func(s string) bool {
			return strings.Contains(s, "Supply Pile holds 9 Resource Cards: at least 10")
		}) {
			t.Errorf("9 Resource Cards in a Blitzkrieg game: Use this deck disabled %v; %q", b.useB.GetWidget().Disabled, texts(page, nil))
		}
		b.change(id(t, "EGFENTR1"), +1)
		if err := storeOf(cfg).Save("Legion", rome, false); err != nil {
			t.Fatal(err)
		}
		render(ui, 1024, 768, 1)
		b.useB.Click()
		render(ui, 1024, 768, 1)
		if len(sent) != 2 || pages != 2 || page != nil {
			t.Fatalf("Use this deck: %d sent, page %v after %d pages", len(sent), page, pages)
		}
		d, problems, err := c.CheckDeck(cards.OpenGame(), cards.Blitzkrieg, sent[1])
		if pl, su := d.Count(); err != nil || len(problems) > 0 || pl != 29 || su != 10 {
			t.Errorf("the deck used: %d + %d cards, %v %v", pl, su, problems, err)
		}
		render(&ebitenui.UI{Container: ch.Widget(), PrimaryTheme: th.UI()}, 400, 400, 1)
		labels = nil
		for _, w := range ch.picks.Children() {
			labels = append(labels, w.(*widget.Button).Text().Label)
		}
		if labels[0] != "Legion" {
			t.Errorf("back in the lobby, the decks are %q: Legion saved meanwhile is missing", labels)
		}
	})
}
