package app

import (
	"fmt"

	"github.com/ebitenui/ebitenui/widget"
	"slices"
	"strings"

	"empires/client/menu"
	"empires/client/module"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Seat set-up data (a deck: ruleset.SeatSetup) in the client: the lobby of
// such a game offers the module's chooser, or the ruleset's default with
// one button, and shows the server's answer; Play vs AI brings the
// default.

// seatSetupWidth is the width the lobby and the game's setup leave a
// module's seat chooser, in pixels at 100 % (module.SeatSetup's Width is
// at the interface size applied).
const seatSetupWidth = 360

// seatSetup reports whether the game of settings set takes seat set-up
// data, as the server describes its ruleset.
func (a *App) seatSetup(set protocol.Settings) bool {
	if a.conn == nil || a.conn.Welcome() == nil {
		return false
	}
	for _, ri := range a.conn.Welcome().Rulesets {
		if ri.ID == set.Ruleset {
			return ri.SeatSetup
		}
	}
	return false
}

// sendSeatData sends data as the seat's set-up data.
func (a *App) sendSeatData(data []byte) {
	if a.conn == nil {
		return
	}
	if _, err := a.conn.SetSeatData(data); err != nil {
		a.notify(fmt.Sprintf("not sent: %v", err))
	}
}

// offerSeatSetup gives the lobby of the game of settings set what the
// player chooses the seat's set-up data with, once the game's ruleset is
// known: the module's SeatChooser, or the ruleset's default.
func (a *App) offerSeatSetup(set protocol.Settings) {
	if a.lobby == nil || a.play == nil || a.play.Ruleset() == nil || !a.seatSetup(set) {
		return
	}
	rs := a.play.Ruleset()
	m, _ := a.opts.Modules.Get(rs.Info().ID)
	custom, choices := module.SeatChoices(m, module.SeatSetup{Ruleset: rs, Options: set.Config(nil).Options,
		Theme: a.theme, Width: a.theme.Px(seatSetupWidth), Send: a.sendSeatData, ConfigDir: a.opts.PrefsDir, Page: a.lobbyPage})
	a.lobby.SetSeatSetup(custom, choices)
}

// lobbyPage shows page (a module's deck builder) in the lobby's place, or
// the lobby again for nil (made again if the interface size changed
// meanwhile). The lobby goes on being told of the table.
func (a *App) lobbyPage(page *widget.Container) {
	if a.lobby == nil || a.screen != screenLobby {
		return
	}
	if page != nil {
		a.setRoot(page, screenLobby) // kept at the size it was made at
		return
	}
	if a.lobbyTheme != a.theme && a.table != nil {
		a.rebuildLobby() // the interface size changed while the page was shown
		return
	}
	a.setRoot(a.lobby.Container(), screenLobby)
	a.again = a.rebuildLobby
}

// decksAction returns what the main menu's Decks does: open the build's
// deck builder; nil (the button disabled) when the build has none.
func (a *App) decksAction() func() {
	if a.opts.Decks == nil {
		return nil
	}
	return a.showDecks
}

// showDecks opens the deck builder from the main menu.
func (a *App) showDecks() {
	rs, _ := a.opts.Rulesets.Get(a.opts.Decks.RulesetID())
	page, err := a.opts.Decks.DeckPage(module.DeckSetup{Ruleset: rs, Theme: a.theme, ConfigDir: a.opts.PrefsDir, Back: a.showMainMenu})
	if err != nil {
		a.showMessage("Cannot open the decks", err.Error())
		return
	}
	a.setRoot(page, screenMenu)
}

// sendDefaultSeat sends the set-up data for the game of settings set
// (Play vs AI: the player goes straight to the table), if it takes any:
// the deck chosen in the form, else the ruleset's default.
func (a *App) sendDefaultSeat(set protocol.Settings) {
	if a.play == nil || !a.seatSetup(set) {
		return
	}
	if a.seatData != nil {
		a.sendSeatData(a.seatData)
		return
	}
	if ss, ok := a.play.Ruleset().(ruleset.SeatSetup); ok {
		a.sendSeatData(ss.DefaultSeat(set.Config(nil).Options))
	}
}

// deckChoices returns the decks the form of Play vs AI offers for a game
// of the build's ruleset id: its module's (module.SeatList), none for a
// ruleset without set-up data.
func (a *App) deckChoices(id string) []menu.SeatChoice {
	rs, ok := a.opts.Rulesets.Get(id)
	if !ok {
		return nil
	}
	m, _ := a.opts.Modules.Get(id)
	info := rs.Info()
	return module.SeatList(m, module.SeatSetup{Ruleset: rs, Options: info.Defaults(), Theme: a.theme, Width: a.theme.Px(seatSetupWidth),
		ConfigDir: a.opts.PrefsDir})
}

// seatDataResult takes the server's answer to the seat's set-up data:
// the lobby shows it; in a game against the AI, a refusal of the default
// stops the game from starting, so it is said at once.
func (a *App) seatDataResult(m *protocol.SeatDataResult) {
	if a.lobby != nil {
		a.lobby.SeatDataResult(m)
		return
	}
	if !m.Accepted {
		var lines []string
		for _, r := range m.Errors {
			lines = append(lines, r.Reason)
		}
		a.showMessage("Cannot start the game", "The server refused the deck: "+strings.Join(lines, "; "))
	}
}

// lobbyActions returns the seat set-up part of the lobby's actions for a
// game of settings set: SeatData for a game that takes set-up data.
func (a *App) lobbyActions(set protocol.Settings, acts menu.LobbyActions) menu.LobbyActions {
	if a.seatSetup(set) {
		acts.SeatData = a.sendSeatData
	}
	return acts
}

// shortListMost is how many names a list of the top bar shows before it
// says how many more there are.
const shortListMost = 4

// shortList joins names for the top bar, "you" first: "you, Anna, Bob",
// and past shortListMost, "you, Anna, Bob, Cleo and 12 more", so that a
// table of 20 stays a line.
func shortList(names []string) string { return namesUpTo(youFirst(names), shortListMost) }

// youFirst returns names with "you" first, the others in their order; it
// does not change names.
func youFirst(names []string) []string {
	if i := slices.Index(names, "you"); i > 0 {
		return append([]string{"you"}, slices.Delete(slices.Clone(names), i, i+1)...)
	}
	return names
}

// namesUpTo joins names, at most most of them, then how many more: "Ann,
// Bob and 3 more".
func namesUpTo(names []string, most int) string {
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}
