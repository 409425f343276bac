package ruleset

import (
	"fmt"
	"strings"
)

// Level is how a ruleset's AI plays, named as the lobby, the flags and the
// players name it: Info.Levels lists a ruleset's levels by these names, and
// NewAI takes one of them. Each ruleset's AI says what its levels do.
type Level string

// The levels the rulesets' AIs offer, weakest first. Passive and Random are
// baselines for the strength ladder, not opponents for people; a ruleset
// may offer only some of them, or levels of its own (a Level is any name).
const (
	// Passive gives no orders.
	Passive Level = "passive"
	// Random gives random legal orders.
	Random Level = "random"
	// Easy plays without much planning.
	Easy Level = "easy"
	// Normal plans, defends and attacks where it is stronger: the
	// opponent a ruleset offers people by default.
	Normal Level = "normal"
	// Hard plans further than Normal, from its seat's view alone as every
	// level does: for players who beat Normal.
	Hard Level = "hard"
)

// String returns the level's name.
func (l Level) String() string { return string(l) }

// MaxLevelNote is the longest line, in bytes, a level's note may be
// (Info.LevelNotes): one line under the setup form's level.
const MaxLevelNote = 160

// Note returns one line on how level l plays, for the setup form when a
// ruleset says nothing of its own of it (Info.LevelNotes); "" for a level
// of a ruleset's own naming.
func (l Level) Note() string {
	switch l {
	case Passive:
		return "Gives no orders: a baseline for testing, not an opponent."
	case Random:
		return "Plays random legal moves: a baseline for testing, not an opponent."
	case Easy:
		return "Plays without much planning: for learning the game."
	case Normal:
		return "Plans, defends what it holds and attacks where it is stronger."
	case Hard:
		return "Plans further ahead and weighs every battle: for players who beat Normal."
	}
	return ""
}

// LevelNotes returns a line on how each of levels plays, in order: own's
// line for a level it names, else the level's Note. It is what a
// ruleset's Info.LevelNotes holds.
func LevelNotes(levels []Level, own map[Level]string) []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		if n, ok := own[l]; ok {
			out[i] = n
		} else {
			out[i] = l.Note()
		}
	}
	return out
}

// ParseLevel returns the level of levels named s, in any case. Its error
// names the levels, e.g. `unknown AI level "hard": want passive, random,
// easy or normal`.
func ParseLevel(s string, levels []Level) (Level, error) {
	for _, l := range levels {
		if strings.EqualFold(s, string(l)) {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown AI level %q: want %s", clip(s, 32), orList(levels))
}

// LevelNames returns the names of levels, in order: what Info.Levels
// holds.
func LevelNames(levels ...Level) []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = string(l)
	}
	return out
}

// orList names levels as "a, b or c".
func orList(levels []Level) string {
	names := LevelNames(levels...)
	switch len(names) {
	case 0:
		return "no level"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
