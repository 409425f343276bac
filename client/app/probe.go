package app

import (
	"encoding/json"
	"fmt"
	goimage "image"
	"os"
	"path/filepath"
	"slices"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/module"
)

// Probe is what the client writes to Options.Probe for tests that drive
// the real window with the pointer and the keyboard: where things are drawn
// and what the player has selected, in window pixels. It is written
// whenever it changes, by renaming a finished file over the old one, so a
// reader never sees half of it.
type Probe struct {
	// Frame counts the client's updates: a reader that sees it grow knows
	// that the client took in what happened before.
	Frame int `json:"frame"`
	// Draws counts the frames drawn.
	Draws int `json:"draws"`
	// Screen is "menu", "lobby" or "game".
	Screen string `json:"screen"`
	// Cursor is where the client sees the pointer, Mouse the mouse
	// buttons it sees held down (ebiten's numbers: 0 left, 1 middle, 2 right), Keys the keys
	// (ebiten's names: "Tab", "Enter", "ArrowLeft", "F1", "Equal", ...).
	Cursor [2]int   `json:"cursor"`
	Mouse  []int    `json:"mouse,omitempty"`
	Keys   []string `json:"keys,omitempty"`
	// Window is the window's size.
	Window [2]int `json:"window"`
	// Buttons are the buttons on screen by label, with their rectangles
	// [x0, y0, x1, y1] and whether they are disabled (the first of a
	// label wins).
	Buttons map[string]ProbeButton `json:"buttons,omitempty"`
	// Focused is the label of the focused button, or "input" for a text
	// field, "" for none.
	Focused string `json:"focused,omitempty"`
	// Window is set while a window (a report, the help, a question) is
	// open over the game.
	WindowOpen bool `json:"window_open,omitempty"`
	// Texts are the texts of the menu screens (not the game's), in the
	// order they are laid out.
	Texts []string `json:"texts,omitempty"`
	// Side are the texts of the game's side panel (its selection and
	// choices), and WindowTexts those of the window open over the game, in
	// the order they are laid out.
	Side        []string `json:"side,omitempty"`
	WindowTexts []string `json:"window_texts,omitempty"`
	// List is the rectangle of the Replays screen's list of saved games
	// (its first game at the top), on that screen.
	List [4]int `json:"list,omitempty"`
	// Rows are the rows of that list, the first at the top.
	Rows []string `json:"rows,omitempty"`

	// The game screen only: the shell's part.
	Turn     int    `json:"turn,omitempty"`
	TurnText string `json:"turn_text,omitempty"` // the top bar's turn: "Day 9 (week 2, day 2) · ..."
	Slot     string `json:"slot,omitempty"`      // the top bar's order of the day, when one a turn
	Ready    bool   `json:"ready,omitempty"`
	Map      [4]int `json:"map"`             // the map's part of the window
	Orders   int    `json:"orders"`          // orders drafted
	Log      int    `json:"log"`             // lines in the event log
	Money    string `json:"money,omitempty"` // the top bar's money
	Clock    string `json:"clock,omitempty"` // the top bar's clock: "1:20 left", "Replay: turn 3 of 12"
	ReadyTxt string `json:"ready_text,omitempty"`
	Hint     string `json:"hint,omitempty"` // the side panel's hint line
	BigLog   bool   `json:"big_log,omitempty"`
	// KeysIn is the part of the game screen the keyboard is in outside
	// windows: "map", "side", "log", "chat" or "top" (F6 moves it);
	// LogMark the log's line the keys marked there, as shown, "" for none.
	KeysIn  string `json:"keys_in,omitempty"`
	LogMark string `json:"log_mark,omitempty"`
	LogRect [4]int `json:"log_rect"` // the log's rectangle
	// LogText is the log's last lines (at most maxProbeLog) as shown,
	// each wrapped piece a line, the turns' headings too, without their
	// colours and links.
	LogText []string `json:"log_text,omitempty"`
	// FirstHint is the first turn's hint over the map, "" for none;
	// FirstHintRect where it is.
	FirstHint     string `json:"first_hint,omitempty"`
	FirstHintRect [4]int `json:"first_hint_rect"`
	// The game screen's own part, in its own words: the camera, where its
	// things are drawn, what is selected, the orders drafted.
	module.Probe
}

// maxProbeLog bounds Probe.LogText: the probe is written whenever it
// changes.
const maxProbeLog = 60

// ProbeButton is a button of Probe.Buttons.
type ProbeButton struct {
	Rect     [4]int `json:"rect"`
	Disabled bool   `json:"disabled,omitempty"`
}

// probe returns the probe of this frame.
func (a *App) probe() *Probe {
	p := &Probe{Frame: a.frame, Draws: a.draws, Cursor: [2]int{a.in.Cursor.X, a.in.Cursor.Y}, Window: [2]int{a.width, a.height}, Buttons: map[string]ProbeButton{}}
	switch a.screen {
	case screenLobby:
		p.Screen = "lobby"
	case screenGame:
		p.Screen = "game"
	default:
		p.Screen = "menu"
	}
	for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
		if a.in.Held.Has(b) {
			p.Mouse = append(p.Mouse, int(b))
		}
	}
	for _, k := range a.in.Keys {
		p.Keys = append(p.Keys, k.String())
	}
	// Windows first: their buttons are the ones on top.
	if a.game != nil && a.game.hud.windowBox != nil {
		collectButtons(a.game.hud.windowBox, p.Buttons)
	}
	if a.ui.Container != nil {
		collectButtons(a.ui.Container, p.Buttons)
		if a.game == nil {
			p.Texts = collectTexts(a.ui.Container, nil)
		}
	}
	if a.game != nil {
		collectButtons(a.game.hud.content, p.Buttons) // inside a scroll container
	}
	switch f := a.ui.GetFocusedWidget().(type) {
	case *widget.Button:
		if f.Text() != nil {
			p.Focused = f.Text().Label
		}
	case nil:
	default:
		p.Focused = "input"
	}
	if a.replays != nil && a.ui.Container == a.replays.Container() {
		r := a.replays.ListRect()
		p.List = [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
		p.Rows = a.replays.Rows()
	}
	if a.screen != screenGame || a.game == nil {
		return p
	}
	sh := a.game
	mr := sh.mapRect()
	p.WindowOpen = sh.hud.window != nil
	p.Turn, p.Ready = int(sh.turn()), sh.ready
	p.Map = [4]int{mr.Min.X, mr.Min.Y, mr.Max.X, mr.Max.Y}
	p.Log = sh.logLen()
	p.Money, p.ReadyTxt, p.Hint, p.BigLog = sh.hud.money.Label, sh.hud.readyList.Label, sh.hud.hint.Label, sh.hud.bigLog
	p.TurnText, p.Slot, p.Clock = sh.hud.turn.Label, sh.hud.slot.Label, sh.hud.clock.Label
	lr := sh.hud.log.GetWidget().Rect
	p.LogRect = [4]int{lr.Min.X, lr.Min.Y, lr.Max.X, lr.Max.Y}
	p.LogText = slices.Clone(sh.hud.logShown[max(len(sh.hud.logShown)-maxProbeLog, 0):])
	p.KeysIn = sh.part.String()
	if m := sh.hud.logMark; m >= 0 && m < len(sh.hud.logShown) {
		p.LogMark = sh.hud.logShown[m]
	}
	p.Side = collectTexts(sh.hud.side, nil)
	if sh.hud.windowBox != nil {
		p.WindowTexts = collectTexts(sh.hud.windowBox, nil)
	}
	if fh := sh.hint; fh != nil {
		r := sh.firstHintRect()
		p.FirstHint, p.FirstHintRect = fh.hint.Text, [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
	}
	p.Probe = a.game.probe()
	p.Orders = len(p.Drafts)
	return p
}

// collectTexts appends the labels of the texts in c, depth first, to out.
func collectTexts(c widget.Containerer, out []string) []string {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Text:
			out = append(out, x.Label)
		case widget.Containerer:
			out = collectTexts(x, out)
		case *widget.ScrollContainer:
			// Its content, when named in its CustomData (a scroll
			// panel's ScrollStyle.Data), all of it, in sight or not.
			if content, ok := x.GetWidget().CustomData.(widget.Containerer); ok {
				out = collectTexts(content, out)
			}
		}
	}
	return out
}

// collectButtons adds the buttons under c to out by label; a button in a
// row that a text heads (the side panel's rows of small buttons:
// "Explore" NE, E, ...) also as "heading/label" ("Explore/NE").
func collectButtons(c widget.Containerer, out map[string]ProbeButton) {
	heading := ""
	for _, w := range c.Children() {
		if t, ok := w.(*widget.Text); ok {
			heading = t.Label
			break
		}
		if _, ok := w.(*widget.Button); ok {
			break
		}
	}
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Button:
			if x.Text() == nil {
				continue
			}
			r := x.GetWidget().Rect
			b := ProbeButton{Rect: [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}, Disabled: x.GetWidget().Disabled}
			if _, dup := out[x.Text().Label]; !dup {
				out[x.Text().Label] = b
			}
			if heading != "" {
				if _, dup := out[heading+"/"+x.Text().Label]; !dup {
					out[heading+"/"+x.Text().Label] = b
				}
			}
		case widget.Containerer:
			collectButtons(x, out)
		case *widget.ScrollContainer:
			collectScrolled(x, out)
		}
	}
}

// collectScrolled adds to out the buttons in sight in scroll container
// sc: those of its content that lie inside its view, when the content is
// named in its CustomData (a scroll panel's kit.ScrollStyle.Data).
func collectScrolled(sc *widget.ScrollContainer, out map[string]ProbeButton) {
	content, ok := sc.GetWidget().CustomData.(widget.Containerer)
	if !ok {
		return
	}
	in := map[string]ProbeButton{}
	collectButtons(content, in)
	view := sc.ViewRect()
	for label, b := range in {
		r := goimage.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3])
		if _, dup := out[label]; !dup && r.In(view) {
			out[label] = b
		}
	}
}

// writeProbe writes the probe to Options.Probe if it changed.
func (a *App) writeProbe() error {
	data, err := json.Marshal(a.probe())
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	if string(data) == a.lastProbe {
		return nil
	}
	a.lastProbe = string(data)
	tmp := a.opts.Probe + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	if err := os.Rename(tmp, a.opts.Probe); err != nil {
		return fmt.Errorf("probe %s: %w", filepath.Base(a.opts.Probe), err)
	}
	return nil
}
