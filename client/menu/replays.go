package menu

import (
	"cmp"
	"fmt"
	"image"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/words"
)

// SavedGame is a saved game as the Replays screen lists it.
type SavedGame struct {
	ID   int64
	Name string
	// Ruleset names the game's rules: the ruleset's title ("Erfworld
	// Empires"), or its id when the client does not have it.
	Ruleset string
	// Started is when the game started; zero for not known.
	Started time.Time
	// Mine says whether the player held a seat in it; Players are then
	// the others (its opponents), else every player.
	Mine    bool
	Players []string
	// Width and Height are the map's size, 0 for a game with no map (a
	// card game).
	Width  int
	Height int
	Turns  int // turns resolved
	// TurnWord is what a turn of the game is called, singular: "day";
	// "" for "turn".
	TurnWord string
	Over     bool
	// Winner is the winner's name, if the game is over and won: "you"
	// for the player.
	Winner string
	// Continue says whether the game can go on from where it stopped
	// (unfinished, and the player's alone among AI seats).
	Continue bool
	// Note, if not "", is what the status line says when the game is
	// picked: how Watch will show it, when not as usual.
	Note string
}

// Widths of the columns of the list of saved games, in characters (the
// list's font is monospaced).
const (
	rulesetColumn = 16
	playersColumn = 24
)

// replayRow is a saved game's line in the list: when it started, its
// rules, its opponents, its map, its turns and its result:
// "May  3 14:20  Erfworld Empires  vs Bot 2, Bot 3    24x18   12 turns  you won".
func replayRow(g SavedGame) string {
	result := "unfinished"
	switch {
	case g.Over && g.Winner == "you":
		result = "you won"
	case g.Over && g.Winner != "":
		result = g.Winner + " won"
	case g.Over:
		result = "over, no winner"
	}
	started := ""
	if !g.Started.IsZero() {
		started = g.Started.Local().Format("Jan _2 15:04")
	}
	prefix := ""
	if g.Mine {
		prefix = "vs "
	}
	size := ""
	if g.Width > 0 && g.Height > 0 {
		size = fmt.Sprintf("%dx%d", g.Width, g.Height)
	}
	word := cmp.Or(g.TurnWord, "turn")
	if g.Turns != 1 {
		word = words.PluralOf(word)
	}
	return fmt.Sprintf("%-12s  %-*.*s  %-*s %7s %4d %-5s  %s", started, rulesetColumn, rulesetColumn, g.Ruleset,
		playersColumn, fitNames(prefix, g.Players, playersColumn), size, g.Turns, word, result)
}

// fitNames returns prefix and names joined ("vs Ann, Bob"), with as many
// names as fit in width characters and then how many more there are
// ("vs Ann, Bob and 3 more"); a first name too long is cut.
func fitNames(prefix string, names []string, width int) string {
	for n := len(names); n > 0; n-- {
		s := prefix + strings.Join(names[:n], ", ")
		if n < len(names) {
			s += fmt.Sprintf(" and %d more", len(names)-n)
		}
		if utf8.RuneCountInString(s) <= width {
			return s
		}
	}
	s := []rune(prefix + strings.Join(names, ", "))
	if len(s) > width {
		s = append(s[:width-1], '…')
	}
	return string(s)
}

// Replays is the screen listing saved games to watch again, or to go on
// playing.
type Replays struct {
	root     *widget.Container
	list     *widget.List
	watch    *widget.Button
	cont     *widget.Button
	status   *statusLine
	selected int64
	fit      heightFitter // the list shows fewer rows in a short window
}

// ReplaysActions are what the Replays screen's buttons do with the game
// picked: Watch it again, Continue it (an unfinished one; nil: no such
// button), go Back.
type ReplaysActions struct {
	Watch    func(id int64)
	Continue func(id int64)
	Back     func()
}

// replaysHint is the Replays screen's status line while it lists games.
const replaysHint = "Pick a game, then Watch it again, or Continue an unfinished one."

// Dimensions of the list of saved games, in pixels at 100 %: its width,
// which the panel holds within a screen 960 wide, its height at most, and
// at least however short the window (FitHeight): three rows.
const (
	replayListWidth  = 960 - 2*screenPadding - 2*panelPadding
	replayListHeight = 360
	replayListLeast  = 3*30 + 8
)

// NewReplays returns the Replays screen for games (newest first as given).
func NewReplays(t *Theme, games []SavedGame, a ReplaysActions) *Replays {
	r := &Replays{}
	// The list holds pointers: a SavedGame is not comparable, and the
	// list compares its entries.
	entries := make([]any, len(games))
	for i := range games {
		entries[i] = &games[i]
	}
	r.list = widget.NewList(
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(t.Px(replayListWidth), t.Px(replayListHeight)),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: t.Px(replayListHeight)}),
		)),
		widget.ListOpts.Entries(entries),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return replayRow(*e.(*SavedGame)) }),
		widget.ListOpts.EntryFontFace(&t.mono),
		widget.ListOpts.EntryTextPadding(t.listRowPadding()),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntrySelectedHandler(func(args *widget.ListEntrySelectedEventArgs) {
			if g, ok := args.Entry.(*SavedGame); ok {
				r.selected = g.ID
				r.watch.GetWidget().Disabled = false
				r.cont.GetWidget().Disabled = !g.Continue || a.Continue == nil
				if g.Note != "" {
					r.status.set(g.Note, false)
				} else {
					r.status.set(replaysHint, false)
				}
			}
		}),
	)
	wide := t.minSize(140, 0)
	r.watch = t.NewPrimaryButton("Watch", func() {
		if r.selected != 0 {
			a.Watch(r.selected)
		}
	}, wide)
	r.watch.GetWidget().Disabled = true
	r.cont = t.NewButton("Continue", func() {
		if r.selected != 0 && a.Continue != nil {
			a.Continue(r.selected)
		}
	}, wide)
	r.cont.GetWidget().Disabled = true
	back := t.NewButton("Back", a.Back, wide)
	r.status = newStatusLine(t, replayListWidth)
	if len(games) == 0 {
		r.status.set("No saved games yet: the games you play against the AI or host are saved as they go.", false)
	} else {
		r.status.set(replaysHint, false)
	}
	buttons := row(t, back, r.cont, r.watch)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}
	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, "Replays"), r.list, r.status.text, buttons)
	r.root = newScreen(t, panel, nil)
	r.fit = heightFitter{root: r.root, part: r.list, least: t.Px(replayListLeast), most: t.Px(replayListHeight)}
	return r
}

// Container returns the screen's root container.
func (r *Replays) Container() *widget.Container { return r.root }

// FitHeight fits the screen to a window h pixels high: the list shows
// fewer rows (it scrolls) so that Watch and Back stay on the screen. The
// app calls it every frame; it measures again only when h changed.
func (r *Replays) FitHeight(h int) { r.fit.fit(h) }

// ListRect returns where the list of saved games is drawn, in window
// pixels (its first game at the top), once the screen is laid out.
func (r *Replays) ListRect() image.Rectangle { return r.list.GetWidget().Rect }

// Select picks saved game id in the list, as a click on it does (Watch
// and Continue follow it); an id not listed picks nothing.
func (r *Replays) Select(id int64) {
	for _, e := range r.list.Entries() {
		if g, ok := e.(*SavedGame); ok && g.ID == id {
			r.list.SetSelectedEntry(g)
			return
		}
	}
}

// Rows returns the list's rows as it shows them, the first at the top.
func (r *Replays) Rows() []string {
	var out []string
	for _, e := range r.list.Entries() {
		if g, ok := e.(*SavedGame); ok {
			out = append(out, replayRow(*g))
		}
	}
	return out
}

// Selected returns the id of the saved game picked, 0 for none.
func (r *Replays) Selected() int64 { return r.selected }

// SetError shows msg on the status line as an error.
func (r *Replays) SetError(msg string) { r.status.set(msg, true) }
