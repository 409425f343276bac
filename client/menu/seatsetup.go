package menu

import (
	"fmt"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/protocol"
	"empires/shared/words"
)

// StandardDeck labels the one choice a lobby offers when the game's
// module has no chooser of its own: the ruleset's default set-up data.
const StandardDeck = "Use the standard deck"

// SeatChoice is a choice of set-up data the lobby shows as a button:
// clicking it sends Data as the seat's (protocol.SetSeatData).
type SeatChoice struct {
	Label string
	Data  []byte
}

// Words of the seat table's deck column and of the deck box.
const (
	deckChosen = "deck chosen"
	deckNone   = "no deck yet"
)

// Sizes of the deck box, in pixels at 100 %: the problems' area, and the chat's
// height beside it (the chat is shorter in a game with decks).
const (
	problemsHeight    = 96
	chatHeightWithBox = 170
)

// deckBox is the part of the lobby where a player of a game with seat
// set-up data chooses it: what the seat has, the choices (buttons, or the
// module's own widget), and every problem the server found in the last
// data sent.
type deckBox struct {
	t        *Theme
	send     func(data []byte)
	root     *widget.Container
	state    *widget.Text
	choices  *widget.Container
	problems *widget.TextArea
	refused  bool // the last data sent was refused: the problems show
}

func newDeckBox(t *Theme, send func(data []byte)) *deckBox {
	p := t.palette
	b := &deckBox{t: t, send: send}
	b.state = t.NewText(" ", t.small, p.TextMuted, widget.TextOpts.MaxWidth(t.Pxf(chatWidth)))
	b.choices = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(
		widget.RowLayoutOpts.Direction(widget.DirectionVertical),
		widget.RowLayoutOpts.Spacing(t.Px(6)),
	)))
	b.problems = widget.NewTextArea(
		widget.TextAreaOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(t.Px(chatWidth), t.Px(problemsHeight)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: t.Px(problemsHeight)}),
		)),
		widget.TextAreaOpts.FontFace(&t.small),
		widget.TextAreaOpts.FontColor(p.Error),
		widget.TextAreaOpts.ScrollContainerImage(t.scroll),
		widget.TextAreaOpts.ScrollContainerPadding(widget.NewInsetsSimple(t.Px(4))),
		widget.TextAreaOpts.TextPadding(widget.Insets{Left: t.Px(4), Right: t.Px(4)}),
		widget.TextAreaOpts.SliderParams(t.slider),
		widget.TextAreaOpts.ControlWidgetSpacing(t.Px(4)),
		widget.TextAreaOpts.ShowVerticalScrollbar(),
		widget.TextAreaOpts.ProcessBBCode(false),
		widget.TextAreaOpts.StripBBCode(false),
	)
	visible(b.problems, false)
	b.root = column(t, 6, true, t.NewText("Your deck", t.normal, p.Accent), b.state, b.choices, b.problems)
	return b
}

// set shows what the player may choose: the module's own widget (nil for
// none) and buttons for choices.
func (b *deckBox) set(custom widget.PreferredSizeLocateableWidget, choices []SeatChoice) {
	b.choices.RemoveChildren()
	if custom != nil {
		b.choices.AddChild(custom)
	}
	for _, c := range choices {
		data := c.Data
		b.choices.AddChild(b.t.NewButton(c.Label, func() {
			if b.send != nil {
				b.send(data)
			}
		}))
	}
}

// show says whether the player's seat has its data.
func (b *deckBox) show(has bool) {
	p := b.t.palette
	switch {
	case b.refused:
		return // the refusal says more; the next answer clears it
	case has:
		b.state.Label = "Your deck is chosen: the server accepted it."
		b.state.SetColor(p.Success)
	default:
		b.state.Label = "Choose a deck: the game starts once every player has one."
		b.state.SetColor(p.TextMuted)
	}
}

// result shows the server's answer to the data sent: accepted, or every
// problem it found, one a line.
func (b *deckBox) result(m *protocol.SeatDataResult) {
	p := b.t.palette
	b.refused = !m.Accepted
	if m.Accepted {
		visible(b.problems, false)
		b.problems.SetText("")
		b.show(true)
		return
	}
	n := len(m.Errors)
	b.state.Label = fmt.Sprintf("The server refused that deck: %s.", words.Count(n, "problem", "problems"))
	b.state.SetColor(p.Error)
	lines := make([]string, 0, n)
	width := b.t.Pxf(chatWidth - 40) // the scroll bar and paddings take the rest
	for _, r := range m.Errors {
		lines = append(lines, wrapText(problemLine(r), b.t.small, width)...)
	}
	b.problems.SetText(strings.Join(lines, "\n"))
	visible(b.problems, n > 0)
}

// problemLine writes a problem of set-up data: "line 3 · card 7: cards
// are 1 to 3", the line left out when the problem is of the whole.
func problemLine(r protocol.Rejection) string {
	s := r.Reason
	if r.Order != "" {
		s = r.Order + ": " + s
	}
	if r.Index > 0 {
		s = fmt.Sprintf("line %d · %s", r.Index, s)
	}
	return s
}

// SetSeatSetup shows, in a lobby of a game with seat set-up data, what
// the player may choose it with: a widget of the game's module (nil for
// none) and buttons for choices (StandardDeck, the ruleset's default, when
// the module has no chooser). The lobby of a game without set-up data
// (LobbyActions.SeatData nil) ignores it.
func (l *Lobby) SetSeatSetup(custom widget.PreferredSizeLocateableWidget, choices []SeatChoice) {
	if l.deck == nil {
		return
	}
	l.deck.set(custom, choices)
}

// SeatDataResult shows the server's answer to the seat's set-up data.
func (l *Lobby) SeatDataResult(m *protocol.SeatDataResult) {
	if l.deck == nil {
		return
	}
	l.deck.result(m)
}
