package menu

import (
	"fmt"
	goimage "image"
	"os"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/widget"
	"github.com/hajimehoshi/ebiten/v2"

	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
)

// builtScreen is a menu screen or window built for TestScreensScale: its
// root, how it fits a window's height (nil for none), and whether it is a
// window (placed at its size, centred) rather than a whole screen.
type builtScreen struct {
	root   *widget.Container
	fit    func(h int)
	window bool
	// place, if not nil, is where a window goes in a window of w by h
	// pixels (the help's HelpRectAt); nil centres it at its size.
	place func(w, h int) goimage.Rectangle
}

// scaleScreen is a screen of TestScreensScale: its name, how it is
// built from a theme, the labels of the widgets whose places are compared
// (a button's, a text's; "input" is the first text input), and the
// button TestScreensShots focuses (none for "").
type scaleScreen struct {
	name   string
	build  func(th *Theme) builtScreen
	labels []string
	focus  string
}

// scaleScreens are the screens TestScreensScale and TestScreensShots
// build: each from a theme, with the labels of the widgets whose places
// they compare (a button's, a text's; "input" is the first text input).
func scaleScreens(t *testing.T) []scaleScreen {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	info := func(id string) protocol.RulesetInfo {
		rs, ok := reg.Get(id)
		if !ok {
			t.Fatalf("no %s in the build", id)
		}
		return conn.InfoOf(rs.Info())
	}
	erf, duel := info("erfworld"), info("duel")
	places := Places{Files: "/home/ann/.config/empires", Log: "/home/ann/.cache/empires/empires.log"}
	started := time.Date(2026, 3, 4, 18, 30, 0, 0, time.UTC)
	games := []SavedGame{
		{ID: 1, Name: "Game 1", Ruleset: "Erfworld Empires", Started: started, Mine: true, Players: []string{"Parson", "Stanley"}, Width: 48, Height: 36, Turns: 12, TurnWord: "day", Continue: true},
		{ID: 2, Name: "Game 2", Ruleset: "Duel", Started: started, Players: []string{"Ann", "Bob"}, Turns: 30, Over: true, Winner: "Ann"},
	}
	setup := func(th *Theme, o SetupOptions) builtScreen {
		s := NewSetup(th, o, nil, func() {})
		return builtScreen{root: s.Container(), fit: s.FitHeight}
	}
	return []scaleScreen{
		{"main menu", func(th *Theme) builtScreen {
			return builtScreen{root: NewMainMenu(th, MainActions{PlayAI: func() {}, Settings: func() {}, Quit: func() {}})}
		}, []string{"Empires", "Play vs AI", "Settings", "Quit"}, "Settings"},
		{"setup erfworld", func(th *Theme) builtScreen {
			return setup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{erf, duel}})
		}, []string{"Play vs AI", "Ruleset", "Medium 48×36", "input", "Back", "Start"}, ""},
		{"setup duel", func(th *Theme) builtScreen {
			return setup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{erf, duel}, Defaults: protocol.Settings{Ruleset: "duel"}})
		}, []string{"Play vs AI", "Ruleset", "Duel", "Seed", "input", "Back", "Start"}, "Start"},
		{"setup LAN", func(th *Theme) builtScreen {
			return setup(th, SetupOptions{Title: "Host a LAN game", LAN: true, Rulesets: []protocol.RulesetInfo{erf}})
		}, []string{"Host a LAN game", "Map size", "input", "Back", "Start"}, ""},
		{"settings", func(th *Theme) builtScreen {
			s := NewSettings(th, prefs.Default(), places, nil, nil, func() {})
			return builtScreen{root: s.Container(), fit: s.FitHeight}
		}, []string{"Settings", "Player name", "input", "Window", "Close", "Save"}, ""},
		{"join", func(th *Theme) builtScreen {
			j := NewJoin(th, "localhost:7777", JoinActions{Back: func() {}})
			j.SetGames([]protocol.GameInfo{{Game: 1, Name: "Friday", Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Humans: 1}})
			return builtScreen{root: j.Container(), fit: j.FitHeight}
		}, []string{"Join a game", "Server", "input", "Connect", "Back", "Join"}, ""},
		{"replays", func(th *Theme) builtScreen {
			r := NewReplays(th, games, ReplaysActions{Watch: func(int64) {}, Back: func() {}})
			return builtScreen{root: r.Container(), fit: r.FitHeight}
		}, []string{"Replays", "Back", "Watch"}, ""},
		{"lobby with decks", func(th *Theme) builtScreen {
			l := NewLobby(th, LobbyActions{Leave: func() {}, SeatData: func([]byte) {}, JoinAddrs: []string{"192.168.1.20:7777"}})
			l.Update(table(), 1)
			l.SetSeatSetup(nil, []SeatChoice{{Label: StandardDeck}})
			l.AddChat(protocol.ChatMessage{From: 2, Name: "Parson", Text: "which address?"})
			return builtScreen{root: l.Container(), fit: l.FitHeight}
		}, []string{"Seats", "Chat", "input", StandardDeck, "Leave", "Not ready", "Start game"}, ""},
		{"message", func(th *Theme) builtScreen {
			return builtScreen{root: NewMessage(th, "Cannot connect", "dial tcp 192.168.1.20:7777: connect: connection refused", func() {})}
		}, []string{"Cannot connect", "Main menu"}, ""},
		{"help window", func(th *Theme) builtScreen {
			return builtScreen{window: true, place: func(w, h int) goimage.Rectangle { return HelpRectAt(th, w, h) },
				root: NewHelp(th, longHelp(), HelpRectAt(th, int(960*th.Scale()), int(540*th.Scale())).Dx(), func() {})}
		}, []string{"Help: a long game", "Close", "Mouse and keys", "Key 1"}, ""},
		{"confirm window", func(th *Theme) builtScreen {
			return builtScreen{window: true, root: NewConfirm(th, "Leave the game?", "You leave the table and go back to the main menu.", "Leave", func() {}, func() {})}
		}, []string{"Leave the game?", "Cancel", "Leave"}, "Leave"},
		{"settings window", func(th *Theme) builtScreen {
			s := NewSettingsPanel(th, prefs.Default(), places, nil, nil, func() {})
			return builtScreen{window: true, root: s.Container(), fit: s.FitHeight}
		}, []string{"Settings", "input", "Close", "Save"}, ""},
	}
}

// layOut lays s out in a window of w by h pixels, as the app does: it
// fits it to the height, places it (a window centred at its size, or
// where it goes) and renders it, which lays out every container. It runs
// in the game loop when there is one.
func layOut(t *testing.T, s builtScreen, w, h int) {
	t.Helper()
	f := func() {
		// Rendering lays out; a picture of one pixel takes little time to
		// draw (TestScreensShots draws the whole).
		img := ebiten.NewImage(1, 1)
		defer img.Deallocate()
		rect := goimage.Rect(0, 0, w, h)
		if s.window {
			if s.fit != nil {
				s.fit(h)
			}
			s.root.Validate()
			pw, ph := s.root.PreferredSize()
			pw, ph = min(pw, w), min(ph, h)
			rect = goimage.Rect((w-pw)/2, (h-ph)/2, (w-pw)/2+pw, (h-ph)/2+ph)
			if s.place != nil {
				rect = s.place(w, h)
			}
		} else if s.fit != nil {
			s.fit(h)
		}
		s.root.SetLocation(rect)
		for range 2 { // the first lays out, a scroll area's fit the second
			s.root.Render(img)
		}
	}
	if os.Getenv("DISPLAY") != "" {
		onFrame(t, f)
		return
	}
	f()
}

// named returns the widget under root labelled label: a button, a text,
// or with "input" the first text input; nil if none.
func named(root widget.PreferredSizeLocateableWidget, label string) widget.HasWidget {
	var found widget.HasWidget
	var look func(w widget.PreferredSizeLocateableWidget)
	look = func(w widget.PreferredSizeLocateableWidget) {
		if found != nil || w.GetWidget().GetVisibility() == widget.Visibility_Hide {
			return
		}
		switch x := w.(type) {
		case *widget.Button:
			if x.Text() != nil && x.Text().Label == label {
				found = x
			}
		case *widget.Text:
			if x.Label == label {
				found = x
			}
		case *widget.TextInput:
			if label == "input" {
				found = x
			}
		case *widget.Container:
			for _, ch := range x.Children() {
				look(ch)
			}
		case *widget.ScrollContainer:
			if content, ok := x.GetWidget().CustomData.(*widget.Container); ok {
				look(content)
			}
		}
	}
	look(root)
	return found
}

// TestScreensScale: every menu screen and window built at 200 % on a
// 1920x1080 window is the one at 100 % on 960x540, twice as large: its
// buttons, titles and inputs are where they were at 100 %, at twice the
// place and size, within 2 pixels.
func TestScreensScale(t *testing.T) {
	one, err := NewThemeAt(1)
	if err != nil {
		t.Fatal(err)
	}
	two, err := NewThemeAt(2)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range scaleScreens(t) {
		s1, s2 := sc.build(one), sc.build(two)
		layOut(t, s1, 960, 540)
		layOut(t, s2, 1920, 1080)
		for _, label := range sc.labels {
			w1, w2 := named(s1.root, label), named(s2.root, label)
			if w1 == nil || w2 == nil {
				t.Errorf("%s: no %q at 100 %% (%v) or at 200 %% (%v)", sc.name, label, w1 != nil, w2 != nil)
				continue
			}
			have, at1 := w2.GetWidget().Rect, w1.GetWidget().Rect
			want := goimage.Rectangle{Min: at1.Min.Mul(2), Max: at1.Max.Mul(2)}
			if at1.Empty() || !nearRect(have, want, 2) {
				t.Errorf("%s: %q at %v at 200 %%, want %v (twice %v at 100 %%), within 2 pixels", sc.name, label, have, want, at1)
			}
		}
	}
}

// TestFocusRingScale: the focus ring round a widget stands twice as far
// off it and is twice as wide at 200 %, and its image's corner is twice
// as large.
func TestFocusRingScale(t *testing.T) {
	widget := goimage.Rect(100, 100, 200, 140)
	tests := []struct {
		scale      float64
		wantMargin int // from the widget's edge to the ring's outer edge
		wantCorner int // of the ring's nine-slice image
	}{
		{1, focusGap + focusRingWidth, radius + focusGap + focusOutline},
		{2, 2 * (focusGap + focusRingWidth), 2 * (radius + focusGap + focusOutline)},
	}
	for _, tt := range tests {
		th, err := NewThemeAt(tt.scale)
		if err != nil {
			t.Fatal(err)
		}
		ring := focusRingRect(th, widget)
		if have := widget.Min.X - ring.Min.X; have != tt.wantMargin || ring.Max.Y-widget.Max.Y != tt.wantMargin {
			t.Errorf("at %v: the ring is %v round %v, %d off; want %d", tt.scale, ring, widget, have, tt.wantMargin)
		}
		if w, _ := th.focusRing.MinSize(); w != 2*tt.wantCorner { // its two corners
			t.Errorf("at %v: the ring's corners are %d wide in all, want two of %d", tt.scale, w, tt.wantCorner)
		}
	}
}

// nearRect reports whether a's corners are within d pixels of b's.
func nearRect(a, b goimage.Rectangle, d int) bool {
	n := func(x, y int) bool { return absInt(x-y) <= d }
	return n(a.Min.X, b.Min.X) && n(a.Min.Y, b.Min.Y) && n(a.Max.X, b.Max.X) && n(a.Max.Y, b.Max.Y)
}

// TestScreensShots draws the screens at 100 % on 1024x768, 200 % on
// 1920x1080 and 150 % on 1920x1080, every widget inside the window, and
// saves them in $EMPIRES_SHOTS to look at.
func TestScreensShots(t *testing.T) {
	for _, size := range []struct {
		scale float64
		w, h  int
	}{{1, 1024, 768}, {2, 1920, 1080}, {1.5, 1920, 1080}} {
		th, err := NewThemeAt(size.scale)
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range scaleScreens(t) {
			s := sc.build(th)
			layOut(t, s, size.w, size.h)
			window := goimage.Rect(0, 0, size.w, size.h)
			for _, label := range sc.labels {
				if w := named(s.root, label); w == nil || !w.GetWidget().Rect.In(window) {
					t.Errorf("%s at %v %%: %q out of the %dx%d window", sc.name, 100*size.scale, label, size.w, size.h)
				}
			}
			walk(s.root, func(w widget.HasWidget) bool { // nothing cut by the window's edge
				if w.GetWidget().GetVisibility() != widget.Visibility_Show {
					return false
				}
				if r := w.GetWidget().Rect; !r.Empty() && !r.In(window) {
					t.Errorf("%s at %v %%: a %T at %v, out of the %dx%d window", sc.name, 100*size.scale, w, r, size.w, size.h)
				}
				return true
			})
			if os.Getenv("EMPIRES_SHOTS") == "" || os.Getenv("DISPLAY") == "" {
				continue
			}
			if b, ok := named(s.root, sc.focus).(*widget.Button); ok {
				b.Focus(true)
			}
			var img *goimage.RGBA
			onFrame(t, func() {
				dst := ebiten.NewImage(size.w, size.h)
				defer dst.Deallocate()
				dst.Fill(th.Palette().Background)
				s.root.Render(dst)
				img = goimage.NewRGBA(dst.Bounds())
				dst.ReadPixels(img.Pix)
			})
			saveShot(t, img, fmt.Sprintf("scale-%s-%d-%dx%d.png", sc.name, int(100*size.scale), size.w, size.h))
		}
	}
}
