package risk

import (
	"fmt"

	"empires/client/module"
	rules "empires/shared/rules/risk"
	"empires/shared/ruleset"
)

// Module is the client module of the risk ruleset ("Empires: the Risk
// extended scenario"): its games are played on a map of territories, one
// action at a time, so the module opens a screen of its own (Screen),
// framed by the client's shell. The Map draws the board; the screen adds
// the side panel (the round, whose step it is, what it waits for, the
// step's buttons, the players and the cards), the dice of each roll, the
// defender's question, the trading and purchase windows, the Disasters
// marked as they strike and the log in words.
type Module struct{}

var (
	_ module.Module    = Module{}
	_ module.Guide     = Module{}
	_ module.StepNamer = Module{}
)

// ID implements module.Module.
func (Module) ID() string { return rules.ID }

// StepWord implements module.StepNamer: a step of risk is one action.
func (Module) StepWord() string { return "move" }

// FirstHint implements module.Guide: the set-up's first placement.
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "Click your territories (the ringed ones) to place your armies; F1 tells the round's eight steps.", Orders: 0}
}

// OpenScreen implements module.Module.
func (Module) OpenScreen(rs ruleset.Ruleset, host module.Host) (module.Screen, error) {
	r, ok := rs.(*rules.Rules)
	if !ok {
		return nil, fmt.Errorf("a %T is not the risk ruleset", rs)
	}
	return NewScreen(r, host)
}
