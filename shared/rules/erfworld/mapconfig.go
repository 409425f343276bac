package erfworld

import (
	"empires/shared/hexrules"
	"empires/shared/mapgen"
	"empires/shared/rulesfile"
)

// MapConfig returns the map generator's settings for a new game of this
// ruleset: "Each player starts with a Capital and two other cities" (Start),
// no city "adjacent to any other City" (City.MinDistance), and every start
// bordering the terrains its cities need to form every unit ("An Empire can
// form Siege if one of its Cities borders a Woods Hex", and so on) and to
// build fleets ("a city adjacent to a Water hex, and at least one City
// adjacent to a woods hex").
func (r *Ruleset) MapConfig(seed uint64, width, height, players int) mapgen.Config {
	var need []rulesfile.TerrainID
	for _, u := range r.Units {
		if u.Requires != rulesfile.NoTerrain {
			need = append(need, u.Requires)
		}
	}
	need = append(need, r.Fleet.NeedsTerrain...)
	return hexrules.MapConfig(seed, width, height, players, mapgen.Config{
		Terrain:     r.Terrain,
		Cities:      r.Start.Cities,
		CitySpacing: r.City.MinDistance,
		Resources:   need,
	})
}
