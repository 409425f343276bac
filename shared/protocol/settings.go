package protocol

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"empires/shared/ruleset"
)

// Bounds of Settings, checked by Validate.
const (
	MinMapSide     = 16
	MaxMapSide     = 512
	MinSeats       = 2
	MaxSeats       = 20
	MaxOptions     = 32        // Settings.Options
	MinTurnSeconds = 10        // a turn timer is 0 (none) or 10 s ...
	MaxTurnSeconds = 24 * 3600 // ... to 24 h
)

// Lengths of texts, in characters (runes) except MaxPasswordLen in bytes.
const (
	MaxNameLen     = 24  // a player's name
	MaxGameNameLen = 40  // a game's name
	MaxChatLen     = 500 // a chat line
	MaxPasswordLen = 64
	MaxRulesetLen  = 32
	MaxClientLen   = 100 // Hello.Client
	MaxBuildLen    = 64  // Hello.Build
)

// Settings are a game's settings, chosen by its creator.
type Settings struct {
	// Name is the game's name in the game list; empty lets the server name
	// it.
	Name string
	// Ruleset is a ruleset ID of the server's (Welcome.Rulesets).
	Ruleset string
	// Width and Height are the map's size in cells, MinMapSide to
	// MaxMapSide, for a ruleset with a map (its settings "width" and
	// "height"); 0 for one without.
	Width, Height int
	// Seed seeds the map and the game; 0 lets the server pick one.
	Seed uint64
	// Seats is the number of players, MinSeats to MaxSeats; Bots of them
	// (0 to Seats-1) are played by bots.
	Seats int
	Bots  int
	// TurnSeconds is the turn timer: 0 waits for every human seat to be
	// ready, else MinTurnSeconds to MaxTurnSeconds.
	TurnSeconds int
	// Password, if not empty, is needed to join. The server never sends it
	// back: settings it sends have it empty (see Public).
	Password string
	// Spectators may watch the game.
	Spectators bool
	// AllSeeing spectators see the whole map; otherwise they see only what
	// every player may know.
	AllSeeing bool
	// AILevel is how the AI plays the bot seats (and seats it takes over):
	// one of the ruleset's levels (RulesetInfo.Levels); empty means the
	// ruleset's default.
	AILevel string
	// Options are the values of the ruleset's other settings
	// (RulesetInfo.Settings but width and height), by key; a missing one
	// takes its default.
	Options []Option
}

// Option is the value of one of a ruleset's settings.
type Option struct {
	Key   string
	Value int
}

// Level returns the game's AI level: AILevel, or the ruleset's default if
// empty.
func (s Settings) Level(in ruleset.Info) string {
	if s.AILevel == "" {
		return in.DefaultLevel
	}
	return s.AILevel
}

// Config returns the ruleset's config of a game of these settings, its
// players named names.
func (s Settings) Config(names []string) ruleset.Config {
	o := ruleset.Options{}
	for _, op := range s.Options {
		o[op.Key] = op.Value
	}
	if s.Width != 0 || s.Height != 0 {
		o[ruleset.KeyWidth], o[ruleset.KeyHeight] = s.Width, s.Height
	}
	return ruleset.Config{Seed: s.Seed, Seats: s.Seats, Names: names, Options: o}
}

// CheckFor checks the settings against the ruleset they name (in): a map
// size within its settings (none for a ruleset without a map), seats within
// its bounds, one of its AI levels, known options within their bounds, and
// the ruleset's own checks (chk, if not nil: ruleset.ConfigChecker). It
// returns a *ProtocolError with code Invalid, in words for the player.
func (s Settings) CheckFor(in ruleset.Info, chk ruleset.ConfigChecker) error {
	bad := func(format string, args ...any) error { return Errorf(Invalid, format, args...) }
	switch {
	case in.HasMap() && (s.Width == 0 || s.Height == 0):
		return bad("%s needs a map size", in.Title)
	case !in.HasMap() && (s.Width != 0 || s.Height != 0):
		return bad("%s has no map: leave its size 0", in.Title)
	case s.Seats < in.MinSeats || s.Seats > in.MaxSeats:
		return bad("%d seats: %s is for %d to %d players", s.Seats, in.Title, in.MinSeats, in.MaxSeats)
	case s.AILevel != "" && !slices.Contains(in.Levels, s.AILevel):
		return bad("AI level %q: want %s", clip(s.AILevel, 16), strings.Join(in.Levels, ", "))
	}
	for i, op := range s.Options {
		if op.Key == ruleset.KeyWidth || op.Key == ruleset.KeyHeight {
			return bad("the map size goes in Width and Height, not in the options")
		}
		for _, o := range s.Options[:i] {
			if o.Key == op.Key {
				return bad("option %q given twice", clip(op.Key, 32))
			}
		}
	}
	cfg := s.Config(nil)
	if err := in.CheckOptions(cfg.Options); err != nil {
		return bad("%s", err.Error())
	}
	if chk != nil {
		if err := chk.CheckConfig(cfg); err != nil {
			return bad("%s", err.Error())
		}
	}
	return nil
}

// TurnTimer returns the turn timer, 0 for none.
func (s Settings) TurnTimer() time.Duration { return time.Duration(s.TurnSeconds) * time.Second }

// Public returns s without its password, fit to send.
func (s Settings) Public() Settings {
	s.Password = ""
	return s
}

// Validate checks that s is within the bounds above and, if rulesets is not
// empty, that s.Ruleset is one of them. It returns the first problem as a
// *ProtocolError with code Invalid, in words for the player: "map width 8:
// must be 16 to 512".
func (s Settings) Validate(rulesets ...string) error {
	bad := func(format string, args ...any) error { return Errorf(Invalid, format, args...) }
	if err := checkText(s.Name, "game name", 0, MaxGameNameLen); err != nil {
		return err
	}
	switch {
	case s.Ruleset == "":
		return bad("no ruleset chosen")
	case len(rulesets) > 0 && !slices.Contains(rulesets, s.Ruleset):
		return bad("unknown ruleset %q: this server has %s", clip(s.Ruleset, MaxRulesetLen), strings.Join(rulesets, ", "))
	case len(s.Ruleset) > MaxRulesetLen:
		return bad("ruleset ID of %d bytes: at most %d", len(s.Ruleset), MaxRulesetLen)
	case (s.Width != 0 || s.Height != 0) && (s.Width < MinMapSide || s.Width > MaxMapSide):
		return bad("map width %d: must be %d to %d", s.Width, MinMapSide, MaxMapSide)
	case (s.Width != 0 || s.Height != 0) && (s.Height < MinMapSide || s.Height > MaxMapSide):
		return bad("map height %d: must be %d to %d", s.Height, MinMapSide, MaxMapSide)
	case len(s.Options) > MaxOptions:
		return bad("%d options: at most %d", len(s.Options), MaxOptions)
	case s.Seats < MinSeats || s.Seats > MaxSeats:
		return bad("%d seats: must be %d to %d", s.Seats, MinSeats, MaxSeats)
	case s.Bots < 0 || s.Bots >= s.Seats:
		return bad("%d bots for %d seats: must be 0 to %d, leaving a seat for a person", s.Bots, s.Seats, s.Seats-1)
	case s.TurnSeconds != 0 && (s.TurnSeconds < MinTurnSeconds || s.TurnSeconds > MaxTurnSeconds):
		return bad("turn timer of %d seconds: must be 0 (wait for everyone) or %d seconds to %d hours",
			s.TurnSeconds, MinTurnSeconds, MaxTurnSeconds/3600)
	case len(s.Password) > MaxPasswordLen:
		return bad("password of %d bytes: at most %d", len(s.Password), MaxPasswordLen)
	case !utf8.ValidString(s.Password) || strings.IndexFunc(s.Password, unicode.IsControl) >= 0:
		return bad("the password holds characters that are not printable")
	case len(s.AILevel) > MaxRulesetLen:
		return bad("AI level of %d bytes: at most %d", len(s.AILevel), MaxRulesetLen)
	}
	for _, op := range s.Options {
		if len(op.Key) > MaxRulesetLen || op.Key == "" {
			return bad("option key of %d bytes: want 1 to %d", len(op.Key), MaxRulesetLen)
		}
	}
	return nil
}

// ValidName checks a player's name: 1 to MaxNameLen printable characters,
// not starting or ending with a space. It returns a *ProtocolError with code
// Invalid.
func ValidName(name string) error {
	if strings.TrimSpace(name) == "" {
		return Errorf(Invalid, "no name: choose one")
	}
	if strings.TrimSpace(name) != name {
		return Errorf(Invalid, "name %q starts or ends with a space", clip(name, MaxNameLen))
	}
	return checkText(name, "name", 1, MaxNameLen)
}

// checkText checks that text is valid UTF-8 of min to max printable
// characters.
func checkText(text, what string, min, max int) error {
	if !utf8.ValidString(text) {
		return Errorf(Invalid, "%s is not valid UTF-8", what)
	}
	n := utf8.RuneCountInString(text)
	if n < min || n > max {
		if min == 0 {
			return Errorf(Invalid, "%s of %d characters: at most %d", what, n, max)
		}
		return Errorf(Invalid, "%s of %d characters: must be %d to %d", what, n, min, max)
	}
	if i := strings.IndexFunc(text, func(r rune) bool { return !unicode.IsPrint(r) }); i >= 0 {
		r, _ := utf8.DecodeRuneInString(text[i:])
		return Errorf(Invalid, "%s holds a character that is not printable (%U)", what, r)
	}
	return nil
}

// clip returns s cut to at most n bytes (on a rune boundary), for quoting
// hostile input in messages.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// String describes the settings for logs, without the password.
func (s Settings) String() string {
	level := s.AILevel
	if level == "" {
		level = "default"
	}
	return fmt.Sprintf("%s %dx%d, %d seats (%d bots, AI %s), timer %ds, seed %d, options %v", s.Ruleset, s.Width, s.Height, s.Seats, s.Bots, level, s.TurnSeconds, s.Seed, s.Options)
}
