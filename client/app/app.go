// Package app is the Empires desktop client: an ebiten.Game that shows the
// menus, the lobby and the game, talks to a server through package conn and
// can run the whole server in its own process (Play vs AI, Host LAN game).
//
// Ebiten calls Update and Draw on one goroutine, which owns every field of
// App: Update drains what the network delivered (never blocking), handles
// input and changes the state; Draw only draws.
package app

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ebitenui/ebitenui"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/lanaddr"
	"empires/client/menu"
	"empires/client/module"
	"empires/client/prefs"
	"empires/server/host"
	"empires/server/lan"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/ruleset"
)

// Version names the client in Hello and on the main menu.
const Version = "empires-client 0.6"

// DefaultLANAddr is where a game hosted from the client listens: port 7777
// of every interface, the port clients try first.
const DefaultLANAddr = ":7777"

// Options configure the client.
type Options struct {
	// Prefs are the player's preferences; PrefsDir, if not empty, is where
	// the Settings screen saves them.
	Prefs    prefs.Prefs
	PrefsDir string
	// Rulesets are the build's rulesets (package registry, with the
	// player's mod if any): what Play vs AI and Host LAN game offer and
	// the client's own server plays, and what the client plays on other
	// servers (with their data when they play a mod).
	Rulesets *ruleset.Registry
	// Modules are the build's client modules (package modules): a ruleset
	// without one is listed but not offered.
	Modules *module.Registry
	// Decks, if not nil, is the deck builder the main menu's Decks opens.
	Decks module.DeckBuilder
	// Builtin, if not nil, returns the build's own rulesets (package
	// registry's Default), without the player's mod: the server the
	// client runs shows the games of a modded ruleset as modded. Called
	// on a goroutine of its own when such a server starts.
	Builtin func() (*ruleset.Registry, error)
	// RulesCache is the directory servers' rules data is kept in, by
	// content hash (conn.CacheDir); empty keeps it in memory only.
	RulesCache string
	// LANAddr is where Host LAN game listens; empty means DefaultLANAddr.
	LANAddr string
	// DataDir, if not empty, is where the server the client runs saves
	// its games (for Replays).
	DataDir string
	// Script, if not nil, plays a scripted session (see Script).
	Script *Script
	// QuickPlay, if not nil, starts a game against the AI with these
	// settings at once, skipping the menus.
	QuickPlay *protocol.Settings
	// ShotDir is where F12 saves screenshots; empty turns F12 off.
	ShotDir string
	// Probe, if not empty, is a file the client keeps its Probe in: for
	// tests that drive the real window.
	Probe string
	// Logger logs what happens; nil discards.
	Logger *slog.Logger
	// LogFile is the file the Logger writes to, shown in Settings; empty
	// if none.
	LogFile string
}

// screen says which screen the client shows.
type screen int

const (
	screenMenu screen = iota // a menu, a form or a message: ebitenui only
	screenLobby
	screenGame
)

// intent is what the client does once it is connected.
type intent int

const (
	intentNone     intent = iota
	intentPlayAI          // create the game and start it at once
	intentHost            // create the game and show its lobby
	intentJoin            // list the server's games
	intentContinue        // take a saved game's seat back
	intentCreate          // create a game on the server joined and show its lobby
)

// dialResult is what a dial started in the background delivers.
type dialResult struct {
	c   *conn.Conn
	srv *host.Running
	err error
}

// lanSearchTime is how long a search of the local network waits for
// servers to answer.
const lanSearchTime = time.Second

// lanResult is what a search of the local network started in the
// background delivers.
type lanResult struct {
	servers []lan.Server
	err     error
}

// App is the client's ebiten.Game.
type App struct {
	opts   Options
	log    *slog.Logger
	theme  *menu.Theme
	ui     *ebitenui.UI
	screen screen
	width  int
	height int

	// The rulesets of the games played, and the game followed.
	rules *conn.Rules
	play  *conn.Game // nil until Joined

	// The connection and what it is for.
	conn      *conn.Conn
	server    *host.Running // the embedded server, if the client runs one
	dialing   chan dialResult
	dialNote  chan string    // while dialing: why an attempt failed, the newest
	lanFound  chan lanResult // the search of the local network under way
	intent    intent
	joinURL   string            // the server Join connected to, as a websocket URL
	warned    protocol.GameID   // the game whose Join was held by the plain ws:// warning
	settings  protocol.Settings // the game to create (Play vs AI, Host)
	seatData  []byte            // the deck chosen for Play vs AI; nil: the ruleset's default
	joined    *protocol.Joined
	resumeID  protocol.GameID     // the saved game to continue (intentContinue) ...
	resumeTok protocol.SeatToken  // ... and the seat token that takes it back
	resumeLog *history            // ... and its turns so far, for its log
	games     []protocol.GameInfo // the server's games, last listed
	table     *protocol.Lobby     // the game's table, last sent
	status    string              // "reconnecting ..." over the game and the lobby

	setup       *menu.Setup
	settingsScr *menu.Settings // the settings screen last shown
	join        *menu.Join
	replays     *menu.Replays
	watched     protocol.GameID // the saved game last watched: the Replays screen picks it again
	lobby       *menu.Lobby
	game        *gameScreen // the game screen, nil until a game is shown

	quit bool
	err  error // a failure that ends the client (scripted sessions only)

	uiImg      *ebiten.Image // the game screen's HUD, drawn when uiDirty
	uiDirty    bool
	in         kit.Frame // this frame's input, read once at its start
	lastCursor image.Point
	// startFocus is the widget a menu screen opens with the focus on (the
	// main menu's Play vs AI), given it once Enter and Space are up: a
	// key held from the screen before would press it.
	startFocus widget.Focuser

	lastProbe string                    // the probe last written
	userShot  bool                      // the screenshot asked for is the player's (F12)
	draws     int                       // frames drawn
	inUI      bool                      // ebitenui's Update is running ...
	afterUI   []widget.RemoveWindowFunc // ... and these windows close after it
	redraw    bool                      // the next Draw must draw (wantsDraw)
	changedAt int                       // the last frame something changed (wantsDraw)
	drawn     image.Rectangle           // the size of the last frame drawn
	window    image.Point               // the window's size, as Layout was last given it
	themeErr  float64                   // the interface size whose theme last failed to build (applyScale)
	// again builds the menu screen or the lobby shown again, at the
	// theme as it is now (rebuildScreen), keeping what the player chose,
	// typed and scrolled to; nil for a screen that is kept as it is (a
	// module's page).
	again func()
	// lobbyChat is the chat of the table: for the lobby built again.
	lobbyChat  []protocol.ChatMessage
	joinTheme  *menu.Theme // the theme the join screen was made at
	lobbyTheme *menu.Theme // and the lobby
	scaleTold  [2]int      // the interface size asked and applied, in per cent, last told (tellScale)

	shot     string // a screenshot to save: Draw reads the pixels ...
	shotPix  []byte // ... and Update writes the file
	shotRect image.Rectangle
	frame    int
}

// New returns the client, showing the main menu.
func New(opts Options) (*App, error) {
	if opts.Rulesets == nil || opts.Modules == nil {
		return nil, errors.New("no rulesets or no client modules")
	}
	t, err := menu.NewTheme()
	if err != nil {
		return nil, fmt.Errorf("load the theme: %w", err)
	}
	a := &App{opts: opts, log: opts.Logger, theme: t, width: 1280, height: 800,
		rules: conn.NewRules(opts.Rulesets, opts.RulesCache)}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	a.ui = &ebitenui.UI{PrimaryTheme: t.UI()}
	a.applyWindowPrefs()
	a.showMainMenu()
	if opts.QuickPlay != nil {
		a.PlayAI(*opts.QuickPlay)
	}
	return a, nil
}

// Layout implements ebiten.Game: the screen is the window, pixel for
// pixel, at every interface size. The interface size is the theme's
// scale (applyScale): at 150 per cent the client draws its text, lines
// and gaps 1.5 times as large, in the window's own pixels. The size is
// lowered where it would leave less than the smallest screen the client
// lays out (minScreenW x minScreenH at 100 per cent), and scaleNote says
// so.
func (a *App) Layout(w, h int) (int, int) {
	a.window = image.Pt(w, h)
	a.width, a.height = max(w, 1), max(h, 1)
	return a.width, a.height
}

// minScreenW and minScreenH are the smallest screen the client lays out,
// in pixels at 100 per cent: a window of 1920x1080 takes 200 per cent.
const minScreenW, minScreenH = 960, 540

// scaleNote returns what the player is told of the interface size percent
// on a window of w x h: "" when it is applied as asked, else the size
// applied and why ("200 % asked, 169 % applied: the window is 1920x1080;
// 200 % needs 1920x1280 or larger").
func scaleNote(percent, w, h int) string {
	applied := int(math.Round(uiScale(percent, w, h) * 100))
	if applied >= percent {
		return ""
	}
	return fmt.Sprintf("%d %% asked, %d %% applied: the window is %dx%d; %d %% needs %dx%d or larger",
		percent, applied, w, h, percent, minScreenW*percent/100, minScreenH*percent/100)
}

// tellScale tells the player, once, on a game or table screen, that the
// interface size is lowered to fit the window (scaleNote): when the
// screen opens so, and when the size or the window changes what is
// applied. A notice of it still shown goes once the size is applied as
// asked.
func (a *App) tellScale() {
	if a.screen != screenGame && a.screen != screenLobby || a.window.X <= 0 || a.window.Y <= 0 {
		return
	}
	p := a.opts.Prefs.UIScale
	told := [2]int{p, int(math.Round(uiScale(p, a.window.X, a.window.Y) * 100))}
	if told == a.scaleTold {
		return
	}
	a.scaleTold = told
	note := scaleNote(p, a.window.X, a.window.Y)
	switch {
	case note != "":
		a.notify(scaleNotice + note)
	case a.game != nil && strings.HasPrefix(a.game.notice, scaleNotice):
		a.game.notice = "" // the size is applied as asked now: the notice said otherwise
	}
}

// scaleNotice begins the notice that the interface size is lowered.
const scaleNotice = "Interface size "

// scaleNoteFor is scaleNote on the window as it is now, for Settings.
func (a *App) scaleNoteFor(percent int) string {
	return scaleNote(percent, a.window.X, a.window.Y)
}

// uiScale returns the factor of interface size percent for a window of
// w x h, no larger than leaves minScreenW x minScreenH, and at least 1.
func uiScale(percent, w, h int) float64 {
	s := float64(percent) / 100
	s = min(s, float64(w)/minScreenW, float64(h)/minScreenH)
	return max(s, 1)
}

// applyScale makes the theme the interface size applied now (uiScale of
// the size asked on the window as it is): when Settings, a resized window
// or full screen changes it, the theme is built again at the new size and
// so is the screen shown (rebuildScreen). It reports whether it changed.
func (a *App) applyScale() bool {
	if a.window.X <= 0 || a.window.Y <= 0 {
		return false // no window yet
	}
	s := uiScale(a.opts.Prefs.UIScale, a.window.X, a.window.Y)
	if s == a.theme.Scale() {
		return false
	}
	t, err := menu.NewThemeAt(s)
	if err != nil {
		if a.themeErr != s { // said once, not every frame
			a.log.Warn("the interface size", "scale", s, "err", err)
			a.themeErr = s
		}
		return false
	}
	a.theme = t
	a.ui.PrimaryTheme = t.UI()
	a.rebuildScreen()
	return true
}

// rebuildScreen builds the screen shown again with the theme as it is
// now (applyScale): the menu screen, the lobby, or the game's HUD with
// its side panel and orders.
//
// A menu screen keeps the focus at its place among its widgets.
func (a *App) rebuildScreen() {
	a.uiDirty, a.redraw = true, true
	switch {
	case a.screen == screenGame && a.game != nil:
		a.game.rebuildHUD()
	case a.again != nil:
		at := -1
		if a.ui.Container != nil && a.startFocus == nil {
			at = slices.Index(focusables(a.ui.Container), a.ui.GetFocusedWidget())
		}
		a.again()
		if list := focusables(a.ui.Container); at >= 0 && at < len(list) {
			a.startFocus = list[at] // given once Enter and Space are up, as the screen's first focus
		}
	}
}

// applyWindowPrefs applies the window preferences: full screen or not (the
// interface size is applied by Layout).
func (a *App) applyWindowPrefs() {
	if ebiten.IsFullscreen() != a.opts.Prefs.Fullscreen {
		ebiten.SetFullscreen(a.opts.Prefs.Fullscreen)
	}
}

// Update implements ebiten.Game.
func (a *App) Update() error {
	a.frame++
	a.in = kit.Read()
	if s := a.opts.Script; s != nil {
		a.in = s.input(a.in)
	}
	if a.shotPix != nil {
		err := savePNG(a.shot, a.shotRect, a.shotPix)
		switch {
		case a.userShot && err != nil:
			a.notify(fmt.Sprintf("Screenshot not saved: %v", err))
		case a.userShot && a.opts.Probe == "": // a test's pictures need no notice over the map
			a.notify("Screenshot saved: " + a.shot)
		case err != nil && a.err == nil:
			a.err = err
		}
		a.shot, a.shotPix, a.userShot = "", nil, false
	}
	changed := a.applyScale()
	changed = a.pollDial() || changed
	changed = a.pollLAN() || changed
	changed = a.pollConn() || changed
	changed = a.inputChanged() || changed
	a.tellScale()
	if a.screen == screenGame && a.game != nil {
		a.game.resize(a.width, a.height)
	}
	if a.screen == screenMenu && a.setup != nil {
		a.setup.FitHeight(a.height)
	}
	if a.screen == screenLobby && a.lobby != nil {
		a.lobby.FitHeight(a.height)
	}
	if a.screen == screenMenu && a.join != nil {
		a.join.FitHeight(a.height)
	}
	if a.screen == screenMenu && a.settingsScr != nil {
		a.settingsScr.FitHeight(a.height)
	}
	if a.screen == screenMenu && a.replays != nil {
		a.replays.FitHeight(a.height)
	}
	if f := a.startFocus; f != nil && !a.in.Down(ebiten.KeyEnter) && !a.in.Down(ebiten.KeyNumpadEnter) && !a.in.Down(ebiten.KeySpace) {
		a.startFocus = nil
		a.ui.SetFocusedWidget(f)
	}
	if a.game != nil {
		_, a.game.wasTyping = a.ui.GetFocusedWidget().(*widget.TextInput) // its Enter sends, and is no one else's
	}
	a.inUI = true
	a.ui.Update()
	a.inUI = false
	for _, remove := range a.afterUI {
		remove()
	}
	a.afterUI = a.afterUI[:0]
	if a.screen == screenGame && a.game != nil {
		changed = a.game.update() || changed
	}
	if changed {
		a.uiDirty = true
	}
	a.redraw = a.redraw || a.wantsDraw(changed)
	if a.in.Hit(ebiten.KeyF12) && a.opts.ShotDir != "" {
		a.userScreenshot()
	}
	if a.opts.Probe != "" && a.err == nil {
		a.err = a.writeProbe()
	}
	if s := a.opts.Script; s != nil && a.err == nil {
		if err := s.step(a); err != nil {
			a.err = err
		}
	}
	if a.err != nil {
		a.shutdown()
		return a.err
	}
	if a.quit {
		a.shutdown()
		return ebiten.Termination
	}
	return nil
}

// wantsDraw reports whether this frame must be drawn. The screen is not
// cleared between frames (ebiten.SetScreenClearedEveryFrame(false)): Draw
// leaves the last frame on it unless this says so, so an idle screen costs
// next to nothing (a menu drawn every frame in software cost most of a
// core). Every screen is drawn when anything on it changed (input, the
// network, a dial or a LAN search ending, a new screen) and for a
// screenshot. The menus and the lobby are also drawn every fourth frame
// for a second after a change (a tooltip shows 0.8 s after the pointer
// rests, a pressed button springs back: 15 frames a second show either
// within 67 ms, at a quarter of the drawing, which in software costs
// about 24 ms a frame at 1280x800) and once a second after that; the game
// screen while the turn's animation runs (game.update says so). Either is
// drawn twice a second while a text field blinks its caret, and the game
// screen while the banner shows.
func (a *App) wantsDraw(changed bool) bool {
	if changed {
		a.changedAt = a.frame
	}
	menus := a.screen != screenGame || a.game == nil
	switch {
	case changed || a.shot != "":
		return true
	case menus && a.frame-a.changedAt < 60 && (a.frame-a.changedAt)%4 == 0:
		return true
	case menus && a.frame%60 == 0:
		return true
	case a.frame%30 == 0 && ((!menus && a.status != "") || a.ui.GetFocusedWidget() != nil):
		return true
	}
	return false
}

// Draw implements ebiten.Game.
func (a *App) Draw(screen *ebiten.Image) {
	if !a.redraw && screen.Bounds() == a.drawn {
		return // the screen still shows the last frame
	}
	a.redraw, a.drawn = false, screen.Bounds()
	a.draws++
	screen.Fill(a.theme.Palette().Background)
	if a.screen == screenGame && a.game != nil {
		a.game.drawMap(screen)
		a.drawCachedUI(screen)
		a.game.drawOver(screen)
	} else {
		a.ui.Draw(screen)
	}
	if a.status != "" && a.screen != screenMenu {
		top := 0
		if a.screen == screenGame {
			top = a.theme.Px(topBarHeight) // the top bar's buttons (Menu, to leave) stay in reach
		}
		drawBanner(screen, a.theme, a.status, top)
	}
	if a.shot != "" && a.shotPix == nil {
		a.shotRect = screen.Bounds()
		a.shotPix = make([]byte, 4*a.shotRect.Dx()*a.shotRect.Dy())
		screen.ReadPixels(a.shotPix)
	}
}

// drawCachedUI draws the game screen's HUD from an image that is redrawn
// only when something may have changed it (input, the network, the HUD's
// own updates, a few times a second anyway): widgets are costly to draw
// without a GPU, and the HUD changes far less often than the map.
func (a *App) drawCachedUI(screen *ebiten.Image) {
	b := screen.Bounds()
	if a.uiImg == nil || a.uiImg.Bounds() != b {
		if a.uiImg != nil {
			a.uiImg.Deallocate()
		}
		a.uiImg = ebiten.NewImageWithOptions(b, nil)
		a.uiDirty = true
	}
	if a.uiDirty {
		a.uiImg.Clear()
		a.ui.Draw(a.uiImg)
		a.uiDirty = false
	}
	screen.DrawImage(a.uiImg, nil)
}

// inputChanged reports whether the player did anything this frame that the
// HUD may show: moved the mouse, pressed or released a button or a key,
// turned the wheel.
func (a *App) inputChanged() bool {
	moved := a.in.Cursor != a.lastCursor
	a.lastCursor = a.in.Cursor
	return moved || a.in.Any()
}

// Screenshot asks for the next frame to be saved to the PNG file path.
func (a *App) Screenshot(path string) { a.shot, a.shotPix = path, nil }

// userScreenshot saves the next frame in Options.ShotDir, named for the
// time, and says where.
func (a *App) userScreenshot() {
	if err := os.MkdirAll(a.opts.ShotDir, 0o755); err != nil {
		a.notify(fmt.Sprintf("Screenshot not saved: %v", err))
		return
	}
	name := "empires-" + time.Now().Format("20060102-150405.000") + ".png"
	path := filepath.Join(a.opts.ShotDir, name)
	a.Screenshot(path)
	a.userShot = true // said once saved: the notice is not in the picture
}

// setRoot shows c as the whole UI. On the game screen Tab selects the
// next army instead of moving the focus between widgets.
func (a *App) setRoot(c *widget.Container, s screen) {
	a.redraw, a.changedAt = true, a.frame
	a.again = nil
	a.ui.Container = c
	a.screen = s
	a.ui.DisableDefaultFocus = s == screenGame
	a.ui.ClearFocus()
	a.startFocus = nil
}

// showMainMenu goes back to the main menu, leaving any game, whose window
// (the game's menu, the end of the game) closes with it.
func (a *App) showMainMenu() {
	if a.game != nil {
		a.game.hud.closeWindow()
	}
	a.disconnect()
	a.mainMenu()
}

// mainMenu shows the main menu, Play vs AI focused.
func (a *App) mainMenu() {
	c := menu.NewMainMenu(a.theme, menu.MainActions{
		PlayAI:   a.showPlayAI,
		HostLAN:  a.showHost,
		Join:     a.showJoin,
		Replays:  a.showReplays,
		Decks:    a.decksAction(),
		Settings: a.showSettings,
		Quit:     func() { a.quit = true },
	})
	a.setRoot(c, screenMenu)
	// Play vs AI has the focus: Enter starts a game at once.
	a.startFocus = firstFocus(focusables(c))
	a.again = a.mainMenu
}

// defaults are the settings the game setup starts from: the default
// ruleset (a scripted session's), the map size of the last game set up
// (the setup's Medium if none, or if the ruleset cannot take it), three
// bots.
func (a *App) defaults() protocol.Settings {
	d := protocol.Settings{Ruleset: a.opts.Rulesets.Default().Info().ID, Seats: 4, Bots: 3,
		Width: a.opts.Prefs.MapWidth, Height: a.opts.Prefs.MapHeight}
	if sc := a.opts.Script; sc != nil && sc.Settings.Ruleset != "" {
		d.Ruleset = sc.Settings.Ruleset // the form shows what the scripted session plays
	}
	return d
}

// playable returns why the client cannot play ruleset in, nil if it can:
// it has no module for it, or the build lacks the ruleset.
func (a *App) playable(in protocol.RulesetInfo) error {
	if err := a.opts.Modules.Check(in); err != nil {
		return err
	}
	return a.rules.Check(in)
}

func (a *App) showPlayAI() {
	play := a.remembering(a.PlayAI)
	a.setup = menu.NewSetup(a.theme, menu.SetupOptions{
		Title: "Play vs AI", Rulesets: conn.InfosOf(a.opts.Rulesets), Playable: a.playable, Defaults: a.defaults(),
		Decks: a.deckChoices,
	}, func(set protocol.Settings) {
		a.seatData = a.setup.SeatData()
		play(set)
	}, a.showMainMenu)
	a.setRoot(a.setup.Container(), screenMenu)
	a.again = a.rebuildSetup
}

func (a *App) showHost() {
	d := a.defaults()
	d.Seats, d.Bots = 4, 2
	d.Name = a.opts.Prefs.Name + "'s game"
	d.Spectators = true
	a.setup = menu.NewSetup(a.theme, menu.SetupOptions{
		Title: "Host LAN game", LAN: true, Rulesets: conn.InfosOf(a.opts.Rulesets), Playable: a.playable, Defaults: d,
	}, a.remembering(a.Host), a.showMainMenu)
	a.setRoot(a.setup.Container(), screenMenu)
	a.again = a.rebuildSetup
}

// showCreate sets up a new game on the server joined, of one of its
// rulesets; its lobby opens once the server has made it.
func (a *App) showCreate() {
	w := a.conn.Welcome()
	if w == nil {
		return
	}
	d := protocol.Settings{Seats: 4, Bots: 2, Name: a.opts.Prefs.Name + "'s game", Spectators: true,
		Width: a.opts.Prefs.MapWidth, Height: a.opts.Prefs.MapHeight}
	if len(w.Rulesets) > 0 {
		d.Ruleset = w.Rulesets[0].ID
	}
	a.setup = menu.NewSetup(a.theme, menu.SetupOptions{
		Title: "New game on " + w.Server, LAN: true, Rulesets: w.Rulesets, Playable: a.playable, Defaults: d,
	}, a.remembering(a.createHere), a.showJoinAgain)
	a.setRoot(a.setup.Container(), screenMenu)
	a.again = a.rebuildSetup
}

// rebuildSetup shows the game's setup again, made at the theme as it is
// now, with everything the player chose, typed and scrolled to.
func (a *App) rebuildSetup() {
	a.setup = a.setup.Rebuild(a.theme)
	a.setRoot(a.setup.Container(), screenMenu)
	a.again = a.rebuildSetup
}

// remembering returns start, which first keeps the map size of the game
// set up in the preferences (saved when the client has a place for
// them), for the next setup to offer.
func (a *App) remembering(start func(protocol.Settings)) func(protocol.Settings) {
	return func(set protocol.Settings) {
		p := a.opts.Prefs
		if set.Width > 0 && set.Height > 0 && (set.Width != p.MapWidth || set.Height != p.MapHeight) {
			p.MapWidth, p.MapHeight = set.Width, set.Height
			a.opts.Prefs = p
			if a.opts.PrefsDir != "" {
				if err := prefs.Save(a.opts.PrefsDir, p); err != nil {
					a.log.Warn("save preferences", "err", err)
				}
			}
		}
		start(set)
	}
}

// createHere creates a game of settings set on the server joined.
func (a *App) createHere(set protocol.Settings) {
	a.intent = intentCreate
	a.send(&protocol.CreateGame{Settings: set})
}

// showJoinAgain goes back from a new game's setup to the join screen of
// the server connected to.
func (a *App) showJoinAgain() {
	a.setup, a.intent = nil, intentJoin
	if a.joinTheme != a.theme {
		a.newJoin() // made at another interface size
		return
	}
	a.setRoot(a.join.Container(), screenMenu)
	a.again = a.newJoin
}

func (a *App) showJoin() {
	a.join = nil
	a.newJoin()
	a.searchLAN()
}

// newJoin shows the join screen made at the theme as it is now: anew, or
// the one shown before built again (menu.Join.Rebuild), with everything
// it showed and the player typed.
func (a *App) newJoin() {
	a.joinTheme = a.theme
	if a.join != nil {
		a.join = a.join.Rebuild(a.theme)
	} else {
		a.join = menu.NewJoin(a.theme, a.opts.Prefs.Address, menu.JoinActions{
			Connect: a.Connect,
			Refresh: func() { a.send(&protocol.ListGames{}) },
			Search:  a.searchLAN,
			Join:    a.joinGame,
			Create:  a.showCreate,
			Back:    a.showMainMenu,
		})
	}
	a.setRoot(a.join.Container(), screenMenu)
	a.again = a.newJoin
}

// searchLAN searches the local network for servers in the background;
// pollLAN shows what it found on the join screen.
func (a *App) searchLAN() {
	ch := make(chan lanResult, 1)
	a.lanFound = ch
	go func() {
		servers, err := lan.Browse(context.Background(), lanSearchTime)
		ch <- lanResult{servers: servers, err: err}
	}()
}

// pollLAN takes the result of the search of the local network, if it has
// come.
func (a *App) pollLAN() bool {
	if a.lanFound == nil {
		return false
	}
	var r lanResult
	select {
	case r = <-a.lanFound:
	default:
		return false
	}
	a.lanFound = nil
	switch {
	case a.join == nil:
	case r.err != nil:
		a.join.SetLANError(r.err.Error())
	default:
		rows := make([]menu.LANServer, len(r.servers))
		for i, s := range r.servers {
			rows[i] = menu.LANServer{Name: s.Name, Addr: s.Addr, Ruleset: strings.Join(s.Rulesets, ", "),
				Games: s.Games, OpenSeats: s.OpenSeats, Ping: s.Ping}
		}
		a.join.SetLAN(rows)
	}
	return true
}

func (a *App) showSettings() {
	a.settingsScr = menu.NewSettings(a.theme, a.opts.Prefs, a.places(), a.scaleNoteFor, func(p prefs.Prefs) error {
		if err := a.savePrefs(p); err != nil {
			return err
		}
		a.showMainMenu()
		return nil
	}, a.showMainMenu)
	a.settingsScr.FitHeight(a.height)
	a.setRoot(a.settingsScr.Container(), screenMenu)
	a.again = a.rebuildSettings
}

// rebuildSettings shows the settings again, made at the theme as it is
// now, with every choice and text as the player left it, saved or not.
func (a *App) rebuildSettings() {
	a.settingsScr = a.settingsScr.Rebuild(a.theme)
	a.settingsScr.FitHeight(a.height)
	a.setRoot(a.settingsScr.Container(), screenMenu)
	a.again = a.rebuildSettings
}

// places are where the client keeps the player's files, for Settings.
func (a *App) places() menu.Places {
	return menu.Places{Files: a.opts.PrefsDir, Log: a.opts.LogFile}
}

// showMessage shows a message with a button back to the main menu.
func (a *App) showMessage(title, text string) {
	a.disconnect()
	a.message(title, text, a.showMainMenu)
}

// message shows a message, with a button that calls onMenu (none for
// nil).
func (a *App) message(title, text string, onMenu func()) {
	a.setRoot(menu.NewMessage(a.theme, title, text, onMenu), screenMenu)
	a.again = func() { a.message(title, text, onMenu) }
}

// PlayAI starts a game against AI opponents: an embedded server on
// loopback, the game created and started as soon as the client is in.
func (a *App) PlayAI(set protocol.Settings) {
	a.startServer(set, intentPlayAI, "127.0.0.1:0")
}

// Host hosts a LAN game: the embedded server listens on Options.LANAddr
// and the client opens the game's lobby for others to join.
func (a *App) Host(set protocol.Settings) {
	addr := a.opts.LANAddr
	if addr == "" {
		addr = DefaultLANAddr
	}
	a.startServer(set, intentHost, addr)
}

// startServer starts the embedded server on addr and connects to it.
func (a *App) startServer(set protocol.Settings, in intent, addr string) {
	a.disconnect()
	a.intent, a.settings = in, set
	a.message("Starting", "Starting the game server ...", nil)
	cfg := host.DefaultConfig()
	cfg.Rulesets = a.opts.Rulesets
	cfg.DataDir = a.opts.DataDir // the games are saved, for Replays ...
	cfg.NoResume = true          // ... not resumed by the next game's server,
	if in == intentContinue {    // but for the one the player goes on with
		cfg.Resume = []protocol.GameID{a.resumeID}
	}
	cfg.Name = a.opts.Prefs.Name
	cfg.IdleAfter, cfg.OpenFor = 0, 0 // the player's own server: no one else's games to make room for
	cfg.Logger = a.log
	cfg.Advertise = in == intentHost // clients on the local network list the game
	name := a.opts.Prefs.Name
	builtin := a.opts.Builtin
	ch := make(chan dialResult, 1)
	a.dialing = ch
	go func() {
		// The build's own rulesets tell the server which of its rulesets
		// are the player's mod (-rules), for the others to see.
		if builtin != nil {
			b, err := builtin()
			if err != nil {
				ch <- dialResult{err: fmt.Errorf("the built-in rules: %w", err)}
				return
			}
			cfg.Builtin = b
		}
		srv, err := host.Start(cfg, addr)
		if err != nil {
			ch <- dialResult{err: fmt.Errorf("start the server on %s: %w", addr, err)}
			return
		}
		c, err := dial(srv.URL(), name, nil)
		if err != nil {
			_ = srv.Stop()
			ch <- dialResult{err: err}
			return
		}
		ch <- dialResult{c: c, srv: srv}
	}()
}

// Connect connects to the server at addr ("host:port", or a ws:// or
// wss:// URL: ServerURL) to list its games.
func (a *App) Connect(addr string) {
	a.disconnect()
	a.intent = intentJoin
	url, err := ServerURL(addr)
	if err != nil {
		a.join.SetError(err.Error())
		return
	}
	a.joinURL, a.warned = url, 0
	a.join.SetStatus("Connecting to " + addr + " ...")
	if addr != a.opts.Prefs.Address && a.opts.PrefsDir != "" {
		a.opts.Prefs.Address = addr
		if err := prefs.Save(a.opts.PrefsDir, a.opts.Prefs); err != nil {
			a.log.Warn("save preferences", "err", err)
		}
	}
	name := a.opts.Prefs.Name
	ch := make(chan dialResult, 1)
	note := make(chan string, 1)
	a.dialing, a.dialNote = ch, note
	go func() {
		c, err := dial(url, name, func(attempt int, err error, wait time.Duration) {
			msg := fmt.Sprintf("Connecting to %s ... attempt %d failed, trying again in %.1f s: %v", addr, attempt, wait.Seconds(), err)
			select { // the newest note replaces one not shown yet
			case <-note:
			default:
			}
			select {
			case note <- msg:
			default:
			}
		})
		ch <- dialResult{c: c, err: err}
	}()
}

// dialTimeout bounds a dial with its attempts: conn.Dial tries again
// after a refusal that may pass (a server busy with a storm of
// connections), up to conn.DefaultDialAttempts times, and says at the end
// what failed.
const dialTimeout = 30 * time.Second

// dial connects to url as the player name, telling onRetry (if not nil)
// of each attempt that failed before another.
func dial(url, name string, onRetry func(attempt int, err error, wait time.Duration)) (*conn.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), dialTimeout)
	defer cancel()
	return conn.Dial(ctx, conn.Options{URL: url, Name: name, Client: Version, OnRetry: onRetry})
}

// pollDial takes the result of a dial, if it has come, or else the
// newest note of an attempt that failed (shown on the Join screen).
func (a *App) pollDial() bool {
	if a.dialing == nil {
		return false
	}
	select {
	case r := <-a.dialing:
		a.dialed(r)
		return true
	default:
	}
	select {
	case msg := <-a.dialNote:
		if a.intent == intentJoin && a.join != nil {
			a.join.SetStatus(msg)
		}
		return true
	default:
		return false
	}
}

// dialed takes the result of a dial: the connection, and what it is for.
func (a *App) dialed(r dialResult) {
	a.dialing, a.dialNote = nil, nil
	if r.err != nil {
		if a.intent == intentJoin && a.join != nil {
			a.join.SetError(r.err.Error()) // the connection's words: a certificate's failure says what is wrong with it
			return
		}
		a.showMessage("Could not start the game", r.err.Error())
		return
	}
	a.conn, a.server = r.c, r.srv
	switch a.intent {
	case intentPlayAI, intentHost:
		a.send(&protocol.CreateGame{Settings: a.settings})
	case intentJoin:
		if a.join != nil {
			a.join.SetStatus("Connected to " + a.conn.Welcome().Server)
			a.join.SetRulesets(a.conn.Welcome().Rulesets, a.playable)
		}
		a.send(&protocol.ListGames{})
	case intentContinue:
		a.send(&protocol.JoinGame{Game: a.resumeID, Token: a.resumeTok})
	}
}

// send sends m to the server, if connected; a failure shows as a status.
func (a *App) send(m protocol.Message) { a.sendSeq(m) }

// sendSeq is send, and returns the message's seq, which the server's
// answer replies to; false if it was not sent.
func (a *App) sendSeq(m protocol.Message) (uint32, bool) {
	if a.conn == nil {
		return 0, false
	}
	seq, err := a.conn.Send(m)
	if err != nil {
		a.notify(fmt.Sprintf("not sent: %v", err))
		return 0, false
	}
	return seq, true
}

// notify shows a short message where the player looks.
func (a *App) notify(msg string) {
	switch {
	case a.screen == screenGame && a.game != nil:
		a.game.notify(msg)
	case a.screen == screenLobby && a.lobby != nil:
		a.lobby.SetStatus(msg)
	case a.setup != nil && a.intent == intentCreate && a.screen == screenMenu:
		a.setup.SetError(msg)
	case a.join != nil && a.intent == intentJoin:
		a.join.SetStatus(msg)
	case a.setup != nil:
		a.setup.SetError(msg)
	}
	a.log.Info("notice", "msg", msg)
}

// pollConn handles everything the connection delivered since the last
// frame, without waiting, and reports whether anything came.
func (a *App) pollConn() bool {
	got := false
	for a.conn != nil {
		select {
		case ev, ok := <-a.conn.Events():
			if !ok {
				return got
			}
			a.handle(ev)
			got = true
		default:
			return got
		}
	}
	return got
}

// handle handles one event of the connection.
func (a *App) handle(ev conn.Event) {
	if ev.Msg == nil {
		a.handleStatus(ev)
		return
	}
	switch m := ev.Msg.(type) {
	case *protocol.GameList:
		a.games = m.Games
		if a.join != nil {
			a.join.SetGames(m.Games)
		}
	case *protocol.Joined:
		a.joined = m
		a.conn.SetSeat(m.Game, m.Token)
		if a.game != nil {
			a.game.rejoin() // the seat taken back: a reconnection
		}
		if a.play == nil || a.play.Info().ID != m.Settings.Ruleset {
			if err := a.follow(m.Settings.Ruleset); err != nil {
				a.showMessage("Cannot play this game", err.Error())
				return
			}
		}
		if a.intent == intentPlayAI && a.game == nil {
			// The table is full (the player and bots): being ready starts it.
			a.sendDefaultSeat(m.Settings)
			a.send(&protocol.SetReady{Ready: true})
		}
	case *protocol.RulesData:
		a.rulesData(m)
	case *protocol.Lobby:
		a.handleLobby(m)
	case *protocol.SeatDataResult:
		a.seatDataResult(m)
	case *protocol.ChatMessage:
		if a.screen == screenGame && a.game != nil {
			a.game.chat(m)
		} else if a.lobby != nil {
			a.lobby.AddChat(*m)
			a.lobbyChat = append(a.lobbyChat, *m)
		}
	case *protocol.FullView:
		if a.hold(m) {
			return
		}
		a.handleFullView(m)
	case *protocol.TurnUpdate:
		if a.hold(m) {
			return
		}
		if a.game != nil {
			a.game.turnUpdate(m)
		}
	case *protocol.Missed:
		if a.hold(m) {
			return
		}
		if a.game != nil {
			a.game.missed(m)
		}
	case *protocol.ActResult:
		if a.game != nil {
			a.game.actResult(m)
			a.game.actAnswered(m)
		}
	case *protocol.TurnClock:
		if a.game != nil {
			a.game.setClock(m)
			a.game.stepChanged()
		}
	case *protocol.OrdersResult:
		if a.game != nil {
			a.game.ordersResult(m, ev.Reply)
		}
	case *protocol.GameOver:
		if a.game != nil {
			a.game.gameOver(m)
		}
	case *protocol.Error:
		if a.intent == intentContinue && a.game == nil {
			a.showMessage("Cannot continue the game", m.Message)
			return
		}
		if (a.intent == intentPlayAI || a.intent == intentHost) && a.game == nil && a.screen == screenMenu {
			// The game asked for was refused while "Starting" was shown:
			// said there, not on a setup form out of sight.
			a.showMessage("Cannot start the game", m.Message)
			return
		}
		a.notify(m.Message)
		if a.game != nil {
			a.game.submitFailed(ev.Reply)
		}
		if a.opts.Script != nil {
			a.err = fmt.Errorf("server error: %s", m.Message)
		}
	case *protocol.Bye:
		// The connection closes next: for good (a seat taken over, the
		// host's end of the game), and Closed says so, or to be made
		// again (a server shutting down, to restart), and the seat is
		// taken back.
		if m.Reason != protocol.ReasonHostEnded {
			a.notify("The server closed the connection: " + m.Reason)
		}
	case *protocol.Pong:
	}
}

// follow begins to follow a game of ruleset id on the server: it finds
// the ruleset (asking for the server's data when the server plays a mod
// the client does not hold) and checks that the client can show it.
func (a *App) follow(id string) error {
	w := a.conn.Welcome()
	in, ok := conn.Info(w, id)
	if !ok {
		return fmt.Errorf("the server does not describe the ruleset %q of its game", id)
	}
	if err := a.opts.Modules.Check(in); err != nil {
		return err
	}
	g, get, err := a.rules.Join(w, id)
	if err != nil {
		return err
	}
	a.play = g
	if get != nil {
		a.notify(fmt.Sprintf("Fetching the host's rules of %s ...", in.Title))
		a.send(get)
	}
	return nil
}

// rulesData takes the server's rules data of the game's ruleset: checked
// against its content hash and read, the game's messages kept meanwhile
// are handled; data that fails is refused and the game cannot be played.
func (a *App) rulesData(m *protocol.RulesData) {
	if a.play == nil {
		return
	}
	held, err := a.play.SetRules(a.rules, m)
	if err != nil {
		a.showMessage("Cannot play this game", "The host's rules are refused: "+err.Error())
		return
	}
	for _, msg := range held {
		a.handle(conn.Event{Msg: msg})
	}
	if a.table != nil && !a.table.Started {
		a.offerSeatSetup(a.table.Settings)
	}
}

// hold keeps m, a FullView or a TurnUpdate, while the game's rules data is
// on its way, and reports whether it did.
func (a *App) hold(m protocol.Message) bool {
	if a.play == nil {
		a.showMessage("Cannot show the game", "the server sent a game's view before the game")
		return true
	}
	held, err := a.play.Hold(m)
	if err != nil {
		a.showMessage("Cannot play this game", err.Error())
	}
	return held
}

// handleStatus shows the state of the connection: a line over the game
// or the lobby while it is made again (the details go to the log); a
// message with the way back to the main menu when it has ended, saying
// so in a sentence when the host ended the game.
func (a *App) handleStatus(ev conn.Event) {
	switch ev.Status {
	case conn.Reconnecting:
		a.status = fmt.Sprintf("Lost the connection to %s: reconnecting (attempt %d) ...", a.serverName(), ev.Attempt)
		a.log.Info("reconnecting", "attempt", ev.Attempt, "err", ev.Err)
	case conn.Connected:
		a.status = ""
	case conn.Closed:
		why := "the connection closed"
		if ev.Err != nil {
			why = ev.Err.Error()
		}
		a.log.Info("connection closed", "why", why)
		var bye *conn.ByeError
		hostEnded := errors.As(ev.Err, &bye) && bye.HostEnded()
		if sc := a.opts.Script; sc != nil {
			if hostEnded && sc.playedOut() {
				// A scripted guest keeps its game screen to the end of its
				// session: the host, done as well, left first.
				a.conn = nil
				return
			}
			a.err = fmt.Errorf("connection closed: %s", why)
		}
		switch {
		case a.screen == screenMenu && a.intent == intentJoin:
			if a.join != nil {
				if hostEnded {
					why = "The host ended the game."
				}
				a.join.SetStatus(why)
			}
			a.conn = nil
		case hostEnded:
			a.showMessage("The host ended the game", hostEndedText(a.serverName()))
		default:
			a.showMessage("Connection lost", fmt.Sprintf("The connection to %s is lost and could not be made again: %s.", a.serverName(), why))
		}
	}
}

// hostEndedText is what a player is told when host, who ran the game's
// server in their client, left the game.
func hostEndedText(host string) string {
	return host + " hosted this game and has left it, which ends it for everyone at the table."
}

// serverName names the server connected to for the player: its name
// (a LAN game's server is named for its host), or "the server".
func (a *App) serverName() string {
	if a.conn != nil {
		if w := a.conn.Welcome(); w != nil && w.Server != "" {
			return w.Server
		}
	}
	return "the server"
}

// handleLobby shows the game's table, until the game starts.
func (a *App) handleLobby(m *protocol.Lobby) {
	a.table = m
	if a.game != nil {
		a.game.setLobby(m)
		return
	}
	if m.Started || a.intent == intentPlayAI {
		return // the FullView follows
	}
	if a.lobby == nil || a.screen != screenLobby {
		a.lobbyChat = nil
		a.newLobby(m)
	}
	you := protocol.Seat(0)
	if a.joined != nil {
		you = a.joined.Seat
	}
	a.lobby.Update(m, you)
}

// newLobby shows the lobby of the table m, made anew at the theme as it
// is now, with the table's chat so far (lobbyChat).
func (a *App) newLobby(m *protocol.Lobby) {
	var joinAt []string
	if a.intent == intentHost && a.server != nil {
		addrs, err := lanaddr.JoinAddrs(a.server.Addr())
		if err != nil {
			a.log.Warn("the addresses to join at", "err", err)
		}
		joinAt = addrs
	}
	var rulesets []protocol.RulesetInfo
	if w := a.conn.Welcome(); w != nil {
		rulesets = w.Rulesets
	}
	a.lobby = menu.NewLobby(a.theme, a.lobbyActions(m.Settings, menu.LobbyActions{
		JoinAddrs: joinAt,
		Rulesets:  rulesets,
		Ready:     func(r bool) { a.send(&protocol.SetReady{Ready: r}) },
		Start:     func() { a.send(&protocol.StartGame{}) },
		Chat:      func(text string) { a.send(&protocol.Chat{Text: text}) },
		Leave:     a.showMainMenu,
	}))
	a.offerSeatSetup(m.Settings)
	a.setRoot(a.lobby.Container(), screenLobby)
	for _, c := range a.lobbyChat {
		a.lobby.AddChat(c)
	}
	a.lobbyTheme = a.theme
	a.again = a.rebuildLobby
}

// rebuildLobby shows the lobby again, made at the theme as it is now,
// with the table as last sent, and the chat line and the status line as
// the lobby before showed them (menu.Lobby.Keep).
func (a *App) rebuildLobby() {
	if a.table == nil {
		return
	}
	old := a.lobby
	a.newLobby(a.table)
	you := protocol.Seat(0)
	if a.joined != nil {
		you = a.joined.Seat
	}
	a.lobby.Update(a.table, you)
	if old != nil {
		a.lobby.Keep(old)
	}
}

// handleFullView opens the game screen, or resets its view. A game
// continued from a save gets its log of the turns before (resumeLog).
func (a *App) handleFullView(m *protocol.FullView) {
	if a.game == nil {
		g, err := newGameScreen(a, a.play, m)
		if err != nil {
			a.showMessage("Cannot show the game", err.Error())
			return
		}
		a.game = g
		a.setRoot(g.root, screenGame)
		if h := a.resumeLog; h != nil && a.intent == intentContinue {
			a.resumeLog = nil
			g.prependHistory(h, m)
		}
		return
	}
	a.game.fullView(m)
}

// disconnect leaves the current game and server, if any.
func (a *App) disconnect() {
	if a.conn != nil {
		a.conn.Close()
		a.conn = nil
	}
	if a.server != nil {
		srv := a.server
		go func() { _ = srv.StopWith(protocol.ReasonHostEnded) }()
		a.server = nil
	}
	a.dialing, a.dialNote = nil, nil
	a.joined, a.game, a.lobby, a.status, a.games, a.table, a.play = nil, nil, nil, "", nil, nil, nil
	a.lobbyChat = nil
}

// shutdown ends the client: the connection and any embedded server, which
// is given a moment to stop cleanly.
func (a *App) shutdown() {
	if a.conn != nil {
		a.conn.Close()
		a.conn = nil
	}
	if a.server != nil {
		done := make(chan struct{})
		srv := a.server
		go func() { _ = srv.StopWith(protocol.ReasonHostEnded); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
		}
		a.server = nil
	}
}
