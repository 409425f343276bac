package module

import (
	"image"
	"image/color"
	"slices"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/prefs"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Host is what a Screen may ask of the shell that frames it: the shell
// has the top bar (the turn, the clock, who is ready, End turn, Help,
// Menu), the side panel's frame, the event log and the chat line, the
// notices, the windows over the map, the end of the game, and the
// replays of saved games with their controls.
//
// The client draws in the window's own pixels at every interface size
// (Settings' Interface size, prefs.Prefs.UIScale): every rectangle, point
// and width the shell and a Screen pass each other is in window pixels,
// and a size a screen gives for 100 % (a gap, a line's width, a font's
// size, a card, a hex at zoom 1, a drag's dead zone) is multiplied by the
// theme's scale (Theme().Px, Pxf). At 200 % on a 1920x1080 window a
// screen looks as it does at 100 % on 960x540, twice as large, its text
// made at twice the size rather than drawn small and scaled up.
type Host interface {
	// Theme is the client's look at the interface size applied now: its
	// fonts (made at that size), colours and widgets, and its Scale, Px
	// and Pxf, which turn a size given for 100 % into window pixels. It
	// may change in the middle of a game (Settings changes the size, or a
	// resized window or full screen changes the size applied): a screen
	// reads it when it lays out and draws (or keeps what it made of it
	// keyed by Theme().Scale()) and never keeps an old one. When it
	// changes the shell builds its HUD again and asks the screen for the
	// side panel, the orders and the top bar's buttons again (Side,
	// Orders, Bar's Buttons); a window the screen opened is closed.
	Theme() *menu.Theme
	// Prefs are the player's preferences as they are now (Settings may
	// change them in the middle of a game): the grid, the animation's
	// speed, the pan at the window's edge.
	Prefs() prefs.Prefs
	// Notify shows msg over the map for a few seconds.
	Notify(msg string)
	// Changed says that the side panel must be built again (Screen.Side)
	// and, with orders, that the turn's orders changed: the shell lists
	// them again (Screen.Orders), words the top bar again (Bar) and sends
	// them soon (Screen.Submission).
	Changed(orders bool)
	// OpenWindow shows c in a window in the middle of the map, with a
	// Close button under it; CloseWindow closes it. A window is modal:
	// while it is open the map gets no input. c is made with Theme as it
	// is now; the shell closes the window when the interface size
	// changes.
	OpenWindow(c *widget.Container)
	CloseWindow()
	// MapRect is the map's part of the window, in window pixels; MapInSight
	// the part of it the HUD leaves in sight (above the log), where a
	// screen centres what it shows. Both follow the window's size and the
	// interface size (the top bar and the side panel grow with it).
	MapRect() image.Rectangle
	MapInSight() image.Rectangle
	// PanelWidth is the width that the side panel's texts may take, in
	// window pixels at the interface size applied (290 at 100 %, 580 at
	// 200 %).
	PanelWidth() int
	// Act sends action, in the ruleset's encoding, as the player's move in
	// the interactive or concurrent step being played (the shell names
	// the step's Seq). The server's answer reaches the screen's
	// ActResult (Stepper); an action the shell cannot send now (not the
	// player's move, a replay, the game over) is refused with a notice
	// and reported false.
	Act(action []byte) bool
}

// Stepper is an optional interface of a Screen of a ruleset played one
// action at a time: the shell tells it each step as the server announces
// it (who must act, what is asked, the deadline) and the server's answer
// to each action sent with Host.Act.
type Stepper interface {
	// SetStep tells the screen the step being played.
	SetStep(st StepInfo)
	// ActResult is the server's answer to the action sent for step seq:
	// applied when err is "", else refused with why.
	ActResult(seq uint32, err string)
}

// StepInfo is a step as the server announces it (protocol.TurnClock).
type StepInfo struct {
	Mode   ruleset.Mode
	Turn   int
	Seq    uint32
	Since  uint32
	Actors []ruleset.Seat
	// Prompt says what is asked; Phase names the step ("Round 3 ·
	// Attack"), "" for none.
	Prompt, Phase string
	// Deadline is when the step's time runs out; zero for none.
	Deadline time.Time
}

// Acts reports whether seat s must act in the step.
func (st StepInfo) Acts(s ruleset.Seat) bool { return slices.Contains(st.Actors, s) }

// Screen is a ruleset's game screen, for one game: the hex screen of the
// rulesets on the hex engine, or a ruleset's own. The shell calls it on
// the client's UI goroutine: the view and the turns as the server sends
// them, the input and the drawing each frame, the side panel, the orders
// and the log when they change. It may give more through optional
// interfaces: Stepper, Bar, Hinter, Warner, Pruner, Autoplayer, Replayer.
type Screen interface {
	// SetView shows view v: the first, or the whole view again after a
	// reconnection or a mismatch.
	SetView(v ruleset.View) error
	// Resolved shows a resolved turn: the view after it, and the events
	// the player saw in the ruleset's encoding (ruleset.Outcome.Events),
	// which the log tells. The orders drafted for the turn before are
	// dropped. v is nil when the turn's view did not apply (the shell
	// asks for the whole view again): the screen tells the events if it
	// can without it, and keeps its view.
	Resolved(v ruleset.View, events []byte) error
	// Status is what the shell says of the game: whose view it is, the
	// turn, the players.
	Status() Status
	// Update handles a frame's input on the map, as in allows, and
	// reports whether the map must be drawn again.
	Update(in Input) bool
	// Draw draws the map in dst, the map's part of the window (its
	// bounds are in window pixels), at the theme's scale: what is drawn
	// at zoom 1 is drawn Host.Theme().Scale() times as large, text with
	// faces made at the scaled size. DrawOver draws what goes over the
	// whole window (window pixels), the HUD too: the tooltip under the
	// pointer.
	Draw(dst *ebiten.Image)
	DrawOver(dst *ebiten.Image)
	// Side fills the side panel's column c with the selection and what
	// may be done with it; Orders fills c with the turn's orders drafted
	// (each with its refusal, if the server refused it) and a way to take
	// each back. Both make their widgets with Host.Theme as it is now:
	// the shell asks again when the interface size changes.
	Side(c *widget.Container, in Input)
	Orders(c *widget.Container)
	// Log is the event log, oldest first (the shell asks for it every
	// frame: a screen keeps it ready); Link follows the link of one of
	// its lines (LogLine.Link): a battle's report, a place on the map.
	Log() []LogLine
	Link(id string)
	// Help is the help screen: the rules in short and the keys.
	Help() menu.HelpContent
	// Submission returns the orders drafted for the turn, in the
	// ruleset's encoding, and false when there is no view yet. Rejected
	// takes the server's verdict on the list Submission gave last: the
	// orders it refused, by their index in that list (none: all were
	// accepted).
	Submission() ([]byte, bool)
	Rejected(errs []protocol.Rejection)
	// Probe says where things are drawn and what is selected, for tests
	// that drive the real window, in window pixels.
	Probe() Probe
}

// Status is what a Screen tells the shell of its game.
type Status struct {
	// You is the player whose view it is, 0 for a spectator.
	You ruleset.Seat
	// Turn is the view's turn.
	Turn int
	// Players are the game's players, seat s at s-1.
	Players []Player
}

// Player is one player as the shell shows it.
type Player struct {
	Name  string
	Alive bool
}

// Input is what the shell leaves a Screen of a frame's input: the
// frame's pointer, buttons, wheel and keys as the shell read them once
// (kit.Frame: a screen never reads ebiten's input itself), where the map
// is, whether the pointer and the keys are the map's, and whether the
// player may give orders. Every point and rectangle (the pointer, Map,
// Size, Minimap, Panel) is in window pixels, at every interface size: a
// distance in pixels a screen compares them with (a drag's dead zone, a
// hover's reach) is given for 100 % and multiplied by the theme's scale.
type Input struct {
	kit.Frame
	// Map is the map's part of the window, in window pixels.
	Map image.Rectangle
	// Size is the window's size, in pixels.
	Size image.Point
	// Pointer reports that the pointer may act on the map: it is on it,
	// not on the HUD, and no window is open.
	Pointer bool
	// Keys reports that the keyboard is the map's: no window is open, no
	// text field has it and it is not in another part of the screen (the
	// top bar, the side panel, the log, the chat line: F6 moves it there,
	// see ShellKeys). The shell keeps Enter (End turn, unless the screen
	// takes it: KeyTaker), Shift+Enter (End turn), F1 (the help), F6 and
	// Shift+F6 (the parts of the screen), F10 (the menu), F12 (a
	// screenshot), Page Up and Page Down (the log) and / (the chat line).
	Keys bool
	// Modal reports that a window is open over the map: the map takes no
	// input.
	Modal bool
	// Orders reports that the player may give orders now: a player in the
	// game, not a spectator, not out, and the game not over.
	Orders bool
	// Minimap is the corner of the window the shell leaves for a minimap
	// (the pointer on it is not on the map), 220x170 at 100 % and grown
	// with the interface size; no window covers it when Pointer or Keys
	// is set.
	Minimap image.Rectangle
	// OnMinimap reports that the pointer is on the minimap and no window
	// is open.
	OnMinimap bool
	// Panel is the part of the side panel in sight (it scrolls), in
	// window pixels.
	Panel image.Rectangle
}

// LogLine is a line of a Screen's event log.
type LogLine struct {
	Turn protocol.Turn
	Text string
	// Link, if not "", makes the line a link the shell passes to
	// Screen.Link when it is clicked.
	Link string
}

// Probe is what a Screen says of itself for tests that drive the real
// window (the client's -probe file, in which the shell writes it beside
// its own), in the screen's own words: the kinds of its things are its
// own ("army", "town", "card"). Window points are in window pixels at
// every interface size: at 200 % on a 1920x1080 window they are twice
// those at 100 % on 960x540 (within a pixel or two of rounding).
type Probe struct {
	// Camera is the world point at the map's top-left corner and the
	// zoom; World the map's size in world pixels. The zoom is in the
	// units a player knows at 100 % (zoom 1 is zoom 1 at every interface
	// size): the picture on the screen is zoom times the theme's scale.
	Camera [3]float64 `json:"camera"`
	World  [2]float64 `json:"world"`
	// CellSize is a cell's size on the screen, in window pixels: a
	// square's side, a hex's width (zoom times the theme's scale times
	// the size at zoom 1).
	CellSize float64 `json:"cell_size,omitempty"`
	// Hover and Selected are the places under the pointer and selected,
	// as the screen writes them ("3,4"), "" for none.
	Hover    string `json:"hover,omitempty"`
	Selected string `json:"selected,omitempty"`
	// MapCursor is the keyboard's cursor on the map, as the screen writes
	// places, "" while it is not shown; PanelFocus the label of the side
	// panel's button that has the keyboard's focus, "" for none.
	MapCursor  string `json:"map_cursor,omitempty"`
	PanelFocus string `json:"panel_focus,omitempty"`
	// Picked are the things selected, by their kind as a Mark names it:
	// {"army": 12}; none when nothing is.
	Picked map[string]int `json:"picked,omitempty"`
	// Animating reports that the resolved turn is being shown (its moves).
	Animating bool `json:"animating,omitempty"`
	// Drafts are the labels of the turn's orders.
	Drafts []string `json:"drafts,omitempty"`
	// Preview are the lines of the tooltip on the path planned to the
	// place under the pointer, while it shows.
	Preview []string `json:"preview,omitempty"`
	// Mine are the player's things; Others what the player sees or
	// remembers of the others' (and of no one's).
	Mine   []Mark `json:"mine,omitempty"`
	Others []Mark `json:"others,omitempty"`
}

// Mark is a thing on the screen, for a Probe.
type Mark struct {
	// Kind is what it is, in the screen's words: "capital", "army",
	// "town", "sighting", "Farm".
	Kind string `json:"kind"`
	ID   int    `json:"id"`
	// Units counts a force's units.
	Units int `json:"units,omitempty"`
	// Cell is where it is, as the screen writes places ("3,4"); X and Y
	// where the place's centre is drawn, OnMap whether that is inside
	// the map's part of the window.
	Cell  string  `json:"cell"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	OnMap bool    `json:"on_map"`
	// Carried marks a thing carried by another (an army on a fleet).
	Carried bool `json:"carried,omitempty"`
	// Name names the thing where its kind and id do not ("7 of cups", a
	// button's "Pass"); "" for none.
	Name string `json:"name,omitempty"`
	// Disabled marks a thing that does nothing now when clicked (a
	// button of a move the player may not make yet).
	Disabled bool `json:"disabled,omitempty"`
	// Outdated marks a sighting of an earlier turn.
	Outdated bool `json:"outdated,omitempty"`
	// Icon names the unit picture drawn on its token (its data's icon
	// name, "none" for the plain mark of an unknown one), and Pic is the
	// window rectangle (x0, y0, x1, y1) of the picture's box; "" and
	// zero where no picture is drawn.
	Icon string `json:"icon,omitempty"`
	Pic  [4]int `json:"pic,omitzero"`
}

// Autoplayer is an optional interface of a Screen that drafts a turn's
// orders by itself, as a plain player gives them: the client's scripted
// session (-autoplay) plays games of the ruleset with it.
type Autoplayer interface {
	// Autoplay drafts the turn's orders; an error is the screen's own
	// failure (the scripted session stops on it), not a refused order.
	Autoplay() error
}

// Bar is an optional interface of a Screen that words the top bar
// itself: the turn as its game counts them ("Day 12", "Round 3 ·
// Attack"), the player's one order of the turn, the money; and names the
// turns in the log and at the end of the game. Without it the top bar
// says the step's name when the server gives one (StepInfo.Phase), else
// "Turn 9".
type Bar interface {
	// Top returns the top bar's words now.
	Top() Top
	// TurnName names turn t for the log's headings and the end of the
	// game: "Turn 9", "Day 9".
	TurnName(t protocol.Turn) string
	// Buttons returns the buttons the screen adds to the top bar, before
	// End turn: asked when the screen opens for a game being played (a
	// replay has its own), and again when the interface size changes.
	Buttons() []BarButton
}

// Top is what a Bar says on the top bar.
type Top struct {
	// Turn is the turn ("Day 9 (week 2, day 2) · next tax: day 15"),
	// Short a shorter form for a narrow window ("" for none).
	Turn, Short string
	// Slot is the turn's one order, when the game allows one ("" for
	// none); Money the treasury ("" for none). A nil colour is the
	// text's.
	Slot       string
	SlotColor  color.Color
	Money      string
	MoneyColor color.Color
	// MoneyLines are the money's breakdown, the tooltip of the money.
	MoneyLines []string
}

// BarButton is a button a Bar adds to the top bar.
type BarButton struct {
	Label string
	Click func()
}

// Hinter is an optional interface of a Screen that says a hint on the
// side panel, under the selection: why the choice under the pointer is
// disabled, or what it warns of.
type Hinter interface {
	// Hint returns the hint now ("" for none) in colour c, and reports
	// whether the map must be drawn again (it marks the place the choice
	// under the pointer acts on).
	Hint() (text string, c color.Color, redraw bool)
}

// Catcher is an optional interface of a Screen whose log needs a step's
// turn to tell its events without the step's view: the steps played while
// the player was away (protocol.Missed). A Screen without it gets them as
// Resolved(nil, events).
type Catcher interface {
	// Missed tells the events of a step of turn turn in the log, in the
	// ruleset's encoding; the view stays as it is.
	Missed(turn protocol.Turn, events []byte) error
}

// Warner is an optional interface of a Screen whose turn may be ended at
// a loss: End turn asks first, and ends it only on "End turn anyway".
type Warner interface {
	// EndWarning returns the question's title ("Units will be lost") and
	// what ending the turn now would cost and how to avoid it ("Upkeep
	// removes 2 units. Remove or change orders to keep them, or end the
	// turn anyway."); "" for nothing to ask.
	EndWarning() (title, text string)
}

// Pruner is an optional interface of a Screen whose order list may hold
// orders the server refuses (a refused list is refused whole, and the
// server keeps the list it accepted last): End turn anyway takes them out
// first, so the turn plays the orders the player sees.
type Pruner interface {
	// DropRefused takes the orders the server refuses out of the list.
	DropRefused()
}

// Replayer is an optional interface of a Screen that replays saved games:
// the shell's Replays screen shows such a game on the module's screen,
// steps it on with Resolved (the turn's movement shown, as in a game being
// played) and shows an earlier turn, or the same turn through other eyes,
// with Rewind. The shell keeps the replay's turns, whose eyes they are seen
// through and the controls; in a replay the screen never gets
// Input.Orders. A game continued from a save gets its log of before the
// same way: Rewind through the player's eyes, then SetView with the
// server's view.
type Replayer interface {
	// Watch makes the screen a replay's: its texts speak of the view's
	// player by name, as of the others ("Ann's army 7", "Ann took Bob's
	// town"), for the watcher is not that player, and its side panel says
	// how a replay is watched.
	Watch()
	// Rewind shows at once the view of the last of turns (first's when
	// there are none), with the log of the turns from first: each told
	// as Resolved tells it, without its animation. The log of before is
	// dropped; the selection stays where it still makes sense.
	Rewind(first ruleset.View, turns []Resolution) error
	// Animating reports whether the screen is showing a resolved turn's
	// movement: a replay that plays by itself waits for it, and so does
	// the scripted session.
	Animating() bool
}

// Resolution is a resolved turn as Screen.Resolved takes it: the view
// after it and the events its player saw, in the ruleset's encoding.
type Resolution struct {
	View   ruleset.View
	Events []byte
}

// ShellKeys returns the keys the shell keeps on every game screen,
// whatever part of it has the keyboard (outside windows and text fields):
// a screen binds none of them (Enter, also kept, it may take: KeyTaker).
// Each is in the help the shell shows after the screen's own
// (Screen.Help).
func ShellKeys() []ebiten.Key {
	return []ebiten.Key{ebiten.KeyF1, ebiten.KeyF6, ebiten.KeyF10, ebiten.KeyF12,
		ebiten.KeyPageUp, ebiten.KeyPageDown, ebiten.KeySlash}
}

// KeyTaker is an optional interface of a Screen that, at times, takes a
// key the shell keeps on the map: Enter, which ends the turn. While the
// screen's cursor or focus on the map acts on Enter (select what is
// there, move there), TakesKey says so and the shell leaves the key to
// the screen's Update (Input.Keys); Shift+Enter still ends the turn.
type KeyTaker interface {
	// TakesKey reports whether the screen acts on key k this frame, as
	// the keys stand now (it is asked before Update, only for Enter and
	// the keypad's Enter).
	TakesKey(k ebiten.Key) bool
}

// Keyboard is an optional interface of a Host: the shell's keyboard on
// the game screen. The keyboard is on the map until F6 moves it to the
// top bar, the side panel, the log or the chat line; in the side panel
// Tab, Shift+Tab and the arrow keys move a focus (a ring) through its
// enabled buttons in their order, Enter or Space presses the one focused,
// the panel scrolls it into sight, the focus keeps its place when the
// panel is built again (Host.Changed), and Esc gives the keyboard back
// to the map. A screen may hand the keyboard to its panel itself, with a
// key of its own.
type Keyboard interface {
	// FocusPanel gives the keyboard to the side panel, its first enabled
	// button focused (none: the keyboard stays on the map).
	FocusPanel()
}
