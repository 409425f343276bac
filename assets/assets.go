// Package assets holds the data files built into the game binaries.
//
// The ruleset tables (terrain, units, costs, sight ranges, build rules) live
// in the rules folder, as TOML files, and as the plain-text tables of the
// empire ruleset (units.dat, terrain.dat, game.dat); Rules serves them all. Code that loads
// rulesets should normally go through empires/shared/rulesfile.OpenSource, which
// also lets a mod directory override these files.
package assets

import (
	"embed"
	"io/fs"
)

// The whole rules folder: *.toml and *.dat.
//
//go:embed rules
var embedded embed.FS

// Rules returns the embedded default ruleset files, rooted so that
// "erfworld.toml" is at the top. The returned file system is read-only.
func Rules() fs.FS {
	sub, err := fs.Sub(embedded, "rules")
	if err != nil {
		// Unreachable: "rules" is a valid path, fixed at compile time.
		panic("assets: " + err.Error())
	}
	return sub
}
