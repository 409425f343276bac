package lobby

import (
	"strings"
	"testing"
	"time"

	"empires/server/match/matchtest"
	"empires/shared/protocol"
)

// The tests of this file are the limits that keep a few addresses from
// holding the lobby: games nobody plays are suspended (IdleAfter), tables
// nobody starts close (OpenFor), an address's suspended games count
// against it (GamesPerAddr, SuspendedHold), and the games in memory are
// charged what they cost (GameMemory). Like those of abandon_test.go they
// move the fake clock and sweep the lobby themselves.

// TestIdleSuspended: a started game none of whose players has acted for
// IdleAfter is suspended even while they are connected, with a store: the
// players are told, the game holds no place, and a seat token resumes it.
// An action (chat, here) puts the moment off; without a store the game
// stays.
func TestIdleSuspended(t *testing.T) {
	tests := []struct {
		name  string
		store bool
		chat  time.Duration // when the player chats; 0: never
		want  time.Duration // when the game is suspended; 0: never
	}{
		{name: "no action", store: true, want: 30 * time.Minute},
		{name: "chat at 20m", store: true, chat: 20 * time.Minute, want: 50 * time.Minute},
		{name: "no store", want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := matchtest.NewClock()
			opts := Options{Clock: clock, IdleAfter: 30 * time.Minute, AbandonAfter: 10 * time.Minute}
			if tt.store {
				opts.Store = openStore(t)
			}
			l := newLobby(t, opts)
			ann := hello(t, l, "Ann")
			id, tok := play(ann, solo())
			at := time.Duration(0)
			advance := func(to time.Duration) {
				clock.Advance(to - at)
				at = to
				l.sweep()
			}
			if tt.chat > 0 {
				advance(tt.chat)
				ann.send(&protocol.Chat{Text: "still thinking"})
				await[*protocol.ChatMessage](ann)
			}
			end := tt.want
			if end == 0 {
				end = 2 * time.Hour
			}
			advance(end - time.Second)
			if st := l.Stats(); st.Games != 1 {
				t.Fatalf("%d games a second before %v, want 1", st.Games, end)
			}
			advance(end)
			if tt.want == 0 {
				if st := l.Stats(); st.Games != 1 {
					t.Fatalf("%d games after %v without a store, want 1: there is nowhere to suspend it", st.Games, end)
				}
				return
			}
			e := await[*protocol.Error](ann)
			if wantWhy := "suspended: none of its players has played for 30m0s"; e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, wantWhy) {
				t.Fatalf("Ann is told %s %q, want %s saying %q", e.Code, e.Message, protocol.NoSuchGame, wantWhy)
			}
			if st := l.Stats(); st.Games != 0 {
				t.Fatalf("%d games after it was suspended, want 0", st.Games)
			}
			if g := adminGames(t, l, id)[0]; g.State != GameSuspended {
				t.Fatalf("the admin sees %+v, want it suspended", g)
			}
			ann.send(&protocol.JoinGame{Game: id, Token: tok})
			if j := await[*protocol.Joined](ann); j.Game != id || j.Seat != 1 {
				t.Fatalf("Ann back: %+v, want seat 1 of %s", j, id)
			}
			await[*protocol.FullView](ann)
			advance(end + 29*time.Minute) // resumed and joined: idle from then
			if st := l.Stats(); st.Games != 1 {
				t.Fatalf("%d games 29 minutes after Ann came back, want 1", st.Games)
			}
		})
	}
}

// TestMakeRoom: when the lobby is full, a new game, or one a seat token
// wakes, takes the place of the started game played least recently, if
// its players have not acted for a sixth of IdleAfter; its players are
// told, and their tokens wake it in turn.
func TestMakeRoom(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Clock: clock, Store: openStore(t), MaxGames: 2, IdleAfter: 30 * time.Minute})
	ann, bob := hello(t, l, "Ann"), hello(t, l, "Bob")
	annGame, annTok := play(ann, solo())
	play(bob, solo())
	clock.Advance(4 * time.Minute)
	bob.send(&protocol.Chat{Text: "my move soon"})
	await[*protocol.ChatMessage](bob)
	clock.Advance(time.Minute)

	cid := hello(t, l, "Cid")
	find[*protocol.Joined](t, cid.do(&protocol.CreateGame{Settings: solo()}))
	e := await[*protocol.Error](ann)
	if want := "suspended to make room for another game: none of its players has played for 5m0s"; e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, want) {
		t.Fatalf("Ann is told %s %q, want %s saying %q", e.Code, e.Message, protocol.NoSuchGame, want)
	}
	hello(t, l, "Dan").fails(&protocol.CreateGame{Settings: solo()}, protocol.Unavailable, "the server holds 2 games, its most")
	ann.fails(&protocol.JoinGame{Game: annGame, Token: annTok}, protocol.Unavailable, "game 1 cannot be resumed now")

	clock.Advance(4 * time.Minute) // Bob has not played for 5 minutes
	ann.send(&protocol.JoinGame{Game: annGame, Token: annTok})
	await[*protocol.FullView](ann)
	if e := await[*protocol.Error](bob); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, "suspended to make room") {
		t.Fatalf("Bob is told %s %q, want his game suspended to make room", e.Code, e.Message)
	}
}

// TestOpenFor: a game nobody starts is closed OpenFor after its creation,
// its players told, and its creator may create another.
func TestOpenFor(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Clock: clock, OpenFor: 5 * time.Minute, GamesPerConn: 1})
	ann := hello(t, l, "Ann")
	set := solo()
	set.Bots = 0
	find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set}))
	bob := hello(t, l, "Bob")
	find[*protocol.Joined](t, bob.do(&protocol.JoinGame{Game: 1}))
	clock.Advance(5*time.Minute - time.Second)
	l.sweep()
	if st := l.Stats(); st.Games != 1 {
		t.Fatalf("%d games a second before 5m, want 1", st.Games)
	}
	clock.Advance(time.Second)
	l.sweep()
	for _, tc := range []*tconn{ann, bob} {
		e := await[*protocol.Error](tc)
		if wantWhy := "closed: it was not started within 5m0s of its creation"; e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, wantWhy) {
			t.Fatalf("%s is told %s %q, want %s saying %q", tc.name, e.Code, e.Message, protocol.NoSuchGame, wantWhy)
		}
	}
	if st := l.Stats(); st.Games != 0 {
		t.Fatalf("%d games after 5m, want 0", st.Games)
	}
	if j := find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: set})); j.Game != 2 {
		t.Fatalf("Ann created %s, want game 2", j.Game)
	}
}

// TestAddressHoldsSuspended: the games an address created count against
// GamesPerAddr while open, running or suspended, a suspended one until
// SuspendedHold after it was suspended; resumed, it counts again.
func TestAddressHoldsSuspended(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Clock: clock, Store: openStore(t), AbandonAfter: 10 * time.Minute, GamesPerAddr: 2,
		SuspendedHold: 24 * time.Hour})
	const mallory = "203.0.113.5"
	var toks []protocol.SeatToken
	for range 2 {
		tc := helloFrom(t, l, "Mallory", mallory)
		_, tok := play(tc, solo())
		toks = append(toks, tok)
		tc.do(&protocol.LeaveGame{})
	}
	clock.Advance(10 * time.Minute)
	l.sweep()
	if st := l.Stats(); st.Games != 0 {
		t.Fatalf("%d games after both were abandoned, want 0", st.Games)
	}
	third := helloFrom(t, l, "Mallory", mallory)
	third.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"you hold game 1 (suspended), game 2 (suspended): go back to one (with its seat token), or wait until one ends")
	third.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed, "a suspended game counts for 24h0m0s after it was suspended")
	find[*protocol.Joined](t, helloFrom(t, l, "Ann", "198.51.100.7").do(&protocol.CreateGame{Settings: solo()}))

	back := helloFrom(t, l, "Mallory", mallory)
	back.send(&protocol.JoinGame{Game: 1, Token: toks[0]})
	await[*protocol.FullView](back)
	third.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed, "you hold game 1, game 2 (suspended)")
	if g := adminGames(t, l, 1, 2, 3)[0]; g.CreatedBy != mallory {
		t.Fatalf("game 1 resumed: the admin sees it created by %q, want %q", g.CreatedBy, mallory)
	}

	clock.Advance(24 * time.Hour) // game 2 no longer counts; game 1 runs with its player
	l.sweep()
	if j := find[*protocol.Joined](t, third.do(&protocol.CreateGame{Settings: solo()})); j.Game != 4 {
		t.Fatalf("after the hold Mallory created %s, want game 4", j.Game)
	}
}

// TestAddressPrefix: the addresses of one IPv6 /64 are one address for
// GamesPerAddr (what one subscriber holds); IPv4 addresses are each their
// own.
func TestAddressPrefix(t *testing.T) {
	l := newLobby(t, Options{GamesPerAddr: 1})
	find[*protocol.Joined](t, helloFrom(t, l, "Mallory", "2001:db8:1:2::1").do(&protocol.CreateGame{Settings: solo()}))
	helloFrom(t, l, "Mallory", "2001:db8:1:2::ffff").fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"this server lets an address hold 1 games it created at a time, and you hold game 1")
	find[*protocol.Joined](t, helloFrom(t, l, "Ann", "2001:db8:1:3::1").do(&protocol.CreateGame{Settings: solo()}))
	find[*protocol.Joined](t, helloFrom(t, l, "Bob", "192.0.2.1").do(&protocol.CreateGame{Settings: solo()}))
	find[*protocol.Joined](t, helloFrom(t, l, "Cid", "192.0.2.2").do(&protocol.CreateGame{Settings: solo()}))
}

// TestGameMemory: the games in memory are charged gameBytes, and a game
// whose charge would pass GameMemory is refused until one leaves.
func TestGameMemory(t *testing.T) {
	l := newLobby(t, Options{GameMemory: 2 * gameBytes(solo())})
	ann, bob, cid := hello(t, l, "Ann"), hello(t, l, "Bob"), hello(t, l, "Cid")
	find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: solo()}))
	find[*protocol.Joined](t, bob.do(&protocol.CreateGame{Settings: solo()}))
	cid.fails(&protocol.CreateGame{Settings: solo()}, protocol.Unavailable,
		"the server's 2 games take 150 KiB of the 150 KiB it gives games, and this one needs 75 KiB: try again later")
	ann.do(&protocol.LeaveGame{}) // her open game goes
	find[*protocol.Joined](t, cid.do(&protocol.CreateGame{Settings: solo()}))
}

// TestGameBytes: a game is charged a base and a charge a hex.
func TestGameBytes(t *testing.T) {
	tests := []struct {
		set  protocol.Settings
		want int64
	}{
		{protocol.Settings{Ruleset: "duel", Seats: 2}, 48 << 10},
		{protocol.Settings{Ruleset: "erfworld", Width: 32, Height: 32}, 48<<10 + 32*32*48},
		{protocol.Settings{Ruleset: "erfworld", Width: 512, Height: 512}, 48<<10 + 12<<20},
		{protocol.Settings{Ruleset: "erfworld", Width: 100000, Height: -3}, 48 << 10}, // out of range: clamped
	}
	for _, tt := range tests {
		if have := gameBytes(tt.set); have != tt.want {
			t.Errorf("gameBytes(%dx%d) = %d, want %d", tt.set.Width, tt.set.Height, have, tt.want)
		}
	}
}
