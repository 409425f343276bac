package menu

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ebitenui/ebitenui/event"

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
			name: "the host's mod, no map",
			have: protocol.GameInfo{Game: 5, Name: "Cards", Ruleset: "generals", Modded: true, Seats: 4, Humans: 1},
			want: "Cards                generals*  —       3 free of 4   lobby",
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

// TestJoinRulesets: a game of a ruleset the client cannot play cannot be
// joined or watched, and says why; New game here waits for the server's
// rulesets; a modded game's mark is explained.
func TestJoinRulesets(t *testing.T) {
	th := newTestTheme(t)
	var joins, creates int
	j := NewJoin(th, "localhost:7777", JoinActions{
		Join:   func(protocol.GameID, string, bool) { joins++ },
		Create: func() { creates++ },
	})
	if !j.create.GetWidget().Disabled {
		t.Error("New game here enabled before connecting")
	}
	cards := protocol.RulesetInfo{ID: "generals", Title: "Empires and Generals"}
	j.SetRulesets([]protocol.RulesetInfo{{ID: "erfworld", Title: "Erfworld Empires"}, cards}, func(in protocol.RulesetInfo) error {
		if in.ID == "generals" {
			return fmt.Errorf("this client cannot show games of %s yet", in.Title)
		}
		return nil
	})
	if j.create.GetWidget().Disabled {
		t.Error("New game here disabled once the server's rulesets are known")
	}
	play := protocol.GameInfo{Game: 1, Name: "hexes", Ruleset: "erfworld", Modded: true, Width: 48, Height: 36, Seats: 4, Humans: 1, Spectators: true}
	other := protocol.GameInfo{Game: 2, Name: "cards", Ruleset: "generals", Seats: 4, Humans: 1, Spectators: true}
	j.SetGames([]protocol.GameInfo{play, other})
	if j.legend.Label != modLegend {
		t.Errorf("legend %q with a modded game, want %q", j.legend.Label, modLegend)
	}
	j.selectGame(other.Game)
	if !j.join.GetWidget().Disabled || !j.watch.GetWidget().Disabled || !strings.Contains(j.status.label(), "cannot show games of Empires and Generals") {
		t.Errorf("a game the client cannot show: join disabled %v, watch disabled %v, status %q",
			j.join.GetWidget().Disabled, j.watch.GetWidget().Disabled, j.status.label())
	}
	j.joinSelected(false)
	j.selectGame(play.Game)
	j.joinSelected(false)
	if joins != 1 {
		t.Errorf("%d joins, want the modded hex game's only", joins)
	}
	click(t, j.create)
	if creates != 1 {
		t.Errorf("New game here called Create %d times", creates)
	}
}

func TestLANRow(t *testing.T) {
	tests := []struct {
		name string
		have LANServer
		want string
	}{
		{
			name: "server",
			have: LANServer{Name: "Ann's server", Addr: "192.168.1.20:7777", Ruleset: "erfworld", Games: 2, OpenSeats: 3, Ping: 2400 * time.Microsecond},
			want: "Ann's server         192.168.1.20:7777     erfworld   2      3           2 ms",
		},
		{
			name: "no name, long address, fast",
			have: LANServer{Addr: "[fd00:1234:5678::20]:7777", Ruleset: "erfworld, classic", Ping: 300 * time.Microsecond},
			want: "(no name)            [fd00:1234:5678::20]… erfworld,… 0      0           <1 ms",
		},
	}
	header := lanHeader()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			have := lanRow(tt.have)
			if have != tt.want {
				t.Errorf("lanRow:\nhave %q\nwant %q", have, tt.want)
			}
			for _, col := range []string{"Address", "Ruleset", "Games", "Open seats", "Ping"} {
				at := utf8.RuneCountInString(header[:strings.Index(header, col)])
				if r := []rune(have); at >= len(r) || r[at-1] != ' ' || r[at] == ' ' {
					t.Errorf("column %s of %q does not start at %d, under its header", col, have, at)
				}
			}
		})
	}
}

func TestJoinLAN(t *testing.T) {
	th := newTestTheme(t)
	var connected []string
	searches := 0
	j := NewJoin(th, "localhost:7777", JoinActions{
		Connect: func(addr string) { connected = append(connected, addr) },
		Search:  func() { searches++ },
	})
	root := j.Container()
	root.Validate()
	if j.lanHint.Label != lanSearching {
		t.Errorf("a new screen says %q under the LAN games, want %q", j.lanHint.Label, lanSearching)
	}

	ann := LANServer{Name: "Ann", Addr: "192.168.1.20:7777", Ruleset: "erfworld", Games: 1, OpenSeats: 2, Ping: time.Millisecond}
	bob := LANServer{Name: "Bob", Addr: "192.168.1.21:7000", Ruleset: "erfworld", Ping: 3 * time.Millisecond}
	j.SetLAN([]LANServer{ann, bob})
	if have := j.lan.Entries(); fmt.Sprint(have) != fmt.Sprint([]any{ann, bob}) || j.lanHint.Label != lanPick {
		t.Errorf("after SetLAN: rows %v, hint %q; want Ann's and Bob's servers and %q", have, j.lanHint.Label, lanPick)
	}

	// Picking a row (as a click does) connects to its address.
	for _, s := range []LANServer{bob, ann} {
		j.lan.SetSelectedEntry(s)
		event.ExecuteDeferred()
		if len(connected) == 0 || connected[len(connected)-1] != s.Addr || j.address.GetText() != s.Addr {
			t.Errorf("picking %s's server: Connect calls %q, address %q; want a call with %s", s.Name, connected, j.address.GetText(), s.Addr)
		}
	}
	if len(connected) != 2 {
		t.Errorf("Connect called %d times for two picks", len(connected))
	}

	click(t, findButton(root, "Search again"))
	if searches != 1 || j.lanHint.Label != lanSearching {
		t.Errorf("Search again: %d searches, hint %q; want 1 and %q", searches, j.lanHint.Label, lanSearching)
	}
	j.SetLAN(nil)
	if len(j.lan.Entries()) != 0 || j.lanHint.Label != lanNone {
		t.Errorf("after SetLAN(nil): rows %v, hint %q; want none and %q", j.lan.Entries(), j.lanHint.Label, lanNone)
	}
	j.SetLAN([]LANServer{ann})
	j.SetLANError("no network")
	if len(j.lan.Entries()) != 0 || !strings.Contains(j.lanHint.Label, "no network") {
		t.Errorf("after SetLANError: rows %v, hint %q", j.lan.Entries(), j.lanHint.Label)
	}

	// Without a Search action the button is disabled, and nothing says
	// a search is going on.
	j = NewJoin(th, "", JoinActions{})
	j.Container().Validate()
	if b := findButton(j.Container(), "Search again"); b == nil || !b.GetWidget().Disabled || j.lanHint.Label == lanSearching {
		t.Error("without a Search action: the button is enabled, or the screen says it searches")
	}
}

// TestJoinFits checks that the join screen, with more LAN servers and
// games than its lists show, fits the smallest window the client
// supports.
func TestJoinFits(t *testing.T) {
	const minWidth, minHeight = 1024, 700
	j := NewJoin(newTestTheme(t), "localhost:7777", JoinActions{Search: func() {}})
	var servers []LANServer
	for i := range 10 {
		servers = append(servers, LANServer{Name: "Wwwwwwwwwwwwwwwwwwwwwwwww", Addr: fmt.Sprintf("192.168.100.%d:65535", 100+i),
			Ruleset: "erfworld", Games: 100, OpenSeats: 1000, Ping: time.Second})
	}
	j.SetLAN(servers)
	var games []protocol.GameInfo
	for i := 1; i <= 40; i++ {
		games = append(games, protocol.GameInfo{Game: protocol.GameID(i), Name: "Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww",
			Ruleset: "erfworld", Width: 512, Height: 512, Seats: 16, Humans: 1, HasPassword: true, Spectators: true, Started: true, Turn: 9999})
	}
	j.SetGames(games)
	j.SetError("dial tcp 192.168.100.100:65535: connect: connection refused")
	root := j.Container()
	root.Validate()
	if w, h := root.PreferredSize(); w > minWidth || h > minHeight {
		t.Errorf("the join screen needs %dx%d, more than %dx%d", w, h, minWidth, minHeight)
	}
	j.SetLANError("browse: send the query: write udp4 0.0.0.0:41234->224.0.0.251:5353: sendto: network is unreachable")
	root.Validate()
	if w, h := root.PreferredSize(); w > minWidth || h > minHeight {
		t.Errorf("with a long LAN error the join screen needs %dx%d, more than %dx%d", w, h, minWidth, minHeight)
	}
}
