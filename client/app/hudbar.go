package app

import (
	"image/color"
	"slices"
	"strings"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/prefs"
	"empires/shared/game"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// The top bar's texts and buttons, and the windows they open: the game's
// menu, the help, the settings, the questions before leaving and before
// ending a turn that upkeep would cut.

// moneyText returns the top bar's money and its colour: the ruleset's
// forecast of the treasury now and after the next turn (red when it warns
// of a loss: upkeep will remove units).
func (h *hud) moneyText() (string, color.Color) {
	g := h.g
	f := g.model.Forecast()
	if g.model.You() == 0 || g.out() || f.Money == "" {
		return "", h.pal.Text
	}
	if f.Warning != "" {
		return f.Money + " (units lost!)", h.pal.Error
	}
	return f.Money, h.pal.Text
}

// moneyLines returns the money's breakdown, for its tooltip.
func (h *hud) moneyLines() []string { return h.g.model.Forecast().Lines }

// capitalFirst upper-cases the first letter of s.
func capitalFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// readyText says who is done with the turn, the player included, and
// whom the turn waits for: "Ready: you, Anna  ·  waiting for Bob"; in an
// interactive step, what is asked and of whom: "Bob chooses a blocker  ·
// waiting for Bob". Only the step's actors (TurnClock's Actors) are waited
// for.
func (g *gameScreen) readyText() string {
	v := g.model.View()
	if g.over != nil || g.replay != nil {
		return ""
	}
	actor := func(p game.PlayerID) bool {
		return len(g.clock.Actors) == 0 || slices.Contains(g.clock.Actors, protocol.Seat(p))
	}
	if ruleset.Mode(g.clock.Mode) == ruleset.Interactive {
		var parts, waiting []string
		if g.clock.Prompt != "" {
			parts = append(parts, g.clock.Prompt)
		}
		for i := range v.Players {
			if p := v.Players[i].ID; v.Players[i].Alive && actor(p) {
				waiting = append(waiting, g.playerWord(p))
			}
		}
		if len(waiting) > 0 {
			parts = append(parts, "waiting for "+strings.Join(waiting, ", "))
		}
		return strings.Join(parts, "  ·  ")
	}
	ready := map[game.PlayerID]bool{}
	for _, s := range g.clock.Ready {
		ready[game.PlayerID(s)] = true
	}
	if g.ready && v.You != 0 {
		ready[v.You] = true
	}
	var done, waiting []string
	for i := range v.Players {
		p := v.Players[i].ID
		switch {
		case !v.Players[i].Alive || !actor(p):
		case ready[p]:
			done = append(done, g.playerWord(p))
		case p == v.You || g.human(p):
			waiting = append(waiting, g.playerWord(p))
		}
	}
	var parts []string
	if len(done) > 0 {
		parts = append(parts, "Ready: "+strings.Join(done, ", "))
	}
	if len(waiting) > 0 {
		parts = append(parts, "waiting for "+strings.Join(waiting, ", "))
	}
	if len(parts) == 0 {
		return "Nobody is ready"
	}
	return strings.Join(parts, "  ·  ")
}

// playerWord names player p in the top bar: "you", or the name.
func (g *gameScreen) playerWord(p game.PlayerID) string {
	if p == g.model.You() && p != 0 {
		return "you"
	}
	return g.model.PlayerName(p)
}

// human reports whether a person holds player p's seat, as the table last
// said (the AI's seats are ready as soon as the turn starts).
func (g *gameScreen) human(p game.PlayerID) bool {
	if g.lobby == nil {
		return false
	}
	for _, s := range g.lobby.Seats {
		if game.PlayerID(s.Seat) == p {
			return s.Human
		}
	}
	return false
}

// endTurnClicked ends the turn, or takes it back; when upkeep would remove
// units it asks first.
func (g *gameScreen) endTurnClicked() {
	if g.interactive() {
		return // a step of single actions has no end to say
	}
	if g.ready || g.over != nil || g.out() {
		g.setReady(false)
		return
	}
	f := g.model.Forecast()
	if f.Warning == "" {
		g.setReady(true)
		return
	}
	g.hud.confirm("Units will be lost", capitalFirst(f.Warning)+". Remove or change orders to keep them, or end the turn anyway.",
		"End turn anyway", func() { g.setReady(true) })
}

// confirm asks a question in a window: yes runs onYes, Cancel (or Escape)
// closes it.
func (h *hud) confirm(title, text, yes string, onYes func()) {
	c := menu.NewConfirm(h.g.app.theme, title, text, yes, func() {
		h.closeWindow()
		onYes()
	}, h.closeWindow)
	h.openBare(c)
}

// showMenu opens the game's menu: back to the game, settings, help, leave.
func (h *hud) showMenu() {
	g := h.g
	t := g.app.theme
	body := h.titled("Menu")
	stretch := widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}))
	body.AddChild(
		t.NewPrimaryButton("Back to the game", h.closeWindow, stretch),
		t.NewButton("Settings", h.showSettings, stretch),
		t.NewButton("Help (F1)", h.showHelp, stretch),
	)
	leave := "Leave the game"
	if g.replay != nil {
		leave = "Leave the replay"
	}
	body.AddChild(t.NewButton(leave, h.leave, stretch))
	h.openBare(body)
}

// showHelp opens the help window.
func (h *hud) showHelp() {
	g := h.g
	r := menu.HelpRect(g.winW, g.winH)
	c := menu.NewHelp(g.app.theme, g.mod.Help(), r.Dx(), h.closeWindow)
	h.openAt(c, r, true)
}

// toggleHelp opens the help, or closes it when it is open (F1).
func (h *hud) toggleHelp() {
	if h.windowKind == windowHelp {
		h.closeWindow()
		return
	}
	h.showHelp()
}

// showSettings opens the settings in a window; saving applies them at once.
func (h *hud) showSettings() {
	g := h.g
	a := g.app
	c := menu.NewSettingsPanel(a.theme, a.opts.Prefs, func(p prefs.Prefs) error {
		if err := a.savePrefs(p); err != nil {
			return err
		}
		h.closeWindow()
		return nil
	}, h.closeWindow)
	h.openBare(c)
}

// leave goes back to the main menu after asking: leaving a game hosted
// here ends it for everyone; leaving one's own game against the AI keeps
// it saved for Continue; a replay just closes.
func (h *hud) leave() {
	g := h.g
	switch {
	case g.replay != nil || g.over != nil:
		g.app.showMainMenu()
	case g.app.intent == intentHost:
		h.confirm("Leave the game?", "The game's server runs in your client: leaving ends the game for everyone.",
			"Leave and end the game", g.app.showMainMenu)
	case g.app.server != nil:
		h.confirm("Leave the game?", "The game is saved: Continue it later from Replays on the main menu.",
			"Leave", g.app.showMainMenu)
	default:
		h.confirm("Leave the game?", "Your seat stays yours: join again to play on. While you are away the AI plays it after a missed turn or two.",
			"Leave", g.app.showMainMenu)
	}
}

// savePrefs checks p, saves it and applies it at once: the window mode, the
// interface size, the grid and the rest.
func (a *App) savePrefs(p prefs.Prefs) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if a.opts.PrefsDir != "" {
		if err := prefs.Save(a.opts.PrefsDir, p); err != nil {
			return err
		}
	}
	a.opts.Prefs = p
	a.applyWindowPrefs()
	return nil
}
