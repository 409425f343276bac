package erfpires

import (
	"fmt"
	"io/fs"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// Info describes erfpires to the lobby and the players. Its AI levels are
// left empty: the AI (package erfpiresai) gives them when it completes
// the Spec.
func Info() ruleset.Info {
	return ruleset.Info{
		ID:    "erfpires",
		Title: "Mighty Erfpires",
		Summary: "Each day every ruler gives one order: build a City, a Farm, a Fort or a " +
			"Dinglehoober, recruit Infantry, Flyers and Heavies, march one army two hexes, tax " +
			"once a week, trade, or pay tribute for a week of peace. Armies that meet fight with " +
			"a die. The first to control five cities wins.",
		Board:    "hex",
		MinSeats: 2,
		MaxSeats: game.MaxPlayers,
		Settings: hexgame.MapSettings(32, 24),
	}
}

// Spec returns erfpires on the hex platform, its file (File) read from
// fsys (see rulesfile.OpenSource), without an AI: erfpiresai.Ruleset adds
// the AI and makes the ruleset the registry lists.
func Spec(fsys fs.FS) (hexgame.Spec, error) {
	data, err := fs.ReadFile(fsys, File)
	if err != nil {
		return hexgame.Spec{}, fmt.Errorf("erfpires: %w", err)
	}
	return hexgame.Spec{
		Info: Info(),
		Data: data,
		Parse: func(data []byte) (hexgame.Rules, error) {
			d, err := Parse(data)
			if err != nil {
				return nil, err
			}
			return NewRules(d), nil
		},
		Missed:       Missed,
		ReplaceAfter: func(r hexgame.Rules) int { return r.(*Rules).D.Autopilot.ReplaceAfterMissed },
	}, nil
}
