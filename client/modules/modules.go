// Package modules lists the client modules this build has, by ruleset id:
// the one place that imports them all, as package registry does the
// rulesets.
package modules

import (
	"empires/client/module"
	"empires/client/module/duel"
	"empires/client/module/empire"
	"empires/client/module/erfpires"
	"empires/client/module/erfworld"
	"empires/client/module/generals"
	"empires/client/module/risk"
)

// Default returns the registry of this build's client modules: erfworld,
// erfpires, empire, duel and risk.
func Default() (*module.Registry, error) {
	return module.NewRegistry(erfworld.Module{}, erfpires.Module{}, empire.Module{}, duel.Module{}, risk.Module{}, generals.Module{})
}
