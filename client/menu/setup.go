package menu

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// SizePreset is a map size offered by the setup screen.
type SizePreset struct {
	Name          string
	Width, Height int
}

// SizePresets returns the map sizes offered, smallest first; the setup
// screen offers a custom size besides.
func SizePresets() []SizePreset {
	return []SizePreset{
		{"Small", 32, 24},
		{"Medium", 48, 36},
		{"Large", 64, 48},
		{"Huge", 96, 72},
	}
}

// defaultPreset is the index of the preset chosen when the defaults give no
// size: Medium.
const defaultPreset = 1

// TurnTimers returns the turn timers offered, in seconds: 0 (none), 30 s,
// 60 s, 2 min and 5 min.
func TurnTimers() []int { return []int{0, 30, 60, 120, 300} }

// TimerLabel names a turn timer of seconds: "None", "30 s", "2 min", "24 h".
func TimerLabel(seconds int) string {
	switch {
	case seconds == 0:
		return "None"
	case seconds >= 3600 && seconds%3600 == 0:
		return fmt.Sprintf("%d h", seconds/3600)
	case seconds > 60 && seconds%60 == 0:
		return fmt.Sprintf("%d min", seconds/60)
	default:
		return fmt.Sprintf("%d s", seconds)
	}
}

// Form is what the setup screen's fields hold, as the player entered them.
type Form struct {
	Ruleset string
	// Width and Height are the map's size as typed (a preset fills them),
	// for a ruleset with a map; empty for one without.
	Width, Height string
	// Seed is the seed as typed: empty for a random one.
	Seed string
	// Seats is the number of seats, Bots of them played by bots.
	Seats, Bots int
	// TurnSeconds is the turn timer, 0 for none.
	TurnSeconds int
	// Name and Password are the game's name and password (LAN games).
	Name, Password string
	// Spectators may watch; AllSeeing ones see the whole map.
	Spectators, AllSeeing bool
	// AILevel is how the AI plays the bots: one of the ruleset's levels
	// (empty: its default).
	AILevel string
	// Options are the values of the ruleset's other settings, by key.
	Options map[string]int
}

// SettingsFromForm returns the game settings the form describes for a game
// of ruleset in. Sizes and the seed are decimal numbers, spaces around them
// ignored; an empty seed is 0, for a random map. It returns an error for
// the player when a number does not parse, and otherwise the error of
// protocol.Settings.Validate, then of Settings.CheckFor against the
// ruleset (a *protocol.ProtocolError), so the settings it returns are
// always valid for in.
func SettingsFromForm(f Form, in protocol.RulesetInfo) (protocol.Settings, error) {
	info := conn.RulesetOf(in)
	var w, h int
	if info.HasMap() {
		var err error
		if w, err = parseSide("map width", f.Width); err != nil {
			return protocol.Settings{}, err
		}
		if h, err = parseSide("map height", f.Height); err != nil {
			return protocol.Settings{}, err
		}
	}
	var seed uint64
	if s := strings.TrimSpace(f.Seed); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		if err != nil {
			return protocol.Settings{}, fmt.Errorf("seed %q: enter a whole number from 0 to %d, or nothing for a random map", clip(s, 24), uint64(math.MaxUint64))
		}
	}
	s := protocol.Settings{
		Name:        strings.TrimSpace(f.Name),
		Ruleset:     f.Ruleset,
		Width:       w,
		Height:      h,
		Seed:        seed,
		Seats:       f.Seats,
		Bots:        f.Bots,
		TurnSeconds: f.TurnSeconds,
		Password:    f.Password,
		Spectators:  f.Spectators,
		AllSeeing:   f.Spectators && f.AllSeeing,
		AILevel:     f.AILevel,
	}
	// The options in the order the ruleset lists its settings.
	for _, st := range info.Settings {
		if v, ok := f.Options[st.Key]; ok && st.Key != ruleset.KeyWidth && st.Key != ruleset.KeyHeight {
			s.Options = append(s.Options, protocol.Option{Key: st.Key, Value: v})
		}
	}
	if err := s.Validate(); err != nil {
		return protocol.Settings{}, err
	}
	if s.Ruleset != in.ID {
		return protocol.Settings{}, protocol.Errorf(protocol.Invalid, "ruleset %q: the form is of %s", clip(s.Ruleset, 24), in.ID)
	}
	if err := s.CheckFor(info, nil); err != nil {
		return protocol.Settings{}, err
	}
	return s, nil
}

// parseSide parses a side of the map.
func parseSide(what, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("%s: enter a number from %d to %d", what, protocol.MinMapSide, protocol.MaxMapSide)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s %q: enter a number from %d to %d", what, clip(s, 12), protocol.MinMapSide, protocol.MaxMapSide)
	}
	return n, nil
}

// clip cuts s to n runes, for quoting what the player typed.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// SetupOptions configure a setup screen.
type SetupOptions struct {
	// Title is the screen's heading ("Play vs AI", "Host a LAN game").
	Title string
	// LAN asks for the seats (people and bots), the game's name, password
	// and spectators; otherwise the player faces bots alone.
	LAN bool
	// Rulesets are the rulesets to choose from, the default first: the
	// build's for a game the client's own server plays, a server's
	// (Welcome) for a game on it.
	Rulesets []protocol.RulesetInfo
	// Playable returns why the client cannot play a ruleset (it has no
	// screen for it), nil if it can; nil means every ruleset can be
	// played. A ruleset that cannot be played is listed with why, and
	// Start refuses it.
	Playable func(protocol.RulesetInfo) error
	// Defaults fill the form: their ruleset, size, seed, seats, timer,
	// AI level and options (and name, password and spectators for LAN
	// games). Zero fields take the screen's own defaults (a Medium map,
	// 3 bots or 4 seats, no timer) within the ruleset's bounds, or the
	// ruleset's.
	Defaults protocol.Settings
	// Decks, if not nil, returns the decks the player may bring to a game
	// of ruleset id against the AI (the seat's set-up data, ruleset.
	// SeatSetup), the first the default: the form then asks "Your deck"
	// (SeatData). None for a ruleset that takes no deck. LAN games choose
	// theirs in the lobby.
	Decks func(id string) []SeatChoice
}

// Setup is the screen that sets up a new game, for Play vs AI and Host LAN
// game: the ruleset, chosen from a list with its summary, then the settings
// that ruleset declares (a map size for a ruleset with a map, seats within
// its bounds, its AI levels, its own settings as steppers and choices) and
// the settings of every game (seed, turn timer, and for LAN games the
// name, password and spectators).
type Setup struct {
	t       *Theme
	opts    SetupOptions
	onStart func(protocol.Settings)
	onBack  func()

	root  *widget.Container
	area  *widget.Container                      // the ruleset's settings, scrolling
	fixed []widget.PreferredSizeLocateableWidget // what does not scroll
	room  int                                    // the settings' height at most (FitHeight)
	built int                                    // counts the forms built (build)
	// fitH and fitBuilt are the height and the form FitHeight last fitted.
	fitH, fitBuilt int
	ruleset        *choice
	summary        *widget.Text
	body           *widget.Container
	info           protocol.RulesetInfo // the chosen ruleset

	size          *choice // nil for a ruleset without a map
	presets       []SizePreset
	width, height *widget.TextInput
	lastW, lastH  int // the map size last shown, kept through a ruleset without a map
	seed          *widget.TextInput
	opponents     *stepper // vs AI: the bots
	seats, bots   *stepper // LAN
	timer         *choice
	timers        []int
	level         *stepper // how the AI plays: an index in levels
	levels        []string
	levelNote     *widget.Text  // the chosen level's line on how it plays
	options       []optionField // the ruleset's own settings
	deck          *choice       // vs AI: the deck brought, nil for a ruleset without
	decks         []SeatChoice
	spectators    *choice // LAN: no, yes, all-seeing
	name          *widget.TextInput
	password      *widget.TextInput
	status        *statusLine
}

// optionField is the control of one of a ruleset's own settings: a
// stepper, or a choice for a setting with choices.
type optionField struct {
	key     string
	stepper *stepper
	choice  *choice
}

// value returns the option's value.
func (o optionField) value() int {
	if o.choice != nil {
		return o.choice.selected
	}
	return o.stepper.n
}

// set shows value v, without calling onChange.
func (o optionField) set(v int) {
	if o.choice != nil {
		o.choice.set(v)
		return
	}
	o.stepper.set(v)
}

// Choices of the spectators row.
const (
	spectatorsNo = iota
	spectatorsFog
	spectatorsAll
)

// summaryWidth is the width of a ruleset's summary, in pixels at 100 %;
// rulesetsPerRow the most rulesets on a line of the list.
const (
	summaryWidth   = 700
	rulesetsPerRow = 3
)

// NewSetup returns the setup screen. Start checks the form
// (SettingsFromForm) and calls onStart with the settings, or shows why it
// cannot; Back calls onBack. Picking another ruleset lays out its settings,
// keeping the map size (where the ruleset takes it), the seed, the timer
// and, for LAN games, the name, password and spectators.
func NewSetup(t *Theme, o SetupOptions, onStart func(protocol.Settings), onBack func()) *Setup {
	d := o.Defaults
	rs := max(slices.IndexFunc(o.Rulesets, func(in protocol.RulesetInfo) bool { return in.ID == d.Ruleset }), 0)
	return newSetup(t, o, onStart, onBack, rs, d)
}

// Rebuild returns the screen built anew at theme t (another interface
// size) with s's options and actions, showing what s shows: the ruleset
// chosen and every setting as the player chose or typed it (the map size,
// custom or not, the seed, the opponents or the seats and bots, the AI
// level, the ruleset's own settings, the deck, the turn timer, the name,
// password and spectators), the status line, and where the settings are
// scrolled to.
func (s *Setup) Rebuild(t *Theme) *Setup {
	d := s.opts.Defaults
	d.TurnSeconds = 0
	for _, sec := range s.timers {
		if !slices.Contains(TurnTimers(), sec) {
			d.TurnSeconds = sec // the timer offered besides the usual ones, offered again
		}
	}
	n := newSetup(t, s.opts, s.onStart, s.onBack, s.ruleset.selected, d)
	n.keep(s)
	return n
}

// keep sets the form, of the same ruleset and options as old's, to what
// old's shows.
func (s *Setup) keep(old *Setup) {
	s.lastW, s.lastH = old.lastW, old.lastH
	if s.size != nil && old.size != nil {
		s.size.set(old.size.selected)
		s.pickSize(old.size.selected)
		s.width.SetText(old.width.GetText())
		s.height.SetText(old.height.GetText())
	}
	s.seed.SetText(old.seed.GetText())
	s.timer.set(old.timer.selected)
	s.level.set(old.level.n)
	s.levelNote.Label = old.levelNote.Label
	if s.opponents != nil && old.opponents != nil {
		s.opponents.set(old.opponents.n)
	}
	if s.seats != nil && old.seats != nil {
		s.seats.set(old.seats.n)
		s.bots.setRange(0, s.seats.n-1)
		s.bots.set(old.bots.n)
		s.spectators.set(old.spectators.selected)
		s.name.SetText(old.name.GetText())
		s.password.SetText(old.password.GetText())
	}
	for i := range min(len(s.options), len(old.options)) {
		s.options[i].set(old.options[i].value())
	}
	if s.deck != nil && old.deck != nil && old.deck.selected >= 0 && old.deck.selected < len(old.decks) {
		label := old.decks[old.deck.selected].Label
		s.deck.set(slices.IndexFunc(s.decks, func(c SeatChoice) bool { return c.Label == label }))
	}
	s.status.keep(old.status)
	keepScroll(s.area, old.area)
}

// newSetup returns the setup screen with the form of ruleset rs (an index
// in o.Rulesets) filled from d.
func newSetup(t *Theme, o SetupOptions, onStart func(protocol.Settings), onBack func(), rs int, d protocol.Settings) *Setup {
	s := &Setup{t: t, opts: o, onStart: onStart, onBack: onBack}
	p := t.palette

	labels := make([]string, len(o.Rulesets))
	for i, in := range o.Rulesets {
		labels[i] = rulesetLabel(in)
	}
	s.ruleset = newChoiceRows(t, labels, rs, rulesetsPerRow, s.pickRuleset)
	s.summary = t.NewText(" ", t.small, p.TextMuted, widget.TextOpts.MaxWidth(t.Pxf(summaryWidth)))
	s.body = widget.NewContainer(widget.ContainerOpts.Layout(widget.NewRowLayout(widget.RowLayoutOpts.Direction(widget.DirectionVertical))))
	s.status = newStatusLine(t, summaryWidth)
	s.status.text.GetWidget().MinWidth = 0

	start := t.NewPrimaryButton("Start", s.start, t.minSize(140, 0))
	back := t.NewButton("Back", onBack, t.minSize(140, 0))
	buttons := row(t, back, start)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}

	top := form(t, formRow{"Ruleset", column(t, 4, false, s.ruleset.row, s.summary)})
	s.area = NewScrollArea(s.body, ScrollStyle{WheelPart: 3, Handle: t.Px(8), Data: s.body, Scale: t.Scale()}, setupBodyMax, image.Point{})
	s.fixed = []widget.PreferredSizeLocateableWidget{heading(t, o.Title), top, s.status.text, buttons}
	panel := t.NewPanel(nil)
	panel.AddChild(s.fixed[0], s.fixed[1], s.area, s.fixed[2], s.fixed[3])
	s.root = newScreen(t, panel, nil)
	s.build(rs, d)
	return s
}

// setupBodyMax is the most height the ruleset's settings take before the
// window's height is known (FitHeight).
const setupBodyMax = 4096

// FitHeight fits the form to a window h pixels high: the ruleset's
// settings scroll (the wheel, the slider beside them) in what the
// heading, the ruleset list, the status line and the buttons leave, so
// that Start is always on the screen. The app calls it every frame; it
// measures again only when the height or the ruleset changed, and lays
// the screen out again only when the room changes.
func (s *Setup) FitHeight(h int) {
	if h == s.fitH && s.built == s.fitBuilt {
		return
	}
	s.fitH, s.fitBuilt = h, s.built
	s.root.Validate() // measured text needs its faces
	t := s.t
	used := 2*t.Px(screenPadding) + 2*t.Px(panelPadding) + t.Px(rowSpacing)*len(s.fixed)
	for _, w := range s.fixed {
		_, ph := w.PreferredSize()
		used += ph
	}
	room := max(h-used, t.Px(setupBodyLeast))
	if room == s.room {
		return
	}
	s.room = room
	s.area.GetWidget().LayoutData = widget.RowLayoutData{Stretch: true, MaxHeight: room}
	s.root.RequestRelayout()
}

// setupBodyLeast is the least height the ruleset's settings get, however
// small the window: three rows (pixels at 100 %).
const setupBodyLeast = 150

// rulesetLabel names a ruleset in the list: its title, marked when the
// server plays a mod of it.
func rulesetLabel(in protocol.RulesetInfo) string {
	title := in.Title
	if title == "" {
		title = in.ID
	}
	if in.Modded {
		title += " (modded)"
	}
	return title
}

// pickRuleset follows the ruleset choice: the form of ruleset i, keeping
// what every ruleset shares.
func (s *Setup) pickRuleset(i int) {
	f := s.Form()
	d := s.opts.Defaults
	d.Seed = 0
	d.TurnSeconds = f.TurnSeconds
	d.Name, d.Password = f.Name, f.Password
	d.Spectators, d.AllSeeing = f.Spectators, f.AllSeeing
	if s.size != nil {
		w, werr := strconv.Atoi(strings.TrimSpace(f.Width))
		h, herr := strconv.Atoi(strings.TrimSpace(f.Height))
		if werr == nil && herr == nil {
			s.lastW, s.lastH = w, h
		}
	}
	d.Width, d.Height, d.AILevel, d.Options = s.lastW, s.lastH, "", nil
	seed := s.seed.GetText()
	s.build(i, d)
	s.seed.SetText(seed)
}

// build lays out the form of ruleset i, filled from d.
func (s *Setup) build(i int, d protocol.Settings) {
	s.built++
	t, o, p := s.t, s.opts, s.t.palette
	if i < len(o.Rulesets) {
		s.info = o.Rulesets[i]
	}
	in := s.info
	info := conn.RulesetOf(in)
	s.summary.Label = in.Summary
	if s.summary.Label == "" {
		s.summary.Label = " "
	}
	s.SetError("")
	if err := s.playable(); err != nil {
		s.SetError(err.Error()) // Start refuses it too
	}

	var rows []formRow
	s.size, s.width, s.height, s.presets = nil, nil, nil, nil
	if info.HasMap() {
		wSet, _ := info.Setting(ruleset.KeyWidth)
		hSet, _ := info.Setting(ruleset.KeyHeight)
		for _, pr := range SizePresets() {
			if pr.Width >= wSet.Min && pr.Width <= wSet.Max && pr.Height >= hSet.Min && pr.Height <= hSet.Max {
				s.presets = append(s.presets, pr)
			}
		}
		labels := make([]string, 0, len(s.presets)+1)
		for _, pr := range s.presets {
			labels = append(labels, fmt.Sprintf("%s %d×%d", pr.Name, pr.Width, pr.Height))
		}
		labels = append(labels, "Custom")
		w, h := wSet.Default, hSet.Default
		if pr := slices.IndexFunc(s.presets, func(pr SizePreset) bool { return pr == SizePresets()[defaultPreset] }); pr >= 0 {
			w, h = s.presets[pr].Width, s.presets[pr].Height
		}
		if d.Width >= wSet.Min && d.Width <= wSet.Max && d.Height >= hSet.Min && d.Height <= hSet.Max {
			w, h = d.Width, d.Height // the size asked for, where the ruleset takes it
		}
		s.lastW, s.lastH = w, h
		size := slices.IndexFunc(s.presets, func(pr SizePreset) bool { return pr.Width == w && pr.Height == h })
		if size < 0 {
			size = len(s.presets) // Custom
		}
		s.size = newChoiceRows(t, labels, size, mapSizesPerRow, s.pickSize)
		digits := widget.TextInputOpts.Validation(digitsOnly(3))
		s.width = t.NewInput(t.Px(72), digits)
		s.height = t.NewInput(t.Px(72), digits)
		s.width.SetText(strconv.Itoa(w))
		s.height.SetText(strconv.Itoa(h))
		s.pickSize(size)
	}
	s.seed = t.NewInput(t.Px(200), widget.TextInputOpts.Validation(maxRunes(24)), widget.TextInputOpts.Placeholder("random"))
	if d.Seed != 0 {
		s.seed.SetText(strconv.FormatUint(d.Seed, 10))
	}
	if s.size != nil {
		rows = append(rows, formRow{"Map size", s.size.row},
			formRow{"Width × height", row(t, s.width, t.NewText("×", t.normal, p.TextMuted), s.height,
				spacer(t, 16, 0), t.NewText("Seed", t.normal, p.TextMuted), s.seed, hint(t, "empty: a new game each time"))})
	} else {
		rows = append(rows, formRow{"Seed", row(t, s.seed, hint(t, "empty: a new game each time"))})
	}

	s.timers = TurnTimers()
	if !slices.Contains(s.timers, d.TurnSeconds) && d.TurnSeconds >= protocol.MinTurnSeconds && d.TurnSeconds <= protocol.MaxTurnSeconds {
		s.timers = append(s.timers, d.TurnSeconds)
		slices.Sort(s.timers)
	}
	timerLabels := make([]string, len(s.timers))
	for i, sec := range s.timers {
		timerLabels[i] = TimerLabel(sec)
	}
	s.timer = newChoice(t, timerLabels, max(slices.Index(s.timers, d.TurnSeconds), 0), nil)

	s.levels = slices.Clone(in.Levels)
	if len(s.levels) == 0 {
		s.levels = []string{""} // the server's default
	}
	levelLabels := make([]string, len(s.levels))
	level := max(slices.Index(s.levels, in.Default), 0)
	for i, l := range s.levels {
		levelLabels[i] = levelLabel(l)
		if l == d.AILevel {
			level = i
		}
	}
	notes := in.LevelNotes
	if len(notes) != len(in.Levels) {
		notes = nil
	}
	s.levelNote = wrappedHint(t, levelNote(notes, level), levelNoteWidth)
	s.level = newLabelStepper(t, levelLabels, level, func(n int) { s.levelNote.Label = levelNote(notes, n) })
	s.level.explain(t, func(n, d int) string { return levelTip(levelLabels, n, d) })

	minSeats := max(in.MinSeats, protocol.MinSeats)
	maxSeats := min(max(in.MaxSeats, minSeats), protocol.MaxSeats)
	s.opponents, s.seats, s.bots, s.spectators, s.name, s.password = nil, nil, nil, nil, nil, nil
	if o.LAN {
		seats := d.Seats
		if seats == 0 {
			seats = 4
		}
		seats = min(max(seats, minSeats), maxSeats)
		s.bots = newStepper(t, d.Bots, 0, seats-1, nil)
		s.seats = newStepper(t, seats, minSeats, maxSeats, func(n int) { s.bots.setRange(0, n-1) })
		specs := spectatorsNo
		if d.Spectators {
			specs = spectatorsFog
			if d.AllSeeing {
				specs = spectatorsAll
			}
		}
		s.spectators = newChoice(t, []string{"No", "Yes, with fog of war", "Yes, seeing all"}, specs, nil)
		s.name = t.NewInput(t.Px(300), widget.TextInputOpts.Validation(maxRunes(protocol.MaxGameNameLen)), widget.TextInputOpts.Placeholder("named by the server"))
		s.name.SetText(d.Name)
		s.password = t.NewSecretInput(t.Px(200), widget.TextInputOpts.Validation(maxBytes(protocol.MaxPasswordLen)),
			widget.TextInputOpts.Placeholder("none"))
		s.password.SetText(d.Password)
		rows = append(rows,
			formRow{"Seats", row(t, s.seats.row, t.NewText("of which bots", t.normal, p.TextMuted), s.bots.row)},
			formRow{"AI level", s.level.row},
			formRow{"", s.levelNote},
		)
	} else {
		opp := d.Bots
		if opp == 0 {
			opp = 3
		}
		s.opponents = newStepper(t, opp, minSeats-1, maxSeats-1, nil)
		rows = append(rows,
			formRow{"Opponents", row(t, s.opponents.row, hint(t, "bots, one seat each"))},
			formRow{"AI level", s.level.row},
			formRow{"", s.levelNote},
		)
	}

	s.options = nil
	for _, st := range in.Settings {
		if st.Key == ruleset.KeyWidth || st.Key == ruleset.KeyHeight {
			continue
		}
		v := st.Default
		if j := slices.IndexFunc(d.Options, func(op protocol.Option) bool { return op.Key == st.Key }); j >= 0 {
			v = d.Options[j].Value
		}
		f := optionField{key: st.Key}
		var control widget.PreferredSizeLocateableWidget
		if len(st.Choices) > 0 {
			f.choice = newChoice(t, st.Choices, min(max(v, 0), len(st.Choices)-1), nil)
			control = f.choice.row
		} else {
			f.stepper = newStepper(t, v, st.Min, st.Max, nil)
			control = f.stepper.row
		}
		s.options = append(s.options, f)
		help := wrappedHint(t, st.Help, settingHelpWidth)
		if len(st.Choices) > perRow(st.Choices) || labelRunes(st.Choices) > wideChoice {
			// A choice of several lines, or a wide one: its help under
			// it, not beside.
			rows = append(rows, formRow{st.Label, column(t, 4, false, control, help)})
			continue
		}
		rows = append(rows, formRow{st.Label, row(t, control, help)})
	}

	s.deck, s.decks = nil, nil
	if !o.LAN && o.Decks != nil {
		s.decks = o.Decks(in.ID)
	}
	if len(s.decks) > 0 {
		labels := make([]string, len(s.decks))
		for i, c := range s.decks {
			labels[i] = c.Label
		}
		s.deck = newChoice(t, labels, 0, nil)
		rows = append(rows, formRow{"Your deck", s.deck.row})
	}

	rows = append(rows, formRow{"Turn timer", s.timer.row})
	if o.LAN {
		rows = append(rows,
			formRow{"Spectators", s.spectators.row},
			formRow{"Game name", row(t, s.name, t.NewText("Password", t.normal, p.TextMuted), s.password)},
		)
	}
	s.body.RemoveChildren()
	s.body.AddChild(form(t, rows...))
}

// levelTip is the tooltip of the AI level's button stepping by d (−1 or
// +1) from level n of labels, weakest first: the level it picks, or, at
// an end, why it is greyed ("Normal is the strongest AI level").
func levelTip(labels []string, n, d int) string {
	switch {
	case len(labels) == 1:
		return labels[0] + " is the only AI level of this game"
	case d < 0 && n <= 0:
		return labels[0] + " is the weakest AI level"
	case d > 0 && n >= len(labels)-1:
		return labels[len(labels)-1] + " is the strongest AI level"
	case d < 0:
		return "A weaker AI: " + labels[n-1]
	}
	return "A stronger AI: " + labels[n+1]
}

// wideChoice is the most characters of labels a choice of a ruleset's
// setting has with its help beside it: a wider one has its help under it,
// so that the form fits a screen 960 pixels wide.
const wideChoice = 24

// labelRunes returns how many characters labels have in all.
func labelRunes(labels []string) int {
	n := 0
	for _, l := range labels {
		n += len([]rune(l))
	}
	return n
}

// mapSizesPerRow is how many map sizes go on a line: three, so that the
// form fits a screen 960 pixels wide.
const mapSizesPerRow = 3

// The widest a setting's help and a level's line are drawn, in pixels at
// 100 %:
// longer ones wrap, so that every ruleset's form fits the smallest window.
const (
	settingHelpWidth = 180
	levelNoteWidth   = 640
)

// wrappedHint returns a hint (muted small text) that wraps at width
// pixels at 100 % (at t's scale).
func wrappedHint(t *Theme, s string, width int) *widget.Text {
	return t.NewText(s, t.small, t.palette.TextMuted, widget.TextOpts.MaxWidth(t.Pxf(float64(width))))
}

// levelNote returns the line on how level n plays (notes, by level), or
// what the level stepper chooses when the ruleset gives none.
func levelNote(notes []string, n int) string {
	if n >= 0 && n < len(notes) && notes[n] != "" {
		return notes[n]
	}
	return "how the bots play"
}

// levelLabel names an AI level for the player: "Normal".
func levelLabel(level string) string {
	if level == "" {
		return "Default"
	}
	return strings.ToUpper(level[:1]) + level[1:]
}

// playable returns why the chosen ruleset cannot be played, nil if it can.
func (s *Setup) playable() error {
	if s.opts.Playable == nil {
		return nil
	}
	return s.opts.Playable(s.info)
}

// Container returns the screen's root container.
func (s *Setup) Container() *widget.Container { return s.root }

// SeatData returns the deck chosen for a game against the AI (the
// seat's set-up data), nil when the form asks for none.
func (s *Setup) SeatData() []byte {
	if s.deck == nil || s.deck.selected < 0 || s.deck.selected >= len(s.decks) {
		return nil
	}
	return s.decks[s.deck.selected].Data
}

// SetError shows msg on the error line ("" clears it): the server's refusal
// to create the game, say.
func (s *Setup) SetError(msg string) { s.status.set(msg, true) }

// pickSize follows the map size choice: a preset fills the size fields and
// locks them, Custom unlocks them.
func (s *Setup) pickSize(i int) {
	custom := i >= len(s.presets)
	s.width.GetWidget().Disabled = !custom
	s.height.GetWidget().Disabled = !custom
	if !custom {
		s.width.SetText(strconv.Itoa(s.presets[i].Width))
		s.height.SetText(strconv.Itoa(s.presets[i].Height))
	}
}

// Form returns what the fields hold, as the player left them.
func (s *Setup) Form() Form {
	f := Form{
		Ruleset:     s.info.ID,
		Seed:        s.seed.GetText(),
		TurnSeconds: s.timers[s.timer.selected],
		AILevel:     s.levels[s.level.n],
	}
	if s.size != nil {
		f.Width, f.Height = s.width.GetText(), s.height.GetText()
	}
	if len(s.options) > 0 {
		f.Options = map[string]int{}
		for _, o := range s.options {
			f.Options[o.key] = o.value()
		}
	}
	if s.opts.LAN {
		f.Seats, f.Bots = s.seats.n, s.bots.n
		f.Name, f.Password = s.name.GetText(), s.password.GetText()
		f.Spectators = s.spectators.selected != spectatorsNo
		f.AllSeeing = s.spectators.selected == spectatorsAll
	} else {
		f.Seats, f.Bots = s.opponents.n+1, s.opponents.n
		f.Spectators, f.AllSeeing = s.opts.Defaults.Spectators, s.opts.Defaults.AllSeeing
	}
	return f
}

// start is the Start button.
func (s *Setup) start() {
	if err := s.playable(); err != nil {
		s.SetError(err.Error())
		return
	}
	set, err := SettingsFromForm(s.Form(), s.info)
	if err != nil {
		s.SetError(playerMessage(err))
		return
	}
	s.SetError("")
	if s.onStart != nil {
		s.onStart(set)
	}
}

// digitsOnly returns a text input validation that accepts up to n digits.
func digitsOnly(n int) widget.TextInputValidationFunc {
	return func(s string) (bool, *string) {
		if len(s) > n || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
			return false, nil
		}
		return true, nil
	}
}

// maxRunes returns a text input validation that accepts up to n printable
// characters.
func maxRunes(n int) widget.TextInputValidationFunc {
	return func(s string) (bool, *string) {
		return len([]rune(s)) <= n && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) < 0, nil
	}
}

// maxBytes returns a text input validation that accepts up to n bytes.
func maxBytes(n int) widget.TextInputValidationFunc {
	return func(s string) (bool, *string) { return len(s) <= n, nil }
}
