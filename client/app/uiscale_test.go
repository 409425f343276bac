package app

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/prefs"
	"empires/server/lan"
	"empires/shared/conn"
	"empires/shared/protocol"
	rules "empires/shared/rules/empire"
	"empires/shared/ruleset"
)

// TestGameAt540: erfworld's game screen at 960x540 at 100 per cent, the
// smallest screen the client lays out (200 per cent on a 1920x1080 window
// is the same screen twice as large: TestHUDAtTwice), with the Capital's
// orders in the side panel: the top bar's End turn and Menu are in the
// window, and Tab through the panel (F6 gives it the keyboard) scrolls
// each order into sight, down to the last.
func TestGameAt540(t *testing.T) {
	const w, h = 960, 540
	if have := uiScale(200, 1920, 1080); have != 2 {
		t.Fatalf("200 %% on a 1920x1080 window is applied at %v, want 2", have)
	}
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		renderApp(a, w, h, 1, nil)
		hx := hexOf(g)
		for _, c := range hx.Model().View().Cities {
			for range 4 {
				if c.Owner == 1 && hx.Model().Selection().City == 0 {
					hx.Model().Click(c.Hex) // the armies there, then the city
				}
			}
		}
		if hx.Model().Selection().City == 0 {
			t.Fatal("Ann's city is not selected")
		}
		g.Changed(false)
		img := renderApp(a, w, h, 2, nil)
		saveShot(t, img, fmt.Sprintf("game-capital-%dx%d.png", w, h))
		screen := image.Rect(0, 0, w, h)
		for _, label := range []string{"End turn", "Menu"} {
			b := findButton(g.hud.buttons, label)
			if b == nil {
				t.Fatalf("no %q in the top bar", label)
			}
			if r := b.GetWidget().Rect; r.Empty() || !r.In(screen) {
				t.Errorf("%q at %v, out of the window %v", label, r, screen)
			}
		}
		hit(a, none, ebiten.KeyF6)
		list := g.partList(partSide)
		if len(list) < 10 {
			t.Fatalf("the Capital's panel has %d buttons to focus, want a panel taller than the window", len(list))
		}
		for i := range list {
			if i > 0 {
				hit(a, none, ebiten.KeyTab)
			}
			img = renderApp(a, w, h, 2, nil)
			f, ok := a.ui.GetFocusedWidget().(widget.HasWidget)
			if !ok || a.ui.GetFocusedWidget() != list[i] {
				t.Fatalf("Tab %d: the focus is on %q, want the panel's button %d", i, focusLabel(a), i)
			}
			if r := f.GetWidget().Rect; r.Empty() || !r.In(screen) {
				t.Errorf("Tab %d: the focused %q at %v, out of the window %v", i, focusLabel(a), r, screen)
			}
		}
		saveShot(t, img, fmt.Sprintf("game-capital-last-%dx%d.png", w, h))
	})
}

// TestEmpireAt540: empire's game screen at 960x540 at 100 per cent (as
// 200 per cent on a 1920x1080 window, half the size): the top bar's End
// turn and Menu and the side panel's buttons are in the window.
func TestEmpireAt540(t *testing.T) {
	const w, h = 960, 540
	a, _, _ := testApp(t)
	rs, ok := a.opts.Rulesets.Get(rules.ID)
	if !ok {
		t.Fatal("no empire ruleset")
	}
	g, err := rs.New(ruleset.Config{Seed: 3, Seats: 4, Names: []string{"Ann", "Bob", "Cid", "Dee"}, Options: ruleset.Options{ruleset.KeyWidth: 24, ruleset.KeyHeight: 18}})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1, false)
	data, err := v.Encode()
	if err != nil {
		t.Fatal(err)
	}
	a.play = conn.NewGame(rs)
	var img *image.RGBA
	onFrame(t, func() {
		a.handleFullView(&protocol.FullView{View: data, Checksum: v.Checksum()})
		img = renderApp(a, w, h, 3, nil)
	})
	saveShot(t, img, fmt.Sprintf("empire-%dx%d.png", w, h))
	screen := image.Rect(0, 0, w, h)
	for _, label := range []string{"End turn", "Menu"} {
		b := findButton(a.game.hud.buttons, label)
		if b == nil {
			t.Fatalf("no %q in the top bar", label)
		}
		if r := b.GetWidget().Rect; r.Empty() || !r.In(screen) {
			t.Errorf("%q at %v, out of the window %v", label, r, screen)
		}
	}
	for _, b := range a.game.partList(partSide) {
		if r := b.(widget.HasWidget).GetWidget().Rect; !r.Empty() && r.Max.X > w {
			t.Errorf("a side panel button at %v runs out of the window's width %d", r, w)
		}
	}
}

// near2 reports whether have is twice half, within tol pixels of
// rounding.
func near2(have, half, tol int) bool { return have-2*half <= tol && 2*half-have <= tol }

// rectTwice reports whether have is rectangle half twice as large, each
// edge within tol pixels.
func rectTwice(have, half image.Rectangle, tol int) bool {
	return near2(have.Min.X, half.Min.X, tol) && near2(have.Min.Y, half.Min.Y, tol) &&
		near2(have.Max.X, half.Max.X, tol) && near2(have.Max.Y, half.Max.Y, tol)
}

// hudShape is where the game screen's shell puts its parts, in window
// pixels.
type hudShape struct {
	scale                                       float64
	bar, mapRect, side, log, minimap, hint, box image.Rectangle
	help                                        image.Rectangle
	turnH, logLineH                             int
}

// TestHUDAtTwice: erfworld's game screen at an interface size of 200 per
// cent on a 1920x1080 window is laid out as at 100 per cent on 960x540,
// twice as large (within 2 pixels of rounding): the top bar, the map's
// part, the side panel, the log, the minimap's corner, the first turn's
// hint, a notice's box and the help's window; its text is made at twice the size (the top
// bar's turn and the log's lines twice as high). The size is applied as a
// player applies it: the game opens at 100 per cent, and the window (a
// resize) or Settings then asks for 200 per cent, which builds the HUD
// again.
func TestHUDAtTwice(t *testing.T) {
	shape := func(percent, w, h int, bySettings bool) hudShape {
		var out hudShape
		onFrame(t, func() {
			a, _, s := testApp(t)
			if !bySettings {
				a.opts.Prefs.UIScale = percent
			}
			g := showGame(t, a, s, 1)
			renderApp(a, w, h, 2, nil)
			if bySettings {
				p := a.opts.Prefs
				p.UIScale = percent
				if err := a.savePrefs(p); err != nil {
					t.Fatal(err)
				}
			}
			g.notify("The server refused 2 orders: see the list")
			img := renderApp(a, w, h, 3, nil)
			saveShot(t, img, fmt.Sprintf("hud-%d-%dx%d.png", percent, w, h))
			g = a.game
			pr := a.probe()
			m := a.theme.SmallFace().Metrics()
			out = hudShape{
				scale:    a.theme.Scale(),
				bar:      g.hud.bar.GetWidget().Rect,
				mapRect:  image.Rect(pr.Map[0], pr.Map[1], pr.Map[2], pr.Map[3]),
				side:     g.hud.sidePanel.GetWidget().Rect,
				log:      image.Rect(pr.LogRect[0], pr.LogRect[1], pr.LogRect[2], pr.LogRect[3]),
				minimap:  g.minimapRect(),
				hint:     image.Rect(pr.FirstHintRect[0], pr.FirstHintRect[1], pr.FirstHintRect[2], pr.FirstHintRect[3]),
				box:      kit.DrawBoxScaled(ebiten.NewImage(w, h), a.theme.Scale(), a.theme.NormalFace(), []string{g.notice}, a.theme.Pxf(20), float64(g.noticeTop()), g.mapRect(), color.Black, color.White),
				turnH:    g.hud.turn.GetWidget().Rect.Dy(),
				logLineH: int(m.HAscent + m.HDescent + m.HLineGap),
			}
			g.hud.showHelp()
			out.help = g.hud.windowRect
		})
		return out
	}
	half := shape(100, 960, 540, false)
	if half.hint.Empty() || half.box.Empty() {
		t.Fatalf("at 100 %% the first turn's hint is at %v and the notice at %v: want both shown", half.hint, half.box)
	}
	for _, bySettings := range []bool{false, true} {
		have := shape(200, 1920, 1080, bySettings)
		how := map[bool]string{false: "asked before the window grew", true: "chosen in Settings"}[bySettings]
		if have.scale != 2 {
			t.Fatalf("200 %% %s on 1920x1080: the theme's scale is %v, want 2", how, have.scale)
		}
		for _, r := range []struct {
			what       string
			have, half image.Rectangle
		}{
			{"the top bar", have.bar, half.bar},
			{"the map's part", have.mapRect, half.mapRect},
			{"the side panel", have.side, half.side},
			{"the log's sides and height", image.Rect(have.log.Min.X, 0, have.log.Max.X, have.log.Dy()), image.Rect(half.log.Min.X, 0, half.log.Max.X, half.log.Dy())},
			{"the minimap's corner", have.minimap, half.minimap},
			// The hint's top (its width holds the Close button, a menu
			// button), the log's sides and height (it stands on the chat
			// line, a menu field).
			{"the first turn's hint", image.Rect(0, have.hint.Min.Y, 0, have.hint.Min.Y), image.Rect(0, half.hint.Min.Y, 0, half.hint.Min.Y)},
			{"a notice's box", have.box, half.box},
			{"the help's window", have.help, half.help},
		} {
			if !rectTwice(r.have, r.half, 2) {
				t.Errorf("200 %% %s: %s at %v, want twice %v at 100 %% on 960x540", how, r.what, r.have, r.half)
			}
		}
		if !near2(have.turnH, half.turnH, 2) || !near2(have.logLineH, half.logLineH, 2) {
			t.Errorf("200 %% %s: the top bar's turn %d high and the log's lines %d, want twice %d and %d: text made at twice the size",
				how, have.turnH, have.logLineH, half.turnH, half.logLineH)
		}
	}
}

// renderMenu lays the client out at w by h, draws n frames of the menu
// screen shown and returns the last. It runs in the game loop.
func renderMenu(a *App, w, h, n int) *image.RGBA {
	a.Layout(w, h)
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	for range n {
		_ = a.Update()
		a.redraw = true
		img.Clear()
		a.Draw(img)
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(out.Pix)
	return out
}

// textHeights returns the heights the texts under c that never wrap
// (those that do are as many lines as their width allows) would take,
// depth first.
func textHeights(c widget.Containerer, out []int) []int {
	for _, w := range c.Children() {
		switch x := w.(type) {
		case *widget.Text:
			if x.MaxWidth == 0 {
				_, h := x.PreferredSize()
				out = append(out, h)
			}
		case widget.Containerer:
			out = textHeights(x, out)
		}
	}
	return out
}

// TestMenusBuiltAgainAtTwice: with 200 per cent asked, a menu screen shown
// on a 960x540 window (where 100 per cent is applied) is built again when
// the window grows to 1920x1080: laid out in the window's pixels (the
// probe's window is 1920x1080, every button inside it), every text made
// at twice the size (a line twice as high, within 2 pixels), the focus
// where the player had put it.
func TestMenusBuiltAgainAtTwice(t *testing.T) {
	for _, tt := range []struct {
		name string
		show func(a *App)
	}{
		{"main menu", func(a *App) { a.showMainMenu() }},
		{"Play vs AI", func(a *App) { a.showPlayAI() }},
		{"Host LAN game", func(a *App) { a.showHost() }},
		{"Settings", func(a *App) { a.showSettings() }},
		{"Join", func(a *App) { a.showJoin() }},
		{"Replays", func(a *App) { a.showReplays() }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			onFrame(t, func() {
				a, _, _ := testApp(t)
				a.opts.DataDir = t.TempDir()
				a.opts.Prefs.UIScale = 200
				tt.show(a)
				renderMenu(a, 960, 540, 3)
				if s := a.theme.Scale(); s != 1 {
					t.Fatalf("on 960x540 the theme's scale is %v, want 1 (200 %% does not fit)", s)
				}
				before := a.ui.Container
				small := textHeights(before, nil)
				list := focusables(before)
				if len(list) < 2 || len(small) == 0 {
					t.Fatalf("the screen has %d widgets to focus and %d texts", len(list), len(small))
				}
				a.ui.SetFocusedWidget(list[1])
				img := renderMenu(a, 1920, 1080, 3)
				saveShot(t, img, fmt.Sprintf("menu-%s-200-1920x1080.png", tt.name))
				if s := a.theme.Scale(); s != 2 {
					t.Fatalf("on 1920x1080 the theme's scale is %v, want 2", s)
				}
				if a.ui.Container == before {
					t.Fatal("the screen was not built again at the new size")
				}
				large := textHeights(a.ui.Container, nil)
				if len(large) != len(small) {
					t.Fatalf("%d texts at 200 %%, %d at 100 %%", len(large), len(small))
				}
				for i := range small {
					if small[i] > 0 && !near2(large[i], small[i], 2) {
						t.Errorf("text %d is %d high at 200 %%, want twice %d", i, large[i], small[i])
					}
				}
				p := a.probe()
				if p.Window != [2]int{1920, 1080} {
					t.Errorf("the probe's window is %v, want the window's pixels 1920x1080", p.Window)
				}
				for label, b := range p.Buttons {
					if r := image.Rect(b.Rect[0], b.Rect[1], b.Rect[2], b.Rect[3]); !r.In(image.Rect(0, 0, 1920, 1080)) {
						t.Errorf("the button %q at %v is out of the window", label, r)
					}
				}
				if at := slices.Index(focusables(a.ui.Container), a.ui.GetFocusedWidget()); at != 1 {
					t.Errorf("the focus is on widget %d of the screen built again, want 1, where it was", at)
				}
			})
		})
	}
}

// TestLobbyBuiltAgainAtTwice: a game's lobby shown when the window grows
// from 960x540 to 1920x1080, with 200 per cent asked, is built again at
// that size with the table as the server last sent it (its title, its
// settings, its seats), its chat and the chat line as typed.
func TestLobbyBuiltAgainAtTwice(t *testing.T) {
	a, _, _ := testApp(t)
	a.opts.Prefs.UIScale = 200
	srv := startHost(t, a.opts.Rulesets, a.opts.Rulesets)
	a.showJoin()
	a.Connect(srv.Addr().String())
	settle(t, a, "connect", func() bool { return a.conn != nil })
	a.showCreate()
	a.createHere(protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 3, Seats: 3, Bots: 1})
	settle(t, a, "create", func() bool { return a.screen == screenLobby && a.table != nil })
	a.send(&protocol.Chat{Text: "ready when you are"})
	settle(t, a, "the chat", func() bool { return len(a.lobbyChat) == 1 })
	onFrame(t, func() {
		renderMenu(a, 960, 540, 2)
		before := a.ui.Container
		typeInto(t, textInputs(before)[0], "one moment")
		texts, small := collectTexts(before, nil), textHeights(before, nil)
		img := renderMenu(a, 1920, 1080, 2)
		saveShot(t, img, "lobby-200-1920x1080.png")
		if a.screen != screenLobby || a.ui.Container == before || a.lobby.Container() != a.ui.Container {
			t.Fatal("the lobby was not built again at 200 %")
		}
		have := collectTexts(a.ui.Container, nil)
		for _, want := range []string{"Player's game", "Bot 3", texts[1]} { // the title, a seat, the settings
			if !slices.Contains(texts, want) || !slices.Contains(have, want) {
				t.Errorf("the lobby built again says %q, before %q: want %q in both", have, texts, want)
			}
		}
		large := textHeights(a.ui.Container, nil)
		for i := range min(len(small), len(large)) {
			if small[i] > 0 && !near2(large[i], small[i], 2) {
				t.Errorf("text %d (of %d) is %d high at 200 %%, want twice %d", i, len(small), large[i], small[i])
			}
		}
		if len(a.lobbyChat) != 1 {
			t.Errorf("the lobby's chat holds %d lines, want the 1 said", len(a.lobbyChat))
		}
		if have := inputs(a.ui.Container); !slices.Equal(have, []string{"one moment"}) {
			t.Errorf("the lobby built again has %q in its fields, want the chat line typed, %q", have, "one moment")
		}
	})
}

// TestMenusKeepChoicesAtTwice: what a player chose, typed and scrolled to
// on a menu screen (every setting of Play vs AI and Host LAN game, the
// deck, the unsaved choices of Settings, the address and password typed
// on Join with the lists it shows) is still there when the window grows
// from 960x540 to 1920x1080 with 200 per cent asked and the screen is
// built again at that size; the focus stays where it was.
func TestMenusKeepChoicesAtTwice(t *testing.T) {
	for _, tt := range []struct {
		name string
		show func(a *App)
		// play does what the player does: presses, types, scrolls.
		play func(t *testing.T, a *App)
		// shown says what the screen holds; want are parts of it that
		// the player's choices put there (none of them a default).
		shown func(a *App) string
		want  []string
	}{
		{
			name: "Play vs AI, Empire",
			show: func(a *App) { a.showPlayAI() },
			play: func(t *testing.T, a *App) {
				pressExact(t, a.ui.Container, "Empire")
				c := a.ui.Container
				pressIn(t, c, "Map size", "Large", 0)
				typeInto(t, inputsIn(t, c, "Width × height")[2], "4242")
				pressIn(t, c, "Opponents", "−", 0)
				pressIn(t, c, "AI level", "−", 0)
				pressIn(t, c, "Board", "Hexes", 0)
				pressIn(t, c, "Land", "Islands", 0)
				pressIn(t, c, "Turn timer", "2 min", 0)
				scrollTo(t, a, 700)
			},
			shown: func(a *App) string { return setupShown(a) },
			want:  []string{"Ruleset:empire", "Width:64 Height:48", "Seed:4242", "Bots:2", "TurnSeconds:120", "board:1", "islands:1", "scroll 700"},
		},
		{
			name: "Play vs AI, a deck",
			show: func(a *App) { a.showPlayAI() },
			play: func(t *testing.T, a *App) {
				pressExact(t, a.ui.Container, "Empires and Generals")
				c := a.ui.Container
				pressIn(t, c, "Length", "Epic", 0)
				pressIn(t, c, "Your deck", "", 1)
				typeInto(t, inputsIn(t, c, "Seed")[0], "99")
			},
			shown: func(a *App) string { return setupShown(a) },
			want:  []string{"Ruleset:generals", "Seed:99", "length:2", "deck 1"},
		},
		{
			name: "Host LAN game",
			show: func(a *App) { a.showHost() },
			play: func(t *testing.T, a *App) {
				c := a.ui.Container
				pressIn(t, c, "Map size", "Custom", 0)
				in := inputsIn(t, c, "Width × height")
				typeInto(t, in[0], "40")
				typeInto(t, in[1], "3") // not a size the form takes: the text as typed stays
				typeInto(t, in[2], "777")
				pressIn(t, c, "Seats", "+", 0)
				pressIn(t, c, "Seats", "+", 1) // of which bots
				pressIn(t, c, "Spectators", "Yes, seeing all", 0)
				in = inputsIn(t, c, "Game name")
				typeInto(t, in[0], "Friday night")
				typeInto(t, in[1], "sesame")
				pressExact(t, c, "Start") // refused: the status line says why
			},
			shown: func(a *App) string { return setupShown(a) },
			want:  []string{"Width:40 Height:3", "Seed:777", "Seats:5 Bots:3", "Name:Friday night Password:sesame", "AllSeeing:true", "map height"},
		},
		{
			name: "Settings",
			show: func(a *App) { a.showSettings() },
			play: func(t *testing.T, a *App) {
				c := a.ui.Container
				typeInto(t, inputsIn(t, c, "Player name")[0], "Zoë")
				typeInto(t, inputsIn(t, c, "Server address")[0], "10.0.0.9:7777")
				pressIn(t, c, "Hex grid", "Hidden", 0)
				pressIn(t, c, "Turn animation", "Fast", 0)
				pressIn(t, c, "Edge panning", "Off", 0)
				pressIn(t, c, "Display", "Full screen", 0)
				pressIn(t, c, "Interface size", "150%", 0)
				pressIn(t, c, "First-turn hints", "Hidden", 0)
				pressIn(t, c, "Player colours", "Colour-blind", 0)
				scrollTo(t, a, 500)
			},
			shown: func(a *App) string {
				return fmt.Sprintf("%+v inputs %q scroll %d", a.settingsScr.Values(), inputs(a.ui.Container), scrolled(a))
			},
			want: []string{"Name:Zoë", "Address:10.0.0.9:7777", "Grid:false", "AnimSpeed:fast", "EdgePan:false", "Fullscreen:true",
				"UIScale:150", "Hints:false", "ColourBlind:true", "scroll 500"},
		},
		{
			name: "Join",
			show: func(a *App) { a.showJoin() },
			play: func(t *testing.T, a *App) {
				found := make(chan lanResult, 1)
				found <- lanResult{servers: []lan.Server{{Info: lan.Info{Name: "Bo's server", Rulesets: []string{"erfworld"}}, Addr: "10.0.0.7:7777"}}}
				a.lanFound = found // the search of the local network answers
				renderMenu(a, 960, 540, 1)
				a.join.SetRulesets(conn.InfosOf(a.opts.Rulesets), a.playable)
				a.join.SetGames([]protocol.GameInfo{
					{Game: 1, Name: "Open table", Ruleset: "erfworld", Seats: 3},
					{Game: 2, Name: "Locked table", Ruleset: "erfworld", Seats: 4, Humans: 1, HasPassword: true},
				})
				c := a.ui.Container
				games := findLists(c)[1]
				games.SetSelectedEntry(games.Entries()[1]) // a click on the game
				in := textInputs(c)
				typeInto(t, in[0], "10.1.2.3:7777")
				typeInto(t, in[1], "sesame")
				a.join.SetStatus("Listed 2 games.")
			},
			shown: func(a *App) string {
				var lists []string
				for _, l := range findLists(a.ui.Container) {
					lists = append(lists, fmt.Sprintf("%v selected %v", l.Entries(), l.SelectedEntry()))
				}
				return fmt.Sprintf("inputs %q lists %q texts %q", inputs(a.ui.Container), lists, collectTexts(a.ui.Container, nil))
			},
			want: []string{"10.1.2.3:7777", "sesame", "Bo's server", "Locked table", "selected {game 2 Locked table", "Listed 2 games.", "Click a server"},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			onFrame(t, func() {
				a, _, _ := testApp(t)
				a.opts.Prefs.UIScale = 200
				tt.show(a)
				renderMenu(a, 960, 540, 3)
				tt.play(t, a)
				renderMenu(a, 960, 540, 2)
				before := tt.shown(a)
				for _, w := range tt.want {
					if !strings.Contains(before, w) {
						t.Fatalf("before the window grows the screen holds %s, want %q in it: the player's choice not made", before, w)
					}
				}
				list := focusables(a.ui.Container)
				a.ui.SetFocusedWidget(list[2])
				old := a.ui.Container
				img := renderMenu(a, 1920, 1080, 3)
				saveShot(t, img, fmt.Sprintf("menu-kept-%s-200-1920x1080.png", tt.name))
				if a.theme.Scale() != 2 || a.ui.Container == old {
					t.Fatalf("the screen was not built again at 200 %% (scale %v)", a.theme.Scale())
				}
				if have := tt.shown(a); have != before {
					t.Errorf("built again at 200 %% the screen holds\n%s\nwant what it held\n%s", have, before)
				}
				if at := slices.Index(focusables(a.ui.Container), a.ui.GetFocusedWidget()); at != 2 {
					t.Errorf("the focus is on widget %d of the screen built again, want 2, where it was", at)
				}
			})
		})
	}
}

// setupShown says what the game's setup holds: the form, the deck, where
// its settings are scrolled to, what its texts and fields say.
func setupShown(a *App) string {
	deck := -1
	for i, c := range a.deckChoices(a.setup.Form().Ruleset) {
		if bytes.Equal(c.Data, a.setup.SeatData()) {
			deck = i
		}
	}
	return fmt.Sprintf("%+v deck %d scroll %d texts %q inputs %q", a.setup.Form(), deck, scrolled(a), collectTexts(a.ui.Container, nil), inputs(a.ui.Container))
}

// pressExact clicks the button labelled label under c, as a click does.
func pressExact(t *testing.T, c widget.Containerer, label string) {
	t.Helper()
	b := findButton(c, label)
	if b == nil {
		t.Fatalf("no button %q", label)
	}
	b.Click()
	event.ExecuteDeferred()
}

// pressIn clicks button n of those whose label begins with prefix in the
// controls of the form's row labelled row.
func pressIn(t *testing.T, c widget.Containerer, row, prefix string, n int) {
	t.Helper()
	var bs []*widget.Button
	walkUI(formControls(t, c, row), func(w widget.PreferredSizeLocateableWidget) {
		if b, ok := w.(*widget.Button); ok && b.Text() != nil && strings.HasPrefix(b.Text().Label, prefix) {
			bs = append(bs, b)
		}
	})
	if n >= len(bs) {
		t.Fatalf("row %q has %d buttons %q, want a %dth", row, len(bs), prefix, n+1)
	}
	bs[n].Click()
	event.ExecuteDeferred()
}

// formControls returns the controls of the form's row labelled label
// under c: the widget after the label's text.
func formControls(t *testing.T, c widget.Containerer, label string) widget.Containerer {
	t.Helper()
	var out widget.Containerer
	var find func(c widget.Containerer)
	find = func(c widget.Containerer) {
		kids := c.Children()
		for i, w := range kids {
			if x, ok := w.(*widget.Text); ok && x.Label == label && i+1 < len(kids) && out == nil {
				if ctl, ok := kids[i+1].(widget.Containerer); ok {
					out = ctl
				}
			}
		}
		walkUI(c, func(w widget.PreferredSizeLocateableWidget) {
			if x, ok := w.(widget.Containerer); ok && out == nil {
				find(x)
			}
		})
	}
	find(c)
	if out == nil {
		t.Fatalf("no row %q in the form", label)
	}
	return out
}

// walkUI calls f on every widget under c, depth first, the content of a
// scroll panel that names it included.
func walkUI(c widget.Containerer, f func(widget.PreferredSizeLocateableWidget)) {
	for _, w := range c.Children() {
		f(w)
		switch x := w.(type) {
		case widget.Containerer:
			walkUI(x, f)
		case *widget.ScrollContainer:
			if content, ok := x.GetWidget().CustomData.(*widget.Container); ok {
				f(content)
				walkUI(content, f)
			}
		}
	}
}

// inputs returns what the text fields under c hold, in their order.
func inputs(c widget.Containerer) []string {
	var out []string
	for _, in := range textInputs(c) {
		out = append(out, in.GetText())
	}
	return out
}

// textInputs returns the text fields under c, in their order.
func textInputs(c widget.Containerer) []*widget.TextInput {
	var out []*widget.TextInput
	walkUI(c, func(w widget.PreferredSizeLocateableWidget) {
		if in, ok := w.(*widget.TextInput); ok {
			out = append(out, in)
		}
	})
	return out
}

// inputsIn returns the text fields of the form's row labelled row.
func inputsIn(t *testing.T, c widget.Containerer, row string) []*widget.TextInput {
	t.Helper()
	return textInputs(formControls(t, c, row))
}

// typeInto types s into the field over what it held, as a player does:
// everything selected, then the keys.
func typeInto(t *testing.T, in *widget.TextInput, s string) {
	t.Helper()
	in.SelectAll()
	in.DeleteSelectedText()
	for _, r := range s {
		in.Insert(string(r))
	}
	if in.GetText() != s {
		t.Fatalf("typed %q, the field holds %q", s, in.GetText())
	}
}

// findLists returns the lists under c, in their order.
func findLists(c widget.Containerer) []*widget.List {
	var out []*widget.List
	walkUI(c, func(w widget.PreferredSizeLocateableWidget) {
		if l, ok := w.(*widget.List); ok {
			out = append(out, l)
		}
	})
	return out
}

// scrollBar returns the slider of the screen's scrolling form, nil if it
// has none.
func scrollBar(a *App) *widget.Slider {
	var out *widget.Slider
	walkUI(a.ui.Container, func(w widget.PreferredSizeLocateableWidget) {
		if s, ok := w.(*widget.Slider); ok && out == nil {
			out = s
		}
	})
	return out
}

// scrolled returns where the screen's scrolling form is scrolled to, on
// its slider from 0 to 1000; -1 if it has none.
func scrolled(a *App) int {
	if s := scrollBar(a); s != nil {
		return s.Current
	}
	return -1
}

// scrollTo drags the slider of the screen's scrolling form to at (0 to
// 1000) and checks that the form scrolled.
func scrollTo(t *testing.T, a *App, at int) {
	t.Helper()
	s := scrollBar(a)
	if s == nil {
		t.Fatal("the screen has no scroll bar")
	}
	s.Current = at
	renderMenu(a, 960, 540, 2)
	if sc := findScroll(a.ui.Container); sc == nil || sc.ScrollTop == 0 {
		t.Fatal("the form did not scroll: it fits the window")
	}
}

// TestGameSettingsKeptAtTwice: the settings opened over a game keep the
// choices not saved yet when the window grows from 960x540 to 1920x1080
// with 200 per cent asked and the HUD is built again, the settings with
// it; Close then closes the settings of the HUD built again.
func TestGameSettingsKeptAtTwice(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		a.opts.Prefs.UIScale = 200
		g := showGame(t, a, s, 1)
		renderApp(a, 960, 540, 2, nil)
		g.hud.showSettings()
		renderApp(a, 960, 540, 1, nil)
		c := g.hud.windowBox
		typeInto(t, inputsIn(t, c, "Player name")[0], "Zoë")
		pressIn(t, c, "Turn animation", "Off", 0)
		pressIn(t, c, "Player colours", "Colour-blind", 0)
		before := g.hud.settings.Values()
		if before.Name != "Zoë" || before.AnimSpeed != prefs.AnimOff || !before.ColourBlind {
			t.Fatalf("the settings hold %+v: the player's choices not made", before)
		}
		old := g.hud
		renderApp(a, 1920, 1080, 2, nil)
		h := a.game.hud
		if a.theme.Scale() != 2 || h == old {
			t.Fatalf("the HUD was not built again at 200 %% (scale %v)", a.theme.Scale())
		}
		if h.windowKind != windowSettings {
			t.Fatalf("the HUD built again shows window %d, want the settings", h.windowKind)
		}
		if have := h.settings.Values(); have != before {
			t.Errorf("the settings built again hold %+v, want %+v", have, before)
		}
		pressExact(t, h.windowBox, "Close")
		if h.windowKind != windowNone {
			t.Errorf("Close left window %d open over the game", h.windowKind)
		}
	})
}
