package menu

import (
	"bytes"
	"fmt"
	goimage "image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/input"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/shared/protocol"
	"empires/shared/rules/duel"
)

// duelInfo returns Duel's RulesetInfo as a server's Welcome gives it:
// its settings, and SeatSetup, each player bringing a deck.
func duelInfo() protocol.RulesetInfo {
	in := protocol.InfoOf(duel.New().Info(), false)
	in.SeatSetup = true
	return in
}

// bigTable returns a lobby of a 20-seat game of Duel, every setting of
// Duel's chosen: people with long names, some ready, some with a deck, two
// open seats and four bots.
func bigTable() *protocol.Lobby {
	m := &protocol.Lobby{Game: 12, Host: 1,
		Settings: protocol.Settings{Name: "Twenty at the table", Ruleset: duel.ID, Seats: 20, Bots: 4, TurnSeconds: 60, Seed: 20,
			Options: []protocol.Option{{Key: duel.KeyRounds, Value: 12}, {Key: duel.KeyAnswer, Value: 3}, {Key: duel.KeyTurn, Value: 4}}}}
	names := []string{"Stanley the Tool", "Parson Jillian", "Wanda Firebaugh", "Ansom of Haggar", "Maggie", "Vinnie Doom",
		"Bogroll", "Charlie of Charlescomm", "Ossomer", "Lord Hamstar", "Sizemore", "Tramennis Crossbow", "Jack Stormbringer", "Misty Shoogar"}
	for i := range 20 {
		s := protocol.SeatInfo{Seat: protocol.Seat(i + 1)}
		switch {
		case i < len(names):
			s.Name, s.Human, s.Connected, s.Ready, s.HasData = names[i], true, i%5 != 3, i%3 == 0, i%2 == 0
		case i >= 16:
			s.Name, s.Bot, s.Ready, s.HasData = fmt.Sprintf("Bot %d", i+1), true, true, true
		}
		m.Seats = append(m.Seats, s)
	}
	return m
}

// clickCursor is a mouse that rests at a point and clicks there once when
// told to: pressed for a frame, then released.
type clickCursor struct {
	fakeCursor
	frame, pressAt int // the frame of the press; 0: none
}

func (c *clickCursor) Update() { c.frame++ }
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
func (c *clickCursor) clickAt(r goimage.Rectangle) {
	c.x, c.y = r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2
	c.pressAt = c.frame + 1
}

// TestLobbyTwentySeats: the lobby of a 20-seat game of Duel (its real
// RulesetInfo, settings and standard deck) at 1024x768 and 1920x1080
// draws the game's settings in Duel's words, every seat's name, type,
// status and deck inside the window, no two cells over each other,
// nothing out of the window, the deck box beside the table; the player
// clicks "Use the standard deck" where it is drawn and the lobby sends
// Duel's balanced deck, then shows every problem Duel found in a deck.
func TestLobbyTwentySeats(t *testing.T) {
	th := newTestTheme(t)
	cursor := &clickCursor{fakeCursor: fakeCursor{x: -100, y: -100}}
	input.SetCursorUpdater(cursor)
	defer input.SetCursorUpdater(nil)
	rules := duel.New()
	standard := rules.DefaultSeat(nil)
	problems, err := rules.CheckSeat(nil, []byte("# my first try\n7 stars\n11 cups\n3 coins\n3 coins\n3 coins\n"))
	if err != nil || len(problems) != 4 {
		t.Fatalf("Duel finds %d problems (%v) in a deck with 4", len(problems), err)
	}
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		var sent [][]byte
		l := NewLobby(th, LobbyActions{Leave: func() {}, SeatData: func(d []byte) { sent = append(sent, d) },
			Rulesets: []protocol.RulesetInfo{duelInfo()}})
		l.SetSeatSetup(nil, []SeatChoice{{Label: StandardDeck, Data: standard}})
		m := bigTable()
		l.Update(m, 2)
		ui := &ebitenui.UI{Container: l.Container()}
		var img *goimage.RGBA
		onFrame(t, func() { img = render(ui, size[0], size[1], 3) })
		saveShot(t, img, fmt.Sprintf("lobby-20-seats-%dx%d.png", size[0], size[1]))

		window := goimage.Rect(0, 0, size[0], size[1])
		walk(l.Container(), func(w widget.HasWidget) bool {
			if w.GetWidget().GetVisibility() != widget.Visibility_Show {
				return false
			}
			if r := w.GetWidget().Rect; !r.Empty() && !r.In(window) {
				t.Errorf("%v: a %T at %v, out of the window", size, w, r)
			}
			return true
		})
		// The game's settings, in Duel's words, inside the window.
		want := "Duel · rounds 12 · time to answer 1 min · time per turn 10 min · 20 seats, 4 bots · turn timer 60 s · seed 20"
		if !strings.HasPrefix(l.summary.Label, want) || !fits(l.summary, window) {
			t.Errorf("%v: the settings say %q at %v, want %q first, inside the window", size, l.summary.Label, l.summary.GetWidget().Rect, want)
		}

		// Every seat's row: its name (cut to fit, but never to nothing)
		// and its deck, each laid out inside the window, a row below the
		// one before; no cell over another, none over the deck box.
		cells := l.seats.Children()
		cols := len(seatColumns(true))
		if len(cells) != cols*21 {
			t.Fatalf("%v: %d cells in the seat table, want a header and 20 rows of %d", size, len(cells), cols)
		}
		box := l.deck.root.GetWidget().Rect
		for i, c := range cells {
			tx := c.(*widget.Text)
			if w, _ := tx.PreferredSize(); !fits(tx, window) || tx.GetWidget().Rect.Overlaps(box) {
				t.Errorf("%v: cell %d %q at %v, %d wide drawn: not inside the window, or over the deck box at %v", size, i, tx.Label, tx.GetWidget().Rect, w, box)
			}
			for j, d := range cells[:i] {
				if r := d.GetWidget().Rect; r.Overlaps(tx.GetWidget().Rect) {
					t.Errorf("%v: cell %d %q at %v lies over cell %d %q at %v", size, i, tx.Label, tx.GetWidget().Rect, j, d.(*widget.Text).Label, r)
				}
			}
		}
		lastY := -1
		for i, s := range m.Seats {
			name := cells[(i+1)*cols+1].(*widget.Text)
			deck := cells[(i+1)*cols+4].(*widget.Text)
			r := name.GetWidget().Rect
			if r.Empty() || !r.In(window) || r.Min.Y <= lastY {
				t.Errorf("%v: seat %d's name %q at %v", size, s.Seat, name.Label, r)
			}
			lastY = r.Min.Y
			wantName := s.Name
			if wantName == "" {
				wantName = "open"
			}
			if base := strings.TrimSuffix(name.Label, "…"); base == "" || !strings.HasPrefix(wantName, base) {
				t.Errorf("%v: seat %d shows the name %q, want %q", size, s.Seat, name.Label, wantName)
			}
			wantDeck := map[bool]string{true: deckChosen, false: deckNone}[s.HasData]
			if !s.Human && !s.Bot {
				wantDeck = " "
			}
			if deck.Label != wantDeck || !deck.GetWidget().Rect.In(window) {
				t.Errorf("%v: seat %d's deck %q at %v, want %q", size, s.Seat, deck.Label, deck.GetWidget().Rect, wantDeck)
			}
		}

		// The player clicks the standard deck where it is drawn.
		b := findButton(l.deck.root, StandardDeck)
		if b == nil || b.GetWidget().Rect.Empty() || !b.GetWidget().Rect.In(window) {
			t.Fatalf("%v: no %q button in the window", size, StandardDeck)
		}
		onFrame(t, func() {
			cursor.clickAt(b.GetWidget().Rect)
			render(ui, size[0], size[1], 4)
		})
		if len(sent) != 1 || !bytes.Equal(sent[0], standard) {
			t.Errorf("%v: clicking %q sent %q, want Duel's balanced deck once", size, StandardDeck, sent)
		}
		// Duel refuses a deck, with four problems: all are shown.
		l.SeatDataResult(&protocol.SeatDataResult{Errors: protocol.Rejections(problems)})
		onFrame(t, func() { img = render(ui, size[0], size[1], 2) })
		saveShot(t, img, fmt.Sprintf("lobby-20-seats-refused-%dx%d.png", size[0], size[1]))
		text := l.deck.problems.GetText()
		for _, want := range []string{"line 2 · 7 stars: there is no suit", "line 3 · 11 cups: there is no rank 11",
			"line 6 · 3 coins: a deck holds at most 2 of a card", "the deck holds 5 cards, want 20"} {
			if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
				t.Errorf("%v: the problems shown %q lack %q", size, text, want)
			}
		}
		if r := l.deck.problems.GetWidget().Rect; r.Empty() || !r.In(window) || !strings.Contains(l.deck.state.Label, "4 problems") {
			t.Errorf("%v: problems at %v, the box says %q", size, r, l.deck.state.Label)
		}
		// Accepted: the problems go, the box says so.
		l.SeatDataResult(&protocol.SeatDataResult{Accepted: true})
		m.Seats[1].HasData = true
		l.Update(m, 2)
		if l.deck.problems.GetWidget().IsVisible() || !strings.Contains(l.deck.state.Label, "chosen") {
			t.Errorf("%v: after the deck was accepted the box says %q", size, l.deck.state.Label)
		}
	}
}

// fits reports whether text tx is laid out inside window, its rectangle
// no narrower than its text as drawn (its lines as it wraps them).
func fits(tx *widget.Text, window goimage.Rectangle) bool {
	r := tx.GetWidget().Rect
	w, _ := tx.PreferredSize()
	return !r.Empty() && r.In(window) && w <= r.Dx()
}

// TestLobbyDecks: in a game with decks the seat table has a deck column,
// the start waits for every person's deck, and a spectator has no deck
// box; a game without decks has neither.
func TestLobbyDecks(t *testing.T) {
	m := table()
	m.Seats[0].HasData, m.Seats[2].HasData = true, true
	m.Seats[1].Ready = true
	rows := seatRows(m, 1, true)
	for i, want := range []string{deckChosen, deckNone, deckChosen} {
		if rows[i].Deck != want {
			t.Errorf("seat %d: deck %q, want %q", i+1, rows[i].Deck, want)
		}
	}
	if have := seatRows(m, 1, false)[1].Deck; have != "" {
		t.Errorf("without decks: deck %q, want none", have)
	}
	if have, want := startBlocker(m, true), "Parson (seat 2) has no deck yet"; have != want {
		t.Errorf("startBlocker = %q, want %q", have, want)
	}
	if have := startBlocker(m, false); have != "" {
		t.Errorf("without decks, startBlocker = %q, want none", have)
	}
	m.Seats[0].HasData = false
	if have, want := startBlocker(m, true), "2 players have no deck yet: Stanley (seat 1), Parson (seat 2)"; have != want {
		t.Errorf("startBlocker = %q, want %q", have, want)
	}

	th := newTestTheme(t)
	l := NewLobby(th, LobbyActions{SeatData: func([]byte) {}})
	l.Update(m, protocol.Spectator)
	l.Container().Validate()
	if l.deck.root.GetWidget().IsVisible() {
		t.Error("a spectator has a deck box")
	}
	l.Update(m, 2)
	if !l.deck.root.GetWidget().IsVisible() || len(l.seats.Children()) != 4*6 {
		t.Errorf("a player: deck box shown %v, %d cells; want shown and 4 rows of 6", l.deck.root.GetWidget().IsVisible(), len(l.seats.Children()))
	}
	plain := NewLobby(th, LobbyActions{})
	plain.Update(m, 2)
	if plain.deck != nil || len(plain.seats.Children()) != 4*seatColumnCount {
		t.Errorf("a game without decks: deck box %v, %d cells", plain.deck != nil, len(plain.seats.Children()))
	}
}
