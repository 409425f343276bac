package deck

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/rules/generals/cards"
	"empires/shared/ruleset"
)

// RulesetID is the id of the ruleset whose decks are built here.
const RulesetID = "generals"

// MenuEntry is the deck builder the main menu's Decks opens: a
// module.DeckBuilder.
type MenuEntry struct{}

var _ module.DeckBuilder = MenuEntry{}

// RulesetID implements module.DeckBuilder.
func (MenuEntry) RulesetID() string { return RulesetID }

// DeckPage implements module.DeckBuilder: the builder, the game type and
// the variation chosen on its page, the decks saved under setup's
// configuration directory (Dir).
func (MenuEntry) DeckPage(setup module.DeckSetup) (*widget.Container, error) {
	c, err := CollectionOf(setup.Ruleset)
	if err != nil {
		return nil, err
	}
	s, err := NewScreen(Options{Theme: setup.Theme, Collection: c, Store: storeOf(setup.ConfigDir), Back: setup.Back})
	if err != nil {
		return nil, err
	}
	return s.Container(), nil
}

// storeOf returns the saved decks under configuration directory dir; none
// for "".
func storeOf(dir string) Store {
	if dir == "" {
		return Store{}
	}
	return Store{Dir: Dir(dir)}
}

// Chooser is the lobby's part for choosing a deck in a game of Empires
// and Generals: the player's saved decks and the ready-made ones, each
// sent with one click, and "Build a deck", which opens the builder in the
// lobby's place for that game (its type and variation, checked as the
// server checks), whose "Use this deck" sends the deck.
type Chooser struct {
	setup module.SeatSetup
	c     *cards.Collection
	game  Game
	store Store
	root  *widget.Container
	picks *widget.Container
	note  *widget.Text
	last  *cards.Deck // the deck last sent, which the builder opens with
	// builder is the builder last opened, nil before any.
	builder *Screen
}

// NewChooser returns the lobby's chooser of a game of setup.
func NewChooser(setup module.SeatSetup) (*Chooser, error) {
	c, err := CollectionOf(setup.Ruleset)
	if err != nil {
		return nil, err
	}
	ch := &Chooser{setup: setup, c: c, game: GameOf(c, setup.Ruleset, setup.Options), store: storeOf(setup.ConfigDir)}
	t, p := setup.Theme, setup.Theme.Palette()
	small := t.SmallFace()
	w := max(setup.Width, t.Px(240))
	ch.picks = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewGridLayout(
		widget.GridLayoutOpts.Columns(2), widget.GridLayoutOpts.Spacing(t.Px(6), t.Px(4)),
		widget.GridLayoutOpts.Stretch([]bool{true, true}, nil))))
	build := t.NewButton("Build a deck", ch.openBuilder, widget.ButtonOpts.Text("Build a deck", &small, t.ButtonTextColor()),
		widget.ButtonOpts.TextPadding(insets(t, 10, 4)))
	build.GetWidget().Disabled = setup.Page == nil
	ch.note = t.NewText("Decks for "+ch.game.Words+": yours, then the ready-made ones.", small, p.TextMuted, widget.TextOpts.MaxWidth(float64(w)))
	ch.root = column(t.Px(5), ch.note, ch.picks, row(t.Px(6), build))
	ch.root.GetWidget().MinWidth = w
	ch.fill()
	return ch, nil
}

// Widget returns the chooser's widget.
func (ch *Chooser) Widget() *widget.Container { return ch.root }

// fill makes a button of each saved deck that is a deck, and of each
// ready-made one.
func (ch *Chooser) fill() {
	t := ch.setup.Theme
	small := t.SmallFace()
	ch.picks.RemoveChildren()
	half := float64(max(ch.setup.Width, t.Px(240))/2 - t.Px(24))
	add := func(label string, d cards.Deck) {
		b := t.NewButton(kit.Fit(label, small, half), func() { ch.send(label, d) },
			widget.ButtonOpts.Text(kit.Fit(label, small, half), &small, t.ButtonTextColor()),
			widget.ButtonOpts.TextPadding(insets(t, 8, 3)))
		ch.picks.AddChild(b)
	}
	for _, l := range listOf(ch.c, ch.store) {
		add(l.label, l.deck)
	}
}

// send sends deck d, named label.
func (ch *Chooser) send(label string, d cards.Deck) {
	ch.last = &d
	ch.note.Label = "Sent: " + label + "."
	if ch.setup.Send != nil {
		ch.setup.Send(d.Encode())
	}
}

// openBuilder opens the builder in the lobby's place.
func (ch *Chooser) openBuilder() {
	if ch.setup.Page == nil {
		return
	}
	game := ch.game
	o := Options{Theme: ch.setup.Theme, Collection: ch.c, Store: ch.store, Game: &game, Start: ch.last,
		Back: func() { ch.fill(); ch.setup.Page(nil) }}
	if ss, ok := ch.setup.Ruleset.(ruleset.SeatSetup); ok {
		opts := ch.setup.Options
		o.Check = func(d cards.Deck) []ruleset.Rejection {
			problems, err := ss.CheckSeat(opts, d.Encode())
			if err != nil {
				return []ruleset.Rejection{{Reason: err.Error()}}
			}
			return problems
		}
	}
	o.Use = func(data []byte) {
		d, _, err := cards.DecodeDeck(data)
		if err == nil {
			ch.last = &d
		}
		ch.note.Label = "Sent: the deck built."
		if ch.setup.Send != nil {
			ch.setup.Send(data)
		}
	}
	s, err := NewScreen(o)
	if err != nil {
		ch.note.Label = fmt.Sprintf("The builder cannot open: %v", err)
		return
	}
	ch.builder = s
	ch.setup.Page(s.Container())
}

// Choices returns the decks a player of a game of setup may pick with one
// click: the saved decks that are decks, by name, then the ready-made
// ones. A collection that cannot be read gives none.
func Choices(setup module.SeatSetup) []menu.SeatChoice {
	c, err := CollectionOf(setup.Ruleset)
	if err != nil {
		return nil
	}
	var out []menu.SeatChoice
	for _, l := range listOf(c, storeOf(setup.ConfigDir)) {
		out = append(out, menu.SeatChoice{Label: l.label, Data: l.deck.Encode()})
	}
	return out
}

// listed is a deck a player may pick, and its label.
type listed struct {
	label string
	deck  cards.Deck
}

// listOf returns the saved decks of store that are decks, by name, then
// the ready-made decks of c.
func listOf(c *cards.Collection, store Store) []listed {
	var out []listed
	saved, _ := store.List()
	for _, sv := range saved {
		if sv.Err == nil {
			out = append(out, listed{sv.Name, sv.Deck})
		}
	}
	for _, n := range c.ReadyNames() {
		d, _ := c.Ready(n)
		out = append(out, listed{ReadyLabel(n), d})
	}
	return out
}
