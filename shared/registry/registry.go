// Package registry lists the rulesets this build plays, for the server,
// the client and the tools: the one place that imports them all, on the
// floor above the rulesets. Each ruleset makes itself (its Info, its data
// files, its AI); the registry only lists them.
package registry

import (
	"io/fs"

	"empires/shared/rules/duel"
	"empires/shared/rules/empire/empireai"
	"empires/shared/rules/erfpires/erfpiresai"
	"empires/shared/rules/erfworld/erfworldai"
	"empires/shared/rules/generals"
	"empires/shared/rules/risk"
	"empires/shared/ruleset"
	"empires/shared/rulesfile"
)

// opener makes a ruleset with its data files from a file system.
type opener func(fs.FS) (ruleset.Ruleset, error)

// openers are this build's rulesets, the default first, one line each.
func openers() []opener {
	return []opener{
		open(erfworldai.Ruleset), // erfworld, the default
		open(erfpiresai.Ruleset), // erfpires
		open(empireai.Ruleset),   // empire
		open(duel.Open),          // duel
		open(risk.Open),          // risk
		open(generals.Open),      // generals
	}
}

// open makes a ruleset's own constructor an opener.
func open[R ruleset.Ruleset](f func(fs.FS) (R, error)) opener {
	return func(fsys fs.FS) (ruleset.Ruleset, error) { return f(fsys) }
}

// New returns the registry of this build's rulesets: erfworld (the
// default), erfpires, empire, duel, risk and generals. With modDir not empty, each ruleset
// whose file the directory holds plays with that file instead of its own
// (rulesfile.OpenSource): a host's mod.
func New(modDir string) (*ruleset.Registry, error) {
	fsys, err := rulesfile.OpenSource(modDir)
	if err != nil {
		return nil, err
	}
	var rs []ruleset.Ruleset
	for _, open := range openers() {
		r, err := open(fsys)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return ruleset.NewRegistry(rs...)
}

// Default returns the registry of the built-in rulesets.
func Default() (*ruleset.Registry, error) { return New("") }
