package menu

import (
	"fmt"
	"image"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/protocol"
)

// Places are where the client keeps the player's files, which the
// settings screen shows so the player can find them; an empty one is not
// shown.
type Places struct {
	// Files is the directory of the settings, the saved games and the
	// screenshots (under os.UserConfigDir).
	Files string
	// Log is the client's log file (under os.UserCacheDir).
	Log string
}

// ScaleNote returns what the player is told of interface size percent on
// the window as it is: "" when it is applied as asked, else the size
// applied and why.
type ScaleNote func(percent int) string

// Settings is the settings screen, or its panel over a game.
type Settings struct {
	root *widget.Container
	fit  heightFitter // the form scrolls in what the rest leaves
	s    *settingsScreen
	// places, onClose and panel are what the screen was made with, for
	// Rebuild.
	places  Places
	onClose func()
	panel   bool // a panel over a game (NewSettingsPanel)
}

// Values returns the preferences the screen shows, saved or not.
func (s *Settings) Values() prefs.Prefs { return s.s.values() }

// Container returns the screen's root.
func (s *Settings) Container() *widget.Container { return s.root }

// FitHeight fits the screen to a window h pixels high: the form scrolls
// (the wheel, the slider beside it) in what the heading, the status line
// and the buttons leave, so that Save and Close are always on the screen.
// The app calls it every frame; it measures again only when h changed.
func (s *Settings) FitHeight(h int) { s.fit.fit(h) }

// settingsFormLeast is the least height the form gets, however small the
// window: three rows (pixels at 100 %).
const settingsFormLeast = 150

// NewSettings returns the settings screen, showing p and where the files
// are (places), and under the interface size the size applied (note; nil
// says nothing). Save checks the
// preferences (prefs.Prefs.Validate) and calls onSave with them, showing
// the error it returns, if any, and "Saved." if none; Close calls onClose
// (unsaved changes are dropped). The screen stays after a save: onSave may
// move on by itself, and onClose goes back to wherever the screen was
// opened from (the main menu, or a game).
func NewSettings(t *Theme, p prefs.Prefs, places Places, note ScaleNote, onSave func(prefs.Prefs) error, onClose func()) *Settings {
	return makeSettings(t, p, places, note, onSave, onClose, false)
}

// NewSettingsPanel returns the settings as NewSettings does, on a panel
// without the screen's background, to show in a window over the game.
func NewSettingsPanel(t *Theme, p prefs.Prefs, places Places, note ScaleNote, onSave func(prefs.Prefs) error, onClose func()) *Settings {
	return makeSettings(t, p, places, note, onSave, onClose, true)
}

// makeSettings returns the settings screen, or its panel over a game.
func makeSettings(t *Theme, p prefs.Prefs, places Places, note ScaleNote, onSave func(prefs.Prefs) error, onClose func(), panel bool) *Settings {
	s := newSettings(t, p, note, onSave, onClose)
	s.showPlaces(t, places)
	var root *widget.Container
	if panel {
		root = withFocusRing(t, s.panel)
	} else {
		root = newScreen(t, s.panel, nil)
	}
	return &Settings{root: root, fit: heightFitter{root: root, part: s.area, least: t.Px(settingsFormLeast)}, s: s,
		places: places, onClose: onClose, panel: panel}
}

// Rebuild returns the screen (or the panel) built anew at theme t
// (another interface size), with s's actions, showing what s shows: every
// choice and text as the player left it, saved or not, the status line,
// and where the form is scrolled to.
func (s *Settings) Rebuild(t *Theme) *Settings {
	o := s.s
	n := makeSettings(t, o.prefs, s.places, o.note, o.onSave, s.onClose, s.panel)
	n.s.keep(o)
	return n
}

// settingsScreen is the settings screen's state.
type settingsScreen struct {
	panel   *widget.Container
	form    *widget.Container
	area    *widget.Container // the form, scrolling (Settings.FitHeight)
	prefs   prefs.Prefs       // what the screen started from
	name    *widget.TextInput
	address *widget.TextInput
	grid    *choice
	anim    *choice
	edgePan *choice
	screen  *choice // window or full screen
	scale   *choice // of prefs.UIScales
	// scaleHint says what the interface size chosen is applied at, on
	// the window as it is (note).
	scaleHint *widget.Text
	note      ScaleNote
	hints     *choice // first-turn hints shown or hidden
	colours   *choice // the players' palette: standard or colour-blind
	status    *statusLine
	onSave    func(prefs.Prefs) error
}

// animLabels returns the labels of the animation speed choice, in the order
// of prefs.AnimSpeeds.
func animLabels() []string { return []string{"Slow", "Normal", "Fast", "Off"} }

func newSettings(t *Theme, p prefs.Prefs, note ScaleNote, onSave func(prefs.Prefs) error, onClose func()) *settingsScreen {
	s := &settingsScreen{prefs: p, onSave: onSave, note: note}
	s.name = t.NewInput(t.Px(300), widget.TextInputOpts.Validation(maxRunes(protocol.MaxNameLen)))
	s.name.SetText(p.Name)
	s.address = t.NewInput(t.Px(300), widget.TextInputOpts.Validation(maxRunes(255)), widget.TextInputOpts.Placeholder(prefs.DefaultAddress))
	s.address.SetText(p.Address)
	s.grid = newChoice(t, []string{"Shown", "Hidden"}, onOff(!p.Grid), nil)
	anim := slices.Index(prefs.AnimSpeeds(), p.AnimSpeed)
	if anim < 0 {
		anim = slices.Index(prefs.AnimSpeeds(), prefs.AnimNormal)
	}
	s.anim = newChoice(t, animLabels(), anim, nil)
	s.edgePan = newChoice(t, []string{"On", "Off"}, onOff(!p.EdgePan), nil)
	s.screen = newChoice(t, []string{"Window", "Full screen"}, onOff(p.Fullscreen), nil)
	scale := slices.Index(prefs.UIScales(), p.UIScale)
	if scale < 0 {
		scale = slices.Index(prefs.UIScales(), prefs.DefaultUIScale)
	}
	s.scale = newChoice(t, scaleLabels(), scale, func(int) { s.showScale() })
	s.scaleHint = hint(t, "")
	s.showScale()
	s.hints = newChoice(t, []string{"Shown", "Hidden"}, onOff(!p.Hints), nil)
	s.colours = newChoice(t, []string{"Standard", "Colour-blind"}, onOff(p.ColourBlind), nil)

	s.status = newStatusLine(t, 560)
	save := t.NewPrimaryButton("Save", s.save, t.minSize(140, 0))
	closeB := t.NewButton("Close", onClose, t.minSize(140, 0))
	buttons := row(t, closeB, save)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}

	s.form = form(t,
		formRow{"Player name", row(t, s.name, hint(t, "shown to the other players"))},
		formRow{"Server address", row(t, s.address, hint(t, "host:port, for Join game"))},
		formRow{"Hex grid", s.grid.row},
		formRow{"Turn animation", s.anim.row},
		formRow{"Edge panning", row(t, s.edgePan.row, hint(t, "the mouse at the window's edge scrolls the map"))},
		formRow{"Display", s.screen.row},
		formRow{"Interface size", column(t, 2, false, s.scale.row, s.scaleHint)},
		formRow{"First-turn hints", row(t, s.hints.row, hint(t, "what to do first, on a game's first turn"))},
		formRow{"Player colours", row(t, s.colours.row, hint(t, "apart under every kind of colour blindness"))},
	)
	s.area = NewScrollArea(s.form, ScrollStyle{WheelPart: 3, Handle: t.Px(8), Data: s.form, Scale: t.Scale()}, settingsFormMax, image.Point{})
	panel := t.NewPanel(nil)
	panel.AddChild(
		heading(t, "Settings"),
		s.area,
		s.status.text,
		buttons,
	)
	s.panel = panel
	return s
}

// settingsFormMax is the most height the form takes before the window's
// height is known (Settings.FitHeight).
const settingsFormMax = 4096

// keep sets the form to what old's shows.
func (s *settingsScreen) keep(old *settingsScreen) {
	s.name.SetText(old.name.GetText())
	s.address.SetText(old.address.GetText())
	for _, c := range [][2]*choice{{s.grid, old.grid}, {s.anim, old.anim}, {s.edgePan, old.edgePan}, {s.screen, old.screen},
		{s.scale, old.scale}, {s.hints, old.hints}, {s.colours, old.colours}} {
		c[0].set(c[1].selected)
	}
	s.showScale()
	s.status.keep(old.status)
	keepScroll(s.area, old.area)
}

// showPlaces adds to the form a row for each place that is set.
func (s *settingsScreen) showPlaces(t *Theme, p Places) {
	rows := []formRow{
		{"Your files", column(t, 2, false, hint(t, p.Files), hint(t, "settings, saved games and screenshots"))},
		{"Log", column(t, 2, false, hint(t, p.Log), hint(t, "what the client did: add it to a report of a problem"))},
	}
	for i, place := range []string{p.Files, p.Log} {
		if place != "" {
			s.form.AddChild(t.NewText(rows[i].label, t.normal, t.palette.TextMuted), rows[i].controls)
		}
	}
}

// showScale says under the interface size what the size chosen is
// applied at: what note says, or what the size is of when it is applied
// as asked.
func (s *settingsScreen) showScale() {
	text := "text, buttons and panels"
	if s.note != nil {
		if n := s.note(prefs.UIScales()[s.scale.selected]); n != "" {
			text = n
		}
	}
	s.scaleHint.Label = text
}

// scaleLabels returns the labels of the interface scale choice, in the
// order of prefs.UIScales.
func scaleLabels() []string {
	var l []string
	for _, s := range prefs.UIScales() {
		l = append(l, fmt.Sprintf("%d%%", s))
	}
	return l
}

// onOff returns the index of a two-way choice: 0 for the first, 1 for the
// second.
func onOff(second bool) int {
	if second {
		return 1
	}
	return 0
}

// values returns the preferences the screen shows.
func (s *settingsScreen) values() prefs.Prefs {
	p := s.prefs
	p.Name = strings.TrimSpace(s.name.GetText())
	p.Address = strings.TrimSpace(s.address.GetText())
	p.Grid = s.grid.selected == 0
	p.AnimSpeed = prefs.AnimSpeeds()[s.anim.selected]
	p.EdgePan = s.edgePan.selected == 0
	p.Fullscreen = s.screen.selected == 1
	p.UIScale = prefs.UIScales()[s.scale.selected]
	p.Hints = s.hints.selected == 0
	p.ColourBlind = s.colours.selected == 1
	return p
}

// save is the Save button.
func (s *settingsScreen) save() {
	p := s.values()
	if err := p.Validate(); err != nil {
		s.status.set(err.Error(), true)
		return
	}
	if s.onSave != nil {
		if err := s.onSave(p); err != nil {
			s.status.set(err.Error(), true)
			return
		}
	}
	s.prefs = p
	s.status.set("Saved.", false)
}
