package menu

import (
	"fmt"
	"image"

	"github.com/ebitenui/ebitenui/widget"
)

// SavedGame is a saved game as the Replays screen lists it.
type SavedGame struct {
	ID      int64
	Name    string
	Ruleset string
	Width   int
	Height  int
	Turns   int // turns resolved
	Over    bool
	Winner  string // the winner's name, if the game is over and won
	// Continue says whether the game can go on from where it stopped
	// (unfinished, and the player's alone among AI seats).
	Continue bool
	// Note, if not "", is what the status line says when the game is
	// picked: how Watch will show it, when not as usual.
	Note string
}

// replayRow is a saved game's line in the list.
func replayRow(g SavedGame) string {
	state := "unfinished"
	switch {
	case g.Over && g.Winner != "":
		state = "won by " + g.Winner
	case g.Over:
		state = "over, no winner"
	}
	return fmt.Sprintf("%-24.24s %-9.9s %3dx%-3d %4d turns  %s", g.Name, g.Ruleset, g.Width, g.Height, g.Turns, state)
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

// Dimensions of the list of saved games.
const (
	replayListWidth  = 760
	replayListHeight = 360
)

// NewReplays returns the Replays screen for games (newest first as given).
func NewReplays(t *Theme, games []SavedGame, a ReplaysActions) *Replays {
	r := &Replays{}
	entries := make([]any, len(games))
	for i, g := range games {
		entries[i] = g
	}
	r.list = widget.NewList(
		widget.ListOpts.ContainerOpts(widget.ContainerOpts.WidgetOpts(
			widget.WidgetOpts.MinSize(replayListWidth, replayListHeight),
			widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true, MaxHeight: replayListHeight}),
		)),
		widget.ListOpts.Entries(entries),
		widget.ListOpts.EntryLabelFunc(func(e any) string { return replayRow(e.(SavedGame)) }),
		widget.ListOpts.EntryFontFace(&t.mono),
		widget.ListOpts.EntryTextPadding(&widget.Insets{Left: 8, Right: 8, Top: 6, Bottom: 6}),
		widget.ListOpts.HideHorizontalSlider(),
		widget.ListOpts.EntrySelectedHandler(func(args *widget.ListEntrySelectedEventArgs) {
			if g, ok := args.Entry.(SavedGame); ok {
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
	wide := widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0))
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
	buttons := row(back, r.cont, r.watch)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}
	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, "Replays"), r.list, r.status.text, buttons)
	r.root = newScreen(t, panel, nil)
	return r
}

// Container returns the screen's root container.
func (r *Replays) Container() *widget.Container { return r.root }

// ListRect returns where the list of saved games is drawn, in window
// pixels (its first game at the top), once the screen is laid out.
func (r *Replays) ListRect() image.Rectangle { return r.list.GetWidget().Rect }

// SetError shows msg on the status line as an error.
func (r *Replays) SetError(msg string) { r.status.set(msg, true) }
