package lobby

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"empires/server/match"
	"empires/server/match/matchtest"
	"empires/server/store"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/protocol"
)

// The tests of this file move the lobby's fake clock and then sweep the
// lobby themselves (l.sweep), so that what they check does not wait for
// the lobby's own sweeper.

// solo is a game of one person and a bot, without a turn timer, open to
// spectators: it starts as soon as its creator is ready.
func solo() protocol.Settings {
	return protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 2, Bots: 1, Spectators: true}
}

// helloFrom returns a client from remote address addr that said Hello to
// l.
func helloFrom(tb testing.TB, l *Lobby, name, addr string) *tconn {
	tb.Helper()
	opts := connOptions(l)
	opts.Accept = l.AcceptFrom(addr)
	tc := &tconn{tb: tb, name: name, c: wsconn.NewDetachedFrom(opts, addr)}
	tb.Cleanup(tc.c.End)
	out := tc.do(&protocol.Hello{Version: protocol.Version, Name: name})
	if len(out) != 1 || out[0].Msg.MessageType() != protocol.TypeWelcome {
		tb.Fatalf("%s: hello answered %v", name, types(out))
	}
	return tc
}

// play has tc create a game with set and say it is ready, and waits for
// the game's first view: set must let it start with its creator alone.
func play(tc *tconn, set protocol.Settings) (protocol.GameID, protocol.SeatToken) {
	tc.tb.Helper()
	j := find[*protocol.Joined](tc.tb, tc.do(&protocol.CreateGame{Settings: set}))
	tc.send(&protocol.SetReady{Ready: true})
	await[*protocol.FullView](tc)
	return j.Game, j.Token
}

// watch has tc spectate game id and waits for its first view.
func watch(tc *tconn, id protocol.GameID) {
	tc.tb.Helper()
	tc.send(&protocol.JoinGame{Game: id, Spectate: true})
	await[*protocol.FullView](tc)
}

// openStore opens a new store, closed when the test ends.
func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// adminGames returns l.Games, failing the test unless it lists want.
func adminGames(t *testing.T, l *Lobby, want ...protocol.GameID) []AdminGame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	games := l.Games(ctx)
	var ids []protocol.GameID
	for _, g := range games {
		ids = append(ids, g.ID)
	}
	if !slices.Equal(ids, want) {
		t.Fatalf("the admin sees games %v, want %v", ids, want)
	}
	return games
}

// TestAbandoned: a started game none of whose players has been connected
// for AbandonAfter, or one turn of its timer if longer, leaves the lobby
// and frees its place, spectators or not: with a store it is suspended and
// its player's seat token resumes it where it was; without one it ends.
func TestAbandoned(t *testing.T) {
	tests := []struct {
		name    string
		store   bool
		timer   int // seconds
		after   time.Duration
		wantWhy string
	}{
		{name: "suspended", store: true, after: 10 * time.Minute, wantWhy: "suspended: none of its players has been here for 10m0s"},
		{name: "ended", after: 10 * time.Minute, wantWhy: "ended: none of its players has been here for 10m0s"},
		{name: "short timer", timer: 60, after: 10 * time.Minute, wantWhy: "ended"},
		{name: "long timer", store: true, timer: 3600, after: time.Hour, wantWhy: "suspended: none of its players has been here for 1h0m0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := matchtest.NewClock()
			opts := Options{Clock: clock, AbandonAfter: 10 * time.Minute, MaxGames: 1}
			if tt.store {
				opts.Store = openStore(t)
			}
			l := newLobby(t, opts)
			ann := hello(t, l, "Ann")
			set := solo()
			set.TurnSeconds = tt.timer
			id, tok := play(ann, set)
			watcher := hello(t, l, "Watcher")
			watch(watcher, id)
			ann.do(&protocol.LeaveGame{})
			bob := hello(t, l, "Bob")
			bob.fails(&protocol.CreateGame{Settings: solo()}, protocol.Unavailable, "the server holds 1 games")

			clock.Advance(tt.after - time.Second)
			l.sweep()
			g := adminGames(t, l, id)[0]
			if g.State != GameRunning || !g.Abandoned || g.IdleSeconds != int64(tt.after/time.Second)-1 || g.LeavesInSeconds != 1 {
				t.Fatalf("a second before: the admin sees %+v, want it running, abandoned for %v, leaving in 1s",
					g, tt.after-time.Second)
			}
			clock.Advance(time.Second)
			l.sweep()
			if e := await[*protocol.Error](watcher); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, tt.wantWhy) {
				t.Fatalf("the spectator is told %s %q, want %s saying %q", e.Code, e.Message, protocol.NoSuchGame, tt.wantWhy)
			}
			if st := l.Stats(); st.Games != 0 {
				t.Fatalf("%d games in the lobby after it was abandoned, want 0", st.Games)
			}
			find[*protocol.Joined](t, bob.do(&protocol.CreateGame{Settings: solo()})) // its place is free
			bob.do(&protocol.LeaveGame{})

			back := hello(t, l, "Ann")
			if !tt.store {
				adminGames(t, l)
				back.fails(&protocol.JoinGame{Game: id, Token: tok}, protocol.NoSuchGame, "no game 1")
				return
			}
			if g := adminGames(t, l, id)[0]; g.State != GameSuspended || g.IdleSeconds != int64(tt.after/time.Second) {
				t.Fatalf("the admin sees %+v, want it suspended, idle for %v", g, tt.after)
			}
			back.send(&protocol.JoinGame{Game: id, Token: tok})
			if j := await[*protocol.Joined](back); j.Game != id || j.Seat != 1 {
				t.Fatalf("Ann back: %+v, want seat 1 of %s", j, id)
			}
			saved, err := opts.Store.Game(id)
			if err != nil {
				t.Fatal(err)
			}
			// The last turn saved: the first, or with the timer the
			// second if the timer ran out before the game was suspended.
			if v := viewOf(t, await[*protocol.FullView](back)); v.Turn != game.Turn(saved.Last) || v.You != 1 {
				t.Fatalf("Ann back: a view of turn %d for player %d, want turn %d, player 1", v.Turn, v.You, saved.Last)
			}
			if g := adminGames(t, l, id)[0]; g.State != GameRunning || g.Abandoned || g.IdleSeconds != 0 {
				t.Fatalf("resumed, the admin sees %+v, want it running with its player", g)
			}
		})
	}
}

// turnSignal is an Observer that signals each step played: a turn
// resolved or an action.
type turnSignal chan struct{}

func (turnSignal) OrdersChecked(int, int) {}
func (turnSignal) ActChecked(bool)        {}
func (turnSignal) AITookOver()            {}
func (s turnSignal) TurnResolved(time.Duration) {
	select {
	case s <- struct{}{}:
	default:
	}
}
func (s turnSignal) ActionPlayed(d time.Duration) { s.TurnResolved(d) }

// TestOverNobodyThere: a game that ends while none of its players is
// connected leaves the lobby at the next look, not AbandonAfter later: the
// lobby asks the match, as nobody hears of the end from it.
func TestOverNobodyThere(t *testing.T) {
	clock := matchtest.NewClock()
	steps := make(turnSignal, 16)
	l := newLobby(t, Options{Rulesets: withTally(t), Clock: clock, AbandonAfter: time.Hour, Observer: steps})
	ann := hello(t, l, "Ann")
	set := protocol.Settings{Ruleset: "tally", Seats: 2, Bots: 1, Seed: 3, TurnSeconds: 10,
		Options: []protocol.Option{{Key: "target", Value: 5}}}
	ann.do(&protocol.CreateGame{Settings: set})
	ann.send(&protocol.SetReady{Ready: true})
	awaitClock(ann, 1)
	ann.send(&protocol.Act{Seq: 1, Action: tallyAct(t, 3)})
	awaitClock(ann, 2)
	adminGames(t, l, 1)                    // its match answers once it waits for the AI's pace
	clock.Advance(match.DefaultActionPace) // the bot adds 1: 4, Ann's turn
	awaitClock(ann, 3)
	ann.do(&protocol.LeaveGame{})
	for range 2 {
		<-steps
	}
	clock.Advance(10 * time.Second) // the timer: the AI adds 1 for Ann, 5, the end
	select {
	case <-steps:
	case <-time.After(waitLimit):
		t.Fatal("the timer played no step")
	}
	if st := l.Stats(); st.Games != 1 {
		t.Fatalf("%d games before the sweep, want 1", st.Games)
	}
	l.sweep()
	if st := l.Stats(); st.Games != 0 {
		t.Fatalf("%d games after the sweep, want 0: the game is over and nobody is there", st.Games)
	}
}

// TestGamesPerClient: a connection may hold GamesPerConn games it created,
// open or running, and the connections from an address GamesPerAddr; past
// them CreateGame is refused, naming the games that count. A game that
// leaves the lobby no longer counts.
func TestGamesPerClient(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Clock: clock, AbandonAfter: 10 * time.Minute, GamesPerConn: 1, GamesPerAddr: 2})
	ann := helloFrom(t, l, "Ann", "192.0.2.1")
	play(ann, solo())
	ann.do(&protocol.LeaveGame{}) // the game runs on without her
	ann.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"this server lets a connection hold 1 games it created at a time, and you hold game 1")

	again := helloFrom(t, l, "Ann again", "192.0.2.1")
	play(again, solo())
	again.do(&protocol.LeaveGame{})
	third := helloFrom(t, l, "Ann's friend", "192.0.2.1")
	third.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"this server lets an address hold 2 games it created at a time, and you hold game 1, game 2: go back to one")
	third.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"or wait until one ends (a game is suspended when none of its players has been in it for 10m0s)")

	other := helloFrom(t, l, "Bob", "198.51.100.7")
	if j := find[*protocol.Joined](t, other.do(&protocol.CreateGame{Settings: solo()})); j.Game != 3 {
		t.Fatalf("Bob, from another address, created %s, want game 3", j.Game)
	}
	// Connections with no address (a test's, a pipe's) share no address:
	// only their own games count, so three of them make three games though
	// the address limit is 2.
	for _, name := range []string{"Cid", "Dan", "Eve"} {
		anon := hello(t, l, name)
		find[*protocol.Joined](t, anon.do(&protocol.CreateGame{Settings: solo()}))
	}

	clock.Advance(10 * time.Minute)
	l.sweep() // games 1 and 2 ended
	find[*protocol.Joined](t, third.do(&protocol.CreateGame{Settings: solo()}))
	find[*protocol.Joined](t, ann.do(&protocol.CreateGame{Settings: solo()}))
}

// TestOverGameNotHeld: a game that is over no longer counts against its
// creator's address, though its player is still in it reading the end (the
// lobby keeps it until everyone has left).
func TestOverGameNotHeld(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Rulesets: withTally(t), Clock: clock, ActionPace: time.Second, GamesPerAddr: 1})
	ann := helloFrom(t, l, "Ann", "192.0.2.1")
	ann.do(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "tally", Seats: 2, Bots: 1, Seed: 3,
		Options: []protocol.Option{{Key: "target", Value: 5}}}})
	friend := helloFrom(t, l, "Ann's friend", "192.0.2.1")
	friend.fails(&protocol.CreateGame{Settings: solo()}, protocol.NotAllowed,
		"this server lets an address hold 1 games it created at a time, and you hold game 1")

	ann.send(&protocol.SetReady{Ready: true})
	awaitClock(ann, 1)
	ann.send(&protocol.Act{Seq: 1, Action: tallyAct(t, 3)})
	awaitClock(ann, 2)
	adminGames(t, l, 1)        // its match answers once it waits for the AI's pace
	clock.Advance(time.Second) // the bot adds 1: 4
	awaitClock(ann, 3)
	ann.send(&protocol.Act{Seq: 3, Action: tallyAct(t, 1)}) // 5: the end
	await[*protocol.GameOver](ann)
	// The lobby marks the game over just after sending the news.
	for start := time.Now(); adminGames(t, l, 1)[0].State != GameOver; time.Sleep(time.Millisecond) {
		if time.Since(start) > waitLimit {
			t.Fatalf("the admin sees %+v: want game 1 over, still there with Ann in it", adminGames(t, l, 1)[0])
		}
	}
	find[*protocol.Joined](t, friend.do(&protocol.CreateGame{Settings: solo()}))
}

// TestRestoreLimit: a restart resumes the most recent saved games, as many
// as MaxGames; the others stay suspended, and a seat token resumes one
// once the resumed games nobody came back to are abandoned.
func TestRestoreLimit(t *testing.T) {
	st := openStore(t)
	first := newLobby(t, Options{Store: st})
	var toks []protocol.SeatToken
	for _, name := range []string{"Ann", "Bob", "Cid"} {
		_, tok := play(hello(t, first, name), solo())
		toks = append(toks, tok)
	}
	first.Close()

	clock := matchtest.NewClock()
	l := newLobby(t, Options{Store: st, Clock: clock, MaxGames: 2, AbandonAfter: 10 * time.Minute})
	if n, err := l.Restore(nil); n != 2 || err != nil {
		t.Fatalf("Restore = %d, %v; want 2 games resumed", n, err)
	}
	games := adminGames(t, l, 1, 2, 3)
	if games[0].State != GameSuspended || games[1].State != GameRunning || !games[1].Abandoned || games[2].State != GameRunning {
		t.Fatalf("after the restart the admin sees %+v; want game 1 suspended, 2 and 3 running without players", games)
	}
	ann := hello(t, l, "Ann")
	ann.fails(&protocol.JoinGame{Game: 1, Token: toks[1]}, protocol.BadToken, "not for a seat of game 1")
	ann.fails(&protocol.JoinGame{Game: 1, Token: toks[0]}, protocol.Unavailable,
		"game 1 cannot be resumed now: no room for the game: the server holds 2 games, its most")
	clock.Advance(10 * time.Minute)
	l.sweep()
	ann.send(&protocol.JoinGame{Game: 1, Token: toks[0]})
	if j := await[*protocol.Joined](ann); j.Game != 1 || j.Seat != 1 {
		t.Fatalf("Ann back: %+v, want seat 1 of game 1", j)
	}
	await[*protocol.FullView](ann)
	games = adminGames(t, l, 1, 2, 3)
	if games[0].State != GameRunning || games[1].State != GameSuspended || games[2].State != GameSuspended {
		t.Fatalf("the admin sees %+v; want game 1 running, 2 and 3 suspended", games)
	}
}

// TestEnd: the admin ends a game, running, open or suspended: everyone in
// it is told and is in no game, it leaves the lobby, and the store keeps
// it as over, so that neither a seat token nor a restart resumes it.
func TestEnd(t *testing.T) {
	st := openStore(t)
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Store: st, Clock: clock, AbandonAfter: 10 * time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()

	ann := hello(t, l, "Ann")
	id, tok := play(ann, solo())
	watcher := hello(t, l, "Watcher")
	watch(watcher, id)
	bob := hello(t, l, "Bob")
	suspended, _ := play(bob, solo())
	bob.do(&protocol.LeaveGame{})
	clock.Advance(10 * time.Minute)
	l.sweep()
	cid := hello(t, l, "Cid")
	open := find[*protocol.Joined](t, cid.do(&protocol.CreateGame{Settings: solo()})).Game
	adminGames(t, l, id, suspended, open)

	for _, end := range []protocol.GameID{id, suspended, open} {
		if err := l.End(ctx, end); err != nil {
			t.Fatalf("end %s: %v", end, err)
		}
	}
	for _, c := range []*tconn{ann, watcher, cid} {
		if e := await[*protocol.Error](c); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, ReasonEnded) {
			t.Fatalf("%s is told %s %q, want %s saying %q", c.name, e.Code, e.Message, protocol.NoSuchGame, ReasonEnded)
		}
	}
	adminGames(t, l)
	for _, g := range []protocol.GameID{id, suspended} {
		if saved, err := st.Game(g); err != nil || !saved.Over || saved.Winner != 0 {
			t.Fatalf("%s in the store: %+v, %v; want it over, no winner", g, saved, err)
		}
	}
	ann.fails(&protocol.JoinGame{Game: id, Token: tok}, protocol.NoSuchGame, "no game 1")
	for _, g := range []protocol.GameID{id, 99} {
		if err := l.End(ctx, g); !errors.Is(err, ErrNoGame) {
			t.Fatalf("end %s again: %v, want ErrNoGame", g, err)
		}
	}
	again := newLobby(t, Options{Store: st})
	if n, err := again.Restore(nil); n != 0 || err != nil {
		t.Fatalf("a restart resumes %d games (%v), want none: they were ended", n, err)
	}
}

// TestAIPace: a player whose seat the AI took over, connected but sending
// nothing, does not stall a game without a turn timer: the turn resolves
// Options.AIPace after it starts.
func TestAIPace(t *testing.T) {
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Clock: clock, AIPace: 5 * time.Second})
	ann := hello(t, l, "Ann")
	play(ann, solo())
	for seq := uint32(1); seq <= 2; seq++ { // ready without orders: a turn missed
		ann.send(&protocol.SetReady{Ready: true, Seq: seq})
		await[*protocol.TurnUpdate](ann)
	}
	g := adminGames(t, l, 1)[0] // its match answers once it waits for the pace
	if g.Turn != 3 || !g.Seats[0].AIPlaying {
		t.Fatalf("the admin sees turn %d, seat 1 %+v; want turn 3, the AI playing Ann's seat", g.Turn, g.Seats[0])
	}
	clock.Advance(5 * time.Second)
	u := await[*protocol.TurnUpdate](ann)
	d, err := game.DecodeDelta(u.Delta)
	if err != nil {
		t.Fatal(err)
	}
	if d.Turn != 4 {
		t.Fatalf("Ann's update after the pace is of turn %d, want 4", d.Turn)
	}
}

// TestActionPace: Options.ActionPace is how long the AI waits before an
// action of its own while someone watches the game: a bot's action in a
// game of tally comes once the clock has moved by it, shorter than
// match.DefaultActionPace.
func TestActionPace(t *testing.T) {
	const pace = 100 * time.Millisecond
	clock := matchtest.NewClock()
	l := newLobby(t, Options{Rulesets: withTally(t), Clock: clock, ActionPace: pace})
	ann := hello(t, l, "Ann")
	ann.do(&protocol.CreateGame{Settings: protocol.Settings{Ruleset: "tally", Seats: 2, Bots: 1, Seed: 3}})
	ann.send(&protocol.SetReady{Ready: true})
	awaitClock(ann, 1)
	ann.send(&protocol.Act{Seq: 1, Action: tallyAct(t, 3)})
	awaitClock(ann, 2)
	adminGames(t, l, 1) // its match answers once it waits for the AI's pace
	clock.Advance(pace) // the bot adds 1: Ann's turn again
	if clk := awaitClock(ann, 3); !slices.Equal(clk.Actors, []protocol.Seat{1}) {
		t.Fatalf("after the bot's action the clock is %+v, want Ann to act", clk)
	}
	if _, err := New(Options{Rulesets: withTally(t), ActionPace: -time.Second}); err == nil || err.Error() != "lobby: action pace -1s: negative" {
		t.Fatalf("a negative action pace: %v", err)
	}
}

var _ match.Observer = turnSignal(nil)

// TestLeftPlayerHasNoPlace: the place a player's messages find without the
// lobby's lock is gone once the player leaves the game, or the game is
// ended: its orders, readiness and view requests are refused as from
// someone in no game, not sent to the match.
func TestLeftPlayerHasNoPlace(t *testing.T) {
	l := newLobby(t, Options{})
	for _, how := range []string{"leaves", "ended"} {
		t.Run(how, func(t *testing.T) {
			ann := hello(t, l, "Ann")
			id, _ := play(ann, solo())
			if r := find[*protocol.OrdersResult](t, ann.do(&protocol.SubmitOrders{Turn: 1, Seq: 1, Orders: noOrders(t)})); r.Turn != 1 {
				t.Fatalf("orders while playing: %+v", r)
			}
			switch how {
			case "leaves":
				ann.do(&protocol.LeaveGame{})
			case "ended":
				if err := l.End(t.Context(), id); err != nil {
					t.Fatal(err)
				}
				if e := await[*protocol.Error](ann); e.Code != protocol.NoSuchGame {
					t.Fatalf("the game's end told as %+v", e)
				}
			}
			ann.fails(&protocol.SubmitOrders{Turn: 1, Orders: noOrders(t)}, protocol.WrongGame, "you are in no game")
			ann.fails(&protocol.SetReady{Ready: true}, protocol.WrongGame, "you are in no game")
			ann.fails(&protocol.RequestView{}, protocol.WrongGame, "you are in no game")
		})
	}
}
