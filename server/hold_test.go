package main

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"empires/server/match"
	"empires/server/match/matchtest"
	"empires/shared/protocol"
)

// sweepClock is the test's fake clock, which also tells when the lobby's
// sweeper arms its timer (a timer of every): the sweep before it is over.
type sweepClock struct {
	*matchtest.Clock
	every time.Duration
	armed chan struct{}
}

func (c *sweepClock) NewTimer(d time.Duration) match.Timer {
	t := c.Clock.NewTimer(d)
	if d == c.every {
		c.armed <- struct{}{}
	}
	return t
}

// sweepAfter moves the clock on by d (at least the sweeper's period) and
// waits until the lobby has swept at the new time.
func (c *sweepClock) sweepAfter(tb testing.TB, d time.Duration) {
	tb.Helper()
	c.Advance(d)
	select {
	case <-c.armed:
	case <-time.After(waitLimit):
		tb.Fatalf("the lobby did not sweep after the clock moved %v", d)
	}
}

// connectFrom dials the server from local address src (any address of
// 127.0.0.0/8 on Linux) and says Hello.
func connectFrom(tb testing.TB, url, name, src string) *tclient {
	tb.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}}
	tr := &http.Transport{DialContext: d.DialContext}
	tb.Cleanup(tr.CloseIdleConnections)
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		tb.Fatalf("%s: dial from %s: %v", name, src, err)
	}
	limits := protocol.DefaultLimits()
	ws.SetReadLimit(int64(limits.MaxServerMessage))
	c := &tclient{tb: tb, name: name, ws: ws, limits: limits}
	tb.Cleanup(func() { _ = ws.CloseNow() })
	c.send(&protocol.Hello{Version: protocol.Version, Name: name, Client: "empires-test"})
	w, _ := expect[*protocol.Welcome](c)
	c.limits = w.Limits
	return c
}

// TestLobbyNotHeld is the attack of a few addresses on the lobby's
// places: each address creates all the games it may, starts one and
// leaves the others open, stays connected without playing, and creates
// again whenever it can. Open tables close after OpenFor; a game nobody
// plays gives its place to a new one when the lobby is full, and is
// suspended after IdleAfter anyway; suspended games still count against
// their address. So within a minute of the clock a player from another
// address creates a game and plays it, and the attacker ends up holding
// less than the lobby's room. (An attacker that keeps playing its games, or wakes them with
// their seat tokens, keeps them: then only the lobby's room, sized far
// above what its addresses may hold, protects the others.) Real
// websockets, each attacker dialing from its own loopback address; the
// lobby's own sweeper on a fake clock.
func TestLobbyNotHeld(t *testing.T) {
	const (
		openFor   = 37 * time.Second // the sweeper's period, 3.7s, is no other timer's
		idleAfter = time.Minute
	)
	clock := &sweepClock{Clock: matchtest.NewClock(), every: openFor / 10, armed: make(chan struct{}, 16)}
	cfg := testConfig()
	cfg.host.DataDir = t.TempDir()
	cfg.host.Clock = clock
	cfg.host.MaxGames, cfg.host.GamesPerConn, cfg.host.GamesPerAddr = 6, 1, 2
	cfg.host.OpenFor, cfg.host.IdleAfter = openFor, idleAfter
	srv := startServer(t, &cfg, nil)
	select {
	case <-clock.armed: // the sweeper's first timer
	case <-time.After(waitLimit):
		t.Fatalf("the lobby armed no sweeper of period %v", clock.every)
	}

	solo := protocol.Settings{Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 2, Bots: 1}
	attackers := []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"}
	started := map[string]bool{}
	// The attacker's connections, all kept open: those in the games it
	// started, and those at the tables it left open, by round.
	var starters, opened []*tclient
	// fill has every attacker address create games until it is refused,
	// starting its first and leaving the others open; it returns the
	// refusals, by address.
	fill := func() map[string]*protocol.Error {
		t.Helper()
		refused := map[string]*protocol.Error{}
		for _, src := range attackers {
			for {
				c := connectFrom(t, srv.url(), "Mallory", src)
				c.send(&protocol.CreateGame{Settings: solo})
				env, msg := c.next()
				if e, ok := msg.(*protocol.Error); ok {
					refused[src] = e
					break
				}
				if _, ok := msg.(*protocol.Joined); !ok {
					t.Fatalf("Mallory from %s: CreateGame answered %s", src, env.Type)
				}
				if started[src] {
					opened = append(opened, c)
					continue
				}
				started[src] = true
				starters = append(starters, c)
				c.send(&protocol.SetReady{Ready: true})
				c.waitView()
			}
		}
		return refused
	}
	// refusedAll checks that every attacker address was refused with code,
	// saying text.
	refusedAll := func(when string, refused map[string]*protocol.Error, code protocol.ErrorCode, text string) {
		t.Helper()
		for _, src := range attackers {
			if e := refused[src]; e == nil || e.Code != code || !strings.Contains(e.Message, text) {
				t.Fatalf("%s: Mallory from %s refused with %+v, want %s saying %q", when, src, e, code, text)
			}
		}
	}
	// honest has a player from an address of her own create a game; the
	// answer is left to read.
	const create = 2 // the seq of her CreateGame, after Hello
	honest := func() *tclient {
		t.Helper()
		c := connectFrom(t, srv.url(), "Ann", "127.0.0.9")
		if seq := c.send(&protocol.CreateGame{Settings: solo}); seq != create {
			t.Fatalf("Ann's CreateGame is message %d, want %d", seq, create)
		}
		return c
	}

	// The start: the attacker fills the lobby, two games an address.
	refusedAll("at the start", fill(), protocol.NotAllowed, "this server lets an address hold 2 games")
	ann := honest()
	if e := ann.expectError(protocol.Unavailable, create); !strings.Contains(e.Message, "the server holds 6 games, its most") {
		t.Fatalf("Ann at the start: %q, want the server full", e.Message)
	}

	// told checks that each of conns was told its game closed, why.
	told := func(conns []*tclient, why string) {
		t.Helper()
		for _, c := range conns {
			if e, _ := expect[*protocol.Error](c); e.Code != protocol.NoSuchGame || !strings.Contains(e.Message, why) {
				t.Fatalf("%s is told %s %q, want %s saying %q", c.name, e.Code, e.Message, protocol.NoSuchGame, why)
			}
		}
	}

	// OpenFor later the open tables close, and the attacker fills the
	// places again at once. The lobby is full, but the game the first
	// address started has not been played for more than a sixth of
	// IdleAfter: it is suspended to make room for the player's game, who
	// plays it.
	clock.sweepAfter(t, openFor)
	told(opened, "closed: it was not started within 37s of its creation")
	opened = nil
	refusedAll("after the open tables closed", fill(), protocol.NotAllowed, "this server lets an address hold 2 games")
	ann = honest()
	if j, _ := expect[*protocol.Joined](ann); j.Seat != 1 {
		t.Fatalf("Ann created a game at seat %d, want 1", j.Seat)
	}
	told(starters[:1], "suspended to make room for another game: none of its players has played for 37s")
	ann.send(&protocol.SetReady{Ready: true})
	ann.waitView()
	playTurn(t, ann)
	playTurn(t, ann)

	// IdleAfter from the start the other games started and never played
	// are suspended, their players still connected. Suspended games count
	// against their addresses, so the attacker cannot take their places:
	// another player finds room at once.
	clock.sweepAfter(t, idleAfter-openFor)
	told(starters[1:], "suspended: none of its players has played for 1m0s")
	refusedAll("after the started games were suspended", fill(), protocol.NotAllowed, "(suspended)")
	bea := connectFrom(t, srv.url(), "Bea", "127.0.0.10")
	bea.send(&protocol.CreateGame{Settings: solo})
	expect[*protocol.Joined](bea)
}
