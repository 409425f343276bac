package generals

import (
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/module"
	"empires/client/module/generals/deck"
	"empires/shared/ruleset"
)

var _ module.SeatChooser = Module{}

// SeatChooser implements module.SeatChooser: the lobby's deck box of a
// game of Empires and Generals holds the player's saved decks and the
// ready-made ones, each sent with one click, and "Build a deck", which
// opens the deck builder (package deck) for the game's type and
// variation. A collection that cannot be read leaves the lobby's standard
// deck.
func (Module) SeatChooser(setup module.SeatSetup) (widget.PreferredSizeLocateableWidget, []menu.SeatChoice) {
	ch, err := deck.NewChooser(setup)
	if err != nil {
		ss, ok := setup.Ruleset.(ruleset.SeatSetup)
		if !ok {
			return nil, nil
		}
		return nil, []menu.SeatChoice{{Label: menu.StandardDeck, Data: ss.DefaultSeat(setup.Options)}}
	}
	return ch.Widget(), nil
}

var _ module.SeatLister = Module{}

// SeatList implements module.SeatLister: the player's saved decks, then
// the ready-made ones, for Play vs AI's form.
func (Module) SeatList(setup module.SeatSetup) []menu.SeatChoice {
	return deck.Choices(setup)
}
