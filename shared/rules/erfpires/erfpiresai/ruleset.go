package erfpiresai

import (
	"io/fs"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/rules/erfpires"
	"empires/shared/ruleset"
)

// Ruleset returns erfpires with its file from fsys (erfpires.Spec),
// played by this package's AI at Levels (ruleset.Normal the default): the
// ruleset the registry lists.
func Ruleset(fsys fs.FS) (*hexgame.Ruleset, error) {
	spec, err := erfpires.Spec(fsys)
	if err != nil {
		return nil, err
	}
	spec.Info.Levels = ruleset.LevelNames(Levels()...)
	spec.Info.LevelNotes = ruleset.LevelNotes(Levels(), levelNotes)
	spec.Info.DefaultLevel = ruleset.Normal.String()
	spec.NewAI = func(r hexgame.Rules, level string, seed uint64) (func(*game.View) []game.Order, error) {
		l, err := ruleset.ParseLevel(level, Levels())
		if err != nil {
			return nil, err
		}
		return New(r.(*erfpires.Rules), l, seed).Orders, nil
	}
	return hexgame.New(spec)
}
