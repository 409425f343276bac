package menu

import (
	"slices"
	"strings"
	"testing"

	"github.com/ebitenui/ebitenui/widget"

	"empires/shared/protocol"
)

// table returns a lobby of three seats: the host at seat 1, ready; a person
// at seat 2, not ready; a bot at seat 3.
func table() *protocol.Lobby {
	return &protocol.Lobby{
		Game: 5, Host: 1,
		Settings: protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 3, Bots: 1},
		Seats: []protocol.SeatInfo{
			{Seat: 1, Name: "Stanley", Human: true, Connected: true, Ready: true},
			{Seat: 2, Name: "Parson", Human: true, Connected: true},
			{Seat: 3, Name: "Bot", Bot: true, Ready: true},
		},
	}
}

func TestSeatRows(t *testing.T) {
	m := table()
	m.Seats = append(m.Seats,
		protocol.SeatInfo{Seat: 4, Name: "Wanda", Human: true, Ready: true}, // not connected
		protocol.SeatInfo{Seat: 5},
	)
	tests := []struct {
		you  protocol.Seat
		want []seatRow
	}{
		{1, []seatRow{
			{"1", "Stanley", "Human", "ready", "host, you", true, ""},
			{"2", "Parson", "Human", "not ready", "", false, ""},
			{"3", "Bot", "Bot", "ready", "", false, ""},
			{"4", "Wanda", "Human", "away", "", false, ""},
			{"5", "open", "Open", "", "", false, ""},
		}},
		{2, []seatRow{
			{"1", "Stanley", "Human", "ready", "host", false, ""},
			{"2", "Parson", "Human", "not ready", "you", true, ""},
			{"3", "Bot", "Bot", "ready", "", false, ""},
			{"4", "Wanda", "Human", "away", "", false, ""},
			{"5", "open", "Open", "", "", false, ""},
		}},
		{protocol.Spectator, []seatRow{
			{"1", "Stanley", "Human", "ready", "host", false, ""},
			{"2", "Parson", "Human", "not ready", "", false, ""},
			{"3", "Bot", "Bot", "ready", "", false, ""},
			{"4", "Wanda", "Human", "away", "", false, ""},
			{"5", "open", "Open", "", "", false, ""},
		}},
	}
	for _, tt := range tests {
		have := seatRows(m, tt.you, false)
		if len(have) != len(tt.want) {
			t.Fatalf("seatRows for %s: %d rows, want %d", tt.you, len(have), len(tt.want))
		}
		for i := range have {
			if have[i] != tt.want[i] {
				t.Errorf("seatRows for %s, row %d:\nhave %+v\nwant %+v", tt.you, i, have[i], tt.want[i])
			}
		}
	}
}

func TestStartBlocker(t *testing.T) {
	tests := []struct {
		name string
		edit func(m *protocol.Lobby)
		want string // substring; "" for none
	}{
		{"one not ready", func(m *protocol.Lobby) {}, "Parson at seat 2 is not ready"},
		{"all ready", func(m *protocol.Lobby) { m.Seats[1].Ready = true }, ""},
		{"open seat without a timer", func(m *protocol.Lobby) {
			m.Seats[1] = protocol.SeatInfo{Seat: 2}
		}, "seat 2 is open"},
		{"open seat with a timer", func(m *protocol.Lobby) {
			m.Seats[1] = protocol.SeatInfo{Seat: 2}
			m.Settings.TurnSeconds = 60
		}, ""},
		{"started", func(m *protocol.Lobby) { m.Seats[1].Ready = true; m.Started = true }, "started"},
	}
	for _, tt := range tests {
		m := table()
		tt.edit(m)
		have := startBlocker(m, false)
		if tt.want == "" && have != "" || !strings.Contains(have, tt.want) {
			t.Errorf("%s: startBlocker = %q, want %q", tt.name, have, tt.want)
		}
	}
}

func TestSettingsSummary(t *testing.T) {
	rulesets := []protocol.RulesetInfo{{ID: "classic", Title: "Classic", Modded: true}, cardsInfo()}
	tests := []struct {
		have     protocol.Settings
		password bool
		want     string
	}{
		{protocol.Settings{Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Bots: 1}, false,
			"erfworld · map 48×36 · 4 seats, 1 bot · no turn timer · random map"},
		{protocol.Settings{Ruleset: "classic", Width: 48, Height: 36, Seats: 4, Bots: 1}, false,
			"Classic (modded by the host) · map 48×36 · 4 seats, 1 bot · no turn timer · random map"},
		{protocol.Settings{Ruleset: "cards", Seats: 3, Bots: 2, Options: []protocol.Option{{Key: "decks", Value: 2}, {Key: "scoring", Value: 1}}}, false,
			"Cards (modded by the host) · decks 2 · scoring Health · 3 seats, 2 bots · no turn timer · random seed"},
		{protocol.Settings{Ruleset: "erfworld", Width: 64, Height: 48, Seats: 6, Bots: 0, TurnSeconds: 120, Seed: 7, Spectators: true}, true,
			"erfworld · map 64×48 · 6 seats · turn timer 2 min · seed 7 · spectators · password"},
		{protocol.Settings{Ruleset: "erfworld", Width: 16, Height: 16, Seats: 3, Bots: 2, Spectators: true, AllSeeing: true}, false,
			"erfworld · map 16×16 · 3 seats, 2 bots · no turn timer · random map · spectators see all"},
	}
	for _, tt := range tests {
		if have := settingsSummary(tt.have, tt.password, rulesets); have != tt.want {
			t.Errorf("settingsSummary(%+v):\nhave %q\nwant %q", tt.have, have, tt.want)
		}
	}
}

func TestChatLine(t *testing.T) {
	tests := []struct {
		have protocol.ChatMessage
		want string
	}{
		{protocol.ChatMessage{From: 2, Name: "Parson", Text: "hello"}, "Parson: hello"},
		{protocol.ChatMessage{From: protocol.Spectator, Name: "Ansom", Text: "go on"}, "Ansom (watching): go on"},
		{protocol.ChatMessage{Name: "Jillian", Text: "anyone?", Lobby: true}, "[lobby] Jillian: anyone?"},
	}
	for _, tt := range tests {
		if have := chatLine(tt.have); have != tt.want {
			t.Errorf("chatLine(%+v) = %q, want %q", tt.have, have, tt.want)
		}
	}
}

func TestWrapText(t *testing.T) {
	th := newTestTheme(t)
	face := th.SmallFace()
	tests := []struct {
		name  string
		have  string
		width float64
		lines int // -1: more than one, any number
	}{
		{"short", "Parson: hello", 300, 1},
		{"empty", "", 300, 1},
		{"long", "Parson: " + strings.Repeat("the quick brown fox ", 20), 300, -1},
		{"long word", "Parson: " + strings.Repeat("x", 200), 300, -1},
		{"narrow", "abc def", 1, -1},
	}
	for _, tt := range tests {
		lines := wrapText(tt.have, face, tt.width)
		if tt.lines > 0 && len(lines) != tt.lines || tt.lines < 0 && len(lines) < 2 {
			t.Errorf("%s: %d lines %q, want %d", tt.name, len(lines), lines, tt.lines)
		}
		if strings.Join(strings.Fields(strings.Join(lines, "")), "") != strings.Join(strings.Fields(tt.have), "") {
			t.Errorf("%s: the lines %q lose or add text", tt.name, lines)
		}
		for _, l := range lines {
			if w := textWidth(l, face); w > tt.width && len([]rune(l)) > 1 {
				t.Errorf("%s: line %q is %.0f wide, more than %.0f", tt.name, l, w, tt.width)
			}
		}
	}
}

func TestLobby(t *testing.T) {
	th := newTestTheme(t)
	var (
		readies []bool
		said    []string
		starts  int
	)
	l := NewLobby(th, LobbyActions{
		Ready: func(r bool) { readies = append(readies, r) },
		Start: func() { starts++ },
		Chat:  func(s string) { said = append(said, s) },
	})
	l.Container().Validate()
	shown := func(w widget.HasWidget) bool { return w.GetWidget().GetVisibility() == widget.Visibility_Show }

	// The host, ready, while seat 2 is not: Start is there but disabled.
	m := table()
	l.Update(m, 1)
	if !shown(l.start) || !l.start.GetWidget().Disabled {
		t.Errorf("host with a player not ready: start shown %v, disabled %v; want shown and disabled", shown(l.start), l.start.GetWidget().Disabled)
	}
	if l.ready.Text().Label != "Not ready" {
		t.Errorf("ready player's button says %q, want \"Not ready\"", l.ready.Text().Label)
	}
	click(t, l.ready)
	m.Seats[1].Ready = true
	l.Update(m, 1)
	if l.start.GetWidget().Disabled {
		t.Error("Start disabled with everyone ready")
	}
	click(t, l.start)
	if len(readies) != 1 || readies[0] || starts != 1 {
		t.Errorf("clicks: ready calls %v, starts %d; want [false] and 1", readies, starts)
	}

	// Seat 2, not ready: no Start, the Ready button readies.
	m.Seats[1].Ready = false
	l.Update(m, 2)
	if shown(l.start) || !shown(l.ready) || l.ready.Text().Label != "Ready" {
		t.Errorf("guest: start shown %v, ready shown %v labelled %q", shown(l.start), shown(l.ready), l.ready.Text().Label)
	}
	// A spectator has neither.
	l.Update(m, protocol.Spectator)
	if shown(l.start) || shown(l.ready) {
		t.Error("a spectator sees Ready or Start")
	}
	if have := len(l.seats.Children()); have != 4*seatColumnCount {
		t.Errorf("seat table has %d cells, want %d (a header and three seats)", have, 4*seatColumnCount)
	}

	// Chat: blank lines are not sent; the chat keeps its last lines.
	l.say("  ")
	l.say(" hello ")
	if len(said) != 1 || said[0] != "hello" {
		t.Errorf("said %q, want [hello]", said)
	}
	for range maxChatLines + 10 {
		l.AddChat(protocol.ChatMessage{From: 1, Name: "Stanley", Text: "hi"})
	}
	if have := strings.Count(l.chat.GetText(), "\n") + 1; have != maxChatLines {
		t.Errorf("chat holds %d lines, want the last %d", have, maxChatLines)
	}
}

// TestLobbyJoinAddrs: the host's lobby says where friends join; a lobby
// given no address has no such line.
func TestLobbyJoinAddrs(t *testing.T) {
	th := newTestTheme(t)
	tests := []struct {
		addrs []string
		want  string // "" for no line
	}{
		{nil, ""},
		{[]string{"192.168.1.20:7777"}, "Friends join at 192.168.1.20:7777"},
		{[]string{"192.168.1.20:7777", "10.0.0.5:7777", "172.17.0.1:7777", "203.0.113.9:7777"},
			"Friends join at 192.168.1.20:7777 (or 10.0.0.5:7777, 172.17.0.1:7777)"},
		{[]string{"127.0.0.1:7788"}, "Only this machine can join, at 127.0.0.1:7788"},
	}
	for _, tt := range tests {
		l := NewLobby(th, LobbyActions{JoinAddrs: tt.addrs})
		l.Update(table(), 1)
		l.Container().Validate()
		shown := l.joinAt.GetWidget().IsVisible()
		switch {
		case tt.want == "" && shown:
			t.Errorf("%q: the join line %q is shown, want none", tt.addrs, l.joinAt.Label)
		case tt.want != "" && (!shown || !strings.HasPrefix(l.joinAt.Label, tt.want)):
			t.Errorf("%q: join line %q (shown %v), want it to start %q", tt.addrs, l.joinAt.Label, shown, tt.want)
		}
		if strings.Contains(l.joinAt.Label, "203.0.113.9") {
			t.Errorf("%q: the join line shows more than %d addresses: %q", tt.addrs, maxJoinAddrs, l.joinAt.Label)
		}
	}
}

// TestLobbyLeaveAsks: Leave asks first, and says so when leaving closes the
// game for everyone.
func TestLobbyLeaveAsks(t *testing.T) {
	th := newTestTheme(t)
	for _, hosting := range []bool{false, true} {
		leaves := 0
		a := LobbyActions{Leave: func() { leaves++ }}
		if hosting {
			a.JoinAddrs = []string{"192.168.1.20:7777"}
		}
		l := NewLobby(th, a)
		l.Update(table(), 1)
		l.Container().Validate()
		click(t, findButton(l.panel, "Leave"))
		if leaves != 0 || !l.leave.asking() || l.panel.GetWidget().IsVisible() {
			t.Fatalf("hosting %v, after Leave: %d leaves, asking %v", hosting, leaves, l.leave.asking())
		}
		var text []string
		walk(l.leave.dialog.panel, func(w widget.HasWidget) bool {
			if tx, ok := w.(*widget.Text); ok {
				text = append(text, tx.Label)
			}
			return true
		})
		if closes := strings.Contains(strings.Join(text, " "), "closes it for everyone"); closes != hosting {
			t.Errorf("hosting %v: the dialog says %q", hosting, text)
		}
		click(t, findButton(l.leave.dialog.panel, "Cancel"))
		if leaves != 0 || l.leave.asking() || !l.panel.GetWidget().IsVisible() {
			t.Fatalf("hosting %v, after Cancel: %d leaves, asking %v", hosting, leaves, l.leave.asking())
		}
		click(t, findButton(l.panel, "Leave"))
		click(t, findButton(l.leave.dialog.panel, "Leave"))
		if leaves != 1 {
			t.Errorf("hosting %v: Leave and yes left %d times, want 1", hosting, leaves)
		}
	}
}

// TestLobbyWaiting: the line beside the lobby's buttons is true for each
// seat's viewer. The playtest found the host told "Player at seat 1 is not
// ready" of himself, and the guest "The host starts the game" though the
// game starts by itself once everyone is ready.
func TestLobbyWaiting(t *testing.T) {
	// Ann hosts at seat 1, Bob sits at seat 2, a bot at seat 3; neither
	// person is ready.
	both := func() *protocol.Lobby {
		return &protocol.Lobby{
			Game: 5, Host: 1,
			Settings: protocol.Settings{Ruleset: "erfworld", Width: 32, Height: 24, Seats: 3, Bots: 1},
			Seats: []protocol.SeatInfo{
				{Seat: 1, Name: "Ann", Human: true, Connected: true},
				{Seat: 2, Name: "Bob", Human: true, Connected: true},
				{Seat: 3, Name: "Bot", Bot: true, Ready: true},
			},
		}
	}
	tests := []struct {
		name  string
		edit  func(m *protocol.Lobby)
		you   protocol.Seat
		decks bool
		want  string
	}{
		{"the host, nobody ready", func(*protocol.Lobby) {}, 1, false,
			"You are not ready: press Ready. Waiting for Bob to be ready. The game starts when everyone is ready."},
		{"the guest, nobody ready", func(*protocol.Lobby) {}, 2, false,
			"You are not ready: press Ready. Waiting for Ann to be ready. The game starts when everyone is ready."},
		{"the host ready", func(m *protocol.Lobby) { m.Seats[0].Ready = true }, 1, false,
			"Waiting for Bob to be ready. The game starts when everyone is ready."},
		{"the guest, the host ready", func(m *protocol.Lobby) { m.Seats[0].Ready = true }, 2, false,
			"You are not ready: press Ready. The game starts when everyone is ready."},
		{"a spectator", func(*protocol.Lobby) {}, protocol.Spectator, false,
			"You are watching. Waiting for Ann and Bob to be ready. The game starts when everyone is ready."},
		{"everyone ready", func(m *protocol.Lobby) { m.Seats[0].Ready, m.Seats[1].Ready = true, true }, 2, false,
			"Everyone is ready: the game starts."},
		{"an open seat without a timer", func(m *protocol.Lobby) { m.Seats[1] = protocol.SeatInfo{Seat: 2} }, 1, false,
			"You are not ready: press Ready. Seat 2 is open: the game starts once a player takes it and everyone is ready."},
		{"two open seats, the host ready, a timer", func(m *protocol.Lobby) {
			m.Seats[0].Ready, m.Seats[1], m.Seats[2] = true, protocol.SeatInfo{Seat: 2}, protocol.SeatInfo{Seat: 3}
			m.Settings.TurnSeconds = 60
		}, 1, false,
			"Seats 2 and 3 are open: start the game now, and the AI plays them until someone joins, or wait for a player."},
		{"an open seat, the host not ready, a timer", func(m *protocol.Lobby) {
			m.Seats[2] = protocol.SeatInfo{Seat: 3}
			m.Settings.TurnSeconds = 60
		}, 1, false,
			"You are not ready: press Ready. Waiting for Bob to be ready. Seat 3 is open: once everyone seated is ready you may start the game, and the AI plays it."},
		{"the guest, an open seat, all ready, a timer", func(m *protocol.Lobby) {
			m.Seats[0].Ready, m.Seats[1].Ready, m.Seats[2] = true, true, protocol.SeatInfo{Seat: 3}
			m.Settings.TurnSeconds = 60
		}, 2, false,
			"Seat 3 is open: waiting for a player, or for Ann to start the game (the AI plays it)."},
		{"the guest, an open seat, the host not ready, a timer", func(m *protocol.Lobby) {
			m.Seats[1].Ready, m.Seats[2] = true, protocol.SeatInfo{Seat: 3}
			m.Settings.TurnSeconds = 60
		}, 2, false,
			"Waiting for Ann to be ready. Seat 3 is open: once everyone seated is ready, Ann may start the game (the AI plays it)."},
		{"decks: yours not chosen", func(m *protocol.Lobby) { m.Seats[1].HasData = true }, 1, true,
			"Choose your deck, then press Ready. Waiting for Bob to be ready. The game starts when everyone is ready."},
		{"decks: the other's not chosen", func(m *protocol.Lobby) { m.Seats[0].HasData, m.Seats[0].Ready = true, true }, 1, true,
			"Waiting for Bob (no deck yet) to be ready. The game starts when everyone is ready."},
		{"started", func(m *protocol.Lobby) { m.Started = true }, 2, false, "The game is starting…"},
	}
	th := newTestTheme(t)
	l := NewLobby(th, LobbyActions{})
	for _, tt := range tests {
		m := both()
		tt.edit(m)
		if have := lobbyWaiting(m, tt.you, tt.decks); have != tt.want {
			t.Errorf("%s:\nhave %q\nwant %q", tt.name, have, tt.want)
		}
		if !tt.decks {
			l.Update(m, tt.you)
			if l.waiting.Label != tt.want {
				t.Errorf("%s: the lobby shows %q", tt.name, l.waiting.Label)
			}
		}
	}
}

func TestAndList(t *testing.T) {
	tests := []struct {
		have []string
		want string
	}{
		{nil, ""},
		{[]string{"Ann"}, "Ann"},
		{[]string{"Ann", "Bob"}, "Ann and Bob"},
		{[]string{"Ann", "Bob", "Cid"}, "Ann, Bob and Cid"},
	}
	for _, tt := range tests {
		if got := andList(tt.have); got != tt.want {
			t.Errorf("andList(%q) = %q, want %q", tt.have, got, tt.want)
		}
	}
}

// TestLobbyWaitingMany: the line names two players at most, each cut to a
// length, and counts more (the seat table names them): it stays short
// at a big table.
func TestLobbyWaitingMany(t *testing.T) {
	m := &protocol.Lobby{Game: 1, Host: 1, Settings: protocol.Settings{Ruleset: "erfworld", Seats: 6}}
	for i, name := range []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"} {
		m.Seats = append(m.Seats, protocol.SeatInfo{Seat: protocol.Seat(i + 1), Name: name, Human: true, Connected: true, Ready: i == 0})
	}
	tests := []struct {
		seats int
		want  string
	}{
		{3, "Waiting for Bob and Cid to be ready. The game starts when everyone is ready."},
		{4, "Waiting for 3 players to be ready. The game starts when everyone is ready."},
		{2, "Waiting for Bobbobbobbobbo… to be ready. The game starts when everyone is ready."},
	}
	for _, tt := range tests {
		mm := *m
		mm.Seats = slices.Clone(m.Seats[:tt.seats])
		if tt.seats == 2 {
			mm.Seats[1].Name = "Bobbobbobbobbobbobbob"
		}
		if have := lobbyWaiting(&mm, 1, false); have != tt.want {
			t.Errorf("%d seats:\nhave %q\nwant %q", tt.seats, have, tt.want)
		}
	}
}
