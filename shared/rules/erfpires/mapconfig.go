package erfpires

import (
	"empires/shared/hexrules"
	"empires/shared/mapgen"
	"empires/shared/rulesfile"
)

// MapConfig returns the map generator's settings for a new game of this
// ruleset: the terrain table's mix, start.cities cities a player (the
// generator's capital and start.cities-1 others), city.min_distance
// between any two cities ("no other cities within 2 hexes"), and every
// start next to the terrains its structures need (Plains, for farms:
// "build a farm in a plains hex adjacent to a controlled city").
func (r *Ruleset) MapConfig(seed uint64, width, height, players int) mapgen.Config {
	var need []rulesfile.TerrainID
	for _, st := range r.Structures {
		need = append(need, st.Terrains...)
	}
	return hexrules.MapConfig(seed, width, height, players, mapgen.Config{
		Terrain:     r.Terrain,
		Cities:      r.Start.Cities - 1,
		CitySpacing: r.City.MinDistance,
		Resources:   need,
	})
}
