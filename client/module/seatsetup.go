package module

import (
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/shared/ruleset"
)

// SeatChooser is an optional interface of a Module whose ruleset's
// players bring set-up data of their own to the table (ruleset.SeatSetup:
// a deck): the game's lobby shows what it builds, so that the player
// chooses or builds the data there. The lobby sends what the player
// chooses (protocol.SetSeatData), says whether the seat has valid data
// ("deck chosen") and shows every problem the server finds. A module
// without a SeatChooser gets one button that sends the ruleset's default
// ("Use the standard deck").
type SeatChooser interface {
	// SeatChooser returns the lobby's part for choosing the seat's data
	// in a game of setup.Ruleset with setup.Options: a widget of the
	// module's own (nil for none) that sends what the player builds with
	// setup.Send, and choices the lobby shows as buttons, each sending its
	// Data (none: no buttons). The widget must fit setup.Width pixels and
	// stay short (a list, a few buttons): a deck builder of its own opens
	// from a button. It is called on the UI goroutine when the lobby is
	// made: once a lobby, and again when the interface size changes and
	// the lobby is made again at the new size (setup.Theme).
	SeatChooser(setup SeatSetup) (widget.PreferredSizeLocateableWidget, []menu.SeatChoice)
}

// SeatLister is an optional interface of a Module whose ruleset's players
// bring set-up data of their own: the data a player may pick with one
// click where there is no lobby (Play vs AI's form), the first the
// default.
type SeatLister interface {
	// SeatList returns the choices for a game of setup.Ruleset with
	// setup.Options (setup.Send and setup.Page are nil).
	SeatList(setup SeatSetup) []menu.SeatChoice
}

// StandardLabel labels the ruleset's default set-up data among
// SeatList's choices.
const StandardLabel = "Standard"

// SeatList returns the set-up data a player of a game of setup.Ruleset
// may pick without a lobby: first the ruleset's default (StandardLabel),
// which stays what a player who picks nothing brings, then the module's
// SeatList if it has one; nothing for a ruleset without set-up data.
func SeatList(m Module, setup SeatSetup) []menu.SeatChoice {
	ss, ok := setup.Ruleset.(ruleset.SeatSetup)
	if !ok {
		return nil
	}
	out := []menu.SeatChoice{{Label: StandardLabel, Data: ss.DefaultSeat(setup.Options)}}
	if sl, ok := m.(SeatLister); ok {
		out = append(out, sl.SeatList(setup)...)
	}
	return out
}

// SeatSetup is what a SeatChooser is given.
type SeatSetup struct {
	// Ruleset is the game's ruleset (the build's, or playing a server's
	// data); Options are the game's values of its settings (a missing one
	// takes its default), which decide what data is valid
	// (ruleset.SeatSetup.CheckSeat).
	Ruleset ruleset.Ruleset
	Options ruleset.Options
	// Theme is the client's look at the interface size applied now: the
	// widget is made with it, its sizes given for 100 % multiplied by
	// Theme.Px.
	Theme *menu.Theme
	// Width is the width the widget may take, in window pixels at the
	// interface size applied (Theme's Scale): 360 at 100 %, 720 at 200 %.
	Width int
	// Send sends data as the seat's set-up data; the server's answer
	// shows in the lobby.
	Send func(data []byte)
	// ConfigDir is the client's configuration directory (prefs.Dir), where
	// a module keeps the player's saved data (decks); "" keeps none.
	ConfigDir string
	// Page, if not nil, shows page (a deck builder) in the lobby's place,
	// the whole window, the lobby going on behind it; Page(nil) shows the
	// lobby again.
	Page func(page *widget.Container)
}

// DeckBuilder is a deck builder of the build's (a ruleset's players'
// decks, built and saved on the player's machine) that the main menu's
// Decks opens.
type DeckBuilder interface {
	// RulesetID is the id of the ruleset whose decks it builds.
	RulesetID() string
	// DeckPage returns the builder's page for ruleset rs (the build's;
	// nil if the build lacks it: the builder then knows its cards by
	// itself), or why it cannot be built.
	DeckPage(setup DeckSetup) (*widget.Container, error)
}

// DeckSetup is what a DeckBuilder is given.
type DeckSetup struct {
	Ruleset ruleset.Ruleset
	// Theme is the client's look at the interface size applied when the
	// page opens (a page is kept at that size until it is opened again).
	Theme *menu.Theme
	// ConfigDir is the client's configuration directory, where the decks
	// are saved; "" saves none.
	ConfigDir string
	// Back leaves the page, to the main menu.
	Back func()
}

// SeatChoices returns what the lobby of a game of ruleset rs with opts
// offers for choosing the seat's set-up data: the module's SeatChooser's,
// if it has one; else one choice, the ruleset's default, "Use the
// standard deck". It returns nothing for a ruleset without set-up data.
func SeatChoices(m Module, setup SeatSetup) (widget.PreferredSizeLocateableWidget, []menu.SeatChoice) {
	ss, ok := setup.Ruleset.(ruleset.SeatSetup)
	if !ok {
		return nil, nil
	}
	if sc, ok := m.(SeatChooser); ok {
		return sc.SeatChooser(setup)
	}
	return nil, []menu.SeatChoice{{Label: menu.StandardDeck, Data: ss.DefaultSeat(setup.Options)}}
}
