// Package registry lists the rulesets this build plays, for the server,
// the client and the tools: the one place that imports them all.
package registry

import (
	"fmt"
	"io/fs"

	"empires/shared/game"
	"empires/shared/hexgame"
	"empires/shared/rules/duel"
	"empires/shared/rules/empire"
	"empires/shared/rules/empire/empireai"
	"empires/shared/rules/erfpires"
	"empires/shared/rules/erfpires/erfpiresai"
	"empires/shared/rules/erfworld"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/ruleset"
	"empires/shared/rulesfile"
)

// Map size bounds of the hex rulesets.
const (
	minSide = 16
	maxSide = 512
)

// mapSettings are the map size settings of a hex ruleset.
func mapSettings(w, h int) []ruleset.Setting {
	return []ruleset.Setting{
		{Key: ruleset.KeyWidth, Label: "Map width", Help: "hexes across", Min: minSide, Max: maxSide, Default: w},
		{Key: ruleset.KeyHeight, Label: "Map height", Help: "hexes down", Min: minSide, Max: maxSide, Default: h},
	}
}

// New returns the registry of this build's rulesets: erfworld (the
// default), erfpires, empire and duel. With modDir not empty, each ruleset
// whose file the directory holds plays with that file instead of its own
// (rulesfile.OpenSource): a host's mod.
func New(modDir string) (*ruleset.Registry, error) {
	fsys, err := rulesfile.OpenSource(modDir)
	if err != nil {
		return nil, err
	}
	ew, err := Erfworld(fsys)
	if err != nil {
		return nil, err
	}
	ep, err := Erfpires(fsys)
	if err != nil {
		return nil, err
	}
	em, err := Empire(fsys)
	if err != nil {
		return nil, err
	}
	du, err := Duel(fsys)
	if err != nil {
		return nil, err
	}
	return ruleset.NewRegistry(ew, ep, em, du)
}

// Duel returns Duel, the short card game, with its deck file from fsys.
func Duel(fsys fs.FS) (*duel.Rules, error) { return duel.Open(fsys) }

// Empire returns the empire ruleset with its data files (units.dat,
// terrain.dat, game.dat) from fsys, and its AI.
func Empire(fsys fs.FS) (*empire.Rules, error) {
	r, err := empire.Load(fsys)
	if err != nil {
		return nil, err
	}
	return empireai.With(r), nil
}

// Default returns the registry of the built-in rulesets.
func Default() (*ruleset.Registry, error) { return New("") }

// Erfworld returns the erfworld ruleset with its file from fsys.
func Erfworld(fsys fs.FS) (*hexgame.Ruleset, error) {
	data, err := fs.ReadFile(fsys, erfworld.File)
	if err != nil {
		return nil, fmt.Errorf("erfworld: %w", err)
	}
	return hexgame.New(hexgame.Spec{
		Info: ruleset.Info{
			ID:    "erfworld",
			Title: "Erfworld Empires",
			Summary: "Rival overlords build and upgrade cities, pop Infantry, Cavalry, Flyers and Siege, " +
				"hire Warlords and Casters, and march stacks across a hex world, every player's orders " +
				"resolving at once. Hold three Capitals at the start of a turn, or be the last side " +
				"standing, to win.",
			Board:        "hex",
			MinSeats:     2,
			MaxSeats:     game.MaxPlayers,
			Settings:     mapSettings(48, 32),
			Levels:       ruleset.LevelNames(erfworldai.Levels()...),
			DefaultLevel: ruleset.Normal.String(),
		},
		Data: data,
		Parse: func(data []byte) (hexgame.Rules, error) {
			d, err := erfworld.Parse(data)
			if err != nil {
				return nil, err
			}
			return erfworld.NewRules(d), nil
		},
		Missed:       erfworld.Missed,
		ReplaceAfter: func(r hexgame.Rules) int { return r.(*erfworld.Rules).D.Autopilot.ReplaceAfterMissed },
		NewAI: func(r hexgame.Rules, level string, seed uint64) (func(*game.View) []game.Order, error) {
			l, err := ruleset.ParseLevel(level, erfworldai.LadderLevels())
			if err != nil {
				return nil, err
			}
			return erfworldai.New(r.(*erfworld.Rules), l, seed).Orders, nil
		},
		HiddenLevels: []string{erfworldai.NormalV1.String()},
	})
}

// Erfpires returns the erfpires ruleset with its file from fsys.
func Erfpires(fsys fs.FS) (*hexgame.Ruleset, error) {
	data, err := fs.ReadFile(fsys, erfpires.File)
	if err != nil {
		return nil, fmt.Errorf("erfpires: %w", err)
	}
	return hexgame.New(hexgame.Spec{
		Info: ruleset.Info{
			ID:    "erfpires",
			Title: "Mighty Erfpires",
			Summary: "Each day every ruler gives one order: build a City, a Farm, a Fort or a " +
				"Dinglehoober, recruit Infantry, Flyers and Heavies, march one army two hexes, tax " +
				"once a week, trade, or pay tribute for a week of peace. Armies that meet fight with " +
				"a die. The first to control five cities wins.",
			Board:        "hex",
			MinSeats:     2,
			MaxSeats:     game.MaxPlayers,
			Settings:     mapSettings(32, 24),
			Levels:       ruleset.LevelNames(erfpiresai.Levels()...),
			DefaultLevel: ruleset.Normal.String(),
		},
		Data: data,
		Parse: func(data []byte) (hexgame.Rules, error) {
			d, err := erfpires.Parse(data)
			if err != nil {
				return nil, err
			}
			return erfpires.NewRules(d), nil
		},
		Missed:       erfpires.Missed,
		ReplaceAfter: func(r hexgame.Rules) int { return r.(*erfpires.Rules).D.Autopilot.ReplaceAfterMissed },
		NewAI: func(r hexgame.Rules, level string, seed uint64) (func(*game.View) []game.Order, error) {
			l, err := ruleset.ParseLevel(level, erfpiresai.Levels())
			if err != nil {
				return nil, err
			}
			return erfpiresai.New(r.(*erfpires.Rules), l, seed).Orders, nil
		},
	})
}
