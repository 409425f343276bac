package app

import (
	"image/color"

	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/prefs"
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

// confirm asks a question in a window: yes runs onYes, Cancel (or Escape)
// closes it.
func (h *hud) confirm(title, text, yes string, onYes func()) {
	c := menu.NewConfirm(h.s.app.theme, title, text, yes, func() {
		h.closeWindow()
		onYes()
	}, h.closeWindow)
	h.openBare(c)
}

// showMenu opens the game's menu: back to the game, settings, help, leave.
func (h *hud) showMenu() {
	t := h.s.app.theme
	body := h.titled("Menu")
	stretch := widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}))
	body.AddChild(
		t.NewPrimaryButton("Back to the game", h.closeWindow, stretch),
		t.NewButton("Settings", h.showSettings, stretch),
		t.NewButton("Help (F1)", h.showHelp, stretch),
	)
	leave := "Leave the game"
	if h.s.part.replaying() {
		leave = "Leave the replay"
	}
	body.AddChild(t.NewButton(leave, h.leave, stretch))
	h.openBare(body)
}

// showHelp opens the help window.
func (h *hud) showHelp() {
	s := h.s
	r := menu.HelpRect(s.winW, s.winH)
	c := menu.NewHelp(s.app.theme, s.part.help(), r.Dx(), h.closeWindow)
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
	a := h.s.app
	c := menu.NewSettingsPanel(a.theme, a.opts.Prefs, a.places(), func(p prefs.Prefs) error {
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
	s := h.s
	switch {
	case s.part.replaying() || s.over != nil:
		s.app.showMainMenu()
	case s.app.intent == intentHost:
		h.confirm("Leave the game?", "The game's server runs in your client: leaving ends the game for everyone.",
			"Leave and end the game", s.app.showMainMenu)
	case s.app.server != nil:
		h.confirm("Leave the game?", "The game is saved: Continue it later from Replays on the main menu.",
			"Leave", s.app.showMainMenu)
	default:
		h.confirm("Leave the game?", "Your seat stays yours: join again to play on. While you are away the AI plays it after a missed turn or two.",
			"Leave", s.app.showMainMenu)
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
