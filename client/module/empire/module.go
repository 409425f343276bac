// Package empire is the client module of the empire ruleset (the PBEM
// "Empire" game): its games are not on the hex engine, so the module
// opens a screen of its own, framed by the client's shell. The screen draws the map of squares (or hexes) with the
// settlements, the player's forces and the others' as sighted; the player
// selects a square, sets what a settlement produces and where it
// forwards, splits armies off garrisons, moves units between forces,
// sends armies along paths and sets their peace; the log tells each
// turn's events in words and opens the battle reports. The Model is the
// screen without its drawing, tested without a display.
package empire

import (
	"fmt"

	"empires/client/module"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// Module is the empire ruleset's client module.
type Module struct{}

var _ module.Module = Module{}

// ID implements module.Module.
func (Module) ID() string { return rules.ID }

// FirstHint implements module.Guide: the city's production, then an army
// split off its garrison and sent (three orders).
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "Set production: click your city, Production…. Send an army: click the city again, Split off…, right-click a square.", Orders: 3}
}

// OpenScreen implements module.Module.
func (Module) OpenScreen(rs ruleset.Ruleset, host module.Host) (module.Screen, error) {
	r, ok := rs.(*rules.Rules)
	if !ok {
		return nil, fmt.Errorf("a %T is not the empire ruleset", rs)
	}
	return NewScreen(r, host), nil
}
