package deck

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/shared/rules/generals/cards"
)

// The tests that draw run in a real window, under Xvfb: TestMain runs the
// game loop. Without a display they are skipped (in CI they fail).
// EMPIRES_SHOTS=DIR saves their pictures in DIR, to look at.

func TestMain(m *testing.M) { drawtest.Main(m, "deck builder tests") }

// render lays ui out on a w by h screen for n frames and returns the
// last frame's pixels. It runs in the game loop.
func render(ui *ebitenui.UI, w, h, n int) *image.RGBA {
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	for range n {
		ui.Update()
		img.Clear()
		ui.Draw(img)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// saveShot writes img to name in $EMPIRES_SHOTS, if set.
func saveShot(t *testing.T, img image.Image, name string) {
	t.Helper()
	dir := os.Getenv("EMPIRES_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// buttons returns the buttons under c by label, the first of a label.
func buttons(c widget.Containerer, out map[string]*widget.Button) map[string]*widget.Button {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Button:
			if x.Text() != nil {
				if _, ok := out[x.Text().Label]; !ok {
					out[x.Text().Label] = x
				}
			}
		case widget.Containerer:
			buttons(x, out)
		case *widget.ScrollContainer:
			if c, ok := x.GetWidget().CustomData.(widget.Containerer); ok {
				buttons(c, out)
			}
		}
	}
	return out
}

// texts returns the labels of the texts under c.
func texts(c widget.Containerer, out []string) []string {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Text:
			out = append(out, x.Label)
		case widget.Containerer:
			out = texts(x, out)
		}
	}
	return out
}

// TestScreenDraws: the builder at 1024x768 and 1920x1080: as many cards
// as fit beside the deck, none over it or off the window; a click on a
// card adds a copy (its face says so), the counts and the problems follow;
// the filters narrow the grid; a loaded ready-made deck is legal.
func TestScreenDraws(t *testing.T) {
	c := collection(t)
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range []image.Point{{1024, 768}, {1920, 1080}} {
		drawtest.OnFrame(t, func() {
			s, err := NewScreen(Options{Theme: th, Collection: c, Store: Store{Dir: t.TempDir()}, Back: func() {}})
			if err != nil {
				t.Fatal(err)
			}
			ui := &ebitenui.UI{Container: s.Container(), PrimaryTheme: th.UI()}
			render(ui, sz.X, sz.Y, 3)
			win := image.Rect(0, 0, sz.X, sz.Y)
			panel := s.counts.GetWidget().Rect
			if len(s.tiles) < 4 {
				t.Fatalf("%v: %d cards in the grid, want 4 at least", sz, len(s.tiles))
			}
			for _, tl := range s.tiles {
				r := tl.b.GetWidget().Rect
				if !r.In(win) || r.Max.X > panel.Min.X {
					t.Errorf("%v: the card %s at %v: off the window or over the deck (at %v)", sz, tl.card.Name, r, panel)
				}
			}
			if sz.X == 1920 && len(s.tiles) < 14 {
				t.Errorf("at 1920x1080 the grid shows %d cards, want 14 at least", len(s.tiles))
			}
			if !slices.Contains(texts(s.root, nil), "The Draw Pile holds 0 Playing Cards: at least 25") {
				t.Errorf("%v: the empty deck's problems are not shown: %q", sz, texts(s.problems, nil))
			}
			name := strings.ToLower(sz.String())
			saveShot(t, render(ui, sz.X, sz.Y, 1), "deck-empty-"+name+".png")

			// The Huns, Generals: a click on Hun Chieftain adds a copy.
			bs := buttons(s.root, map[string]*widget.Button{})
			bs["Huns"].Click()
			bs["General"].Click()
			render(ui, sz.X, sz.Y, 2)
			if len(s.tiles) != 4 {
				t.Errorf("%v: the Huns' Generals: %d cards", sz, len(s.tiles))
			}
			buttons(s.grid, map[string]*widget.Button{})["Hun Chieftain"].Click()
			render(ui, sz.X, sz.Y, 2)
			if have := s.b.Copies(id(t, "EGFETHG4")); have != 1 {
				t.Errorf("%v: a click on Hun Chieftain: %d copies", sz, have)
			}
			if !slices.Contains(texts(s.root, nil), "General 1/5") || s.status.Label != "Added Hun Chieftain: 1 in the deck." {
				t.Errorf("%v: after a click: %q", sz, texts(s.root, nil))
			}
			attila, _ := c.Card(id(t, "EGFETHG1"))
			if have := s.cardText(attila); !strings.Contains(have, "kill: draw 1") || !strings.Contains(have, "the grass will not grow again") {
				t.Errorf("%v: Attila's tooltip: %q", sz, have)
			}
			saveShot(t, render(ui, sz.X, sz.Y, 1), "deck-huns-generals-"+name+".png")

			// Load: the library, then the Romans' ready-made deck.
			buttons(s.root, map[string]*widget.Button{})["Load"].Click()
			render(ui, sz.X, sz.Y, 2)
			saveShot(t, render(ui, sz.X, sz.Y, 1), "deck-library-"+name+".png")
			lib := buttons(s.main, map[string]*widget.Button{})
			if _, ok := lib["Back to the cards"]; !ok {
				t.Fatalf("%v: Load shows no library: %v", sz, texts(s.main, nil))
			}
			s.loadReady("rome")
			render(ui, sz.X, sz.Y, 2)
			if len(s.Problems()) != 0 {
				t.Errorf("%v: the Romans' ready-made deck has problems: %v", sz, s.Problems())
			}
			if have := texts(s.root, nil); !slices.Contains(have, "No problems: a legal deck for Open.") || !slices.Contains(have, "Playing Cards 29 · Resource Cards 20 (at least 25 Playing)") {
				t.Errorf("%v: the Romans' deck: %q", sz, have)
			}
			saveShot(t, render(ui, sz.X, sz.Y, 1), "deck-rome-"+name+".png")

			// The longest game type and the Southpole's sizes: the head
			// still fits, and the Huns' house rule bars the Romans.
			for i := 0; !strings.HasPrefix(s.games[s.game].Name, "One empire's cards: The Huns"); i++ {
				if i == len(s.games) {
					t.Fatalf("no house rule of the Huns among %v", s.games)
				}
				buttons(s.root, map[string]*widget.Button{})["Game: "+s.games[s.game].Name].Click()
				render(ui, sz.X, sz.Y, 1)
			}
			buttons(s.root, map[string]*widget.Button{})["Decks: None"].Click()
			render(ui, sz.X, sz.Y, 1)
			buttons(s.root, map[string]*widget.Button{})["Decks: Blitzkrieg"].Click()
			render(ui, sz.X, sz.Y, 2)
			for _, label := range []string{"Back", "Decks: Southpole"} {
				if r := buttons(s.root, map[string]*widget.Button{})[label].GetWidget().Rect; !r.In(win) {
					t.Errorf("%v: %s at %v, off the window", sz, label, r)
				}
			}
			if p := s.Problems(); len(p) == 0 || !strings.Contains(p[0].Reason, "is barred by the house rule") {
				t.Errorf("%v: the Romans' deck in a game of the Huns' cards: %v", sz, p)
			}
			saveShot(t, render(ui, sz.X, sz.Y, 1), "deck-house-"+name+".png")
		})
	}
}

// TestScreenSaveLoad: the page saves a deck under its name, refuses a
// name taken, loads a broken file with its problems and never saves over
// it, and Delete asks twice.
func TestScreenSaveLoad(t *testing.T) {
	c := collection(t)
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	st := Store{Dir: dir}
	var used []byte
	drawtest.OnFrame(t, func() {
		s, err := NewScreen(Options{Theme: th, Collection: c, Store: st, Use: func(d []byte) { used = d },
			Game: &Game{Type: cards.OpenGame(), Limits: cards.Blitzkrieg, Words: "Open · Blitzkrieg", Exact: true}})
		if err != nil {
			t.Fatal(err)
		}
		s.loadReady("huns")
		s.nameIn.SetText("Raid")
		s.save()
		if s.current != "Raid" || s.status.Label != "Saved as Raid." {
			t.Errorf("Save of a new deck named Raid: %q (current %q)", s.status.Label, s.current)
		}
		s.loadReady("rome")
		s.nameIn.SetText("Raid")
		s.saveAs()
		if !strings.Contains(s.status.Label, `There is a deck named "Raid" already`) {
			t.Errorf("Save as over Raid: %q", s.status.Label)
		}
		if sv, _ := st.Load("Raid"); !holdsReady(c, sv.Deck, "huns") {
			t.Error("Raid was overwritten by Save as")
		}
		if !s.useB.GetWidget().Disabled {
			s.use()
		}
		if used == nil || !s.Sent(used) {
			t.Errorf("Use this deck of the Romans' deck sent %q", used)
		}

		// A broken file: its good lines load, its problems show, Save
		// refuses to write over it.
		if err := os.WriteFile(filepath.Join(dir, "Typo.deck"), []byte("generals deck 1\nEGFETHS4 3\nEGFETHZ4 2\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		sv, _ := st.Load("Typo")
		s.load(sv)
		if s.b.Copies(id(t, "EGFETHS4")) != 3 || len(s.fileProblems) != 1 || !s.saveB.GetWidget().Disabled {
			t.Errorf("the broken Typo loaded: %d Horseman Platoons, file problems %v, Save disabled %v",
				s.b.Copies(id(t, "EGFETHS4")), s.fileProblems, s.saveB.GetWidget().Disabled)
		}
		if !strings.HasPrefix(s.Problems()[0].Reason, "line 3 of the file: ") || !s.useB.GetWidget().Disabled {
			t.Errorf("the broken Typo's problems: %v; Use this deck disabled %v", s.Problems(), s.useB.GetWidget().Disabled)
		}
		s.save()
		if data, _ := os.ReadFile(filepath.Join(dir, "Typo.deck")); string(data) != "generals deck 1\nEGFETHS4 3\nEGFETHZ4 2\n" {
			t.Errorf("Typo.deck was overwritten: %q", data)
		}

		// Delete asks twice.
		s.load(mustLoad(t, st, "Raid"))
		s.deleteCurrent()
		if _, err := st.Load("Raid"); err != nil {
			t.Error("Raid deleted at the first press of Delete")
		}
		s.deleteCurrent()
		if _, err := st.Load("Raid"); err == nil {
			t.Error("Raid not deleted at the second press of Delete")
		}
	})
}

// mustLoad loads the saved deck name.
func mustLoad(t *testing.T, st Store, name string) Saved {
	t.Helper()
	sv, err := st.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sv
}

// holdsReady reports whether d holds the ready-made deck name.
func holdsReady(c *cards.Collection, d cards.Deck, name string) bool {
	b := NewBuilder(c, cards.OpenGame(), cards.Standard)
	b.Set(d)
	r, _ := c.Ready(name)
	return b.Same(r)
}
