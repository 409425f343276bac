package menu

import (
	"strings"
	"testing"
	"unicode/utf8"

	"empires/shared/protocol"
)

func TestGameRow(t *testing.T) {
	tests := []struct {
		name string
		have protocol.GameInfo
		want string
	}{
		{
			name: "open game",
			have: protocol.GameInfo{Game: 1, Name: "Friday night", Ruleset: "erfworld", Width: 48, Height: 36, Seats: 6, Humans: 2, Bots: 1, Spectators: true},
			want: "Friday night         erfworld   48x36   3 free of 6   lobby    can watch",
		},
		{
			name: "started, full, password",
			have: protocol.GameInfo{Game: 2, Name: "Siege", Ruleset: "erfworld", Width: 512, Height: 512, Seats: 16, Humans: 12, Bots: 4,
				HasPassword: true, Started: true, Turn: 42},
			want: "Siege                erfworld   512x512 full (16)     turn 42  password",
		},
		{
			name: "no name, long ruleset, both marks",
			have: protocol.GameInfo{Game: 3, Ruleset: "a-long-ruleset-id", Width: 32, Height: 24, Seats: 2, Humans: 1, HasPassword: true, Spectators: true},
			want: "game 3               a-long-ru… 32x24   1 free of 2   lobby    password, can watch",
		},
		{
			name: "long name",
			have: protocol.GameInfo{Game: 4, Name: "Gobwin Knob siege and the very long name", Ruleset: "erfworld", Width: 32, Height: 24, Seats: 4, Humans: 1},
			want: "Gobwin Knob siege a… erfworld   32x24   3 free of 4   lobby",
		},
	}
	header := gameHeader()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have := gameRow(tt.have)
			if have != tt.want {
				t.Errorf("gameRow:\nhave %q\nwant %q", have, tt.want)
			}
			// Every column starts where its header does.
			for _, col := range []string{"Ruleset", "Map", "Seats", "State"} {
				at := utf8.RuneCountInString(header[:strings.Index(header, col)])
				if r := []rune(have); at >= len(r) || r[at-1] != ' ' || r[at] == ' ' {
					t.Errorf("column %s of %q does not start at %d, under its header", col, have, at)
				}
			}
		})
	}
}

func TestJoin(t *testing.T) {
	th := newTestTheme(t)
	type joined struct {
		game     protocol.GameID
		password string
		spectate bool
	}
	var (
		connected []string
		joins     []joined
	)
	j := NewJoin(th, "localhost:7777", JoinActions{
		Connect: func(addr string) { connected = append(connected, addr) },
		Join: func(g protocol.GameID, pw string, spectate bool) {
			joins = append(joins, joined{g, pw, spectate})
		},
	})
	open := protocol.GameInfo{Game: 1, Name: "open", Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Humans: 1}
	locked := protocol.GameInfo{Game: 2, Name: "locked", Ruleset: "erfworld", Width: 48, Height: 36, Seats: 4, Humans: 1, HasPassword: true, Spectators: true}
	full := protocol.GameInfo{Game: 3, Name: "full", Ruleset: "erfworld", Width: 48, Height: 36, Seats: 2, Humans: 1, Bots: 1, Spectators: true}

	// Connect checks the address first.
	j.address.SetText("nowhere")
	j.connect()
	if len(connected) != 0 || !strings.Contains(j.status.label(), "host:port") {
		t.Errorf("Connect to a bad address: calls %v, status %q; want no call and an address error", connected, j.status.label())
	}
	j.address.SetText(" 10.0.0.2:7777 ")
	j.connect()
	if len(connected) != 1 || connected[0] != "10.0.0.2:7777" {
		t.Errorf("Connect called with %q, want [10.0.0.2:7777]", connected)
	}

	j.SetGames([]protocol.GameInfo{open, locked, full})
	if !j.join.GetWidget().Disabled || !j.watch.GetWidget().Disabled {
		t.Error("Join or Watch enabled with no game selected")
	}
	tests := []struct {
		game                  protocol.GameInfo
		join, watch, password bool // enabled
	}{
		{open, true, false, false},
		{locked, true, true, true},
		{full, false, true, false},
	}
	for _, tt := range tests {
		j.selectGame(tt.game.Game)
		if have := [3]bool{!j.join.GetWidget().Disabled, !j.watch.GetWidget().Disabled, !j.password.GetWidget().Disabled}; have != [3]bool{tt.join, tt.watch, tt.password} {
			t.Errorf("game %q selected: join, watch, password enabled = %v, want %v", tt.game.Name, have, [3]bool{tt.join, tt.watch, tt.password})
		}
	}

	// A game with a password needs one.
	j.selectGame(locked.Game)
	j.joinSelected(false)
	if len(joins) != 0 || !strings.Contains(j.status.label(), "needs a password") {
		t.Errorf("Join without the password: calls %v, status %q", joins, j.status.label())
	}
	j.password.SetText("pw")
	j.joinSelected(false)
	j.joinSelected(true)
	want := []joined{{2, "pw", false}, {2, "pw", true}}
	if len(joins) != 2 || joins[0] != want[0] || joins[1] != want[1] {
		t.Errorf("Join and Watch called %v, want %v", joins, want)
	}

	// A new list keeps the selection if the game is still there.
	locked.Humans = 2
	j.SetGames([]protocol.GameInfo{full, open, locked})
	if g := j.game(); g == nil || *g != locked {
		t.Errorf("after a refresh the selection is %v, want the locked game, updated", g)
	}
	j.SetGames([]protocol.GameInfo{full})
	if g := j.game(); g != nil || !j.join.GetWidget().Disabled {
		t.Errorf("after its game left the selection is %v (join disabled %v), want none", g, j.join.GetWidget().Disabled)
	}
}
