// Package generals is the client module of Empires and Generals, the card
// game: its games are played at a card table, so the module opens a
// screen of its own, framed by the client's shell.
//
// The table shows the phase bar along the top (the phases of a turn, the
// one being played lit, the turn and the time left), the other players'
// places (Cultural Health on its track from Lose to Win, the hand as card
// backs, the piles, the Kingdom and Resource cards, the Warcamp and the
// Battlefield; compact rows that show in full on hover when many play),
// the player's own place with its pool, what to do now in words and the
// buttons of the step, the hand along the bottom (readable cards, the
// playable ones lit, any enlarged on hover or with Z) and the piles. The
// engine says what may be played (Legal): the table never judges a move
// itself. Each move is an action, sent at once with Host.Act; the
// defender's box, the opening split and the discards are questions in
// the middle of the table. The log tells every event in words.
//
// The Model is the table without its drawing, and the Layout where each
// thing is drawn: both are tested without a display.
package generals

import (
	"fmt"

	"empires/client/module"
	rules "empires/shared/rules/generals"
	"empires/shared/ruleset"
)

// Module is Empires and Generals' client module.
type Module struct{}

var (
	_ module.Module    = Module{}
	_ module.Guide     = Module{}
	_ module.StepNamer = Module{}
)

// ID implements module.Module.
func (Module) ID() string { return rules.ID }

// OpenScreen implements module.Module: the table of the ruleset's
// collection, whose moves the ruleset says.
func (Module) OpenScreen(rs ruleset.Ruleset, host module.Host) (module.Screen, error) {
	r, ok := rs.(*rules.Rules)
	if !ok {
		return nil, fmt.Errorf("a %T is not the Empires and Generals ruleset", rs)
	}
	return NewScreen(r.Collection(), Legal{Moves: r.Moves, Why: r.Why}, host)
}

// FirstHint implements module.Guide: the opening split, then the turn.
func (Module) FirstHint() module.FirstHint {
	return module.FirstHint{Text: "Choose how many of your 7 opening cards come from the Draw Pile; in your turn play the lit cards."}
}

// StepWord implements module.StepNamer: a step of the game is one move
// at the table (a card played, a phase ended, a block), not a turn.
func (Module) StepWord() string { return "move" }
