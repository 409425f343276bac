package menu

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
)

// The tests build screens and compute their layout, which needs no display;
// they never draw. ebitenui fires events through a queue of its own (run by
// event.ExecuteDeferred), so they do not run in parallel.

func newTestTheme(t *testing.T) *Theme {
	t.Helper()
	th, err := NewTheme()
	if err != nil {
		t.Fatalf("NewTheme: %v", err)
	}
	return th
}

// findButton returns the button labelled label under c, nil if none. c must
// be validated (buttons make their labels then).
func findButton(c widget.PreferredSizeLocateableWidget, label string) *widget.Button {
	switch w := c.(type) {
	case *widget.Button:
		if w.Text() != nil && w.Text().Label == label {
			return w
		}
	case *widget.Container:
		for _, ch := range w.Children() {
			if b := findButton(ch, label); b != nil {
				return b
			}
		}
	case *widget.ScrollContainer: // its content, named in its CustomData (ScrollStyle.Data)
		if content, ok := w.GetWidget().CustomData.(*widget.Container); ok {
			return findButton(content, label)
		}
	}
	return nil
}

// click clicks b as the player would, and runs the handlers.
func click(t *testing.T, b *widget.Button) {
	t.Helper()
	if b == nil {
		t.Fatal("no such button")
	}
	event.ExecuteDeferred() // handlers are registered through the queue too
	b.Click()
	event.ExecuteDeferred()
}

// TestMainMenuQuitAsks: Quit asks "Quit Empires?" and quits only on yes.
func TestMainMenuQuitAsks(t *testing.T) {
	th := newTestTheme(t)
	quits := 0
	m := newMainMenu(th, MainActions{Quit: func() { quits++ }})
	m.root.Validate()
	shown := func() bool { return m.content.GetWidget().IsVisible() }

	click(t, findButton(m.content, "Quit"))
	if quits != 0 || !m.quit.asking() || shown() {
		t.Fatalf("after Quit: %d quits, asking %v, menu shown %v; want 0, true, false", quits, m.quit.asking(), shown())
	}
	click(t, findButton(m.quit.dialog.panel, "Cancel"))
	if quits != 0 || m.quit.asking() || !shown() {
		t.Fatalf("after Cancel: %d quits, asking %v, menu shown %v; want 0, false, true", quits, m.quit.asking(), shown())
	}
	click(t, findButton(m.content, "Quit"))
	click(t, findButton(m.quit.dialog.panel, "Quit"))
	if quits != 1 {
		t.Errorf("after Quit and yes: %d quits, want 1", quits)
	}
}

// TestConfirm: the dialog for windows over the game calls onYes or onNo.
func TestConfirm(t *testing.T) {
	th := newTestTheme(t)
	var calls []string
	c := NewConfirm(th, "Leave the game?", "Your seat stays yours until the game ends.", "Leave",
		func() { calls = append(calls, "yes") }, func() { calls = append(calls, "no") })
	c.Validate()
	click(t, findButton(c, "Cancel"))
	click(t, findButton(c, "Leave"))
	if fmt.Sprint(calls) != "[no yes]" {
		t.Errorf("Cancel then Leave called %v, want [no yes]", calls)
	}
	if w, _ := c.PreferredSize(); w > 1024 {
		t.Errorf("the dialog is %d pixels wide", w)
	}
}

// TestBlur: asking takes the keyboard's focus from the hidden buttons, so
// that Enter cannot press one of them.
func TestBlur(t *testing.T) {
	th := newTestTheme(t)
	m := newMainMenu(th, MainActions{PlayAI: func() {}, Quit: func() {}})
	m.root.Validate()
	play := findButton(m.content, "Play vs AI")
	play.Focus(true)
	m.quit.ask()
	if play.IsFocused() {
		t.Error("a hidden button keeps the focus while the dialog asks")
	}
}

func TestMainMenu(t *testing.T) {
	th := newTestTheme(t)
	var calls []string
	rec := func(s string) func() { return func() { calls = append(calls, s) } }
	root := NewMainMenu(th, MainActions{PlayAI: rec("ai"), HostLAN: rec("lan"), Join: rec("join"), Replays: rec("replays"), Settings: rec("settings")})
	root.Validate()
	for _, l := range []string{"Play vs AI", "Host LAN game", "Join game", "Replays", "Settings"} {
		click(t, findButton(root, l))
	}
	quit := findButton(root, "Quit")
	if quit == nil || !quit.GetWidget().Disabled {
		t.Error("Quit without an action is not disabled")
	}
	if want := []string{"ai", "lan", "join", "replays", "settings"}; fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Errorf("clicks called %v, want %v", calls, want)
	}
}

// TestScreensFit checks that every screen, with the most it may show, fits
// the smallest window the client supports (1024x700), and the smallest
// screen it lays out (960x540: a 1920x1080 window at 200 per cent).
func TestScreensFit(t *testing.T) {
	for _, size := range [][2]int{{1024, 700}, {960, 540}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) { screensFit(t, size[0], size[1]) })
	}
}

// screensFit is TestScreensFit at minWidth x minHeight.
func screensFit(t *testing.T, minWidth, minHeight int) {
	th := newTestTheme(t)
	longName := "Wwwwwwwwwwwwwwwwwwwwwwww" // protocol.MaxNameLen wide letters
	full := &protocol.Lobby{Game: 1, Host: 1, HasPassword: true, Settings: protocol.Settings{
		Name: "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", Ruleset: "erfworld", Width: 512, Height: 512,
		Seed: 18446744073709551615, Seats: 16, Bots: 5, TurnSeconds: 86400, Spectators: true, AllSeeing: true}}
	for i := 1; i <= 16; i++ {
		full.Seats = append(full.Seats, protocol.SeatInfo{Seat: protocol.Seat(i), Name: longName, Human: true})
	}
	lobby := NewLobby(th, LobbyActions{Leave: func() {},
		JoinAddrs: []string{"192.168.100.200:65535", "10.100.200.250:65535", "172.31.255.254:65535"}})
	lobby.Update(full, 1)
	for range 50 {
		lobby.AddChat(protocol.ChatMessage{From: 2, Name: longName, Text: "a rather long line of chat to fill the chat area"})
	}
	lobby.SetError("cannot start yet: seat 2 (" + longName + ") is not ready")
	lobby.FitHeight(minHeight)
	join := NewJoin(th, "localhost:7777", JoinActions{})
	var games []protocol.GameInfo
	for i := 1; i <= 40; i++ {
		games = append(games, protocol.GameInfo{Game: protocol.GameID(i), Name: "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
			Ruleset: "erfworld", Width: 512, Height: 512, Seats: 16, Humans: 1, HasPassword: true, Spectators: true, Started: true, Turn: 9999})
	}
	join.SetGames(games)
	join.FitHeight(minHeight)
	classic, islands, duel := classicInfo(), classicInfo(), classicInfo()
	islands.ID, islands.Title, islands.Modded = "islands", "Islands of the Long Sea", true
	duel.ID, duel.Title = "duel", "Duel"
	lan := NewSetup(th, SetupOptions{Title: "Host a LAN game", LAN: true,
		Rulesets: []protocol.RulesetInfo{erfInfo(t), classic, islands, duel, cardsInfo()},
		Defaults: protocol.Settings{TurnSeconds: 90}}, nil, nil)
	lan.SetError("map width 8: must be 16 to 512")
	ai := NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{erfInfo(t)}}, nil, nil)
	ai.FitHeight(minHeight)
	lan.FitHeight(minHeight)
	settings := NewSettings(th, prefs.Default(), Places{Files: "/home/wwwwwwwwwwww/.config/empires", Log: "/home/wwwwwwwwwwww/.cache/empires/empires.log"}, nil, nil, nil)
	settings.FitHeight(minHeight)
	screens := map[string]*widget.Container{
		"main":      NewMainMenu(th, MainActions{Quit: func() {}}),
		"setup AI":  ai.Container(),
		"setup LAN": lan.Container(),
		"join":      join.Container(),
		"settings":  settings.Container(),
		"lobby":     lobby.Container(),
		"message":   NewMessage(th, "Cannot connect", "dial tcp 192.168.1.20:7777: connect: connection refused", func() {}),
	}
	// Every built-in ruleset's own form, as the player picks it: its
	// settings, its levels' lines.
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	// Their settings scroll in what the window leaves (FitHeight).
	for _, info := range conn.InfosOf(reg) {
		for _, o := range []SetupOptions{{Title: "Play vs AI"}, {Title: "Host a LAN game", LAN: true}} {
			o.Rulesets = []protocol.RulesetInfo{info}
			s := NewSetup(th, o, nil, nil)
			s.FitHeight(minHeight)
			screens[o.Title+" "+info.ID] = s.Container()
		}
	}
	for name, root := range screens {
		root.Validate()
		w, h := root.PreferredSize()
		if w > minWidth || h > minHeight {
			t.Errorf("%s screen needs %dx%d, more than %dx%d", name, w, h, minWidth, minHeight)
		}
	}
}

// TestReplays: the Replays screen lists saved games, Watch is disabled
// until one is picked, then calls onWatch with it.
func TestReplays(t *testing.T) {
	th := newTestTheme(t)
	games := []SavedGame{
		{ID: 7, Name: "Friday night", Ruleset: "Erfworld Empires", Players: []string{"Ann", "Bob"}, Width: 48, Height: 36, Turns: 121, Over: true, Winner: "Ann"},
		{ID: 3, Name: "Lunch", Ruleset: "Erfworld Empires", Mine: true, Players: []string{"Bot 2"}, Width: 32, Height: 24, Turns: 12, Continue: true},
	}
	var watched, continued []int64
	r := NewReplays(th, games, ReplaysActions{
		Watch:    func(id int64) { watched = append(watched, id) },
		Continue: func(id int64) { continued = append(continued, id) },
		Back:     func() {},
	})
	r.Container().Validate()
	watch, cont := findButton(r.Container(), "Watch"), findButton(r.Container(), "Continue")
	if watch == nil || !watch.GetWidget().Disabled || cont == nil || !cont.GetWidget().Disabled {
		t.Fatal("Watch or Continue is enabled with no game picked")
	}
	event.ExecuteDeferred() // handlers are registered through the queue
	r.Select(7)             // over
	event.ExecuteDeferred()
	if watch.GetWidget().Disabled || !cont.GetWidget().Disabled {
		t.Fatal("a game over: want Watch enabled and Continue disabled")
	}
	r.Select(3) // unfinished
	event.ExecuteDeferred()
	if watch.GetWidget().Disabled || cont.GetWidget().Disabled {
		t.Fatal("an unfinished game: want Watch and Continue enabled")
	}
	click(t, watch)
	click(t, cont)
	if len(watched) != 1 || watched[0] != 3 || len(continued) != 1 || continued[0] != 3 {
		t.Errorf("Watch called with %v, Continue with %v; want [3] each", watched, continued)
	}
	empty := NewReplays(th, nil, ReplaysActions{Watch: func(int64) {}, Back: func() {}})
	if s := empty.status.label(); !strings.Contains(s, "No saved games") {
		t.Errorf("empty list says %q", s)
	}
}

// TestReplayRow: a saved game's row says when it started, its rules, its
// opponents (every player of a game the player held no seat in), its
// map (nothing for a game without one, never "0x0"), its turns in the
// game's word for them ("7 days", "40 moves") and its result, in columns.
func TestReplayRow(t *testing.T) {
	may3 := time.Date(2025, time.May, 3, 14, 20, 0, 0, time.Local)
	tests := []struct {
		have SavedGame
		want string
	}{
		{SavedGame{Started: may3, Ruleset: "Erfworld Empires", Mine: true, Players: []string{"Bot 2", "Bot 3"}, Width: 24, Height: 18, Turns: 12, Over: true, Winner: "you"},
			"May  3 14:20  Erfworld Empires  vs Bot 2, Bot 3            24x18   12 turns  you won"},
		{SavedGame{Started: may3, Ruleset: "Mighty Erfpires", Mine: true, Players: []string{"Bot 2"}, Width: 32, Height: 24, Turns: 7, TurnWord: "day", Over: true, Winner: "Bot 2"},
			"May  3 14:20  Mighty Erfpires   vs Bot 2                   32x24    7 days   Bot 2 won"},
		{SavedGame{Started: may3, Ruleset: "Mighty Erfpires", Mine: true, Players: []string{"Bot 2"}, Width: 32, Height: 24, Turns: 1, TurnWord: "day"},
			"May  3 14:20  Mighty Erfpires   vs Bot 2                   32x24    1 day    unfinished"},
		{SavedGame{Started: may3, Ruleset: "Duel", Mine: true, Players: []string{"Bob", "Cid"}, Turns: 40, TurnWord: "move"},
			"May  3 14:20  Duel              vs Bob, Cid                        40 moves  unfinished"},
		{SavedGame{Ruleset: "Empire", Players: []string{"Ann", "Bob"}, Width: 16, Height: 16, Turns: 12, Over: true},
			"              Empire            Ann, Bob                   16x16   12 turns  over, no winner"},
		{SavedGame{Started: may3, Ruleset: "Erfworld Empires", Mine: true, Players: []string{"Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"}, Width: 48, Height: 36, Turns: 3},
			"May  3 14:20  Erfworld Empires  vs Bot 2 and 4 more        48x36    3 turns  unfinished"},
		{SavedGame{Started: may3, Ruleset: "Erfworld Empires", Mine: true, Players: []string{"Bot 2"}, Width: 24, Height: 24, Turns: 1},
			"May  3 14:20  Erfworld Empires  vs Bot 2                   24x24    1 turn   unfinished"},
	}
	for _, tt := range tests {
		if have := replayRow(tt.have); have != tt.want {
			t.Errorf("replayRow(%+v)\n  = %q\nwant %q", tt.have, have, tt.want)
		}
	}
}

// TestFitNames: as many names as fit, then how many more; a first name
// longer than the room is cut.
func TestFitNames(t *testing.T) {
	tests := []struct {
		prefix string
		names  []string
		width  int
		want   string
	}{
		{"vs ", []string{"Ann", "Bob"}, 24, "vs Ann, Bob"},
		{"vs ", []string{"Ann", "Bob", "Cleopatra", "Dan"}, 24, "vs Ann, Bob and 2 more"},
		{"", nil, 24, ""},
		{"vs ", []string{"Wwwwwwwwwwwwwwwwwwwwwwww"}, 12, "vs Wwwwwwww…"},
	}
	for _, tt := range tests {
		if have := fitNames(tt.prefix, tt.names, tt.width); have != tt.want {
			t.Errorf("fitNames(%q, %q, %d) = %q, want %q", tt.prefix, tt.names, tt.width, have, tt.want)
		}
	}
}
