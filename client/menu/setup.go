package menu

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/protocol"
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

// Bounds of the steppers.
const (
	minOpponents = 1
	maxOpponents = protocol.MaxSeats - 1
)

// Form is what the setup screen's fields hold, as the player entered them.
type Form struct {
	Ruleset string
	// Width and Height are the map's size as typed (a preset fills them).
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
	// AILevel is how the AI plays the bots (protocol.AILevels; empty:
	// protocol.DefaultAILevel).
	AILevel string
}

// SettingsFromForm returns the game settings the form describes. Sizes and
// the seed are decimal numbers, spaces around them ignored; an empty seed is
// 0, for a random map. It returns an error for the player when a number does
// not parse, and otherwise the error of protocol.Settings.Validate (a
// *protocol.ProtocolError), so the settings it returns are always valid.
func SettingsFromForm(f Form) (protocol.Settings, error) {
	w, err := parseSide("map width", f.Width)
	if err != nil {
		return protocol.Settings{}, err
	}
	h, err := parseSide("map height", f.Height)
	if err != nil {
		return protocol.Settings{}, err
	}
	var seed uint64
	if s := strings.TrimSpace(f.Seed); s != "" {
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
	if err := s.Validate(); err != nil {
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
	// Rulesets are the ruleset IDs to choose from, the default first.
	Rulesets []string
	// Defaults fill the form: their ruleset, size, seed, seats, timer (and
	// name, password and spectators for LAN games). Zero fields take the
	// screen's own defaults (Medium map, 3 bots or 4 seats, no timer).
	Defaults protocol.Settings
}

// Setup is the screen that sets up a new game, for Play vs AI and Host LAN
// game.
type Setup struct {
	t       *Theme
	opts    SetupOptions
	onStart func(protocol.Settings)
	onBack  func()

	root          *widget.Container
	ruleset       *choice
	size          *choice
	width, height *widget.TextInput
	seed          *widget.TextInput
	opponents     *stepper // vs AI: the bots
	seats, bots   *stepper // LAN
	timer         *choice
	timers        []int
	level         *choice // how the AI plays: aiLevels
	spectators    *choice // LAN: no, yes, all-seeing
	name          *widget.TextInput
	password      *widget.TextInput
	status        *statusLine
}

// aiLevels are the AI levels the setup offers, by the labels it shows:
// the baselines of protocol.AILevels (passive, random) are for tests.
var aiLevels = []struct{ label, level string }{{"Easy", "easy"}, {"Normal", "normal"}}

// Choices of the spectators row.
const (
	spectatorsNo = iota
	spectatorsFog
	spectatorsAll
)

// NewSetup returns the setup screen. Start checks the form
// (SettingsFromForm) and calls onStart with the settings, or shows why it
// cannot; Back calls onBack.
func NewSetup(t *Theme, o SetupOptions, onStart func(protocol.Settings), onBack func()) *Setup {
	s := &Setup{t: t, opts: o, onStart: onStart, onBack: onBack}
	d := o.Defaults
	p := t.palette

	rs := max(slices.Index(o.Rulesets, d.Ruleset), 0)
	s.ruleset = newChoice(t, o.Rulesets, rs, nil)

	presets := SizePresets()
	labels := make([]string, 0, len(presets)+1)
	for _, pr := range presets {
		labels = append(labels, fmt.Sprintf("%s %d×%d", pr.Name, pr.Width, pr.Height))
	}
	labels = append(labels, "Custom")
	size := defaultPreset
	w, h := presets[size].Width, presets[size].Height
	if d.Width > 0 && d.Height > 0 {
		w, h = d.Width, d.Height
		size = slices.IndexFunc(presets, func(pr SizePreset) bool { return pr.Width == w && pr.Height == h })
		if size < 0 {
			size = len(presets) // Custom
		}
	}
	s.size = newChoice(t, labels, size, s.pickSize)
	digits := widget.TextInputOpts.Validation(digitsOnly(3))
	s.width = t.NewInput(72, digits)
	s.height = t.NewInput(72, digits)
	s.width.SetText(strconv.Itoa(w))
	s.height.SetText(strconv.Itoa(h))
	s.pickSize(size)
	customRow := row(s.width, t.NewText("×", t.normal, p.TextMuted), s.height,
		hint(t, fmt.Sprintf("hexes, each side %d to %d", protocol.MinMapSide, protocol.MaxMapSide)))

	s.seed = t.NewInput(260, widget.TextInputOpts.Validation(maxRunes(24)), widget.TextInputOpts.Placeholder("random"))
	if d.Seed != 0 {
		s.seed.SetText(strconv.FormatUint(d.Seed, 10))
	}
	seedRow := row(s.seed, hint(t, "empty: a new map each time"))

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

	levelLabels := make([]string, len(aiLevels))
	level := len(aiLevels) - 1
	for i, l := range aiLevels {
		levelLabels[i] = l.label
		if l.level == d.AILevel || (d.AILevel == "" && l.level == "normal") {
			level = i
		}
	}
	s.level = newChoice(t, levelLabels, level, nil)
	levelRow := row(s.level.row, hint(t, "how the bots play"))

	rows := []formRow{
		{"Ruleset", s.ruleset.row},
		{"Map size", s.size.row},
		{"Width × height", customRow},
		{"Seed", seedRow},
	}
	if o.LAN {
		seats := d.Seats
		if seats == 0 {
			seats = 4
		}
		seats = min(max(seats, protocol.MinSeats), protocol.MaxSeats)
		s.bots = newStepper(t, d.Bots, 0, seats-1, nil)
		s.seats = newStepper(t, seats, protocol.MinSeats, protocol.MaxSeats, func(n int) { s.bots.setRange(0, n-1) })
		specs := spectatorsNo
		if d.Spectators {
			specs = spectatorsFog
			if d.AllSeeing {
				specs = spectatorsAll
			}
		}
		s.spectators = newChoice(t, []string{"No", "Yes, with fog of war", "Yes, seeing all"}, specs, nil)
		s.name = t.NewInput(300, widget.TextInputOpts.Validation(maxRunes(protocol.MaxGameNameLen)), widget.TextInputOpts.Placeholder("named by the server"))
		s.name.SetText(d.Name)
		s.password = t.NewSecretInput(200, widget.TextInputOpts.Validation(maxBytes(protocol.MaxPasswordLen)),
			widget.TextInputOpts.Placeholder("none"))
		s.password.SetText(d.Password)
		rows = append(rows,
			formRow{"Seats", row(s.seats.row, t.NewText("of which bots", t.normal, p.TextMuted), s.bots.row,
				t.NewText("playing", t.normal, p.TextMuted), s.level.row)},
			formRow{"Turn timer", s.timer.row},
			formRow{"Spectators", s.spectators.row},
			formRow{"Game name", row(s.name)},
			formRow{"Password", row(s.password, hint(t, "empty: anyone may join"))},
		)
	} else {
		opp := d.Bots
		if opp == 0 {
			opp = 3
		}
		s.opponents = newStepper(t, opp, minOpponents, maxOpponents, nil)
		rows = append(rows,
			formRow{"Opponents", row(s.opponents.row, hint(t, "bots, one seat each"))},
			formRow{"AI level", levelRow},
			formRow{"Turn timer", s.timer.row},
		)
	}

	s.status = newStatusLine(t, 600)
	start := t.NewPrimaryButton("Start", s.start, widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0)))
	back := t.NewButton("Back", onBack, widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.MinSize(140, 0)))
	buttons := row(back, start)
	buttons.GetWidget().LayoutData = widget.RowLayoutData{Position: widget.RowLayoutPositionEnd}

	panel := t.NewPanel(nil)
	panel.AddChild(heading(t, o.Title), form(t, rows...), s.status.text, buttons)
	s.root = newScreen(t, panel, nil)
	return s
}

// Container returns the screen's root container.
func (s *Setup) Container() *widget.Container { return s.root }

// SetError shows msg on the error line ("" clears it): the server's refusal
// to create the game, say.
func (s *Setup) SetError(msg string) { s.status.set(msg, true) }

// pickSize follows the map size choice: a preset fills the size fields and
// locks them, Custom unlocks them.
func (s *Setup) pickSize(i int) {
	presets := SizePresets()
	custom := i >= len(presets)
	s.width.GetWidget().Disabled = !custom
	s.height.GetWidget().Disabled = !custom
	if !custom {
		s.width.SetText(strconv.Itoa(presets[i].Width))
		s.height.SetText(strconv.Itoa(presets[i].Height))
	}
}

// form returns what the fields hold.
func (s *Setup) form() Form {
	f := Form{
		Width:       s.width.GetText(),
		Height:      s.height.GetText(),
		Seed:        s.seed.GetText(),
		TurnSeconds: s.timers[s.timer.selected],
		AILevel:     aiLevels[s.level.selected].level,
	}
	if len(s.opts.Rulesets) > 0 {
		f.Ruleset = s.opts.Rulesets[s.ruleset.selected]
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
	set, err := SettingsFromForm(s.form())
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
