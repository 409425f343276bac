package app

import (
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/menu"
	"empires/client/prefs"
)

// The top bar's texts and buttons, and the windows they open: the game's
// menu, the help, the settings, the questions before leaving and before
// ending a turn at a loss.

// confirm asks a question in a window: yes runs onYes, Cancel (or Escape)
// closes it.
func (h *hud) confirm(title, text, yes string, onYes func()) {
	c := menu.NewConfirm(h.g.app.theme, title, text, yes, func() {
		h.closeWindow()
		onYes()
	}, h.closeWindow)
	h.openBare(c)
}

// showMenu opens the game's menu: back to the game (or the replay),
// settings, help, leave.
func (h *hud) showMenu() {
	t := h.g.app.theme
	body := h.titled("Menu")
	stretch := widget.ButtonOpts.WidgetOpts(widget.WidgetOpts.LayoutData(widget.RowLayoutData{Stretch: true}))
	back := "Back to the game"
	if h.g.replaying() {
		back = "Back to the replay"
	}
	body.AddChild(
		t.NewPrimaryButton(back, h.closeWindow, stretch),
		t.NewButton("Settings", h.showSettings, stretch),
		t.NewButton("Help (F1)", h.showHelp, stretch),
	)
	leave := "Leave the game"
	if h.g.replaying() {
		leave = "Leave the replay"
	}
	body.AddChild(t.NewButton(leave, h.leave, stretch))
	h.openBare(body)
	h.windowKind = windowMenu
}

// showHelp opens the help window.
func (h *hud) showHelp() {
	g := h.g
	r := menu.HelpRectAt(g.app.theme, g.winW, g.winH)
	c := menu.NewHelp(g.app.theme, g.help(), r.Dx(), h.closeWindow)
	h.openAt(c, r, windowHelp)
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
// Save and Close close the window of the HUD shown then: the HUD may have
// been built again meanwhile (rebuild), the settings with it.
func (h *hud) showSettings() {
	g := h.g
	a := g.app
	h.openSettings(menu.NewSettingsPanel(a.theme, a.opts.Prefs, a.places(), a.scaleNoteFor, func(p prefs.Prefs) error {
		if err := a.savePrefs(p); err != nil {
			return err
		}
		g.hud.closeWindow()
		return nil
	}, func() { g.hud.closeWindow() }))
}

// openSettings opens settings c in a window.
func (h *hud) openSettings(c *menu.Settings) {
	c.FitHeight(h.g.winH - 2*h.g.px(windowMargin))
	h.openBare(c.Container())
	h.windowKind = windowSettings
	h.settings = c
}

// leave goes back to the main menu after asking: leaving a game hosted
// here ends it for everyone; leaving one's own game against the AI keeps
// it saved for Continue. A replay just closes, back to the Replays
// screen it was picked on.
func (h *hud) leave() {
	g := h.g
	switch {
	case g.replaying():
		g.app.leaveReplay()
	case g.over != nil:
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
