package app

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/kit"
	"empires/client/menu"
	"empires/client/module"
	"empires/shared/game"
	"empires/shared/rules/erfworld"
)

// hit feeds a's game screen one frame in which keys went down (mods held
// with them: Shift for Shift+Tab), through the shell's input seam (App.in,
// as kit.Read gives it), then a frame in which they are up again.
func hit(a *App, mods []ebiten.Key, keys ...ebiten.Key) {
	at := a.in.Cursor
	a.in = kit.Frame{Cursor: at, Keys: append(append([]ebiten.Key{}, mods...), keys...), KeysPressed: keys}
	if a.game != nil {
		a.game.update()
	}
	a.in = kit.Frame{Cursor: at}
	if a.game != nil {
		a.game.update()
	}
}

// focusLabel names what has the keyboard's focus: a button's label,
// "input" for a text field, "" for none.
func focusLabel(a *App) string {
	switch f := a.ui.GetFocusedWidget().(type) {
	case nil:
		return ""
	case *widget.Button:
		if f.Text() == nil { // a screen not laid out yet
			a.ui.Container.Validate()
		}
		return f.Text().Label
	default:
		return "input"
	}
}

var (
	shift = []ebiten.Key{ebiten.KeyShift}
	none  []ebiten.Key
)

// TestWindowKeys answers every window of the shell by keys alone: each
// opens with the focus on its first button (a question's Cancel, the
// menu's Back to the game, the help's Close, the settings' first choice);
// Tab and the arrow keys move it, Shift+Tab back, Enter and Space press
// the button focused, Esc closes; F10 opens the menu, F1 the help. It
// once cleared the focus every frame, so a window took only Esc and F1.
func TestWindowKeys(t *testing.T) {
	type step struct {
		mods []ebiten.Key
		key  ebiten.Key
		want string // the focused button after it, "" for none
	}
	tests := []struct {
		name  string
		open  func(g *gameScreen)
		first string
		steps []step
		after func(t *testing.T, a *App, g *gameScreen)
	}{
		{"the menu, Back to the game by Enter", func(g *gameScreen) { hit(g.app, none, ebiten.KeyF10) }, "Back to the game",
			[]step{{none, ebiten.KeyArrowDown, "Settings"}, {none, ebiten.KeyTab, "Help (F1)"}, {shift, ebiten.KeyTab, "Settings"},
				{none, ebiten.KeyArrowUp, "Back to the game"}, {shift, ebiten.KeyTab, "Leave the game"}, {none, ebiten.KeyTab, "Back to the game"},
				{none, ebiten.KeyEnter, ""}},
			func(t *testing.T, a *App, g *gameScreen) {
				if g.hud.window != nil {
					t.Error("Enter on Back to the game left the menu open")
				}
			}},
		{"the help, closed by Enter on Close", func(g *gameScreen) { hit(g.app, none, ebiten.KeyF1) }, "Close",
			[]step{{none, ebiten.KeyTab, "Close"}, {none, ebiten.KeyEnter, ""}},
			func(t *testing.T, a *App, g *gameScreen) {
				if g.hud.window != nil {
					t.Error("Enter on Close left the help open")
				}
			}},
		{"Leave the game?, Cancel by Space", func(g *gameScreen) {
			hit(g.app, none, ebiten.KeyF10)
			hit(g.app, shift, ebiten.KeyTab)
			hit(g.app, none, ebiten.KeyEnter)
		}, "Cancel",
			[]step{{none, ebiten.KeyArrowRight, "Leave"}, {none, ebiten.KeyArrowLeft, "Cancel"}, {none, ebiten.KeySpace, ""}},
			func(t *testing.T, a *App, g *gameScreen) {
				if g.hud.window != nil || a.screen != screenGame {
					t.Errorf("Cancel: window open %v, screen %v; want the game", g.hud.window != nil, a.screen)
				}
			}},
		{"Leave the game?, Leave by Enter", func(g *gameScreen) {
			hit(g.app, none, ebiten.KeyF10)
			hit(g.app, shift, ebiten.KeyTab)
			hit(g.app, none, ebiten.KeyEnter)
		}, "Cancel",
			[]step{{none, ebiten.KeyTab, "Leave"}, {none, ebiten.KeyEnter, "Play vs AI"}},
			func(t *testing.T, a *App, g *gameScreen) {
				if a.screen != screenMenu || a.game != nil {
					t.Errorf("Leave: screen %v; want the main menu", a.screen)
				}
			}},
		{"Settings, closed by Esc", func(g *gameScreen) {
			hit(g.app, none, ebiten.KeyF10)
			hit(g.app, none, ebiten.KeyArrowDown)
			hit(g.app, none, ebiten.KeyEnter)
		}, "Shown",
			[]step{{none, ebiten.KeyTab, "Hidden"}, {none, ebiten.KeySpace, "Hidden"}, {none, ebiten.KeyEscape, ""}},
			func(t *testing.T, a *App, g *gameScreen) {
				if g.hud.window != nil {
					t.Error("Esc left the settings open")
				}
			}},
		{"End turn anyway, by Tab and Enter", func(g *gameScreen) {
			g.hud.confirm("Units will be lost", "Upkeep removes 2 units.", "End turn anyway", g.endAnyway)
		}, "Cancel",
			[]step{{none, ebiten.KeyTab, "End turn anyway"}, {none, ebiten.KeyEnter, ""}},
			func(t *testing.T, a *App, g *gameScreen) {
				if !g.ready || g.hud.window != nil {
					t.Errorf("End turn anyway: ready %v, window open %v; want the turn ended", g.ready, g.hud.window != nil)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			onFrame(t, func() {
				a, _, s := testApp(t)
				g := showGame(t, a, s, 1)
				renderApp(a, 1280, 800, 1, nil)
				tt.open(g)
				if g.hud.window == nil {
					t.Fatal("no window opened")
				}
				if have := focusLabel(a); have != tt.first {
					t.Fatalf("opened with the focus on %q, want %q", have, tt.first)
				}
				for i, st := range tt.steps {
					hit(a, st.mods, st.key)
					if a.startFocus != nil { // the main menu's, given once Enter is up
						a.ui.SetFocusedWidget(a.startFocus)
					}
					if have := focusLabel(a); have != st.want {
						t.Fatalf("step %d (%v %v): the focus is on %q, want %q", i, st.mods, st.key, have, st.want)
					}
				}
				tt.after(t, a, g)
			})
		})
	}
}

// TestWindowFocusRing: a window over the game rings its focused button,
// at 1024x768 and 1920x1080: the pixels round the button take the focus
// colour (EMPIRES_SCREENSHOTS keeps the pictures).
func TestWindowFocusRing(t *testing.T) {
	for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
		onFrame(t, func() {
			a, _, s := testApp(t)
			g := showGame(t, a, s, 1)
			renderApp(a, size[0], size[1], 1, nil)
			hit(a, none, ebiten.KeyF10)
			hit(a, none, ebiten.KeyTab)
			img := renderApp(a, size[0], size[1], 1, nil)
			saveShot(t, img, fmt.Sprintf("keys-menu-%dx%d.png", size[0], size[1]))
			b := findButton(g.hud.windowBox, "Settings")
			if b == nil || focusLabel(a) != "Settings" {
				t.Fatalf("the focus is on %q, want Settings", focusLabel(a))
			}
			if n := ringPixels(img, b.GetWidget().Rect, a.theme.Palette()); n < 100 {
				t.Errorf("%dx%d: %d pixels of the focus colour round the focused button, want a ring", size[0], size[1], n)
			}
		})
	}
}

// ringPixels counts the pixels of img in the focus colour of p in the
// band just outside r, where the focus ring is drawn.
func ringPixels(img *image.RGBA, r image.Rectangle, p menu.Palette) int {
	f := p.Focus
	n := 0
	outer := r.Inset(-12)
	for y := outer.Min.Y; y < outer.Max.Y; y++ {
		for x := outer.Min.X; x < outer.Max.X; x++ {
			if image.Pt(x, y).In(r) {
				continue
			}
			c := img.RGBAAt(x, y)
			if absDiff(c.R, f.R) < 24 && absDiff(c.G, f.G) < 24 && absDiff(c.B, f.B) < 24 {
				n++
			}
		}
	}
	return n
}

// TestSidePanelKeys: F6 gives the keyboard to the side panel (the
// map's keys then stop), Tab and the arrows move the focus through its
// buttons, Enter presses one, the focus keeps its place when the panel
// is built again, and Esc gives the keyboard back to the map; F6 goes on
// to the log, the chat line and the top bar, and back to the map.
func TestSidePanelKeys(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		renderApp(a, 1280, 800, 1, nil)
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
		renderApp(a, 1280, 800, 1, nil)
		if !g.input().Keys {
			t.Fatal("the map does not have the keyboard at first")
		}
		hit(a, none, ebiten.KeyF6)
		if g.part != partSide || g.input().Keys {
			t.Fatalf("F6: the keyboard is in the %v (the map's keys %v), want the side panel", g.part, g.input().Keys)
		}
		list := g.partList(partSide)
		if len(list) < 3 {
			t.Fatalf("the Capital's panel has %d buttons to focus", len(list))
		}
		first := focusLabel(a)
		for _, size := range [][2]int{{1024, 768}, {1920, 1080}} {
			img := renderApp(a, size[0], size[1], 1, nil)
			saveShot(t, img, fmt.Sprintf("keys-side-%dx%d.png", size[0], size[1]))
			if n := ringPixels(img, a.ui.GetFocusedWidget().(widget.HasWidget).GetWidget().Rect, a.theme.Palette()); n < 60 {
				t.Errorf("%dx%d: %d pixels of the focus colour round the side panel's focused %q, want a ring", size[0], size[1], n, first)
			}
		}
		renderApp(a, 1280, 800, 1, nil)
		hit(a, none, ebiten.KeyTab)
		hit(a, none, ebiten.KeyArrowDown)
		third := focusLabel(a)
		if third == first || a.ui.GetFocusedWidget() != list[2] {
			t.Errorf("Tab, Down: the focus is on %q, want the third of the panel's buttons", third)
		}
		g.Changed(false) // the panel built again
		g.hud.update()
		hit(a, none) // a frame: the shell finds its place again
		if have := a.ui.GetFocusedWidget(); have != g.partList(partSide)[2] {
			t.Errorf("after the panel was built again the focus is on %q, want its third button again", focusLabel(a))
		}
		hit(a, shift, ebiten.KeyTab)
		hit(a, none, ebiten.KeyArrowUp)
		if focusLabel(a) != first {
			t.Errorf("Shift+Tab, Up: the focus is on %q, want %q", focusLabel(a), first)
		}
		hit(a, none, ebiten.KeyEscape)
		if g.part != partMap || a.ui.GetFocusedWidget() != nil || !g.input().Keys {
			t.Errorf("Esc: the keyboard is in the %v, focus %q; want the map", g.part, focusLabel(a))
		}
		for _, want := range []part{partSide, partLog, partChat, partTop, partMap} {
			hit(a, none, ebiten.KeyF6)
			if g.part != want {
				t.Fatalf("F6: the keyboard is in the %v, want the %v", g.part, want)
			}
		}
		if focusLabel(a) != "" {
			t.Errorf("back on the map the focus is on %q", focusLabel(a))
		}
		for _, want := range []part{partTop, partChat, partLog} {
			hit(a, shift, ebiten.KeyF6)
			if g.part != want {
				t.Fatalf("Shift+F6: the keyboard is in the %v, want the %v", g.part, want)
			}
		}
	})
}

// TestLogAndChatKeys: with the keyboard in the log (F6), the up and down
// keys mark the battles' lines, Enter opens the marked one's report and
// Esc closes it; + and - make the log bigger and smaller; Page Up scrolls
// it from anywhere; / opens the chat line, typing goes there and the
// map's keys stop, Esc leaves it.
func TestLogAndChatKeys(t *testing.T) {
	d, err := erfworld.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := fullBattle(t, d)
	var events []game.Event
	for i := range 3 {
		events = append(events, game.Event{Turn: 1, Kind: game.EventBattle, To: b.Hex, HasHex: true, Battle: b})
		for j := range 6 {
			events = append(events, game.Event{Turn: 1, Kind: game.EventBuild, Player: 1, Text: fmt.Sprintf("Built %d.%d", i, j)})
		}
	}
	a, g := testGame(t, events)
	onFrame(t, func() {
		renderApp(a, 1024, 768, 2, nil)
		links := g.links()
		if len(links) != 3 {
			t.Fatalf("%d lines with a report in the log, want 3", len(links))
		}
		hit(a, none, ebiten.KeyF6) // the side panel: nothing selected
		if g.part != partLog {
			hit(a, none, ebiten.KeyF6)
		}
		if g.part != partLog || g.logAt != links[2] {
			t.Fatalf("F6: the keyboard is in the %v, the mark on line %d; want the log, the newest battle (%d)", g.part, g.logAt, links[2])
		}
		hit(a, none, ebiten.KeyArrowUp)
		hit(a, none, ebiten.KeyArrowUp)
		hit(a, none, ebiten.KeyArrowUp) // stays on the first
		for _, size := range [][2]int{{1920, 1080}, {1024, 768}} {
			img := renderApp(a, size[0], size[1], 2, nil)
			saveShot(t, img, fmt.Sprintf("keys-log-%dx%d.png", size[0], size[1]))
		}
		if g.logAt != links[0] {
			t.Errorf("Up three times: the mark is on line %d, want the oldest battle (%d)", g.logAt, links[0])
		}
		marked := 0
		for _, l := range g.hud.logShown {
			if strings.HasPrefix(l, "► ") {
				marked++
			}
		}
		if marked != 1 {
			t.Errorf("%d lines of the log are marked, want 1:\n%s", marked, strings.Join(g.hud.logShown, "\n"))
		}
		hit(a, none, ebiten.KeyArrowDown)
		hit(a, none, ebiten.KeyEnter)
		if g.hud.window == nil || !strings.Contains(strings.Join(collectTexts(g.hud.windowBox, nil), "\n"), "Battle at") {
			t.Fatal("Enter in the log opened no battle report")
		}
		if focusLabel(a) == "" {
			t.Error("the battle report opened with no focus")
		}
		hit(a, none, ebiten.KeyEscape)
		if g.hud.window != nil || g.part != partLog {
			t.Errorf("Esc: window open %v, keyboard in the %v; want the report closed, the log's", g.hud.window != nil, g.part)
		}
		hit(a, none, ebiten.KeyEqual)
		if !g.hud.bigLog {
			t.Error("+ did not make the log bigger")
		}
		hit(a, none, ebiten.KeyMinus)
		if g.hud.bigLog {
			t.Error("- did not make the log smaller")
		}
		hit(a, none, ebiten.KeyEscape)
		if g.part != partMap {
			t.Errorf("Esc in the log: the keyboard is in the %v, want the map", g.part)
		}

		// Page Up scrolls the log, from the map.
		renderApp(a, 1024, 768, 1, nil)
		sl := g.hud.logSlider()
		before := sl.Current
		hit(a, none, ebiten.KeyPageUp)
		if sl.Current >= before {
			t.Errorf("Page Up: the log's scroll bar at %d, was %d: it did not scroll up", sl.Current, before)
		}
		hit(a, none, ebiten.KeyPageDown)
		if sl.Current != before {
			t.Errorf("Page Down after Page Up: the log's scroll bar at %d, want %d", sl.Current, before)
		}

		// The chat line: / gives it the keyboard; Esc leaves it.
		hit(a, none, ebiten.KeySlash)
		if g.part != partChat || a.ui.GetFocusedWidget() != g.hud.chat || g.input().Keys {
			t.Fatalf("/: the keyboard is in the %v, focus %q, the map's keys %v; want the chat field", g.part, focusLabel(a), g.input().Keys)
		}
		hit(a, none, ebiten.KeyTab)
		if focusLabel(a) != "Send" {
			t.Errorf("Tab in the chat line: the focus is on %q, want Send", focusLabel(a))
		}
		hit(a, none, ebiten.KeyEscape)
		if g.part != partMap || focusLabel(a) != "" {
			t.Errorf("Esc in the chat line: the keyboard is in the %v, focus %q; want the map", g.part, focusLabel(a))
		}

		// The Enter that sends a chat line (the field lets the keyboard
		// go as ebitenui's update begins the frame) does not end the turn.
		hit(a, none, ebiten.KeySlash)
		a.ui.ClearFocus()
		g.wasTyping = true
		a.in = kit.Frame{Keys: []ebiten.Key{ebiten.KeyEnter}, KeysPressed: []ebiten.Key{ebiten.KeyEnter}}
		g.update()
		g.wasTyping = false
		if g.ready || g.part != partMap {
			t.Errorf("the Enter that sent the chat: ready %v, keyboard in the %v; want the turn going on, the map's", g.ready, g.part)
		}
	})
}

// TestKeysHideRestingTooltip: a key pressed while the pointer rests on
// the map takes the map's pointer away, so the tooltip on the hex under
// it goes from the screen, until the pointer moves again; F12 (a
// screenshot) keeps it. EMPIRES_SCREENSHOTS keeps the pictures.
func TestKeysHideRestingTooltip(t *testing.T) {
	a, _, s := erfpiresGame(t)
	onFrame(t, func() {
		g := showGame(t, a, s, 1)
		renderApp(a, 1024, 768, 2, nil)
		var at image.Point
		for _, m := range g.probe().Mine {
			if m.Kind == "army" {
				at = image.Pt(int(m.X), int(m.Y))
			}
		}
		if at == (image.Point{}) {
			t.Fatal("Ann's army is not on the map")
		}
		frames := func(n int, f kit.Frame) bool {
			for range n {
				a.in = f
				g.update()
				f.KeysPressed = nil
			}
			return g.input().Pointer
		}
		tips := func(name string) int {
			img := ebiten.NewImage(1024, 768)
			defer img.Deallocate()
			a.uiDirty, a.redraw = true, true
			a.Draw(img)
			shot := image.NewRGBA(image.Rect(0, 0, 1024, 768))
			img.ReadPixels(shot.Pix)
			saveShot(t, shot, name)
			return rimEdges(shot, at.X+21, at.Y-60, at.Y+260)
		}
		rest := kit.Frame{Cursor: at}
		if !frames(40, rest) || tips("keys-tip-rested.png") < 2 {
			t.Fatal("the pointer resting on the army shows no tooltip")
		}
		f12 := kit.Frame{Cursor: at, Keys: []ebiten.Key{ebiten.KeyF12}, KeysPressed: []ebiten.Key{ebiten.KeyF12}}
		if !frames(1, f12) || !frames(5, rest) || tips("keys-tip-f12.png") < 2 {
			t.Error("after F12 (a screenshot) the tooltip went from the picture")
		}
		key := kit.Frame{Cursor: at, Keys: []ebiten.Key{ebiten.KeyF2}, KeysPressed: []ebiten.Key{ebiten.KeyF2}} // a key no screen binds: the map stays
		if frames(1, key) || frames(40, rest) {
			t.Error("after a key the resting pointer is still the map's")
		}
		if n := tips("keys-tip-after-key.png"); n != 0 {
			t.Errorf("after a key %d tooltip edges under the resting pointer, want none", n)
		}
		if !frames(1, kit.Frame{Cursor: at.Add(image.Pt(2, 0))}) {
			t.Error("the pointer moved after a key is not the map's again")
		}
	})
}

// TestMainMenuFocus: the main menu opens with the focus on Play vs AI,
// ringed, so Enter starts a game; not while Enter is still held from the
// screen before (the key that left a game would press it).
func TestMainMenuFocus(t *testing.T) {
	onFrame(t, func() {
		a, _, _ := testApp(t)
		a.in = kit.Frame{Keys: []ebiten.Key{ebiten.KeyEnter}}
		a.showMainMenu()
		a.Layout(1024, 768)
		a.in = kit.Frame{Keys: []ebiten.Key{ebiten.KeyEnter}}
		if a.startFocus == nil || focusLabel(a) != "" {
			t.Fatalf("the main menu took the focus (on %q) while Enter is held", focusLabel(a))
		}
		img := ebiten.NewImage(1024, 768)
		defer img.Deallocate()
		_ = a.Update() // reads no key: the test's window has none down
		a.redraw = true
		a.Draw(img)
		if focusLabel(a) != "Play vs AI" {
			t.Fatalf("the main menu's focus is on %q, want Play vs AI", focusLabel(a))
		}
		shot := image.NewRGBA(image.Rect(0, 0, 1024, 768))
		img.ReadPixels(shot.Pix)
		saveShot(t, shot, "keys-mainmenu-1024x768.png")
		b := a.ui.GetFocusedWidget().(*widget.Button)
		if n := ringPixels(shot, b.GetWidget().Rect, a.theme.Palette()); n < 100 {
			t.Errorf("%d pixels of the focus colour round Play vs AI, want a ring", n)
		}
	})
}

// TestPressKeepsFocus: a button that Enter disabled (an order that may be
// given once) gives the focus to the next of the window's buttons at
// once, not to whatever ebitenui would pick, which the Enter still held
// would press; a module's window opens with the focus on its first
// button, and its Close is reached by Tab.
func TestPressKeepsFocus(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		renderApp(a, 1280, 800, 1, nil)
		body := kit.WindowBody(a.theme, 24, 10)
		pressed := 0
		var once *widget.Button
		once = a.theme.NewButton("Once", func() { pressed++; once.GetWidget().Disabled = true })
		body.AddChild(once, a.theme.NewButton("Other", nil))
		g.OpenWindow(body)
		if focusLabel(a) != "Once" {
			t.Fatalf("the module's window opened with the focus on %q, want its first button", focusLabel(a))
		}
		hit(a, none, ebiten.KeyEnter)
		if pressed != 1 || focusLabel(a) != "Other" {
			t.Errorf("Enter on Once: pressed %d times, the focus on %q; want once, then Other", pressed, focusLabel(a))
		}
		hit(a, none, ebiten.KeyTab)
		if focusLabel(a) != "Close" {
			t.Errorf("Tab after Other: the focus on %q, want the window's Close", focusLabel(a))
		}
		hit(a, none, ebiten.KeySpace)
		if g.hud.window != nil {
			t.Error("Space on Close left the window open")
		}
	})
}

// TestShellHelpNamesKeys: the help the shell adds to every game's names
// each key the shell keeps (module.ShellKeys) and Shift+Enter; a replay's
// has no chat line to name.
func TestShellHelpNamesKeys(t *testing.T) {
	names := map[ebiten.Key]string{ebiten.KeyF1: "F1", ebiten.KeyF6: "F6", ebiten.KeyF10: "F10", ebiten.KeyF12: "F12",
		ebiten.KeyPageUp: "Page Up", ebiten.KeyPageDown: "Page Down", ebiten.KeySlash: "/"}
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		var terms []string
		for _, sec := range g.help().Sections {
			for _, r := range sec.Rows {
				terms = append(terms, r.Term)
			}
		}
		all := strings.Join(terms, " | ")
		for _, k := range append(module.ShellKeys(), ebiten.KeyEnter) {
			name, ok := names[k]
			if k == ebiten.KeyEnter {
				name, ok = "Shift+Enter", true
			}
			if !ok {
				t.Errorf("the shell keeps %v: name it in this test and in the help", k)
				continue
			}
			if !strings.Contains(all, name) {
				t.Errorf("the game's help does not name %s: %s", name, all)
			}
		}
	})
}

// enterTaker is a screen that takes Enter (module.KeyTaker), as a screen
// whose cursor acts on Enter does, and counts the Enters its Update saw.
type enterTaker struct {
	module.Screen
	enters int
}

func (s *enterTaker) TakesKey(k ebiten.Key) bool { return k == ebiten.KeyEnter }

func (s *enterTaker) Update(in module.Input) bool {
	if in.Keys && in.Hit(ebiten.KeyEnter) {
		s.enters++
	}
	return s.Screen.Update(in)
}

// TestKeyTaker: while the screen takes Enter the shell leaves it to the
// screen (the turn goes on); Shift+Enter ends the turn, and the screen
// does not see that Enter.
func TestKeyTaker(t *testing.T) {
	onFrame(t, func() {
		a, _, s := testApp(t)
		g := showGame(t, a, s, 1)
		scr := &enterTaker{Screen: g.scr}
		g.scr = scr
		hit(a, none, ebiten.KeyEnter)
		if g.ready || scr.enters != 1 {
			t.Errorf("Enter taken by the screen: ready %v, the screen saw %d Enters; want the turn going on, 1", g.ready, scr.enters)
		}
		hit(a, shift, ebiten.KeyEnter)
		if !g.ready || scr.enters != 1 {
			t.Errorf("Shift+Enter: ready %v, the screen saw %d Enters; want the turn ended, still 1", g.ready, scr.enters)
		}
	})
}
