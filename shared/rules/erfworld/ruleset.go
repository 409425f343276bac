package erfworld

import (
	"fmt"
	"io/fs"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/ruleset"
)

// Info describes erfworld to the lobby and the players. Its AI levels are
// left empty: the AI (package erfworldai) gives them when it completes
// the Spec.
func Info() ruleset.Info {
	return ruleset.Info{
		ID:    "erfworld",
		Title: "Erfworld Empires",
		Summary: "Rival overlords build and upgrade cities, pop Infantry, Cavalry, Flyers and Siege, " +
			"hire Warlords and Casters, and march stacks across a hex world, every player's orders " +
			"resolving at once. Hold three Capitals at the start of a turn, or be the last side " +
			"standing, to win.",
		Board:    "hex",
		MinSeats: 2,
		MaxSeats: game.MaxPlayers,
		Settings: hexgame.MapSettings(48, 32),
	}
}

// Spec returns erfworld on the hex platform, its file (File) read from
// fsys (see rulesfile.OpenSource), without an AI: erfworldai.Ruleset adds
// the AI and makes the ruleset the registry lists.
func Spec(fsys fs.FS) (hexgame.Spec, error) {
	data, err := fs.ReadFile(fsys, File)
	if err != nil {
		return hexgame.Spec{}, fmt.Errorf("erfworld: %w", err)
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
