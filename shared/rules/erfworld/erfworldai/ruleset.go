package erfworldai

import (
	"io/fs"

	"empires/shared/hexgame"
	"empires/shared/rules/erfworld"
	"empires/shared/ruleset"
)

// Ruleset returns erfworld with its file from fsys (erfworld.Spec),
// played by this package's AI at Levels (ruleset.Normal the default) and,
// for the strength ladder only, NormalV1: the ruleset the registry lists.
func Ruleset(fsys fs.FS) (*hexgame.Ruleset, error) {
	spec, err := erfworld.Spec(fsys)
	if err != nil {
		return nil, err
	}
	spec.Info.Levels = ruleset.LevelNames(Levels()...)
	spec.Info.LevelNotes = ruleset.LevelNotes(Levels(), levelNotes)
	spec.Info.DefaultLevel = ruleset.Normal.String()
	spec.HiddenLevels = ruleset.LevelNames(NormalV1)
	spec.NewListener = func(r hexgame.Rules, level string, seed uint64) (hexgame.Listener, error) {
		l, err := ruleset.ParseLevel(level, LadderLevels())
		if err != nil {
			return nil, err
		}
		return New(r.(*erfworld.Rules), l, seed), nil
	}
	return hexgame.New(spec)
}
