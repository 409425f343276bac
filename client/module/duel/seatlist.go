package duel

import (
	"empires/client/menu"
	"empires/client/module"
	rules "empires/shared/rules/duel"
)

var _ module.SeatLister = Module{}

// SeatList implements module.SeatLister: Duel's ready decks (ReadyDecks),
// for Play vs AI's form.
func (Module) SeatList(setup module.SeatSetup) []menu.SeatChoice {
	r, ok := setup.Ruleset.(*rules.Rules)
	if !ok {
		return nil
	}
	var out []menu.SeatChoice
	for _, rd := range ReadyDecks(r, setup.Options) {
		b := NewBuilder(r, setup.Options)
		b.Set(rd.Cards)
		out = append(out, menu.SeatChoice{Label: rd.Name, Data: b.Data(rd.Name)})
	}
	return out
}
