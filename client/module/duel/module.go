// Package duel is the client module of Duel, the short card game of
// hidden hands: its games are played at a card table, not on the hex
// engine, so the module opens a screen of its own, framed by the
// client's shell.
//
// The table shows the player's hand face up along the bottom (a click,
// or keys 1 to 9, chooses a card; the chosen card stands raised), each
// other player's hand as card backs with its count and points along the
// top, the deck and the discard pile, the last offering revealed, the
// attack in progress and, in the attacker's turn, the defender's question
// with its countdown. The offering is the turn's orders (the Screen's
// Submission, sent by the shell; End turn lays the card); an attack, a
// pass, a block and taking the hit are actions, each sent at once with
// Host.Act. The log tells every event in words.
//
// The Model is the table without its drawing, and the Layout where each
// thing is drawn: both are tested without a display.
//
// The table is drawn in the window's own pixels at the interface size
// (Host.Theme().Scale()): it is laid out as at 100 % on the map divided
// by the size, and every place and length is multiplied by it, its text
// made at that size; at 200 % on a window twice as large it is the table
// at 100 %, twice as large and as sharp. A change of size in the middle
// of a game lays it out again at the next frame.
package duel

import (
	"fmt"

	"empires/client/module"
	rules "empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// Module is Duel's client module.
type Module struct{}

var _ module.Module = Module{}

// ID implements module.Module.
func (Module) ID() string { return rules.ID }

// FirstHint implements module.Guide: the first offering, laid with End
// StepWord implements module.StepNamer: a step of Duel is one move of
// the table (an offering, an attack, an answer), not a turn.
func (Module) StepWord() string { return "move" }

// turn.
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "The offering: click a card of your hand to lay it face down, then End turn."}
}

// OpenScreen implements module.Module.
func (Module) OpenScreen(rs ruleset.Ruleset, host module.Host) (module.Screen, error) {
	r, ok := rs.(*rules.Rules)
	if !ok {
		return nil, fmt.Errorf("a %T is not the Duel ruleset", rs)
	}
	return NewScreen(r, host)
}
