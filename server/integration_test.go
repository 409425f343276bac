package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"empires/server/lobby"
	"empires/server/wsconn"
	"empires/shared/game"
	"empires/shared/hex"
	"empires/shared/protocol"
)

// TestServer plays a game of two people and a bot on the real server over
// real websockets: both join, get ready, the game starts, they play turns
// keeping their views by deltas (every checksum checked), one drops and
// comes back with the seat token, nobody without the token can take the
// seat, every kind of bad input is answered as the protocol says, and the
// server shuts down cleanly with a Bye to everyone.
func TestServer(t *testing.T) {
	srv := startServer(t, nil, nil)
	url := srv.url()

	alice := connect(t, url, "Alice")
	alice.send(&protocol.CreateGame{Settings: protocol.Settings{
		Name: "integration", Ruleset: "erfworld", Width: 24, Height: 24, Seed: 7, Seats: 3, Bots: 1,
	}})
	joined, _ := expect[*protocol.Joined](alice)
	if joined.Seat != 1 || !joined.Token.Valid() || joined.Settings.Password != "" {
		t.Fatalf("alice joined %+v: want seat 1 and a token", joined)
	}
	lob, _ := expect[*protocol.Lobby](alice)
	if lob.Host != 1 || len(lob.Seats) != 3 || !lob.Seats[2].Bot || !lob.Seats[0].Human || lob.Seats[1].Human {
		t.Fatalf("lobby %+v: want host 1, seat 1 Alice's, seat 2 open, seat 3 a bot", lob)
	}
	gameID := joined.Game

	bob := connect(t, url, "Bob")
	seq := bob.send(&protocol.ListGames{})
	list, env := expect[*protocol.GameList](bob)
	if env.Reply != seq || len(list.Games) != 1 || list.Games[0].Game != gameID || list.Games[0].Humans != 1 ||
		list.Games[0].Bots != 1 || list.Games[0].Started {
		t.Fatalf("game list %+v replying to %d: want the open game with one person and a bot, replying to %d", list, env.Reply, seq)
	}
	bob.send(&protocol.JoinGame{Game: gameID})
	if j, _ := expect[*protocol.Joined](bob); j.Seat != 2 || !j.Token.Valid() || j.Token.Equal(joined.Token) {
		t.Fatalf("bob joined %+v: want seat 2 and a token of his own", j)
	}
	bobToken := bob.token
	if lob, _ := expect[*protocol.Lobby](alice); !lob.Seats[1].Human || lob.Seats[1].Name != "Bob" {
		t.Fatalf("alice's lobby after Bob joined: %+v", lob)
	}

	// Somebody else cannot take a seat, nor act in a game it is not in.
	mallory := connect(t, url, "Mallory")
	seq = mallory.send(&protocol.SubmitOrders{Turn: 1})
	mallory.expectError(protocol.WrongGame, seq)
	seq = mallory.send(&protocol.SetReady{Ready: true})
	mallory.expectError(protocol.WrongGame, seq)
	seq = mallory.send(&protocol.JoinGame{Game: gameID, Seat: 2})
	mallory.expectError(protocol.GameFull, seq)
	seq = mallory.send(&protocol.JoinGame{Game: gameID, Spectate: true})
	mallory.expectError(protocol.GameFull, seq)
	seq = mallory.send(&protocol.JoinGame{Game: gameID + 7})
	mallory.expectError(protocol.NoSuchGame, seq)

	// Chat in the game reaches both players, the sender's copy answering
	// its seq.
	seq = alice.send(&protocol.Chat{Text: "good luck"})
	for _, c := range []*tclient{alice, bob} {
		msg, env := expect[*protocol.ChatMessage](c)
		if msg.From != 1 || msg.Name != "Alice" || msg.Text != "good luck" || msg.Lobby || (c == alice) != (env.Reply == seq) {
			t.Fatalf("%s got chat %+v replying to %d", c, msg, env.Reply)
		}
	}

	// Both ready: the game starts by itself.
	alice.send(&protocol.SetReady{Ready: true})
	bob.send(&protocol.SetReady{Ready: true})
	alice.waitView()
	bob.waitView()
	for _, c := range []*tclient{alice, bob} {
		if c.view.Turn != 1 || len(c.formOrders()) != 3 {
			t.Fatalf("%s: view of turn %d with %d own cities, want turn 1 and 3 cities", c, c.view.Turn, len(c.formOrders()))
		}
	}

	// Turn 1: Bob sees Alice's readiness live.
	alice.submit(alice.formOrders())
	alice.send(&protocol.SetReady{Ready: true, Seq: alice.step()})
	for {
		tc, _ := expect[*protocol.TurnClock](bob)
		if tc.Turn == 1 && slices.Equal(tc.Ready, []protocol.Seat{1}) && tc.Deadline == 0 {
			break
		}
	}
	bob.submit(bob.formOrders())
	bob.send(&protocol.SetReady{Ready: true, Seq: bob.step()})
	alice.waitTurn(2)
	bob.waitTurn(2)
	playTurn(t, alice, bob)

	// An order for an army that is not yours is refused with the reason,
	// and nothing else of the list is taken.
	bobArmies := bob.ownArmies()
	if len(bobArmies) == 0 {
		t.Fatal("bob has no army after forming units for two turns")
	}
	var bobArmy game.ArmyView
	for _, a := range bob.view.Armies {
		if a.ID == bobArmies[0] {
			bobArmy = a
		}
	}
	bad := append(alice.formOrders(), game.Order{Turn: alice.view.Turn, Kind: game.OrderMove, Army: bobArmy.ID,
		Path: []hex.Hex{bobArmy.Hex.Neighbor(0)}})
	seq = alice.send(&protocol.SubmitOrders{Turn: protocol.Turn(alice.view.Turn), Seq: alice.step(), Orders: encodeOrders(t, bad)})
	res, env := expect[*protocol.OrdersResult](alice)
	if env.Reply != seq || res.Accepted != 0 || len(res.Errors) != 1 || res.Errors[0].Index != 3 || res.Errors[0].Reason == "" {
		t.Fatalf("orders result %+v replying to %d: want order 3 refused with a reason, replying to %d", res, env.Reply, seq)
	}
	t.Logf("refused: %s: %s", res.Errors[0].Order, res.Errors[0].Reason)
	// Orders for another turn.
	seq = alice.send(&protocol.SubmitOrders{Turn: protocol.Turn(alice.view.Turn + 1), Seq: alice.step()})
	alice.expectError(protocol.WrongTurn, seq)

	// Bob drops mid-turn; Alice plays her part, and the turn waits for him.
	if err := bob.ws.Close(websocket.StatusNormalClosure, "lost connection"); err != nil {
		t.Fatalf("bob closes: %v", err)
	}
	turn := alice.view.Turn
	alice.submit(alice.formOrders())
	alice.send(&protocol.SetReady{Ready: true, Seq: alice.step()})

	// Without the token nobody takes Bob's seat or gives its orders.
	seq = mallory.send(&protocol.JoinGame{Game: gameID, Seat: 2})
	mallory.expectError(protocol.GameFull, seq)
	seq = mallory.send(&protocol.JoinGame{Game: gameID, Token: protocol.NewToken()})
	mallory.expectError(protocol.BadToken, seq)
	seq = mallory.send(&protocol.JoinGame{Game: gameID, Token: bobToken[:31] + "x"})
	mallory.expectError(protocol.BadToken, seq) // malformed: refused by the protocol's checks
	seq = mallory.send(&protocol.SubmitOrders{Turn: protocol.Turn(turn)})
	mallory.expectError(protocol.WrongGame, seq)

	// Bob comes back with his token: the same seat, a full view, and on.
	bob = connect(t, url, "Bob")
	seq = bob.send(&protocol.JoinGame{Game: gameID, Token: bobToken})
	j, env := expect[*protocol.Joined](bob)
	if env.Reply != seq || j.Seat != 2 || j.Token != bobToken {
		t.Fatalf("bob rejoined %+v: want seat 2 and the same token", j)
	}
	if lob, _ := expect[*protocol.Lobby](bob); !lob.Started {
		t.Fatalf("the lobby after rejoining: %+v, want started", lob)
	}
	bob.waitView()
	if bob.view.Turn != turn || bob.applied != 0 {
		t.Fatalf("bob's view after rejoining is of turn %d, want %d", bob.view.Turn, turn)
	}
	bob.submit(bob.formOrders())
	bob.send(&protocol.SetReady{Ready: true, Seq: bob.step()})
	alice.waitTurn(turn + 1)
	bob.waitTurn(turn + 1)
	playTurn(t, alice, bob)

	// A newer connection with the token takes the seat over; the older
	// one is told why and closed.
	bob2 := connect(t, url, "Bob")
	bob2.send(&protocol.JoinGame{Game: gameID, Token: bobToken})
	if j, _ := expect[*protocol.Joined](bob2); j.Seat != 2 {
		t.Fatalf("bob's second connection joined %+v", j)
	}
	bob2.waitView()
	if bye := bob.expectClosed(websocket.StatusPolicyViolation, lobby.ReasonTakenOver); bye == nil || bye.Reason != lobby.ReasonTakenOver {
		t.Fatalf("bob's first connection: Bye %+v, want %q", bye, lobby.ReasonTakenOver)
	}
	bob = bob2
	playTurn(t, alice, bob)
	if alice.applied < 5 || bob.applied < 1 {
		t.Fatalf("alice applied %d updates, bob %d", alice.applied, bob.applied)
	}

	// Bad input, each answered as the protocol says.
	t.Run("malformed", func(t *testing.T) {
		c := connect(t, url, "Malformed")
		if err := c.sendRaw([]byte{0xc1}); err != nil {
			t.Fatal(err)
		}
		c.expectError(protocol.Malformed, 0)
		// A well-formed envelope whose body is not the message's shape.
		c.seq++
		if err := c.sendRaw([]byte{0x94, byte(protocol.TypeJoinGame), byte(c.seq), 0, 0xa1, 'x'}); err != nil {
			t.Fatal(err)
		}
		c.expectError(protocol.Malformed, c.seq)
		// The connection goes on.
		seq := c.send(&protocol.Ping{})
		if _, env := expect[*protocol.Pong](c); env.Reply != seq {
			t.Fatalf("pong replying to %d, want %d", env.Reply, seq)
		}
	})
	t.Run("unknown type", func(t *testing.T) {
		c := connect(t, url, "Unknown")
		c.seq++
		if err := c.sendRaw([]byte{0x94, 99, byte(c.seq), 0, 0x90}); err != nil {
			t.Fatal(err)
		}
		c.expectError(protocol.UnknownType, c.seq)
		// A server's message from a client.
		c.seq++
		frame, err := protocol.Marshal(c.seq, 0, &protocol.Pong{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.sendRaw(frame); err != nil {
			t.Fatal(err)
		}
		c.expectError(protocol.UnknownType, c.seq)
	})
	t.Run("hello first", func(t *testing.T) {
		c := dial(t, url, "Rude")
		seq := c.send(&protocol.ListGames{})
		c.expectError(protocol.NotAllowed, seq)
	})
	t.Run("oversized frame", func(t *testing.T) {
		c := connect(t, url, "Big")
		_ = c.sendRaw(make([]byte, testConfig().host.Limits.MaxClientMessage+1)) // the server may close before it is all sent
		c.expectClosed(websocket.StatusMessageTooBig, fmt.Sprintf("bytes: at most %d", testConfig().host.Limits.MaxClientMessage))
	})
	t.Run("flood", func(t *testing.T) {
		c := connect(t, url, "Flood")
		ping, err := protocol.Marshal(1, 0, &protocol.Ping{})
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			if c.sendRaw(ping) != nil {
				break // closed already
			}
		}
		limited := false
		for {
			_, msg, err := c.recv()
			if err != nil {
				var ce websocket.CloseError
				if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "flooding") {
					t.Fatalf("the flood ended with %v, want a close for flooding", err)
				}
				break
			}
			switch m := msg.(type) {
			case *protocol.Error:
				if m.Code != protocol.RateLimited {
					t.Fatalf("error %s %q, want rate limited", m.Code, m.Message)
				}
				limited = true
			case *protocol.Bye:
				if !limited || !strings.Contains(m.Reason, "flooding") {
					t.Fatalf("bye %q (rate limited first: %v)", m.Reason, limited)
				}
			}
		}
	})
	t.Run("bad version", func(t *testing.T) {
		c := dial(t, url, "Future")
		seq := c.send(&protocol.Hello{Version: protocol.Version + 1, Name: "Future"})
		e := c.expectError(protocol.BadVersion, seq)
		if !strings.Contains(e.Message, protocol.Spoken()) {
			t.Errorf("bad version message %q does not name %q", e.Message, protocol.Spoken())
		}
		c.expectClosed(websocket.StatusPolicyViolation, wsconn.ReasonVersion)
	})

	// The health check.
	resp, err := http.Get("http://" + srv.addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		Status      string `json:"status"`
		Games       int    `json:"games"`
		Running     int    `json:"running"`
		Connections int    `json:"connections"`
	}
	err = json.NewDecoder(resp.Body).Decode(&h)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || h.Status != "ok" || h.Games != 1 || h.Running != 1 || h.Connections < 3 {
		t.Fatalf("healthz: %d %+v (%v), want 200 ok with 1 running game and the 3 connections", resp.StatusCode, h, err)
	}

	// The game goes on after all that.
	playTurn(t, alice, bob)

	// Shutdown: everyone is told, the server returns nil.
	stopped := make(chan error, 1)
	go func() { stopped <- srv.stop() }()
	for _, c := range []*tclient{alice, bob, mallory} {
		if bye := c.expectClosed(websocket.StatusGoingAway, wsconn.ReasonShutdown); bye == nil || bye.Reason != wsconn.ReasonShutdown {
			t.Errorf("%s: bye %+v, want %q", c, bye, wsconn.ReasonShutdown)
		}
	}
	if err := <-stopped; err != nil {
		t.Fatalf("the server stopped with %v", err)
	}
}

// playTurn plays one turn: every client forms units in its cities and
// says it is ready; each then waits for the turn's update.
func playTurn(t testing.TB, clients ...*tclient) {
	t.Helper()
	turn := clients[0].view.Turn
	for _, c := range clients {
		c.submit(c.formOrders())
		c.send(&protocol.SetReady{Ready: true, Seq: c.step()})
	}
	for _, c := range clients {
		c.waitTurn(turn + 1)
	}
}

// TestHealthzAndRoot checks the HTTP side.
func TestHealthzAndRoot(t *testing.T) {
	srv := startServer(t, nil, nil)
	for _, tt := range []struct{ path, want string }{
		{"/healthz", `"status":"ok"`},
		{"/", "ws://"},
	} {
		resp, err := http.Get("http://" + srv.addr + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		_, _ = io.Copy(&b, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(b.String(), tt.want) {
			t.Errorf("GET %s: %d %q, want 200 with %q", tt.path, resp.StatusCode, b.String(), tt.want)
		}
	}
	if err := srv.stop(); err != nil {
		t.Fatal(err)
	}
}
