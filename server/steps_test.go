package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"empires/server/lobby"
	"empires/server/match"
	"empires/server/match/matchtest"
	"empires/shared/bot"
	"empires/shared/conn"
	"empires/shared/protocol"
	"empires/shared/registry"
	"empires/shared/rules/duel"
	"empires/shared/ruleset"
)

// The tests of this file play Duel, whose interactive steps have time
// limits of their own and defaults (its rule 11: 30 seconds to answer, 120
// for an attack turn; a player whose time runs out passes or takes the
// hit), through the real server, over websockets, with the matches on a
// fake clock: Ann (this file's client) against Bob (the headless bot),
// watched by a spectator, in a game without a turn timer.

const stepsAdminToken = "steps-admin-token"

// duelTable starts a server whose matches run on a fake clock, and a game
// of Duel of rounds rounds without a turn timer: Ann creates it, Bob (a
// bot, who plays every step of his at once) joins, both are ready and it
// starts, a spectator watches. It returns once Ann and the spectator have
// the first step's clock.
func duelTable(t *testing.T, rounds int) (srv *testServer, clock *matchtest.Clock, ann, watcher *duelist) {
	t.Helper()
	cfg := testConfig()
	clock = matchtest.NewClock()
	cfg.host.Clock, cfg.host.AdminToken = clock, stepsAdminToken
	srv = startServer(t, &cfg, nil)

	ann = dialDuelist(t, srv.url(), "Ann")
	ann.send(&protocol.CreateGame{Settings: protocol.Settings{Name: "duel", Ruleset: duel.ID, Seats: 2, Seed: 5,
		Spectators: true, Options: []protocol.Option{{Key: duel.KeyRounds, Value: rounds}}}})
	ann.await("Joined", func(m protocol.Message) bool { _, ok := m.(*protocol.Joined); return ok })
	ann.send(&protocol.SetSeatData{Data: duel.New().DefaultSeat(nil)}) // rule 12: she brings the balanced deck
	ann.send(&protocol.SetReady{Ready: true})

	ctx, cancel := context.WithCancel(context.Background())
	b, err := bot.New(bot.Options{URL: srv.url(), Name: "Bob", ListInterval: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ran := make(chan struct{})
	go func() {
		defer close(ran)
		_, _ = b.Run(ctx) // it ends with the game, or when the test does
	}()
	t.Cleanup(func() { cancel(); <-ran })

	ann.awaitClock("the first step", func(*protocol.TurnClock) bool { return true })
	watcher = dialDuelist(t, srv.url(), "Watcher")
	watcher.send(&protocol.JoinGame{Game: ann.game, Spectate: true})
	watcher.awaitClock("the spectator's first clock", func(*protocol.TurnClock) bool { return true })
	return srv, clock, ann, watcher
}

// TestDeadlineWithoutTimer: in a game without a turn timer, a player who
// disconnects in the middle of an interactive step of its own (Ann, in her
// attack turn) holds the game up until the step's deadline only (Duel's
// 120 seconds): then the rules' default (a pass) plays for her, she missed
// the step, and the game moves on to Bob's turn.
func TestDeadlineWithoutTimer(t *testing.T) {
	srv, clock, ann, watcher := duelTable(t, 3)
	// The offering: Ann lays a card; Bob, the bot, has laid his.
	offer := ann.awaitClock("the offering", func(c *protocol.TurnClock) bool { return c.Mode == uint8(ruleset.Simultaneous) })
	if offer.Deadline == 0 || offer.Phase != "Round 1 · Offer" {
		t.Fatalf("the offering's clock %+v: want Duel's own deadline, in a game without a turn timer, and its name", offer)
	}
	ann.play()
	attack := ann.awaitClock("Ann's attack turn", func(c *protocol.TurnClock) bool {
		return c.Mode == uint8(ruleset.Interactive) && slices.Equal(c.Actors, []protocol.Seat{1})
	})
	deadline, ok := attack.DeadlineTime()
	if !ok || deadline.Sub(clock.Now()) != duel.DefaultTurn*time.Second || attack.Phase != "Round 1 · Ann attacks" {
		t.Fatalf("Ann's attack turn %+v: want a deadline %ds from now, and its name", attack, duel.DefaultTurn)
	}

	watcher.awaitClock("Ann's attack turn", func(c *protocol.TurnClock) bool { return c.Seq == attack.Seq })
	ann.c.Close() // Ann's connection drops in the middle of her turn
	waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 && !s.Connected })
	clock.Advance(deadline.Sub(clock.Now()) - time.Second)
	// A second before the deadline the game still waits: the spectator's
	// full view, asked for now, comes before any update of a step played.
	watcher.send(&protocol.RequestView{})
	for {
		m := watcher.next()
		if _, ok := m.(*protocol.TurnUpdate); ok {
			t.Fatal("a step was played before Ann's deadline")
		}
		if _, ok := m.(*protocol.FullView); ok {
			break
		}
	}
	clock.Advance(time.Second)
	next := watcher.awaitClock("the step after Ann's deadline", func(c *protocol.TurnClock) bool { return c.Seq > attack.Seq })
	if next.Seq != attack.Seq+1 || slices.Contains(next.Actors, 1) {
		t.Fatalf("after Ann's deadline the game is at %+v: want the next step, Bob's attack turn (Ann passed)", next)
	}
	if ann := waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 }); ann.MissedTurns != 1 || ann.AIPlaying {
		t.Fatalf("Ann's seat %+v: want one step missed, not taken over", ann)
	}
}

// TestAbsentTakenOver: a player who leaves and stays away is played by
// the rules' defaults at each step's deadline, each step a missed one;
// once she has missed Duel's ReplaceAfter steps in a row, the AI plays her
// seat without waiting for the deadlines, at the pace of the people
// watching; when she comes back with her seat token, the seat is hers
// again.
func TestAbsentTakenOver(t *testing.T) {
	srv, clock, ann, watcher := duelTable(t, 5)
	ann.c.Close() // Ann leaves at the first step, the offering
	waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 && !s.Connected })

	// Play on: each step that waits for Ann ends at its deadline, until
	// the AI takes her seat.
	var taken lobby.AdminSeat
	deadlines, offerings := 0, 0
	for seq := uint32(0); ; {
		c := watcher.awaitClock("a step of Ann's", func(c *protocol.TurnClock) bool {
			return c.Seq > seq && slices.Contains(c.Actors, 1)
		})
		seq = c.Seq
		if taken = waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 }); taken.AIPlaying {
			break
		}
		if taken.MissedTurns >= duel.ReplaceAfter {
			t.Fatalf("Ann's seat %+v: %d steps missed, and the AI does not play it", taken, taken.MissedTurns)
		}
		if c.Mode == uint8(ruleset.Simultaneous) {
			offerings++
			continue // Bob's offering ends it: Ann is not connected
		}
		deadline, ok := c.DeadlineTime()
		if !ok {
			t.Fatalf("step %+v of Ann's has no deadline", c)
		}
		clock.Advance(deadline.Sub(clock.Now()))
		deadlines++
	}
	t.Logf("Ann's seat taken over after %d offerings and %d deadlines: %+v", offerings, deadlines, taken)
	if taken.MissedTurns < duel.ReplaceAfter || deadlines == 0 || offerings >= duel.ReplaceAfter {
		t.Fatalf("Ann's seat %+v taken over after %d offerings and %d deadlines: want it after %d missed steps, "+
			"the interactive steps whose deadline passed among them", taken, offerings, deadlines, duel.ReplaceAfter)
	}

	// The AI plays Ann's next interactive step at the watchers' pace, long
	// before its deadline.
	c := watcher.clock
	if !slices.Contains(c.Actors, 1) || c.Mode == uint8(ruleset.Simultaneous) {
		c = watcher.awaitClock("an action of Ann's", func(c *protocol.TurnClock) bool {
			return c.Mode != uint8(ruleset.Simultaneous) && slices.Contains(c.Actors, 1)
		})
	}
	waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 }) // the match has armed its pace
	clock.Advance(match.DefaultActionPace)
	if next := watcher.awaitClock("the AI's action for Ann", func(n *protocol.TurnClock) bool { return n.Seq > c.Seq }); next.Seq != c.Seq+1 {
		t.Fatalf("after the AI's pace the game is at step %d, want %d", next.Seq, c.Seq+1)
	}

	// Ann comes back: her seat is hers again, nothing missed.
	back := dialDuelist(t, srv.url(), "Ann")
	back.send(&protocol.JoinGame{Game: ann.game, Token: ann.token})
	back.awaitClock("Ann's clock after she came back", func(*protocol.TurnClock) bool { return true })
	if s := waitSeat(t, srv, func(s lobby.AdminSeat) bool { return s.Seat == 1 && s.Connected }); s.AIPlaying || s.MissedTurns != 0 {
		t.Fatalf("Ann's seat after she came back: %+v, want hers, nothing missed", s)
	}
}

// duelist is a player or spectator of Duel over a real connection: it
// keeps its view (every checksum checked) and the clock, and plays the
// steps it is asked to with Duel's AI.
type duelist struct {
	t     *testing.T
	name  string
	c     *conn.Conn
	g     *conn.Game
	ai    ruleset.AI
	seat  protocol.Seat
	game  protocol.GameID
	token protocol.SeatToken
	clock *protocol.TurnClock
}

func dialDuelist(t *testing.T, url, name string) *duelist {
	t.Helper()
	reg, err := registry.Default()
	if err != nil {
		t.Fatal(err)
	}
	rs, ok := reg.Get(duel.ID)
	if !ok {
		t.Fatal("the registry has no duel")
	}
	ai, err := rs.NewAI(duel.LevelNormal, 7)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	c, err := conn.Dial(ctx, conn.Options{URL: url, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return &duelist{t: t, name: name, c: c, g: conn.NewGame(rs), ai: ai}
}

func (d *duelist) send(m protocol.Message) {
	d.t.Helper()
	if _, err := d.c.Send(m); err != nil {
		d.t.Fatalf("%s: send %T: %v", d.name, m, err)
	}
}

// next reads the server's next message, applying views and updates and
// keeping the clock; an Error or the connection's end fails the test.
func (d *duelist) next() protocol.Message {
	d.t.Helper()
	for {
		var ev conn.Event
		select {
		case e, ok := <-d.c.Events():
			if !ok {
				d.t.Fatalf("%s: the connection ended", d.name)
			}
			ev = e
		case <-time.After(waitLimit):
			d.t.Fatalf("%s: no message in time", d.name)
		}
		if ev.Msg == nil {
			if ev.Status == conn.Closed {
				d.t.Fatalf("%s: the connection closed: %v", d.name, ev.Err)
			}
			continue
		}
		var err error
		switch m := ev.Msg.(type) {
		case *protocol.Joined:
			d.seat, d.game, d.token = m.Seat, m.Game, m.Token
		case *protocol.FullView:
			_, err = d.g.FullView(m)
		case *protocol.TurnUpdate:
			_, err = d.g.Update(m)
		case *protocol.TurnClock:
			d.clock = m
		case *protocol.Error:
			err = fmt.Errorf("error %s: %s", m.Code, m.Message)
		}
		if err != nil {
			d.t.Fatalf("%s: %T: %v", d.name, ev.Msg, err)
		}
		return ev.Msg
	}
}

// await reads until a message for which ok holds.
func (d *duelist) await(what string, ok func(protocol.Message) bool) protocol.Message {
	d.t.Helper()
	for {
		if m := d.next(); ok(m) {
			return m
		}
	}
}

// awaitClock reads until a TurnClock for which ok holds, with the view of
// its step.
func (d *duelist) awaitClock(what string, ok func(*protocol.TurnClock) bool) *protocol.TurnClock {
	d.t.Helper()
	if c := d.clock; c != nil && d.g.View() != nil && ok(c) {
		return c
	}
	d.await(what, func(m protocol.Message) bool {
		c, is := m.(*protocol.TurnClock)
		return is && d.g.View() != nil && ok(c)
	})
	return d.clock
}

// play plays the clock's step with the AI: orders and readiness naming
// the step, or an action.
func (d *duelist) play() {
	d.t.Helper()
	c := d.clock
	step := ruleset.Step{Mode: ruleset.Mode(c.Mode), Turn: c.Turn, Seq: c.Seq, Since: c.Since, Prompt: c.Prompt}
	for _, a := range c.Actors {
		step.Actors = append(step.Actors, a.Player())
	}
	data, err := d.ai.Act(d.g.View(), step, d.seat.Player())
	if err != nil {
		d.t.Fatalf("%s: the AI: %v", d.name, err)
	}
	if step.Acting() {
		d.send(&protocol.Act{Seq: c.Seq, Action: data})
		return
	}
	d.send(&protocol.SubmitOrders{Turn: c.Turn, Seq: c.Seq, Orders: data})
	d.send(&protocol.SetReady{Ready: true, Seq: c.Seq})
}

// waitSeat asks the admin view for the only game's seats until one for
// which ok holds, and returns it. Each ask goes through the game's match:
// the steps it played before are in its answer.
func waitSeat(t *testing.T, srv *testServer, ok func(lobby.AdminSeat) bool) lobby.AdminSeat {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		for _, s := range adminSeats(t, srv) {
			if ok(s) {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no seat as wanted: %+v", adminSeats(t, srv))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// adminSeats returns the seats of the server's only game, from GET
// /admin/games.
func adminSeats(t *testing.T, srv *testServer) []lobby.AdminSeat {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, "http://"+srv.addr+"/admin/games", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+stepsAdminToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var games []lobby.AdminGame
	if err := json.NewDecoder(resp.Body).Decode(&games); err != nil || len(games) != 1 {
		t.Fatalf("GET /admin/games: %d games (%v), want one", len(games), err)
	}
	return games[0].Seats
}
