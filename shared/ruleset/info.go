package ruleset

import (
	"fmt"
	"slices"
	"strings"
)

// The keys of settings the core knows by name: the map's size. A ruleset
// without a map has neither.
const (
	KeyWidth  = "width"
	KeyHeight = "height"
)

// Info describes a ruleset to the server, the lobby and the players.
type Info struct {
	// ID is the ruleset's id, e.g. "erfworld": lower-case letters and
	// digits.
	ID string
	// Title is its name for people; Summary a paragraph on the game.
	Title   string
	Summary string
	// Board says what the game is played on, for the client: "hex",
	// "square", "territory" or "cards".
	Board string
	// MinSeats and MaxSeats bound the number of players.
	MinSeats, MaxSeats int
	// Hidden reports that the game has hidden holdings (hands, the order
	// of piles, face-down cards): an all-seeing spectator sees only what
	// is public, and a replay of an unfinished game is seen only through
	// the viewer's own seat; once the game is over every seat may be
	// watched.
	Hidden bool
	// Settings are what a game's creator may choose, in the order to show
	// them.
	Settings []Setting
	// Levels are the AI's levels, weakest first; DefaultLevel is one of
	// them. LevelNotes, if not empty, has a line on how each plays, in the
	// same order, at most MaxLevelNote bytes each (LevelNotes).
	Levels       []string
	DefaultLevel string
	LevelNotes   []string
	// Hash is the content hash of the ruleset's data (HashData).
	Hash string
	// Dict is the hash (HashTemplates) of the dictionary of templates the
	// ruleset's events name by number (Templater), 0 if they name none.
	Dict uint32
}

// Setting is one choice of a game's creator: an integer from Min to Max,
// or, with Choices, the index of one of them.
type Setting struct {
	Key     string
	Label   string
	Help    string
	Min     int
	Max     int
	Default int
	Choices []string
}

// Setting returns the setting of key, and false if there is none.
func (in *Info) Setting(key string) (Setting, bool) {
	for _, s := range in.Settings {
		if s.Key == key {
			return s, true
		}
	}
	return Setting{}, false
}

// HasMap reports whether games of the ruleset have a map whose size the
// creator chooses.
func (in *Info) HasMap() bool {
	_, w := in.Setting(KeyWidth)
	_, h := in.Setting(KeyHeight)
	return w && h
}

// Check checks the info itself: an id, seats, settings with sane bounds
// and unique keys, a default level among the levels. A registry refuses a
// ruleset whose info fails.
func (in *Info) Check() error {
	switch {
	case in.ID == "" || strings.IndexFunc(in.ID, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) >= 0:
		return fmt.Errorf("ruleset id %q: want lower-case letters and digits", in.ID)
	case in.Title == "":
		return fmt.Errorf("ruleset %s has no title", in.ID)
	case in.MinSeats < 1 || in.MaxSeats < in.MinSeats:
		return fmt.Errorf("ruleset %s: seats %d to %d", in.ID, in.MinSeats, in.MaxSeats)
	case len(in.Levels) == 0 || !slices.Contains(in.Levels, in.DefaultLevel):
		return fmt.Errorf("ruleset %s: default AI level %q is not one of %v", in.ID, in.DefaultLevel, in.Levels)
	case in.Hash == "":
		return fmt.Errorf("ruleset %s has no content hash", in.ID)
	case len(in.LevelNotes) != 0 && len(in.LevelNotes) != len(in.Levels):
		return fmt.Errorf("ruleset %s: %d level notes for %d levels", in.ID, len(in.LevelNotes), len(in.Levels))
	}
	for i, n := range in.LevelNotes {
		if len(n) > MaxLevelNote || strings.ContainsAny(n, "\n\r") {
			return fmt.Errorf("ruleset %s: the note of level %q is not one line of at most %d bytes", in.ID, in.Levels[i], MaxLevelNote)
		}
	}
	seen := map[string]bool{}
	for _, s := range in.Settings {
		switch {
		case s.Key == "" || seen[s.Key]:
			return fmt.Errorf("ruleset %s: setting key %q empty or repeated", in.ID, s.Key)
		case len(s.Choices) > 0 && (s.Min != 0 || s.Max != len(s.Choices)-1):
			return fmt.Errorf("ruleset %s: setting %s has %d choices, so bounds 0 to %d", in.ID, s.Key, len(s.Choices), len(s.Choices)-1)
		case s.Min > s.Max || s.Default < s.Min || s.Default > s.Max:
			return fmt.Errorf("ruleset %s: setting %s: default %d not within %d to %d", in.ID, s.Key, s.Default, s.Min, s.Max)
		}
		seen[s.Key] = true
	}
	return nil
}

// CheckOptions checks a game's option values against the settings: every
// key known, every value within its bounds. Its errors are for the player:
// "map width 8: must be 16 to 512".
func (in *Info) CheckOptions(o Options) error {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		s, ok := in.Setting(k)
		if !ok {
			return fmt.Errorf("%s has no setting %q", in.Title, clip(k, 32))
		}
		if v := o[k]; v < s.Min || v > s.Max {
			if len(s.Choices) > 0 {
				return fmt.Errorf("%s: choice %d of %d", strings.ToLower(s.Label), v, len(s.Choices))
			}
			return fmt.Errorf("%s %d: must be %d to %d", strings.ToLower(s.Label), v, s.Min, s.Max)
		}
	}
	return nil
}

// Defaults returns every setting's default value.
func (in *Info) Defaults() Options {
	o := Options{}
	for _, s := range in.Settings {
		o[s.Key] = s.Default
	}
	return o
}

// clip cuts s to n bytes for quoting untrusted text.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// TimeSetting returns the setting of key choosing among times, in seconds
// (0: none), def the default, as the game's creator sees it: "None",
// "30 s", "2 min". Its value is the index of the time chosen.
func TimeSetting(key, label, help string, times []int, def int) Setting {
	st := Setting{Key: key, Label: label, Help: help, Max: len(times) - 1, Default: slices.Index(times, def)}
	for _, sec := range times {
		switch {
		case sec == 0:
			st.Choices = append(st.Choices, "None")
		case sec%60 == 0:
			st.Choices = append(st.Choices, fmt.Sprintf("%d min", sec/60))
		default:
			st.Choices = append(st.Choices, fmt.Sprintf("%d s", sec))
		}
	}
	return st
}
