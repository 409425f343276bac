package menu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/event"
	"github.com/ebitenui/ebitenui/widget"

	"empires/client/prefs"
	"empires/shared/protocol"
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
// the smallest window the client supports.
func TestScreensFit(t *testing.T) {
	const minWidth, minHeight = 1024, 700
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
	join := NewJoin(th, "localhost:7777", JoinActions{})
	var games []protocol.GameInfo
	for i := 1; i <= 40; i++ {
		games = append(games, protocol.GameInfo{Game: protocol.GameID(i), Name: "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
			Ruleset: "erfworld", Width: 512, Height: 512, Seats: 16, Humans: 1, HasPassword: true, Spectators: true, Started: true, Turn: 9999})
	}
	join.SetGames(games)
	classic, islands, duel := classicInfo(), classicInfo(), classicInfo()
	islands.ID, islands.Title, islands.Modded = "islands", "Islands of the Long Sea", true
	duel.ID, duel.Title = "duel", "Duel"
	lan := NewSetup(th, SetupOptions{Title: "Host a LAN game", LAN: true,
		Rulesets: []protocol.RulesetInfo{erfInfo(t), classic, islands, duel, cardsInfo()},
		Defaults: protocol.Settings{TurnSeconds: 90}}, nil, nil)
	lan.SetError("map width 8: must be 16 to 512")
	screens := map[string]*widget.Container{
		"main":      NewMainMenu(th, MainActions{Quit: func() {}}),
		"setup AI":  NewSetup(th, SetupOptions{Title: "Play vs AI", Rulesets: []protocol.RulesetInfo{erfInfo(t)}}, nil, nil).Container(),
		"setup LAN": lan.Container(),
		"join":      join.Container(),
		"settings":  NewSettings(th, prefs.Default(), Places{}, nil, nil),
		"lobby":     lobby.Container(),
		"message":   NewMessage(th, "Cannot connect", "dial tcp 192.168.1.20:7777: connect: connection refused", func() {}),
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
		{ID: 7, Name: "Friday night", Ruleset: "erfworld", Width: 48, Height: 36, Turns: 121, Over: true, Winner: "Ann"},
		{ID: 3, Name: "Lunch", Ruleset: "erfworld", Width: 32, Height: 24, Turns: 12, Continue: true},
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
	event.ExecuteDeferred()           // handlers are registered through the queue
	r.list.SetSelectedEntry(games[0]) // over
	event.ExecuteDeferred()
	if watch.GetWidget().Disabled || !cont.GetWidget().Disabled {
		t.Fatal("a game over: want Watch enabled and Continue disabled")
	}
	r.list.SetSelectedEntry(games[1]) // unfinished
	event.ExecuteDeferred()
	if watch.GetWidget().Disabled || cont.GetWidget().Disabled {
		t.Fatal("an unfinished game: want Watch and Continue enabled")
	}
	click(t, watch)
	click(t, cont)
	if len(watched) != 1 || watched[0] != 3 || len(continued) != 1 || continued[0] != 3 {
		t.Errorf("Watch called with %v, Continue with %v; want [3] each", watched, continued)
	}
	tests := []struct {
		have SavedGame
		want string
	}{
		{games[0], "won by Ann"},
		{games[1], "unfinished"},
		{SavedGame{Name: "x", Over: true}, "over, no winner"},
	}
	for _, tt := range tests {
		if have := replayRow(tt.have); !strings.Contains(have, tt.want) {
			t.Errorf("replayRow(%+v) = %q, want it to say %q", tt.have, have, tt.want)
		}
	}
	empty := NewReplays(th, nil, ReplaysActions{Watch: func(int64) {}, Back: func() {}})
	if s := empty.status.label(); !strings.Contains(s, "No saved games") {
		t.Errorf("empty list says %q", s)
	}
}
