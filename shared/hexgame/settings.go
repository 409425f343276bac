package hexgame

import "empires/shared/ruleset"

// The bounds of a side of a hex ruleset's generated map, in hexes.
const (
	MinSide = 16
	MaxSide = 512
)

// MapSettings returns the map size settings of a hex ruleset, width and
// height (ruleset.KeyWidth and KeyHeight) from MinSide to MaxSide, w and h
// hexes by default: what Spec.Info.Settings must include.
func MapSettings(w, h int) []ruleset.Setting {
	return []ruleset.Setting{
		{Key: ruleset.KeyWidth, Label: "Map width", Help: "hexes across", Min: MinSide, Max: MaxSide, Default: w},
		{Key: ruleset.KeyHeight, Label: "Map height", Help: "hexes down", Min: MinSide, Max: MaxSide, Default: h},
	}
}
