package duel

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/internal/drawtest"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/protocol"
	rules "empires/shared/rules/duel"
)

// clickCursor is a mouse that rests at a point and clicks there once when
// told to: pressed for a frame, then released.
type clickCursor struct {
	x, y           int
	frame, pressAt int // the frame of the press; 0: none
}

func (c *clickCursor) Update()                    { c.frame++ }
func (c *clickCursor) AfterUpdate()               {}
func (c *clickCursor) Draw(*ebiten.Image)         {}
func (c *clickCursor) AfterDraw(*ebiten.Image)    {}
func (c *clickCursor) CursorPosition() (int, int) { return c.x, c.y }
func (c *clickCursor) GetCursorImage(string) *ebiten.Image {
	return nil
}
func (c *clickCursor) GetCursorOffset(string) image.Point { return image.Point{} }
func (c *clickCursor) MouseButtonPressed(b ebiten.MouseButton) bool {
	return b == ebiten.MouseButtonLeft && c.pressAt != 0 && c.frame == c.pressAt
}
func (c *clickCursor) MouseButtonJustPressed(b ebiten.MouseButton) bool {
	return c.MouseButtonPressed(b)
}
func (c *clickCursor) MouseButtonJustReleased(b ebiten.MouseButton) bool {
	return b == ebiten.MouseButtonLeft && c.pressAt != 0 && c.frame == c.pressAt+1
}

// clickAt moves the cursor to the middle of r and clicks on the next frame.
func (c *clickCursor) clickAt(r image.Rectangle) {
	c.x, c.y = r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2
	c.pressAt = c.frame + 1
}

// drawUI runs ui for n frames on a w by h screen and returns the last
// frame's pixels. It runs in the game loop.
func drawUI(ui *ebitenui.UI, w, h, n int) *image.RGBA {
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

// duelLobby returns the lobby of a Duel game of 20 seats (the most), the
// player at seat 2 with no deck yet: the seat table at its longest beside
// the deck box.
func duelLobby() *protocol.Lobby {
	m := &protocol.Lobby{Game: 3, Host: 1,
		Settings: protocol.Settings{Name: "Cards at the inn", Ruleset: rules.ID, Seats: 20, Bots: 4, TurnSeconds: 60}}
	for i := range 20 {
		s := protocol.SeatInfo{Seat: protocol.Seat(i + 1)}
		switch {
		case i < 14:
			s.Name, s.Human, s.Connected, s.Ready, s.HasData = fmt.Sprintf("Player %d", i+1), true, true, i%3 == 0, i%2 == 0
		case i >= 16:
			s.Name, s.Bot, s.Ready, s.HasData = fmt.Sprintf("Bot %d", i+1), true, true, true
		}
		m.Seats = append(m.Seats, s)
	}
	m.Seats[1].HasData = false
	return m
}

// findIn returns the button labelled label under w, nil if none.
func findIn(w widget.PreferredSizeLocateableWidget, label string) *widget.Button {
	switch x := w.(type) {
	case *widget.Button:
		if x.Text() != nil && x.Text().Label == label {
			return x
		}
	case *widget.Container:
		for _, ch := range x.Children() {
			if b := findIn(ch, label); b != nil {
				return b
			}
		}
	}
	return nil
}

// shown calls f on every widget under w that is shown, depth first, not
// looking inside scroll containers (whose content runs past their view).
func shown(w widget.HasWidget, f func(widget.HasWidget)) {
	if w.GetWidget().GetVisibility() != widget.Visibility_Show {
		return
	}
	f(w)
	if c, ok := w.(*widget.Container); ok {
		for _, ch := range c.Children() {
			shown(ch, f)
		}
	}
}

// entryOf returns the list's line of the card named name.
func entryOf(t *testing.T, c *Chooser, name string) entry {
	t.Helper()
	card := named(t, c.b.Deck(), name)
	i := slices.IndexFunc(c.entries, func(e entry) bool { return e.card == card })
	if i < 0 {
		t.Fatalf("no line of the %s", name)
	}
	return c.entries[i]
}

// TestSeatChooser: Duel's module gives the lobby its chooser, and no
// buttons of the lobby's own.
func TestSeatChooser(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	w, choices := module.SeatChoices(Module{}, module.SeatSetup{Ruleset: rules.New(), Theme: th, Width: 360})
	if w == nil || choices != nil {
		t.Fatalf("SeatChoices of Duel: %v, %v; want the chooser and no buttons", w, choices)
	}
	w.(*widget.Container).Validate()
	if findIn(w, "High cards") == nil || findIn(w, "Send deck") == nil {
		t.Error("the chooser has no High cards or Send deck button")
	}
}

// TestChooserKeys: Enter on a + that takes a card to its last copy
// disables that +, and the keyboard's focus goes to the line's −, so
// that Enter goes on working; the same the other way. Send deck sends
// nothing while the rules find a problem.
func TestChooserKeys(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	r := rules.New()
	var sent [][]byte
	c := NewChooser(r, module.SeatSetup{Ruleset: r, Theme: th, Width: 360, Send: func(d []byte) { sent = append(sent, d) }})
	c.Widget().Validate()
	e := entryOf(t, c, "2 of cups") // not in the balanced deck
	press := func(b *widget.Button) {
		b.Click()
		event.ExecuteDeferred()
	}
	e.plus.Focus(true)
	press(e.plus)
	press(e.plus)
	if c.b.Count(e.card) != 2 || !e.plus.GetWidget().Disabled || e.plus.IsFocused() || !e.minus.IsFocused() {
		t.Errorf("after + twice: %d copies, + disabled %v focused %v, − focused %v; want 2, the focus on −",
			c.b.Count(e.card), e.plus.GetWidget().Disabled, e.plus.IsFocused(), e.minus.IsFocused())
	}
	press(e.minus)
	press(e.minus)
	if c.b.Count(e.card) != 0 || !e.minus.GetWidget().Disabled || !e.plus.IsFocused() {
		t.Errorf("after − twice: %d copies, − disabled %v, + focused %v; want none, the focus on +",
			c.b.Count(e.card), e.minus.GetWidget().Disabled, e.plus.IsFocused())
	}
	press(c.clearB)
	press(c.sendB)
	if c.b.Size() != 0 || len(sent) != 0 {
		t.Errorf("Clear, then Send deck: %d cards, %d decks sent; want an empty deck and nothing sent", c.b.Size(), len(sent))
	}
	if line, bad := c.Status(); !bad || line != "Not yet: the deck holds 0 cards, want 20." {
		t.Errorf("an empty deck's line: %q", line)
	}
}

// TestChooserInLobby: in the lobby of a Duel game of 20 seats at 1024x768
// and 1920x1080 the chooser fits the deck box, inside the window, its card
// list scrolling in its frame. The player clicks "High cards" where it is
// drawn: it is sent and the editor holds it. Then − on its one 8 of cups
// (19 cards: Send deck is disabled and the problem says why), + on the 1
// of cups (20 again) and Send deck: the deck sent holds the 1 of cups and
// no 8 of cups. Focused with the keyboard, a line low in the list
// scrolls into sight.
func TestChooserInLobby(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	cursor := &clickCursor{x: -100, y: -100}
	input.SetCursorUpdater(cursor)
	defer input.SetCursorUpdater(nil)
	r := rules.New()
	d := r.Deck()
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		shot := func(stage string) string { return fmt.Sprintf("deckchooser-%s-%dx%d.png", stage, size[0], size[1]) }
		window := image.Rect(0, 0, size[0], size[1])
		var sent [][]byte
		send := func(data []byte) { sent = append(sent, data) }
		l := menu.NewLobby(th, menu.LobbyActions{Leave: func() {}, SeatData: send,
			Rulesets: []protocol.RulesetInfo{{ID: rules.ID, Title: "Duel", SeatSetup: true}}})
		c := NewChooser(r, module.SeatSetup{Ruleset: r, Theme: th, Width: 360, Send: send})
		l.SetSeatSetup(c.Widget(), nil)
		l.Update(duelLobby(), 2)
		ui := &ebitenui.UI{Container: l.Container()}
		var img *image.RGBA
		drawtest.OnFrame(t, func() { img = drawUI(ui, size[0], size[1], 3) })
		saveShot(t, img, shot("lobby"))

		shown(l.Container(), func(w widget.HasWidget) {
			if r := w.GetWidget().Rect; !r.Empty() && !r.In(window) {
				t.Errorf("%v: a %T at %v, out of the window", size, w, r)
			}
		})
		view := c.scroll.ViewRect()
		if view.Dy() < chooserListHeight-8 || !view.In(window) {
			t.Errorf("%v: the card list's view %v", size, view)
		}
		if len(sent) != 0 {
			t.Fatalf("%v: sent %d decks before any click", size, len(sent))
		}

		// High cards, clicked where it is drawn.
		high := findIn(c.Widget(), "High cards")
		drawtest.OnFrame(t, func() {
			cursor.clickAt(high.GetWidget().Rect)
			drawUI(ui, size[0], size[1], 3)
		})
		want := c.ready[1]
		if len(sent) != 1 || !c.b.Same(want.Cards) {
			t.Fatalf("%v: clicking High cards sent %d decks; the editor holds %v", size, len(sent), c.b.Cards())
		}
		if cards, problems, err := d.ReadPlayerDeck(sent[0]); err != nil || len(problems) > 0 || !slices.Equal(cards, want.Cards) {
			t.Errorf("%v: High cards sent %v (%v, %v), want its cards", size, cards, problems, err)
		}
		if line, bad := c.Status(); bad || line != "Sent: High cards, the highest ranks, 8 to 10." {
			t.Errorf("%v: after High cards the line says %q", size, line)
		}

		// − on the 8 of cups: 19 cards, Send deck disabled.
		eight, one := entryOf(t, c, "8 of cups"), entryOf(t, c, "1 of cups")
		for _, b := range []*widget.Button{eight.minus, one.plus} {
			if r := b.GetWidget().Rect; !r.In(view) {
				t.Fatalf("%v: a button at %v, out of the list's view %v", size, r, view)
			}
		}
		drawtest.OnFrame(t, func() {
			cursor.clickAt(eight.minus.GetWidget().Rect)
			img = drawUI(ui, size[0], size[1], 3)
		})
		saveShot(t, img, shot("19"))
		if c.b.Count(named(t, d, "8 of cups")) != 0 || c.size.Label != "19 of 20 cards" || !c.sendB.GetWidget().Disabled {
			t.Errorf("%v: after − on the 8 of cups: %d of it, %q, Send deck disabled %v", size,
				c.b.Count(named(t, d, "8 of cups")), c.size.Label, c.sendB.GetWidget().Disabled)
		}
		if want := "Not yet: the deck holds 19 cards, want 20."; c.status.Label != want {
			t.Errorf("%v: the line says %q, want %q", size, c.status.Label, want)
		}
		if findIn(c.Widget(), "High cards").GetWidget().Disabled {
			t.Errorf("%v: a ready deck's button is disabled", size)
		}

		// + on the 1 of cups: 20 again, and Send deck sends it.
		drawtest.OnFrame(t, func() {
			cursor.clickAt(one.plus.GetWidget().Rect)
			drawUI(ui, size[0], size[1], 3)
		})
		if c.size.Label != "20 of 20 cards" || c.sendB.GetWidget().Disabled {
			t.Fatalf("%v: after + on the 1 of cups: %q, Send deck disabled %v; line %q", size, c.size.Label, c.sendB.GetWidget().Disabled, c.status.Label)
		}
		drawtest.OnFrame(t, func() {
			cursor.clickAt(c.sendB.GetWidget().Rect)
			img = drawUI(ui, size[0], size[1], 3)
		})
		saveShot(t, img, shot("sent"))
		if len(sent) != 2 {
			t.Fatalf("%v: %d decks sent, want High cards and the deck built", size, len(sent))
		}
		cards, problems, err := d.ReadPlayerDeck(sent[1])
		if err != nil || len(problems) > 0 || !slices.Equal(cards, c.b.Cards()) ||
			!slices.Contains(cards, named(t, d, "1 of cups")) || countOf(cards, named(t, d, "8 of cups")) != 0 {
			t.Errorf("%v: sent %v (%v, %v), want the deck built", size, cards, problems, err)
		}
		if line, _ := c.Status(); line != "Sent: your own deck." {
			t.Errorf("%v: after Send deck the line says %q", size, line)
		}

		// The keyboard's focus on the last line's − (its + is disabled: the
		// deck holds both 10 of clubs) scrolls it into sight, ringed.
		last := c.entries[len(c.entries)-1]
		drawtest.OnFrame(t, func() {
			last.minus.Focus(true)
			img = drawUI(ui, size[0], size[1], 4)
		})
		saveShot(t, img, shot("focus"))
		r := last.minus.GetWidget().Rect
		if !r.In(c.scroll.ViewRect()) {
			t.Errorf("%v: the focused − of the %s at %v, out of the list's view %v", size, d.Name(last.card), r, c.scroll.ViewRect())
		}
		f := th.Palette().Focus
		below := image.Rect(r.Min.X, r.Max.Y, r.Max.X, r.Max.Y+8) // the ring's lower edge
		if ring := count(img, below, color.RGBA{f.R, f.G, f.B, 255}, 40); ring < r.Dx()/2 {
			t.Errorf("%v: %d pixels of the focus ring under the focused − at %v", size, ring, r)
		}
		last.minus.Focus(false)
	}
}

// countOf returns how many of cards are c.
func countOf(cards []rules.Card, c rules.Card) int {
	n := 0
	for _, x := range cards {
		if x == c {
			n++
		}
	}
	return n
}

// TestChooserModDeck: a mod's deck file of 8 suits of long names and 50
// ranks gets a chooser of its own cards that fits the deck box of a
// lobby at 1024x768: the names cut to fit ("10 of longsuitnam…"), every
// line as wide as the list's view at most, and the ready decks valid.
func TestChooserModDeck(t *testing.T) {
	th, err := menu.NewTheme()
	if err != nil {
		t.Fatal(err)
	}
	r := modRules(t, "abcdefghijklmnop bcdefghijklmnopq cdefghijklmnopqr defghijklmnopqrs efghijklmnopqrst fghijklmnopqrstu ghijklmnopqrstuv hijklmnopqrstuvw", 1, 50, 60, 4)
	l := menu.NewLobby(th, menu.LobbyActions{Leave: func() {}, SeatData: func([]byte) {},
		Rulesets: []protocol.RulesetInfo{{ID: rules.ID, Title: "Duel", SeatSetup: true}}})
	c := NewChooser(r, module.SeatSetup{Ruleset: r, Theme: th, Width: 360, Send: func([]byte) {}})
	l.SetSeatSetup(c.Widget(), nil)
	l.Update(duelLobby(), 2)
	ui := &ebitenui.UI{Container: l.Container()}
	var img *image.RGBA
	drawtest.OnFrame(t, func() { img = drawUI(ui, 1024, 768, 3) })
	saveShot(t, img, "deckchooser-mod-1024x768.png")
	window := image.Rect(0, 0, 1024, 768)
	shown(l.Container(), func(w widget.HasWidget) {
		if r := w.GetWidget().Rect; !r.Empty() && !r.In(window) {
			t.Errorf("a %T at %v, out of the window", w, r)
		}
	})
	if len(c.entries) != 8*50 {
		t.Fatalf("%d lines in the list, want the deck file's 400 cards", len(c.entries))
	}
	view := c.scroll.ViewRect()
	for _, e := range c.entries[:4] {
		if r := e.plus.GetWidget().Rect; r.Max.X > view.Max.X || r.Min.X < view.Min.X {
			t.Errorf("the + of the %s at %v, out of the list's view %v", c.b.Deck().Name(e.card), r, view)
		}
	}
	if name := c.entries[9].name.Label; !strings.HasPrefix(name, "10 of ") || !strings.HasSuffix(name, "…") {
		t.Errorf("the 10 of the first suit is named %q, want it cut to fit", name)
	}
	if len(c.ready) < 2 {
		t.Errorf("ready decks of the mod: %d", len(c.ready))
	}
}
